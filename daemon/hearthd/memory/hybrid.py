"""Hybrid fusion: Reciprocal Rank Fusion of the per-track ranked lists plus a recency half-life boost.

The constants are fixed (as in the seed): k = 60, weights turn 1.0, fact 1.5, episode 1.0. The boost
multiplies the fused score by at most (1 + RECENCY_BOOST), so an item found by two tracks still outranks one
found by a single track at the same ranks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RRF_K = 60
WEIGHTS = {"turns": 1.0, "facts": 1.5, "episodes": 1.0}
RECENCY_BOOST = 0.25
DAY = 86_400.0


@dataclass
class Hit:
    track: str
    id: int
    score: float = 0.0
    parts: dict = field(default_factory=dict)


def recency(age_seconds: float, half_life_days: float) -> float:
    """1 for now, 0.5 after one half-life; future times count as now."""
    return 0.5 ** (max(0.0, age_seconds) / (half_life_days * DAY))


def fuse(ranked: dict[tuple[str, str], list[tuple[int, float]]], times: dict[tuple[str, int], float],
         now: float, half_life_days: float) -> list[Hit]:
    """ranked: (track, method) -> [(id, raw score)] best first, method 'vector' or 'fts'."""
    hits: dict[tuple[str, int], Hit] = {}
    for (track, method), items in ranked.items():
        weight = WEIGHTS[track]
        for rank, (row_id, raw) in enumerate(items, start=1):
            hit = hits.setdefault((track, row_id), Hit(track, row_id, parts={"rrf": 0.0}))
            hit.parts["rrf"] += weight / (RRF_K + rank)
            hit.parts[f"{method}_rank"] = rank
            hit.parts["similarity" if method == "vector" else "bm25"] = round(raw, 4)
    for key, hit in hits.items():
        ts = times.get(key)
        boost = recency(now - ts, half_life_days) if ts is not None else 0.0
        hit.parts["recency"] = round(boost, 4)
        hit.score = hit.parts["rrf"] * (1.0 + RECENCY_BOOST * boost)
        hit.parts["rrf"] = round(hit.parts["rrf"], 6)
    return sorted(hits.values(), key=lambda h: (-h.score, h.track, h.id))  # ties in a stable order
