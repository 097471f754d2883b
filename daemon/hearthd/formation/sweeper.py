"""The formation sweeper: ends idle sessions and forms the backlog, off the hot path.

An APScheduler BackgroundScheduler runs one pass on an interval (`memory.sweep_interval_seconds`) and right
away when woken (a committed turn, a settings change). Passes never overlap (max_instances=1 and a lock); a
wake that arrives during a pass runs one more pass after it. The first pass, at start, is the boot-time
reconcile: sessions ended but left unformed by a crash or a restart are formed then.

A failing generator (down, slow, or answering garbage) never loses a session and never leaves half of one
written. The first failure in a pass degrades that pass: the session it happened in is not written, and no
later session of the pass asks the generator again. Each session the degraded pass could not form with the
generator stays pending and counts one attempt (`formation_attempts`, its reason in `formation_result`); a
later pass retries it. A session whose attempts reach `generator.retry_passes` is formed with the rule-based
path in that pass instead, and its result says so. After a failure the generator is left alone for a
growing pause (ActiveGenerator.BACKOFF_SECONDS): passes in that pause form only what needs no generator and
count nothing, so a burst of wake-ups cannot use up a session's attempts while the server is restarting.
Each degraded session is a `generator.degraded` event and shows in the status.

A stop never waits out a long pass (a slow generator can make one last many minutes): `halt()` makes the
pass stop before its next session and the scheduler's worker let go of it at once. Forming a session is
one transaction and idempotent, so what the pass did not reach stays pending and the next start's reconcile
forms it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime

from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.background import BackgroundScheduler

from ..events import EventBus
from ..settings import Settings
from ..store.database import Store
from . import ledger
from .former import EmbedderUnavailable, Former, GeneratorUnavailable, Mode, SessionResult

log = logging.getLogger(__name__)

JOB = "formation-sweep"
# How long the scheduler's worker waits for a halted pass before letting go of it (the pass thread is a
# daemon thread: it never holds up the process's exit).
HALT_GRACE_SECONDS = 1.0
TOKEN_KEYS = ("calls", "prompt", "completion")


@dataclass
class PassResult:
    """What one pass did; as_dict() is its JSON shape (the API's answer, the CLI's line)."""

    started_at: float
    ended: int = 0  # sessions ended by this pass
    backlog: int = 0  # ended sessions it found to form
    formed: list[SessionResult] = field(default_factory=list)
    failed: list[dict] = field(default_factory=list)  # {"session", "error"}: still pending
    waiting: list[int] = field(default_factory=list)  # sessions left for the generator
    degraded: str | None = None  # the generator's failure that degraded the pass
    seconds: float = 0.0
    tokens: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return dict(asdict(self), formed=[f.as_dict() for f in self.formed], not_formed=self.not_formed())

    def not_formed(self) -> dict[str, int]:
        """Sessions stamped with nothing formed, by why (gated, anonymous, cleared)."""
        counts: dict[str, int] = {}
        for f in self.formed:
            if f.reason:
                counts[f.reason] = counts.get(f.reason, 0) + 1
        return counts

    def summary(self) -> dict:
        """The status's last pass: its lists counted."""
        return dict(self.as_dict(), formed=len(self.formed), waiting=len(self.waiting))


class Sweeper:
    def __init__(
        self,
        store: Store,
        settings: Settings,
        former: Former,
        events: EventBus,
        on_threads_ended: Callable[[list[int]], None] | None = None,
    ):
        self.store = store
        self.settings = settings
        self.former = former
        self.events = events
        self.on_threads_ended = on_threads_ended
        self._lock = threading.Lock()
        self._again = False
        self._scheduler: BackgroundScheduler | None = None
        self._halted = threading.Event()
        self.running = False
        self.last_pass: dict | None = None
        self.degraded_passes = 0
        self.not_formed: dict[str, int] = {}  # since start: sessions stamped with nothing formed, by why

    def schedule(self, scheduler: BackgroundScheduler) -> None:
        self._scheduler = scheduler
        scheduler.add_job(
            self._scheduled,
            "interval",
            id=JOB,
            max_instances=1,
            coalesce=True,
            seconds=self.settings["memory.sweep_interval_seconds"],
            next_run_time=datetime.now(UTC),
        )  # the boot-time reconcile

    def stop(self) -> None:
        """No more scheduled passes (explicit run_pass calls still work)."""
        if self._scheduler is not None:
            try:
                self._scheduler.remove_job(JOB)
            except JobLookupError:
                pass
            self._scheduler = None

    def halt(self) -> None:
        """The daemon is stopping: no more scheduled passes, and a pass under way stops before its next session
        (the sessions it leaves stay pending for the next start's reconcile)."""
        self._halted.set()
        self.stop()

    def wait_idle(self, timeout: float) -> bool:
        """Wait up to timeout seconds for a pass under way to end; True when none runs."""
        if self._lock.acquire(timeout=timeout):
            self._lock.release()
            return True
        return False

    def wake(self) -> None:
        if self._halted.is_set():
            return
        if self.running:
            self._again = True
            return
        if self._scheduler is not None:
            try:
                self._scheduler.modify_job(JOB, next_run_time=datetime.now(UTC))
            except JobLookupError:
                pass

    def backlog(self) -> int:
        with self.store.reading() as conn:
            return ledger.count_unformed(conn)

    def status(self) -> dict:
        with self.store.reading() as conn:
            backlog, waiting = ledger.count_unformed(conn), ledger.count_waiting_for_generator(conn)
        return {
            "running": self.running,
            "backlog": backlog,
            "last_pass": self.last_pass,
            "degraded_passes": self.degraded_passes,
            "waiting_for_generator": waiting,
            "not_formed": dict(self.not_formed),
        }

    def _scheduled(self) -> None:
        """The scheduled pass, on a daemon thread of its own: the scheduler's worker (joined at shutdown and at
        the process's exit) waits for it only until a halt."""
        if self._halted.is_set() or not self.settings["memory.enabled"]:
            return  # paused: nothing is formed until memory resumes (an explicit form --now still forms)
        runner = threading.Thread(target=self._run_logged, name="hearth-formation-pass", daemon=True)
        runner.start()
        while runner.is_alive():
            runner.join(0.1)
            if self._halted.is_set():
                runner.join(HALT_GRACE_SECONDS)
                return
        if self._again and not self._halted.is_set():
            self._again = False
            self.wake()

    def _run_logged(self) -> None:
        try:
            self.run_pass()
        except Exception:
            if not self._halted.is_set():  # a write refused by the closing store is no fault
                log.exception("formation pass failed")

    def run_pass(self, end_open: bool = False) -> dict:
        """One pass: end the sessions idle past the coupling window (or every open one, with end_open), then
        form every ended session past the grace period (all of them, with end_open)."""
        with self._lock:
            self.running = True
            try:
                return self._pass(end_open).as_dict()
            finally:
                self.running = False

    def _pass(self, end_open: bool) -> PassResult:
        started = time.time()
        coupling = self.settings["memory.coupling_window_seconds"]
        grace = 0 if end_open else self.settings["memory.formation_grace_seconds"]
        cutoff = float("inf") if end_open else started
        ended = self.store.writer.write(lambda tx: ledger.end_idle_sessions(tx, coupling, cutoff, started))
        if ended and self.on_threads_ended:
            self.on_threads_ended(sorted({r["thread_id"] for r in ended}))
        with self.store.reading() as conn:
            backlog = ledger.formable_sessions(conn, grace, started)
        result = PassResult(started, ended=len(ended), backlog=len(backlog))
        if backlog:
            self.events.publish("formation.progress", done=0, total=len(backlog), finished=False)
        limit = self.settings["generator.retry_passes"]
        generator = self.former.generator
        for n, (session_id, attempts) in enumerate(backlog, start=1):
            if self._halted.is_set():
                log.info("stopping: %d sessions left for the next start's reconcile", len(backlog) - n + 1)
                break
            mode = self._mode(generator, result.degraded, attempts, limit)
            last_try = mode == Mode.FALLBACK or (mode == Mode.RULES and bool(result.degraded))
            note = _by_rules(attempts + 1) if last_try else None
            try:
                try:
                    outcome = self.former.form(session_id, mode, note)
                except GeneratorUnavailable as exc:
                    outcome = self._generator_failed(session_id, attempts, limit, mode, exc, result)
                if outcome is not None:
                    result.formed.append(outcome)
                    self.events.publish("formation.session", **_summary(outcome))
                    if last_try and outcome.degraded:  # the last attempt failed as well
                        result.degraded = result.degraded or outcome.degraded[1]
                        generator.note_degraded(
                            "formation",
                            session=session_id,
                            error=result.degraded,
                            attempts=attempts + 1,
                            then="formed by rules",
                        )
            except EmbedderUnavailable as exc:
                result.failed.append({"session": session_id, "error": str(exc)})
                break  # nothing can form before the model is loaded; the next pass retries
            except Exception as exc:  # one bad session must not stop the others; it stays pending
                if self._halted.is_set():
                    break  # the store closed under it: pending, for the next start's reconcile
                log.exception("forming session %s failed", session_id)
                self.store.writer.write(lambda tx, s=session_id: ledger.count_formation_attempt(tx, s))
                result.failed.append({"session": session_id, "error": str(exc)})
            self.events.publish("formation.progress", done=n, total=len(backlog), finished=n == len(backlog))
        result.seconds = round(time.time() - started, 3)
        result.tokens = {k: sum((o.tokens or {}).get(k, 0) for o in result.formed) for k in TOKEN_KEYS}
        if result.degraded:
            self.degraded_passes += 1
        for why, n in result.not_formed().items():
            self.not_formed[why] = self.not_formed.get(why, 0) + n
        self.last_pass = result.summary()
        return result

    @staticmethod
    def _mode(generator, degraded: str | None, attempts: int, limit: int) -> Mode:
        """How the former may use the generator for one session of this pass (see the module docstring)."""
        if not generator.available:
            return Mode.RULES
        last_try = attempts + 1 >= limit
        if degraded:
            return Mode.RULES if last_try else Mode.WAIT
        if generator.cooling_down():
            return Mode.WAIT
        return Mode.FALLBACK if last_try else Mode.STRICT

    def _generator_failed(
        self, session_id: int, attempts: int, limit: int, mode: Mode, exc: GeneratorUnavailable, result: PassResult
    ) -> SessionResult | None:
        """The session could not be formed with the generator: pending for a later pass (an attempt, when this
        pass degraded), or, at the last attempt, formed by rules now."""
        if mode == Mode.STRICT:
            result.degraded = str(exc)
        if not result.degraded:  # in the pause after an earlier pass's failure: nothing counts
            result.waiting.append(session_id)
            return None
        error = result.degraded
        attempts += 1
        if attempts >= limit:
            self.former.generator.note_degraded(
                "formation", session=session_id, error=error, attempts=attempts, then="formed by rules"
            )
            return self.former.form(session_id, Mode.RULES, note=_by_rules(attempts))
        self.store.writer.write(lambda tx: ledger.mark_waiting_for_generator(tx, session_id, attempts, error))
        self.former.generator.note_degraded(
            "formation", session=session_id, error=error, attempts=attempts, then="retried on a later pass"
        )
        result.waiting.append(session_id)
        return None


def _by_rules(attempts: int) -> str:
    """What a session formed by rules after its generator attempts says about it."""
    return f"generator failed on {attempts} passes: formed by rules"


def _summary(outcome: SessionResult) -> dict:
    return {
        "session": outcome.session,
        "facts": len(outcome.facts),
        "episode": outcome.episode,
        "reason": outcome.reason or outcome.skipped,
        "detail": outcome.detail,
        "claims": len(outcome.claims or []),
    }
