"""Vectors: the BLOB codec and the in-memory matrices searched on the read path.

Vectors are stored normalised, as little-endian float32 BLOBs next to their rows. The daemon keeps every
searchable row's vector in one matrix per track (turns, facts, episodes), so a search is one matrix product
and never reads BLOBs from disk. A track holds vectors of one model only: the active one.

A large track is searched in two stages. Scanning every full vector reads the whole matrix from memory (150 MB
at 100k rows of 384 floats: memory-bound, ~10 ms on a hub's core); so from APPROX_MIN_ROWS the track also keeps
an inverted file (faiss): the rows grouped around k-means centroids, each stored in 8 bits a dimension. A search
scans the lists whose centroids are nearest the query (PROBE_SHARE of them, more when a filter admits fewer
rows) and re-scores the best candidates exactly from the matrix. The file is trained on a sample in the
background when the track reaches the threshold, each time it doubles, and when the rows written since it was
trained (scanned exactly meanwhile) pass FRESH_SHARE of the track or FRESH_MAX_ROWS; until it is ready, and
whenever the filters leave few rows, the scan is exact. bench/ reports how often the top k is as good as the exact one.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import logging
import math
import threading
from dataclasses import dataclass

import faiss
import numpy as np

log = logging.getLogger(__name__)

# The daemon's parallelism is its own threads (as for BLAS, daemon.limit_blas_threads): one OpenMP thread.
faiss.omp_set_num_threads(1)

HOUSEHOLD = 0  # owner code of the household pool

# Below it a track is scanned exactly: 32k rows take ~3 ms, and smaller files of short, alike rows (facts, episodes)
# agreed with the exact top 10 only 97-98 % (bench, 20k rows, 64 of ~200 lists probed)
APPROX_MIN_ROWS = 32_768
NOWHERE = np.float32(-np.inf)  # the score of a row the filter leaves out
GATHER_SHARE = 64  # a filter admitting under 1/64 of the rows: their vectors gathered and scanned exactly (above it
# the file, which checks a bitmap as it scans, is cheaper: one speaker of four, exact 2.5-3 ms, the file 1.6)
LIST_ROWS = 100  # rows a list, when the file is trained
MAX_LISTS = 1024  # training and filing cost grows with the lists: beyond ~100k rows the lists grow instead
# The share of a file's lists a search scans. Past 100k rows a file has ~1,000 lists whose rows grow: at 1M turns a
# tenth scanned 100k rows (~8 ms); a twelfth (~86 of 1,024 lists) agreed with the exact top 10 99.65 % at 1M and
# 99.45 % at 100k, a sixteenth 98.9 % at 1M (a tenth 99.8-100 %)
PROBE_SHARE = 1 / 12
# Facts are short statements alike in form ("alice likes ..."), their lists less apart: their files scan a fifth
# (bench, 200k facts beside 1M turns: of the exact top 10, 99.35 % at a fifth, 97.7 % at a tenth, 94.9 % at a
# sixteenth; SearchAll's p95 23.5 against 21.5 ms at a tenth)
PROBE_SHARES = {"facts": 0.2}
# A small file needs a good part of its lists (bench, top 10 as good as the exact: a 10k-row file 87.5 % at 10
# probes, 97.8 % at 32, 99.8 % at 64; a 20k-row one 93-97 % at 32, 98.3 % at 64)
MIN_PROBES = 64
# Rows written since the file was trained, scanned exactly, before it is trained again: a share of the track, at
# most FRESH_MAX_ROWS (their exact scan costs ~0.3 ms; 5 % of 1M rows would cost ~10 ms on every search).
FRESH_SHARE = 0.05
FRESH_MAX_ROWS = 2000
RESCORE_MIN = 300  # candidates re-scored exactly: at least this many, and 3x those asked for
TRAIN_ROWS_PER_LIST = 32
KMEANS_ROUNDS = 10
FILE_CHUNK = 16_384  # rows copied under the track's lock at a time while a new file is filled


def grown(old: np.ndarray, capacity: int, used: int, fill=0) -> np.ndarray:
    """`old` with room for `capacity` rows (its first `used` kept, the rest `fill`): the tracks grow by doubling."""
    new = np.full((capacity,) + old.shape[1:], fill, dtype=old.dtype)
    new[:used] = old[:used]
    return new


def encode(vector: np.ndarray) -> bytes:
    v = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(v))
    if norm > 0:
        v = v / norm
    return v.astype("<f4").tobytes()


def decode(blob: bytes) -> np.ndarray:
    return np.frombuffer(blob, dtype="<f4").astype(np.float32, copy=False)


@dataclass(frozen=True)
class VectorFilter:
    """Which rows a search may return. owners=None: every pool; since/until bound the row's time; speakers (codes,
    as owners are coded): only rows said by one of them."""

    owners: frozenset[int] | None = None
    since: float | None = None
    until: float | None = None
    speakers: frozenset[int] | None = None


class VectorTrack:
    """An append-friendly matrix of one track's vectors with per-row owner codes and times for filtering."""

    def __init__(self, name: str, dim: int, capacity: int = 1024):
        self.name = name
        self.dim = dim
        self._lock = threading.RLock()
        self._n = 0
        self._matrix = np.zeros((capacity, dim), dtype=np.float32)
        self._ids = np.zeros(capacity, dtype=np.int64)
        self._owners = np.zeros(capacity, dtype=np.int32)
        self._times = np.zeros(capacity, dtype=np.float64)
        self._speakers = np.zeros(capacity, dtype=np.int32)
        self._pos: dict[int, int] = {}
        self._file: InvertedFile | None = None  # once the track is large
        self._filed_at = 0  # the track's rows when the current (or building) file was begun
        self._building: threading.Thread | None = None
        self._changed: set[int] | None = None  # positions written while a new file is filled
        # Rows written since the file was trained are also scanned exactly: the file's lists were fitted to the
        # rows it was trained on, and rows unlike them (a new topic, a conversation imported into years of
        # others) fall into lists a query's nearest centroids miss. Past FRESH_SHARE of the track (at most
        # FRESH_MAX_ROWS), a new file.
        self._fresh = np.zeros(capacity, dtype=bool)
        self._fresh_count = 0
        self._built = threading.Event()
        self._built.set()
        self._closed = False

    def __len__(self) -> int:
        return self._n

    def __contains__(self, row_id: int) -> bool:
        return row_id in self._pos

    def _grow(self, need: int) -> None:
        cap = len(self._ids)
        if need <= cap:
            return
        new_cap = max(need, cap * 2)
        for attr in ("_matrix", "_ids", "_owners", "_times", "_speakers", "_fresh"):
            setattr(self, attr, grown(getattr(self, attr), new_cap, self._n))

    def upsert(self, row_id: int, vector: np.ndarray, owner: int, ts: float, speaker: int = HOUSEHOLD) -> None:
        self.upsert_many([row_id], np.asarray(vector, dtype=np.float32).reshape(1, -1), [owner], [ts], [speaker])

    def upsert_many(self, ids, vectors: np.ndarray, owners, times, speakers=None) -> None:
        vectors = np.asarray(vectors, dtype=np.float32)
        if vectors.ndim != 2 or vectors.shape[1] != self.dim:
            raise ValueError(f"{self.name}: vectors of dimension {vectors.shape[-1]} in a {self.dim}-d track")
        with self._lock:
            self._grow(self._n + len(ids))
            positions = np.empty(len(ids), dtype=np.int64)
            for i, row_id in enumerate(ids):
                pos = self._pos.get(int(row_id))
                if pos is None:
                    pos = self._n
                    self._n += 1
                    self._pos[int(row_id)] = pos
                    self._ids[pos] = row_id
                self._matrix[pos] = vectors[i]
                self._owners[pos] = owners[i]
                self._times[pos] = times[i]
                self._speakers[pos] = HOUSEHOLD if speakers is None else speakers[i]
                positions[i] = pos
            if self._file is not None:
                self._file.put(positions, self._matrix[positions])
            self._fresh_count += int(len(positions) - np.count_nonzero(self._fresh[positions]))
            self._fresh[positions] = True
            if self._changed is not None:
                self._changed.update(positions.tolist())
            self._file_when_grown()

    def _file_when_grown(self) -> None:
        """Begin a new inverted file in the background when the track reaches the threshold, doubles since the
        last, or holds more rows written since it than FRESH_SHARE of the track or FRESH_MAX_ROWS (training
        costs seconds at 100k rows: never on the read or write path)."""
        if self._closed or self._building is not None or self._n < APPROX_MIN_ROWS:
            return
        stale = self._file is not None and self._fresh_count > min(FRESH_SHARE * self._n, FRESH_MAX_ROWS)
        if self._n >= 2 * self._filed_at or stale:
            self._filed_at = self._n
            self._changed = set()
            self._built.clear()
            self._building = threading.Thread(target=self._build_file, name=f"hearth-file-{self.name}", daemon=True)
            self._building.start()

    def _build_file(self) -> None:
        try:
            with self._lock:
                n = self._n
                rng = np.random.default_rng(n)
                lists = max(1, min(MAX_LISTS, n // LIST_ROWS))
                sample = self._matrix[rng.choice(n, size=min(n, TRAIN_ROWS_PER_LIST * lists), replace=False)]
            file = InvertedFile(self.dim, sample, lists, PROBE_SHARES.get(self.name, PROBE_SHARE))
            del sample
            for start in range(0, n, FILE_CHUNK):
                with self._lock:  # a consistent copy; a row changed after it is in _changed
                    if self._closed:
                        return
                    stop = min(start + FILE_CHUNK, n)
                    rows = self._matrix[start:stop].copy()
                file.add(np.arange(start, stop, dtype=np.int64), rows)
            with self._lock:
                if self._closed:
                    return
                # rows written meanwhile, added since, or moved or removed (positions beyond the end now)
                changed = np.array(sorted((self._changed or set()) | set(range(n, self._n))), dtype=np.int64)
                here = changed[changed < self._n]
                file.drop(changed[changed >= self._n])
                if len(here):
                    file.put(here, self._matrix[here])
                self._file, self._changed = file, None
                self._fresh[:] = False  # what the file was trained with, the rest fresh
                self._fresh[here] = True
                self._fresh_count = len(here)
            del file
            release_freed_memory()  # the old file, the copies and the training's scratch
        except Exception:
            log.exception("%s: the inverted file could not be built; searches stay exact", self.name)
        finally:
            with self._lock:
                self._changed = None
                self._building = None
                self._file_when_grown()  # grown twice over meanwhile (a load): the next one at once
                if self._building is None:
                    self._built.set()

    def wait_filed(self, timeout: float | None = None) -> bool:
        """Wait until no inverted file is being built (benchmarks and tests measure the settled track)."""
        return self._built.wait(timeout)

    def close(self, timeout: float = 30.0) -> None:
        """Stop a file being built and wait for its thread: a process must not exit while faiss works on
        arrays the interpreter frees on the way out. Searches go on, exact where no file was built."""
        with self._lock:
            self._closed = True
            building = self._building
        if building is not None:
            building.join(timeout)

    def remove(self, row_id: int) -> None:
        with self._lock:
            pos = self._pos.pop(int(row_id), None)
            if pos is None:
                return
            last = self._n - 1
            if pos != last:  # move the last row into the hole
                moved = int(self._ids[last])
                self._matrix[pos] = self._matrix[last]
                self._ids[pos] = moved
                self._owners[pos] = self._owners[last]
                self._times[pos] = self._times[last]
                self._speakers[pos] = self._speakers[last]
                self._pos[moved] = pos
            self._fresh_count -= int(self._fresh[pos])
            self._fresh[pos], self._fresh[last] = self._fresh[last], False
            if self._file is not None:
                self._file.drop(np.array([last], dtype=np.int64))
                if pos != last:
                    self._file.put(np.array([pos], dtype=np.int64), self._matrix[pos : pos + 1])
            if self._changed is not None:
                self._changed.update((pos, last))
            self._matrix[last] = 0
            self._n = last

    def vector(self, row_id: int) -> np.ndarray | None:
        with self._lock:
            pos = self._pos.get(int(row_id))
            return None if pos is None else self._matrix[pos].copy()

    def similarity(self, query: np.ndarray, ids) -> dict[int, float]:
        """Cosine of the query with each of the given rows that the track holds."""
        with self._lock:
            out = {}
            for row_id in ids:
                pos = self._pos.get(int(row_id))
                if pos is not None:
                    out[int(row_id)] = float(self._matrix[pos] @ query)
            return out

    def admit(self, ids, where: VectorFilter | None = None) -> tuple[dict[int, float], list[int]]:
        """Of the given rows, ({id: time} of those the track holds and the filter admits, [ids it does not hold]).
        The track holds live rows only, so a row it holds needs no look-up in SQL."""
        admitted, unknown = {}, []
        with self._lock:
            held = []
            for row_id in ids:
                pos = self._pos.get(int(row_id))
                if pos is None:
                    unknown.append(int(row_id))
                else:
                    held.append((int(row_id), pos))
            if held:
                positions = np.fromiter((p for _, p in held), dtype=np.int64, count=len(held))
                ok = self._admitted_at(positions, where)
                times = self._times[positions]
                admitted = {row_id: float(times[i]) for i, (row_id, _) in enumerate(held) if ok is None or ok[i]}
        return admitted, unknown

    def search(
        self, query: np.ndarray, k: int, where: VectorFilter | None = None, exact: bool = False
    ) -> list[tuple[int, float]]:
        """The k rows most similar to the query, best first, as (id, cosine). exact=True always scans the full
        vectors (the two-stage search is compared against it)."""
        query = np.asarray(query, dtype=np.float32).reshape(-1)
        if query.shape[0] != self.dim:
            return []  # another model's query: never compare two vector spaces
        with self._lock:
            n = self._n
            if n == 0 or k <= 0:
                return []
            mask = self._admitted(n, where)
            admitted = n if mask is None else int(np.count_nonzero(mask))
            if mask is not None and admitted * GATHER_SHARE < n:
                # a filter leaving few rows (one speaker's) reads only theirs, exactly
                if admitted == 0:
                    return []
                positions = np.flatnonzero(mask)
                scores = self._matrix[positions] @ query
            # (while a load outruns the builds most rows are fresh, and the full scan costs less than gathering them)
            elif self._file is not None and not exact and self._fresh_count * 4 < n:
                positions = self._file.candidates(query, max(RESCORE_MIN, 3 * k), mask, admitted / n)
                if self._fresh_count:  # and the rows written since it was trained, exactly
                    fresh = np.flatnonzero(self._fresh[:n] if mask is None else self._fresh[:n] & mask)
                    positions = np.union1d(positions, fresh)
                if len(positions) == 0:
                    return []
                scores = self._matrix[positions] @ query
            else:
                scores, positions = self._matrix[:n] @ query, np.arange(n)
                if mask is not None:
                    scores = np.where(mask, scores, NOWHERE)
            k = min(k, len(positions))
            top = np.argpartition(-scores, k - 1)[:k]
            top = top[np.argsort(-scores[top])]
            ids = self._ids[positions[top]]
            return [(int(ids[i]), float(scores[top[i]])) for i in range(len(top)) if scores[top[i]] > NOWHERE]

    def _admitted(self, n: int, where: VectorFilter | None) -> np.ndarray | None:
        """The first n rows the filter admits, as a mask (None: all)."""
        return self._admitted_at(slice(0, n), where)

    def _admitted_at(self, positions, where: VectorFilter | None) -> np.ndarray | None:
        """Which of the rows at the given positions the filter admits, as a mask (None: all)."""
        if where is None:
            return None
        return admitted(where, self._owners, self._times, self._speakers, positions)


def admitted(where: VectorFilter, owners, times, speakers, positions) -> np.ndarray | None:
    """Which of the rows at `positions` (of the per-row owner, time and speaker arrays) the filter admits, as a
    mask (None: all). Shared by the vector and keyword tracks."""
    mask = None
    if where.owners is not None:
        mask = _one_of(owners[positions], where.owners)
    if where.speakers is not None:
        said = _one_of(speakers[positions], where.speakers)
        mask = said if mask is None else mask & said
    if where.since is not None or where.until is not None:
        at = times[positions]
        if where.since is not None:
            mask = (at >= where.since) if mask is None else mask & (at >= where.since)
        if where.until is not None:
            mask = (at < where.until) if mask is None else mask & (at < where.until)
    return mask


class InvertedFile:
    """A faiss inverted file over a track's rows (8-bit scalar quantised), each row known by its position in the
    track: the track tells it of every write and move, and a search's filter is a bitmap of positions."""

    def __init__(self, dim: int, sample: np.ndarray, lists: int, probe_share: float = PROBE_SHARE):
        self._quantizer = faiss.IndexFlatIP(dim)  # referenced here: the index does not own it
        index = faiss.IndexIVFScalarQuantizer(
            self._quantizer, dim, lists, faiss.ScalarQuantizer.QT_8bit, faiss.METRIC_INNER_PRODUCT
        )
        index.cp.niter = KMEANS_ROUNDS
        index.cp.min_points_per_centroid = 1  # the sample is sized for the lists; no warning on stderr
        index.train(np.ascontiguousarray(sample, dtype=np.float32))
        index.set_direct_map_type(faiss.DirectMap.Hashtable)  # removal by id without scanning every list
        self.index = index
        self.lists = lists
        self.probe_share = probe_share  # of the lists scanned (more under a filter)

    def __len__(self) -> int:
        return int(self.index.ntotal)

    def add(self, positions: np.ndarray, rows: np.ndarray) -> None:
        """Rows not in the file yet."""
        self.index.add_with_ids(np.ascontiguousarray(rows, dtype=np.float32), positions)

    def put(self, positions: np.ndarray, rows: np.ndarray) -> None:
        """Rows new or changed (a position filed twice would be found twice)."""
        self.drop(positions)
        self.add(positions, rows)

    def drop(self, positions: np.ndarray) -> None:
        if len(positions):
            self.index.remove_ids(np.asarray(positions, dtype=np.int64))

    def candidates(self, query: np.ndarray, count: int, mask: np.ndarray | None, share: float) -> np.ndarray:
        """The positions of the `count` rows nearest the query in the scanned lists that the mask admits. A
        filter admitting a share of the rows scans 1/sqrt(share) more lists: the admitted rows nearest the query
        are in the nearest lists too, so scanning as many admitted rows as without a filter (1/share) costs
        twice as much for no better result (bench: 99.5 % of the exact top 10 for one speaker's turns)."""
        widened = self.lists * self.probe_share / math.sqrt(max(share, 1e-9))
        probes = min(self.lists, max(MIN_PROBES, math.ceil(widened)))
        params = faiss.SearchParametersIVF(nprobe=probes)
        bits = selector = None  # both referenced here until the search returns: faiss holds raw pointers
        if mask is not None:
            bits = np.packbits(mask, bitorder="little")
            selector = faiss.IDSelectorBitmap(len(bits), faiss.swig_ptr(bits))
            params.sel = selector
        _, found = self.index.search(query.reshape(1, -1), count, params=params)
        return found[0][found[0] >= 0]


def release_freed_memory() -> None:
    """Give the memory freed so far back to the system (glibc keeps freed heap, and a replaced file is hundreds
    of MB at 1M rows: without this the daemon's RSS grew by 1.7 GB there). Elsewhere, nothing to do."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim():
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None


def _one_of(codes: np.ndarray, wanted: frozenset[int]) -> np.ndarray:
    """codes ∈ wanted, as a mask. A scope names a few pools: one comparison each is ~50x faster than np.isin."""
    if len(wanted) > 8:
        return np.isin(codes, np.fromiter(wanted, dtype=np.int32))
    mask = np.zeros(codes.shape, dtype=bool)
    for code in wanted:
        mask |= codes == code
    return mask


class OwnerCodes:
    """Small integer codes for pool owners (speaker ids) so the tracks can filter with numpy."""

    def __init__(self):
        self._codes: dict[str, int] = {}
        self._lock = threading.Lock()

    def code(self, owner_id: str | None) -> int:
        if owner_id is None:
            return HOUSEHOLD
        with self._lock:
            return self._codes.setdefault(owner_id, len(self._codes) + 1)

    def codes(self, owner_ids) -> frozenset[int]:
        return frozenset(self.code(o) for o in owner_ids)
