"""The memory proxy's per-person keys: an assistant that serves one person (their phone's chat app, their
own persona) sends that person's key instead of the assistant token, and the proxy acts for them alone."""

from __future__ import annotations

from .. import audit
from ..api.auth import Tokens
from ..errors import UserError
from ..formation.ledger import MAX_KEY_CHARS
from ..store.database import Store
from .registry import operation


def _person(speaker: str) -> str:
    speaker = (speaker or "").strip()
    if not speaker or len(speaker) > MAX_KEY_CHARS:
        raise UserError(f"the person must be an id of at most {MAX_KEY_CHARS} characters")
    return speaker


class ProxyOps:
    def __init__(self, store: Store, tokens: Tokens, events):
        self.store, self.tokens, self.events = store, tokens, events

    @operation(event="proxy.person_key", event_data=lambda a: {"speaker": a["speaker"], "issued": True})
    def issue_person_key(self, speaker: str, actor: str = "admin") -> dict:
        """A new proxy key for one person (their earlier key stops working); it is shown once, here, and kept
        in an owner-only file of the data dir. A request with it is that person at the high band."""
        speaker = _person(speaker)
        key = self.tokens.issue_person_key(speaker)
        self.store.writer.write(lambda tx: audit.record(tx, actor, "proxy.person_key", speaker, {"issued": True}))
        return {"speaker": speaker, "key": key}

    @operation(event="proxy.person_key", event_data=lambda a: {"speaker": a["speaker"], "issued": False})
    def revoke_person_key(self, speaker: str, actor: str = "admin") -> dict:
        """Stop a person's proxy key working."""
        speaker = _person(speaker)
        if not self.tokens.revoke_person_key(speaker):
            raise UserError(f"{speaker} has no proxy key", status=404)
        self.store.writer.write(lambda tx: audit.record(tx, actor, "proxy.person_key", speaker, {"issued": False}))
        return {"speaker": speaker, "revoked": True}
