"""The memory browser's endpoints: paged listings with filters and totals, an episode's related episodes and
source facts, a fact's history and where it came from, memory growth per day."""

import pytest

from hearthd.api.client import HearthError
from tests.helpers import form, hearthctl_in_process, say


def test_pages_of_facts_turns_and_episodes_with_filters_and_totals(daemon, client):
    for i in range(25):
        client.remember(
            f"The spare key number {i} is under pot {i}",
            speaker="alice" if i % 2 else None,
            subject=f"key {i}",
            predicate="located_at",
            object=f"pot {i}",
        )
    first = client.memory_page("facts", limit=10)
    assert first["total"] == 25 and len(first["items"]) == 10
    rest = client.memory_page("facts", offset=10, limit=100)["items"]
    ids = [f["id"] for f in first["items"] + rest]
    assert len(set(ids)) == 25 and ids == sorted(ids, reverse=True)  # newest first, no row twice

    assert client.memory_page("facts", pool="personal")["total"] == 12
    assert client.memory_page("facts", pool="household")["total"] == 13
    assert client.memory_page("facts", speaker="alice")["total"] == 12
    found = client.memory_page("facts", q="number 7 is")["items"]
    assert [f["text"] for f in found] == ["The spare key number 7 is under pot 7"]
    assert client.memory_page("facts", q="100%")["total"] == 0  # LIKE wildcards are literal

    client.dismiss(found[0]["ref"])
    assert client.memory_page("facts")["total"] == 24
    dismissed = client.memory_page("facts", status="dismissed")["items"]
    assert [f["id"] for f in dismissed] == [found[0]["id"]] and dismissed[0]["dismissed"] is True
    assert client.memory_page("facts", status="all")["total"] == 25

    say(
        client,
        ["We are planning the garden party for Saturday.", "The garden party needs a big tent."],
        "2026-04-01T10:00:00Z",
    )
    turns = client.memory_page("turns", speaker="alice")
    assert turns["total"] == 2 and all(t["speaker_id"] == "alice" for t in turns["items"])
    assert client.memory_page("turns", since="2026-04-01T10:00:30Z")["total"] == 2  # line 2 and its reply
    assert client.memory_page("turns", until="2026-04-01T10:00:30Z")["total"] == 2

    with pytest.raises(HearthError) as err:
        client.memory_page("turns", status="superseded")
    assert err.value.status == 400
    with pytest.raises(HearthError) as err:
        client.memory_page("facts", limit=100_000)
    assert err.value.status == 422
    with pytest.raises(HearthError) as err:
        client.memory_page("people")
    assert err.value.status == 422


def test_fact_history_and_as_of(daemon, client):
    client.remember("I live in Lisbon", speaker="alice", valid_from="2020-01-01T00:00:00Z")
    moved = client.remember("I live in Porto", speaker="alice", valid_from="2024-06-01T00:00:00Z")["fact"]
    history = client.fact_history(moved["ref"])
    assert [(f["object"], f["status"]) for f in history] == [("Lisbon", "superseded"), ("Porto", "active")]
    then = client.memory_page("facts", as_of="2022-01-01T00:00:00Z")["items"]
    assert [f["object"] for f in then] == ["Lisbon"]
    assert [f["object"] for f in client.memory_page("facts", status="superseded")["items"]] == ["Lisbon"]
    with pytest.raises(HearthError) as err:
        client.fact_history("fact:999")
    assert err.value.status == 404


def test_episode_detail_names_related_episodes_and_source_facts(daemon, client):
    say(
        client,
        [
            "We are planning the garden party for Saturday.",
            "The garden party needs a big tent.",
            "I work as a teacher at the primary school.",
        ],
        "2026-04-01T10:00:00Z",
    )
    say(
        client,
        ["More about the garden party on Saturday.", "The tent for the garden party is booked."],
        "2026-04-03T10:00:00Z",
    )
    form(client)
    episodes = client.memory_page("episodes")["items"]
    assert len(episodes) == 2
    older = client.episode(episodes[1]["id"])
    assert [e["id"] for e in older["related"]] == [episodes[0]["id"]]  # linked from the newer one
    assert any("teacher" in f["text"] for f in older["facts"]) and older["turns"] == 6
    with pytest.raises(HearthError) as err:
        client.episode(999)
    assert err.value.status == 404


def test_a_facts_sources_are_the_sentences_it_was_formed_from_and_their_conversation(
    daemon, client, monkeypatch, capsys
):
    say(
        client,
        ["Good morning.", "We are planning the garden party for Saturday.", "I work as a teacher at the school."],
        "2026-04-01T10:00:00Z",
    )
    form(client)
    fact = next(f for f in client.facts("alice") if f["predicate"] == "works_as")
    sources = client.fact_sources(fact["ref"])
    assert sources["fact"]["id"] == fact["id"] and sources["thread"] == "kitchen"
    assert [(t["text"], t["speaker"]) for t in sources["turns"]] == [("I work as a teacher at the school.", "alice")]
    said = [(t["speaker"], t["text"], t["source"]) for t in sources["conversation"]]
    assert said[0] == ("alice", "Good morning.", False) and len(said) == 6  # the whole short conversation
    assert ("alice", "I work as a teacher at the school.", True) in said and said[1][0] == "assistant"
    assert len(sources["episodes"]) == 1 and sources["source"] == "formation"
    code, out, _err = hearthctl_in_process(daemon, monkeypatch, capsys)("sources", fact["ref"])
    assert code == 0 and "said by alice" in out and "> alice: I work as a teacher at the school." in out

    told = client.remember("The bins go out on Thursday")["fact"]
    direct = client.fact_sources(told["id"])
    assert direct["turns"] == [] and direct["conversation"] == [] and direct["source"] == "remember"
    with pytest.raises(HearthError) as err:
        client.fact_sources("fact:999")
    assert err.value.status == 404


def test_growth_counts_rows_per_day(daemon, client):
    import time

    from hearthd.timeutil import iso

    now = time.time()
    client.commit_turns(
        [
            {"thread": "t", "role": "user", "text": "hello there", "ts": iso(now - 86400 * 2)},
            {"thread": "t", "role": "user", "text": "hello again", "ts": iso(now)},
        ]
    )
    client.remember("The wifi password is on the fridge")
    days = client.growth(30)
    assert sum(d["turns"] for d in days) == 2 and sum(d["facts"] for d in days) == 1
    assert len([d for d in days if d["turns"]]) == 2 and days == sorted(days, key=lambda d: d["day"])
    assert client.growth(1) and sum(d["turns"] for d in client.growth(1)) <= 1
