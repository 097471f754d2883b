"""Routes of people and voices: list, enroll, rename, remove a voice, identify."""

from __future__ import annotations

from fastapi import APIRouter

from ..models import EnrollIn, RenameIn, VoiceIn, b64decode
from ..routing import Caller, Ops, route

router = APIRouter()


@route(router, "speakers", "GET", "/v1/speakers")
def speakers(ops: Ops):
    return {"speakers": ops.speakers.speakers()}


@route(router, "enroll", "POST", "/v1/speakers")
def enroll(body: EnrollIn, ops: Ops, caller: Caller):
    samples = [b64decode(s, f"sample {i + 1}") for i, s in enumerate(body.samples_b64)]
    return ops.speakers.enroll(body.name, samples, caller, body.id, body.new)


@route(router, "rename_speaker", "PATCH", "/v1/speakers/{speaker_id}")
def rename_speaker(speaker_id: str, body: RenameIn, ops: Ops, caller: Caller):
    return ops.speakers.rename_speaker(speaker_id, body.name, caller)


@route(router, "remove_voice", "DELETE", "/v1/speakers/{speaker_id}/voice")
def remove_voice(speaker_id: str, ops: Ops, caller: Caller):
    return ops.speakers.remove_voice(speaker_id, caller)


@route(router, "identify", "POST", "/v1/speakers/identify")
def identify(body: VoiceIn, ops: Ops):
    return ops.speakers.identify(*body.parts())
