"""The in-memory keyword index: ranked as FTS5 ranks every word, in step with every write and erase."""

from __future__ import annotations

import time

import numpy as np
import pytest

from hearthd.memory import search
from hearthd.memory.scope import EVERYTHING, scope_for
from hearthd.memory.search import Filters
from hearthd.store.keywords import KeywordTrack, terms_of, tokens
from hearthd.store.tracks import TRACKS, TURNS
from hearthd.store.vectors import VectorFilter
from tests.daemon.test_search_quality import _commit
from tests.helpers import settle

SAID = [
    ("alice", "Emma's dentist appointment moved to Friday at nine."),
    ("bob", "Remind me to water the plants, the ferns especially."),
    ("alice", "We're going to the café in Zürich on Sunday; Emma wants to go too."),
    ("carol", "The bins go out on Thursday evening, the recycling every other week."),
    ("bob", "Biscuit the dog has a vet appointment on Tuesday."),
    ("alice", "I can't stand coriander, it tastes of soap to me."),
    ("carol", "The wifi_password is taped under the router."),
    ("bob", "Going, going, gone: the old sofa went to the charity shop."),
    ("alice", "Remind me: dentist, then pharmacy, then the school run."),
    ("carol", "Tom drives the kids to school on Mondays and Wednesdays."),
]
QUESTIONS = [
    "when is the dentist",
    "dentist appointment",
    "where are we going on Sunday",
    "cafe zurich",
    "what day do the bins go out",
    "vet appointment for Biscuit",
    "remind me about the plants",
    "wifi password",
    "who drives the kids to school",
    "coriander",
    "nothing matches this",
]


def _said(daemon):
    t0 = time.time() - 3600
    ids = []
    for i, (speaker, text) in enumerate(SAID):
        ids += [t["id"] for t in _commit(daemon, f"room{i % 3}", speaker, [text], t0 + 60 * i)]
    settle(daemon)
    return ids, t0


def _same_as_fts5(daemon, filters, k=10):
    for question in QUESTIONS:
        words = search.query_words(question)
        indexed, times = search.fts_search(daemon.store, TURNS, question, k, filters)
        every_word, fts_times = search.sqlite_fts_search(daemon.store, TURNS, words, k, filters)
        assert [i for i, _ in indexed] == [i for i, _ in every_word], question
        assert [s for _, s in indexed] == pytest.approx([s for _, s in every_word], rel=1e-9), question
        assert times == pytest.approx(fts_times), question


def test_the_keyword_index_ranks_every_word_as_fts5_does(daemon):
    ids, t0 = _said(daemon)
    assert len(daemon.store.keywords["turns"]) == len(ids)
    _same_as_fts5(daemon, Filters(EVERYTHING))
    _same_as_fts5(daemon, Filters(EVERYTHING), k=2)  # ties at the cut: the lower id first, as FTS5 orders them
    _same_as_fts5(daemon, Filters(scope_for("alice", "high")))
    _same_as_fts5(daemon, Filters(EVERYTHING, since=t0 + 150, until=t0 + 450))
    _same_as_fts5(daemon, Filters(EVERYTHING, participants=("bob",)))  # checked in SQL
    # the same tokens as FTS5's unicode61 + porter: diacritics folded, the underscore splits, stems match
    assert tokens("Café in Zürich, wifi_password") == ["cafe", "in", "zurich", "wifi", "password"]
    assert terms_of(["going", "go", "appointments"]) == ["go", "go", "appoint"]


def test_every_change_reaches_the_keyword_index_at_once(daemon):
    ids, _ = _said(daemon)
    kt = daemon.store.keywords["turns"]

    def found(text, filters=None):
        filters = filters or Filters(EVERYTHING)
        return {i for i, _ in search.fts_search(daemon.store, TURNS, text, 10, filters)[0]}

    assert ids[5] in found("coriander")
    daemon.ops.curation.dismiss(f"turn:{ids[5]}", "admin")
    assert ids[5] not in kt and not found("coriander")

    def edit(tx):
        tx.execute("UPDATE turns SET text = 'The spare key is under the blue flowerpot.' WHERE id = ?", (ids[1],))
        tx.touch(TURNS, [ids[1]])

    daemon.store.writer.write(edit)
    assert found("flowerpot") == {ids[1]} and ids[1] not in found("ferns")

    def hand_over(tx):  # a row moved to another pool: the pool filter follows
        tx.execute("UPDATE turns SET owner_id = 'bob' WHERE id = ?", (ids[6],))
        tx.touch(TURNS, [ids[6]])

    daemon.store.writer.write(hand_over)
    assert ids[6] in found("wifi password", Filters(scope_for("bob", "high")))
    assert ids[6] not in found("wifi password", Filters(scope_for("alice", "high")))

    daemon.ops.forgetting.erase("match", "Biscuit", "admin")
    assert ids[4] not in kt and not found("biscuit")
    # kept in step, it is the index built afresh (live rows only: FTS5 also counts the dismissed row)
    with daemon.store.reading() as conn:
        fresh = daemon.store.load_keyword_tracks(conn)["turns"]
    for question in QUESTIONS + ["flowerpot", "ferns", "wifi"]:
        terms = terms_of(search.query_words(question))
        assert kt.search(terms, 10) == fresh.search(terms, 10), question


def test_history_views_search_fts5_for_rows_the_index_does_not_hold(daemon):
    ids, _ = _said(daemon)
    daemon.ops.curation.dismiss(f"turn:{ids[5]}", "admin")
    hits, _ = search.fts_search(daemon.store, TURNS, "coriander", 10, Filters(EVERYTHING, include_inactive=True))
    assert [i for i, _ in hits] == [ids[5]]


def test_compacting_the_dead_slots_keeps_every_answer():
    texts = {i: f"row {i} talks about {'dentist' if i % 7 else 'garden'} and item{i % 50}" for i in range(12000)}
    kt = KeywordTrack("turns")
    kt.upsert_many(list(texts), list(texts.values()), [i % 4 for i in texts], [float(i) for i in texts])
    for i in texts:
        if i % 3:
            kt.remove(i)  # past the dead limit: compacted on the way
    for i in range(0, 600, 3):
        texts[i] = f"row {i} is about the garden now"
        kt.upsert(i, texts[i], i % 4, float(i))
    assert kt._slots < 12000  # compacted at least once
    fresh = KeywordTrack("turns")
    kept = [i for i in texts if i % 3 == 0]
    fresh.upsert_many(kept, [texts[i] for i in kept], [i % 4 for i in kept], [float(i) for i in kept])
    where = VectorFilter(owners=frozenset({1, 3}), since=100.0)
    for terms in (["garden"], ["dentist", "item7"], ["row", "garden", "item9"]):
        assert kt.search(terms, 25, where) == fresh.search(terms, 25, where)
    assert len(kt) == len(fresh) == 4000


def test_a_search_leaves_nothing_behind_for_the_next():
    """Several words' scores are summed in an array kept between searches: each search finds it clear,
    whatever the one before matched, and one that failed half-way does not count in the next."""
    texts = {i: f"{['garden', 'dentist', 'bins'][i % 3]} on day {i % 7} with item{i % 5}" for i in range(300)}
    kt = KeywordTrack("turns")
    kt.upsert_many(list(texts), list(texts.values()), [0] * 300, [float(i) for i in texts])
    queries = (["garden", "day", "item3"], ["bins", "item3"], ["garden", "day", "item3"], ["dentist", "garden"])
    first = {tuple(q): kt.search(q, 20) for q in queries}
    for q in reversed(queries):
        assert kt.search(q, 20) == first[tuple(q)]

    garden = np.flatnonzero([i % 3 == 0 for i in range(300)]).astype(np.int32)
    with pytest.raises(IndexError):  # the first word summed, the second's slot out of range
        kt._summed([(garden, np.ones(len(garden))), (np.array([10**6], dtype=np.int32), np.ones(1))])
    assert kt.search(["garden", "day", "item3"], 20) == first[("garden", "day", "item3")]


def test_a_write_committed_while_the_index_loads_is_searched(store, monkeypatch):
    real_load = store.load_keyword_tracks

    def add(text):
        def write(tx):
            thread = tx.execute("INSERT INTO threads(key, created_at) VALUES (?, 0)", (text,)).lastrowid
            session = tx.execute(
                "INSERT INTO sessions(thread_id, started_at, last_turn_at) VALUES (?, 0, 0)", (thread,)
            ).lastrowid
            row = tx.execute(
                "INSERT INTO turns(thread_id, session_id, role, text, ts, created_at) VALUES (?, ?, 'user', ?, 1, 0)",
                (thread, session, text),
            ).lastrowid
            tx.touch(TURNS, [row])
            return row

        return store.writer.write(write)

    before = add("the attic ladder is broken")

    def slow_load(conn):
        loaded = real_load(conn)  # the state before the write below
        add("the attic light needs a bulb")
        return loaded

    monkeypatch.setattr(store, "load_keyword_tracks", slow_load)
    store.load_keywords()
    assert before in store.keywords["turns"]
    assert len(store.keywords["turns"].search(["attic"], 10)) == 2  # replayed onto the loaded index


def test_a_failed_refresh_rebuilds_the_keyword_index_too(store, monkeypatch):
    store.load_keywords()
    real = store._refresh
    monkeypatch.setattr(store, "_refresh", lambda *args: 1 / 0)

    def write(tx):
        thread = tx.execute("INSERT INTO threads(key, created_at) VALUES ('k', 0)").lastrowid
        session = tx.execute("INSERT INTO sessions(thread_id, started_at, last_turn_at) VALUES (?, 0, 0)", (thread,))
        row = tx.execute(
            "INSERT INTO turns(thread_id, session_id, role, text, ts, created_at) "
            "VALUES (?, ?, 'user', 'gutter', 1, 0)",
            (thread, session.lastrowid),
        ).lastrowid
        tx.touch(TURNS, [row])
        return row

    row = store.writer.write(write)
    assert row not in store.keywords["turns"]
    assert store.status()["rebuild_pending"] == ["keywords", "turns"]
    monkeypatch.setattr(store, "_refresh", real)
    assert store.rebuild_tracks() == ["turns", "keywords"]
    assert row in store.keywords["turns"] and store.status()["rebuild_pending"] == []
    assert set(TRACKS) == set(store.keywords)
