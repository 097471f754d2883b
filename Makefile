# The two commands: `make run` and `make test`. Both create .venv/ on first use and install what they need.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --disable-pip-version-check -q

.PHONY: run test bench stress install install-test system-test-deps clean

# Debian packages some tests use (gnome-keyring: a real OS keyring; espeak-ng and sox: test voices). Installed
# when missing and we may (root, apt);
# otherwise those tests say what is missing and skip.

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# torch first, pinned: the CPU build on this machine's disk; any other torch pulls a multi-GB CUDA build.
$(VENV)/.torch: | $(BIN)/python
	$(PIP) install torch==2.13.0
	touch $@

$(VENV)/.installed: pyproject.toml $(VENV)/.torch
	$(PIP) install -e .
	# resemblyzer's own requirements pull webrtcvad (no wheel); its deps come from pyproject instead.
	$(PIP) install --no-deps resemblyzer
	touch $@

# llama-cpp-python (the `llama` extra, and the server the generator tests run a real model on) builds from
# source, about 5 minutes on two cores: built once, portable (no -march=native), as a wheel kept in build/wheels
# and installed from there, so a second run (or a fresh .venv) does not rebuild it.
LLAMA_CPP_VERSION := 0.3.36
WHEELS := build/wheels

$(VENV)/.llama: $(VENV)/.installed
	@ls $(WHEELS)/llama_cpp_python-$(LLAMA_CPP_VERSION)-*.whl >/dev/null 2>&1 || { \
	  echo "building llama-cpp-python $(LLAMA_CPP_VERSION) into $(WHEELS) (about 5 minutes, once)"; \
	  CMAKE_ARGS="-DGGML_NATIVE=OFF" $(PIP) wheel --no-deps -w $(WHEELS) llama-cpp-python==$(LLAMA_CPP_VERSION); }
	$(PIP) install --find-links $(WHEELS) 'llama-cpp-python[server]==$(LLAMA_CPP_VERSION)'
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed $(VENV)/.llama
	$(PIP) install --find-links $(WHEELS) -e '.[test]'
	touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

run: install
	$(BIN)/hearthd $(ARGS)

system-test-deps:
	@missing=""; command -v gnome-keyring-daemon >/dev/null || missing="$$missing gnome-keyring"; \
	command -v espeak-ng >/dev/null || missing="$$missing espeak-ng"; \
	command -v sox >/dev/null || missing="$$missing sox"; \
	command -v dbus-run-session >/dev/null || missing="$$missing dbus"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing$$missing"; apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "not installed:$$missing (their tests will be skipped)"; fi; fi

test: install-test system-test-deps
	QT_QPA_PLATFORM=offscreen HF_HUB_OFFLINE=1 $(BIN)/python -m pytest $(PYTEST_ARGS)

bench: install-test
	HF_HUB_OFFLINE=1 $(BIN)/python -m bench.run_all

stress: install-test
	HEARTH_STRESS=1 HF_HUB_OFFLINE=1 $(BIN)/python -m pytest -m stress -s tests/reliability $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info daemon/*.egg-info
