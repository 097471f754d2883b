"""A sentence-transformers model run by ONNX Runtime: the same vectors as torch, in less time for a live query,
steady when the hub's other programs keep the cores busy, and without importing torch at all once the graph
is on disk.

The graph is made once per model (from the torch model, on this machine: nothing is downloaded) and kept in
the cache dir with the tokenizer and a few probe vectors. It is used only after its vectors were checked
against torch's, and on every later load it must still give the probe vectors it gave then: the vector space
is the model's, whichever runtime made a vector, so switching runtime never needs a re-embed.

Only models that are a transformer, mean pooling and (optionally) normalisation are run this way, which is
what the bundled model and most sentence-transformers models are; any other is run by torch.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import secrets
import shutil
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

FORMAT = 1  # of the cached graph's folder; another format is made again
BATCH = 32
# Texts that exercise what could differ between the runtimes: one word, a question, a long sentence padded
# beside short ones in one batch, and a text longer than the model's window (truncation).
PROBES = (
    "hi",
    "where do I live?",
    "My daughter Emma is allergic to peanuts and sesame, and so is her cousin Leo, who stays with us in August.",
    " ".join(["the bins go out on Thursday evening and the recycling on Friday morning"] * 40),
)
SAME_VECTOR = 0.99999  # the least cosine between a probe's two vectors for the runtimes to count as one space
_MEAN_ONLY = {
    "pooling_mode_mean_tokens": True,
    "pooling_mode_cls_token": False,
    "pooling_mode_max_tokens": False,
    "pooling_mode_mean_sqrt_len_tokens": False,
}
_SUPPORTED = ["sentence_transformers.models.Transformer", "sentence_transformers.models.Pooling"]
_NORMALIZE = "sentence_transformers.models.Normalize"


class OnnxUnavailable(RuntimeError):
    """Why this model is run by torch instead (said in the status)."""


def threads() -> int:
    """ONNX Runtime's threads for one embedding: the cores this process may use, at most four (a small model
    gains little past that, and the rest of the daemon needs a core too)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, 4))


def missing_runtime() -> str | None:
    try:
        import onnxruntime  # type: ignore[import-untyped]  # noqa: F401
        import tokenizers  # noqa: F401
    except ImportError as exc:
        return f"ONNX Runtime is not installed ({exc.name}); the model runs on torch"
    return None


def fingerprint(folder: Path) -> str:
    """The model folder's contents (names and bytes): another model, or the same one changed, is another graph."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and ".git" not in p.parts):
        digest.update(str(path.relative_to(folder)).encode() + b"\0")
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()


def _modules_supported(folder: Path) -> str | None:
    """Why the model's modules cannot be run as transformer + mean pooling (+ normalise), or None."""
    try:
        modules = json.loads((folder / "modules.json").read_text())
        kinds = [m["type"] for m in modules]
        pooling_path = next(m["path"] for m in modules if m["type"].endswith(".Pooling"))
        pooling = json.loads((folder / pooling_path / "config.json").read_text())
    except (OSError, ValueError, KeyError, StopIteration):
        return "its modules are not a transformer with pooling"
    if kinds not in (_SUPPORTED, [*_SUPPORTED, _NORMALIZE]):
        return f"its modules ({', '.join(k.rsplit('.', 1)[-1] for k in kinds)}) are not transformer, pooling"
    if any(bool(pooling.get(key, False)) != want for key, want in _MEAN_ONLY.items()):
        return "its pooling is not the mean of the tokens"
    return None


@dataclass
class OnnxSentenceModel:
    """A TextModel (embedding.models) run by ONNX Runtime."""

    model_id: str
    dim: int
    session: Any
    tokenizer: Any
    input_names: list[str]
    lower_case: bool = False
    runtime: str = "onnx"
    runtime_note: str | None = None
    concurrent: bool = True  # an ONNX Runtime session may run on several threads at once
    _pad_id: int = field(default=0, repr=False)

    def encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        if self.lower_case:
            texts = [t.lower() for t in texts]
        encodings = self.tokenizer.encode_batch(list(texts))
        # Batched by length, as sentence-transformers does: little padding to compute.
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(order), BATCH):
            chunk = order[start : start + BATCH]
            out[chunk] = self._run([encodings[i] for i in chunk])
        return out

    def _run(self, encodings: list) -> np.ndarray:
        width = max(len(e.ids) for e in encodings)
        ids = np.full((len(encodings), width), self._pad_id, dtype=np.int64)
        mask = np.zeros_like(ids)
        types = np.zeros_like(ids)
        for row, enc in enumerate(encodings):
            n = len(enc.ids)
            ids[row, :n], mask[row, :n], types[row, :n] = enc.ids, enc.attention_mask, enc.type_ids
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
        hidden = self.session.run(None, {name: feeds[name] for name in self.input_names})[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.clip(norms, 1e-12, None)).astype(np.float32, copy=False)


def _session(graph: Path) -> Any:
    import onnxruntime as ort  # type: ignore[import-untyped]

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads()
    options.inter_op_num_threads = 1
    options.log_severity_level = 3  # warnings about the graph are for whoever made it, not the household
    # Its threads stop spinning when a run ends: spinning on, they kept the other core (a hyperthread of the same
    # one on a small host) busy while the search ran, and recall through the API took ~2 ms more at the median and
    # 3-4 ms more at p95 (bench, 100k turns)
    options.add_session_config_entry("session.force_spinning_stop", "1")
    return ort.InferenceSession(str(graph), options, providers=["CPUExecutionProvider"])


def _open(model_id: str, folder: Path) -> OnnxSentenceModel:
    from tokenizers import Tokenizer

    manifest = json.loads((folder / "manifest.json").read_text())
    if manifest.get("format") != FORMAT:
        raise OnnxUnavailable("the cached graph is of another format")
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(int(manifest["max_length"]))
    return OnnxSentenceModel(
        model_id=model_id,
        dim=int(manifest["dim"]),
        session=_session(folder / "model.onnx"),
        tokenizer=tokenizer,
        input_names=list(manifest["inputs"]),
        lower_case=bool(manifest.get("lower_case")),
        _pad_id=int(manifest.get("pad_id", 0)),
    )


def _agrees(model: OnnxSentenceModel, expected: np.ndarray) -> float:
    """The least cosine between the probes' vectors from this graph and `expected` (one row per probe)."""
    got = model.encode(list(PROBES))
    return float(np.min(np.sum(got * expected, axis=1)))


def graph_folder(model_folder: Path, cache: Path) -> Path:
    """Where the graph of the model in `model_folder` is kept (its files' fingerprint: hashed once per load)."""
    return cache / "onnx" / fingerprint(model_folder)[:32]


def load_cached(model_id: str, folder: Path) -> OnnxSentenceModel | None:
    """The model's graph from its graph_folder, when one is there that still gives the vectors it was checked
    with; None otherwise (it is made again)."""
    if not (folder / "manifest.json").is_file():
        return None
    try:
        model = _open(model_id, folder)
        agreement = _agrees(model, np.load(folder / "probes.npy"))
    except Exception as exc:  # noqa: BLE001 - a damaged cache is made again, never a failure to start
        log.warning("the cached ONNX graph at %s cannot be used (%s); making it again", folder, exc)
        return None
    if agreement < SAME_VECTOR:
        log.warning("the cached ONNX graph at %s no longer gives its vectors; making it again", folder)
        return None
    return model


def export(model_id: str, model_folder: Path, st_model: Any, final: Path) -> OnnxSentenceModel:
    """Make the graph from the loaded torch model, check it gives torch's vectors, and keep it in `final` (its
    graph_folder). OnnxUnavailable (with the reason) when this model cannot be run this way."""
    why = _modules_supported(model_folder)
    if why is None and getattr(st_model, "default_prompt_name", None):
        why = "it adds a prompt to every text"
    if why is not None:
        raise OnnxUnavailable(f"{why}; the model runs on torch")
    try:
        import onnx  # noqa: F401 - torch's exporter needs it
    except ImportError:
        raise OnnxUnavailable("the onnx package (to make the graph) is missing; the model runs on torch") from None

    staging = final.with_name(f".{final.name}.{os.getpid()}.{secrets.token_hex(4)}")
    staging.mkdir(parents=True)
    try:
        inputs = _export_graph(st_model, staging / "model.onnx")
        tokenizer = st_model.tokenizer
        tokenizer.backend_tokenizer.save(str(staging / "tokenizer.json"))
        expected = np.asarray(
            st_model.encode(list(PROBES), batch_size=BATCH, normalize_embeddings=True, show_progress_bar=False),
            dtype=np.float32,
        )
        np.save(staging / "probes.npy", expected)
        manifest = {
            "format": FORMAT,
            "model": model_id,
            "dim": int(expected.shape[1]),
            "max_length": int(st_model.max_seq_length),
            "inputs": inputs,
            "lower_case": bool(getattr(st_model[0], "do_lower_case", False)),
            "pad_id": int(tokenizer.pad_token_id or 0),
        }
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=1))
        model = _open(model_id, staging)
        agreement = _agrees(model, expected)
        if agreement < SAME_VECTOR:
            raise OnnxUnavailable(f"its ONNX vectors differ from torch's (cosine {agreement:.6f}); it runs on torch")
        with contextlib.suppress(OSError):
            shutil.rmtree(final)  # a damaged or older graph of the same files
        with contextlib.suppress(OSError):  # another process made it meanwhile: the same graph
            os.replace(staging, final)
        return model  # (its session holds the graph in memory: moving the file changes nothing for it)
    except OnnxUnavailable:
        raise
    except Exception as exc:  # noqa: BLE001 - any failure to make the graph leaves the model on torch
        log.warning("could not make an ONNX graph of %s: %s", model_id, exc)
        raise OnnxUnavailable(f"its ONNX graph could not be made ({exc}); the model runs on torch") from exc
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _export_graph(st_model: Any, path: Path) -> list[str]:
    """The transformer module as an ONNX graph (its last hidden state, batch and length dynamic); its inputs."""
    import torch

    transformer = st_model[0].auto_model
    names = [n for n in ("input_ids", "attention_mask", "token_type_ids") if n in st_model.tokenizer.model_input_names]

    class Hidden(torch.nn.Module):
        def __init__(self, inner: Any):
            super().__init__()
            self.inner = inner

        def forward(self, *tensors: Any) -> Any:
            return self.inner(**dict(zip(names, tensors, strict=True))).last_hidden_state

    sample = st_model.tokenizer(["a sample", "a longer sample text"], return_tensors="pt", padding=True)
    axes = {name: {0: "batch", 1: "tokens"} for name in [*names, "hidden"]}
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("ignore")  # the tracer's notes on constant branches (checked below by the probes)
        torch.onnx.export(
            Hidden(transformer).eval(),
            tuple(sample[n] for n in names),
            str(path),
            input_names=names,
            output_names=["hidden"],
            dynamic_axes=axes,
            opset_version=17,
            dynamo=False,
        )
    return names
