"""Routes of rules: list the rules a scope sees, add one (edit, dismiss and erase are the facts' routes)."""

from __future__ import annotations

from fastapi import APIRouter, Query
from pydantic import Field

from ...formation.ledger import MAX_KEY_CHARS
from ...ops.recall import read_scope
from ..models import Band, Strict
from ..routing import Caller, Ops, route

router = APIRouter()


class RuleIn(Strict):
    # Bounded loosely here; the operation says clearly what a rule may be (at most 200 characters).
    text: str = Field(max_length=2000, description="the instruction, e.g. 'Always give temperatures in Celsius'")
    speaker: str | None = Field(
        None, min_length=1, max_length=MAX_KEY_CHARS, description="whose rule it is (default: the household's)"
    )


@route(router, "rules", "GET", "/v1/rules")
def rules(
    ops: Ops, caller: Caller, speaker: str | None = Query(None, max_length=MAX_KEY_CHARS), band: Band | None = None
):
    ops.speakers.claim(speaker, band, caller)
    return {"rules": ops.rules.rules(read_scope(caller, speaker, band))}


@route(router, "add_rule", "POST", "/v1/rules")
def add_rule(body: RuleIn, ops: Ops, caller: Caller):
    return ops.rules.add_rule(body.text, caller, body.speaker)
