"""The read path's operations: recall, context assembly for a live turn, facts, and the memory browser."""

from __future__ import annotations

from ..errors import UserError
from ..forgetting.curation import parse_ref
from ..history.windows import WorkingWindows
from ..memory import browse
from ..memory.context import asked, assemble
from ..memory.question import answer_facts, first_the_answers
from ..memory.recall import FIELDS, Recaller, row_to_item
from ..memory.scope import EVERYTHING, NOTHING, Scope, scope_for
from ..memory.search import Filters
from ..memory.when import find_time_range
from ..settings import Settings
from ..store.database import Store
from ..store.tracks import FACTS
from ..timeutil import iso, parse_time
from .registry import ANY, operation


def read_scope(role: str, speaker: str | None, band: str | None) -> Scope:
    """Admins without a speaker see every pool; everyone else sees what the speaker's band allows, and an
    assistant asking for nobody gets nothing."""
    if speaker is None:
        return EVERYTHING if role == "admin" else NOTHING
    return scope_for(speaker, band)


def fact_id(ref: str | int) -> int:
    """A fact's row id from `fact:12` or `12`."""
    track, row_id = parse_ref(ref if ":" in str(ref) else f"fact:{ref}")
    if track.kind != "fact":
        raise UserError(f"{ref!r} is not a fact")
    return row_id


class Reading:
    def __init__(self, store: Store, settings: Settings, recaller: Recaller, windows: WorkingWindows):
        self.store, self.settings, self.recaller, self.windows = store, settings, recaller, windows

    @operation(roles=ANY)
    def recall(
        self, query: str, scope: Scope, k: int = 10, since=None, until=None, participants: list[str] | None = None
    ) -> dict:
        """Search facts, episodes and turns in the caller's scope. since/until take dates, times and periods
        ("yesterday", "last week"); without them, a time the query names ("... last week?") limits the search
        to its range, searched for the rest of the query. `time_range` says which range applied, if any."""
        if not query or not query.strip():
            raise UserError("query must not be empty")
        lo, hi = parse_time(since, "since"), parse_time(until, "until")
        applied = None
        if lo is not None or hi is not None:  # given ones win over a time in the query
            applied = {"since": iso(lo), "until": iso(hi), "from": "arguments"}
        else:
            found = find_time_range(query, self.settings["general.system_language"])
            if found.phrase is not None:
                lo, hi, query = found.since, found.until, found.query
                applied = {**found.describe(), "from": "query"}
        filters = Filters(scope, since=lo, until=hi, participants=tuple(participants or ()))
        # One person's scope: the question is read as they ask it ("where do I live?"), its answer first.
        asker = next(iter(scope.owners)) if len(scope.owners) == 1 and not scope.all_pools else None
        question = asked(self.store, self.settings, query, asker) if asker else None
        result = self.recaller.search_all(question.search_text if question else query, filters, k)
        if question is not None and applied is None and not participants:
            answers = answer_facts(self.store, question, scope, k)
            result["facts"] = first_the_answers(result["facts"], answers, k)
        if applied is not None:
            result["time_range"] = applied
        return result

    @operation(roles=ANY)
    def context(self, text: str, scope: Scope, thread: str | None = None, speaker: str | None = None) -> dict:
        """The memory block for a live turn (the question read as `speaker` asks it) and, given its
        conversation key, the working window to send."""
        result = assemble(self.recaller, self.settings, text, scope, speaker)
        if thread is not None:
            result["history"] = self.windows.view(thread)
        return result

    @operation()
    def facts(self, scope: Scope, history: bool = False, as_of=None) -> list[dict]:
        """Facts in a scope: the current ones, with history the superseded too, or those valid at a date."""
        at = parse_time(as_of, "as_of")
        where, params = Filters(scope, include_inactive=history or at is not None).where(FACTS)
        if at is not None:
            where += " AND x.valid_from <= ? AND (x.valid_to IS NULL OR x.valid_to > ?)"
            params += [at, at]
        with self.store.reading() as conn:
            rows = conn.execute(
                f"SELECT {FIELDS['facts']} FROM facts x WHERE {where} "
                f"ORDER BY x.subject, x.predicate, x.valid_from, x.id",
                params,
            ).fetchall()
        return [row_to_item(FACTS, r) for r in rows]

    @operation(no_cli="the desktop's paged tables; hearthctl facts and recall list memory")
    def memory_page(self, kind: str, offset: int = 0, limit: int = 100, **filters) -> dict:
        """A page of the memory browser's table, newest first, with the total the filters admit."""
        return browse.page(self.store, kind, offset, limit, **filters)

    @operation()
    def episode(self, episode_id: int) -> dict:
        """An episode with its related episodes and the facts its conversation produced."""
        return browse.episode(self.store, episode_id)

    @operation()
    def fact_history(self, fact: str | int) -> list[dict]:
        """A fact's chain of supersession, oldest first."""
        return browse.fact_history(self.store, fact_id(fact))

    @operation()
    def fact_sources(self, fact: str | int) -> dict:
        """Where a fact came from: the sentences it was formed from and their conversation."""
        return browse.fact_sources(self.store, fact_id(fact))

    @operation(no_cli="the desktop's memory growth chart; hearthctl status gives the counts")
    def growth(self, days: int = 365) -> list[dict]:
        """Rows added per day."""
        return browse.growth(self.store, days)
