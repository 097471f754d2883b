"""The Store: core.db's path, its single writer, per-thread readers and the in-memory tracks (vectors, keywords)."""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from .connection import ReadConnections, open_connection
from .keywords import KeywordTrack
from .migrations import check_not_newer, migrate
from .tracks import TRACKS, Track
from .vectors import OwnerCodes, VectorTrack, decode
from .wal import BACKSTOP_PAGES, WalCheckpointer
from .writer import Writer, WriteTx

log = logging.getLogger(__name__)

LOAD_BATCH = 5000
KEYWORDS = "keywords"  # the keyword index's entry while it loads (vector tracks are named by their track)
IN_CHUNK = 500  # ids per `IN (...)`: well under SQLite's bound-parameter limit


def _chunks(ids) -> Iterator[list[int]]:
    ids = list(ids)
    for i in range(0, len(ids), IN_CHUNK):
        yield ids[i : i + IN_CHUNK]


def _record_changes(conn: sqlite3.Connection) -> None:
    """Temporary triggers on the writer's connection that note every row of a track inserted, updated or
    deleted: the in-memory tracks follow each one after its commit, whichever code wrote it (and whether or not
    it called tx.touch)."""
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS changed_rows(track TEXT NOT NULL, id INTEGER NOT NULL)")
    for track in TRACKS.values():
        for event, row in (("INSERT", "new"), ("UPDATE", "new"), ("DELETE", "old")):
            conn.execute(
                f"CREATE TEMP TRIGGER IF NOT EXISTS {track.table}_changed_{event.lower()} AFTER {event} "
                f"ON main.{track.table} BEGIN INSERT INTO changed_rows(track, id) VALUES ('{track.name}', {row}.id); "
                "END"
            )


def _collect_changes(tx: WriteTx) -> None:
    """Before the commit: the rows the triggers noted, touched (and the note emptied in the same transaction)."""
    rows = tx.execute("SELECT track, id FROM temp.changed_rows").fetchall()
    if rows:
        for row in rows:
            tx.touched.setdefault(row[0], set()).add(row[1])
        tx.execute("DELETE FROM temp.changed_rows")


def _live_batches(conn: sqlite3.Connection, track: Track, payload: str, where: str = "1", params: tuple = ()):
    """The track's live rows (id, payload, owner_id, time, speaker) in id order, LOAD_BATCH at a time."""
    last = -1
    while True:
        rows = conn.execute(
            f"SELECT id, {payload}, owner_id, {track.time_col}, {track.speaker_sql} FROM {track.table} "
            f"WHERE id > ? AND {where} AND {track.live()} ORDER BY id LIMIT ?",
            (last, *params, LOAD_BATCH),
        ).fetchall()
        if not rows:
            return
        yield rows
        last = rows[-1][0]


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
            # Nobody reads yet: empty the WAL, so a stop that skipped it (kill -9 after an erase committed)
            # leaves no erased text in its frames once the daemon is up again.
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except BaseException:
            conn.close()
            raise
        try:
            _record_changes(conn)
        except BaseException:
            conn.close()
            raise
        conn.execute(f"PRAGMA wal_autocheckpoint = {BACKSTOP_PAGES}")
        self.checkpointer = WalCheckpointer(self.path)
        self.writer = Writer(
            conn, on_commit=self._refresh_touched, before_commit=_collect_changes, committed=self.checkpointer.written
        )
        self.checkpointer.start()
        self._readers = ReadConnections(self.path)
        self._snapshots: dict[int, tuple[sqlite3.Connection, threading.Event]] = {}  # endable ones, by id
        self._snapshots_lock = threading.Lock()
        self.owners = OwnerCodes()
        # The vector space searched (None until the embedder is ready and the tracks are loaded), and while
        # the configured model changes, the space being built beside it from re-embedded rows.
        self.vector_model: str | None = None
        self.tracks: dict[str, VectorTrack] = {}
        self.staging_model: str | None = None
        self.staging: dict[str, VectorTrack] = {}
        # The keyword index of each track (empty until loaded, FTS5 is searched meanwhile); model-independent.
        self.keywords: dict[str, KeywordTrack] = {}
        self._tracks_lock = threading.Lock()
        # Tracks a failed refresh left out of step (reloaded by rebuild_tracks), and while one is reloaded,
        # the rows touched meanwhile.
        self._rebuild_pending: set[str] = set()
        self._rebuilding: dict[str, set] = {}  # track name: ids; KEYWORDS: (track name, id)
        self.on_rebuild_needed: Callable[[], None] | None = None  # wakes whoever calls rebuild_tracks

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
        with self.reading() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    @staticmethod
    def set_meta(tx, key: str, value: str) -> None:
        tx.execute(
            "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    @contextmanager
    def snapshot(self, endable: bool = False) -> Iterator[sqlite3.Connection]:
        """`with store.snapshot() as conn:` a fresh read-only connection of its own, in one read transaction
        (every query sees the same state, however long a stream takes), closed on exit, also when a
        generator reading through it is closed early. The thread's reader is never left holding it.

        An `endable` one (an export) gives way to an erase: `end_snapshots` interrupts it, its next query
        raises, and `was_ended(conn)` says why, so the erased text can leave the WAL at once."""
        conn = open_connection(self.path, readonly=True)
        if endable:
            with self._snapshots_lock:
                self._snapshots[id(conn)] = (conn, threading.Event())
        try:
            conn.execute("BEGIN")
            conn.execute("SELECT 1 FROM meta LIMIT 1").fetchone()  # BEGIN is deferred: take the snapshot now
            yield conn
        finally:
            with self._snapshots_lock:
                self._snapshots.pop(id(conn), None)
            conn.close()  # ends the read transaction with it

    def end_snapshots(self) -> int:
        """Interrupt every endable snapshot (their next query fails); how many there were."""
        with self._snapshots_lock:
            held = list(self._snapshots.values())
        for conn, ended in held:
            ended.set()
            conn.interrupt()  # thread-safe; a statement paused between rows fails at its next step
        return len(held)

    def snapshots_open(self) -> int:
        with self._snapshots_lock:
            return len(self._snapshots)

    def was_ended(self, conn: sqlite3.Connection) -> bool:
        with self._snapshots_lock:
            entry = self._snapshots.get(id(conn))
        return entry is not None and entry[1].is_set()

    # -- vector tracks -----------------------------------------------------------------------------------
    def load_tracks(
        self, model_id: str, dim: int, names=None, conn: sqlite3.Connection | None = None
    ) -> dict[str, VectorTrack]:
        """Build the matrices from the BLOBs of the given model's rows (called off the boot path)."""
        tracks = {}
        with self.reading() as reader:
            conn = conn or reader
            for track in TRACKS.values():
                if names is not None and track.name not in names:
                    continue
                vt = VectorTrack(track.name, dim)
                for rows in _live_batches(conn, track, "embedding", "embed_model = ?", (model_id,)):
                    vectors = np.stack([decode(r[1]) for r in rows])
                    if vectors.shape[1] == dim:
                        vt.upsert_many(*self._row_keys(rows, vectors))
                tracks[track.name] = vt
        return tracks

    def load_keyword_tracks(self, conn: sqlite3.Connection) -> dict[str, KeywordTrack]:
        """Index the live rows' text of every track (called off the boot path)."""
        tracks = {}
        for track in TRACKS.values():
            kt = KeywordTrack(track.name)
            for rows in _live_batches(conn, track, track.text_sql):
                kt.upsert_many(*self._row_keys(rows, [r[1] or "" for r in rows]))
            tracks[track.name] = kt
        return tracks

    def _row_keys(self, rows, payloads) -> tuple:
        """(ids, payloads, owner codes, times, speaker codes) of rows read by _live_batches: what a track's
        upsert_many takes."""
        codes = self.owners.code
        return (
            [r[0] for r in rows],
            payloads,
            [codes(r[2]) for r in rows],
            [r[3] for r in rows],
            [codes(r[4]) for r in rows],
        )

    def load_keywords(self) -> None:
        """Build the keyword index from core.db and search it, with every write committed meanwhile."""

        def install(loaded: dict[str, KeywordTrack]) -> None:
            self.keywords = loaded

        self._load_in_step([KEYWORDS], self.load_keyword_tracks, install)

    def serve(self, model_id: str, tracks: dict[str, VectorTrack]) -> None:
        with self._tracks_lock:
            self._serve_locked(model_id, tracks)

    def _serve_locked(self, model_id: str, tracks: dict[str, VectorTrack]) -> None:
        self.tracks, self.vector_model = tracks, model_id
        if self.staging_model == model_id:
            self.staging, self.staging_model = {}, None
        self._rebuild_pending.clear()  # freshly loaded from SQL

    def load_and_serve(self, model_id: str, dim: int) -> None:
        """Load model_id's tracks from core.db and search them, with every write committed meanwhile."""
        self._load_in_step(
            list(TRACKS),
            lambda conn: self.load_tracks(model_id, dim, None, conn),
            lambda loaded: self._serve_locked(model_id, loaded),
        )

    def begin_staging(self, model_id: str, dim: int) -> None:
        """Start building model_id's space beside the one searched (resuming from rows already re-embedded)."""
        with self._tracks_lock:
            self.staging, self.staging_model = {}, model_id

        def install(loaded: dict[str, VectorTrack]) -> None:
            if self.staging_model == model_id:
                self.staging = {**self.staging, **loaded}

        self._load_in_step(list(TRACKS), lambda conn: self.load_tracks(model_id, dim, None, conn), install)

    def _load_in_step(self, names: list[str], load: Callable[[sqlite3.Connection], dict], install: Callable) -> None:
        """load(conn) tracks from one snapshot (`names`: the vector tracks loaded, or [KEYWORDS] for the keyword
        index), then on the writer thread (no refresh can come between) install(loaded) under the tracks lock
        and replay onto them the rows touched since the snapshot: a write committed during a long load is
        never missed."""
        with self._tracks_lock:
            for name in names:
                self._rebuilding[name] = set()
        try:
            with self.snapshot() as conn:
                loaded = load(conn)

            def swap(writer_conn: sqlite3.Connection) -> None:
                with self._tracks_lock:
                    install(loaded)
                    replay = {name: self._rebuilding.pop(name, set()) for name in names}
                for name, ids in replay.items():
                    for track_name in TRACKS if name == KEYWORDS else (name,):
                        touched = ids if name != KEYWORDS else {i for t, i in ids if t == track_name}
                        if touched:
                            self._refresh(TRACKS[track_name], touched, writer_conn)

            self.writer.run_job(swap, timeout=None)
        finally:
            with self._tracks_lock:
                for name in names:
                    self._rebuilding.pop(name, None)

    def promote_staging(self) -> None:
        with self._tracks_lock:
            self.tracks, self.vector_model = self.staging, self.staging_model
            self.staging, self.staging_model = {}, None

    def searched_space(self) -> tuple[str | None, dict[str, VectorTrack]]:
        """The searched space and its tracks, taken together (a model change swaps both at once)."""
        with self._tracks_lock:
            return self.vector_model, self.tracks

    def track(self, name: str) -> VectorTrack | None:
        return self.tracks.get(name)

    def filing(self) -> list[str]:
        """The searched tracks whose inverted file is being (re)built in the background (searched exactly, or
        on the previous file, meanwhile)."""
        return [name for name, vt in self.searched_space()[1].items() if not vt.wait_filed(0)]

    def wait_filed(self, timeout: float) -> bool:
        """Wait until no searched track is building its inverted file (benchmarks measure the settled memory)."""
        deadline = time.monotonic() + timeout
        return all(vt.wait_filed(max(0.0, deadline - time.monotonic())) for vt in self.searched_space()[1].values())

    def vectors_of(self, track: Track | str, ids, model_id: str | None = None, conn=None) -> dict[int, np.ndarray]:
        """{id: vector} of the given rows in model_id's space (default: the searched one); rows without a
        vector of that model are left out. From the in-memory track where it holds the row (live rows),
        else decoded from SQL through conn (a WriteTx inside a write, default the thread's reader)."""
        track = TRACKS[getattr(track, "name", track)]
        ids = [int(i) for i in ids]
        with self._tracks_lock:
            model_id = model_id or self.vector_model
            space = (
                self.tracks if model_id == self.vector_model else self.staging if model_id == self.staging_model else {}
            )
            vt = space.get(track.name)
        out: dict[int, np.ndarray] = {}
        if model_id is None:
            return out
        if vt is not None:
            for row_id in ids:
                vector = vt.vector(row_id)
                if vector is not None:
                    out[row_id] = vector
        missing = [i for i in ids if i not in out]
        if missing:
            with self.reading() as reader:
                source = conn if conn is not None else reader
                for chunk in _chunks(missing):
                    for row in source.execute(
                        f"SELECT id, embedding FROM {track.table} WHERE id IN ({', '.join('?' * len(chunk))}) "
                        f"AND embed_model = ? AND embedding IS NOT NULL",
                        (*chunk, model_id),
                    ):
                        out[row[0]] = decode(row[1])
        return out

    # -- keeping the tracks in step with the rows ----------------------------------------------------------
    def _refresh_touched(self, tx: WriteTx) -> None:
        """After a commit, on the writer thread: re-read the touched rows (the writer's connection sees exactly
        what was committed, and no other write can come between) and put the tracks in step."""
        for name, ids in tx.touched.items():
            if not ids:
                continue
            with self._tracks_lock:
                if name in self._rebuilding:
                    self._rebuilding[name].update(ids)  # replayed after the rebuilt track is swapped in
                if KEYWORDS in self._rebuilding:
                    self._rebuilding[KEYWORDS].update((name, i) for i in ids)
            try:
                self._refresh(TRACKS[name], ids, tx.conn)
            except Exception:
                log.exception("refreshing the %s tracks failed; they will be rebuilt from core.db", name)
                with self._tracks_lock:
                    self._rebuild_pending.add(name)
                    if self.keywords:
                        self._rebuild_pending.add(KEYWORDS)
                if self.on_rebuild_needed is not None:
                    self.on_rebuild_needed()

    def _refresh(self, track: Track, ids, conn: sqlite3.Connection) -> None:
        with self._tracks_lock:
            spaces = [
                (model_id, vt)
                for model_id, vt in (
                    (self.vector_model, self.tracks.get(track.name)),
                    (self.staging_model, self.staging.get(track.name)),
                )
                if vt is not None
            ]
            kt = self.keywords.get(track.name)
        if not spaces and kt is None:
            return  # no track loaded yet: loading reads these rows from SQL anyway
        live: dict[int, tuple] = {}
        for chunk in _chunks(sorted(ids)):
            for row in conn.execute(
                f"SELECT id, embedding, embed_model, owner_id, {track.time_col}, {track.text_sql}, {track.speaker_sql} "
                f"FROM {track.table} "
                f"WHERE id IN ({', '.join('?' * len(chunk))}) AND {track.live()}",
                chunk,
            ):
                embedding, embed_model, owner_id, ts, text, speaker = tuple(row)[1:]
                live[row[0]] = (embedding, embed_model, self.owners.code(owner_id), ts, text, self.owners.code(speaker))
        if kt is not None:
            for row_id in ids:
                row = live.get(row_id)
                if row is None:
                    kt.remove(row_id)
                else:
                    kt.upsert(row_id, row[4] or "", row[2], row[3], row[5])
        for model_id, vt in spaces:
            for row_id in ids:
                row = live.get(row_id)
                if row is None:
                    vt.remove(row_id)  # deleted, dismissed, superseded, cleared
                    continue
                embedding, embed_model, owner, ts, _, said_by = row
                if embedding is not None and embed_model == model_id:
                    vector = decode(embedding)
                    if vector.shape[0] == vt.dim:
                        vt.upsert(row_id, vector, owner, ts, said_by)
                        continue
                    vt.remove(row_id)
                elif row_id in vt:
                    # A live row whose stored vector is now another model's (re-embedded for a model change)
                    # keeps the vector it has in this space: the old space is searched until the new one is
                    # complete. Its owner and time may still have changed.
                    vector = vt.vector(row_id)
                    if vector is not None:
                        vt.upsert(row_id, vector, owner, ts, said_by)

    def rebuild_pending(self) -> list[str]:
        with self._tracks_lock:
            return sorted(self._rebuild_pending)

    def rebuild_tracks(self) -> list[str]:
        """Reload the tracks a failed refresh left behind from SQL (called by the backfill worker, off the
        writer thread); returns the names rebuilt. A rebuilt searched track holds only the rows whose stored
        vector is its model's (during a model change, rows already re-embedded are in the building space)."""
        with self._tracks_lock:
            names = sorted(self._rebuild_pending)
            if not names:
                return []
            self._rebuild_pending.difference_update(names)
            keywords = KEYWORDS in names
            names = [name for name in names if name != KEYWORDS]
            groups: dict[tuple[str, str, int], list[str]] = {}
            for which, model_id, space in (
                ("searched", self.vector_model, self.tracks),
                ("staging", self.staging_model, self.staging),
            ):
                for name in names:
                    if model_id is not None and name in space:
                        groups.setdefault((which, model_id, space[name].dim), []).append(name)
        try:
            for (which, model_id, dim), group in groups.items():

                def install(loaded, which=which, model_id=model_id):
                    # new dicts: a searched_space() taken earlier stays whole
                    if which == "searched" and self.vector_model == model_id:
                        self.tracks = {**self.tracks, **loaded}
                    elif which == "staging" and self.staging_model == model_id:
                        self.staging = {**self.staging, **loaded}

                def load(conn, model_id=model_id, dim=dim, group=group):
                    return self.load_tracks(model_id, dim, group, conn)

                self._load_in_step(group, load, install)
            if keywords:
                self.load_keywords()
                names.append(KEYWORDS)
        except BaseException:
            with self._tracks_lock:
                self._rebuild_pending.update(names + ([KEYWORDS] if keywords else []))
            raise
        log.info("tracks rebuilt from core.db: %s", ", ".join(names))
        return names

    def status(self) -> dict:
        # tracks whose inverted file is being built: searched exactly (slower) meanwhile
        return {"rebuild_pending": self.rebuild_pending(), "filing": self.filing()}

    def counts(self, extra: tuple[str, ...] = ()) -> dict[str, int]:
        """Rows per track, and per table named in `extra`."""
        tables = {name: t.table for name, t in TRACKS.items()} | {table: table for table in extra}
        with self.reading() as conn:
            return {name: conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for name, table in tables.items()}

    def size_bytes(self) -> int:
        return sum(p.stat().st_size for p in self.path.parent.glob(self.path.name + "*") if p.exists())

    def close(self) -> None:
        for vt in [*self.tracks.values(), *self.staging.values()]:
            vt.close()
        self.checkpointer.close()
        self.writer.close()
        self._readers.close()
