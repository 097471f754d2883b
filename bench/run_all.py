"""Run the benchmark suite and write bench/results.json and bench/results.md (the table the README quotes).

python -m bench.run_all                 # default: recall curve 1k/10k/100k, everything else at 100k
python -m bench.run_all --quick         # small sizes, under two minutes once the caches exist
python -m bench.run_all --full          # adds 1M turns to the recall curve
python -m bench.run_all --only recall   # one benchmark (comma-separate several); others keep their last
                                        # results in results.* (each section says when it was measured)
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
import traceback
from datetime import UTC, datetime

from .common import RESULTS_DIR, CpuWatch, log, machine, other_busy_processes

BENCHMARKS = ("recall", "context", "busy", "proxy", "startup", "ingest", "reembed", "formation")
TITLES = {
    "recall": "Recall latency (SearchAll, query vector precomputed)",
    "context": "Context assembly for a live turn (query embedding included)",
    "busy": "Context through the API beside busy processes (a home hub running other programs)",
    "proxy": "The memory proxy's added latency per request (OpenAI-compatible, over loopback HTTP)",
    "startup": "Daemon start (subprocess) to API answering",
    "ingest": "Ingest through the API socket, embedding included",
    "reembed": "Interactive embed during a background re-embed",
    "formation": "Formation pass: ended sessions to facts and episodes",
}

PROFILES = {
    #            recall sizes                 context  startup  starts ingest1 ingest100 reembed interactive queries formation
    "quick": ((1_000, 5_000), 5_000, 5_000, 3, 100, 500, 2_000, 60, 100, 50),
    "default": ((1_000, 10_000, 100_000), 100_000, 100_000, 5, 500, 5_000, 20_000, 200, 200, 300),
    "full": ((1_000, 10_000, 100_000, 1_000_000), 100_000, 100_000, 5, 500, 5_000, 20_000, 200, 200, 300),
}


def _ints(text: str) -> list[int]:
    return [int(float(x)) for x in text.replace("_", "").split(",") if x.strip()]


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m bench.run_all", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="small sizes (a smoke run, under 2 minutes cached)")
    mode.add_argument("--full", action="store_true", help="add 1M turns to the recall curve (long first build)")
    p.add_argument("--only", help=f"comma-separated subset of: {', '.join(BENCHMARKS)}")
    p.add_argument("--recall-sizes", type=_ints, help="turn counts of the recall curve, e.g. 1000,10000,100000")
    p.add_argument("--context-turns", type=int, help="turns in the data dir of the context benchmark")
    p.add_argument("--startup-turns", type=int, help="turns in the populated data dir of the startup benchmark")
    p.add_argument("--starts", type=int, help="daemon starts per configuration")
    p.add_argument("--ingest-single", type=int, help="turns committed one per call")
    p.add_argument("--ingest-batched", type=int, help="turns committed in calls of 100")
    p.add_argument("--reembed-rows", type=int, help="rows re-embedded in the background")
    p.add_argument("--interactive-samples", type=int, help="idle interactive embeds timed")
    p.add_argument("--queries", type=int, help="recall queries / live turns timed per configuration")
    p.add_argument("--formation-sessions", type=int, help="scripted sessions formed in the timed formation pass")
    p.add_argument(
        "--out",
        default=str(RESULTS_DIR),
        help="results path without suffix: .json and .md are written (default bench/results)",
    )
    p.add_argument(
        "--at-commit",
        metavar="REV",
        help="measure the daemon as committed at REV (exported with git "
        "archive into bench/.cache/src-REV), not the working tree: for a tree others are editing",
    )
    args = p.parse_args(argv)
    profile = "quick" if args.quick else "full" if args.full else "default"
    (sizes, ctx, st, starts, i1, i100, rows, samples, queries, formation) = PROFILES[profile]
    args.profile = profile
    for name, value in (
        ("recall_sizes", list(sizes)),
        ("context_turns", ctx),
        ("startup_turns", st),
        ("starts", starts),
        ("ingest_single", i1),
        ("ingest_batched", i100),
        ("reembed_rows", rows),
        ("interactive_samples", samples),
        ("queries", queries),
        ("formation_sessions", formation),
    ):
        if getattr(args, name) is None:
            setattr(args, name, value)
    args.selected = [b.strip() for b in args.only.split(",")] if args.only else list(BENCHMARKS)
    unknown = [b for b in args.selected if b not in BENCHMARKS]
    if unknown:
        p.error(f"unknown benchmark(s): {', '.join(unknown)}; choose from {', '.join(BENCHMARKS)}")
    return args


def use_source(args) -> dict:
    """Which hearthd is measured: the working tree (default) or an exported commit, for this process and
    every hearthd it spawns (PYTHONPATH goes before the editable install's .pth entry)."""
    import subprocess

    from .common import CACHE_DIR, ROOT

    def git(*cmd):
        try:
            return subprocess.run(
                ["git", "-C", str(ROOT), *cmd], capture_output=True, text=True, check=True
            ).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return None

    if not args.at_commit:
        dirty = git("status", "--porcelain", "--", "daemon")
        return {
            "source": "working tree",
            "head": git("rev-parse", "--short", "HEAD"),
            "daemon_uncommitted_changes": bool(dirty),
            "changed": (dirty or "").splitlines()[:20],
        }
    rev = git("rev-parse", "--short", args.at_commit)
    if not rev:
        raise SystemExit(f"unknown commit {args.at_commit!r}")
    src = CACHE_DIR / f"src-{rev}"
    if not (src / "daemon" / "hearthd").exists():
        src.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", rev, "daemon", "resources"], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    path = str(src / "daemon")
    sys.path.insert(0, path)
    os.environ["PYTHONPATH"] = path + (os.pathsep + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else "")
    return {"source": f"commit {rev}", "head": rev, "path": path, "subject": git("log", "-1", "--format=%s", rev)}


def _fmt(v) -> str:
    if isinstance(v, float):
        return f"{v:,.3f}".rstrip("0").rstrip(".") if abs(v) < 100 else f"{v:,.1f}"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def _source_line(d: dict) -> str:
    if d.get("source", "").startswith("commit"):
        return f"{d['source']} ({d.get('subject')})"
    if d:
        return f"working tree at {d.get('head')}" + (
            " with uncommitted changes under daemon/" if d.get("daemon_uncommitted_changes") else ""
        )
    return "?"


def render_md(report: dict) -> str:
    m = report["machine"]
    lines = [
        "# Hearth benchmarks: latest results",
        "",
        f"- machine: {m['nproc']} CPUs ({m['cpu']}), {m.get('memory')}, {m['platform']}",
        f"- python {m['python']}; " + ", ".join(f"{k} {v}" for k, v in m["versions"].items()),
        f"- date: {m['date']}; profile: `{report['profile']}`; command: `{report['command']}`",
        f"- daemon measured: {_source_line(report.get('daemon') or {})}",
        "- one run on this machine; latencies are medians / p95 of the samples of that run",
        "",
        "| benchmark | metric | value | target | ok | note |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for name in BENCHMARKS:
        section = report["benchmarks"].get(name)
        if not section:
            continue
        if "error" in section:
            lines.append(f"| {name} | FAILED | | | no | {section['error'].splitlines()[-1]} |")
            continue
        for row in section.get("metrics", []):
            ok = "" if row["ok"] is None else ("yes" if row["ok"] else "**no**")
            unit = f" {row['unit']}" if row["unit"] else ""
            lines.append(
                f"| {name} | {row['metric']} | {_fmt(row['value'])}{unit} | {row['target'] or ''} | {ok} "
                f"| {row['note']} |"
            )
    rec = report["benchmarks"].get("recall")
    if rec and "curve" in rec:
        lines += [
            "",
            "## Recall scaling curve (ms; k = 10, query vector precomputed)",
            "",
            "| turns | facts | episodes | all pools p50 | all pools p95 | alice p50 | alice p95 | in-process RSS MB |",
            "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for p in rec["curve"]:
            lines.append(
                f"| {p['turns']:,} | {p['facts']:,} | {p['episodes']:,} | {p['everything']['median']} | "
                f"{p['everything']['p95']} | {p['alice_high']['median']} | {p['alice_high']['p95']} | "
                f"{p['memory']['rss_mb']} |"
            )
    lines += ["", "## Sections", ""]
    for name in BENCHMARKS:
        section = report["benchmarks"].get(name)
        if section:
            cpu = section.get("cpu") or {}
            lines.append(
                f"- **{name}** ({TITLES[name]}): measured {section.get('measured_at', '?')} "
                f"on {section.get('daemon', '?')}, "
                f"{section.get('seconds', '?')} s; CPU of other processes meanwhile: "
                f"{cpu.get('other_processes_pct', '?')} % of the machine (this run: "
                f"{cpu.get('ours_pct', '?')} %)"
            )
    lines += [
        "",
        "The machine is shared: a high share for other processes means that section's figures are "
        "pessimistic; rerun it alone with `--only NAME`.",
        "",
        "Details (every sample summary, per-run start times, dataset sizes) are in `results.json`.",
    ]
    return "\n".join(lines) + "\n"


def write_results(report: dict, out: str) -> None:
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    for path, text in (
        (out + ".json", json.dumps(report, indent=2, default=str) + "\n"),
        (out + ".md", render_md(report)),
    ):
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.replace(path + ".tmp", path)


def main(argv=None) -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    args = parse_args(argv)
    source = use_source(args)
    import hearthd

    source["imported_from"] = os.path.dirname(hearthd.__file__)
    log(f"measuring hearthd from {source['imported_from']} ({source['source']})")
    report = {
        "machine": machine(),
        "profile": args.profile,
        "daemon": source,
        "command": "python -m bench.run_all " + " ".join(sys.argv[1:] if argv is None else argv),
        "benchmarks": {},
    }
    previous = args.out + ".json"
    if args.only and os.path.exists(previous):
        try:
            with open(previous) as f:
                report["benchmarks"] = json.load(f).get("benchmarks", {})
        except (OSError, ValueError):
            pass
    failed = False
    started = time.perf_counter()
    for name in args.selected:
        log(f"=== {name}: {TITLES[name]}")
        t = time.perf_counter()
        busy_before = other_busy_processes()
        if busy_before:
            log(f"other busy processes before {name}: {busy_before}")
        watch = CpuWatch()
        try:
            result = importlib.import_module(f"bench.{name}").run(args)
        except Exception:  # noqa: BLE001 - one failing benchmark must not lose the others' figures
            failed = True
            result = {"error": traceback.format_exc()}
            log(f"{name} FAILED:\n{result['error']}")
        result["measured_at"] = datetime.now(UTC).isoformat(timespec="seconds")
        result["seconds"] = round(time.perf_counter() - t, 1)
        result["cpu"] = dict(watch.result(), busy_processes_before=busy_before)
        log(f"{name}: cpu {result['cpu']}")
        result["profile"] = args.profile
        result["daemon"] = source.get("source")  # with --only, sections can come from different commits
        report["benchmarks"][name] = result
        write_results(report, args.out)  # after each benchmark: a crash later keeps what was measured
    log(f"done in {time.perf_counter() - started:.0f}s; results in {args.out}.md")
    print(render_md(report))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
