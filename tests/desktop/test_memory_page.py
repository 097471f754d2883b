"""The Memory page a person can use, against a real daemon: columns that fit the window (wrapped facts, short
dates, predicates in words), where a fact came from one click away, search by meaning (the real model finds a
fact by a paraphrase), dismiss several rows and undo, erase the selected rows through the Erase page, empty
tables that say what would appear, and every change (from hearthctl, the API or the page itself) refreshing
the rows shown in place."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt, QUrl

from hearth.windows.memory_page import EMPTY
from hearth.windows.page import predicate_words, short_when
from tests.helpers import ctl, form, idle, insert_facts, real_loader, say


def loaded(qtbot, page, kind: str = "facts", total: int | None = None):
    model = page.models[kind]
    qtbot.waitUntil(
        lambda: (
            not page._filter_timer.isActive()
            and not model.loading
            and model.total is not None
            and (total is None or model.total == total)
        ),
        timeout=10_000,
    )
    return model


def cells(page, kind: str, column: int) -> list[str]:
    model = page.models[kind]
    return [model.data(model.index(r, column)) for r in range(model.rowCount())]


def select_rows(qtbot, page, kind: str, predicate) -> list[dict]:
    model, view = page.models[kind], page.views[kind]
    view.clearSelection()
    rows = [r for r, i in enumerate(model.items) if predicate(i)]
    for r in rows:
        view.selectionModel().select(
            model.index(r, 0), view.selectionModel().SelectionFlag.Select | view.selectionModel().SelectionFlag.Rows
        )
    view.selectionModel().setCurrentIndex(model.index(rows[0], 0), view.selectionModel().SelectionFlag.NoUpdate)
    return [model.items[r] for r in rows]


def test_the_fact_table_fits_the_window_and_reads_as_words(qtbot, served, hearth, window):
    client = served.client()
    client.remember("Bob works at the primary school", subject="bob", predicate="works_at", object="the school")
    client.remember("Bob's sister is called Maria", subject="bob", predicate="family_member", object="Maria")
    long = (
        "The spare key to the garden shed is kept in the blue flowerpot beside the back door, under the loose "
        "stone, and the neighbours at number twelve have the other copy"
    )
    client.remember(long)
    window.resize(1280, 800)
    page = window.show_page("memory")
    page.reload()
    loaded(qtbot, page, total=3)
    idle(qtbot, hearth)
    qtbot.wait(50)
    view = page.views["facts"]
    columns = sum(view.columnWidth(c) for c in range(page.models["facts"].columnCount()))
    assert columns <= view.viewport().width()  # nothing scrolls sideways
    assert {"works at", "family"} <= set(cells(page, "facts", 2))
    assert predicate_words("family_member") == "family" and predicate_words("lives_in") == "lives in"
    since = cells(page, "facts", 4)
    assert all(re.fullmatch(r"\d{1,2} \w{3} (\d\d:\d\d|\d{4})", s) for s in since), since
    row = next(r for r, f in enumerate(page.models["facts"].items) if f["text"] == long)
    assert view.rowHeight(row) >= 2 * view.fontMetrics().lineSpacing()  # the long fact wraps
    short = next(r for r, f in enumerate(page.models["facts"].items) if f["predicate"] == "works_at")
    assert view.rowHeight(short) < view.rowHeight(row)


def test_short_dates():
    from datetime import datetime

    now = datetime(2026, 12, 5, 9, 0).astimezone()
    assert short_when(datetime(2026, 12, 1, 14, 3).astimezone().isoformat(), now) == "1 Dec 14:03"
    assert short_when(datetime(2025, 12, 1, 14, 3).astimezone().isoformat(), now) == "1 Dec 2025"
    assert short_when(None) == ""


def test_a_facts_sentence_and_its_conversation_are_one_click_away(qtbot, served, hearth, window):
    client = served.client()
    say(
        client,
        ["Good morning.", "We are planning the garden party for Saturday.", "I work as a teacher at the school."],
        "2026-04-01T10:00:00Z",
    )
    form(client)
    page = window.show_page("memory")
    page.reload()
    model = loaded(qtbot, page)
    row = next(r for r, f in enumerate(model.items) if f["predicate"] == "works_as")
    page.views["facts"].selectRow(row)
    qtbot.waitUntil(lambda: "Where it came from" in page.detail.toPlainText(), timeout=5_000)
    text = page.detail.toPlainText()
    assert "“I work as a teacher at the school.”" in text and "alice" in text and "in kitchen" in text
    assert "Show the conversation (6 turns)" in text

    page.detail.anchorClicked.emit(QUrl("conversation"))  # the link's click
    conversation = page.detail.toPlainText()
    assert "The conversation in kitchen" in conversation
    said = conversation.split("highlighted.")[1]
    assert said.index("Good morning.") < said.index("garden party") < said.index("I work as a teacher")
    page.detail.anchorClicked.emit(QUrl("back"))
    assert "Where it came from" in page.detail.toPlainText()

    told = client.remember("The bins go out on Thursday")["fact"]
    qtbot.waitUntil(lambda: model.row_of(told["ref"]) is not None, timeout=10_000)
    page.views["facts"].selectRow(model.row_of(told["ref"]))
    qtbot.waitUntil(lambda: "Told to the assistant directly" in page.detail.toPlainText(), timeout=5_000)


@pytest.mark.parametrize("loader", [real_loader])
def test_search_by_meaning_finds_a_fact_by_a_paraphrase(qtbot, served, hearth, window):
    client = served.client()
    client.remember(
        "Alice works as a nurse at the city hospital", subject="alice", predicate="works_as", object="nurse"
    )
    client.remember("The bins go out on Thursday")
    client.remember("Bob's favourite football team is Benfica", subject="bob", predicate="likes", object="Benfica")
    page = window.show_page("memory")
    page.reload()
    loaded(qtbot, page, total=3)
    page.search.setText("what is her job")
    loaded(qtbot, page, total=0)  # no fact holds these words
    assert page.views["facts"].empty_text == "No facts match these filters."
    page.meaning.setChecked(True)
    model = loaded(qtbot, page)
    qtbot.waitUntil(lambda: model.by_meaning and bool(model.items), timeout=10_000)
    assert [f["text"] for f in model.items] == ["Alice works as a nurse at the city hospital"]  # the weak left out
    assert "found by meaning" in page.count.text()
    assert not page.status.isEnabled()
    page.meaning.setChecked(False)
    loaded(qtbot, page, total=0)


def test_dismiss_several_facts_then_undo_restores_them(qtbot, served, hearth, window):
    client = served.client()
    for text in ("The bins go out on Thursday", "The plumber comes on Friday", "The wifi password is on the fridge"):
        client.remember(text)
    keep = client.remember("Bob's birthday is on the 12th of May")["fact"]
    page = window.show_page("memory")
    page.reload()
    model = loaded(qtbot, page, total=4)
    chosen = select_rows(qtbot, page, "facts", lambda f: f["id"] != keep["id"])
    assert len(chosen) == 3 and page.buttons["dismiss"].text() == "Dismiss 3"
    qtbot.mouseClick(page.buttons["dismiss"], Qt.LeftButton)
    qtbot.waitUntil(lambda: [f["id"] for f in client.facts()] == [keep["id"]], timeout=10_000)
    qtbot.waitUntil(lambda: model.total == 1 and not model.loading, timeout=10_000)  # no Refresh pressed
    assert page.notice.text() == "Dismissed 3 facts." and page.undo_button.isVisible()

    qtbot.mouseClick(page.undo_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: len(client.facts()) == 4, timeout=10_000)
    qtbot.waitUntil(lambda: model.total == 4 and not model.loading, timeout=10_000)
    assert page.notice.text() == "Restored 3." and not page.undo_button.isVisible()
    assert [e["action"] for e in client.audit()][:6] == ["restore"] * 3 + ["dismiss"] * 3


def test_erase_the_selected_rows_on_the_erase_page(qtbot, served, hearth, window, dialogs, tmp_path):
    client = served.client()
    a = client.remember("The bins go out on Thursday")["fact"]
    b = client.remember("The plumber comes on Friday")["fact"]
    client.remember("Bob's birthday is on the 12th of May")
    page = window.show_page("memory")
    page.reload()
    loaded(qtbot, page, total=3)
    select_rows(qtbot, page, "facts", lambda f: f["id"] in (a["id"], b["id"]))
    assert page.buttons["erase"].text() == "Erase 2…"
    qtbot.mouseClick(page.buttons["erase"], Qt.LeftButton)
    erase = window.stack.currentWidget()
    assert erase is window.page("erase") and erase.value.text() == f"{b['ref']},{a['ref']}"
    qtbot.waitUntil(lambda: erase.preview is not None, timeout=10_000)
    assert erase.preview["counts"]["facts"] == 2
    dialogs.save_path = str(tmp_path / "receipt.json")
    erase.confirm_erase()
    qtbot.waitUntil(lambda: len(client.facts()) == 1, timeout=10_000)


def test_empty_tables_say_what_would_appear(qtbot, served, hearth, window):
    page = window.show_page("memory")
    page.reload()
    loaded(qtbot, page, total=0)
    assert page.views["facts"].empty_text == EMPTY["facts"]
    page.tabs.setCurrentIndex(2)
    loaded(qtbot, page, "turns", total=0)
    assert page.views["turns"].empty_text == EMPTY["turns"]
    page.tabs.setCurrentIndex(3)
    idle(qtbot, hearth)
    assert page.review.empty_text == (
        "Nothing to review. Contradictions, claims of an uncertain voice and suggested rules appear here."
    )
    assert not page.views["facts"].grab().isNull()  # the message paints


def test_every_change_refreshes_the_rows_shown_in_place(qtbot, served, hearth, window, data_dir):
    insert_facts(served, 300)
    page = window.show_page("memory")
    page.reload()
    model, view = page.models["facts"], page.views["facts"]
    loaded(qtbot, page, total=300)
    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())
    qtbot.waitUntil(lambda: model.rowCount() == 300, timeout=10_000)
    chosen = select_rows(qtbot, page, "facts", lambda f: f is model.items[250])[0]
    view.scrollTo(model.index(250, 0))
    top = view.indexAt(view.viewport().rect().topLeft()).row()

    result = ctl(data_dir, "remember", "The recycling goes out on Friday")  # hearthctl, another process
    assert result.returncode == 0, result.stderr
    qtbot.waitUntil(lambda: model.total == 301 and model.rowCount() == 301, timeout=10_000)  # no Refresh
    assert [i["ref"] for i in page.selected_items()] == [chosen["ref"]]  # the reader keeps their row ...
    assert page.current["ref"] == chosen["ref"]
    assert abs(view.indexAt(view.viewport().rect().topLeft()).row() - (top + 1)) <= 1  # ... and their place

    served.client().dismiss(chosen["ref"])  # the API, elsewhere: the row goes
    qtbot.waitUntil(lambda: model.row_of(chosen["ref"]) is None and model.total == 300, timeout=10_000)
    assert page.current is None
    idle(qtbot, hearth)
