"""Export then import into an empty data dir reproduces the memory; a bad or partial file imports nothing."""

import io
import json

import pytest

from hearthd.api.client import HearthError
from hearthd.forgetting.export import export_lines
from hearthd.store.database import Store
from tests.helpers import make_daemon, settle


def count(store, table: str) -> int:
    with store.reading() as conn:
        return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def build(daemon, client):
    client.commit_turns(
        [
            {
                "thread": "kitchen",
                "role": "user",
                "speaker": "alice",
                "ts": "2025-03-01T10:00:00Z",
                "text": "I live in Lisbon and I work as a nurse at the big hospital downtown.",
            },
            {"thread": "kitchen", "role": "assistant", "ts": "2025-03-01T10:00:05Z", "text": "Noted, Lisbon it is."},
            {
                "thread": "kitchen",
                "role": "user",
                "speaker": "alice",
                "ts": "2025-03-01T10:01:00Z",
                "text": "We are planning a garden party with the neighbours for next Saturday.",
            },
            {
                "thread": "kitchen",
                "role": "user",
                "speaker": "alice",
                "ts": "2026-02-01T10:00:00Z",
                "text": "We moved to Porto last month, the new flat has a lovely balcony for plants.",
            },
            {
                "thread": "kitchen",
                "role": "user",
                "speaker": "alice",
                "ts": "2026-02-01T10:01:00Z",
                "text": "Tell me a joke about the weather please, something short and funny.",
            },
        ]
    )
    client.form_now(end_open=True)
    client.remember("The wifi password is on the fridge", pin=True)
    client.dismiss("turn:2")
    settle(daemon)


def snapshot(client):
    facts = sorted(
        (f["subject"], f["predicate"], f["object"], f["status"], f["valid_from"], f["valid_to"])
        for f in client.facts(history=True)
    )
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
    counts = {
        t: count(daemon.store, t) for t in ("turns", "facts", "episodes", "sessions", "fact_turn_link", "dismissals")
    }

    other = make_daemon(tmp_path / "moved")
    try:
        settle(other)
        fresh = other.client()
        result = fresh.import_file(str(path))
        assert result["imported"]["turns"] == counts["turns"]
        settle(other)  # re-embedded with the active model in the background
        after_counts = {t: count(other.store, t) for t in counts}
        assert after_counts == counts
        assert snapshot(fresh) == before
        assert "wifi password" in fresh.context("hello")["preamble"]  # pinned survives
        assert [d["ref"] for d in fresh.dismissed()] == ["turn:2"]
        with pytest.raises(HearthError, match="empty memory"):
            fresh.import_file(str(path))  # a second import would mix two memories
        assert count(other.store, "turns") == counts["turns"]
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
        assert count(other.store, "turns") == 0
    finally:
        other.stop()


def _add_speaker(store, name: str) -> None:
    store.writer.write(
        lambda tx: tx.execute("INSERT INTO speakers(id, name, created_at) VALUES (?, ?, 0)", (name, name))
    )


def _speakers(lines) -> list[str]:
    return [json.loads(x)["row"]["name"] for x in lines if json.loads(x).get("table") == "speakers"]


def test_an_export_streams_one_state_while_reads_on_its_thread_see_new_writes(data_dir):
    data_dir.mkdir(parents=True)
    store = Store(data_dir)
    try:
        _add_speaker(store, "alice")
        stream = export_lines(store)
        lines = [next(stream)]  # the snapshot is taken: the header is out
        _add_speaker(store, "bob")
        assert count(store, "speakers") == 2  # same thread, mid-stream: the new write is seen
        lines += list(stream)
        assert _speakers(lines) == ["alice"] and json.loads(lines[-1])["counts"]["speakers"] == 1
        assert count(store, "speakers") == 2

        again = list(export_lines(store))  # a second export works and sees everything
        assert _speakers(again) == ["alice", "bob"] and json.loads(again[-1])["end"] is True

        early = export_lines(store)
        next(early)
        early.close()  # the consumer went away: its connection is closed, nothing pins the WAL
        busy, _, _ = store.writer.run_job(
            lambda conn: tuple(conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone())
        )
        assert busy == 0
        with store.reading() as conn:
            assert not conn.in_transaction
    finally:
        store.close()


def test_a_cut_off_export_leaves_no_file(daemon, monkeypatch, capsys, tmp_path):
    from hearthd.api.client import HearthClient
    from tests.helpers import hearthctl_in_process

    daemon.client().commit_turns([{"thread": "den", "role": "user", "text": "The spare key is under the blue pot."}])
    run = hearthctl_in_process(daemon, monkeypatch, capsys)
    whole = tmp_path / "whole.jsonl"
    assert run("export", str(whole))[0] == 0 and whole.stat().st_size > 0
    real_export = HearthClient.export

    def cut_off(self, handle):  # the stream ends early, as when an erase ends the export's snapshot
        buffer = io.BytesIO()
        real_export(self, buffer)
        data = buffer.getvalue()
        handle.write(data[: len(data) // 2])
        return len(data) // 2

    monkeypatch.setattr(HearthClient, "export", cut_off)
    part = tmp_path / "part.jsonl"
    code, _, err = run("export", str(part))
    assert code != 0
    assert "cut off" in err and not part.exists()
