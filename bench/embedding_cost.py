"""What an embedding model costs on this machine, per runtime: one sentence at a time (a live query), a batch
(background embedding, a re-embed), its resident memory and its size on disk.

    python -m bench.embedding_cost [--models all-MiniLM-L6-v2 all-mpnet-base-v2] [--queries 200] [--batch 512]

Each model is loaded as the product loads it (`load_sentence_transformer`, runtime auto: ONNX Runtime, and
torch), each model and runtime in a fresh process, so its resident memory is its own: RSS after loading and a
warm-up, minus the process's RSS before loading (Python, numpy, hearthd's modules). The ONNX graph is made
beforehand in a process of its own, so the measured one loads it from the cache as a daemon does after its first
start (torch then is not imported). One sentence: `model.encode([text])` over varied live-turn sentences after 10
warm-ups; batch: `model.encode(texts)` of `--batch` sentences, twice, the faster one counted. The figures are
written to bench/results/embedding-cost.json; the CPU other processes used meanwhile is recorded beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from .common import RESULTS_DIR, CpuWatch, log, machine, rss_mb, summarize

MODELS = ("all-MiniLM-L6-v2", "all-mpnet-base-v2")
RUNTIMES = {"onnx": "auto", "torch": "torch"}


def measure_one(model_ref: str, runtime: str, queries: int, batch: int) -> dict:
    """In this process: load the model on `runtime` and time it (run in a fresh process per model and runtime)."""
    from hearthd.embedding.models import load_sentence_transformer

    from .context import live_turns

    texts = live_turns(max(queries, batch))
    before = rss_mb()["rss_mb"]
    t0 = time.perf_counter()
    model = load_sentence_transformer(model_ref, runtime=RUNTIMES[runtime])
    load_s = time.perf_counter() - t0
    for text in texts[:10]:
        model.encode([text])
    loaded = rss_mb()
    single = []
    for text in texts[:queries]:
        t = time.perf_counter()
        model.encode([text])
        single.append(time.perf_counter() - t)
    batch_s = min(timed_encode(model, texts[:batch]) for _ in range(2))
    return {
        "model": model_ref,
        "runtime": model.runtime,
        "runtime_note": getattr(model, "runtime_note", None),
        "dim": model.dim,
        "load_s": round(load_s, 2),
        "one_sentence": summarize(single),
        "batch": {"texts": batch, "seconds": round(batch_s, 2), "texts_per_s": round(batch / batch_s, 1)},
        "rss_before_load_mb": before,
        "rss_loaded_mb": loaded["rss_mb"],
        "model_rss_mb": round(loaded["rss_mb"] - before, 1),
        "peak_rss_mb": rss_mb()["peak_rss_mb"],
        "torch_imported": "torch" in sys.modules,
    }


def timed_encode(model, texts: list[str]) -> float:
    t = time.perf_counter()
    model.encode(texts)
    return time.perf_counter() - t


def disk_mb(path: Path) -> float:
    return round(sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6, 1)


def on_disk(model_ref: str) -> dict:
    """The model folder's size, and its ONNX graph's in the cache dir."""
    from hearthd.embedding import onnx_runtime
    from hearthd.embedding.models import resolve
    from hearthd.paths import cache_dir

    folder = Path(resolve(model_ref))
    graph = onnx_runtime.graph_folder(folder, cache_dir())
    return {
        "folder": str(folder),
        "model_mb": disk_mb(folder),
        "onnx_graph_mb": disk_mb(graph) if graph.is_dir() else None,
    }


def child(*args: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "bench.embedding_cost", *args], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def run(models: list[str], queries: int, batch: int) -> dict:
    watch = CpuWatch()
    rows = []
    for model_ref in models:
        log(f"{model_ref}: making its ONNX graph (if not cached)")
        child("--prepare", model_ref)
        for runtime in RUNTIMES:
            log(f"{model_ref} on {runtime}")
            row = child("--one", model_ref, runtime, "--queries", str(queries), "--batch", str(batch))
            rows.append(row)
            log(
                f"  one sentence median {row['one_sentence']['median']} ms, p95 {row['one_sentence']['p95']} ms; "
                f"{row['batch']['texts_per_s']} texts/s; model RSS {row['model_rss_mb']} MB"
            )
    return {
        "rows": rows,
        "disk": {m: on_disk(m) for m in models},
        "cpu": watch.result(),
        "machine": machine(),
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m bench.embedding_cost", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--models", nargs="+", default=list(MODELS))
    p.add_argument("--queries", type=int, default=200, help="sentences embedded one at a time")
    p.add_argument("--batch", type=int, default=512, help="sentences embedded in one call")
    p.add_argument("--out", type=Path, default=RESULTS_DIR / "embedding-cost.json")
    p.add_argument("--one", nargs=2, metavar=("MODEL", "RUNTIME"), help=argparse.SUPPRESS)
    p.add_argument("--prepare", metavar="MODEL", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    if args.prepare:
        from hearthd.embedding.models import load_sentence_transformer

        print(json.dumps({"runtime": load_sentence_transformer(args.prepare).runtime}))
        return 0
    if args.one:
        print(json.dumps(measure_one(args.one[0], args.one[1], args.queries, args.batch)))
        return 0
    result = run(args.models, args.queries, args.batch)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    for row in result["rows"]:
        s = row["one_sentence"]
        print(
            f"{row['model']:20s} {row['runtime']:5s} one {s['median']:6.1f} ms (p95 {s['p95']:6.1f})  "
            f"batch {row['batch']['texts_per_s']:7.1f}/s  RSS +{row['model_rss_mb']} MB"
        )
    print(json.dumps(result["disk"]))
    print(f"other processes used {result['cpu']['other_processes_pct']} % of the CPU meanwhile")
    return 0


if __name__ == "__main__":
    sys.exit(main())
