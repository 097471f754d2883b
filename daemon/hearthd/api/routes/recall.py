"""Routes of the read path: recall, context for a live turn, facts and the memory browser."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Path, Query

from ...formation.ledger import MAX_KEY_CHARS
from ...memory import browse
from ...memory.scope import scope_for
from ...ops.recall import read_scope
from ..models import MAX_ID, Band, ContextIn, RecallIn
from ..routing import Caller, Ops, route

router = APIRouter()


@route(router, "context", "POST", "/v1/context")
def context(body: ContextIn, ops: Ops):
    # Without a speaker it is an anonymous voice: the household pool only, whoever asks.
    speaker, band = ops.speakers.who(body.speaker, body.band, *(body.voice.parts() if body.voice else (None, None)))
    result = ops.recall.context(body.text, scope_for(speaker, band), body.thread, speaker)
    return dict(result, speaker=speaker, band=band or ("high" if speaker else "none"))


@route(router, "recall", "POST", "/v1/recall")
def recall(body: RecallIn, ops: Ops, caller: Caller):
    ops.speakers.claim(body.speaker, body.band, caller)
    scope = read_scope(caller, body.speaker, body.band)
    return ops.recall.recall(body.query, scope, body.k, body.since, body.until, body.participants)


@route(router, "facts", "GET", "/v1/facts")
def facts(
    ops: Ops,
    speaker: str | None = Query(None, max_length=MAX_KEY_CHARS),
    band: Band | None = None,
    history: bool = False,
    as_of: str | None = None,
):
    return {"facts": ops.recall.facts(read_scope("admin", speaker, band), history, as_of)}


@route(router, "memory_page", "GET", "/v1/memory/{kind}")
def memory_page(
    ops: Ops,
    kind: Literal["facts", "episodes", "turns"],
    offset: int = Query(0, ge=0, le=MAX_ID),
    limit: int = Query(100, ge=1, le=browse.MAX_PAGE),
    q: str | None = Query(None, max_length=500),
    speaker: str | None = Query(None, max_length=MAX_KEY_CHARS),
    pool: Literal["all", "household", "personal"] = "all",
    since: str | None = None,
    until: str | None = None,
    status: Literal["live", "dismissed", "superseded", "cleared", "all"] = "live",
    as_of: str | None = None,
):
    return ops.recall.memory_page(
        kind, offset, limit, q=q, speaker=speaker, pool=pool, since=since, until=until, status=status, as_of=as_of
    )


@route(router, "episode", "GET", "/v1/episodes/{episode_id}")
def episode(ops: Ops, episode_id: int = Path(ge=1, le=MAX_ID)):
    return ops.recall.episode(episode_id)


@route(router, "fact_history", "GET", "/v1/facts/{ref}/history")
def fact_history(ref: str, ops: Ops):
    return {"history": ops.recall.fact_history(ref)}


@route(router, "fact_sources", "GET", "/v1/facts/{ref}/sources")
def fact_sources(ref: str, ops: Ops):
    return ops.recall.fact_sources(ref)


@route(router, "growth", "GET", "/v1/stats/growth")
def growth(ops: Ops, days: int = Query(365, ge=1, le=36_500)):
    return {"days": ops.recall.growth(days)}
