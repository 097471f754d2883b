"""People & things: the household's entities (people, pets, places, organisations, things) with their aliases,
how others name them and how many facts they hold; one entity's facts and relations; rename, aliases, merge
one into another and split facts off into a new one ("two Saras")."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hearthd.entities.resolve import KINDS

from .page import Page, when

COLUMNS = ("Kind", "Name", "Aliases", "Named as", "Facts", "Speaker")
FACT_COLUMNS = ("Id", "Predicate", "Fact", "Pool", "Since")


def _table(columns, selection) -> QTableWidget:
    table = QTableWidget(0, len(columns))
    table.setHorizontalHeaderLabels(list(columns))
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(selection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setStretchLastSection(True)
    return table


def choice_label(e: dict) -> str:
    """How an entity is offered as a merge target."""
    return f"{e['name']} ({e['kind']}, #{e['id']})"


class EntitiesPage(Page):
    name, title, areas = "entities", "People & things", ("entities", "memory", "speakers")

    def __init__(self, tasks, link, parent=None):
        super().__init__(tasks, link, parent)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Kind"))
        self.kind = QComboBox()
        self.kind.addItem("Every kind", None)
        for kind in KINDS:
            self.kind.addItem(kind, kind)
        self.kind.currentIndexChanged.connect(lambda _i: self.reload())
        bar.addWidget(self.kind)
        refresh = QPushButton("Refresh")
        refresh.clicked.connect(self.reload)
        bar.addWidget(refresh)
        bar.addStretch(1)
        layout.addLayout(bar)

        splitter = QSplitter(Qt.Vertical)
        self.table = _table(COLUMNS, QAbstractItemView.SingleSelection)
        self.table.itemSelectionChanged.connect(self._selection)
        splitter.addWidget(self.table)
        detail = QWidget()
        detail_layout = QVBoxLayout(detail)
        detail_layout.setContentsMargins(0, 0, 0, 0)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextInteractionFlags(Qt.TextSelectableByMouse)
        detail_layout.addWidget(self.heading)
        self.facts = _table(FACT_COLUMNS, QAbstractItemView.ExtendedSelection)
        self.facts.itemSelectionChanged.connect(self._fact_selection)
        detail_layout.addWidget(self.facts, 1)
        splitter.addWidget(detail)
        layout.addWidget(splitter, 1)

        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, text, slot in (
            ("rename", "Rename…", self.rename),
            ("add_alias", "Add alias…", self.add_alias),
            ("remove_alias", "Remove alias…", self.remove_alias),
            ("merge", "Merge into…", self.merge),
            ("split", "Split selected facts off…", self.split),
        ):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, s=slot: s())
            buttons.addWidget(button)
            self.buttons[key] = button
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.result = QLabel()
        self.result.setWordWrap(True)
        layout.addWidget(self.result)

        self.entities: list[dict] = []
        self.current: dict | None = None  # the selected entity as shown (with its facts)
        self._selection()

    # -- reading -------------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        kind = self.kind.currentData()
        self.tasks.run(lambda c: c.entities(kind), self._show)

    def _show(self, entities: list[dict]) -> None:
        self.entities = entities
        chosen = self.selected()
        self.table.blockSignals(True)
        self.table.setRowCount(len(entities))
        selected_row = None
        for row, e in enumerate(entities):
            aliases = ", ".join(a for a in e["aliases"] if a != e["name"])
            values = (e["kind"], e["name"], aliases, ", ".join(e["named_as"]), e["fact_count"], e["speaker_id"] or "")
            for col, value in enumerate(values):
                cell = QTableWidgetItem(str(value))
                cell.setData(Qt.ItemDataRole.UserRole, e)
                self.table.setItem(row, col, cell)
            if chosen and e["id"] == chosen["id"]:
                selected_row = row
        self.table.resizeColumnsToContents()
        self.table.clearSelection()
        if selected_row is not None:
            self.table.selectRow(selected_row)
        self.table.blockSignals(False)
        self._selection()

    def selected(self) -> dict | None:
        cells = self.table.selectedItems()
        return cells[0].data(Qt.ItemDataRole.UserRole) if cells else None

    def select(self, entity_id: int) -> bool:
        for row, e in enumerate(self.entities):
            if e["id"] == entity_id:
                self.table.selectRow(row)
                return True
        return False

    def _selection(self) -> None:
        entity = self.selected()
        for key in ("rename", "add_alias", "remove_alias"):
            self.buttons[key].setEnabled(entity is not None)
        self.buttons["merge"].setEnabled(entity is not None and entity["kind"] != "household")
        if entity is None:
            self.current = None
            self.heading.setText("")
            self.facts.setRowCount(0)
            self._fact_selection()
            return
        entity_id = entity["id"]
        self.tasks.run(lambda c: c.entity(entity_id), self._show_entity, self._gone)

    def _gone(self, exc: Exception) -> None:
        self.current = None
        self.heading.setText(f"Could not load it: {exc}")
        self.facts.setRowCount(0)

    def _show_entity(self, entity: dict) -> None:
        chosen = self.selected()
        if chosen is None or chosen["id"] != entity["id"]:
            return  # another one was selected meanwhile
        self.current = entity
        lines = [
            f"{entity['name']} — {entity['kind']}"
            + (f", speaker {entity['speaker_id']}" if entity["speaker_id"] else "")
        ]
        if entity["aliases"]:
            lines.append("Aliases: " + ", ".join(entity["aliases"]))
        if entity["relations"]:
            lines.append("Relations: " + "; ".join(r["text"] for r in entity["relations"]))
        if entity["merged"]:
            lines.append("Merged from: " + ", ".join(m["name"] for m in entity["merged"]))
        if entity["mentions"]:
            lines.append(f"Named in {len(entity['mentions'])} other fact(s)")
        self.heading.setText("<br>".join(_escape(line) for line in lines))
        facts = entity["facts"]
        self.facts.setRowCount(len(facts))
        for row, f in enumerate(facts):
            pool = f["owner_id"] or "household"
            for col, value in enumerate((f["id"], f["predicate"], f["text"], pool, when(f["valid_from"]))):
                cell = QTableWidgetItem(str(value))
                cell.setData(Qt.ItemDataRole.UserRole, f)
                self.facts.setItem(row, col, cell)
        self.facts.resizeColumnsToContents()
        self._fact_selection()

    def selected_facts(self) -> list[int]:
        rows = sorted({i.row() for i in self.facts.selectedItems()})
        return [self.facts.item(r, 0).data(Qt.ItemDataRole.UserRole)["id"] for r in rows]

    def _fact_selection(self) -> None:
        entity = self.selected()
        self.buttons["split"].setEnabled(
            bool(entity and entity["kind"] != "household" and self.current and self.selected_facts())
        )

    def _say(self, text: str) -> None:
        self.result.setText(text)

    def _failed(self, exc: Exception) -> None:
        self._say(f"Not changed: {exc}")
        self.error(exc)

    # -- changes ---------------------------------------------------------------------------------------------
    def rename(self) -> None:
        entity = self.selected()
        if entity is None:
            return
        name, ok = QInputDialog.getText(self, "Rename", "Name (the old one stays an alias):", text=entity["name"])
        if ok and name.strip():
            self.tasks.run(
                lambda c: c.rename_entity(entity["id"], name.strip()),
                lambda r: self._say(f"{r['old_name']} is now {r['name']}."),
                self._failed,
                changes=("entities", "memory"),
            )

    def add_alias(self) -> None:
        entity = self.selected()
        if entity is None:
            return
        alias, ok = QInputDialog.getText(self, "Add alias", f"Another name for {entity['name']}:")
        if ok and alias.strip():
            self.tasks.run(
                lambda c: c.alias_entity(entity["id"], alias.strip()),
                lambda r: self._say(f"{entity['name']} is also {r['alias']}."),
                self._failed,
                changes="entities",
            )

    def remove_alias(self) -> None:
        entity = self.selected()
        if entity is None:
            return
        aliases = [a for a in entity["aliases"] if a != entity["name"]]
        if not aliases:
            self._say(f"{entity['name']} has no alias besides its name.")
            return
        alias, ok = QInputDialog.getItem(self, "Remove alias", f"Alias of {entity['name']}:", aliases, 0, False)
        if ok and alias:
            self.tasks.run(
                lambda c: c.alias_entity(entity["id"], alias, remove=True),
                lambda r: self._say(f"Removed the alias {r['alias']}."),
                self._failed,
                changes="entities",
            )

    def merge(self) -> None:
        entity = self.selected()
        if entity is None:
            return
        others = [e for e in self.entities if e["id"] != entity["id"] and e["kind"] != "household"]
        if not others:
            self._say("There is nothing to merge it into.")
            return
        labels = [choice_label(e) for e in others]
        label, ok = QInputDialog.getItem(self, "Merge", f"Merge {entity['name']} into:", labels, 0, False)
        if not ok or label not in labels:
            return
        target = others[labels.index(label)]
        answer = QMessageBox.question(
            self,
            "Merge",
            f"Merge {entity['name']} into {target['name']}? Its facts, relations and aliases move to "
            f"{target['name']}; clashing facts go to the review queue.",
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        self.tasks.run(
            lambda c: c.merge_entities(entity["id"], target["id"]),
            lambda r: self._merged(r, target),
            self._failed,
            changes=("entities", "memory"),
        )

    def _merged(self, r: dict, target: dict) -> None:
        review = f" {len(r['review'])} clash(es) wait in the review queue." if r["review"] else ""
        self._say(f"Merged into {target['name']}: {len(r['facts'])} fact(s) moved.{review}")

    def split(self) -> None:
        entity, facts = self.selected(), self.selected_facts()
        if entity is None or not facts:
            return
        name, ok = QInputDialog.getText(
            self, "Split", f"Name of the new {entity['kind']} who takes {len(facts)} fact(s) of {entity['name']}:"
        )
        if ok and name.strip():
            self.tasks.run(
                lambda c: c.split_entity(entity["id"], facts, name.strip()),
                lambda r: self._say(f"{r['name']} (#{r['new']}) now holds {len(r['facts'])} fact(s)."),
                self._failed,
                changes=("entities", "memory"),
            )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
