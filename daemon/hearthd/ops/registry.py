"""The operations of the daemon, each declared once (after electrum's `@command` registry).

An operation is a method of one of the service classes in `hearthd.ops`, decorated with `@operation`: its
name (which is also the name of the Python client's method), the roles that may call it, whether it changes
memory, and the event it publishes when it does. The decorator enforces the one pattern every operation
follows, validate → write through the writer → publish its event: the method validates and writes, and the
wrapper publishes the declared event after the method returned (so after the commit), never before.

The API's routes, the client's methods and hearthctl's commands are written beside these declarations and
checked against them (tests/daemon/test_operations.py): an operation without a route, a client method or a
command (or a declared reason for having none) fails the test, and so does a mutating operation that
publishes nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

ADMIN = ("admin",)
ANY = ("admin", "assistant")

EventData = Callable[[Any], dict | None]


@dataclass(frozen=True)
class Operation:
    name: str
    area: str
    roles: tuple[str, ...]
    summary: str
    event: str | None = None  # published after a mutating operation's write committed
    event_data: EventData | None = None  # the event's data from the answer; None from it: nothing happened
    no_cli: str | None = None  # why hearthctl has no command for it (None: it must have one)

    @property
    def mutates(self) -> bool:
        return self.event is not None


REGISTRY: dict[str, Operation] = {}


def _answer_as_data(answer: Any) -> dict:
    return answer if isinstance(answer, dict) else {}


def operation(
    name: str | None = None,
    *,
    roles: tuple[str, ...] = ADMIN,
    event: str | None = None,
    event_data: EventData | None = None,
    no_cli: str | None = None,
):
    """Declare a service method as an operation. With `event`, the method changes memory and the event is
    published with `event_data(answer)` (default: the answer itself) once the method has returned."""

    def declare(method: Callable) -> Callable:
        op_name = name or method.__name__
        if op_name in REGISTRY:
            raise RuntimeError(f"operation {op_name!r} is declared twice")
        area = method.__module__.rsplit(".", 1)[-1]
        summary = (method.__doc__ or "").strip().split("\n\n", 1)[0].replace("\n", " ")
        op = Operation(op_name, area, roles, summary, event, event_data, no_cli)
        REGISTRY[op_name] = op

        if event is None:
            method.operation = op  # type: ignore[attr-defined]
            return method

        @functools.wraps(method)
        def publishing(self, *args, **kwargs):
            answer = method(self, *args, **kwargs)
            data = (event_data or _answer_as_data)(answer)
            if data is not None:
                self.events.publish(event, **data)
            return answer

        publishing.operation = op  # type: ignore[attr-defined]
        return publishing

    return declare
