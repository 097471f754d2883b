"""Opening core.db: one writer connection, read connections per thread, the pragmas both need."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from pathlib import Path

BUSY_TIMEOUT_MS = 10_000


def open_connection(path: Path, *, readonly: bool = False) -> sqlite3.Connection:
    # isolation_level=None: transactions are explicit (the writer says BEGIN IMMEDIATE itself).
    conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False, timeout=BUSY_TIMEOUT_MS / 1000)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    # Erased rows must leave no bytes behind in the file (spec 9); cheap to have on from the start.
    conn.execute("PRAGMA secure_delete = ON")
    if readonly:
        conn.execute("PRAGMA query_only = ON")
    else:
        conn.execute("PRAGMA journal_mode = WAL")
        # FULL: an acknowledged turn survives a power cut on a home hub, not only a killed process.
        conn.execute("PRAGMA synchronous = FULL")
    return conn


class ReadConnections:
    """One read-only connection per thread (WAL lets readers run beside the writer)."""

    def __init__(self, path: Path):
        self._path = path
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()

    def get(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = open_connection(self._path, readonly=True)
            self._local.conn = conn
            with self._lock:
                self._all.append(conn)
        return conn

    def close(self) -> None:
        with self._lock:
            for conn in self._all:
                # opened on another thread that is gone; the process exit closes it
                with contextlib.suppress(sqlite3.ProgrammingError):
                    conn.close()
            self._all.clear()
        self._local = threading.local()
