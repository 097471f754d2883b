"""L0, the verbatim ledger: committing finished turns, their threads and sessions, and every query of
turns, threads, sessions and thread summaries the write path makes (formation, the sweeper, the working
windows), each a named function: the SQL of the ledger lives here.

A commit is one transaction; when it returns the turns are durable (WAL, synchronous=FULL) and searchable by
FTS. Their vectors follow a moment later from the background embedder. Reads take a read connection
(`with store.reading() as conn:`), writes the writer's transaction.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from ..errors import UserError
from ..store.writer import WriteTx
from ..timeutil import not_in_future, parse_time

ROLES = ("user", "assistant")
BANDS = ("high", "medium", "greeting", "none")
MAX_TURN_CHARS = 100_000
MAX_KEY_CHARS = 200


@dataclass
class TurnIn:
    thread: str
    role: str
    text: str
    speaker: str | None = None
    band: str | None = None
    ts: float | None = None
    tool_calls: Any = None

    def validate(self, where: str = "turn") -> None:
        if not isinstance(self.thread, str) or not self.thread.strip() or len(self.thread) > MAX_KEY_CHARS:
            raise UserError(f"{where}: thread must be a non-empty key of at most {MAX_KEY_CHARS} characters")
        if self.role not in ROLES:
            raise UserError(f"{where}: role must be user or assistant, got {self.role!r}")
        if not isinstance(self.text, str) or not self.text.strip():
            raise UserError(f"{where}: text must not be empty")
        if len(self.text) > MAX_TURN_CHARS:
            raise UserError(f"{where}: text is longer than {MAX_TURN_CHARS} characters")
        if self.speaker is not None and (
            not isinstance(self.speaker, str) or not self.speaker.strip() or len(self.speaker) > MAX_KEY_CHARS
        ):
            raise UserError(f"{where}: speaker must be a non-empty id of at most {MAX_KEY_CHARS} characters")
        if self.band is not None and self.band not in BANDS:
            raise UserError(f"{where}: band must be one of {', '.join(BANDS)}, got {self.band!r}")
        if self.band not in (None, "none") and self.speaker is None:
            raise UserError(f"{where}: a band needs a speaker")
        if self.ts is not None:
            self.ts = not_in_future(parse_time(self.ts, f"{where} ts"), f"{where} ts")


def effective_band(turn: TurnIn) -> str:
    """A named speaker without a band is an asserted identity (an account link): high. No speaker: none."""
    if turn.speaker is None:
        return "none"
    return turn.band or "high"


def _live_thread(tx: WriteTx, key: str, ts: float) -> int:
    row = tx.execute("SELECT id FROM threads WHERE key = ? AND retired_at IS NULL", (key,)).fetchone()
    if row:
        return row[0]
    return tx.execute("INSERT INTO threads(key, created_at) VALUES (?, ?)", (key, ts)).lastrowid


def _session_for(tx: WriteTx, thread_id: int, ts: float, coupling_seconds: float) -> int:
    """The thread's open session, or a new one when the thread was idle past the coupling window."""
    row = tx.execute(
        "SELECT id, last_turn_at FROM sessions WHERE thread_id = ? AND ended_at IS NULL ORDER BY id DESC LIMIT 1",
        (thread_id,),
    ).fetchone()
    if row and ts - row["last_turn_at"] <= coupling_seconds:
        tx.execute("UPDATE sessions SET last_turn_at = max(last_turn_at, ?) WHERE id = ?", (ts, row["id"]))
        return row["id"]
    if row:
        tx.execute("UPDATE sessions SET ended_at = ? WHERE id = ?", (row["last_turn_at"], row["id"]))
    return tx.execute(
        "INSERT INTO sessions(thread_id, started_at, last_turn_at) VALUES (?, ?, ?)", (thread_id, ts, ts)
    ).lastrowid


def ensure_speaker(tx: WriteTx, speaker_id: str, now: float) -> None:
    """A speaker id not yet known creates a person without a voiceprint (an account-linked chat user)."""
    tx.execute("INSERT OR IGNORE INTO speakers(id, name, created_at) VALUES (?, ?, ?)", (speaker_id, speaker_id, now))


def insert_turns(tx: WriteTx, turns: list[TurnIn], coupling_seconds: float) -> list[dict]:
    """Write the turns in order; returns one record per turn (id, thread id, session id)."""
    now = time.time()
    out = []
    for turn in turns:
        ts = turn.ts if turn.ts is not None else now
        thread_id = _live_thread(tx, turn.thread, ts)
        session_id = _session_for(tx, thread_id, ts, coupling_seconds)
        band = effective_band(turn)
        if turn.speaker is not None:
            ensure_speaker(tx, turn.speaker, now)
        if turn.role == "user":
            owner = turn.speaker if band == "high" else None
        else:
            # An assistant turn belongs to the pool of the user it answered in this session.
            prev = tx.execute(
                "SELECT owner_id FROM turns WHERE session_id = ? AND role = 'user' ORDER BY ts DESC, id DESC LIMIT 1",
                (session_id,),
            ).fetchone()
            owner = prev[0] if prev else None
        tool_calls = None if turn.tool_calls is None else json.dumps(turn.tool_calls, ensure_ascii=False)
        turn_id = tx.execute(
            "INSERT INTO turns(thread_id, session_id, role, text, speaker_id, band, owner_id, ts, created_at, "
            "tool_calls) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (thread_id, session_id, turn.role, turn.text, turn.speaker, band, owner, ts, now, tool_calls),
        ).lastrowid
        tx.execute("UPDATE threads SET last_turn_at = max(coalesce(last_turn_at, 0), ?) WHERE id = ?", (ts, thread_id))
        out.append({"id": turn_id, "thread_id": thread_id, "session_id": session_id, "ts": ts})
    return out


# -- speakers ------------------------------------------------------------------------------------------------
def speaker_name(conn: sqlite3.Connection, speaker_id: str) -> str | None:
    row = conn.execute("SELECT name FROM speakers WHERE id = ?", (speaker_id,)).fetchone()
    return row[0] if row else None


# -- threads and their working window --------------------------------------------------------------------------
def live_thread_id(conn: sqlite3.Connection, key: str) -> int | None:
    row = conn.execute("SELECT id FROM threads WHERE key = ? AND retired_at IS NULL", (key,)).fetchone()
    return row[0] if row else None


def thread_key(conn: sqlite3.Connection, thread_id: int) -> str:
    return conn.execute("SELECT key FROM threads WHERE id = ?", (thread_id,)).fetchone()[0]


def thread_summary(conn: sqlite3.Connection, thread_id: int) -> tuple[str | None, int]:
    """(the rolling summary, the last turn id folded into it); (None, 0) before the first fold."""
    row = conn.execute(
        "SELECT summary, upto_turn_id FROM thread_summaries WHERE thread_id = ?", (thread_id,)
    ).fetchone()
    return (row[0], row[1]) if row else (None, 0)


def visible_turns_newest_first(conn: sqlite3.Connection, thread_id: int, after_id: int, session_id: int):
    """The session's turns after after_id that a window may show (not cleared, not dismissed), newest first."""
    return conn.execute(
        "SELECT id, role, text, speaker_id, ts, session_id FROM turns WHERE thread_id = ? AND session_id = ? "
        "AND id > ? AND cleared = 0 AND dismissed = 0 ORDER BY ts DESC, id DESC",
        (thread_id, session_id, after_id),
    )


def open_session(conn: sqlite3.Connection, thread_id: int) -> sqlite3.Row | None:
    """The thread's latest session not ended yet (id, last_turn_at), or None."""
    return conn.execute(
        "SELECT id, last_turn_at FROM sessions WHERE thread_id = ? AND ended_at IS NULL ORDER BY id DESC LIMIT 1",
        (thread_id,),
    ).fetchone()


def turn_session(conn: sqlite3.Connection, turn_id: int) -> int | None:
    row = conn.execute("SELECT session_id FROM turns WHERE id = ?", (turn_id,)).fetchone()
    return row[0] if row else None


def count_existing_turns(tx: WriteTx, turn_ids) -> int:
    return tx.execute(
        "SELECT count(*) FROM turns WHERE id IN (SELECT value FROM json_each(?))", (json.dumps(sorted(turn_ids)),)
    ).fetchone()[0]


def save_thread_summary(tx: WriteTx, thread_id: int, summary: str, upto_turn_id: int, now: float) -> None:
    """Store a fold: the thread's summary now covers every turn up to upto_turn_id."""
    tx.execute(
        "INSERT INTO thread_summaries(thread_id, summary, upto_turn_id, updated_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT(thread_id) DO UPDATE SET summary = excluded.summary, "
        "upto_turn_id = excluded.upto_turn_id, folds = folds + 1, updated_at = excluded.updated_at",
        (thread_id, summary, upto_turn_id, now),
    )


# -- sessions and their formation ---------------------------------------------------------------------------------
def session(conn: sqlite3.Connection, session_id: int) -> sqlite3.Row | None:
    return conn.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()


def session_turns(conn: sqlite3.Connection, session_id: int) -> list[dict]:
    """The session's turns in order, with what forming them needs (their vectors come from the index)."""
    return [
        dict(r)
        for r in conn.execute(
            "SELECT id, role, text, speaker_id, band, owner_id, ts, cleared FROM turns "
            "WHERE session_id = ? ORDER BY ts, id",
            (session_id,),
        )
    ]


def end_idle_sessions(tx: WriteTx, coupling_seconds: float, cutoff: float, now: float) -> list[sqlite3.Row]:
    """End the open sessions whose last turn is coupling_seconds before cutoff; their (id, thread_id) rows.
    A session ends when its coupling window ran out, never later than now."""
    rows = tx.execute(
        "SELECT id, thread_id FROM sessions WHERE ended_at IS NULL AND last_turn_at + ? <= ?",
        (coupling_seconds, cutoff),
    ).fetchall()
    for row in rows:
        tx.execute(
            "UPDATE sessions SET ended_at = min(last_turn_at + ?, ?) WHERE id = ?", (coupling_seconds, now, row["id"])
        )
    return rows


def count_unformed(conn: sqlite3.Connection) -> int:
    """Ended sessions not formed yet (the formation backlog)."""
    return conn.execute("SELECT count(*) FROM sessions WHERE formed_at IS NULL AND ended_at IS NOT NULL").fetchone()[0]


def count_waiting_for_generator(conn: sqlite3.Connection) -> int:
    return conn.execute(
        "SELECT count(*) FROM sessions WHERE formed_at IS NULL AND ended_at IS NOT NULL "
        "AND json_extract(formation_result, '$.pending') = 'generator'"
    ).fetchone()[0]


def formable_sessions(conn: sqlite3.Connection, grace_seconds: float, now: float) -> list[tuple[int, int]]:
    """(id, formation attempts) of the unformed sessions ended grace_seconds before now, oldest first."""
    return [
        (r[0], r[1])
        for r in conn.execute(
            "SELECT id, formation_attempts FROM sessions WHERE formed_at IS NULL AND ended_at IS NOT NULL "
            "AND ended_at + ? <= ? ORDER BY ended_at, id",
            (grace_seconds, now),
        )
    ]


def formation_state(tx: WriteTx, session_id: int) -> tuple[bool, int]:
    """(formed already, thread id), read inside the formation transaction."""
    row = tx.execute("SELECT formed_at, thread_id FROM sessions WHERE id = ?", (session_id,)).fetchone()
    return row["formed_at"] is not None, row["thread_id"]


def mark_formed(tx: WriteTx, session_id: int, result: dict, now: float) -> None:
    tx.execute(
        "UPDATE sessions SET formed_at = ?, formation_result = ? WHERE id = ?", (now, json.dumps(result), session_id)
    )


def count_formation_attempt(tx: WriteTx, session_id: int) -> None:
    tx.execute("UPDATE sessions SET formation_attempts = formation_attempts + 1 WHERE id = ?", (session_id,))


def mark_waiting_for_generator(tx: WriteTx, session_id: int, attempts: int, error: str) -> None:
    """The session stays pending for a later pass; its result says why (count_waiting_for_generator reads it)."""
    pending = {"pending": "generator", "error": error, "attempts": attempts}
    tx.execute(
        "UPDATE sessions SET formation_attempts = ?, formation_result = ? WHERE id = ? AND formed_at IS NULL",
        (attempts, json.dumps(pending), session_id),
    )
