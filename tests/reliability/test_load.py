"""Load (spec 14): eight concurrent clients, each its own HearthClient over the real socket, mixing commits,
context assembly, recall and settings changes: no error, no lock timeout; p95 latencies printed."""

from __future__ import annotations

import random
import threading
import time
from collections import defaultdict

import pytest

from hearthd.api.client import HearthClient
from tests.helpers import start

from .common import STRESS, integrity, p95, quick_or_stress

# Starting hearthd and loading the model: minutes on a loaded two-core machine.
pytestmark = [pytest.mark.subprocess, pytest.mark.real_model, pytest.mark.timeout(quick_or_stress(600, 1200))]

SECONDS = quick_or_stress(10, 60)
CLIENTS = 8
SPEAKERS = ["alice", "bob", "carol", None]
SENTENCES = [
    "We're flying to Japan in April to see the cherry blossoms",
    "I work as a nurse at the hospital",
    "The dishwasher is making a grinding noise again",
    "My sister's birthday is on the 3rd of May",
    "Remind me that the boiler service is due next week",
    "I'm allergic to peanuts",
]
QUERIES = [
    "holiday abroad next spring",
    "what is my job",
    "kitchen appliance broken",
    "family birthdays",
    "heating maintenance",
    "food allergies",
]


def client_loop(n: int, data_dir, until: float, latencies, errors, lock):
    rng = random.Random(n)
    ops = ["commit"] * 4 + ["context"] * 3 + ["recall"] * 3 + ["setting"]
    with HearthClient.connect(data_dir, timeout=60) as c:
        i = 0
        while time.monotonic() < until:
            op = rng.choice(ops)
            speaker = rng.choice(SPEAKERS)
            started = time.perf_counter()
            try:
                if op == "commit":
                    i += 1
                    turns = [
                        {"thread": f"room-{n}", "role": "user", "text": f"{rng.choice(SENTENCES)} ({n}.{i})"},
                        {"thread": f"room-{n}", "role": "assistant", "text": f"Okay ({n}.{i})."},
                    ]
                    if speaker:
                        turns[0]["speaker"] = speaker
                    ack = c.commit_turns(turns)
                    assert ack["committed"] == 2
                elif op == "context":
                    block = c.context(rng.choice(QUERIES), speaker=speaker, thread=f"room-{n}")
                    assert isinstance(block["message"], str)
                elif op == "recall":
                    result = c.recall(rng.choice(QUERIES), speaker=speaker, k=5)
                    assert isinstance(result["facts"], list)
                else:
                    key, value = rng.choice(
                        [
                            ("memory.recall_top_k", rng.randint(3, 8)),
                            ("memory.recall_min_similarity", rng.choice([0.2, 0.3, 0.35])),
                            ("memory.keep_last_turns", rng.randint(4, 8)),
                        ]
                    )
                    c.set_setting(key, value)  # another client may change it again at once
            except Exception as exc:
                with lock:
                    errors.append(f"client {n} {op}: {type(exc).__name__}: {exc}")
                continue
            with lock:
                latencies[op].append(time.perf_counter() - started)


def test_eight_concurrent_clients_see_no_error(procs, data_dir):
    d = start(procs, data_dir)
    d.wait_model()
    latencies: dict[str, list[float]] = defaultdict(list)
    errors: list[str] = []
    lock = threading.Lock()
    until = time.monotonic() + SECONDS
    threads = [
        threading.Thread(target=client_loop, args=(n, data_dir, until, latencies, errors, lock)) for n in range(CLIENTS)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=SECONDS + 120)
    assert not any(t.is_alive() for t in threads), "a client hung"
    assert d.stop() == 0
    log = (data_dir.parent / "hearthd.log").read_text(errors="replace")
    print(f"\nload: {CLIENTS} clients for {SECONDS}s" + (" [stress]" if STRESS else ""))
    for op in sorted(latencies):
        v = latencies[op]
        print(
            f"  {op:8s} n={len(v):5d}  p50={sorted(v)[len(v) // 2] * 1000:7.1f} ms  p95={p95(v) * 1000:7.1f} ms  "
            f"max={max(v) * 1000:7.1f} ms"
        )
    assert not errors, f"{len(errors)} errors, e.g. {errors[:5]}"
    assert "database is locked" not in log and "Traceback" not in log, log[-2000:]
    assert all(latencies[op] for op in ("commit", "context", "recall", "setting"))
    assert integrity(data_dir / "core.db") == "ok"
