"""The People page against a real daemon: the household's people first, then what it talks about, with their
aliases, relations, facts, rules and voice; rename, aliases, merge (a refusal shown, not crashed on), split; a
change made elsewhere arriving by its event; and adding a person step by step (name, who they are, their voice
from espeak-ng recordings, a test identification), also as the first run's welcome."""

from __future__ import annotations

import shutil
import time

import pytest

from hearth.windows.add_person import DONE, NAME, TEST, VOICE, WHO
from hearth.windows.people_page import choice_label
from hearthd.entities import resolve
from tests.helpers import FEMALE, MALE, idle, speak


def _people(daemon) -> dict:
    def write(tx):
        now = time.time()
        ids = {}
        for speaker, name in (("alice", "Alice"), ("bob", "Bob")):
            tx.execute("INSERT INTO speakers(id, name, created_at) VALUES (?, ?, ?)", (speaker, name, now))
            ids[speaker] = resolve.person_of_speaker(tx, speaker, now)
        for key, kind, name in (
            ("sara", "person", "Sara"),
            ("sarah", "person", "Sarah"),
            ("biscuit", "pet", "Biscuit"),
        ):
            ids[key] = tx.execute(
                "INSERT INTO entities(kind, name, created_at) VALUES (?, ?, ?)", (kind, name, now)
            ).lastrowid
            resolve.add_alias(tx, ids[key], name)
        resolve.link(tx, ids["alice"], "friend", ids["sara"], now)
        for key, entity, predicate, obj in (
            ("porto", "sara", "lives_in", "Porto"),
            ("acme", "sara", "works_at", "Acme"),
            ("braga", "sarah", "lives_in", "Braga"),
        ):
            ids[key] = tx.execute(
                "INSERT INTO facts(subject, predicate, object, text, owner_id, valid_from, recorded_at, "
                "subject_entity) VALUES (?, ?, ?, ?, 'alice', ?, ?, ?)",
                (
                    resolve.subject_label(tx, ids[entity]),
                    predicate,
                    obj,
                    f"{resolve.display_name(tx, ids[entity])} {predicate.replace('_', ' ')} {obj}",
                    now - 60,
                    now,
                    ids[entity],
                ),
            ).lastrowid
        return ids

    return daemon.store.writer.write(write)


def _by_id(page) -> dict:
    return {e["id"]: e for e in page.entities}


def _select(qtbot, page, entity_id: int) -> dict:
    qtbot.waitUntil(lambda: entity_id in _by_id(page), timeout=10_000)
    assert page.select(entity_id)
    qtbot.waitUntil(lambda: page.current is not None and page.current["id"] == entity_id, timeout=10_000)
    return page.current


def test_people_and_things_page(qtbot, served, hearth, window, dialogs):
    ids = _people(served)
    served.client().add_rule("Keep your answers short", speaker="alice")
    page = window.show_page("entities")  # its name before it was the People page
    assert page is window.stack.currentWidget() and page.title == "People"
    page.reload()
    qtbot.waitUntil(lambda: {ids["sara"], ids["biscuit"], ids["alice"]} <= set(_by_id(page)), timeout=10_000)
    names = [page.table.item(r, 0).text() for r in range(page.table.rowCount())]
    assert names[:2] == ["Alice", "Bob"] and names.index("Sara") < names.index("Biscuit")  # people first
    rows = {name: r for r, name in enumerate(names)}
    assert page.table.item(rows["Sara"], 1).text() == "person"
    assert page.table.item(rows["Sara"], 3).text() == "2"
    assert page.table.item(rows["Alice"], 2).text() == "none"  # speaks, no voice enrolled
    assert page.table.item(rows["Sara"], 2).text() == ""  # talked about

    # One entity's facts and relations; a person's rules and voice.
    sara = _select(qtbot, page, ids["sara"])
    assert {f["object"] for f in sara["facts"]} == {"Porto", "Acme"}
    assert page.facts.rowCount() == 2 and "Alice's friend is Sara" in page.heading.text()
    assert "Named as:</b> Alice's friend" in page.heading.text()
    assert {page.facts.item(r, 1).text() for r in range(2)} == {"lives in", "works at"}
    _select(qtbot, page, ids["alice"])
    qtbot.waitUntil(lambda: "Keep your answers short" in page.heading.text(), timeout=10_000)
    assert "not recognised by voice yet" in page.heading.text()

    # Rename (the old name stays an alias) and an alias.
    _select(qtbot, page, ids["sara"])
    dialogs.text = ("Sara Lopes", True)
    page.rename()
    qtbot.waitUntil(lambda: _by_id(page)[ids["sara"]]["name"] == "Sara Lopes", timeout=10_000)
    assert "Sara" in _by_id(page)[ids["sara"]]["aliases"]
    _select(qtbot, page, ids["sara"])
    dialogs.text = ("Sal", True)
    page.add_alias()
    qtbot.waitUntil(lambda: "Sal" in _by_id(page)[ids["sara"]]["aliases"], timeout=10_000)

    # Merge Sarah into Sara: her fact moves, the two cities wait in the review queue.
    _select(qtbot, page, ids["sarah"])
    dialogs.item = (choice_label(_by_id(page)[ids["sara"]]), True)
    page.merge()
    qtbot.waitUntil(lambda: ids["sarah"] not in _by_id(page), timeout=10_000)
    assert "review queue" in page.result.text()
    assert _by_id(page)[ids["sara"]]["fact_count"] == 3
    assert any(ids["braga"] in item["facts"] for item in served.client().review())

    # Split the work facts off: a second Sara.
    _select(qtbot, page, ids["sara"])
    qtbot.waitUntil(lambda: page.facts.rowCount() == 3, timeout=10_000)
    row = next(r for r in range(page.facts.rowCount()) if page.facts.item(r, 0).data(256)["id"] == ids["acme"])
    page.facts.selectRow(row)
    assert page.selected_facts() == [ids["acme"]] and page.buttons["split"].isEnabled()
    dialogs.text = ("Sara from work", True)
    page.split()
    qtbot.waitUntil(lambda: any(e["name"] == "Sara from work" for e in page.entities), timeout=10_000)
    new = next(e for e in page.entities if e["name"] == "Sara from work")
    assert new["kind"] == "person" and new["fact_count"] == 1

    # A refusal is shown, and nothing changes.
    _select(qtbot, page, ids["alice"])
    dialogs.item = (choice_label(_by_id(page)[ids["bob"]]), True)
    page.merge()
    qtbot.waitUntil(lambda: any("two speaking people" in text for _kind, text in dialogs.shown), timeout=10_000)
    assert "Not changed" in page.result.text()
    assert {ids["alice"], ids["bob"]} <= set(_by_id(page))

    # A change made elsewhere arrives by its event.
    served.client().rename_entity(ids["biscuit"], "Biscuit the dog")
    qtbot.waitUntil(lambda: _by_id(page)[ids["biscuit"]]["name"] == "Biscuit the dog", timeout=10_000)
    idle(qtbot, hearth)


def test_the_kind_filter(qtbot, served, hearth, window):
    ids = _people(served)
    page = window.show_page("people")
    page.reload()
    qtbot.waitUntil(lambda: ids["biscuit"] in _by_id(page), timeout=10_000)
    page.kind.setCurrentIndex(page.kind.findData("pet"))
    qtbot.waitUntil(lambda: [e["name"] for e in page.entities] == ["Biscuit"], timeout=10_000)
    idle(qtbot, hearth)


def _voices(tmp_path) -> dict[str, list[str]]:
    paths = {}
    for voice in (FEMALE, MALE):
        for i in range(5):
            speak(tmp_path, voice, i)
        paths[voice] = sorted(str(p) for p in tmp_path.glob(f"{voice.replace('+', '_')}-*.wav"))
    return paths


def _enroll_step_by_step(qtbot, dialog, recordings: list[str], test: str) -> None:
    """The voice step, enrollment and the test identification, as a person clicks through them."""
    qtbot.waitUntil(lambda: dialog.step == VOICE, timeout=5_000)
    assert not dialog.next_button.isEnabled()  # no recording yet
    dialog.add_files(recordings)
    qtbot.waitUntil(lambda: len(dialog.samples) == len(recordings), timeout=10_000)
    assert dialog.next_button.text() == "Enroll" and dialog.next_button.isEnabled()
    dialog.next_button.click()
    qtbot.waitUntil(lambda: dialog.step == TEST, timeout=120_000)
    dialog.test_file(test)
    qtbot.waitUntil(lambda: dialog.recognised is not None, timeout=60_000)
    assert dialog.recognised, dialog.test_result.text()
    dialog.next_button.click()
    assert dialog.step == DONE and "is in the household" in dialog.done_text.text()
    dialog.next_button.click()
    assert not dialog.isVisible()


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_the_first_run_adds_a_person_step_by_step_then_links_one_the_household_talks_about(
    qtbot, served, hearth, window, tmp_path
):
    ids = _people(served)  # Sara is talked about (Alice's friend), and speaks to nobody yet
    paths = _voices(tmp_path)
    hearth.offer_first_run()  # nobody has a voice: the welcome
    page = window.page("people")
    qtbot.waitUntil(lambda: page.dialog is not None and page.dialog.isVisible(), timeout=10_000)
    dialog = page.dialog
    assert dialog.welcome and "Welcome to Hearth" in dialog.intro.text()
    assert dialog.step == NAME and not dialog.next_button.isEnabled()
    dialog.name.setText("Alice")
    qtbot.waitUntil(lambda: dialog.known, timeout=10_000)
    dialog.next_button.click()
    assert dialog.step == WHO  # Alice is a person here already (her words are remembered): linked, not doubled
    assert dialog.choices.currentItem().text().startswith("Alice — a person here")
    assert dialog.choice() == (None, "alice", False)
    dialog.next_button.click()
    _enroll_step_by_step(qtbot, dialog, paths[FEMALE][:3], paths[FEMALE][4])
    speakers = {s["id"]: s for s in served.client().speakers()}
    assert speakers["alice"]["enrolled"] and speakers["alice"]["samples"] == 3 and len(speakers) == 2

    # Someone with a voice now: no welcome again.
    page.dialog = None
    hearth.offer_first_run()
    idle(qtbot, hearth)
    assert page.dialog is None

    # Sara, whom the household talks about, gets her voice: her memory stays hers.
    dialog = page.add_person()
    dialog.name.setText("sara")
    qtbot.waitUntil(lambda: dialog.known, timeout=10_000)
    dialog.next_button.click()
    assert dialog.choices.currentItem().text().startswith("Sara — talked about (2 facts, Alice's friend)")
    dialog.next_button.click()
    _enroll_step_by_step(qtbot, dialog, paths[MALE][:3], paths[MALE][4])
    qtbot.waitUntil(lambda: any(e.get("speaker_id") == "sara" for e in page.entities), timeout=10_000)
    sara = next(e for e in page.entities if e.get("speaker_id") == "sara")
    assert sara["id"] == ids["sara"] and sara["fact_count"] == 2  # the same person, not a second Sara
    assert page.select_speaker("sara")
    qtbot.waitUntil(lambda: "recognised by their voice, from 3 recordings" in page.heading.text(), timeout=10_000)
    idle(qtbot, hearth)


def test_the_add_a_person_dialog_says_when_no_microphone_can_record(qtbot, hearth, window, monkeypatch):
    from hearth import microphone

    monkeypatch.setattr(microphone, "unavailable", lambda: "no microphone (input device) was found")
    dialog = window.add_person()
    dialog.name.setText("Dana")
    qtbot.waitUntil(lambda: dialog.known, timeout=10_000)
    dialog.next_button.click()
    assert dialog.step == VOICE  # nobody to link her to: straight to her voice
    assert not dialog.record_button.isEnabled()
    assert dialog.mic_note.text() == "No recording from here: no microphone (input device) was found."
    dialog.reject()
    idle(qtbot, hearth)


def test_the_welcome_can_be_told_not_to_show_at_start(qtbot, hearth, window):
    from PySide6.QtCore import QSettings, QStandardPaths

    QStandardPaths.setTestModeEnabled(True)  # QSettings in a test location, not the user's
    try:
        QSettings("Hearth", "hearth").clear()
        hearth.first_run = True  # as main() starts it
        page = window.page("people")
        hearth.offer_first_run()
        qtbot.waitUntil(lambda: page.dialog is not None and page.dialog.isVisible(), timeout=10_000)
        assert page.dialog.dont_show.isVisible() and page.dialog.cancel_button.text() == "Later"
        page.dialog.dont_show.setChecked(True)
        page.dialog.reject()
        page.dialog = None
        hearth.offer_first_run()  # the next start
        idle(qtbot, hearth)
        assert page.dialog is None
    finally:
        QSettings("Hearth", "hearth").clear()
        QStandardPaths.setTestModeEnabled(False)
