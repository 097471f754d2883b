"""Vectors: the BLOB codec and the in-memory matrices searched on the read path.

Vectors are stored normalised, as little-endian float32 BLOBs next to their rows. The daemon keeps every
searchable row's vector in one matrix per track (turns, facts, episodes), so a search is one matrix product
and never reads BLOBs from disk. A track holds vectors of one model only: the active one.

A large track is searched in two stages. Scanning every full vector reads the whole matrix from memory (150 MB
at 100k rows of 384 floats: memory-bound, ~10 ms on a hub); so beyond APPROX_MIN_ROWS the track also keeps each
vector projected on its leading principal directions (a quarter of the dimensions, fitted on a sample), scans
that, and re-scores the best RESCORE_CANDIDATES exactly. Below it, and whenever the filters leave few rows, the
scan is exact. Beyond IVF_MIN_ROWS even the coarse scan reads too much (400 MB at 1M rows), so the coarse rows
are also grouped into lists around k-means centroids (an inverted file, ~IVF_LIST_ROWS rows a list), and only
the lists whose centroids are nearest the query are scanned (IVF_PROBE_SHARE of them, IVF_RESCORE_CANDIDATES
re-scored). bench/ reports how often
the top k is as good as the exact one.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

HOUSEHOLD = 0  # owner code of the household pool

APPROX_MIN_ROWS = 10_000
COARSE_FRACTION = 4  # the coarse space keeps dim // COARSE_FRACTION principal directions
RESCORE_CANDIDATES = 2000
FIT_SAMPLE = 4096
NOWHERE = np.float32(-np.inf)  # the score of a row the filter leaves out
GATHER_SHARE = 4  # a filter admitting under a quarter of the rows: their vectors gathered, not the matrix scanned
IVF_MIN_ROWS = 200_000
IVF_LIST_ROWS = 1000
IVF_PROBE_SHARE = 0.15
IVF_RESCORE_CANDIDATES = 5000  # the lists' coarse scores miss more: more candidates re-scored (bench: 99 % at 1M)
IVF_MIN_PROBES = 16
KMEANS_SAMPLE = 64 * 1024
KMEANS_ROUNDS = 8
ASSIGN_CHUNK = 65_536


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
        # The coarse space (None until the track is large): mean, basis (dim x c) and the projected rows.
        self._mean: np.ndarray | None = None
        self._basis: np.ndarray | None = None
        self._coarse: np.ndarray | None = None
        self._fitted_at = 0
        self._ivf: InvertedFile | None = None  # over the coarse space, once the track is very large

    def __len__(self) -> int:
        return self._n

    def __contains__(self, row_id: int) -> bool:
        return row_id in self._pos

    def _grow(self, need: int) -> None:
        cap = len(self._ids)
        if need <= cap:
            return
        new_cap = max(need, cap * 2)
        if self._ivf is not None:
            self._ivf.grow(new_cap)
        for attr in ("_matrix", "_ids", "_owners", "_times", "_speakers", "_coarse"):
            old = getattr(self, attr)
            if old is not None:
                setattr(self, attr, grown(old, new_cap, self._n))

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
            if self._coarse is not None:  # the batch projected at once
                projected = (vectors - self._mean) @ self._basis
                self._coarse[positions] = projected
                if self._ivf is not None:
                    self._ivf.assign(positions, projected)
            if self._n >= APPROX_MIN_ROWS and self._n >= 2 * self._fitted_at:
                self._fit()  # first at the threshold, then each time the track doubles: rarely, off the read path

    def _fit(self) -> None:
        """Fit the coarse space on a sample of the rows and project them all."""
        rng = np.random.default_rng(self._n)
        rows = self._matrix[: self._n]
        sample = rows[rng.choice(self._n, size=min(FIT_SAMPLE, self._n), replace=False)]
        mean = sample.mean(axis=0)
        _, _, vt = np.linalg.svd(sample - mean, full_matrices=False)
        basis = np.ascontiguousarray(vt[: max(8, self.dim // COARSE_FRACTION)].T, dtype=np.float32)
        coarse = np.zeros((len(self._ids), basis.shape[1]), dtype=np.float32)
        for i in range(0, self._n, ASSIGN_CHUNK):
            coarse[i : min(i + ASSIGN_CHUNK, self._n)] = (rows[i : i + ASSIGN_CHUNK] - mean) @ basis
        ivf = None
        if self._n >= IVF_MIN_ROWS:
            ivf = InvertedFile(_kmeans(coarse[: self._n], max(1, self._n // IVF_LIST_ROWS), rng), len(self._ids))
            ivf.assign_all(coarse[: self._n])
        self._mean, self._basis, self._coarse, self._fitted_at = mean.astype(np.float32), basis, coarse, self._n
        self._ivf = ivf

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
                if self._coarse is not None:
                    self._coarse[pos] = self._coarse[last]
                if self._ivf is not None:
                    self._ivf.drop(pos)
                    self._ivf.move(last, pos)
                self._pos[moved] = pos
            elif self._ivf is not None:
                self._ivf.drop(pos)
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
            two_stage = self._coarse is not None and not exact
            if two_stage and mask is not None:
                two_stage = int(np.count_nonzero(mask)) > RESCORE_CANDIDATES
            if not two_stage:
                admitted = np.flatnonzero(mask) if mask is not None else None
                if admitted is not None and len(admitted) * GATHER_SHARE < n:
                    # a filter leaving few rows (one speaker's) reads only theirs
                    if len(admitted) == 0:
                        return []
                    scores, positions = self._matrix[admitted] @ query, admitted
                else:
                    scores, positions = self._matrix[:n] @ query, np.arange(n)
                    if mask is not None:
                        scores = np.where(mask, scores, NOWHERE)
            else:
                projected = self._basis.T @ query
                probed = self._ivf.probe(projected, mask) if self._ivf is not None else None
                if probed is None:
                    coarse = self._coarse[:n] @ projected
                    if mask is not None:
                        coarse = np.where(mask, coarse, NOWHERE)
                    positions = np.argpartition(-coarse, RESCORE_CANDIDATES - 1)[:RESCORE_CANDIDATES]
                    scores = self._matrix[positions] @ query
                    scores[coarse[positions] == NOWHERE] = NOWHERE
                else:
                    scanned, coarse = probed
                    best = min(IVF_RESCORE_CANDIDATES, len(scanned))
                    positions = scanned[np.argpartition(-coarse, best - 1)[:best]]
                    scores = self._matrix[positions] @ query
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
    """The coarse rows grouped by their nearest centroid, each list's rows stored together (scanning a few
    lists reads contiguous memory; gathering the same rows from the whole coarse matrix costs as much as
    scanning it). Rows are known by their position in the track; the track tells it of every move."""

    def __init__(self, centroids: np.ndarray, capacity: int):
        self.centroids = centroids
        self._list = np.full(capacity, -1, dtype=np.int32)  # each position's list (-1: none)
        self._slot = np.zeros(capacity, dtype=np.int32)  # and its place in that list
        k, width = len(centroids), centroids.shape[1]
        self._members = [np.zeros(0, dtype=np.int64) for _ in range(k)]
        self._rows = [np.zeros((0, width), dtype=np.float32) for _ in range(k)]
        self._count = np.zeros(k, dtype=np.int64)

    def grow(self, capacity: int) -> None:
        self._list = grown(self._list, capacity, len(self._list), fill=-1)
        self._slot = grown(self._slot, capacity, len(self._slot))

    def assign_all(self, coarse: np.ndarray) -> None:
        """Every row at once (positions 0..n-1), when the file is made."""
        lists = np.concatenate(
            [_nearest(coarse[i : i + ASSIGN_CHUNK], self.centroids) for i in range(0, len(coarse), ASSIGN_CHUNK)]
        )
        order = np.argsort(lists, kind="stable")
        bounds = np.searchsorted(lists[order], np.arange(len(self.centroids) + 1))
        for k in range(len(self.centroids)):
            members = order[bounds[k] : bounds[k + 1]]
            self._members[k], self._rows[k] = members.astype(np.int64), coarse[members]
            self._count[k] = len(members)
            self._list[members] = k
            self._slot[members] = np.arange(len(members), dtype=np.int32)

    def assign(self, positions: np.ndarray, coarse: np.ndarray) -> None:
        """New or changed rows: each into the list of its nearest centroid."""
        for pos, k, row in zip(positions, _nearest(coarse, self.centroids), coarse):
            self.drop(int(pos))
            self._append(int(pos), int(k), row)

    def _append(self, pos: int, k: int, row: np.ndarray) -> None:
        n = int(self._count[k])
        if n == len(self._members[k]):
            cap = max(16, 2 * n)
            self._members[k], self._rows[k] = grown(self._members[k], cap, n), grown(self._rows[k], cap, n)
        self._members[k][n], self._rows[k][n] = pos, row
        self._count[k] = n + 1
        self._list[pos], self._slot[pos] = k, n

    def drop(self, pos: int) -> None:
        k = int(self._list[pos])
        if k < 0:
            return
        slot, last = int(self._slot[pos]), int(self._count[k]) - 1
        if slot != last:  # the list's last row into the hole
            moved = int(self._members[k][last])
            self._members[k][slot], self._rows[k][slot] = moved, self._rows[k][last]
            self._slot[moved] = slot
        self._count[k] = last
        self._list[pos] = -1

    def move(self, old: int, new: int) -> None:
        """The row at position `old` is now at `new` (the track filled a hole with its last row)."""
        k = int(self._list[old])
        if k < 0:
            return
        slot = int(self._slot[old])
        self._members[k][slot] = new
        self._list[new], self._slot[new] = k, slot
        self._list[old] = -1

    def probe(self, projected: np.ndarray, mask: np.ndarray | None) -> tuple[np.ndarray, np.ndarray] | None:
        """(positions, coarse scores) of the rows in the lists nearest the projected query that the mask admits,
        or None when they are too few to fill the candidates (the whole coarse space is scanned then)."""
        nlist = len(self.centroids)
        probes = min(nlist, max(IVF_MIN_PROBES, int(nlist * IVF_PROBE_SHARE)))
        nearest = np.argpartition(-(self.centroids @ projected), probes - 1)[:probes]
        positions, scores = [], []
        for k in nearest:
            n = int(self._count[k])
            if n:
                positions.append(self._members[k][:n])
                scores.append(self._rows[k][:n] @ projected)
        if not positions:
            return None
        scanned, coarse = np.concatenate(positions), np.concatenate(scores)
        if mask is not None:
            keep = mask[scanned]
            scanned, coarse = scanned[keep], coarse[keep]
        return (scanned, coarse) if len(scanned) >= RESCORE_CANDIDATES else None


def _nearest(rows: np.ndarray, centroids: np.ndarray) -> np.ndarray:
    """Each row's nearest centroid (squared distance, without the rows' own norm, which all share)."""
    return np.argmax(rows @ centroids.T - 0.5 * np.einsum("ij,ij->i", centroids, centroids), axis=1).astype(np.int32)


def _kmeans(rows: np.ndarray, k: int, rng: np.random.Generator) -> np.ndarray:
    """k centroids of the rows, by a few Lloyd rounds on a sample (enough for lists that are probed by the
    dozen: a row near a border is found through the neighbouring list)."""
    sample = rows[rng.choice(len(rows), size=min(KMEANS_SAMPLE, len(rows)), replace=False)]
    k = min(k, len(sample))
    centroids = sample[rng.choice(len(sample), size=k, replace=False)].copy()
    for _ in range(KMEANS_ROUNDS):
        assigned = _nearest(sample, centroids)
        sums = np.zeros_like(centroids)
        np.add.at(sums, assigned, sample)
        counts = np.bincount(assigned, minlength=k)
        filled = counts > 0
        centroids[filled] = sums[filled] / counts[filled, None]
        # an empty list restarts at a random row
        empty = np.flatnonzero(~filled)
        if len(empty):
            centroids[empty] = sample[rng.choice(len(sample), size=len(empty), replace=False)]
    return np.ascontiguousarray(centroids, dtype=np.float32)


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
