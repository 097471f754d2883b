"""Signed erase receipts: canonical JSON signed with Ed25519, the key kept in the OS keyring.

A receipt proves what an erase removed without holding any of it: the selector (identifiers only as keyed
digests), the time, row counts per table and keyed digests (HMAC-SHA256) of the erased rows. The signing key
is created on first use and kept in the OS keyring; where no keyring backend exists (a headless hub) it falls
back to an owner-only file `<data_dir>/secrets/receipt-signing.key` and says so (`keystore.Secret`). The
digest key is derived from the signing key with HKDF and never stored.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import time
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from ..keystore import Secret

FORMAT = "hearth-erase-receipt/1"
ALGORITHM = "Ed25519"
DIGEST_INFO = b"hearth receipt digests"
RECEIPT_FIELDS = ("format", "payload", "algorithm", "public_key", "signature")


def canonical_json(obj) -> bytes:
    """Sorted keys, compact separators, UTF-8 (not ASCII-escaped): one byte string per value."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.b64decode(text.encode("ascii"), validate=True)


def _raw_public(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


class ReceiptKeys:
    """The Ed25519 receipt-signing key of one data dir and the digest key derived from it.

    `source` is "keyring" or "file"; `warning` is a sentence for the status when the file fallback is used
    (None otherwise)."""

    def __init__(self, data_dir: str | os.PathLike):
        self.data_dir = Path(data_dir)
        self.secret = Secret(
            self.data_dir,
            "receipt-signing.key",
            "receipt-signing-key",
            "the erase-receipt signing key",
            "anyone who can read it can forge receipts",
        )
        self.key_file = self.secret.file
        raw = self._load_or_create()
        self.source: str = self.secret.source
        self.warning: str | None = self.secret.warning
        self._private = Ed25519PrivateKey.from_private_bytes(raw)
        self._digest_key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=DIGEST_INFO).derive(raw)
        self.public_key_b64 = _b64(_raw_public(self._private.public_key()))

    def _load_or_create(self) -> bytes:
        stored = self.secret.get()
        if stored:
            raw = _unb64(stored)
            if len(raw) != 32:
                raise ValueError(f"the receipt signing key ({self.secret.source}) is not an Ed25519 key")
            return raw
        raw = Ed25519PrivateKey.generate().private_bytes(
            serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()
        )
        self.secret.set(_b64(raw))
        return raw

    # -- using it ------------------------------------------------------------------------------------------
    def sign(self, payload: dict) -> dict:
        signature = self._private.sign(canonical_json(payload))
        return {
            "format": FORMAT,
            "payload": payload,
            "algorithm": ALGORITHM,
            "public_key": self.public_key_b64,
            "signature": _b64(signature),
        }

    def digest(self, value: bytes | str) -> str:
        """Keyed digest (hex HMAC-SHA256): proves a value was erased to whoever holds it, reveals nothing."""
        data = value.encode("utf-8") if isinstance(value, str) else bytes(value)
        return hmac.new(self._digest_key, data, hashlib.sha256).hexdigest()

    def status(self) -> dict:
        return {"source": self.source, "public_key": self.public_key_b64, "warning": self.warning}


def verify_receipt(receipt, trusted_public_keys: set[str] | None = None) -> tuple[str, str]:
    """("valid" | "tampered" | "unknown key" | "malformed", detail). Never raises on bad input."""
    try:
        if not isinstance(receipt, dict):
            return "malformed", "a receipt is a JSON object"
        missing = [f for f in RECEIPT_FIELDS if f not in receipt]
        if missing:
            return "malformed", f"missing field(s): {', '.join(missing)}"
        if receipt["format"] != FORMAT:
            return "malformed", f"unknown receipt format {receipt['format']!r} (expected {FORMAT})"
        if receipt["algorithm"] != ALGORITHM:
            return "malformed", f"unsupported signature algorithm {receipt['algorithm']!r}"
        if not isinstance(receipt["payload"], dict):
            return "malformed", "the payload is not a JSON object"
        if not isinstance(receipt["public_key"], str) or not isinstance(receipt["signature"], str):
            return "malformed", "public_key and signature must be base64 strings"
        try:
            payload_bytes = canonical_json(receipt["payload"])
        except (TypeError, ValueError) as exc:
            return "malformed", f"the payload is not canonical JSON: {exc}"
        try:
            public_raw = _unb64(receipt["public_key"])
            signature = _unb64(receipt["signature"])
        except (binascii.Error, ValueError, UnicodeEncodeError):
            return "tampered", "the public key or signature is not valid base64"
        if len(public_raw) != 32:
            return "tampered", "the public key is not a 32-byte Ed25519 key"
        try:
            public = Ed25519PublicKey.from_public_bytes(public_raw)
            public.verify(signature, payload_bytes)
        except (InvalidSignature, ValueError):
            return "tampered", "the signature does not match the payload and key: the receipt was changed"
        if trusted_public_keys is not None and receipt["public_key"] not in trusted_public_keys:
            return "unknown key", "the signature is intact but made by a key this home does not trust"
        counts = receipt["payload"].get("counts")
        total = sum(v for v in counts.values() if isinstance(v, int)) if isinstance(counts, dict) else 0
        return "valid", f"signature valid; erased at {receipt['payload'].get('erased_at')}, {total} row(s)"
    except Exception as exc:  # noqa: BLE001 - verification never raises on input
        return "malformed", f"not a receipt: {exc.__class__.__name__}"


# -- storing and listing ---------------------------------------------------------------------------------------
def store_receipt(tx, receipt: dict, now: float | None = None) -> int:
    """Insert a receipt (inside a write transaction); returns its id."""
    return tx.execute(
        "INSERT INTO receipts(created_at, receipt) VALUES (?, ?)",
        (now or time.time(), canonical_json(receipt).decode("utf-8")),
    ).lastrowid


def list_receipts(store, limit: int = 100) -> list[dict]:
    """The newest receipts first: [{"id", "created_at", "receipt"}]."""
    with store.reading() as conn:
        rows = conn.execute(
            "SELECT id, created_at, receipt FROM receipts ORDER BY id DESC LIMIT ?", (limit,)
        ).fetchall()
    return [{"id": r[0], "created_at": r[1], "receipt": json.loads(r[2])} for r in rows]


def get_receipt(store, receipt_id: int) -> dict | None:
    with store.reading() as conn:
        row = conn.execute("SELECT receipt FROM receipts WHERE id = ?", (receipt_id,)).fetchone()
    return json.loads(row[0]) if row else None


def trusted_keys(conn, current: str | None = None) -> set[str]:
    """The keys this home trusts: its own and those of the receipts it holds, so a home moved by export and
    import still verifies the receipts the old home issued (they came with the export)."""
    keys = {current} if current else set()
    for (key,) in conn.execute("SELECT DISTINCT json_extract(receipt, '$.public_key') FROM receipts"):
        if isinstance(key, str) and key:
            keys.add(key)
    return keys
