"""Per-track search: by vector over the in-memory matrices, by keyword over FTS5 (bm25), and the SQL that
re-checks every candidate against the caller's scope and filters."""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field

import numpy as np

from ..store.database import Store
from ..store.tracks import Track
from ..store.vectors import VectorFilter
from .scope import Scope

# Words that would make nearly every row an FTS hit; the vector track covers their meaning.
STOPWORDS = frozenset("""a about above after again all am an and any are as at be been before being below between
both but by can could did do does doing down during each few for from further had has have having he her here
hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off
on once only or other our ours ourselves out over own same she should so some such than that the their theirs
them themselves then there these they this those through to too under until up very was we were what when where
which while who whom why will with would you your yours yourself yourselves s t don didn""".split())

MAX_QUERY_TERMS = 32


def query_words(text: str) -> list[str]:
    """The content words of the text, in order, each once."""
    words = [w for w in re.findall(r"\w+", text.lower()) if w not in STOPWORDS]
    return list(dict.fromkeys(words))[:MAX_QUERY_TERMS]


def fts_query(words: list[str], leave_out: frozenset[str] = frozenset()) -> str | None:
    """A safe FTS5 query of query_words(): each quoted, OR-ed (bm25 ranks rows matching more). Words in
    `leave_out` are dropped, unless that would leave none."""
    words = [w for w in words if w not in leave_out] or words
    return " OR ".join(f'"{w}"' for w in words) if words else None


# A word found in more than COMMON_SHARE of a track's rows (and at least COMMON_MIN_ROWS) is left out of its
# keyword query when the query has rarer words: bm25 weighs it little, yet ranking every row that has it is most
# of a long question's cost on a large memory. Its meaning still reaches the vector search. (A memory of fewer
# than COMMON_MIN_ROWS rows never drops a word.)
COMMON_MIN_ROWS = 2000
COMMON_SHARE = 0.02
COMMON_TTL_SECONDS = 600.0


class CommonWords:
    """Which words are common in a track, each looked up once in a while (how common a word is changes slowly);
    a lookup stops counting at the threshold, so it costs little even for the most common word."""

    def __init__(self, store: Store):
        self.store = store
        self._lock = threading.Lock()
        self._seen: dict[tuple[str, str], tuple[float, bool]] = {}
        self._thresholds: dict[str, tuple[float, int, int]] = {}

    def of(self, track: Track, words: list[str]) -> frozenset[str]:
        now = time.monotonic()
        conn = self.store.read()
        threshold, rows = self._threshold(track, now)
        if rows <= threshold:
            return frozenset()  # no word can be in more rows than there are
        common = set()
        for word in words:
            with self._lock:
                known = self._seen.get((track.name, word))
            if known is None or now - known[0] > COMMON_TTL_SECONDS:
                found = conn.execute(f"SELECT count(*) FROM (SELECT 1 FROM {track.fts} WHERE {track.fts} MATCH ? "
                                     "LIMIT ?)", (f'"{word}"', threshold + 1)).fetchone()[0]
                known = (now, found > threshold)
                with self._lock:
                    if len(self._seen) > 50_000:
                        self._seen.clear()
                    self._seen[(track.name, word)] = known
            if known[1]:
                common.add(word)
        return frozenset(common)

    def _threshold(self, track: Track, now: float) -> tuple[int, int]:
        """(how many rows make a word common, the track's rows), counted once in a while."""
        with self._lock:
            known = self._thresholds.get(track.name)
        if known is None or now - known[0] > COMMON_TTL_SECONDS:
            rows = self.store.read().execute(f"SELECT count(*) FROM {track.table}").fetchone()[0]
            known = (now, max(COMMON_MIN_ROWS, int(COMMON_SHARE * rows)), rows)
            with self._lock:
                self._thresholds[track.name] = known
        return known[1], known[2]


@dataclass
class Filters:
    scope: Scope
    since: float | None = None
    until: float | None = None
    participants: tuple[str, ...] = ()
    include_inactive: bool = False  # superseded facts, cleared turns: only for history views
    extra: list[str] = field(default_factory=list)

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

    def vector_filter(self, store: Store) -> VectorFilter:
        return VectorFilter(owners=self.scope.codes(store.owners), since=self.since, until=self.until)


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


def fts_search(store: Store, track: Track, text: str, k: int, filters: Filters,
               common: CommonWords | None = None) -> tuple[list[tuple[int, float]], dict[int, float]]:
    """([(id, bm25)] best first, {id: time}) of the rows the filters admit; bm25 is negative, lower is better,
    as SQLite reports it.

    Ranked on the index alone (joining every match to its row before ranking costs more than the ranking),
    then the best candidates are checked against the filters; when the filters reject most of them, the
    joined query finds the rest."""
    words = query_words(text)
    match = fts_query(words, common.of(track, words) if common is not None and len(words) > 1 else frozenset())
    if match is None:
        return [], {}
    conn = store.read()
    unfiltered = filters.scope.all_pools and filters.since is None and filters.until is None \
        and not filters.participants
    fetch = k * (FTS_OVERFETCH if unfiltered else FTS_OVERFETCH_FILTERED)
    ranked = conn.execute(f"SELECT rowid, rank FROM {track.fts} WHERE {track.fts} MATCH ? ORDER BY rank LIMIT ?",
                          (match, fetch)).fetchall()
    ok = admissible(store, track, [r[0] for r in ranked], filters)
    hits = [(r[0], r[1]) for r in ranked if r[0] in ok][:k]
    if len(hits) == k or len(ranked) < fetch:
        return hits, {i: ok[i] for i, _ in hits}
    where, params = filters.where(track)
    rows = conn.execute(
        f"SELECT x.id, bm25({track.fts}) AS rank, x.{track.time_col} FROM {track.fts} JOIN {track.table} x "
        f"ON x.id = {track.fts}.rowid WHERE {track.fts} MATCH ? AND {where} ORDER BY rank LIMIT ?",
        [match, *params, k]).fetchall()
    return [(r[0], r[1]) for r in rows], {r[0]: r[2] for r in rows}


def admissible(store: Store, track: Track, ids, filters: Filters) -> dict[int, float]:
    """Of the given ids, those the filters admit, with their times (re-checks vector candidates in SQL)."""
    ids = list(ids)
    if not ids:
        return {}
    where, params = filters.where(track)
    out = {}
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        rows = store.read().execute(
            f"SELECT x.id, x.{track.time_col} FROM {track.table} x WHERE x.id IN ({', '.join('?' * len(chunk))}) "
            f"AND {where}", [*chunk, *params]).fetchall()
        out.update({r[0]: r[1] for r in rows})
    return out
