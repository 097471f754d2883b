"""Idempotent commits: a client's Idempotency-Key makes a retry of a committed request a no-op that answers the
same ids. The answer is stored in the commit's own transaction (so a commit and its key land together or not
at all) with a digest of the request: the same key with another body is refused, never answered wrongly.
Answers hold ids and times, never text, and are kept KEEP_SECONDS (the retention job drops older ones).
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict

from ..errors import UserError

MAX_KEY_CHARS = 200
KEEP_SECONDS = 24 * 3600


def fingerprint(key: str | None, turns) -> str | None:
    """The request's digest under its key (None without a key); a bad key is refused."""
    if key is None:
        return None
    if not isinstance(key, str) or not key.strip() or len(key) > MAX_KEY_CHARS or not key.isprintable():
        raise UserError(f"Idempotency-Key must be 1 to {MAX_KEY_CHARS} printable characters")
    body = json.dumps([asdict(t) for t in turns], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()


def answered(tx, key: str | None, request: str | None) -> dict | None:
    """The answer a committed request with this key got, or None (a first try)."""
    if key is None:
        return None
    row = tx.execute("SELECT response FROM idempotency WHERE key = ?", (key,)).fetchone()
    if row is None:
        return None
    stored = json.loads(row[0])
    if stored["request"] != request:
        raise UserError("this Idempotency-Key was used for another request: use a new key for new turns", 409)
    return stored["answer"]


def remember(tx, key: str | None, request: str | None, answer: dict) -> None:
    if key is not None:
        tx.execute(
            "INSERT INTO idempotency(key, response, created_at) VALUES (?, ?, ?)",
            (key, json.dumps({"request": request, "answer": answer}), time.time()),
        )


def forget_old(tx, now: float | None = None) -> int:
    """Drop the answers older than KEEP_SECONDS (a retry comes within seconds, not days)."""
    return tx.execute("DELETE FROM idempotency WHERE created_at < ?", ((now or time.time()) - KEEP_SECONDS,)).rowcount
