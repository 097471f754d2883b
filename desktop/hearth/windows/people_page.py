"""People: the people of the household first, then the pets, places, organisations and things it talks about;
for each, the other names it goes by, how others name it, its relations, its facts, and for a person who speaks
to the assistant their voice and their standing rules. Add a person (the step-by-step dialog), give a person a
voice or remove it, rename, add and remove aliases, merge one into another and split facts off into a new one
("two Saras")."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
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

from .add_person import AddPersonDialog
from .page import Page, predicate_words, short_when

COLUMNS = ("Name", "Kind", "Voice", "Facts")
FACT_COLUMNS = ("Fact", "What", "Pool", "Since")
ORDER = {kind: i for i, kind in enumerate(("person", "pet", "place", "organisation", "thing", "household"))}


def e(text: str) -> str:
    return html.escape(text, quote=False)


def _table(columns, selection) -> QTableWidget:
    table = QTableWidget(0, len(columns))
    table.setHorizontalHeaderLabels(list(columns))
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(selection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().setVisible(False)
    table.setWordWrap(True)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    header = table.horizontalHeader()
    header.setStretchLastSection(False)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column in range(1, len(columns)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    return table


def choice_label(entity: dict) -> str:
    """How an entity is offered as a merge target."""
    return f"{entity['name']} ({entity['kind']}, #{entity['id']})"


def people_first(entities: list[dict], speakers: list[dict]) -> list[dict]:
    """The household's people first (those who speak to the assistant before those talked about), then the
    other kinds; a speaker not yet a person of the memory (nothing formed from their words yet) is listed
    too, without an entity id."""
    voiced = {e["speaker_id"] for e in entities if e.get("speaker_id")}
    rows = list(entities) + [
        {
            "id": None,
            "kind": "person",
            "name": s["name"],
            "aliases": [],
            "named_as": [],
            "fact_count": 0,
            "speaker_id": s["id"],
        }
        for s in speakers
        if s["id"] not in voiced
    ]
    return sorted(rows, key=lambda e: (ORDER.get(e["kind"], 9), not e.get("speaker_id"), e["name"].lower()))


class PeoplePage(Page):
    name, title, areas = "people", "People", ("entities", "memory", "speakers")

    def __init__(self, tasks, link, parent=None):
        super().__init__(tasks, link, parent)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Show"))
        self.kind = QComboBox()
        self.kind.addItem("People first, then everything", None)
        for kind in KINDS:
            self.kind.addItem({"person": "people", "household": "the household"}.get(kind, f"{kind}s"), kind)
        self.kind.currentIndexChanged.connect(lambda _i: self.reload())
        bar.addWidget(self.kind)
        self.add_button = QPushButton("Add a person…")
        self.add_button.setToolTip("Their name, who they are, their voice, a test: step by step")
        self.add_button.clicked.connect(lambda: self.add_person())
        bar.addWidget(self.add_button)
        bar.addStretch(1)
        refresh = QPushButton("Refresh")
        refresh.clicked.connect(self.reload)
        bar.addWidget(refresh)
        layout.addLayout(bar)

        splitter = QSplitter()
        self.table = _table(COLUMNS, QAbstractItemView.SelectionMode.SingleSelection)
        self.table.itemSelectionChanged.connect(self._selection)
        splitter.addWidget(self.table)
        detail = QWidget()
        detail_layout = QVBoxLayout(detail)
        detail_layout.setContentsMargins(0, 0, 0, 0)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.heading.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        detail_layout.addWidget(self.heading)
        self.facts = _table(FACT_COLUMNS, QAbstractItemView.SelectionMode.ExtendedSelection)
        self.facts.itemSelectionChanged.connect(self._fact_selection)
        detail_layout.addWidget(self.facts, 1)
        splitter.addWidget(detail)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        self.splitter = splitter
        layout.addWidget(splitter, 1)

        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, text, slot in (
            ("rename", "Rename…", self.rename),
            ("add_alias", "Add alias…", self.add_alias),
            ("remove_alias", "Remove alias…", self.remove_alias),
            ("merge", "Merge into…", self.merge),
            ("split", "Split facts off…", self.split),
            ("voice", "Add voice…", self.add_voice),
            ("remove_voice", "Remove voice", self.remove_voice),
        ):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, s=slot: s())
            buttons.addWidget(button)
            self.buttons[key] = button
        self.buttons["split"].setToolTip("The selected facts become a new one's: two people with one name")
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.result = QLabel()
        self.result.setWordWrap(True)
        layout.addWidget(self.result)

        self.entities: list[dict] = []
        self.speakers: list[dict] = []
        self.current: dict | None = None  # the selected entity as shown (with its facts)
        self.rules: list[dict] = []
        self.dialog: AddPersonDialog | None = None
        self._sized = False
        self._selection()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if not self._sized:
            self._sized = True
            width = self.splitter.width()
            self.splitter.setSizes([int(width * 0.42), int(width * 0.58)])

    # -- reading -------------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        kind = self.kind.currentData()
        self.tasks.run(lambda c: (c.entities(kind), c.speakers()), self._show)

    def _show(self, result) -> None:
        entities, self.speakers = result
        kind = self.kind.currentData()
        self.entities = people_first(entities, self.speakers if kind in (None, "person") else [])
        chosen = self.selected()
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.entities))
        selected_row = None
        for row, entity in enumerate(self.entities):
            voice = self.voice_of(entity)
            values = (
                self.name_of(entity),
                entity["kind"],
                "" if voice is None else ("yes" if voice["enrolled"] else "none"),
                entity["fact_count"],
            )
            for col, value in enumerate(values):
                cell = QTableWidgetItem(str(value))
                cell.setData(Qt.ItemDataRole.UserRole, entity)
                self.table.setItem(row, col, cell)
            if chosen and _same(entity, chosen):
                selected_row = row
        self.table.clearSelection()
        if selected_row is not None:
            self.table.selectRow(selected_row)
        self.table.blockSignals(False)
        self._selection()

    def name_of(self, entity: dict) -> str:
        """A person who speaks by the name the assistant greets them with; anything else by its own."""
        voice = self.voice_of(entity)
        return voice["name"] if voice else entity["name"]

    def voice_of(self, entity: dict | None) -> dict | None:
        """The speaker an entity is (with their voice), or None."""
        sid = entity.get("speaker_id") if entity else None
        return next((s for s in self.speakers if s["id"] == sid), None) if sid else None

    def selected(self) -> dict | None:
        cells = self.table.selectedItems()
        return cells[0].data(Qt.ItemDataRole.UserRole) if cells else None

    def select(self, entity_id: int) -> bool:
        for row, entity in enumerate(self.entities):
            if entity["id"] == entity_id:
                self.table.selectRow(row)
                return True
        return False

    def select_speaker(self, speaker_id: str) -> bool:
        for row, entity in enumerate(self.entities):
            if entity.get("speaker_id") == speaker_id:
                self.table.selectRow(row)
                return True
        return False

    def _selection(self) -> None:
        entity = self.selected()
        has_id = entity is not None and entity["id"] is not None
        kind = entity["kind"] if entity is not None else None
        for key in ("add_alias", "remove_alias"):
            self.buttons[key].setEnabled(has_id)
        self.buttons["rename"].setEnabled(entity is not None)
        self.buttons["merge"].setEnabled(has_id and kind != "household")
        voice = self.voice_of(entity)
        self.buttons["voice"].setEnabled(kind == "person")
        self.buttons["voice"].setText("New voice…" if voice and voice["enrolled"] else "Add voice…")
        self.buttons["remove_voice"].setEnabled(bool(voice and voice["enrolled"]))
        if entity is None:
            self.current, self.rules = None, []
            self.heading.setText(
                "<p style='color:gray'>Select someone or something to see what the memory knows about them.</p>"
            )
            self.facts.setRowCount(0)
            self._fact_selection()
            return
        entity_id, speaker = entity["id"], entity.get("speaker_id")

        def fetch(c):
            shown = (
                c.entity(entity_id)
                if entity_id is not None
                else dict(entity, facts=[], relations=[], merged=[], mentions=[])
            )
            return shown, (c.rules(speaker) if speaker else [])

        self.tasks.run(fetch, self._show_entity, self._gone)

    def _gone(self, exc: Exception) -> None:
        self.current = None
        self.heading.setText(f"Could not load it: {e(str(exc))}")
        self.facts.setRowCount(0)

    def _show_entity(self, result) -> None:
        entity, rules = result
        chosen = self.selected()
        if chosen is None or not _same(chosen, entity):
            return  # another one was selected meanwhile
        self.current = entity
        self.rules = [r for r in rules if entity.get("speaker_id") and r.get("owner") == entity["speaker_id"]]
        self.heading.setText(self.describe(entity))
        facts = entity["facts"]
        self.facts.setRowCount(len(facts))
        for row, f in enumerate(facts):
            for col, value in enumerate(
                (f["text"], predicate_words(f["predicate"]), f["owner_id"] or "household", short_when(f["valid_from"]))
            ):
                cell = QTableWidgetItem(str(value))
                cell.setData(Qt.ItemDataRole.UserRole, f)
                cell.setToolTip(str(value))
                self.facts.setItem(row, col, cell)
        self.facts.resizeRowsToContents()
        self._fact_selection()

    def describe(self, entity: dict) -> str:
        speaker = entity.get("speaker_id")
        what = entity["kind"] + (" who speaks to the assistant" if speaker else "")
        lines = [f"<h3>{e(self.name_of(entity))}</h3><p>{e(what)}</p>"]
        aliases = [a for a in entity["aliases"] if a not in (entity["name"], self.name_of(entity), speaker)]
        if aliases:
            lines.append(f"<p><b>Also called:</b> {e(', '.join(aliases))}</p>")
        if entity.get("named_as"):
            lines.append(f"<p><b>Named as:</b> {e(', '.join(entity['named_as']))}</p>")
        if entity.get("relations"):
            lines.append(f"<p><b>Relations:</b> {e('; '.join(r['text'] for r in entity['relations']))}</p>")
        voice = self.voice_of(entity)
        if voice is not None:
            if voice["enrolled"]:
                heard = (
                    f"recognised by their voice, from {voice['samples']} recordings ({voice['seconds']:.1f} s), "
                    f"{short_when(voice['enrolled_at'])}"
                )
            else:
                heard = "not recognised by voice yet (Add voice…)"
            lines.append(f"<p><b>Voice:</b> {e(heard)}</p>")
        elif entity["kind"] == "person":
            lines.append("<p><b>Voice:</b> talked about, does not speak to the assistant (Add voice… if they do)</p>")
        if self.rules:
            lines.append(f"<p><b>Their rules:</b> {e('; '.join(r['text'] for r in self.rules))}</p>")
        if entity.get("merged"):
            lines.append(f"<p><b>Merged from:</b> {e(', '.join(m['name'] for m in entity['merged']))}</p>")
        if entity.get("mentions"):
            lines.append(f"<p>Named in {len(entity['mentions'])} other fact(s)</p>")
        lines.append(f"<p><b>What the memory knows</b> ({len(entity.get('facts') or [])} facts)</p>")
        return "".join(lines)

    def selected_facts(self) -> list[int]:
        rows = sorted({i.row() for i in self.facts.selectedItems()})
        return [self.facts.item(r, 0).data(Qt.ItemDataRole.UserRole)["id"] for r in rows]

    def _fact_selection(self) -> None:
        entity = self.selected()
        self.buttons["split"].setEnabled(
            bool(entity and entity["id"] is not None and entity["kind"] != "household" and self.current)
            and bool(self.selected_facts())
        )

    def _say(self, text: str) -> None:
        self.result.setText(text)

    def _failed(self, exc: Exception) -> None:
        self._say(f"Not changed: {exc}")
        self.error(exc)

    # -- people and their voices -------------------------------------------------------------------------------
    def add_person(self, welcome: bool = False) -> AddPersonDialog:
        """The step-by-step dialog (not modal to the daemon: its calls run through the task runner)."""
        return self._open(AddPersonDialog(self.tasks, self, welcome=welcome))

    def add_voice(self) -> AddPersonDialog | None:
        entity = self.selected()
        if entity is None or entity["kind"] != "person":
            return None
        voice = self.voice_of(entity)
        return self._open(AddPersonDialog(self.tasks, self, person=("speaker", voice) if voice else ("entity", entity)))

    def _open(self, dialog: AddPersonDialog) -> AddPersonDialog:
        self.dialog = dialog
        dialog.enrolled.connect(lambda r: self._say(f"{r['name']} is enrolled."))
        dialog.finished.connect(lambda _r: self._dialog_closed(dialog))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def _dialog_closed(self, dialog: AddPersonDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None  # it is deleted once closed

    def remove_voice(self) -> None:
        voice = self.voice_of(self.selected())
        if voice is None:
            return
        answer = QMessageBox.question(
            self,
            "Remove voice",
            f"Remove {voice['name']}'s voiceprint and recordings? Their memory stays; they are no longer "
            "recognised by voice.",
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.tasks.run(
                lambda c: c.remove_voice(voice["id"]),
                lambda _r: self._say(f"{voice['name']}'s voice is removed."),
                self._failed,
                changes="speakers",
            )

    # -- changes ---------------------------------------------------------------------------------------------
    def rename(self) -> None:
        entity = self.selected()
        if entity is None:
            return
        name, ok = QInputDialog.getText(self, "Rename", "Name (the old one stays an alias):", text=self.name_of(entity))
        if not ok or not name.strip():
            return
        name, speaker, old = name.strip(), entity.get("speaker_id"), self.name_of(entity)

        def rename(c):  # a person who speaks: their speaker's name too (the one the assistant greets)
            if entity["id"] is not None:
                c.rename_entity(entity["id"], name)
            if speaker:
                c.rename_speaker(speaker, name)
            return {"old_name": old, "name": name}

        self.tasks.run(
            rename,
            lambda r: self._say(f"{r['old_name']} is now {r['name']}."),
            self._failed,
            changes=("entities", "memory", "speakers"),
        )

    def add_alias(self) -> None:
        entity = self.selected()
        if entity is None or entity["id"] is None:
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
        if entity is None or entity["id"] is None:
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
        if entity is None or entity["id"] is None:
            return
        others = [
            x for x in self.entities if x["id"] is not None and x["id"] != entity["id"] and x["kind"] != "household"
        ]
        if not others:
            self._say("There is nothing to merge it into.")
            return
        labels = [choice_label(x) for x in others]
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
        if entity is None or entity["id"] is None or not facts:
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


def _same(a: dict, b: dict) -> bool:
    """One row of the list: the same entity, or the same speaker not yet an entity."""
    if a.get("id") is not None or b.get("id") is not None:
        return a.get("id") == b.get("id")
    return a.get("speaker_id") == b.get("speaker_id")
