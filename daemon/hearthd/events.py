"""The event stream: what the daemon does, for the UI and scripts (served as server-sent events)."""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from collections import deque

from .audit import install_log_redaction, redact


class EventBus:
    """Publish from any thread; each subscriber is an asyncio queue on its own loop."""

    def __init__(self, keep: int = 256):
        install_log_redaction()  # the log says no more than the stream: one redaction for both
        self._lock = threading.Lock()
        self._subscribers: list[tuple[asyncio.AbstractEventLoop, asyncio.Queue]] = []
        self._ids = itertools.count(1)
        self.recent: deque = deque(maxlen=keep)

    def publish(self, kind: str, **data) -> None:
        event = {"id": next(self._ids), "type": kind, "at": time.time(), "data": redact(data)}
        with self._lock:
            self.recent.append(event)
            subscribers = list(self._subscribers)
        for loop, q in subscribers:
            try:
                loop.call_soon_threadsafe(_offer, q, event)
            except RuntimeError:  # its loop has closed
                self.unsubscribe(q)

    def subscribe(self) -> asyncio.Queue:
        q: asyncio.Queue = asyncio.Queue(maxsize=1000)
        with self._lock:
            self._subscribers.append((asyncio.get_running_loop(), q))
        return q

    def unsubscribe(self, q: asyncio.Queue) -> None:
        with self._lock:
            self._subscribers = [(loop, s) for loop, s in self._subscribers if s is not q]


def _offer(q: asyncio.Queue, event: dict) -> None:
    if q.full():  # a subscriber that stopped reading loses its oldest events, never blocks the daemon
        q.get_nowait()
    q.put_nowait(event)
