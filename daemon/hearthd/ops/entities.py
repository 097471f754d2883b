"""The household's entities by hand: list and show them, rename, aliases, merge and split."""

from __future__ import annotations

from ..entities import manage
from ..events import EventBus
from ..store.database import Store
from .registry import operation


def _changed(answer: dict) -> dict | None:
    return {"id": answer["id"]} if answer.get("changed", True) else None


class EntitiesOps:
    def __init__(self, store: Store, events: EventBus):
        self.store, self.events = store, events

    @operation()
    def entities(self, kind: str | None = None) -> list[dict]:
        """The people, pets, places, organisations and things the memory knows, with aliases and relations."""
        return manage.list_entities(self.store, kind)

    @operation()
    def entity(self, entity_id: int) -> dict:
        """One entity with its current facts and its relations both ways."""
        return manage.show_entity(self.store, entity_id)

    @operation(
        event="entity.renamed", event_data=lambda a: {"id": a["id"], "name": a["name"]} if a["changed"] else None
    )
    def rename_entity(self, entity_id: int, name: str, actor: str) -> dict:
        """Give an entity another name (the old one stays an alias)."""
        return manage.rename(self.store, entity_id, name, actor)

    @operation(event="entity.changed", event_data=_changed)
    def alias_entity(self, entity_id: int, alias: str, actor: str, remove: bool = False) -> dict:
        """Add an alias to an entity, or remove one."""
        return manage.alias(self.store, entity_id, alias, actor, remove)

    @operation(event="entity.merged", event_data=lambda a: {"id": a["id"], "into": a["into"]})
    def merge_entities(self, from_id: int, into_id: int, actor: str) -> dict:
        """Merge one entity into another: its facts, relations and aliases move."""
        return manage.merge(self.store, from_id, into_id, actor)

    @operation(event="entity.split", event_data=lambda a: {"id": a["id"], "new": a["new"]})
    def split_entity(self, entity_id: int, fact_ids: list[int], name: str, actor: str) -> dict:
        """Split some facts off an entity into a new one of the same kind ("two Saras")."""
        return manage.split(self.store, entity_id, fact_ids, name, actor)
