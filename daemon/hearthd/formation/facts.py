"""Storing a fact: provenance cap, dedup, supersession and contradiction, bi-temporal history, provenance links.

For a candidate with key (subject, predicate, pool):
- the same object, or a vector above `dedup_similarity` on the same key: support_count + 1, nothing inserted;
- a functional predicate with another current object: a later valid_from closes the old fact (valid_to,
  superseded_by); an equal one cannot be ordered (both kept, both confidences lowered, a review item); an
  earlier one is stored as history, already closed by the current fact;
- otherwise, active facts of the same subject above `contradiction_similarity` go to the judge (the
  generator's one word, or a conservative rule): SAME supports, UPDATE supersedes, CONTRADICT keeps both for
  review, UNRELATED inserts.
Facts never expire by a clock; nothing is deleted here.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..store.tracks import FACTS
from ..store.vectors import encode
from ..store.writer import WriteTx

CONTRADICTION_PENALTY = 0.1
OPPOSITES = {"likes": "dislikes", "dislikes": "likes"}
VERDICTS = ("SAME", "UPDATE", "CONTRADICT", "UNRELATED")


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
    source: str = "formation"
    always_inject: bool = False
    qualifier: str | None = None
    session_id: int | None = None
    turn_ids: list[int] = field(default_factory=list)


@dataclass
class FactRules:
    """The settings and judge a write follows (a snapshot, so one pass applies one set of rules)."""

    functional: frozenset[str]
    dedup_similarity: float = 0.92
    contradiction_similarity: float = 0.75
    inferred_confidence_cap: float = 0.6
    judge: Callable[[str, str], str | None] | None = None  # (new text, old text) -> a verdict or None


def normalise(value: str) -> str:
    value = re.sub(r"[^\w\s]", " ", value.lower())
    return " ".join(w for w in value.split() if w not in ("a", "an", "the"))


def rule_verdict(new: FactIn, old) -> str:
    """Without a generator: only a reversed preference about the very same thing is an update."""
    if OPPOSITES.get(new.predicate) == old["predicate"] and normalise(new.object) == normalise(old["object"]):
        return "UPDATE"
    return "UNRELATED"


def active_fact_texts(conn, subject: str, owner_id: str | None) -> list[tuple[int, str]]:
    """(id, text) of the active facts about subject in one pool."""
    return [
        (r[0], r[1])
        for r in conn.execute(
            "SELECT id, text FROM facts WHERE subject = ? AND owner_id IS ? AND status = 'active'", (subject, owner_id)
        )
    ]


def store_fact(tx: WriteTx, store, fact: FactIn, vector: tuple[str, np.ndarray] | None, rules: FactRules) -> dict:  # noqa: C901
    """Insert, support, supersede or queue for review; the rows it changes are touched for the vector tracks."""
    now = time.time()
    valid_from = fact.valid_from if fact.valid_from is not None else now
    if fact.provenance == "INFERRED":
        fact.confidence = min(fact.confidence, rules.inferred_confidence_cap)
    model, vec = vector if vector else (None, None)
    current = tx.execute(
        "SELECT id, predicate, object, text, valid_from, confidence FROM facts "
        "WHERE subject = ? AND owner_id IS ? AND status = 'active'",
        (fact.subject, fact.owner_id),
    ).fetchall()
    # Through the transaction: a fact stored earlier in it is not in the index until the commit.
    known = store.vectors_of(FACTS, [r["id"] for r in current], model, conn=tx) if vec is not None else {}

    def similarity(row) -> float | None:
        old = known.get(row["id"])
        return None if old is None else float(old @ vec)

    same_key = [r for r in current if r["predicate"] == fact.predicate]
    for row in same_key:
        sim = similarity(row)
        if normalise(row["object"]) == normalise(fact.object) or (sim is not None and sim >= rules.dedup_similarity):
            return _support(tx, row["id"], fact)

    result = {"action": "inserted", "superseded": [], "review": None}
    status, valid_to, superseded_by = "active", None, None
    close: list[int] = []
    contradicts: list[int] = []
    if fact.predicate in rules.functional:
        for row in same_key:
            if valid_from > row["valid_from"]:
                close.append(row["id"])
            elif valid_from == row["valid_from"]:
                contradicts.append(row["id"])
            else:  # said to be true before the current fact: it is history already
                status, valid_to, superseded_by = "superseded", row["valid_from"], row["id"]
                result["action"] = "history"
    else:
        for row in current:
            sim = similarity(row)
            if sim is None or sim < rules.contradiction_similarity:
                continue
            verdict = (rules.judge(fact.text, row["text"]) if rules.judge else None) or rule_verdict(fact, row)
            if verdict == "SAME":
                return _support(tx, row["id"], fact)
            if verdict == "UPDATE":
                (close if valid_from >= row["valid_from"] else contradicts).append(row["id"])
            elif verdict == "CONTRADICT":
                contradicts.append(row["id"])

    confidence = fact.confidence - (CONTRADICTION_PENALTY if contradicts else 0.0)
    new_id = tx.execute(
        "INSERT INTO facts(subject, predicate, object, text, owner_id, provenance, confidence, always_inject, status, "
        "valid_from, valid_to, recorded_at, superseded_by, source, session_id, qualifier, embedding, embed_model) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            fact.subject,
            fact.predicate,
            fact.object,
            fact.text,
            fact.owner_id,
            fact.provenance,
            max(0.0, confidence),
            int(fact.always_inject),
            status,
            valid_from,
            valid_to,
            now,
            superseded_by,
            fact.source,
            fact.session_id,
            fact.qualifier,
            encode(vec) if vec is not None else None,
            model,
        ),
    ).lastrowid
    for old in close:
        tx.execute(
            "UPDATE facts SET status = 'superseded', valid_to = ?, superseded_by = ? WHERE id = ?",
            (valid_from, new_id, old),
        )
    if contradicts:
        tx.execute(
            f"UPDATE facts SET confidence = max(0, confidence - ?) WHERE id IN ({', '.join('?' * len(contradicts))})",
            (CONTRADICTION_PENALTY, *contradicts),
        )
        result["review"] = tx.execute(
            "INSERT INTO review_queue(kind, fact_ids, detail, created_at) VALUES ('contradiction', ?, ?, ?)",
            (json.dumps([new_id, *contradicts]), f"{fact.text!r} contradicts an active fact", now),
        ).lastrowid
        result["action"] = "contradiction"
    _link_turns(tx, new_id, fact.turn_ids)
    tx.touch(FACTS, [new_id, *close])
    result.update(id=new_id, superseded=close, valid_from=valid_from)
    return result


def _support(tx: WriteTx, fact_id: int, fact: FactIn) -> dict:
    tx.execute(
        "UPDATE facts SET support_count = support_count + 1, always_inject = max(always_inject, ?) WHERE id = ?",
        (int(fact.always_inject), fact_id),
    )
    _link_turns(tx, fact_id, fact.turn_ids)
    return {"id": fact_id, "action": "supported", "superseded": [], "review": None}


def _link_turns(tx: WriteTx, fact_id: int, turn_ids: list[int]) -> None:
    """Provenance: the turns a fact came from are linked and pinned (exempt from retention)."""
    if turn_ids:
        tx.executemany(
            "INSERT OR IGNORE INTO fact_turn_link(fact_id, turn_id) VALUES (?, ?)", [(fact_id, t) for t in turn_ids]
        )
        tx.execute(f"UPDATE turns SET pinned = 1 WHERE id IN ({', '.join('?' * len(turn_ids))})", turn_ids)
