"""Importance (spec 4a, from the Aletheia seed): a score per fact from stored, shown inputs; it decides which
source turns retention keeps; recomputed on demand, daily and after a pin; shown by the API and hearthctl."""

from __future__ import annotations

import argparse
import time

import pytest

from hearthd.cli import COMMANDS
from hearthd.forgetting.retention import retention_pass
from hearthd.formation.importance import ImportanceParams, compute, refresh, refresh_all
from hearthd.ops.importance import REFRESHED_AT
from hearthd.settings import Settings
from tests.helpers import form, say, settle

DAY = 86_400.0
NOW = 1_780_000_000.0  # 2026
PARAMS = ImportanceParams()  # the settings' defaults


def fact(**overrides) -> dict:
    row = {
        "id": 1,
        "predicate": "likes",
        "provenance": "USER-STATED",
        "support_count": 1,
        "always_inject": 0,
        "display_text": None,
        "valid_from": NOW,
        "last_used_at": None,
        "recorded_at": NOW,
    }
    return {**row, **overrides}


def score(**overrides) -> float:
    return compute(fact(**overrides), NOW, PARAMS)[0]


# -- the score -----------------------------------------------------------------------------------------
def test_the_defaults_are_the_settings_defaults():
    assert ImportanceParams.from_settings(Settings()) == PARAMS
    assert PARAMS.half_life_days == 180.0 and 0 < PARAMS.protect_threshold < 1


def test_an_allergy_outranks_a_like_and_a_rule_a_note():
    assert score(predicate="allergy") > score(predicate="lives_in") > score(predicate="likes") > score(predicate="note")
    assert score(predicate="rule") > score(predicate="note")
    assert score(predicate="something_new") == score(predicate="likes")  # an unknown predicate: as a like


def test_pin_edit_support_and_provenance_move_it():
    plain = score()
    assert score(always_inject=1) > score(display_text="Alice loves jazz") > plain
    assert score(support_count=2) > plain and score(support_count=3) > score(support_count=2)
    # Support has diminishing returns: each repetition adds less than the one before.
    assert score(support_count=3) - score(support_count=2) < score(support_count=2) - plain
    assert score(provenance="INFERRED") < plain


def test_recency_halves_with_the_half_life_and_a_pin_does_not_decay():
    recent, _ = compute(fact(), NOW, PARAMS)
    _, inputs = compute(fact(valid_from=NOW - 180 * DAY), NOW, PARAMS)
    assert inputs["recency"]["score"] == pytest.approx(0.5)
    assert inputs["recency"]["age_days"] == 180.0
    _, pinned = compute(fact(valid_from=NOW - 900 * DAY, always_inject=1), NOW, PARAMS)
    assert pinned["recency"]["score"] == 1.0 and pinned["recency"]["pinned_does_not_decay"]
    # Using a fact refreshes it: recency runs from the later of stated and last used.
    used, inputs = compute(fact(valid_from=NOW - 900 * DAY, last_used_at=NOW - DAY), NOW, PARAMS)
    assert inputs["recency"]["since"] == "last_used_at" and used == pytest.approx(recent, abs=0.01)


def test_the_inputs_show_why_and_add_up_to_the_score():
    value, inputs = compute(fact(predicate="allergy", support_count=2), NOW, PARAMS)
    assert inputs["formula"] == "importance-v1" and inputs["score"] == value
    parts = ("kind", "recency", "support", "provenance", "user")
    assert sum(inputs[p]["weight"] for p in parts) == pytest.approx(1.0)
    assert sum(inputs[p]["contribution"] for p in parts) == pytest.approx(value, abs=1e-3)
    assert inputs["kind"] == {
        "predicate": "allergy",
        "kind": "safety",
        "score": 1.0,
        "weight": 0.4,
        "contribution": 0.4,
    }
    assert inputs["support"]["support_count"] == 2 and inputs["provenance"]["provenance"] == "USER-STATED"
    assert inputs["user"]["pinned"] is False and inputs["user"]["edited"] is False


def test_the_default_threshold_keeps_what_a_family_would_keep():
    threshold, year = PARAMS.protect_threshold, NOW - 400 * DAY
    # Today, any plain statement is kept, a note and an inferred one too.
    for predicate in ("note", "likes", "lives_in", "allergy"):
        assert score(predicate=predicate) >= threshold, predicate
    assert score(predicate="likes", provenance="INFERRED") >= threshold
    # Over a year on: what matters about a person stays ...
    for predicate in ("allergy", "rule", "name", "family_member", "lives_in", "birthday"):
        assert score(predicate=predicate, valid_from=year) >= threshold, predicate
    assert score(predicate="note", valid_from=year, always_inject=1) >= threshold  # pinned
    assert score(predicate="likes", valid_from=year, support_count=3) >= threshold  # said again and again
    # ... a passing like or an old, unsupported, inferred note does not.
    assert score(predicate="likes", valid_from=year) < threshold
    assert score(predicate="note", valid_from=year, provenance="INFERRED") < 0.2


# -- refresh in a transaction, refresh_all through the writer --------------------------------------------
def _insert_fact(tx, predicate, text, *, valid_from, provenance="USER-STATED", turn_ids=(), owner="alice"):
    fact_id = tx.execute(
        "INSERT INTO facts(subject, predicate, object, text, owner_id, provenance, valid_from, recorded_at) "
        "VALUES ('alice', ?, ?, ?, ?, ?, ?, ?)",
        (predicate, text, text, owner, provenance, valid_from, valid_from),
    ).lastrowid
    for turn_id in turn_ids:  # as formation links and pins a fact's source turns (formation/facts.py)
        tx.execute("INSERT INTO fact_turn_link(fact_id, turn_id) VALUES (?, ?)", (fact_id, turn_id))
        tx.execute("UPDATE turns SET pinned = 1 WHERE id = ?", (turn_id,))
    return fact_id


def _importance(store, fact_id):
    with store.reading() as conn:
        return conn.execute("SELECT importance, importance_inputs FROM facts WHERE id = ?", (fact_id,)).fetchone()


def test_refresh_stores_the_score_and_its_inputs_and_refresh_all_every_current_fact(store):
    now = time.time()
    ids = store.writer.write(
        lambda tx: [
            _insert_fact(tx, "allergy", "alice is allergic to peanuts", valid_from=now),
            _insert_fact(tx, "likes", "alice likes jazz", valid_from=now),
        ]
    )
    assert _importance(store, ids[0])["importance_inputs"] is None  # never computed
    assert store.writer.write(lambda tx: refresh(tx, [ids[0], 999_999], now, PARAMS)) == 1
    row = _importance(store, ids[0])
    assert row["importance"] == compute(fact(predicate="allergy", valid_from=now), now, PARAMS)[0]
    assert '"safety"' in row["importance_inputs"]
    seen = []
    assert refresh_all(store, PARAMS, progress=lambda done, total: seen.append((done, total))) == 2
    assert seen == [(2, 2)]
    assert _importance(store, ids[0])["importance"] > _importance(store, ids[1])["importance"] > 0


# -- retention -----------------------------------------------------------------------------------------
def _turn_ids(daemon, text):
    with daemon.store.reading() as conn:
        return [r[0] for r in conn.execute("SELECT id FROM turns WHERE text = ?", (text,))]


def test_an_old_inferred_notes_turn_ages_out_and_an_allergys_stays(daemon, client):
    old = "2021-03-01T10:00:00Z"
    say(client, ["I'm allergic to peanuts.", "Please remember that when you suggest recipes."], old)
    say(client, ["Maybe the blue vase came from an aunt, I am not sure.", "Anyway, lunch."], old, thread="hall")
    form(client)
    settle(daemon)
    allergy = next(f for f in client.facts("alice") if f["predicate"] == "allergy")
    (vase_turn,) = _turn_ids(daemon, "Maybe the blue vase came from an aunt, I am not sure.")
    (allergy_turn,) = _turn_ids(daemon, "I'm allergic to peanuts.")
    with daemon.store.reading() as conn:
        linked = {r[0] for r in conn.execute("SELECT turn_id FROM fact_turn_link WHERE fact_id = ?", (allergy["id"],))}
        vase_session = conn.execute("SELECT valid_from FROM facts WHERE id = ?", (allergy["id"],)).fetchone()[0]
    assert allergy_turn in linked
    # The uncertain remark, kept as an inferred note linked to the turn it came from.
    note = daemon.store.writer.write(
        lambda tx: _insert_fact(
            tx,
            "note",
            "alice thinks the blue vase came from an aunt",
            valid_from=vase_session,
            provenance="INFERRED",
            turn_ids=[vase_turn],
        )
    )
    client.set_setting("memory.retention_window_days", 30)
    deleted = daemon.retention_pass()  # the daily recompute runs first
    assert deleted >= 1
    rows = {f["id"]: f for f in client.importance(limit=100)["facts"]}
    assert (
        rows[allergy["id"]]["protects_turns"] and rows[allergy["id"]]["importance_inputs"]["kind"]["kind"] == "safety"
    )
    assert rows[note]["importance"] < 0.2 and not rows[note]["protects_turns"]
    with daemon.store.reading() as conn:
        kept = {r[0] for r in conn.execute("SELECT id FROM turns")}
        links = conn.execute("SELECT fact_id, turn_id FROM fact_turn_link").fetchall()
        fts = conn.execute("SELECT count(*) FROM turn_fts WHERE turn_fts MATCH 'vase'").fetchone()[0]
        facts = {r[0] for r in conn.execute("SELECT id FROM facts")}
    assert allergy_turn in kept and vase_turn not in kept
    assert (note, vase_turn) not in [tuple(r) for r in links] and (allergy["id"], allergy_turn) in [
        tuple(r) for r in links
    ]
    assert fts == 0 and not any("vase" in t["text"] for t in client.recall("blue vase aunt")["turns"])
    assert {note, allergy["id"]} <= facts  # facts never expire by a clock: the note stays, without its turn


def test_a_pin_keeps_the_turn_and_an_unscored_fact_keeps_it_until_scored(daemon, client):
    old = time.time() - 400 * DAY
    say(client, ["A like said long ago: I like the smell of rain.", "Yes."], "2021-01-01T10:00:00Z", reply=False)
    form(client)
    (turn,) = _turn_ids(daemon, "A like said long ago: I like the smell of rain.")
    like = daemon.store.writer.write(
        lambda tx: _insert_fact(tx, "likes", "alice likes the smell of rain", valid_from=old, turn_ids=[turn])
    )
    client.set_setting("memory.retention_window_days", 30)
    # Not scored yet (importance_inputs NULL): kept, whatever the default 0 says.
    retention_pass(daemon.store, daemon.settings)
    assert _turn_ids(daemon, "A like said long ago: I like the smell of rain.") == [turn]
    client.pin(like)  # pinned: the like is now important enough
    client.recompute_importance(like)
    assert client.importance(like)["protects_turns"] is True
    retention_pass(daemon.store, daemon.settings)
    assert _turn_ids(daemon, "A like said long ago: I like the smell of rain.") == [turn]
    client.pin(like, False)
    client.recompute_importance(like)
    assert client.importance(like)["protects_turns"] is False
    retention_pass(daemon.store, daemon.settings)
    assert _turn_ids(daemon, "A like said long ago: I like the smell of rain.") == []


# -- the operation, the listings, hearthctl, the daily pass --------------------------------------------------
def test_recompute_after_a_pin_raises_it_and_listings_show_the_inputs(daemon, client):
    stored = client.remember("I like jazz", speaker="alice")["fact"]
    answer = client.recompute_importance(stored["id"])
    assert answer["updated"] == 1 and answer["fact"]["importance_inputs"]["user"]["pinned"] is False
    before = answer["fact"]["importance"]
    client.pin(stored["id"])
    after = client.recompute_importance(stored["ref"])["fact"]
    assert after["importance"] > before and after["importance_inputs"]["user"]["pinned"] is True
    assert after["importance_inputs"]["recency"]["pinned_does_not_decay"] is True
    # The fact listings carry the score and its inputs.
    listed = next(f for f in client.facts("alice") if f["id"] == stored["id"])
    assert listed["importance"] == after["importance"] and listed["importance_inputs"]["kind"]["predicate"] == "likes"
    shown = client.importance(stored["id"])
    assert shown["fact"]["importance"] == after["importance"] and shown["threshold"] == PARAMS.protect_threshold
    every = client.recompute_importance()
    assert every["updated"] >= 1 and every["fact"] is None
    event = [e for e in daemon.events.recent if e["type"] == "importance.recomputed"][-1]
    assert event["data"] == {"updated": every["updated"], "fact": None}


def test_an_unknown_fact_is_a_404(client):
    from hearthd.api.client import HearthError

    for call in (lambda: client.importance(424242), lambda: client.recompute_importance("fact:424242")):
        with pytest.raises(HearthError) as err:
            call()
        assert err.value.status == 404


def test_hearthctl_importance_shows_the_score_and_its_inputs(daemon, client):
    stored = client.remember("I am allergic to penicillin", speaker="alice")["fact"]
    cmd = COMMANDS["importance"]

    def run(**kw):
        args = argparse.Namespace(**{"fact": None, "recompute": False, "limit": 50, **kw})
        return cmd.show(cmd.run(client, args))

    text = run(fact=str(stored["id"]), recompute=True)
    assert text.startswith("recomputed 1 fact(s)")
    for word in ("importance", "kind", "allergy (safety)", "recency", "support", "provenance", "USER-STATED", "user"):
        assert word in text, word
    assert "keeps its source turns" in text
    assert stored["ref"] in run()  # the ranking
    assert "recomputed" in run(recompute=True)


def test_the_daily_pass_recomputes_once_a_day_and_after_the_half_life_changes(daemon, client):
    stored = client.remember("I like tea", speaker="alice")["fact"]
    importance = daemon.ops.importance
    now = time.time()
    assert importance.refresh_if_due(now) >= 1
    assert daemon.store.meta(REFRESHED_AT) is not None
    assert importance.refresh_if_due(now + 3600) == 0  # not a day yet
    first = client.importance(stored["id"])["fact"]["importance"]
    client.set_setting("memory.importance_half_life_days", 1.0)
    assert importance.refresh_if_due(now + 7200) >= 1  # the setting changed: due again
    assert client.importance(stored["id"])["fact"]["importance_inputs"]["recency"]["half_life_days"] == 1.0
    assert importance.refresh_if_due(now + 2 * DAY) >= 1
    later = client.importance(stored["id"])["fact"]["importance"]
    assert later < first  # two half-lives later, recency has decayed
