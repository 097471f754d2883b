"""Importance: a fact's score and the inputs it came from, and recomputing it (one fact, or all; daily before
the retention pass)."""

from __future__ import annotations

import threading
import time

from ..errors import NotFound
from ..events import EventBus
from ..formation.importance import ImportanceParams, refresh, refresh_all
from ..memory.recall import FIELDS, row_to_item
from ..settings import Settings
from ..store.database import Store
from ..store.tracks import FACTS
from .recall import fact_id
from .registry import operation

DAY = 86_400.0
REFRESHED_AT = "importance_refreshed_at"  # meta: when every fact was last recomputed
MAX_LIST = 1000


def _recomputed(answer: dict) -> dict:
    return {"updated": answer["updated"], "fact": answer["fact"]["id"] if answer.get("fact") else None}


class ImportanceOps:
    def __init__(self, store: Store, settings: Settings, events: EventBus):
        self.store, self.settings, self.events = store, settings, events
        self._lock = threading.Lock()  # one full pass at a time (the daily job, an on-demand call)
        self._stale = False  # a setting the score depends on changed: the next daily check recomputes
        settings.on_change(self._mark_stale, keys=("memory.importance_half_life_days",))

    def params(self) -> ImportanceParams:
        return ImportanceParams.from_settings(self.settings)

    def _fact(self, row_id: int) -> dict:
        with self.store.reading() as conn:
            row = conn.execute(f"SELECT {FIELDS['facts']}, x.dismissed FROM facts x WHERE id = ?", (row_id,)).fetchone()
        if row is None:
            raise NotFound(f"there is no fact:{row_id}")
        return dict(row_to_item(FACTS, row), dismissed=bool(row["dismissed"]))

    @operation()
    def importance(self, fact: str | int | None = None, limit: int = 50) -> dict:
        """A fact's importance and the inputs it came from, or the current facts ranked by importance."""
        params = self.params()
        shown = {"threshold": params.protect_threshold, "half_life_days": params.half_life_days}
        if fact is not None:
            item = self._fact(fact_id(fact))
            return dict(shown, fact=item, protects_turns=_protects(item, params))
        limit = max(1, min(int(limit), MAX_LIST))
        live = FACTS.live("x")
        with self.store.reading() as conn:
            rows = conn.execute(
                f"SELECT {FIELDS['facts']} FROM facts x WHERE {live} ORDER BY x.importance DESC, x.id LIMIT ?",
                (limit,),
            ).fetchall()
            total = conn.execute(f"SELECT count(*) FROM facts x WHERE {live}").fetchone()[0]
        items = [row_to_item(FACTS, r) for r in rows]
        return dict(shown, total=total, facts=[dict(i, protects_turns=_protects(i, params)) for i in items])

    @operation(event="importance.recomputed", event_data=_recomputed)
    def recompute_importance(self, fact: str | int | None = None) -> dict:
        """Recompute importance from the stored inputs: one fact, or every current fact."""
        params, now = self.params(), time.time()
        if fact is not None:
            row_id = fact_id(fact)
            updated = self.store.writer.write(lambda tx: refresh(tx, [row_id], now, params))
            if not updated:
                raise NotFound(f"there is no fact:{row_id}")
            item = self._fact(row_id)
            return {"updated": updated, "fact": dict(item, protects_turns=_protects(item, params))}
        return {"updated": self._refresh_all(params, now), "fact": None}

    def _refresh_all(self, params: ImportanceParams, now: float) -> int:
        with self._lock:
            updated = refresh_all(self.store, params, now=now)
            self.store.writer.write(lambda tx: Store.set_meta(tx, REFRESHED_AT, repr(now)))
            self._stale = False
        return updated

    def refresh_if_due(self, now: float | None = None) -> int:
        """Recompute every fact when the last full pass is a day old or older (or a setting it depends on
        changed); the daemon's retention job calls it before the retention pass. Returns the count (0: not due)."""
        now = time.time() if now is None else now
        last = self.store.meta(REFRESHED_AT)
        if not self._stale and last is not None and now - float(last) < DAY:
            return 0
        updated = self._refresh_all(self.params(), now)
        self.events.publish("importance.recomputed", updated=updated, fact=None, daily=True)
        return updated

    def _mark_stale(self, *_args) -> None:
        self._stale = True


def _protects(item: dict, params: ImportanceParams) -> bool:
    """Whether this fact keeps its source turns out of retention (forgetting/retention.py)."""
    current = item["status"] == "active" and not item.get("dismissed")
    unscored = item.get("importance_inputs") is None
    return current and (unscored or item["importance"] >= params.protect_threshold)
