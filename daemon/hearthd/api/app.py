"""The HTTP routes of the local API (/v1), thin over the Daemon's operations.

Every route needs a token; roles decide what it may do (admin: everything; assistant: commit turns, assemble
context, recall and remember within the identified speaker's scope). User errors are 4xx with a message and
change nothing; anything else is a 500 that says to look at the daemon's log.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import logging
import sqlite3
from typing import Any, Literal

from fastapi import Depends, FastAPI, Header, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..errors import UserError
from ..forgetting import curation, export, receipts
from ..formation.ledger import MAX_KEY_CHARS, MAX_TURN_CHARS, TurnIn
from ..history.windows import Usage
from ..memory import browse
from ..memory.scope import scope_for
from ..settings import SettingError
from ..speakers import registry
from ..timeutil import parse_time
from ..tools import schemas as tool_schemas
from ..tools.dispatch import call_tool

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 8 * 1024 * 1024
MAX_TURNS_PER_REQUEST = 5000

Band = Literal["high", "medium", "greeting", "none"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class VoiceIn(Strict):
    """The speaker's voice, to identify them: WAV audio (base64) or a precomputed voiceprint."""

    wav_b64: str | None = Field(None, max_length=MAX_BODY_BYTES, description="a WAV file, base64")
    voiceprint: list[float] | None = Field(None, min_length=256, max_length=256)

    def parts(self) -> tuple[bytes | None, list[float] | None]:
        return (_b64(self.wav_b64, "voice.wav_b64") if self.wav_b64 else None), self.voiceprint


def _b64(text: str, where: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise UserError(f"{where} is not base64") from None


class TurnModel(Strict):
    thread: str = Field(min_length=1, max_length=MAX_KEY_CHARS, description="the client's conversation key")
    role: Literal["user", "assistant"]
    text: str = Field(min_length=1, max_length=MAX_TURN_CHARS)
    speaker: str | None = Field(None, min_length=1, max_length=MAX_KEY_CHARS, description="a person's id")
    band: Band | None = Field(None, description="how confidently the speaker was identified (default high)")
    ts: str | float | None = Field(None, description="when it was said, ISO 8601 (default now)")
    tool_calls: list | dict | None = Field(None, description="the assistant turn's tool-calls record")
    voice: VoiceIn | None = Field(None, description="identify the speaker by voice (when no speaker is given)")


class UsageModel(Strict):
    prompt_tokens: int = Field(0, ge=0, le=10_000_000, description="tokens of the prompt the LLM saw")
    n_ctx: int = Field(0, ge=0, le=10_000_000, description="the LLM's context window")
    output_reserve: int = Field(0, ge=0, le=10_000_000, description="tokens kept free for the answer")
    overflow: bool = Field(False, description="the prompt did not fit (even if the turn failed)")

    def usage(self) -> Usage:
        return Usage(self.prompt_tokens, self.n_ctx, self.output_reserve, self.overflow)


class TurnsIn(Strict):
    turns: list[TurnModel] = Field(min_length=1, max_length=MAX_TURNS_PER_REQUEST)
    usage: UsageModel | None = Field(None, description="the live turn's prompt size, for compaction")


class UsageIn(Strict):
    thread: str = Field(min_length=1, max_length=MAX_KEY_CHARS)
    usage: UsageModel


class ClearIn(Strict):
    speaker: str | None = Field(None, min_length=1, max_length=MAX_KEY_CHARS, description="default: everyone")


class SpeakerRef(Strict):
    speaker: str | None = Field(None, min_length=1, max_length=MAX_KEY_CHARS)
    band: Band | None = None


class ContextIn(SpeakerRef):
    text: str = Field(max_length=MAX_TURN_CHARS, description="the current user message")
    thread: str | None = Field(None, max_length=MAX_KEY_CHARS)
    voice: VoiceIn | None = Field(None, description="identify the speaker by voice (when no speaker is given)")


class RecallIn(SpeakerRef):
    query: str = Field(min_length=1, max_length=4000)
    k: int = Field(10, ge=1, le=100)
    since: str | None = None
    until: str | None = None
    participants: list[str] = Field(default_factory=list, max_length=50)


class RememberIn(SpeakerRef):
    text: str = Field(min_length=1, max_length=2000)
    subject: str | None = Field(None, max_length=200)
    predicate: str | None = Field(None, max_length=100)
    object: str | None = Field(None, max_length=500)
    pin: bool = Field(False, description="always inject it (the pinned profile card)")
    valid_from: str | None = Field(None, description="since when it is true, ISO 8601 (default now)")


class FormIn(Strict):
    end_open: bool = Field(False, description="also end the sessions still open, and skip the grace period")


class RefIn(Strict):
    ref: str = Field(min_length=3, max_length=40, description="like fact:12, episode:3, turn:40")
    reason: str | None = Field(None, max_length=500)


class PinIn(Strict):
    pinned: bool = True


class DisplayTextIn(Strict):
    text: str | None = Field(None, max_length=500, description="null: back to the original text")


MAX_ID = 2**62  # row ids fit SQLite's 64-bit integers


class ReviewIn(Strict):
    decision: Literal["accept", "keep_both"]
    keep: int | None = Field(None, ge=1, le=MAX_ID, description="with accept: the fact that stays current")


class ImportIn(Strict):
    path: str = Field(min_length=1, max_length=4096, description="an export file on this machine")


class EraseIn(Strict):
    kind: Literal["ref", "speaker", "thread", "match", "before", "range"]
    value: str = Field(min_length=1, max_length=500)
    dry_run: bool = Field(False, description="preview the counts, change nothing")


class VerifyIn(Strict):
    receipt: dict


class ToolCallIn(SpeakerRef):
    name: str = Field(min_length=1, max_length=64)
    arguments: dict = Field(default_factory=dict)


class EnrollIn(Strict):
    name: str | None = Field(None, min_length=1, max_length=100)
    id: str | None = Field(None, min_length=1, max_length=MAX_KEY_CHARS, description="re-enroll this person")
    samples_b64: list[str] = Field(min_length=1, max_length=20, description="WAV files, base64")


class RenameIn(Strict):
    name: str = Field(min_length=1, max_length=100)


class SettingIn(Strict):
    value: Any


class ApiKeyIn(Strict):
    key: str = Field(min_length=1, max_length=4096, description="the generator endpoint's API key")


def _error(status: int, kind: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"type": kind, "message": message}}, status_code=status)


class BodyLimit:
    """Refuse bodies over the limit, announced or streamed, before the route reads them (ASGI middleware)."""

    def __init__(self, app, limit: int = MAX_BODY_BYTES):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            return await _error(413, "user", f"request body over {self.limit} bytes")(scope, receive, send)
        seen = 0

        async def limited():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise UserError(f"request body over {self.limit} bytes", status=413)
            return message

        await self.app(scope, limited, send)


def storage_response(exc: Exception) -> JSONResponse:
    message = str(exc)
    if "full" in message:
        log.error("the disk is full: %s", message)
        return _error(507, "storage", "the disk is full: nothing was stored; free some space and try again")
    if "locked" in message or "busy" in message:
        return _error(503, "storage", "the database is busy; try again")
    log.error("database error: %s", message, exc_info=exc)
    return _error(500, "internal", "internal error; the daemon's log has the details")


class CatchAll:
    """Answer an unexpected error with a 500 and keep the connection: Starlette's own last-resort handler
    re-raises after answering, and the server then drops the client's connection."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = False

        async def tracking_send(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception as exc:  # noqa: BLE001 - the last resort, logged with its traceback
            log.exception("internal error", exc_info=exc)
            if not started:
                response = storage_response(exc) if isinstance(exc, sqlite3.OperationalError) else \
                    _error(500, "internal", "internal error; the daemon's log has the details")
                await response(scope, receive, send)


def create_app(daemon) -> FastAPI:
    app = FastAPI(title="Hearth", version=__version__, docs_url=None, redoc_url=None, openapi_url=None,
                  description="The local API of the Hearth memory daemon.")
    app.add_middleware(BodyLimit)
    app.add_middleware(CatchAll)

    @app.exception_handler(UserError)
    async def user_error(_request, exc: UserError):
        return _error(exc.status, "user", str(exc))

    @app.exception_handler(SettingError)
    async def setting_error(_request, exc: SettingError):
        return _error(400, "user", str(exc))

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request, exc: RequestValidationError):
        parts = []
        for err in exc.errors()[:5]:
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return _error(422, "validation", "; ".join(parts) or "invalid request")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request, exc: StarletteHTTPException):
        message = str(exc.detail)
        if message == "There was an error parsing the body":
            message = "the request body is not valid UTF-8 JSON"
        return _error(exc.status_code, "user", message)

    @app.exception_handler(sqlite3.OperationalError)
    async def storage_error(_request, exc: sqlite3.OperationalError):
        return storage_response(exc)

    def caller(*roles: str):
        async def check(authorization: str | None = Header(None, include_in_schema=False)) -> str:
            token = authorization[7:].strip() if authorization and authorization[:7].lower() == "bearer " else None
            role = daemon.tokens.role_for(token)
            if role is None:
                raise UserError("a valid API token is required (Authorization: Bearer <token>)", status=401)
            if role not in roles:
                raise UserError(f"the {role} token may not do this", status=403)
            return role
        return Depends(check)

    ANY = caller("admin", "assistant")
    ADMIN = caller("admin")

    @app.get("/openapi.json", include_in_schema=False)
    def openapi(_role=ANY):
        return app.openapi()

    @app.get("/v1/version")
    def version(_role=ANY):
        return {"version": __version__, "api": 1, "schema_version": daemon.store.schema_version}

    @app.get("/v1/health")
    def health(_role=ANY):
        return {"ok": True, "embedder": daemon.embedder.state}

    @app.get("/v1/status")
    def status(_role=ADMIN):
        return daemon.status()

    @app.post("/v1/turns")
    def commit_turns(body: TurnsIn, _role=ANY):
        turns = []
        for i, t in enumerate(body.turns):
            speaker, band = daemon.who(t.speaker, t.band, *(t.voice.parts() if t.voice else (None, None)))
            turns.append(TurnIn(thread=t.thread, role=t.role, text=t.text, speaker=speaker, band=band,
                                ts=parse_time(t.ts, f"turn {i + 1} ts"), tool_calls=t.tool_calls))
        records = daemon.commit_turns(turns, body.usage.usage() if body.usage else None)
        return {"committed": len(records), "turns": records}

    @app.post("/v1/usage")
    def usage(body: UsageIn, _role=ANY):
        return daemon.usage_for(body.thread, body.usage.usage())

    @app.get("/v1/threads/{key:path}/window")
    def window(key: str, _role=ANY):
        return daemon.window(key)

    @app.post("/v1/threads/{key:path}/compact")
    def compact(key: str, _role=ADMIN):
        return daemon.compact_now(key)

    @app.post("/v1/clear-context")
    def clear(body: ClearIn, role=ANY):
        return daemon.clear_context(body.speaker, actor=role)

    @app.post("/v1/context")
    def context(body: ContextIn, _role=ANY):
        # Without a speaker it is an anonymous voice: the household pool only, whoever asks.
        speaker, band = daemon.who(body.speaker, body.band, *(body.voice.parts() if body.voice else (None, None)))
        result = daemon.context(body.text, scope_for(speaker, band), body.thread)
        return dict(result, speaker=speaker, band=band or ("high" if speaker else "none"))

    @app.post("/v1/recall")
    def recall(body: RecallIn, role=ANY):
        scope = daemon.read_scope(role, body.speaker, body.band)
        return daemon.recall(body.query, scope, body.k, body.since, body.until, body.participants)

    @app.post("/v1/facts")
    def remember(body: RememberIn, _role=ANY):
        return daemon.remember(body.text, body.speaker, body.band, body.subject, body.predicate, body.object, body.pin,
                               body.valid_from)

    @app.get("/v1/facts")
    def facts(speaker: str | None = Query(None, max_length=MAX_KEY_CHARS), band: Band | None = None,
              history: bool = False, as_of: str | None = None, _role=ADMIN):
        scope = daemon.read_scope("admin", speaker, band)
        return {"facts": daemon.facts(scope, history, as_of)}

    @app.get("/v1/memory/{kind}")
    def memory_page(kind: Literal["facts", "episodes", "turns"], offset: int = Query(0, ge=0, le=MAX_ID),
                    limit: int = Query(100, ge=1, le=browse.MAX_PAGE), q: str | None = Query(None, max_length=500),
                    speaker: str | None = Query(None, max_length=MAX_KEY_CHARS),
                    pool: Literal["all", "household", "personal"] = "all", since: str | None = None,
                    until: str | None = None,
                    status: Literal["live", "dismissed", "superseded", "cleared", "all"] = "live",
                    as_of: str | None = None, _role=ADMIN):
        """A page of the memory browser's table, newest first, with the total the filters admit."""
        return browse.page(daemon.store, kind, offset, limit, q, speaker, pool, since, until, status, as_of)

    @app.get("/v1/episodes/{episode_id}")
    def episode_detail(episode_id: int = Path(ge=1, le=MAX_ID), _role=ADMIN):
        return browse.episode(daemon.store, episode_id)

    @app.get("/v1/facts/{ref}/history")
    def fact_history(ref: str, _role=ADMIN):
        return {"history": browse.fact_history(daemon.store, daemon.fact_ref(ref))}

    @app.get("/v1/stats/growth")
    def growth(days: int = Query(365, ge=1, le=36_500), _role=ADMIN):
        return {"days": browse.growth(daemon.store, days)}

    @app.post("/v1/formation/run")
    def form_now(body: FormIn, _role=ADMIN):
        return daemon.form_now(body.end_open)

    @app.get("/v1/formation")
    def formation(_role=ADMIN):
        return daemon.sweeper.status()

    @app.post("/v1/dismiss")
    def dismiss(body: RefIn, role=ADMIN):
        return daemon.dismiss(body.ref, role, body.reason)

    @app.post("/v1/restore")
    def restore(body: RefIn, role=ADMIN):
        return daemon.restore(body.ref, role)

    @app.get("/v1/dismissed")
    def dismissed(_role=ADMIN):
        return {"dismissed": curation.list_dismissed(daemon.store)}

    @app.post("/v1/facts/{ref}/pin")
    def pin(ref: str, body: PinIn, role=ADMIN):
        return curation.pin_fact(daemon.store, daemon.fact_ref(ref), body.pinned, role)

    @app.put("/v1/facts/{ref}/display-text")
    def edit(ref: str, body: DisplayTextIn, role=ADMIN):
        return curation.edit_fact(daemon.store, daemon.fact_ref(ref), body.text, role)

    @app.post("/v1/facts/{ref}/promote")
    def promote(ref: str, role=ADMIN):
        return curation.promote_fact(daemon.store, daemon.fact_ref(ref), role)

    @app.get("/v1/review")
    def review(resolved: bool = False, _role=ADMIN):
        return {"items": curation.review_items(daemon.store, resolved)}

    @app.post("/v1/review/{item_id}")
    def resolve(body: ReviewIn, item_id: int = Path(ge=1, le=MAX_ID), role=ADMIN):
        return curation.resolve_review(daemon.store, item_id, body.decision, role, body.keep)

    @app.get("/v1/audit")
    def audit_log(limit: int = Query(200, ge=1, le=10_000), action: str | None = Query(None, max_length=40),
                  _role=ADMIN):
        return {"entries": curation.audit_log(daemon.store, limit, action)}

    @app.get("/v1/export")
    def export_memory(_role=ADMIN):
        return StreamingResponse(export.export_lines(daemon.store), media_type="application/x-ndjson")

    @app.post("/v1/import")
    def import_memory(body: ImportIn, role=ADMIN):
        return daemon.import_file(body.path, role)

    @app.post("/v1/erase")
    def erase_memory(body: EraseIn, role=ADMIN):
        return daemon.erase(body.kind, body.value, role, body.dry_run)

    @app.get("/v1/receipts")
    def receipts_list(limit: int = Query(100, ge=1, le=10_000), _role=ADMIN):
        return {"receipts": receipts.list_receipts(daemon.store, limit),
                "public_key": daemon.receipt_keys.public_key_b64}

    @app.post("/v1/receipts/verify")
    def receipts_verify(body: VerifyIn, _role=ADMIN):
        verdict, detail = receipts.verify_receipt(body.receipt, {daemon.receipt_keys.public_key_b64})
        return {"verdict": verdict, "detail": detail}

    @app.get("/v1/tools")
    def tools_list(_role=ANY):
        """The recall tools as OpenAI function-calling schemas; empty while tools.enabled is off."""
        enabled = daemon.settings["tools.enabled"]
        return {"enabled": enabled, "tools": tool_schemas.TOOLS if enabled else []}

    @app.post("/v1/tools/call")
    def tools_call(body: ToolCallIn, _role=ANY):
        return call_tool(daemon, body.name, body.arguments, body.speaker, body.band)

    @app.get("/v1/speakers")
    def speakers_list(_role=ADMIN):
        return {"speakers": registry.list_speakers(daemon.store)}

    @app.post("/v1/speakers")
    def speakers_enroll(body: EnrollIn, role=ADMIN):
        if not body.name and not body.id:
            raise UserError("give a name (a new person) or an id (re-enroll)")
        samples = [_b64(s, f"sample {i + 1}") for i, s in enumerate(body.samples_b64)]
        return daemon.enroll(body.name, samples, role, body.id)

    @app.patch("/v1/speakers/{speaker_id}")
    def speakers_rename(speaker_id: str, body: RenameIn, role=ADMIN):
        return registry.rename(daemon.store, speaker_id, body.name, role)

    @app.delete("/v1/speakers/{speaker_id}/voice")
    def speakers_remove_voice(speaker_id: str, role=ADMIN):
        return registry.remove_voice(daemon.store, speaker_id, role)

    @app.post("/v1/speakers/identify")
    def speakers_identify(body: VoiceIn, _role=ANY):
        return daemon.identify(*body.parts())

    @app.get("/v1/settings")
    def settings(_role=ADMIN):
        return {"settings": daemon.settings_list()}

    @app.get("/v1/settings/{key}")
    def setting(key: str, _role=ADMIN):
        return daemon.setting(key)

    @app.put("/v1/settings/{key}")
    def set_setting(key: str, body: SettingIn, role=ADMIN):
        return daemon.set_setting(key, body.value, actor=role)

    @app.get("/v1/generator")
    def generator(_role=ADMIN):
        return daemon.status()["generator"]

    @app.post("/v1/generator/test")
    def generator_test(_role=ADMIN):
        """Ask the configured generator for one short answer now: does it answer, and how fast."""
        return daemon.test_generator()

    @app.put("/v1/generator/key")
    def generator_key(body: ApiKeyIn, role=ADMIN):
        """Store the API key in the OS keyring (an owner-only file without one); it is never returned."""
        return daemon.set_generator_key(body.key, role)

    @app.delete("/v1/generator/key")
    def generator_key_delete(role=ADMIN):
        return daemon.set_generator_key(None, role)

    @app.get("/v1/events")
    async def events(request: Request, _role=ADMIN):
        queue = daemon.events.subscribe()

        async def stream():
            try:
                yield ": hearth event stream\n\n"
                while True:
                    try:
                        event = await asyncio.wait_for(queue.get(), timeout=15)
                    except asyncio.TimeoutError:
                        if await request.is_disconnected():
                            return
                        yield ": keep-alive\n\n"
                        continue
                    yield f"id: {event['id']}\nevent: {event['type']}\ndata: {json.dumps(event)}\n\n"
            finally:
                daemon.events.unsubscribe(queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache"})

    return app
