"""L0, the verbatim ledger: committing finished turns, their threads and sessions.

A commit is one transaction; when it returns the turns are durable (WAL, synchronous=FULL) and searchable by
FTS. Their vectors follow a moment later from the background embedder.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from ..errors import UserError
from ..store.writer import WriteTx

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
        if self.speaker is not None and (not isinstance(self.speaker, str) or not self.speaker.strip()
                                         or len(self.speaker) > MAX_KEY_CHARS):
            raise UserError(f"{where}: speaker must be a non-empty id of at most {MAX_KEY_CHARS} characters")
        if self.band is not None and self.band not in BANDS:
            raise UserError(f"{where}: band must be one of {', '.join(BANDS)}, got {self.band!r}")
        if self.band not in (None, "none") and self.speaker is None:
            raise UserError(f"{where}: a band needs a speaker")


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
    row = tx.execute("SELECT id, last_turn_at FROM sessions WHERE thread_id = ? AND ended_at IS NULL "
                     "ORDER BY id DESC LIMIT 1", (thread_id,)).fetchone()
    if row and ts - row["last_turn_at"] <= coupling_seconds:
        tx.execute("UPDATE sessions SET last_turn_at = max(last_turn_at, ?) WHERE id = ?", (ts, row["id"]))
        return row["id"]
    if row:
        tx.execute("UPDATE sessions SET ended_at = ? WHERE id = ?", (row["last_turn_at"], row["id"]))
    return tx.execute("INSERT INTO sessions(thread_id, started_at, last_turn_at) VALUES (?, ?, ?)",
                      (thread_id, ts, ts)).lastrowid


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
            prev = tx.execute("SELECT owner_id FROM turns WHERE session_id = ? AND role = 'user' "
                              "ORDER BY ts DESC, id DESC LIMIT 1", (session_id,)).fetchone()
            owner = prev[0] if prev else None
        tool_calls = None if turn.tool_calls is None else json.dumps(turn.tool_calls, ensure_ascii=False)
        turn_id = tx.execute(
            "INSERT INTO turns(thread_id, session_id, role, text, speaker_id, band, owner_id, ts, created_at, "
            "tool_calls) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (thread_id, session_id, turn.role, turn.text, turn.speaker, band, owner, ts, now, tool_calls)).lastrowid
        tx.execute("UPDATE threads SET last_turn_at = max(coalesce(last_turn_at, 0), ?) WHERE id = ?", (ts, thread_id))
        out.append({"id": turn_id, "thread_id": thread_id, "session_id": session_id, "ts": ts})
    return out
