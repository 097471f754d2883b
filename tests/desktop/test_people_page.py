"""The People & things page against a real daemon: the entities with their aliases, relations and fact counts,
one entity's facts, rename, aliases, merge (a refusal shown, not crashed on), split, and a change made elsewhere
arriving by the entity.* events."""

from __future__ import annotations

import time

from hearth.windows.entities_page import choice_label
from hearthd.entities import resolve
from tests.helpers import idle


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
    page = window.show_page("entities")
    assert page is window.stack.currentWidget() and page.title == "People & things"
    page.reload()
    qtbot.waitUntil(lambda: {ids["sara"], ids["biscuit"], ids["alice"]} <= set(_by_id(page)), timeout=10_000)
    rows = {page.table.item(r, 1).text(): r for r in range(page.table.rowCount())}
    sara_row = rows["Sara"]
    assert page.table.item(sara_row, 0).text() == "person"
    assert page.table.item(sara_row, 3).text() == "Alice's friend"
    assert page.table.item(sara_row, 4).text() == "2"
    assert page.table.item(rows["Alice"], 5).text() == "alice"

    # One entity's facts and relations.
    sara = _select(qtbot, page, ids["sara"])
    assert {f["object"] for f in sara["facts"]} == {"Porto", "Acme"}
    assert page.facts.rowCount() == 2 and "Alice's friend is Sara" in page.heading.text()

    # Rename (the old name stays an alias) and an alias.
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
    row = next(r for r in range(page.facts.rowCount()) if page.facts.item(r, 0).text() == str(ids["acme"]))
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
    page = window.show_page("entities")
    page.reload()
    qtbot.waitUntil(lambda: ids["biscuit"] in _by_id(page), timeout=10_000)
    page.kind.setCurrentIndex(page.kind.findData("pet"))
    qtbot.waitUntil(lambda: [e["name"] for e in page.entities] == ["Biscuit"], timeout=10_000)
    idle(qtbot, hearth)
