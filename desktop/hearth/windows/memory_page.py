"""Memory: facts, episodes and turns as searchable, filterable tables that page from the API; a fact's history
and the facts true at a date; an episode's related episodes and source facts; dismiss, restore, pin, edit,
promote; the review queue (contradictions and close calls: keep one or both; claims of an uncertain voice and
suggested rules: accept or drop)."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
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
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from .page import Page, when
from .paged_model import PagedModel


def _pool(item: dict) -> str:
    return item.get("owner_id") or "household"


def _state(item: dict) -> str:
    if item.get("dismissed"):
        return "dismissed"
    if item.get("cleared"):
        return "cleared"
    return item.get("status", "live")


COLUMNS = {
    "facts": [
        ("Fact", lambda f: f["text"]),
        ("Subject", lambda f: f["subject"]),
        ("Predicate", lambda f: f["predicate"]),
        ("Pool", _pool),
        ("Status", _state),
        ("Pinned", lambda f: "yes" if f["always_inject"] else ""),
        ("Valid from", lambda f: when(f["valid_from"])),
        ("Valid to", lambda f: when(f["valid_to"])),
        ("Id", lambda f: f["id"]),
    ],
    "episodes": [
        ("Headline", lambda e: e["headline"]),
        ("Participants", lambda e: ", ".join(e["participants"])),
        ("Pool", _pool),
        ("Status", _state),
        ("Started", lambda e: when(e["started_at"])),
        ("Ended", lambda e: when(e["ended_at"])),
        ("Id", lambda e: e["id"]),
    ],
    "turns": [
        ("Text", lambda t: t["text"]),
        ("Role", lambda t: t["role"]),
        ("Speaker", lambda t: t["speaker_id"]),
        ("Band", lambda t: t["band"]),
        ("Pool", _pool),
        ("Thread", lambda t: t["thread"]),
        ("Status", _state),
        ("Said", lambda t: when(t["ts"])),
        ("Id", lambda t: t["id"]),
    ],
}
STATUSES = {
    "facts": ("live", "dismissed", "superseded", "all"),
    "episodes": ("live", "dismissed", "all"),
    "turns": ("live", "dismissed", "cleared", "all"),
}
TABS = (("facts", "Facts"), ("episodes", "Episodes"), ("turns", "Turns"))


class MemoryPage(Page):
    name, title, areas = "memory", "Memory", ("memory", "speakers", "entities")  # a rename relabels facts

    def __init__(self, tasks, link, parent=None):
        super().__init__(tasks, link, parent)
        layout = QVBoxLayout(self)

        bar = QHBoxLayout()
        self.search = QLineEdit(placeholderText="Search text…")
        self.speaker = QComboBox()
        self.speaker.addItem("Anyone", None)
        self.pool = QComboBox()
        for value, label in (("all", "Every pool"), ("household", "Household"), ("personal", "Personal")):
            self.pool.addItem(label, value)
        self.status = QComboBox()
        self.since = QLineEdit(placeholderText="since YYYY-MM-DD")
        self.until = QLineEdit(placeholderText="until YYYY-MM-DD")
        self.as_of = QLineEdit(placeholderText="facts as of YYYY-MM-DD")
        self.as_of.setToolTip("Show the facts that were true at this date (superseded ones included)")
        self.refresh_button = QPushButton("Refresh")
        self.refresh_button.setToolTip("Load the tables again")
        self.refresh_button.clicked.connect(self.reload)
        for w in (
            self.search,
            self.speaker,
            self.pool,
            self.status,
            self.since,
            self.until,
            self.as_of,
            self.refresh_button,
        ):
            bar.addWidget(w)
        self.search.setMinimumWidth(180)
        layout.addLayout(bar)

        self.tabs = QTabWidget()
        self.models: dict[str, PagedModel] = {}
        self.views: dict[str, QTableView] = {}
        for kind, label in TABS:
            model = PagedModel(tasks, kind, COLUMNS[kind], parent=self)
            view = QTableView()
            view.setModel(model)
            view.setSelectionBehavior(QAbstractItemView.SelectRows)
            view.setSelectionMode(QAbstractItemView.SingleSelection)
            view.setAlternatingRowColors(True)
            view.verticalHeader().setVisible(False)
            view.verticalHeader().setSectionResizeMode(QHeaderView.Fixed)  # no per-row measuring
            view.verticalHeader().setDefaultSectionSize(24)
            view.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)
            view.horizontalHeader().setStretchLastSection(False)
            view.setColumnWidth(0, 360)
            view.setWordWrap(False)
            view.selectionModel().currentRowChanged.connect(lambda cur, _prev, k=kind: self._selected(k, cur.row()))
            model.page_loaded.connect(lambda *_, k=kind: self._page_loaded(k))
            self.models[kind], self.views[kind] = model, view
            self.tabs.addTab(view, label)
        self.review = QTableWidget(0, 5)
        self.review.setHorizontalHeaderLabels(["Id", "Kind", "Facts", "Detail", "Since"])
        self.review.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.review.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.review.horizontalHeader().setStretchLastSection(True)
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
            ("pin", "Pin", lambda: self.pin(True)),
            ("unpin", "Unpin", lambda: self.pin(False)),
            ("edit", "Edit…", self.edit),
            ("promote", "Promote", self.promote),
            ("accept", "Keep one…", self.accept_review),
            ("keep_both", "Keep both", self.keep_both),
        )
        for n, (key, text, slot) in enumerate(actions):
            button = QPushButton(text)
            button.clicked.connect(slot)
            buttons.addWidget(button, n // 4, n % 4)
            self.buttons[key] = button
        right_layout.addLayout(buttons)
        self.split = split = QSplitter()
        split.addWidget(self.tabs)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout.addWidget(split, 1)
        self._sized = False
        self.count = QLabel()
        layout.addWidget(self.count)

        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(300)
        self._filter_timer.timeout.connect(self.apply_filters)
        for edit in (self.search, self.since, self.until, self.as_of):
            edit.textChanged.connect(lambda _t: self._filter_timer.start())
        for box in (self.speaker, self.pool, self.status):
            box.currentIndexChanged.connect(lambda _i: self._filter_timer.start())
        self.current: dict | None = None
        self._reselect: str | None = None
        self._own_change = False
        self._fill_status("facts")
        self._enable_actions(None)

    def _changed(self, area: str) -> None:
        """Memory changed (a new turn, an erase elsewhere): reload, unless the reader is deep in a table or has
        a row open; then the Refresh button says there is news, and the table stays where it is."""
        if self._own_change:
            return
        kind = self.kind
        busy_reading = kind is not None and (
            len(self.models[kind].items) > self.models[kind].page_size or self.current is not None
        )
        if area in self.areas and self.isVisible() and busy_reading:
            self._stale = True
            self.refresh_button.setText("Refresh (changed)")
            return
        super()._changed(area)

    def reload(self) -> None:
        self.refresh_button.setText("Refresh")
        super().reload()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if not self._sized:  # the tables get the larger part (once the layout has its size)
            self._sized = True
            QTimer.singleShot(
                0, lambda: self.split.setSizes([int(self.split.width() * 0.6), int(self.split.width() * 0.4)])
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

    def filters(self, kind: str) -> dict:
        return {
            "q": self.search.text().strip(),
            "speaker": self.speaker.currentData(),
            "pool": self.pool.currentData(),
            "status": self.status.currentText() or "live",
            "since": self.since.text().strip(),
            "until": self.until.text().strip(),
            "as_of": self.as_of.text().strip() if kind == "facts" else None,
        }

    def apply_filters(self) -> None:
        kind = self.kind
        if kind is not None:
            self.models[kind].set_filters(self.filters(kind))
        self._show_detail(None, None)

    def refresh(self) -> None:
        self.tasks.run(lambda c: c.speakers(), self._speakers)
        self.apply_filters()
        self.tasks.run(lambda c: c.review(), self._review_items)

    def _tab_changed(self, _index: int) -> None:
        kind = self.kind
        self.as_of.setEnabled(kind == "facts")
        if kind is not None:
            self._fill_status(kind)
            self.apply_filters()
        else:
            self.tasks.run(lambda c: c.review(), self._review_items)
            self._review_selected()
            self.count.setText("Contradictions waiting for a decision: keep one fact current, or keep both.")
            return
        self._count()

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

    def _count(self) -> None:
        kind = self.kind
        if kind is None:
            return
        model = self.models[kind]
        if model.error:
            self.count.setText(f"Could not load: {model.error}")
        else:
            self.count.setText(f"{len(model.items)} of {model.total if model.total is not None else '…'} shown")

    # -- the selected row --------------------------------------------------------------------------------------
    def _selected(self, kind: str, row: int) -> None:
        self._show_detail(kind, self.models[kind].item(row))

    def _show_detail(self, kind: str | None, item: dict | None) -> None:
        self.current = item
        self._enable_actions(kind if item else None)
        if item is None:
            self.detail.setHtml("<p style='color:gray'>Select a row to see its details.</p>")
            return
        self.detail.setHtml(_describe(kind, item))
        if kind == "facts":
            self.tasks.run(lambda c: c.fact_history(item["ref"]), lambda h: self._history(item, h))
        elif kind == "episodes":
            self.tasks.run(lambda c: c.episode(item["id"]), lambda e: self._episode(item, e))

    def _history(self, item: dict, history: list[dict]) -> None:
        if self.current is not item:
            return
        rows = "".join(
            f"<li>{'<b>' if h['id'] == item['id'] else ''}{html.escape(h['text'])} — "
            f"{when(h['valid_from'])} → {when(h['valid_to']) or 'now'} ({_state(h)})"
            f"{'</b>' if h['id'] == item['id'] else ''}</li>"
            for h in history
        )
        self.detail.setHtml(_describe("facts", item) + f"<h4>History</h4><ol>{rows}</ol>")

    def _episode(self, item: dict, episode: dict) -> None:
        if self.current is not item:
            return
        related = (
            "".join(
                f"<li><a href='{e['ref']}'>{html.escape(e['headline'])}</a> ({when(e['ended_at'])})</li>"
                for e in episode["related"]
            )
            or "<li>none</li>"
        )
        facts = "".join(f"<li>{html.escape(f['text'])}</li>" for f in episode["facts"]) or "<li>none</li>"
        self.detail.setHtml(
            _describe("episodes", item) + f"<p>{episode['turns']} turns</p>"
            f"<h4>Related episodes</h4><ul>{related}</ul><h4>Source facts</h4><ul>{facts}</ul>"
        )

    def _show_ref(self, ref: str) -> None:
        if ref.startswith("episode:"):
            self.tasks.run(lambda c: c.episode(int(ref.split(":")[1])), lambda e: self._show_detail("episodes", e))

    def _enable_actions(self, kind: str | None) -> None:
        item = self.current or {}
        fact = kind == "facts"
        self.buttons["dismiss"].setEnabled(kind is not None and not item.get("dismissed"))
        self.buttons["restore"].setEnabled(kind is not None and bool(item.get("dismissed")))
        self.buttons["pin"].setEnabled(fact and not item.get("always_inject"))
        self.buttons["unpin"].setEnabled(fact and bool(item.get("always_inject")))
        self.buttons["edit"].setEnabled(fact)
        self.buttons["promote"].setEnabled(fact and item.get("owner_id") is not None)
        review = self.kind is None and bool(self.review.selectedItems())
        self.buttons["accept"].setEnabled(review)
        self.buttons["keep_both"].setEnabled(review)

    # -- actions -------------------------------------------------------------------------------------------
    def _act(self, call) -> None:
        """A change made here: reload at once, keeping the row selected; then tell the other views."""
        reselect = self.current["ref"] if self.current else None

        def done(_result):
            self._reselect = reselect
            self.reload()
            self._own_change = True
            try:
                self.tasks.changed.emit("memory")
            finally:
                self._own_change = False

        self.tasks.run(call, done, self.error)

    def _page_loaded(self, kind: str) -> None:
        self._count()
        if self._reselect and kind == self.kind:
            model = self.models[kind]
            row = next((r for r, i in enumerate(model.items) if i["ref"] == self._reselect), None)
            if row is not None:
                self._reselect = None
                self.views[kind].selectRow(row)

    def dismiss(self) -> None:
        if self.current:
            ref = self.current["ref"]
            self._act(lambda c: c.dismiss(ref))

    def restore(self) -> None:
        if self.current:
            ref = self.current["ref"]
            self._act(lambda c: c.restore(ref))

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
        self.review.setRowCount(len(items))
        for row, item in enumerate(items):
            for col, value in enumerate(
                (
                    item["id"],
                    item["kind"],
                    ", ".join(f"fact:{f}" for f in item["facts"]),
                    item["detail"] or "",
                    when(item["created_at"]),
                )
            ):
                cell = QTableWidgetItem(str(value))
                cell.setData(Qt.UserRole, item)
                self.review.setItem(row, col, cell)
        self.tabs.setTabText(len(TABS), f"Review ({len(items)})" if items else "Review")

    def _review_item(self) -> dict | None:
        cells = self.review.selectedItems()
        return cells[0].data(Qt.UserRole) if cells else None

    def _review_selected(self) -> None:
        item = self._review_item()
        self.current = None
        self._enable_actions(None)
        held = item is not None and item["kind"] in HELD_KINDS
        self.buttons["accept"].setText("Accept" if held else "Keep one…")
        self.buttons["keep_both"].setText("Drop" if held else "Keep both")
        if item:
            self.detail.setHtml(
                f"<h3>Review item {item['id']}</h3><p>{html.escape(item['detail'] or '')}</p>"
                f"<p>Facts: {', '.join(f'fact:{f}' for f in item['facts'])}</p>"
            )

    def accept_review(self) -> None:
        item = self._review_item()
        if not item:
            return
        item_id = item["id"]
        if item["kind"] in HELD_KINDS:  # "Was this Alice?" - yes: it goes into her pool
            self._act(lambda c: c.resolve_review(item_id, "accept"))
            return
        choice, ok = QInputDialog.getItem(
            self, "Keep one fact", "The fact that stays current:", [f"fact:{f}" for f in item["facts"]], 0, False
        )
        if ok and choice:
            keep = int(choice.split(":")[1])
            self._act(lambda c: c.resolve_review(item["id"], "accept", keep))

    def keep_both(self) -> None:
        item = self._review_item()
        if item:
            item_id, decision = item["id"], "drop" if item["kind"] in HELD_KINDS else "keep_both"
            self._act(lambda c: c.resolve_review(item_id, decision))


# Review items holding a fact not stored yet: a claim of an uncertain voice, a suggested rule.
HELD_KINDS = ("claim", "rule")


def _describe(kind: str, item: dict) -> str:
    e = html.escape
    if kind == "facts":
        return (
            f"<h3>{e(item['text'])}</h3><p><b>{e(item['subject'])}</b> · {e(item['predicate'])} · "
            f"<b>{e(item['object'])}</b></p><p>Pool: {e(_pool(item))} · {e(item['provenance'])} · confidence "
            f"{item['confidence']:.2f} · supported {item['support_count']}× · used {item['use_count']}×</p>"
            f"<p>Valid {when(item['valid_from'])} → {when(item['valid_to']) or 'now'} · {e(_state(item))}"
            f"{' · pinned' if item['always_inject'] else ''}</p>"
        )
    if kind == "episodes":
        return (
            f"<h3>{e(item['headline'])}</h3><p>{e(item['summary'])}</p><p>{when(item['started_at'])} → "
            f"{when(item['ended_at'])} · {e(', '.join(item['participants']))} · pool {e(_pool(item))}</p>"
        )
    return (
        f"<h3>{e(item['role'])}{' · ' + e(item['speaker_id']) if item.get('speaker_id') else ''}</h3>"
        f"<p>{e(item['text'])}</p><p>{when(item['ts'])} · thread {e(str(item['thread']))} · band "
        f"{e(item['band'])} · pool {e(_pool(item))} · {e(_state(item))}</p>"
    )
