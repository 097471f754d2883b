"""Retention: ledger turns older than `memory.retention_window_days` are deleted, with their FTS entries
(triggers), their fact links (fact_turn_link cascades) and their in-memory vectors. Turns of a session not yet
formed wait until it is.

What stays is decided by importance (formation/importance.py): a turn linked to a current fact (active, not
dismissed) whose importance is at or above `memory.importance_protect_threshold`, or whose importance was never
computed (an unscored fact is kept until it is scored), stays; so does a turn pinned for another reason than a
fact link. A turn linked only to facts below the threshold ages out like any other: the facts themselves stay
(facts never expire by a clock), they only lose the link to that turn.

turns.pinned on a linked turn is taken as formation's link pin (formation/facts.py pins every turn it links),
which importance now decides; turns.pinned on a turn with no link is a pin of its own and always kept.
"""

from __future__ import annotations

import time

from ..formation import idempotency
from ..store.tracks import TURNS

BATCH = 1000
DAY = 86_400.0

# The turn (alias t) is kept: linked to a current fact that is important enough (or not yet scored), or pinned
# without any link. One parameter: the threshold.
KEPT = (
    "(EXISTS (SELECT 1 FROM fact_turn_link l JOIN facts f ON f.id = l.fact_id "
    "WHERE l.turn_id = t.id AND f.status = 'active' AND f.dismissed = 0 "
    "AND (f.importance >= ? OR f.importance_inputs IS NULL)) "
    "OR (t.pinned = 1 AND NOT EXISTS (SELECT 1 FROM fact_turn_link l WHERE l.turn_id = t.id)))"
)


def retention_pass(store, settings, now: float | None = None) -> int:
    """Delete the turns past the window that nothing keeps; returns how many."""
    cutoff = (now or time.time()) - settings["memory.retention_window_days"] * DAY
    threshold = float(settings["memory.importance_protect_threshold"])
    store.writer.write(lambda tx: idempotency.forget_old(tx, now))  # a commit's answer is kept a day
    deleted, after = 0, (float("-inf"), 0)
    while True:
        # Through the turns past the window in (ts, id) order (the turns_ts index), so the kept ones are read
        # once a pass, not once a batch.
        with store.reading() as conn:
            rows = conn.execute(
                f"SELECT t.id, t.ts, NOT {KEPT} AS goes FROM turns t JOIN sessions s ON s.id = t.session_id "
                "WHERE t.ts < ? AND (t.ts, t.id) > (?, ?) AND s.formed_at IS NOT NULL ORDER BY t.ts, t.id LIMIT ?",
                (threshold, cutoff, *after, BATCH),
            ).fetchall()
        if not rows:
            return deleted
        after = (rows[-1]["ts"], rows[-1]["id"])
        ids = [r["id"] for r in rows if r["goes"]]
        if not ids:
            continue

        def write(tx, ids=ids):
            # Checked again in the write: a fact may have been scored, pinned or linked since the read.
            marks = ", ".join("?" * len(ids))
            sql = f"SELECT t.id FROM turns t WHERE t.id IN ({marks}) AND NOT {KEPT}"
            gone = [r[0] for r in tx.execute(sql, [*ids, threshold])]
            if not gone:
                return 0
            n = tx.execute(f"DELETE FROM turns WHERE id IN ({', '.join('?' * len(gone))})", gone).rowcount
            tx.touch(TURNS, gone)
            return n

        deleted += store.writer.write(write)
