"""A table model that pulls its rows from the API a page at a time, off the GUI thread.

The view asks canFetchMore/fetchMore as it scrolls near the end; a page is requested through the task runner
and its rows are inserted when it arrives, so the GUI thread never waits for the daemon, however long the
table. A filter change resets the model; a page that belongs to an older filter is dropped. A change in memory
refreshes the rows already loaded in place (`refresh`: the same number of rows fetched again, swapped in at
once), so the view can keep its place and selection. Searching by meaning (`meaning` in the filters) asks
recall instead: its closest rows, in its order, in one fetch.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QColor

from ..tasks import Tasks

MAX_PAGE = 500  # the API's largest page (hearthd.memory.browse.MAX_PAGE)
MEANING_K = 50  # rows a search by meaning shows
REFRESH_IN_PLACE = 2_000  # at most this many loaded rows are fetched again on a change
NEW_ROWS = 50  # ... and this many more, for rows added meanwhile
STRENGTH = {"strong": 0, "related": 1, "weak": 2}  # recall's relevance, closest first

Column = tuple[str, Callable[[dict], object]]  # header, how a row shows in it

# data() runs for every visible cell and role on each paint: roles as plain ints (the view passes ints, and
# looking up Qt's enum members costs microseconds each), rows formatted once when their page arrives.
DISPLAY, TOOLTIP, FOREGROUND = (
    int(r.value) for r in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.ForegroundRole)
)
DIMMED = QColor("#8a8a8a")


def _recalled(result: dict, kind: str, pool: str | None) -> dict:
    """recall's answer as a page of one table: its rows of `kind` in the pool asked for, the strong matches
    first (in recall's order within each), the weak ones only when nothing closer was found."""
    items = sorted(result.get(kind) or [], key=lambda i: STRENGTH.get(i.get("relevance"), 1))
    if any(i.get("relevance") != "weak" for i in items):
        items = [i for i in items if i.get("relevance") != "weak"]
    if pool == "household":
        items = [i for i in items if i.get("owner_id") is None]
    elif pool == "personal":
        items = [i for i in items if i.get("owner_id") is not None]
    return {"items": items, "total": len(items)}


def fetch_page(client, kind: str, offset: int, limit: int, filters: dict) -> dict:
    """A page of the table: from the memory browser, or by meaning from recall (one page holds it all)."""
    filters = dict(filters)
    if filters.pop("meaning", False) and filters.get("q"):
        if offset:
            return {"items": [], "total": offset}
        speaker = filters.get("speaker")
        result = client.recall(
            filters["q"],
            k=MEANING_K,
            since=filters.get("since"),
            until=filters.get("until"),
            participants=[speaker] if speaker else None,
        )
        return _recalled(result, kind, filters.get("pool"))
    items: list[dict] = []
    while True:  # a refresh in place asks for more than one page
        page = client.memory_page(kind, offset + len(items), min(limit - len(items), MAX_PAGE), **filters)
        items += page["items"]
        if len(items) >= limit or len(items) + offset >= page["total"] or not page["items"]:
            return {"items": items, "total": page["total"]}


class PagedModel(QAbstractTableModel):
    page_loaded = Signal(int, int)  # rows now, total
    refreshing = Signal()  # the loaded rows are about to be swapped for their fresh copies
    refreshed = Signal()  # ... and now are

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
            lambda c: fetch_page(c, kind, offset, self.page_size, filters),
            lambda page: self._arrived(generation, offset, page),
            lambda exc: self._failed(generation, exc),
        )

    @property
    def by_meaning(self) -> bool:
        return bool(self.filters.get("meaning") and self.filters.get("q"))

    def refresh(self) -> None:
        """Fetch the rows shown again and swap them in at once (a change in memory); a long table, or one
        still loading, is reloaded from its start instead."""
        if self.loading or len(self.items) > REFRESH_IN_PLACE:
            self.reload()
            return
        self._generation += 1
        self.loading = True
        generation, kind, filters = self._generation, self.kind, dict(self.filters)
        limit = max(len(self.items) + NEW_ROWS, self.page_size)  # the rows shown and those just added above
        self.tasks.run(
            lambda c: fetch_page(c, kind, 0, limit, filters),
            lambda page: self._swapped(generation, page),
            lambda exc: self._failed(generation, exc),
        )

    def _swapped(self, generation: int, page: dict) -> None:
        if generation != self._generation:
            return
        self.refreshing.emit()
        self.beginResetModel()
        self.loading, self.error = False, None
        self.items = list(page["items"])
        self.total = page["total"]
        self._texts = [self._format(item) for item in self.items]
        self._dimmed = [_dimmed(item) for item in self.items]
        self.endResetModel()
        self.refreshed.emit()
        self.page_loaded.emit(len(self.items), self.total)

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
            dimmed = [_dimmed(item) for item in new]
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

    def row_of(self, ref: str) -> int | None:
        return next((r for r, i in enumerate(self.items) if i["ref"] == ref), None)


def _dimmed(item: dict) -> bool:
    """Dismissed or superseded rows are greyed."""
    return bool(item.get("dismissed") or item.get("status") == "superseded")
