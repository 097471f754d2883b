"""Vectors: the BLOB codec and the in-memory matrices searched on the read path.

Vectors are stored normalised, as little-endian float32 BLOBs next to their rows. The daemon keeps every
searchable row's vector in one matrix per track (turns, facts, episodes), so a search is one matrix product
and never reads BLOBs from disk. A track holds vectors of one model only: the active one.

A large track is searched in two stages. Scanning every full vector reads the whole matrix from memory (150 MB
at 100k rows of 384 floats: memory-bound, ~10 ms on a hub); so beyond APPROX_MIN_ROWS the track also keeps each
vector projected on its leading principal directions (a quarter of the dimensions, fitted on a sample), scans
that, and re-scores the best RESCORE_CANDIDATES exactly. Below it, and whenever the filters leave few rows, the
scan is exact. bench/ reports how often the two-stage top k is as good as the exact one.
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
    """Which rows a search may return. owners=None: every pool; since/until bound the row's time."""

    owners: frozenset[int] | None = None
    since: float | None = None
    until: float | None = None


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
        self._pos: dict[int, int] = {}
        # The coarse space (None until the track is large): mean, basis (dim x c) and the projected rows.
        self._mean: np.ndarray | None = None
        self._basis: np.ndarray | None = None
        self._coarse: np.ndarray | None = None
        self._fitted_at = 0

    def __len__(self) -> int:
        return self._n

    def __contains__(self, row_id: int) -> bool:
        return row_id in self._pos

    def _grow(self, need: int) -> None:
        cap = len(self._ids)
        if need <= cap:
            return
        new_cap = max(need, cap * 2)
        for attr in ("_matrix", "_ids", "_owners", "_times", "_coarse"):
            old = getattr(self, attr)
            if old is None:
                continue
            new = np.zeros((new_cap,) + old.shape[1:], dtype=old.dtype)
            new[: self._n] = old[: self._n]
            setattr(self, attr, new)

    def upsert(self, row_id: int, vector: np.ndarray, owner: int, ts: float) -> None:
        self.upsert_many([row_id], np.asarray(vector, dtype=np.float32).reshape(1, -1), [owner], [ts])

    def upsert_many(self, ids, vectors: np.ndarray, owners, times) -> None:
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
                positions[i] = pos
            if self._coarse is not None:  # the batch projected at once
                self._coarse[positions] = (vectors - self._mean) @ self._basis
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
        coarse[: self._n] = (rows - mean) @ basis
        self._mean, self._basis, self._coarse, self._fitted_at = mean.astype(np.float32), basis, coarse, self._n

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
                if self._coarse is not None:
                    self._coarse[pos] = self._coarse[last]
                self._pos[moved] = pos
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
                scores = self._matrix[:n] @ query
                if mask is not None:
                    scores = np.where(mask, scores, NOWHERE)
                positions = np.arange(n)
            else:
                coarse = self._coarse[:n] @ (self._basis.T @ query)
                if mask is not None:
                    coarse = np.where(mask, coarse, NOWHERE)
                positions = np.argpartition(-coarse, RESCORE_CANDIDATES - 1)[:RESCORE_CANDIDATES]
                scores = self._matrix[positions] @ query
                scores[coarse[positions] == NOWHERE] = NOWHERE
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
        mask = None
        owners, times = self._owners[positions], self._times[positions]
        if where.owners is not None:
            mask = _one_of(owners, where.owners)
        if where.since is not None:
            mask = (times >= where.since) if mask is None else mask & (times >= where.since)
        if where.until is not None:
            mask = (times < where.until) if mask is None else mask & (times < where.until)
        return mask


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
