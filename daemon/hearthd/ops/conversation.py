"""Live conversations: committing finished turns, the working window, compaction and clear_context."""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor

from ..errors import NotFound
from ..events import EventBus
from ..formation import idempotency
from ..formation.ledger import TurnIn, insert_turns
from ..history.clear import clear_context
from ..history.spoken import Heard, SpokenCommands
from ..history.windows import Usage, WorkingWindows
from ..settings import Settings
from ..store.database import Store
from ..timeutil import iso
from .registry import ANY, operation

log = logging.getLogger(__name__)


class Compactor:
    """Folds run beside the API, one at a time, so a committing assistant never waits for one."""

    def __init__(self, windows: WorkingWindows, events: EventBus):
        self.windows, self.events = windows, events
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hearth-compaction")

    def submit(self, thread_id: int, usage: Usage) -> Future:
        return self._pool.submit(self._fold, thread_id, usage)

    def _fold(self, thread_id: int, usage: Usage) -> dict | None:
        try:
            folded = self.windows.compact_if_needed(thread_id, usage)
        except Exception:
            log.exception("compaction of thread %s failed", thread_id)
            raise
        if folded:
            self.events.publish("window.compacted", thread_id=thread_id, folded=folded["folded"])
        return folded

    def close(self) -> None:
        self._pool.shutdown(wait=True)


class Conversation:
    def __init__(
        self,
        store: Store,
        settings: Settings,
        windows: WorkingWindows,
        compactor: Compactor,
        events: EventBus,
        on_committed,
        erase=None,
    ):
        self.store, self.settings, self.windows, self.compactor, self.events = (
            store,
            settings,
            windows,
            compactor,
            events,
        )
        self._on_committed = on_committed  # wakes the embedder's backfill and the sweeper
        self._erase = erase  # (kind, value, actor) -> receipt: the forgetting operation, for "forget that"
        self.spoken = SpokenCommands()

    @operation(
        roles=ANY,
        event="turns.committed",
        no_cli="hearthctl ingest commits turns from a file",
        event_data=lambda a: (
            None
            if a.get("replayed") or a.get("paused")
            else {"ids": [t["id"] for t in a["turns"]], "threads": sorted({t["thread"] for t in a["turns"]})}
        ),
    )
    def commit_turns(
        self,
        turns: list[TurnIn],
        usage: Usage | None = None,
        idempotency_key: str | None = None,
        hear_commands: bool = True,
    ) -> dict:
        """Write finished turns (durable when this returns); `usage`, the live turn's prompt size, may fold the
        window. While memory is paused (memory.enabled off) nothing is stored ("paused": true). A retry with the
        same `idempotency_key` of a request that committed answers the same ids ("replayed": true) and stores
        nothing again. A user turn that says "off the record" is not stored, nor its answer; "forget what I just
        said" erases the speaker's last exchange there, with a receipt (hear_commands False: old transcripts)."""
        for i, turn in enumerate(turns):
            turn.validate(f"turn {i + 1}")
        if not self.settings["memory.enabled"]:
            # Paused: a family that pauses the assistant's memory expects it to stop remembering.
            return {"committed": 0, "turns": [], "paused": True}
        request = idempotency.fingerprint(idempotency_key, turns)
        coupling = self.settings["memory.coupling_window_seconds"]
        heard = self.spoken.hear(turns, self.settings["general.system_language"]) if hear_commands else Heard(turns)
        turns = heard.keep

        def write(tx):
            answered = idempotency.answered(tx, idempotency_key, request)
            if answered is not None:
                return None, answered
            records = insert_turns(tx, turns, coupling)
            answer = {
                "committed": len(records),
                "turns": [dict(r, ts=iso(r["ts"]), thread=t.thread) for r, t in zip(records, turns)],
            }
            if heard.off_record:
                answer["off_record"] = heard.off_record
            idempotency.remember(tx, idempotency_key, request, answer)
            return records, answer

        records, answer = self.store.writer.write(write)
        if records is None:
            return dict(answer, replayed=True)
        for thread, speaker in heard.forget:
            answer["forgotten"] = self._forget_last(thread, speaker)
        by_thread: dict[int, list[dict]] = {}
        for turn, rec in zip(turns, records):
            by_thread.setdefault(rec["thread_id"], []).append(
                {
                    "id": rec["id"],
                    "role": turn.role,
                    "text": turn.text,
                    "speaker_id": turn.speaker,
                    "ts": rec["ts"],
                    "session_id": rec["session_id"],
                }
            )
        for thread_id, messages in by_thread.items():
            self.windows.appended(thread_id, messages)
        self._on_committed()
        if usage is not None and records:
            self._fold_if_full(records[-1]["thread_id"], usage)
        return answer

    def _forget_last(self, thread: str, speaker: str | None) -> dict:
        """ "Forget what I just said": the speaker's last user turn in the conversation and the answers to it,
        erased as one, with a receipt; {"turns": 0} when there is nothing of theirs there."""
        with self.store.reading() as conn:
            row = conn.execute(
                "SELECT t.id, t.thread_id FROM turns t JOIN threads h ON h.id = t.thread_id "
                "WHERE h.key = ? AND h.retired_at IS NULL AND t.role = 'user' AND t.speaker_id IS ? "
                "ORDER BY t.id DESC LIMIT 1",
                (thread, speaker),
            ).fetchone()
            if row is None:
                return {"turns": 0}
            said, thread_id = row
            following = conn.execute(
                "SELECT id, role FROM turns WHERE thread_id = ? AND id > ? ORDER BY id", (thread_id, said)
            ).fetchall()
        replies = []
        for turn_id, role in following:
            if role == "user":
                break
            replies.append(turn_id)
        refs = ",".join(f"turn:{i}" for i in [said, *replies])
        receipt = self._erase("ref", refs, f"{speaker or 'anonymous'} (by voice)")
        return {"turns": 1 + len(replies), "receipt": receipt}

    def _fold_if_full(self, thread_id: int, usage: Usage) -> Future | None:
        if not usage.over_high_water():
            return None
        return self.compactor.submit(thread_id, usage)

    def _live_thread(self, key: str) -> int:
        thread_id = self.windows.thread_id(key)
        if thread_id is None:
            raise NotFound(f"no live conversation {key!r}")
        return thread_id

    @operation(roles=ANY, no_cli="an assistant reports a failed turn's prompt size; nothing for a person to type")
    def report_usage(self, thread: str, usage: Usage) -> dict:
        """A turn's prompt size (or overflow, even of a failed turn): fold the window when it is too full."""
        thread_id = self._live_thread(thread)
        return {"thread_id": thread_id, "compacting": self._fold_if_full(thread_id, usage) is not None}

    @operation(roles=ANY)
    def window(self, thread: str) -> dict:
        """The working window of a conversation key: its rolling summary and recent messages."""
        return self.windows.view(thread)

    @operation(event="window.compacted", event_data=lambda a: None)  # the compactor announces the fold itself
    def compact(self, thread: str) -> dict:
        """Fold a conversation's window into its summary now."""
        thread_id = self._live_thread(thread)
        return self.compactor.submit(thread_id, Usage(overflow=True)).result() or {"thread_id": thread_id, "folded": 0}

    @operation(
        roles=ANY, event="context.cleared", event_data=lambda a: {"speaker": a["speaker"], "threads": a["threads"]}
    )
    def clear_context(self, speaker: str | None, actor: str) -> dict:
        """Forget the live conversations of one speaker, or of everyone."""
        return dict(clear_context(self.store, self.windows, speaker, actor), speaker=speaker)
