"""Routes of curation: remember, dismiss and restore, pin, edit, promote, the review queue, the audit log."""

from __future__ import annotations

from fastapi import APIRouter, Path, Query

from ..models import MAX_ID, DisplayTextIn, PinIn, RefIn, RememberIn, ReviewIn
from ..routing import Caller, Ops, route

router = APIRouter()


@route(router, "remember", "POST", "/v1/facts")
def remember(body: RememberIn, ops: Ops, caller: Caller):
    ops.speakers.claim(body.speaker, body.band, caller)
    return ops.curation.remember(
        body.text,
        body.speaker,
        body.band,
        body.subject,
        body.predicate,
        body.object,
        body.pin,
        body.valid_from,
        actor=caller,
    )


@route(router, "dismiss", "POST", "/v1/dismiss")
def dismiss(body: RefIn, ops: Ops, caller: Caller):
    return ops.curation.dismiss(body.ref, caller, body.reason)


@route(router, "restore", "POST", "/v1/restore")
def restore(body: RefIn, ops: Ops, caller: Caller):
    return ops.curation.restore(body.ref, caller)


@route(router, "dismissed", "GET", "/v1/dismissed")
def dismissed(ops: Ops):
    return {"dismissed": ops.curation.dismissed()}


@route(router, "pin", "POST", "/v1/facts/{ref}/pin")
def pin(ref: str, body: PinIn, ops: Ops, caller: Caller):
    return ops.curation.pin(ref, body.pinned, caller)


@route(router, "edit_fact", "PUT", "/v1/facts/{ref}/display-text")
def edit_fact(ref: str, body: DisplayTextIn, ops: Ops, caller: Caller):
    return ops.curation.edit_fact(ref, body.text, caller)


@route(router, "promote", "POST", "/v1/facts/{ref}/promote")
def promote(ref: str, ops: Ops, caller: Caller):
    return ops.curation.promote(ref, caller)


@route(router, "review", "GET", "/v1/review")
def review(ops: Ops, resolved: bool = False):
    return {"items": ops.curation.review(resolved)}


@route(router, "resolve_review", "POST", "/v1/review/{item_id}")
def resolve_review(body: ReviewIn, ops: Ops, caller: Caller, item_id: int = Path(ge=1, le=MAX_ID)):
    return ops.curation.resolve_review(item_id, body.decision, caller, body.keep)


@route(router, "audit", "GET", "/v1/audit")
def audit(ops: Ops, limit: int = Query(200, ge=1, le=10_000), action: str | None = Query(None, max_length=40)):
    return {"entries": ops.curation.audit(limit, action)}
