"""Routes of the household's entities: list, show, rename, aliases, merge, split."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query

from ..models import MAX_ID, EntityAliasIn, EntityMergeIn, EntitySplitIn, RenameIn
from ..routing import Caller, Ops, route

router = APIRouter()

EntityId = Annotated[int, Path(ge=1, le=MAX_ID)]


@route(router, "entities", "GET", "/v1/entities")
def entities(ops: Ops, kind: str | None = Query(None, max_length=20)):
    return {"entities": ops.entities.entities(kind)}


@route(router, "entity", "GET", "/v1/entities/{entity_id}")
def entity(entity_id: EntityId, ops: Ops):
    return ops.entities.entity(entity_id)


@route(router, "rename_entity", "PATCH", "/v1/entities/{entity_id}")
def rename_entity(entity_id: EntityId, body: RenameIn, ops: Ops, caller: Caller):
    return ops.entities.rename_entity(entity_id, body.name, caller)


@route(router, "alias_entity", "POST", "/v1/entities/{entity_id}/aliases")
def alias_entity(entity_id: EntityId, body: EntityAliasIn, ops: Ops, caller: Caller):
    return ops.entities.alias_entity(entity_id, body.alias, caller, body.remove)


@route(router, "merge_entities", "POST", "/v1/entities/{entity_id}/merge")
def merge_entities(entity_id: EntityId, body: EntityMergeIn, ops: Ops, caller: Caller):
    return ops.entities.merge_entities(entity_id, body.into, caller)


@route(router, "split_entity", "POST", "/v1/entities/{entity_id}/split")
def split_entity(entity_id: EntityId, body: EntitySplitIn, ops: Ops, caller: Caller):
    return ops.entities.split_entity(entity_id, body.facts, body.name, caller)
