"""Reading turns in their conversation (session neighbours, named speakers) and one-method recall."""

import time

import pytest

from hearthd.formation.ledger import TurnIn
from hearthd.memory.hybrid import NEIGHBOUR_SHARE, RRF_K, SPEAKER_BOOST, TurnContext, fuse, turns_that_may_lead
from hearthd.memory.scope import EVERYTHING, scope_for
from hearthd.memory.search import Filters
from tests.helpers import settle


def test_a_turn_gets_a_share_of_its_neighbours_score():
    ranked = {("turns", "fts"): [(10, -5.0), (20, -4.0)]}
    plain = {h.id: h for h in fuse(ranked, {}, now=0, half_life_days=30)}
    ctx = TurnContext(neighbours={10: (11,), 20: (21,)})
    hits = {h.id: h for h in fuse(ranked, {}, now=0, half_life_days=30, turn_context=ctx)}
    assert set(hits) == {10, 11, 20, 21}  # the reply to a matching turn becomes a candidate
    assert hits[11].parts["rrf"] == pytest.approx(NEIGHBOUR_SHARE * plain[10].parts["rrf"])
    assert hits[10].score == plain[10].score  # a turn's own score is unchanged without matching neighbours


@pytest.mark.parametrize("seed", range(20))
def test_reading_the_context_of_the_turns_that_may_lead_only_changes_no_result(seed):
    import random

    rng = random.Random(seed)
    ranked = {
        ("turns", "vector"): [(i, 0.0) for i in rng.sample(range(1, 400), 100)],
        ("turns", "fts"): [(i, 0.0) for i in rng.sample(range(1, 400), rng.choice((5, 100)))],
        ("facts", "vector"): [(i, 0.0) for i in range(1, 30)],
    }
    candidates = {i for (track, _), items in ranked.items() if track == "turns" for i, _ in items}
    session = {i: i // rng.choice((3, 8)) for i in range(0, 402)}
    named_speaker = {i for i in range(402) if rng.random() < 0.2} if seed % 2 else set()
    now = 1000 * 86_400.0
    times = {("turns", i): now - rng.uniform(0, 90) * 86_400 for i in range(402)}

    def context(read):  # as turn_context() reads it: the rows of `read` and their neighbours
        rows = read | {i + d for i in read for d in (-1, 1)}
        near = {i: tuple(j for j in (i - 1, i + 1) if session[j] == session[i]) for i in read}
        return TurnContext({i: js for i, js in near.items() if js}, frozenset(candidates & rows & named_speaker))

    for k in (1, 5, 10, 25):
        every = fuse(ranked, times, now, 30, context(candidates), limit=k)
        some = fuse(ranked, times, now, 30, context(turns_that_may_lead(ranked, k, bool(named_speaker))), limit=k)
        assert [(h.track, h.id, h.score) for h in some] == [(h.track, h.id, h.score) for h in every]


def test_turns_by_a_named_speaker_are_boosted():
    ranked = {("turns", "vector"): [(1, 0.9), (2, 0.8)]}
    hits = fuse(ranked, {}, now=0, half_life_days=30, turn_context=TurnContext(named=frozenset({2})))
    assert [h.id for h in hits] == [2, 1]
    assert hits[0].parts["speaker_named"] is True
    assert hits[0].score == 1.0 / (RRF_K + 2) * (1 + SPEAKER_BOOST)


def _commit(daemon, thread, speaker, texts, t0):
    return daemon.ops.conversation.commit_turns(
        [
            TurnIn(thread=thread, role="user", text=text, speaker=speaker, band="high", ts=t0 + 5 * i)
            for i, text in enumerate(texts)
        ]
    )["turns"]


def test_recall_reads_neighbours_and_speakers_and_one_method_alone(daemon):
    t0 = time.time() - 3600
    recs = _commit(
        daemon,
        "kitchen",
        "alice",
        ["Did you book the dentist for the kids?", "Yes, Thursday at nine, I put it on the fridge calendar."],
        t0,
    )
    _commit(daemon, "office", "bob", ["The dentist sent a reminder about the invoice."], t0 + 600)
    settle(daemon)
    out = daemon.recaller.search_all("dentist kids", Filters(EVERYTHING), k=10)
    ids = [t["id"] for t in out["turns"]]
    assert recs[1]["id"] in ids  # the answer, found through its question
    reply = next(t for t in out["turns"] if t["id"] == recs[1]["id"])
    assert reply["parts"]["neighbours"] > 0 and set(reply) >= {"id", "text", "score", "parts"}
    named = daemon.recaller.search_all("what did bob say about the dentist", Filters(EVERYTHING), k=10)
    assert named["turns"][0]["speaker_id"] == "bob"
    fts_only = daemon.recaller.search_all("dentist", Filters(EVERYTHING), k=10, methods=("fts",))
    assert fts_only["vector_search"] is False
    assert all("vector_rank" not in t["parts"] for t in fts_only["turns"])
    vec_only = daemon.recaller.search_all("dentist", Filters(EVERYTHING), k=10, methods=("vector",))
    assert all("fts_rank" not in t["parts"] for t in vec_only["turns"])


def test_a_neighbour_outside_the_scope_is_never_added(daemon):
    t0 = time.time() - 3600
    recs = _commit(daemon, "kitchen", "alice", ["Where is the spare key for the shed?"], t0)
    recs += _commit(daemon, "kitchen", "bob", ["Under the blue flowerpot by the back door."], t0 + 5)
    settle(daemon)
    assert recs[0]["session_id"] == recs[1]["session_id"]
    out = daemon.recaller.search_all("spare key shed", Filters(scope_for("alice", "high")), k=10)
    assert recs[1]["id"] not in {t["id"] for t in out["turns"]}
    everyone = daemon.recaller.search_all("spare key shed", Filters(EVERYTHING), k=10)
    assert recs[1]["id"] in {t["id"] for t in everyone["turns"]}


def test_fts5_keeps_a_querys_rarest_words_within_the_match_budget_and_the_keyword_index_every_word(daemon, monkeypatch):
    from hearthd.memory import search
    from hearthd.store.tracks import TRACKS

    monkeypatch.setattr(search, "FTS_MATCH_BUDGET", 5)
    t0 = time.time() - 3600
    _commit(daemon, "kitchen", "alice", [f"Remind me to water plant number {i}" for i in range(8)], t0)
    dentist = _commit(daemon, "office", "bob", ["The dentist appointment moved to Friday"], t0 + 600)
    settle(daemon)
    turns, filters = TRACKS["turns"], Filters(EVERYTHING)
    counts = search.WordCounts(daemon.store)
    assert counts.budget(turns) == 5
    assert counts.count(turns, "dentist", 5) == 1 and counts.count(turns, "remind", 5) == 6  # up to budget + 1
    assert counts.count(turns, "remind", 10) == 8  # a larger budget counts again
    assert counts.within_budget(turns, ["remind", "dentist", "friday"]) == ["dentist", "friday"]
    hits, _ = search.sqlite_fts_search(daemon.store, turns, ["remind", "dentist"], 10, filters, counts)
    assert [i for i, _ in hits] == [dentist[0]["id"]]  # "remind" no longer pulls in every reminder
    alone, _ = search.sqlite_fts_search(daemon.store, turns, ["remind"], 10, filters, counts)
    assert len(alone) == 8  # the rarest word stays, however common
    monkeypatch.setattr(search, "FTS_MATCH_SHARE", 1.0)  # a budget of the track's rows: every word
    assert counts.within_budget(turns, ["remind", "dentist"]) == ["remind", "dentist"]
    without, _ = search.sqlite_fts_search(daemon.store, turns, ["remind", "dentist"], 10, filters)
    assert len(without) == 9
    # The keyword index (searched once loaded) has no budget: every word, ranked as FTS5 ranks them all.
    assert "turns" in daemon.store.keywords
    indexed, _ = search.fts_search(daemon.store, turns, "remind dentist", 10, filters, counts)
    assert [i for i, _ in indexed] == [i for i, _ in without]
    assert [s for _, s in indexed] == pytest.approx([s for _, s in without], rel=1e-9)


def test_a_question_naming_a_speaker_also_searches_that_speakers_turns_alone(daemon):
    from hearthd.memory.hybrid import METHOD_WEIGHTS, NAMED, named_weights

    t0 = time.time() - 86_400
    # many turns by others that match the question's words as well as hers does, and come first
    for i in range(0, 150, 30):
        _commit(daemon, "lounge", "bob", [f"The holiday plan {j} is still open" for j in range(i, i + 30)], t0 + i)
    hers = _commit(daemon, "kitchen", "alice", ["For the holiday I would love to see Lisbon"], t0 + 3600)
    settle(daemon)
    question = "where does Alice want to go on holiday"
    found = daemon.recaller.search_all(question, Filters(EVERYTHING), k=10)
    first = found["turns"][0]
    assert first["id"] == hers[0]["id"] and "fts_named_rank" in first["parts"]
    assert daemon.recaller.said_share({"alice"}) == pytest.approx(1 / 151)
    without_name = daemon.recaller.search_all("where to go on holiday", Filters(EVERYTHING), k=10)
    assert hers[0]["id"] not in {t["id"] for t in without_name["turns"]}  # the 150 others come first
    # A speaker who said half of the memory: the keyword list over their turns would only repeat the global one.
    assert named_weights(0.5) == {"vector" + NAMED: 0.5 * METHOD_WEIGHTS["vector"], "fts" + NAMED: 0.0}
    assert named_weights(0.0) == {"vector" + NAMED: METHOD_WEIGHTS["vector"], "fts" + NAMED: METHOD_WEIGHTS["fts"]}
