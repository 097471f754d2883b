"""A time named in a question: "what did we say about the boiler last week?" asks about last week.

find_time_range() finds the phrase (timeutil's tables, in the system language and English: "yesterday", "in
May", "since the summer", "two days ago", "before Christmas", "ontem", "letzte Woche") and gives the range
with the question left without it, for recall to search the rest within the range.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..timeutil import find_phrase, iso, period_languages


class TimeRange(NamedTuple):
    since: float | None  # from (inclusive), None: open
    until: float | None  # to (exclusive), None: open
    query: str  # the question without the time phrase (the question itself when none was found)
    phrase: str | None  # the time phrase as it was said, None: none found

    def describe(self) -> dict:
        """As a recall result says which range it applied."""
        return {"since": iso(self.since), "until": iso(self.until), "phrase": self.phrase}


# Words that make a question ask about what is to come: "what are we doing at Christmas?" is not about last
# Christmas, and a range in the past would hide the plan (the periods themselves are read as the latest past).
FUTURE = {
    "en": r"\b(?:will|won't|going to|gonna|shall|are we doing|are we having|upcoming|coming up|planned)\b|'ll\b",
    "pt": r"\b(?:vamos|vai|vão|irá|iremos|próxim[oa]s?)\b",
    "de": r"\b(?:werden|wird|werde|nächste[nrs]?|geplant)\b",
}


def asks_the_future(query: str, language: str | None = "en") -> bool:
    return any(re.search(FUTURE[lang], query, re.IGNORECASE) for lang in period_languages(language) if lang in FUTURE)


def find_time_range(query: str, language: str | None = "en", now: float | None = None) -> TimeRange:
    """The range the first time phrase of the query names, and the query without that phrase: (None, None,
    query, None) when it names none, or when the question asks about the future. A query that is nothing but
    the phrase keeps its words."""
    found = None if asks_the_future(query, language) else find_phrase(query, now, period_languages(language))
    if found is None:
        return TimeRange(None, None, query, None)
    rest = strip_phrase(query, found.start, found.end)
    return TimeRange(found.since, found.until, rest if re.search(r"\w", rest) else query, found.text)


def strip_phrase(text: str, start: int, end: int) -> str:
    """The text without text[start:end], its spaces and punctuation tidied: "the boiler last week?" -> "the
    boiler?"."""
    rest = f"{text[:start]} {text[end:]}"
    rest = re.sub(r"\s+([?!.,;:])", r"\1", re.sub(r"\s+", " ", rest)).strip()
    return re.sub(r"^[,;:]\s*|\s*[,;:]$", "", rest)
