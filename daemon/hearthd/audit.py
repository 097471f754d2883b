"""The audit log: who changed what, when (settings, dismiss and restore, pin, edit, promote, review, erase,
clear_context, speakers). Written inside the transaction of the change it records.

Also the daemon's one redaction (`redact`), used for the audit, the event stream and the log: credentials in
URLs (`user:pass@`), secret query parameters, bearer tokens, and the values of secret-named settings and
fields (API keys, passwords, tokens) are replaced by `***` before anything leaves the process or is kept."""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any

REDACTED = "***"

# A field or setting whose value is a secret, by the last part of its name: generator.api_key, password, token.
_SECRET_NAME = re.compile(
    r"(?:^|[._-])(?:api[_-]?key|apikey|secret|client[_-]?secret|password|passwd|passphrase|token|access[_-]?token|"
    r"auth|authorization|credentials?|private[_-]?key)$",
    re.IGNORECASE,
)
_URL_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)[^/\s@?#]+@")
_SECRET_PARAM = re.compile(
    r"(?i)([?&](?:api[_-]?key|apikey|key|token|access[_-]?token|secret|password|passwd|auth)=)[^&\s#]+"
)
# A bearer token (16+ characters, or 8+ with a digit or a symbol, so "the bearer instruments" stays), or Basic
# credentials.
_BEARER = re.compile(
    r"(?i)\b(bearer(?=\s+(?:\S*[0-9._~+/=\-]|\S{16}))|authorization:\s*basic)\s+[A-Za-z0-9._~+/=\-]{8,}"
)
# Fields of a setting-like record whose values follow the secrecy of the record's "key".
_VALUE_FIELDS = ("old", "new", "value", "previous", "default")


def is_secret_name(name: Any) -> bool:
    return isinstance(name, str) and bool(_SECRET_NAME.search(name))


def redact_text(text: str) -> str:
    text = _URL_USERINFO.sub(lambda m: m.group(1) + REDACTED + "@", text)
    text = _SECRET_PARAM.sub(lambda m: m.group(1) + REDACTED, text)
    return _BEARER.sub(lambda m: m.group(1) + " " + REDACTED, text)


def redact(value: Any, name: Any = None) -> Any:
    """A copy of value with every secret replaced (strings, and dicts and lists of them, to any depth); name:
    the field or setting the value belongs to, whose name alone may make it secret."""
    if is_secret_name(name) and value not in (None, "", False):
        return REDACTED
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, dict):
        secret_record = is_secret_name(value.get("key"))
        return {
            k: (REDACTED if secret_record and k in _VALUE_FIELDS and v not in (None, "") else redact(v, k))
            for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [redact(v) for v in value]
    return value


def record(tx, actor: str, action: str, target: str, detail: dict | None = None) -> None:
    detail = redact(detail or {})
    if is_secret_name(target) and action == "settings.set":
        detail = {k: (REDACTED if k in _VALUE_FIELDS else v) for k, v in detail.items()}
    tx.execute(
        "INSERT INTO audit(at, actor, action, target, detail) VALUES (?, ?, ?, ?, ?)",
        (time.time(), actor, action, target, json.dumps(detail, ensure_ascii=False)),
    )


_installed = False


def install_log_redaction() -> None:
    """Redact every log record the process makes, whatever its logger or handler (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    make_record = logging.getLogRecordFactory()

    def redacting(*args, **kwargs) -> logging.LogRecord:
        rec = make_record(*args, **kwargs)
        try:
            message = rec.getMessage()
        except Exception:  # noqa: BLE001 - a malformed record is logging's to report, not ours
            return rec
        clean = redact_text(message)
        if clean != message:
            rec.msg, rec.args = clean, None
        return rec

    logging.setLogRecordFactory(redacting)
