"""The local API through the in-process client: contract, auth, bad input."""

import json

import pytest

from hearthd.api.client import HearthClient, HearthError
from tests.helpers import settle


def turn(text, thread="kitchen", role="user", **kw):
    return {"thread": thread, "role": role, "text": text, **kw}


def counts(daemon):
    with daemon.store.reading() as conn:
        return tuple(
            conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
            for t in ("turns", "facts", "threads", "sessions", "speakers", "settings")
        )


def test_commit_is_verbatim_with_speaker_band_time_and_tool_calls(daemon, client):
    calls = [{"name": "set_timer", "arguments": {"minutes": 10}, "result": "ok"}]
    out = client.commit_turns(
        [
            turn("Set a timer for the pasta, please!", speaker="alice", band="high", ts="2026-11-01T18:00:00Z"),
            turn("Timer set for ten minutes.", role="assistant", tool_calls=calls, ts="2026-11-01T18:00:02Z"),
        ]
    )
    assert out["committed"] == 2
    with daemon.store.reading() as conn:
        rows = conn.execute(
            "SELECT role, text, speaker_id, band, owner_id, tool_calls, ts, thread_id, "
            "session_id FROM turns ORDER BY id"
        ).fetchall()
    assert rows[0]["text"] == "Set a timer for the pasta, please!"
    assert (rows[0]["speaker_id"], rows[0]["band"], rows[0]["owner_id"]) == ("alice", "high", "alice")
    assert rows[1]["owner_id"] == "alice"  # the assistant's answer belongs to the pool of who it answered
    assert json.loads(rows[1]["tool_calls"]) == calls
    assert rows[0]["ts"] == pytest.approx(1793556000.0)
    assert rows[0]["thread_id"] == rows[1]["thread_id"] and rows[0]["session_id"] == rows[1]["session_id"]
    with daemon.store.reading() as conn:
        speakers = conn.execute("SELECT id FROM speakers").fetchall()
    assert [r[0] for r in speakers] == ["alice"]  # an unknown speaker id creates a person


def test_a_turn_is_searchable_by_keyword_at_once_and_by_vector_once_embedded(daemon, client):
    daemon.backfill.stop()  # hold the embedder back: FTS alone must already find it
    client.commit_turns([turn("The plumber comes on Thursday morning")])
    found = client.recall("plumber")
    assert [t["text"] for t in found["turns"]] == ["The plumber comes on Thursday morning"]
    assert "fts_rank" in found["turns"][0]["parts"] and "vector_rank" not in found["turns"][0]["parts"]


def test_sessions_split_after_the_coupling_window(daemon, client):
    client.set_setting("memory.coupling_window_seconds", 60)
    client.commit_turns(
        [
            turn("one", ts="2026-11-01T10:00:00Z"),
            turn("two", ts="2026-11-01T10:00:50Z"),
            turn("three", ts="2026-11-01T10:05:00Z"),
        ]
    )
    with daemon.store.reading() as conn:
        rows = conn.execute("SELECT session_id FROM turns ORDER BY id").fetchall()
        assert rows[0][0] == rows[1][0] != rows[2][0]
        ended = conn.execute("SELECT ended_at FROM sessions WHERE id = ?", (rows[0][0],)).fetchone()[0]
    assert ended is not None


def test_recall_contract(daemon, client):
    client.commit_turns([turn("We are repainting the garden shed green", speaker="bob")])
    client.remember("The garden shed key hangs by the back door")
    settle(daemon)
    result = client.recall("garden shed", k=5)
    assert set(result) >= {"facts", "episodes", "turns"}
    for kind in ("facts", "episodes", "turns"):
        for item in result[kind]:
            assert isinstance(item["id"], int) and isinstance(item["text"], str)
            assert isinstance(item["score"], float) and item["parts"]["rrf"] > 0
    assert result["facts"][0]["text"] == "The garden shed key hangs by the back door"
    assert result["turns"][0]["text"] == "We are repainting the garden shed green"
    assert result["turns"][0]["parts"]["vector_rank"] == 1 and result["turns"][0]["parts"]["fts_rank"] == 1


def test_recall_time_and_participant_filters(daemon, client):
    client.commit_turns(
        [
            turn("booked the dentist for the kids", speaker="alice", ts="2026-01-10T09:00:00Z"),
            turn("dentist appointment moved to Friday", speaker="bob", ts="2026-03-10T09:00:00Z", thread="car"),
        ]
    )
    settle(daemon)
    texts = lambda r: [t["text"] for t in r["turns"]]  # noqa: E731
    assert len(texts(client.recall("dentist"))) == 2
    assert texts(client.recall("dentist", since="2026-02-01")) == ["dentist appointment moved to Friday"]
    assert texts(client.recall("dentist", until="2026-02-01")) == ["booked the dentist for the kids"]
    assert texts(client.recall("dentist", participants=["alice"])) == ["booked the dentist for the kids"]


def test_personal_memory_is_scoped_by_band(daemon, client):
    client.remember("I am allergic to penicillin", speaker="alice")
    client.remember("The wifi password is on the fridge")
    settle(daemon)

    def facts(**kw):
        return {f["text"] for f in client.recall("allergic penicillin wifi password fridge", **kw)["facts"]}

    assert facts(speaker="alice") == {"alice is allergic to penicillin", "The wifi password is on the fridge"}
    for band in ("medium", "greeting", "none"):
        assert facts(speaker="alice", band=band) == {"The wifi password is on the fridge"}
    assert facts(speaker="bob") == {"The wifi password is on the fridge"}
    assistant = daemon.client("assistant")
    assert assistant.recall("penicillin") == {"facts": [], "episodes": [], "turns": [], "vector_search": True}


def test_remember_supersedes_a_functional_fact_and_keeps_history(daemon, client):
    first = client.remember("I live in Lisbon", speaker="alice", valid_from="2025-01-01")["fact"]
    assert (first["predicate"], first["object"]) == ("lives_in", "Lisbon")
    again = client.remember("I live in Lisbon", speaker="alice")
    assert again["action"] == "supported" and again["fact"]["support_count"] == 2
    moved = client.remember("I moved to Porto", speaker="alice", valid_from="2026-06-01")
    assert moved["superseded"] == [first["id"]]
    current = client.facts(speaker="alice")
    assert [(f["predicate"], f["object"]) for f in current] == [("lives_in", "Porto")]
    history = client.facts(speaker="alice", history=True)
    old = next(f for f in history if f["object"] == "Lisbon")
    assert old["status"] == "superseded" and old["valid_to"] is not None
    assert [f["object"] for f in client.facts(speaker="alice", as_of="2026-01-01")] == ["Lisbon"]
    assert [f["object"] for f in client.facts(speaker="alice", as_of="2026-07-01")] == ["Porto"]
    assert client.facts(speaker="alice", as_of="2024-07-01") == []
    settle(daemon)
    assert [f["text"] for f in client.recall("where does alice live", speaker="alice")["facts"]] == [
        "alice lives in Porto"
    ]


def test_missing_or_wrong_token_is_refused_and_changes_nothing(daemon):
    before = counts(daemon)
    for token in (None, "not-the-token", daemon.tokens["admin"] + "x"):
        anonymous = HearthClient(daemon.client()._http, token=token)
        with pytest.raises(HearthError) as err:
            anonymous.commit_turns([turn("sneaky")])
        assert err.value.status == 401
        with pytest.raises(HearthError) as err:
            anonymous.status()
        assert err.value.status == 401
    assert counts(daemon) == before


def test_assistant_token_may_commit_and_read_context_but_not_administer(daemon):
    assistant = daemon.client("assistant")
    assert assistant.commit_turns([turn("hello")])["committed"] == 1
    assert "preamble" in assistant.context("hello", speaker="alice")
    for call in (assistant.status, lambda: assistant.set_setting("memory.enabled", False), assistant.facts):
        with pytest.raises(HearthError) as err:
            call()
        assert err.value.status == 403
    assert daemon.settings["memory.enabled"] is True


@pytest.mark.parametrize(
    "body,status",
    [
        (b"{not json", 422),
        (b'{"turns": "not a list"}', 422),
        (b'{"turns": []}', 422),
        (b'{"turns": [{"thread": "k", "role": "robot", "text": "hi"}]}', 422),
        (b'{"turns": [{"thread": "k", "role": "user", "text": ""}]}', 422),
        (b'{"turns": [{"thread": "k", "role": "user", "text": 42}]}', 422),
        (b'{"turns": [{"thread": "k", "role": "user", "text": "hi", "ts": "yesterday-ish"}]}', 400),
        (b'{"turns": [{"thread": "k", "role": "user", "text": "hi", "band": "medium"}]}', 400),
        (b'{"turns": [{"thread": "k", "role": "user", "text": "hi", "surprise": 1}]}', 422),
        (
            b'{"turns": [{"thread": "k", "role": "user", "text": "ok"}, '
            b'{"thread": "k", "role": "user", "text": "\xff\xfe"}]}',
            400,
        ),
    ],
)
def test_bad_turns_get_a_clear_error_and_change_nothing(daemon, client, body, status):
    before = counts(daemon)
    response = client._http.post(
        "/v1/turns",
        content=body,
        headers={"Authorization": f"Bearer {daemon.tokens['admin']}", "Content-Type": "application/json"},
    )
    assert response.status_code == status, response.text
    assert response.json()["error"]["message"]
    assert counts(daemon) == before


def test_huge_bodies_are_refused(daemon, client):
    response = client._http.post(
        "/v1/turns",
        content=b"x" * (9 * 1024 * 1024),
        headers={"Authorization": f"Bearer {daemon.tokens['admin']}", "Content-Type": "application/json"},
    )
    assert response.status_code == 413
    assert counts(daemon)[0] == 0


def test_bad_dates_and_unknown_settings_are_user_errors(client):
    with pytest.raises(HearthError) as err:
        client.recall("x", since="the tuesday after")  # "last tuesday" is a period
    assert err.value.status == 400 and "ISO 8601" in str(err.value)
    with pytest.raises(HearthError) as err:
        client.facts(as_of="31/12/2026")
    assert err.value.status == 400
    with pytest.raises(HearthError) as err:
        client.setting("no.such")
    assert err.value.status == 404


def test_version_health_and_openapi(daemon, client):
    assert client.version()["schema_version"] >= 1
    assert client.request("GET", "/v1/health")["ok"] is True
    schema = client.request("GET", "/openapi.json")
    assert {"/v1/turns", "/v1/recall", "/v1/context", "/v1/facts", "/v1/settings/{key}", "/v1/status"} <= set(
        schema["paths"]
    )
    status = client.status()
    assert status["embedder"]["ready"] and status["embedder"]["dim"] == 128
    assert status["counts"]["turns"] == 0


def test_the_api_sends_no_telemetry_even_when_the_environment_asks(daemon, monkeypatch):
    """FastAPI instruments requests with OpenTelemetry when a provider is configured or the environment asks
    for one; the daemon's app turns every part of it off (Hearth sends nothing anywhere)."""
    from fastapi import FastAPI

    from hearthd.api.app import create_app

    monkeypatch.setenv("FASTAPI_OTEL_AUTO_CONFIGURE", "true")
    app = create_app(daemon)
    if not hasattr(FastAPI(), "_native_telemetry"):
        pytest.skip("this FastAPI has no built-in telemetry")
    assert not app._native_telemetry.enabled()
    assert not any(app._telemetry[part] for part in ("tracing", "metrics", "logs", "auto_configure"))


def test_an_operations_result_is_written_as_plain_json(client):
    """Results skip FastAPI's generic encoder (routing.OperationResult) and read back the same."""
    client.commit_turns([turn("the boiler service is booked for the fifth of March")])
    found = client.recall("boiler service", k=3)
    assert found["turns"] and found["turns"][0]["text"] == "the boiler service is booked for the fifth of March"
    assert isinstance(found["vector_search"], bool)
