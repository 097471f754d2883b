"""The Store: core.db's path, its single writer, per-thread readers and the in-memory vector tracks."""

from __future__ import annotations

import logging
import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import numpy as np

from .connection import ReadConnections, open_connection
from .migrations import check_not_newer, migrate
from .tracks import TRACKS, Track
from .vectors import OwnerCodes, VectorTrack, decode
from .writer import Writer

log = logging.getLogger(__name__)

LOAD_BATCH = 5000


class Store:
    def __init__(self, data_dir: Path):
        self.path = Path(data_dir) / "core.db"
        # Look before opening for writing: even switching to WAL rewrites the header of a newer file.
        probe = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True) if self.path.exists() else None
        if probe is not None:
            try:
                check_not_newer(probe)
            finally:
                probe.close()
        conn = open_connection(self.path)
        try:
            self.schema_version = migrate(conn)
        except BaseException:
            conn.close()
            raise
        self.writer = Writer(conn)
        self._readers = ReadConnections(self.path)
        self.owners = OwnerCodes()
        # The vector space searched (None until the embedder is ready and the tracks are loaded), and while
        # the configured model changes, the space being built beside it from re-embedded rows.
        self.vector_model: str | None = None
        self.tracks: dict[str, VectorTrack] = {}
        self.staging_model: str | None = None
        self.staging: dict[str, VectorTrack] = {}
        self._tracks_lock = threading.Lock()

    def read(self) -> sqlite3.Connection:
        """The thread's read connection, bare (kept for callers not yet on reading(): prefer reading())."""
        return self._readers.get()

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """`with store.reading() as conn:` the thread's read connection; on exit no transaction is left open,
        so a later read on this thread never sees an old snapshot (nor pins the WAL against checkpoints)."""
        conn = self._readers.get()
        try:
            yield conn
        finally:
            if conn.in_transaction:
                conn.execute("ROLLBACK")

    def meta(self, key: str) -> str | None:
        row = self.read().execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    @staticmethod
    def set_meta(tx, key: str, value: str) -> None:
        tx.execute("INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                   (key, value))

    # -- vector tracks -----------------------------------------------------------------------------------
    def load_tracks(self, model_id: str, dim: int) -> dict[str, VectorTrack]:
        """Build the matrices from the BLOBs of the given model's rows (called off the boot path)."""
        tracks = {}
        for track in TRACKS.values():
            vt = VectorTrack(track.name, dim)
            last = -1
            while True:
                rows = self.read().execute(
                    f"SELECT id, embedding, owner_id, {track.time_col} FROM {track.table} "
                    f"WHERE id > ? AND embed_model = ? AND {track.live()} ORDER BY id LIMIT ?",
                    (last, model_id, LOAD_BATCH)).fetchall()
                if not rows:
                    break
                vectors = np.stack([decode(r[1]) for r in rows])
                if vectors.shape[1] == dim:
                    vt.upsert_many([r[0] for r in rows], vectors, [self.owners.code(r[2]) for r in rows],
                                   [r[3] for r in rows])
                last = rows[-1][0]
            tracks[track.name] = vt
        return tracks

    def serve(self, model_id: str, tracks: dict[str, VectorTrack]) -> None:
        with self._tracks_lock:
            self.tracks, self.vector_model = tracks, model_id
            if self.staging_model == model_id:
                self.staging, self.staging_model = {}, None

    def begin_staging(self, model_id: str, dim: int) -> None:
        """Start building model_id's space beside the one searched (resuming from rows already re-embedded)."""
        with self._tracks_lock:
            self.staging, self.staging_model = {}, model_id
        staged = self.load_tracks(model_id, dim)
        with self._tracks_lock:
            if self.staging_model == model_id:
                for name, vt in staged.items():
                    self.staging[name] = vt

    def promote_staging(self) -> None:
        with self._tracks_lock:
            self.tracks, self.vector_model = self.staging, self.staging_model
            self.staging, self.staging_model = {}, None

    def snapshot(self) -> tuple[str | None, dict[str, VectorTrack]]:
        """The searched space and its tracks, taken together (a model change swaps both at once)."""
        with self._tracks_lock:
            return self.vector_model, self.tracks

    def track(self, name: str) -> VectorTrack | None:
        return self.tracks.get(name)

    def index_row(self, track: Track, row_id: int, model_id: str, vector: np.ndarray, owner_id, ts) -> None:
        """Put a row's vector into its in-memory track (after its commit, on the writer thread)."""
        with self._tracks_lock:
            tracks = self.tracks if model_id == self.vector_model else \
                self.staging if model_id == self.staging_model else {}
            vt = tracks.get(track.name)
        if vt is not None:
            vt.upsert(row_id, vector, self.owners.code(owner_id), ts)

    def unindex_row(self, track: Track, row_id: int) -> None:
        with self._tracks_lock:
            found = [t.get(track.name) for t in (self.tracks, self.staging)]
        for vt in found:
            if vt is not None:
                vt.remove(row_id)

    def counts(self) -> dict[str, int]:
        conn = self.read()
        return {name: conn.execute(f"SELECT count(*) FROM {t.table}").fetchone()[0] for name, t in TRACKS.items()}

    def size_bytes(self) -> int:
        return sum(p.stat().st_size for p in self.path.parent.glob(self.path.name + "*") if p.exists())

    def close(self) -> None:
        self.writer.close()
        self._readers.close()
