"""Commands of the household's entities: list them, show one, rename, aliases, merge, split.

`hearthctl entity ID` shows an entity and `hearthctl entity ACTION ...` changes one, so `entity` is one command
that reads its first word (a number: show; otherwise the action) rather than a group of actions.
"""

from __future__ import annotations

from ..entities.resolve import KINDS
from ..errors import UserError
from .table import arg, command

ACTIONS = {
    "rename": "ID NAME",
    "alias": "ID ALIAS [--remove]",
    "merge": "FROM INTO",
    "split": "ID --facts 3,4 --name NAME",
}
USAGE = "entity ID | " + " | ".join(f"entity {a} {u}" for a, u in ACTIONS.items())


def _line(e: dict) -> str:
    extra = []
    if e["aliases"]:
        others = [a for a in e["aliases"] if a != e["name"]]
        if others:
            extra.append("aka " + ", ".join(others))
    if e["named_as"]:
        extra.append(", ".join(e["named_as"]))
    if e["speaker_id"]:
        extra.append(f"speaker {e['speaker_id']}")
    facts = e["fact_count"] or 0
    return f"{e['id']:>5}  {e['kind']:<12} {e['name']:<24} {facts:>3} facts  " + "; ".join(extra)


@command(
    "entities",
    "the people, pets, places, organisations and things the memory knows",
    ops=("entities",),
    args=(arg("--kind", choices=KINDS),),
    show=lambda es: "\n".join(_line(e) for e in es) or "no entities",
)
def entities(client, args):
    return client.entities(args.kind)


def _show_entity(e: dict) -> str:
    lines = [f"entity {e['id']}: {e['name']} ({e['kind']})"]
    if e.get("merged_into"):
        lines.append(f"merged into entity {e['merged_into']}")
    if e.get("speaker_id"):
        lines.append(f"speaker: {e['speaker_id']}")
    if e["aliases"]:
        lines.append("aliases: " + ", ".join(e["aliases"]))
    for r in e.get("relations", []):
        lines.append(f"relation: {r['text']}")
    for m in e.get("merged", []):
        lines.append(f"merged from: {m['name']} (entity {m['id']})")
    lines.append(f"facts ({len(e['facts'])}):" if e["facts"] else "facts: none")
    lines += [f"  {f['id']:>5}  {f['predicate']:<14} {f['text']}" for f in e["facts"]]
    if e.get("mentions"):
        lines.append(f"named in ({len(e['mentions'])}):")
        lines += [f"  {f['id']:>5}  {f['predicate']:<14} {f['text']}" for f in e["mentions"]]
    return "\n".join(lines)


def _show(r: dict) -> str:
    if "into" in r:
        review = f"; {len(r['review'])} contradiction(s) to review" if r["review"] else ""
        return f"merged entity {r['id']} into {r['into']} ({r['name']}): {len(r['facts'])} facts moved{review}"
    if "new" in r:
        return f"split {len(r['facts'])} facts off entity {r['id']} into entity {r['new']} ({r['name']})"
    if "old_name" in r:
        return f"entity {r['id']} is now {r['name']}" + ("" if r["changed"] else " (already)")
    if "removed" in r:
        verb = "removed alias" if r["removed"] else "added alias"
        return f"{verb} {r['alias']!r} of entity {r['id']}" + ("" if r["changed"] else " (already)")
    return _show_entity(r)


def _id(word: str, what: str = "ID") -> int:
    try:
        value = int(word)
    except ValueError:
        raise UserError(f"{what} must be an entity id (a number), not {word!r}") from None
    if value < 1:
        raise UserError(f"{what} must be a positive entity id")
    return value


def _words(words: list[str], action: str, n: int) -> list[str]:
    if len(words) != n:
        raise UserError(f"usage: hearthctl entity {action} {ACTIONS[action]}")
    return words


def _fact_ids(text: str | None) -> list[int]:
    if not text:
        raise UserError(f"usage: hearthctl entity split {ACTIONS['split']}")
    try:
        ids = [int(part.removeprefix("fact:")) for part in text.replace(" ", "").split(",") if part]
    except ValueError:
        raise UserError(f"--facts must be fact ids separated by commas, not {text!r}") from None
    if not ids:
        raise UserError("--facts must name at least one fact")
    return ids


@command(
    "entity",
    f"show an entity or change it: {USAGE}",
    ops=("entity", "rename_entity", "alias_entity", "merge_entities", "split_entity"),
    args=(
        arg("words", nargs="+", metavar="ID | ACTION", help=USAGE),
        arg("--remove", action="store_true", help="with alias: remove it instead of adding it"),
        arg("--facts", help="with split: the fact ids the new entity takes, like 3,4"),
        arg("--name", help="with split: the new entity's name"),
    ),
    show=_show,
)
def entity(client, args):
    first, rest = args.words[0], args.words[1:]
    if first.isdigit() and not rest:
        return client.entity(_id(first))
    if first == "rename":
        entity_id, name = _words(rest, first, 2)
        return client.rename_entity(_id(entity_id), name)
    if first == "alias":
        entity_id, alias = _words(rest, first, 2)
        return client.alias_entity(_id(entity_id), alias, args.remove)
    if first == "merge":
        from_id, into_id = _words(rest, first, 2)
        return client.merge_entities(_id(from_id, "FROM"), _id(into_id, "INTO"))
    if first == "split":
        (entity_id,) = _words(rest, first, 1)
        if not args.name:
            raise UserError(f"usage: hearthctl entity split {ACTIONS['split']}")
        return client.split_entity(_id(entity_id), _fact_ids(args.facts), args.name)
    raise UserError(f"usage: hearthctl {USAGE}")
