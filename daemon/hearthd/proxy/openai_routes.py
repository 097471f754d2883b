"""The OpenAI-compatible front: `POST /v1/chat/completions` (streamed as server-sent events or whole) and
`GET /v1/models`, as the `openai` package and every OpenAI-compatible client call them."""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.routing import Route

from .chat import ChatProxy
from .wire import read_json


async def chat_completions(request: Request):
    proxy: ChatProxy = request.app.state.chat
    body = await read_json(request)
    outcome = await proxy.chat("openai", request.headers, body)
    if outcome.chunks is None:
        return JSONResponse(outcome.body, status_code=outcome.status, headers=outcome.headers)
    wants_usage = bool((body.get("stream_options") or {}).get("include_usage"))

    async def events():
        async for chunk in outcome.chunks:
            if not wants_usage and chunk.get("usage"):  # asked upstream for the proxy's sake, not the client's
                if not chunk.get("choices"):
                    continue
                chunk = {k: v for k, v in chunk.items() if k != "usage"}
            yield f"data: {json.dumps(chunk, ensure_ascii=False)}\n\n"
        yield "data: [DONE]\n\n"

    return StreamingResponse(events(), media_type="text/event-stream", headers=outcome.headers)


async def models(request: Request):
    proxy: ChatProxy = request.app.state.chat
    await proxy.who(request.headers, None)
    status, payload = await proxy.models()
    return JSONResponse(payload, status_code=status)


ROUTES = [
    Route("/v1/chat/completions", chat_completions, methods=["POST"]),
    Route("/v1/models", models, methods=["GET"]),
]
