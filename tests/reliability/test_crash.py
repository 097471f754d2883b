"""Crash safety (spec 14): kill -9 the daemon at random moments while clients ingest and form; every
acknowledged turn survives, every ended session is formed exactly once, no fact is duplicated, and the
database passes PRAGMA integrity_check."""

from __future__ import annotations

import contextlib
import functools
import os
import random
import sqlite3
import threading
import time

import pytest

from hearthd.api.client import HearthClient, HearthError
from tests.helpers import MODEL_READY_TIMEOUT, start, wait_for

from .common import STRESS, duplicate_active_facts, integrity, quick_or_stress

# Every restart loads the model again: minutes on a loaded two-core machine.
pytestmark = [pytest.mark.subprocess, pytest.mark.real_model, pytest.mark.timeout(quick_or_stress(900, 3600))]

KILLS = quick_or_stress(3, 20)
SPEAKERS = ["alice", "bob", "carol"]
CITIES = ["Lisbon", "Porto", "Madrid", "Berlin", "Oslo", "Vienna", "Prague", "Dublin"]
JOBS = ["nurse", "teacher", "plumber", "baker", "pilot", "chemist"]
FOODS = ["peanuts", "shellfish", "gluten", "milk", "eggs"]


class Ingester(threading.Thread):
    """One speaker talking in one room: sessions of two or three user turns (one assistant turn) with
    timestamps in the past, an hour apart, so the sweeper ends and forms them at once. Records every
    acknowledged turn; anything not answered (the daemon was killed) is simply not acknowledged."""

    def __init__(self, n: int, data_dir, stop: threading.Event, acked: dict, lock: threading.Lock, bugs: list):
        super().__init__(daemon=True, name=f"ingest-{n}")
        self.n, self.data_dir, self.stop, self.acked, self.lock, self.bugs = n, data_dir, stop, acked, lock, bugs
        self.rng = random.Random(1000 + n)
        self.clock = time.time() - 20 * 86400 + n * 7
        self.speaker = SPEAKERS[n % len(SPEAKERS)]
        self.thread_key = f"room-{n}"
        self.counter = 0
        self.commits = self.forms = 0

    def session(self) -> list[dict]:
        r = self.rng
        lines = [
            f"I live in {r.choice(CITIES)} these days.",
            f"I work as a {r.choice(JOBS)} at the clinic.",
            f"I'm allergic to {r.choice(FOODS)}, so please keep that in mind for recipes.",
            "The dishwasher is making a grinding noise again and the garden needs water.",
        ]
        turns = []
        for text in r.sample(lines, r.choice([2, 3])):
            self.counter += 1
            self.clock += 20
            turns.append(
                {
                    "thread": self.thread_key,
                    "role": "user",
                    "speaker": self.speaker,
                    "text": f"{text} (note {self.n}-{self.counter})",
                    "ts": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.clock)),
                }
            )
        self.counter += 1
        self.clock += 5
        turns.append(
            {
                "thread": self.thread_key,
                "role": "assistant",
                "text": f"Noted ({self.n}-{self.counter}).",
                "ts": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.clock)),
            }
        )
        self.clock += 3600  # past the coupling window: the next turn opens a new session
        return turns

    def run(self):
        client = None
        pending: list[dict] | None = None
        while not self.stop.is_set():
            try:
                if client is None:
                    client = HearthClient.connect(self.data_dir, timeout=30)
                if pending is None:
                    pending = self.session()
                if self.rng.random() < 0.15:
                    client.form_now(end_open=self.rng.random() < 0.3)
                    self.forms += 1
                ack = client.commit_turns(pending)
                with self.lock:
                    for sent, rec in zip(pending, ack["turns"], strict=True):
                        self.acked[rec["id"]] = sent["text"]
                self.commits += 1
                pending = None  # a batch that was not acknowledged is sent again (a retrying client)
                # Paced: formation (real model, rules) is far slower than ingest, and the backlog must drain.
                self.stop.wait(self.rng.uniform(2.0, 4.0))
            except HearthError as exc:
                if exc.status is not None and exc.status >= 500:
                    self.bugs.append(f"{self.name}: {exc.status} {exc}")
                client = self._drop(client)
                self.stop.wait(0.05)
            except Exception:  # connection reset or refused while the daemon is dead or starting
                client = self._drop(client)
                self.stop.wait(0.05)
        self._drop(client)

    @staticmethod
    def _drop(client):
        if client is not None:
            with contextlib.suppress(Exception):
                client.close()
        return None


def _model_ready(d) -> bool:
    try:
        with d.client() as c:
            return c.status()["embedder"]["ready"]
    except Exception:
        return False


def test_kill_9_at_random_moments_loses_nothing_and_forms_once(procs, data_dir):
    rng = random.Random(int(os.environ.get("HEARTH_STRESS_SEED", "7")))
    t0 = time.monotonic()
    d = start(procs, data_dir)
    stop, lock = threading.Event(), threading.Lock()
    acked: dict[int, str] = {}
    bugs: list[str] = []
    workers = [Ingester(n, data_dir, stop, acked, lock, bugs) for n in range(3)]
    for w in workers:
        w.start()
    kill_log = []
    try:
        for i in range(KILLS):
            # Mostly once the model is loaded (formation runs then), sometimes while it is still loading.
            if i % 3 != 1:
                wait_for(
                    functools.partial(_model_ready, d), timeout=MODEL_READY_TIMEOUT, interval=0.1, what="model ready"
                )
            stop.wait(rng.uniform(0.2, 2.0))  # the random moment of the kill (not a wait for anything)
            before = len(acked)
            d.kill()
            kill_log.append(before)
            d = start(procs, data_dir)
        # Every client reconnects to the last daemon and is acknowledged again.
        commits = [w.commits for w in workers]
        wait_for(
            lambda: all(w.commits > n for w, n in zip(workers, commits, strict=True)),
            timeout=MODEL_READY_TIMEOUT,
            interval=0.1,
            what="every client committing after the last restart",
        )
    finally:
        stop.set()
        for w in workers:
            w.join(timeout=60)
    assert not bugs, bugs
    assert all(w.commits > 0 for w in workers)

    # Let the last daemon form everything, then stop it cleanly and look at the file.
    wait_for(functools.partial(_model_ready, d), timeout=MODEL_READY_TIMEOUT, interval=0.1, what="model ready")
    with d.client() as c:  # the sweeper ends the (long past) open sessions and forms the backlog by itself
        wait_for(
            lambda: c.formation()["backlog"] == 0 and not c.formation()["running"],
            timeout=quick_or_stress(MODEL_READY_TIMEOUT, 900),
            interval=0.2,
            what="formation backlog drained",
        )
    with HearthClient.connect(data_dir, timeout=600) as c:
        c.form_now(end_open=True)
    assert d.stop() == 0

    db = data_dir / "core.db"
    assert integrity(db) == "ok"
    conn = sqlite3.connect(db)
    try:
        stored = dict(conn.execute("SELECT id, text FROM turns"))
        missing = {i: t for i, t in acked.items() if stored.get(i) != t}
        assert not missing, f"{len(missing)} acknowledged turns lost, e.g. {list(missing.items())[:3]}"
        unformed = conn.execute("SELECT id FROM sessions WHERE ended_at IS NOT NULL AND formed_at IS NULL").fetchall()
        assert not unformed, f"ended sessions never formed: {unformed[:10]}"
        # Formed exactly once: at most one episode per session and pool, no fact formed twice from the same
        # session, and no two active facts with the same key and value.
        twice = conn.execute(
            "SELECT session_id, owner_id, count(*) FROM episodes WHERE session_id IS NOT NULL "
            "GROUP BY session_id, owner_id HAVING count(*) > 1"
        ).fetchall()
        assert not twice, f"sessions with more than one episode in a pool: {twice[:10]}"
        same = conn.execute(
            "SELECT session_id, subject, predicate, object, count(*) FROM facts "
            "WHERE session_id IS NOT NULL GROUP BY session_id, subject, predicate, object, owner_id "
            "HAVING count(*) > 1"
        ).fetchall()
        assert not same, f"facts formed twice from one session: {same[:10]}"
        assert not duplicate_active_facts(conn)
        sessions = conn.execute("SELECT count(*) FROM sessions WHERE formed_at IS NOT NULL").fetchone()[0]
        facts = conn.execute("SELECT count(*) FROM facts").fetchone()[0]
        episodes = conn.execute("SELECT count(*) FROM episodes").fetchone()[0]
    finally:
        conn.close()
    assert facts > 0 and sessions > 0
    print(
        f"\ncrash: {KILLS} kills (acked before each: {kill_log}), {len(acked)} acknowledged turns, "
        f"{sessions} sessions formed, {facts} facts, {episodes} episodes, "
        f"{sum(w.forms for w in workers)} form_now calls, {time.monotonic() - t0:.1f}s"
        + (" [stress]" if STRESS else "")
    )
