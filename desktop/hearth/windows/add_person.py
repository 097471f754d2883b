"""Add a person, step by step: their name → who they are (someone the memory already knows, or someone new) →
their voice (WAV recordings or the microphone) → a test identification → done. Shown at the first start while
nobody has a voice, and from the tray, the People page and the Speakers page. Every daemon call runs through
the task runner; the dialog never waits on the GUI thread."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from .. import microphone
from ..tasks import Tasks

NAME, WHO, VOICE, TEST, DONE = range(5)
MIN_SAMPLES = 2  # hearthd.speakers.registry.MIN_SAMPLES
MIC_SAMPLES, MIC_SECONDS = 3, 4.0
WELCOME = (
    "<h2>Welcome to Hearth</h2><p>Hearth is the assistant's memory. It remembers what each person in the household "
    "tells the assistant, and keeps what is personal to that person.</p><p>The assistant knows who is speaking by "
    "their voice. Start by adding the people who live here, one at a time.</p>"
)
NEW = "new"  # the "someone new" choice


def _label(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


class AddPersonDialog(QDialog):
    enrolled = Signal(dict)  # the enrollment's answer: {"id", "name", "samples", "seconds", ...}

    def __init__(
        self,
        tasks: Tasks,
        parent: QWidget | None = None,
        welcome: bool = False,
        person: tuple[str, dict] | None = None,
    ):
        """person: whose voice this adds, ("speaker", a speaker) or ("entity", a person talked about): the name
        and who steps are skipped."""
        super().__init__(parent)
        self.tasks, self.welcome, self.person = tasks, welcome, person
        self.setWindowTitle("Add a person" if person is None else f"{person[1]['name']}'s voice")
        self.setMinimumSize(560, 440)
        self.speakers: list[dict] = []
        self.people: list[dict] = []  # persons the household talks about who have no voice yet
        self.samples: list[tuple[str, bytes]] = []  # (what it is, the WAV's bytes)
        self.enrollment: dict | None = None  # the enrollment's answer
        self.recognised: bool | None = None  # the test identification's verdict
        self.busy = False
        self.closed = False  # accepted or rejected: answers still on their way are dropped
        self.known = False  # the people the memory knows have arrived
        self.mic_reason: str | None = None  # why the microphone cannot record (None: it can)

        layout = QVBoxLayout(self)
        self.steps = QStackedWidget()
        layout.addWidget(self.steps, 1)
        self.problem = _label("")
        self.problem.setStyleSheet("color: #c62828;")
        layout.addWidget(self.problem)
        self.dont_show = QCheckBox("Don't show this at start")  # the first run's only
        self.dont_show.setVisible(welcome)
        buttons = QHBoxLayout()
        buttons.addWidget(self.dont_show)
        buttons.addStretch(1)
        self.back_button = QPushButton("Back")
        self.next_button = QPushButton("Next")
        self.cancel_button = QPushButton("Later" if welcome else "Cancel")
        self.next_button.setDefault(True)
        for button in (self.back_button, self.next_button, self.cancel_button):
            buttons.addWidget(button)
        layout.addLayout(buttons)
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.next)
        self.cancel_button.clicked.connect(self.reject)

        self._name_step()
        self._who_step()
        self._voice_step()
        self._test_step()
        self._done_step()
        self.go(VOICE if person else NAME)
        if person is None:
            self._call(lambda c: (c.speakers(), c.entities("person")), self._known)

    # -- calls -------------------------------------------------------------------------------------------------
    def _call(self, call, done, failed=None, changes: str | None = None, plain: bool = False) -> None:
        """A call through the task runner (plain: one that needs no daemon); its answer is dropped once the
        dialog is closed (it may be deleted by then)."""

        def live(callback):
            return lambda value: None if self.closed else callback(value)

        if plain:
            self.tasks.run_plain(lambda: call(None), live(done), live(failed or self._failed))
        else:
            self.tasks.run(call, live(done), live(failed or self._failed), changes=changes)

    def done(self, result: int) -> None:  # accept and reject end here
        self.closed = True
        super().done(result)

    # -- the steps ---------------------------------------------------------------------------------------------
    def _page(self, *widgets: QWidget) -> QVBoxLayout:
        page = QWidget()
        layout = QVBoxLayout(page)
        for w in widgets:
            layout.addWidget(w)
        self.steps.addWidget(page)
        return layout

    def _name_step(self) -> None:
        self.name = QLineEdit(placeholderText="e.g. Alice")
        self.name.textChanged.connect(lambda _t: self._buttons())
        self.name.returnPressed.connect(self.next)
        self.intro = _label(
            (WELCOME if self.welcome else "") + "<p><b>What is their name?</b> The name the assistant calls them.</p>"
        )
        self._page(self.intro, self.name).addStretch(1)

    def _who_step(self) -> None:
        self.who_question = _label("")
        self.choices = QListWidget()
        self.choices.currentRowChanged.connect(lambda _r: self._buttons())
        self._page(self.who_question, self.choices)

    def _voice_step(self) -> None:
        self.voice_intro = _label("")
        self.files_button = QPushButton("Choose recordings (WAV)…")
        self.files_button.clicked.connect(lambda: self.add_files())
        self.record_button = QPushButton(f"Record {MIC_SAMPLES} samples from the microphone")
        self.record_button.clicked.connect(lambda: self.record())
        self.mic_note = _label("")
        self.mic_note.setStyleSheet("color: palette(mid);")
        self.sample_list = QListWidget()
        self.clear_button = QPushButton("Start again")
        self.clear_button.clicked.connect(self.clear_samples)
        row = QHBoxLayout()
        for button in (self.files_button, self.record_button, self.clear_button):
            row.addWidget(button)
        row.addStretch(1)
        layout = self._page(self.voice_intro)
        layout.addLayout(row)
        layout.addWidget(self.mic_note)
        layout.addWidget(self.sample_list, 1)

    def _test_step(self) -> None:
        self.enrolled_text = _label("")
        self.test_file_button = QPushButton("Choose a recording…")
        self.test_file_button.clicked.connect(lambda: self.test_file())
        self.test_mic_button = QPushButton("Say something")
        self.test_mic_button.clicked.connect(lambda: self.test_microphone())
        self.test_result = _label("")
        row = QHBoxLayout()
        row.addWidget(self.test_file_button)
        row.addWidget(self.test_mic_button)
        row.addStretch(1)
        layout = self._page(self.enrolled_text)
        layout.addLayout(row)
        layout.addWidget(self.test_result)
        layout.addStretch(1)

    def _done_step(self) -> None:
        self.done_text = _label("")
        self._page(self.done_text).addStretch(1)

    # -- moving between the steps ------------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.steps.currentIndex()

    def go(self, step: int) -> None:
        self.steps.setCurrentIndex(step)
        self.problem.setText("")
        if step == WHO:
            self._fill_choices()
        elif step == VOICE:
            self.mic_reason = microphone.unavailable()
            self._voice_intro()
        self._buttons()

    def _buttons(self) -> None:
        step = self.step
        self.back_button.setVisible(step in (WHO, VOICE) and self.person is None)
        self.back_button.setEnabled(not self.busy)
        self.next_button.setText({VOICE: "Enroll", TEST: "Next", DONE: "Done"}.get(step, "Next"))
        ready = {
            NAME: bool(self.name.text().strip()),
            WHO: self.choices.currentRow() >= 0,
            VOICE: len(self.samples) >= MIN_SAMPLES,
        }.get(step, True)
        self.next_button.setEnabled(ready and not self.busy)
        self.cancel_button.setVisible(step != DONE)
        self.cancel_button.setEnabled(not self.busy or step != VOICE)
        for button in (self.files_button, self.record_button, self.clear_button):
            button.setEnabled(not self.busy)
        if step == VOICE:
            reason = self.mic_reason
            self.record_button.setEnabled(not self.busy and reason is None)
            if not self.busy:
                self.mic_note.setText(f"No recording from here: {reason}." if reason else "")
            self.clear_button.setEnabled(not self.busy and bool(self.samples))

    def _nobody_to_link(self) -> bool:
        return self.known and not self.speakers and not self.people

    def back(self) -> None:
        if self.step == VOICE:
            self.go(NAME if self._nobody_to_link() else WHO)
        elif self.step == WHO:
            self.go(NAME)

    def next(self) -> None:
        if not self.next_button.isEnabled():
            return
        step = self.step
        if step == NAME:
            self.go(VOICE if self._nobody_to_link() else WHO)  # the first person: nobody to link them to
        elif step == WHO:
            self.go(VOICE)
        elif step == VOICE:
            self.enroll()
        elif step == TEST:
            self._finish_text()
            self.go(DONE)
        else:
            self.accept()

    # -- who they are ------------------------------------------------------------------------------------------
    def _known(self, result) -> None:
        speakers, entities = result
        self.speakers, self.known = speakers, True
        self.people = [e for e in entities if not e.get("speaker_id")]
        if self.step == WHO:
            self._fill_choices()

    def _fill_choices(self) -> None:
        name = self.name.text().strip()
        self.who_question.setText(
            f"<p><b>Is {html.escape(name)} someone the assistant already knows?</b> Linking them keeps what it "
            "already remembers about them with their voice.</p>"
        )
        self.choices.clear()
        same = name.lower()
        match = 0
        item = QListWidgetItem(f"Someone new: {name}")
        item.setData(Qt.ItemDataRole.UserRole, (NEW, None))
        self.choices.addItem(item)
        for s in self.speakers:
            voice = "has a voice: this one replaces it" if s["enrolled"] else "no voice yet"
            item = QListWidgetItem(f"{s['name']} — a person here ({voice})")
            item.setData(Qt.ItemDataRole.UserRole, ("speaker", s))
            self.choices.addItem(item)
            if not match and same in (s["name"].lower(), s["id"].lower()):
                match = self.choices.count() - 1
        for e in self.people:
            named = f", {', '.join(e['named_as'])}" if e.get("named_as") else ""
            item = QListWidgetItem(f"{e['name']} — talked about ({e['fact_count']} facts{named})")
            item.setData(Qt.ItemDataRole.UserRole, ("entity", e))
            self.choices.addItem(item)
            if not match and same in (a.lower() for a in [e["name"], *e.get("aliases", [])]):
                match = self.choices.count() - 1
        self.choices.setCurrentRow(match)

    def choice(self) -> tuple[str | None, str | None, bool]:
        """(the name to enroll, or None; the existing speaker's id, or None; whether to make another person)."""
        name = self.name.text().strip()
        item = self.choices.currentItem()
        kind, what = self.person or (item.data(Qt.ItemDataRole.UserRole) if item else (NEW, None))
        what = what or {}
        if kind == "speaker":
            return None, what["id"], False
        if kind == "entity":  # their entity becomes this speaker's (by its name, when enrolled)
            spelt = name if name.lower() in (a.lower() for a in [what["name"], *what.get("aliases", [])]) else ""
            return spelt or what["name"], None, False
        taken = any(name.lower() in (s["name"].lower(), s["id"].lower()) for s in self.speakers)
        return name, None, taken

    def who(self) -> str:
        if self.person is not None:
            return self.person[1]["name"]
        name, speaker_id, _new = self.choice()
        return name or next((s["name"] for s in self.speakers if s["id"] == speaker_id), speaker_id or "")

    # -- their voice -------------------------------------------------------------------------------------------
    def _voice_intro(self) -> None:
        self.voice_intro.setText(
            f"<p><b>{html.escape(self.who())}'s voice.</b> Two or more recordings of them speaking, a few seconds "
            "each (three or more is better): any recorder or phone makes WAV files, or record here.</p>"
        )

    def add_files(self, paths: list[str] | None = None) -> None:
        if paths is None:
            paths, _ = QFileDialog.getOpenFileNames(self, f"Recordings of {self.who()}", "", "WAV audio (*.wav)")
        if not paths:
            return
        self._set_busy(True)
        self._call(lambda _c: [(Path(p).name, Path(p).read_bytes()) for p in paths], self._add_samples, plain=True)

    def record(self) -> None:
        reason = self.mic_reason = microphone.unavailable()
        if reason:
            self.problem.setText(f"Cannot record: {reason}. Choose WAV recordings instead.")
            return
        self._set_busy(True)
        self.mic_note.setText(f"Recording {MIC_SAMPLES} samples of {MIC_SECONDS:.0f} s: speak naturally…")
        first = len(self.samples)
        self._call(
            lambda _c: [
                (f"recording {first + i + 1} ({MIC_SECONDS:.0f} s)", microphone.record_wav(MIC_SECONDS))
                for i in range(MIC_SAMPLES)
            ],
            self._add_samples,
            plain=True,
        )

    def _add_samples(self, samples: list[tuple[str, bytes]]) -> None:
        self._set_busy(False)
        self.samples += samples
        self.sample_list.clear()
        self.sample_list.addItems([label for label, _data in self.samples])
        self._buttons()

    def clear_samples(self) -> None:
        self.samples = []
        self.sample_list.clear()
        self._buttons()

    def _set_busy(self, busy: bool) -> None:
        self.busy = busy
        self.problem.setText("")
        self._buttons()

    def _failed(self, exc: Exception) -> None:
        self._set_busy(False)
        self.problem.setText(str(exc))

    def enroll(self) -> None:
        name, speaker_id, new = self.choice()
        wavs = [data for _label, data in self.samples]
        self._set_busy(True)
        self.problem.setText("Enrolling… (the voice model loads on first use)")
        self._call(lambda c: c.enroll(name, wavs, speaker_id, new), self._enrolled, changes="speakers")

    def _enrolled(self, result: dict) -> None:
        self._set_busy(False)
        self.enrollment = result
        self.enrolled_text.setText(
            f"<p><b>{html.escape(result['name'])} is enrolled</b> from {result['samples']} recordings "
            f"({result['seconds']:.1f} s).</p><p>Test it: choose another recording of them, or let them say "
            "something. You can also skip this.</p>"
        )
        self.test_mic_button.setEnabled(microphone.unavailable() is None)
        self.go(TEST)
        self.enrolled.emit(result)

    # -- a test identification ---------------------------------------------------------------------------------
    def test_file(self, path: str | None = None) -> None:
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "A recording to identify", "", "WAV audio (*.wav)")
        if path:
            self._identify(lambda: Path(path).read_bytes())

    def test_microphone(self) -> None:
        if microphone.unavailable() is None:
            self.test_result.setText("Listening…")
            self._identify(lambda: microphone.record_wav(MIC_SECONDS))

    def _identify(self, read) -> None:
        self._set_busy(True)
        self.test_result.setText("Identifying…")
        self._call(lambda c: c.identify(read()), self._identified, self._test_failed)

    def _identified(self, r: dict) -> None:
        self._set_busy(False)
        who = str(r.get("name") or r.get("speaker") or "")
        ours = self.enrollment is not None and r.get("speaker") == self.enrollment["id"]
        if ours:
            text = f"✓ Recognised as {html.escape(who)} (band {r.get('band')}, score {r.get('score', 0):.2f})."
        elif who:
            text = f"✗ Taken for {html.escape(who)} (band {r.get('band')}): add more or clearer recordings."
        else:
            text = "✗ Nobody recognised: add more or clearer recordings."
        self.test_result.setText(text)
        self.recognised = ours

    def _test_failed(self, exc: Exception) -> None:
        self._set_busy(False)
        self.test_result.setText(f"Could not identify: {exc}")

    def _finish_text(self) -> None:
        name = html.escape(self.enrollment["name"] if self.enrollment else self.who())
        self.done_text.setText(
            f"<h3>{name} is in the household</h3><p>What {name} tells the assistant in their own voice is kept in "
            f"their own memory; what concerns everyone goes to the household's.</p><p>See {name} on the People "
            "page: what the assistant knows about them, their rules and their voice. Add the next person from the "
            "People page or the tray menu.</p>"
        )
