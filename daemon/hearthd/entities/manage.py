"""What people do to the household's entities by hand: list and show them, rename, add or remove an alias,
merge two into one and split one into two ("two Saras").

Every change runs in one write transaction with its audit entry (entity.rename, entity.alias, entity.merge,
entity.split) and refuses bad input before changing anything. Moving a fact to another entity changes who it
is about (facts.subject_entity, facts.subject), never its owner pool, so no vector track is touched. After a
merge, two current facts of the merged entity with one functional predicate in one pool (two cities it lives
in) are not left standing silently: the pair goes to the review queue as a contradiction.
"""

from __future__ import annotations

import json
import time

from .. import audit
from ..errors import NotFound, UserError
from ..formation.extraction.model import FUNCTIONAL
from ..formation.facts import normalise, value_kind
from ..memory.recall import FIELDS, row_to_item
from ..store.tracks import FACTS
from . import resolve

MAX_NAME_CHARS = 100
_LIVE_FACT = "status = 'active' AND dismissed = 0"


# -- reading ---------------------------------------------------------------------------------------------------
def list_entities(store, kind: str | None = None) -> list[dict]:
    """The live (unmerged) entities, each with its aliases, how others name it, its fact count and speaker."""
    _check_kind(kind)
    with store.reading() as conn:
        where, params = (
            ("WHERE merged_into IS NULL AND kind = ?", (kind,)) if kind else ("WHERE merged_into IS NULL", ())
        )
        rows = conn.execute(
            "SELECT id, kind, name, speaker_id, created_at, merged_into, "
            f"(SELECT count(*) FROM facts f WHERE f.subject_entity = e.id AND {_LIVE_FACT}) AS facts "
            f"FROM entities e {where} ORDER BY kind = 'household' DESC, lower(name), id",
            params,
        ).fetchall()
        aliases = _aliases_by_entity(conn)
        named_as = _relations_to(conn)
        return [_entity(r, aliases.get(r["id"], []), named_as.get(r["id"], [])) for r in rows]


def show_entity(store, entity_id: int) -> dict:
    """One entity with its current facts, the facts naming it as their object and its relations both ways."""
    with store.reading() as conn:
        row = _row(conn, entity_id)
        aliases = _aliases_by_entity(conn, entity_id).get(entity_id, [])
        named_as = _relations_to(conn, entity_id).get(entity_id, [])
        item = _entity(row, aliases, named_as)
        item["facts"] = _facts(conn, "subject_entity", entity_id)
        item["mentions"] = _facts(conn, "object_entity", entity_id)
        item["fact_count"] = len(item["facts"])
        item["relations"] = [
            dict(r)
            for r in conn.execute(
                "SELECT r.from_entity, f.name AS from_name, r.relation, r.to_entity, t.name AS to_name "
                "FROM entity_relations r JOIN entities f ON f.id = r.from_entity JOIN entities t ON t.id = r.to_entity "
                "WHERE (r.from_entity = ? OR r.to_entity = ?) AND f.merged_into IS NULL AND t.merged_into IS NULL "
                "ORDER BY r.created_at, r.relation",
                (entity_id, entity_id),
            )
        ]
        for r in item["relations"]:
            r["text"] = f"{r['from_name']}'s {r['relation']} is {r['to_name']}"
        item["merged"] = [
            {"id": m["id"], "name": m["name"]}
            for m in conn.execute("SELECT id, name FROM entities WHERE merged_into = ? ORDER BY id", (entity_id,))
        ]
        return item


def _entity(row, aliases: list[str], named_as: list[str]) -> dict:
    keys = row.keys()
    return {
        "id": row["id"],
        "kind": row["kind"],
        "name": row["name"],
        "speaker_id": row["speaker_id"],
        "aliases": aliases,
        "named_as": named_as,  # how others name it: "Alice's daughter"
        "fact_count": row["facts"] if "facts" in keys else None,
        "merged_into": row["merged_into"],
        "created_at": row["created_at"],
    }


def _aliases_by_entity(conn, entity_id: int | None = None) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    sql = "SELECT entity_id, alias FROM entity_aliases"
    rows = (
        conn.execute(sql + " WHERE entity_id = ? ORDER BY rowid", (entity_id,))
        if entity_id
        else conn.execute(sql + " ORDER BY rowid")
    )
    for r in rows:
        names = out.setdefault(r[0], [])
        if r[1] not in names:  # one alias is kept under its key with and without accents
            names.append(r[1])
    return out


def _relations_to(conn, entity_id: int | None = None) -> dict[int, list[str]]:
    """entity -> ["Alice's daughter", ...]: how each live entity that names it does."""
    sql = (
        "SELECT r.to_entity, f.name, r.relation FROM entity_relations r JOIN entities f ON f.id = r.from_entity "
        "WHERE f.merged_into IS NULL"
    )
    rows = (
        conn.execute(sql + " AND r.to_entity = ? ORDER BY r.created_at", (entity_id,))
        if entity_id
        else conn.execute(sql + " ORDER BY r.created_at")
    )
    out: dict[int, list[str]] = {}
    for to, name, relation in rows:
        out.setdefault(to, []).append(f"{name}'s {relation}")
    return out


def _facts(conn, column: str, entity_id: int) -> list[dict]:
    rows = conn.execute(
        f"SELECT {FIELDS['facts']}, subject_entity, object_entity FROM facts x "
        f"WHERE {column} = ? AND {_LIVE_FACT} ORDER BY valid_from DESC, id DESC",
        (entity_id,),
    ).fetchall()
    return [row_to_item(FACTS, r) for r in rows]


def _row(conn, entity_id: int):
    row = conn.execute(
        "SELECT id, kind, name, speaker_id, created_at, merged_into FROM entities WHERE id = ?", (entity_id,)
    ).fetchone()
    if row is None:
        raise NotFound(f"no entity {entity_id}")
    return row


def _live(tx, entity_id: int, what: str = "entity"):
    row = _row(tx, entity_id)
    if row["merged_into"] is not None:
        raise UserError(f"{what} {entity_id} was merged into {resolve.canonical(tx, entity_id)}; change that one")
    return row


def _check_kind(kind: str | None) -> None:
    if kind is not None and kind not in resolve.KINDS:
        raise UserError(f"kind must be one of {', '.join(resolve.KINDS)}")


def _clean_name(name: str, what: str = "name") -> str:
    name = " ".join((name or "").split())
    if not name:
        raise UserError(f"{what} must not be empty")
    if len(name) > MAX_NAME_CHARS:
        raise UserError(f"{what} is longer than {MAX_NAME_CHARS} characters")
    if not resolve.norm(name):
        raise UserError(f"{what} {name!r} has nothing to match a mention on")
    return name


def _relabel(tx, entity_id: int) -> int:
    """facts.subject of an entity's facts as resolve.subject_label says now; how many changed."""
    label = resolve.subject_label(tx, entity_id)
    return tx.execute(
        "UPDATE facts SET subject = ? WHERE subject_entity = ? AND subject <> ?", (label, entity_id, label)
    ).rowcount


# -- rename and aliases ---------------------------------------------------------------------------------------
def rename(store, entity_id: int, name: str, actor: str) -> dict:
    """A new name; the old one stays an alias, so mentions of it still resolve. {"id", "name", "old_name"}"""
    name = _clean_name(name)

    def write(tx):
        row = _live(tx, entity_id)
        old = row["name"]
        if old == name:
            return {"id": entity_id, "name": name, "old_name": old, "changed": False}
        resolve.add_alias(tx, entity_id, old)
        resolve.rename(tx, entity_id, name)
        relabelled = _relabel(tx, entity_id)
        audit.record(tx, actor, "entity.rename", f"entity:{entity_id}", {"old": old, "new": name})
        return {"id": entity_id, "name": name, "old_name": old, "changed": True, "facts_relabelled": relabelled}

    return store.writer.write(write)


def alias(store, entity_id: int, alias_text: str, actor: str, remove: bool = False) -> dict:
    """Add an alias (another name mentions resolve by) or remove one. {"id", "alias", "removed", "changed",
    "aliases"}"""
    alias_text = _clean_name(alias_text, "alias")
    key = resolve.norm(alias_text)

    def write(tx):
        row = _live(tx, entity_id)
        has = tx.execute(
            "SELECT alias FROM entity_aliases WHERE entity_id = ? AND norm = ?", (entity_id, key)
        ).fetchone()
        if remove:
            if has is None:
                raise NotFound(f"{row['name']} has no alias {alias_text!r}")
            if resolve.norm(row["name"]) == key:
                raise UserError(f"{alias_text!r} is {row['name']}'s name; rename it first")
            tx.execute(
                "DELETE FROM entity_aliases WHERE entity_id = ? AND norm IN (?, ?)",
                (entity_id, key, resolve.folded(key)),
            )
        elif has is None:
            resolve.add_alias(tx, entity_id, alias_text)
        changed = (has is not None) if remove else (has is None)
        if changed:
            audit.record(
                tx, actor, "entity.alias", f"entity:{entity_id}", {"alias": alias_text, "removed": bool(remove)}
            )
        aliases = _aliases_by_entity(tx, entity_id).get(entity_id, [])
        return {"id": entity_id, "alias": alias_text, "removed": bool(remove), "changed": changed, "aliases": aliases}

    return store.writer.write(write)


# -- merge ---------------------------------------------------------------------------------------------------
def merge(store, from_id: int, into_id: int, actor: str) -> dict:
    """Merge entity from_id into into_id: its facts (as subject and as object), relations and aliases move,
    and it points at into_id from now on. Refused for the household and for two people who both speak.
    {"id", "into", "facts", "mentions", "review"}"""

    def write(tx):
        a, b = _live(tx, from_id), _live(tx, into_id)
        if from_id == into_id:
            raise UserError("an entity cannot be merged into itself")
        if "household" in (a["kind"], b["kind"]):
            raise UserError("the household cannot be merged")
        if a["speaker_id"] and b["speaker_id"]:
            raise UserError(
                f"{a['name']} and {b['name']} are two speaking people (each has a voice or an account); "
                "they cannot be merged"
            )
        now = time.time()
        moved = [r[0] for r in tx.execute("SELECT id FROM facts WHERE subject_entity = ?", (from_id,))]
        tx.execute("UPDATE facts SET subject_entity = ? WHERE subject_entity = ?", (into_id, from_id))
        mentions = tx.execute("UPDATE facts SET object_entity = ? WHERE object_entity = ?", (into_id, from_id)).rowcount
        _move_relations(tx, from_id, into_id)
        _move_aliases(tx, from_id, into_id, a["name"])
        if a["speaker_id"]:  # the speaker is the merged person now: their facts keep the speaker's label
            tx.execute("UPDATE entities SET speaker_id = NULL WHERE id = ?", (from_id,))
            tx.execute("UPDATE entities SET speaker_id = ? WHERE id = ?", (a["speaker_id"], into_id))
        tx.execute("UPDATE entities SET merged_into = ? WHERE id = ?", (into_id, from_id))
        _relabel(tx, into_id)
        review = _queue_conflicts(tx, into_id, set(moved), now, b["name"])
        detail = {"into": into_id, "name": a["name"], "into_name": b["name"], "facts": moved, "review": review}
        audit.record(tx, actor, "entity.merge", f"entity:{from_id}", detail)
        return {
            "id": from_id,
            "into": into_id,
            "name": b["name"],
            "facts": moved,
            "mentions": mentions,
            "review": review,
        }

    return store.writer.write(write)


def _move_relations(tx, from_id: int, into_id: int) -> None:
    for frm, relation, to, at in tx.execute(
        "SELECT from_entity, relation, to_entity, created_at FROM entity_relations "
        "WHERE from_entity = ? OR to_entity = ?",
        (from_id, from_id),
    ).fetchall():
        frm, to = (into_id if frm == from_id else frm), (into_id if to == from_id else to)
        if frm != to:  # a relation between the two merged ones would name itself
            tx.execute(
                "INSERT OR IGNORE INTO entity_relations(from_entity, relation, to_entity, created_at) "
                "VALUES (?, ?, ?, ?)",
                (frm, relation, to, at),
            )
    tx.execute("DELETE FROM entity_relations WHERE from_entity = ? OR to_entity = ?", (from_id, from_id))


def _move_aliases(tx, from_id: int, into_id: int, name: str) -> None:
    tx.execute(
        "INSERT OR IGNORE INTO entity_aliases(entity_id, alias, norm) "
        "SELECT ?, alias, norm FROM entity_aliases WHERE entity_id = ?",
        (into_id, from_id),
    )
    resolve.add_alias(tx, into_id, name)
    tx.execute("DELETE FROM entity_aliases WHERE entity_id = ?", (from_id,))


def _queue_conflicts(tx, entity_id: int, moved: set[int], now: float, name: str) -> list[int]:
    """Current facts of one functional predicate in one pool with different objects, one of them just moved
    here: a contradiction in the review queue each (their ids), none left current silently."""
    groups: dict[tuple, list] = {}
    for r in tx.execute(
        "SELECT id, predicate, object, owner_id FROM facts WHERE subject_entity = ? AND status = 'active' "
        "AND dismissed = 0 ORDER BY valid_from, id",
        (entity_id,),
    ):
        if r["predicate"] in FUNCTIONAL:
            groups.setdefault((r["predicate"], r["owner_id"], value_kind(r["predicate"], r["object"])), []).append(r)
    items = []
    for (predicate, _owner, _kind), rows in groups.items():
        objects = {normalise(r["object"]) for r in rows}
        ids = [r["id"] for r in rows]
        if len(objects) < 2 or not moved.intersection(ids):
            continue
        detail = f"after a merge into {name}: {predicate} is " + " and ".join(repr(r["object"]) for r in rows)
        items.append(
            tx.execute(
                "INSERT INTO review_queue(kind, fact_ids, detail, created_at) VALUES ('contradiction', ?, ?, ?)",
                (json.dumps(ids), detail, now),
            ).lastrowid
        )
    return items


# -- split ---------------------------------------------------------------------------------------------------
def split(store, entity_id: int, fact_ids: list[int], new_name: str, actor: str) -> dict:
    """A new entity of the same kind, named new_name, takes the given facts (as their subject, or as their
    object where the entity was the object): "two Saras". {"id", "new", "name", "facts"}"""
    new_name = _clean_name(new_name)
    fact_ids = sorted({int(f) for f in fact_ids or ()})
    if not fact_ids:
        raise UserError("give the facts the new entity takes")

    def write(tx):
        row = _live(tx, entity_id)
        if row["kind"] == "household":
            raise UserError("the household cannot be split")
        marks = ", ".join("?" * len(fact_ids))
        found = {
            r["id"]: r
            for r in tx.execute(f"SELECT id, subject_entity, object_entity FROM facts WHERE id IN ({marks})", fact_ids)
        }
        missing = [f for f in fact_ids if f not in found]
        if missing:
            raise NotFound(f"no fact {', '.join(map(str, missing))}")
        foreign = [f for f in fact_ids if entity_id not in (found[f]["subject_entity"], found[f]["object_entity"])]
        if foreign:
            raise UserError(f"fact {', '.join(map(str, foreign))} is not about {row['name']} (entity {entity_id})")
        now = time.time()
        new_id = tx.execute(
            "INSERT INTO entities(kind, name, created_at) VALUES (?, ?, ?)", (row["kind"], new_name, now)
        ).lastrowid
        resolve.add_alias(tx, new_id, new_name)
        tx.execute(
            f"UPDATE facts SET subject_entity = ? WHERE subject_entity = ? AND id IN ({marks})",
            (new_id, entity_id, *fact_ids),
        )
        tx.execute(
            f"UPDATE facts SET object_entity = ? WHERE object_entity = ? AND id IN ({marks})",
            (new_id, entity_id, *fact_ids),
        )
        _relabel(tx, new_id)
        detail = {"new": new_id, "name": new_name, "facts": fact_ids}
        audit.record(tx, actor, "entity.split", f"entity:{entity_id}", detail)
        return {"id": entity_id, "new": new_id, "name": new_name, "kind": row["kind"], "facts": fact_ids}

    return store.writer.write(write)
