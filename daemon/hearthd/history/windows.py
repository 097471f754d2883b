"""L1: the working window of each conversation, the messages the assistant should see next.

A window is the rolling compaction summary (if any) plus the recent turns of the conversation's current
session only: a room's past reaches a later speaker through the facts and episodes their scope may read,
never through the window (alice's words of last Tuesday are not bob's history tonight). It lives in memory,
is seeded lazily from the ledger on the first touch after a restart (the session's summary, then its turns
after it, at least the last `keep_last_turns` user turns), grows with every committed turn, starts afresh
when a new session starts, and is released when its conversation ends. Cleared turns never come back into
a window. Messages are sent as {"role", "content"} (a user's with their speaker id as "name").

Compaction folds the older part into the summary when a turn reports its prompt above the high-water mark
(80 % of n_ctx - output_reserve) or a context overflow, keeping the last `keep_last_turns` user turns
verbatim. The summary is made outside the lock; the fold then removes exactly the turns it summarised, so a
turn committed meanwhile is kept. The window changes only once the summary's row has committed: what the
assistant is sent is never a summary a restart would not find.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..formation import ledger
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


def chat_message(turn: dict) -> dict:
    """A turn as every LLM client sends it; the speaker id as the message's name (the characters it allows)."""
    message = {"role": turn["role"], "content": turn["text"]}
    if turn["role"] == "user" and turn.get("speaker_id"):
        message["name"] = re.sub(r"[^A-Za-z0-9_-]", "_", turn["speaker_id"])[:64]
    return message


@dataclass
class Window:
    thread_id: int
    key: str
    session_id: int | None = None  # the session whose turns it holds
    summary: str | None = None
    upto: int = 0  # turns up to this id are folded into the summary
    messages: list[dict] = field(default_factory=list)
    revision: int = 0
    compacting: bool = False

    def view(self) -> dict:
        return {
            "thread": self.key,
            "thread_id": self.thread_id,
            "session_id": self.session_id,
            "summary": self.summary,
            "messages": [chat_message(m) for m in self.messages],
            "turns": [dict(m, ts=iso(m["ts"])) for m in self.messages],
        }

    def restart(self, session_id: int) -> None:
        """A new session in the same conversation: nothing of the last one comes along."""
        self.session_id, self.summary, self.messages = session_id, None, []
        self.revision += 1


class WorkingWindows:
    def __init__(self, store: Store, settings: Settings, summarise: Callable[[str | None, list[dict]], str]):
        self.store = store
        self.settings = settings
        self.summarise = summarise
        self._windows: dict[int, Window] = {}
        self._lock = threading.RLock()

    # -- reading -----------------------------------------------------------------------------------------
    def thread_id(self, key: str) -> int | None:
        with self.store.reading() as conn:
            return ledger.live_thread_id(conn, key)

    def get(self, thread_id: int) -> Window:
        with self._lock:
            window = self._windows.get(thread_id)
            if window is None:
                window = self._windows[thread_id] = self._seed(thread_id)
            return window

    def view(self, key: str) -> dict:
        thread_id = self.thread_id(key)
        if thread_id is None:
            return Window(0, key).view() | {"thread_id": None}
        with self._lock:
            window = self.get(thread_id)
            if window.messages and not self._open(window.messages[-1]["ts"]):
                # its session has ended (the sweeper releases it soon): the next turn starts a new one
                window = self._windows[thread_id] = Window(thread_id, key)
            return window.view()

    def _open(self, last_turn_at: float, now: float | None = None) -> bool:
        return (now or time.time()) - last_turn_at <= self.settings["memory.coupling_window_seconds"]

    def loaded(self) -> list[int]:
        with self._lock:
            return list(self._windows)

    def _seed(self, thread_id: int) -> Window:
        """The current session's window from the ledger; an empty one when the last session has ended."""
        keep = self.settings["memory.keep_last_turns"]
        messages, users = [], 0
        with self.store.reading() as conn:
            key = ledger.thread_key(conn, thread_id)
            current = ledger.open_session(conn, thread_id)
            if current is None or not self._open(current["last_turn_at"]):
                return Window(thread_id, key)
            summary, upto = ledger.thread_summary(conn, thread_id)
            if summary is not None and ledger.turn_session(conn, upto) != current["id"]:
                summary, upto = None, 0  # a summary of an earlier session: not this one's history
            for r in ledger.visible_turns_newest_first(conn, thread_id, upto, current["id"]):
                messages.append(dict(r))
                users += r["role"] == "user"
                if users >= keep and summary is None:
                    break  # no summary: the recency window is the last keep_last_turns user turns and after
        messages.reverse()
        return Window(thread_id, key, current["id"], summary, upto, messages)

    # -- changing ------------------------------------------------------------------------------------------
    def appended(self, thread_id: int, messages: list[dict]) -> None:
        """Committed turns join their window; a conversation not in memory, or with an empty window, is seeded (the
        seed reads them)."""
        with self._lock:
            window = self._windows.get(thread_id)
            if window is None or window.session_id is None:
                # An empty window may have been seeded when its session looked ended by the clock while the
                # ledger, by the turns' own times, goes on with it: the seed reads the session whole.
                self._windows[thread_id] = self._seed(thread_id)
                return
            for message in messages:
                if message["session_id"] != window.session_id:
                    window.restart(message["session_id"])
                window.messages.append(message)
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
            folded = {m["id"] for m in prefix}
            if not self.store.writer.write(lambda tx: self._persist_fold(tx, window, summary, folded)):
                return None
        finally:
            with self._lock:
                window.compacting = False
        return {"thread_id": thread_id, "folded": len(folded), "summary": summary}

    def _persist_fold(self, tx, window: Window, summary: str, folded: set[int]) -> bool:
        """In the fold's transaction (on the writer thread, so every earlier commit's hooks, a clear's drop
        among them, have run): store the summary, and fold the window only once that has committed."""
        with self._lock:
            if self._windows.get(window.thread_id) is not window:
                return False  # cleared or released meanwhile: nothing to fold into
        # An erase may have committed while the summary was made: never store text it removed.
        if ledger.count_existing_turns(tx, folded) != len(folded):
            tx.after_commit(lambda: self.drop([window.thread_id]))
            return False
        ledger.save_thread_summary(tx, window.thread_id, summary, max(folded), time.time())
        tx.after_commit(lambda: self._fold(window, summary, folded))
        return True

    def _fold(self, window: Window, summary: str, folded: set[int]) -> None:
        """The committed fold joins the window: exactly the summarised turns leave it, so one that landed
        during the fold stays. A window released since is re-seeded from the stored summary instead."""
        with self._lock:
            if self._windows.get(window.thread_id) is not window:
                return
            window.messages = [m for m in window.messages if m["id"] not in folded]
            window.summary, window.upto = summary, max(folded)
            window.revision += 1
