"""Filling and refreshing stored vectors in the background.

Every embedding-bearing row records the model its vector came from (`embed_model`). This worker embeds the
rows whose vector is missing or from another model: new turns a moment after they are committed, and every
row after the configured model changes (newest first, facts and episodes before turns, resumable after a
restart because each row records its own model). Nothing is wiped; the in-memory tracks hold only the active
model's vectors, so a search never mixes two vector spaces, and FTS keeps serving every row meanwhile.
"""

from __future__ import annotations

import logging
import threading
import time

from .. import heap
from ..events import EventBus
from ..store.database import Store
from ..store.tracks import TRACKS, Track
from ..store.vectors import encode
from .service import BACKGROUND_BATCH, EmbedderNotReady, Priority, TextEmbedder

log = logging.getLogger(__name__)

PROGRESS_EVERY_SECONDS = 1.0
# From a wake to the pass: the commit that woke us answers its caller (a live turn's reply) before embedding
# competes with it for the cores and the GIL, and the commits of that moment are embedded together.
SETTLE_SECONDS = 0.03


class EmbeddingBackfill:
    def __init__(self, store: Store, embedder: TextEmbedder, events: EventBus):
        self.store = store
        self.embedder = embedder
        self.events = events
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="hearth-backfill", daemon=True)
        self.pending = 0
        self.total = 0
        self.done = 0
        self.reembedding = False
        self.tracks_ready = threading.Event()
        self.keywords_ready = threading.Event()
        self._full = True
        self._watermarks: dict[str, int] = {}
        store.on_rebuild_needed = self._wake.set  # a failed track refresh is rebuilt on the next wake

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout=30)

    def nudge(self, full: bool = False) -> None:
        """New rows to embed; full=True when older rows changed text (an edit) and need a whole scan."""
        if full:
            self._full = True
        self._wake.set()

    def status(self) -> dict:
        return {
            "pending": self.pending,
            "done": self.done,
            "total": self.total,
            "reembedding": self.reembedding,
            "searched_model": self.store.vector_model,
            "building_model": self.store.staging_model,
            "keywords_ready": self.keywords_ready.is_set(),
            **self.store.status(),
        }

    # -- worker ------------------------------------------------------------------------------------------
    def _run(self) -> None:
        self._load_keywords()
        while not self._stop.is_set():
            self._wake.wait(timeout=30)
            if self._stop.wait(SETTLE_SECONDS):
                return
            self._wake.clear()
            if not self.embedder.ready:
                continue
            try:
                self._rebuild_tracks()
                self._pass()
            except EmbedderNotReady:
                self._full = True
                continue  # the model is being switched; its ready state wakes us again
            except Exception:
                log.exception("background embedding pass failed; retrying later")
                self._full = True
                time.sleep(1)
                self._wake.set()

    def _load_keywords(self) -> None:
        """The keyword index first: it needs no model, and until it is loaded keyword search reads FTS5."""
        try:
            started = time.monotonic()
            self.store.load_keywords()
        except Exception:
            log.exception("loading the keyword index failed; keyword search stays on FTS5")
            return
        self.keywords_ready.set()
        heap.settle()
        log.info("keyword index loaded in %.1f s", time.monotonic() - started)

    def _rebuild_tracks(self) -> None:
        """Reload the vector tracks a failed refresh left out of step (the store marks them)."""
        if self.store.rebuild_pending():
            rebuilt = self.store.rebuild_tracks()
            if rebuilt:
                self.events.publish("embedder.tracks_rebuilt", tracks=rebuilt)

    def _record(self, model_id: str, dim: int) -> str | None:
        previous = self.store.meta("embedder_model")

        def record(tx):
            Store.set_meta(tx, "embedder_model", model_id)
            Store.set_meta(tx, "embedder_dim", str(dim))

        self.store.writer.write(record)
        return previous

    def _activate(self, model_id: str, dim: int) -> None:
        """Search model_id's space from now on, with whatever rows already have its vectors."""
        previous = self._record(model_id, dim)
        self.store.load_and_serve(model_id, dim)
        self.embedder.retain({model_id})
        self.tracks_ready.set()
        heap.settle()  # the model and the tracks are loaded
        self.events.publish("embedder.active", model=model_id, dim=dim, previous=previous)

    def _promote(self, model_id: str, dim: int) -> None:
        """Every row is in the new space: search it, and let the previous model go."""
        previous = self._record(model_id, dim)
        self.store.promote_staging()
        self.embedder.retain({model_id})
        self.events.publish("embedder.active", model=model_id, dim=dim, previous=previous)

    def _raise_watermarks(self, newest: dict[str, int]) -> None:
        for name, top in newest.items():
            self._watermarks[name] = max(self._watermarks.get(name, 0), top)

    def _newest_ids(self) -> dict[str, int]:
        with self.store.reading() as conn:
            return {
                t.name: conn.execute(f"SELECT coalesce(max(id), 0) FROM {t.table}").fetchone()[0]
                for t in TRACKS.values()
            }

    def _pending_count(self, model_id: str, above: dict[str, int] | None) -> int:
        total = 0
        with self.store.reading() as conn:
            for t in TRACKS.values():
                floor = -1 if above is None else above.get(t.name, -1)
                total += conn.execute(
                    f"SELECT count(*) FROM {t.table} WHERE id > ? AND embed_model IS NOT ?", (floor, model_id)
                ).fetchone()[0]
        return total

    def _pass(self) -> None:
        """A full pass scans every row (at start, after a model change, after an edit); a nudge pass only
        the rows added since the last pass, so a committed turn costs no table scan."""
        model_id, dim = self.embedder.model_id, self.embedder.dim
        serving = self.store.vector_model
        full = self._full or serving != model_id
        self._full = False
        above = None if full else self._watermarks
        # A full pass covers every row there is now: the next nudge starts above them, even when none is pending
        # (else each nudge after a start with nothing to embed would scan every table from the bottom).
        newest = self._newest_ids() if full else None
        # Counted before the new space is served, so status never shows it searched with nothing pending.
        self.pending = self.total = self._pending_count(model_id, above)
        self.done = 0
        if serving is None or (serving != model_id and not self.embedder.can_embed(serving)):
            # Nothing searchable to keep (first start, or a restart mid-change): the new space serves now.
            self._activate(model_id, dim)
        elif serving != model_id and self.store.staging_model != model_id:
            # A model change: keep searching the current space while the new one is built beside it.
            self.store.begin_staging(model_id, dim)
        if not self.total:
            self._raise_watermarks(newest or {})
            if self.store.staging_model == model_id:
                self._promote(model_id, dim)
            return
        # Many stale rows at once means a model change (or an import): a background re-embedding job.
        self.reembedding = self.total > BACKGROUND_BATCH
        priority = Priority.BACKGROUND if self.reembedding else Priority.INGEST
        started = last_report = time.monotonic()
        if self.reembedding:
            self.events.publish("embedding.progress", model=model_id, done=0, total=self.total, finished=False)
        for track in TRACKS.values():
            high = None if full else self._watermarks.get(track.name, 0)
            low = None if full else -1  # -1: a nudge pass never walks down into older rows
            while not self._stop.is_set():
                if self.embedder.model_id != model_id:
                    self._full = True
                    raise EmbedderNotReady("model switched during the pass")
                rows, high, low = self._next_batch(track, model_id, high, low)
                self._watermarks[track.name] = max(self._watermarks.get(track.name, 0), high)
                if not rows:
                    break
                self._embed_rows(track, rows, model_id, priority)
                self.done += len(rows)
                self.pending = max(0, self.total - self.done)
                if self.reembedding and time.monotonic() - last_report >= PROGRESS_EVERY_SECONDS:
                    last_report = time.monotonic()
                    self.events.publish(
                        "embedding.progress", model=model_id, done=self.done, total=self.total, finished=False
                    )
        if self._stop.is_set():
            return
        if self.store.staging_model == model_id:
            self._promote(model_id, dim)
        if self.reembedding:
            self.events.publish(
                "embedding.progress",
                model=model_id,
                done=self.done,
                total=self.total,
                finished=True,
                seconds=round(time.monotonic() - started, 2),
            )
        self.reembedding = False
        self.pending = self.done = self.total = 0

    def _next_batch(self, track: Track, model_id: str, high, low):
        """Rows added since the pass began come first (a live turn is never stuck behind a long job), then
        the rest, newest first."""
        with self.store.reading() as conn:
            if high is None:
                high = conn.execute(f"SELECT coalesce(max(id), 0) FROM {track.table}").fetchone()[0]
                low = high + 1
            sql = (
                f"SELECT id, {track.text_sql} AS text FROM {track.table} WHERE {{range}} "
                f"AND embed_model IS NOT ? ORDER BY id {{order}} LIMIT ?"
            )
            rows = conn.execute(sql.format(range="id > ?", order="ASC"), (high, model_id, BACKGROUND_BATCH)).fetchall()
            if rows:
                return rows, max(r[0] for r in rows), low
            if low <= 0:
                return [], high, low
            rows = conn.execute(sql.format(range="id < ?", order="DESC"), (low, model_id, BACKGROUND_BATCH)).fetchall()
        if rows:
            low = min(r[0] for r in rows)
        return rows, high, low

    def _embed_rows(self, track: Track, rows, model_id: str, priority: Priority) -> None:
        used_model, vectors = self.embedder.embed([r["text"] for r in rows], priority, timeout=None)
        if used_model != model_id:
            raise EmbedderNotReady("model switched during the batch")
        store = self.store

        def write(tx):
            for row, vector in zip(rows, vectors, strict=True):
                # Guarded by the text: a row edited or erased meanwhile is left for the next pass.
                cur = tx.execute(
                    f"UPDATE {track.table} SET embedding = ?, embed_model = ? WHERE id = ? AND {track.text_sql} = ?",
                    (encode(vector), model_id, row["id"], row["text"]),
                )
                if cur.rowcount == 1:
                    tx.touch(track, [row["id"]])

        store.writer.write(write)
