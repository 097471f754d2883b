"""Claims: a personal statement by a voice that is not confidently identified waits in the review queue as
the fact it would become ("Was this Alice?"), in no pool, until the person accepts it (into their pool) or
drops it. The candidate and its vector are kept in the item's payload, so accepting needs no model."""

from __future__ import annotations

import base64
import json
import time

import numpy as np

from ..errors import UserError
from ..store.vectors import decode, encode
from .extraction import Mention
from .facts import FactIn, FactRules, store_fact

_FIELDS = (
    "predicate",
    "object",
    "text",
    "provenance",
    "confidence",
    "valid_from",
    "source",
    "qualifier",
    "session_id",
    "turn_ids",
    "speaker",
)


def _mention(m) -> dict | None:
    return None if m is None else {"name": m.name, "relation": m.relation, "kind": m.kind}


def hold(tx, fact: FactIn, model: str | None, vector: np.ndarray | None) -> int:
    """Queue the candidate as a claim; returns the review item's id. (No vector while the model loads: the
    accepted fact is embedded by the backfill then.)"""
    payload = {k: getattr(fact, k) for k in _FIELDS}
    payload.update(
        subject_mention=_mention(fact.subject_mention),
        object_mention=_mention(fact.object_mention),
        model=model,
        vector=base64.b64encode(encode(vector)).decode("ascii") if vector is not None else None,
    )
    name = tx.execute("SELECT name FROM speakers WHERE id = ?", (fact.speaker,)).fetchone()
    detail = f"Was this {name[0] if name else fact.speaker}? {fact.text}"
    return tx.execute(
        "INSERT INTO review_queue(kind, fact_ids, detail, created_at, payload, speaker_id) "
        "VALUES ('claim', '[]', ?, ?, ?, ?)",
        (detail, time.time(), json.dumps(payload, ensure_ascii=False), fact.speaker),
    ).lastrowid


def accept(tx, store, item, rules: FactRules) -> dict:
    """Store the claimed fact in the claimant's pool, through the same dedup and supersession as formation."""
    payload = json.loads(item["payload"] or "{}")
    if not payload.get("speaker"):
        raise UserError(f"review item {item['id']} holds no claim to accept")
    fields = {k: payload.get(k) for k in _FIELDS}
    fact = FactIn(subject=payload["speaker"], owner_id=payload["speaker"], **fields)
    fact.turn_ids = list(fact.turn_ids or [])
    fact.subject_mention = Mention(**payload["subject_mention"]) if payload.get("subject_mention") else None
    fact.object_mention = Mention(**payload["object_mention"]) if payload.get("object_mention") else None
    vector = (payload["model"], decode(base64.b64decode(payload["vector"]))) if payload.get("vector") else None
    outcome = store_fact(tx, store, fact, vector, rules)
    tx.execute("UPDATE review_queue SET fact_ids = ? WHERE id = ?", (json.dumps([outcome["id"]]), item["id"]))
    return outcome
