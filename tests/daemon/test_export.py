"""Export then import into an empty data dir reproduces the memory; a bad or partial file imports nothing."""

import json

import pytest

from hearthd.api.client import HearthError
from tests.conftest import make_daemon, settle


def build(daemon, client):
    client.commit_turns([
        {"thread": "kitchen", "role": "user", "speaker": "alice", "ts": "2025-03-01T10:00:00Z",
         "text": "I live in Lisbon and I work as a nurse at the big hospital downtown."},
        {"thread": "kitchen", "role": "assistant", "ts": "2025-03-01T10:00:05Z", "text": "Noted, Lisbon it is."},
        {"thread": "kitchen", "role": "user", "speaker": "alice", "ts": "2025-03-01T10:01:00Z",
         "text": "We are planning a garden party with the neighbours for next Saturday."},
        {"thread": "kitchen", "role": "user", "speaker": "alice", "ts": "2026-02-01T10:00:00Z",
         "text": "We moved to Porto last month, the new flat has a lovely balcony for plants."},
        {"thread": "kitchen", "role": "user", "speaker": "alice", "ts": "2026-02-01T10:01:00Z",
         "text": "Tell me a joke about the weather please, something short and funny."},
    ])
    client.form_now(end_open=True)
    client.remember("The wifi password is on the fridge", pin=True)
    client.dismiss("turn:2")
    settle(daemon)


def snapshot(client):
    facts = sorted((f["subject"], f["predicate"], f["object"], f["status"], f["valid_from"], f["valid_to"])
                   for f in client.facts(history=True))
    recall = client.recall("where does alice live", k=5)
    return facts, sorted(t["text"] for t in recall["turns"]), sorted(e["text"] for e in recall["episodes"])


def test_export_then_import_reproduces_the_memory(daemon, client, tmp_path):
    build(daemon, client)
    path = tmp_path / "hearth-export.jsonl"
    with open(path, "wb") as handle:
        assert client.export(handle) > 0
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["format"] == "hearth-export" and json.loads(lines[-1])["end"] is True
    assert "embedding" not in path.read_text()
    before = snapshot(client)
    counts = {t: daemon.store.read().execute(f"SELECT count(*) FROM {t}").fetchone()[0]
              for t in ("turns", "facts", "episodes", "sessions", "fact_turn_link", "dismissals")}

    other = make_daemon(tmp_path / "moved")
    try:
        settle(other)
        fresh = other.client()
        result = fresh.import_file(str(path))
        assert result["imported"]["turns"] == counts["turns"]
        settle(other)  # re-embedded with the active model in the background
        after_counts = {t: other.store.read().execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in counts}
        assert after_counts == counts
        assert snapshot(fresh) == before
        assert "wifi password" in fresh.context("hello")["preamble"]  # pinned survives
        assert [d["ref"] for d in fresh.dismissed()] == ["turn:2"]
        with pytest.raises(HearthError, match="empty memory"):
            fresh.import_file(str(path))  # a second import would mix two memories
        assert other.store.read().execute("SELECT count(*) FROM turns").fetchone()[0] == counts["turns"]
    finally:
        other.stop()


def test_a_truncated_or_foreign_file_imports_nothing(daemon, client, tmp_path):
    build(daemon, client)
    path = tmp_path / "x.jsonl"
    with open(path, "wb") as handle:
        client.export(handle)
    lines = path.read_text().splitlines(keepends=True)
    other = make_daemon(tmp_path / "moved")
    try:
        fresh = other.client()
        for name, content, message in [
            ("cut.jsonl", "".join(lines[:-3]), "truncated"),
            ("foreign.jsonl", '{"hello": 1}\n', "not a Hearth export"),
            ("badcol.jsonl", lines[0] + '{"table": "turns", "row": {"evil": 1}}\n' + lines[-1], "no column"),
        ]:
            (tmp_path / name).write_text(content)
            with pytest.raises(HearthError, match=message):
                fresh.import_file(str(tmp_path / name))
        with pytest.raises(HearthError, match="cannot read"):
            fresh.import_file(str(tmp_path / "missing.jsonl"))
        assert other.store.read().execute("SELECT count(*) FROM turns").fetchone()[0] == 0
    finally:
        other.stop()
