"""Daemon start to API answering (spec 13: <= 1.5 s), time to the embedder being ready, and the resident
memory of a real hearthd with the model loaded and the 100k index in memory.

`.venv/bin/hearthd --data-dir DIR` is spawned as a subprocess; the clock runs from spawn until
`HearthClient.connect(DIR).version()` answers, then until status()["embedder"]["ready"], then (on a populated
dir) until the vector tracks are loaded (status()["embedder"]["searched_model"] set, nothing pending). SIGTERM
must stop it with exit status 0. Each configuration is started several times; medians are reported. A fresh
data dir is new for every start; the populated one is one copy of the cached dir, started repeatedly.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

from .common import MODEL, Hearthd, log, metric, rss_mb, wait_for
from .dataset import ensure_dataset, sizes_for, working_copy

TARGET_API_S = 1.5


def one_start(data_dir: Path, populated: bool) -> dict:
    d = Hearthd(data_dir, log_path=Path(tempfile.gettempdir()) / f"hearth-bench-{data_dir.name}.log")
    try:
        api = d.wait_api(timeout=60)
        with d.client() as c:
            st = wait_for(lambda: (s := c.status())["embedder"]["ready"] and s, 300, 0.02, "embedder ready")
            ready = time.perf_counter() - d.started
            out = {
                "api_s": round(api, 3),
                "embedder_ready_s": round(ready, 3),
                "model_load_s": st["embedder"]["load_seconds"],
            }
            if populated:
                wait_for(
                    lambda: (s := c.status())["embedder"]["searched_model"] == MODEL and s["embedding"]["pending"] == 0,
                    600,
                    0.05,
                    "tracks loaded",
                )
                out["tracks_loaded_s"] = round(time.perf_counter() - d.started, 3)
            time.sleep(0.5)  # let the allocator settle before reading memory
            out.update(rss_mb(d.pid))
    finally:
        code = d.stop()
    out["exit_code"] = code
    return out


def _median(runs, key):
    vals = [r[key] for r in runs if r.get(key) is not None]
    return round(statistics.median(vals), 3) if vals else None


def run(args) -> dict:
    results = {}
    fresh = []
    for i in range(args.starts):
        work = Path(tempfile.mkdtemp(prefix="hearth-bench-fresh-"))
        try:
            fresh.append(one_start(work, populated=False))
        finally:
            shutil.rmtree(work, ignore_errors=True)
        log(f"startup fresh #{i + 1}: {fresh[-1]}")
    results["fresh"] = {"runs": fresh}

    turns, facts, episodes = sizes_for(args.startup_turns)
    dataset = ensure_dataset(turns, facts, episodes)
    populated = []
    with working_copy(dataset) as work:
        for i in range(args.starts):
            populated.append(one_start(work, populated=True))
            log(f"startup {turns} turns #{i + 1}: {populated[-1]}")
    results["populated"] = {"turns": turns, "facts": facts, "episodes": episodes, "runs": populated}

    metrics = []
    for key, runs, label in (("fresh", fresh, "fresh data dir"), ("populated", populated, f"{turns // 1000}k turns")):
        summary = {
            k: _median(runs, k)
            for k in ("api_s", "embedder_ready_s", "model_load_s", "tracks_loaded_s", "rss_mb", "peak_rss_mb")
        }
        summary["all_exit_0"] = all(r["exit_code"] == 0 for r in runs)
        results[key]["median"] = summary
        metrics.append(
            metric(
                f"start to API answering, {label} (median of {len(runs)})",
                summary["api_s"],
                "s",
                f"<= {TARGET_API_S:g} s",
                summary["api_s"] <= TARGET_API_S,
                f"max {max(r['api_s'] for r in runs):.3f} s",
            )
        )
        metrics.append(
            metric(
                f"start to embedder ready, {label}",
                summary["embedder_ready_s"],
                "s",
                note=f"model load {summary['model_load_s']:.2f} s",
            )
        )
        if key == "populated":
            metrics.append(metric(f"start to vector tracks loaded, {label}", summary["tracks_loaded_s"], "s"))
            metrics.append(
                metric(
                    f"hearthd RSS, model loaded + {label} in memory",
                    summary["rss_mb"],
                    "MB",
                    note=f"peak {summary['peak_rss_mb']} MB",
                )
            )
        else:
            metrics.append(metric(f"hearthd RSS, model loaded, {label}", summary["rss_mb"], "MB"))
        metrics.append(
            metric(
                f"SIGTERM exits 0, {label}",
                "yes" if summary["all_exit_0"] else "NO",
                "",
                "exit 0",
                summary["all_exit_0"],
            )
        )
    results["metrics"] = metrics
    return results
