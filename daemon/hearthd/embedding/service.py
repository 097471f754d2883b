"""One embedder for the whole daemon, fed by a priority queue.

Interactive requests (a live turn's query) go ahead of ingest and background batches; background callers
send small batches, so an interactive request waits at most for one batch in flight. The model loads on the
worker thread after start, so nothing slow is on the boot path; a model that cannot load is an error state
shown in the status, not a crash.
"""

from __future__ import annotations

import itertools
import logging
import queue
import threading
import time
from concurrent.futures import Future
from enum import IntEnum
from typing import Callable

import numpy as np

from .models import ModelLoadError, TextModel, load_sentence_transformer

log = logging.getLogger(__name__)


class Priority(IntEnum):
    INTERACTIVE = 0
    INGEST = 1
    BACKGROUND = 2


class EmbedderNotReady(RuntimeError):
    pass


BACKGROUND_BATCH = 32


class TextEmbedder:
    def __init__(self, model_ref: str, loader: Callable[[str], TextModel] = load_sentence_transformer,
                 on_state: Callable[["TextEmbedder"], None] | None = None):
        self._loader = loader
        self._on_state = on_state
        self._queue: queue.PriorityQueue = queue.PriorityQueue()
        self._seq = itertools.count()
        self._model: TextModel | None = None
        self._ready = threading.Event()
        self.model_ref = model_ref
        self.state = "loading"
        self.error: str | None = None
        self.load_seconds: float | None = None
        self._thread = threading.Thread(target=self._run, name="hearth-embedder", daemon=True)
        self._started = False

    # -- lifecycle -------------------------------------------------------------------------------------
    def start(self) -> None:
        if not self._started:
            self._started = True
            self._queue.put((-1, next(self._seq), ("load", self.model_ref), None))
            self._thread.start()

    def switch_model(self, model_ref: str) -> None:
        """Load another model; requests queued meanwhile are served by it once loaded."""
        self._queue.put((-1, next(self._seq), ("load", model_ref), None))

    def stop(self) -> None:
        if self._started:
            self._queue.put((-2, next(self._seq), ("stop", None), None))
            self._thread.join(timeout=30)

    @property
    def model_id(self) -> str | None:
        return self._model.model_id if self._model else None

    @property
    def dim(self) -> int | None:
        return self._model.dim if self._model else None

    @property
    def ready(self) -> bool:
        return self.state == "ready"

    def wait_ready(self, timeout: float | None = None) -> bool:
        self._ready.wait(timeout)
        return self.ready

    # -- requests --------------------------------------------------------------------------------------
    def submit(self, texts: list[str], priority: Priority) -> Future:
        future: Future = Future()
        if self.state == "error":
            future.set_exception(EmbedderNotReady(self.error or "the embedder failed to load"))
        else:
            self._queue.put((int(priority), next(self._seq), ("embed", list(texts)), future))
        return future

    def embed(self, texts: list[str], priority: Priority = Priority.INTERACTIVE,
              timeout: float | None = 60) -> tuple[str, np.ndarray]:
        """(model id, vectors) for the texts; the model id says which vector space they are in."""
        return self.submit(texts, priority).result(timeout)

    def embed_if_ready(self, text: str, timeout: float = 10) -> tuple[str, np.ndarray] | None:
        """A live query's vector, or None while the model is not loaded (the caller falls back to FTS)."""
        if not self.ready:
            return None
        try:
            model_id, vectors = self.embed([text], Priority.INTERACTIVE, timeout)
        except (EmbedderNotReady, TimeoutError):
            return None
        return model_id, vectors[0]

    # -- worker ----------------------------------------------------------------------------------------
    def _set_state(self, state: str, error: str | None = None) -> None:
        self.state, self.error = state, error
        if state in ("ready", "error"):
            self._ready.set()
        else:
            self._ready.clear()
        if self._on_state:
            try:
                self._on_state(self)
            except Exception:
                log.exception("embedder state hook failed")

    def _load(self, model_ref: str) -> None:
        self.model_ref = model_ref
        self._set_state("loading")
        started = time.monotonic()
        try:
            model = self._loader(model_ref)
        except ModelLoadError as exc:
            log.error("%s", exc)
            self._model = None
            self._set_state("error", str(exc))
            return
        except Exception as exc:  # noqa: BLE001
            log.exception("embedding model failed to load")
            self._model = None
            self._set_state("error", f"cannot load embedding model {model_ref!r}: {exc}")
            return
        self._model = model
        self.load_seconds = time.monotonic() - started
        self._set_state("ready")

    def _run(self) -> None:
        while True:
            _prio, _seq, (kind, payload), future = self._queue.get()
            if kind == "stop":
                self._fail_pending("the embedder stopped")
                return
            if kind == "load":
                self._load(payload)
                continue
            if future is None or not future.set_running_or_notify_cancel():
                continue
            model = self._model
            if model is None:
                future.set_exception(EmbedderNotReady(self.error or "no embedding model is loaded"))
                continue
            try:
                future.set_result((model.model_id, model.encode(payload)))
            except Exception as exc:  # noqa: BLE001
                future.set_exception(exc)

    def _fail_pending(self, reason: str) -> None:
        while True:
            try:
                _p, _s, _item, future = self._queue.get_nowait()
            except queue.Empty:
                return
            if future is not None and not future.done():
                future.set_exception(EmbedderNotReady(reason))
