"""One written form for a date said any way: "june the third", "the 3rd of June", "June 3", "the third of june" and
"3 June" are all "3rd of June" (a year kept after it: "4th of August 2012"); a day alone keeps its article ("the
twentieth" -> "the 20th"). Times stay as said and weekdays are capitalised ("Monday at three", "next Friday at 2").

The extractor stores birthdays, anniversaries and the dates of appointments in this form, so one date said two
ways is one value (and a corrected one differs only in its number); the bench compares dates through it too.
"""

from __future__ import annotations

import re

from .vocabulary import _ORD_UNITS, MONTH, ORDINAL

_FULL_MONTHS = "january february march april may june july august september october november december".split()
_ABBREVIATIONS = {m[:3]: m for m in _FULL_MONTHS} | {"sept": "september"}
_TEEN_ORDINALS = (
    "tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split()
)


def _ordinal_number(word: str) -> int | None:
    w = word.lower().replace("-", " ").split()
    if len(w) == 1:
        if w[0] in _ORD_UNITS:
            return 1 + _ORD_UNITS.index(w[0])
        if w[0] in _TEEN_ORDINALS:
            return 10 + _TEEN_ORDINALS.index(w[0])
        return {"twentieth": 20, "thirtieth": 30}.get(w[0])
    if len(w) == 2 and w[0] in ("twenty", "thirty") and w[1] in _ORD_UNITS:
        return (20 if w[0] == "twenty" else 30) + 1 + _ORD_UNITS.index(w[1])
    return None


def ordinal(n: int) -> str:
    """3 -> "3rd", 11 -> "11th", 22 -> "22nd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_DAY = rf"(?P<n>\d{{1,2}})(?:st|nd|rd|th)?|(?P<w>{ORDINAL})"
_YEAR = r"(?:,?\s+(?P<y>(?:19|20)\d{2}))?"
_DAY_MONTH = re.compile(rf"\b(?:the\s+)?(?:{_DAY})(?:\s+of)?\s+(?P<m>{MONTH})\b\.?{_YEAR}", re.I)
_MONTH_DAY = re.compile(
    rf"\b(?P<m>{MONTH})\.?\s+(?:the\s+)?(?:{_DAY.replace('<n>', '<n2>').replace('<w>', '<w2>')})\b{_YEAR}", re.I
)
_MONTH_ALONE = re.compile(rf"(?:in )?(?P<m>{MONTH})(?:\s+(?P<y>(?:19|20)\d{{2}}))?", re.I)
_DAY_ALONE = re.compile(
    rf"\bthe\s+(?:{_DAY})\b(?=\s*(?:$|[,.;!]|at\b|from\b|in the\b|(?:morning|afternoon|evening)\b))", re.I
)


# "15/03", "15.03.2012": day first, as written in Britain and most of Europe ("9.05" alone is a time)
_NUMERIC = re.compile(
    r"\b(?P<d>\d{1,2})(?:/(?P<mo>\d{1,2})(?:/(?P<y>(?:19|20)?\d{2}))?|\.(?P<mo2>\d{1,2})\.(?P<y2>(?:19|20)\d{2}))\b"
)


def _numeric(m: re.Match) -> str:
    day, month, year = int(m.group("d")), int(m.group("mo") or m.group("mo2")), m.group("y") or m.group("y2")
    if not (1 <= day <= 31 and 1 <= month <= 12):
        return m.group()
    if year and len(year) == 2:
        year = ("20" if int(year) < 50 else "19") + year
    return f"{ordinal(day)} of {_FULL_MONTHS[month - 1].capitalize()}" + (f" {year}" if year else "")


def _day(m: re.Match, n: str = "n", w: str = "w") -> int | None:
    if m.group(n):
        return int(m.group(n))
    return _ordinal_number(m.group(w))


def _month(word: str) -> str:
    low = word.lower().rstrip(".")
    return (_ABBREVIATIONS.get(low[:4]) or _ABBREVIATIONS.get(low[:3]) or low).capitalize()


def _written(day: int | None, month: str, year: str | None, said: str) -> str:
    if day is None or not 1 <= day <= 31:
        return said
    return f"{ordinal(day)} of {_month(month)}" + (f" {year}" if year else "")


def canonical_date(text: str) -> str:
    """Every date in `text` in the one form: "the twenty second of august" -> "22nd of August", "June 12" -> "12th
    of June", "the eighth" -> "the 8th"; the rest of the text unchanged ("Tuesday the 3rd of June at 10" ->
    "Tuesday 3rd of June at 10")."""
    if not text:
        return text
    if alone := _MONTH_ALONE.fullmatch(text.strip()):  # "may", "june 2019": the month's name
        return _month(alone.group("m")) + (f" {alone.group('y')}" if alone.group("y") else "")
    out = _NUMERIC.sub(_numeric, text)
    out = _DAY_MONTH.sub(lambda m: _written(_day(m), m.group("m"), m.group("y"), m.group()), out)
    out = _MONTH_DAY.sub(lambda m: _written(_day(m, "n2", "w2"), m.group("m"), m.group("y"), m.group()), out)
    out = _DAY_ALONE.sub(lambda m: f"the {ordinal(d)}" if (d := _day(m)) and 1 <= d <= 31 else m.group(), out)
    return calendar_case(out)


_WEEKDAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b", re.I)
_MONTH_OF = re.compile(rf"(?<=\bof )(?:{'|'.join(_FULL_MONTHS)})\b", re.I)


def calendar_case(text: str) -> str:
    """Weekdays and the month of a date capitalised, as a speech recogniser does not write them ("on saturday",
    "the 3rd of june")."""
    text = _WEEKDAY.sub(lambda m: m.group().capitalize(), text)
    return _MONTH_OF.sub(lambda m: m.group().capitalize(), text)


def on_date(value: str) -> str:
    """The date as a text says it after "is": "on the 3rd of June", "in June", "on Monday at three"."""
    if re.fullmatch(rf"{MONTH}(?:\s+\d{{4}})?|\d{{4}}", value, re.I):
        return f"in {value}"
    return f"on the {value}" if value[:1].isdigit() and " of " in value else f"on {value}"
