"""The daemon of one data dir: connect to the one that answers, or start `hearthd` as a child and keep it up.

A child that exits is restarted, at most `max_restarts` times within `window_seconds`; past that the link
stays in the error state with the end of the child's log, and the tray shows it.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import threading
import time
from collections import deque
from pathlib import Path

from PySide6.QtCore import QObject, QProcess, QTimer, Signal

from hearthd.api.client import DaemonNotRunning, HearthClient

log = logging.getLogger(__name__)

CONNECTING, CONNECTED, ERROR = "connecting", "connected", "error"


def daemon_command() -> tuple[str, list[str]]:
    """How to start this installation's daemon, whatever the PATH holds: the `hearthd` command beside the
    running `hearth` (in a venv's bin/, or an installed package's, whose launcher finds the app's packages
    itself), else this interpreter with the daemon module."""
    launcher = Path(sys.argv[0]) if sys.argv and sys.argv[0] else Path()
    sibling = launcher.with_name("hearthd") if launcher.name.startswith("hearth") else None
    if sibling is not None and sibling.is_file() and os.access(sibling, os.X_OK):
        return str(sibling), []
    return sys.executable, ["-m", "hearthd"]


class DaemonLink(QObject):
    state_changed = Signal(str, str)  # state, message
    _probe_result = Signal(bool)  # from the probing thread to the GUI thread

    def __init__(
        self,
        data_dir: Path,
        supervise: bool = True,
        max_restarts: int = 3,
        window_seconds: float = 300,
        answer_timeout: float = 60,
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.data_dir = Path(data_dir)
        self.supervise = supervise
        self.max_restarts = max_restarts
        self.window_seconds = window_seconds
        self.answer_timeout = answer_timeout
        self.state, self.message = CONNECTING, "connecting to the daemon"
        self.process: QProcess | None = None
        self._client: HearthClient | None = None
        self._lock = threading.Lock()
        self._restarts: deque[float] = deque()
        self._stopping = False
        self._probe_deadline = 0.0
        self._probe = QTimer(self)
        self._probe.setInterval(250)
        self._probe.timeout.connect(self._check)
        self._probe_result.connect(self._probed)
        self._probing = False
        self._log_tail: deque[str] = deque(maxlen=20)

    # -- the client, for the worker threads ----------------------------------------------------------------
    def client(self) -> HearthClient:
        with self._lock:
            if self._client is None:
                self._client = HearthClient.connect(self.data_dir)
            return self._client

    def _drop_client(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
            self._client = None

    # -- lifecycle -------------------------------------------------------------------------------------------
    def start(self) -> None:
        self._set(CONNECTING, f"connecting to the daemon of {self.data_dir}")
        self._probe_deadline = time.monotonic() + 2.0  # a daemon that runs answers at once
        self._probe.start()

    def stop(self) -> None:
        """Stop watching; a daemon we started is stopped too (SIGTERM: a clean shutdown; killed after 30 s)."""
        self._stopping = True
        self._probe.stop()
        self._drop_client()
        if self.process is not None and self.process.state() != QProcess.NotRunning:
            self.process.terminate()
            if not self.process.waitForFinished(30_000):
                self.process.kill()
                self.process.waitForFinished(2_000)

    def _set(self, state: str, message: str) -> None:
        self.state, self.message = state, message
        self.state_changed.emit(state, message)

    def _answers(self) -> bool:
        try:
            with HearthClient.connect(self.data_dir, timeout=2) as probe:
                probe.version()
            return True
        except Exception:  # noqa: BLE001 - not up (yet)
            return False

    def _check(self) -> None:
        """Probe on a thread (a connect can take a moment); the answer comes back to the GUI thread."""
        if self._probing:
            return
        self._probing = True

        threading.Thread(target=lambda: self._probe_result.emit(self._answers()), daemon=True).start()

    def _probed(self, ok: bool) -> None:
        self._probing = False
        if self._stopping:
            return
        if ok:
            self._probe.stop()
            self._drop_client()
            self._set(CONNECTED, "connected")
            return
        if time.monotonic() < self._probe_deadline:
            return
        if self.process is None or self.process.state() == QProcess.NotRunning:
            if not self.supervise:
                self._probe.stop()
                self._set(ERROR, f"no Hearth daemon answers for {self.data_dir}")
                return
            self._launch()
        else:
            self._probe.stop()
            self._set(ERROR, f"hearthd did not answer within {self.answer_timeout:.0f} s{self._tail()}")

    def _launch(self) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        process = QProcess(self)
        process.setProcessChannelMode(QProcess.MergedChannels)
        process.readyReadStandardOutput.connect(lambda: self._read_output(process))
        process.finished.connect(lambda code, _status: self._exited(process, code))
        program, args = daemon_command()
        process.start(program, [*args, "--data-dir", str(self.data_dir)])
        self.process = process
        self._probe_deadline = time.monotonic() + self.answer_timeout
        self._set(CONNECTING, "starting the daemon")
        log.info("started hearthd for %s (pid %s)", self.data_dir, process.processId())

    def _read_output(self, process: QProcess) -> None:
        text = bytes(process.readAllStandardOutput()).decode(errors="replace")
        for line in text.splitlines():
            if line.strip():
                self._log_tail.append(line.rstrip())

    def _tail(self) -> str:
        """Why the daemon stopped, as it said it: its own refusal ("hearthd: ..."), else its last error line or
        the exception a traceback ended with, else its last line (not a routine INFO line when there is
        better)."""
        lines = list(self._log_tail)
        for wanted in (
            lambda line: line.startswith("hearthd: "),
            lambda line: " ERROR " in line or " CRITICAL " in line,
            lambda line: re.match(r"^[\w.]+(Error|Exception|Exit)\b", line) is not None,
        ):
            found = [line for line in lines if wanted(line)]
            if found:
                return ": " + _without_log_prefix(found[-1]).removeprefix("hearthd: ")
        return (": " + _without_log_prefix(lines[-1])) if lines else ""

    def restart(self) -> None:
        """Start over after giving up (the tray's Restart): the restart count begins again."""
        self._restarts.clear()
        self._stopping = False
        self._drop_client()
        self.start()

    def _exited(self, process: QProcess, code: int) -> None:
        if self._stopping or process is not self.process:
            return
        self._drop_client()
        now = time.monotonic()
        while self._restarts and now - self._restarts[0] > self.window_seconds:
            self._restarts.popleft()
        if len(self._restarts) >= self.max_restarts:
            self._probe.stop()
            self._set(
                ERROR, f"hearthd keeps failing (exit {code}, restarted {len(self._restarts)} times){self._tail()}"
            )
            return
        self._restarts.append(now)
        log.warning("hearthd exited with %s; restarting (%d of %d)", code, len(self._restarts), self.max_restarts)
        self._set(CONNECTING, f"hearthd exited ({code}); restarting")
        QTimer.singleShot(1000 * len(self._restarts), self, self._relaunch)

    def _relaunch(self) -> None:
        if self._stopping:
            return
        self._probe_deadline = time.monotonic() + 2.0
        self._probe.start()

    def lost(self) -> None:
        """A call found the daemon gone: probe again (and restart it when we supervise it)."""
        if self.state == CONNECTED:
            self._drop_client()
            self.start()


def _without_log_prefix(line: str) -> str:
    """ "2026-12-01 22:00:00,123 ERROR hearthd.store: the disk is full" -> "the disk is full"."""
    return re.sub(r"^\d{4}-\d\d-\d\d [\d:,.]+ [A-Z]+ [\w.]+: ", "", line)


__all__ = ["DaemonLink", "DaemonNotRunning", "CONNECTING", "CONNECTED", "ERROR"]
