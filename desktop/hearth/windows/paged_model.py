"""A table model that pulls its rows from the API a page at a time, off the GUI thread.

The view asks canFetchMore/fetchMore as it scrolls near the end; a page is requested through the task runner
and its rows are inserted when it arrives, so the GUI thread never waits for the daemon, however long the
table. A filter change resets the model; a page that belongs to an older filter is dropped.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QColor

from ..tasks import Tasks

Column = tuple[str, Callable[[dict], object]]  # header, how a row shows in it

# data() runs for every visible cell and role on each paint: roles as plain ints (the view passes ints, and
# looking up Qt's enum members costs microseconds each), rows formatted once when their page arrives.
DISPLAY, TOOLTIP, FOREGROUND = (
    int(r.value) for r in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.ForegroundRole)
)
DIMMED = QColor("#8a8a8a")


class PagedModel(QAbstractTableModel):
    page_loaded = Signal(int, int)  # rows now, total

    def __init__(self, tasks: Tasks, kind: str, columns: list[Column], page_size: int = 200, parent=None):
        super().__init__(parent)
        self.tasks, self.kind, self.columns, self.page_size = tasks, kind, columns, page_size
        self.filters: dict = {}
        self.items: list[dict] = []
        self._texts: list[tuple[str, ...]] = []  # each row's cells, as shown
        self._dimmed: list[bool] = []  # dismissed or superseded rows are greyed
        self.total: int | None = None
        self.loading = False
        self.error: str | None = None
        self._generation = 0

    # -- Qt's model interface ----------------------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.items)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section, orientation, role=DISPLAY):  # noqa: N802
        if int(role) == DISPLAY and orientation == Qt.Horizontal:
            return self.columns[section][0]
        return None

    def data(self, index, role=DISPLAY):
        role = int(role)
        if role in (DISPLAY, TOOLTIP):
            row = index.row()
            return self._texts[row][index.column()] if 0 <= row < len(self._texts) else None
        if role == FOREGROUND:
            row = index.row()
            return DIMMED if 0 <= row < len(self._dimmed) and self._dimmed[row] else None
        return None

    def _format(self, item: dict) -> tuple[str, ...]:
        return tuple("" if (v := show(item)) is None else str(v) for _header, show in self.columns)

    def canFetchMore(self, parent=QModelIndex()) -> bool:  # noqa: N802
        if parent.isValid() or self.loading or self.error:
            return False
        return self.total is None or len(self.items) < self.total

    def fetchMore(self, parent=QModelIndex()) -> None:  # noqa: N802
        if not self.canFetchMore(parent):
            return
        self.loading = True
        generation, offset, kind, filters = self._generation, len(self.items), self.kind, dict(self.filters)
        self.tasks.run(
            lambda c: c.memory_page(kind, offset, self.page_size, **filters),
            lambda page: self._arrived(generation, offset, page),
            lambda exc: self._failed(generation, exc),
        )

    # -- pages -------------------------------------------------------------------------------------------
    def _arrived(self, generation: int, offset: int, page: dict) -> None:
        if generation != self._generation:
            return  # for a filter no longer shown
        self.loading = False
        self.total = page["total"]
        new = page["items"]
        if offset != len(self.items):
            return
        if new:
            texts = [self._format(item) for item in new]
            dimmed = [bool(item.get("dismissed") or item.get("status") == "superseded") for item in new]
            self.beginInsertRows(QModelIndex(), len(self.items), len(self.items) + len(new) - 1)
            self.items.extend(new)
            self._texts.extend(texts)
            self._dimmed.extend(dimmed)
            self.endInsertRows()
        else:
            self.total = len(self.items)  # rows went away meanwhile: nothing more to fetch
        self.page_loaded.emit(len(self.items), self.total)

    def _failed(self, generation: int, exc: Exception) -> None:
        if generation != self._generation:
            return
        self.loading = False
        self.error = str(exc)
        self.page_loaded.emit(len(self.items), self.total or 0)

    def set_filters(self, filters: dict) -> None:
        self.filters = {k: v for k, v in filters.items() if v not in (None, "")}
        self.reload()

    def reload(self) -> None:
        self._generation += 1
        self.beginResetModel()
        self.items, self.total, self.loading, self.error = [], None, False, None
        self._texts, self._dimmed = [], []
        self.endResetModel()
        self.fetchMore()

    def item(self, row: int) -> dict | None:
        return self.items[row] if 0 <= row < len(self.items) else None
