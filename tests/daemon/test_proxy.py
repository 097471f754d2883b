"""The memory proxy, driven by the official `openai` and `ollama` clients.

The real upstream is llama.cpp's server with SmolLM2-135M-Instruct, behind a recording tap so each test can
assert on what the server got. The scripted chat server (tests/daemon/chat_server.py) stands in only where a
real server cannot be made to fail on demand: a 503, a timeout, a context overflow.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from pathlib import Path

import httpx
import ollama
import openai
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.daemon.chat_server import ChatServer, Tap
from tests.helpers import hearthctl_in_process, said_in, wait_for
from tests.llama_server import LlamaServer, missing

SYSTEM = "You are a helpful home assistant. Answer in one short sentence."
CONVERSATION = "X-Hearth-Conversation"


@pytest.fixture(scope="module")
def llama():
    if missing() is not None:
        pytest.skip(missing())
    server = LlamaServer(n_ctx=2048)
    yield server
    server.stop()


@pytest.fixture
def tap(llama):
    recorder = Tap(llama.url)
    yield recorder
    recorder.stop()


@pytest.fixture
def scripted():
    server = ChatServer()
    yield server
    server.stop()


def proxy_on(daemon, upstream_url: str, **extra) -> str:
    """The proxy on a free port in front of the upstream; its base URL."""
    client = daemon.client()
    client.set_setting("proxy.upstream_url", upstream_url)
    for key, value in extra.items():
        client.set_setting(f"proxy.{key}", value)
    client.set_setting("proxy.port", 0)
    client.set_setting("proxy.enabled", True)
    wait_for(lambda: daemon.proxy.address, what="the proxy listening")
    return f"http://{daemon.proxy.address}"


def openai_client(daemon, base: str, key: str | None = None, **headers) -> openai.OpenAI:
    return openai.OpenAI(
        base_url=f"{base}/v1",
        api_key=key or daemon.tokens["assistant"],
        default_headers=headers or None,
        max_retries=0,
        timeout=120,
    )


def alice_lives_in_porto(daemon) -> None:
    daemon.client().remember("alice lives in Porto", speaker="alice")


def user_message(messages: list[dict]) -> str:
    content = messages[-1]["content"]
    return content if isinstance(content, str) else " ".join(p.get("text", "") for p in content)


# -- with the real upstream -------------------------------------------------------------------------------
@pytest.mark.llm
def test_openai_client_whole_and_streamed_gets_memory_and_the_turns_are_stored(daemon, tap):
    alice_lives_in_porto(daemon)
    base = proxy_on(daemon, tap.url)
    chat = openai_client(daemon, base, **{CONVERSATION: "kitchen"})
    asked = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "where do I live?"}]

    whole = chat.chat.completions.create(model="smollm2", messages=asked, user="alice", max_tokens=24)
    reply = whole.choices[0].message.content
    sent = tap.last_messages()
    assert sent[0] == {"role": "system", "content": SYSTEM}  # the system prompt as the client wrote it
    # the note "alice lives in Porto" is read as her fact (a sentence's first word is capitalised): "Alice lives ..."
    assert "[Turn context]" in user_message(sent) and "alice lives in porto" in user_message(sent).lower()
    assert user_message(sent).endswith("where do I live?")
    assert reply and said_in(daemon, "kitchen") == [("user", "where do I live?"), ("assistant", reply)]

    streamed = chat.chat.completions.create(
        model="smollm2",
        messages=[*asked, {"role": "assistant", "content": reply}, {"role": "user", "content": "and my job?"}],
        user="alice",
        max_tokens=24,
        stream=True,
    )
    pieces = [c.choices[0].delta.content or "" for c in streamed if c.choices]  # no usage chunk: not asked for
    said = "".join(pieces)
    assert tap.requests[-1]["body"]["stream"] is True
    assert "[Turn context]" in user_message(tap.last_messages())
    assert said and said_in(daemon, "kitchen")[-2:] == [("user", "and my job?"), ("assistant", said)]
    recent = daemon.status()["proxy"]["recent"]
    assert recent[0]["streamed"] and recent[0]["memory"] == "injected" and recent[0]["who"] == "alice (high)"


@pytest.mark.llm
def test_ollama_client_chat_and_generate_through_an_openai_upstream(daemon, tap):
    alice_lives_in_porto(daemon)
    base = proxy_on(daemon, tap.url)
    client = ollama.Client(
        host=base,
        headers={
            "Authorization": f"Bearer {daemon.tokens['assistant']}",
            "X-Hearth-Speaker": "alice",
            CONVERSATION: "hall",
        },
    )
    assert client.list().models[0].model  # /api/tags from the upstream's models
    answer = client.chat(
        model="smollm2",
        messages=[{"role": "user", "content": "where do I live?"}],
        options={"num_predict": 16},
        stream=False,
    )
    assert answer.done and answer.message.content and answer.prompt_eval_count > 0
    assert "alice lives in porto" in user_message(tap.last_messages()).lower()
    assert tap.requests[-1]["body"]["max_tokens"] == 16  # num_predict
    streamed = list(
        client.chat(
            model="smollm2",
            messages=[{"role": "user", "content": "tell me a joke"}],
            options={"num_predict": 16},
            stream=True,
        )
    )
    assert streamed[-1].done and "".join(p.message.content for p in streamed)
    generated = client.generate(model="smollm2", prompt="where do I live?", options={"num_predict": 12})
    assert generated.done and generated.response
    said = [text for role, text in said_in(daemon, "hall") if role == "user"]
    assert said == ["where do I live?", "tell me a joke", "where do I live?"]


@pytest.mark.llm
def test_the_working_window_stands_in_for_a_client_that_sends_no_history(daemon, tap):
    base = proxy_on(daemon, tap.url)
    chat = openai_client(daemon, base, **{CONVERSATION: "living-room"})
    first = chat.chat.completions.create(
        model="smollm2", messages=[{"role": "user", "content": "My name is Carol."}], user="carol", max_tokens=12
    )
    chat.chat.completions.create(
        model="smollm2", messages=[{"role": "user", "content": "what is my name?"}], user="carol", max_tokens=12
    )
    sent = tap.last_messages()
    assert [m["role"] for m in sent] == ["user", "assistant", "user"]
    assert sent[0]["content"] == "My name is Carol." and sent[1]["content"] == first.choices[0].message.content
    assert daemon.status()["proxy"]["recent"][0]["window_used"] is True


@pytest.mark.llm
def test_real_usage_above_the_high_water_folds_the_window(daemon, tap):
    base = proxy_on(daemon, tap.url, n_ctx=256, output_reserve=0)
    chat = openai_client(daemon, base, **{CONVERSATION: "study"})
    daemon.client().set_setting("memory.keep_last_turns", 1)
    words = "the garden needs watering and the hedge wants cutting before the weekend " * 4
    for i in range(3):
        chat.chat.completions.create(
            model="smollm2", messages=[{"role": "user", "content": f"{i}: {words}"}], user="dan", max_tokens=8
        )
    wait_for(lambda: daemon.client().window("study")["summary"], what="the window folded on real usage")
    assert tap.requests[-1]["body"]["messages"]  # the upstream's own prompt_tokens drove it (n_ctx 256)


# -- where the upstream must fail on demand -----------------------------------------------------------------
def test_an_upstream_error_reaches_the_client_and_the_users_turn_is_kept(daemon, scripted, monkeypatch, capsys):
    base = proxy_on(daemon, scripted.url, upstream_timeout_seconds=1.0)
    chat = openai_client(daemon, base, **{CONVERSATION: "porch"})
    scripted.behaviour = "error503"
    with pytest.raises(openai.APIStatusError) as failed:
        chat.chat.completions.create(model="m", messages=[{"role": "user", "content": "is it raining?"}], user="eve")
    assert failed.value.status_code == 503 and "loading model" in str(failed.value)
    scripted.behaviour, scripted.slow_seconds = "slow", 3.0
    with pytest.raises(openai.APIStatusError) as late:
        chat.chat.completions.create(model="m", messages=[{"role": "user", "content": "and tomorrow?"}], user="eve")
    assert late.value.status_code == 504 and "did not answer in time" in str(late.value)
    assert said_in(daemon, "porch") == [("user", "is it raining?"), ("user", "and tomorrow?")]
    scripted.refuse()
    with pytest.raises(openai.APIStatusError) as down:
        chat.chat.completions.create(model="m", messages=[{"role": "user", "content": "hello?"}], user="eve")
    assert down.value.status_code == 502 and "unreachable" in str(down.value)
    assert daemon.status()["proxy"]["counts"]["errors"] == 3
    code, out, _ = hearthctl_in_process(daemon, monkeypatch, capsys)("proxy", "status")
    assert code == 0 and f"memory proxy on {base}" in out and "errors 3" in out
    assert "openai 502 eve (high) [porch]" in out and "openai 503 eve (high) [porch]" in out


def test_past_the_context_deadline_the_request_goes_on_without_memory(daemon, scripted, monkeypatch):
    alice_lives_in_porto(daemon)
    base = proxy_on(daemon, scripted.url, context_deadline_ms=50)
    slow_context = daemon.ops.recall.context

    def slow(*args, **kwargs):
        time.sleep(1.0)
        return slow_context(*args, **kwargs)

    monkeypatch.setattr(daemon.ops.recall, "context", slow)
    raw = httpx.post(
        f"{base}/v1/chat/completions",
        headers={"Authorization": f"Bearer {daemon.tokens['assistant']}"},
        json={"model": "m", "messages": [{"role": "user", "content": "where do I live?"}], "user": "alice"},
        timeout=30,
    )
    assert raw.status_code == 200 and raw.headers["X-Hearth-Memory"].startswith("skipped: no memory within 50 ms")
    assert scripted.chat_requests()[-1]["body"]["messages"][-1]["content"] == "where do I live?"
    assert daemon.status()["proxy"]["counts"]["memory_skipped"] == 1


def test_a_context_overflow_folds_the_window_and_is_sent_once_more(daemon, scripted):
    base = proxy_on(daemon, scripted.url)
    chat = openai_client(daemon, base, **{CONVERSATION: "attic"})
    daemon.client().set_setting("memory.keep_last_turns", 1)
    for i in range(3):
        chat.chat.completions.create(model="m", messages=[{"role": "user", "content": f"box {i} goes up"}], user="fay")
    scripted.behaviour = "overflow_once"
    history = [{"role": "user", "content": "old words " * 50}, {"role": "assistant", "content": "ok"}]
    answer = chat.chat.completions.create(
        model="m", messages=[*history, {"role": "user", "content": "what went up?"}], user="fay"
    )
    assert answer.choices[0].message.content == "OK"
    first, again = scripted.chat_requests()[-2:]
    assert "old words" in json.dumps(first["body"]) and "old words" not in json.dumps(again["body"])
    assert daemon.client().window("attic")["summary"]  # folded before the second try
    assert "folded after an overflow" in daemon.status()["proxy"]["recent"][0]["memory"]


# -- who may ask ---------------------------------------------------------------------------------------------
def test_keyless_access_is_off_by_default_and_refused_clearly(daemon, scripted):
    base = proxy_on(daemon, scripted.url)
    for key in ("sk-anything", None):
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        refused = httpx.post(
            f"{base}/v1/chat/completions",
            headers=headers,
            json={"model": "m", "messages": [{"role": "user", "content": "hi"}]},
        )
        assert refused.status_code == 401 and "proxy.keyless_access" in refused.json()["error"]["message"]
    keyless = httpx.post(f"{base}/api/chat", json={"model": "m", "messages": [{"role": "user", "content": "hi"}]})
    assert keyless.status_code == 401 and "assistant token" in keyless.json()["error"]  # Ollama's error shape
    assert not scripted.chat_requests()


PEOPLE = ("alice", "bob", "carol")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    personal=st.lists(
        st.tuples(st.sampled_from(PEOPLE), st.sampled_from(["Porto", "Leeds", "Lagos", "Osaka"])),
        min_size=1,
        max_size=4,
    ),
    claimed=st.sampled_from([*PEOPLE, None]),
)
def test_a_keyless_request_never_gets_a_personal_fact(daemon, scripted, personal, claimed):
    if not daemon.proxy.address:
        proxy_on(daemon, scripted.url, keyless_access=True)
    admin = daemon.client()
    admin.remember("The bins go out on Thursday evening.")  # the household's: every voice may hear it
    for person, city in personal:
        admin.remember(f"{person} lives in {city}", speaker=person)
    body = {"model": "m", "messages": [{"role": "user", "content": "where do I live? when do the bins go out?"}]}
    if claimed:
        body["user"] = claimed
    answer = httpx.post(
        f"http://{daemon.proxy.address}/v1/chat/completions", json=body, headers={"X-Hearth-Speaker": claimed or ""}
    )
    assert answer.status_code == 200
    got = scripted.chat_requests()[-1]["body"]["messages"][-1]["content"]
    assert "lives in" not in got and "bins" in got.lower()


def test_the_proxy_follows_its_settings_and_reports_a_port_it_cannot_take(daemon, scripted):
    base = proxy_on(daemon, scripted.url)
    assert httpx.get(f"{base}/api/version").json()["version"]
    taken = int(base.rsplit(":", 1)[1])
    admin = daemon.client()
    admin.set_setting("proxy.enabled", False)
    wait_for(lambda: daemon.proxy.address is None, what="the proxy stopping")
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"{base}/api/version")
    import socket

    squatter = socket.socket()
    squatter.bind(("127.0.0.1", taken))
    squatter.listen()
    try:
        admin.set_setting("proxy.port", taken)
        admin.set_setting("proxy.enabled", True)
        wait_for(lambda: daemon.status()["proxy"]["error"], what="the port error in the status")
        assert f"127.0.0.1:{taken}" in daemon.status()["proxy"]["error"]
    finally:
        squatter.close()


# -- MCP over HTTP -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("transport", ["streamable-http", "sse"])
def test_mcp_over_http_lists_and_calls_the_tools_in_the_tokens_scope(daemon, scripted, transport):
    import anyio
    from mcp import ClientSession

    alice_lives_in_porto(daemon)
    daemon.client().set_setting("tools.enabled", True)
    base = proxy_on(daemon, scripted.url)
    headers = {"Authorization": f"Bearer {daemon.tokens['assistant']}", "X-Hearth-Speaker": "alice"}

    async def session_calls(headers):
        if transport == "sse":
            from mcp.client.sse import sse_client

            opened = sse_client(f"{base}/sse", headers=headers)
        else:
            import httpx2
            from mcp.client.streamable_http import streamable_http_client

            opened = streamable_http_client(f"{base}/mcp", http_client=httpx2.AsyncClient(headers=headers))
        async with opened as streams, ClientSession(streams[0], streams[1]) as session:
            await session.initialize()
            tools = {t.name for t in (await session.list_tools()).tools}
            found = await session.call_tool("recall_memory", {"query": "where does alice live?"})
            return tools, found

    tools, found = anyio.run(session_calls, headers)
    assert {"recall_memory", "remember", "expand_episode"} <= tools
    assert not found.is_error and "Porto" in found.content[0].text
    anonymous = {k: v for k, v in headers.items() if k != "X-Hearth-Speaker"}
    _, nothing = anyio.run(session_calls, anonymous)
    assert "Porto" not in nothing.content[0].text
    refused = httpx.post(f"{base}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
    assert refused.status_code == 401 and "assistant token" in refused.json()["error"]
    daemon.client().set_setting("proxy.keyless_access", True)  # Home Assistant's MCP integration sends no key
    keyless_tools, keyless = anyio.run(session_calls, {"X-Hearth-Speaker": "alice"})
    assert "recall_memory" in keyless_tools and "Porto" not in keyless.content[0].text


# -- the setup guides (docs/assistants.md), as far as this machine allows ----------------------------------------
GUIDE = Path(__file__).resolve().parents[2] / "docs" / "assistants.md"


def guide_section(title: str) -> str:
    text = GUIDE.read_text()
    return text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def test_the_python_loop_of_the_guide_runs_as_written(daemon, scripted, monkeypatch):
    alice_lives_in_porto(daemon)
    base = proxy_on(daemon, scripted.url)
    code = guide_section("5. A Python loop").split("```python", 1)[1].split("```", 1)[0]
    code = code.replace("127.0.0.1:11435", base.removeprefix("http://"))  # the guide's port is the default's
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")  # hearthctl
    namespace: dict = {"__name__": "guide"}
    exec(compile(code, str(GUIDE), "exec"), namespace)  # noqa: S102 - the guide's own code, as a reader runs it
    assert namespace["ask"]("where do I live?") == "OK"
    namespace["ask"]("and what about tomorrow?")
    sent = scripted.chat_requests()[-1]["body"]["messages"]
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "user"]  # the window stood in
    assert "alice lives in porto" in scripted.chat_requests()[-2]["body"]["messages"][-1]["content"].lower()
    assert said_in(daemon, "kitchen")[0] == ("user", "where do I live?")


def test_home_assistants_ollama_agent_keyless_hears_the_households_memory_only(daemon, scripted):
    """What the guide's Home Assistant set-up does: the `ollama` client, no key, keyless access on."""
    alice_lives_in_porto(daemon)
    daemon.client().remember("The bins go out on Thursday evening.")
    base = proxy_on(daemon, scripted.url, keyless_access=True)
    assert "11435" in guide_section("2. Home Assistant") and "/sse" in guide_section("2. Home Assistant")
    agent = ollama.Client(host=base)
    assert [m.model for m in agent.list().models] == ["scripted"]
    answer = agent.chat(
        model="scripted", messages=[{"role": "user", "content": "where do I live? bins?"}], stream=False
    )
    assert answer.message.content == "OK"
    got = scripted.chat_requests()[-1]["body"]["messages"][-1]["content"]
    assert "Thursday" in got and "Porto" not in got
    assert daemon.status()["proxy"]["recent"][0]["who"] == "anonymous (keyless)"


def test_a_persons_own_key_is_that_person_whatever_the_request_names(daemon, scripted, monkeypatch, capsys):
    alice_lives_in_porto(daemon)
    daemon.client().remember("bob lives in Leeds", speaker="bob")
    base = proxy_on(daemon, scripted.url)
    run = hearthctl_in_process(daemon, monkeypatch, capsys)
    code, out, _ = run("proxy", "key", "bob")
    key = out.splitlines()[0]
    assert code == 0 and key.startswith("hp-") and "not shown again" in out
    file = next((daemon.data_dir / "tokens" / "people").iterdir())
    assert stat.S_IMODE(file.stat().st_mode) == 0o600 and key not in json.dumps(list(daemon.events.recent))
    chat = openai_client(daemon, base, key=key)
    chat.chat.completions.create(model="m", messages=[{"role": "user", "content": "where do I live?"}], user="alice")
    got = scripted.chat_requests()[-1]["body"]["messages"][-1]["content"]
    assert "bob lives in leeds" in got.lower() and "Porto" not in got  # bob's key names bob, not the claimed alice
    assert daemon.status()["proxy"]["person_keys"] == ["bob"]
    code, out, _ = run("proxy", "key", "bob", "--revoke")
    assert code == 0 and "revoked" in out
    with pytest.raises(openai.AuthenticationError):
        chat.chat.completions.create(model="m", messages=[{"role": "user", "content": "hello"}])
    assert len(daemon.client().audit(action="proxy.person_key")) == 2  # issued, revoked: who and when


def test_a_persons_key_outlives_a_restart_and_any_id_makes_a_short_file_name(data_dir):
    from tests.helpers import make_daemon

    long_id = "x" * 200  # the API's longest id
    first = make_daemon(data_dir)
    try:
        keys = {p: first.ops.proxy.issue_person_key(p)["key"] for p in ("bob", long_id)}
    finally:
        first.stop()
    again = make_daemon(data_dir)
    try:
        assert {p: again.tokens.person_for(k) for p, k in keys.items()} == {p: p for p in keys}
        assert all(len(f.name) < 64 for f in (data_dir / "tokens" / "people").iterdir())
    finally:
        again.stop()
