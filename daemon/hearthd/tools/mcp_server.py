"""The recall tools (and `remember`) as an MCP server over stdio, for LLM hosts that speak MCP.

It is a thin client of the daemon's API. Over stdio it acts for one identity given at start (`--speaker`,
`--band`); over HTTP (the memory proxy's `/mcp` and `/sse`, hearthd.proxy.mcp_http) for the identity each
request's headers name. The tools answer in that speaker's scope, and with no speaker (an anonymous caller)
recall gives nothing. Start the stdio server with `hearthctl mcp [--speaker ID [--band B]]`.

It lists the tools only while the daemon's `tools.enabled` is on (asked at each tools/list), a tool the
daemon refuses or fails answers `isError: true` with the daemon's message, and it says the package version
as its serverInfo.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

from mcp.server.mcpserver import Context  # at module level: the tools' annotations are evaluated by name

from .. import __version__
from ..api.client import HearthClient, HearthError
from .schemas import BY_NAME

# Who a tool call is for: (speaker, band) from the call's MCP context (its HTTP request, over HTTP).
IdentityOf = Callable[[object], tuple[str | None, str | None]]


def build_server(client: HearthClient, identity_of: IdentityOf):
    import anyio
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    def enabled() -> bool:
        try:
            return bool(client.tools()["enabled"])
        except HearthError:
            return False

    class HearthMCP(MCPServer):
        async def list_tools(self):
            """No tools while the household has them off (tools.enabled): asked of the daemon each time."""
            if not await anyio.to_thread.run_sync(enabled):
                return []
            return await super().list_tools()

    server = HearthMCP(
        name="hearth",
        version=__version__,
        log_level="WARNING",
        instructions="Long-term memory of this household: recall what was said "
        "and learned before, and remember new facts when the user asks.",
    )

    def call(ctx: Context, name: str, arguments: dict) -> str:
        speaker, band = identity_of(ctx)
        try:
            return json.dumps(client.call_tool(name, arguments, speaker, band), ensure_ascii=False)
        except HearthError as exc:
            raise ToolError(str(exc)) from None  # isError: true, the daemon's message as its text

    @server.tool(description=BY_NAME["recall_memory"]["function"]["description"])
    def recall_memory(
        ctx: Context,
        query: str,
        since: str | None = None,
        until: str | None = None,
        limit: int = 5,
        max_tokens: int | None = None,
    ) -> str:
        args = {
            "query": query,
            "limit": limit,
            **({"since": since} if since else {}),
            **({"until": until} if until else {}),
            **({"max_tokens": max_tokens} if max_tokens is not None else {}),
        }
        return call(ctx, "recall_memory", args)

    @server.tool(description=BY_NAME["expand_episode"]["function"]["description"])
    def expand_episode(ctx: Context, episode_id: int) -> str:
        return call(ctx, "expand_episode", {"episode_id": episode_id})

    @server.tool(description=BY_NAME["get_related_episodes"]["function"]["description"])
    def get_related_episodes(ctx: Context, episode_id: int, limit: int = 3) -> str:
        return call(ctx, "get_related_episodes", {"episode_id": episode_id, "limit": limit})

    @server.tool(description="Store a fact or note the user asks the assistant to remember.")
    def remember(ctx: Context, text: str) -> str:
        speaker, band = identity_of(ctx)
        if not enabled():
            raise ToolError("the recall tools are off (setting tools.enabled)")
        if not speaker:
            raise ToolError("nobody is identified, so nothing personal is stored")
        try:
            answer = client.remember(text, speaker=speaker, band=band)
        except HearthError as exc:
            raise ToolError(str(exc)) from None
        if answer["fact"] is None:  # released ("... doesn't work there anymore"), or a claim to confirm
            return json.dumps({k: answer[k] for k in ("action", "released", "claims") if k in answer})
        return json.dumps(answer["fact"], ensure_ascii=False)

    return server


def run(data_dir: str | None, speaker: str | None, band: str | None) -> None:
    # One INFO line per call on stderr from httpx (the daemon's API) is noise to an MCP host.
    for name in ("httpx", "httpcore"):
        logging.getLogger(name).setLevel(logging.WARNING)
    client = HearthClient.connect(data_dir, role="assistant")
    build_server(client, lambda _ctx: (speaker, band)).run("stdio")
