"""Settings, generated from the daemon's declarations: a group per section, a widget per type (range from the
declaration, help text as tooltip), applied live, with the daemon's refusal shown beside the field."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from .page import Page, error_label

SECTION_TITLES = {
    "memory": "Memory",
    "episodes": "Episodes",
    "general": "General",
    "speakers": "Speakers",
    "embedder": "Embedder",
    "generator": "Generator",
    "tools": "Recall tools",
    "proxy": "Memory proxy",
}


def _range_text(decl: dict) -> str:
    """ "1 – 50", "at least 0", "at most 3600", or nothing."""
    low, high = decl.get("minimum"), decl.get("maximum")
    number = (lambda v: f"{v:g}") if decl["type"] == "float" else (lambda v: f"{int(v)}")
    if low is not None and high is not None:
        return f"{number(low)} – {number(high)}"
    if low is not None:
        return f"at least {number(low)}"
    return f"at most {number(high)}" if high is not None else ""


class SettingField(QWidget):
    """One declared setting: its editor and its error line. `apply` sends the value to the daemon."""

    applied = Signal(str, object)

    def __init__(self, decl: dict, tasks, parent: QWidget | None = None):
        super().__init__(parent)
        self.decl, self.tasks, self.key = decl, tasks, decl["key"]
        self.editor = self._make_editor(decl)
        tip = decl["help"]
        self.editor.setToolTip(tip)
        self.setToolTip(tip)
        self.error = error_label()
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(400)
        self.debounce.timeout.connect(lambda: self.apply(self.value()))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        if not isinstance(self.editor, QCheckBox):
            # a URL or a path is read whole (a field cut to 120 px showed "//127.0.0.1:8080/v1")
            self.editor.setMinimumWidth(380 if isinstance(self.editor, QLineEdit) else 120)
            self.editor.setMaximumWidth(560 if isinstance(self.editor, QLineEdit) else 220)
        row.addWidget(self.editor)
        self.range = QLabel(_range_text(decl))
        self.range.setStyleSheet("color: palette(mid);")
        if self.range.text():
            row.addWidget(self.range)
        row.addWidget(self.error)
        row.addStretch(1)
        self.show_value(decl["value"])
        self._connect()

    def _make_editor(self, decl: dict) -> QWidget:
        kind = decl["type"]
        if kind == "bool":
            return QCheckBox()
        if decl.get("choices"):
            box = QComboBox()
            box.addItems(decl["choices"])
            return box
        # Numbers take any value: one out of the declared range goes to the daemon, whose refusal is shown
        # beside the field (a spin box clamping it would change the value in silence); the range is written
        # after the field.
        if kind == "int":
            box = QSpinBox()
            box.setRange(-(2**31), 2**31 - 1)
            return box
        if kind == "float":
            box = QDoubleSpinBox()
            box.setDecimals(3 if (decl["maximum"] or 0) <= 1 else 1)
            box.setSingleStep(0.01 if (decl["maximum"] or 0) <= 1 else 1.0)
            box.setRange(-1e12, 1e12)
            return box
        return QLineEdit()

    def _connect(self) -> None:
        e = self.editor
        if isinstance(e, QCheckBox):
            e.toggled.connect(lambda on: self.apply(on))
        elif isinstance(e, QComboBox):
            e.activated.connect(lambda _i: self.apply(e.currentText()))
        elif isinstance(e, (QSpinBox, QDoubleSpinBox)):
            e.valueChanged.connect(lambda _v: self.debounce.start())
        else:
            e.editingFinished.connect(lambda: self.apply(e.text()) if e.isModified() else None)

    def value(self):
        e = self.editor
        if isinstance(e, QCheckBox):
            return e.isChecked()
        if isinstance(e, QComboBox):
            return e.currentText()
        if isinstance(e, (QSpinBox, QDoubleSpinBox)):
            return e.value()
        return e.text()

    def show_value(self, value) -> None:
        """Show the daemon's value without sending it back (an edit waiting to be sent wins)."""
        if self.debounce.isActive():
            return
        self.decl["value"] = value
        e = self.editor
        e.blockSignals(True)
        try:
            if isinstance(e, QCheckBox):
                e.setChecked(bool(value))
            elif isinstance(e, QComboBox):
                e.setCurrentText(str(value))
            elif isinstance(e, (QSpinBox, QDoubleSpinBox)):
                e.setValue(value)
            else:
                e.setText("" if value is None else str(value))
                e.setModified(False)
        finally:
            e.blockSignals(False)

    def apply(self, value) -> None:
        if value == self.decl["value"]:
            self._show_error(None)
            return
        self.tasks.run(lambda c: c.set_setting(self.key, value), self._done, self._refused, changes="settings")

    def _done(self, result: dict) -> None:
        self._show_error(None)
        self.show_value(result["value"])
        self.applied.emit(self.key, result["value"])

    def _refused(self, exc: Exception) -> None:
        self._show_error(str(exc))

    def _show_error(self, message: str | None) -> None:
        self.error.setText(message or "")
        self.error.setVisible(bool(message))


class SettingsPage(Page):
    name, title, areas = "settings", "Settings", ("settings",)

    def __init__(self, tasks, link, parent=None):
        super().__init__(tasks, link, parent)
        self.fields: dict[str, SettingField] = {}
        self.labels: dict[str, QLabel] = {}
        layout = QVBoxLayout(self)
        intro = QLabel("Changes apply at once. Hover a setting for what it does.")
        intro.setStyleSheet("color: palette(mid);")
        layout.addWidget(intro)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.body = QWidget()
        self.body_layout = QVBoxLayout(self.body)
        self.scroll.setWidget(self.body)
        layout.addWidget(self.scroll)

    def refresh(self) -> None:
        self.tasks.run(lambda c: c.settings(), self._show)

    def _show(self, settings: list[dict]) -> None:
        if set(self.fields) == {s["key"] for s in settings}:
            for s in settings:  # the daemon's current values (a change from elsewhere, say hearthctl)
                if not self.fields[s["key"]].error.isVisible():
                    self.fields[s["key"]].show_value(s["value"])
            return
        # The few a household sets first, by their plain names; the rest under Advanced, by section.
        common = QGroupBox("Common")
        common_form = self._form(common)
        self.body_layout.addWidget(common)
        self.advanced = QCheckBox("Show the advanced settings")
        self.body_layout.addWidget(self.advanced)
        advanced = QWidget()
        advanced_layout = QVBoxLayout(advanced)
        advanced_layout.setContentsMargins(0, 0, 0, 0)
        self.advanced.toggled.connect(advanced.setVisible)
        advanced.setVisible(False)
        self.body_layout.addWidget(advanced)
        sections: dict[str, QFormLayout] = {}
        order = {key: i for i, key in enumerate(s["key"] for s in settings if s.get("common"))}
        for s in sorted(settings, key=lambda s: (not s.get("common"), order.get(s["key"], 0))):
            if s.get("common"):
                form = common_form
            else:
                if s["section"] not in sections:
                    box = QGroupBox(SECTION_TITLES.get(s["section"], s["section"].title()))
                    sections[s["section"]] = self._form(box)
                    advanced_layout.addWidget(box)
                form = sections[s["section"]]
            field = SettingField(dict(s), self.tasks)
            label = QLabel(s["label"][:1].upper() + s["label"][1:])
            label.setToolTip(f"{s['help']}\n\n{s['key']}")  # its key, for hearthctl settings set
            form.addRow(label, field)
            self.fields[s["key"]], self.labels[s["key"]] = field, label
        self.body_layout.addStretch(1)

    @staticmethod
    def _form(box: QGroupBox) -> QFormLayout:
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)  # the labels line up with their fields
        return form
