"""Shared fixtures: a temp data dir through HEARTH_DATA_DIR, in-process daemons (the deterministic fake embedder,
or the real model loaded once per test session) and their API clients, hearthd processes (`procs`).

Helpers are in tests/helpers.py: import them from there."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from tests.helpers import make_daemon, procs, real_loader, settle  # noqa: E402, F401 - procs is a fixture


@pytest.fixture(scope="session", autouse=True)
def model_cache_dir(tmp_path_factory):
    """The ONNX graph of the real model is made once per test session (and shared by hearthd processes),
    never in the user's own cache."""
    path = Path(os.environ.get("HEARTH_TEST_CACHE_DIR") or tmp_path_factory.mktemp("cache"))
    old = os.environ.get("HEARTH_CACHE_DIR")
    os.environ["HEARTH_CACHE_DIR"] = str(path)
    yield path
    if old is None:
        os.environ.pop("HEARTH_CACHE_DIR", None)
    else:
        os.environ["HEARTH_CACHE_DIR"] = old


@pytest.fixture(autouse=True)
def data_dir(monkeypatch, tmp_path) -> Path:
    path = tmp_path / "data"
    monkeypatch.setenv("HEARTH_DATA_DIR", str(path))
    return path


@pytest.fixture
def store(data_dir):
    """A bare Store on the temp data dir (no daemon around it)."""
    from hearthd.store.database import Store

    data_dir.mkdir(parents=True, exist_ok=True)
    s = Store(data_dir)
    yield s
    s.close()


@pytest.fixture(scope="session", autouse=True)
def short_runtime_dir():
    """Sockets live under XDG_RUNTIME_DIR; a short private one keeps paths under the Unix socket limit."""
    path = tempfile.mkdtemp(prefix="hrt-")
    old = os.environ.get("XDG_RUNTIME_DIR")
    os.environ["XDG_RUNTIME_DIR"] = path
    yield path
    if old is None:
        os.environ.pop("XDG_RUNTIME_DIR", None)
    else:
        os.environ["XDG_RUNTIME_DIR"] = old
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def daemon(data_dir):
    d = make_daemon(data_dir)
    settle(d)
    yield d
    d.stop()


@pytest.fixture
def client(daemon):
    return daemon.client()


@pytest.fixture
def real_daemon(data_dir):
    d = make_daemon(data_dir, real_loader)
    settle(d)
    yield d
    d.stop()


@pytest.fixture(scope="session")
def projection_model(tmp_path_factory) -> str:
    """A second real model with its own 256-d space: the bundled encoder plus a fixed random projection,
    saved as a local model folder (what a user gives as embedder.model)."""
    import torch
    from sentence_transformers import SentenceTransformer

    try:
        from sentence_transformers.sentence_transformer import modules as models
    except ImportError:  # sentence-transformers before 6
        from sentence_transformers import models

    from hearthd.embedding.models import resolve

    torch.manual_seed(7)
    base = SentenceTransformer(resolve("all-MiniLM-L6-v2"), device="cpu")
    dense = models.Dense(384, 256, bias=False, activation_function=torch.nn.Identity())
    model = SentenceTransformer(modules=[base[0], base[1], dense], device="cpu")
    path = tmp_path_factory.mktemp("models") / "projected-minilm"
    model.save(str(path))
    return str(path)


@pytest.fixture
def no_keyring():
    """Headless, as on a hub without a desktop session: no keyring backend (a test may set its own), so secrets
    go to the product's owner-only file fallback."""
    import keyring
    from keyring.backends import fail

    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.set_keyring(previous)
