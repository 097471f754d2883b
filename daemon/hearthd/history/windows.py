"""L1: the working window of each conversation, the messages the assistant should see next.

A window is the rolling compaction summary (if any) plus the recent turns. It lives in memory, is seeded
lazily from the ledger on the first touch after a restart (the summary, then the turns after it, at least the
last `keep_last_turns` user turns), grows with every committed turn, and is released when its conversation
ends. Cleared turns never come back into a window.

Compaction folds the older part into the summary when a turn reports its prompt above the high-water mark
(80 % of n_ctx - output_reserve) or a context overflow, keeping the last `keep_last_turns` user turns
verbatim. The summary is made outside the lock; the fold then removes exactly the turns it summarised, so a
turn committed meanwhile is kept.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from ..settings import Settings
from ..store.database import Store
from ..timeutil import iso

HIGH_WATER = 0.8


@dataclass
class Usage:
    prompt_tokens: int = 0
    n_ctx: int = 0
    output_reserve: int = 0
    overflow: bool = False

    def over_high_water(self) -> bool:
        usable = self.n_ctx - self.output_reserve
        return self.overflow or (usable > 0 and self.prompt_tokens > HIGH_WATER * usable)


@dataclass
class Window:
    thread_id: int
    key: str
    summary: str | None = None
    upto: int = 0  # turns up to this id are folded into the summary
    messages: list[dict] = field(default_factory=list)
    revision: int = 0
    compacting: bool = False

    def view(self) -> dict:
        return {"thread": self.key, "thread_id": self.thread_id, "summary": self.summary,
                "messages": [dict(m, ts=iso(m["ts"])) for m in self.messages]}


class WorkingWindows:
    def __init__(self, store: Store, settings: Settings, summarise: Callable[[str | None, list[dict]], str]):
        self.store = store
        self.settings = settings
        self.summarise = summarise
        self._windows: dict[int, Window] = {}
        self._lock = threading.RLock()

    # -- reading -----------------------------------------------------------------------------------------
    def thread_id(self, key: str) -> int | None:
        row = self.store.read().execute("SELECT id FROM threads WHERE key = ? AND retired_at IS NULL",
                                        (key,)).fetchone()
        return row[0] if row else None

    def get(self, thread_id: int) -> Window:
        with self._lock:
            window = self._windows.get(thread_id)
            if window is None:
                window = self._windows[thread_id] = self._seed(thread_id)
            return window

    def view(self, key: str) -> dict:
        thread_id = self.thread_id(key)
        if thread_id is None:
            return {"thread": key, "thread_id": None, "summary": None, "messages": []}
        with self._lock:
            return self.get(thread_id).view()

    def loaded(self) -> list[int]:
        with self._lock:
            return list(self._windows)

    def _seed(self, thread_id: int) -> Window:
        conn = self.store.read()
        key = conn.execute("SELECT key FROM threads WHERE id = ?", (thread_id,)).fetchone()[0]
        row = conn.execute("SELECT summary, upto_turn_id FROM thread_summaries WHERE thread_id = ?",
                           (thread_id,)).fetchone()
        summary, upto = (row[0], row[1]) if row else (None, 0)
        keep = self.settings["memory.keep_last_turns"]
        messages, users = [], 0
        for r in conn.execute("SELECT id, role, text, speaker_id, ts FROM turns WHERE thread_id = ? AND id > ? "
                              "AND cleared = 0 AND dismissed = 0 ORDER BY ts DESC, id DESC", (thread_id, upto)):
            messages.append(dict(r))
            users += r["role"] == "user"
            if users >= keep and summary is None:
                break  # no summary: the recency window is the last keep_last_turns user turns and after
        messages.reverse()
        return Window(thread_id, key, summary, upto, messages)

    # -- changing ------------------------------------------------------------------------------------------
    def appended(self, thread_id: int, messages: list[dict]) -> None:
        """Committed turns join their window; a conversation not in memory is seeded (the seed reads them)."""
        with self._lock:
            window = self._windows.get(thread_id)
            if window is None:
                self._windows[thread_id] = self._seed(thread_id)
            else:
                window.messages.extend(messages)
                window.revision += 1

    def drop(self, thread_ids) -> None:
        """Release the working sets of ended or cleared conversations; a later touch re-seeds them."""
        with self._lock:
            for thread_id in thread_ids:
                self._windows.pop(thread_id, None)

    def compact_if_needed(self, thread_id: int, usage: Usage) -> dict | None:
        if not usage.over_high_water():
            return None
        return self.compact(thread_id)

    def compact(self, thread_id: int) -> dict | None:
        """Fold all but the last keep_last_turns user turns (and what follows them) into the summary."""
        keep = self.settings["memory.keep_last_turns"]
        with self._lock:
            window = self.get(thread_id)
            if window.compacting:
                return None
            users = [i for i, m in enumerate(window.messages) if m["role"] == "user"]
            split = users[-keep] if len(users) >= keep else 0
            prefix = window.messages[:split]
            if not prefix:
                return None
            window.compacting = True
            previous = window.summary
        try:
            summary = self.summarise(previous, prefix)  # slow: outside the lock
        except BaseException:
            with self._lock:
                window.compacting = False
            raise
        folded = {m["id"] for m in prefix}
        with self._lock:
            window.compacting = False
            if self._windows.get(thread_id) is not window:
                return None  # cleared or released meanwhile: nothing to fold into
            window.messages = [m for m in window.messages if m["id"] not in folded]
            window.summary, window.upto = summary, max(folded)
            window.revision += 1
            upto = window.upto

        def persist(tx):
            # An erase may have committed while the summary was made: never store text it removed.
            present = tx.execute("SELECT count(*) FROM turns WHERE id IN (SELECT value FROM json_each(?))",
                                 (json.dumps(sorted(folded)),)).fetchone()[0]
            if present != len(folded):
                tx.after_commit(lambda: self.drop([thread_id]))
                return False
            tx.execute("INSERT INTO thread_summaries(thread_id, summary, upto_turn_id, updated_at) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT(thread_id) DO UPDATE SET summary = excluded.summary, "
                       "upto_turn_id = excluded.upto_turn_id, folds = folds + 1, updated_at = excluded.updated_at",
                       (thread_id, summary, upto, time.time()))
            return True

        if not self.store.writer.write(persist):
            return None
        return {"thread_id": thread_id, "folded": len(folded), "summary": summary}
