"""Routes of the recall tools."""

from __future__ import annotations

from fastapi import APIRouter

from ..models import ToolCallIn
from ..routing import Caller, Ops, route

router = APIRouter()


@route(router, "tools", "GET", "/v1/tools")
def tools(ops: Ops):
    return ops.tools.tools()


@route(router, "call_tool", "POST", "/v1/tools/call")
def call_tool(body: ToolCallIn, ops: Ops, caller: Caller):
    ops.speakers.claim(body.speaker, body.band, caller)
    return ops.tools.call_tool(body.name, body.arguments, body.speaker, body.band)
