"""Memory: facts, episodes and turns as tables that page from the API, searched by their words or by meaning and
filtered; a fact's history and where it came from (its sentences, one click from their conversation); an
episode's related episodes and source facts; dismiss (with undo), restore and erase the selected rows, pin,
edit, promote; the review queue (contradictions and close calls: keep one or both; claims of an uncertain voice
and suggested rules: accept or drop). Every change, whoever made it, refreshes the rows shown in place."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QPoint, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from . import memory_detail as detail
from .page import Page, predicate_words, short_when
from .paged_model import PagedModel
from .tables import EmptyTextTable, WrappingTable


def _status(item: dict) -> str:
    """The Status cell: a match's strength when searched by meaning, else what is not plain live."""
    if item.get("relevance"):
        return item["relevance"]
    state = detail.state(item)
    if state in ("live", "active"):
        return "pinned" if item.get("always_inject") else ""
    return state


def _who(turn: dict) -> str:
    return "assistant" if turn["role"] == "assistant" else (turn.get("speaker_id") or "someone")


COLUMNS = {
    "facts": [
        ("Fact", lambda f: f["text"]),
        ("About", lambda f: f["subject"]),
        ("What", lambda f: predicate_words(f["predicate"])),
        ("Pool", detail.pool),
        ("Since", lambda f: short_when(f["valid_from"])),
        ("Status", _status),
    ],
    "episodes": [
        ("Episode", lambda e: e["headline"]),
        ("Who", lambda e: ", ".join(e["participants"])),
        ("Pool", detail.pool),
        ("When", lambda e: short_when(e["started_at"])),
        ("Status", _status),
    ],
    "turns": [
        ("Said", lambda t: t["text"]),
        ("Who", _who),
        ("Pool", detail.pool),
        ("Where", lambda t: t["thread"]),
        ("When", lambda t: short_when(t["ts"])),
        ("Status", _status),
    ],
}
# The texts the narrow columns are measured by (a typical long value of each).
SAMPLES = {
    "facts": ["household", "anniversary", "household", "30 Sep 23:59", "superseded"],
    "episodes": ["alice, bob", "household", "30 Sep 23:59", "dismissed"],
    "turns": ["assistant", "household", "living-room", "30 Sep 23:59", "dismissed"],
}
STATUSES = {
    "facts": ("live", "dismissed", "superseded", "all"),
    "episodes": ("live", "dismissed", "all"),
    "turns": ("live", "dismissed", "cleared", "all"),
}
TABS = (("facts", "Facts"), ("episodes", "Episodes"), ("turns", "Turns"))
NOUNS = {"facts": ("fact", "facts"), "episodes": ("episode", "episodes"), "turns": ("turn", "turns")}
# What an empty table would show, when nothing filters it.
EMPTY = {
    "facts": "No facts yet. What people tell the assistant about themselves and the household (where they live "
    "and work, what they like, birthdays, standing rules) appears here a few minutes after a conversation ends.",
    "episodes": "No episodes yet. Each conversation gets a headline and a short summary here after it ends.",
    "turns": "No conversations yet. Everything said to the assistant, and its answers, appears here as it is said.",
    "review": "Nothing to review. Contradictions, claims of an uncertain voice and suggested rules appear here.",
}
REVIEW_KINDS = {
    "contradiction": "two facts disagree",
    "claim": "whose is this?",
    "rule": "a suggested rule",
}
# Review items holding a fact not stored yet: a claim of an uncertain voice, a suggested rule.
HELD_KINDS = ("claim", "rule")


def _count(n: int, kind: str) -> str:
    one, many = NOUNS[kind]
    return f"{n} {one if n == 1 else many}"


@dataclass
class _Place:
    """Where the reader is in a table, kept across a refresh: the selected rows, the current one, the top one."""

    selected: list[str] = field(default_factory=list)
    current: str | None = None
    top: str | None = None


class MemoryPage(Page):
    name, title, areas = "memory", "Memory", ("memory", "speakers", "entities")  # a rename relabels facts
    erase_requested = Signal(str)  # refs, comma-separated: the Erase page previews them

    def __init__(self, tasks, link, parent=None):
        super().__init__(tasks, link, parent)
        layout = QVBoxLayout(self)

        bar = QHBoxLayout()
        self.search = QLineEdit(placeholderText="Search…")
        self.search.setToolTip("Rows that contain these words")
        self.meaning = QCheckBox("By meaning")
        self.meaning.setToolTip(
            "Search by what the words mean, not the words themselves: “where does Bob teach?” finds “bob works "
            "at the primary school” (closest first; live memory only)"
        )
        self.speaker = QComboBox()
        self.speaker.addItem("Anyone", None)
        self.pool = QComboBox()
        for value, label in (("all", "Every pool"), ("household", "Household"), ("personal", "Personal")):
            self.pool.addItem(label, value)
        self.status = QComboBox()
        self.since = QLineEdit(placeholderText="since YYYY-MM-DD")
        self.until = QLineEdit(placeholderText="until YYYY-MM-DD")
        self.as_of = QLineEdit(placeholderText="true on YYYY-MM-DD")
        self.as_of.setToolTip("Show the facts that were true at this date (superseded ones included)")
        for edit in (self.since, self.until, self.as_of):
            edit.setMaximumWidth(135)
        self.refresh_button = QPushButton("Refresh")
        self.refresh_button.setToolTip("Load the tables again")
        self.refresh_button.clicked.connect(self.reload)
        for w in (self.search, self.meaning, self.speaker, self.pool, self.status, self.since, self.until):
            bar.addWidget(w)
        bar.addWidget(self.as_of)
        bar.addWidget(self.refresh_button)
        self.search.setMinimumWidth(160)
        layout.addLayout(bar)

        self.tabs = QTabWidget()
        self.models: dict[str, PagedModel] = {}
        self.views: dict[str, WrappingTable] = {}
        self._places: dict[str, _Place] = {}
        for kind, label in TABS:
            model = PagedModel(tasks, kind, COLUMNS[kind], parent=self)
            view = WrappingTable(SAMPLES[kind])
            view.setModel(model)
            view.selectionModel().currentRowChanged.connect(lambda cur, _prev, k=kind: self._selected(k, cur.row()))
            view.selectionModel().selectionChanged.connect(lambda *_: self._enable_actions())
            model.page_loaded.connect(lambda *_, k=kind: self._page_loaded(k))
            model.refreshing.connect(lambda k=kind: self._keep_place(k))
            model.refreshed.connect(lambda k=kind: self._restore_place(k))
            self.models[kind], self.views[kind] = model, view
            self.tabs.addTab(view, label)
        self.review = EmptyTextTable(0, 4)
        self.review.setHorizontalHeaderLabels(["What", "Facts", "Detail", "Since"])
        self.review.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.review.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.review.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.review.setWordWrap(True)
        self.review.verticalHeader().setVisible(False)
        self.review.horizontalHeader().setStretchLastSection(False)
        self.review.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.review.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.review.itemSelectionChanged.connect(self._review_selected)
        self.tabs.addTab(self.review, "Review")
        self.tabs.currentChanged.connect(self._tab_changed)

        self.detail = QTextBrowser()
        self.detail.setOpenLinks(False)
        self.detail.anchorClicked.connect(lambda url: self._show_ref(url.toString()))
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.detail, 1)
        buttons = QGridLayout()  # two rows: the detail pane stays narrow
        self.buttons: dict[str, QPushButton] = {}
        actions = (
            ("dismiss", "Dismiss", self.dismiss),
            ("restore", "Restore", self.restore),
            ("erase", "Erase…", self.erase),
            ("pin", "Pin", lambda: self.pin(True)),
            ("unpin", "Unpin", lambda: self.pin(False)),
            ("edit", "Edit…", self.edit),
            ("promote", "Promote", self.promote),
            ("accept", "Keep one…", self.accept_review),
            ("keep_both", "Keep both", self.keep_both),
        )
        tips = {
            "dismiss": "Hide the selected rows from the assistant (nothing is deleted; Undo or Restore brings "
            "them back)",
            "restore": "Bring the selected dismissed rows back",
            "erase": "Delete the selected rows for good, with a signed receipt (previewed on the Erase page first)",
            "pin": "Put this fact in every conversation",
            "promote": "Move this fact into the household's memory, for everyone",
        }
        for n, (key, text, slot) in enumerate(actions):
            button = QPushButton(text)
            button.clicked.connect(slot)
            button.setToolTip(tips.get(key, ""))
            buttons.addWidget(button, n // 5, n % 5)
            self.buttons[key] = button
        right_layout.addLayout(buttons)
        self.split = split = QSplitter()
        split.addWidget(self.tabs)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout.addWidget(split, 1)
        self._sized = False

        status = QHBoxLayout()
        self.count = QLabel()
        self.notice = QLabel()  # what the last change did ("Dismissed 3 facts.")
        self.undo_button = QPushButton("Undo")
        self.undo_button.setVisible(False)
        self.undo_button.clicked.connect(self.undo)
        status.addWidget(self.count)
        status.addSpacing(24)
        status.addWidget(self.notice)
        status.addWidget(self.undo_button)
        status.addStretch(1)
        layout.addLayout(status)

        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(300)
        self._filter_timer.timeout.connect(self.apply_filters)
        for edit in (self.search, self.since, self.until, self.as_of):
            edit.textChanged.connect(lambda _t: self._filter_timer.start())
        for box in (self.speaker, self.pool, self.status):
            box.currentIndexChanged.connect(lambda _i: self._filter_timer.start())
        self.meaning.toggled.connect(self._meaning_toggled)
        self.current: dict | None = None
        self.current_kind: str | None = None
        self._versions: list[dict] = []
        self._sources: dict | None = None
        self._undo: list[str] = []
        self._review_facts: dict[int, dict] = {}  # a review item's facts, by id: their fact_sources
        self._own_change = False
        self._fill_status("facts")
        self._enable_actions()

    # -- live changes ----------------------------------------------------------------------------------------
    def _changed(self, area: str) -> None:
        """Memory changed (here, in hearthctl, by the assistant): the rows shown are fetched again in place,
        keeping the reader's selection and scroll position; a page not on screen refreshes when shown."""
        if area not in self.areas or self._own_change:
            return
        if area == "speakers":
            self.tasks.run(lambda c: c.speakers(), self._speakers)
        if not self.isVisible():
            self._stale = True
            return
        self.refresh_in_place()

    def refresh_in_place(self) -> None:
        kind = self.kind
        if kind is not None:
            self.models[kind].refresh()  # another table is loaded again when its tab is shown
        self.tasks.run(lambda c: c.review(), self._review_items)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if not self._sized:  # the tables get the larger part (once the layout has its size)
            self._sized = True
            QTimer.singleShot(
                0, lambda: self.split.setSizes([int(self.split.width() * 0.62), int(self.split.width() * 0.38)])
            )

    # -- filters and loading -----------------------------------------------------------------------------------
    @property
    def kind(self) -> str | None:
        index = self.tabs.currentIndex()
        return TABS[index][0] if index < len(TABS) else None

    def _fill_status(self, kind: str) -> None:
        keep = self.status.currentText() or "live"
        self.status.blockSignals(True)
        self.status.clear()
        self.status.addItems(STATUSES[kind])
        self.status.setCurrentText(keep if keep in STATUSES[kind] else "live")
        self.status.blockSignals(False)

    def _meaning_toggled(self, on: bool) -> None:
        self.search.setPlaceholderText("Ask, e.g. where does Bob work?" if on else "Search…")
        self._enable_filters()
        self._filter_timer.start()

    def _enable_filters(self) -> None:
        by_meaning = self.meaning.isChecked()
        self.status.setEnabled(not by_meaning)  # recall finds live memory
        self.as_of.setEnabled(self.kind == "facts" and not by_meaning)

    def filters(self, kind: str) -> dict:
        by_meaning = self.meaning.isChecked() and bool(self.search.text().strip())
        return {
            "q": self.search.text().strip(),
            "meaning": by_meaning,
            "speaker": self.speaker.currentData(),
            "pool": self.pool.currentData(),
            "status": "live" if by_meaning else (self.status.currentText() or "live"),
            "since": self.since.text().strip(),
            "until": self.until.text().strip(),
            "as_of": self.as_of.text().strip() if kind == "facts" and not by_meaning else None,
        }

    def apply_filters(self) -> None:
        kind = self.kind
        if kind is not None:
            self.views[kind].set_empty_text("")
            self.models[kind].set_filters(self.filters(kind))
        self._show_detail(None, None)

    def refresh(self) -> None:
        self.tasks.run(lambda c: c.speakers(), self._speakers)
        self.apply_filters()
        self.tasks.run(lambda c: c.review(), self._review_items)

    def _tab_changed(self, _index: int) -> None:
        kind = self.kind
        self._enable_filters()
        if kind is not None:
            self._fill_status(kind)
            self.apply_filters()
        else:
            self.tasks.run(lambda c: c.review(), self._review_items)
            self._review_selected()
            self.count.setText("Waiting for a decision: which fact stays, or whose a fact is.")
            return
        self._show_count()

    def _speakers(self, speakers: list[dict]) -> None:
        chosen = self.speaker.currentData()
        self.speaker.blockSignals(True)
        self.speaker.clear()
        self.speaker.addItem("Anyone", None)
        for s in speakers:
            self.speaker.addItem(s["name"], s["id"])
        index = self.speaker.findData(chosen)
        self.speaker.setCurrentIndex(max(index, 0))
        self.speaker.blockSignals(False)

    def _show_count(self) -> None:
        kind = self.kind
        if kind is None:
            return
        model = self.models[kind]
        if model.error:
            self.count.setText(f"Could not load: {model.error}")
        elif model.by_meaning:
            self.count.setText(f"{_count(len(model.items), kind)} found by meaning, closest first")
        else:
            self.count.setText(f"{len(model.items)} of {model.total if model.total is not None else '…'} shown")

    def _filtered(self, kind: str) -> bool:
        f = self.filters(kind)
        return bool(f["q"] or f["speaker"] or f["pool"] != "all" or f["since"] or f["until"] or f["as_of"]) or (
            f["status"] != "live"
        )

    def _page_loaded(self, kind: str) -> None:
        model = self.models[kind]
        if not model.items and model.total == 0 and not model.error:
            if model.by_meaning:
                text = f"Nothing found by meaning for “{self.search.text().strip()}”."
            elif self._filtered(kind):
                text = f"No {NOUNS[kind][1]} match these filters."
            else:
                text = EMPTY[kind]
            self.views[kind].set_empty_text(text)
        if kind == self.kind:
            self._show_count()

    # -- keeping the reader's place across a refresh ---------------------------------------------------------
    def _keep_place(self, kind: str) -> None:
        view, model = self.views[kind], self.models[kind]
        rows = sorted({i.row() for i in view.selectionModel().selectedRows()})
        top = view.indexAt(QPoint(4, 4)).row()
        self._places[kind] = _Place(
            selected=[model.items[r]["ref"] for r in rows if r < len(model.items)],
            current=self.current["ref"] if self.current and self.current_kind == kind else None,
            top=model.items[top]["ref"] if 0 <= top < len(model.items) else None,
        )

    def _restore_place(self, kind: str) -> None:
        place = self._places.pop(kind, None)
        if place is None:
            return
        view, model = self.views[kind], self.models[kind]
        last = model.columnCount() - 1
        selection = QItemSelection()
        for ref in place.selected:
            row = model.row_of(ref)
            if row is not None:
                selection.select(model.index(row, 0), model.index(row, last))
        current = model.row_of(place.current) if place.current else None
        selections = view.selectionModel()
        if current is not None:
            selections.setCurrentIndex(model.index(current, 0), QItemSelectionModel.SelectionFlag.NoUpdate)
        elif place.current:  # the row shown went away (dismissed, erased)
            self._show_detail(None, None)
        selections.select(selection, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        top = model.row_of(place.top) if place.top else None
        if top is not None:
            view.scrollTo(model.index(top, 0), QAbstractItemView.ScrollHint.PositionAtTop)
        self._enable_actions()

    # -- the selected rows -------------------------------------------------------------------------------------
    def selected_items(self, kind: str | None = None) -> list[dict]:
        kind = kind or self.kind
        if kind is None:
            return []
        model = self.models[kind]
        rows = sorted({i.row() for i in self.views[kind].selectionModel().selectedRows()})
        return [model.items[r] for r in rows if r < len(model.items)]

    def _selected(self, kind: str, row: int) -> None:
        item = self.models[kind].item(row)
        if item is not None and self.current is not None and item == self.current:
            self.current = item  # the same row, fetched again: what is shown still holds
            return
        self._show_detail(kind, item)

    def _show_detail(self, kind: str | None, item: dict | None) -> None:
        self.current, self.current_kind = item, (kind if item else None)
        self._versions, self._sources = [], None
        self._enable_actions()
        if item is None or kind is None:
            self.detail.setHtml("<p style='color:gray'>Select a row to see its details.</p>")
            return
        self.detail.setHtml(detail.describe(kind, item))
        if kind == "facts":
            ref = item["ref"]
            self.tasks.run(lambda c: (c.fact_history(ref), c.fact_sources(ref)), lambda r: self._fact_found(item, r))
        elif kind == "episodes":
            self.tasks.run(lambda c: c.episode(item["id"]), lambda e: self._episode(item, e))

    def _showing(self, item: dict) -> bool:
        """Whether the detail pane still shows this row (a refresh may have fetched it again meanwhile)."""
        return self.current is not None and self.current["ref"] == item["ref"]

    def _fact_found(self, item: dict, found) -> None:
        if not self._showing(item):
            return
        self._versions, self._sources = found
        self._show_fact()

    def _show_fact(self) -> None:
        item = self.current
        if item is None:
            return
        body = detail.fact(item) + (detail.sources(self._sources) if self._sources else "")
        self.detail.setHtml(body + detail.history(item, self._versions))

    def _episode(self, item: dict, episode: dict) -> None:
        if self._showing(item):
            self.detail.setHtml(detail.episode(item, episode))

    def _show_ref(self, ref: str) -> None:
        if ref == "conversation" and self._sources is not None:
            self.detail.setHtml(detail.conversation(self._sources))
        elif ref == "back":
            self._show_fact()
        elif ref.startswith("episode:"):
            episode_id = int(ref.split(":")[1])
            self.tasks.run(lambda c: c.episode(episode_id), lambda e: self.detail.setHtml(detail.episode(e, e)))

    def _enable_actions(self) -> None:
        kind = self.kind
        chosen = self.selected_items() if kind else []
        one = (self.current if len(chosen) <= 1 and self.current_kind == kind else None) or {}
        fact = bool(one) and kind == "facts"
        live = [i for i in chosen if not i.get("dismissed")]
        dismissed = [i for i in chosen if i.get("dismissed")]
        for key, items, text in (("dismiss", live, "Dismiss"), ("restore", dismissed, "Restore")):
            self.buttons[key].setEnabled(bool(items))
            self.buttons[key].setText(f"{text} {len(items)}" if len(items) > 1 else text)
        self.buttons["erase"].setEnabled(bool(chosen))
        self.buttons["erase"].setText(f"Erase {len(chosen)}…" if len(chosen) > 1 else "Erase…")
        self.buttons["pin"].setEnabled(fact and not one.get("always_inject"))
        self.buttons["unpin"].setEnabled(fact and bool(one.get("always_inject")))
        self.buttons["edit"].setEnabled(fact)
        self.buttons["promote"].setEnabled(fact and one.get("owner_id") is not None)
        review = kind is None and bool(self.review.selectedItems())
        self.buttons["accept"].setEnabled(review)
        self.buttons["keep_both"].setEnabled(review)

    # -- actions -------------------------------------------------------------------------------------------
    def _act(self, call, done=None) -> None:
        """A change made here: the rows shown are fetched again in place; then the other views are told."""

        def finished(result):
            if done is not None:
                done(result)
            self.refresh_in_place()
            self._own_change = True
            try:
                self.tasks.changed.emit("memory")
            finally:
                self._own_change = False

        self.tasks.run(call, finished, self.error)

    def _say(self, text: str, undo: list[str] | None = None) -> None:
        self.notice.setText(text)
        self._undo = list(undo or [])
        self.undo_button.setVisible(bool(self._undo))

    def dismiss(self) -> None:
        kind = self.kind
        refs = [i["ref"] for i in self.selected_items() if not i.get("dismissed")]
        if kind is None or not refs:
            return
        self._act(
            lambda c: [c.dismiss(ref) for ref in refs],
            lambda _r: self._say(f"Dismissed {_count(len(refs), kind)}.", undo=refs),
        )

    def undo(self) -> None:
        refs = self._undo
        if refs:
            self._act(lambda c: [c.restore(ref) for ref in refs], lambda _r: self._say(f"Restored {len(refs)}."))

    def restore(self) -> None:
        kind = self.kind
        refs = [i["ref"] for i in self.selected_items() if i.get("dismissed")]
        if kind is not None and refs:
            self._act(
                lambda c: [c.restore(ref) for ref in refs],
                lambda _r: self._say(f"Restored {_count(len(refs), kind)}."),
            )

    def erase(self) -> None:
        """The Erase page previews the selected rows; erasing them is confirmed there, with its receipt."""
        refs = [i["ref"] for i in self.selected_items()]
        if refs:
            self.erase_requested.emit(",".join(refs))

    def pin(self, pinned: bool) -> None:
        if self.current:
            ref = self.current["ref"]
            self._act(lambda c: c.pin(ref, pinned))

    def edit(self) -> None:
        if not self.current:
            return
        ref = self.current["ref"]
        text, ok = QInputDialog.getText(
            self, "Edit fact", "How the fact reads (empty: back to the original):", text=self.current["text"]
        )
        if ok:
            self._act(lambda c: c.edit_fact(ref, text or None))

    def promote(self) -> None:
        if not self.current:
            return
        ref = self.current["ref"]
        answer = QMessageBox.question(
            self,
            "Promote fact",
            f"Move “{self.current['text']}” to the household pool? Everyone in the home will see it.",
        )
        if answer == QMessageBox.Yes:
            self._act(lambda c: c.promote(ref))

    # -- the review queue --------------------------------------------------------------------------------------
    def _review_items(self, items: list[dict]) -> None:
        chosen = self._review_item()
        self.review.blockSignals(True)
        self.review.setRowCount(len(items))
        for row, item in enumerate(items):
            for col, value in enumerate(
                (
                    REVIEW_KINDS.get(item["kind"], item["kind"].replace("_", " ")),
                    ", ".join(f"fact:{f}" for f in item["facts"]),
                    item["detail"] or "",
                    short_when(item["created_at"]),
                )
            ):
                cell = QTableWidgetItem(str(value))
                cell.setData(Qt.ItemDataRole.UserRole, item)
                cell.setToolTip(str(value))
                self.review.setItem(row, col, cell)
            if chosen and item["id"] == chosen["id"]:
                self.review.selectRow(row)
        self.review.resizeColumnToContents(0)
        self.review.resizeColumnToContents(1)
        self.review.resizeColumnToContents(3)
        self.review.resizeRowsToContents()
        self.review.blockSignals(False)
        self.review.set_empty_text("" if items else EMPTY["review"])
        self.tabs.setTabText(len(TABS), f"Review ({len(items)})" if items else "Review")
        if self.kind is None:
            self._review_selected()

    def _review_item(self) -> dict | None:
        cells = self.review.selectedItems()
        return cells[0].data(Qt.ItemDataRole.UserRole) if cells else None

    def _review_selected(self) -> None:
        item = self._review_item()
        self.current, self.current_kind = None, None
        self._enable_actions()
        held = item is not None and item["kind"] in HELD_KINDS
        self.buttons["accept"].setText("Accept" if held else "Keep one…")
        self.buttons["keep_both"].setText("Drop" if held else "Keep both")
        if item:
            self._show_review(item)
            ids = [f for f in item["facts"] if f not in self._review_facts]
            if ids:  # what each fact says, and where it came from
                self.tasks.run(
                    lambda c: [c.fact_sources(f) for f in ids],
                    lambda found: self._review_found(item, found),
                    lambda _exc: None,  # a fact gone meanwhile: its ref stays shown
                )
        else:
            self.detail.setHtml("<p style='color:gray'>Select an item to decide on it.</p>")

    def _review_found(self, item: dict, found: list[dict]) -> None:
        for sources in found:
            self._review_facts[sources["fact"]["id"]] = sources
        if self._review_item() is item:
            self._show_review(item)

    def _show_review(self, item: dict) -> None:
        facts = []
        for f in item["facts"]:
            sources = self._review_facts.get(f)
            if sources is None:
                facts.append(f"<li>fact:{f}</li>")
                continue
            said = "; ".join(f"“{html.escape(t['text'])}” ({html.escape(t['speaker'])})" for t in sources["turns"])
            facts.append(
                f"<li><b>{html.escape(sources['fact']['text'])}</b> — since "
                f"{short_when(sources['fact']['valid_from'])}{': ' + said if said else ''}</li>"
            )
        self.detail.setHtml(
            f"<h3>{html.escape(REVIEW_KINDS.get(item['kind'], item['kind']).capitalize())}</h3>"
            f"<p>{html.escape(item['detail'] or '')}</p><ul>{''.join(facts)}</ul>"
        )

    def _fact_choice(self, fact_id: int) -> str:
        """A fact as offered in Keep one: its text and its ref."""
        sources = self._review_facts.get(fact_id)
        return f"{sources['fact']['text']} (fact:{fact_id})" if sources else f"fact:{fact_id}"

    def accept_review(self) -> None:
        item = self._review_item()
        if not item:
            return
        item_id = item["id"]
        if item["kind"] in HELD_KINDS:  # "Was this Alice?" - yes: it goes into her pool
            self._act(lambda c: c.resolve_review(item_id, "accept"))
            return
        choices = [self._fact_choice(f) for f in item["facts"]]
        choice, ok = QInputDialog.getItem(self, "Keep one fact", "The fact that stays current:", choices, 0, False)
        found = re.search(r"fact:(\d+)", choice or "")
        if ok and found:
            keep = int(found.group(1))
            self._act(lambda c: c.resolve_review(item["id"], "accept", keep))

    def keep_both(self) -> None:
        item = self._review_item()
        if item:
            item_id, decision = item["id"], "drop" if item["kind"] in HELD_KINDS else "keep_both"
            self._act(lambda c: c.resolve_review(item_id, decision))
