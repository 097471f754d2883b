"""Executing an erase: one write transaction that resolves the selector again (so rows that arrived after the
preview are covered too and the receipt counts exactly what was deleted), takes the keyed digests of the rows
for the receipt, clears the surviving pointers, deletes in links.DELETE_ORDER, optimizes the FTS indexes that
lost rows (FTS5 keeps deleted terms in old segments until a merge), and stores the signed receipt and an audit
row. After the commit the vector tracks drop the rows and the live windows are released; then the WAL is
truncated off the writer's path (checkpoint.py). `secure_delete` is on for every connection, so freed pages
are zeroed.
"""

from __future__ import annotations

import json
import logging
import mmap
import time
from pathlib import Path

from ... import __version__
from ...audit import record as audit
from ...store.tracks import TRACKS
from ...timeutil import iso
from ..receipts import ReceiptKeys, canonical_json, store_receipt
from .checkpoint import retry_later, truncate_wal
from .links import CLEAR, DELETE_ORDER, LINKS, TABLES
from .plan import CHUNK, ErasePlan, chunks, collect, plan_erase
from .selectors import MATCH_FN, Selector, contains_identifier, matching

log = logging.getLogger(__name__)

TRACK_OF = {track.table: track for track in TRACKS.values()}
ENDING_SECONDS = 5.0  # an export ended by an erase lets go at its next row; a stalled one at the latest by then
MIN_NEEDLE_CHARS = 16  # shorter erased texts prove nothing by their absence (or presence)
MAX_NEEDLES = 50


def _where_keys(table: str, count: int) -> str:
    """`WHERE (key columns) IN (VALUES (?, ...), ...)` for `count` rows of `table`."""
    columns = TABLES[table]
    row = "(" + ", ".join("?" * len(columns)) + ")"
    return f"WHERE ({', '.join(columns)}) IN (VALUES {', '.join([row] * count)})"


def _key_chunks(table: str, keys: list):
    """Chunks of keys with their flattened parameters (composite keys take more parameters a row)."""
    for chunk in chunks(keys, CHUNK // len(TABLES[table])):
        yield len(chunk), [v for key in chunk for v in (key if isinstance(key, tuple) else (key,))]


def _rows(conn, table: str, keys: list) -> list[dict]:
    out: list[dict] = []
    for n, params in _key_chunks(table, keys):
        out += [dict(r) for r in conn.execute(f"SELECT * FROM {table} {_where_keys(table, n)}", params)]
    return out


def _delete(tx, table: str, keys: list) -> int:
    return sum(
        tx.execute(f"DELETE FROM {table} {_where_keys(table, n)}", params).rowcount
        for n, params in _key_chunks(table, keys)
    )


def _clear(tx, plan: ErasePlan) -> None:
    for link in LINKS:
        if link.on_erase == CLEAR:
            for chunk in chunks(plan.ids(link.references)):
                tx.execute(
                    f"UPDATE {link.table} SET {link.column} = NULL WHERE {link.column} IN "
                    f"({', '.join('?' * len(chunk))})",
                    chunk,
                )


def _jsonable(value):
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    return value


def _row_digest(keys: ReceiptKeys, table: str, row: dict) -> str:
    return keys.digest(canonical_json({"table": table, "row": {k: _jsonable(v) for k, v in row.items()}}))


# -- the history that quotes what is erased ----------------------------------------------------------------------
AUDIT_TEXT_KEYS = frozenset({"old", "new", "text", "name", "alias", "value"})  # where an audit detail holds words
REFS = {"facts": "fact", "turns": "turn", "episodes": "episode", "entities": "entity"}


def _digested(keys: ReceiptKeys, value: str) -> str:
    return f"[erased {keys.digest(value)[:16]}]"


def _scrub(keys: ReceiptKeys, detail, hit) -> tuple[object, bool]:
    """The detail with every text `hit` accepts replaced by its keyed digest (the audit keeps that it was, not
    what); whether anything changed."""
    if isinstance(detail, dict):
        out: dict[str, object] = {}
        changed = False
        for key, value in detail.items():
            if isinstance(value, str) and hit(key, value):
                out[key], changed = _digested(keys, value), True
            else:
                out[key], sub = _scrub(keys, value, hit)
                changed = changed or sub
        return out, changed
    if isinstance(detail, list):
        items = [_scrub(keys, v, hit) for v in detail]
        return [v for v, _ in items], any(c for _, c in items)
    return detail, False


def scrub_history(tx, keys: ReceiptKeys, selector: Selector, plan: ErasePlan) -> dict:
    """The audit rows about erased rows keep who did what and when, but their texts (an edit's old and new
    words, a superseded fact's text) become keyed digests; for an identifier, every audit text and dismissal
    reason holding it too. Returns {"audit": rows changed, "dismissals": reasons cleared}."""
    conn = tx.conn
    refs = [f"{kind}:{i}" for table, kind in REFS.items() for i in plan.ids(table)]
    if selector.kind == "speaker":
        refs.append(selector.value)
    found: dict[int, tuple[str, str]] = {}  # audit id -> (detail, why)
    for ref_chunk in chunks(refs):
        marks = ", ".join("?" * len(ref_chunk))
        for row_id, detail in conn.execute(f"SELECT id, detail FROM audit WHERE target IN ({marks})", ref_chunk):
            found[row_id] = (detail, "target")
    reasons = 0
    if selector.kind == "match":
        with matching(conn, selector):
            for row_id, detail in conn.execute(f"SELECT id, detail FROM audit WHERE {MATCH_FN}(detail)"):
                found.setdefault(row_id, (detail, "match"))
            reasons = tx.execute(f"UPDATE dismissals SET reason = NULL WHERE {MATCH_FN}(reason)").rowcount
    changed = 0
    for row_id, (text, why) in found.items():
        try:
            detail = json.loads(text or "{}")
        except ValueError:
            continue

        def hit(key: str, value: str, why=why) -> bool:
            if why == "match":
                return contains_identifier(value, selector.identifier)
            return key in AUDIT_TEXT_KEYS

        scrubbed, did = _scrub(keys, detail, hit)
        if did:
            tx.execute("UPDATE audit SET detail = ? WHERE id = ?", (json.dumps(scrubbed, ensure_ascii=False), row_id))
            changed += 1
    return {"audit": changed, "dismissals": reasons}


def execute_erase(store, windows, keys: ReceiptKeys, plan: ErasePlan, actor: str, schema_version: int) -> dict:
    """Erase what `plan.selector` selects; returns the signed receipt (also stored in `receipts`, with an
    `audit` row) and, outside the signed payload, "checkpoint": "done", or "pending" while readers keep the
    WAL, which still holds the erased text, from being truncated (it is retried in the background)."""
    selector = plan.selector

    erased_texts: list[str] = []

    def write(tx):
        conn = tx.conn
        fresh = collect(conn, selector, plan.include_household)
        now = time.time()
        erased = {table: _rows(conn, table, fresh.ids(table)) for table in TABLES}
        digests = {table: sorted(_row_digest(keys, table, row) for row in rows) for table, rows in erased.items()}
        erased_texts[:] = [row.get("text") or "" for table in ("turns", "facts") for row in erased[table]]
        _clear(tx, fresh)
        deleted = {table: _delete(tx, table, fresh.ids(table)) for table in DELETE_ORDER}
        scrubbed = scrub_history(tx, keys, selector, fresh)
        counts = {table: deleted[table] for table in TABLES}
        for table, track in TRACK_OF.items():
            if counts[table]:
                tx.execute(f"INSERT INTO {track.fts}({track.fts}) VALUES('optimize')")
                tx.touch(track, fresh.ids(table))  # the store drops them from its vector tracks
        selector_desc = selector.describe(keys)
        payload = {
            "selector": selector_desc,
            "erased_at": iso(now),
            "counts": counts,
            "digests": digests,
            "scrubbed": scrubbed,
            "schema_version": schema_version,
            "hearth_version": __version__,
        }
        receipt = keys.sign(payload)
        receipt_id = store_receipt(tx, receipt, now)
        target = (
            selector.value
            if selector.kind in ("ref", "before", "range")
            else next(v for k, v in selector_desc.items() if k.endswith("_digest"))
        )
        audit(
            tx,
            actor,
            "erase",
            f"{selector.kind}:{target}",
            {"selector": selector_desc, "counts": counts, "receipt_id": receipt_id, "updates": fresh.updates},
        )
        tx.after_commit(lambda: windows.drop(fresh.threads_touched))
        return receipt

    receipt = store.writer.write(write, timeout=None)
    truncated = truncate_wal(store.path) or _after_ending_snapshots(store)
    verified = verify_gone(store.path, needles(store, selector, erased_texts))
    if truncated:
        return dict(receipt, checkpoint="done", verified=verified)
    log.warning(
        "erase: a reader outside Hearth keeps the WAL from being truncated; the erased text stays in it "
        "until it finishes (retried in the background)"
    )
    retry_later(store.path)
    return dict(receipt, checkpoint="pending", verified=verified)


def _after_ending_snapshots(store) -> bool:
    """End Hearth's own long snapshots (an export streaming: it fails, saying why) and truncate the WAL once
    they have let go, within ENDING_SECONDS; False when a reader outside Hearth still holds it."""
    if not store.end_snapshots():
        return False
    deadline = time.monotonic() + ENDING_SECONDS
    while time.monotonic() < deadline:
        if truncate_wal(store.path):
            return True
        time.sleep(0.1)
    return False


def needles(store, selector: Selector, texts: list[str]) -> list[bytes]:
    """What the scan looks for: the identifier of a match, else the longest erased texts that no kept turn or
    fact says word for word (a reply said to two people stays with the other)."""
    if selector.kind == "match":
        return [selector.value.encode()]
    chosen = sorted({t for t in texts if len(t) >= MIN_NEEDLE_CHARS}, key=len, reverse=True)[:MAX_NEEDLES]
    if chosen:
        marks = ", ".join("?" * len(chosen))
        with store.reading() as conn:
            kept = {
                r[0]
                for table in ("turns", "facts")
                for r in conn.execute(f"SELECT DISTINCT text FROM {table} WHERE text IN ({marks})", chosen)
            }
        chosen = [t for t in chosen if t not in kept]
    return [t.encode() for t in chosen]


def verify_gone(path: Path, looked_for: list[bytes]) -> dict:
    """Scan core.db and its WAL for the erased bytes: {"files", "needles", "found"} (found 0: none left)."""
    files, found = [], 0
    for file in (path, path.with_name(path.name + "-wal")):
        try:
            size = file.stat().st_size
        except FileNotFoundError:
            continue
        files.append(file.name)
        if not size or not looked_for:
            continue
        with open(file, "rb") as handle, mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
            found += sum(1 for needle in looked_for if data.find(needle) >= 0)
    return {"files": files, "needles": len(looked_for), "found": found}


def erase(
    store,
    windows,
    keys: ReceiptKeys,
    selector: Selector,
    actor: str,
    schema_version: int,
    dry_run: bool = False,
    include_household: bool = False,
) -> dict:
    """The preview (dry_run: {"dry_run", "counts", "kept_household", ...}) or the erase (the receipt)."""
    plan = plan_erase(store, selector, include_household)
    if dry_run:
        return dict(plan.preview(), dry_run=True)
    return execute_erase(store, windows, keys, plan, actor, schema_version)
