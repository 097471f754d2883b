"""Keeping core.db's WAL short without a live commit paying for it.

SQLite's automatic checkpoint runs inside the COMMIT that takes the WAL past `wal_autocheckpoint` pages: that
one commit copies the WAL's pages into the database and syncs it, 120-150 ms at 100k turns, on whichever live
turn it falls. So the writer's connection checkpoints on its own only far past that (BACKSTOP_PAGES, should
this thread fall behind), and this thread runs PASSIVE checkpoints on a connection of its own a moment after
writes: they copy what they can without waiting for readers or holding up the writer, and the writer starts
the WAL over once every frame is copied. The erase's TRUNCATE checkpoints (forgetting/erase/checkpoint.py) and
the writer's at close are separate and unchanged.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path

from .connection import open_connection

log = logging.getLogger(__name__)

BACKSTOP_PAGES = 16_000  # ~64 MB of WAL before the writer's own commit checkpoints (SQLite's default is 1,000)
DELAY_SECONDS = 1.0  # after a write, before a checkpoint: the writes of a busy moment are copied together


class WalCheckpointer:
    def __init__(self, path: Path):
        self._path = path
        self._due = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="hearth-checkpoint", daemon=True)
        self.checkpoints = 0  # the checkpoints that ran

    def start(self) -> None:
        self._thread.start()

    def written(self) -> None:
        """A write committed: checkpoint a moment from now (cheap to call on every commit)."""
        self._due.set()

    def close(self) -> None:
        self._stop.set()
        self._due.set()
        if self._thread.is_alive():
            self._thread.join(timeout=30)

    def _run(self) -> None:
        conn: sqlite3.Connection | None = None
        try:
            while True:
                self._due.wait()
                if self._stop.wait(DELAY_SECONDS):
                    return
                self._due.clear()
                try:
                    if conn is None:
                        conn = open_connection(self._path)
                    _busy, frames, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                except sqlite3.Error as exc:  # another checkpoint under way (an erase's): the next write retries
                    log.debug("background checkpoint skipped: %s", exc)
                    continue
                self.checkpoints += 1
                if 0 <= copied < frames:  # a reader holds older frames: try again later even without writes
                    self._due.set()
        finally:
            if conn is not None:
                conn.close()
