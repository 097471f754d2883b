"""Time in questions and recall for people and assistants: parse_time's periods ("yesterday", "last week", "in
May", "gestern", "ontem") at a fixed now, a time named in a query limiting a real recall, hearthctl recall's
sections, speakers, times and relevance labels, and the recall tool's token budget."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest

from hearthd.api.client import HearthError
from hearthd.errors import UserError
from hearthd.memory.recall import relevance
from hearthd.memory.when import find_time_range
from hearthd.timeutil import iso, parse_time, readable
from tests.helpers import hearthctl_in_process, settle

# Wednesday 13 May 2026, 15:30 local time
NOW = datetime(2026, 5, 13, 15, 30).astimezone().timestamp()


def local(y: int, m: int, d: int, h: int = 0, minute: int = 0) -> float:
    return datetime(y, m, d, h, minute).astimezone().timestamp()


SINCE = {
    "yesterday": local(2026, 5, 12),
    "today": local(2026, 5, 13),
    "the day before yesterday": local(2026, 5, 11),
    "this morning": local(2026, 5, 13, 5),
    "last night": local(2026, 5, 12, 18),
    "this week": local(2026, 5, 11),
    "last week": local(2026, 5, 4),
    "the week before last": local(2026, 4, 27),
    "last month": local(2026, 4, 1),
    "last year": local(2025, 1, 1),
    "two days ago": local(2026, 5, 11),
    "3 weeks ago": local(2026, 4, 20),
    "a month ago": local(2026, 4, 1),
    "in the last two weeks": NOW - 14 * 86_400,
    "last Tuesday": local(2026, 5, 12),
    "on Wednesday": local(2026, 5, 13),
    "last Wednesday": local(2026, 5, 6),
    "in May": local(2026, 5, 1),
    "last May": local(2025, 5, 1),
    "June": local(2025, 6, 1),  # the latest June that has begun
    "May 2024": local(2024, 5, 1),
    "the summer": local(2025, 6, 1),
    "winter": local(2025, 12, 1),
    "Christmas": local(2025, 12, 24),
    "easter": local(2026, 4, 3),  # Good Friday of Easter 2026 (5 April)
    "last weekend": local(2026, 5, 9),
    "in 2025": local(2025, 1, 1),
    "2026-04-30": local(2026, 4, 30),
    # the other languages' common forms
    "gestern": local(2026, 5, 12),
    "letzte Woche": local(2026, 5, 4),
    "vor zwei Tagen": local(2026, 5, 11),
    "im Mai": local(2026, 5, 1),
    "letzten Dienstag": local(2026, 5, 12),
    "ontem": local(2026, 5, 12),
    "na semana passada": local(2026, 5, 4),
    "há dois dias": local(2026, 5, 11),
    "no verão": local(2025, 6, 1),
    "Ontem à noite": local(2026, 5, 12, 18),
}

UNTIL = {
    "yesterday": local(2026, 5, 13),
    "this morning": local(2026, 5, 13, 12),
    "last night": local(2026, 5, 13, 6),
    "last week": local(2026, 5, 11),
    "in May": local(2026, 6, 1),
    "the summer": local(2025, 9, 1),
    "winter": local(2026, 3, 1),
    "Christmas": local(2025, 12, 27),
    "in the last two weeks": NOW,
    "2026-04-30": local(2026, 5, 1),  # a date given as the end takes in that day
    "gestern": local(2026, 5, 13),
    "ontem": local(2026, 5, 13),
}


@pytest.mark.parametrize("text", sorted(SINCE))
def test_parse_time_reads_a_period_as_its_start(text):
    assert parse_time(text, "since", now=NOW) == SINCE[text]


@pytest.mark.parametrize("text", sorted(UNTIL))
def test_parse_time_reads_a_period_given_as_until_as_its_end(text):
    assert parse_time(text, "until", now=NOW) == UNTIL[text]
    assert parse_time(text, "since", end=True, now=NOW) == UNTIL[text]


def test_parse_time_keeps_its_exact_forms_and_names_the_field_of_a_bad_value():
    assert (
        parse_time("2026-05-03T10:00:00Z", "until") == datetime.fromisoformat("2026-05-03T10:00:00+00:00").timestamp()
    )
    assert parse_time(1_700_000_000, "until") == 1_700_000_000.0
    assert parse_time("2026-05-03", "since") == local(2026, 5, 3)
    assert parse_time(None, "until") is None
    for bad in ("the other week", "2026-02-30", "mayday", "since last week"):
        with pytest.raises(UserError) as err:
            parse_time(bad, "until", now=NOW)
        assert str(err.value).startswith("until: ") and repr(bad) in str(err.value)


QUERIES = [
    # (query, language, since, until, the query left to search)
    (
        "what did we say about the boiler last week?",
        "en",
        local(2026, 5, 4),
        local(2026, 5, 11),
        "what did we say about the boiler?",
    ),
    ("since the summer, what changed at school?", "en", local(2025, 6, 1), None, "what changed at school?"),
    ("what did we buy before Christmas", "en", None, local(2025, 12, 24), "what did we buy"),
    ("what did alice say until yesterday", "en", None, local(2026, 5, 13), "what did alice say"),
    ("who called two days ago?", "en", local(2026, 5, 11), local(2026, 5, 12), "who called?"),
    (
        "what did I say this morning about the car",
        "en",
        local(2026, 5, 13, 5),
        local(2026, 5, 13, 12),
        "what did I say about the car",
    ),
    ("what happened on Tuesday", "en", local(2026, 5, 12), local(2026, 5, 13), "what happened"),
    ("plans made between March and April", "en", local(2026, 3, 1), local(2026, 5, 1), "plans made"),
    # said in May: the May before the June that has begun, last year's
    ("what did Bob say between May and June?", "en", local(2025, 5, 1), local(2025, 7, 1), "what did Bob say?"),
    ("notes between yesterday and last week", "en", local(2026, 5, 4), local(2026, 5, 13), "notes"),
    ("the dentist after 2026-04-30", "en", local(2026, 5, 1), None, "the dentist"),
    (
        "o que dissemos ontem sobre a caldeira?",
        "pt_BR",
        local(2026, 5, 12),
        local(2026, 5, 13),
        "o que dissemos sobre a caldeira?",
    ),
    ("o que a Maria disse na semana passada", "pt", local(2026, 5, 4), local(2026, 5, 11), "o que a Maria disse"),
    (
        "was haben wir gestern über den Urlaub gesagt?",
        "de",
        local(2026, 5, 12),
        local(2026, 5, 13),
        "was haben wir über den Urlaub gesagt?",
    ),
    ("was war vor Weihnachten", "de", None, local(2025, 12, 24), "was war"),
    ("last week", "en", local(2026, 5, 4), local(2026, 5, 11), "last week"),  # nothing else to search for
]


@pytest.mark.parametrize("query, language, since, until, rest", QUERIES)
def test_a_time_in_a_query_becomes_its_range(query, language, since, until, rest):
    found = find_time_range(query, language, now=NOW)
    assert (found.since, found.until, found.query) == (since, until, rest)
    assert found.phrase is not None and found.phrase.lower() in query.lower()


@pytest.mark.parametrize(
    "query",
    [
        "what may I cook for dinner?",  # a month's name alone is not a time
        "did the fall hurt?",
        "the plumber Thursday",
        "the 2025 tax return",
        "what does Emma like?",
        "what do we do on Tuesdays?",
        # about what is to come: not limited to the latest past Christmas or May
        "what are we doing at Christmas?",
        "what will we eat in May?",
        "o que vamos fazer no Natal?",
    ],
)
def test_a_query_without_a_time_is_left_alone(query):
    assert find_time_range(query, "en", now=NOW) == (None, None, query, None)


# -- a time in the query limits a real recall ----------------------------------------------------------------
def days_back(days: int, hour: int = 10) -> float:
    """`days` ago at `hour` local time."""
    day = datetime.now().astimezone() - timedelta(days=days)
    return datetime(day.year, day.month, day.day, hour).astimezone().timestamp()


def last_week_wednesday() -> float:
    today = datetime.now().date()
    return days_back(today.weekday() + 5)  # Monday this week, back a week, on to Wednesday


BOILER = {
    "yesterday": "The boiler is making a strange rattling noise again",
    "last week": "The boiler pressure was low so I topped it up",
    "long ago": "The plumber serviced the boiler and replaced a valve",
}


@pytest.fixture
def boiler(real_daemon):
    client = real_daemon.client()
    when = {"yesterday": days_back(1), "last week": last_week_wednesday(), "long ago": days_back(60)}
    client.commit_turns(
        [
            {"thread": "kitchen", "role": "user", "speaker": "alice", "text": BOILER[k], "ts": when[k]}
            for k in ("long ago", "last week", "yesterday")
        ]
        + [{"thread": "kitchen", "role": "assistant", "text": "Okay, noted.", "ts": when["yesterday"] + 5}]
    )
    client.remember("The boiler is in the garage next to the bikes")
    settle(real_daemon)
    return client, when


def said(result: dict) -> set[str]:
    return {t["text"] for t in result["turns"] if t["role"] == "user"}


def test_a_time_in_the_query_limits_recall_to_its_range(boiler):
    client, when = boiler
    everything = client.recall("what did we say about the boiler?")
    assert said(everything) == set(BOILER.values()) and "time_range" not in everything

    yesterday = client.recall("what did we say about the boiler yesterday?")
    assert said(yesterday) == {BOILER["yesterday"]}
    assert yesterday["time_range"]["phrase"] == "yesterday" and yesterday["time_range"]["from"] == "query"
    assert yesterday["time_range"]["since"] == iso(days_back(1, 0))
    assert yesterday["facts"] == []  # the fact was recorded today
    on_monday = {BOILER["yesterday"]} if datetime.now().weekday() == 0 else set()  # yesterday was last week
    assert said(client.recall("boiler last week")) == {BOILER["last week"]} | on_monday
    assert said(client.recall("what happened to the boiler since last week")) == {
        BOILER["last week"],
        BOILER["yesterday"],
    }
    assert said(client.recall("the boiler before last week")) == {BOILER["long ago"]}

    # given since/until win over the query's; they take periods too, until to its end
    given = client.recall("the boiler yesterday", since="2000-01-01")
    assert said(given) == set(BOILER.values()) and given["time_range"]["from"] == "arguments"
    assert said(client.recall("boiler", since="last week", until="yesterday")) == {
        BOILER["last week"],
        BOILER["yesterday"],
    }
    until_last_week = said(client.recall("boiler", until="last week"))
    assert until_last_week == {BOILER["long ago"], BOILER["last week"]} | on_monday
    with pytest.raises(HearthError) as err:
        client.recall("boiler", until="the day after never")
    assert err.value.status == 400 and str(err.value).count("until: ") == 1


def test_the_system_language_reads_the_query(boiler):
    client, _ = boiler
    client.set_setting("general.system_language", "de")
    found = client.recall("was haben wir gestern über den boiler gesagt?")
    assert found["time_range"]["phrase"] == "gestern" and said(found) == {BOILER["yesterday"]}
    client.set_setting("general.system_language", "pt_BR")
    assert said(client.recall("o que dissemos sobre o boiler ontem?")) == {BOILER["yesterday"]}
    assert said(client.recall("the boiler yesterday")) == {BOILER["yesterday"]}  # English is read too


# -- recall for people: sections, who and when, relevance ------------------------------------------------------
def test_recall_items_carry_a_readable_relevance_and_the_speaker(boiler):
    client, _ = boiler
    found = client.recall("what did we say about the boiler?")
    for kind in ("facts", "turns"):
        for item in found[kind]:
            assert item["relevance"] == relevance(item["parts"]) and isinstance(item["score"], float)
    turns = {t["text"]: t for t in found["turns"]}
    assert all(turns[text]["speaker"] == "alice" for text in BOILER.values())
    assert turns[BOILER["yesterday"]]["relevance"] == "strong"
    assert found["facts"][0]["relevance"] in ("strong", "related")
    if "Okay, noted." in turns:  # found only beside a match, or by chance
        assert turns["Okay, noted."]["speaker"] == "assistant" and turns["Okay, noted."]["relevance"] != "strong"


def test_relevance_reads_the_fused_parts():
    assert relevance({"similarity": 0.8, "vector_rank": 1}) == "strong"
    assert relevance({"similarity": 0.4, "vector_rank": 2, "fts_rank": 1}) == "strong"  # both, near the top
    assert relevance({"similarity": 0.4, "vector_rank": 9}) == "related"
    assert relevance({"fts_rank": 4}) == "related"  # a word matched, the vector did not rank it
    assert relevance({"similarity": 0.05, "vector_rank": 30, "fts_rank": 40}) == "weak"
    assert relevance({"neighbours": 0.01, "recency": 1.0}) == "related"  # the reply beside a match
    assert relevance({"similarity": 0.1, "vector_rank": 50, "recency": 1.0}) == "weak"


@pytest.fixture
def ctl(real_daemon, monkeypatch, capsys):
    """hearthctl in-process against the daemon: (exit code, stdout)."""
    run = hearthctl_in_process(real_daemon, monkeypatch, capsys)
    return lambda *argv: run(*argv)[:2]


def test_hearthctl_recall_prints_sections_who_when_and_relevance(boiler, ctl):
    _, when = boiler
    code, out = ctl("recall", "what did we say about the boiler?")
    assert code == 0
    lines = out.splitlines()
    assert lines.index("Facts:") < lines.index("Conversations:")
    assert "Episodes:" not in lines  # no section without items
    line = next(x for x in lines if BOILER["yesterday"] in x)
    assert line.split()[0] == "strong"
    assert f"alice, {readable(when['yesterday'])}: {BOILER['yesterday']}" in line
    assert "0." not in out  # no raw scores for people
    fact = next(x for x in lines if "garage" in x)
    assert fact.split()[0] in ("strong", "related") and "since" in fact

    code, out = ctl("recall", "the boiler yesterday")
    assert code == 0 and out.startswith("Within 'yesterday': ")
    assert BOILER["yesterday"] in out and BOILER["last week"] not in out
    code, out = ctl("recall", "boiler", "--since", "last week", "--json")
    answer = json.loads(out)
    assert answer["time_range"]["from"] == "arguments" and answer["turns"][0]["parts"]["rrf"] > 0
    assert {t["relevance"] for t in answer["turns"]} <= {"strong", "related", "weak"}
    code, out = ctl("recall", "nothing like it", "--until", "2000-01-01")
    assert code == 0 and "nothing found" in out
