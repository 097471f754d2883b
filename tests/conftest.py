"""Shared fixtures: a temp data dir through HEARTH_DATA_DIR, a deterministic fake embedder beside the real
model (loaded once per test session), in-process daemons and their API clients."""

from __future__ import annotations

import functools
import hashlib
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")


class HashModel:
    """A deterministic bag-of-words embedder: texts sharing words are similar, nothing else is.

    It stands in for the model where a test is about plumbing, not meaning; every track also has tests with
    the real model (test_real_model.py, test_process.py)."""

    def __init__(self, model_id: str = "test-hash-128", dim: int = 128):
        self.model_id, self.dim = model_id, dim

    def _bucket(self, word: str) -> tuple[int, float]:
        h = hashlib.blake2b(word.encode(), digest_size=8).digest()
        return int.from_bytes(h[:4], "little") % self.dim, (1.0 if h[4] & 1 else -1.0)

    def encode(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                word = re.sub(r"(ing|ed|s)$", "", word) if len(word) > 4 else word
                j, sign = self._bucket(word)
                out[i, j] += sign
            norm = np.linalg.norm(out[i])
            out[i] = out[i] / norm if norm else np.eye(self.dim, dtype=np.float32)[0]
        return out


def fake_loader(model_ref: str) -> HashModel:
    return HashModel(model_id=model_ref)


@functools.lru_cache(maxsize=4)
def real_loader(model_ref: str):
    """The real sentence-transformers model, loaded once per session and shared by the daemons of the tests."""
    from hearthd.embedding.models import load_sentence_transformer

    return load_sentence_transformer(model_ref)


@pytest.fixture(autouse=True)
def data_dir(monkeypatch, tmp_path) -> Path:
    path = tmp_path / "data"
    monkeypatch.setenv("HEARTH_DATA_DIR", str(path))
    return path


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


def wait_for(predicate, timeout: float = 30.0, interval: float = 0.02, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out waiting for {what}")


def settle(daemon) -> None:
    """Wait until the model is loaded and every row is embedded and in the in-memory tracks."""
    assert daemon.embedder.wait_ready(120), daemon.embedder.error
    wait_for(lambda: daemon.store.vector_model == daemon.embedder.model_id, what="tracks loaded")

    def done():
        conn = daemon.store.read()
        pending = sum(conn.execute(f"SELECT count(*) FROM {t} WHERE embed_model IS NOT ?",
                                   (daemon.embedder.model_id,)).fetchone()[0] for t in ("turns", "facts", "episodes"))
        return pending == 0 and daemon.backfill.pending == 0

    wait_for(done, timeout=120, what="background embedding")
    # The writer applies index updates after commit; a no-op write orders us after them.
    daemon.store.writer.write(lambda tx: None)


def make_daemon(data_dir, loader=fake_loader):
    from hearthd.daemon import Daemon

    return Daemon(data_dir, model_loader=loader).start()


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
