"""Formation on scripted conversations: sessions end, facts are distilled, superseded, supported and linked,
episodes are written and linked, and what must form nothing forms nothing."""

import json

import pytest

from hearthd.formation.quality import quality_problem
from hearthd.timeutil import parse_time, resolve_time_hint
from tests.helpers import form, say, settle, wait_for


def results(daemon) -> list[dict]:
    """What forming each session produced, in session order."""
    with daemon.store.reading() as conn:
        rows = conn.execute("SELECT formation_result FROM sessions ORDER BY id").fetchall()
    return [json.loads(r[0]) for r in rows]


def active(client, speaker="alice", predicate=None):
    return [f for f in client.facts(speaker=speaker) if predicate is None or f["predicate"] == predicate]


def test_a_move_supersedes_the_old_home_and_history_answers_as_of(daemon, client):
    say(client, ["Good morning!", "I live in Lisbon with my family.", "I work as a nurse."], "2026-01-10T09:00:00Z")
    form(client)
    assert [f["object"] for f in active(client, predicate="lives_in")] == ["Lisbon"]
    say(client, ["Big news today.", "We moved to Porto last month.", "The new flat is lovely."], "2026-05-10T09:00:00Z")
    form(client)
    homes = active(client, predicate="lives_in")
    assert [f["object"] for f in homes] == ["Porto"]
    history = [f for f in client.facts(speaker="alice", history=True) if f["predicate"] == "lives_in"]
    lisbon = next(f for f in history if f["object"] == "Lisbon")
    assert lisbon["status"] == "superseded" and lisbon["valid_to"] is not None
    assert lisbon["valid_to"] < "2026-05-10"  # "last month": the move happened before it was told
    before = [f["object"] for f in client.facts(speaker="alice", as_of="2026-03-01") if f["predicate"] == "lives_in"]
    assert before == ["Lisbon"]
    after = [f["object"] for f in client.facts(speaker="alice", as_of="2026-05-01") if f["predicate"] == "lives_in"]
    assert after == ["Porto"]


def test_a_chain_of_three_moves_leaves_only_the_last_active(daemon, client):
    for city, ts in (("Lisbon", "2025-01-05"), ("Porto", "2025-06-05"), ("Braga", "2026-02-05")):
        say(client, [f"I live in {city} now.", "It is a nice place to be."], f"{ts}T10:00:00Z")
        form(client)
    homes = [f for f in client.facts(speaker="alice", history=True) if f["predicate"] == "lives_in"]
    assert [(f["object"], f["status"]) for f in homes] == [
        ("Lisbon", "superseded"),
        ("Porto", "superseded"),
        ("Braga", "active"),
    ]
    by_city = {f["object"]: f for f in homes}
    with daemon.store.reading() as conn:
        rows = dict(conn.execute("SELECT object, superseded_by FROM facts").fetchall())
    assert rows["Lisbon"] == by_city["Porto"]["id"] and rows["Porto"] == by_city["Braga"]["id"]


def test_a_statement_repeated_across_sessions_bumps_support(daemon, client):
    say(
        client,
        ["I'm allergic to peanuts.", "Please remember that when you suggest recipes for dinner."],
        "2026-02-01T12:00:00Z",
    )
    form(client)
    say(
        client,
        ["Just so you know, I'm allergic to peanuts.", "Thanks for checking the ingredients of that cake."],
        "2026-03-01T12:00:00Z",
    )
    form(client)
    allergies = active(client, predicate="allergy")
    assert len(allergies) == 1
    with daemon.store.reading() as conn:
        row = conn.execute("SELECT support_count FROM facts WHERE id = ?", (allergies[0]["id"],)).fetchone()
        assert row[0] == 2
        # Both source turns are linked and pinned.
        links = conn.execute(
            "SELECT count(*) FROM fact_turn_link l JOIN turns t ON t.id = l.turn_id "
            "WHERE l.fact_id = ? AND t.pinned = 1",
            (allergies[0]["id"],),
        ).fetchone()[0]
    assert links == 2


def test_forming_is_idempotent(daemon, client):
    say(
        client,
        ["I live in Lisbon.", "I love jazz music, especially the old records from the fifties."],
        "2026-02-01T12:00:00Z",
    )
    form(client)
    session = results(daemon)[0]["session"]
    assert daemon.former.form(session).as_dict() == {"session": session, "skipped": "already formed"}
    assert form(client)["formed"] == []
    assert len(active(client)) == 2


def test_anonymous_cleared_and_trivial_sessions_form_nothing(daemon, client):
    daemon.sweeper.stop()  # only the explicit pass below, so the session is cleared before it forms
    long = "and I love the old jazz records from the fifties very much"
    say(client, ["I live in Lisbon.", long], "2026-02-01T12:00:00Z", speaker=None)
    say(client, ["I live in Paris.", long], "2026-02-01T12:00:00Z", thread="cleared")
    daemon.store.writer.write(
        lambda tx: tx.execute(
            "UPDATE sessions SET cleared = 1 WHERE thread_id = (SELECT id FROM threads WHERE key = 'cleared')"
        )
    )
    say(client, ["Thanks, that's all."], "2026-02-01T12:00:00Z", thread="short")
    form(client)
    reasons = sorted(r["reason"] for r in results(daemon))
    assert reasons == ["anonymous", "cleared", "gated"]
    gated = next(r for r in results(daemon) if r["reason"] == "gated")
    assert gated["detail"] == "1 user turn, 3 words, no statement to learn"
    with daemon.store.reading() as conn:
        assert conn.execute("SELECT count(*) FROM facts").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM episodes").fetchone()[0] == 0
        unformed = conn.execute("SELECT count(*) FROM sessions WHERE formed_at IS NULL").fetchone()[0]
    assert unformed == 0


def test_a_medium_band_voice_never_creates_a_personal_fact(daemon, client):
    client.set_setting("speakers.uncertain_facts", "household")  # the old default: into everyone's pool
    say(
        client,
        ["I live in Lisbon.", "I love jazz music, especially the old records from the fifties."],
        "2026-02-01T12:00:00Z",
        band="medium",
    )
    form(client)
    with daemon.store.reading() as conn:
        rows = conn.execute("SELECT owner_id, subject FROM facts").fetchall()
    assert rows and all(r["owner_id"] is None for r in rows)
    client.set_setting("speakers.uncertain_facts", "nowhere")
    say(
        client,
        ["I live in Faro.", "I love fado music, especially the old records from the fifties."],
        "2026-03-01T12:00:00Z",
        band="medium",
    )
    form(client)
    with daemon.store.reading() as conn:
        assert conn.execute("SELECT count(*) FROM facts WHERE object = 'Faro'").fetchone()[0] == 0


def test_episodes_are_written_linked_and_recalled(daemon, client):
    say(
        client,
        [
            "We are planning the garden party for Saturday.",
            "The garden party needs a big tent.",
            "We should invite the neighbours to the garden party.",
        ],
        "2026-04-01T10:00:00Z",
    )
    say(
        client,
        ["More about the garden party on Saturday.", "The tent for the garden party is booked."],
        "2026-04-03T10:00:00Z",
    )
    form(client)
    episodes = [r["episode"] for r in results(daemon)]
    assert len(episodes) == 2 and all(episodes)
    with daemon.store.reading() as conn:
        first, second = conn.execute(
            "SELECT id, headline, summary, participants, owner_id, started_at, ended_at FROM episodes ORDER BY id"
        ).fetchall()
        assert "garden party" in first["headline"].lower() and json.loads(first["participants"]) == ["alice"]
        assert first["owner_id"] == "alice" and first["started_at"] < first["ended_at"]
        links = conn.execute("SELECT episode_id, related_id FROM episode_links").fetchall()
    assert (second["id"], first["id"]) in [tuple(r) for r in links]
    settle(daemon)
    found = client.recall("garden party tent", k=5)["episodes"]
    assert {e["id"] for e in found} == {first["id"], second["id"]}


def test_facts_link_to_their_episode(daemon, client):
    say(
        client,
        ["I work as a teacher at the primary school.", "My sister Maria is visiting next week."],
        "2026-04-01T10:00:00Z",
    )
    form(client)
    out = results(daemon)[0]
    with daemon.store.reading() as conn:
        linked = conn.execute(
            "SELECT fact_id FROM fact_episode_link WHERE episode_id = ?", (out["episode"],)
        ).fetchall()
    assert {r[0] for r in linked} == {f["id"] for f in out["facts"]} and linked


def test_the_sweeper_forms_idle_sessions_by_itself(daemon, client):
    client.set_setting("memory.coupling_window_seconds", 120)  # the lines are a minute apart
    client.set_setting("memory.formation_grace_seconds", 0)
    say(
        client,
        ["I live in Coimbra.", "I love hiking in the hills around the city with my friends."],
        "2026-01-01T10:00:00Z",
    )  # idle for long
    wait_for(lambda: active(client, predicate="lives_in"), timeout=30, what="the sweeper to form the session")
    assert client.formation()["backlog"] == 0


def test_remember_goes_through_the_same_rules(daemon, client):
    client.remember("I live in Lisbon", speaker="alice", valid_from="2025-01-01")
    client.remember("We moved to Porto", speaker="alice", valid_from="2026-01-01")
    assert [f["object"] for f in active(client, predicate="lives_in")] == ["Porto"]
    with pytest.raises(Exception, match="not stored"):
        client.remember("ok", speaker="alice")
    # a daydream is not a note: nothing is stored and nothing changes; an arrangement with "if" is kept
    with pytest.raises(Exception, match="imagines"):
        client.remember("if we went over to Perth I'd try for a job at Fiona Stanley", speaker="alice")
    client.remember("if I'm late on Fridays the kids have their tea at Gran's", speaker="alice")
    assert [f["object"] for f in active(client, predicate="lives_in")] == ["Porto"]
    assert any("tea at Gran's" in f["object"] for f in active(client, predicate="note"))


@pytest.mark.parametrize(
    "text,problem",
    [
        ("alice lives in Porto", None),
        ("too short", "words"),
        ("x " * 41, "words"),
        ("a" * 150 + " b c " + "d" * 60, "characters"),
        ("alice likes (jazz", "brackets"),
        ('alice said "hi', "quotes"),
        ("alice likes def foo(): return", "code"),
        ("from os.path import join as j", "code"),
        ("From this term Elodie is at Millbrook Academy instead.", None),  # a sentence that starts with "From"
        ("Import duties on cars went up again.", None),
        ("The user said they like jazz", "narrates"),
    ],
)
def test_quality_gate(text, problem):
    found = quality_problem(text)
    assert (found is None) if problem is None else (problem in found)


def test_time_hints():
    said = parse_time("2026-05-10T12:00:00Z")
    day = 86_400
    assert resolve_time_hint(None, said) == said
    assert resolve_time_hint("last month", said) == said - 30 * day
    assert resolve_time_hint("three weeks ago", said) == said - 21 * day
    assert resolve_time_hint("in 2019", said) == parse_time("2019-01-01")
    assert resolve_time_hint("since March", said) == parse_time("2026-03-01")
    assert resolve_time_hint("since November", said) == parse_time("2025-11-01")
    assert resolve_time_hint("in 2031", said) == said  # the future is not a past start
