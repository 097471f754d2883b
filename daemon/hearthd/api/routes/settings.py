"""Routes of settings."""

from __future__ import annotations

from fastapi import APIRouter

from ..models import SettingIn
from ..routing import Caller, Ops, route

router = APIRouter()


@route(router, "settings", "GET", "/v1/settings")
def settings_list(ops: Ops):
    return {"settings": ops.settings.settings_list()}


@route(router, "setting", "GET", "/v1/settings/{key}")
def setting(key: str, ops: Ops):
    return ops.settings.setting(key)


@route(router, "set_setting", "PUT", "/v1/settings/{key}")
def set_setting(key: str, body: SettingIn, ops: Ops, caller: Caller):
    return ops.settings.set_setting(key, body.value, actor=caller)
