"""Shared helpers of the reliability tests: quick in `make test`, long with HEARTH_STRESS=1 (`make stress`)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

STRESS = os.environ.get("HEARTH_STRESS", "") not in ("", "0")


def quick_or_stress(quick, stress):
    return stress if STRESS else quick


def row_counts(db: Path | sqlite3.Connection) -> dict[str, int]:
    """Rows of every ordinary table (FTS shadow tables and the like left out)."""
    conn = sqlite3.connect(db) if isinstance(db, Path) else db
    try:
        names = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' "
                "AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts_%'"
            )
        ]
        return {n: conn.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0] for n in sorted(names)}
    finally:
        if isinstance(db, Path):
            conn.close()


def integrity(db: Path) -> str:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()


def duplicate_active_facts(conn: sqlite3.Connection) -> list[tuple]:
    return conn.execute(
        "SELECT subject, predicate, object, owner_id, count(*) FROM facts WHERE status = 'active' "
        "GROUP BY subject, predicate, object, owner_id HAVING count(*) > 1"
    ).fetchall()


def p95(values: list[float]) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
