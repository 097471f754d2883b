"""The recall tools and `remember` over MCP's HTTP transports, on the memory proxy's port: streamable HTTP at
`/mcp` and SSE at `/sse` (Home Assistant's MCP client integration uses SSE). The same server as
`hearthctl mcp` (hearthd.tools.mcp_server), reached through the daemon's in-process API client.

Every request needs the assistant token (Authorization: Bearer), and the speaker is what the request's
`X-Hearth-Speaker` and `X-Hearth-Band` headers name (none: an anonymous caller, whose recall gives nothing).
Where the household turned keyless access on (`proxy.keyless_access`: Home Assistant's MCP integration sends
no key, only OAuth), a request without the token is an anonymous caller whatever it names.
"""

from __future__ import annotations

import contextlib

from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Mount

from ..api.auth import bearer_token
from ..tools.mcp_server import build_server
from .identity import BAND_HEADER, SPEAKER_HEADER

MCP_PATH = "/mcp"
SSE_PATH = "/sse"
MESSAGES_PATH = "/messages/"


class _TokenRequired:
    """ASGI guard: the assistant (or admin) token, or keyless access turned on, or a 401 saying so."""

    def __init__(self, app, daemon):
        self.app, self.daemon = app, daemon

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers") or []}
            keyed = self.daemon.tokens.role_for(bearer_token(headers.get("authorization"))) is not None
            if not keyed and not self.daemon.settings["proxy.keyless_access"]:
                refused = JSONResponse(
                    {
                        "error": "MCP over HTTP needs Hearth's assistant token (Authorization: Bearer <token>), "
                        "or keyless access turned on (proxy.keyless_access) for anonymous household use"
                    },
                    status_code=401,
                )
                return await refused(scope, receive, send)
        await self.app(scope, receive, send)


class McpHttp:
    def __init__(self, daemon):
        self.daemon = daemon
        self.server = build_server(daemon.client("assistant"), self._identity)
        streamable = self.server.streamable_http_app(streamable_http_path=MCP_PATH)
        sse = self.server.sse_app(sse_path=SSE_PATH, message_path=MESSAGES_PATH)
        self._app = Starlette(routes=[*streamable.routes, *sse.routes])

    def _identity(self, ctx) -> tuple[str | None, str | None]:
        """The speaker the call's HTTP request names; a keyless request proves nobody: anonymous."""
        headers = getattr(ctx.request_context.request, "headers", None) or {}
        if self.daemon.tokens.role_for(bearer_token(headers.get("authorization"))) is None:
            return None, None
        return headers.get(SPEAKER_HEADER) or None, headers.get(BAND_HEADER) or None

    def routes(self) -> list:
        """Last in the proxy's routes: whatever the OpenAI and Ollama fronts do not serve comes here."""
        return [Mount("", app=_TokenRequired(self._app, self.daemon))]

    @contextlib.asynccontextmanager
    async def lifespan(self, _app):
        async with self.server.session_manager.run():
            yield
