"""Hybrid fusion: Reciprocal Rank Fusion of the per-track ranked lists plus a recency half-life boost.

The weights are the seed's: turn 1.0, fact 1.5, episode 1.0; within a track, a keyword rank weighs 1.5x a vector
rank (METHOD_WEIGHTS). The rank constant is not the seed's k = 60 but RRF_K (see there). The boost
multiplies the fused score by at most (1 + RECENCY_BOOST), so an item found by two tracks still outranks one
found by a single track at the same ranks.

Turns are read in their conversation: a turn gets NEIGHBOUR_SHARE of the fused score of the better of the turns
right before and after it in its session (an answer is often split between a question and its reply: "did you
go?" / "yes, last Sunday"), up to just below that neighbour's own score; and a turn by a speaker the query names
("what did Alice say about the dentist") is multiplied by (1 + SPEAKER_BOOST).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

# The rank constant: a smaller k lets the first ranks of each list count for more against many middling ones.
# Measured on LoCoMo dev (hybrid recall@10; bench/results/locomo.md): k 60 (the seed's) 73.0, 30 74.0, 20 74.9,
# 15 75.0, 10 74.7: a plateau from 10 to 20, and 15 its middle. Chosen on those questions (there is no held-out
# LoCoMo set here); the 100k-turn haystack was measured after, with it.
RRF_K = 15
WEIGHTS = {"turns": 1.0, "facts": 1.5, "episodes": 1.0}
# Within a track a keyword match counts 1.5x a vector neighbour: with the small bundled model, BM25 alone beats
# the dense ranking by ten points of LoCoMo recall@10 (bench/results/locomo.md), so the fusion leans on it.
METHOD_WEIGHTS = {"vector": 1.0, "fts": 1.5}
# A question that names a speaker also searches that speaker's turns alone (recall.py): a method's list there
# is named METHOD + NAMED and weighs as its method does, so a turn in both lists sums both ranks.
NAMED = "_named"
# How much those lists weigh depends on how much of the memory the named speakers said (`share`): a list over
# a few speakers among many years of turns finds what the whole memory's lists miss, one over half of the memory
# mostly repeats them. The keyword list repeats them soonest (bm25 ranks the same rows the same way in both), so
# it weighs nothing once the speakers said NAMED_KEYWORD_SHARE of the turns; the vector list, whose global
# ranking is noisier, still adds its part. Measured on LoCoMo (bench/results/locomo*.md): its conversations
# alone (each speaker says half of the turns) and in a 100k-turn memory.
NAMED_KEYWORD_SHARE = 0.25


def named_weights(share: float) -> dict[str, float]:
    """The weights of the named-speaker lists when the named speakers said `share` of the track's turns."""
    share = min(1.0, max(0.0, share))
    return {
        "vector" + NAMED: METHOD_WEIGHTS["vector"] * (1.0 - share),
        "fts" + NAMED: METHOD_WEIGHTS["fts"] * max(0.0, 1.0 - share / NAMED_KEYWORD_SHARE),
    }


RECENCY_BOOST = 0.25
DAY = 86_400.0
NEIGHBOUR_SHARE = 0.5
NEIGHBOUR_CAP = 0.95
SPEAKER_BOOST = 0.5


@dataclass
class TurnContext:
    """For the turn candidates: their admissible neighbours in the same session, and the turns by a speaker
    the query names."""

    neighbours: dict[int, tuple[int, ...]] = field(default_factory=dict)
    named: frozenset[int] = frozenset()


@dataclass
class Hit:
    track: str
    id: int
    score: float = 0.0
    parts: dict = field(default_factory=dict)  # how the score came about, unrounded (see explain())

    def explain(self) -> dict:
        """The parts as shown to people and clients: floats rounded (only for the hits returned)."""
        return {k: round(v, 6) if isinstance(v, float) else v for k, v in self.parts.items()}


def recency(age_seconds: float, half_life_days: float) -> float:
    """1 for now, 0.5 after one half-life; future times count as now."""
    return 0.5 ** (max(0.0, age_seconds) / (half_life_days * DAY))


def fuse(
    ranked: dict[tuple[str, str], list[tuple[int, float]]],
    times: dict[tuple[str, int], float],
    now: float,
    half_life_days: float,
    turn_context: TurnContext | None = None,
    limit: int | None = None,
    weights: dict[str, float] | None = None,
) -> list[Hit]:
    """ranked: (track, method) -> [(id, raw score)] best first, method 'vector' or 'fts'. The hits best first;
    with a limit, only the best `limit` of each track (scores are plain floats until then: a query fuses
    hundreds of candidates to return a few). `weights`: method weights for this query (named_weights)."""
    rrf, found = _rrf(ranked, weights)
    context = _read_in_context(rrf, turn_context) if turn_context is not None else {}
    scored = []
    for key, value in _contenders(rrf, limit):
        ts = times.get(key)
        boost = recency(now - ts, half_life_days) if ts is not None else 0.0
        scored.append((-value * (1.0 + RECENCY_BOOST * boost), key, boost))
    scored.sort()  # ties in a stable order: by track, then id
    hits, taken = [], {}
    for negative, key, boost in scored:
        if limit is not None:
            if taken.get(key[0], 0) >= limit:
                continue
            taken[key[0]] = taken.get(key[0], 0) + 1
        parts: dict = {"rrf": rrf[key]}
        for method, rank, raw in found.get(key, ()):
            parts[f"{method}_rank"] = rank
            parts["similarity" if method.startswith("vector") else "bm25"] = raw
        parts.update(context.get(key, {}))
        parts["recency"] = boost
        hits.append(Hit(key[0], key[1], -negative, parts))
    return hits


def _contenders(rrf: dict[tuple[str, int], float], limit: int | None) -> list[tuple[tuple[str, int], float]]:
    """The (key, fused score) that can be among the best `limit` of their track once recency is counted: it
    raises a score by at most (1 + RECENCY_BOOST), so one whose score times that stays under the track's
    limit-th score cannot (a query fuses hundreds of candidates for ten hits a track)."""
    if not limit:
        return list(rrf.items())
    by_track: dict[str, list[float]] = {}
    for (track, _), value in rrf.items():
        by_track.setdefault(track, []).append(value)
    floor = {
        track: heapq.nlargest(limit, values)[-1] if len(values) > limit else 0.0 for track, values in by_track.items()
    }
    return [(key, value) for key, value in rrf.items() if value * (1.0 + RECENCY_BOOST) >= floor[key[0]]]


def _rrf(
    ranked: dict[tuple[str, str], list[tuple[int, float]]], weights: dict[str, float] | None = None
) -> tuple[dict, dict]:
    """({(track, id): fused rank score}, {(track, id): [(method, rank, raw score)]})."""
    rrf: dict[tuple[str, int], float] = {}
    found: dict[tuple[str, int], list[tuple[str, int, float]]] = {}
    for (track, method), items in ranked.items():
        weight = WEIGHTS[track] * (weights or {}).get(method, METHOD_WEIGHTS.get(method, 0.0))
        for rank, (row_id, raw) in enumerate(items, start=1):
            key = (track, row_id)
            rrf[key] = rrf.get(key, 0.0) + weight / (RRF_K + rank)
            found.setdefault(key, []).append((method, rank, raw))
    return rrf, found


def turns_that_may_lead(
    ranked: dict[tuple[str, str], list[tuple[int, float]]],
    k: int,
    speaker_named: bool,
    weights: dict[str, float] | None = None,
) -> set[int]:
    """The turn candidates whose context (neighbours, speaker) can change the best k turns. Context and
    recency only raise a score, and a turn lifted by a neighbour stays below it; so a candidate whose score,
    boosted as far as it can be, stays under the k-th score neither enters the best k nor lifts a turn into
    them, and reading the others' context (a large memory gives hundreds of candidates) changes nothing."""
    turns = {key: items for key, items in ranked.items() if key[0] == "turns"}
    scores = sorted(((score, row_id) for (_, row_id), score in _rrf(turns, weights)[0].items()), reverse=True)
    if len(scores) <= k:
        return {row_id for _, row_id in scores}
    kth = scores[k - 1][0]
    most = (1.0 + RECENCY_BOOST) * ((1.0 + SPEAKER_BOOST) if speaker_named else 1.0)
    return {row_id for score, row_id in scores if score * most >= kth}


def _read_in_context(rrf: dict[tuple[str, int], float], ctx: TurnContext) -> dict[tuple[str, int], dict]:
    """Spread each turn's fused score to its session neighbours, then boost the named speakers' turns (in rrf);
    returns the parts this adds to each hit's explanation."""
    base = {row_id: score for (track, row_id), score in rrf.items() if track == "turns"}
    best: dict[int, float] = {}  # the better neighbour counts: of two adjacent hits, the stronger stays first
    for row_id, score in base.items():
        for other in ctx.neighbours.get(row_id, ()):
            best[other] = max(best.get(other, 0.0), score)
    parts: dict[tuple[str, int], dict] = {}
    for row_id, score in best.items():
        key = ("turns", row_id)
        own = rrf.get(key, 0.0)
        # Context lifts a turn towards its neighbour, never past it: the turn that matched stays first.
        lifted = max(own, min(own + NEIGHBOUR_SHARE * score, NEIGHBOUR_CAP * score))
        rrf[key] = lifted
        parts[key] = {"neighbours": lifted - own}
    for row_id in ctx.named:
        key = ("turns", row_id)
        if key in rrf:
            rrf[key] *= 1.0 + SPEAKER_BOOST
            parts.setdefault(key, {})["speaker_named"] = True
    return parts
