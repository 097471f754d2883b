"""The rules command: list the standing instructions, add, edit or dismiss one."""

from __future__ import annotations

from ..api.client import HearthError
from .table import arg, command

ACTIONS = {"add": 1, "edit": 2, "dismiss": 1}  # the arguments each action takes


def _owner(rule: dict) -> str:
    return rule["owner"] or "household"


def show_rules(answer) -> str:
    if isinstance(answer, list):
        return "\n".join(f"{r['ref']:<12} {_owner(r):<14} {r['text']}" for r in answer) or "no rules"
    if "rule" in answer:  # added
        return f"{answer['action']} {answer['ref']} for {_owner(answer['rule'])}: {answer['rule']['text']}"
    if "display_text" in answer:  # edited
        return f"{answer['ref']}: {answer['display_text']}"
    return f"dismissed {answer['ref']}" + ("" if answer["changed"] else " (already)")


@command(
    "rules",
    "standing instructions: list, add, edit, dismiss",
    ops=("rules", "add_rule", "edit_fact", "dismiss"),
    show=show_rules,
    args=(
        arg(
            "action",
            nargs="?",
            choices=tuple(ACTIONS),
            help="add TEXT | edit FACT TEXT | dismiss FACT (none: list the rules). A rule is a fact: "
            "hearthctl restore fact:N brings a dismissed rule back, hearthctl erase --ref fact:N deletes it, "
            "hearthctl audit and export include rules",
        ),
        arg("values", nargs="*", metavar="ARG", help="the action's arguments (FACT: fact:12 or 12)"),
        arg("--speaker", help="whose rules (list), or whose rule it is (add; default: the household's)"),
    ),
)
def rules(client, args):
    if args.action is None:
        if args.values:
            raise HearthError("say add, edit or dismiss before the arguments")
        return client.rules(args.speaker)
    if len(args.values) != ACTIONS[args.action]:
        usage = {"add": "add TEXT", "edit": "edit FACT TEXT", "dismiss": "dismiss FACT"}[args.action]
        raise HearthError(f"usage: hearthctl rules {usage}")
    if args.action == "add":
        return client.add_rule(args.values[0], args.speaker)
    if args.action == "edit":
        return client.edit_fact(args.values[0], args.values[1])
    ref = args.values[0] if ":" in args.values[0] else f"fact:{args.values[0]}"
    return client.dismiss(ref)
