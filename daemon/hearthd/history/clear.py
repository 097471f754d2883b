"""clear_context: forget one person's live conversations, or (the admin only) everyone's.

Clearing is personal. Of the live conversations a person spoke in, their turns and the assistant's replies
to them are tombstoned (never seeded into a window again, never searched, never formed); another person's
words in the same room stay and are formed as usual. A conversation left with nobody else's words is
retired whole, as before: its window dropped, its unformed sessions marked cleared, and the same
conversation key opens a new thread. A shared one goes on; its rolling summary, which may quote the
person, is dropped and its window re-seeded without them. Facts already formed from earlier sessions stay;
forgetting those is erase's job.
"""

from __future__ import annotations

import time

from .. import audit
from ..errors import UserError
from ..store.tracks import TURNS


def _personal_turns(tx, thread_id: int, speaker: str) -> list[int]:
    """The speaker's uncleared turns in the thread and the assistant turns that answered them (an assistant
    turn answers the latest user turn before it in its session)."""
    rows = tx.execute(
        "SELECT id, session_id, role, speaker_id FROM turns WHERE thread_id = ? AND cleared = 0 ORDER BY ts, id",
        (thread_id,),
    ).fetchall()
    mine, last_user = [], {}
    for r in rows:
        if r["role"] == "user":
            last_user[r["session_id"]] = r["speaker_id"]
            if r["speaker_id"] == speaker:
                mine.append(r["id"])
        elif last_user.get(r["session_id"]) == speaker:
            mine.append(r["id"])
    return mine


def _others_speak(tx, thread_id: int, speaker: str) -> bool:
    return (
        tx.execute(
            "SELECT 1 FROM turns WHERE thread_id = ? AND role = 'user' AND cleared = 0 "
            "AND (speaker_id IS NULL OR speaker_id <> ?) LIMIT 1",
            (thread_id, speaker),
        ).fetchone()
        is not None
    )


def _retire(tx, threads: list[int], now: float) -> tuple[list[int], int]:
    """Tombstone every turn of the threads, mark their unformed sessions cleared and retire them."""
    marks = ", ".join("?" * len(threads))
    turn_ids = [r[0] for r in tx.execute(f"SELECT id FROM turns WHERE thread_id IN ({marks}) AND cleared = 0", threads)]
    tx.execute(f"UPDATE turns SET cleared = 1 WHERE thread_id IN ({marks})", threads)
    sessions = tx.execute(
        f"UPDATE sessions SET cleared = 1, ended_at = coalesce(ended_at, ?) "
        f"WHERE thread_id IN ({marks}) AND formed_at IS NULL",
        [now, *threads],
    ).rowcount
    tx.execute(f"DELETE FROM thread_summaries WHERE thread_id IN ({marks})", threads)
    tx.execute(f"UPDATE threads SET retired_at = ? WHERE id IN ({marks})", [now, *threads])
    return turn_ids, sessions


def _clear_in_shared(tx, thread_id: int, turn_ids: list[int]) -> int:
    """The person's turns out of a room others spoke in; a session left with no user turn is cleared."""
    marks = ", ".join("?" * len(turn_ids))
    tx.execute(f"UPDATE turns SET cleared = 1 WHERE id IN ({marks})", turn_ids)
    tx.execute("DELETE FROM thread_summaries WHERE thread_id = ?", (thread_id,))
    return tx.execute(
        "UPDATE sessions SET cleared = 1 WHERE thread_id = ? AND formed_at IS NULL AND NOT EXISTS "
        "(SELECT 1 FROM turns t WHERE t.session_id = sessions.id AND t.role = 'user' AND t.cleared = 0)",
        (thread_id,),
    ).rowcount


def clear_context(store, windows, speaker: str | None, actor: str) -> dict:
    if speaker is None and actor != "admin":
        raise UserError("name the speaker whose conversations to clear: only the admin clears everyone's")

    def write(tx):
        now = time.time()
        if speaker is None:
            threads = [r[0] for r in tx.execute("SELECT id FROM threads WHERE retired_at IS NULL")]
            shared: list[int] = []
        else:
            spoken = [
                r[0]
                for r in tx.execute(
                    "SELECT DISTINCT t.thread_id FROM turns t JOIN threads h ON h.id = t.thread_id "
                    "WHERE h.retired_at IS NULL AND t.speaker_id = ? AND t.cleared = 0",
                    (speaker,),
                )
            ]
            shared = [t for t in spoken if _others_speak(tx, t, speaker)]
            threads = [t for t in spoken if t not in shared]
        if not threads and not shared:
            return {"threads": [], "turns": 0, "sessions": 0}
        turn_ids, sessions = _retire(tx, threads, now) if threads else ([], 0)
        for thread_id in shared:
            mine = _personal_turns(tx, thread_id, speaker)
            if mine:
                sessions += _clear_in_shared(tx, thread_id, mine)
                turn_ids += mine
        touched = threads + shared
        audit.record(
            tx, actor, "clear_context", speaker or "*", {"threads": touched, "shared": shared, "turns": len(turn_ids)}
        )
        tx.touch(TURNS, turn_ids)
        tx.after_commit(lambda: windows.drop(touched))
        return {"threads": touched, "shared": shared, "turns": len(turn_ids), "sessions": sessions}

    return store.writer.write(write)
