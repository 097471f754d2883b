"""The single writer: every write to core.db goes through one thread, one transaction at a time.

After datasette's Database: callers hand a function to a queue and wait on a future. Each function runs in
`BEGIN IMMEDIATE ... COMMIT`, in submission order. After the commit, on the writer thread and in commit order:
first the rows the transaction touched (`tx.touch`, and what `before_commit` adds: the Store's triggers
record every row changed) are handed to `on_commit` (the Store refreshes its in-memory tracks from them),
then the hooks registered with `tx.after_commit` run. Neither can take the writer down.
Jobs (`submit_job`) run on the same thread, in the same order, outside any transaction.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import sqlite3
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

log = logging.getLogger(__name__)

_STOP = object()
DEFAULT_TIMEOUT_SECONDS = 60.0
# What timeout=None waits for: a whole import or erase may take minutes, but no caller waits forever.
LONGEST_WAIT_SECONDS = 3600.0


class WriterStopped(RuntimeError):
    """The writer is closed (or died): the job was not run."""


class WriteTimeout(TimeoutError):
    """A caller gave up waiting for the writer; the job may still run and commit later."""


class WriteTx:
    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self._after: list[Callable[[], None]] = []
        self.touched: dict[str, set[int]] = {}

    def execute(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        return self.conn.execute(sql, params)

    def executemany(self, sql: str, params: Any) -> sqlite3.Cursor:
        return self.conn.executemany(sql, params)

    def after_commit(self, hook: Callable[[], None]) -> None:
        self._after.append(hook)

    def touch(self, track, ids: Iterable[int]) -> None:
        """Rows of a track (a store.tracks.Track or its name) whose vector, liveness, owner or time this
        transaction may have changed: after the commit the store re-reads them and puts its vector tracks in
        step (the live ones with a vector of the searched or building model in, the others out)."""
        from .tracks import TRACKS  # here: the writer itself knows nothing of tracks

        name = getattr(track, "name", track)
        if name not in TRACKS:
            raise ValueError(f"no track named {name!r}")
        self.touched.setdefault(name, set()).update(int(i) for i in ids)


class Writer:
    def __init__(
        self,
        conn: sqlite3.Connection,
        on_commit: Callable[[WriteTx], None] | None = None,
        before_commit: Callable[[WriteTx], None] | None = None,
        committed: Callable[[], None] | None = None,
    ):
        self._conn = conn
        self._on_commit = on_commit
        self._before_commit = before_commit
        self._committed = committed  # told of every commit, first (the WAL's checkpointer)
        self._queue: queue.Queue = queue.Queue()
        self._closed = False
        self._submit_lock = threading.Lock()  # a job is queued before close's stop marker, or refused
        self._thread = threading.Thread(target=self._run, name="hearth-writer", daemon=True)
        self._thread.start()

    @property
    def rows_changed(self) -> int:
        """Rows inserted, updated or deleted through the writer since the start (SQLite's total_changes)."""
        return self._conn.total_changes

    @property
    def on_writer_thread(self) -> bool:
        return threading.current_thread() is self._thread

    def submit(self, fn: Callable[[WriteTx], Any]) -> Future:
        """Queue fn to run in a write transaction; the future holds its result or exception."""
        return self._enqueue("tx", fn)

    def submit_job(self, fn: Callable[[sqlite3.Connection], Any]) -> Future:
        """Queue fn(conn) to run on the writer thread outside a transaction, after every write submitted
        before it (e.g. a WAL checkpoint after an erase: no write can slip in, no reader of ours holds it)."""
        return self._enqueue("job", fn)

    def _enqueue(self, kind: str, fn: Callable) -> Future:
        future: Future = Future()
        with self._submit_lock:
            if self._closed or not self._thread.is_alive():
                future.set_exception(WriterStopped("the database writer has stopped"))
                return future
            self._queue.put((kind, fn, future))
        return future

    def write(self, fn: Callable[[WriteTx], Any], timeout: float | None = DEFAULT_TIMEOUT_SECONDS) -> Any:
        """Run fn in a write transaction and wait for it; its exception is raised here, nothing is kept.
        timeout=None: a long job (an import, an erase), still bounded by LONGEST_WAIT_SECONDS."""
        return self._wait(self.submit(fn), timeout, "write")

    def run_job(self, fn: Callable[[sqlite3.Connection], Any], timeout: float | None = DEFAULT_TIMEOUT_SECONDS) -> Any:
        """submit_job and wait for its result."""
        return self._wait(self.submit_job(fn), timeout, "job")

    def _wait(self, future: Future, timeout: float | None, what: str) -> Any:
        if self.on_writer_thread:
            raise RuntimeError(f"a {what} waited for on the writer thread would never run (deadlock)")
        limit = LONGEST_WAIT_SECONDS if timeout is None else timeout
        try:
            return future.result(limit)
        except FutureTimeout:
            # Cancelled if still queued; if running it commits or fails on its own, unobserved.
            future.cancel()
            raise WriteTimeout(
                f"the database writer did not finish a {what} within {limit:g} s ({self._queue.qsize()} more waiting)"
            ) from None

    # -- the writer thread -------------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            while True:
                item = self._queue.get()
                if item is _STOP:
                    break
                kind, fn, future = item
                if not future.set_running_or_notify_cancel():
                    continue
                if kind == "job":
                    self._run_job(fn, future)
                else:
                    self._run_tx(fn, future)
        finally:
            self._fail_queued()

    def _run_job(self, fn, future: Future) -> None:
        try:
            result = fn(self._conn)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            self._rollback()
            future.set_exception(exc)
            return
        if self._conn.in_transaction:  # the next BEGIN IMMEDIATE would fail on it
            self._rollback()
            future.set_exception(RuntimeError("a writer job left a transaction open; it was rolled back"))
            return
        if self._committed is not None:  # a job may have written outside a transaction of ours
            self._committed()
        future.set_result(result)

    def _run_tx(self, fn, future: Future) -> None:
        tx = WriteTx(self._conn)
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            result = fn(tx)
            if self._before_commit is not None:
                self._before_commit(tx)
            self._conn.execute("COMMIT")
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            self._rollback()
            future.set_exception(exc)
            return
        if self._committed is not None:
            self._committed()
        if tx.touched and self._on_commit is not None:
            try:
                self._on_commit(tx)
            except Exception:  # the commit stands; the store marks what it could not refresh
                log.exception("refreshing the rows a write touched failed")
        for hook in tx._after:
            try:
                hook()
            except Exception:  # an in-memory hook must not take the writer down
                log.exception("after-commit hook failed")
        future.set_result(result)

    def _rollback(self) -> None:
        if self._conn.in_transaction:
            try:
                self._conn.execute("ROLLBACK")
            except sqlite3.Error:
                log.exception("rollback failed")

    def _fail_queued(self) -> None:
        """Whatever is still queued when the thread ends fails at once instead of waiting out its timeout."""
        with self._submit_lock:
            self._closed = True
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if item is not _STOP:
                future = item[2]
                if future.set_running_or_notify_cancel():
                    future.set_exception(WriterStopped("the database writer stopped before running this"))

    def close(self) -> None:
        """Run what is already queued, refuse anything later, then checkpoint and close the connection."""
        with self._submit_lock:
            already = self._closed
            self._closed = True
            if not already and self._thread.is_alive():
                self._queue.put(_STOP)
        if self._thread.is_alive() and not self.on_writer_thread:
            self._thread.join(timeout=30)
        if self._thread.is_alive():
            log.error("the database writer is still busy after 30 s; leaving its connection open")
            return
        try:
            self._conn.execute("PRAGMA optimize")  # keeps the planner's statistics fresh, cheap when nothing changed
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass  # busy readers: the next start checkpoints
        with contextlib.suppress(sqlite3.Error):  # closed already (a second close)
            self._conn.close()
