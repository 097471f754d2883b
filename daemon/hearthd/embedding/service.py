"""One embedder for the whole daemon, fed by a priority queue.

Interactive requests (a live turn's query) go ahead of ingest and background batches; background callers
send small batches, so an interactive request waits at most for one batch in flight. Models load on the
worker thread after start, so nothing slow is on the boot path; a model that cannot load is an error state
shown in the status, not a crash, and the model in use before it stays in use.

While the configured model changes, the previous one stays loaded so that queries can still be embedded in
the vector space being searched until every row is re-embedded (`retain` then lets it go).
"""

from __future__ import annotations

import itertools
import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from enum import IntEnum

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
# While live queries are arriving, a background batch is encoded in slices this small and a more urgent request
# queued meanwhile is served between two slices: a live query waits for one slice (two texts, a few ms), never
# for a whole batch. When nobody is talking, whole batches go through (small slices cost throughput).
SLICE = 2
LIVE_SECONDS = 10.0
_CONTROL = -1  # loads and releases go ahead of every request


class TextEmbedder:
    def __init__(
        self,
        model_ref: str,
        loader: Callable[[str], TextModel] = load_sentence_transformer,
        on_state: Callable[[TextEmbedder], None] | None = None,
    ):
        self._loader = loader
        self._on_state = on_state
        self._queue: queue.PriorityQueue = queue.PriorityQueue()
        self._seq = itertools.count()
        self._models: dict[str, TextModel] = {}
        self._active: str | None = None  # the model new vectors are made with
        self._settled = threading.Event()  # set when a load has finished, well or not
        self.model_ref = model_ref  # the configured model (the last one asked for)
        self.state = "loading"  # of the configured model: loading | ready | error
        self.error: str | None = None
        self.load_seconds: float | None = None
        self._thread = threading.Thread(target=self._run, name="hearth-embedder", daemon=True)
        self._started = False
        self._last_interactive = float("-inf")

    # -- lifecycle -------------------------------------------------------------------------------------
    def start(self) -> None:
        if not self._started:
            self._started = True
            self._control("load", self.model_ref)
            self._thread.start()

    def switch_model(self, model_ref: str) -> None:
        """Load another model and make it the active one; the current one stays loaded until released."""
        self.model_ref = model_ref
        self._settled.clear()
        self._control("load", model_ref)

    def retain(self, model_ids: set[str]) -> None:
        """Unload every model but these (and the active one)."""
        self._control("retain", set(model_ids))

    def stop(self) -> None:
        if self._started:
            self._queue.put((-2, next(self._seq), ("stop", None), None))
            self._thread.join(timeout=30)

    def _control(self, kind: str, payload) -> None:
        self._queue.put((_CONTROL, next(self._seq), (kind, payload), None))

    @property
    def model_id(self) -> str | None:
        return self._active

    @property
    def dim(self) -> int | None:
        model = self._models.get(self._active) if self._active else None
        return model.dim if model else None

    @property
    def ready(self) -> bool:
        """A model is loaded and active (possibly an earlier one, when the configured one failed)."""
        return self._active is not None

    def status(self) -> dict:
        return {
            "model": self.model_ref,
            "state": self.state,
            "ready": self.ready,
            "error": self.error,
            "dim": self.dim,
            "load_seconds": self.load_seconds,
            "active_model": self.model_id,
            "loaded": self.loaded(),
            "runtime": self.runtime(),
        }

    def runtime(self) -> dict | None:
        """What computes the active model's vectors (onnx or torch), and why torch when it is."""
        model = self._models.get(self._active) if self._active else None
        if model is None:
            return None
        return {"name": getattr(model, "runtime", "unknown"), "note": getattr(model, "runtime_note", None)}

    def loaded(self) -> list[str]:
        return list(self._models)

    def can_embed(self, model_id: str | None) -> bool:
        return model_id is not None and model_id in self._models

    def wait_ready(self, timeout: float | None = None) -> bool:
        self._settled.wait(timeout)
        return self.ready

    # -- requests --------------------------------------------------------------------------------------
    def submit(self, texts: list[str], priority: Priority, model_id: str | None = None) -> Future:
        future: Future = Future()
        if priority == Priority.INTERACTIVE:
            self._last_interactive = time.monotonic()
            model = self._models.get(model_id or self._active or "")
            if model is not None and getattr(model, "concurrent", False):
                # A model that may run on several threads at once (ONNX Runtime) embeds a live query on the
                # caller's thread: no hand-off to the embedder's thread and back, and no wait behind a batch.
                try:
                    future.set_result((model.model_id, model.encode(list(texts))))
                except Exception as exc:  # noqa: BLE001 - the caller gets it, as from the worker
                    future.set_exception(exc)
                return future
        if not self.ready and self.state == "error":
            future.set_exception(EmbedderNotReady(self.error or "the embedder failed to load"))
        else:
            self._queue.put((int(priority), next(self._seq), ("embed", (list(texts), model_id)), future))
        return future

    def embed(
        self,
        texts: list[str],
        priority: Priority = Priority.INTERACTIVE,
        timeout: float | None = 60,
        model_id: str | None = None,
    ) -> tuple[str, np.ndarray]:
        """(model id, vectors); model_id picks a loaded model (default: the active one)."""
        return self.submit(texts, priority, model_id).result(timeout)

    def embed_query(self, text: str, model_id: str | None, timeout: float = 10) -> np.ndarray | None:
        """A live query's vector in the given space, or None when that model is not loaded (FTS only)."""
        if not self.can_embed(model_id):
            return None
        try:
            return self.embed([text], Priority.INTERACTIVE, timeout, model_id)[1][0]
        except (EmbedderNotReady, TimeoutError):
            return None

    # -- worker ----------------------------------------------------------------------------------------
    def _set_state(self, state: str, error: str | None = None) -> None:
        self.state, self.error = state, error
        if state != "loading":
            self._settled.set()
        if self._on_state:
            try:
                self._on_state(self)
            except Exception:
                log.exception("embedder state hook failed")

    def _load(self, model_ref: str) -> None:
        if model_ref in self._models:
            self._active = model_ref
            self._set_state("ready")
            return
        self._set_state("loading")
        started = time.monotonic()
        try:
            model = self._loader(model_ref)
        except Exception as exc:  # noqa: BLE001 - any failure to load is a state, never a crash
            if not isinstance(exc, ModelLoadError):
                log.exception("embedding model failed to load")
            message = str(exc) if isinstance(exc, ModelLoadError) else f"cannot load {model_ref!r}: {exc}"
            if self._active:
                message += f" (still using {self._active})"
            log.error("%s", message)
            self._set_state("error", message)
            return
        self._models[model_ref] = model
        self._active = model_ref
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
            if kind == "retain":
                keep = payload | {self._active}
                for model_id in [m for m in self._models if m not in keep]:
                    del self._models[model_id]
                continue
            if future is None or not future.set_running_or_notify_cancel():
                continue
            self._serve(_prio, payload, future)

    def _serve(self, priority: int, payload, future: Future) -> None:
        texts, model_id = payload
        model = self._models.get(model_id or self._active or "")
        if model is None:
            future.set_exception(EmbedderNotReady(f"model {model_id or self.model_ref!r} is not loaded"))
            return
        try:
            live = time.monotonic() - self._last_interactive < LIVE_SECONDS
            step = SLICE if live and priority > Priority.INTERACTIVE else max(len(texts), 1)
            parts = []
            for start in range(0, max(len(texts), 1), step):
                if start:
                    self._serve_more_urgent(priority)
                parts.append(model.encode(texts[start : start + step]))
            future.set_result((model.model_id, np.concatenate(parts) if len(parts) > 1 else parts[0]))
        except Exception as exc:  # noqa: BLE001
            future.set_exception(exc)

    def _serve_more_urgent(self, priority: int) -> None:
        """Serve the embed requests queued ahead of `priority` (loads and stops wait for the batch's end)."""
        while True:
            with self._queue.mutex:
                head = self._queue.queue[0] if self._queue.queue else None
                if head is None or head[0] >= priority or head[0] < 0 or head[2][0] != "embed":
                    return
            item = self._queue.get_nowait()
            _p, _s, (_kind, payload), future = item
            if future.set_running_or_notify_cancel():
                self._serve(_p, payload, future)

    def _fail_pending(self, reason: str) -> None:
        while True:
            try:
                _p, _s, _item, future = self._queue.get_nowait()
            except queue.Empty:
                return
            if future is not None and not future.done():
                future.set_exception(EmbedderNotReady(reason))
