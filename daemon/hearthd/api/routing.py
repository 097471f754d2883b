"""Declaring a route for an operation: its name, roles and summary come from the registry (hearthd.ops), so a
route cannot ask for another role than its operation declares; the handler gets the services and the caller.
"""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse, Response

from ..errors import UserError
from ..ops import REGISTRY, Operations
from .auth import bearer_token


def require(roles: tuple[str, ...]):
    """A dependency admitting a valid token of one of the roles; the role is kept for the handler."""

    async def check(request: Request, authorization: str | None = Header(None, include_in_schema=False)) -> str:
        role = request.app.state.daemon.tokens.role_for(bearer_token(authorization))
        if role is None:
            raise UserError("a valid API token is required (Authorization: Bearer <token>)", status=401)
        if role not in roles:
            raise UserError(f"the {role} token may not do this", status=403)
        request.state.role = role
        return role

    check.roles = roles  # type: ignore[attr-defined]  # what the route admits, for the registry's test
    return check


# Async, though they do no I/O: FastAPI runs a plain function's dependency on its thread pool, a hand-off to
# another thread and back (each a wake-up of a sleeping thread) for reading an attribute.
async def _ops(request: Request) -> Operations:
    return request.app.state.daemon.ops


async def _caller(request: Request) -> str:
    return request.state.role


Ops = Annotated[Operations, Depends(_ops)]
Caller = Annotated[str, Depends(_caller)]  # the caller's role, also the actor the audit records


class OperationResult(JSONResponse):
    """An operation's result as JSON, written directly: the operations return plain dicts and lists, which
    FastAPI's generic encoder would walk value by value first (~1 ms for a recall's answer); anything else in
    them (a date, a model) still goes through that encoder."""

    def render(self, content: Any) -> bytes:
        return json.dumps(
            content, ensure_ascii=False, allow_nan=False, separators=(",", ":"), default=jsonable_encoder
        ).encode("utf-8")


def _as_json(handler: Callable) -> Callable:
    """The handler, its result returned as an OperationResult (a Response it returns is kept as it is)."""

    def respond(result: Any) -> Any:
        return result if isinstance(result, Response) else OperationResult(result)

    if inspect.iscoroutinefunction(handler):

        async def wrapped_async(*args: Any, **kwargs: Any) -> Any:
            return respond(await handler(*args, **kwargs))

        return functools.wraps(handler)(wrapped_async)

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        return respond(handler(*args, **kwargs))

    return functools.wraps(handler)(wrapped)


def route(router: APIRouter, op_name: str, method: str, path: str, **options: Any) -> Callable:
    """Add the handler as the route of the named operation."""
    op = REGISTRY[op_name]

    def add(handler: Callable) -> Callable:
        router.add_api_route(
            path,
            _as_json(handler),
            methods=[method],
            name=op.name,
            summary=op.summary or None,
            dependencies=[Depends(require(op.roles))],
            tags=[op.area],
            **options,
        )
        return handler

    return add
