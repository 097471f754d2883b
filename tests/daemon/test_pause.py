"""Pause that pauses: while memory is paused nothing new is stored, formed or injected; injection alone can be
paused; a timed pause resumes by itself; the API, hearthctl and the memory proxy all honour it."""

from __future__ import annotations

import time

import pytest

from hearthd.api.client import HearthError
from tests.helpers import hearthctl_in_process, turn_count


def test_a_paused_memory_stores_forms_and_injects_nothing(daemon):
    client = daemon.client()
    client.remember("I am allergic to peanuts", speaker="alice", pin=True)
    state = client.pause()
    assert state["state"] == "paused: not remembering" and client.status()["memory"]["enabled"] is False
    seen = daemon.events.recent[-1]["id"]
    answer = client.commit_turns(
        [{"thread": "kitchen", "role": "user", "text": "I work at the bakery now.", "speaker": "alice"}]
    )
    assert answer == {"committed": 0, "turns": [], "paused": True} and turn_count(daemon) == 0
    assert not [e for e in daemon.events.recent if e["id"] > seen and e["type"] == "turns.committed"]
    assert client.context("what should I cook?", speaker="alice")["preamble"] == ""
    with pytest.raises(HearthError, match="text must not be empty"):  # bad input is still refused
        client.commit_turns([{"thread": "kitchen", "role": "user", "text": " "}])
    with pytest.raises(HearthError, match="memory is paused"):  # "remember that ..." is refused, saying why
        client.remember("I work at the bakery", speaker="alice")
    client.resume()
    client.commit_turns(
        [{"thread": "kitchen", "role": "user", "text": "I work at the bakery now.", "speaker": "alice"}]
    )
    assert turn_count(daemon) == 1 and "peanuts" in client.context("what should I cook?", speaker="alice")["preamble"]


def test_pausing_injection_only_keeps_remembering(daemon):
    client = daemon.client()
    client.remember("I am allergic to peanuts", speaker="alice", pin=True)
    assert client.pause(injection_only=True)["state"] == "remembering, not injecting"
    client.commit_turns(
        [{"thread": "hall", "role": "user", "text": "The boiler is making a noise.", "speaker": "alice"}]
    )
    assert turn_count(daemon) == 1 and client.context("what should I cook?", speaker="alice")["preamble"] == ""
    assert client.resume()["state"] == "remembering"


def test_a_timed_pause_resumes_by_itself(daemon, monkeypatch, capsys):
    run = hearthctl_in_process(daemon, monkeypatch, capsys)
    code, out, _ = run("pause", "--for", "1h")
    assert code == 0 and "paused: not remembering (resumes by itself at" in out
    until = daemon.settings["memory.paused_until"]
    assert daemon.ops.settings.resume_if_due() is False  # not yet
    assert daemon.ops.settings.resume_if_due(now=time.time() + 3601) is True
    assert daemon.settings["memory.enabled"] is True and daemon.settings["memory.paused_until"] == ""
    assert [e["actor"] for e in daemon.client().audit(action="settings.set")][:1] == ["timer"]
    assert until
    code, _, err = run("pause", "--for", "a while")
    assert code != 0 and "30m, 1h or 2d" in err and daemon.settings["memory.enabled"] is True
    code, out, _ = run("pause")
    assert code == 0 and daemon.settings["memory.enabled"] is False
    code, out, _ = run("resume")
    assert code == 0 and out.strip() == "memory: remembering"
    with pytest.raises(HearthError, match="less than or equal to 43200"):
        daemon.client().pause(minutes=10**9)


def test_the_memory_proxy_answers_while_paused_and_stores_nothing(daemon):
    import httpx

    from tests.daemon.chat_server import ChatServer
    from tests.daemon.test_proxy import proxy_on

    upstream = ChatServer()
    try:
        base = proxy_on(daemon, upstream.url)
        daemon.client().pause()
        answer = httpx.post(
            f"{base}/v1/chat/completions",
            headers={"Authorization": f"Bearer {daemon.tokens['assistant']}"},
            json={"model": "m", "messages": [{"role": "user", "content": "I live in Porto."}], "user": "alice"},
        )
        assert answer.status_code == 200 and answer.headers["X-Hearth-Memory"] == "off"
        assert turn_count(daemon) == 0
    finally:
        upstream.stop()
