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
    """A tool's answer; an error (isError: true) as {"error": its text}."""
    if result.is_error:
        return {"error": result.content[0].text}
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


async def probe(data_dir, errlog, *identity):
    """One MCP session: the server's identity, the tools it lists, and a call of each kind (its isError)."""
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(
        command=str(BIN / "hearthctl"), env=dict(os.environ), args=["mcp", "--data-dir", str(data_dir), *identity]
    )
    async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as client:
        info = (await client.initialize()).server_info
        tools = {t.name: t for t in (await client.list_tools()).tools}
        recalled = await client.call_tool("recall_memory", {"query": "penicillin", "max_tokens": 60})
        missing = await client.call_tool("expand_episode", {"episode_id": 987654})
        return info, tools, recalled, missing


def test_mcp_errors_are_errors_the_tools_follow_the_setting_and_the_server_says_its_version(procs, data_dir, tmp_path):
    from hearthd import __version__

    d = start(procs, data_dir)
    d.wait_model()
    errlog = tmp_path / "mcp.stderr"
    with errlog.open("w") as err:
        info, tools, recalled, missing = asyncio.run(probe(data_dir, err, "--speaker", "alice"))
    assert info.version == __version__ and info.name == "hearth"
    assert tools == {}  # tools.enabled is off by default
    assert recalled.is_error is True and "tools.enabled" in recalled.content[0].text

    with d.client() as admin:
        admin.set_setting("tools.enabled", True)
    with errlog.open("w") as err:
        info, tools, recalled, missing = asyncio.run(probe(data_dir, err, "--speaker", "alice"))
    assert sorted(tools) == ["expand_episode", "get_related_episodes", "recall_memory", "remember"]
    assert "max_tokens" in tools["recall_memory"].input_schema["properties"]
    assert recalled.is_error is False and set(_json(recalled)) >= {"facts", "episodes", "turns"}
    assert missing.is_error is True and "987654" in missing.content[0].text
    assert "HTTP Request" not in errlog.read_text() and "httpx" not in errlog.read_text()
    assert d.stop() == 0
