"""hearthd and hearthctl as separate processes on the real socket, with the real model: the command-line
contract, clean shutdown, restart, kill -9, and the files' permissions."""

from __future__ import annotations

import json
import signal
import sqlite3
import stat
import subprocess
import time

import pytest

from hearthd.api.client import socket_path
from tests.helpers import BIN, MODEL_READY_TIMEOUT, ctl, held_for, start, wait_for, write_lock_held

# Each test starts hearthd (and loads the model) once or more: minutes on a loaded two-core machine.
pytestmark = [pytest.mark.subprocess, pytest.mark.real_model, pytest.mark.timeout(900)]

TURNS = [
    {
        "thread": "kitchen",
        "role": "user",
        "text": "We're flying to Japan in April to see the cherry blossoms",
        "speaker": "alice",
        "ts": "2026-10-01T18:00:00Z",
    },
    {
        "thread": "kitchen",
        "role": "assistant",
        "text": "Lovely! Kyoto is beautiful then.",
        "ts": "2026-10-01T18:00:05Z",
    },
    {
        "thread": "car",
        "role": "user",
        "text": "The dishwasher is making a grinding noise again",
        "speaker": "bob",
        "band": "medium",
        "ts": "2026-10-02T08:00:00Z",
    },
]


def wait_reconciled(client) -> None:
    """Until the boot-time reconcile has formed what was left unformed."""
    wait_for(
        lambda: client.formation()["backlog"] == 0 and not client.formation()["running"],
        timeout=MODEL_READY_TIMEOUT,
        interval=0.2,
        what="reconcile",
    )


def test_command_line_contract_shutdown_and_restart(procs, data_dir, tmp_path):
    d = start(procs, data_dir)
    turns_file = tmp_path / "turns.jsonl"
    turns_file.write_text("\n".join(json.dumps(t) for t in TURNS) + "\n")
    out = ctl(data_dir, "ingest", str(turns_file), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"committed": 3}
    d.wait_model()

    out = ctl(data_dir, "recall", "holiday abroad next spring", "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert all(isinstance(result[k], list) for k in ("facts", "episodes", "turns"))
    for item in result["turns"]:
        assert isinstance(item["id"], int) and isinstance(item["text"], str) and isinstance(item["score"], float)
    assert result["turns"][0]["text"] == TURNS[0]["text"]

    # A medium-band speaker's turn is household memory; alice's own is personal, and bob cannot see it.
    bob = json.loads(ctl(data_dir, "recall", "cherry blossoms Japan", "--speaker", "bob", "--json").stdout)
    assert TURNS[0]["text"] not in [t["text"] for t in bob["turns"]]

    out = ctl(data_dir, "remember", "I live in Lisbon", "--speaker", "alice", "--json")
    assert out.returncode == 0 and json.loads(out.stdout)["fact"]["predicate"] == "lives_in"
    facts = json.loads(ctl(data_dir, "facts", "--speaker", "alice", "--json").stdout)
    assert {k for k in facts[0]} >= {"id", "subject", "predicate", "object", "text", "status", "valid_from", "valid_to"}
    assert (facts[0]["subject"], facts[0]["object"], facts[0]["status"]) == ("alice", "Lisbon", "active")

    assert ctl(data_dir, "settings", "set", "memory.recall_top_k", "3").returncode == 0
    got = json.loads(ctl(data_dir, "settings", "get", "memory.recall_top_k", "--json").stdout)
    assert got["value"] == 3
    bad = ctl(data_dir, "settings", "set", "memory.recall_top_k", "lots")
    assert bad.returncode != 0 and bad.stderr.count("\n") == 1 and "memory.recall_top_k" in bad.stderr

    block = ctl(data_dir, "context", "which city do I live in", "--speaker", "alice").stdout
    assert block.startswith("[Turn context]") and "alice lives in Lisbon" in block
    assert "Lisbon" not in ctl(data_dir, "context", "which city do I live in").stdout  # anonymous voice

    # October's kitchen conversation has ended: it is no one's history now (its facts carry it)
    assert json.loads(ctl(data_dir, "window", "kitchen", "--json").stdout)["messages"] == []
    live = tmp_path / "live.jsonl"
    now = time.time()
    live.write_text(json.dumps({**TURNS[0], "ts": now - 5}) + "\n" + json.dumps({**TURNS[1], "ts": now - 4}) + "\n")
    assert ctl(data_dir, "ingest", str(live)).returncode == 0
    window = json.loads(ctl(data_dir, "window", "kitchen", "--json").stdout)
    assert [m["content"] for m in window["messages"]] == [TURNS[0]["text"], TURNS[1]["text"]]
    assert ctl(data_dir, "window", "kitchen").stdout.startswith("alice: We're flying to Japan")
    form = json.loads(ctl(data_dir, "form", "--now", "--all", "--json").stdout)
    assert form["backlog"] == 0 or form["formed"]
    cleared = json.loads(ctl(data_dir, "clear-context", "--speaker", "bob", "--json").stdout)
    assert cleared["turns"] == 1 and len(cleared["threads"]) == 1
    assert json.loads(ctl(data_dir, "window", "car", "--json").stdout)["turns"] == []

    ctl(data_dir, "remember", "Bob's email is bob@acme.io and Alice's is alice@acme.io")
    refused = ctl(data_dir, "erase", "--match", "alice@acme.io")  # no terminal, no --yes: nothing happens
    assert refused.returncode != 0 and "--yes" in refused.stderr
    preview = json.loads(ctl(data_dir, "erase", "--match", "alice@acme.io", "--dry-run", "--json").stdout)
    assert preview["counts"]["facts"] == 1
    receipt_file = tmp_path / "receipt.json"
    out = ctl(data_dir, "erase", "--match", "alice@acme.io", "--yes", "--receipt", str(receipt_file))
    assert out.returncode == 0 and "erased 1 facts" in out.stdout, out.stderr
    assert stat.S_IMODE(receipt_file.stat().st_mode) == 0o600
    verified = ctl(data_dir, "receipt", "verify", str(receipt_file))
    assert verified.returncode == 0 and verified.stdout.strip() == "valid"
    tampered = json.loads(receipt_file.read_text())
    tampered["payload"]["counts"]["facts"] = 0
    (tmp_path / "tampered.json").write_text(json.dumps(tampered))
    bad = ctl(data_dir, "receipt", "verify", str(tmp_path / "tampered.json"))
    assert bad.returncode != 0 and bad.stdout.startswith("tampered")
    assert "alice@acme.io" not in ctl(data_dir, "facts", "--json").stdout

    status = json.loads(ctl(data_dir, "status", "--json").stdout)
    assert status["counts"]["turns"] == 5 and status["embedder"]["model"] == "all-MiniLM-L6-v2"  # 3 + 2 live
    assert status["schema_version"] >= 1

    assert d.stop(signal.SIGTERM) == 0
    assert not socket_path(data_dir).exists()
    gone = ctl(data_dir, "status")
    assert gone.returncode != 0 and "no Hearth daemon" in gone.stderr

    d = start(procs, data_dir)
    # Keyword recall answers at once, before the model has loaded...
    kw = json.loads(ctl(data_dir, "recall", "Kyoto", "--json").stdout)
    assert kw["turns"][0]["text"] == TURNS[1]["text"]
    d.wait_model()
    # ...and meaning once it has: everything is still there after the restart.
    result = json.loads(ctl(data_dir, "recall", "holiday abroad next spring", "--json").stdout)
    assert result["turns"][0]["text"] == TURNS[0]["text"]
    assert json.loads(ctl(data_dir, "settings", "get", "memory.recall_top_k", "--json").stdout)["value"] == 3
    assert d.stop(signal.SIGINT) == 0


def test_an_acknowledged_turn_survives_kill_9(procs, data_dir):
    d = start(procs, data_dir)
    with d.client() as c:
        ack = c.commit_turns([{"thread": "hall", "role": "user", "text": "The spare key is under the blue pot"}])
    d.kill()  # the instant after the answer
    conn = sqlite3.connect(data_dir / "core.db")
    assert conn.execute("SELECT text FROM turns WHERE id = ?", (ack["turns"][0]["id"],)).fetchone() == (
        "The spare key is under the blue pot",
    )
    conn.close()

    d = start(procs, data_dir)  # a stale socket from the killed daemon does not stop the next one
    d.wait_model()
    with d.client() as c:
        assert c.recall("where can I find a key to get in")["turns"][0]["text"] == "The spare key is under the blue pot"
    assert d.stop() == 0
    conn = sqlite3.connect(data_dir / "core.db")
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_restart_mid_model_change_resumes_the_re_embedding(procs, data_dir, projection_model):
    d = start(procs, data_dir)
    with d.client() as c:
        things = ["boiler", "smoke alarm", "fridge"] * 667
        c.commit_turns(
            [
                {"thread": "t", "role": "user", "text": f"Reminder {i}: check the {w} in room {i % 13}"}
                for i, w in enumerate(things[:2000])
            ]
        )
        c.commit_turns([TURNS[0]])
        d.wait_model()
        c.set_setting("embedder.model", projection_model)

        def under_way():
            embedding = c.status()["embedding"]
            return embedding["building_model"] == projection_model and embedding["done"] > 100

        wait_for(under_way, timeout=MODEL_READY_TIMEOUT, interval=0.05, what="re-embedding under way")
    d.kill()
    conn = sqlite3.connect(data_dir / "core.db")
    left = conn.execute("SELECT count(*) FROM turns WHERE embed_model IS NOT ?", (projection_model,)).fetchone()[0]
    conn.close()
    assert 0 < left < 2001

    d = start(procs, data_dir)
    d.wait_model()
    conn = sqlite3.connect(data_dir / "core.db")
    assert conn.execute("SELECT count(*) FROM turns WHERE embed_model IS NOT ?", (projection_model,)).fetchone()[0] == 0
    assert conn.execute("SELECT value FROM meta WHERE key = 'embedder_dim'").fetchone() == ("256",)
    conn.close()
    with d.client() as c:
        top = c.recall("travelling to Japan for the cherry blossom season")["turns"][0]
        assert top["text"] == TURNS[0]["text"] and top["parts"]["vector_rank"] <= 3  # searched in the new space
    assert d.stop() == 0


def test_files_are_owner_only_and_a_second_daemon_is_refused(procs, data_dir):
    d = start(procs, data_dir)
    sock = socket_path(data_dir)
    assert stat.S_IMODE(sock.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(sock.stat().st_mode) & 0o077 == 0
    for role in ("admin", "assistant"):
        assert stat.S_IMODE((data_dir / "tokens" / f"{role}.token").stat().st_mode) == 0o600
    assert stat.S_IMODE((data_dir / "tokens").stat().st_mode) == 0o700
    second = subprocess.run(
        [str(BIN / "hearthd"), "--data-dir", str(data_dir)], capture_output=True, text=True, timeout=60
    )
    assert second.returncode == 2 and "already running" in second.stderr
    assert d.stop() == 0


def test_loopback_tcp_fallback_uses_the_same_tokens(procs, data_dir):
    d = start(procs, data_dir, "--tcp", "0")
    endpoint = data_dir / "api-endpoint.json"
    assert stat.S_IMODE(endpoint.stat().st_mode) == 0o600
    address = json.loads(endpoint.read_text())["tcp"]
    assert address.startswith("127.0.0.1:") and not socket_path(data_dir).exists()
    out = ctl(data_dir, "ingest", "-", "--json", input=json.dumps(TURNS[2]) + "\n")
    assert json.loads(out.stdout) == {"committed": 1}
    import httpx

    assert httpx.get(f"http://{address}/v1/status", trust_env=False).status_code == 401
    assert d.stop() == 0
    assert not endpoint.exists()


def test_hearthctl_without_a_daemon_fails_clearly(data_dir):
    out = ctl(data_dir, "status")
    assert out.returncode == 3
    assert out.stderr.startswith("hearthctl: no Hearth daemon is running") and out.stderr.count("\n") == 1


def test_hearthd_refuses_a_newer_database(data_dir):
    data_dir.mkdir(parents=True)
    conn = sqlite3.connect(data_dir / "core.db")
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute("INSERT INTO meta VALUES ('schema_version', '99')")
    conn.commit()
    conn.close()
    before = (data_dir / "core.db").read_bytes()
    out = subprocess.run(
        [str(BIN / "hearthd"), "--data-dir", str(data_dir)], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 2 and "newer than this Hearth understands" in out.stderr
    assert (data_dir / "core.db").read_bytes() == before


CONVERSATION = [
    {"thread": "kitchen", "role": "user", "text": text, "speaker": "alice", "ts": f"2026-03-01T10:0{i}:00Z"}
    for i, text in enumerate(
        [
            "I live in Lisbon with my husband and our two cats.",
            "I work as a nurse at the children's hospital.",
            "I'm allergic to peanuts, so please keep that in mind for recipes.",
        ]
    )
]


def test_kill_9_during_formation_then_restart_forms_the_session_exactly_once(procs, data_dir):
    from hearthd.formation.former import PAUSE_ENV

    d = start(procs, data_dir, env={PAUSE_ENV: "600"})  # hold the formation transaction open
    d.wait_model()
    with d.client() as c:
        c.commit_turns(CONVERSATION)  # long past: the sweeper, woken by the commit, starts forming it
        wait_for(lambda: c.formation()["running"], timeout=MODEL_READY_TIMEOUT, what="formation under way")
    # Killed inside formation's transaction: the writer holds the lock (for a second, not a blip) while it pauses.
    wait_for(
        held_for(lambda: write_lock_held(data_dir / "core.db"), polls=10),
        timeout=MODEL_READY_TIMEOUT,
        interval=0.1,
        what="formation's transaction open",
    )
    d.kill()
    conn = sqlite3.connect(data_dir / "core.db")
    assert conn.execute("SELECT count(*) FROM facts").fetchone()[0] == 0
    assert conn.execute("SELECT formed_at FROM sessions").fetchall() == [(None,)]
    conn.close()

    d = start(procs, data_dir)  # the boot-time reconcile forms what the crash left unformed
    d.wait_model()
    with d.client() as c:
        wait_reconciled(c)
        facts = c.facts(speaker="alice")
    assert sorted((f["predicate"], f["object"]) for f in facts) == [
        ("allergy", "peanuts"),
        ("lives_in", "Lisbon"),
        ("works_as", "nurse"),
        ("works_at", "the children's hospital"),
    ]
    assert d.stop() == 0

    d = start(procs, data_dir)  # and once formed, never again
    d.wait_model()
    with d.client() as c:
        c.form_now(end_open=True)
        assert len(c.facts(speaker="alice", history=True)) == 4
    assert d.stop() == 0
    conn = sqlite3.connect(data_dir / "core.db")
    assert conn.execute("SELECT count(*) FROM episodes").fetchone()[0] == 1
    assert conn.execute("SELECT count(*) FROM sessions WHERE formed_at IS NOT NULL").fetchone()[0] == 1
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_sigterm_during_a_long_formation_pass_exits_within_seconds(procs, data_dir):
    """A pass of 20 sessions of a second each (a slow generator): SIGTERM stops the daemon in seconds, not
    after the pass; the next start's reconcile forms what it did not reach, each session once."""
    import time

    from hearthd.formation.former import PAUSE_ENV

    d = start(procs, data_dir, env={PAUSE_ENV: "1"})
    d.wait_model()
    turns = [
        {"thread": f"room-{i}", "role": "user", "text": f"The spare key {i} is under the pot", "speaker": "alice"}
        for i in range(20)
    ]
    with d.client() as c:
        c.commit_turns([dict(t, ts="2025-03-01T10:00:00Z") for t in turns])
        wait_for(lambda: c.formation()["running"], timeout=MODEL_READY_TIMEOUT, what="formation under way")
    time.sleep(2)  # a session or two into the pass
    began = time.monotonic()
    d.proc.send_signal(signal.SIGTERM)
    assert d.proc.wait(timeout=60) == 0
    took = time.monotonic() - began
    d.log.close()
    assert took < 8, f"hearthd took {took:.1f} s to stop"
    conn = sqlite3.connect(data_dir / "core.db")
    assert conn.execute("SELECT count(*) FROM sessions WHERE formed_at IS NULL").fetchone()[0] > 0
    conn.close()

    d = start(procs, data_dir)
    d.wait_model()
    with d.client() as c:
        wait_reconciled(c)
    assert d.stop() == 0
    conn = sqlite3.connect(data_dir / "core.db")
    assert conn.execute("SELECT count(*) FROM sessions WHERE formed_at IS NULL").fetchone()[0] == 0
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
