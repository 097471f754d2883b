"""Speakers: the people the memory knows; enroll a voice from WAV files or the microphone, rename, re-enroll,
remove a voice, the identification bands, and a test identification of a recording."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from .. import microphone
from .add_person import AddPersonDialog
from .page import Page, when
from .settings_page import SettingField

BAND_KEYS = ("speakers.band_high", "speakers.band_medium", "speakers.band_greeting", "speakers.uncertain_facts")
MIC_SAMPLES, MIC_SECONDS = 3, 4.0


class SpeakersPage(Page):
    name, title, areas = "speakers", "Speakers", ("speakers", "settings")

    def __init__(self, tasks, link, parent=None):
        super().__init__(tasks, link, parent)
        layout = QVBoxLayout(self)
        self.table = QTableWidget(0, 6)
        self.table.setHorizontalHeaderLabels(["Name", "Id", "Voice", "Samples", "Seconds", "Enrolled"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemSelectionChanged.connect(self._selection)
        layout.addWidget(self.table, 1)

        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, text, slot in (
            ("add", "Add a person…", self.add_person),
            ("enroll", "Enroll from files…", self.enroll_files),
            ("record", "Enroll from microphone…", self.enroll_microphone),
            ("rename", "Rename…", self.rename),
            ("reenroll", "Re-enroll from files…", self.reenroll_files),
            ("remove", "Remove voice", self.remove_voice),
            ("identify", "Test identification…", self.test_identification),
        ):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, s=slot: s())
            buttons.addWidget(button)
            self.buttons[key] = button
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextSelectableByMouse)
        layout.addWidget(self.result)

        self.bands = QGroupBox("Identification bands (voice similarity)")
        self.bands_form = QFormLayout(self.bands)
        self.bands_form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        self.band_fields: dict[str, SettingField] = {}
        layout.addWidget(self.bands)
        self.speakers: list[dict] = []
        self._selection()

    def refresh(self) -> None:
        self.tasks.run(lambda c: (c.speakers(), [s for s in c.settings() if s["key"] in BAND_KEYS]), self._show)

    def _show(self, result) -> None:
        self.speakers, bands = result
        chosen = self.selected()
        self.table.setRowCount(len(self.speakers))
        for row, s in enumerate(self.speakers):
            for col, value in enumerate(
                (
                    s["name"],
                    s["id"],
                    "enrolled" if s["enrolled"] else "no voice",
                    s["samples"],
                    f"{s['seconds']:.1f}",
                    when(s["enrolled_at"]),
                )
            ):
                cell = QTableWidgetItem(str(value))
                cell.setData(Qt.UserRole, s)
                self.table.setItem(row, col, cell)
            if chosen and s["id"] == chosen["id"]:
                self.table.selectRow(row)
        self.table.resizeColumnsToContents()
        for decl in bands:
            if decl["key"] in self.band_fields:
                self.band_fields[decl["key"]].show_value(decl["value"])
            else:
                field = SettingField(dict(decl), self.tasks)
                self.band_fields[decl["key"]] = field
                self.bands_form.addRow(decl["label"][:1].upper() + decl["label"][1:], field)

    def selected(self) -> dict | None:
        cells = self.table.selectedItems()
        return cells[0].data(Qt.UserRole) if cells else None

    def _selection(self) -> None:
        person = self.selected()
        for key in ("rename", "reenroll"):
            self.buttons[key].setEnabled(person is not None)
        self.buttons["remove"].setEnabled(bool(person and person["enrolled"]))

    def _say(self, text: str) -> None:
        self.result.setText(text)

    # -- enrollment ------------------------------------------------------------------------------------------
    def add_person(self):
        """Step by step: their name, who they are, their voice, a test (the People page's dialog)."""
        dialog = AddPersonDialog(self.tasks, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.enrolled.connect(lambda r: self._say(f"Enrolled {r['name']} ({r['id']})."))
        dialog.open()
        return dialog

    def _wav_files(self, title: str) -> list[str]:
        paths, _ = QFileDialog.getOpenFileNames(self, title, "", "WAV audio (*.wav)")
        return paths

    def _person_named(self, name: str) -> dict | None:
        from hearthd.speakers.registry import slugify

        for row in range(self.table.rowCount()):
            person = self.table.item(row, 0).data(Qt.ItemDataRole.UserRole)
            if person["name"].lower() == name.lower() or person["id"] == slugify(name):
                return person
        return None

    def _whom(self, name: str) -> tuple[str | None, bool] | None:
        """(the existing person to give the voice, or None; whether to make another person), or None: cancelled.
        A name that is already a person's is asked about, never duplicated in silence."""
        person = self._person_named(name)
        if person is None:
            return None, False
        answer = QMessageBox.question(
            self,
            "Already a person",
            f"{person['name']} is already a person here, with their memory.\n\n"
            f"Yes: give {person['name']} this voice.\nNo: make another person called {name}.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            return person["id"], False
        if answer == QMessageBox.StandardButton.No:
            return None, True
        return None

    def _enroll(self, name: str | None, read_samples, speaker_id: str | None = None) -> None:
        """read_samples(): the WAV files' bytes (run off the GUI thread, as is the enrollment)."""
        new = False
        if speaker_id is None and name:
            whom = self._whom(name)
            if whom is None:
                self._say("Not enrolled.")
                return
            speaker_id, new = whom
            if speaker_id is not None:
                name = None  # their voice, their name as it is
        self._say("Enrolling… (the voice model loads on first use)")
        self.tasks.run(
            lambda c: c.enroll(name, read_samples(), speaker_id, new),
            lambda r: self._say(f"Enrolled {r['name']} ({r['id']}) from {r['samples']} samples, {r['seconds']:.1f} s."),
            lambda exc: self._say(f"Not enrolled: {exc}"),
            changes="speakers",
        )

    def enroll_files(self) -> None:
        name, ok = QInputDialog.getText(self, "Enroll a voice", "Name:")
        if not ok or not name.strip():
            return
        paths = self._wav_files(f"Voice samples of {name} (two or more)")
        if paths:
            self._enroll(name.strip(), lambda: [Path(p).read_bytes() for p in paths])

    def reenroll_files(self) -> None:
        person = self.selected()
        if person is None:
            return
        paths = self._wav_files(f"New voice samples of {person['name']} (two or more)")
        if paths:
            self._enroll(None, lambda: [Path(p).read_bytes() for p in paths], person["id"])

    def enroll_microphone(self) -> None:
        reason = microphone.unavailable()
        if reason:
            QMessageBox.information(
                self,
                "No microphone",
                f"Cannot record: {reason}.\n\nEnroll from WAV files instead (any recorder can make them).",
            )
            self._say(f"Microphone unavailable: {reason}")
            return
        person = self.selected()
        name, ok = QInputDialog.getText(
            self, "Enroll from the microphone", "Name:", text=person["name"] if person else ""
        )
        if not ok or not name.strip():
            return
        QMessageBox.information(
            self,
            "Recording",
            f"{MIC_SAMPLES} recordings of {MIC_SECONDS:.0f} s each follow: "
            "speak naturally, e.g. read a sentence aloud.",
        )
        self._say("Recording…")
        self._enroll(name.strip(), lambda: [microphone.record_wav(MIC_SECONDS) for _ in range(MIC_SAMPLES)])

    # -- the others ------------------------------------------------------------------------------------------
    def rename(self) -> None:
        person = self.selected()
        if person is None:
            return
        name, ok = QInputDialog.getText(self, "Rename", "Name:", text=person["name"])
        if ok and name.strip():
            self.tasks.run(
                lambda c: c.rename_speaker(person["id"], name.strip()), changes="speakers", on_error=self.error
            )

    def remove_voice(self) -> None:
        person = self.selected()
        if person is None:
            return
        answer = QMessageBox.question(
            self,
            "Remove voice",
            f"Remove {person['name']}'s voiceprint and samples? "
            "Their memory stays; they are no longer recognised by voice.",
        )
        if answer == QMessageBox.Yes:
            self.tasks.run(lambda c: c.remove_voice(person["id"]), changes="speakers", on_error=self.error)

    def test_identification(self, path: str | None = None) -> None:
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "A recording to identify", "", "WAV audio (*.wav)")
        if not path:
            return
        self._say("Identifying…")
        self.tasks.run(
            lambda c: c.identify(Path(path).read_bytes()),
            self._identified,
            lambda exc: self._say(f"Could not identify: {exc}"),
        )

    def _identified(self, r: dict) -> None:
        who = r.get("name") or r.get("speaker") or "nobody enrolled"
        score = r.get("score")
        self._say(f"Identified: {who} — band {r.get('band')}" + (f", score {score:.3f}" if score is not None else ""))
