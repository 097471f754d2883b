"""Commands of the read path and of telling memory things: recall, context, facts, remember, episode, form."""

from __future__ import annotations

from ..timeutil import readable
from .table import BANDS, arg, command

SECTIONS = (("facts", "Facts"), ("episodes", "Episodes"), ("turns", "Conversations"))


def _recalled(kind: str, item: dict) -> str:
    """One found item for people: how relevant, its ref, and when (and for a turn who) beside its text."""
    if kind == "facts":
        note = f"since {readable(item['valid_from'], with_time=False)}" if item.get("valid_from") else ""
        line = f"{item['text']}" + (f"  ({note})" if note else "")
    elif kind == "episodes":
        span = readable(item["started_at"]) or "?"
        line = f"{item['headline']}  ({span}; {', '.join(item['participants']) or 'nobody named'})"
    else:
        line = f"{item['speaker']}, {readable(item['ts'])}: {item['text']}"
    return f"  {item.get('relevance', ''):<8} {item['ref']:<14} {line}"


def show_recall(r: dict) -> str:
    lines = []
    time_range = r.get("time_range")
    if time_range:
        said = f"{time_range['phrase']!r}: " if time_range.get("phrase") else ""
        since, until = readable(time_range["since"]) or "the beginning", readable(time_range["until"]) or "now"
        lines.append(f"Within {said}{since} .. {until}")
    for kind, title in SECTIONS:
        if r.get(kind):
            lines += [f"{title}:", *(_recalled(kind, item) for item in r[kind])]
    if len(lines) == bool(time_range):
        lines.append("nothing found")
    if r.get("vector_search") is False:
        lines.append("(keyword search only: the model is not ready)")
    return "\n".join(lines)


@command(
    "recall",
    "search facts, episodes and turns",
    ops=("recall",),
    show=show_recall,
    args=(
        arg("query", help='what to look for; a time in it ("last week", "in May") limits the search to it'),
        arg("--speaker"),
        arg("--band", choices=BANDS),
        arg("--k", type=int, default=10),
        arg("--since", help="a date, time or period: 2026-05-01, yesterday, last week, two days ago"),
        arg("--until", help="likewise; a date or period given here is taken in to its end"),
    ),
)
def recall(client, args):
    return client.recall(args.query, args.speaker, args.band, args.k, args.since, args.until)


@command(
    "context",
    "the memory block auto-inject would add",
    ops=("context",),
    args=(arg("text"), arg("--speaker"), arg("--band", choices=BANDS)),
    show=lambda r: r["preamble"] or f"(nothing: recall mode {r['mode']})",
)
def context(client, args):
    return client.context(args.text, args.speaker, args.band)


@command(
    "remember",
    "store a fact or note directly",
    ops=("remember",),
    args=(
        arg("text"),
        arg("--speaker"),
        arg("--subject"),
        arg("--predicate"),
        arg("--object"),
        arg("--pin", action="store_true", help="always inject it (the pinned profile card)"),
        arg("--valid-from", help="since when it is true (ISO 8601 date; default now)"),
    ),
    show=lambda r: (
        f"{r['action']} {r['fact']['ref']}: {r['fact']['text']}"
        if r["fact"]
        else f"claimed: review:{', review:'.join(map(str, r['claims']))} waits for the person to accept it"
        if r["action"] == "claimed"
        else f"released {', '.join(f'fact:{i}' for i in r['released'])} (no longer current)"
    ),
)
def remember(client, args):
    return client.remember(
        args.text, args.speaker, None, args.subject, args.predicate, args.object, args.pin, args.valid_from
    )


def show_facts(facts: list[dict]) -> str:
    return (
        "\n".join(
            f"fact:{f['id']:<6} {f['status']:<10} {f['subject']} {f['predicate']} {f['object']}"
            f"  [{f['valid_from']} .. {f['valid_to'] or 'now'}]"
            for f in facts
        )
        or "no facts"
    )


@command(
    "facts",
    "list facts",
    ops=("facts",),
    show=show_facts,
    args=(
        arg("--speaker"),
        arg("--history", action="store_true", help="include superseded facts"),
        arg("--as-of", help="what was valid on this date"),
    ),
)
def facts(client, args):
    return client.facts(args.speaker, args.history, args.as_of)


@command(
    "history",
    "a fact's chain of supersession, oldest first",
    ops=("fact_history",),
    args=(arg("fact"),),
    show=show_facts,
)
def fact_history(client, args):
    return client.fact_history(args.fact)


def show_sources(s: dict) -> str:
    """Where a fact came from: its sentences, then their conversation (a source sentence marked >)."""
    fact = s["fact"]
    lines = [f"fact:{fact['id']} {fact['text']}"]
    if not s["turns"]:
        lines.append(f"  told directly ({s['source']}), not formed from a conversation")
    for t in s["turns"]:
        lines.append(f"  said by {t['speaker']}, {readable(t['ts'])}: {t['text']}")
    if s["conversation"]:
        lines.append(f"Conversation ({s['thread']}):")
        lines += [f"  {'>' if t['source'] else ' '} {t['speaker']}: {t['text']}" for t in s["conversation"]]
    lines += [f"  episode:{e['id']} {e['headline']}" for e in s["episodes"]]
    return "\n".join(lines)


@command(
    "sources",
    "where a fact came from: the sentences it was formed from and their conversation",
    ops=("fact_sources",),
    args=(arg("fact", help="fact:12 or 12"),),
    show=show_sources,
)
def fact_sources(client, args):
    return client.fact_sources(args.fact)


def show_episode(e: dict) -> str:
    lines = [f"episode:{e['id']} {e['headline']}", e.get("summary") or ""]
    lines += [f"  related episode:{r['id']} {r['headline']}" for r in e.get("related") or []]
    lines += [f"  fact:{f['id']} {f['text']}" for f in e.get("facts") or []]
    return "\n".join(line for line in lines if line)


@command(
    "episode",
    "an episode with its related episodes and the facts it produced",
    ops=("episode",),
    args=(arg("id", type=int),),
    show=show_episode,
)
def episode(client, args):
    return client.episode(args.id)


def show_pass(p: dict) -> str:
    facts = sum(len(f.get("facts") or []) for f in p["formed"])
    episodes = sum(1 for f in p["formed"] if f.get("episode"))
    line = f"ended {p['ended']} sessions, formed {len(p['formed'])}: {facts} facts, {episodes} episodes"
    skipped = p.get("not_formed") or {}
    if skipped:
        line += "; nothing to form in " + ", ".join(f"{n} {why}" for why, n in sorted(skipped.items()))
        gated = [f for f in p["formed"] if f.get("reason") == "gated"]
        if gated:
            line += f" (gated: {gated[0].get('detail')}" + (", ..." if len(gated) > 1 else "") + ")"
    if p.get("waiting"):
        line += f"; {len(p['waiting'])} waiting for the generator ({p['degraded'] or 'it failed earlier'})"
    if (p.get("tokens") or {}).get("calls"):
        line += f"; generator tokens {p['tokens']['prompt']} prompt + {p['tokens']['completion']} completion"
    return line + (f"; {len(p['failed'])} failed (still pending)" if p["failed"] else "")


def show_formation(f: dict) -> str:
    if "formed" in f:
        return show_pass(f)
    return f"backlog {f['backlog']}" + (" (a pass is running)" if f["running"] else "")


@command(
    "form",
    "formation status, or run a pass now (--now) and wait",
    ops=("formation", "form_now"),
    args=(
        arg("--now", action="store_true", help="run a formation pass now and wait for it"),
        arg("--all", action="store_true", help="with --now: also end sessions still open"),
    ),
    show=show_formation,
)
def form(client, args):
    return client.form_now(args.all) if args.now else client.formation()
