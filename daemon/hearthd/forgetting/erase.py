"""Erase: delete for good, leave no byte of the erased text behind, and hand back a signed receipt.

What each selector covers (spec 9):

- ref "turn:40" | "fact:12" | "episode:3": that one row.
- speaker <person id>: their personal memory: facts owned by them, turns spoken by them or owned by them
  (an assistant reply in their pool), episodes owned by them, their `speakers` row and rows of any table that
  holds their voiceprint (a table named like "voiceprint" with a speaker column, or any other table with a
  foreign key to speakers). The household pool (owner_id NULL facts and episodes) is never erased by a
  speaker selector, even where one of their turns was a source: only its link to that turn goes.
- thread <conversation key>: every thread row with that key, retired or live, with its sessions, turns,
  episodes and compaction summary.
- match <identifier>: every turn (text, tool calls), fact (text, display text, subject, object, qualifier)
  and episode (headline, summary, participants) containing the identifier as a whole token, case-insensitive
  (casefold). Boundaries: the match may not continue into a word character, nor through one of `.@+-` into a
  word character, so erasing `alice@acme.io` never touches `bob@acme.io`, `malice@acme.io` or
  `alice@acme.io.uk`, but does match `Alice@Acme.io.` at the end of a sentence. Exact text only: a phone number
  written another way (`555 0100` vs `555-0100`) is another identifier. Also thread summaries and review-queue
  rows whose text contains it. Thread keys, speaker ids and names, and the audit log are not searched.
- before <date> (and range <start>..<end>, half-open): turns said (ts) before it; facts the home learned
  (recorded_at) before it: not valid_from, which a statement can backdate ("I've lived here since 2019");
  episodes that ended before it (and, for a range, started inside it).

Derived rows go with them: facts whose every linked source turn is erased (and which have one); episodes of a
session whose turns are all erased, or which quote an erased turn; a thread summary that folded an erased
turn; review-queue rows naming an erased fact; dismissals of erased items; the link rows. A surviving fact
superseded by an erased one keeps its history but loses the pointer (superseded_by NULL), and one formed in an
erased session loses its session_id.

`plan_erase` is the dry run. `execute_erase` resolves the selector again inside its one write transaction (so
rows that arrived after the preview are covered too and the receipt counts exactly what was deleted), deletes,
optimizes the FTS indexes that lost rows (FTS5 keeps deleted terms in old segments until a merge), stores the
signed receipt and an audit row, and after the commit unindexes the vectors, drops the live windows and
checkpoints the WAL with TRUNCATE. `secure_delete` is on for every connection, so freed pages are zeroed.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from dataclasses import dataclass, field

from .. import __version__
from ..audit import record as audit
from ..errors import NotFound, UserError
from ..store.connection import open_connection
from ..store.tracks import BY_KIND, EPISODES, FACTS, TURNS
from ..timeutil import iso, parse_time
from .receipts import ReceiptKeys, canonical_json, store_receipt

log = logging.getLogger(__name__)

KINDS = ("ref", "speaker", "thread", "match", "before", "range")
MIN_IDENTIFIER_CHARS = 3
MAX_VALUE_CHARS = 1000
CHUNK = 500
JOINERS = frozenset(".@+-")
MATCH_FN = "hearth_erase_match"
QUOTE_PROBE_CHARS = 40
MIN_QUOTE_CHARS = 16
CHECKPOINT_TRIES = 40

# Tables whose rows an erase may delete, in receipt order (voiceprint tables are appended when present).
TABLES = ("turns", "facts", "episodes", "fact_turn_link", "fact_episode_link", "episode_links", "thread_summaries",
          "review_queue", "dismissals", "sessions", "threads", "speakers")
LINK_TABLES = ("fact_turn_link", "fact_episode_link", "episode_links")
FTS_OF = {"turns": TURNS.fts, "facts": FACTS.fts, "episodes": EPISODES.fts}
TRACK_OF = {"turns": TURNS, "facts": FACTS, "episodes": EPISODES}
KIND_OF = {"turns": "turn", "facts": "fact", "episodes": "episode"}


# -- selectors ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Selector:
    kind: str
    value: str
    since: float | None = None  # before/range: the half-open time range [since, until)
    until: float | None = None

    @classmethod
    def parse(cls, kind: str, value) -> "Selector":
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
    def ref(cls, value: str) -> "Selector":
        kind, sep, number = value.strip().partition(":")
        if not sep or kind not in BY_KIND:
            raise UserError(f"erase ref: {value!r} is not a reference like turn:40, fact:12 or episode:3 "
                            f"(kinds: {', '.join(sorted(BY_KIND))})")
        if not number.isascii() or not number.isdigit() or int(number) <= 0:
            raise UserError(f"erase ref: {value!r} needs a positive numeric id after the colon")
        return cls("ref", f"{kind}:{int(number)}")

    @classmethod
    def speaker(cls, value: str) -> "Selector":
        value = value.strip()
        if not value:
            raise UserError("erase speaker: a person id is required")
        return cls("speaker", value)

    @classmethod
    def thread(cls, value: str) -> "Selector":
        if not value or not value.strip():
            raise UserError("erase thread: a conversation key is required")
        return cls("thread", value.strip())

    @classmethod
    def match(cls, value: str) -> "Selector":
        value = value.strip()
        if len(value) < MIN_IDENTIFIER_CHARS:
            raise UserError(f"erase match: the identifier must have at least {MIN_IDENTIFIER_CHARS} characters")
        if not any(_is_word(c) for c in value):
            raise UserError("erase match: the identifier must contain a letter or digit")
        return cls("match", value)

    @classmethod
    def before(cls, value: str) -> "Selector":
        return cls("before", value.strip(), None, _time(value, "erase before"))

    @classmethod
    def range(cls, value: str) -> "Selector":
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


def contains_identifier(text, needle: str) -> bool:
    """Whether `text` contains the casefolded `needle` as a whole token (see the module docstring)."""
    if not text or not needle:
        return False
    hay = str(text).casefold()
    n, size = len(needle), len(hay)
    check_before, check_after = _is_word(needle[0]), _is_word(needle[-1])
    start = 0
    while True:
        i = hay.find(needle, start)
        if i < 0:
            return False
        j = i + n
        ok_before = not check_before or i == 0 or (
            not _is_word(hay[i - 1]) and not (hay[i - 1] in JOINERS and i >= 2 and _is_word(hay[i - 2])))
        ok_after = not check_after or j == size or (
            not _is_word(hay[j]) and not (hay[j] in JOINERS and j + 1 < size and _is_word(hay[j + 1])))
        if ok_before and ok_after:
            return True
        start = i + 1


def _quotes(episode_text: str, turn_text: str) -> bool:
    """Whether an episode's headline or summary quotes a turn (extractive narratives copy turn text)."""
    turn = " ".join((turn_text or "").split()).casefold()
    if len(turn) < MIN_QUOTE_CHARS:
        return False
    return turn[:QUOTE_PROBE_CHARS] in " ".join((episode_text or "").split()).casefold()


def _headline_quotes(headline: str, turn_text: str) -> bool:
    head = " ".join((headline or "").split()).casefold().rstrip("…").rstrip()
    turn = " ".join((turn_text or "").split()).casefold()
    return len(head) >= MIN_QUOTE_CHARS and turn.startswith(head)


# -- the plan -------------------------------------------------------------------------------------------------
@dataclass
class ErasePlan:
    selector: Selector
    rows: dict[str, list] = field(default_factory=dict)      # table -> keys (ids, speaker ids, link tuples)
    updates: dict[str, int] = field(default_factory=dict)    # "facts.superseded_by" -> surviving rows changed
    threads_touched: list[int] = field(default_factory=list)  # live windows to release
    link_rows: dict[str, list[dict]] = field(default_factory=dict, repr=False)

    def ids(self, table: str) -> list:
        return self.rows.get(table, [])

    def counts(self) -> dict[str, int]:
        return {table: len(keys) for table, keys in self.rows.items()}

    @property
    def empty(self) -> bool:
        return not any(self.rows.values())

    def preview(self) -> dict:
        """The dry run as the API shows it (the selector's kind, never its identifier)."""
        return {"selector": {"kind": self.selector.kind}, "counts": self.counts(), "updates": dict(self.updates),
                "total": sum(self.counts().values())}


def _chunks(items: list, size: int = CHUNK):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def _in(conn, sql: str, ids, params_before: tuple = ()) -> list:
    """Run `sql` (with one `{marks}`) over ids in chunks; the rows of all chunks."""
    out: list = []
    for chunk in _chunks(sorted(ids)):
        out += conn.execute(sql.format(marks=", ".join("?" * len(chunk))), (*params_before, *chunk)).fetchall()
    return out


def _voiceprint_tables(conn) -> list[tuple[str, str]]:
    """(table, speaker column) of tables that hold a speaker's voice data, if any exist yet."""
    found = []
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                        "AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%'")]
    for name in names:
        if name in ("turns", "speakers"):
            continue
        column = None
        for fk in conn.execute(f"PRAGMA foreign_key_list({_quote_ident(name)})"):
            if fk[2] == "speakers":
                column = fk[3]
        if column is None and "voiceprint" in name.lower():
            cols = [c[1] for c in conn.execute(f"PRAGMA table_info({_quote_ident(name)})")]
            column = next((c for c in ("speaker_id", "speaker", "person_id") if c in cols), None)
        if column:
            found.append((name, column))
    return found


def _quote_ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _collect(conn: sqlite3.Connection, selector: Selector) -> ErasePlan:
    """Resolve a selector on a connection (a reader for the preview, the writer inside the erase)."""
    turns: set[int] = set()
    facts: set[int] = set()
    episodes: set[int] = set()
    threads: set[int] = set()
    sessions: set[int] = set()
    summaries: set[int] = set()
    review: set[int] = set()
    speakers: set[str] = set()
    voice: dict[str, list[int]] = {}
    kind = selector.kind
    protect_household = kind == "speaker"

    if kind == "ref":
        ref_kind, number = selector.value.split(":")
        track = BY_KIND[ref_kind]
        if not conn.execute(f"SELECT 1 FROM {track.table} WHERE id = ?", (int(number),)).fetchone():
            raise NotFound(f"no {ref_kind} {number}")
        {"turn": turns, "fact": facts, "episode": episodes}[ref_kind].add(int(number))
    elif kind == "speaker":
        who = selector.value
        turns |= {r[0] for r in conn.execute("SELECT id FROM turns WHERE speaker_id = ? OR owner_id = ?", (who, who))}
        facts |= {r[0] for r in conn.execute("SELECT id FROM facts WHERE owner_id = ?", (who,))}
        episodes |= {r[0] for r in conn.execute("SELECT id FROM episodes WHERE owner_id = ?", (who,))}
        speakers |= {r[0] for r in conn.execute("SELECT id FROM speakers WHERE id = ?", (who,))}
        for table, column in _voiceprint_tables(conn):
            rowids = [r[0] for r in conn.execute(
                f"SELECT rowid FROM {_quote_ident(table)} WHERE {_quote_ident(column)} = ?", (who,))]
            if rowids:
                voice[table] = rowids
        if not (turns or facts or episodes or speakers or voice):
            raise NotFound(f"no speaker {who!r} and no memory of theirs")
    elif kind == "thread":
        threads |= {r[0] for r in conn.execute("SELECT id FROM threads WHERE key = ?", (selector.value,))}
        if not threads:
            raise NotFound(f"no conversation {selector.value!r}")
        sessions |= {r[0] for r in _in(conn, "SELECT id FROM sessions WHERE thread_id IN ({marks})", threads)}
        turns |= {r[0] for r in _in(conn, "SELECT id FROM turns WHERE thread_id IN ({marks})", threads)}
        episodes |= {r[0] for r in _in(conn, "SELECT id FROM episodes WHERE thread_id IN ({marks})", threads)}
        episodes |= {r[0] for r in _in(conn, "SELECT id FROM episodes WHERE session_id IN ({marks})", sessions)}
        summaries |= {r[0] for r in _in(conn, "SELECT thread_id FROM thread_summaries WHERE thread_id IN ({marks})",
                                        threads)}
    elif kind == "match":
        m = MATCH_FN
        turns |= {r[0] for r in conn.execute(f"SELECT id FROM turns WHERE {m}(text) OR {m}(tool_calls)")}
        facts |= {r[0] for r in conn.execute(
            f"SELECT id FROM facts WHERE {m}(text) OR {m}(display_text) OR {m}(subject) OR {m}(object) "
            f"OR {m}(qualifier)")}
        episodes |= {r[0] for r in conn.execute(
            f"SELECT id FROM episodes WHERE {m}(headline) OR {m}(summary) OR {m}(participants)")}
        summaries |= {r[0] for r in conn.execute(f"SELECT thread_id FROM thread_summaries WHERE {m}(summary)")}
        review |= {r[0] for r in conn.execute(f"SELECT id FROM review_queue WHERE {m}(detail)")}
    else:  # before, range
        lo = selector.since if selector.since is not None else float("-inf")
        hi = selector.until if selector.until is not None else float("inf")
        turns |= {r[0] for r in conn.execute("SELECT id FROM turns WHERE ts >= ? AND ts < ?", (lo, hi))}
        facts |= {r[0] for r in conn.execute("SELECT id FROM facts WHERE recorded_at >= ? AND recorded_at < ?",
                                             (lo, hi))}
        episodes |= {r[0] for r in conn.execute("SELECT id FROM episodes WHERE started_at >= ? AND ended_at < ?",
                                                (lo, hi))}

    # -- derived: facts that came only from erased turns
    if turns:
        candidates = {r[0] for r in _in(conn, "SELECT DISTINCT fact_id FROM fact_turn_link WHERE turn_id IN ({marks})",
                                         turns)} - facts
        sources: dict[int, set[int]] = {}
        for fact_id, turn_id in _in(conn, "SELECT fact_id, turn_id FROM fact_turn_link WHERE fact_id IN ({marks})",
                                    candidates):
            sources.setdefault(fact_id, set()).add(turn_id)
        only = {f for f, ts in sources.items() if ts and ts <= turns}
        if protect_household and only:
            only = {r[0] for r in _in(conn, "SELECT id FROM facts WHERE owner_id IS NOT NULL AND id IN ({marks})",
                                      only)}
        facts |= only

    # -- derived: episodes of sessions left without turns, or quoting an erased turn
    turn_rows = _in(conn, "SELECT id, session_id, thread_id, text FROM turns WHERE id IN ({marks})", turns)
    touched_sessions = {r[1] for r in turn_rows}
    if touched_sessions:
        # (json_each keeps the erased ids one parameter, however many there are)
        left = {r[0] for r in _in(conn, "SELECT DISTINCT session_id FROM turns WHERE id NOT IN "
                                        "(SELECT value FROM json_each(?)) AND session_id IN ({marks})",
                                  touched_sessions, (json.dumps(sorted(turns)),))}
        emptied = touched_sessions - left
        by_session: dict[int, list[str]] = {}
        for r in turn_rows:
            by_session.setdefault(r[1], []).append(r[3])
        for ep_id, session_id, owner, headline, summary in _in(
                conn, "SELECT id, session_id, owner_id, headline, summary FROM episodes WHERE session_id IN ({marks})",
                touched_sessions):
            if ep_id in episodes or (protect_household and owner is None):
                continue
            if session_id in emptied or any(_quotes(f"{headline} {summary}", t) or _headline_quotes(headline, t)
                                            for t in by_session.get(session_id, [])):
                episodes.add(ep_id)

    # -- derived: compaction summaries that folded an erased turn
    first_erased: dict[int, int] = {}
    for r in turn_rows:
        first_erased[r[2]] = min(first_erased.get(r[2], r[0]), r[0])
    for thread_id, upto in _in(conn, "SELECT thread_id, upto_turn_id FROM thread_summaries WHERE thread_id IN "
                                     "({marks})", first_erased):
        if first_erased[thread_id] <= upto:
            summaries.add(thread_id)

    # -- review-queue rows naming an erased fact
    if facts:
        for rid, fact_ids in conn.execute("SELECT id, fact_ids FROM review_queue"):
            try:
                named = {int(x) for x in json.loads(fact_ids or "[]")}
            except (ValueError, TypeError):
                continue
            if named & facts:
                review.add(rid)

    # -- links, dismissals
    link_rows: dict[str, list[dict]] = {t: [] for t in LINK_TABLES}
    seen: dict[str, set] = {t: set() for t in LINK_TABLES}

    def links(table: str, sql: str, ids: set, key) -> None:
        for row in _in(conn, sql, ids):
            k = key(row)
            if k not in seen[table]:
                seen[table].add(k)
                link_rows[table].append(dict(row))

    conn_rows = conn.row_factory
    conn.row_factory = sqlite3.Row  # (both the writer's and the readers' connections have it already)
    try:
        links("fact_turn_link", "SELECT * FROM fact_turn_link WHERE fact_id IN ({marks})", facts,
              lambda r: (r["fact_id"], r["turn_id"]))
        links("fact_turn_link", "SELECT * FROM fact_turn_link WHERE turn_id IN ({marks})", turns,
              lambda r: (r["fact_id"], r["turn_id"]))
        links("fact_episode_link", "SELECT * FROM fact_episode_link WHERE fact_id IN ({marks})", facts,
              lambda r: (r["fact_id"], r["episode_id"]))
        links("fact_episode_link", "SELECT * FROM fact_episode_link WHERE episode_id IN ({marks})", episodes,
              lambda r: (r["fact_id"], r["episode_id"]))
        links("episode_links", "SELECT * FROM episode_links WHERE episode_id IN ({marks})", episodes,
              lambda r: (r["episode_id"], r["related_id"]))
        links("episode_links", "SELECT * FROM episode_links WHERE related_id IN ({marks})", episodes,
              lambda r: (r["episode_id"], r["related_id"]))
    finally:
        conn.row_factory = conn_rows

    dismissals: list[tuple[str, int]] = []
    for table, ids in (("turns", turns), ("facts", facts), ("episodes", episodes)):
        dismissals += [(KIND_OF[table], r[0]) for r in _in(
            conn, "SELECT item_id FROM dismissals WHERE kind = ? AND item_id IN ({marks})", ids, (KIND_OF[table],))]

    # -- surviving rows whose pointers change
    updates = {}
    superseded = {r[0] for r in _in(conn, "SELECT id FROM facts WHERE superseded_by IN ({marks})", facts)} - facts
    updates["facts.superseded_by"] = len(superseded)
    orphaned = {r[0] for r in _in(conn, "SELECT id FROM facts WHERE session_id IN ({marks})", sessions)} - facts
    updates["facts.session_id"] = len(orphaned)

    threads_touched = set(threads) | set(first_erased) | summaries
    threads_touched |= {r[0] for r in _in(conn, "SELECT DISTINCT thread_id FROM episodes WHERE id IN ({marks}) "
                                                "AND thread_id IS NOT NULL", episodes)}
    rows = {
        "turns": sorted(turns), "facts": sorted(facts), "episodes": sorted(episodes),
        "fact_turn_link": sorted(seen["fact_turn_link"]), "fact_episode_link": sorted(seen["fact_episode_link"]),
        "episode_links": sorted(seen["episode_links"]), "thread_summaries": sorted(summaries),
        "review_queue": sorted(review), "dismissals": sorted(dismissals), "sessions": sorted(sessions),
        "threads": sorted(threads), "speakers": sorted(speakers),
    }
    for table, rowids in voice.items():
        rows[table] = sorted(rowids)
    return ErasePlan(selector, rows, updates, sorted(threads_touched), link_rows)


def _with_match(conn: sqlite3.Connection, selector: Selector, fn):
    """Run fn(conn) with the selector's match function registered on the connection (and removed after)."""
    if selector.kind != "match":
        return fn(conn)
    needle = selector.identifier
    conn.create_function(MATCH_FN, 1, lambda text: contains_identifier(text, needle), deterministic=True)
    try:
        return fn(conn)
    finally:
        conn.create_function(MATCH_FN, 1, None)


def plan_erase(store, selector: Selector) -> ErasePlan:
    """The dry run: what erasing `selector` would delete, nothing changed (NotFound for a missing ref)."""
    conn = open_connection(store.path, readonly=True)
    try:
        conn.execute("BEGIN")  # one snapshot for every query
        try:
            return _with_match(conn, selector, lambda c: _collect(c, selector))
        finally:
            conn.execute("COMMIT")
    finally:
        conn.close()


# -- executing ------------------------------------------------------------------------------------------------
def _jsonable(value):
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    return value


def _row_digest(keys: ReceiptKeys, table: str, row: dict) -> str:
    return keys.digest(canonical_json({"table": table, "row": {k: _jsonable(v) for k, v in row.items()}}))


def _fetch_rows(conn, table: str, keys_: list) -> list[dict]:
    """The full rows an erase is about to delete (for their digests)."""
    if not keys_:
        return []
    if table == "dismissals":
        out = []
        for kind in sorted({k for k, _ in keys_}):
            ids = [i for k, i in keys_ if k == kind]
            out += _in(conn, "SELECT * FROM dismissals WHERE kind = ? AND item_id IN ({marks})", ids, (kind,))
        return [dict(r) for r in out]
    column = {"thread_summaries": "thread_id"}.get(table, "id" if table in _ID_TABLES else "rowid")
    return [dict(r) for r in _in(conn, f"SELECT * FROM {_quote_ident(table)} WHERE {column} IN ({{marks}})", keys_)]


_ID_TABLES = ("turns", "facts", "episodes", "review_queue", "sessions", "threads", "speakers")


def _delete(tx, table: str, keys_: list) -> int:
    if not keys_:
        return 0
    if table in LINK_TABLES:
        a, b = {"fact_turn_link": ("fact_id", "turn_id"), "fact_episode_link": ("fact_id", "episode_id"),
                "episode_links": ("episode_id", "related_id")}[table]
        return sum(tx.execute(f"DELETE FROM {table} WHERE {a} = ? AND {b} = ?", k).rowcount for k in keys_)
    if table == "dismissals":
        return sum(tx.execute("DELETE FROM dismissals WHERE kind = ? AND item_id = ?", k).rowcount for k in keys_)
    column = {"thread_summaries": "thread_id"}.get(table, "id" if table in _ID_TABLES else "rowid")
    n = 0
    for chunk in _chunks(list(keys_)):
        n += tx.execute(f"DELETE FROM {_quote_ident(table)} WHERE {column} IN ({', '.join('?' * len(chunk))})",
                        chunk).rowcount
    return n


# Deletion order: what points at a row goes before it (links and dismissals, then facts/episodes/turns, then the
# summaries, sessions and threads they sat in, then voice data and the speaker).
DELETE_ORDER = ("review_queue", "dismissals", "fact_turn_link", "fact_episode_link", "episode_links", "facts",
                "episodes", "turns", "thread_summaries", "sessions", "threads")


def execute_erase(store, windows, keys: ReceiptKeys, plan: ErasePlan, actor: str, schema_version: int) -> dict:
    """Erase what `plan.selector` selects in one write transaction; returns the signed receipt (also stored in
    `receipts`, with an `audit` row). The selector is resolved again inside the transaction."""
    selector = plan.selector
    state: dict = {}

    def write(tx):
        conn = tx.conn
        fresh = _with_match(conn, selector, lambda c: _collect(c, selector))
        now = time.time()
        digests: dict[str, list[str]] = {}
        for table, keys_ in fresh.rows.items():
            rows = fresh.link_rows.get(table) if table in LINK_TABLES else _fetch_rows(conn, table, keys_)
            digests[table] = sorted(_row_digest(keys, table, r) for r in rows)
        facts = fresh.ids("facts")
        _in_update(tx, "UPDATE facts SET superseded_by = NULL WHERE superseded_by IN ({marks})", facts)
        _in_update(tx, "UPDATE facts SET session_id = NULL WHERE session_id IN ({marks})", fresh.ids("sessions"))
        counts: dict[str, int] = {}
        for table in DELETE_ORDER:
            counts[table] = _delete(tx, table, fresh.ids(table))
        for table in fresh.rows:
            if table not in counts and table != "speakers":
                counts[table] = _delete(tx, table, fresh.ids(table))  # voice data
        counts["speakers"] = _delete(tx, "speakers", fresh.ids("speakers"))
        counts = {t: counts.get(t, 0) for t in fresh.rows}
        for table, fts in FTS_OF.items():
            if counts.get(table):
                tx.execute(f"INSERT INTO {fts}({fts}) VALUES('optimize')")
        selector_desc = selector.describe(keys)
        payload = {"selector": selector_desc, "erased_at": iso(now), "counts": counts, "digests": digests,
                   "schema_version": schema_version, "hearth_version": __version__}
        receipt = keys.sign(payload)
        receipt_id = store_receipt(tx, receipt, now)
        target = selector.value if selector.kind in ("ref", "before", "range") else \
            next(v for k, v in selector_desc.items() if k.endswith("_digest"))
        audit(tx, actor, "erase", f"{selector.kind}:{target}",
              {"selector": selector_desc, "counts": counts, "receipt_id": receipt_id, "updates": fresh.updates})
        state.update(plan=fresh, receipt_id=receipt_id)

        def unindex():
            for table, track in TRACK_OF.items():
                for row_id in fresh.ids(table):
                    store.unindex_row(track, row_id)

        tx.after_commit(unindex)
        tx.after_commit(lambda: windows.drop(fresh.threads_touched))
        tx.after_commit(lambda: state.update(checkpoint=checkpoint_truncate(conn)))
        return receipt

    receipt = store.writer.write(write, timeout=None)
    checkpoint = state.get("checkpoint")
    if checkpoint and checkpoint[0]:
        log.warning("erase: the WAL could not be truncated yet (busy readers); erased text may remain in the WAL "
                    "until the next checkpoint")
    return receipt


def _in_update(tx, sql: str, ids: list) -> None:
    for chunk in _chunks(list(ids)):
        tx.execute(sql.format(marks=", ".join("?" * len(chunk))), chunk)


def checkpoint_truncate(conn: sqlite3.Connection) -> tuple[int, int, int]:
    """PRAGMA wal_checkpoint(TRUNCATE) outside any transaction (on the writer thread, after a commit), retried
    briefly while readers hold old snapshots. Returns (busy, log frames, checkpointed frames)."""
    result = (1, -1, -1)
    for attempt in range(CHECKPOINT_TRIES):
        try:
            result = tuple(conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone())
        except sqlite3.Error as exc:
            log.warning("erase: WAL checkpoint failed: %s", exc)
            return (1, -1, -1)
        if not result[0]:
            return result
        time.sleep(0.05)
    return result


def erase(store, windows, keys: ReceiptKeys, selector: Selector, actor: str, schema_version: int,
          dry_run: bool = False) -> dict:
    """Convenience: the preview (dry_run) or the erase; returns {"dry_run", "counts", ...} or the receipt."""
    plan = plan_erase(store, selector)
    if dry_run:
        return dict(plan.preview(), dry_run=True)
    return execute_erase(store, windows, keys, plan, actor, schema_version)
