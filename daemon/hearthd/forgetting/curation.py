"""Curating memory without deleting it: dismiss and restore, pin, edit a fact's display text, promote a
personal fact to the household pool, and decide contradictions waiting in the review queue. Every change
is audited with its actor.

Dismissed rows stay in core.db with `dismissed = 1`: out of every track (vector and FTS searches, context,
tools, working windows), back in when restored.
"""

from __future__ import annotations

import json
import re
import time

from ..audit import record as audit
from ..errors import NotFound, UserError
from ..store.tracks import BY_KIND, FACTS, Track

REF = re.compile(r"^\s*(turn|fact|episode):([0-9]{1,18})\s*$")  # ids fit SQLite's 64-bit integers


def parse_ref(ref: str) -> tuple[Track, int]:
    m = REF.match(ref or "")
    if not m:
        if any(c.isdigit() and not c.isascii() for c in ref or ""):
            raise UserError(f"{ref!r}: an id is written with the digits 0-9 (like fact:12)")
        raise UserError(f"{ref!r} is not a reference like fact:12, episode:3 or turn:40 (an id of at most 18 digits)")
    return BY_KIND[m.group(1)], int(m.group(2))


def _row(tx, track: Track, row_id: int):
    row = tx.execute(f"SELECT * FROM {track.table} WHERE id = ?", (row_id,)).fetchone()
    if row is None:
        raise NotFound(f"there is no {track.kind}:{row_id}")
    return row


def set_dismissed(store, windows, ref: str, dismissed: bool, actor: str, reason: str | None = None, rules=None) -> dict:
    """Dismiss or restore. A dismissed fact gives back the place of the facts it had superseded; a restored
    fact (dismissed, or superseded) is current again and closes the fact that holds its key now. `rules` are
    formation's FactRules (which predicates are functional or events)."""
    from ..formation.facts import reassert, reinstate

    track, row_id = parse_ref(ref)

    def write(tx):
        row = _row(tx, track, row_id)
        if track is FACTS and not dismissed and not row["dismissed"] and row["status"] == "superseded" and rules:
            closed = reassert(tx, row_id, rules, actor, force=True)
            audit(tx, actor, "restore", f"fact:{row_id}", {"closed": closed})
            return {"ref": f"fact:{row_id}", "dismissed": False, "changed": True, "current": True, "closed": closed}
        if bool(row["dismissed"]) == dismissed:
            return {"ref": f"{track.kind}:{row_id}", "dismissed": dismissed, "changed": False}
        tx.execute(f"UPDATE {track.table} SET dismissed = ? WHERE id = ?", (int(dismissed), row_id))
        tx.touch(track, [row_id])
        extra = {}
        if track is FACTS and dismissed:
            extra["reinstated"] = reinstate(tx, row_id, actor)
        elif track is FACTS and rules and row["status"] == "active":
            extra["closed"] = reassert(tx, row_id, rules, actor)
        if dismissed:
            tx.execute(
                "INSERT OR REPLACE INTO dismissals(kind, item_id, reason, actor, at) VALUES (?, ?, ?, ?, ?)",
                (track.kind, row_id, reason, actor, time.time()),
            )
            if track.kind == "turn":
                tx.after_commit(lambda: windows.drop([row["thread_id"]]))  # re-seeded without it
        else:
            tx.execute("DELETE FROM dismissals WHERE kind = ? AND item_id = ?", (track.kind, row_id))
            if track.kind == "turn":
                tx.after_commit(lambda: windows.drop([row["thread_id"]]))
        audit(
            tx,
            actor,
            "dismiss" if dismissed else "restore",
            f"{track.kind}:{row_id}",
            {"reason": reason} if reason else None,
        )
        return {"ref": f"{track.kind}:{row_id}", "dismissed": dismissed, "changed": True, **extra}

    return store.writer.write(write)


def list_dismissed(store) -> list[dict]:
    with store.reading() as conn:
        rows = conn.execute("SELECT kind, item_id, reason, actor, at FROM dismissals ORDER BY at DESC").fetchall()
    return [
        {"ref": f"{r['kind']}:{r['item_id']}", "reason": r["reason"], "actor": r["actor"], "at": r["at"]} for r in rows
    ]


def _fact(tx, fact_id: int):
    return _row(tx, FACTS, fact_id)


def _rescore(tx, fact_id: int, rules) -> None:
    """Pin and edit are inputs of a fact's importance: recompute it in the same write."""
    if rules is not None and rules.importance is not None:
        from ..formation.importance import refresh

        refresh(tx, [fact_id], time.time(), rules.importance)


def pin_fact(store, fact_id: int, pinned: bool, actor: str, rules=None) -> dict:
    def write(tx):
        _fact(tx, fact_id)
        tx.execute("UPDATE facts SET always_inject = ? WHERE id = ?", (int(pinned), fact_id))
        _rescore(tx, fact_id, rules)
        audit(tx, actor, "pin" if pinned else "unpin", f"fact:{fact_id}")
        return {"ref": f"fact:{fact_id}", "pinned": pinned}

    return store.writer.write(write)


def edit_fact(store, fact_id: int, display_text: str | None, actor: str, rules=None) -> dict:
    """Change how a fact reads on every surface (None: back to its original text). What it matches in
    search stays the original statement."""
    text = (display_text or "").strip() or None
    if text is not None and len(text) > 500:
        raise UserError("a fact's display text is at most 500 characters")

    def write(tx):
        old = _fact(tx, fact_id)["display_text"]
        tx.execute("UPDATE facts SET display_text = ? WHERE id = ?", (text, fact_id))
        _rescore(tx, fact_id, rules)
        audit(tx, actor, "edit", f"fact:{fact_id}", {"old": old, "new": text})
        return {"ref": f"fact:{fact_id}", "display_text": text}

    return store.writer.write(write)


def promote_fact(store, fact_id: int, actor: str) -> dict:
    """Move a personal fact to the household pool (everyone in the home will see it)."""

    def write(tx):
        row = _fact(tx, fact_id)
        if row["owner_id"] is None:
            return {"ref": f"fact:{fact_id}", "owner": None, "changed": False}
        tx.execute("UPDATE facts SET owner_id = NULL WHERE id = ?", (fact_id,))
        audit(tx, actor, "promote", f"fact:{fact_id}", {"from": row["owner_id"]})
        tx.touch(FACTS, [fact_id])  # its owner code changes in the matrix
        return {"ref": f"fact:{fact_id}", "owner": None, "changed": True}

    return store.writer.write(write)


def review_items(store, include_resolved: bool = False) -> list[dict]:
    where = "" if include_resolved else "WHERE resolved_at IS NULL"
    with store.reading() as conn:
        rows = conn.execute(f"SELECT * FROM review_queue {where} ORDER BY id").fetchall()
    return [
        {
            "id": r["id"],
            "kind": r["kind"],
            "facts": json.loads(r["fact_ids"]),
            "detail": r["detail"],
            "created_at": r["created_at"],
            "resolved_at": r["resolved_at"],
            "resolution": r["resolution"],
            "speaker": r["speaker_id"],
        }
        for r in rows
    ]


DECISIONS = {
    "contradiction": ("accept", "keep_both"),
    "supersession": ("accept", "keep_both"),
    "claim": ("accept", "drop"),
    "rule": ("accept", "drop"),
}


def resolve_review(store, item_id: int, decision: str, actor: str, keep: int | None = None, rules=None) -> dict:
    """A contradiction or a close call: "accept" keeps fact `keep` current and supersedes the others,
    "keep_both" leaves all active (either way the confidence a contradiction took is given back). A claim or a
    suggested rule: "accept" stores it (a claim in the claimant's pool, by `rules`), "drop" discards it."""
    from ..formation.facts import CONTRADICTION_PENALTY

    def write(tx):
        row = tx.execute("SELECT * FROM review_queue WHERE id = ?", (item_id,)).fetchone()
        if row is None:
            raise NotFound(f"there is no review item {item_id}")
        if row["resolved_at"] is not None:
            raise UserError(f"review item {item_id} is already resolved ({row['resolution']})")
        allowed = DECISIONS.get(row["kind"], ("accept", "keep_both"))
        if decision not in allowed:
            raise UserError(f"a {row['kind']} item's decision is {' or '.join(allowed)}")
        if row["kind"] in ("claim", "rule"):
            return _resolve_held(tx, store, row, decision, actor, rules)
        fact_ids = json.loads(row["fact_ids"])
        if decision == "accept" and keep not in fact_ids:
            raise UserError(f"accept needs one of the item's facts: {', '.join(map(str, fact_ids))}")
        marks = ", ".join("?" * len(fact_ids))
        tx.execute(
            f"UPDATE facts SET confidence = min(1.0, confidence + ?) WHERE id IN ({marks})",
            (CONTRADICTION_PENALTY, *fact_ids),
        )
        if decision == "accept":
            tx.touch(FACTS, fact_ids)
            valid_from = tx.execute("SELECT valid_from FROM facts WHERE id = ?", (keep,)).fetchone()[0]
            for other in (f for f in fact_ids if f != keep):
                tx.execute(
                    "UPDATE facts SET status = 'superseded', valid_to = coalesce(valid_to, ?), "
                    "superseded_by = ? WHERE id = ? AND status = 'active'",
                    (valid_from, keep, other),
                )
        resolution = f"accept fact:{keep}" if decision == "accept" else "keep_both"
        tx.execute(
            "UPDATE review_queue SET resolved_at = ?, resolution = ? WHERE id = ?", (time.time(), resolution, item_id)
        )
        audit(tx, actor, "review", f"review:{item_id}", {"resolution": resolution})
        return {"id": item_id, "resolution": resolution}

    return store.writer.write(write)


def _resolve_held(tx, store, row, decision: str, actor: str, rules) -> dict:
    """Accept or drop an item that holds a fact not stored yet (a claim, a suggested rule)."""
    from ..formation import claims, suggest_rules

    stored = None
    if decision == "accept":
        if row["kind"] == "claim":
            stored = claims.accept(tx, store, row, rules)["id"]
        else:
            stored = suggest_rules.accept_rule_suggestion(tx, row, actor, store, rules)["id"]
    resolution = f"accept fact:{stored}" if stored else "drop"
    # A dropped claim keeps nothing of what was said; a dropped rule suggestion keeps its wording (ours), so the
    # same suggestion is not made again.
    keep_detail = decision == "accept" or row["kind"] == "rule"
    payload = row["payload"] if decision == "accept" else None
    detail = row["detail"] if keep_detail else f"{row['kind']} dropped"
    tx.execute(
        "UPDATE review_queue SET resolved_at = ?, resolution = ?, payload = ?, detail = ? WHERE id = ?",
        (time.time(), resolution, payload, detail, row["id"]),
    )
    audit(tx, actor, "review", f"review:{row['id']}", {"kind": row["kind"], "resolution": resolution})
    return {"id": row["id"], "resolution": resolution, "fact": stored}


def audit_log(store, limit: int = 200, action: str | None = None) -> list[dict]:
    sql, params = "SELECT * FROM audit", []
    if action:
        sql += " WHERE action = ?"
        params.append(action)
    with store.reading() as conn:
        rows = conn.execute(sql + " ORDER BY id DESC LIMIT ?", [*params, limit]).fetchall()
    return [
        {
            "id": r["id"],
            "at": r["at"],
            "actor": r["actor"],
            "action": r["action"],
            "target": r["target"],
            "detail": json.loads(r["detail"]) if r["detail"] else None,
        }
        for r in rows
    ]
