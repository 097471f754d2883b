"""The audit log: every settings change, dismiss and restore, pin, edit, erase and enrollment change, newest
first, with its actor."""

from __future__ import annotations

import json

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout

from .page import Page, when

ACTIONS = (
    "",
    "settings.set",
    "dismiss",
    "restore",
    "pin",
    "unpin",
    "edit",
    "promote",
    "review",
    "erase",
    "import",
    "clear_context",
    "speaker.enroll",
    "speaker.reenroll",
    "speaker.rename",
    "speaker.remove_voice",
    "fact.superseded",
    "fact.reinstated",
    "fact.released",
    "rule.add",
    "entity.rename",
    "entity.alias",
    "entity.merge",
    "entity.split",
)


def readable(detail, depth: int = 0) -> str:
    """An audit entry's detail as a person reads it ("old: 5 → new: 7; by: the tray"), not raw JSON."""
    if detail is None:
        return ""
    if isinstance(detail, dict):
        if set(detail) >= {"old", "new"} and depth == 0:
            rest = {k: v for k, v in detail.items() if k not in ("old", "new")}
            change = f"{readable(detail['old'], 1)} → {readable(detail['new'], 1)}"
            return change + (f"; {readable(rest, 1)}" if rest else "")
        return "; ".join(f"{k.replace('_', ' ')}: {readable(v, depth + 1)}" for k, v in detail.items())
    if isinstance(detail, list):
        return ", ".join(readable(v, depth + 1) for v in detail)
    if isinstance(detail, bool):
        return "yes" if detail else "no"
    return json.dumps(detail, ensure_ascii=False) if isinstance(detail, str) and not detail else str(detail)


class AuditPage(Page):
    name, title, areas = "audit", "Audit log", ("memory", "settings", "speakers", "receipts", "entities")

    def __init__(self, tasks, link, parent=None):
        super().__init__(tasks, link, parent)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Action"))
        self.action = QComboBox()
        for action in ACTIONS:
            self.action.addItem(action or "Every action", action or None)
        self.action.currentIndexChanged.connect(lambda _i: self.reload())
        bar.addWidget(self.action)
        refresh = QPushButton("Refresh")
        refresh.clicked.connect(self.reload)
        bar.addWidget(refresh)
        bar.addStretch(1)
        layout.addLayout(bar)
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(["When", "Actor", "Action", "Target", "Detail"])
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.NoEditTriggers)
        layout.addWidget(self.table, 1)

    def refresh(self) -> None:
        action = self.action.currentData()
        self.tasks.run(lambda c: c.audit(limit=1000, action=action), self._show)

    def _show(self, entries: list[dict]) -> None:
        self.table.setRowCount(len(entries))
        for row, e in enumerate(entries):
            detail = readable(e["detail"])
            for col, value in enumerate((when(e["at"]), e["actor"], e["action"], e["target"] or "", detail)):
                self.table.setItem(row, col, QTableWidgetItem(str(value)))
        self.table.resizeColumnsToContents()
        for col in range(self.table.columnCount() - 1):  # long targets (digests) must not hide the detail
            self.table.setColumnWidth(col, min(self.table.columnWidth(col), 260))
