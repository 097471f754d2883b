"""Dismiss and restore, pin, edit, promote, the review queue, and the audit log of all of them."""

import pytest

from hearthd.api.client import HearthError
from tests.helpers import settle


def seed(daemon, client):
    fact = client.remember("I am allergic to peanuts", speaker="alice")["fact"]
    client.commit_turns(
        [
            {
                "thread": "kitchen",
                "role": "user",
                "speaker": "alice",
                "text": "The plumber comes on Thursday about the leaking peanut butter jar",
            }
        ]
    )
    settle(daemon)
    turn = client.recall("plumber Thursday")["turns"][0]
    return fact, turn


def test_dismissed_items_leave_every_read_surface_and_restored_ones_return(daemon, client):
    fact, turn = seed(daemon, client)
    client.dismiss(fact["ref"], reason="wrong, it was hazelnuts")
    client.dismiss(turn["ref"])
    assert client.recall("peanuts allergic")["facts"] == []
    assert client.recall("plumber Thursday")["turns"] == []
    assert "peanuts" not in client.context("peanuts allergy", speaker="alice")["preamble"]
    assert all(f["id"] != fact["id"] for f in client.facts(speaker="alice"))
    assert turn["text"] not in [m["text"] for m in client.window("kitchen")["turns"]]
    listed = client.dismissed()
    assert {d["ref"] for d in listed} == {fact["ref"], turn["ref"]}
    assert next(d for d in listed if d["ref"] == fact["ref"])["reason"] == "wrong, it was hazelnuts"
    # Nothing was deleted.
    with daemon.store.reading() as conn:
        assert conn.execute("SELECT count(*) FROM facts").fetchone()[0] == 1

    client.restore(fact["ref"])
    client.restore(turn["ref"])
    assert [f["id"] for f in client.recall("peanuts allergic")["facts"]] == [fact["id"]]
    top = client.recall("plumber Thursday")["turns"][0]
    assert top["id"] == turn["id"] and "vector_rank" in top["parts"]  # back in the vector track too
    assert client.dismissed() == []
    actions = [(e["action"], e["target"], e["actor"]) for e in client.audit(action=None)][:4]
    assert actions == [
        ("restore", turn["ref"], "admin"),
        ("restore", fact["ref"], "admin"),
        ("dismiss", turn["ref"], "admin"),
        ("dismiss", fact["ref"], "admin"),
    ]


def test_episodes_can_be_dismissed(daemon, client):
    client.commit_turns(
        [
            {
                "thread": "den",
                "role": "user",
                "speaker": "alice",
                "ts": "2026-01-01T10:00:00Z",
                "text": "We are planning the garden party for Saturday with a big tent and music.",
            },
            {
                "thread": "den",
                "role": "user",
                "speaker": "alice",
                "ts": "2026-01-01T10:01:00Z",
                "text": "Invite the neighbours to the garden party too, they love the music.",
            },
        ]
    )
    client.form_now(end_open=True)
    settle(daemon)
    episode = client.recall("garden party")["episodes"][0]
    client.dismiss(episode["ref"])
    assert client.recall("garden party")["episodes"] == []
    client.restore(episode["ref"])
    assert client.recall("garden party")["episodes"][0]["id"] == episode["id"]


def test_pin_edit_and_promote(daemon, client):
    fact, _turn = seed(daemon, client)
    client.pin(fact["ref"])
    assert "alice is allergic to peanuts" in client.context("what's the weather", speaker="alice")["preamble"]
    client.edit_fact(fact["id"], "Alice: severe peanut allergy (carries an EpiPen)")
    ctx = client.context("what's the weather", speaker="alice")["preamble"]
    assert "Alice: severe peanut allergy (carries an EpiPen)" in ctx and "alice is allergic" not in ctx
    assert client.recall("allergic peanuts")["facts"][0]["text"] == "Alice: severe peanut allergy (carries an EpiPen)"
    client.edit_fact(fact["id"], None)
    assert client.facts(speaker="alice")[0]["text"] == "alice is allergic to peanuts"
    client.pin(fact["ref"], False)
    assert "peanut" not in client.context("what's the weather", speaker="alice")["preamble"]

    assert client.recall("allergic peanuts", speaker="bob")["facts"] == []
    client.promote(fact["ref"])
    assert [f["id"] for f in client.recall("allergic peanuts", speaker="bob")["facts"]] == [fact["id"]]
    actions = [e["action"] for e in client.audit() if e["target"] == fact["ref"]]
    assert actions == ["promote", "unpin", "edit", "edit", "pin"]


def test_a_contradiction_waits_for_review_and_is_decided(daemon, client):
    client.remember("I live in Lisbon", speaker="alice", valid_from="2026-01-01")
    client.remember("I live in Porto", speaker="alice", valid_from="2026-01-01")  # same day: cannot be ordered
    items = client.review()
    assert len(items) == 1 and items[0]["kind"] == "contradiction"
    facts = {f["object"]: f for f in client.facts(speaker="alice")}
    assert set(facts) == {"Lisbon", "Porto"}
    assert all(f["status"] == "active" for f in facts.values())
    with daemon.store.reading() as conn:
        conf = dict(conn.execute("SELECT object, confidence FROM facts").fetchall())
    assert conf == {"Lisbon": pytest.approx(0.9), "Porto": pytest.approx(0.9)}

    client.resolve_review(items[0]["id"], "accept", keep=facts["Porto"]["id"])
    assert [f["object"] for f in client.facts(speaker="alice")] == ["Porto"]
    lisbon = next(f for f in client.facts(speaker="alice", history=True) if f["object"] == "Lisbon")
    assert lisbon["status"] == "superseded" and lisbon["superseded_by"] == facts["Porto"]["id"]
    assert client.review() == []
    assert client.review(resolved=True)[0]["resolution"] == f"accept fact:{facts['Porto']['id']}"
    with pytest.raises(HearthError, match="already resolved"):
        client.resolve_review(items[0]["id"], "keep_both")


def test_bad_references_change_nothing(daemon, client):
    seed(daemon, client)
    for ref, status in (("fact:999", 404), ("turn:x", 422), ("banana:1", 400), ("fact:", 422)):
        with pytest.raises(HearthError) as err:
            client.dismiss(ref)
        assert err.value.status in (status, 400, 422), ref
    with pytest.raises(HearthError) as err:
        client.pin("episode:1")
    assert err.value.status == 400
    assert client.dismissed() == []
    assert [e for e in client.audit() if e["action"] in ("dismiss", "pin")] == []


def test_the_assistant_token_cannot_curate(daemon):
    assistant = daemon.client("assistant")
    for call in (lambda: assistant.dismiss("fact:1"), lambda: assistant.audit(), lambda: assistant.review()):
        with pytest.raises(HearthError) as err:
            call()
        assert err.value.status == 403
