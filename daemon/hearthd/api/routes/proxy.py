"""Routes of the memory proxy's per-person keys (the proxy itself listens on its own port: hearthd.proxy)."""

from __future__ import annotations

from fastapi import APIRouter, Path

from ...formation.ledger import MAX_KEY_CHARS
from ..routing import Caller, Ops, route

router = APIRouter()


@route(router, "issue_person_key", "POST", "/v1/proxy/keys/{speaker}")
def issue_person_key(ops: Ops, caller: Caller, speaker: str = Path(max_length=MAX_KEY_CHARS)):
    return ops.proxy.issue_person_key(speaker, caller)


@route(router, "revoke_person_key", "DELETE", "/v1/proxy/keys/{speaker}")
def revoke_person_key(ops: Ops, caller: Caller, speaker: str = Path(max_length=MAX_KEY_CHARS)):
    return ops.proxy.revoke_person_key(speaker, caller)
