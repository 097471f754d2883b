"""Erase with a signed receipt, the receipts, and the whole memory out and in (export, import)."""

from __future__ import annotations

import threading
from pathlib import Path

from .. import audit
from ..embedding.backfill import EmbeddingBackfill
from ..errors import UserError
from ..events import EventBus
from ..forgetting import erase as erasure
from ..forgetting import export, receipts
from ..forgetting.receipts import ReceiptKeys
from ..history.windows import WorkingWindows
from ..settings import Settings
from ..store.database import Store
from .registry import operation


class Forgetting:
    def __init__(
        self,
        store: Store,
        windows: WorkingWindows,
        settings: Settings,
        backfill: EmbeddingBackfill,
        events: EventBus,
        data_dir: Path,
    ):
        self.store, self.windows, self.settings, self.backfill, self.events = store, windows, settings, backfill, events
        self._data_dir = data_dir
        self._receipt_keys: ReceiptKeys | None = None
        self._receipt_keys_lock = threading.Lock()

    @property
    def receipt_keys(self) -> ReceiptKeys:
        """The receipt signing key, created on first use (in the OS keyring, or a 0600 file without one)."""
        # Locked: two first erases at once (the window's preview and its erase) would each make a key, and a
        # receipt signed with the one overwritten would never verify.
        with self._receipt_keys_lock:
            if self._receipt_keys is None:
                self._receipt_keys = ReceiptKeys(self._data_dir)
            return self._receipt_keys

    def status(self) -> dict:
        return self._receipt_keys.status() if self._receipt_keys else {"source": None}

    @operation(
        event="memory.erased", event_data=lambda a: None if "payload" not in a else {"counts": a["payload"]["counts"]}
    )
    def erase(self, kind: str, value: str, actor: str, dry_run: bool = False, include_household: bool = False) -> dict:
        """Delete for good what a selector names and answer with the signed receipt (dry_run: the preview;
        include_household: a person's erase takes the household's rows made from their words too)."""
        return erasure.erase(
            self.store,
            self.windows,
            self.receipt_keys,
            erasure.Selector.parse(kind, value),
            actor,
            self.store.schema_version,
            dry_run,
            include_household,
        )

    @operation()
    def receipts(self, limit: int = 100) -> dict:
        """The receipts this memory has issued, and the public key that verifies them."""
        return {
            "receipts": receipts.list_receipts(self.store, limit),
            "public_key": self.receipt_keys.public_key_b64,
            "trusted_keys": sorted(self._trusted()),
        }

    def _trusted(self) -> set[str]:
        with self.store.reading() as conn:
            return receipts.trusted_keys(conn, self.receipt_keys.public_key_b64)

    @operation(no_cli="hearthctl receipt verify checks a file offline, trusting the daemon's public key")
    def verify_receipt(self, receipt: dict) -> dict:
        """Check a receipt's signature against this memory's key: valid, tampered or another key's."""
        verdict, detail = receipts.verify_receipt(receipt, self._trusted())
        return {"verdict": verdict, "detail": detail}

    @operation()
    def export(self):
        """The whole memory as JSON Lines (a stream of byte chunks on its own read snapshot)."""
        return export.export_lines(self.store)

    @operation(name="import_file", event="memory.imported", event_data=lambda a: dict(a["imported"]))
    def import_file(self, path: str, actor: str) -> dict:
        """Load an export file (on this machine) into an empty memory."""
        try:
            with open(path, encoding="utf-8") as handle:
                result = export.import_lines(self.store, handle)
        except (OSError, UnicodeDecodeError, ValueError) as exc:  # ValueError: a NUL in the path
            raise UserError(f"cannot read {path!r}: {exc}") from None
        with self.store.reading() as conn:
            self.settings.load(conn.execute("SELECT key, value FROM settings").fetchall())
        self.store.writer.write(lambda tx: audit.record(tx, actor, "import", path, result["imported"]))
        self.backfill.nudge(full=True)  # every imported row is embedded with the active model
        return result
