"""Per-track search: by vector over the in-memory matrices, by keyword over the in-memory BM25 index (FTS5 while
it loads, and for history views), and the SQL that re-checks every candidate against the caller's scope and
filters."""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass

import numpy as np

from ..store.database import Store
from ..store.keywords import STOPWORDS, KeywordTrack, terms_of
from ..store.tracks import Track
from ..store.vectors import VectorFilter, VectorTrack
from .scope import Scope

MAX_QUERY_TERMS = 32


def query_words(text: str) -> list[str]:
    """The content words of the text, in order, each once."""
    words = [w for w in re.findall(r"\w+", text.lower()) if w not in STOPWORDS]
    return list(dict.fromkeys(words))[:MAX_QUERY_TERMS]


def fts_query(words: list[str]) -> str | None:
    """A safe FTS5 query of the given words: each quoted, OR-ed (bm25 ranks rows matching more)."""
    return " OR ".join(f'"{w}"' for w in words) if words else None


# FTS5 computes bm25 for every row a query matches before it knows the best (~1 us a row), so on a large memory
# a long question of everyday words costs most of a recall. A keyword query therefore takes its words rarest
# first while the rows they match stay within the budget (the rarest word always): FTS_MATCH_BUDGET rows, or
# FTS_MATCH_SHARE of the track on a larger memory (so the words kept do not dwindle as the memory grows; its
# cost grows with it, as the vector scan's does). The common words left out weigh little in bm25 (a low idf),
# and their meaning still reaches the vector search; a memory where the words together match fewer rows keeps
# every word. bench/ reports how much of the top 10 stays the same.
FTS_MATCH_BUDGET = 3000
FTS_MATCH_SHARE = 0.03
WORD_COUNT_TTL_SECONDS = 600.0


class WordCounts:
    """How many rows of a track have a word, counted up to just over the budget (enough to rank words by it) and
    kept a while, as are the track's rows: how common a word is changes slowly."""

    def __init__(self, store: Store):
        self.store = store
        self._lock = threading.Lock()
        self._counts: dict[tuple[str, str], tuple[float, int, int]] = {}  # (when, rows found, counted up to)

    def budget(self, track: Track) -> int:
        # the track's rows, cached under the key "", which no word can be
        rows = self._cached((track.name, ""), 0, lambda: self._count(f"SELECT count(*) FROM {track.table}"))
        return max(FTS_MATCH_BUDGET, int(FTS_MATCH_SHARE * rows))

    def count(self, track: Track, word: str, budget: int) -> int:
        return self._cached(
            (track.name, word),
            budget + 1,
            lambda: self._count(
                f"SELECT count(*) FROM (SELECT 1 FROM {track.fts} WHERE {track.fts} MATCH ? LIMIT ?)",
                (f'"{word}"', budget + 1),
            ),
        )

    def _count(self, sql: str, params=()) -> int:
        with self.store.reading() as conn:
            return conn.execute(sql, params).fetchone()[0]

    def _cached(self, key: tuple[str, str], limit: int, counter) -> int:
        now = time.monotonic()
        with self._lock:
            known = self._counts.get(key)
        # a count stopped at a lower limit than asked now is counted again
        if known is None or now - known[0] > WORD_COUNT_TTL_SECONDS or (known[1] >= known[2] and limit > known[2]):
            known = (now, counter(), limit)
            with self._lock:
                if len(self._counts) > 50_000:
                    self._counts.clear()
                self._counts[key] = known
        return known[1]

    def within_budget(self, track: Track, words: list[str]) -> list[str]:
        """The words to search for, in their order: the rarest while their rows fit the budget."""
        if len(words) < 2:
            return words
        budget = self.budget(track)
        counts = {w: self.count(track, w, budget) for w in words}
        kept, total = set(), 0
        for word in sorted(words, key=counts.__getitem__):
            if kept and total + counts[word] > budget:
                break
            kept.add(word)
            total += counts[word]
        return [w for w in words if w in kept]


@dataclass
class Filters:
    scope: Scope
    since: float | None = None
    until: float | None = None
    participants: tuple[str, ...] = ()
    include_inactive: bool = False  # superseded facts, cleared turns: only for history views
    said_by: tuple[str, ...] = ()  # only turns said by one of these speakers (recall's named-speaker lists)

    def where(self, track: Track, alias: str = "x") -> tuple[str, list]:
        owner_sql, params = self.scope.sql(f"{alias}.owner_id")
        clauses = [owner_sql]
        if not self.include_inactive:
            clauses.append(track.live(alias))
        if self.since is not None:
            clauses.append(f"{alias}.{track.time_col} >= ?")
            params.append(self.since)
        if self.until is not None:
            clauses.append(f"{alias}.{track.time_col} < ?")
            params.append(self.until)
        if self.said_by and track.speaker_sql != "NULL":
            clauses.append(f"{alias}.{track.speaker_sql} IN ({', '.join('?' * len(self.said_by))})")
            params.extend(self.said_by)
        if self.participants:
            marks = ", ".join("?" * len(self.participants))
            if track.name == "turns":
                clauses.append(f"{alias}.speaker_id IN ({marks})")
            elif track.name == "facts":
                clauses.append(f"({alias}.subject IN ({marks}) OR {alias}.owner_id IN ({marks}))")
                params.extend(self.participants)
            else:
                clauses.append(f"EXISTS (SELECT 1 FROM json_each({alias}.participants) WHERE value IN ({marks}))")
            params.extend(self.participants)
        return " AND ".join(clauses), params

    @property
    def tracks_suffice(self) -> bool:
        """Whether the vector tracks' own filter (pool, time; they hold live rows only) is all these filters ask."""
        return not self.participants

    def vector_filter(self, store: Store) -> VectorFilter:
        said_by = store.owners.codes(self.said_by) if self.said_by else None
        return VectorFilter(owners=self.scope.codes(store.owners), since=self.since, until=self.until, speakers=said_by)


@dataclass(frozen=True)
class Space:
    """A query's vector with the tracks of the same model, taken together so a search never compares two
    vector spaces, even while a model change swaps them."""

    model: str | None
    vector: np.ndarray
    tracks: dict


def vector_search(store: Store, space: Space, track: Track, k: int, filters: Filters) -> list[tuple[int, float]]:
    vt = space.tracks.get(track.name)
    if vt is None:
        return []
    return vt.search(space.vector, k, filters.vector_filter(store))


# How many more FTS candidates than needed are ranked on the index alone: few when nothing filters them,
# more when a scope or a time range will reject some.
FTS_OVERFETCH = 2
FTS_OVERFETCH_FILTERED = 4


def fts_search(
    store: Store,
    track: Track,
    text: str,
    k: int,
    filters: Filters,
    counts: WordCounts | None = None,
    held: VectorTrack | None = None,
) -> tuple[list[tuple[int, float]], dict[int, float]]:
    """([(id, bm25)] best first, {id: time}) of the rows the filters admit; bm25 is negative, lower is better,
    as SQLite reports it. From the keyword index once it is loaded (every word of the text), else from FTS5."""
    words = query_words(text)
    if not words:
        return [], {}
    kt = store.keywords.get(track.name)
    if kt is not None and not filters.include_inactive:  # the index holds live rows only
        found = keyword_search(store, kt, track, words, k, filters)
        if found is not None:
            return found
    return sqlite_fts_search(store, track, words, k, filters, counts, held)


def keyword_search(
    store: Store, kt: KeywordTrack, track: Track, words: list[str], k: int, filters: Filters
) -> tuple[list[tuple[int, float]], dict[int, float]] | None:
    """fts_search over the keyword index; None when the filters reject most candidates (FTS5 then finds the
    rest with the filters joined)."""
    terms = terms_of(words)
    where = filters.vector_filter(store)
    if filters.tracks_suffice:  # pool and time: checked in memory
        hits = kt.search(terms, k, where)
        return [(i, s) for i, s, _ in hits], {i: t for i, _, t in hits}
    fetch = k * FTS_OVERFETCH_FILTERED
    hits = kt.search(terms, fetch, where)
    ok = admissible(store, track, [h[0] for h in hits], filters)
    kept = [(i, s) for i, s, _ in hits if i in ok][:k]
    if len(kept) == k or len(hits) < fetch:
        return kept, {i: ok[i] for i, _ in kept}
    return None


def sqlite_fts_search(
    store: Store,
    track: Track,
    words: list[str],
    k: int,
    filters: Filters,
    counts: WordCounts | None = None,
    held: VectorTrack | None = None,
) -> tuple[list[tuple[int, float]], dict[int, float]]:
    """fts_search over FTS5: ranked on the index alone (joining every match to its row before ranking costs
    more than the ranking), then the best candidates are checked against the filters; when the filters reject
    most of them, the joined query finds the rest. With `counts`, only the rarest words within the budget."""
    match = fts_query(counts.within_budget(track, words) if counts is not None else words)
    if match is None:
        return [], {}
    with store.reading() as conn:
        unfiltered = (
            filters.scope.all_pools
            and filters.since is None
            and filters.until is None
            and not filters.participants
            and not filters.said_by
        )
        fetch = k * (FTS_OVERFETCH if unfiltered else FTS_OVERFETCH_FILTERED)
        ranked = conn.execute(
            f"SELECT rowid, rank FROM {track.fts} WHERE {track.fts} MATCH ? ORDER BY rank LIMIT ?", (match, fetch)
        ).fetchall()
        ok = admissible(store, track, [r[0] for r in ranked], filters, held)
        hits = [(r[0], r[1]) for r in ranked if r[0] in ok][:k]
        if len(hits) == k or len(ranked) < fetch:
            return hits, {i: ok[i] for i, _ in hits}
        where, params = filters.where(track)
        rows = conn.execute(
            f"SELECT x.id, bm25({track.fts}) AS rank, x.{track.time_col} FROM {track.fts} JOIN {track.table} x "
            f"ON x.id = {track.fts}.rowid WHERE {track.fts} MATCH ? AND {where} ORDER BY rank LIMIT ?",
            [match, *params, k],
        ).fetchall()
        return [(r[0], r[1]) for r in rows], {r[0]: r[2] for r in rows}


def admissible(store: Store, track: Track, ids, filters: Filters, held: VectorTrack | None = None) -> dict[int, float]:
    """Of the given ids, those the filters admit, with their times. Rows the vector track `held` holds are
    checked in memory when its filter is all these filters ask; the others in SQL."""
    if held is not None and filters.tracks_suffice:
        out, ids = held.admit(ids, filters.vector_filter(store))
    else:
        out, ids = {}, list(ids)
    if not ids:
        return out
    where, params = filters.where(track)
    for i in range(0, len(ids), 500):
        chunk = ids[i : i + 500]
        with store.reading() as conn:
            rows = conn.execute(
                f"SELECT x.id, x.{track.time_col} FROM {track.table} x WHERE x.id IN ({', '.join('?' * len(chunk))}) "
                f"AND {where}",
                [*chunk, *params],
            ).fetchall()
        out.update({r[0]: r[1] for r in rows})
    return out
