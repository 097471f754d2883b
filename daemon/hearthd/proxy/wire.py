"""What both fronts share on the wire: the request body read and bounded, and errors in each front's shape
(OpenAI's `{"error": {"message", "type"}}`, Ollama's `{"error": "..."}`)."""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import JSONResponse

from ..errors import UserError

MAX_BODY_BYTES = 16 * 1024 * 1024  # a long conversation with a few images


async def read_json(request: Request) -> dict:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
        raise UserError(f"request body over {MAX_BODY_BYTES} bytes", status=413)
    raw = b""
    async for piece in request.stream():
        raw += piece
        if len(raw) > MAX_BODY_BYTES:
            raise UserError(f"request body over {MAX_BODY_BYTES} bytes", status=413)
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise UserError("the request body is not JSON", status=400) from None
    if not isinstance(body, dict):
        raise UserError("the request body must be a JSON object", status=400)
    return body


def error_body(message: str, kind: str = "hearth_proxy_error") -> dict:
    """An error in the OpenAI shape (the Ollama routes reshape it: ollama_routes._error)."""
    return {"error": {"message": message, "type": kind, "code": None}}


def error_response(request: Request, status: int, message: str, kind: str) -> JSONResponse:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status)
    return JSONResponse(error_body(message, kind), status_code=status)
