"""Rules: the standing instructions of a person or the household ("Always give temperatures in Celsius"),
shown in every [Turn context] of that scope in their own section.

A rule is a fact with predicate `rule`: listing and adding are here; editing, dismissing, restoring, erasing,
the audit and the export are the facts' own operations (edit_fact, dismiss, restore, erase, audit, export).
Suggestions from repeated statements wait in the review queue (formation.suggest_rules).
"""

from __future__ import annotations

from collections.abc import Callable

from ..embedding.backfill import EmbeddingBackfill
from ..embedding.service import Priority, TextEmbedder
from ..events import EventBus
from ..formation.facts import FactRules
from ..formation.suggest_rules import RULE, clean_rule_text, store_rule
from ..memory.context import CARD_FIELDS
from ..memory.recall import row_to_item
from ..memory.scope import Scope
from ..memory.search import Filters
from ..store.database import Store
from ..store.tracks import FACTS
from .registry import ANY, operation


def _added(answer: dict) -> dict:
    return {"id": answer["id"], "action": answer["action"], "owner": answer["owner"]}


class RulesOps:
    def __init__(
        self,
        store: Store,
        embedder: TextEmbedder,
        backfill: EmbeddingBackfill,
        events: EventBus,
        fact_rules: Callable[[], FactRules],
    ):
        self.store, self.embedder, self.backfill, self.events = store, embedder, backfill, events
        self.fact_rules = fact_rules  # the write's settings, as formation and remember use them

    @operation(roles=ANY)
    def rules(self, scope: Scope) -> list[dict]:
        """The rules a scope sees (an admin without a speaker: every rule), each with its owner (None: household)."""
        if scope.empty:
            return []
        where, params = Filters(scope).where(FACTS)
        with self.store.reading() as conn:
            rows = conn.execute(
                f"SELECT {CARD_FIELDS} FROM facts x WHERE x.predicate = ? AND {where} "
                f"ORDER BY x.owner_id IS NULL, x.owner_id, x.valid_from, x.id",
                [RULE, *params],
            ).fetchall()
        return [dict(row_to_item(FACTS, r), owner=r["owner_id"]) for r in rows]

    @operation(event="rule.added", event_data=_added)
    def add_rule(self, text: str, actor: str, speaker: str | None = None) -> dict:
        """Add a standing instruction for a person or, without one, the whole household."""
        text = clean_rule_text(text)
        vector = None
        if self.embedder.ready:
            model, matrix = self.embedder.embed([text], Priority.INTERACTIVE)
            vector = (model, matrix[0])
        answer = self.store.writer.write(
            lambda tx: store_rule(tx, text, speaker, actor, store=self.store, vector=vector, rules=self.fact_rules())
        )
        if vector is None:
            self.backfill.nudge()
        with self.store.reading() as conn:
            row = conn.execute(f"SELECT {CARD_FIELDS} FROM facts x WHERE id = ?", (answer["id"],)).fetchone()
        return dict(answer, ref=f"fact:{answer['id']}", rule=dict(row_to_item(FACTS, row), owner=row["owner_id"]))
