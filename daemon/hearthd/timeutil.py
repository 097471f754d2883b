"""Times: stored as unix seconds (UTC), spoken as ISO 8601."""

from __future__ import annotations

import functools
import math
import re
import time
import unicodedata
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from .errors import UserError

MIN_TS = datetime(1, 1, 2, tzinfo=UTC).timestamp()
MAX_TS = datetime(9999, 12, 30, tzinfo=UTC).timestamp()
FUTURE_SLACK = 86_400.0  # a turn may be stamped at most a day ahead (clocks disagree), never further


def _in_range(ts: float, what: str, value) -> float:
    if not (math.isfinite(ts) and MIN_TS <= ts <= MAX_TS):
        raise UserError(f"{what}: {value!r} is not a time between the years 1 and 9999")
    return float(ts)


def not_in_future(ts: float | None, what: str = "time", now: float | None = None) -> float | None:
    """ts, refused when it is more than a day ahead of now (a turn is said, not planned)."""
    if ts is not None and ts > (time.time() if now is None else now) + FUTURE_SLACK:
        raise UserError(f"{what}: {iso(ts)} is in the future (a turn's time may be at most a day ahead)")
    return ts


def parse_time(
    value: str | float | int | None,
    what: str = "time",
    *,
    end: bool | None = None,
    now: float | None = None,
    periods: bool = True,
) -> float | None:
    """ISO 8601 date or date-time (naive means local time), unix seconds, or a period said in words in any of
    the languages of PERIOD_WORDS ("yesterday", "last week", "in May", "two days ago", "last Tuesday",
    "the summer", "gestern", "na semana passada"), resolved against `now` in the local timezone; None stays
    None.

    A date and a period are ranges: the time is their start, or for an upper bound their end (`end`; by
    default when `what` is "until": "until yesterday" is up to the end of yesterday, "until 2026-05-03" takes
    in that day). With `periods` false only ISO 8601 and unix seconds (a turn's time: when it was said)."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise UserError(f"{what}: expected an ISO 8601 date or time, got {value!r}")
    if isinstance(value, (int, float)):
        return _in_range(value, what, value)
    text = str(value).strip()
    upper = what == "until" if end is None else end
    day: date | None = None
    try:
        if len(text) == 10 and text[4:5] == "-":
            day = date.fromisoformat(text)
        else:
            dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        found = period_range(text, now) if periods else None
        if found is None and not periods:
            raise UserError(f"{what}: {value!r} is not an ISO 8601 time (like 2026-11-30T14:05:00Z)") from None
        if found is None:
            raise UserError(
                f"{what}: {value!r} is not an ISO 8601 date or time nor a period (like 2026-11-30, "
                "2026-11-30T14:05:00Z, yesterday, last week, in May or two days ago)"
            ) from None
        return found[1] if upper else found[0]
    try:  # a time at the calendar's edge may not exist in UTC or local time
        if day is not None:
            ts = _day(day + timedelta(days=1)) if upper else _day(day)
        else:
            ts = (dt.astimezone() if dt.tzinfo is None else dt).timestamp()
    except (OverflowError, ValueError, OSError):
        ts = math.nan
    return _in_range(ts, what, value)


def _clamped(ts: float) -> float | None:
    """A stored time within the calendar (a row written before times were range-checked); None: not a time."""
    if not isinstance(ts, (int, float)) or isinstance(ts, bool) or ts != ts:
        return None
    return min(max(float(ts), MIN_TS), MAX_TS)


def iso(ts: float | None) -> str | None:
    """ISO 8601 in UTC; never raises (a time past the calendar reads as its edge, a non-time as None)."""
    at = None if ts is None else _clamped(ts)
    if at is None:
        return None
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def readable(value: str | float | None, with_time: bool = True) -> str | None:
    """A time (ISO 8601 or unix seconds) as people read it, in local time: "Tue 12 May 2026, 14:05", or with
    with_time false "12 May 2026"."""
    if value is None or value == "":
        return None
    try:
        if isinstance(value, (int, float)):
            ts = _clamped(value)
            if ts is None:
                return None
            at = datetime.fromtimestamp(min(max(ts, MIN_TS + 86_400), MAX_TS - 86_400))
        else:
            at = datetime.fromisoformat(value.replace("Z", "+00:00"))
        at = at.astimezone()
    except (OverflowError, ValueError, OSError):
        return str(value)
    return f"{at:%a} {at.day} {at:%b %Y, %H:%M}" if with_time else f"{at.day} {at:%b %Y}"


_UNITS = {"day": 1, "week": 7, "month": 30, "year": 365}
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "few": 3, "couple": 2}
MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]


def resolve_time_hint(hint: str | None, said_at: float) -> float:
    """When a statement became true, from the time it was said and a hint in it ("last month", "in 2019",
    "since March", "three weeks ago"); the time it was said when the hint says nothing usable."""
    import re

    if not hint:
        return said_at
    h = hint.lower().strip()
    said = datetime.fromtimestamp(said_at).astimezone()
    day = 86_400.0
    if h in ("yesterday",):
        return said_at - day
    m = re.search(r"\blast (day|week|month|year)\b", h)
    if m:
        return said_at - _UNITS[m.group(1)] * day
    m = re.search(r"\b(\d+|a|an|one|two|three|four|five|six|few|couple)(?: of)? (day|week|month|year)s? ago\b", h)
    if m:
        n = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1)]
        return said_at - n * _UNITS[m.group(2)] * day
    m = re.search(r"\b(19\d\d|20\d\d)\b", h)
    if m:
        year = int(m.group(1))
        if year <= said.year:
            return min(said_at, datetime(year, 1, 1).astimezone().timestamp())
    for number, name in enumerate(MONTHS, start=1):
        if re.search(rf"\b{name}\b", h):
            year = said.year if number <= said.month else said.year - 1
            return datetime(year, number, 1).astimezone().timestamp()
    return said_at


# -- periods: "yesterday", "last week", "in May", "two days ago", "before Christmas" -------------------------
# A named period resolves against now in the local timezone to a range [start, end). The words are a table per
# language (PERIOD_WORDS); the code below reads any of them the same way. Each table gives regular expressions,
# written in lower case (accents are optional: text and table are both folded to plain letters):
#   fixed      phrase -> (kind, offset[, part of the day]): kind day, part (of a day), week, month or year;
#              offset from the current one (-1: the one before)
#   numbers    the numbers a count may be said with (digits always count)
#   units      a unit's forms -> day, week, month or year
#   ago        "two days ago": the calendar day, week, month or year that many back ({n} {unit})
#   rolling    "in the last two weeks": from that long before now until now ({n} optional: one)
#   last/this  before a weekday, month, season, holiday or weekend ({x}): the latest one that has ended /
#              the latest that has begun; `this` also holds the name alone, which a query must say after a
#              preposition or a bound ("in May", "on Tuesday", "since Easter"; never "may", "plumber Thursday")
#   with_year  "May 2025", "summer 2024" ({x} {year})
#   names      weekday, month, season, holiday and weekend names -> their value
#   prepositions, articles  what may stand between a bound and the period ("in the"): part of the phrase; an
#              article alone does not make a name a time ("the fall", "the 2025 form")
#   bounds     since/after/before/until: the range from the period's start, from its end, up to its start, up
#              to its end; between: "between {a} and {b}"
PERIOD_WORDS: dict[str, dict] = {
    "en": {
        "fixed": {
            "today|earlier today": ("day", 0),
            "yesterday": ("day", -1),
            "the day before yesterday": ("day", -2),
            "this morning": ("part", 0, "morning"),
            "this afternoon": ("part", 0, "afternoon"),
            "this evening|tonight": ("part", 0, "evening"),
            "last night": ("part", -1, "night"),
            "yesterday morning": ("part", -1, "morning"),
            "yesterday afternoon": ("part", -1, "afternoon"),
            "yesterday evening": ("part", -1, "evening"),
            "this week": ("week", 0),
            "last week": ("week", -1),
            "the week before last": ("week", -2),
            "this month": ("month", 0),
            "last month": ("month", -1),
            "this year": ("year", 0),
            "last year": ("year", -1),
        },
        "numbers": {
            "an?|one": 1,
            "two|a couple of|couple of": 2,
            "three|a few|few": 3,
            "four": 4,
            "five": 5,
            "six": 6,
            "seven": 7,
            "eight": 8,
            "nine": 9,
            "ten": 10,
        },
        "units": {"days?": "day", "weeks?": "week", "months?": "month", "years?": "year"},
        "ago": ["{n} {unit} ago"],
        "rolling": ["the (?:last|past) {n} {unit}"],
        "last": ["last {x}"],
        "this": ["this {x}", "{x}"],
        "with_year": ["{x},? (?:of )?{year}"],
        "names": {
            "weekday": ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
            "month": MONTHS,
            "season": {"spring": 3, "summer": 6, "autumn|fall": 9, "winter": 12},
            "holiday": {
                "christmas eve": "christmas_eve",
                "christmas|xmas": "christmas",
                "new year'?s eve": "new_years_eve",
                "new year'?s day|new year": "new_year",
                "easter": "easter",
            },
            "weekend": {"weekend": "weekend"},
        },
        "prepositions": "in|on|at|during|over|around",
        "articles": "the",
        "bounds": {"since|from": "since", "after": "after", "before": "before", "until|till|up to|up until": "until"},
        "between": ["between {a} and {b}", "from {a} (?:to|until|till) {b}"],
    },
    "pt": {
        "fixed": {
            "hoje": ("day", 0),
            "ontem": ("day", -1),
            "anteontem": ("day", -2),
            "esta manha|hoje de manha": ("part", 0, "morning"),
            "esta tarde|hoje a tarde|hoje de tarde": ("part", 0, "afternoon"),
            "esta noite|hoje a noite|hoje de noite": ("part", 0, "evening"),
            "ontem de manha": ("part", -1, "morning"),
            "ontem a tarde|ontem de tarde": ("part", -1, "afternoon"),
            "ontem a noite|ontem de noite": ("part", -1, "night"),
            "(?:n?esta|n?essa) semana": ("week", 0),
            "(?:na )?semana passada|(?:na )?ultima semana": ("week", -1),
            "(?:n?este|n?esse) mes": ("month", 0),
            "(?:no )?mes passado|(?:no )?ultimo mes": ("month", -1),
            "(?:n?este|n?esse) ano": ("year", 0),
            "(?:no )?ano passado": ("year", -1),
        },
        "numbers": {
            "uma?": 1,
            "dois|duas": 2,
            "tres|alguns|algumas|uns|umas": 3,
            "quatro": 4,
            "cinco": 5,
            "seis": 6,
            "sete": 7,
            "oito": 8,
            "nove": 9,
            "dez": 10,
        },
        "units": {"dias?": "day", "semanas?": "week", "mes|meses": "month", "anos?": "year"},
        "ago": ["ha {n} {unit}", "{n} {unit} atras"],
        "rolling": ["n?os ultimos {n} {unit}", "n?as ultimas {n} {unit}"],
        "last": ["(?:n?[oa] )?{x} passad[oa]", "(?:n?[oa] )?ultim[oa] {x}"],
        "this": ["(?:n?est[ea]|n?ess[ea]) {x}", "{x}"],
        "with_year": ["{x} de {year}"],
        "names": {
            "weekday": [
                "segunda(?:-feira)?",
                "terca(?:-feira)?",
                "quarta(?:-feira)?",
                "quinta(?:-feira)?",
                "sexta(?:-feira)?",
                "sabado",
                "domingo",
            ],
            "month": [
                "janeiro",
                "fevereiro",
                "marco",
                "abril",
                "maio",
                "junho",
                "julho",
                "agosto",
                "setembro",
                "outubro",
                "novembro",
                "dezembro",
            ],
            "season": {"primavera": 3, "verao": 6, "outono": 9, "inverno": 12},
            "holiday": {
                "vespera de natal|consoada": "christmas_eve",
                "natal": "christmas",
                "vespera de ano novo|reveillon|passagem de ano": "new_years_eve",
                "ano novo": "new_year",
                "pascoa": "easter",
            },
            "weekend": {"fim de semana": "weekend"},
        },
        "prepositions": "em|no|na|nos|nas|durante",
        "articles": "o|a|os|as",
        "bounds": {
            "desde|a partir d[eoa]": "since",
            "depois d[eoa]|apos": "after",
            "antes d[eoa]": "before",
            "ate": "until",
        },
        "between": ["entre {a} e {b}", "de {a} a {b}", "d[oa] {a} (?:ao?|ate) {b}"],
    },
    "de": {
        "fixed": {
            "heute": ("day", 0),
            "gestern": ("day", -1),
            "vorgestern": ("day", -2),
            "heute (?:morgen|fruh)": ("part", 0, "morning"),
            "heute nachmittag": ("part", 0, "afternoon"),
            "heute abend": ("part", 0, "evening"),
            "gestern (?:morgen|fruh)": ("part", -1, "morning"),
            "gestern nachmittag": ("part", -1, "afternoon"),
            "gestern abend": ("part", -1, "evening"),
            "letzte nacht|gestern nacht": ("part", -1, "night"),
            "(?:in )?diese[rn]? woche": ("week", 0),
            "(?:in )?(?:der )?(?:letzte[nr]?|vergangene[nr]?) woche": ("week", -1),
            "vorletzte[nr]? woche": ("week", -2),
            "(?:in )?diese[mn] monat": ("month", 0),
            "(?:im )?(?:letzte[nmr]?|vergangene[nmr]?) monat": ("month", -1),
            "(?:in )?diese[ms] jahr": ("year", 0),
            "(?:im )?(?:letzte[nms]?|vergangene[nms]?) jahr": ("year", -1),
        },
        "numbers": {
            "eine[mnr]?|ein": 1,
            "zwei": 2,
            "drei|ein paar|paar|einigen|wenigen": 3,
            "vier": 4,
            "funf": 5,
            "sechs": 6,
            "sieben": 7,
            "acht": 8,
            "neun": 9,
            "zehn": 10,
        },
        "units": {"tag(?:e|en)?": "day", "wochen?": "week", "monat(?:e|en)?": "month", "jahr(?:e|en)?": "year"},
        "ago": ["vor {n} {unit}"],
        "rolling": ["(?:in )?den (?:letzten|vergangenen) {n} {unit}"],
        "last": ["(?:am )?(?:letzte[nmrs]?|vergangene[nmrs]?) {x}"],
        "this": ["(?:an )?diese[nmrs]? {x}", "{x}"],
        "with_year": ["{x} {year}"],
        "names": {
            "weekday": ["montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag|sonnabend", "sonntag"],
            "month": [
                "januar|janner",
                "februar",
                "marz",
                "april",
                "mai",
                "juni",
                "juli",
                "august",
                "september",
                "oktober",
                "november",
                "dezember",
            ],
            "season": {"fruhling|fruhjahr": 3, "sommer": 6, "herbst": 9, "winter": 12},
            "holiday": {
                "heiligabend|heiligen abend": "christmas_eve",
                "weihnachten": "christmas",
                "silvester": "new_years_eve",
                "neujahr": "new_year",
                "ostern": "easter",
            },
            "weekend": {"wochenende": "weekend"},
        },
        "prepositions": "im|am|an|in|um|zu|uber|wahrend",
        "articles": "dem|der|den|die|das",
        "bounds": {"seit|ab": "since", "nach": "after", "vor": "before", "bis(?: zum| zur)?": "until"},
        "between": ["zwischen {a} und {b}", "von {a} bis {b}"],
    },
}

DAY_PARTS = {"morning": (5, 12), "afternoon": (12, 18), "evening": (18, 24), "night": (18, 30)}  # hours
SEASON_MONTHS = 3
YEAR = r"(?:19|20)\d\d"
ISO = r"\d{4}-\d\d-\d\d(?:[t ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:z|[+-]\d\d:?\d\d)?)?"


@dataclass(frozen=True)
class Phrase:
    """A time phrase found in a text: where (start:end of the text), what it says, and the range it gives."""

    start: int
    end: int
    text: str
    since: float | None
    until: float | None


@dataclass(frozen=True)
class _Form:
    pattern: re.Pattern
    kind: str  # fixed, ago, rolling, recurring, year, iso
    meta: tuple = ()
    bare: bool = False  # a name alone ("may"): in a query only after a preposition or bound


def fold(text: str) -> str:
    """Lower case without accents, one character for one (positions stay): "Verão" -> "verao"."""
    out = []
    for c in text:
        low = c.lower()
        c = low if len(low) == 1 else c
        out.append("'" if c in "\u2019\u2018" else unicodedata.normalize("NFKD", c)[0])
    return "".join(out)


def base_language(language: str | None) -> str:
    """The language of a locale code: "pt_BR", "de-AT", "EN" -> "pt", "de", "en" (none: English)."""
    return fold((language or "en").replace("-", "_").split("_")[0])


def period_languages(language: str | None) -> tuple[str, ...]:
    """The tables a query in `language` (a locale code: pt_BR, de-AT) is read with: its own, then English."""
    base = base_language(language)
    return tuple(dict.fromkeys([base, "en"] if base in PERIOD_WORDS else ["en"]))


def _names(table: dict, category: str) -> list[tuple[re.Pattern, object]]:
    names = table["names"][category]
    pairs = (
        [(name, i + (category == "month")) for i, name in enumerate(names)]
        if isinstance(names, list)
        else names.items()
    )
    return [(re.compile(fold(name)), value) for name, value in pairs]


def _alternatives(table: dict, key: str) -> str:
    return "|".join(fold(k) for k in sorted(table[key], key=len, reverse=True))


@functools.cache
def _forms(language: str) -> tuple[_Form, ...]:
    t = PERIOD_WORDS[language]
    n = rf"(?P<n>\d+|{_alternatives(t, 'numbers')})"
    unit = rf"(?P<unit>{_alternatives(t, 'units')})"

    def compile_(template: str, **parts: str) -> re.Pattern:
        text = fold(template).replace(" ", r"\s+")
        for name, part in {"n": n, "unit": unit, "year": rf"(?P<year>{YEAR})", **parts}.items():
            text = text.replace("{" + name + "}", part)
        return re.compile(rf"(?<!\w)(?:{text})(?!\w)")

    forms = [_Form(compile_(phrase), "fixed", value) for phrase, value in t["fixed"].items()]
    forms += [_Form(compile_(p), "ago") for p in t["ago"]]
    forms += [_Form(compile_(p.replace("{n} ", "(?:{n} )?")), "rolling") for p in t["rolling"]]
    for category in t["names"]:
        x = "(?P<x>" + "|".join(p.pattern for p, _ in _names(t, category)) + ")"
        forms += [_Form(compile_(p, x=x), "recurring", (category, "last")) for p in t["last"]]
        forms += [_Form(compile_(p, x=x), "recurring", (category, "this"), p == "{x}") for p in t["this"]]
        if category not in ("weekday", "weekend"):
            forms += [_Form(compile_(p, x=x), "recurring", (category, "this")) for p in t["with_year"]]
    forms.append(_Form(compile_("{year}"), "year", (), True))
    forms.append(_Form(re.compile(rf"(?<!\w){ISO}(?!\w)"), "iso"))
    return tuple(forms)


def _day(d: date, hours: float = 0) -> float:
    return (datetime(d.year, d.month, d.day) + timedelta(hours=hours)).astimezone().timestamp()


def _month(year: int, month: int, offset: int = 0) -> date:
    y, m = divmod(year * 12 + month - 1 + offset, 12)
    return date(y, m + 1, 1)


def _calendar(unit: str, offset: int, today: date) -> tuple[float, float]:
    """The day, week (from Monday), month or year `offset` from today's."""
    if unit == "day":
        start = today + timedelta(days=offset)
        return _day(start), _day(start + timedelta(days=1))
    if unit == "week":
        start = today - timedelta(days=today.weekday()) + timedelta(weeks=offset)
        return _day(start), _day(start + timedelta(weeks=1))
    if unit == "month":
        start = _month(today.year, today.month, offset)
        return _day(start), _day(_month(start.year, start.month, 1))
    return _day(date(today.year + offset, 1, 1)), _day(date(today.year + offset + 1, 1, 1))


def easter(year: int) -> date:
    """Easter Sunday (the Gregorian computus)."""
    a, (b, c) = year % 19, divmod(year, 100)
    d, e = divmod(b, 4)
    g = (b - (b + 8) // 25 + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    n = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * n) // 451
    month, day = divmod(h + n - 7 * m + 114, 31)
    return date(year, month, day + 1)


def _in_year(category: str, value, year: int) -> tuple[date, date]:
    """A month, season (from its first month: 3 spring ... 12 winter) or holiday of a year, [start, end)."""
    if category == "month":
        return date(year, value, 1), _month(year, value, 1)
    if category == "season":
        return date(year, value, 1), _month(year, value, SEASON_MONTHS)
    if value == "easter":
        sunday = easter(year)
        return sunday - timedelta(days=2), sunday + timedelta(days=2)  # Good Friday to Easter Monday
    start, days = {"christmas_eve": ((12, 24), 1), "christmas": ((12, 24), 3), "new_years_eve": ((12, 31), 1)}.get(
        value, ((1, 1), 1)
    )
    first = date(year, *start)
    return first, first + timedelta(days=days)


def _recurring(category: str, value, mode: str, year: int | None, now: float) -> tuple[float, float] | None:
    """`this`: the latest occurrence that has begun (that of `year` if given); `last`: the latest that has
    ended."""
    today = datetime.fromtimestamp(now).date()
    if category in ("weekday", "weekend"):
        weekday, days = (value, 1) if category == "weekday" else (5, 2)
        latest = today - timedelta(days=(today.weekday() - weekday) % 7)
        spans = [(d, d + timedelta(days=days)) for d in (latest - timedelta(weeks=1), latest)]
    elif year is not None:
        spans = [_in_year(category, value, year)]
    else:
        spans = [_in_year(category, value, y) for y in range(today.year - 2, today.year + 1)]
    ranges = [(_day(a), _day(b)) for a, b in spans]
    if year is not None:
        return ranges[0]
    ok = [r for r in ranges if (r[0] <= now if mode == "this" else r[1] <= now)]
    return max(ok) if ok else None


def _number(table: dict, word: str) -> int:
    if word.isdigit():
        return int(word)
    return next(v for k, v in table["numbers"].items() if re.fullmatch(fold(k), word))


def _unit(table: dict, word: str) -> str:
    return next(v for k, v in table["units"].items() if re.fullmatch(fold(k), word))


def _resolve(language: str, form: _Form, m: re.Match, now: float) -> tuple[float, float] | None:
    t, today = PERIOD_WORDS[language], datetime.fromtimestamp(now).date()
    if form.kind == "fixed":
        unit, offset, *part = form.meta
        if unit == "part":
            first, last = DAY_PARTS[part[0]]
            day = today + timedelta(days=offset)
            return _day(day, first), _day(day, last)
        return _calendar(unit, offset, today)
    if form.kind == "ago":
        return _calendar(_unit(t, m["unit"]), -_number(t, m["n"]), today)
    if form.kind == "rolling":
        n = _number(t, m["n"]) if m.groupdict().get("n") else 1
        return now - n * _UNITS[_unit(t, m["unit"])] * 86_400.0, now
    if form.kind == "year":
        return _calendar("year", int(m["year"]) - today.year, today)
    if form.kind == "iso":
        text = m.group(0).upper()
        try:
            if len(text) == 10:
                d = date.fromisoformat(text)
                return _day(d), _day(d + timedelta(days=1))
            dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            return None
        at = (dt.astimezone() if dt.tzinfo is None else dt).timestamp()
        return at, at
    category, mode = form.meta
    value = next(v for p, v in _names(t, category) if p.fullmatch(m["x"]))
    year = int(m["year"]) if m.groupdict().get("year") else None
    return _recurring(category, value, mode, year, now)


def _periods(folded: str, language: str, now: float) -> list[tuple]:
    """Every period the text names in one language: (start, end, since, until, bare, for a recurring one (a
    month, a weekday, ...) how to resolve it against another time)."""
    out = []
    for form in _forms(language):
        for m in form.pattern.finditer(folded):
            got = _resolve(language, form, m, now)
            if got is not None:
                again = functools.partial(_resolve, language, form, m) if form.kind == "recurring" else None
                out.append((m.start(), m.end(), *got, form.bare, again))
    return out


def period_range(text: str, now: float | None = None, languages: tuple[str, ...] | None = None):
    """The range [since, until) a text that is a period alone names ("yesterday", "last week", "in May", "two
    days ago", "2026-05-03"), or None."""
    now = time.time() if now is None else now
    folded = fold(text.strip())
    for language in languages or tuple(PERIOD_WORDS):
        head = re.compile(_lead(PERIOD_WORDS[language]))
        whole = [p for p in _periods(folded, language, now) if p[1] == len(folded) and head.fullmatch(folded, 0, p[0])]
        if whole:
            return min(whole)[2:4]
    return None


def find_phrase(text: str, now: float | None = None, languages: tuple[str, ...] = ("en",)) -> Phrase | None:
    """The first time phrase in a text (the longest of those starting there), with a bound word before it
    ("since the summer", "before Christmas", "until yesterday") or between two periods ("between May and
    June"); the languages' tables in order, the first that finds one answers."""
    now = time.time() if now is None else now
    folded = fold(text)
    for language in languages:
        t = PERIOD_WORDS[language]
        bounds = [(re.compile(fold(k)), v) for k, v in t["bounds"].items()]
        before = re.compile(rf"(?<!\w)(?:(?P<bound>{_alternatives(t, 'bounds')})\s+)?{_lead(t)}$")
        periods = _periods(folded, language, now)
        found = []
        for start, end, since, until, bare, again in periods:
            found += _between(t, folded, start, end, (since, until), again, periods)
            head = before.search(folded, 0, start)
            lead = head.start() if head and head.group(0) else start
            if bare and not (head and (head["bound"] or head["prep"])):
                continue  # "may", "2025": a time only after a preposition or a bound
            bound = head["bound"] if head else None
            kind = next((v for p, v in bounds if bound and p.fullmatch(bound)), None)
            lo, hi = {
                "since": (since, None),
                "after": (until, None),
                "before": (None, since),
                "until": (None, until),
            }.get(kind or "", (since, until))
            found.append((lead, -end, lo, hi))
        if found:
            lead, end, lo, hi = min(found, key=lambda f: (f[0], f[1]))
            return Phrase(lead, -end, text[lead:-end], lo, hi)
    return None


def _lead(table: dict) -> str:
    """What may stand before a period: a preposition, an article, both ("in the") or nothing."""
    return rf"(?:(?P<prep>{fold(table['prepositions'])})\s+)?(?:(?:{fold(table['articles'])})\s+)?"


def _spaced(pattern: str) -> str:
    return pattern.strip().replace(" ", r"\s+")


def _between(table: dict, folded: str, start: int, end: int, first: tuple, again, periods) -> list:
    """ "between May and June": the first period with a second one after it, as one phrase; a month, weekday
    or season first is the one before the second ("between May and June" said in May: of last year), and two
    other periods in the wrong order span both ("between yesterday and last week")."""
    out, prep = [], _lead(table).replace("?P<prep>", "")
    for template in table["between"]:
        a, _, b = fold(template).partition("{a}")
        joiner = b.partition("{b}")[0]
        opening = re.compile(rf"(?<!\w){_spaced(a)}\s+{prep}$") if a.strip() else None
        head = opening.search(folded, 0, start) if opening else None
        if opening and not head:
            continue
        middle = re.compile(rf"\s+{_spaced(joiner)}\s+{prep}")
        gap = middle.match(folded, end)
        if not gap:
            continue
        for s2, e2, since2, until2, *_ in periods:
            if s2 != gap.end():
                continue
            lo, hi = first[0], until2
            if lo >= hi and again is not None:  # the month (weekday, ...) before the second
                redone = again(since2)
                lo = redone[0] if redone else hi
            elif lo >= hi:  # the wrong way round: both
                lo, hi = since2, max(first[1], until2)
            if lo < hi:
                out.append((head.start() if head else start, -e2, lo, hi))
    return out
