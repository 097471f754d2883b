"""Daemon calls off the GUI thread, results back by signal (after Anki's taskman and operations).

    tasks.run(lambda client: client.facts(), on_done=show, changes="memory")

runs the call on a worker of a QThreadPool with the daemon's client; `on_done(result)` or `on_error(exc)` then
run on the GUI thread. A call that changes something names what it changed, and after it succeeds the one
change hook `changed(area)` tells every view to refresh what it shows of that area.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

log = logging.getLogger(__name__)

# What a change touches; views refresh on the areas they show.
AREAS = ("memory", "settings", "speakers", "receipts", "entities")


class _Outcome(QObject):
    """Lives on the GUI thread; a worker emits it, Qt queues the call to the GUI thread."""

    done = Signal(object)
    failed = Signal(object)


class _Job(QRunnable):
    def __init__(self, call: Callable[[], Any], outcome: _Outcome):
        super().__init__()
        self.setAutoDelete(True)
        self.call, self.outcome = call, outcome

    def run(self) -> None:
        try:
            result = self.call()
        except Exception as exc:  # noqa: BLE001 - every failure goes back to the GUI thread
            self.outcome.failed.emit(exc)
        else:
            self.outcome.done.emit(result)


class Tasks(QObject):
    changed = Signal(str)  # an area (AREAS) changed: views showing it refresh
    failed = Signal(str)  # a call failed and its caller did not handle it: shown in the status bar
    idle = Signal()  # nothing is running any more

    def __init__(self, client_of: Callable[[], Any], threads: int = 4, parent: QObject | None = None):
        """client_of(): the daemon's current client (raises when there is none)."""
        super().__init__(parent)
        self._client_of = client_of
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(threads)
        self._outcomes: set[_Outcome] = set()
        self._closed = False

    @property
    def busy(self) -> int:
        return len(self._outcomes)

    def run(
        self,
        call: Callable[[Any], Any],
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[Exception], None] | None = None,
        changes: str | tuple[str, ...] | None = None,
    ) -> None:
        if self._closed:
            return
        outcome = _Outcome()
        self._outcomes.add(outcome)
        areas = (changes,) if isinstance(changes, str) else tuple(changes or ())

        def finished():
            self._outcomes.discard(outcome)
            outcome.deleteLater()
            if not self._outcomes:
                self.idle.emit()

        def done(result):
            if self._closed:  # the app is shutting down: its views may be gone
                return
            try:
                if on_done is not None:
                    on_done(result)
                for area in areas:
                    self.changed.emit(area)
            finally:
                finished()

        def failed(exc):
            if self._closed:
                return
            try:
                if on_error is not None:
                    on_error(exc)
                else:
                    log.warning("daemon call failed: %s", exc)
                    self.failed.emit(str(exc))
            finally:
                finished()

        outcome.done.connect(done)
        outcome.failed.connect(failed)
        self._pool.start(_Job(lambda: call(self._client_of()), outcome))

    def run_plain(self, call: Callable[[], Any], on_done=None, on_error=None) -> None:
        """A slow job that needs no daemon (recording from the microphone, reading a file)."""
        self.run(lambda _client: call(), on_done, on_error)

    def wait(self, msecs: int = 30_000) -> bool:
        return self._pool.waitForDone(msecs)

    def close(self, msecs: int = 10_000) -> None:
        """Let running calls finish and deliver nothing more."""
        self._closed = True
        self._pool.clear()
        self._pool.waitForDone(msecs)
        self._outcomes.clear()
