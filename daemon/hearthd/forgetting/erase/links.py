"""What links to what: the one declaration erase follows to find, order and delete everything that goes with
an erased row (the plan's cascade, the execution's pointer clearing and deletion order, the schema test)."""

from __future__ import annotations

from dataclasses import dataclass

# What happens to a row that points at an erased row:
DELETE = "delete"  # it goes too
CLEAR = "clear"  # it stays, the pointer is set to NULL
DERIVE = "derive"  # a rule of the plan decides (plan.py: it goes only if what it came from is erased)

# Every table an erase may delete from, in receipt order, with the columns that name one of its rows.
TABLES: dict[str, tuple[str, ...]] = {
    "turns": ("id",),
    "facts": ("id",),
    "episodes": ("id",),
    "fact_turn_link": ("fact_id", "turn_id"),
    "fact_episode_link": ("fact_id", "episode_id"),
    "episode_links": ("episode_id", "related_id"),
    "thread_summaries": ("thread_id",),
    "review_queue": ("id",),
    "dismissals": ("kind", "item_id"),
    "sessions": ("id",),
    "threads": ("id",),
    "speakers": ("id",),
    "voiceprint_samples": ("id",),
    "entities": ("id",),
    "entity_aliases": ("entity_id", "norm"),
    "entity_relations": ("from_entity", "relation", "to_entity"),
}


@dataclass(frozen=True)
class Link:
    table: str  # the table holding the pointer
    column: str  # its column
    references: str  # the table pointed at (by its id)
    on_erase: str = DELETE
    where: str = ""  # a condition on a column of `table`: the rows the link is for (a dismissal's kind)
    json_list: bool = False  # the column holds a JSON list of ids

    @property
    def name(self) -> str:
        return f"{self.table}.{self.column}"


LINKS: tuple[Link, ...] = (
    Link("sessions", "thread_id", "threads"),
    Link("turns", "thread_id", "threads"),
    Link("turns", "session_id", "sessions"),
    Link("turns", "speaker_id", "speakers"),
    Link("turns", "owner_id", "speakers"),  # a personal pool is a person's (owner_id NULL: the household)
    Link("facts", "owner_id", "speakers"),
    Link("facts", "superseded_by", "facts", CLEAR),  # the survivor keeps its history, loses the pointer
    Link("facts", "session_id", "sessions", CLEAR),
    Link("episodes", "session_id", "sessions"),
    Link("episodes", "thread_id", "threads"),
    Link("episodes", "owner_id", "speakers"),
    Link("fact_turn_link", "fact_id", "facts"),
    Link("fact_turn_link", "turn_id", "turns"),
    Link("fact_episode_link", "fact_id", "facts"),
    Link("fact_episode_link", "episode_id", "episodes"),
    Link("episode_links", "episode_id", "episodes"),
    Link("episode_links", "related_id", "episodes"),
    Link("thread_summaries", "thread_id", "threads"),
    Link("thread_summaries", "upto_turn_id", "turns", DERIVE),  # it goes if it folded an erased turn
    Link("review_queue", "fact_ids", "facts", json_list=True),
    Link("dismissals", "item_id", "turns", where="kind = 'turn'"),
    Link("dismissals", "item_id", "facts", where="kind = 'fact'"),
    Link("dismissals", "item_id", "episodes", where="kind = 'episode'"),
    Link("voiceprint_samples", "speaker_id", "speakers"),
    Link("review_queue", "speaker_id", "speakers"),  # a claim holds what the person might have said
    # The person stays an entity the household's facts may name (the household pool is never erased by a
    # speaker selector); it is no longer a speaker.
    Link("entities", "speaker_id", "speakers", CLEAR),
    Link("entities", "merged_into", "entities", CLEAR),
    Link("entity_aliases", "entity_id", "entities"),
    Link("entity_relations", "from_entity", "entities"),
    Link("entity_relations", "to_entity", "entities"),
    Link("facts", "subject_entity", "entities", CLEAR),  # a household fact about them stays, unattributed
    Link("facts", "object_entity", "entities", CLEAR),
)


def _delete_order() -> tuple[str, ...]:
    """Tables with rows pointing at another before it (foreign keys are checked at each statement); cleared
    pointers are NULL by then and set no order. Ties keep the receipt order."""
    before = {
        t: {link.table for link in LINKS if link.references == t and link.table != t and link.on_erase != CLEAR}
        for t in TABLES
    }
    order: list[str] = []
    while len(order) < len(TABLES):
        ready = [t for t in TABLES if t not in order and before[t] <= set(order)]
        if not ready:
            raise RuntimeError(f"erase links form a cycle among {sorted(set(TABLES) - set(order))}")
        order.append(ready[0])
    return tuple(order)


DELETE_ORDER = _delete_order()
