"""The daemon's event stream (server-sent events, /v1/events) read on a thread and re-emitted as Qt signals."""

from __future__ import annotations

import logging
import socket
import threading
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from hearthd.api.client import HearthClient
from hearthd.ops import REGISTRY

log = logging.getLogger(__name__)

# Which area of the views an event changes (the same areas as tasks.changed): every operation's event by the
# area of its operation (hearthd.ops), and the events the daemon's components publish themselves.
VIEW_OF_OPERATION_AREA = {
    "conversation": "memory",
    "recall": "memory",
    "curation": "memory",
    "forgetting": "memory",
    "importing": "memory",
    "proxy": "status",
    "speakers": "speakers",
    "settings": "settings",
    "generator": "status",
    "system": "memory",
    "tools": "memory",
    "importance": "memory",
    "entities": "entities",
    "rules": "memory",
}
AREA_OF = {op.event: VIEW_OF_OPERATION_AREA[op.area] for op in REGISTRY.values() if op.event} | {
    "formation.session": "memory",
    "retention.deleted": "memory",
    "window.compacted": "memory",
    "embedder.state": "status",
    "embedder.active": "status",
    "embedding.progress": "status",
    "formation.progress": "status",
    "embedder.tracks_rebuilt": "status",
    "generator.degraded": "status",
    "generator.down": "status",
    "generator.up": "status",
    "generator.changed": "status",
}


class EventStream(QObject):
    received = Signal(dict)  # every event: {"id", "type", "at", "data"}
    connected = Signal(bool)

    def __init__(self, data_dir: Path, parent: QObject | None = None, retry_seconds: float = 1.0):
        super().__init__(parent)
        self.data_dir = data_dir
        self.retry_seconds = retry_seconds
        self._stop = threading.Event()
        self._client: HearthClient | None = None
        self._socket = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="hearth-events", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        sock = self._socket
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)  # ends the blocking read at once
            except OSError:
                pass
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _opened(self, response) -> None:
        stream = response.extensions.get("network_stream")
        self._socket = stream.get_extra_info("socket") if stream is not None else None
        if self._stop.is_set() and self._socket is not None:
            self._socket.shutdown(socket.SHUT_RDWR)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._client = HearthClient.connect(self.data_dir, timeout=30)
                self.connected.emit(True)
                for event in self._client.events(on_open=self._opened):
                    if self._stop.is_set():
                        break
                    self.received.emit(event)
            except Exception as exc:  # noqa: BLE001 - the daemon went away or is not up yet: try again
                if not self._stop.is_set():
                    log.debug("event stream: %s", exc)
            finally:
                self._socket = None
                if self._client is not None:
                    self._client.close()
                    self._client = None
            if not self._stop.is_set():
                self.connected.emit(False)
                self._stop.wait(self.retry_seconds)
