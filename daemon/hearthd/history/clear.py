"""clear_context: forget the live conversations of one speaker, or of everyone.

Their working windows are dropped, every turn of those conversations is tombstoned (never seeded into a
window again, never searched), their unformed sessions are marked cleared (never formed into facts or
episodes: the user asked to forget them), and the threads are retired so the same conversation key opens a
new thread. Facts already formed from earlier sessions stay; forgetting those is erase's job.
"""

from __future__ import annotations

import time

from .. import audit
from ..store.tracks import TURNS


def clear_context(store, windows, speaker: str | None, actor: str) -> dict:
    def write(tx):
        now = time.time()
        if speaker:
            threads = [
                r[0]
                for r in tx.execute(
                    "SELECT DISTINCT t.thread_id FROM turns t JOIN threads h ON h.id = t.thread_id "
                    "WHERE h.retired_at IS NULL AND t.speaker_id = ?",
                    (speaker,),
                )
            ]
        else:
            threads = [r[0] for r in tx.execute("SELECT id FROM threads WHERE retired_at IS NULL")]
        if not threads:
            return {"threads": [], "turns": 0, "sessions": 0}
        marks = ", ".join("?" * len(threads))
        turn_ids = [
            r[0] for r in tx.execute(f"SELECT id FROM turns WHERE thread_id IN ({marks}) AND cleared = 0", threads)
        ]
        tx.execute(f"UPDATE turns SET cleared = 1 WHERE thread_id IN ({marks})", threads)
        sessions = tx.execute(
            f"UPDATE sessions SET cleared = 1, ended_at = coalesce(ended_at, ?) "
            f"WHERE thread_id IN ({marks}) AND formed_at IS NULL",
            [now, *threads],
        ).rowcount
        tx.execute(f"DELETE FROM thread_summaries WHERE thread_id IN ({marks})", threads)
        tx.execute(f"UPDATE threads SET retired_at = ? WHERE id IN ({marks})", [now, *threads])
        audit.record(tx, actor, "clear_context", speaker or "*", {"threads": threads, "turns": len(turn_ids)})
        tx.touch(TURNS, turn_ids)
        tx.after_commit(lambda: windows.drop(threads))
        return {"threads": threads, "turns": len(turn_ids), "sessions": sessions}

    return store.writer.write(write)
