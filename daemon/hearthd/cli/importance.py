"""Commands of importance: a fact's score and the inputs it came from, or the facts ranked by it; --recompute."""

from __future__ import annotations

from .table import arg, command

PARTS = ("kind", "recency", "support", "provenance", "user")


def _detail(name: str, part: dict) -> str:
    if name == "kind":
        return part["predicate"] + (f" ({part['kind']})" if part.get("kind") else "")
    if name == "recency":
        if part.get("pinned_does_not_decay"):
            return "pinned: does not decay"
        return f"{part['age_days']:g} days since {part['since']}, half-life {part['half_life_days']:g} days"
    if name == "support":
        return f"said {part['support_count']} time(s)"
    if name == "provenance":
        return part["provenance"]
    flags = [w for w in ("pinned", "edited") if part.get(w)]
    return ", ".join(flags) or "not pinned or edited"


def show_fact(fact: dict, threshold: float, protects: bool) -> str:
    keeps = "keeps its source turns" if protects else "its source turns age out"
    lines = [f"{fact['ref']}  importance {fact['importance']:.2f}  ({keeps}; threshold {threshold:g})", fact["text"]]
    inputs = fact.get("importance_inputs")
    if not inputs:
        return "\n".join([*lines, "  not computed yet (hearthctl importance --recompute)"])
    for name in PARTS:
        part = inputs[name]
        lines.append(
            f"  {name:<10} {part['score']:.2f} x {part['weight']:.2f} = {part['contribution']:.3f}  "
            + _detail(name, part)
        )
    lines.append(f"  computed {inputs['computed_at']} ({inputs['formula']})")
    return "\n".join(lines)


def show_importance(r: dict) -> str:
    if "updated" in r:  # --recompute
        head = f"recomputed {r['updated']} fact(s)"
        fact = r.get("fact")
        return head if not fact else f"{head}\n{show_fact(fact, r['threshold'], fact['protects_turns'])}"
    if "fact" in r:
        return show_fact(r["fact"], r["threshold"], r["protects_turns"])
    rows = [
        f"{f['ref']:<12} {f['importance']:.2f} {'*' if f['protects_turns'] else ' '} {f['predicate']:<14} {f['text']}"
        for f in r["facts"]
    ]
    foot = f"{len(rows)} of {r['total']} current facts; * keeps its source turns (threshold {r['threshold']:g})"
    return "\n".join([*rows, foot]) if rows else "no facts"


@command(
    "importance",
    "a fact's importance and the inputs it came from (no FACT: the facts ranked by it)",
    ops=("importance", "recompute_importance"),
    args=(
        arg("fact", nargs="?", help="like fact:12 or 12"),
        arg("--recompute", action="store_true", help="recompute it first (no FACT: every current fact)"),
        arg("--limit", type=int, default=50, help="without FACT: how many, most important first"),
    ),
    show=show_importance,
)
def importance(client, args):
    if args.recompute:
        answer = client.recompute_importance(args.fact)
        shown = client.importance(args.fact) if args.fact is not None else {"threshold": None}
        return dict(answer, threshold=shown["threshold"])
    return client.importance(args.fact, args.limit)
