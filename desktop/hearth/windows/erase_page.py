"""Erase: pick a selector, see what a dry run would delete, confirm, save the signed receipt; verify a receipt
file; the receipts of past erasures."""

from __future__ import annotations

import json
import time
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from hearthd.paths import secure_write

from .page import Page, error_label, when

SELECTORS = (
    ("speaker", "A speaker's personal memory", "person id, e.g. alice"),
    ("thread", "A conversation (thread key)", "e.g. kitchen"),
    ("match", "Everything containing an identifier", "e.g. alice@example.org or 555-0100"),
    ("before", "Everything before a date", "YYYY-MM-DD"),
    ("range", "A time range", "START..END, e.g. 2026-01-01..2026-02-01"),
    ("ref", "Chosen items", "fact:12, episode:3, turn:40 (one or several)"),
)


class ErasePage(Page):
    name, title, areas = "erase", "Erase", ("receipts", "memory")

    def __init__(self, tasks, link, parent=None):
        super().__init__(tasks, link, parent)
        self.preview: dict | None = None
        self.previewed: tuple[str, str] | None = None
        self.receipt: dict | None = None
        layout = QVBoxLayout(self)

        pick = QGroupBox("What to erase, for good")
        form = QFormLayout(pick)
        self.kind = QComboBox()
        for kind, label, _hint in SELECTORS:
            self.kind.addItem(label, kind)
        self.value = QLineEdit()
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.value.textChanged.connect(self._selector_changed)
        form.addRow("Selector", self.kind)
        form.addRow("Value", self.value)
        self.problem = error_label()
        form.addRow("", self.problem)
        buttons = QHBoxLayout()
        self.preview_button = QPushButton("Preview")
        self.preview_button.clicked.connect(self.run_preview)
        self.erase_button = QPushButton("Erase…")
        self.erase_button.setStyleSheet("QPushButton:enabled { color: #b71c1c; font-weight: bold; }")
        self.erase_button.clicked.connect(self.confirm_erase)
        buttons.addWidget(self.preview_button)
        buttons.addWidget(self.erase_button)
        buttons.addStretch(1)
        form.addRow(buttons)
        layout.addWidget(pick)

        self.counts = QTableWidget(0, 2)
        self.counts.setHorizontalHeaderLabels(["Table", "Rows"])
        self.counts.horizontalHeader().setStretchLastSection(True)
        self.counts.verticalHeader().setVisible(False)
        self.summary = QLabel("Preview shows how many rows an erase would delete; nothing changes until you confirm.")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        layout.addWidget(self.counts, 1)
        # what goes, readable: the sentence that held the email goes whole, and its other words with it
        self.goes = QTableWidget(0, 4)
        self.goes.setHorizontalHeaderLabels(["Row", "Who", "When", "What goes"])
        self.goes.horizontalHeader().setStretchLastSection(True)
        self.goes.verticalHeader().setVisible(False)
        self.goes.setWordWrap(True)
        layout.addWidget(self.goes, 2)

        receipts = QGroupBox("Receipts")
        rl = QVBoxLayout(receipts)
        row = QHBoxLayout()
        self.save_button = QPushButton("Save receipt…")
        self.save_button.clicked.connect(lambda: self.save_receipt())
        self.verify_button = QPushButton("Verify a receipt file…")
        self.verify_button.clicked.connect(lambda: self.verify_file())
        row.addWidget(self.save_button)
        row.addWidget(self.verify_button)
        row.addStretch(1)
        rl.addLayout(row)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        rl.addWidget(self.verdict)
        self.history = QTableWidget(0, 4)
        self.history.setHorizontalHeaderLabels(["Id", "Erased at", "Selector", "Rows"])
        self.history.horizontalHeader().setStretchLastSection(True)
        self.history.verticalHeader().setVisible(False)
        rl.addWidget(self.history)
        layout.addWidget(receipts, 1)
        self._kind_changed()

    def selector(self) -> tuple[str, str]:
        return self.kind.currentData(), self.value.text().strip()

    def _kind_changed(self, *_):
        self.value.setPlaceholderText(SELECTORS[self.kind.currentIndex()][2])
        self._selector_changed()

    def _selector_changed(self, *_):
        # An erase is only offered for the selector whose preview is on screen.
        self.erase_button.setEnabled(self.preview is not None and self.previewed == self.selector())
        self.preview_button.setEnabled(bool(self.selector()[1]))
        self.save_button.setEnabled(self.receipt is not None)

    def refresh(self) -> None:
        self.tasks.run(lambda c: c.receipts(50), self._receipts)

    def _receipts(self, result: dict) -> None:
        rows = result["receipts"]
        self.history.setRowCount(len(rows))
        for i, r in enumerate(rows):
            payload = r["receipt"]["payload"]
            total = sum(v for v in payload.get("counts", {}).values() if isinstance(v, int))
            for col, value in enumerate(
                (r["id"], when(r["created_at"]), payload.get("selector", {}).get("kind", ""), total)
            ):
                self.history.setItem(i, col, QTableWidgetItem(str(value)))

    # -- preview, confirm, erase -------------------------------------------------------------------------------
    def preview_refs(self, refs: str) -> None:
        """Rows chosen on another page (fact:1,turn:4): previewed, for the person to confirm here."""
        self.kind.setCurrentIndex(self.kind.findData("ref"))
        self.value.setText(refs)
        self.run_preview()

    def run_preview(self) -> None:
        kind, value = self.selector()
        self.problem.setVisible(False)
        self.tasks.run(
            lambda c: c.erase(kind, value, dry_run=True), lambda p: self._previewed((kind, value), p), self._refused
        )

    def _previewed(self, selector, preview: dict) -> None:
        self.preview, self.previewed = preview, selector
        self._show_counts(preview["counts"])
        self._show_rows(preview.get("rows") or [], preview.get("rows_not_shown") or 0)
        self.summary.setText(
            f"An erase would delete {preview['total']} row(s)."
            if preview["total"]
            else "Nothing matches: an erase would delete nothing."
        )
        self._selector_changed()

    def _refused(self, exc: Exception) -> None:
        self.problem.setText(str(exc))
        self.problem.setVisible(True)

    def _show_counts(self, counts: dict) -> None:
        shown = [(t, n) for t, n in counts.items() if n]
        self.counts.setRowCount(len(shown))
        for i, (table, n) in enumerate(shown):
            self.counts.setItem(i, 0, QTableWidgetItem(table))
            self.counts.setItem(i, 1, QTableWidgetItem(str(n)))

    def _show_rows(self, rows: list[dict], not_shown: int) -> None:
        self.goes.setRowCount(len(rows) + (1 if not_shown else 0))
        for i, row in enumerate(rows):
            for col, value in enumerate((row["ref"], row["who"] or "household", when(row["when"]), row["text"])):
                self.goes.setItem(i, col, QTableWidgetItem(str(value)))
        if not_shown:
            self.goes.setItem(len(rows), 3, QTableWidgetItem(f"… and {not_shown} more"))
        self.goes.resizeColumnsToContents()

    def confirm_erase(self) -> None:
        if self.preview is None or self.previewed != self.selector():
            return
        kind, value = self.previewed
        answer = QMessageBox.question(
            self,
            "Erase for good",
            f"Erase {self.preview['total']} row(s) selected by {kind} “{value}”? This cannot be undone; you get a "
            "signed receipt.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        self.erase_button.setEnabled(False)
        self.tasks.run(lambda c: c.erase(kind, value), self._erased, self._refused, changes=("memory", "receipts"))

    def _erased(self, receipt: dict) -> None:
        self.receipt, self.preview, self.previewed = receipt, None, None
        self._show_rows([], 0)
        counts = receipt["payload"]["counts"]
        self._show_counts(counts)
        self.summary.setText(f"Erased {sum(counts.values())} row(s). Save the signed receipt to prove it.")
        self._selector_changed()
        self.save_receipt()

    def save_receipt(self, path: str | None = None) -> Path | None:
        if self.receipt is None:
            return None
        if path is None:
            # a name of its own per erase, so that saving the next one does not overwrite this one
            default = f"hearth-erase-receipt-{time.strftime('%Y-%m-%d-%H%M%S')}.json"
            path, _ = QFileDialog.getSaveFileName(self, "Save erase receipt", default, "Receipts (*.json)")
        if not path:
            return None
        target = Path(path)
        with secure_write(target) as handle:  # owner-only from its creation, as hearthctl writes it
            handle.write(json.dumps(self.receipt, indent=2, sort_keys=True) + "\n")
        self.verdict.setText(f"Receipt saved to {target}")
        return target

    def verify_file(self, path: str | None = None) -> None:
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Verify an erase receipt", "", "Receipts (*.json)")
        if not path:
            return
        try:
            receipt = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            self._verdict("malformed", f"cannot read {path}: {exc}")
            return
        self.tasks.run(
            lambda c: c.verify_receipt(receipt),
            lambda r: self._verdict(r["verdict"], r["detail"]),
            lambda exc: self._verdict("error", str(exc)),
        )

    def _verdict(self, verdict: str, detail: str) -> None:
        colour = "#2e7d32" if verdict == "valid" else "#c62828"
        self.verdict.setText(f"<b style='color:{colour}'>{verdict}</b>: {detail}")
        self.last_verdict = verdict
