"""hearthctl: the command-line client of the local API, for scripts and people.

Every command takes --data-dir (finds the daemon serving that data dir) and --json (machine-readable output
on stdout). Exit status 0 on success; otherwise a one-line error on stderr and a non-zero status (3: no
daemon running). The commands are declared in the modules beside this one, one function per command with its
formatter (cli.table).
"""

from __future__ import annotations

import argparse
import json
import sys

import httpx

from ..api.client import DaemonNotRunning, HearthClient, HearthError
from ..errors import UserError
from . import (  # noqa: F401 - they declare
    conversation,
    curation,
    entities,
    forgetting,
    importance,
    memory,
    rules,
    settings,
    speakers,
    system,
)
from .table import COMMANDS, Command

GROUP_HELP = {
    "speakers": "enrolled voices: enroll, list, identify, rename, remove",
    "settings": "read or change settings",
    "generator": "the LLM: status, test connection, API key",
    "receipt": "signed erase receipts",
    "proxy": "the memory proxy for OpenAI- and Ollama-compatible assistants: status, per-person keys",
}


def _common() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data-dir", default=argparse.SUPPRESS, help="the daemon's data dir")
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="machine-readable output")
    return common


def _add(sub, name: str, cmd: Command, common) -> None:
    parser = sub.add_parser(name, parents=[common], help=cmd.help)
    parser.set_defaults(command_name=cmd.name)
    exclusive = parser.add_mutually_exclusive_group(required=True) if cmd.exclusive else None
    for a in cmd.args:
        dest = a.flags[0].lstrip("-").replace("-", "_")
        target = exclusive if exclusive is not None and dest in cmd.exclusive else parser
        target.add_argument(*a.flags, **a.options)


def build_parser() -> argparse.ArgumentParser:
    common = _common()
    parser = argparse.ArgumentParser(
        prog="hearthctl", parents=[common], description="Talk to the Hearth memory daemon."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    groups: dict[str, argparse._SubParsersAction] = {}
    for name, cmd in sorted(COMMANDS.items()):
        group, _, action = name.partition(" ")
        if not action:
            _add(sub, name, cmd, common)
            continue
        if group not in groups:
            group_parser = sub.add_parser(group, parents=[common], help=GROUP_HELP.get(group))
            groups[group] = group_parser.add_subparsers(dest="action", required=True, metavar="ACTION")
        _add(groups[group], action, cmd, common)
    return parser


def _print(args, cmd: Command, answer) -> None:
    if answer is None:
        return
    if getattr(args, "json", False):
        json.dump(answer, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        text = cmd.show(answer)
        if text:
            print(text)


def run(args) -> int:
    cmd = COMMANDS[args.command_name]
    if cmd.offline:
        answer = cmd.run(None, args)
    else:
        with HearthClient.connect(getattr(args, "data_dir", None)) as client:
            answer = cmd.run(client, args)
    _print(args, cmd, answer)
    return cmd.exit_code(answer) if answer is not None else 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return run(args)
    except DaemonNotRunning as exc:
        print(f"hearthctl: {_one_line(exc)}", file=sys.stderr)
        return 3
    except (HearthError, UserError, OSError, UnicodeDecodeError, httpx.HTTPError) as exc:
        print(f"hearthctl: {_one_line(exc)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


if __name__ == "__main__":
    sys.exit(main())
