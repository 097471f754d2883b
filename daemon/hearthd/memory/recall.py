"""Recall: SearchAll (turns, facts, episodes) and SearchFacts, fused and explained.

The shared read surface behind the API's recall, hearthctl recall, the recall tools and context assembly.
"""

from __future__ import annotations

import json
import re
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace

import numpy as np

from ..embedding.service import TextEmbedder
from ..settings import Settings
from ..store.database import Store
from ..store.tracks import TRACKS, Track
from ..timeutil import iso
from .hybrid import NAMED, Hit, TurnContext, fuse, named_weights, turns_that_may_lead
from .search import Filters, Space, WordCounts, admissible, fts_search, vector_search
from .usage import FactUse

CANDIDATES = 100  # per track and method, before fusion
METHODS = ("vector", "fts")  # the per-track retrieval methods fused by default


class Recaller:
    def __init__(self, store: Store, embedder: TextEmbedder, settings: Settings):
        self.store = store
        self.embedder = embedder
        self.settings = settings
        # A query's searches overlap on these threads and the caller's: SQLite and numpy release the GIL (each
        # thread has its own reader).
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="hearth-recall")
        self.word_counts = WordCounts(store)
        self.usage = FactUse(store.writer)

    def close(self) -> None:
        self._pool.shutdown(wait=True)
        self.usage.flush(wait=True)

    def query_space(self, text: str, query_vector: np.ndarray | None = None) -> Space | None:
        """The query's vector in the searched space, or None (model not loaded yet, or failed): keyword only.

        A given vector (benchmarks) is taken to be in the searched space."""
        for _ in range(2):
            model, tracks = self.store.searched_space()
            if model is None:
                return None
            vector = query_vector if query_vector is not None else self.embedder.embed_query(text, model)
            if vector is not None:
                return Space(model, vector, tracks)
            if self.store.vector_model == model:
                return None
            # the space was swapped (a model change completed) while embedding: once more in the new one
        return None

    def search(
        self,
        text: str,
        tracks: list[str],
        filters: Filters,
        space: Space | None,
        k: int,
        now: float | None = None,
        methods: tuple[str, ...] = METHODS,
    ) -> list[Hit]:
        """Hybrid search over the given tracks, the best k of each: by vector in `space` (None: keyword only)
        and by FTS.

        `methods` restricts the methods used (("vector",) or ("fts",): one track alone, for evaluation)."""
        if filters.scope.empty:
            return []
        now = time.time() if now is None else now
        ranked, times = {}, {}
        speakers = named_speakers(self.store, text) if "turns" in tracks else set()
        usable = [method for method in methods if method != "vector" or space is not None]
        jobs = [(name, method) for name in tracks for method in usable]
        weights = named_weights(self.said_share(speakers)) if speakers else None
        if weights:
            # Each method once more over the named speakers' turns alone: in a large memory their turns would
            # otherwise compete with every other turn for the candidates (and the speaker boost only lifts those).
            jobs += [("turns", method + NAMED) for method in usable if weights[method + NAMED] > 0]
        said_by = replace(filters, said_by=tuple(sorted(speakers)))
        # The big track's searches (turns) run on the pool while this thread does the small ones.
        big = [job for job in jobs if job[0] == "turns"]
        pooled = big if 0 < len(big) < len(jobs) else jobs[1:]

        def search_one(name: str, method: str):
            if method.endswith(NAMED):
                return self._search_one(name, method.removesuffix(NAMED), text, said_by, space)
            return self._search_one(name, method, text, filters, space)

        futures = {job: self._pool.submit(search_one, *job) for job in pooled}
        results = {job: search_one(*job) for job in jobs if job not in futures}
        results.update({job: future.result() for job, future in futures.items()})
        for job in jobs:  # in a fixed order, whichever finished first
            hits, ok = results[job]
            times.update({(job[0], i): t for i, t in ok.items()})
            if hits:
                ranked[job] = hits
        context = None
        candidates = {i for (name, _), items in ranked.items() if name == "turns" for i, _ in items}
        if candidates:
            context = turn_context(
                self.store,
                turns_that_may_lead(ranked, k, bool(speakers), weights),
                candidates,
                speakers,
                filters,
                times,
            )
        half_life = self.settings["episodes.recency_decay_half_life_days"]
        return fuse(ranked, times, now, half_life, context, limit=k, weights=weights)

    def said_share(self, speakers: set[str]) -> float:
        """The share of the live turns said by these speakers."""
        kt = self.store.keywords.get("turns")
        if kt is not None:
            return kt.said_share(self.store.owners.codes(speakers))
        marks = ", ".join("?" * len(speakers))
        with self.store.reading() as conn:
            said, total = conn.execute(
                f"SELECT count(*) FILTER (WHERE speaker_id IN ({marks})), count(*) FROM turns "
                f"WHERE {TRACKS['turns'].live()}",
                sorted(speakers),
            ).fetchone()
        return said / total if total else 0.0

    def _search_one(
        self, name: str, method: str, text: str, filters: Filters, space: Space | None
    ) -> tuple[list[tuple[int, float]], dict[int, float]]:
        """One track searched one way: (hits best first, {id: time} of the hits the filters admit)."""
        track = TRACKS[name]
        # The vector track checks the rows it holds in memory (hydrate() re-checks the few rows returned against
        # a change committed meanwhile).
        held = space.tracks.get(name) if space is not None else None
        if method == "fts":
            return fts_search(self.store, track, text, CANDIDATES, filters, self.word_counts, held)
        if space is None:  # never asked: search() runs vector jobs only with a space
            return [], {}
        vec = vector_search(self.store, space, track, CANDIDATES, filters)
        ok = admissible(self.store, track, [i for i, _ in vec], filters, held)
        return [(i, s) for i, s in vec if i in ok], ok

    def search_all(
        self,
        text: str,
        filters: Filters,
        k: int = 10,
        query_vector: np.ndarray | None = None,
        methods: tuple[str, ...] = METHODS,
    ) -> dict:
        space = self.query_space(text, query_vector) if "vector" in methods else None
        hits = self.search(text, list(TRACKS), filters, space, k, methods=methods)
        out = {"facts": [], "episodes": [], "turns": []}
        for name in out:
            out[name] = hydrate(self.store, TRACKS[name], [h for h in hits if h.track == name], filters)
        out["vector_search"] = space is not None  # False: keyword search only (model loading or failed)
        return out

    def query_space_soon(self, text: str) -> Future:
        """query_space(text) begun now, on the pool: a caller that has other reading to do does it meanwhile,
        and passes the future to search_facts."""
        return self._pool.submit(self.query_space, text)

    def search_facts(
        self,
        text: str,
        filters: Filters,
        k: int,
        query_vector: np.ndarray | None = None,
        space_soon: Future | None = None,
    ) -> list[dict]:
        space = space_soon.result() if space_soon is not None else self.query_space(text, query_vector)
        hits = self.search(text, ["facts"], filters, space, k)
        items = hydrate(self.store, TRACKS["facts"], hits, filters)
        vt = space.tracks.get("facts") if space is not None else None
        if vt is not None:
            sims = vt.similarity(space.vector, [i["id"] for i in items])
            for item in items:
                item["similarity"] = round(sims.get(item["id"], 0.0), 4)
        return items


def named_speakers(store: Store, text: str) -> set[str]:
    """The speakers the query names (by id, full name or first name)."""
    words = set(re.findall(r"\w+", text.lower()))
    with store.reading() as conn:
        return {sid for sid, name in conn.execute("SELECT id, name FROM speakers") if _names(sid, name) & words}


def turn_context(
    store: Store,
    read: set[int],
    candidates: set[int],
    speakers: set[str],
    filters: Filters,
    times: dict[tuple[str, int], float],
) -> TurnContext:
    """Of the candidate turns in `read`: the neighbours (the turns just before and after, in the same session,
    that the filters admit), and which are by one of the `speakers`. Adds the neighbours' times."""
    ids = read | {i + d for i in read for d in (-1, 1)}
    where, params = filters.where(TRACKS["turns"])
    # one query: each turn's session and speaker, and its time if the filters admit it
    with store.reading() as conn:
        rows = {
            r[0]: r[1:]
            for r in conn.execute(
                f"SELECT x.id, x.session_id, x.speaker_id, CASE WHEN {where} THEN x.ts END FROM turns x "
                "WHERE x.id IN (SELECT value FROM json_each(?))",
                [*params, json.dumps(sorted(ids))],
            )
        }
    neighbours = {}
    for i in read:
        if i not in rows:
            continue
        near = tuple(j for j in (i - 1, i + 1) if j in rows and rows[j][0] == rows[i][0] and rows[j][2] is not None)
        if near:
            neighbours[i] = near
            times.update({("turns", j): rows[j][2] for j in near if j not in candidates})
    named = frozenset(i for i in candidates if i in rows and rows[i][1] in speakers)
    return TurnContext(neighbours, named)


def _names(speaker_id: str, name: str | None) -> set[str]:
    """How a query may name a speaker: the id, the full name, or the first word of the name."""
    out = {speaker_id.lower()}
    if name:
        out.add(name.lower())
        first = re.findall(r"\w+", name.lower())
        if first:
            out.add(first[0])
    return out


FIELDS = {
    "turns": "id, text, role, speaker_id, band, owner_id, ts, thread_id, session_id, "
    "(SELECT key FROM threads WHERE threads.id = x.thread_id) AS thread",
    "facts": "id, text, display_text, subject, predicate, object, owner_id, status, provenance, confidence, "
    "support_count, always_inject, valid_from, valid_to, superseded_by, use_count, importance, importance_inputs",
    "episodes": "id, headline, summary, participants, owner_id, started_at, ended_at, session_id",
}


def row_to_item(track: Track, row) -> dict:
    item = dict(row)
    item["ref"] = f"{track.kind}:{item['id']}"
    if track.name == "facts":
        item["text"] = item.pop("display_text") or item["text"]
        item["always_inject"] = bool(item["always_inject"])
        if item.get("importance_inputs"):  # the inputs the importance came from (a row may not select them)
            item["importance_inputs"] = json.loads(item["importance_inputs"])
        for key in ("valid_from", "valid_to"):
            item[key] = iso(item[key])
    elif track.name == "episodes":
        item["text"] = f"{item['headline']}: {item['summary']}"
        item["participants"] = json.loads(item["participants"])
        for key in ("started_at", "ended_at"):
            item[key] = iso(item[key])
    else:
        item["ts"] = iso(item["ts"])
    return item


def hydrate(store: Store, track: Track, hits: list[Hit], filters: Filters) -> list[dict]:
    """The rows of the hits, in order; a row dismissed, cleared or erased since it was found is left out."""
    if not hits:
        return []
    ids = [h.id for h in hits]
    live = "" if filters.include_inactive else f" AND {track.live('x')}"
    with store.reading() as conn:
        rows = conn.execute(
            f"SELECT {FIELDS[track.name]} FROM {track.table} x WHERE id IN ({', '.join('?' * len(ids))}){live}", ids
        ).fetchall()
        names = speaker_names(conn, {r["speaker_id"] for r in rows}) if track.name == "turns" else {}
    by_id = {r["id"]: r for r in rows}
    out = []
    for hit in hits:
        row = by_id.get(hit.id)
        if row is None:
            continue
        item = row_to_item(track, row)
        if track.name == "turns":
            item["speaker"] = who_said(item, names)
        item["score"] = round(hit.score, 6)
        item["parts"] = hit.explain()
        item["relevance"] = relevance(hit.parts)
        out.append(item)
    return out


# How close in meaning (the query's and the item's vectors, all-MiniLM-L6-v2's cosine) a match must be to read as
# strong, or as related: a question and the sentence that answers it score 0.55-0.85 ("what is Emma allergic
# to?" / "Emma is allergic to peanuts" 0.85), a turn on the same topic 0.3-0.6, an unrelated one under 0.15.
STRONG_SIMILARITY = 0.5
RELATED_SIMILARITY = 0.25
KEYWORD_ONLY_FLOOR = 0.15  # a shared word with a meaning this far off is a chance match
TOP_RANKS = 3  # found among the first this many by both meaning and words: strong


def relevance(parts: dict) -> str:
    """How well an item answers the query, for a person to read: strong, related or weak, from the score's
    parts (the fused ranks and the vector similarity; the numbers stay in the item's parts and score).

    strong: close in meaning, or among the first few by both meaning and words; related: near in meaning, a
    word of the query matched, or the turn beside a match (read in its conversation); weak: the rest (found
    only as the best of little)."""
    similarity = parts.get("similarity")
    vector_rank, fts_rank = parts.get("vector_rank"), parts.get("fts_rank")
    if similarity is not None and similarity >= STRONG_SIMILARITY:
        return "strong"
    if vector_rank is not None and fts_rank is not None and max(vector_rank, fts_rank) <= TOP_RANKS:
        return "strong" if similarity is None or similarity >= RELATED_SIMILARITY else "related"
    if similarity is not None and similarity >= RELATED_SIMILARITY:
        return "related"
    if fts_rank is not None and (similarity is None or similarity >= KEYWORD_ONLY_FLOOR):
        return "related"
    if vector_rank is None and fts_rank is None and parts.get("neighbours"):
        return "related"
    return "weak"


def speaker_names(conn, ids: set) -> dict[str, str]:
    """The names of the speakers of these ids (those still enrolled)."""
    known = sorted(i for i in ids if i)
    if not known:
        return {}
    rows = conn.execute(f"SELECT id, name FROM speakers WHERE id IN ({', '.join('?' * len(known))})", known)
    return {sid: name for sid, name in rows}


def who_said(turn: dict, names: dict[str, str]) -> str:
    """Who said a turn, for people: the speaker's name, "assistant", or "someone" (a voice nobody knew)."""
    if turn["role"] == "assistant":
        return "assistant"
    return names.get(turn["speaker_id"]) or turn["speaker_id"] or "someone"
