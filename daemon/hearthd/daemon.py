"""hearthd: the one object that owns core.db, the embedder, the background workers and the API.

After electrum's Daemon: `Daemon(...)` wires everything and can run with its listener off, so tests drive it
in-process through `daemon.client()`; `main()` is the `hearthd` command, serving the API on the Unix socket
until SIGTERM or SIGINT.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import logging
import os
import signal
import socket
import sys
import time
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import timezone
from typing import Callable

import numpy as np
from apscheduler.schedulers.background import BackgroundScheduler

from . import __version__, audit
from .api.auth import Tokens
from .api.client import socket_path, tcp_endpoint_file
from .embedding.backfill import EmbeddingBackfill
from .embedding.models import TextModel, load_sentence_transformer
from .embedding.service import Priority, TextEmbedder
from .errors import NotFound, UserError
from .events import EventBus
from .forgetting import curation, export
from .forgetting import erase as erasure
from .forgetting.receipts import ReceiptKeys
from .forgetting.retention import retention_pass
from .formation.classify import CATCH_ALL
from .formation.facts import FactIn, store_fact
from .formation.former import Former
from .formation.ledger import TurnIn, ensure_speaker, insert_turns
from .formation.quality import quality_problem
from .formation.sweeper import JOB as SWEEP_JOB
from .formation.sweeper import Sweeper
from .generators.active import PROVIDER_SETTINGS, ActiveGenerator, api_key_secret
from .history.clear import clear_context
from .history.compaction import Summariser
from .history.windows import Usage, WorkingWindows
from .memory.context import assemble
from .memory.recall import FIELDS, Recaller, row_to_item
from .memory.scope import EVERYTHING, NOTHING, Scope, scope_for
from .memory.search import Filters
from .paths import data_dir as resolve_data_dir
from .paths import secure_write
from .settings import BY_KEY, DECLARATIONS, Settings
from .speakers import registry
from .speakers.voice import VoiceEmbedder
from .store.database import Store
from .store.migrations import SchemaTooNewError
from .store.tracks import FACTS
from .timeutil import iso, parse_time

log = logging.getLogger("hearthd")

RETENTION_JOB = "retention"


class AlreadyRunning(RuntimeError):
    pass


def limit_blas_threads() -> None:
    """numpy's BLAS pool to one thread. The daemon's parallelism is its own threads (recall's tracks, the
    embedder, the API); a multi-threaded BLAS call on top of them oversubscribes the cores and stalls whenever
    one of its threads is descheduled, the slow tail of a search. torch's own pool is not affected."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")


class Daemon:
    def __init__(self, data_dir: str | os.PathLike | None = None, *,
                 model_loader: Callable[[str], TextModel] = load_sentence_transformer):
        self.started_at = time.time()
        limit_blas_threads()
        self.data_dir = resolve_data_dir(data_dir)
        self._lock_file = self._acquire_lock()
        try:
            self.store = Store(self.data_dir)
        except BaseException:
            self._release_lock()
            raise
        self.events = EventBus()
        self.settings = Settings()
        self.settings.load(self.store.read().execute("SELECT key, value FROM settings").fetchall())
        self.settings.on_change(self._setting_changed)
        self.tokens = Tokens.load_or_create(self.data_dir)
        self.embedder = TextEmbedder(self.settings["embedder.model"], loader=model_loader,
                                     on_state=self._embedder_state)
        self.backfill = EmbeddingBackfill(self.store, self.embedder, self.events)
        self.recaller = Recaller(self.store, self.embedder, self.settings)
        self.generator = ActiveGenerator(self.settings, api_key_secret(self.data_dir), self.events)
        self.former = Former(self.store, self.embedder, self.settings, self.generator)
        self.windows = WorkingWindows(self.store, self.settings, Summariser(self.embedder, self.generator))
        self.sweeper = Sweeper(self.store, self.settings, self.former, self.events, on_threads_ended=self.windows.drop)
        self.scheduler = BackgroundScheduler(timezone=timezone.utc, daemon=True)
        # Compaction runs beside the API, one fold at a time, so a committing assistant never waits for it.
        self._compactor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hearth-compaction")
        self._receipt_keys: ReceiptKeys | None = None
        self._voice: VoiceEmbedder | None = None
        self._server = None
        self._stopped = False

    # -- lifecycle -----------------------------------------------------------------------------------------
    def _acquire_lock(self):
        handle = open(self.data_dir / "hearthd.lock", "a+")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise AlreadyRunning(f"another hearthd is already running for {self.data_dir}") from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        return handle

    def _release_lock(self) -> None:
        if self._lock_file:
            fcntl.flock(self._lock_file, fcntl.LOCK_UN)
            self._lock_file.close()
            self._lock_file = None

    def start(self) -> "Daemon":
        """Start the background parts; returns at once (the model loads on the embedder's thread)."""
        self.embedder.start()
        self.backfill.start()
        self.sweeper.schedule(self.scheduler)
        self.scheduler.add_job(self.retention_pass, "interval", id=RETENTION_JOB, max_instances=1, coalesce=True,
                               seconds=self.settings["memory.sweep_interval_seconds"])
        self.scheduler.start()
        self.events.publish("daemon.started", version=__version__)
        return self

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        self.scheduler.shutdown(wait=True)
        self._compactor.shutdown(wait=True)
        self.generator.close()
        self.backfill.stop()
        self.embedder.stop()
        self.recaller.close()
        self.store.close()
        self._release_lock()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def _embedder_state(self, embedder: TextEmbedder) -> None:
        self.events.publish("embedder.state", state=embedder.state, model=embedder.model_ref, error=embedder.error)
        if embedder.ready:
            self.backfill.nudge(full=True)
            self.sweeper.wake()  # a pass that waited for the model can form now

    def _setting_changed(self, key, old, new) -> None:
        self.events.publish("settings.changed", key=key, old=old, new=new)
        if key == "embedder.model":
            self.embedder.switch_model(new)
        if key in PROVIDER_SETTINGS:
            self.generator.rebuild()
        if key == "memory.sweep_interval_seconds":
            for job in (SWEEP_JOB, RETENTION_JOB):
                self.scheduler.reschedule_job(job, trigger="interval", seconds=new)
        self.sweeper.wake()

    # -- the API's operations ------------------------------------------------------------------------------
    def client(self, role: str = "admin"):
        """An in-process API client (no socket): the same app, routes and auth as over the wire."""
        from starlette.testclient import TestClient

        from .api.app import create_app
        from .api.client import HearthClient

        http = TestClient(create_app(self), base_url="http://hearth", raise_server_exceptions=False)
        return HearthClient(http, token=self.tokens[role])

    def status(self) -> dict:
        conn = self.store.read()
        counts = self.store.counts()
        for table in ("threads", "sessions", "speakers"):
            counts[table] = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        return {
            "version": __version__,
            "pid": os.getpid(),
            "data_dir": str(self.data_dir),
            "uptime_seconds": round(time.time() - self.started_at, 1),
            "schema_version": self.store.schema_version,
            "db_bytes": self.store.size_bytes(),
            "embedder": {
                "model": self.embedder.model_ref, "state": self.embedder.state, "ready": self.embedder.ready,
                "error": self.embedder.error, "dim": self.embedder.dim, "load_seconds": self.embedder.load_seconds,
                "active_model": self.embedder.model_id, "loaded": self.embedder.loaded(),
                "searched_model": self.store.vector_model, "recorded_model": self.store.meta("embedder_model"),
            },
            "embedding": self.backfill.status(),
            "generator": dict(self.generator.status(), degraded_passes=self.sweeper.degraded_passes),
            "formation": self.sweeper.status(),
            "receipts": self._receipt_keys.status() if self._receipt_keys else {"source": None},
            "memory": {"enabled": self.settings["memory.enabled"], "recall_mode": self.settings["memory.recall_mode"]},
            "counts": counts,
        }

    # -- the generator ---------------------------------------------------------------------------------------
    def test_generator(self) -> dict:
        result = self.generator.test()
        self.events.publish("generator.tested", **{k: result.get(k) for k in ("provider", "ok", "error", "seconds")})
        if result["ok"]:
            self.sweeper.wake()  # sessions waiting for it can form now
        return result

    def set_generator_key(self, key: str | None, actor: str) -> dict:
        """Store (or with None remove) the generator's API key: the OS keyring, else an owner-only file. The
        key is never written to core.db, a log, an event or an answer."""
        secret = self.generator.api_key
        if key is None:
            removed = secret.delete()
            detail = {"removed": removed}
        else:
            if not key.strip() or len(key) > 4096 or any(c.isspace() for c in key.strip()):
                raise UserError("an API key is one line of at most 4096 characters without spaces")
            secret.set(key.strip())
            detail = {"source": secret.source}
        self.store.writer.write(lambda tx: audit.record(tx, actor, "generator.key", "generator.api_key", detail))
        self.generator.rebuild()
        self.events.publish("generator.key", set=key is not None, source=secret.source)
        self.sweeper.wake()
        return {"set": secret.source is not None, "source": secret.source, "warning": secret.warning}

    def commit_turns(self, turns: list[TurnIn], usage: Usage | None = None) -> list[dict]:
        """Write finished turns; `usage` is the live turn's prompt size, which may trigger compaction."""
        for i, turn in enumerate(turns):
            turn.validate(f"turn {i + 1}")
        coupling = self.settings["memory.coupling_window_seconds"]
        records = self.store.writer.write(lambda tx: insert_turns(tx, turns, coupling))
        by_thread: dict[int, list[dict]] = {}
        for turn, rec in zip(turns, records):
            by_thread.setdefault(rec["thread_id"], []).append(
                {"id": rec["id"], "role": turn.role, "text": turn.text, "speaker_id": turn.speaker, "ts": rec["ts"]})
            rec["ts"] = iso(rec["ts"])
        for thread_id, messages in by_thread.items():
            self.windows.appended(thread_id, messages)
        self.backfill.nudge()
        self.sweeper.wake()
        if usage is not None and records:
            self.report_usage(records[-1]["thread_id"], usage)
        for turn, rec in zip(turns, records):
            self.events.publish("turn.committed", id=rec["id"], thread=turn.thread, role=turn.role,
                                speaker=turn.speaker)
        return records

    def read_scope(self, role: str, speaker: str | None, band: str | None) -> Scope:
        """Admins without a speaker see every pool; everyone else sees what the speaker's band allows, and an
        assistant asking for nobody gets nothing."""
        if speaker is None:
            return EVERYTHING if role == "admin" else NOTHING
        return scope_for(speaker, band)

    def recall(self, query: str, scope: Scope, k: int = 10, since=None, until=None,
               participants: list[str] | None = None) -> dict:
        if not query or not query.strip():
            raise UserError("query must not be empty")
        filters = Filters(scope, since=parse_time(since, "since"), until=parse_time(until, "until"),
                          participants=tuple(participants or ()))
        return self.recaller.search_all(query, filters, k)

    def context(self, text: str, scope: Scope, thread: str | None = None) -> dict:
        """The memory block for a live turn and, given its conversation key, the working window to send."""
        result = assemble(self.recaller, self.settings, text, scope)
        if thread is not None:
            result["history"] = self.windows.view(thread)
        return result

    def report_usage(self, thread_id: int, usage: Usage) -> Future | None:
        """A turn's prompt size (or overflow, even of a failed turn): fold the window when it is too full."""
        if not usage.over_high_water():
            return None
        return self._compactor.submit(self._compact, thread_id, usage)

    def _compact(self, thread_id: int, usage: Usage) -> dict | None:
        try:
            folded = self.windows.compact_if_needed(thread_id, usage)
        except Exception:
            log.exception("compaction of thread %s failed", thread_id)
            raise
        if folded:
            self.events.publish("window.compacted", thread_id=thread_id, folded=folded["folded"])
        return folded

    def usage_for(self, key: str, usage: Usage) -> dict:
        thread_id = self.windows.thread_id(key)
        if thread_id is None:
            raise NotFound(f"no live conversation {key!r}")
        future = self.report_usage(thread_id, usage)
        return {"thread_id": thread_id, "compacting": future is not None}

    def window(self, key: str) -> dict:
        return self.windows.view(key)

    def compact_now(self, key: str) -> dict:
        thread_id = self.windows.thread_id(key)
        if thread_id is None:
            raise NotFound(f"no live conversation {key!r}")
        return self._compactor.submit(self._compact, thread_id, Usage(overflow=True)).result() or {
            "thread_id": thread_id, "folded": 0}

    def clear_context(self, speaker: str | None, actor: str) -> dict:
        result = clear_context(self.store, self.windows, speaker, actor)
        self.events.publish("context.cleared", speaker=speaker, threads=result["threads"])
        return result

    # -- curation: dismiss, restore, pin, edit, promote, review ----------------------------------------------
    def dismiss(self, ref: str, actor: str, reason: str | None = None) -> dict:
        result = curation.set_dismissed(self.store, self.windows, ref, True, actor, reason)
        self.events.publish("memory.dismissed", **result)
        return result

    def restore(self, ref: str, actor: str) -> dict:
        result = curation.set_dismissed(self.store, self.windows, ref, False, actor)
        self.events.publish("memory.restored", **result)
        return result

    def fact_ref(self, ref: str) -> int:
        track, row_id = curation.parse_ref(ref if ":" in str(ref) else f"fact:{ref}")
        if track.kind != "fact":
            raise UserError(f"{ref!r} is not a fact")
        return row_id

    def import_file(self, path: str, actor: str) -> dict:
        try:
            with open(path, encoding="utf-8") as handle:
                result = export.import_lines(self.store, handle)
        except (OSError, UnicodeDecodeError) as exc:
            raise UserError(f"cannot read {path}: {exc}") from None
        self.settings.load(self.store.read().execute("SELECT key, value FROM settings").fetchall())
        self.store.writer.write(lambda tx: audit.record(tx, actor, "import", path, result["imported"]))
        self.backfill.nudge(full=True)  # every imported row is embedded with the active model
        self.events.publish("memory.imported", **result["imported"])
        return result

    # -- erase ---------------------------------------------------------------------------------------------
    @property
    def receipt_keys(self) -> ReceiptKeys:
        """The receipt signing key, created on first use (in the OS keyring, or a 0600 file without one)."""
        if self._receipt_keys is None:
            self._receipt_keys = ReceiptKeys(self.data_dir)
        return self._receipt_keys

    def erase(self, kind: str, value: str, actor: str, dry_run: bool = False) -> dict:
        result = erasure.erase(self.store, self.windows, self.receipt_keys, erasure.Selector.parse(kind, value), actor,
                             self.store.schema_version, dry_run)
        if not dry_run:
            self.events.publish("memory.erased", counts=result["payload"]["counts"])
        return result

    # -- speakers ------------------------------------------------------------------------------------------
    @property
    def voice(self) -> VoiceEmbedder:
        if self._voice is None:
            self._voice = VoiceEmbedder()
        return self._voice

    def enroll(self, name: str | None, samples: list[bytes], actor: str, speaker_id: str | None = None) -> dict:
        result = registry.enroll(self.store, self.voice, name, samples, actor, speaker_id)
        self.events.publish("speaker.enrolled", id=result["id"])
        return result

    def identify(self, wav: bytes | None = None, voiceprint: list[float] | None = None) -> dict:
        if (wav is None) == (voiceprint is None):
            raise UserError("give either audio or a voiceprint")
        if wav is not None:
            return registry.identify_wav(self.store, self.voice, self.settings, wav)
        return registry.identify(self.store, self.settings, np.asarray(voiceprint, dtype=np.float32))

    def who(self, speaker: str | None, band: str | None, wav: bytes | None, voiceprint) -> tuple:
        """The speaker and band of a turn: as asserted (a chat account link counts as high), else by voice."""
        if speaker is not None or (wav is None and voiceprint is None):
            return speaker, band
        found = self.identify(wav, voiceprint)
        return found["speaker"], found["band"]

    def retention_pass(self) -> int:
        deleted = retention_pass(self.store, self.settings)
        if deleted:
            self.events.publish("retention.deleted", turns=deleted)
        return deleted

    def remember(self, text: str, speaker: str | None = None, band: str | None = None,
                 subject: str | None = None, predicate: str | None = None, obj: str | None = None,
                 pin: bool = False, valid_from=None) -> dict:
        """A fact or note stated directly; it goes through the same gates, dedup and supersession as formation."""
        text = (text or "").strip()
        if not text:
            raise UserError("text must not be empty")
        keep, owner = self.former.owner_for(speaker, band or "high")
        if not keep:
            raise UserError("facts from a speaker who is not confidently identified are not kept "
                            "(speakers.uncertain_facts is nowhere)")
        said_at = parse_time(valid_from, "valid_from") or time.time()
        if predicate or obj or subject:
            if not (predicate and obj):
                raise UserError("give predicate and object together (subject is optional)")
            facts = [FactIn(subject or speaker or "household", predicate.strip(), obj.strip(), text, owner_id=owner,
                            valid_from=said_at, source="remember")]
        else:
            facts, _dropped = self.former.facts_from_text(text, speaker, owner, said_at, [], None, "remember")
            if not facts:  # not a statement the rules read: kept as a note, typed by the anchors if clear
                facts = [FactIn(speaker or "household", CATCH_ALL, text, text, owner_id=owner, valid_from=said_at,
                                source="remember")]
        for fact in facts:
            problem = quality_problem(fact.text)
            if problem:
                raise UserError(f"not stored: {problem}")
            fact.always_inject = pin
        vectors: list = [None] * len(facts)
        if self.embedder.ready:
            model, matrix = self.embedder.embed([f.text for f in facts], Priority.INTERACTIVE)
            vectors = [(model, v) for v in matrix]
            for fact, (model, v) in zip(facts, vectors):
                if fact.predicate == CATCH_ALL and fact.object == text:
                    fact.predicate = self.former.classifier.classify(v, model)[0]
        rules = self.former.rules()

        def write(tx):
            if speaker:
                ensure_speaker(tx, speaker, time.time())
            return [store_fact(tx, self.store, f, v, rules) for f, v in zip(facts, vectors)]

        results = self.store.writer.write(write)
        if vectors[0] is None:
            self.backfill.nudge()
        rows = {r["id"]: r for r in self.store.read().execute(
            f"SELECT {FIELDS['facts']} FROM facts x WHERE id IN ({', '.join('?' * len(results))})",
            [r["id"] for r in results])}
        for r in results:
            self.events.publish("fact.stored", id=r["id"], action=r["action"])
        stored = [dict(action=r["action"], superseded=r["superseded"], fact=row_to_item(FACTS, rows[r["id"]]))
                  for r in results]
        return dict(stored[0], stored=stored)

    def form_now(self, end_open: bool = False) -> dict:
        return self.sweeper.run_pass(end_open)

    def facts(self, scope: Scope, history: bool = False, as_of=None) -> list[dict]:
        at = parse_time(as_of, "as_of")
        where, params = Filters(scope, include_inactive=history or at is not None).where(FACTS)
        if at is not None:
            where += " AND x.valid_from <= ? AND (x.valid_to IS NULL OR x.valid_to > ?)"
            params += [at, at]
        rows = self.store.read().execute(
            f"SELECT {FIELDS['facts']} FROM facts x WHERE {where} ORDER BY x.subject, x.predicate, x.valid_from",
            params).fetchall()
        return [row_to_item(FACTS, r) for r in rows]

    def settings_list(self) -> list[dict]:
        return [dict(s.describe(), value=self.settings[s.key]) for s in DECLARATIONS]

    def setting(self, key: str) -> dict:
        if key not in BY_KEY:
            raise NotFound(f"unknown setting {key!r}")
        return dict(BY_KEY[key].describe(), value=self.settings[key])

    def set_setting(self, key: str, value, actor: str) -> dict:
        if key not in BY_KEY:
            raise NotFound(f"unknown setting {key!r}")
        self.settings.set(self.store.writer, key, value, actor)
        return self.setting(key)

    # -- serving -------------------------------------------------------------------------------------------
    def bind_socket(self, tcp_port: int | None = None) -> socket.socket:
        """The Unix socket, created inside the 0700 runtime dir with a 0600 mode from the start; or, where
        Unix sockets are unavailable or tcp_port is given, loopback TCP (same tokens), its port recorded in
        an owner-only file of the data dir."""
        endpoint = tcp_endpoint_file(self.data_dir)
        endpoint.unlink(missing_ok=True)
        if tcp_port is not None or not hasattr(socket, "AF_UNIX"):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind(("127.0.0.1", tcp_port or 0))
            sock.listen(128)
            with secure_write(endpoint) as f:
                json.dump({"tcp": "127.0.0.1:%d" % sock.getsockname()[1], "pid": os.getpid()}, f)
            return sock
        path = socket_path(self.data_dir)
        if path.exists():
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.connect(str(path))
                raise AlreadyRunning(f"a daemon already answers on {path}")
            except (ConnectionRefusedError, FileNotFoundError):
                path.unlink()  # stale, left by a killed daemon
            finally:
                probe.close()
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)
        try:
            sock.bind(str(path))
        finally:
            os.umask(old)
        sock.listen(128)
        return sock

    def serve(self, sock: socket.socket) -> None:
        """Serve the API until the server is asked to exit (SIGTERM/SIGINT on the main thread)."""
        import uvicorn

        from .api.app import create_app

        config = uvicorn.Config(create_app(self), log_level="warning", access_log=False, lifespan="off",
                                timeout_graceful_shutdown=5)
        self._server = uvicorn.Server(config)
        try:
            self._server.run(sockets=[sock])
        finally:
            if sock.family == socket.AF_INET:
                tcp_endpoint_file(self.data_dir).unlink(missing_ok=True)
            else:
                socket_path(self.data_dir).unlink(missing_ok=True)
            sock.close()

    def shutdown_server(self) -> None:
        if self._server is not None:
            self._server.should_exit = True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hearthd", description="Hearth memory daemon (runs in the foreground).")
    parser.add_argument("--data-dir", help="where core.db lives (default: $HEARTH_DATA_DIR or the user data dir)")
    parser.add_argument("--log-level", default=os.environ.get("HEARTH_LOG_LEVEL", "INFO"))
    parser.add_argument("--tcp", type=int, metavar="PORT",
                        help="listen on loopback TCP instead of the Unix socket (0: any free port)")
    parser.add_argument("--version", action="version", version=f"hearthd {__version__}")
    args = parser.parse_args(argv)
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("apscheduler").setLevel(logging.WARNING)  # one line per pass is noise
    try:
        daemon = Daemon(args.data_dir)
    except (AlreadyRunning, SchemaTooNewError) as exc:
        print(f"hearthd: {exc}", file=sys.stderr)
        return 2
    try:
        sock = daemon.bind_socket(args.tcp)
    except AlreadyRunning as exc:
        daemon.stop()
        print(f"hearthd: {exc}", file=sys.stderr)
        return 2
    # uvicorn re-raises the signal that stopped it once it has shut down; with these no-op handlers in place
    # that re-raise lands here instead of killing the process, so the store is closed cleanly and we exit 0.
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: None)
    daemon.start()
    where = sock.getsockname() if sock.family == socket.AF_INET else socket_path(daemon.data_dir)
    log.info("hearthd %s serving %s on %s", __version__, daemon.data_dir, where)
    try:
        daemon.serve(sock)
    finally:
        daemon.stop()
        log.info("hearthd stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
