"""The erase plan: the rows a selector selects, everything that goes with them, and the surviving rows whose
pointers are cleared. It is the dry run, and the execution resolves it again inside its write.

What goes with a selected row: every row pointing at it by a DELETE link (links.LINKS: sessions and turns of an
erased thread, link rows, dismissals, review-queue rows naming an erased fact, voiceprint samples, ...), and
the rows derived from erased turns:
- facts whose every linked source turn is erased (and which have one);
- episodes of a session whose turns are all erased, or which quote an erased turn (extractive narratives copy
  turn text);
- a thread's compaction summary that folded an erased turn.
A speaker selector never takes a derived household row (owner_id NULL): only its link to their turn goes,
unless asked to (`include_household`): the preview counts those kept (`kept_household`).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field

from ...store.connection import open_connection
from ...timeutil import iso
from .links import CLEAR, DELETE, LINKS, TABLES, Link
from .selectors import SEARCHED, Rows, Selector, matched_tokens, matching, select

CHUNK = 500  # ids per statement, well under SQLite's parameter limit
QUOTE_PROBE_CHARS = 40
MIN_QUOTE_CHARS = 16
MAX_TOKENS_SHOWN = 50


@dataclass
class ErasePlan:
    selector: Selector
    rows: dict[str, list] = field(default_factory=dict)  # table -> sorted keys (links.TABLES)
    updates: dict[str, int] = field(default_factory=dict)  # "facts.superseded_by" -> surviving rows changed
    threads_touched: list[int] = field(default_factory=list)  # live windows to release
    # A person's erase keeps the household's rows made from their words (said in the household's hearing);
    # these are they, by table, and `include_household` takes them too.
    kept_household: dict[str, int] = field(default_factory=dict)
    include_household: bool = False
    tokens: list[str] = field(default_factory=list)  # a match's dry run: each distinct token it would erase
    shown: list[dict] = field(default_factory=list)  # a dry run: the turns, facts and episodes it would erase

    def ids(self, table: str) -> list:
        return self.rows.get(table, [])

    def counts(self) -> dict[str, int]:
        return {table: len(keys) for table, keys in self.rows.items()}

    def preview(self) -> dict:
        """The dry run as the API shows it (the selector's kind, never its identifier)."""
        counts = self.counts()
        return {
            "selector": {"kind": self.selector.kind},
            "counts": counts,
            "updates": dict(self.updates),
            "total": sum(counts.values()),
            "kept_household": dict(self.kept_household),
            **({"tokens": list(self.tokens)} if self.selector.kind == "match" else {}),
            # what goes, that a person can read before confirming (the newest first, SHOWN_PER_KIND of each)
            "rows": list(self.shown),
            "rows_not_shown": sum(counts.get(t, 0) for t in SHOWN) - len(self.shown),
        }


# -- reading in chunks ----------------------------------------------------------------------------------------
def chunks(items, size: int = CHUNK):
    items = sorted(items)
    for i in range(0, len(items), size):
        yield items[i : i + size]


def query_in(conn, sql: str, ids, params_before: tuple = ()) -> list:
    """Run `sql` (with one `{marks}`) over ids in chunks; the rows of all chunks."""
    out: list = []
    for chunk in chunks(ids):
        out += conn.execute(sql.format(marks=", ".join("?" * len(chunk))), (*params_before, *chunk)).fetchall()
    return out


def pointing_at(conn, link: Link, ids, extra_sql: str = "") -> list:
    """Rows of link.table whose link.column points at one of `ids`: their keys (one value or a tuple)."""
    table = link.table
    key = ", ".join(f"{table}.{c}" for c in TABLES[table])
    if link.json_list:  # (a malformed list points at nothing)
        source = (
            f"{table}, json_each(CASE WHEN json_valid({table}.{link.column}) THEN {table}.{link.column} "
            f"ELSE '[]' END) AS listed"
        )
        column = "listed.value"
    else:
        source, column = table, f"{table}.{link.column}"
    where = f" AND {table}.{link.where}" if link.where else ""
    rows = query_in(conn, f"SELECT DISTINCT {key} FROM {source} WHERE {column} IN ({{marks}}){where}{extra_sql}", ids)
    return [r[0] if len(r) == 1 else tuple(r) for r in rows]


def cascade(conn, rows: Rows) -> None:
    """Add to `rows` every row that points at one of them by a DELETE link, and so on until nothing follows."""
    fresh = {table: set(keys) for table, keys in rows.items()}
    while any(fresh.values()):
        added: Rows = {table: set() for table in TABLES}
        for link in LINKS:
            if link.on_erase == DELETE and fresh[link.references]:
                for key in pointing_at(conn, link, fresh[link.references]):
                    if key not in rows[link.table]:
                        rows[link.table].add(key)
                        added[link.table].add(key)
        fresh = added


# -- derived rows ---------------------------------------------------------------------------------------------
def facts_only_from(conn, turns: set, facts: set, household_kept: bool) -> set:
    """Facts not yet erased whose every source turn (fact_turn_link) is in `turns`."""
    candidates = {
        r[0] for r in query_in(conn, "SELECT DISTINCT fact_id FROM fact_turn_link WHERE turn_id IN ({marks})", turns)
    } - facts
    sources: dict[int, set[int]] = {}
    for fact_id, turn_id in query_in(
        conn, "SELECT fact_id, turn_id FROM fact_turn_link WHERE fact_id IN ({marks})", candidates
    ):
        sources.setdefault(fact_id, set()).add(turn_id)
    only = {f for f, from_turns in sources.items() if from_turns <= turns}
    if household_kept and only:
        only = {
            r[0] for r in query_in(conn, "SELECT id FROM facts WHERE owner_id IS NOT NULL AND id IN ({marks})", only)
        }
    return only


def _normalised(text: str) -> str:
    return " ".join((text or "").split()).casefold()


def quotes(episode_text: str, turn_text: str) -> bool:
    """Whether an episode's headline or summary quotes a turn."""
    turn = _normalised(turn_text)
    return len(turn) >= MIN_QUOTE_CHARS and turn[:QUOTE_PROBE_CHARS] in _normalised(episode_text)


def headline_quotes(headline: str, turn_text: str) -> bool:
    """Whether the headline is the (clipped) start of the turn."""
    head = _normalised(headline).rstrip("…").rstrip()
    return len(head) >= MIN_QUOTE_CHARS and _normalised(turn_text).startswith(head)


def episodes_from(conn, turn_rows: list, turns: set, episodes: set, household_kept: bool) -> set:
    """Episodes not yet erased of a session whose turns are all erased, or quoting an erased turn their pool
    could see (a household turn, or one of the episode's own pool: bob's episode is never matched against
    alice's personal words, which it cannot hold, so a reply said to both keeps his)."""
    said: dict[int, list[tuple[str | None, str]]] = {}
    for _id, session_id, _thread_id, text, owner in turn_rows:
        said.setdefault(session_id, []).append((owner, text))
    if not said:
        return set()
    # (json_each keeps the erased ids one parameter, however many there are)
    kept = {
        r[0]
        for r in query_in(
            conn,
            "SELECT DISTINCT session_id FROM turns WHERE id NOT IN "
            "(SELECT value FROM json_each(?)) AND session_id IN ({marks})",
            said,
            (json.dumps(sorted(turns)),),
        )
    }
    out = set()
    for ep_id, session_id, owner, headline, summary in query_in(
        conn, "SELECT id, session_id, owner_id, headline, summary FROM episodes WHERE session_id IN ({marks})", said
    ):
        if ep_id in episodes or (household_kept and owner is None):
            continue
        if session_id not in kept or any(
            quotes(f"{headline} {summary}", t) or headline_quotes(headline, t)
            for pool, t in said[session_id]
            if pool is None or pool == owner
        ):
            out.add(ep_id)
    return out


def summaries_folding(conn, turn_rows: list) -> set:
    """Threads whose compaction summary folded an erased turn (upto_turn_id at or past it)."""
    first_erased: dict[int, int] = {}
    for turn_id, _session_id, thread_id, _text, _owner in turn_rows:
        first_erased[thread_id] = min(first_erased.get(thread_id, turn_id), turn_id)
    return {
        thread_id
        for thread_id, upto in query_in(
            conn, "SELECT thread_id, upto_turn_id FROM thread_summaries WHERE thread_id IN ({marks})", first_erased
        )
        if first_erased[thread_id] <= upto
    }


# -- the plan -------------------------------------------------------------------------------------------------
def collect(
    conn: sqlite3.Connection, selector: Selector, include_household: bool = False, preview: bool = False
) -> ErasePlan:
    """Resolve a selector on a connection (a reader for the preview, the writer inside the erase). Only the
    preview counts what the household keeps: the erase inside its write has no use for it."""
    with matching(conn, selector):
        rows = select(conn, selector)
    cascade(conn, rows)
    household_kept = selector.kind == "speaker" and not include_household
    turns = rows["turns"]
    turn_rows = query_in(
        conn, "SELECT id, session_id, thread_id, text, owner_id FROM turns WHERE id IN ({marks})", turns
    )
    facts = facts_only_from(conn, turns, rows["facts"], household_kept)
    episodes = episodes_from(conn, turn_rows, turns, rows["episodes"], household_kept)
    kept = {}
    if household_kept and preview:  # what the household keeps of their words, for the preview to say so
        kept = {
            "facts": len(facts_only_from(conn, turns, rows["facts"], False) - facts),
            "episodes": len(episodes_from(conn, turn_rows, turns, rows["episodes"], False) - episodes),
        }
    rows["facts"] |= facts
    rows["episodes"] |= episodes
    rows["thread_summaries"] |= summaries_folding(conn, turn_rows)
    # Derived facts, episodes and summaries take their own links along; no turn is derived, so one round is all.
    cascade(conn, rows)

    updates = {}
    for link in LINKS:
        if link.on_erase == CLEAR:
            survivors = set(pointing_at(conn, link, rows[link.references])) - rows[link.table]
            updates[link.name] = len(survivors)
    threads = rows["threads"] | {r[2] for r in turn_rows} | rows["thread_summaries"]
    threads |= {
        r[0]
        for r in query_in(
            conn,
            "SELECT DISTINCT thread_id FROM episodes WHERE id IN ({marks}) AND thread_id IS NOT NULL",
            rows["episodes"],
        )
    }
    return ErasePlan(
        selector,
        {table: sorted(keys) for table, keys in rows.items()},
        updates,
        sorted(threads),
        kept_household={k: n for k, n in kept.items() if n},
        include_household=include_household,
    )


SHOWN_PER_KIND = 25
# table -> (the ref's kind, the columns a person reads: who, when, what)
SHOWN = {
    "turns": ("turn", "CASE WHEN role = 'assistant' THEN 'the assistant' ELSE speaker_id END", "ts", "text"),
    "facts": ("fact", "owner_id", "valid_from", "text"),
    "episodes": ("episode", "owner_id", "started_at", "headline"),
}


def rows_shown(conn, plan: ErasePlan) -> list[dict]:
    """The readable rows a dry run lists: "alice goes running every morning" goes too when erasing the email
    said in the same sentence, and the person confirming should see it."""
    out = []
    for table, (kind, who, when, what) in SHOWN.items():
        keys = plan.ids(table)[-SHOWN_PER_KIND:]  # the newest (ids grow with time)
        rows = query_in(conn, f"SELECT id, {who}, {when}, {what} FROM {table} WHERE id IN ({{marks}})", keys)
        for row_id, person, at, text in sorted(rows, key=lambda r: -r[0]):
            out.append({"ref": f"{kind}:{row_id}", "who": person, "when": iso(at), "text": text})
    return out


def tokens_matched(conn, selector: Selector, plan: ErasePlan, limit: int = MAX_TOKENS_SHOWN) -> list[str]:
    """The distinct tokens the identifier matches in the rows the plan erases, for the dry run to list."""
    found: set[str] = set()
    for table, columns in SEARCHED.items():
        keys = plan.ids(table)
        if not keys or len(TABLES[table]) != 1:
            continue
        key = TABLES[table][0]
        for row in query_in(conn, f"SELECT {', '.join(columns)} FROM {table} WHERE {key} IN ({{marks}})", keys):
            for value in row:
                found |= matched_tokens(value, selector.identifier)
    return sorted(found)[:limit]


def plan_erase(store, selector: Selector, include_household: bool = False) -> ErasePlan:
    """The dry run: what erasing `selector` would delete, nothing changed (NotFound for a missing ref)."""
    conn = open_connection(store.path, readonly=True)
    try:
        conn.execute("BEGIN")  # one snapshot for every query
        try:
            plan = collect(conn, selector, include_household, preview=True)
            if selector.kind == "match":
                plan.tokens = tokens_matched(conn, selector, plan)
            plan.shown = rows_shown(conn, plan)
            return plan
        finally:
            conn.execute("COMMIT")
    finally:
        conn.close()
