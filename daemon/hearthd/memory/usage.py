"""How often each fact reached a live turn (use_count and last_used_at, which importance reads).

Tallied in memory and written at most once every FLUSH_SECONDS, in one transaction, instead of a write and an
fsync for every live turn behind which the next commit would queue. A crash loses at most those seconds of a
usage statistic, never anything a person said; stopping the daemon writes what is pending.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable

from ..store.writer import Writer, WriterStopped

log = logging.getLogger(__name__)

FLUSH_SECONDS = 30.0


class FactUse:
    def __init__(self, writer: Writer, clock: Callable[[], float] = time.monotonic):
        self._writer = writer
        self._clock = clock
        self._lock = threading.Lock()
        self._pending: dict[int, tuple[int, float]] = {}  # fact id -> (uses, last used at)
        self._flushed = clock()

    def note(self, fact_ids: Iterable[int], used_at: float) -> None:
        """These facts were injected into a live turn at used_at; written with the next flush."""
        with self._lock:
            for fact_id in fact_ids:
                uses, _ = self._pending.get(fact_id, (0, used_at))
                self._pending[fact_id] = (uses + 1, used_at)
            due = self._clock() - self._flushed >= FLUSH_SECONDS
        if due:
            self.flush()

    def flush(self, wait: bool = False) -> None:
        """Queue what is pending to the writer as one transaction (wait: until it is committed)."""
        with self._lock:
            pending, self._pending = self._pending, {}
            self._flushed = self._clock()
        if not pending:
            return
        rows = [(uses, at, fact_id) for fact_id, (uses, at) in pending.items()]
        future = self._writer.submit(
            lambda tx: tx.executemany(
                "UPDATE facts SET use_count = use_count + ?, last_used_at = max(coalesce(last_used_at, 0), ?) "
                "WHERE id = ?",
                rows,
            )
        )
        if wait:
            try:
                future.result(60)
            except WriterStopped:
                log.warning("the usage of %d facts was not written: the writer had stopped", len(rows))
