"""Erase selectors (spec 9): parsing and validating the user's text, and the rows each one selects itself
(the plan adds what goes with them).

- ref "turn:40" | "fact:12" | "episode:3": that one row.
- speaker <person id>: their personal memory: facts owned by them, turns spoken by them or owned by them
  (an assistant reply in their pool), episodes owned by them, their `speakers` row (and through the links,
  their voiceprint samples). The household pool (owner_id NULL facts and episodes) is never erased by a
  speaker selector, even where one of their turns was a source: only its link to that turn goes.
- thread <conversation key>: every thread row with that key, retired or live (and through the links, its
  sessions, turns, episodes and compaction summary).
- match <identifier>: every row whose text (SEARCHED) holds the identifier at the start of a token,
  case-insensitive (casefold). Boundaries: it may not start inside a word, nor after one of `.@+-` that
  follows a word character, and may not run on into a word character; it may run on through one of `.@+-`
  (a key quoted inside a longer one, `sk-abcdef1234-secret`, is erased with `sk-abcdef1234`). So erasing
  `alice@acme.io` never touches `bob@acme.io`, `malice@acme.io` or `bob.alice@acme.io`, matches
  `Alice@Acme.io.` at the end of a sentence, and also `alice@acme.io.uk`: the dry run lists every distinct
  token it would erase (`tokens`), so a person can narrow it. Exact text only: a phone number written another
  way (`555 0100` vs `555-0100`) is another identifier. Thread keys, speaker ids and names,
  and the audit log are not searched.
- before <date> (and range <start>..<end>, half-open): turns said (ts) before it; facts the home learned
  (recorded_at) before it: not valid_from, which a statement can backdate ("I've lived here since 2019");
  episodes that ended before it (and, for a range, started inside it).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ...errors import NotFound, UserError
from ...store.tracks import BY_KIND
from ...timeutil import iso, parse_time
from ..receipts import ReceiptKeys
from .links import TABLES

KINDS = ("ref", "speaker", "thread", "match", "before", "range")
MIN_IDENTIFIER_CHARS = 3
MAX_VALUE_CHARS = 1000
JOINERS = frozenset(".@+-")
MATCH_FN = "hearth_erase_match"

# The text a match selector searches, per table.
SEARCHED: dict[str, tuple[str, ...]] = {
    "turns": ("text", "tool_calls"),
    "facts": ("text", "display_text", "subject", "object", "qualifier"),
    "episodes": ("headline", "summary", "participants"),
    "thread_summaries": ("summary",),
    "review_queue": ("detail", "payload"),
    "entities": ("name",),
    "entity_aliases": ("alias",),
}
# What a before/range selector compares with its time range, per table.
WHEN: dict[str, str] = {
    "turns": "ts >= :since AND ts < :until",
    "facts": "recorded_at >= :since AND recorded_at < :until",
    "episodes": "started_at >= :since AND ended_at < :until",
}

Rows = dict[str, set]  # table -> the keys of its rows (see links.TABLES)


@dataclass(frozen=True)
class Selector:
    kind: str
    value: str
    since: float | None = None  # before/range: the half-open time range [since, until)
    until: float | None = None

    @classmethod
    def parse(cls, kind: str, value) -> Selector:
        """A selector from its kind and the user's text; ValueError (UserError) with a clear message."""
        if kind not in KINDS:
            raise UserError(f"unknown erase selector {kind!r}: use one of {', '.join(KINDS)}")
        if not isinstance(value, str) or not value.strip():
            raise UserError(f"erase {kind}: a value is required")
        value = value.strip()
        if len(value) > MAX_VALUE_CHARS:
            raise UserError(f"erase {kind}: the value is longer than {MAX_VALUE_CHARS} characters")
        return getattr(cls, kind)(value)

    @classmethod
    def ref(cls, value: str) -> Selector:
        """One reference (turn:40) or several, comma-separated (turn:40,turn:41: one erase, one receipt)."""
        refs = []
        for one in value.split(","):
            kind, sep, number = one.strip().partition(":")
            if not sep or kind not in BY_KIND:
                raise UserError(
                    f"erase ref: {one.strip()!r} is not a reference like turn:40, fact:12 or episode:3 "
                    f"(kinds: {', '.join(sorted(BY_KIND))})"
                )
            if not number.isascii() or not number.isdigit() or int(number) <= 0:
                raise UserError(f"erase ref: {one.strip()!r} needs a positive numeric id after the colon (digits 0-9)")
            if int(number) >= 2**63:
                raise UserError(f"erase ref: {one.strip()!r}: no row has an id that large")
            refs.append(f"{kind}:{int(number)}")
        return cls("ref", ",".join(dict.fromkeys(refs)))

    @property
    def refs(self) -> list[tuple[str, int]]:
        return [(kind, int(number)) for kind, number in (r.split(":") for r in self.value.split(","))]

    @classmethod
    def speaker(cls, value: str) -> Selector:
        if not value.strip():
            raise UserError("erase speaker: a person id is required")
        return cls("speaker", value.strip())

    @classmethod
    def thread(cls, value: str) -> Selector:
        if not value.strip():
            raise UserError("erase thread: a conversation key is required")
        return cls("thread", value.strip())

    @classmethod
    def match(cls, value: str) -> Selector:
        value = value.strip()
        if len(value) < MIN_IDENTIFIER_CHARS:
            raise UserError(f"erase match: the identifier must have at least {MIN_IDENTIFIER_CHARS} characters")
        if not any(_is_word(c) for c in value):
            raise UserError("erase match: the identifier must contain a letter or digit")
        return cls("match", value)

    @classmethod
    def before(cls, value: str) -> Selector:
        return cls("before", value.strip(), None, _time(value, "erase before"))

    @classmethod
    def range(cls, value: str) -> Selector:
        start, sep, end = value.strip().partition("..")
        if not sep:
            raise UserError(f"erase range: {value!r} is not a range like 2026-01-01..2026-02-01")
        since = _time(start, "erase range start") if start.strip() else None
        until = _time(end, "erase range end") if end.strip() else None
        if since is None and until is None:
            raise UserError("erase range: give a start, an end or both")
        if since is not None and until is not None and since >= until:
            raise UserError("erase range: the start must be before the end")
        return cls("range", value.strip(), since, until)

    @property
    def identifier(self) -> str:
        """The normalised identifier a match selector looks for (and whose keyed digest the receipt holds)."""
        return self.value.casefold()

    def describe(self, keys: ReceiptKeys) -> dict:
        """The selector as the receipt and audit log record it: identifiers only as keyed digests."""
        if self.kind == "ref":
            return {"kind": "ref", "ref": self.value}
        if self.kind == "match":
            return {"kind": "match", "identifier_digest": keys.digest(self.identifier)}
        if self.kind in ("speaker", "thread"):
            return {"kind": self.kind, f"{self.kind}_digest": keys.digest(self.value)}
        out = {"kind": self.kind, "until": iso(self.until)}
        if self.kind == "range":
            out["since"] = iso(self.since)
        return out


def _time(value: str, what: str) -> float:
    t = parse_time(value.strip(), what)
    if t is None:
        raise UserError(f"{what}: a date is required")
    return t


# -- lexical matching -----------------------------------------------------------------------------------------
def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _starts(hay: str, needle: str) -> Iterator[int]:
    """Where the needle matches in the casefolded text, by the boundaries of the module docstring."""
    n, size = len(needle), len(hay)
    check_before, check_after = _is_word(needle[0]), _is_word(needle[-1])
    start = 0
    while True:
        i = hay.find(needle, start)
        if i < 0:
            return
        j = i + n
        ok_before = (
            not check_before
            or i == 0
            or (not _is_word(hay[i - 1]) and not (hay[i - 1] in JOINERS and i >= 2 and _is_word(hay[i - 2])))
        )
        ok_after = not check_after or j == size or not _is_word(hay[j])  # on through a joiner: a longer token
        if ok_before and ok_after:
            yield i
        start = i + 1


def contains_identifier(text, needle: str) -> bool:
    """Whether `text` contains the casefolded `needle` at the start of a token (see the module docstring)."""
    if not text or not needle:
        return False
    return next(_starts(str(text).casefold(), needle), None) is not None


def matched_tokens(text, needle: str) -> set[str]:
    """The whole tokens of `text` the needle matches in, run on to the token's end: what a dry run lists
    ("sk-abcdef1234-secret" for "sk-abcdef1234")."""
    if not text or not needle:
        return set()
    hay = str(text).casefold()
    out = set()
    for i in _starts(hay, needle):
        j = i + len(needle)
        while j < len(hay) and (_is_word(hay[j]) or (hay[j] in JOINERS and j + 1 < len(hay) and _is_word(hay[j + 1]))):
            j += 1
        out.add(hay[i:j])
    return out


@contextmanager
def matching(conn: sqlite3.Connection, selector: Selector) -> Iterator[None]:
    """The selector's match function registered on the connection while the block runs (a match selector)."""
    if selector.kind != "match":
        yield
        return
    needle = selector.identifier
    conn.create_function(MATCH_FN, 1, lambda text: contains_identifier(text, needle), deterministic=True)
    try:
        yield
    finally:
        conn.create_function(MATCH_FN, 1, None)


# -- what each selector selects -------------------------------------------------------------------------------
def _key_sql(table: str) -> str:
    return ", ".join(f"{table}.{c}" for c in TABLES[table])


def _keys(conn, table: str, where: str, params=()) -> set:
    """The keys (links.TABLES) of `table`'s rows matching `where`."""
    rows = conn.execute(f"SELECT {_key_sql(table)} FROM {table} WHERE {where}", params).fetchall()
    return {r[0] if len(r) == 1 else tuple(r) for r in rows}


def select(conn: sqlite3.Connection, selector: Selector) -> Rows:
    """The rows the selector names itself; NotFound when a ref, speaker or thread names nothing. For a match
    selector, call inside `matching(conn, selector)`."""
    rows: Rows = {table: set() for table in TABLES}
    kind = selector.kind
    if kind == "ref":
        for ref_kind, number in selector.refs:
            table = BY_KIND[ref_kind].table
            found = _keys(conn, table, "id = ?", (number,))
            if not found:
                raise NotFound(f"no {ref_kind} {number}")
            rows[table] |= found
    elif kind == "speaker":
        who = (selector.value,)
        rows["turns"] = _keys(conn, "turns", "speaker_id = ? OR owner_id = ?", who * 2)
        rows["facts"] = _keys(conn, "facts", "owner_id = ?", who)
        rows["episodes"] = _keys(conn, "episodes", "owner_id = ?", who)
        rows["speakers"] = _keys(conn, "speakers", "id = ?", who)
        if not any(rows.values()):
            raise NotFound(f"no speaker {selector.value!r} and no memory of theirs")
    elif kind == "thread":
        rows["threads"] = _keys(conn, "threads", "key = ?", (selector.value,))
        if not rows["threads"]:
            raise NotFound(f"no conversation {selector.value!r}")
    elif kind == "match":
        for table, columns in SEARCHED.items():
            rows[table] = _keys(conn, table, " OR ".join(f"{MATCH_FN}({c})" for c in columns))
    else:  # before, range
        span = {
            "since": selector.since if selector.since is not None else float("-inf"),
            "until": selector.until if selector.until is not None else float("inf"),
        }
        for table, where in WHEN.items():
            rows[table] = _keys(conn, table, where, span)
    return rows
