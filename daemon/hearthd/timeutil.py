"""Times: stored as unix seconds (UTC), spoken as ISO 8601."""

from __future__ import annotations

from datetime import date, datetime, timezone

from .errors import UserError


def parse_time(value: str | float | int | None, what: str = "time") -> float | None:
    """ISO 8601 date or date-time (naive means local time), or unix seconds; None stays None."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise UserError(f"{what}: expected an ISO 8601 date or time, got {value!r}")
    if isinstance(value, (int, float)):
        return float(value)
    text = str(value).strip()
    try:
        if len(text) == 10:
            d = date.fromisoformat(text)
            return datetime(d.year, d.month, d.day).astimezone().timestamp()
        dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise UserError(f"{what}: {value!r} is not an ISO 8601 date or time (like 2026-11-30 or "
                        f"2026-11-30T14:05:00Z)") from None
    if dt.tzinfo is None:
        dt = dt.astimezone()
    return dt.timestamp()


def iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return datetime.fromtimestamp(ts, timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")
