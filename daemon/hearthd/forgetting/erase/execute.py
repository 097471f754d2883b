"""Executing an erase: one write transaction that resolves the selector again (so rows that arrived after the
preview are covered too and the receipt counts exactly what was deleted), takes the keyed digests of the rows
for the receipt, clears the surviving pointers, deletes in links.DELETE_ORDER, optimizes the FTS indexes that
lost rows (FTS5 keeps deleted terms in old segments until a merge), and stores the signed receipt and an audit
row. After the commit the vector tracks drop the rows and the live windows are released; then the WAL is
truncated off the writer's path (checkpoint.py). `secure_delete` is on for every connection, so freed pages
are zeroed.
"""

from __future__ import annotations

import logging
import time

from ... import __version__
from ...audit import record as audit
from ...store.tracks import TRACKS
from ...timeutil import iso
from ..receipts import ReceiptKeys, canonical_json, store_receipt
from .checkpoint import retry_later, truncate_wal
from .links import CLEAR, DELETE_ORDER, LINKS, TABLES
from .plan import CHUNK, ErasePlan, chunks, collect, plan_erase
from .selectors import Selector

log = logging.getLogger(__name__)

TRACK_OF = {track.table: track for track in TRACKS.values()}


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


def execute_erase(store, windows, keys: ReceiptKeys, plan: ErasePlan, actor: str, schema_version: int) -> dict:
    """Erase what `plan.selector` selects; returns the signed receipt (also stored in `receipts`, with an
    `audit` row) and, outside the signed payload, "checkpoint": "done", or "pending" while readers keep the
    WAL, which still holds the erased text, from being truncated (it is retried in the background)."""
    selector = plan.selector

    def write(tx):
        conn = tx.conn
        fresh = collect(conn, selector)
        now = time.time()
        digests = {
            table: sorted(_row_digest(keys, table, row) for row in _rows(conn, table, fresh.ids(table)))
            for table in TABLES
        }
        _clear(tx, fresh)
        deleted = {table: _delete(tx, table, fresh.ids(table)) for table in DELETE_ORDER}
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
    if truncate_wal(store.path):
        return dict(receipt, checkpoint="done")
    log.warning(
        "erase: readers keep the WAL from being truncated; the erased text stays in it until they "
        "finish (retried in the background)"
    )
    retry_later(store.path)
    return dict(receipt, checkpoint="pending")


def erase(
    store, windows, keys: ReceiptKeys, selector: Selector, actor: str, schema_version: int, dry_run: bool = False
) -> dict:
    """The preview (dry_run: {"dry_run", "counts", ...}) or the erase (the receipt)."""
    plan = plan_erase(store, selector)
    if dry_run:
        return dict(plan.preview(), dry_run=True)
    return execute_erase(store, windows, keys, plan, actor, schema_version)
