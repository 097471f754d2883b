"""Ingest: committed turns per second through the real API socket, embedding included, and the embedder's raw
throughput beside it (spec 13).

A hearthd subprocess on a fresh data dir; once its embedder is ready, turns from the household corpus are
committed with HearthClient.commit_turns one at a time (a voice assistant's live pattern) and in batches of
100 (an import). The clock stops when every committed turn has its vector (embed_model set, checked on core.db
read-only) and status()["embedding"]["pending"] is 0. The acknowledgement rate (commit calls alone) is reported
too. Raw throughput: the same texts encoded by the model directly in this process (batch 32), after the daemon
has stopped so the two do not share the CPUs.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

from . import corpus
from .common import MODEL, Hearthd, log, metric, wait_for


def _unembedded(db: Path) -> int:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)
    try:
        return conn.execute("SELECT count(*) FROM turns WHERE embed_model IS NOT ?", (MODEL,)).fetchone()[0]
    finally:
        conn.close()


def _turn_dicts(offset: int, n: int) -> list[dict]:
    out = []
    for s, role, text in list(corpus.turn_stream(offset + n))[offset:]:
        t = {"thread": f"bench-{s.room}", "role": role, "text": text}
        if s.speaker:
            t["speaker"] = s.speaker
            t["band"] = s.band
        out.append(t)
    return out


def phase(client, db: Path, turns: list[dict], batch: int) -> dict:
    t0 = time.perf_counter()
    for i in range(0, len(turns), batch):
        client.commit_turns(turns[i : i + batch])
    committed = time.perf_counter() - t0
    wait_for(
        lambda: _unembedded(db) == 0 and client.status()["embedding"]["pending"] == 0,
        1800,
        0.02,
        "every committed turn embedded",
    )
    total = time.perf_counter() - t0
    return {
        "turns": len(turns),
        "batch": batch,
        "commit_seconds": round(committed, 3),
        "acked_per_s": round(len(turns) / committed, 1),
        "embedded_seconds": round(total, 3),
        "embedded_per_s": round(len(turns) / total, 1),
    }


def run(args) -> dict:
    work = Path(tempfile.mkdtemp(prefix="hearth-bench-ingest-"))
    single = _turn_dicts(0, args.ingest_single)
    batched = _turn_dicts(args.ingest_single, args.ingest_batched)
    try:
        d = Hearthd(work, log_path=Path(tempfile.gettempdir()) / "hearth-bench-ingest.log")
        try:
            d.wait_api()
            with d.client() as c:
                wait_for(lambda: c.status()["embedder"]["ready"], 300, 0.05, "embedder ready")
                # Warm the path (and the first background pass) before timing.
                c.commit_turns(_turn_dicts(args.ingest_single + args.ingest_batched, 20))
                wait_for(lambda: _unembedded(work / "core.db") == 0, 300, 0.05, "warm-up embedded")
                log(f"ingest: {len(single)} turns one by one")
                one = phase(c, work / "core.db", single, 1)
                log(f"ingest batch 1: {one}")
                log(f"ingest: {len(batched)} turns in batches of 100")
                hundred = phase(c, work / "core.db", batched, 100)
                log(f"ingest batch 100: {hundred}")
        finally:
            code = d.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    from .dataset import model

    texts = [t["text"] for t in batched]
    m = model()
    m.encode(texts[:64])
    t = time.perf_counter()
    m.encode(texts)
    raw = len(texts) / (time.perf_counter() - t)
    log(f"ingest: raw embedder throughput {raw:.0f} texts/s")
    metrics = [
        metric(
            "ingest, batches of 1, embedded",
            one["embedded_per_s"],
            "turns/s",
            note=f"acknowledged {one['acked_per_s']} turns/s",
        ),
        metric(
            "ingest, batches of 100, embedded",
            hundred["embedded_per_s"],
            "turns/s",
            note=f"acknowledged {hundred['acked_per_s']} turns/s",
        ),
        metric(
            "embedder raw throughput (batch 32, in-process)",
            round(raw, 1),
            "texts/s",
            note=f"batch-100 ingest is {hundred['embedded_per_s'] / raw:.0%} of it",
        ),
    ]
    return {
        "batch_1": one,
        "batch_100": hundred,
        "raw_texts_per_s": round(raw, 1),
        "exit_code": code,
        "metrics": metrics,
    }
