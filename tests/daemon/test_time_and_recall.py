"""Time in questions and recall for people and assistants: parse_time's periods ("yesterday", "last week", "in
May", "gestern", "ontem") at a fixed now, a time named in a query limiting a real recall, hearthctl recall's
sections, speakers, times and relevance labels, and the recall tool's token budget."""

from __future__ import annotations

from datetime import datetime

import pytest

from hearthd.errors import UserError
from hearthd.memory.when import find_time_range
from hearthd.timeutil import parse_time

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
    ],
)
def test_a_query_without_a_time_is_left_alone(query):
    assert find_time_range(query, "en", now=NOW) == (None, None, query, None)
