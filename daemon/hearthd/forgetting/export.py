"""Export and import the whole memory as versioned JSON Lines, so a household can move to a new machine.

The file: a header line, then one line per row ({"table": ..., "row": {...}}), then a footer with the counts
(a truncated file is refused). Vectors are not exported: an import re-embeds every row with the active
model in the background. An import goes into an empty memory, in one transaction: all of it or nothing.
"""

from __future__ import annotations

import base64
import json
import sqlite3
import time
from collections.abc import Iterable, Iterator

from .. import __version__
from ..errors import UserError
from ..jsonl import json_objects
from ..timeutil import iso


class ExportEnded(UserError):
    """An erase ended the export's snapshot (the erased text must leave the WAL): the file is incomplete."""


FORMAT = "hearth-export"
VERSION = 1
# Parents before children, so ids resolve as rows arrive.
TABLES = (
    "speakers",
    "entities",
    "entity_aliases",
    "entity_relations",
    "threads",
    "sessions",
    "turns",
    "facts",
    "episodes",
    "fact_turn_link",
    "fact_episode_link",
    "episode_links",
    "review_queue",
    "dismissals",
    "thread_summaries",
    "settings",
    "audit",
    "receipts",
)
SKIPPED_COLUMNS = frozenset({"embedding", "embed_model"})


def _to_json(value):
    """A cell as JSON: BLOBs (a person's voiceprint) as {"b64": ...}."""
    return {"b64": base64.b64encode(value).decode("ascii")} if isinstance(value, bytes) else value


def _from_json(value, where: str):
    if isinstance(value, dict):
        try:
            return base64.b64decode(value["b64"], validate=True)
        except (KeyError, TypeError, ValueError):
            raise UserError(f'{where}: a binary value must be {{"b64": "..."}}') from None
    return value


def _columns(conn, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA table_info({table})") if r[1] not in SKIPPED_COLUMNS]


def export_lines(store) -> Iterator[str]:
    # A connection of its own in one read transaction: one consistent state however long the stream takes,
    # without pinning the thread's reader (its later reads would see this old state) and closed when the
    # stream ends or its consumer stops early (generator close runs the with's exit).
    with store.snapshot(endable=True) as conn:
        try:
            yield from _export_from(store, conn)
        except sqlite3.OperationalError as exc:
            if store.was_ended(conn):  # an erase needs the WAL this snapshot pins: never an export of erased text
                raise ExportEnded(
                    "the export was ended by an erase (its text must leave the disk); export again"
                ) from exc
            raise


def _export_from(store, conn) -> Iterator[str]:
    yield (
        json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "schema_version": store.schema_version,
                "hearth_version": __version__,
                "exported_at": iso(time.time()),
            }
        )
        + "\n"
    )
    counts = {}
    for table in TABLES:
        if store.was_ended(conn):  # (an interrupt between two queries ends nothing by itself)
            raise sqlite3.OperationalError("interrupted")
        cols = _columns(conn, table)
        n = 0
        for row in conn.execute(f"SELECT {', '.join(cols)} FROM {table} ORDER BY rowid"):
            yield (
                json.dumps({"table": table, "row": {c: _to_json(v) for c, v in zip(cols, row)}}, ensure_ascii=False)
                + "\n"
            )
            n += 1
        counts[table] = n
    yield json.dumps({"end": True, "counts": counts}) + "\n"


def _parse(lines: Iterable[str], store) -> tuple[dict, list[tuple[str, dict]]]:
    with store.reading() as conn:
        allowed = {t: set(_columns(conn, t)) for t in TABLES}
    header, rows, footer = None, [], None
    for number, item in json_objects(lines):
        if header is None:
            if item.get("format") != FORMAT:
                raise UserError("not a Hearth export (the first line must be its header)")
            if item.get("version") != VERSION:
                raise UserError(
                    f"export format version {item.get('version')} is not supported (this Hearth reads {VERSION})"
                )
            if int(item.get("schema_version", 0)) > store.schema_version:
                raise UserError("the export comes from a newer Hearth; upgrade this one first")
            header = item
            continue
        if item.get("end"):
            footer = item
            continue
        if footer is not None:
            raise UserError(f"line {number}: rows after the end of the export")
        table, row = item.get("table"), item.get("row")
        if table not in allowed or not isinstance(row, dict):
            raise UserError(f"line {number}: unknown table {table!r}")
        unknown = set(row) - allowed[table]
        if unknown:
            raise UserError(f"line {number}: {table} has no column {sorted(unknown)[0]!r}")
        rows.append((table, {c: _from_json(v, f"line {number}: {table}.{c}") for c, v in row.items()}))
    if header is None:
        raise UserError("the file is empty")
    if footer is None:
        raise UserError("the export is truncated (no end line); nothing was imported")
    counts: dict[str, int] = {}
    for table, _ in rows:
        counts[table] = counts.get(table, 0) + 1
    expected = {t: n for t, n in footer.get("counts", {}).items() if n}
    if counts != expected:
        raise UserError(f"the export's rows do not match its end line ({counts} != {expected}); nothing was imported")
    return header, rows


def import_lines(store, lines: Iterable[str]) -> dict:
    """Import into an empty memory; returns the row counts. Vectors follow from the background embedder."""
    header, rows = _parse(lines, store)

    def write(tx):
        for table in ("turns", "facts", "episodes"):
            if tx.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone():
                raise UserError("import needs an empty memory (this one already has turns, facts or episodes)")
        tx.execute("PRAGMA defer_foreign_keys = ON")  # facts point at later facts (superseded_by)
        tx.execute("DELETE FROM settings")
        for table, row in rows:
            cols = list(row)
            tx.execute(
                f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", [row[c] for c in cols]
            )
        counts: dict[str, int] = {}
        for table, _ in rows:
            counts[table] = counts.get(table, 0) + 1
        return counts

    counts = store.writer.write(write, timeout=None)  # a large import takes a while; bounded by the writer
    return {
        "imported": counts,
        "from": {"exported_at": header.get("exported_at"), "hearth_version": header.get("hearth_version")},
    }
