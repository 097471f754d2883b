"""Conversations an assistant logged before Hearth.

Accepted shapes:
- one OpenAI message list `[{"role", "content", "name"?}, ...]`, or `{"messages": [...]}`;
- several: a list of message lists, or `{"conversations": [[...] | {"messages": [...], "id"?}, ...]}`;
- JSON Lines (or a JSON list) of turns: `{"role", "content" | "text", "speaker" | "name" | "user",
  "ts" | "timestamp" | "time" | "created_at", "thread" | "conversation" | "conversation_id"}`.

A user turn's speaker is its `speaker`/`name`/`user`, or "user" when the file names nobody (mapped like any
other name). System and tool messages are left out and counted. Turns without a time are placed a second
apart, ending now.
"""

from __future__ import annotations

import time

from ..errors import UserError
from ..timeutil import parse_time
from . import Imported, ImportedTurn, content_text

UNNAMED = "user"
_TIME_KEYS = ("ts", "timestamp", "time", "created_at", "date")
_THREAD_KEYS = ("thread", "conversation", "conversation_id", "session", "session_id")


def _conversations(data) -> list[tuple[str | None, list]]:
    """(its id if it has one, its messages) for each conversation in the file."""
    if isinstance(data, dict):
        if "role" in data:  # JSON Lines of one turn
            return [(None, [data])]
        if isinstance(data.get("conversations"), list):
            data = data["conversations"]
        elif isinstance(data.get("messages"), list):
            return [(data.get("id"), data["messages"])]
        else:
            raise UserError('a transcript is a list of messages, {"messages": [...]} or {"conversations": [...]}')
    if not isinstance(data, list):
        raise UserError("a transcript is a JSON list of messages or turns")
    if all(isinstance(x, list) for x in data):
        return [(None, x) for x in data]
    if all(isinstance(x, dict) and isinstance(x.get("messages"), list) for x in data):
        return [(x.get("id"), x["messages"]) for x in data]
    return [(None, data)]


def read(data) -> Imported:
    imported = Imported()
    pending: list[tuple[int, ImportedTurn]] = []  # turns without a time, placed once all are read
    for n, (given_id, messages) in enumerate(_conversations(data), 1):
        for i, message in enumerate(messages, 1):
            where = f"conversation {n} message {i}"
            if not isinstance(message, dict):
                raise UserError(f"{where} is not an object: nothing was imported")
            role = message.get("role")
            if role not in ("user", "assistant"):
                imported.skip(f"{role or 'no'} role")
                continue
            text = content_text(message.get("content", message.get("text")))
            if not text:
                imported.skip("no text")
                continue
            thread = next((str(message[k]) for k in _THREAD_KEYS if message.get(k)), None)
            thread = thread or str(given_id or f"import-{n}")
            name = None
            if role == "user":
                name = next((str(message[k]) for k in ("speaker", "name", "user") if message.get(k)), UNNAMED)
            stamp = next((message[k] for k in _TIME_KEYS if message.get(k) not in (None, "")), None)
            turn = ImportedTurn(thread, role, text, name, parse_time(stamp, f"{where} time", periods=False), where)
            imported.turns.append(turn)
            if turn.ts is None:
                pending.append((len(imported.turns) - 1, turn))
    now = time.time()
    for k, (_, turn) in enumerate(pending):
        turn.ts = now - (len(pending) - k)
    return imported
