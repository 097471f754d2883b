"""Retention: unpinned ledger turns older than `memory.retention_window_days` are deleted, with their FTS
entries (triggers) and their in-memory vectors. Turns a fact came from are pinned and stay; turns of a
session not yet formed wait until it is."""

from __future__ import annotations

import time

from ..store.tracks import TURNS

BATCH = 1000
DAY = 86_400.0


def retention_pass(store, settings, now: float | None = None) -> int:
    cutoff = (now or time.time()) - settings["memory.retention_window_days"] * DAY
    deleted = 0
    while True:
        with store.reading() as conn:
            ids = [
                r[0]
                for r in conn.execute(
                    "SELECT t.id FROM turns t JOIN sessions s ON s.id = t.session_id "
                    "WHERE t.pinned = 0 AND t.ts < ? AND s.formed_at IS NOT NULL LIMIT ?",
                    (cutoff, BATCH),
                )
            ]
        if not ids:
            return deleted

        def write(tx, ids=ids):
            marks = ", ".join("?" * len(ids))
            n = tx.execute(f"DELETE FROM turns WHERE pinned = 0 AND id IN ({marks})", ids).rowcount
            tx.touch(TURNS, ids)
            return n

        deleted += store.writer.write(write)
