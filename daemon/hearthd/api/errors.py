"""How the API answers errors: a user's mistake is a 4xx that says what to fix and changed nothing; a storage
condition (disk full, database busy) says so; anything else is a 500 that points at the daemon's log."""

from __future__ import annotations

import errno
import logging
import sqlite3

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..errors import UserError
from ..paths import InsecurePath
from ..settings import SettingError
from .models import MAX_BODY_BYTES

log = logging.getLogger(__name__)

# By SQLite's primary result code (the low byte of the extended code), never by the message's wording.
DISK_FULL = {sqlite3.SQLITE_FULL}
BUSY = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}


def error_response(status: int, kind: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"type": kind, "message": message}}, status_code=status)


def storage_response(exc: sqlite3.Error) -> JSONResponse:
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    if code in DISK_FULL:
        log.error("the disk is full: %s", exc)
        return error_response(507, "storage", "the disk is full: nothing was stored; free some space and try again")
    if code in BUSY:
        return error_response(503, "storage", "the database is busy; try again")
    log.error("database error: %s", exc, exc_info=exc)
    return error_response(500, "internal", "internal error; the daemon's log has the details")


def install_handlers(app: FastAPI) -> None:
    @app.exception_handler(UserError)
    async def user_error(_request, exc: UserError):
        return error_response(exc.status, "user", str(exc))

    @app.exception_handler(SettingError)
    async def setting_error(_request, exc: SettingError):
        return error_response(400, "user", str(exc))

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request, exc: RequestValidationError):
        parts = []
        for err in exc.errors()[:5]:
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return error_response(422, "validation", "; ".join(parts) or "invalid request")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request, exc: StarletteHTTPException):
        message = str(exc.detail)
        if message == "There was an error parsing the body":
            message = _unreadable_body(exc)
            if isinstance(_cause(exc, UserError), UserError):  # the body limit, hit while the body streamed in
                return error_response(413, "user", message)
        return error_response(exc.status_code, "user", message)

    @app.exception_handler(sqlite3.Error)
    async def storage_error(_request, exc: sqlite3.Error):
        return storage_response(exc)

    @app.exception_handler(InsecurePath)
    async def insecure_file(_request, exc: InsecurePath):
        log.error("%s", exc)  # a setup fault the household must fix: say what, not a bare 500
        return error_response(503, "setup", str(exc))

    @app.exception_handler(OSError)
    async def file_error(_request, exc: OSError):
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            log.error("the disk is full: %s", exc)
            return error_response(
                507, "storage", "the disk is full: nothing was changed; free some space and try again"
            )
        log.error("file error: %s", exc, exc_info=exc)
        return error_response(500, "internal", "internal error; the daemon's log has the details")


def _cause(exc: BaseException, kind: type) -> BaseException | None:
    seen = exc.__cause__ or exc.__context__
    while seen is not None and not isinstance(seen, kind):
        seen = seen.__cause__ or seen.__context__
    return seen


def _unreadable_body(exc: BaseException) -> str:
    """Why a body could not be read, by the error behind FastAPI's one 'error parsing the body'."""
    limit = _cause(exc, UserError)
    if limit is not None:
        return str(limit)
    if _cause(exc, RecursionError) is not None:
        return "the request body is nested too deeply to read (at most a few hundred levels)"
    value = _cause(exc, ValueError)
    if value is not None and "digits" in str(value):
        return "a number in the request body has too many digits to read (at most 4300)"
    return "the request body is not valid UTF-8 JSON"


class BodyLimit:
    """Refuse bodies over the limit, announced or streamed, before the route reads them (ASGI middleware)."""

    def __init__(self, app, limit: int = MAX_BODY_BYTES):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            return await error_response(413, "user", f"request body over {self.limit} bytes")(scope, receive, send)
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
                response = (
                    storage_response(exc)
                    if isinstance(exc, sqlite3.Error)
                    else error_response(500, "internal", "internal error; the daemon's log has the details")
                )
                await response(scope, receive, send)
