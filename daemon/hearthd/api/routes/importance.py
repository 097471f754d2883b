"""Routes of importance: a fact's score and its inputs, and recomputing it."""

from __future__ import annotations

from fastapi import APIRouter, Query
from pydantic import Field

from ..models import Strict
from ..routing import Ops, route

router = APIRouter()


class RecomputeIn(Strict):
    fact: str | int | None = Field(None, description="one fact (like fact:12 or 12); none: every current fact")


@route(router, "importance", "GET", "/v1/importance")
def importance(
    ops: Ops,
    fact: str | None = Query(None, max_length=40, description="one fact (like fact:12 or 12)"),
    limit: int = Query(50, ge=1, le=1000, description="without a fact: how many, most important first"),
):
    return ops.importance.importance(fact, limit)


@route(router, "recompute_importance", "POST", "/v1/importance/recompute")
def recompute_importance(body: RecomputeIn, ops: Ops):
    return ops.importance.recompute_importance(body.fact)
