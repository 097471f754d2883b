"""Importance (from the Aletheia seed): per fact, a score between 0 and 1 that is a weighted sum of stored
inputs, every one of them kept beside the score (facts.importance_inputs) so a person can see why it came out
as it did.

    kind        0.40  what the predicate is about: an allergy (safety) or a rule 1, a name, a family member,
                      a home or a birthday 0.8, a job 0.65, a like 0.4, a note 0.3 (catalogue's "kind" first)
    recency     0.20  halves every `memory.importance_half_life_days` since the fact was stated or last
                      used, whichever is later; a pinned fact does not decay
    support     0.15  how often it was said again: 1 - 0.5^(support_count - 1), so 0, 0.5, 0.75, ...
    provenance  0.10  USER-STATED 1, INFERRED 0.3
    user        0.15  pinned 1, edited (display text) 0.6, neither 0

It orders the pinned card and what context keeps when it must drop facts, and a fact at or above
`memory.importance_protect_threshold` keeps its source turns out of retention (forgetting/retention.py).
`refresh` recomputes some facts inside a caller's write transaction (formation, remember, pin, edit);
`refresh_all` recomputes every current fact (on demand, and daily before the retention pass).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..timeutil import iso
from .extraction.model import INFERRED, load_catalogue

FORMULA = "importance-v1"
DAY = 86_400.0
BATCH = 500

WEIGHTS = {"kind": 0.40, "recency": 0.20, "support": 0.15, "provenance": 0.10, "user": 0.15}

# By the catalogue's "kind" (resources/predicates.json), which wins over the predicate's own weight.
KIND_SCORES = {"safety": 1.0, "rule": 1.0}
# By predicate; the relation predicates of the entities (parent_of, ...) rank with the family.
PREDICATE_SCORES = {
    "allergy": 1.0,
    "rule": 1.0,
    "name": 0.8,
    "family_member": 0.8,
    "birthday": 0.8,
    "lives_in": 0.8,
    "parent_of": 0.8,
    "child_of": 0.8,
    "spouse_of": 0.8,
    "partner_of": 0.8,
    "sibling_of": 0.8,
    "diet": 0.75,
    "pet": 0.7,
    "anniversary": 0.7,
    "appointment": 0.65,
    "works_as": 0.65,
    "works_at": 0.65,
    "schedule": 0.6,
    "routine": 0.5,
    "owns": 0.5,
    "speaks": 0.5,
    "likes": 0.4,
    "dislikes": 0.4,
    "note": 0.3,
}
UNKNOWN_PREDICATE = 0.4
PROVENANCE_SCORES = {"USER-STATED": 1.0, INFERRED: 0.3}
PINNED, EDITED = 1.0, 0.6

# The columns compute() reads.
COLUMNS = "id, predicate, provenance, support_count, always_inject, display_text, valid_from, last_used_at, recorded_at"


def _catalogue_kinds() -> dict[str, str]:
    return {p["name"]: p["kind"] for p in load_catalogue() if p.get("kind")}


CATALOGUE_KINDS = _catalogue_kinds()


@dataclass(frozen=True)
class ImportanceParams:
    half_life_days: float = 180.0
    protect_threshold: float = 0.35

    @classmethod
    def from_settings(cls, settings) -> ImportanceParams:
        return cls(
            half_life_days=float(settings["memory.importance_half_life_days"]),
            protect_threshold=float(settings["memory.importance_protect_threshold"]),
        )


def _part(weight_of: str, score: float, **shown: Any) -> dict:
    weight = WEIGHTS[weight_of]
    return {**shown, "score": round(score, 4), "weight": weight, "contribution": round(weight * score, 4)}


def kind_score(predicate: str) -> tuple[str | None, float]:
    """(the catalogue's kind or None, the predicate's kind score)."""
    kind = CATALOGUE_KINDS.get(predicate)
    if kind in KIND_SCORES:
        return kind, KIND_SCORES[kind]
    return kind, PREDICATE_SCORES.get(predicate, UNKNOWN_PREDICATE)


def compute(row, now: float, params: ImportanceParams) -> tuple[float, dict]:
    """(score in 0..1, its inputs) from a facts row (a mapping with COLUMNS)."""
    predicate = row["predicate"]
    kind, kind_value = kind_score(predicate)
    pinned = bool(row["always_inject"])
    edited = row["display_text"] is not None
    stated = row["valid_from"] if row["valid_from"] is not None else row["recorded_at"]
    used = row["last_used_at"]
    since, since_what = (used, "last_used_at") if used is not None and used > stated else (stated, "valid_from")
    age_days = max(0.0, (now - since) / DAY)
    recency = 1.0 if pinned else 0.5 ** (age_days / params.half_life_days)
    support_count = max(1, int(row["support_count"] or 1))
    provenance = row["provenance"]
    user = PINNED if pinned else EDITED if edited else 0.0
    parts = {
        "kind": _part("kind", kind_value, predicate=predicate, kind=kind),
        "recency": _part(
            "recency",
            recency,
            since=since_what,
            at=iso(since),
            age_days=round(age_days, 1),
            half_life_days=params.half_life_days,
            **({"pinned_does_not_decay": True} if pinned else {}),
        ),
        "support": _part("support", 1.0 - 0.5 ** (support_count - 1), support_count=support_count),
        "provenance": _part("provenance", PROVENANCE_SCORES.get(provenance, 1.0), provenance=provenance),
        "user": _part("user", user, pinned=pinned, edited=edited),
    }
    score = sum(WEIGHTS[name] * part["score"] for name, part in parts.items())
    score = round(min(1.0, max(0.0, score)), 4)
    if math.isnan(score):  # a corrupt row never makes a NaN that compares false against the threshold
        score = 0.0
    inputs = {"formula": FORMULA, "computed_at": iso(now), "score": score, **parts}
    return score, inputs


def _chunks(ids: list[int], size: int = BATCH) -> Iterable[list[int]]:
    for i in range(0, len(ids), size):
        yield ids[i : i + size]


def refresh(tx, fact_ids: Iterable[int], now: float, params: ImportanceParams) -> int:
    """Recompute and store the importance of these facts, inside the caller's write transaction (anything with
    execute/executemany like sqlite3). Returns how many rows were updated (unknown ids are skipped)."""
    ids = sorted({int(i) for i in fact_ids})
    updated = 0
    for chunk in _chunks(ids):
        rows = tx.execute(f"SELECT {COLUMNS} FROM facts WHERE id IN ({', '.join('?' * len(chunk))})", chunk)
        values = []
        for row in rows.fetchall():
            score, inputs = compute(row, now, params)
            values.append((score, json.dumps(inputs, sort_keys=True), row["id"]))
        if values:
            tx.executemany("UPDATE facts SET importance = ?, importance_inputs = ? WHERE id = ?", values)
            updated += len(values)
    return updated


def refresh_all(
    store,
    params: ImportanceParams,
    progress: Callable[[int, int], None] | None = None,
    now: float | None = None,
) -> int:
    """Recompute every current fact (status active, dismissed ones too so a restore shows a current score), in
    batches through the store's writer; `progress(done, total)` after each batch. Returns the count."""
    now = time.time() if now is None else now
    with store.reading() as conn:
        ids = [r[0] for r in conn.execute("SELECT id FROM facts WHERE status = 'active' ORDER BY id")]
    done = 0
    for chunk in _chunks(ids):
        done += store.writer.write(lambda tx, chunk=chunk: refresh(tx, chunk, now, params))
        if progress is not None:
            progress(done, len(ids))
    return done


def inputs_of(raw: str | None) -> dict | None:
    """The stored inputs (facts.importance_inputs) as a dict; None when never computed."""
    if not raw:
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return None
