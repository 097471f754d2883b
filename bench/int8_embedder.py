"""An int8 graph of the bundled all-MiniLM-L6-v2 against the daemon's fp32 graph: one live query's embedding time,
how close the vectors are, and LoCoMo recall with every vector made by the int8 graph.

    .venv/bin/python -m bench.int8_embedder [--data ../shared/eval/locomo-dev.json] [--queries 800] [--texts 2000]
        [--no-locomo]

The fp32 graph is the one the daemon runs: `load_sentence_transformer` (runtime auto) loads it from its
graph_folder in the cache dir, or makes it there as a daemon's first start does. It is quantised by ONNX Runtime's
`quantize_dynamic` (int8 weights, activations quantised at run time) into a temporary directory, never into the
cache: QInt8 per output channel (qint8_pc, the candidate) and QInt8 per tensor (qint8). Every graph is opened as
the daemon opens one (`onnx_runtime._open`: the cached tokenizer and manifest, `_session`'s thread settings,
`OnnxSentenceModel.encode`); only the session's graph differs.

- Speed: `model.encode([query])` of `--queries` queries (bench.corpus.queries), one at a time, every graph in
  this one process, in a shuffled order for each query, after 30 warm-ups each; median and p95, their ratios
  to fp32, and the median of the per-query ratios.
- Vectors: the cosine between each graph's vector and fp32's for `--texts` varied texts (LoCoMo turns and
  questions, household turns and queries) + the daemon's probes + 20 texts longer than the model's window,
  embedded in batches and one at a time; each graph's vector of a text alone against the same text's within a
  batch (dynamic quantisation takes the activations' scale over the whole batch); and the daemon's own check of
  a cached graph (`onnx_runtime._agrees` against the probes' vectors kept with the graph, at least SAME_VECTOR
  to count as the model's vector space).
- LoCoMo: `bench.locomo`'s run (each conversation in its own temporary data dir, the daemon's recaller, hybrid /
  BM25 / dense recall@5/10/25) once as it is (fp32) and once per int8 graph, its daemons given the int8 model by
  their model loader (so the memory and the questions are both embedded by it).

Writes bench/results/int8-embedder.md and .json. The machine may be shared: read the ratios, not the absolute ms.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from .common import RESULTS_DIR, ROOT, CpuWatch, log, machine, measured_line, other_busy_processes, summarize

VARIANTS = {  # name -> quantize_dynamic arguments besides weight_type=QInt8
    "qint8_pc": {"per_channel": True},
    "qint8": {"per_channel": False},
}
CANDIDATE = "qint8_pc"
WARMUP = 30
LONG_TEXTS = 20
DEFAULT_DATA = ROOT.parent / "shared" / "eval" / "locomo-dev.json"
HYBRID_FLOOR = 75.0  # LoCoMo dev hybrid recall@10 the default embedder keeps


# -- the graphs ---------------------------------------------------------------------------------------------
def fp32_graph() -> tuple[str, Path]:
    """The bundled model's id and its graph_folder, loaded (or made) as the daemon does."""
    from hearthd.embedding import onnx_runtime
    from hearthd.embedding.models import BUNDLED_MODEL, load_sentence_transformer, resolve
    from hearthd.paths import cache_dir

    model = load_sentence_transformer(BUNDLED_MODEL)
    if model.runtime != "onnx":
        raise RuntimeError(f"the bundled model does not run on ONNX Runtime here: {model.runtime_note}")
    folder = onnx_runtime.graph_folder(Path(resolve(BUNDLED_MODEL)), cache_dir())
    if not (folder / "model.onnx").is_file():
        raise RuntimeError(f"no graph in {folder}")
    return model.model_id, folder


def files_state(folder: Path) -> dict[str, tuple[int, int]]:
    """Each file's size and mtime, and the folder's own mtime (a file made and removed there changes it)."""
    state = {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(folder.iterdir()) if p.is_file()}
    return state | {".": (0, folder.stat().st_mtime_ns)}


def quantise(source: Path, out_dir: Path) -> dict[str, dict]:
    """Each variant's graph in out_dir: its path, size and the seconds quantize_dynamic took."""
    import shutil

    from onnxruntime.quantization import QuantType, quantize_dynamic

    # quantize_dynamic writes a shape-inferred copy beside the graph it is given: a copy in out_dir, not the cache
    copy = out_dir / "fp32.onnx"
    shutil.copyfile(source, copy)
    out = {}
    for name, kwargs in VARIANTS.items():
        path = out_dir / f"{name}.onnx"
        t = time.perf_counter()
        quantize_dynamic(str(copy), str(path), weight_type=QuantType.QInt8, **kwargs)
        out[name] = {"path": path, "mb": round(path.stat().st_size / 1e6, 1), "seconds": time.perf_counter() - t}
        log(f"{name}: {out[name]['mb']} MB in {out[name]['seconds']:.1f} s")
    return out


def open_graph(model_id: str, folder: Path, graph: Path | None = None):
    """The model as the daemon opens its cached graph (onnx_runtime._open), with `graph` as its session's."""
    from hearthd.embedding import onnx_runtime

    model = onnx_runtime._open(model_id, folder)
    if graph is None:
        return model
    return dataclasses.replace(model, session=onnx_runtime._session(graph), runtime_note=f"benchmark: {graph.name}")


# -- texts --------------------------------------------------------------------------------------------------
def locomo_texts(data: Path) -> tuple[list[str], list[str]]:
    """Every turn of the LoCoMo file (as bench.locomo commits it) and every question."""
    from .locomo import sessions, turn_text

    turns, questions = [], []
    for sample in json.loads(data.read_text()):
        for _, _, session in sessions(sample["conversation"]):
            turns += [text for text in map(turn_text, session) if text]
        questions += [str(q["question"]) for q in sample["qa"]]
    return turns, questions


def varied_texts(data: Path, n: int) -> list[tuple[str, str]]:
    """(group, text): 45 % LoCoMo turns, 30 % household turns, 15 % queries, 10 % LoCoMo questions, then the
    daemon's probes and texts longer than the model's window."""
    from hearthd.embedding.onnx_runtime import PROBES

    from . import corpus

    rng = random.Random(7)
    turns, questions = locomo_texts(data)
    sizes = {"locomo turns": round(0.45 * n), "household turns": round(0.30 * n), "queries": round(0.15 * n)}
    sizes["locomo questions"] = n - sum(sizes.values())
    groups = {
        "locomo turns": rng.sample(turns, sizes["locomo turns"]),
        "household turns": [text for _, _, text in corpus.turn_stream(sizes["household turns"])],
        "queries": corpus.queries(sizes["queries"], stream="int8-cosine"),
        "locomo questions": rng.sample(questions, sizes["locomo questions"]),
        "probes": list(PROBES),
        "long (truncated)": [" ".join(rng.sample(turns, 12)) for _ in range(LONG_TEXTS)],
    }
    return [(group, text) for group, texts in groups.items() for text in texts]


# -- measurements -------------------------------------------------------------------------------------------
def timing(models: dict, queries: list[str]) -> dict:
    """One query at a time, every model in turn (shuffled for each query)."""
    names = list(models)
    for model in models.values():
        for q in queries[:WARMUP]:
            model.encode([q])
    busy = other_busy_processes()
    watch = CpuWatch()
    lat: dict[str, list[float]] = {n: [] for n in names}
    rng = random.Random(2)
    for q in queries:
        order = names[:]
        rng.shuffle(order)
        for name in order:
            t = time.perf_counter()
            models[name].encode([q])
            lat[name].append(time.perf_counter() - t)
    ref = np.asarray(lat["fp32"])
    out: dict = {"queries": len(queries), "warmup": WARMUP, "cpu": watch.result(), "busy_before": busy}
    tokenizer = models["fp32"].tokenizer
    out["median_tokens"] = float(np.median([len(tokenizer.encode(q).ids) for q in queries]))
    for name in names:
        a = np.asarray(lat[name])
        s = summarize(a)
        s["ratio_median"] = round(float(np.median(a) / np.median(ref)), 3)
        s["ratio_p95"] = round(float(np.percentile(a, 95) / np.percentile(ref, 95)), 3)
        s["paired_median_ratio"] = round(float(np.median(a / ref)), 3)
        out[name] = s
        log(f"{name}: median {s['median']:.2f} ms, p95 {s['p95']:.2f} ms, ratio {s['ratio_median']} / {s['ratio_p95']}")
    return out


def stats(cos: np.ndarray) -> dict:
    return {
        "mean": round(float(cos.mean()), 4),
        "min": round(float(cos.min()), 4),
        "p1": round(float(np.percentile(cos, 1)), 4),
    }


def cosines(models: dict, texts: list[tuple[str, str]], folder: Path) -> dict:
    """Each graph's vectors against fp32's, overall and per group, embedded in batches (as the background embedder
    does) and one text at a time (as a live query is); each graph's vector of a text alone against its vector of
    the same text within a batch; the daemon's probe check of each graph."""
    from hearthd.embedding import onnx_runtime

    groups = np.asarray([g for g, _ in texts])
    plain = [t for _, t in texts]
    batched, alone, seconds = {}, {}, {}
    for name, model in models.items():
        t = time.perf_counter()
        batched[name] = model.encode(plain)
        seconds[name] = round(time.perf_counter() - t, 2)
        alone[name] = np.vstack([model.encode([text]) for text in plain])
    expected = np.load(folder / "probes.npy")
    out: dict = {
        "texts": len(plain),
        "groups": {g: int(np.sum(groups == g)) for g in dict.fromkeys(g for g, _ in texts)},
    }
    for name, model in models.items():
        cos = np.sum(batched[name] * batched["fp32"], axis=1)
        probe = onnx_runtime._agrees(model, expected)
        out[name] = stats(cos) | {
            "alone": stats(np.sum(alone[name] * alone["fp32"], axis=1)),
            "alone_vs_batched": stats(np.sum(alone[name] * batched[name], axis=1)),
            "per_group": {g: stats(cos[groups == g]) for g in out["groups"]},
            "probe_check": round(probe, 6),
            "same_space": bool(probe >= onnx_runtime.SAME_VECTOR),
            "encode_all_s": seconds[name],
        }
        log(
            f"{name}: cosine to fp32 mean {out[name]['mean']}, min {out[name]['min']}; alone vs batched "
            f"{out[name]['alone_vs_batched']}; probe check {probe:.6f}"
        )
    return out


@contextmanager
def daemons_load(model):
    """bench.locomo's daemons given `model` by their model loader for the bundled model (no cache read or written)."""
    from hearthd.embedding import models as models_module

    real = models_module.load_sentence_transformer
    calls = []

    def loader(model_ref, *args, **kwargs):
        if model_ref not in models_module._BUNDLED_ALIASES:
            raise models_module.ModelLoadError(f"this benchmark only runs the bundled model, not {model_ref!r}")
        calls.append(model_ref)
        return model

    models_module.load_sentence_transformer = loader
    try:
        yield calls
    finally:
        models_module.load_sentence_transformer = real


def locomo(data: Path, models: dict) -> dict:
    from . import locomo as bench_locomo

    out = {}
    for name, model in models.items():
        log(f"LoCoMo with {name}")
        if name == "fp32":
            result = bench_locomo.run(data, None)  # the daemon's own loading of the cached graph
        else:
            with daemons_load(model) as calls:
                result = bench_locomo.run(data, None)
            if not calls:
                raise RuntimeError(f"the daemons did not load the {name} graph")
        out[name] = result
        f = result["figures"]
        log(f"{name}: hybrid {f['hybrid']}, bm25 {f['bm25']}, dense {f['dense']} ({result['seconds']} s)")
    return out


# -- the report ---------------------------------------------------------------------------------------------
def source() -> dict:
    """The daemon measured: the working tree, at which commit, and its uncommitted files under daemon/ (read only)."""
    import subprocess

    def git(*cmd: str) -> str | None:
        try:
            run = subprocess.run(["git", "--no-optional-locks", "-C", str(ROOT), *cmd], capture_output=True, text=True)
        except OSError:
            return None
        return run.stdout.rstrip() if run.returncode == 0 else None

    changed = (git("status", "--porcelain", "--", "daemon") or "").splitlines()
    return {"head": git("rev-parse", "--short", "HEAD"), "daemon_uncommitted": [line[3:] for line in changed]}


def cpu_flags() -> list[str]:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return []
    flags = next((line.split(":", 1)[1].split() for line in text.splitlines() if line.startswith("flags")), [])
    return [f for f in ("avx2", "avx512f", "avx512_vnni", "avx_vnni", "amx_int8") if f in flags]


def conclusion(r: dict) -> str:
    t, c, graphs = r["timing"], r["cosine"], r["graphs"]
    cand, other = CANDIDATE, "qint8"
    saved = t["fp32"]["median"] - t[cand]["median"]
    text = (
        f"{cand} (QInt8 weights per output channel, {graphs[cand]['mb']} MB against {graphs['fp32']['mb']} MB) "
        f"embeds one query in {t[cand]['ratio_median']}× fp32's time at the median and {t[cand]['ratio_p95']}× at "
        f"p95 ({t['fp32']['median']:.2f} → {t[cand]['median']:.2f} ms, {t['fp32']['p95']:.2f} → "
        f"{t[cand]['p95']:.2f} ms on this host). Its vectors are at cosine {c[cand]['mean']} to fp32's on average "
        f"(least {c[cand]['min']}); per tensor ({other}) runs at {t[other]['ratio_median']}× with vectors further "
        f"off (mean {c[other]['mean']}, least {c[other]['min']}). "
    )
    own = c[cand]["alone_vs_batched"]
    if own["min"] < 0.9999:
        text += (
            "Dynamic quantisation also makes a vector depend on the texts embedded with it (the activations' int8 "
            f"scale is taken over the whole batch): with {cand} a text alone and the same text within a batch are at "
            f"cosine {own['mean']} on average (least {own['min']}; fp32 {c['fp32']['alone_vs_batched']['mean']}), "
            f"against {c[cand]['mean']} between {cand} and fp32 batched: the same text's vector depends on its "
            "batch, so the same text stored and asked is not the same vector. "
        )
    hybrid = None
    if "locomo" in r:
        f = {name: res["figures"] for name, res in r["locomo"].items()}
        hybrid = f[cand]["hybrid"]["10"]
        diffs = [abs(f[cand][mode]["10"] - f["fp32"][mode]["10"]) for mode in ("hybrid", "dense")]
        questions = r["locomo"][cand]["counts"]["questions"]
        text += (
            f"On LoCoMo ({Path(r['data']).name}), with the memory and the questions embedded by it, hybrid "
            "recall@10 goes "
            f"{f['fp32']['hybrid']['10']} → {hybrid} and dense recall@10 {f['fp32']['dense']['10']} → "
            f"{f[cand]['dense']['10']}"
            + (f", at most a point either way on {questions} questions" if max(diffs) <= 1.0 else "")
            + (
                f" (BM25, which uses no vector, moved too, {f['fp32']['bm25']['10']} → {f[cand]['bm25']['10']}: the "
                "harness's own run-to-run variation). "
                if f[cand]["bm25"] != f["fp32"]["bm25"]
                else " (BM25, which uses no vector: unchanged). "
            )
        )
    if c[cand]["same_space"]:
        text += f"The daemon's probe check would count it as the same vector space ({c[cand]['probe_check']}). "
    else:
        text += (
            f"The daemon's probe check counts it as another vector space: its least probe cosine "
            f"({c[cand]['probe_check']}) is under SAME_VECTOR ({r['same_vector']}), so a cached int8 graph would be "
            "refused and made again as fp32. Adopting it therefore means an opt-in model of its own (its own model "
            "id) with the re-embed of the memory that any change of model brings, not a runtime switch under the "
            "same vectors. "
        )
    text += f"It is not adopted as the default: LoCoMo dev hybrid recall@10 must stay >= {HYBRID_FLOOR:.0f}"
    if hybrid is None:
        return text + " (not measured in this run)."
    margin = f"{hybrid - HYBRID_FLOOR:+.1f} points from it, for {saved:.1f} ms saved per query at the median"
    if hybrid < HYBRID_FLOOR:
        return text + f", and {cand} falls under it ({hybrid}, {margin})."
    return text + f"; {cand} measured {hybrid} ({margin})."


def markdown(r: dict) -> str:
    m, t, c = r["machine"], r["timing"], r["cosine"]
    names = list(r["graphs"])
    lines = [
        "# int8 query embedder: all-MiniLM-L6-v2's ONNX graph quantised to int8 against the fp32 graph",
        "",
        f"The daemon's fp32 graph (`{r['fp32_folder']}`, loaded by `load_sentence_transformer` as the daemon "
        "does), quantised by onnxruntime `quantize_dynamic` (weight_type QInt8; per output channel = qint8_pc, per "
        "tensor = qint8) into a temporary directory; the cache was left as it was "
        f"({'checked: its files and its folder unchanged' if r['cache_unchanged'] else 'CHANGED: see the JSON'}). "
        "Every graph opened as the daemon opens one (`onnx_runtime._open`, `_session`: "
        f"{r['threads']} intra-op threads, spinning stopped; `OnnxSentenceModel.encode`).",
        "",
        f"Host: {m['nproc']} cores ({m['cpu']}; {', '.join(r['cpu_flags']) or 'no AVX2/VNNI flags seen'}), "
        f"{m['memory']}, Python {m['python']}, onnxruntime {m['versions'].get('onnxruntime')}, {m['date']}. "
        f"Other processes used {t['cpu']['other_processes_pct']} % of the CPU during the timing (load "
        f"{t['cpu']['loadavg_1m_before']} → {t['cpu']['loadavg_1m_after']}). Daemon: the working tree at "
        f"{r['source']['head']}"
        + (
            f" with {len(r['source']['daemon_uncommitted'])} uncommitted file(s) under daemon/ (listed in the JSON)."
            if r["source"]["daemon_uncommitted"]
            else "."
        ),
        "",
        f"## One query at a time ({t['queries']} queries of bench.corpus, median {t['median_tokens']:.0f} tokens; "
        "graphs alternating in one process)",
        "",
        "| graph | size MB | median ms | p95 ms | median / fp32 | p95 / fp32 | median of per-query ratios |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for n in names:
        s = t[n]
        lines.append(
            f"| {n} | {r['graphs'][n]['mb']} | {s['median']:.2f} | {s['p95']:.2f} | {s['ratio_median']:.3f} | "
            f"{s['ratio_p95']:.3f} | {s['paired_median_ratio']:.3f} |"
        )
    lines += [
        "",
        f"## Vectors: cosine to fp32's ({c['texts']:,} texts: "
        + ", ".join(f"{k} {v}" for k, v in c["groups"].items())
        + ")",
        "",
        "Batched: `encode(texts)` (batches of 32 by length, as the background embedder embeds); alone: "
        "`encode([text])` (as a live query is). Mean / least / 1st percentile.",
        "",
        "| graph | batched, to fp32 batched | alone, to fp32 alone | alone, to its own batched vector "
        "| daemon's probe check (least cosine to the kept probe vectors) |",
        "| --- | --- | --- | --- | --- |",
    ]
    for n in names:
        s = c[n]
        verdict = "same space" if s["same_space"] else f"another space (< SAME_VECTOR {r['same_vector']})"
        cells = " | ".join(
            f"{x['mean']:.4f} / {x['min']:.4f} / {x['p1']:.4f}" for x in (s, s["alone"], s["alone_vs_batched"])
        )
        lines.append(f"| {n} | {cells} | {s['probe_check']:.6f}: {verdict} |")
    if "locomo" in r:
        first = next(iter(r["locomo"].values()))["counts"]
        lines += [
            "",
            f"## LoCoMo recall@5 / @10 / @25 (`bench.locomo` on `{Path(r['data']).name}`: {first['turns']} turns, "
            f"{first['questions']} "
            "questions of categories 1-4, each conversation in its own data dir; memory and questions embedded by "
            "the graph)",
            "",
            "| graph | hybrid (vector + BM25) | BM25 only | dense only | seconds |",
            "| --- | --- | --- | --- | ---: |",
        ]
        for n, res in r["locomo"].items():
            f = res["figures"]
            cells = " | ".join(" / ".join(f"{f[mode][k]:.1f}" for k in ("5", "10", "25")) for mode in f)
            lines.append(f"| {n} | {cells} | {res['seconds']} |")
    lines += ["", "## Conclusion", "", conclusion(r), "", measured_line(r["seconds"], r["command"]), ""]
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m bench.int8_embedder", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help="a LoCoMo JSON file (default: %(default)s)")
    p.add_argument("--queries", type=int, default=800, help="queries timed one at a time, per graph")
    p.add_argument("--texts", type=int, default=2000, help="texts compared with fp32 (+ probes and 20 long ones)")
    p.add_argument("--no-locomo", action="store_true", help="skip the LoCoMo runs (~2-3 min per graph)")
    p.add_argument("--out", type=Path, default=RESULTS_DIR / "int8-embedder.md", help="Markdown (JSON beside it)")
    args = p.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    from hearthd.embedding import onnx_runtime

    from . import corpus

    t0 = time.perf_counter()
    model_id, folder = fp32_graph()
    before = files_state(folder)
    log(f"fp32 graph: {folder}")
    result: dict = {"fp32_folder": str(folder), "same_vector": onnx_runtime.SAME_VECTOR, "data": str(args.data)}
    result["threads"] = onnx_runtime.threads()
    with tempfile.TemporaryDirectory(prefix="hearth-int8-") as tmp:
        quantised = quantise(folder / "model.onnx", Path(tmp))
        graphs = {"fp32": {"mb": round((folder / "model.onnx").stat().st_size / 1e6, 1)}}
        graphs |= {n: {"mb": q["mb"], "quantise_s": round(q["seconds"], 1)} for n, q in quantised.items()}
        result["graphs"] = graphs
        models = {"fp32": open_graph(model_id, folder)}
        models |= {n: open_graph(model_id, folder, q["path"]) for n, q in quantised.items()}
        log(f"timing {args.queries} queries per graph")
        result["timing"] = timing(models, corpus.queries(args.queries, stream="int8-timing"))
        log(f"cosine on {args.texts} texts")
        result["cosine"] = cosines(models, varied_texts(args.data, args.texts), folder)
        if not args.no_locomo:
            result["locomo"] = locomo(args.data, models)
    result["cache_unchanged"] = files_state(folder) == before
    result["cpu_flags"] = cpu_flags()
    result["source"] = source()
    result["machine"] = machine()
    result["seconds"] = round(time.perf_counter() - t0, 1)
    result["command"] = "python -m bench.int8_embedder" + "".join(f" {a}" for a in (argv or sys.argv[1:]))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(markdown(result))
    args.out.with_suffix(".json").write_text(json.dumps(result, indent=1, default=str) + "\n")
    log(f"wrote {args.out} and {args.out.with_suffix('.json')}")
    print(conclusion(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
