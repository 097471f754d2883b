"""The generator providers and what a failing one does to formation and compaction, against a real HTTP
server on loopback that misbehaves on demand (chat_server.py): it refuses, hangs up, answers too late,
answers HTTP 503, answers garbage, or wraps its JSON in <think>. The same paths against a real model's server
are in test_generators_real.py.

What must hold: no turn is lost, nothing is half-written, a session the generator could not form stays
pending and is retried, at `generator.retry_passes` it is formed by rules, and the status and the event
stream say what happened."""

from __future__ import annotations

import json
import os
import stat
import time

import pytest

from hearthd.api.client import HearthError
from hearthd.formation.extraction import load_catalogue
from hearthd.generators.active import ActiveGenerator
from hearthd.generators.base import GeneratorError
from hearthd.generators.openai_compatible import OpenAICompatible
from hearthd.generators.steps import extract_with_generator
from tests.daemon.chat_server import SUMMARY, ChatServer
from tests.helpers import FULL, chat, form, say, wait_for

LINES = ["I live in Lisbon with my family.", "I work as a nurse at the big hospital downtown."]
RULES_FACTS = {"Lisbon", "nurse", "the big hospital downtown"}  # what the rule extractor reads in LINES


@pytest.fixture
def server():
    s = ChatServer()
    yield s
    s.stop()


@pytest.fixture(autouse=True)
def no_pause(monkeypatch):
    """After a failure the generator pauses before it is asked again; here the next pass may ask at once."""
    monkeypatch.setattr(ActiveGenerator, "BACKOFF_SECONDS", (0.0,))


@pytest.fixture(autouse=True)
def _headless(no_keyring):
    """Every test here runs without a keyring backend."""


def use(daemon, server, timeout=2.0, retry_passes=3):
    """The daemon on the scripted server; formation runs only in the explicit passes a test makes."""
    daemon.sweeper.stop()
    client = daemon.client()
    client.set_setting("generator.base_url", server.url)
    client.set_setting("generator.timeout_seconds", timeout)
    client.set_setting("generator.retry_passes", retry_passes)
    client.set_setting("generator.provider", "openai")


def sessions(daemon) -> list[dict]:
    with daemon.store.reading() as conn:
        rows = conn.execute(
            "SELECT id, formed_at, formation_attempts, formation_result FROM sessions ORDER BY id"
        ).fetchall()
    return [dict(r, result=json.loads(r["formation_result"]) if r["formation_result"] else None) for r in rows]


def events(daemon, kind: str) -> list[dict]:
    return [e["data"] for e in daemon.events.recent if e["type"] == kind]


def objects(client, speaker="alice") -> set[str]:
    return {f["object"] for f in client.facts(speaker=speaker)}


def turn_count(daemon) -> int:
    with daemon.store.reading() as conn:
        return conn.execute("SELECT count(*) FROM turns").fetchone()[0]


# -- the provider on its own ------------------------------------------------------------------------------------
def test_a_call_asks_for_schema_constrained_output_and_reports_tokens(server):
    gen = OpenAICompatible(server.url, "some-model", api_key="sk-abc", timeout=5)
    facts = extract_with_generator(gen, "Alice", LINES, load_catalogue())
    assert facts == [
        {
            "predicate": "works_at",
            "object": "big hospital",
            "text": "{subject} works at big hospital",
            "provenance": "USER-STATED",
            "about": None,
        }
    ]
    [request] = server.chat_requests()
    body = request["body"]
    assert request["headers"]["Authorization"] == "Bearer sk-abc"
    assert body["model"] == "some-model" and body["temperature"] == 0 and body["max_tokens"] <= 600
    fmt = body["response_format"]
    facts_schema = fmt["json_schema"]["schema"]["properties"]["facts"]
    assert fmt["type"] == "json_schema" and facts_schema["maxItems"] == 5
    assert facts_schema["items"]["properties"]["predicate"]["enum"][:3] == ["name", "lives_in", "works_as"]
    completion = gen.complete("hello")
    assert completion.text == "OK" and completion.prompt_tokens == 1 and completion.completion_tokens == 7
    assert "response_format" not in server.chat_requests()[-1]["body"]  # no schema, no constraint


def test_a_server_that_rejects_json_schema_gets_json_object_with_the_schema(server):
    server.behaviour = "reject_json_schema"
    gen = OpenAICompatible(server.url, "m", timeout=5)
    assert extract_with_generator(gen, "Alice", LINES, load_catalogue())[0]["object"] == "big hospital"
    extract_with_generator(gen, "Alice", LINES, load_catalogue())
    shapes = [r["body"]["response_format"]["type"] for r in server.chat_requests()]
    assert shapes == ["json_schema", "json_object", "json_object"]  # the working shape is remembered
    assert server.chat_requests()[-1]["body"]["response_format"]["schema"]["required"] == ["facts"]


def test_busy_answers_are_retried_with_backoff_and_no_model_means_the_first_listed(server):
    server.fail_first = 2
    gen = OpenAICompatible(server.url, "", timeout=10, backoff=0.05)
    assert gen.generate("hello") == "OK"
    assert len(server.chat_requests()) == 3 and gen.model == "scripted"


@pytest.mark.parametrize("behaviour", ["refuse", "hangup", "slow", "error503", "not_json"])
def test_every_failure_is_a_generator_error_within_the_timeout(server, behaviour):
    server.slow_seconds = 20
    if behaviour == "refuse":
        server.refuse()
    else:
        server.behaviour = behaviour
    gen = OpenAICompatible(server.url, "m", api_key="sk-secret-1", timeout=1.5, backoff=0.1)
    started = time.monotonic()
    with pytest.raises(GeneratorError) as caught:
        gen.generate("hello")
    assert time.monotonic() - started < 10  # bounded by the timeout, not by the server
    assert "sk-secret-1" not in str(caught.value)


def test_a_base_url_without_a_scheme_is_a_clear_error_not_a_crash(daemon, client):
    with pytest.raises(HearthError) as refused:  # refused when set, saying what a URL needs
        client.set_setting("generator.base_url", "localhost:11434/v1")
    assert refused.value.status == 400 and "http" in str(refused.value)
    assert client.setting("generator.base_url")["value"] != "localhost:11434/v1"  # nothing stored


# -- formation ----------------------------------------------------------------------------------------------
def test_formation_uses_the_generator_and_accounts_its_tokens(daemon, client, server):
    use(daemon, server)
    say(client, LINES, "2026-03-01T10:00:00Z")
    assert form(client)["tokens"]["completion"] == 14  # the pass's sum
    [s] = sessions(daemon)
    assert s["formed_at"] and s["result"]["degraded"] == []
    assert objects(client) == {"big hospital"}  # the scripted model's fact, not the rules' Lisbon and nurse
    with daemon.store.reading() as conn:
        episode = conn.execute("SELECT headline, summary FROM episodes").fetchone()
    assert episode["headline"] == "Moving house to Porto" and "new flat" in episode["summary"]
    tokens = s["result"]["tokens"]
    assert tokens["calls"] == 2 and tokens["prompt"] > 0 and tokens["completion"] == 14
    assert client.status()["formation"]["last_pass"]["tokens"]["completion"] == 14
    status = client.status()["generator"]
    assert status["provider"] == "openai" and status["answering"] is True
    assert status["model"] == "scripted"  # none set: the first the server lists
    assert status["tokens"]["last_formation"]["session"] == s["id"]
    assert status["tokens"]["last_formation"]["completion"] == 14
    assert status["tokens"]["total"]["completion"] >= 14


def test_the_generator_says_whom_a_fact_is_about(daemon, client, server):
    use(daemon, server)
    server.facts = [{"about": "Emma", "predicate": "allergy", "object": "peanuts", "provenance": "USER-STATED"}]
    say(client, ["My daughter Emma is allergic to peanuts."], "2026-03-01T10:00:00Z")
    form(client)
    (fact,) = client.facts(speaker="alice")
    assert (fact["subject"], fact["text"], fact["owner_id"]) == ("Emma", "Emma is allergic to peanuts", "alice")
    with daemon.store.reading() as conn:
        kind = conn.execute("SELECT kind FROM entities WHERE name = 'Emma'").fetchone()[0]
    assert kind == "person"


def test_think_wrapped_json_is_read(daemon, client, server):
    server.behaviour = "think"
    use(daemon, server)
    say(client, LINES, "2026-03-01T10:00:00Z")
    form(client)
    assert objects(client) == {"big hospital"} and sessions(daemon)[0]["result"]["degraded"] == []
    with daemon.store.reading() as conn:
        assert conn.execute("SELECT headline FROM episodes").fetchone()[0] == "Moving house to Porto"


@pytest.mark.parametrize("behaviour", ["refuse", "slow", "garbage", "not_json", "hangup"])
def test_a_failing_generator_leaves_the_session_pending_then_forms_it_by_rules(daemon, client, server, behaviour):
    server.slow_seconds = 5
    if behaviour == "refuse":
        server.refuse()
    else:
        server.behaviour = behaviour
    use(daemon, server, timeout=1.0, retry_passes=2)
    say(client, LINES, "2026-03-01T10:00:00Z")
    turns = turn_count(daemon)
    first = form(client)
    [s] = sessions(daemon)
    assert s["formed_at"] is None and s["formation_attempts"] == 1
    assert s["result"]["pending"] == "generator" and s["result"]["error"]
    assert first["waiting"] == [s["id"]] and first["degraded"]
    with daemon.store.reading() as conn:
        assert conn.execute("SELECT count(*) FROM facts").fetchone()[0] == 0  # nothing half-written
        assert conn.execute("SELECT count(*) FROM episodes").fetchone()[0] == 0
    status = client.status()
    assert status["generator"]["degraded"] == {"formation": 1} and status["generator"]["degraded_passes"] == 1
    assert status["formation"]["waiting_for_generator"] == 1 and status["formation"]["backlog"] == 1
    if behaviour not in ("garbage",):
        assert status["generator"]["answering"] is False and status["generator"]["last_error"]
    [event] = events(daemon, "generator.degraded")
    assert event["session"] == s["id"] and event["then"] == "retried on a later pass"

    form(client)  # the second pass is the last attempt: the rules form it
    [s] = sessions(daemon)
    assert s["formed_at"] and "formed by rules" in s["result"]["degraded"][0]
    assert objects(client) == RULES_FACTS
    with daemon.store.reading() as conn:
        assert conn.execute("SELECT count(*) FROM episodes").fetchone()[0] == 1
    assert turn_count(daemon) == turns
    assert events(daemon, "generator.degraded")[-1]["then"] == "formed by rules"
    assert client.status()["formation"]["waiting_for_generator"] == 0


def test_a_generator_that_comes_back_forms_the_pending_session_itself(daemon, client, server):
    server.refuse()
    use(daemon, server)
    say(client, LINES, "2026-03-01T10:00:00Z")
    form(client)
    assert sessions(daemon)[0]["formed_at"] is None
    server.listen_again()
    form(client)
    [s] = sessions(daemon)
    assert s["formed_at"] and s["result"]["degraded"] == [] and objects(client) == {"big hospital"}
    status = client.status()["generator"]
    assert status["answering"] is True and status["last_ok_at"] and "refused" in status["last_error"]  # history
    assert [e["provider"] for e in events(daemon, "generator.down")] == ["openai"]
    assert [e["provider"] for e in events(daemon, "generator.up")] == ["openai"]


def test_the_first_failure_degrades_the_rest_of_the_pass(daemon, client, server):
    server.behaviour = "garbage"
    use(daemon, server, retry_passes=2)
    say(client, LINES, "2026-03-01T10:00:00Z", thread="kitchen")
    say(
        client,
        ["I have a dog called Rex.", "Every Friday we order pizza for the whole family."],
        "2026-03-02T10:00:00Z",
        thread="hall",
    )
    asked = len(server.chat_requests())
    result = form(client)
    pending = sessions(daemon)
    assert [s["formation_attempts"] for s in pending] == [1, 1] and not any(s["formed_at"] for s in pending)
    assert len(result["waiting"]) == 2
    first_session_calls = len(server.chat_requests()) - asked
    assert first_session_calls <= 2  # extraction and episode of the first session; none for the second

    form(client)  # the last attempt: the first session fails again, the second is not even asked
    formed = sessions(daemon)
    assert all(
        s["formed_at"] and s["result"]["degraded"][0] == "generator failed on 2 passes: formed by rules" for s in formed
    )
    assert [e["then"] for e in events(daemon, "generator.degraded")] == ["retried on a later pass"] * 2 + [
        "formed by rules"
    ] * 2
    assert RULES_FACTS | {"Rex"} <= objects(client)


def test_in_the_pause_after_a_failure_sessions_wait_without_using_up_attempts(daemon, client, server, monkeypatch):
    monkeypatch.setattr(ActiveGenerator, "BACKOFF_SECONDS", (3600.0,))
    server.refuse()
    use(daemon, server)
    say(client, LINES, "2026-03-01T10:00:00Z")
    form(client)
    again = form(client)
    [s] = sessions(daemon)
    assert s["formation_attempts"] == 1 and s["formed_at"] is None and again["degraded"] is None
    assert client.status()["generator"]["retry_in_seconds"] > 3000
    server.listen_again()
    assert client.test_generator()["ok"] is True  # a test that answers ends the pause
    form(client)
    assert sessions(daemon)[0]["formed_at"] and objects(client) == {"big hospital"}


def test_without_a_generator_nothing_waits(daemon, client):
    say(client, LINES, "2026-03-01T10:00:00Z")
    form(client)
    assert sessions(daemon)[0]["formed_at"] and objects(client) == RULES_FACTS
    g = client.status()["generator"]
    assert g["provider"] == "none" and g["available"] is False and g["degraded"] == {}


# -- compaction ---------------------------------------------------------------------------------------------
def test_compaction_uses_the_generator_and_a_failure_folds_extractively(daemon, client, server):
    use(daemon, server)
    client.set_setting("memory.keep_last_turns", 2)
    chat(client, 8)
    client.commit_turns([{"thread": "kitchen", "role": "assistant", "text": "Anything else?"}], usage=FULL)
    wait_for(lambda: client.window("kitchen")["summary"], what="compaction")
    assert client.window("kitchen")["summary"] == SUMMARY
    assert client.status()["generator"]["tokens"]["last_compaction"]["completion"] == 7

    server.refuse()
    chat(client, 6, thread="den", word="garden")
    folded = client.compact("den")
    assert folded["folded"] > 0 and folded["summary"] != SUMMARY and "garden" in folded["summary"]
    g = client.status()["generator"]
    assert g["degraded"]["compaction"] == 1
    assert events(daemon, "generator.degraded")[-1]["then"] == "extractive summary"
    assert len(client.window("den")["turns"]) + folded["folded"] == 12  # nothing dropped


# -- settings, test connection and the API key --------------------------------------------------------------
def test_changing_the_provider_settings_rebuilds_the_generator_live(daemon, client, server):
    before = daemon.former.generator.provider
    use(daemon, server)
    assert daemon.former.generator.provider is not before  # the former and summariser see the new one
    assert daemon.windows.summarise.generator is daemon.former.generator
    ok = client.test_generator()
    assert ok["ok"] is True and ok["reply"] == "OK" and ok["provider"] == "openai"
    assert client.status()["generator"]["answering"] is True
    server.refuse()
    client.set_setting("generator.base_url", server.url.replace("/v1", "/v2"))  # a change resets the health
    assert client.status()["generator"]["answering"] is None
    failed = client.test_generator()
    assert failed["ok"] is False and "cannot reach" in failed["error"]
    assert client.status()["generator"]["answering"] is False
    assert events(daemon, "generator.changed")[-1]["provider"] == "openai"
    assert events(daemon, "generator.tested")[-1]["ok"] is False
    client.set_setting("generator.provider", "none")
    assert client.test_generator()["ok"] is False and client.status()["generator"]["available"] is False


def test_without_a_keyring_the_api_key_goes_to_an_owner_only_file_and_nowhere_else(data_dir, daemon, client, server):
    use(daemon, server)
    stored = client.set_generator_key("sk-test-key-7f3a")
    assert stored == {"set": True, "source": "file", "warning": stored["warning"]}
    assert "no OS keyring" in stored["warning"] and "owner-only file" in stored["warning"]
    path = data_dir / "secrets" / "generator-api-key"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600 and path.read_text().strip() == "sk-test-key-7f3a"
    assert client.test_generator()["ok"] is True
    assert server.chat_requests()[-1]["headers"]["Authorization"] == "Bearer sk-test-key-7f3a"
    status = client.status()
    assert status["generator"]["api_key"]["source"] == "file" and status["generator"]["api_key"]["set"] is True
    for where in (json.dumps(status), json.dumps(client.audit()), json.dumps(list(daemon.events.recent))):
        assert "sk-test-key-7f3a" not in where
    daemon.store.writer.write(lambda tx: None)
    for f in data_dir.iterdir():
        if f.name.startswith("core.db"):
            assert b"sk-test-key-7f3a" not in f.read_bytes()
    assert client.audit(action="generator.key")[0]["target"] == "generator.api_key"

    client.clear_generator_key()
    assert not path.exists() and client.status()["generator"]["api_key"]["set"] is False
    client.test_generator()
    assert "Authorization" not in server.chat_requests()[-1]["headers"]


@pytest.mark.parametrize("bad", ["two words", "line\nbreak", "x" * 5000])
def test_a_malformed_api_key_is_refused_and_changes_nothing(data_dir, daemon, client, bad):
    with pytest.raises(Exception, match="one line|4096|at most"):
        client.set_generator_key(bad)
    assert not (data_dir / "secrets" / "generator-api-key").exists()


@pytest.mark.subprocess
def test_hearthd_starts_without_a_keyring_and_hearthctl_sets_and_tests_the_key(tmp_path, server):
    from tests.helpers import Hearthd, ctl

    data = tmp_path / "data"
    data.mkdir()
    proc = Hearthd(data, env={"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"})
    try:
        assert ctl(data, "settings", "set", "generator.base_url", server.url).returncode == 0
        assert ctl(data, "settings", "set", "generator.provider", "openai").returncode == 0
        stored = ctl(data, "generator", "set-key", input="sk-no-keyring-42\n")
        assert stored.returncode == 0, stored.stderr
        assert "owner-only file" in stored.stdout and "no OS keyring" in stored.stdout
        tested = ctl(data, "generator", "test")
        assert tested.returncode == 0 and "answered 'OK'" in tested.stdout
        assert server.chat_requests()[-1]["headers"]["Authorization"] == "Bearer sk-no-keyring-42"
        status = json.loads(ctl(data, "generator", "status", "--json").stdout)
        assert status["api_key"]["source"] == "file" and status["answering"] is True
        server.refuse()
        failed = ctl(data, "generator", "test")
        assert failed.returncode == 2 and "cannot reach" in failed.stdout
        assert "not answering" in ctl(data, "status").stdout
    finally:
        assert proc.stop() == 0
    assert "sk-no-keyring-42" not in (tmp_path / "hearthd.log").read_text()


def test_extraction_keeps_catalogue_predicates_and_objects_that_were_said(server):
    server.facts = [
        {"predicate": "works_at", "object": "big hospital", "provenance": "USER-STATED"},
        {"predicate": "works_at", "object": "Big hospital.", "provenance": "USER-STATED"},  # a repeat
        {"predicate": "lives_in", "object": "Porto", "provenance": "USER-STATED"},  # never said
        {"predicate": "hobby", "object": "Lisbon", "provenance": "USER-STATED"},  # not a predicate
        {"predicate": "lives_in", "object": "Lisbon", "provenance": "INFERRED"},
        "garbage",
        {"predicate": "likes"},
    ]
    gen = OpenAICompatible(server.url, "m", timeout=5)
    facts = extract_with_generator(gen, "Alice", LINES, load_catalogue())
    assert [(f["predicate"], f["object"], f["provenance"]) for f in facts] == [
        ("works_at", "big hospital", "USER-STATED"),
        ("lives_in", "Lisbon", "INFERRED"),
    ]
    assert facts[1]["text"] == "{subject} lives in Lisbon"
