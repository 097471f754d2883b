"""The household's knowledge through hearthctl against a running hearthd: a one-statement exchange forms with
the defaults, `form --now --all` says which sessions were gated and why, a claim is listed and accepted, a
no-longer statement releases a fact."""

from __future__ import annotations

import json

from tests.helpers import ctl, start

TURNS = [
    {"thread": "kitchen", "role": "user", "text": "My daughter Emma is allergic to peanuts.", "speaker": "alice"},
    {"thread": "kitchen", "role": "assistant", "text": "I'll remember that."},
    {"thread": "hall", "role": "user", "text": "What's the time?", "speaker": "alice"},
    {"thread": "porch", "role": "user", "text": "I work at the bank.", "speaker": "alice", "band": "medium"},
]


def run(data_dir, *args) -> dict | list:
    out = ctl(data_dir, *args, "--json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_short_exchanges_gated_sessions_claims_and_release_from_the_command_line(procs, data_dir, tmp_path):
    d = start(procs, data_dir)
    assert run(data_dir, "settings", "set", "memory.sweep_interval_seconds", "3600")  # only the pass below
    d.wait_model()
    path = tmp_path / "turns.jsonl"
    path.write_text("\n".join(json.dumps(t) for t in TURNS) + "\n")
    assert run(data_dir, "ingest", str(path)) == {"committed": 4}

    line = ctl(data_dir, "form", "--now", "--all")
    assert line.returncode == 0, line.stderr
    formed = run(data_dir, "form")  # the status's last pass
    assert formed["last_pass"]["not_formed"] == {"gated": 1}, line.stdout
    assert "nothing to form in 1 gated (gated: 1 user turn, 3 words, no statement to learn)" in line.stdout

    facts = run(data_dir, "facts", "--speaker", "alice")
    assert {(f["subject"], f["predicate"], f["object"]) for f in facts} == {
        ("Emma", "allergy", "peanuts"),
        ("alice", "family_member", "Emma"),
    }
    assert "bank" not in json.dumps(facts)  # the medium-band statement waits as a claim

    (claim,) = [i for i in run(data_dir, "review") if i["kind"] == "claim"]
    listed = ctl(data_dir, "review")
    assert f"review:{claim['id']} claim" in listed.stdout and "Was this alice? alice works at the bank" in listed.stdout
    bad = ctl(data_dir, "review", str(claim["id"]), "--keep-both")
    assert bad.returncode != 0 and "accept or drop" in bad.stderr
    assert run(data_dir, "review", str(claim["id"]), "--accept")["resolution"].startswith("accept fact:")
    assert "the bank" in {f["object"] for f in run(data_dir, "facts", "--speaker", "alice")}

    out = ctl(data_dir, "remember", "I don't work at the bank anymore.", "--speaker", "alice")
    assert out.returncode == 0 and out.stdout.startswith("released fact:"), out.stdout + out.stderr
    assert "the bank" not in {f["object"] for f in run(data_dir, "facts", "--speaker", "alice")}
