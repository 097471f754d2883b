"""Routes of live conversations: commit turns, usage, the working window, compaction, clear_context."""

from __future__ import annotations

from fastapi import APIRouter, Header

from ...formation.ledger import TurnIn
from ...timeutil import parse_time
from ..models import ClearIn, TurnsIn, UsageIn
from ..routing import Caller, Ops, route

router = APIRouter()


@route(router, "commit_turns", "POST", "/v1/turns")
def commit_turns(
    body: TurnsIn,
    ops: Ops,
    caller: Caller,
    idempotency_key: str | None = Header(
        None, max_length=200, description="a retry with the same key answers the same ids and stores nothing again"
    ),
):
    turns = []
    for i, t in enumerate(body.turns):
        voice = t.voice.parts() if t.voice else (None, None)
        speaker, band = ops.speakers.who(t.speaker, t.band, *voice, caller=caller)
        turns.append(
            TurnIn(
                thread=t.thread,
                role=t.role,
                text=t.text,
                speaker=speaker,
                band=band,
                ts=parse_time(t.ts, f"turn {i + 1} ts", periods=False),
                tool_calls=t.tool_calls,
            )
        )
    return ops.conversation.commit_turns(turns, body.usage.usage() if body.usage else None, idempotency_key)


@route(router, "report_usage", "POST", "/v1/usage")
def report_usage(body: UsageIn, ops: Ops):
    return ops.conversation.report_usage(body.thread, body.usage.usage())


@route(router, "window", "GET", "/v1/threads/{key:path}/window")
def window(key: str, ops: Ops):
    return ops.conversation.window(key)


@route(router, "compact", "POST", "/v1/threads/{key:path}/compact")
def compact(key: str, ops: Ops):
    return ops.conversation.compact(key)


@route(router, "clear_context", "POST", "/v1/clear-context")
def clear_context(body: ClearIn, ops: Ops, caller: Caller):
    return ops.conversation.clear_context(body.speaker, actor=caller)
