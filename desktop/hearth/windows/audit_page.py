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
            detail = "" if e["detail"] is None else json.dumps(e["detail"], ensure_ascii=False)
            for col, value in enumerate((when(e["at"]), e["actor"], e["action"], e["target"] or "", detail)):
                self.table.setItem(row, col, QTableWidgetItem(str(value)))
        self.table.resizeColumnsToContents()
        for col in range(self.table.columnCount() - 1):  # long targets (digests) must not hide the detail
            self.table.setColumnWidth(col, min(self.table.columnWidth(col), 260))
