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
    lines = [
        f"review:{i['id']} {i['kind']:<13} " + (f"facts {i['facts']}: " if i["facts"] else "") + (i["detail"] or "")
        for i in answer
    ]
    return "\n".join(lines) or "nothing to review"


@command(
    "review",
    "what waits for a decision: contradictions and close calls (--accept FACT or --keep-both), claims of an "
    "uncertain voice and suggested rules (--accept or --drop)",
    ops=("review", "resolve_review"),
    show=show_review,
    args=(
        arg("item", nargs="?", type=int, help="the item to decide"),
        arg(
            "--accept",
            type=int,
            nargs="?",
            const=0,
            metavar="FACT_ID",
            help="a contradiction: keep this fact current, supersede the others; a claim or a rule: store it",
        ),
        arg("--keep-both", action="store_true"),
        arg("--drop", action="store_true", help="a claim or a suggested rule: discard it"),
    ),
)
def review(client, args):
    if args.item is None:
        return client.review()
    chosen = [args.accept is not None, args.keep_both, args.drop]
    if sum(chosen) != 1:
        raise HearthError("say --accept [FACT_ID], --keep-both or --drop")
    if args.drop:
        return client.resolve_review(args.item, "drop")
    if args.keep_both:
        return client.resolve_review(args.item, "keep_both")
    return client.resolve_review(args.item, "accept", args.accept or None)


@command(
    "audit",
    "the audit log, newest first",
    ops=("audit",),
    args=(arg("--limit", type=int, default=50), arg("--action")),
    show=lambda es: "\n".join(f"{iso(e['at'])} {e['actor']:<9} {e['action']:<14} {e['target'] or ''}" for e in es),
)
def audit(client, args):
    return client.audit(args.limit, args.action)
