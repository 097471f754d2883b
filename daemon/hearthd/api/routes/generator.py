"""Routes of the generator (the LLM): status, a test call, its API key."""

from __future__ import annotations

from fastapi import APIRouter

from ..models import ApiKeyIn
from ..routing import Caller, Ops, route

router = APIRouter()


@route(router, "generator", "GET", "/v1/generator")
def generator(ops: Ops):
    return ops.generator.generator_status()


@route(router, "test_generator", "POST", "/v1/generator/test")
def test_generator(ops: Ops):
    return ops.generator.test_generator()


@route(router, "set_generator_key", "PUT", "/v1/generator/key")
def set_generator_key(body: ApiKeyIn, ops: Ops, caller: Caller):
    return ops.generator.set_generator_key(body.key, caller)


@route(router, "clear_generator_key", "DELETE", "/v1/generator/key")
def clear_generator_key(ops: Ops, caller: Caller):
    return ops.generator.clear_generator_key(caller)
