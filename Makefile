# The two commands: `make run` and `make test`. Both create .venv/ on first use and install what they need.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --disable-pip-version-check -q

.PHONY: run test lint lint-baseline bench stress install install-test system-test-deps desktop-deps screenshots clean

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

# The extractor's learned reader is trained from the project's own labelled sentence sets (bench/train_reader.py,
# about three minutes on two cores, once; the same weights from the same sets), not kept in the repository.
READER := resources/extraction_reader.safetensors
$(READER): $(VENV)/.installed bench/train_reader.py bench/extraction.py $(wildcard bench/data/extract_*.jsonl)
	$(BIN)/python -m bench.train_reader

install: $(VENV)/.installed $(READER)
install-test: $(VENV)/.installed-test $(READER)

# With a display: the tray app, which starts and supervises the daemon; without one: the daemon alone.
run: install
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then $(MAKE) --no-print-directory desktop-deps && $(BIN)/hearth $(ARGS); \
	else $(BIN)/hearthd $(ARGS); fi

# The X11 libraries Qt's xcb platform plugin loads (a desktop has them; a bare machine or Xvfb may not), and
# Xvfb for the screenshots. Installed when missing and we may (root, apt).
DESKTOP_LIBS := libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-randr0 \
	libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libxkbcommon-x11-0 libegl1 libfontconfig1 libdbus-1-3
desktop-deps:
	@missing=""; for p in $(DESKTOP_LIBS) $(EXTRA_DESKTOP_DEPS); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing$$missing"; apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "not installed:$$missing (Qt may not start on this display)"; fi; fi

# docs/screenshots/*.png: every page of the window, with real data, under Xvfb.
screenshots: install
	@$(MAKE) --no-print-directory desktop-deps EXTRA_DESKTOP_DEPS="xvfb xauth"
	HF_HUB_OFFLINE=1 xvfb-run -a -s "-screen 0 1400x900x24" $(BIN)/python docs/make_screenshots.py

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

test: install-test system-test-deps desktop-deps
	QT_QPA_PLATFORM=offscreen HF_HUB_OFFLINE=1 $(BIN)/python -m pytest $(PYTEST_ARGS)

# ruff (rules and style: pyproject's [tool.ruff]) and mypy against its baseline (.ci/mypy_baseline.py). All three
# run, so one pass shows every finding; any failure fails the target.
lint: install-test
	@status=0; \
	echo "ruff check"; $(BIN)/ruff check . || status=1; \
	echo "ruff format --check (ruff format --diff shows the changes)"; \
	$(BIN)/ruff format --check --output-format concise . || status=1; \
	echo "mypy"; $(BIN)/python .ci/mypy_baseline.py || status=1; \
	exit $$status

# Record mypy's findings as the new baseline (refused if a count rose; ALLOW_GROWTH=1 records that too).
lint-baseline: install-test
	$(BIN)/python .ci/mypy_baseline.py --update $(if $(ALLOW_GROWTH),--allow-growth)

bench: install-test
	HF_HUB_OFFLINE=1 $(BIN)/python -m bench.run_all

stress: install-test
	HEARTH_STRESS=1 HF_HUB_OFFLINE=1 $(BIN)/python -m pytest -m stress -s tests/reliability $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info daemon/*.egg-info

# Installers (spec section 12; packaging/README.md). Briefcase runs on a venv of Debian's own python3, the
# interpreter the .deb's launcher uses. `make package` builds dist/hearth_*.deb from scratch with no network (the
# template is packaging/templates/); `make package-test` installs it into a throwaway root and runs it.
BRIEFCASE_VENV := build/briefcase-venv
BRIEFCASE      := $(BRIEFCASE_VENV)/bin/python packaging/briefcase_build.py
# zstd: ~15 s for the ~1.8 GB tree here, ~490 MiB; dpkg's default xz takes ~18 min for ~370 MiB (2 cores).
DEB_COMPRESSOR ?= zstd
.PHONY: package package-test package-system-deps

package-system-deps:
	@missing=""; for pkg in python3-venv python3-dev build-essential dpkg-dev systemd desktop-file-utils; do \
	  dpkg -s $$pkg >/dev/null 2>&1 || missing="$$missing $$pkg"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing$$missing"; apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "missing Debian packages:$$missing (install them as root)"; exit 1; fi; fi

$(BRIEFCASE_VENV)/.installed: | package-system-deps
	/usr/bin/python3 -m venv $(BRIEFCASE_VENV)
	$(BRIEFCASE_VENV)/bin/python -m pip --disable-pip-version-check -q install briefcase==0.4.7
	touch $@

package: package-system-deps $(BRIEFCASE_VENV)/.installed $(READER)
	rm -rf build/hearth dist
	@start=$$(date +%s); DPKG_DEB_COMPRESSOR_TYPE=$(DEB_COMPRESSOR) $(BRIEFCASE) package linux system --packaging-format deb --adhoc-sign --no-input && \
	for deb in dist/*.deb; do echo "built $$deb: $$(du -m $$deb | cut -f1) MiB in $$(( $$(date +%s) - start )) s"; done

package-test: package-system-deps
	@ls dist/hearth_*.deb >/dev/null 2>&1 || $(MAKE) package
	/usr/bin/python3 packaging/tests/test_deb.py
