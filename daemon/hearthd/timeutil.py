"""Times: stored as unix seconds (UTC), spoken as ISO 8601."""

from __future__ import annotations

import math
from datetime import UTC, date, datetime

from .errors import UserError

MIN_TS = datetime(1, 1, 2, tzinfo=UTC).timestamp()
MAX_TS = datetime(9999, 12, 30, tzinfo=UTC).timestamp()


def parse_time(value: str | float | int | None, what: str = "time") -> float | None:
    """ISO 8601 date or date-time (naive means local time), or unix seconds; None stays None."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise UserError(f"{what}: expected an ISO 8601 date or time, got {value!r}")
    if isinstance(value, (int, float)):
        if not (math.isfinite(value) and MIN_TS <= value <= MAX_TS):
            raise UserError(f"{what}: {value!r} is not a time between the years 1 and 9999")
        return float(value)
    text = str(value).strip()
    try:
        if len(text) == 10:
            d = date.fromisoformat(text)
            return datetime(d.year, d.month, d.day).astimezone().timestamp()
        dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise UserError(
            f"{what}: {value!r} is not an ISO 8601 date or time (like 2026-11-30 or 2026-11-30T14:05:00Z)"
        ) from None
    if dt.tzinfo is None:
        dt = dt.astimezone()
    return dt.timestamp()


def iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


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
