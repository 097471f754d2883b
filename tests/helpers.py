"""Helpers shared by test modules: import them from here, never from another test module or a conftest.

The fake embedder and the real model's loader, in-process daemons and the waits on them, hearthd and
hearthctl as separate processes (and the `procs` fixture, which tests/conftest.py registers for every test),
the Qt app's idle wait, and the conversation, voice and fact builders several modules use.

Waits are on conditions and events, never fixed sleeps, and long enough for a loaded two-core machine: loading
the model and embedding a few thousand rows there, with other test runs beside it, can take minutes.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from hearthd.api.client import DaemonNotRunning, HearthClient
from hearthd.timeutil import parse_time

# How long a test waits for the model to load and the memory to be embedded (HEARTH_TEST_MODEL_TIMEOUT).
MODEL_READY_TIMEOUT = float(os.environ.get("HEARTH_TEST_MODEL_TIMEOUT", "300"))
# How long a hearthd process may take to answer on its socket once started (imports, migrations).
START_TIMEOUT = 120.0

BIN = Path(sys.executable).parent


# -- embedders -----------------------------------------------------------------------------------------
class HashModel:
    """A deterministic bag-of-words embedder: texts sharing words are similar, nothing else is.

    It stands in for the model where a test is about plumbing, not meaning; every track also has tests with
    the real model (test_real_model.py, test_process.py)."""

    runtime = "hash"

    def __init__(self, model_id: str = "test-hash-128", dim: int = 128):
        self.model_id, self.dim = model_id, dim

    def _bucket(self, word: str) -> tuple[int, float]:
        h = hashlib.blake2b(word.encode(), digest_size=8).digest()
        return int.from_bytes(h[:4], "little") % self.dim, (1.0 if h[4] & 1 else -1.0)

    def encode(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                word = re.sub(r"(ing|ed|s)$", "", word) if len(word) > 4 else word
                j, sign = self._bucket(word)
                out[i, j] += sign
            norm = np.linalg.norm(out[i])
            out[i] = out[i] / norm if norm else np.eye(self.dim, dtype=np.float32)[0]
        return out


def fake_loader(model_ref: str) -> HashModel:
    return HashModel(model_id=model_ref)


@functools.lru_cache(maxsize=4)
def real_loader(model_ref: str):
    """The real sentence-transformers model, loaded once per session and shared by the daemons of the tests."""
    from hearthd.embedding.models import load_sentence_transformer

    return load_sentence_transformer(model_ref)


# -- waiting -------------------------------------------------------------------------------------------
def wait_for(predicate, timeout: float = 30.0, interval: float = 0.02, what: str = "condition"):
    """Poll predicate until it returns something true (returned) or timeout seconds pass (AssertionError)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


def settle(daemon, timeout: float = MODEL_READY_TIMEOUT) -> None:
    """Wait until the model is loaded, the keyword index too, and every row is embedded and in the in-memory
    tracks."""
    assert daemon.embedder.wait_ready(timeout), daemon.embedder.error
    assert daemon.backfill.keywords_ready.wait(timeout), "the keyword index did not load"
    wait_for(lambda: daemon.store.vector_model == daemon.embedder.model_id, timeout=timeout, what="tracks loaded")

    def done():
        model = daemon.embedder.model_id
        sql = "SELECT count(*) FROM {} WHERE embed_model IS NOT ?"
        with daemon.store.reading() as conn:
            pending = sum(conn.execute(sql.format(t), (model,)).fetchone()[0] for t in ("turns", "facts", "episodes"))
        return pending == 0 and daemon.backfill.pending == 0

    wait_for(done, timeout=timeout, interval=0.05, what="background embedding")
    # The writer applies index updates after commit; a no-op write orders us after them.
    daemon.store.writer.write(lambda tx: None)


def make_daemon(data_dir, loader=fake_loader):
    from hearthd.daemon import Daemon

    # the learned reader with the real model only: a daemon on the fake embedder reads by the rules alone
    return Daemon(data_dir, model_loader=loader, learned_reader=loader is not fake_loader).start()


def hearthctl_in_process(daemon, monkeypatch, capsys):
    """hearthctl run in-process against `daemon` (its own parsing, commands and output; a new client for each
    command, as over the socket): run(*argv) -> (exit code, stdout, stderr)."""
    from hearthd.cli import main as hearthctl

    monkeypatch.setattr(HearthClient, "connect", classmethod(lambda cls, *a, **k: daemon.client()))

    def run(*argv: str) -> tuple[int, str, str]:
        code = hearthctl(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return run


def idle(qtbot, hearth, timeout: int = 15_000) -> None:
    """Wait until every daemon call the desktop app made has come back."""
    qtbot.waitUntil(lambda: hearth.tasks.busy == 0, timeout=timeout)


# -- hearthd and hearthctl as processes ----------------------------------------------------------------
def model_settled(status: dict) -> bool:
    """From one /v1/status answer: the model is loaded, searched, and nothing waits to be embedded."""
    embedder, embedding = status["embedder"], status["embedding"]
    if embedder["state"] == "error":
        raise AssertionError(f"the model failed to load: {embedder['error']}")
    return bool(
        embedder["ready"]
        and embedder["searched_model"]
        and embedding["pending"] == 0
        and not embedding["building_model"]
    )


class Hearthd:
    """hearthd started as a process on data_dir, logging to hearthd.log beside it; ready once it answers."""

    def __init__(self, data_dir: Path, *extra: str, env: dict | None = None):
        self.data_dir = data_dir
        self.log = open(data_dir.parent / "hearthd.log", "ab")  # noqa: SIM115 - closed by stop()
        self.proc = subprocess.Popen(
            [str(BIN / "hearthd"), "--data-dir", str(data_dir), *extra],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env={**os.environ, **(env or {})},
        )
        wait_for(self._answers, timeout=START_TIMEOUT, interval=0.05, what="hearthd to answer")

    def _answers(self):
        if self.proc.poll() is not None:
            raise AssertionError(f"hearthd exited with {self.proc.returncode}: {self.log_text()}")
        try:
            with HearthClient.connect(self.data_dir) as c:
                return c.version()
        except DaemonNotRunning:
            return None

    def client(self) -> HearthClient:
        return HearthClient.connect(self.data_dir)

    def wait_model(self, timeout: float = MODEL_READY_TIMEOUT) -> None:
        """Until the model is loaded and searched and nothing is left to embed (one status call a poll)."""

        def settled():
            if self.proc.poll() is not None:
                raise AssertionError(f"hearthd exited with {self.proc.returncode}: {self.log_text()}")
            return model_settled(c.status())

        with self.client() as c:
            wait_for(settled, timeout=timeout, interval=0.25, what="model ready")

    def log_text(self) -> str:
        return (self.data_dir.parent / "hearthd.log").read_text(errors="replace")[-3000:]

    def kill(self) -> None:
        """kill -9, and reap it."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)
        self.log.close()

    def stop(self, sig=signal.SIGTERM) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        code = self.proc.wait(timeout=60)
        self.log.close()
        return code


@pytest.fixture
def procs():
    """The hearthd processes a test started (with start()); any still running at the end is killed."""
    started: list[Hearthd] = []
    yield started
    for p in started:
        if p.proc.poll() is None:
            p.stop(signal.SIGKILL)


def start(procs, data_dir, *extra, env=None) -> Hearthd:
    data_dir.mkdir(parents=True, exist_ok=True)
    p = Hearthd(data_dir, *extra, env=env)
    procs.append(p)
    return p


def ctl(data_dir, *args, input=None):
    return subprocess.run(
        [str(BIN / "hearthctl"), "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        input=input,
        timeout=120,
    )


def write_lock_held(db: Path) -> bool:
    """Whether some connection (the daemon's writer) holds core.db's write lock right now."""
    conn = sqlite3.connect(db, timeout=0, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("ROLLBACK")
        return False
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            return True
        raise
    finally:
        conn.close()


def held_for(predicate, polls: int):
    """A predicate true once `predicate` has been true `polls` times in a row (a lock held, not a blip)."""
    streak = [0]

    def check():
        streak[0] = streak[0] + 1 if predicate() else 0
        return streak[0] >= polls

    return check


# -- conversations, voices and facts several modules build -----------------------------------------------
def say(client, texts, ts, speaker="alice", band="high", thread="kitchen", reply=True):
    """One conversation: each user line (with an assistant reply), a minute apart from ts on."""
    start = parse_time(ts)
    turns = []
    for i, text in enumerate(texts):
        turns.append(
            {
                "thread": thread,
                "role": "user",
                "text": text,
                "ts": start + 60 * i,
                **({"speaker": speaker, "band": band} if speaker else {}),
            }
        )
        if reply:
            turns.append({"thread": thread, "role": "assistant", "text": "Okay, noted.", "ts": start + 60 * i + 5})
    return client.commit_turns(turns)


def form(client):
    """Form everything now. (The sweeper, woken by each commit, may already have formed past sessions.)"""
    return client.form_now(end_open=True)


def tell_household(client, data: dict) -> None:
    """A household set's statements (tests/daemon/data/asking_heldout*.json: speaker, day, thread, text), said in
    October in their order, then formed."""
    for i, s in enumerate(data["statements"]):
        ts = f"2026-10-{s['day']:02d}T{8 + i % 10:02d}:{i % 60:02d}:00Z"
        say(client, [s["text"]], ts, speaker=s["speaker"], thread=s["thread"])
    form(client)


def private_leaks(client, data: dict) -> list[str]:
    """Every private word of one person of a household set that the context of another person, of an uncertain
    (medium) voice or of an anonymous one shows, for each of the set's questions."""
    callers = [(p, "high") for p in data["people"]] + [(p, "medium") for p in data["people"]] + [(None, None)]
    leaks = []
    for q in data["questions"]:
        for speaker, band in callers:
            preamble = client.context(q["question"], speaker=speaker, band=band)["preamble"].lower()
            for owner, words in data["private"].items():
                if owner == speaker and band == "high":
                    continue
                leaks += [
                    f"{owner}'s {w!r} to {speaker or 'anonymous'} ({band}): {q['question']}"
                    for w in words
                    if w.lower() in preamble
                ]
    return leaks


FULL = {"prompt_tokens": 900, "n_ctx": 1000, "output_reserve": 0}


def chat(client, n, thread="kitchen", start=None, speaker="alice", word="topic"):
    """n exchanges; by default just now, so the conversation is live (not ended by the sweeper)."""
    t0 = parse_time(start) if start else time.time() - 20 * n - 30
    for i in range(n):  # one exchange at a time, as a live assistant commits them
        client.commit_turns(
            [
                {
                    "thread": thread,
                    "role": "user",
                    "text": f"{word} {i}: shall we talk about item {i}?",
                    "speaker": speaker,
                    "ts": t0 + 20 * i,
                },
                {"thread": thread, "role": "assistant", "text": f"Sure, item {i} it is.", "ts": t0 + 20 * i + 5},
            ]
        )


# espeak-ng voices (test voices for the voiceprint tests).
FEMALE, MALE = "en+f3", "en"
SENTENCES = [
    "The weather today is sunny with a light breeze from the west.",
    "Please remind me to buy milk and bread on the way home tonight.",
    "My favourite book is a long novel about a family of sailors.",
    "Could you turn the kitchen lights down a little, thank you.",
    "We are going to visit my grandmother in the mountains next weekend.",
    "Set a timer for twenty minutes while the cake is in the oven.",
]
# (pitch, words per minute): a voice never says two sentences quite the same way.
VARIATIONS = [(50, 165), (44, 150), (56, 180), (47, 172), (53, 155), (50, 160)]


def speak(directory, voice: str, i: int) -> bytes:
    """SENTENCES[i] said by an espeak-ng voice, as WAV bytes (also kept in directory)."""
    pitch, speed = VARIATIONS[i]
    path = directory / f"{voice.replace('+', '_')}-{i}.wav"
    subprocess.run(
        ["espeak-ng", "-v", voice, "-p", str(pitch), "-s", str(speed), "-w", str(path), SENTENCES[i]],
        check=True,
        capture_output=True,
    )
    return path.read_bytes()


def insert_facts(daemon, n: int) -> None:
    """n facts through the daemon's single writer, in one transaction, embedded already by the daemon's model
    (formation's path and background embedding are not what is tested)."""
    from hearthd.embedding.service import Priority
    from hearthd.store.vectors import encode

    now = time.time()
    texts = [f"Item {i} is on shelf {i}" for i in range(n)]
    model = daemon.embedder.model_id
    vectors = daemon.embedder.embed(texts, Priority.BACKGROUND)[1]
    rows = [
        (
            f"item {i}",
            "located_at",
            f"shelf {i}",
            texts[i],
            None if i % 3 else "alice",
            now - (n - i),
            now - (n - i),
            encode(vectors[i]),
            model,
        )
        for i in range(n)
    ]
    daemon.store.writer.write(
        lambda tx: tx.executemany(
            "INSERT INTO facts(subject, predicate, object, text, owner_id, valid_from, recorded_at, embedding, "
            "embed_model) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    )


def said_in(daemon, thread: str) -> list[tuple[str, str]]:
    """(role, text) of a conversation's turns in the ledger, in order."""
    with daemon.store.reading() as conn:
        rows = conn.execute(
            "SELECT t.role, t.text FROM turns t JOIN threads h ON h.id = t.thread_id WHERE h.key = ? ORDER BY t.id",
            (thread,),
        ).fetchall()
    return [(r[0], r[1]) for r in rows]


def turn_count(daemon) -> int:
    with daemon.store.reading() as conn:
        return conn.execute("SELECT COUNT(*) FROM turns").fetchone()[0]
