"""The composition root: `Daemon` builds the components, orders their start and stop, subscribes each to
the settings it uses, and composes the status from each component's own.

After electrum's Daemon: it can run with its listener off, so tests drive it in-process through
`daemon.client()`; `hearthd.server` serves it on the socket (the `hearthd` command). The operations
themselves live in `hearthd.ops`, reached as `daemon.ops.<area>.<operation>`.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from datetime import UTC

from apscheduler.schedulers.background import BackgroundScheduler

from . import __version__
from .api.auth import Tokens
from .embedding.backfill import EmbeddingBackfill
from .embedding.models import TextModel, load_sentence_transformer
from .embedding.service import TextEmbedder
from .events import EventBus
from .forgetting.retention import retention_pass
from .formation.extraction.reader import release_shared as release_shared_reader
from .formation.former import Former
from .formation.sweeper import JOB as SWEEP_JOB
from .formation.sweeper import Sweeper
from .generators.active import PROVIDER_SETTINGS, ActiveGenerator, api_key_secret
from .history.compaction import Summariser
from .history.windows import WorkingWindows
from .memory.recall import Recaller
from .ops import Operations
from .ops.conversation import Compactor, Conversation
from .ops.curation import Curation
from .ops.entities import EntitiesOps
from .ops.forgetting import Forgetting
from .ops.generator import GeneratorOps
from .ops.importance import ImportanceOps
from .ops.importing import Importing
from .ops.proxy import ProxyOps
from .ops.recall import Reading
from .ops.rules import RulesOps
from .ops.settings import SettingsOps
from .ops.speakers import Speakers
from .ops.system import System
from .ops.tools import Tools
from .paths import RUNTIME_FALLBACKS
from .paths import data_dir as resolve_data_dir
from .proxy.server import ProxyServer
from .server import DataDirLock
from .settings import Settings
from .store.database import Store

RETENTION_JOB = "retention"
STOP_WAIT_SECONDS = 3.0  # the longest a stop waits for a formation pass to finish its session
log = logging.getLogger(__name__)


def limit_blas_threads() -> None:
    """numpy's BLAS pool to one thread. The daemon's parallelism is its own threads (recall's tracks, the
    embedder, the API); a multi-threaded BLAS call on top of them oversubscribes the cores and stalls whenever
    one of its threads is descheduled, the slow tail of a search. torch's own pool is not affected."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")


class Daemon:
    def __init__(
        self,
        data_dir: str | os.PathLike | None = None,
        *,
        model_loader: Callable[[str], TextModel] | None = None,
        learned_reader: bool = True,
    ):
        self.started_at = time.time()
        self._reader_loading: threading.Thread | None = None
        if learned_reader:
            # pydantic (the API's models) imported here, before any thread: the reader's first load imports it too,
            # through torch, and the two imports at once once left one of them with a partially initialised module
            from .api import models  # noqa: F401
        limit_blas_threads()
        self.data_dir = resolve_data_dir(data_dir)
        self._lock = DataDirLock(self.data_dir)
        try:
            self.store = Store(self.data_dir)
        except BaseException:
            self._lock.release()
            raise
        try:  # a refused token file (a link, someone else's) must not leave the data dir locked
            self.events = EventBus()
            self.settings = Settings()
            with self.store.reading() as conn:
                self.settings.load(conn.execute("SELECT key, value FROM settings").fetchall())
            self.tokens = Tokens.load_or_create(self.data_dir)
        except BaseException:
            self.store.close()
            self._lock.release()
            raise

        # The components, each given what it uses.
        self.embedder = TextEmbedder(
            self.settings["embedder.model"], loader=model_loader or self._load_model, on_state=self._embedder_state
        )
        self.backfill = EmbeddingBackfill(self.store, self.embedder, self.events)
        self.recaller = Recaller(self.store, self.embedder, self.settings)
        self.generator = ActiveGenerator(self.settings, api_key_secret(self.data_dir), self.events)
        self.former = Former(self.store, self.embedder, self.settings, self.generator, learned_reader)
        self.windows = WorkingWindows(self.store, self.settings, Summariser(self.embedder, self.generator))
        self.sweeper = Sweeper(self.store, self.settings, self.former, self.events, on_threads_ended=self.windows.drop)
        self.scheduler = BackgroundScheduler(timezone=UTC, daemon=True)
        self.compactor = Compactor(self.windows, self.events)

        # The operations, one service per area.
        conversation = Conversation(
            self.store,
            self.settings,
            self.windows,
            self.compactor,
            self.events,
            on_committed=self._turns_committed,
            erase=self._erase_by_voice,
        )
        reading = Reading(self.store, self.settings, self.recaller, self.windows)
        self.ops = Operations(
            conversation=conversation,
            recall=reading,
            curation=Curation(self.store, self.windows, self.former, self.embedder, self.backfill, self.events),
            forgetting=Forgetting(self.store, self.windows, self.settings, self.backfill, self.events, self.data_dir),
            speakers=Speakers(self.store, self.settings, self.events),
            settings=SettingsOps(self.store, self.settings, self.events),
            generator=GeneratorOps(
                self.store,
                self.generator,
                self.events,
                lambda: self.sweeper.degraded_passes,
                on_change=self.sweeper.wake,
            ),
            tools=Tools(self.store, self.settings, reading, conversation),
            system=System(self.store, self.embedder, self.sweeper, self.events, status_of=self.status),
            rules=RulesOps(self.store, self.embedder, self.backfill, self.events, self.former.rules),
            entities=EntitiesOps(self.store, self.events),
            importance=ImportanceOps(self.store, self.settings, self.events),
            importing=Importing(self.store, conversation, self.events),
            proxy=ProxyOps(self.store, self.tokens, self.events),
        )
        self.proxy = ProxyServer(self)  # the memory proxy's listener (off until proxy.enabled)
        self._subscribe_to_settings()
        self._stopped = False

    def _subscribe_to_settings(self) -> None:
        self.settings.on_change(lambda _key, _old, new: self.embedder.switch_model(new), keys=("embedder.model",))
        self.settings.on_change(lambda *_: self.generator.rebuild(), keys=tuple(PROVIDER_SETTINGS))
        self.settings.on_change(self._reschedule, keys=("memory.sweep_interval_seconds",))
        self.settings.on_change(lambda *_: self.sweeper.wake())  # any setting may change what a pass does
        self.settings.on_change(
            lambda *_: threading.Thread(target=self.proxy.apply_settings, name="hearth-proxy-settings").start(),
            keys=("proxy.enabled", "proxy.port"),
        )

    def _reschedule(self, _key, _old, seconds) -> None:
        for job in (SWEEP_JOB, RETENTION_JOB):
            self.scheduler.reschedule_job(job, trigger="interval", seconds=seconds)

    # -- lifecycle -----------------------------------------------------------------------------------------
    def start(self) -> Daemon:
        """Start the background parts; returns at once (the model loads on the embedder's thread)."""
        self.embedder.start()
        self.backfill.start()
        self.sweeper.schedule(self.scheduler)
        self.scheduler.add_job(
            self.retention_pass,
            "interval",
            id=RETENTION_JOB,
            max_instances=1,
            coalesce=True,
            seconds=self.settings["memory.sweep_interval_seconds"],
        )
        self.scheduler.start()
        if self.settings["proxy.enabled"]:
            self.proxy.apply_settings()
        self.events.publish("daemon.started", version=__version__)
        return self

    def stop(self) -> None:
        """Stop in the reverse order of dependence: nothing new is scheduled, then the workers, the store last."""
        if self._stopped:
            return
        self._stopped = True
        self.proxy.stop()  # no new proxied turn once the stop began
        # A formation pass under way stops before its next session and is not waited for: forming a session
        # is one idempotent transaction, and the next start's reconcile forms what it did not reach.
        self.sweeper.halt()
        self.scheduler.shutdown(wait=True)
        if self._reader_loading is not None:
            self._reader_loading.join(timeout=60)
        if not self.sweeper.wait_idle(STOP_WAIT_SECONDS):
            log.warning("a formation pass is still finishing a session; the next start's reconcile completes it")
        self.former.learned_reader = False  # a pass still finishing reads by the rules, and loads nothing again
        release_shared_reader()
        self.compactor.close()
        self.generator.close()
        self.backfill.stop()
        self.embedder.stop()
        self.recaller.close()
        self.store.close()
        self._lock.release()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def _load_model(self, model_ref: str) -> TextModel:
        return load_sentence_transformer(model_ref, runtime=self.settings["embedder.runtime"])

    def _embedder_state(self, embedder: TextEmbedder) -> None:
        self.events.publish("embedder.state", state=embedder.state, model=embedder.model_ref, error=embedder.error)
        if embedder.ready:
            self.backfill.nudge(full=True)
            self.sweeper.wake()  # a pass that waited for the model can form now
            _warm_rule_tables()
            self._warm_reader()

    def _warm_reader(self) -> None:
        """Load the learned reader once the model is ready, on a thread of its own that stop() waits for: a stop
        while torch loads would otherwise end the process with an abort."""
        if self._reader_loading is None and self.former.reads_with_reader:
            self._reader_loading = threading.Thread(
                target=lambda: self.former.reader, name="hearth-warm-reader", daemon=True
            )
            self._reader_loading.start()

    def _erase_by_voice(self, kind: str, value: str, actor: str) -> dict:
        """ "Forget what I just said", heard in a committed turn: the erase operation, with its receipt."""
        return self.ops.forgetting.erase(kind, value, actor)

    def _turns_committed(self) -> None:
        self.backfill.nudge()
        self.sweeper.wake()

    def retention_pass(self) -> int:
        self.ops.settings.resume_if_due()  # a timed pause ends within one sweep interval of its time
        self.ops.importance.refresh_if_due()  # daily: the scores retention keeps turns by, recency decayed
        deleted = retention_pass(self.store, self.settings)
        if deleted:
            self.events.publish("retention.deleted", turns=deleted)
        return deleted

    # -- composition ---------------------------------------------------------------------------------------
    def client(self, role: str = "admin"):
        """An in-process API client (no socket): the same app, routes and auth as over the wire."""
        from starlette.testclient import TestClient

        from .api.app import create_app
        from .api.client import HearthClient

        http = TestClient(create_app(self), base_url="http://hearth", raise_server_exceptions=False)
        return HearthClient(http, token=self.tokens[role])

    def status(self) -> dict:
        return {
            "version": __version__,
            "pid": os.getpid(),
            "data_dir": str(self.data_dir),
            "uptime_seconds": round(time.time() - self.started_at, 1),
            "schema_version": self.store.schema_version,
            "db_bytes": self.store.size_bytes(),
            "embedder": dict(
                self.embedder.status(),
                searched_model=self.store.vector_model,
                recorded_model=self.store.meta("embedder_model"),
            ),
            "embedding": self.backfill.status(),
            "generator": self.ops.generator.status(),
            "formation": dict(self.sweeper.status(), learned_reader=self.former.reader_state),
            "receipts": self.ops.forgetting.status(),
            "proxy": self.proxy.status(),
            "memory": dict(self.ops.settings.memory_state(), recall_mode=self.settings["memory.recall_mode"]),
            "counts": self.store.counts(extra=("threads", "sessions", "speakers")),
            # what a person should know about this daemon's set-up (shown by hearthctl status and the Status page)
            "warnings": [w for w in (RUNTIME_FALLBACKS.get(self.data_dir),) if w],
        }


def _warm_rule_tables() -> None:
    """Compile the extractor's rule tables (about half a second) once the model is ready, on a thread of their own:
    not in the start, which the API answers before, nor in the first `remember` someone waits for."""

    def warm() -> None:
        try:
            from .formation.extraction import pipeline  # noqa: F401 - imported for its compiled tables
        except Exception:  # noqa: BLE001 - the first formation imports it again and reports what fails
            log.exception("the rule tables could not be compiled ahead of use")

    if "hearthd.formation.extraction.pipeline" not in sys.modules:
        threading.Thread(target=warm, name="hearth-warm-rules", daemon=True).start()
