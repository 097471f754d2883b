"""The embedding model on ONNX Runtime: the same vectors as torch, its graph made once and checked on every
load, torch not even imported once the graph is cached, and torch whenever ONNX cannot be used (said why)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from hearthd.embedding import onnx_runtime
from hearthd.embedding.models import SentenceTransformerModel, load_sentence_transformer, resolve
from tests.helpers import real_loader

pytestmark = pytest.mark.real_model

SENTENCES = [
    "where do I live?",
    "My daughter Emma is allergic to peanuts.",
    "Bins go out on Thursday evening, and the recycling every other Friday unless it is a bank holiday.",
    "ok",
    "Tom's mum is coming for lunch on Sunday",
]


@pytest.fixture(scope="module")
def torch_model():
    return load_sentence_transformer("all-MiniLM-L6-v2", runtime="torch")


def test_the_bundled_model_runs_on_onnx_with_torchs_vectors(torch_model):
    onnx_model = real_loader("all-MiniLM-L6-v2")
    assert onnx_model.runtime == "onnx" and onnx_model.dim == 384
    assert isinstance(torch_model, SentenceTransformerModel) and torch_model.runtime == "torch"
    for texts in (SENTENCES, SENTENCES[:1], SENTENCES[2:3], [SENTENCES[0]] * 40):  # batches, one, padding
        got, want = onnx_model.encode(texts), torch_model.encode(texts)
        assert got.dtype == np.float32 and got.shape == want.shape
        assert np.allclose(got, want, atol=1e-4)
        assert np.min(np.sum(got * want, axis=1)) > onnx_runtime.SAME_VECTOR
    assert onnx_model.encode([]).shape == (0, 384)


def test_a_text_longer_than_the_models_window_is_cut_as_torch_cuts_it(torch_model):
    long = " ".join(["the dentist is on Tuesday at four and Emma must not eat before"] * 60)
    assert np.allclose(real_loader("all-MiniLM-L6-v2").encode([long]), torch_model.encode([long]), atol=1e-4)


def test_the_cached_graph_loads_without_torch(model_cache_dir):
    real_loader("all-MiniLM-L6-v2")  # the session's graph exists
    script = textwrap.dedent(
        """
        import sys, json
        from hearthd.embedding.models import load_sentence_transformer
        model = load_sentence_transformer("all-MiniLM-L6-v2")
        vector = model.encode(["where do I live?"])[0]
        print(json.dumps({"runtime": model.runtime, "torch": "torch" in sys.modules, "v": vector[:8].tolist()}))
        """
    )
    env = dict(os.environ, HEARTH_CACHE_DIR=str(model_cache_dir))
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["runtime"] == "onnx" and seen["torch"] is False
    assert np.allclose(seen["v"], real_loader("all-MiniLM-L6-v2").encode(["where do I live?"])[0][:8], atol=1e-5)


def test_a_damaged_cached_graph_is_made_again(tmp_path, torch_model):
    first = load_sentence_transformer("all-MiniLM-L6-v2", cache=tmp_path)
    (folder,) = (tmp_path / "onnx").iterdir()
    assert first.runtime == "onnx" and sorted(p.name for p in folder.iterdir()) == [
        "manifest.json",
        "model.onnx",
        "probes.npy",
        "tokenizer.json",
    ]
    # Probe vectors that the graph no longer gives (a graph from another runtime version, a bit flipped).
    probes = np.load(folder / "probes.npy")
    np.save(folder / "probes.npy", -probes)
    assert onnx_runtime.load_cached("all-MiniLM-L6-v2", folder) is None
    assert onnx_runtime.graph_folder(Path(resolve("all-MiniLM-L6-v2")), tmp_path) == folder
    again = load_sentence_transformer("all-MiniLM-L6-v2", cache=tmp_path)
    assert again.runtime == "onnx" and np.allclose(np.load(folder / "probes.npy"), probes, atol=1e-6)
    # A cut-off graph file.
    (folder / "model.onnx").write_bytes((folder / "model.onnx").read_bytes()[:1000])
    remade = load_sentence_transformer("all-MiniLM-L6-v2", cache=tmp_path)
    assert remade.runtime == "onnx"
    assert np.allclose(remade.encode(SENTENCES), torch_model.encode(SENTENCES), atol=1e-4)
    assert not [p for p in (tmp_path / "onnx").iterdir() if p.name.startswith(".")]  # no staging left behind


def test_a_model_with_other_modules_runs_on_torch_and_says_why(projection_model, tmp_path):
    model = load_sentence_transformer(projection_model, cache=tmp_path)
    assert model.runtime == "torch"
    assert "Dense" in (model.runtime_note or "") and "torch" in model.runtime_note
    assert not (tmp_path / "onnx").exists() or not list((tmp_path / "onnx").iterdir())


def test_a_model_pooled_by_its_first_token_runs_on_torch(tmp_path):
    folder = tmp_path / "cls-minilm"
    shutil.copytree(resolve("all-MiniLM-L6-v2"), folder)
    pooling = json.loads((folder / "1_Pooling" / "config.json").read_text())
    pooling.update(pooling_mode_mean_tokens=False, pooling_mode_cls_token=True)
    (folder / "1_Pooling" / "config.json").write_text(json.dumps(pooling))
    model = load_sentence_transformer(str(folder), cache=tmp_path / "cache")
    assert model.runtime == "torch" and "pooling is not the mean" in (model.runtime_note or "")


def test_without_onnx_runtime_the_model_runs_on_torch_and_the_status_says_so(monkeypatch, tmp_path):
    from tests.helpers import make_daemon, settle

    monkeypatch.setattr(onnx_runtime, "missing_runtime", lambda: "ONNX Runtime is not installed (onnxruntime); x")
    daemon = make_daemon(tmp_path / "data", loader=None)
    try:
        settle(daemon)
        assert daemon.embedder.wait_ready(120)
        runtime = daemon.client().status()["embedder"]["runtime"]
        assert runtime["name"] == "torch" and "not installed" in runtime["note"]
    finally:
        daemon.stop()


def test_the_runtime_setting_torch_keeps_the_model_on_torch(tmp_path):
    from tests.helpers import make_daemon, settle

    daemon = make_daemon(tmp_path / "data", loader=None)
    try:
        settle(daemon)
        assert daemon.embedder.wait_ready(120)
        assert daemon.client().status()["embedder"]["runtime"] == {"name": "onnx", "note": None}
        daemon.client().set_setting("embedder.runtime", "torch")
    finally:
        daemon.stop()
    again = make_daemon(tmp_path / "data", loader=None)
    try:
        settle(again)
        assert again.embedder.wait_ready(120)
        assert again.client().status()["embedder"]["runtime"]["name"] == "torch"
    finally:
        again.stop()


def test_a_live_query_on_onnx_does_not_wait_behind_a_background_batch():
    """ONNX Runtime runs a live query on the caller's thread, beside a batch on the embedder's thread."""
    from hearthd.embedding.service import Priority, TextEmbedder

    embedder = TextEmbedder("all-MiniLM-L6-v2", loader=real_loader)
    embedder.start()
    try:
        assert embedder.wait_ready(120)
        batch = embedder.submit([f"the bins go out on day {i} of the month" for i in range(3000)], Priority.BACKGROUND)
        while not batch.running():
            pass
        vector = embedder.embed_query("where do I live?", "all-MiniLM-L6-v2")
        assert not batch.done()  # answered while the batch was still being encoded
        assert vector is not None and np.allclose(
            vector, real_loader("all-MiniLM-L6-v2").encode(["where do I live?"])[0], atol=1e-5
        )
        assert batch.result(300)[1].shape == (3000, 384)
    finally:
        embedder.stop()
