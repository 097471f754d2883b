"""hearthctl's commands, declared once each: name, the operations it calls, its arguments, the function that
runs it and, beside it, the formatter of its answer for people (--json prints the answer itself)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

BANDS = ("high", "medium", "greeting", "none")


@dataclass(frozen=True)
class Arg:
    flags: tuple[str, ...]
    options: dict = field(default_factory=dict)


def arg(*flags: str, **options) -> Arg:
    return Arg(flags, options)


@dataclass(frozen=True)
class Command:
    name: str  # "pin", or "group action" such as "speakers enroll"
    help: str
    ops: tuple[str, ...]  # the operations (hearthd.ops) it calls
    args: tuple[Arg, ...]
    run: Callable[[Any, Any], Any]  # (client, args) -> answer; (None, args) for offline commands
    show: Callable[[Any], str]
    exit_code: Callable[[Any], int] = lambda _answer: 0
    offline: bool = False  # runs without connecting to the daemon
    exclusive: tuple[str, ...] = ()  # dests of args of which exactly one must be given


COMMANDS: dict[str, Command] = {}


def command(
    name: str,
    help: str,
    *,
    ops: tuple[str, ...] = (),
    args: tuple[Arg, ...] = (),
    show: Callable[[Any], str] = lambda _a: "",
    exit_code: Callable[[Any], int] | None = None,
    offline: bool = False,
    exclusive: tuple[str, ...] = (),
):
    def declare(run: Callable) -> Callable:
        if name in COMMANDS:
            raise RuntimeError(f"command {name!r} is declared twice")
        COMMANDS[name] = Command(name, help, ops, args, run, show, exit_code or (lambda _a: 0), offline, exclusive)
        return run

    return declare
