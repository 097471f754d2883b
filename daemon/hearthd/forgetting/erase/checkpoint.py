"""Truncating the WAL after an erase, off the writer's path.

The erased text is still in the WAL's frames until a TRUNCATE checkpoint copies them over and empties it, and
that checkpoint cannot finish while a reader holds an older snapshot (an export streaming, say). So it never
runs on the writer thread: `truncate_wal` makes a few quick attempts on a connection of its own (each may
hold the write lock for only ATTEMPT_BUSY_MS), and when readers still block it, `retry_later` tries again on
a timer, less and less often, until the WAL is empty.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from pathlib import Path

log = logging.getLogger(__name__)

ATTEMPTS = 10
ATTEMPT_BUSY_MS = 25  # an attempt waits this long for the write lock and for readers, holding up commits as long
PAUSE_SECONDS = 0.15  # between attempts, so queued commits run
RETRY_DELAYS = (1.0, 2.0, 5.0, 10.0, 30.0, 60.0)  # then every minute
GIVE_UP_SECONDS = 3600.0  # the writer's close and the next start checkpoint too

_lock = threading.Lock()
_chains: set[str] = set()  # databases with a retry chain running
_asked: set[str] = set()  # ... and asked again since its last attempt began (that attempt may predate the erase)


def truncate_wal(path: Path) -> bool:
    """A few quick TRUNCATE checkpoints of core.db at `path`; True once its WAL is empty (well under 2 s)."""
    try:
        # mode=rw: a retry after the data directory is gone must not create an empty database
        conn = sqlite3.connect(
            Path(path).resolve().as_uri() + "?mode=rw", uri=True, isolation_level=None, timeout=ATTEMPT_BUSY_MS / 1000
        )
    except sqlite3.Error as exc:
        log.warning("erase: cannot open %s to checkpoint its WAL: %s", path, exc)
        return False
    try:
        for attempt in range(ATTEMPTS):
            if attempt:
                time.sleep(PAUSE_SECONDS)
            try:
                busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
            except sqlite3.OperationalError:  # "database is locked": a commit was under way
                continue
            if not busy:
                return True
        return False
    finally:
        conn.close()


def retry_later(path: Path) -> None:
    """Keep trying to truncate the WAL on a timer thread until it works (one retry chain per database)."""
    key = str(path)
    with _lock:
        _asked.add(key)
        if key in _chains:
            return
        _chains.add(key)
    _schedule(key, 0, time.monotonic())


def retry_pending(path: Path) -> bool:
    """Whether a truncation of this database's WAL is still waiting for readers."""
    with _lock:
        return str(path) in _chains


def _schedule(key: str, attempt: int, started: float) -> None:
    timer = threading.Timer(RETRY_DELAYS[min(attempt, len(RETRY_DELAYS) - 1)], _retry, (key, attempt, started))
    timer.daemon = True
    timer.name = "hearth-erase-checkpoint"
    timer.start()


def _retry(key: str, attempt: int, started: float) -> None:
    with _lock:
        _asked.discard(key)
    done = truncate_wal(Path(key))
    gone = not Path(key).exists()
    expired = time.monotonic() - started > GIVE_UP_SECONDS
    with _lock:
        asked_again = key in _asked  # an erase committed while this attempt ran
        stop = (done or gone or expired) and not asked_again
        if stop:
            _chains.discard(key)
    if asked_again:
        _schedule(key, 0, time.monotonic())
    elif not stop:
        _schedule(key, attempt + 1, started)
    elif done:
        log.info("erase: the WAL is truncated (retry %d)", attempt + 1)
    elif expired:
        log.warning(
            "erase: readers kept the WAL from being truncated for an hour; erased text may stay in it "
            "until the daemon stops or the next erase"
        )
