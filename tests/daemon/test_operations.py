"""Every operation is declared once (hearthd.ops) and the surfaces are checked against the declarations.

For each operation: exactly one API route (whose roles are the operation's), a method of the Python client of
the same name that calls that route, a hearthctl command (or a declared reason for none), and, when it
changes memory, its declared event published once its write committed. A tool schema without a handler fails
too. Removing any one of these makes a test here fail.
"""

from __future__ import annotations

import base64
import io
import json
import time

import numpy as np
import pytest
from starlette.routing import Match

from hearthd.api.app import create_app
from hearthd.api.client import HearthClient
from hearthd.api.routes import ROUTERS
from hearthd.cli import COMMANDS, build_parser
from hearthd.ops import REGISTRY
from hearthd.tools import dispatch, schemas
from tests.helpers import settle

VOICE_DIM = 256


class FakeVoice:
    """The voice encoder at its boundary: a deterministic voiceprint per sample (the real encoder is tested in
    test_speakers.py and test_speakers_api.py)."""

    model_id = "test-voice"

    def embed_wav(self, data: bytes):
        rng = np.random.default_rng(len(data))
        v = rng.normal(size=VOICE_DIM).astype(np.float32)
        return v / np.linalg.norm(v), 3.0

    def loaded(self) -> bool:
        return True


def _routes():
    """The API's routes as its routers declare them."""
    return [r for router in ROUTERS for r in router.routes]


def test_every_operation_has_exactly_one_route_with_its_roles():
    by_name: dict[str, list] = {}
    for r in _routes():
        by_name.setdefault(r.name, []).append(r)
    assert sorted(set(REGISTRY) - set(by_name)) == [], "operations without a route"
    assert {n: len(rs) for n, rs in by_name.items() if len(rs) != 1} == {}, "operations with several routes"
    for name, (route,) in by_name.items():
        assert route.dependencies[0].dependency.roles == REGISTRY[name].roles, name


def test_every_route_of_the_api_is_an_operation():
    app = create_app(None)
    outside = [r.name for r in app.routes if getattr(r, "methods", None)]
    assert outside == ["openapi"]  # the schema of the API itself; every other route comes from a router
    assert sorted({r.name for r in _routes()} - set(REGISTRY)) == []
    assert len(app.routes) == 1 + len(ROUTERS)


def test_every_operation_has_a_client_method():
    assert sorted(n for n in REGISTRY if not callable(getattr(HearthClient, n, None))) == []


def test_every_operation_has_a_command_or_says_why_not():
    commanded = {op for cmd in COMMANDS.values() for op in cmd.ops}
    assert sorted(commanded - set(REGISTRY)) == [], "commands calling undeclared operations"
    missing = sorted(n for n, op in REGISTRY.items() if op.no_cli is None and n not in commanded)
    assert missing == [], "operations without a hearthctl command"
    build_parser()  # every declared command builds


def test_every_mutating_operation_declares_its_event():
    for op in REGISTRY.values():
        assert op.summary, f"{op.name} has no summary (its route's)"
    mutating = {
        "commit_turns",
        "compact",
        "clear_context",
        "remember",
        "dismiss",
        "restore",
        "pin",
        "edit_fact",
        "promote",
        "resolve_review",
        "erase",
        "import_file",
        "import_from",
        "issue_person_key",
        "revoke_person_key",
        "pause",
        "resume",
        "enroll",
        "rename_speaker",
        "remove_voice",
        "set_setting",
        "test_generator",
        "set_generator_key",
        "clear_generator_key",
        "form_now",
        "add_rule",
        "recompute_importance",
    }
    assert sorted(n for n in mutating if not REGISTRY[n].mutates) == []


def test_every_tool_schema_has_a_handler_and_no_handler_lacks_a_schema():
    dispatch.check_handlers()
    assert set(dispatch.HANDLERS) == set(schemas.BY_NAME)
    without = dict(dispatch.HANDLERS)
    without.pop("clear_context")
    with pytest.raises(RuntimeError, match="without a handler"):
        dispatch.check_handlers(without)


# -- each operation called through the client: the route it hits, the event it publishes ----------------
WAV = b"RIFF" + bytes(64)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _entities(daemon) -> dict:
    """Two people the household mentions (one misspelt), each with a fact: to show, rename, merge and split."""

    def write(tx):
        ids, now = {}, time.time()
        for key, name in (("sara", "Sara"), ("sarah", "Sarah")):
            ids[key] = tx.execute(
                "INSERT INTO entities(kind, name, created_at) VALUES ('person', ?, ?)", (name, now)
            ).lastrowid
            tx.execute("INSERT INTO entity_aliases(entity_id, alias, norm) VALUES (?, ?, ?)", (ids[key], name, key))
            ids[f"{key}_fact"] = tx.execute(
                "INSERT INTO facts(subject, predicate, object, text, valid_from, recorded_at, subject_entity) "
                "VALUES (?, 'likes', 'jazz', ?, ?, ?, ?)",
                (name, f"{name} likes jazz", now, now, ids[key]),
            ).lastrowid
        return ids

    ids = daemon.store.writer.write(write)
    daemon.backfill.nudge()  # their facts are embedded before the examples run (settle)
    return ids


@pytest.fixture
def household(daemon, tmp_path):
    """A daemon with something of everything: turns, facts, an episode, a review item, a person with a voice."""
    daemon.ops.speakers._voice = FakeVoice()
    client = daemon.client()
    client.set_setting("tools.enabled", True)
    t0 = time.time() - 7200
    client.commit_turns(
        [
            {
                "thread": "den",
                "role": "user",
                "speaker": "alice",
                "ts": t0,
                "text": "We are planning the garden party for Saturday with a big tent and music.",
            },
            {
                "thread": "den",
                "role": "user",
                "speaker": "alice",
                "ts": t0 + 60,
                "text": "Invite the neighbours to the garden party too, they love the music.",
            },
        ]
    )
    client.form_now(end_open=True)
    facts = [
        client.remember("I live in Porto", speaker="alice")["fact"],
        client.remember("The bins go out on Thursday", speaker="alice")["fact"],
    ]
    item = daemon.store.writer.write(
        lambda tx: (
            tx.execute(
                "INSERT INTO review_queue(kind, fact_ids, detail, created_at) VALUES ('contradiction', ?, 'test', ?)",
                (json.dumps([f["id"] for f in facts]), time.time()),
            ).lastrowid
        )
    )
    client.set_setting("memory.keep_last_turns", 1)
    for i in range(4):  # the window is live from the first turn on, so it holds all four
        client.commit_turns([{"thread": "kitchen", "role": "user", "speaker": "bob", "text": f"Line {i} of the talk."}])
        client.window("kitchen")
    client.enroll("Carol", [WAV + b"a", WAV + b"bb"])
    entities = _entities(daemon)
    settle(daemon)
    episode = client.recall("garden party")["episodes"][0]
    receipt = client.erase("match", "nothing-matches-this-token", dry_run=True)
    export = tmp_path / "export.jsonl"
    daemon.tokens.issue_person_key("erin")  # for revoke_person_key
    transcript = tmp_path / "transcript.json"
    transcript.write_text(json.dumps([{"role": "user", "content": "I live in Bath."}]))
    return {
        "transcript": transcript,
        "client": client,
        "facts": facts,
        "review": item,
        "episode": episode,
        "export": export,
        "receipt": receipt,
        "erase_fact": facts[1],
        "entities": entities,
    }


# One call per operation, through the client. A new operation without an example fails the test below.
EXAMPLES = {
    "version": lambda c, h: c.version(),
    "health": lambda c, h: c.health(),
    "status": lambda c, h: c.status(),
    "commit_turns": lambda c, h: c.commit_turns([{"thread": "hall", "role": "user", "text": "Hello there"}]),
    "report_usage": lambda c, h: c.report_usage("kitchen", {"prompt_tokens": 10, "n_ctx": 100}),
    "window": lambda c, h: c.window("kitchen"),
    "compact": lambda c, h: c.compact("kitchen"),
    "clear_context": lambda c, h: c.clear_context("bob"),
    "context": lambda c, h: c.context("where do I live?", speaker="alice"),
    "recall": lambda c, h: c.recall("Porto"),
    "facts": lambda c, h: c.facts("alice"),
    "memory_page": lambda c, h: c.memory_page("facts"),
    "episode": lambda c, h: c.episode(h["episode"]["id"]),
    "fact_history": lambda c, h: c.fact_history(h["facts"][0]["id"]),
    "fact_sources": lambda c, h: c.fact_sources(h["facts"][0]["id"]),
    "growth": lambda c, h: c.growth(30),
    "formation": lambda c, h: c.formation(),
    "form_now": lambda c, h: c.form_now(),
    "remember": lambda c, h: c.remember("I work as a nurse", speaker="alice"),
    "dismiss": lambda c, h: c.dismiss(h["facts"][0]["ref"]),
    "restore": lambda c, h: c.restore(h["facts"][0]["ref"]),
    "dismissed": lambda c, h: c.dismissed(),
    "pin": lambda c, h: c.pin(h["facts"][0]["id"]),
    "edit_fact": lambda c, h: c.edit_fact(h["facts"][0]["id"], "Alice lives in Porto, Portugal"),
    "promote": lambda c, h: c.promote(h["facts"][0]["id"]),
    "review": lambda c, h: c.review(),
    "resolve_review": lambda c, h: c.resolve_review(h["review"], "keep_both"),
    "audit": lambda c, h: c.audit(),
    "erase": lambda c, h: c.erase("ref", h["erase_fact"]["ref"]),
    "receipts": lambda c, h: c.receipts(),
    "verify_receipt": lambda c, h: c.verify_receipt({"payload": {}, "signature": "x"}),
    "export": lambda c, h: c.export(io.BytesIO()),
    "import_file": lambda c, h: c.import_file(str(h["export"])),
    "pause": lambda c, h: c.pause(minutes=5),
    "resume": lambda c, h: c.resume(),
    "issue_person_key": lambda c, h: c.issue_person_key("dana"),
    "revoke_person_key": lambda c, h: c.revoke_person_key("erin"),
    "import_from": lambda c, h: c.import_from("transcripts", str(h["transcript"]), {"user": "dana"}, dry_run=False),
    "speakers": lambda c, h: c.speakers(),
    "enroll": lambda c, h: c.enroll(None, [WAV + b"ccc", WAV + b"dddd"], speaker_id="carol"),
    "rename_speaker": lambda c, h: c.rename_speaker("carol", "Caroline"),
    "remove_voice": lambda c, h: c.remove_voice("carol"),
    "identify": lambda c, h: c.identify(voiceprint=[1.0] + [0.0] * (VOICE_DIM - 1)),
    "settings": lambda c, h: c.settings(),
    "setting": lambda c, h: c.setting("memory.recall_top_k"),
    "set_setting": lambda c, h: c.set_setting("memory.recall_top_k", 7),
    "generator": lambda c, h: c.generator(),
    "test_generator": lambda c, h: c.test_generator(),
    "set_generator_key": lambda c, h: c.set_generator_key("sk-test-1234"),
    "clear_generator_key": lambda c, h: c.clear_generator_key(),
    "tools": lambda c, h: c.tools(),
    "call_tool": lambda c, h: c.call_tool("recall_memory", {"query": "Porto"}, speaker="alice"),
    "rules": lambda c, h: c.rules("alice"),
    "add_rule": lambda c, h: c.add_rule("Always give temperatures in Celsius", speaker="alice"),
    "entities": lambda c, h: c.entities(),
    "entity": lambda c, h: c.entity(h["entities"]["sara"]),
    "rename_entity": lambda c, h: c.rename_entity(h["entities"]["sara"], "Sara Lopes"),
    "alias_entity": lambda c, h: c.alias_entity(h["entities"]["sara"], "Sal"),
    "merge_entities": lambda c, h: c.merge_entities(h["entities"]["sarah"], h["entities"]["sara"]),
    "split_entity": lambda c, h: c.split_entity(h["entities"]["sara"], [h["entities"]["sara_fact"]], "Sara B"),
    "importance": lambda c, h: c.importance(h["facts"][0]["id"]),
    "recompute_importance": lambda c, h: c.recompute_importance(h["facts"][0]["id"]),
    "events": lambda c, h: next(c.events()),  # a stream that never ends: the test stops it at its request
}


# Operations that write only bookkeeping nobody watches for: no event.
WRITES_WITHOUT_EVENT = {"context": "the injected facts' use_count"}


class StreamOpened(Exception):
    pass


def test_every_operation_has_an_example():
    assert sorted(set(REGISTRY) ^ set(EXAMPLES)) == []


def _route_of(method: str, path: str) -> str | None:
    scope = {"type": "http", "method": method, "path": path}
    for route in _routes():
        match, _ = route.matches(scope)
        if match == Match.FULL:
            return route.name
    return None


@pytest.mark.usefixtures("no_keyring")
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_operation_through_the_client_hits_its_route_and_publishes_its_event(name, daemon, household, monkeypatch):
    op, client = REGISTRY[name], household["client"]
    if name == "import_file":  # import needs an empty memory: a fresh daemon's client imports the export
        pytest.skip("covered by test_import_publishes_its_event")
    requested: list[tuple[str, str]] = []

    def recording(real):
        def call(method, url, **kwargs):
            requested.append((method, str(url).split("?")[0]))
            if str(url).endswith("/v1/events"):  # in-process, an endless response would never return
                raise StreamOpened
            return real(method, url, **kwargs)

        return call

    for attribute in ("request", "stream"):  # the client's plain calls and its streams
        monkeypatch.setattr(client._http, attribute, recording(getattr(client._http, attribute)))
    seen = daemon.events.recent[-1]["id"] if daemon.events.recent else 0
    rows_before = daemon.store.writer.rows_changed
    try:
        EXAMPLES[name](client, household)
    except StreamOpened:
        assert name == "events"
    assert requested, f"{name}: the client made no request"
    assert {_route_of(m, p) for m, p in requested} == {name}, f"{name}: the client called {requested}"
    settle(daemon)
    if daemon.store.writer.rows_changed > rows_before and name not in WRITES_WITHOUT_EVENT:
        assert op.mutates, f"{name} changed memory but declares no event"
    if op.mutates:
        published = [e["type"] for e in daemon.events.recent if e["id"] > seen]
        assert op.event in published, f"{name} published {published}, not {op.event}"


def test_import_publishes_its_event(daemon, household, tmp_path, data_dir):
    from tests.helpers import make_daemon

    with open(household["export"], "wb") as handle:
        household["client"].export(handle)
    fresh = make_daemon(tmp_path / "fresh")
    try:
        settle(fresh)
        fresh.client().import_file(str(household["export"]))
        assert "memory.imported" in [e["type"] for e in fresh.events.recent]
        # A voiceprint (a BLOB) travels in the export too: the person is still recognised by voice.
        assert {s["id"]: s["enrolled"] for s in fresh.client().speakers()}["carol"] is True
    finally:
        fresh.stop()


def test_the_desktop_refreshes_on_every_operations_event():
    from hearth.events import AREA_OF

    assert sorted(op.event for op in REGISTRY.values() if op.event and op.event not in AREA_OF) == []
