"""Recall latency: SearchAll over turns, facts and episodes, query embedding excluded (spec 13).

For each size of the scaling curve (N turns + N/5 facts + N/50 episodes) an in-process Daemon is opened on a
copy of the cached data dir; once its model is loaded and its vector tracks are in memory, ~200 varied
queries (vectors precomputed with the same model) are timed through
`daemon.recaller.search_all(q, Filters(EVERYTHING), k=10, query_vector=v)` (the admin view of every pool) and
through a speaker-scoped variant (Filters(scope_for("alice", "high")): her pool plus the household's).
Resident memory (VmRSS of this process) is read with the model loaded and the index in memory.
"""

from __future__ import annotations

import gc
import time

from . import corpus
from .common import in_process_daemon, log, metric, rss_mb, summarize, timed
from .dataset import ensure_dataset, sizes_for, working_copy

TARGET_P95_MS = 15.0
TARGET_TURNS = 100_000


def time_queries(daemon, qs, vecs, filters, k=10, warmup=10) -> tuple[list[float], dict]:
    recaller = daemon.recaller
    for q, v in list(zip(qs, vecs))[:warmup]:
        recaller.search_all(q, filters, k=k, query_vector=v)
    samples, found = [], {"facts": 0, "episodes": 0, "turns": 0}
    for q, v in zip(qs, vecs):
        t = time.perf_counter()
        out = recaller.search_all(q, filters, k=k, query_vector=v)
        samples.append(time.perf_counter() - t)
        for key in found:
            found[key] += len(out[key])
    return samples, {key: round(n / len(qs), 2) for key, n in found.items()}


NAIVE_QUERIES = 20


def naive_search(daemon, vector, k=10) -> list[int]:
    """The baseline without in-memory tracks: every turn vector read from SQLite and decoded per query."""
    import numpy as np

    with daemon.store.reading() as conn:
        rows = conn.execute(
            "SELECT id, embedding FROM turns WHERE embed_model = ? AND cleared = 0 AND dismissed = 0",
            (daemon.store.vector_model,),
        ).fetchall()
    ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
    matrix = np.frombuffer(b"".join(r[1] for r in rows), dtype="<f4").reshape(len(rows), -1)
    scores = matrix @ np.asarray(vector, dtype=np.float32)
    top = np.argsort(-scores)[:k]
    return [int(ids[i]) for i in top]


def time_naive(daemon, vecs) -> list[float]:
    samples = []
    for v in vecs[:NAIVE_QUERIES]:
        t = time.perf_counter()
        naive_search(daemon, v)
        samples.append(time.perf_counter() - t)
    return samples


def exact_agreement(daemon, vecs, k=10) -> dict:
    """How often the two-stage search's top k is as good as the exact scan's, per track (in %): the share of
    its results scoring at least the exact k-th score. Compared by score, not id: the corpus has many rows with
    equal vectors, and ties may come back in any order."""
    out = {}
    for name, vt in daemon.store.tracks.items():
        shares = []
        for v in vecs:
            exact = vt.search(v, k, exact=True)
            if exact:
                kth = exact[-1][1] - 1e-6
                found = vt.search(v, k)
                shares.append(sum(score >= kth for _, score in found) / len(exact))
        out[name] = round(100 * sum(shares) / len(shares), 2) if shares else None
    return out


def keyword_agreement(daemon, qs, k=10) -> dict:
    """The keyword index against FTS5, per track: the share of FTS5's bm25 top k with every word of the query that
    the index returns too (in %; queries without keyword hits left out), and the time of one keyword search of
    the track (CANDIDATES rows, as recall asks) on the index, on FTS5 with every word and on FTS5 with its words
    within the match budget (the way FTS5 was searched before the index)."""
    from hearthd.memory.recall import CANDIDATES
    from hearthd.memory.scope import EVERYTHING
    from hearthd.memory.search import Filters, fts_search, query_words, sqlite_fts_search
    from hearthd.store.tracks import TRACKS

    store, filters, out = daemon.store, Filters(EVERYTHING), {}
    for name, track in TRACKS.items():
        shares, timings = [], {"index": [], "fts5_every_word": [], "fts5_budget": []}
        for q in qs:
            words = query_words(q)
            runs = {
                "index": timed(fts_search, store, track, q, CANDIDATES, filters),
                "fts5_every_word": timed(sqlite_fts_search, store, track, words, CANDIDATES, filters),
                "fts5_budget": timed(
                    sqlite_fts_search, store, track, words, CANDIDATES, filters, daemon.recaller.word_counts
                ),
            }
            for key, (seconds, _) in runs.items():
                timings[key].append(seconds)
            indexed, every = runs["index"][1][0], runs["fts5_every_word"][1][0]
            top = {i for i, _ in every[:k]}
            if top:
                shares.append(len({i for i, _ in indexed[:k]} & top) / len(top))
        out[name] = {
            "top10_as_fts5_pct": round(100 * sum(shares) / len(shares), 2) if shares else None,
            **{key: summarize(v) for key, v in timings.items()},
        }
    return out


def run(args) -> dict:
    from hearthd.embedding.service import Priority
    from hearthd.memory.scope import EVERYTHING, scope_for
    from hearthd.memory.search import FTS_MATCH_BUDGET, FTS_MATCH_SHARE, Filters
    from hearthd.store.vectors import APPROX_MIN_ROWS

    from . import dataset as ds

    qs = corpus.queries(args.queries)
    curve, metrics, rss_at = [], [], None
    for n in args.recall_sizes:
        turns, facts, episodes = sizes_for(n)
        dataset = ensure_dataset(turns, facts, episodes)
        with working_copy(dataset) as data_dir:
            log(f"recall: opening a daemon on {turns} turns")
            t = time.perf_counter()
            with in_process_daemon(data_dir) as daemon:
                ready = time.perf_counter() - t
                # Query vectors from the daemon's own model (one model in this process when the data was
                # cached); their time is not part of the measurement.
                vecs = daemon.embedder.embed(qs, Priority.BACKGROUND, timeout=600)[1]
                gc.collect()
                everything, found = time_queries(daemon, qs, vecs, Filters(EVERYTHING))
                scoped, found_scoped = time_queries(daemon, qs, vecs, Filters(scope_for("alice", "high")))
                naive = time_naive(daemon, vecs)
                agreement = exact_agreement(daemon, vecs)
                keywords = keyword_agreement(daemon, qs)
                memory = dict(rss_mb(), second_model_in_process=ds._model is not None)
                tracks = {name: len(vt) for name, vt in daemon.store.tracks.items()}
            point = {
                "turns": turns,
                "facts": facts,
                "episodes": episodes,
                "tracks": tracks,
                "ready_seconds": round(ready, 2),
                "settle_seconds": daemon.bench_settle_seconds,
                "everything": summarize(everything),
                "alice_high": summarize(scoped),
                "naive_turns_from_sqlite": summarize(naive),
                "hits_per_query": found,
                "hits_per_query_alice": found_scoped,
                "memory": memory,
                "two_stage_top10_agreement_pct": agreement,
                "keyword_index": keywords,
            }
            curve.append(point)
            log(
                f"recall {turns}: p50 {point['everything']['median']} ms, p95 {point['everything']['p95']} ms; "
                f"alice p95 {point['alice_high']['p95']} ms; rss {memory['rss_mb']} MB"
            )
        rss_at = (turns, memory)  # the largest size, measured last
    for p in curve:
        target = p["turns"] == TARGET_TURNS
        label = f"{p['turns'] // 1000}k turns"
        metrics.append(
            metric(
                f"recall p95, all pools, {label}",
                p["everything"]["p95"],
                "ms",
                f"<= {TARGET_P95_MS:g} ms" if target else None,
                (p["everything"]["p95"] <= TARGET_P95_MS) if target else None,
                f"median {p['everything']['median']} ms",
            )
        )
        metrics.append(
            metric(
                f"recall p95, alice (high), {label}",
                p["alice_high"]["p95"],
                "ms",
                f"<= {TARGET_P95_MS:g} ms" if target else None,
                (p["alice_high"]["p95"] <= TARGET_P95_MS) if target else None,
                f"median {p['alice_high']['median']} ms",
            )
        )
        agreement = p["two_stage_top10_agreement_pct"]
        if any(n >= APPROX_MIN_ROWS for n in p["tracks"].values()):
            metrics.append(
                metric(
                    f"  two-stage vector search: results as good as the exact top 10, {label}",
                    agreement["turns"],
                    "%",
                    note=f"facts {agreement['facts']} %, "
                    f"episodes {agreement['episodes']} % (tracks under {APPROX_MIN_ROWS:,} rows "
                    "are scanned exactly)",
                )
            )
        keywords = p["keyword_index"]
        metrics.append(
            metric(
                f"  keyword index: top 10 as FTS5's bm25 with every word, {label}",
                keywords["turns"]["top10_as_fts5_pct"],
                "%",
                note=f"facts {keywords['facts']['top10_as_fts5_pct']} %, "
                f"episodes {keywords['episodes']['top10_as_fts5_pct']} % (every word; FTS5 before it searched "
                f"a query's rarest words within {FTS_MATCH_BUDGET:,} matching rows or {FTS_MATCH_SHARE:.0%} of "
                "the track)",
            )
        )
        turns_kw = keywords["turns"]
        metrics.append(
            metric(
                f"  keyword search of the turns, p95, {label}",
                turns_kw["index"]["p95"],
                "ms",
                note=f"median {turns_kw['index']['median']} ms; FTS5 with every word p95 "
                f"{turns_kw['fts5_every_word']['p95']} ms, within the budget {turns_kw['fts5_budget']['p95']} ms",
            )
        )
        naive = p["naive_turns_from_sqlite"]
        ratio = round(naive["median"] / p["everything"]["median"], 1) if p["everything"]["median"] else None
        metrics.append(
            metric(
                f"  naive baseline (turn BLOBs read from SQLite per query), {label}, median",
                naive["median"],
                "ms",
                note=f"{ratio}x the product's SearchAll median (turns only, vector only; {naive['n']} queries)",
            )
        )
    if rss_at:
        n, mem = rss_at
        metrics.append(
            metric(
                f"RSS of this process: daemon model + {n // 1000}k-turn index in memory",
                mem["rss_mb"],
                "MB",
                note=(
                    "the bench's own copy of the model was loaded too (data built this run)"
                    if mem["second_model_in_process"]
                    else "one model loaded"
                ),
            )
        )
    if len(curve) >= 2:
        base = curve[0]["everything"]["median"]
        for p in curve[1:]:
            p["median_ratio_to_smallest"] = round(p["everything"]["median"] / base, 2) if base else None
    return {"queries": len(qs), "k": 10, "curve": curve, "metrics": metrics}
