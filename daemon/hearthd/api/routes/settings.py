"""Routes of settings."""

from __future__ import annotations

from fastapi import APIRouter

from ..models import PauseIn, SettingIn
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


@route(router, "pause", "POST", "/v1/pause")
def pause(body: PauseIn, ops: Ops, caller: Caller):
    return ops.settings.pause(body.minutes, body.injection_only, actor=caller)


@route(router, "resume", "POST", "/v1/resume")
def resume(ops: Ops, caller: Caller):
    return ops.settings.resume(actor=caller)
