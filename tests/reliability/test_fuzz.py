"""Fuzz (spec 14): schemathesis generates requests from the daemon's own OpenAPI schema, for every endpoint,
with the admin token; no answer may be a 5xx, and a rejected (4xx) request changes no row. Then the named kinds
of bad input one by one: malformed JSON, wrong types, a body over the 8 MiB limit, unknown refs, bad dates and
non-UTF-8 each get a 4xx with a message and change nothing."""

from __future__ import annotations

import json

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from hearthd.api.app import create_app
from hearthd.api.models import MAX_BODY_BYTES
from tests.helpers import make_daemon, settle

from .common import STRESS, quick_or_stress, row_counts

pytestmark = pytest.mark.timeout(quick_or_stress(120, 1800))

MAX_EXAMPLES = quick_or_stress(12, 300)

# The schema the daemon serves at /openapi.json (the routes do not touch the daemon to describe themselves);
# test_the_served_schema_needs_a_token_and_is_the_one_fuzzed checks it is the same one.
SPEC = create_app(None).openapi()
schema = schemathesis.openapi.from_dict(SPEC).exclude(path="/v1/events")  # an endless event stream


@pytest.fixture(scope="module")
def fuzz_daemon(tmp_path_factory):
    d = make_daemon(tmp_path_factory.mktemp("fuzz") / "data")
    settle(d)
    c = d.client()
    c.commit_turns(
        [
            {
                "thread": "kitchen",
                "role": "user",
                "speaker": "alice",
                "text": "I live in Lisbon",
                "ts": "2026-01-01T10:00:00Z",
            },
            {"thread": "kitchen", "role": "assistant", "text": "Noted.", "ts": "2026-01-01T10:00:05Z"},
        ]
    )
    c.remember("I work as a nurse", speaker="alice")
    c.form_now(end_open=True)
    # No background passes while fuzzing: every row change is then the doing of a request.
    d.scheduler.pause()
    yield d
    d.stop()


@pytest.fixture(scope="module")
def fuzz_app(fuzz_daemon):
    return create_app(fuzz_daemon)


def _auth(d) -> dict:
    return {"Authorization": f"Bearer {d.tokens['admin']}"}


FUZZ_SETTINGS = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    database=None,
    derandomize=not STRESS,
    suppress_health_check=list(HealthCheck),
)


def _fuzz_one(case, fuzz_daemon, fuzz_app):
    with fuzz_daemon.store.reading() as db:
        before = row_counts(db)
    response = case.call(app=fuzz_app, headers=_auth(fuzz_daemon))
    case.validate_response(response, checks=[not_a_server_error])
    if 400 <= response.status_code < 500:
        body = response.json()
        assert body["error"]["message"], body
        with fuzz_daemon.store.reading() as db:
            assert row_counts(db) == before, f"rejected {case.method} {case.formatted_path} changed rows"


@schema.parametrize()
@FUZZ_SETTINGS
def test_schema_fuzz_no_server_error_and_rejections_change_nothing(case, fuzz_daemon, fuzz_app):
    _fuzz_one(case, fuzz_daemon, fuzz_app)


def test_the_served_schema_needs_a_token_and_is_the_one_fuzzed(fuzz_daemon):
    c = fuzz_daemon.client()
    assert c._http.get("/openapi.json").status_code == 401
    assert c._http.get("/openapi.json", headers={"Authorization": "Bearer wrong"}).status_code == 401
    served = c.request("GET", "/openapi.json")
    assert served == json.loads(json.dumps(SPEC))
    assert len(served["paths"]) >= 25


# -- the named kinds of bad input, one by one -------------------------------------------------------------

JSON = {"Content-Type": "application/json"}
BAD = [
    # malformed JSON
    ("POST", "/v1/turns", b'{"turns": [{"thread": "k", "role": "user", "text": "hi"}', JSON),
    ("POST", "/v1/recall", b"{query: 'x'}", JSON),
    ("PUT", "/v1/settings/memory.recall_top_k", b"", JSON),
    ("POST", "/v1/turns", b"null", JSON),
    # wrong types
    ("POST", "/v1/turns", {"turns": "I live in Lisbon"}, None),
    ("POST", "/v1/turns", {"turns": [{"thread": 12, "role": "user", "text": "hi"}]}, None),
    ("POST", "/v1/turns", {"turns": [{"thread": "k", "role": "boss", "text": "hi"}]}, None),
    ("POST", "/v1/turns", {"turns": [{"thread": "k", "role": "user", "text": ["hi"]}]}, None),
    ("POST", "/v1/recall", {"query": "x", "k": "ten"}, None),
    ("POST", "/v1/facts", {"text": {"a": 1}}, None),
    ("PUT", "/v1/settings/memory.recall_top_k", {"value": "lots"}, None),
    ("PUT", "/v1/settings/memory.enabled", {"value": [1]}, None),
    ("GET", "/v1/audit?limit=many", None, None),
    ("POST", "/v1/review/abc", {"decision": "accept"}, None),
    ("POST", "/v1/turns", {"turns": [{"thread": "k", "role": "user", "text": "hi", "extra": 1}]}, None),
    # unknown refs
    ("POST", "/v1/dismiss", {"ref": "fact:999999"}, None),
    ("POST", "/v1/dismiss", {"ref": "bogus:1"}, None),
    ("POST", "/v1/restore", {"ref": "turn:999999"}, None),
    ("POST", "/v1/facts/999999/pin", {"pinned": True}, None),
    ("POST", "/v1/facts/episode:1/promote", None, None),
    ("PUT", "/v1/facts/nope/display-text", {"text": "x"}, None),
    ("POST", "/v1/review/999999", {"decision": "accept"}, None),
    ("GET", "/v1/settings/no.such.setting", None, None),
    ("PUT", "/v1/settings/no.such.setting", {"value": 1}, None),
    ("POST", "/v1/threads/no-such-thread/compact", None, None),
    ("POST", "/v1/usage", {"thread": "no-such-thread", "usage": {"overflow": True}}, None),
    ("POST", "/v1/erase", {"kind": "ref", "value": "fact:999999"}, None),
    ("POST", "/v1/import", {"path": "/nonexistent/export.jsonl"}, None),
    # bad dates
    ("POST", "/v1/turns", {"turns": [{"thread": "k", "role": "user", "text": "hi", "ts": "2026-13-45T99:00"}]}, None),
    ("POST", "/v1/turns", {"turns": [{"thread": "k", "role": "user", "text": "hi", "ts": "yesterday"}]}, None),
    ("POST", "/v1/recall", {"query": "x", "since": "not a date"}, None),
    ("POST", "/v1/recall", {"query": "x", "until": "2026-02-30"}, None),
    ("POST", "/v1/facts", {"text": "I live in Porto", "speaker": "alice", "valid_from": "soon"}, None),
    ("GET", "/v1/facts?as_of=whenever", None, None),
    ("POST", "/v1/erase", {"kind": "before", "value": "the dawn of time"}, None),
    ("POST", "/v1/erase", {"kind": "range", "value": "2026-01-01..later"}, None),
    # non-UTF-8
    ("POST", "/v1/turns", b'{"turns": [{"thread": "k", "role": "user", "text": "caf\xe9"}]}', JSON),
    ("POST", "/v1/recall", b'\xff\xfe{\x00"\x00q\x00', JSON),
    ("PUT", "/v1/settings/general.system_language", b'{"value": "\xc3\x28"}', JSON),
]


# Found by the fuzzer (fixed): ids beyond SQLite's 64-bit integers, turn times no calendar holds.
FOUND_BY_FUZZING = [
    pytest.param("POST", "/v1/review/9223372036854775808", {"decision": "accept"}, None, id="POST /v1/review/2**63"),
] + [
    pytest.param(
        "POST",
        "/v1/turns",
        {"turns": [{"thread": "k", "role": "user", "text": "hi", "ts": ts}]},
        None,
        id=f"POST /v1/turns ts={ts}",
    )
    for ts in (1e12, -1e12, 1e300, float("nan"))
]

# Found by the adversarial run (issue 18), fixed: ISO times past the calendar's edge, far-future turns.
FOUND_BY_ATTACK = [
    pytest.param(
        "POST",
        "/v1/turns",
        {"turns": [{"thread": "k", "role": "user", "text": "hi", "ts": ts}]},
        None,
        id=f"POST /v1/turns ts={ts}",
    )
    for ts in ("9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00", "0001-01-01", "2999-01-01T00:00:00Z")
] + [
    pytest.param(
        "POST", "/v1/recall", {"query": "x", "since": "0001-01-01T00:00:00+14:00"}, None, id="recall since 0001"
    ),
    # found by the long fuzz run: a fact id past SQLite's integers in a split
    pytest.param(
        "POST",
        "/v1/entities/1/split",
        {"facts": [220254732465807619522560, 5], "name": "dad"},
        None,
        id="split fact id past int64",
    ),
    pytest.param(
        "POST", "/v1/erase", {"kind": "before", "value": "9999-12-31T23:59:59-14:00"}, None, id="erase before 9999"
    ),
    pytest.param("POST", "/v1/import", {"path": "/tmp/a\u0000b"}, None, id="import path with NUL"),
    pytest.param(
        "POST", "/v1/erase", {"kind": "ref", "value": "fact:99999999999999999999"}, None, id="erase ref 2**66"
    ),
    pytest.param("POST", "/v1/erase", {"kind": "ref", "value": "fact:\uff11\uff12"}, None, id="erase full-width ref"),
    pytest.param("POST", "/v1/dismiss", {"ref": "fact:\uff11"}, None, id="dismiss full-width ref"),
    pytest.param(
        "POST", "/v1/turns", {"turns": [{"thread": "k\u0000", "role": "user", "text": "hi"}]}, None, id="NUL thread"
    ),
    pytest.param(
        "POST",
        "/v1/turns",
        {"turns": [{"thread": "k", "role": "user", "text": "hi", "speaker": "a\u0000"}]},
        None,
        id="NUL speaker",
    ),
    pytest.param(
        "POST",
        "/v1/turns",
        b'{"turns": [{"thread": "k", "role": "assistant", "text": "ok", "tool_calls": ["\\ud800"]}]}',
        JSON,
        id="lone surrogate in tool_calls",
    ),
    pytest.param("POST", "/v1/recall", b'{"query": "x", "k": ' + b"7" * 5000 + b"}", JSON, id="5000-digit integer"),
    pytest.param("POST", "/v1/turns", b'{"turns": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", JSON, id="deep nesting"),
]


@pytest.fixture
def bad_daemon(daemon):
    c = daemon.client()
    c.commit_turns([{"thread": "kitchen", "role": "user", "speaker": "alice", "text": "I live in Lisbon"}])
    c.remember("I work as a nurse", speaker="alice")
    settle(daemon)
    daemon.scheduler.pause()
    return daemon


def _send(http, method, path, body, headers):
    kwargs = {"headers": dict(headers or {})}
    if isinstance(body, bytes):
        kwargs["content"] = body
    elif body is not None:
        kwargs["content"] = json.dumps(body).encode()  # json.dumps writes NaN, as a sloppy client would
        kwargs["headers"]["Content-Type"] = "application/json"
    return http.request(method, path, **kwargs)


@pytest.mark.parametrize(
    "method,path,body,headers",
    [pytest.param(*case, id=f"{case[0]} {case[1]} #{i}") for i, case in enumerate(BAD)]
    + FOUND_BY_FUZZING
    + FOUND_BY_ATTACK,
)
def test_bad_input_gets_a_clear_4xx_and_changes_nothing(bad_daemon, method, path, body, headers):
    c = bad_daemon.client()
    http = c._http
    with bad_daemon.store.reading() as db:
        before = row_counts(db)
        settings_before = db.execute("SELECT key, value FROM settings ORDER BY key").fetchall()
    response = _send(http, method, path, body, dict(headers or {}, **c._headers()))
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:300])
    message = response.json()["error"]["message"]
    assert isinstance(message, str) and 3 < len(message) < 2000
    with bad_daemon.store.reading() as db:
        assert row_counts(db) == before
        assert db.execute("SELECT key, value FROM settings ORDER BY key").fetchall() == settings_before


def test_a_body_over_the_limit_is_refused_announced_or_streamed(bad_daemon):
    c = bad_daemon.client()
    with bad_daemon.store.reading() as db:
        before = row_counts(db)
    text = "x" * 1000
    turns = [{"thread": "big", "role": "user", "text": text}] * ((MAX_BODY_BYTES // 1000) + 100)
    body = json.dumps({"turns": turns}).encode()
    assert len(body) > MAX_BODY_BYTES
    announced = c._http.post("/v1/turns", content=body, headers=dict(c._headers(), **JSON))
    assert announced.status_code == 413 and "body over" in announced.json()["error"]["message"]

    def chunks():  # no Content-Length: the limit is counted as the body streams in
        for i in range(0, len(body), 1 << 20):
            yield body[i : i + (1 << 20)]

    streamed = c._http.post("/v1/turns", content=chunks(), headers=dict(c._headers(), **JSON))
    assert 400 <= streamed.status_code < 500, (streamed.status_code, streamed.text[:300])
    assert streamed.json()["error"]["message"]
    bogus = c._http.post("/v1/turns", content=b"{}", headers=dict(c._headers(), **JSON, **{"Content-Length": "-1"}))
    assert 400 <= bogus.status_code < 500
    with bad_daemon.store.reading() as db:
        assert row_counts(db) == before


def test_missing_or_wrong_tokens_are_refused_and_change_nothing(bad_daemon):
    c = bad_daemon.client()
    with bad_daemon.store.reading() as db:
        before = row_counts(db)
    turn = {"turns": [{"thread": "k", "role": "user", "text": "let me in"}]}
    for headers in (
        {},
        {"Authorization": "Bearer nope"},
        {"Authorization": "Basic " + bad_daemon.tokens["admin"]},
        {"Authorization": "Bearer " + bad_daemon.tokens["admin"][:-1]},
    ):
        r = c._http.post("/v1/turns", json=turn, headers=headers)
        assert r.status_code == 401 and r.json()["error"]["message"]
    assistant = bad_daemon.client("assistant")
    r = assistant._http.put("/v1/settings/memory.enabled", json={"value": False}, headers=assistant._headers())
    assert r.status_code == 403
    r = assistant._http.post("/v1/erase", json={"kind": "speaker", "value": "alice"}, headers=assistant._headers())
    assert r.status_code == 403
    with bad_daemon.store.reading() as db:
        assert row_counts(db) == before
