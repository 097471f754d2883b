"""The audit log: who changed what, when (settings, dismiss and restore, pin, edit, promote, review, erase,
clear_context, speakers). Written inside the transaction of the change it records."""

from __future__ import annotations

import json
import time


def record(tx, actor: str, action: str, target: str, detail: dict | None = None) -> None:
    tx.execute(
        "INSERT INTO audit(at, actor, action, target, detail) VALUES (?, ?, ?, ?, ?)",
        (time.time(), actor, action, target, json.dumps(detail or {}, ensure_ascii=False)),
    )
