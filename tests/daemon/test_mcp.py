"""The MCP server answers a real MCP client session over stdio, in the scope of the speaker it acts for."""

import asyncio
import json
import os

import pytest

from tests.helpers import BIN, start

pytestmark = [pytest.mark.subprocess, pytest.mark.real_model]


async def session(data_dir, *identity):
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    # The whole environment: the daemon's socket is found through XDG_RUNTIME_DIR.
    params = StdioServerParameters(
        command=str(BIN / "hearthctl"), env=dict(os.environ), args=["mcp", "--data-dir", str(data_dir), *identity]
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
        await client.initialize()
        tools = sorted(t.name for t in (await client.list_tools()).tools)
        stored = await client.call_tool("remember", {"text": "I am allergic to penicillin"})
        found = await client.call_tool("recall_memory", {"query": "which medicine am I allergic to"})
        return tools, _json(stored), _json(found)


def _json(result):
    return json.loads(result.content[0].text)


def test_an_mcp_client_recalls_in_the_speakers_scope(procs, data_dir):  # noqa: F811
    d = start(procs, data_dir)
    d.wait_model()
    with d.client() as admin:
        admin.set_setting("tools.enabled", True)
    tools, stored, found = asyncio.run(session(data_dir, "--speaker", "alice"))
    assert tools == ["expand_episode", "get_related_episodes", "recall_memory", "remember"]
    assert stored["text"] == "alice is allergic to penicillin"
    assert [f["text"] for f in found["facts"]] == ["alice is allergic to penicillin"]
    _tools, refused, nothing = asyncio.run(session(data_dir))  # anonymous: nothing stored, nothing recalled
    assert "error" in refused and nothing == {"facts": [], "episodes": [], "turns": []}
    assert d.stop() == 0
