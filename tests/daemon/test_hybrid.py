"""Reciprocal Rank Fusion and the recency boost."""

import pytest

from hearthd.memory.hybrid import DAY, METHOD_WEIGHTS, RRF_K, fuse, recency


def test_an_item_found_by_both_tracks_outranks_one_found_by_one():
    ranked = {("turns", "vector"): [(1, 0.9), (2, 0.8)], ("turns", "fts"): [(3, -5.0), (2, -4.0)]}
    hits = fuse(ranked, {}, now=0, half_life_days=30)
    assert hits[0].id == 2
    both = (METHOD_WEIGHTS["vector"] + METHOD_WEIGHTS["fts"]) / (RRF_K + 2)
    assert hits[0].parts["rrf"] == pytest.approx(both)
    assert hits[0].explain()["rrf"] == round(both, 6)
    assert {h.id for h in hits[1:]} == {1, 3}


def test_weights_favour_facts():
    ranked = {("turns", "vector"): [(1, 0.9)], ("facts", "vector"): [(1, 0.9)]}
    hits = fuse(ranked, {}, now=0, half_life_days=30)
    assert [h.track for h in hits] == ["facts", "turns"]
    assert hits[0].score == pytest.approx(1.5 * hits[1].score)


def test_recency_boost_halves_per_half_life_and_never_beats_a_second_track():
    assert recency(0, 30) == 1.0 and recency(30 * DAY, 30) == pytest.approx(0.5)
    now = 1000 * DAY
    ranked = {("turns", "vector"): [(1, 0.9), (2, 0.9)], ("turns", "fts"): [(1, -1.0)]}
    times = {("turns", 1): now - 3650 * DAY, ("turns", 2): now}
    hits = fuse(ranked, times, now, 30)
    assert hits[0].id == 1  # old but found twice
    same_rank = fuse(
        {("turns", "vector"): [(1, 0.9)], ("turns", "fts"): [(2, -1.0)]},
        {("turns", 1): now - 365 * DAY, ("turns", 2): now},
        now,
        30,
    )
    assert same_rank[0].id == 2  # equal evidence: the recent one first


def test_a_limit_keeps_each_tracks_best_as_fusing_everything_does():
    """fuse(limit=k) reads the recency of the candidates that can still reach a track's best k only: the same
    hits as fusing every candidate and keeping each track's first k, with recency deciding close calls."""
    import random

    rng = random.Random(7)
    now = 1000 * DAY
    for _ in range(50):
        ranked, times = {}, {}
        for track in ("turns", "facts", "episodes"):
            for method in ("vector", "fts"):
                ids = rng.sample(range(300), 120)
                ranked[(track, method)] = [(i, 0.0) for i in ids]
                times.update({(track, i): now - rng.uniform(0, 200) * DAY for i in ids})
        everything = fuse(ranked, times, now, 30)
        for k in (1, 10, 25):
            kept: dict[str, int] = {}
            expected = []
            for hit in everything:
                kept[hit.track] = kept.get(hit.track, 0) + 1
                if kept[hit.track] <= k:
                    expected.append((hit.track, hit.id, hit.score))
            assert [(h.track, h.id, h.score) for h in fuse(ranked, times, now, 30, limit=k)] == expected
