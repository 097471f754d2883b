"""Tables people read: the first column wraps its text (each row as tall as its text needs, up to a few lines),
the other columns are as wide as their content, nothing scrolls sideways; an empty table says what would
appear in it."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QTableWidget, QWidget

MAX_LINES = 4  # a longer text is cut (whole in its tooltip and the detail pane)
PADDING = 8  # above and below a row's text
CELL_MARGINS = 10  # a cell's text is this much narrower than its column
FIT_CHUNK = 1_000  # rows measured at a time after the wrapping column changed width


def paint_empty(view: QAbstractItemView, text: str) -> None:
    """The empty view's message, centred at its top, in the placeholder colour."""
    if not text or view.model() is None or view.model().rowCount() > 0:
        return
    painter = QPainter(view.viewport())
    painter.setPen(view.palette().placeholderText().color())
    rect = view.viewport().rect().adjusted(32, 32, -32, -32)
    painter.drawText(rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap, text)
    painter.end()


class _SaysWhenEmpty:
    """What an empty table says would appear in it (mixed into a Qt view, before it)."""

    empty_text = ""

    def set_empty_text(self, text: str) -> None:
        self.empty_text = text
        self.viewport().update()  # type: ignore[attr-defined]

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().paintEvent(event)  # type: ignore[misc]
        paint_empty(self, self.empty_text)  # type: ignore[arg-type]


class WrappingTable(_SaysWhenEmpty, QTableView):
    """A read-only table of rows: the first column stretches and wraps, the others keep the widths given
    (`widths`: the sample texts their cells are measured by)."""

    def __init__(self, samples: list[str], parent: QWidget | None = None):
        super().__init__(parent)
        self.samples = samples
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        rows = self.verticalHeader()
        rows.setVisible(False)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # rows are measured here, once each
        rows.setDefaultSectionSize(self.line_height())
        self._fit_from: int | None = None
        self._fit_timer = QTimer(self)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self._fit_chunk)

    def line_height(self, lines: int = 1) -> int:
        return self.fontMetrics().lineSpacing() * lines + PADDING

    def setModel(self, model) -> None:  # noqa: N802 - Qt's name
        super().setModel(model)
        columns = self.horizontalHeader()
        columns.setStretchLastSection(False)
        columns.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        metrics = self.fontMetrics()
        for column in range(1, model.columnCount()):
            header = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
            sample = self.samples[column - 1] if column - 1 < len(self.samples) else header
            width = max(metrics.horizontalAdvance(sample), metrics.horizontalAdvance(header) + 12) + 16
            columns.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            self.setColumnWidth(column, width)
        model.rowsInserted.connect(lambda _parent, first, last: self.fit_rows(first, last))
        model.modelReset.connect(lambda: self.fit_rows(0, model.rowCount() - 1))
        columns.sectionResized.connect(lambda column, _old, _new: self._refit() if column == 0 else None)

    def fit_rows(self, first: int, last: int) -> None:
        """Each row of first..last as tall as its first column's text wrapped, one to MAX_LINES lines."""
        model = self.model()
        width = max(self.columnWidth(0) - CELL_MARGINS, 40)
        metrics = self.fontMetrics()
        one, most = self.line_height(), self.line_height(MAX_LINES)
        rows = self.verticalHeader()
        bound = QRect(0, 0, width, most * 2)
        for row in range(max(first, 0), min(last, model.rowCount() - 1) + 1):
            text = model.data(model.index(row, 0)) or ""
            if metrics.horizontalAdvance(text) <= width:
                height = one
            else:
                height = min(metrics.boundingRect(bound, Qt.TextFlag.TextWordWrap, text).height() + PADDING, most)
            if rows.sectionSize(row) != height:
                rows.resizeSection(row, height)

    def _refit(self) -> None:
        """The wrapping column changed width: measure the rows again, a chunk at a time."""
        self._fit_from = 0
        self._fit_timer.start()

    def _fit_chunk(self) -> None:
        start = self._fit_from or 0
        end = min(start + FIT_CHUNK, self.model().rowCount())
        self.fit_rows(start, end - 1)
        if end >= self.model().rowCount():
            self._fit_from = None
            self._fit_timer.stop()
        else:
            self._fit_from = end


class EmptyTextTable(_SaysWhenEmpty, QTableWidget):
    """A QTableWidget that says what would appear in it while it is empty."""
