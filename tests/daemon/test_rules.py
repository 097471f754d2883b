"""Rules: standing instructions of a person or the household, in every [Turn context] of that scope in their own
section; listed, added, edited, dismissed, restored and erased (as the facts they are); suggested from statements
repeated in two sessions, and made a rule by accepting the suggestion."""

from __future__ import annotations

import json
import time

import pytest

from hearthd.api.client import HearthError
from hearthd.formation.suggest_rules import accept_rule_suggestion, preferences, suggest_rules
from tests.helpers import form, hearthctl_in_process, say, settle

CELSIUS = "Always give temperatures in Celsius"
WEEK1, WEEK2, WEEK3, WEEK4 = (
    "2026-03-02T09:00:00Z",
    "2026-03-09T09:00:00Z",
    "2026-03-16T09:00:00Z",
    "2026-03-23T09:00:00Z",
)
HOUSEHOLD = "Never suggest recipes with nuts, Emma is allergic"


@pytest.fixture
def ctl(real_daemon, monkeypatch, capsys):
    """hearthctl in-process against the daemon: (exit code, stdout)."""
    run = hearthctl_in_process(real_daemon, monkeypatch, capsys)
    return lambda *argv: run(*argv)[:2]


def section(preamble: str, title: str) -> list[str]:
    """The lines of one section of a [Turn context] block."""
    lines, out, inside = preamble.splitlines(), [], False
    for line in lines:
        if line.endswith(":") and not line.startswith("- "):
            inside = line == title
        elif inside and line.startswith("- "):
            out.append(line[2:])
    return out


def test_a_persons_rule_is_in_every_context_of_their_scope_in_its_own_section(real_daemon, ctl):
    client = real_daemon.client()
    client.remember("I live in Porto", speaker="alice", pin=True)
    code, out = ctl("rules", "add", CELSIUS, "--speaker", "alice")
    assert code == 0 and out.startswith("inserted fact:") and "for alice" in out
    settle(real_daemon)
    for text in ("what's the weather like tomorrow?", "tell me a joke", "how warm is it in Porto", ""):
        ctx = client.context(text, speaker="alice")
        assert section(ctx["preamble"], "Rules:") == [CELSIUS], text
        assert ctx["preamble"].index("Rules:") < ctx["preamble"].index("Always remember:")
        # only in its own section: never again among the pinned or relevant facts
        assert ctx["preamble"].count(CELSIUS) == 1
        assert [r["text"] for r in ctx["rules"]] == [CELSIUS]
        assert all(f["predicate"] != "rule" for f in ctx["pinned"] + ctx["facts"])
    client.set_setting("memory.recall_mode", "PINNED_ONLY")
    assert section(client.context("weather", speaker="alice")["preamble"], "Rules:") == [CELSIUS]
    client.set_setting("memory.recall_mode", "FULL")
    # another person, alice at an unsure band, an anonymous voice: not theirs
    for kwargs in ({"speaker": "bob"}, {"speaker": "alice", "band": "medium"}, {}):
        ctx = client.context("what's the weather like tomorrow?", **kwargs)
        assert "Celsius" not in ctx["preamble"] and ctx["rules"] == [], kwargs
    assert [r["text"] for r in client.rules("alice")] == [CELSIUS]
    assert client.rules("bob") == []
    code, out = ctl("rules")
    assert code == 0 and "alice" in out and CELSIUS in out
    code, out = ctl("--json", "rules", "--speaker", "bob")
    assert code == 0 and json.loads(out) == []


def test_a_household_rule_reaches_everyone(real_daemon, ctl):
    client = real_daemon.client()
    added = client.add_rule(HOUSEHOLD)
    assert added["owner"] is None and added["rule"]["predicate"] == "rule"
    client.add_rule(CELSIUS, speaker="alice")
    settle(real_daemon)
    for kwargs in ({"speaker": "alice"}, {"speaker": "bob"}, {"speaker": "alice", "band": "greeting"}, {}):
        assert HOUSEHOLD in section(client.context("what shall we cook tonight?", **kwargs)["preamble"], "Rules:")
    alice = client.context("what shall we cook tonight?", speaker="alice")
    assert section(alice["preamble"], "Rules:") == [CELSIUS, HOUSEHOLD]  # a person's own rules first
    assert {r["text"]: r["owner"] for r in client.rules()} == {CELSIUS: "alice", HOUSEHOLD: None}
    code, out = ctl("rules")
    assert "household" in out and HOUSEHOLD in out
    # audited as rules
    assert [e["target"] for e in client.audit(action="rule.add")] == [f"fact:{alice['rules'][0]['id']}", added["ref"]]


def test_edit_dismiss_restore_and_erase_a_rule(real_daemon, ctl):
    client = real_daemon.client()
    ref = client.add_rule(CELSIUS, speaker="alice")["ref"]
    settle(real_daemon)
    code, out = ctl("rules", "edit", ref, "Always give temperatures in Celsius, never Fahrenheit")
    assert code == 0
    rules = section(client.context("weather tomorrow", speaker="alice")["preamble"], "Rules:")
    assert rules == ["Always give temperatures in Celsius, never Fahrenheit"]
    code, out = ctl("rules", "dismiss", ref.split(":")[1])
    assert code == 0 and out.strip() == f"dismissed {ref}"
    ctx = client.context("weather tomorrow", speaker="alice")
    assert ctx["rules"] == [] and "Celsius" not in ctx["preamble"] and client.rules("alice") == []
    client.restore(ref)
    assert section(client.context("weather tomorrow", speaker="alice")["preamble"], "Rules:") == [
        "Always give temperatures in Celsius, never Fahrenheit"
    ]
    # the same rule again supports it, it adds no second one
    again = client.add_rule(CELSIUS, speaker="alice")
    assert again["ref"] == ref and again["action"] == "supported"
    code, out = ctl("erase", "--ref", ref, "--yes")
    assert code == 0
    assert client.rules("alice") == [] and client.context("weather", speaker="alice")["rules"] == []
    with real_daemon.store.reading() as conn:
        assert conn.execute("SELECT count(*) FROM facts WHERE predicate = 'rule'").fetchone()[0] == 0


def test_a_rule_must_be_a_short_instruction(real_daemon, ctl):
    client = real_daemon.client()
    for text, message in (("   ", "must not be empty"), ("x" * 201, "at most 200 characters")):
        with pytest.raises(HearthError, match=message) as caught:
            client.add_rule(text)
        assert caught.value.status == 400
    code, _out = ctl("rules", "add")
    assert code == 1
    assert client.rules() == []


# -- suggestions from statements repeated in two sessions -------------------------------------------------
def _session_of(daemon, text: str, speaker: str = "alice") -> int:
    with daemon.store.reading() as conn:
        sql = "SELECT max(session_id) FROM turns WHERE text = ? AND speaker_id = ?"
        return conn.execute(sql, (text, speaker)).fetchone()[0]


def _rule_items(client) -> list[dict]:
    return [i for i in client.review() if i["kind"] == "rule"]


def _suggest(daemon, speaker: str, texts: list[str], session: int) -> list[int]:
    return daemon.store.writer.write(lambda tx: suggest_rules(tx, speaker, speaker, texts, time.time(), session))


def test_a_preference_repeated_in_two_sessions_is_suggested_once_and_accepting_it_makes_a_rule(real_daemon):
    client = real_daemon.client()
    first = ["What's the weather like in Porto tomorrow?", "Give me temperatures in Celsius please."]
    say(client, first, WEEK1)
    say(
        client,
        ["Give me temperatures in Celsius please.", "And what about the wind on the coast?"],
        WEEK1,
        speaker="bob",
        thread="den",
    )
    form(client)
    # said once by alice (bob saying it too does not count for her): nothing to suggest
    assert _rule_items(client) == []
    assert _suggest(real_daemon, "alice", first, _session_of(real_daemon, first[1])) == []
    say(client, ["Will it rain on Saturday in Porto, do you think?", "Temperatures in Celsius, thanks."], WEEK2)
    form(client)
    items = _rule_items(client)
    assert len(items) == 1 and items[0]["detail"] == "Always give temperatures in Celsius."
    # once: saying it in a third session adds nothing while it is open
    say(client, ["Is it going to be sunny at the beach this weekend?", "Give me the temperatures in Celsius."], WEEK3)
    form(client)
    assert len(_rule_items(client)) == 1
    assert client.rules("alice") == []  # a suggestion is not a rule until accepted
    assert "Celsius" not in client.context("will it be warm tomorrow?", speaker="alice")["preamble"]

    decided = client.resolve_review(items[0]["id"], "accept")
    settle(real_daemon)
    assert [(r["text"], r["owner"]) for r in client.rules("alice")] == [
        ("Always give temperatures in Celsius.", "alice")
    ]
    assert decided["fact"] == client.rules("alice")[0]["id"]
    ctx = client.context("will it be warm tomorrow?", speaker="alice")
    assert section(ctx["preamble"], "Rules:") == ["Always give temperatures in Celsius."]
    assert "Celsius" not in client.context("will it be warm tomorrow?", speaker="bob")["preamble"]
    assert client.audit(action="rule.add")[0]["detail"]["from"] == f"review:{items[0]['id']}"
    # a rule now: the same request in a later session suggests nothing
    say(client, ["How cold will it get tonight in the mountains?", "Temperatures in Celsius please."], WEEK4)
    form(client)
    assert _rule_items(client) == []


def test_accepting_a_suggestion_directly(real_daemon):
    """accept_rule_suggestion, as curation's resolve_review calls it, inside the writer's transaction."""
    client = real_daemon.client()
    say(client, ["Answer in Portuguese please.", "What time does the bakery in our street open?"], WEEK1)
    say(client, ["Could you answer in Portuguese?", "Which films are showing at the cinema tonight?"], WEEK2)
    form(client)
    (item,) = _rule_items(client)

    def accept(tx):
        row = tx.execute("SELECT * FROM review_queue WHERE id = ?", (item["id"],)).fetchone()
        return accept_rule_suggestion(tx, row, "admin")

    accepted = real_daemon.store.writer.write(accept)
    assert accepted["action"] == "inserted" and accepted["owner"] == "alice"
    assert [r["text"] for r in client.rules("alice")] == ["Always answer in Portuguese."]
    with real_daemon.store.reading() as conn:  # linked to the turn it was first said in
        linked = conn.execute("SELECT t.text FROM fact_turn_link l JOIN turns t ON t.id = l.turn_id").fetchall()
    assert [r[0] for r in linked] == ["Answer in Portuguese please."]


def test_a_dropped_suggestion_is_not_suggested_again(real_daemon):
    client = real_daemon.client()
    say(client, ["Keep it short please.", "What should I cook for dinner with leeks and rice?"], WEEK1)
    say(client, ["Keep it short.", "How long do I boil an egg for a soft yolk?"], WEEK2)
    form(client)
    (item,) = _rule_items(client)
    client.resolve_review(item["id"], "drop")
    say(client, ["Keep it short please.", "What goes well with roast potatoes and fish?"], WEEK3)
    form(client)
    assert _rule_items(client) == [] and client.rules("alice") == []


def test_a_preference_repeated_in_two_short_exchanges_is_suggested(real_daemon):
    client = real_daemon.client()
    say(client, ["Answer in Portuguese please."], WEEK1)
    say(client, ["Answer in Portuguese please."], WEEK2)
    form(client)
    assert len(_rule_items(client)) == 1


def test_an_uncertain_voice_suggests_nothing(real_daemon):
    client = real_daemon.client()
    texts = ["Answer in Portuguese please.", "What time does the bakery in our street open?"]
    say(client, texts, WEEK1, band="medium")
    say(client, texts, WEEK2, band="medium")
    form(client)
    assert _rule_items(client) == []


def test_an_explicit_rule_in_the_session_blocks_the_suggestion(real_daemon):
    client = real_daemon.client()
    say(client, ["Answer in Portuguese please.", "What time is it in Lisbon?"], "2026-03-02T09:00:00Z")
    say(client, ["Always answer in Portuguese.", "What's on tonight?"], "2026-03-09T09:00:00Z")
    form(client)
    texts = ["Always answer in Portuguese.", "What's on tonight?"]
    assert _suggest(real_daemon, "alice", texts, _session_of(real_daemon, texts[0])) == []
    assert _rule_items(client) == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Give me temperatures in Celsius please.", {("temperature", "celsius")}),
        ("Could you answer in Portuguese please?", {("language", "portuguese")}),
        ("ok, keep it short please", {("length", "short")}),
        ("Use the metric system.", {("units", "metric")}),
        ("Do you speak Portuguese?", set()),  # a question
        ("Don't answer in Portuguese.", set()),  # a negation
        ("My wife said answer in Portuguese.", set()),  # reported speech
        ("If you can, answer in Portuguese.", set()),  # a condition
        ("Keep it short this time.", set()),  # once
        ("Tom prefers Fahrenheit.", set()),  # someone else
        ("Give Tom the temperatures in Fahrenheit.", set()),
        ("Use Portuguese olive oil.", set()),
        ("The temperature in Porto is 20 degrees.", set()),
        ("Keep the grass short.", set()),
    ],
)
def test_only_plain_requests_about_how_to_answer_are_preferences(text, expected):
    assert {(p.slot, p.value) for p in preferences(text)} == expected


def test_a_rule_stated_in_conversation_is_formed_into_the_speakers_rules(real_daemon):
    client = real_daemon.client()
    say(client, ["Always give temperatures in Celsius.", "What's the weather like tomorrow?"], "2026-03-02T09:00:00Z")
    form(client)
    settle(real_daemon)
    assert [r["owner"] for r in client.rules("alice")] == ["alice"]
    rules = section(client.context("is it cold outside?", speaker="alice")["preamble"], "Rules:")
    assert rules == ["Always give temperatures in Celsius."]
    assert client.context("is it cold outside?", speaker="bob")["rules"] == []
