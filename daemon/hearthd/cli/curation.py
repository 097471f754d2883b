"""Commands of curation: dismiss, restore, pin, edit, promote, review, audit."""

from __future__ import annotations

from ..api.client import HearthError
from ..timeutil import iso
from .table import arg, command


@command(
    "dismiss",
    "hide a fact, episode or turn (REF like fact:12)",
    ops=("dismiss",),
    args=(arg("ref"), arg("--reason")),
    show=lambda r: f"dismissed {r['ref']}" + ("" if r["changed"] else " (already)"),
)
def dismiss(client, args):
    return client.dismiss(args.ref, args.reason)


@command(
    "restore",
    "bring a dismissed item back",
    ops=("restore",),
    args=(arg("ref"),),
    show=lambda r: f"restored {r['ref']}" + ("" if r["changed"] else " (already)"),
)
def restore(client, args):
    return client.restore(args.ref)


@command(
    "dismissed",
    "list dismissed items",
    ops=("dismissed",),
    show=lambda ds: (
        "\n".join(f"{d['ref']:<14} {d['actor']:<10} {d['reason'] or ''}" for d in ds) or "nothing dismissed"
    ),
)
def dismissed(client, args):
    return client.dismissed()


@command(
    "pin",
    "always inject a fact (the profile card)",
    ops=("pin",),
    args=(arg("fact"), arg("--off", action="store_true", help="unpin")),
    show=lambda r: f"{r['ref']} pinned: {r['pinned']}",
)
def pin(client, args):
    return client.pin(args.fact, not args.off)


@command(
    "edit",
    "change how a fact reads (empty text: the original)",
    ops=("edit_fact",),
    args=(arg("fact"), arg("text")),
    show=lambda r: f"{r['ref']}: {r['display_text']}",
)
def edit(client, args):
    return client.edit_fact(args.fact, args.text)


@command(
    "promote",
    "move a personal fact to the household pool",
    ops=("promote",),
    args=(arg("fact"),),
    show=lambda r: f"{r['ref']} is in the household pool",
)
def promote(client, args):
    return client.promote(args.fact)


def show_review(answer) -> str:
    if isinstance(answer, dict):
        return f"review:{answer['id']} {answer['resolution']}"
    return "\n".join(f"review:{i['id']} facts {i['facts']}: {i['detail']}" for i in answer) or "nothing to review"


@command(
    "review",
    "contradictions waiting for a decision",
    ops=("review", "resolve_review"),
    show=show_review,
    args=(
        arg("item", nargs="?", type=int, help="the item to decide"),
        arg("--accept", type=int, metavar="FACT_ID", help="keep this fact current, supersede the others"),
        arg("--keep-both", action="store_true"),
    ),
)
def review(client, args):
    if args.item is None:
        return client.review()
    if bool(args.accept) == bool(args.keep_both):
        raise HearthError("say --accept FACT_ID or --keep-both")
    return client.resolve_review(args.item, "accept" if args.accept else "keep_both", args.accept)


@command(
    "audit",
    "the audit log, newest first",
    ops=("audit",),
    args=(arg("--limit", type=int, default=50), arg("--action")),
    show=lambda es: "\n".join(f"{iso(e['at'])} {e['actor']:<9} {e['action']:<14} {e['target'] or ''}" for e in es),
)
def audit(client, args):
    return client.audit(args.limit, args.action)
