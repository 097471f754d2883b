"""The single writer: every write to core.db goes through one thread, one transaction at a time.

After datasette's Database: callers hand a function to a queue and wait on a future. Each function runs in
`BEGIN IMMEDIATE ... COMMIT`; hooks registered with `tx.after_commit` run on the writer thread after the
commit, in commit order, which keeps the in-memory vector tracks in step with the rows.
"""

from __future__ import annotations

import logging
import queue
import sqlite3
import threading
from concurrent.futures import Future
from typing import Any, Callable

log = logging.getLogger(__name__)

_STOP = object()


class WriteTx:
    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self._after: list[Callable[[], None]] = []

    def execute(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        return self.conn.execute(sql, params)

    def executemany(self, sql: str, params: Any) -> sqlite3.Cursor:
        return self.conn.executemany(sql, params)

    def after_commit(self, hook: Callable[[], None]) -> None:
        self._after.append(hook)


class Writer:
    def __init__(self, conn: sqlite3.Connection):
        self._conn = conn
        self._queue: queue.Queue = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="hearth-writer", daemon=True)
        self._thread.start()

    def submit(self, fn: Callable[[WriteTx], Any]) -> Future:
        future: Future = Future()
        if not self._thread.is_alive():
            future.set_exception(RuntimeError("the database writer has stopped"))
            return future
        self._queue.put((fn, future))
        return future

    def write(self, fn: Callable[[WriteTx], Any], timeout: float | None = 60) -> Any:
        """Run fn in a write transaction and wait for it; its exception is raised here, nothing is kept."""
        return self.submit(fn).result(timeout)

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is _STOP:
                break
            fn, future = item
            if not future.set_running_or_notify_cancel():
                continue
            tx = WriteTx(self._conn)
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                result = fn(tx)
                self._conn.execute("COMMIT")
            except BaseException as exc:  # noqa: BLE001 - handed to the caller
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                future.set_exception(exc)
                continue
            for hook in tx._after:
                try:
                    hook()
                except Exception:  # an in-memory hook must not take the writer down
                    log.exception("after-commit hook failed")
            future.set_result(result)

    def close(self) -> None:
        if self._thread.is_alive():
            self._queue.put(_STOP)
            self._thread.join(timeout=30)
        try:
            self._conn.execute("PRAGMA optimize")  # keeps the planner's statistics fresh, cheap when nothing changed
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass  # busy readers: the next start checkpoints
        self._conn.close()
