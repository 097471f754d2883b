"""The recall tools: off until enabled, answered in the identified speaker's scope, nothing for anonymous
callers; and privacy as a property over random households."""

import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearthd.api.client import HearthError
from hearthd.tools.dispatch import ANSWER_TOKENS, RELEVANCE_ORDER, tokens
from tests.helpers import make_daemon, settle


def enable(client):
    client.set_setting("tools.enabled", True)


def test_tools_are_off_until_enabled(daemon, client):
    assistant = daemon.client("assistant")
    assert assistant.tools() == {"enabled": False, "tools": []}
    with pytest.raises(HearthError) as err:
        assistant.call_tool("recall_memory", {"query": "x"}, speaker="alice")
    assert err.value.status == 403
    enable(client)
    names = [t["function"]["name"] for t in assistant.tools()["tools"]]
    assert names == ["recall_memory", "expand_episode", "get_related_episodes", "clear_context"]


def test_recall_tool_answers_in_the_callers_scope(daemon, client):
    enable(client)
    client.remember("I am allergic to penicillin", speaker="alice")
    client.remember("The spare key is under the blue pot")
    settle(daemon)
    assistant = daemon.client("assistant")

    def facts(**kw):
        return {
            f["text"]
            for f in assistant.call_tool("recall_memory", {"query": "allergic penicillin spare key"}, **kw)["facts"]
        }

    assert facts(speaker="alice") == {"alice is allergic to penicillin", "The spare key is under the blue pot"}
    assert facts(speaker="alice", band="medium") == {"The spare key is under the blue pot"}
    assert facts(speaker="bob") == {"The spare key is under the blue pot"}
    assert facts() == set()  # an anonymous caller gets nothing
    client.dismiss("fact:2")
    assert facts(speaker="bob") == set()
    with pytest.raises(HearthError) as err:
        assistant.call_tool("recall_memory", {"query": "x", "evil": 1}, speaker="bob")
    assert err.value.status == 400


def test_episode_tools_and_clear_context(daemon, client):
    enable(client)
    for day in ("01", "03"):
        client.commit_turns(
            [
                {
                    "thread": "den",
                    "role": "user",
                    "speaker": "alice",
                    "ts": f"2026-04-{day}T10:00:00Z",
                    "text": "We are planning the garden party for Saturday with a big tent.",
                },
                {
                    "thread": "den",
                    "role": "user",
                    "speaker": "alice",
                    "ts": f"2026-04-{day}T10:01:00Z",
                    "text": "I love jazz, so the garden party should have a jazz band.",
                },
            ]
        )
        client.form_now(end_open=True)
    settle(daemon)
    assistant = daemon.client("assistant")
    found = assistant.call_tool("recall_memory", {"query": "garden party"}, speaker="alice")["episodes"]
    first, second = sorted(e["id"] for e in found)
    expanded = assistant.call_tool("expand_episode", {"episode_id": first}, speaker="alice")
    assert expanded["participants"] == ["alice"] and len(expanded["turns"]) == 2
    assert [f["text"] for f in expanded["facts"]] == ["alice loves jazz"]
    related = assistant.call_tool("get_related_episodes", {"episode_id": second}, speaker="alice")
    assert [e["id"] for e in related["episodes"]] == [first]
    for who in ({"speaker": "bob"}, {}):  # alice's personal episode is not there for anyone else
        with pytest.raises(HearthError) as err:
            assistant.call_tool("expand_episode", {"episode_id": first}, **who)
        assert err.value.status == 404
    client.commit_turns([{"thread": "den", "role": "user", "speaker": "alice", "text": "forget this chat"}])
    assert assistant.call_tool("clear_context", {}, speaker="alice") == {"cleared": True, "conversations": 1}


# -- privacy as a property ------------------------------------------------------------------------------------

PEOPLE = ["ana", "ben", "cleo", "dev"]
THINGS = ["penicillin", "peanuts", "shellfish", "latex", "pollen", "dust", "cats", "gluten"]
BANDS = ["high", "medium", "greeting", "none"]

household = st.fixed_dictionaries(
    {
        "people": st.lists(st.sampled_from(PEOPLE), min_size=2, max_size=4, unique=True),
        "facts": st.lists(
            st.tuples(st.sampled_from(PEOPLE), st.sampled_from(THINGS), st.sampled_from(BANDS)), min_size=1, max_size=8
        ),
        "shared": st.lists(st.sampled_from(THINGS), max_size=3),
        "asker_band": st.sampled_from(BANDS),
    }
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(h=household)
def test_no_personal_fact_reaches_anyone_else(h):
    with tempfile.TemporaryDirectory() as tmp:
        daemon = make_daemon(Path(tmp) / "data")
        try:
            settle(daemon)
            admin, assistant = daemon.client(), daemon.client("assistant")
            admin.set_setting("tools.enabled", True)
            admin.set_setting("memory.recall_min_similarity", 0.0)
            for person, thing, band in h["facts"]:
                if person not in h["people"]:
                    continue
                # Said in a conversation, at some voice-match band, then formed; and stated directly.
                admin.commit_turns(
                    [
                        {
                            "thread": f"room-{person}",
                            "role": "user",
                            "speaker": person,
                            "band": band,
                            "ts": "2026-01-01T10:00:00Z",
                            "text": f"I'm allergic to {thing}, please remember it when you cook for me.",
                        }
                    ]
                )
                admin.remember(f"I'm allergic to {thing}", speaker=person, band=band)
            for thing in h["shared"]:
                admin.remember(f"The household is allergic to {thing} dust")
            admin.form_now(end_open=True)
            settle(daemon)
            with daemon.store.reading() as conn:
                rows = conn.execute("SELECT id, owner_id, text FROM facts").fetchall()
            personal = {}  # owner -> ids of the facts in their personal pool
            for fact_id, owner, _text in rows:
                if owner is not None:
                    personal.setdefault(owner, set()).add(fact_id)
            # A text can be both personal (said at a high band) and household (said unsure): the block is
            # checked for the texts that exist only in someone's personal pool.
            household_texts = {text for _i, owner, text in rows if owner is None}
            private_texts = {i: text for i, owner, text in rows if owner is not None and text not in household_texts}
            query = "allergic " + " ".join(THINGS)
            for asker in h["people"]:
                for band in ("high", h["asker_band"]):
                    others = set().union(*[ids for p, ids in personal.items() if p != asker or band != "high"])
                    seen = {f["id"] for f in assistant.recall(query, speaker=asker, band=band, k=50)["facts"]}
                    seen |= {
                        f["id"]
                        for f in assistant.call_tool(
                            "recall_memory", {"query": query, "limit": 20}, speaker=asker, band=band
                        )["facts"]
                    }
                    context = assistant.context(query, speaker=asker, band=band)
                    seen |= {f["id"] for f in context["facts"] + context["pinned"]}
                    assert not seen & others, (asker, band, seen & others)
                    assert not any(private_texts[i] in context["preamble"] for i in others if i in private_texts)
            anonymous = assistant.call_tool("recall_memory", {"query": query})
            assert anonymous == {"facts": [], "episodes": [], "turns": []}
            assert not any(text in assistant.context(query)["preamble"] for text in private_texts.values())
        finally:
            daemon.stop()


def test_recall_tool_answers_short_with_who_and_when_within_the_token_budget(daemon, client):
    enable(client)
    client.commit_turns(
        [
            {
                "thread": "garden",
                "role": "user",
                "speaker": "alice",
                "ts": f"2026-04-{day:02d}T10:00:00Z",
                "text": f"For the garden on day {day} we planted " + "tomatoes and beans and peas " * (day % 4 + 1),
            }
            for day in range(1, 13)
        ]
    )
    client.remember("The garden hose is in the shed")
    settle(daemon)
    assistant = daemon.client("assistant")
    ask = {"query": "what did we plant in the garden?", "limit": 20}
    full = assistant.call_tool("recall_memory", {**ask, "max_tokens": 4000}, speaker="alice")
    assert len(full["turns"]) == 12 and "left_out" not in full
    turn = full["turns"][0]
    assert set(turn) == {"id", "who", "when", "text", "relevance"} and turn["who"] == "alice"
    assert re.fullmatch(r"\w{3} \d{1,2} Apr 2026, \d\d:\d\d", turn["when"])  # a date people read
    assert full["facts"][0]["text"] == "The garden hose is in the shed" and full["facts"][0]["since"]
    rank = {("facts", i["id"]): RELEVANCE_ORDER[i["relevance"]] for i in full["facts"]}
    rank |= {("turns", i["id"]): RELEVANCE_ORDER[i["relevance"]] for i in full["turns"]}
    for budget in (60, 150, 300):
        short = assistant.call_tool("recall_memory", {**ask, "max_tokens": budget}, speaker="alice")
        assert tokens(short) <= budget
        kept = {(kind, i["id"]) for kind in ("facts", "turns") for i in short[kind]}
        assert len(kept) + short["left_out"] == 13 and (kept or budget == 60)
        if kept:  # the most relevant are the ones that fit
            assert max(rank[k] for k in kept) <= min(rank[k] for k in set(rank) - kept)
        assert short["turns"] == [t for t in full["turns"] if ("turns", t["id"]) in kept]  # whole, in order
    default = assistant.call_tool("recall_memory", ask, speaker="alice")
    assert tokens(default) <= ANSWER_TOKENS and default["left_out"] > 0
    with pytest.raises(HearthError) as err:
        assistant.call_tool("recall_memory", {**ask, "max_tokens": 10}, speaker="alice")
    assert err.value.status == 400 and "max_tokens" in str(err.value)
