"""Building (and caching) data dirs of a given size: turns, facts and episodes with real-model vectors.

Rows go in through the Store's single writer: turns with `hearthd.formation.ledger.insert_turns` (threads,
sessions, speakers, owners as the daemon makes them), facts and episodes by direct INSERTs; every row gets its
vector from the bundled all-MiniLM-L6-v2 as an `encode`d BLOB with embed_model set, so a daemon opened on the
dir has nothing to embed and only loads its tracks.

Two caches under bench/.cache/ (gitignored):
- emb/<stream>-v<corpus>.npy: the vectors of the first M texts of each corpus stream; it grows by appending
  (the corpus is prefix-stable), so the 1k, 10k and 100k data dirs share one embedding job.
- data-t<turns>-f<facts>-e<episodes>-v<corpus>/core.db: the built data dir, never opened by a benchmark
  directly: each use gets a throwaway copy (working_copy), so a run cannot change the next run's input.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from . import corpus
from .common import CACHE_DIR, MODEL, log

SPAN_DAYS = 730          # the data covers the two years before it was built
ENCODE_CHUNK = 4096
WRITE_BATCH = 2000

_model = None


def model():
    """The bundled model, loaded once per benchmark process (for building data and precomputing queries)."""
    global _model
    if _model is None:
        from hearthd.embedding.models import load_sentence_transformer

        _model = load_sentence_transformer(MODEL)
    return _model


def encode(texts: list[str]) -> np.ndarray:
    return model().encode(list(texts))


# -- embedding cache ---------------------------------------------------------------------------------------
def cached_vectors(stream: str, texts: list[str]) -> np.ndarray:
    """Vectors of the first len(texts) items of a stream, embedding only those not cached yet."""
    folder = CACHE_DIR / "emb"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stream}-v{corpus.CORPUS_VERSION}.npy"
    have = np.load(path) if path.exists() else np.zeros((0, 384), dtype=np.float32)
    if len(have) < len(texts):
        todo = texts[len(have):]
        log(f"embedding {len(todo)} {stream} texts with {MODEL} (cached: {len(have)})")
        started = time.perf_counter()
        # Household talk repeats itself ("turn off the lights"): embed each distinct text once.
        unique = list(dict.fromkeys(todo))
        index = {t: j for j, t in enumerate(unique)}
        vecs = []
        for i in range(0, len(unique), ENCODE_CHUNK):
            vecs.append(encode(unique[i:i + ENCODE_CHUNK]))
            done = min(i + ENCODE_CHUNK, len(unique))
            rate = done / (time.perf_counter() - started)
            log(f"  {stream}: {done}/{len(unique)} distinct texts ({rate:.0f} texts/s)")
        vecs = np.concatenate(vecs) if vecs else np.zeros((0, 384), dtype=np.float32)
        have = np.concatenate([have, vecs[[index[t] for t in todo]]]).astype(np.float32)
        tmp = path.with_suffix(".tmp.npy")
        np.save(tmp, have)
        tmp.replace(path)
    return have[: len(texts)]


# -- data dirs -----------------------------------------------------------------------------------------------
def sizes_for(turns: int) -> tuple[int, int, int]:
    """The spec's proportions: 100k turns + 20k facts + 2k episodes."""
    return turns, turns // 5, turns // 50


def dataset_dir(turns: int, facts: int, episodes: int) -> Path:
    return CACHE_DIR / f"data-t{turns}-f{facts}-e{episodes}-v{corpus.CORPUS_VERSION}"


def ensure_dataset(turns: int, facts: int | None = None, episodes: int | None = None) -> Path:
    """The cached data dir of this size, built first if missing."""
    if facts is None or episodes is None:
        _, f, e = sizes_for(turns)
        facts = f if facts is None else facts
        episodes = e if episodes is None else episodes
    final = dataset_dir(turns, facts, episodes)
    if (final / "core.db").exists() and (final / "bench-dataset.json").exists():
        return final
    started = time.perf_counter()
    log(f"building data dir: {turns} turns, {facts} facts, {episodes} episodes")
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=final.name + ".", suffix=".building", dir=CACHE_DIR))
    try:
        info = _build(work, turns, facts, episodes)
        info["build_seconds"] = round(time.perf_counter() - started, 1)
        (work / "bench-dataset.json").write_text(json.dumps(info, indent=2))
        if final.exists():
            shutil.rmtree(final)
        work.rename(final)
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    log(f"built {final.name} in {time.perf_counter() - started:.1f}s")
    return final


def _build(data_dir: Path, n_turns: int, n_facts: int, n_episodes: int) -> dict:
    from hearthd.formation.ledger import TurnIn, insert_turns
    from hearthd.store.database import Store
    from hearthd.store.vectors import encode as blob

    stream = list(corpus.turn_stream(n_turns))
    facts = [corpus.fact(i) for i in range(n_facts)]
    episodes = [corpus.episode(i) for i in range(n_episodes)]
    turn_vecs = cached_vectors("turns", [t[2] for t in stream])
    fact_vecs = cached_vectors("facts", [f.text for f in facts])
    episode_vecs = cached_vectors("episodes", [corpus.episode_text(e) for e in episodes])

    now = time.time()
    start = now - SPAN_DAYS * 86_400
    n_sessions = (stream[-1][0].index + 1) if stream else 1
    gap = SPAN_DAYS * 86_400 / n_sessions
    turn_ins, last_session, clock = [], None, start
    for s, role, text in stream:
        if s is not last_session:
            clock = start + s.index * gap + (hash(s.index) % 600)
            last_session = s
        clock += 8 + (len(text) % 40)  # a few seconds between turns
        turn_ins.append(TurnIn(thread=s.room, role=role, text=text, speaker=s.speaker, band=s.band, ts=clock))

    store = Store(data_dir)
    try:
        coupling = 300
        for i in range(0, len(turn_ins), WRITE_BATCH):
            batch = turn_ins[i:i + WRITE_BATCH]
            vecs = turn_vecs[i:i + WRITE_BATCH]

            def write(tx, batch=batch, vecs=vecs):
                records = insert_turns(tx, batch, coupling)
                tx.executemany("UPDATE turns SET embedding = ?, embed_model = ? WHERE id = ?",
                               [(blob(v), MODEL, r["id"]) for r, v in zip(records, vecs)])
                return records

            store.writer.write(write, timeout=600)

        def close_sessions(tx):
            # Past conversations are ended and formed, as they would be in a lived-in database; only each
            # thread's latest session stays open.
            tx.execute("UPDATE sessions SET ended_at = last_turn_at, formed_at = last_turn_at + 60 "
                       "WHERE id NOT IN (SELECT max(id) FROM sessions GROUP BY thread_id)")
            return [tuple(r) for r in tx.execute(
                "SELECT id, thread_id, started_at, last_turn_at FROM sessions ORDER BY id").fetchall()]

        sessions = store.writer.write(close_sessions)

        def write_facts(tx, lo, hi):
            rows = []
            for j in range(lo, hi):
                f = facts[j]
                valid_from = start + (j + 0.5) * (SPAN_DAYS * 86_400 / max(1, n_facts))
                rows.append((f.subject, f.predicate, f.object, f.text, f.owner,
                             "superseded" if f.superseded else "active", valid_from,
                             valid_from + 86_400 if f.superseded else None, valid_from, int(f.pinned),
                             blob(fact_vecs[j]), MODEL))
            tx.executemany(
                "INSERT INTO facts(subject, predicate, object, text, owner_id, status, valid_from, valid_to, "
                "recorded_at, always_inject, embedding, embed_model) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows)

        for lo in range(0, n_facts, WRITE_BATCH):
            store.writer.write(lambda tx, lo=lo: write_facts(tx, lo, min(n_facts, lo + WRITE_BATCH)), timeout=600)

        def write_episodes(tx):
            rows = []
            for j, e in enumerate(episodes):
                sid, thread_id, started, ended = sessions[int(j * len(sessions) / max(1, n_episodes))]
                rows.append((sid, thread_id, e.headline, e.summary, json.dumps([e.who]), e.owner, started, ended,
                             ended + 60, blob(episode_vecs[j]), MODEL))
            tx.executemany(
                "INSERT INTO episodes(session_id, thread_id, headline, summary, participants, owner_id, started_at, "
                "ended_at, created_at, embedding, embed_model) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            Store.set_meta(tx, "embedder_model", MODEL)
            Store.set_meta(tx, "embedder_dim", "384")

        store.writer.write(write_episodes, timeout=600)
        counts = store.counts()
    finally:
        store.close()
    return {"turns": n_turns, "facts": n_facts, "episodes": n_episodes, "sessions": len(sessions),
            "counts": counts, "corpus_version": corpus.CORPUS_VERSION, "model": MODEL,
            "db_mb": round((data_dir / "core.db").stat().st_size / 1e6, 1)}


def dataset_info(path: Path) -> dict:
    return json.loads((path / "bench-dataset.json").read_text())


@contextmanager
def working_copy(dataset: Path, keep: bool = False):
    """A throwaway copy of a cached data dir (core.db only: tokens, lock and socket are made fresh)."""
    work = Path(tempfile.mkdtemp(prefix="hearth-bench-"))
    try:
        for name in ("core.db", "core.db-wal", "core.db-shm"):
            if (dataset / name).exists():
                shutil.copy2(dataset / name, work / name)
        yield work
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
