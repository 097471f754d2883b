"""Storing a fact: exact dedup (support_count) and supersession on a functional (subject, predicate, pool) key.

Supersession is bi-temporal: the old fact keeps its text, gets valid_to and superseded_by, and leaves the
searchable tracks; its history stays queryable.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ..store.vectors import encode
from ..store.writer import WriteTx
from .rules import FUNCTIONAL, read_statement

MAX_FACT_CHARS = 2000


@dataclass
class FactIn:
    subject: str
    predicate: str
    object: str
    text: str
    owner_id: str | None = None
    provenance: str = "USER-STATED"
    confidence: float = 1.0
    valid_from: float | None = None
    source: str = "remember"
    always_inject: bool = False


def fact_from_text(text: str, speaker: str | None) -> FactIn:
    """What `remember TEXT` stores: a recognised statement typed by its predicate, otherwise a note."""
    subject = speaker or "household"
    reading = read_statement(text)
    if reading is None:
        return FactIn(subject, "note", text.strip(), text.strip(), owner_id=speaker)
    return FactIn(subject, reading.predicate, reading.object, text.strip(), owner_id=speaker)


def store_fact(tx: WriteTx, fact: FactIn, vector: tuple[str, np.ndarray] | None = None) -> dict:
    """Insert, support or supersede; returns {id, action, superseded: [ids]}."""
    now = time.time()
    valid_from = fact.valid_from if fact.valid_from is not None else now
    same = tx.execute(
        "SELECT id FROM facts WHERE subject = ? AND predicate = ? AND owner_id IS ? AND status = 'active' "
        "AND lower(object) = lower(?)", (fact.subject, fact.predicate, fact.owner_id, fact.object)).fetchone()
    if same:
        tx.execute("UPDATE facts SET support_count = support_count + 1, always_inject = max(always_inject, ?) "
                   "WHERE id = ?", (int(fact.always_inject), same[0]))
        return {"id": same[0], "action": "supported", "superseded": []}
    superseded = []
    if fact.predicate in FUNCTIONAL:
        current = tx.execute(
            "SELECT id, valid_from FROM facts WHERE subject = ? AND predicate = ? AND owner_id IS ? "
            "AND status = 'active'", (fact.subject, fact.predicate, fact.owner_id)).fetchall()
        superseded = [r[0] for r in current if r[1] <= valid_from]
    blob, model = (encode(vector[1]), vector[0]) if vector else (None, None)
    new_id = tx.execute(
        "INSERT INTO facts(subject, predicate, object, text, owner_id, provenance, confidence, always_inject, "
        "valid_from, recorded_at, source, embedding, embed_model) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (fact.subject, fact.predicate, fact.object, fact.text, fact.owner_id, fact.provenance, fact.confidence,
         int(fact.always_inject), valid_from, now, fact.source, blob, model)).lastrowid
    for old in superseded:
        tx.execute("UPDATE facts SET status = 'superseded', valid_to = ?, superseded_by = ? WHERE id = ?",
                   (valid_from, new_id, old))
    return {"id": new_id, "action": "inserted", "superseded": superseded, "valid_from": valid_from}
