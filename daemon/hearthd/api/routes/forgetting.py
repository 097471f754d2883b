"""Routes of forgetting: erase, receipts, export and import."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Query
from fastapi.responses import StreamingResponse

from ..models import EraseIn, ImportFromIn, ImportIn, VerifyIn
from ..routing import Caller, Ops, route

router = APIRouter()


@route(router, "erase", "POST", "/v1/erase")
def erase(body: EraseIn, ops: Ops, caller: Caller):
    return ops.forgetting.erase(body.kind, body.value, caller, body.dry_run, body.include_household)


@route(router, "receipts", "GET", "/v1/receipts")
def receipts(ops: Ops, limit: int = Query(100, ge=1, le=10_000)):
    return ops.forgetting.receipts(limit)


@route(router, "verify_receipt", "POST", "/v1/receipts/verify")
def verify_receipt(body: VerifyIn, ops: Ops):
    return ops.forgetting.verify_receipt(body.receipt)


@route(router, "export", "GET", "/v1/export")
def export(ops: Ops):
    return StreamingResponse(ops.forgetting.export(), media_type="application/x-ndjson")


@route(router, "import_file", "POST", "/v1/import")
def import_file(body: ImportIn, ops: Ops, caller: Caller):
    return ops.forgetting.import_file(body.path, caller)


@route(router, "import_from", "POST", "/v1/import-from/{source}")
def import_from(source: Literal["mem0", "transcripts"], body: ImportFromIn, ops: Ops):
    return ops.importing.import_from(source, body.path, body.speakers, body.dry_run)
