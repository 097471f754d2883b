"""What the assistant sees: for a chosen person and band (or an anonymous voice) and a typed question, the exact
`[Turn context]` and working window the assistant would get, its size in tokens, and why each line is there."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from .page import Page, error_label

ANONYMOUS = "An anonymous voice"
BANDS = ("high", "medium", "greeting")
CHARS_PER_TOKEN = 4  # the usual estimate for English text; the assistant's own tokenizer decides exactly


def tokens(text: str) -> int:
    return (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN


def reasons(context: dict) -> list[tuple[str, str, str]]:
    """(line, why, score) for each line the preamble holds, in its order."""
    out = []
    for rule in context.get("rules") or []:
        out.append((rule["text"], f"a standing rule of {rule.get('owner_id') or 'the household'}", ""))
    for fact in context.get("pinned") or []:
        out.append((fact["text"], "pinned: in every context of this scope", ""))
    for fact in context.get("facts") or []:
        if fact.get("answers"):
            why, score = "answers the question (who and what it asks about)", ""
        else:
            why = f"related to the question ({fact.get('relevance', 'weak')})"
            score = f"{fact.get('similarity', 0.0):.2f} similar, score {fact.get('score', 0.0):.3f}"
        out.append((fact["text"], why, score))
    return out


class SeesPage(Page):
    name, title, areas = "sees", "Assistant's view", ("memory", "speakers", "settings")

    def __init__(self, tasks, link, parent=None):
        super().__init__(tasks, link, parent)
        layout = QVBoxLayout(self)
        ask = QGroupBox("Ask as someone would")
        form = QFormLayout(ask)
        self.person = QComboBox()
        self.band = QComboBox()
        self.band.addItems(BANDS)
        self.person.currentIndexChanged.connect(lambda _i: self.band.setEnabled(self.speaker() is not None))
        self.question = QLineEdit()
        self.question.setPlaceholderText("what should I cook tonight?")
        self.conversation = QLineEdit()
        self.conversation.setPlaceholderText("kitchen (optional: the conversation's window too)")
        self.question.returnPressed.connect(self.show_context)
        who = QHBoxLayout()
        who.addWidget(self.person, 2)
        who.addWidget(QLabel("band"))
        who.addWidget(self.band, 1)
        form.addRow("Who speaks", who)
        form.addRow("Question", self.question)
        form.addRow("Conversation", self.conversation)
        self.show_button = QPushButton("Show what the assistant gets")
        self.show_button.clicked.connect(self.show_context)
        self.problem = error_label()
        form.addRow(self.show_button, self.problem)
        layout.addWidget(ask)

        self.cost = QLabel("")
        layout.addWidget(self.cost)
        self.preamble = QPlainTextEdit()
        self.preamble.setReadOnly(True)
        self.preamble.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        layout.addWidget(self.preamble, 2)
        self.lines = QTableWidget(0, 3)
        self.lines.setHorizontalHeaderLabels(["Line", "Why it is there", "Score"])
        self.lines.horizontalHeader().setStretchLastSection(True)
        self.lines.verticalHeader().setVisible(False)
        self.lines.setWordWrap(True)
        layout.addWidget(self.lines, 2)

    def speaker(self) -> str | None:
        return self.person.currentData()

    def refresh(self) -> None:
        self.tasks.run(lambda c: c.speakers(), self._people)

    def _people(self, people: list[dict]) -> None:
        chosen = self.speaker()
        self.person.blockSignals(True)
        self.person.clear()
        self.person.addItem(ANONYMOUS, None)
        for person in people:
            self.person.addItem(f"{person['name']} ({person['id']})", person["id"])
        index = self.person.findData(chosen)
        self.person.setCurrentIndex(max(index, 0))
        self.person.blockSignals(False)
        self.band.setEnabled(self.speaker() is not None)

    def show_context(self) -> None:
        text = self.question.text().strip()
        if not text:
            self.problem.setText("Type a question first.")
            self.problem.setVisible(True)
            return
        speaker = self.speaker()
        band = self.band.currentText() if speaker else None
        thread = self.conversation.text().strip() or None
        self.problem.setVisible(False)
        self.tasks.run(lambda c: c.context(text, speaker=speaker, band=band, thread=thread), self._shown, self._refused)

    def _refused(self, exc: Exception) -> None:
        self.problem.setText(str(exc))
        self.problem.setVisible(True)

    def _shown(self, context: dict) -> None:
        window = context.get("history") or {}
        messages = window.get("messages") or []
        said = [f"[earlier, summarised] {window['summary']}"] if window.get("summary") else []
        said += [f"{m['role']}: {m['content']}" for m in messages]
        text = context["message"] + ("\n\n--- the conversation's window ---\n" + "\n".join(said) if said else "")
        self.preamble.setPlainText(text)
        window_tokens = sum(tokens(line) for line in said)
        mode = context.get("mode", "FULL")
        rows = reasons(context)
        if not context["preamble"]:
            note = " — nothing is added (memory paused or recall off)"
        elif not rows:
            note = " — no memory of this voice's scope is added, only the date and time"
        else:
            note = ""
        self.cost.setText(
            f"≈ {tokens(context['preamble'])} tokens of memory, ≈ {window_tokens} of window "
            f"({len(messages)} messages); recall mode {mode}{note}"
        )
        self.lines.setRowCount(len(rows))
        for i, row in enumerate(rows):
            for col, value in enumerate(row):
                self.lines.setItem(i, col, QTableWidgetItem(value))
        self.lines.resizeColumnsToContents()
