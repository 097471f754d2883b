"""Routes of the daemon itself: version, health, status, formation, the event stream."""

from __future__ import annotations

import json

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from ..models import FormIn
from ..routing import Ops, route

router = APIRouter()


@route(router, "version", "GET", "/v1/version")
def version(ops: Ops):
    return ops.system.version()


@route(router, "health", "GET", "/v1/health")
def health(ops: Ops):
    return ops.system.health()


@route(router, "status", "GET", "/v1/status")
def status(ops: Ops):
    return ops.system.status()


@route(router, "formation", "GET", "/v1/formation")
def formation(ops: Ops):
    return ops.system.formation()


@route(router, "form_now", "POST", "/v1/formation/run")
def form_now(body: FormIn, ops: Ops):
    return ops.system.form_now(body.end_open)


@route(router, "events", "GET", "/v1/events")
async def events(request: Request, ops: Ops):
    async def stream():
        yield ": hearth event stream\n\n"
        async for event in ops.system.events_stream(request.is_disconnected):
            if event is None:
                yield ": keep-alive\n\n"
            else:
                yield f"id: {event['id']}\nevent: {event['type']}\ndata: {json.dumps(event)}\n\n"

    return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-cache"})
