"""Opening core.db: one writer connection, read connections per thread, the pragmas both need."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from pathlib import Path

from ..paths import private_file

BUSY_TIMEOUT_MS = 10_000
# SQLite gives the -wal and -shm files the database file's own mode, so an owner-only core.db keeps them so.
COMPANIONS = ("", "-wal", "-shm", "-journal")


def owner_only_database(path: Path) -> None:
    """core.db created owner-only (0600) before anything is written to it; an existing one (and its -wal,
    -shm), left open to others by an older build or a copy, tightened."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        pass
    else:
        os.close(fd)
    for suffix in COMPANIONS:
        companion = path.with_name(path.name + suffix)
        with contextlib.suppress(FileNotFoundError):
            private_file(companion, "the database file")


def open_connection(path: Path, *, readonly: bool = False) -> sqlite3.Connection:
    if not readonly:
        owner_only_database(path)
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
