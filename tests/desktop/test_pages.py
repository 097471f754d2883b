"""The other pages against a real daemon: curating memory in the browser (dismiss, restore, pin, edit, promote,
history, as-of, an episode's related episodes, the review queue), speakers by voice, a missing microphone,
the audit log and the status page."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from hearth import microphone
from tests.helpers import form, idle, say, settle


def select(qtbot, page, kind: str, predicate) -> dict:
    """Select the first row of the page's table `kind` that satisfies predicate; its item."""
    model, view = page.models[kind], page.views[kind]
    qtbot.waitUntil(
        lambda: (
            not page._filter_timer.isActive()
            and model.total is not None
            and not model.loading
            and any(predicate(i) for i in model.items)
        ),
        timeout=10_000,
    )
    row = next(r for r, i in enumerate(model.items) if predicate(i))
    view.selectRow(row)
    assert page.current is model.items[row]
    return model.items[row]


def reloaded(qtbot, page, kind: str, predicate) -> dict:
    """After a change: the row as the reloaded table shows it."""
    model = page.models[kind]
    qtbot.waitUntil(lambda: not model.loading and any(predicate(i) for i in model.items), timeout=10_000)
    return next(i for i in model.items if predicate(i))


def test_curating_facts_in_the_memory_browser(qtbot, served, hearth, window, dialogs):
    client = served.client()
    client.remember("I live in Lisbon", speaker="alice", valid_from="2020-01-01T00:00:00Z")
    porto = client.remember("I live in Porto", speaker="alice", valid_from="2024-06-01T00:00:00Z")["fact"]
    page = window.show_page("memory")
    page.reload()

    fact = select(qtbot, page, "facts", lambda f: f["id"] == porto["id"])
    qtbot.waitUntil(lambda: "History" in page.detail.toPlainText(), timeout=5_000)
    history = page.detail.toPlainText().split("History")[1]
    assert "Lisbon" in history and "superseded" in history  # the version it replaced

    qtbot.mouseClick(page.buttons["pin"], Qt.LeftButton)
    qtbot.waitUntil(lambda: client.facts(speaker="alice")[0]["always_inject"], timeout=5_000)
    select(qtbot, page, "facts", lambda f: f["id"] == porto["id"] and f["always_inject"])

    dialogs.text = ("Alice lives in Porto", True)
    qtbot.mouseClick(page.buttons["edit"], Qt.LeftButton)
    reloaded(qtbot, page, "facts", lambda f: f["text"] == "Alice lives in Porto")

    select(qtbot, page, "facts", lambda f: f["id"] == porto["id"])
    qtbot.mouseClick(page.buttons["promote"], Qt.LeftButton)
    promoted = reloaded(qtbot, page, "facts", lambda f: f["id"] == porto["id"] and f["owner_id"] is None)
    assert promoted["text"] == "Alice lives in Porto"

    select(qtbot, page, "facts", lambda f: f["id"] == porto["id"])
    qtbot.mouseClick(page.buttons["dismiss"], Qt.LeftButton)
    qtbot.waitUntil(lambda: all(f["id"] != fact["id"] for f in client.facts()), timeout=5_000)
    page.status.setCurrentText("dismissed")
    select(qtbot, page, "facts", lambda f: f["id"] == porto["id"])
    qtbot.mouseClick(page.buttons["restore"], Qt.LeftButton)
    qtbot.waitUntil(lambda: any(f["id"] == fact["id"] for f in client.facts()), timeout=5_000)

    # As of a date: the facts true then.
    page.status.setCurrentText("live")
    page.as_of.setText("2022-01-01")
    qtbot.waitUntil(lambda: [f["object"] for f in page.models["facts"].items] == ["Lisbon"], timeout=5_000)
    page.as_of.setText("")
    page.search.setText("Porto")
    qtbot.waitUntil(lambda: [f["id"] for f in page.models["facts"].items] == [porto["id"]], timeout=5_000)
    actions = [e["action"] for e in client.audit() if e["target"] == porto["ref"]]
    assert actions == ["restore", "dismiss", "promote", "edit", "pin"]


def test_episodes_turns_and_the_review_queue(qtbot, served, hearth, window, dialogs):
    client = served.client()
    say(
        client,
        [
            "We are planning the garden party for Saturday.",
            "The garden party needs a big tent.",
            "I work as a teacher at the primary school.",
        ],
        "2026-04-01T10:00:00Z",
    )
    say(
        client,
        ["More about the garden party on Saturday.", "The tent for the garden party is booked."],
        "2026-04-03T10:00:00Z",
    )
    form(client)
    client.remember(
        "Bob lives in Faro", subject="bob", predicate="lives_in", object="Faro", valid_from="2026-01-01T00:00:00Z"
    )
    client.remember(
        "Bob lives in Braga", subject="bob", predicate="lives_in", object="Braga", valid_from="2026-01-01T00:00:00Z"
    )
    page = window.show_page("memory")
    page.reload()

    page.tabs.setCurrentIndex(1)
    older = page.models["episodes"]
    qtbot.waitUntil(lambda: len(older.items) == 2, timeout=5_000)
    select(qtbot, page, "episodes", lambda e: e["id"] == min(i["id"] for i in older.items))
    qtbot.waitUntil(lambda: "Related episodes" in page.detail.toPlainText(), timeout=5_000)
    text = page.detail.toPlainText()
    assert "teacher" in text and "garden party" in text.split("Related episodes")[1].lower()

    page.tabs.setCurrentIndex(2)
    page.speaker.setCurrentIndex(page.speaker.findData("alice"))
    qtbot.waitUntil(lambda: page.models["turns"].total == 5 and not page.models["turns"].loading, timeout=5_000)
    assert {t["speaker_id"] for t in page.models["turns"].items} == {"alice"}

    review = client.review()
    assert review, "two values for one moment make a contradiction to review"
    page.tabs.setCurrentIndex(3)
    qtbot.waitUntil(lambda: page.review.rowCount() == len(review), timeout=5_000)
    page.review.selectRow(0)
    detail = page.detail.toPlainText  # the facts by what they say, not by their refs
    qtbot.waitUntil(lambda: "Bob lives in Faro" in detail() and "Bob lives in Braga" in detail(), timeout=5_000)
    keep = review[0]["facts"][0]
    dialogs.item = (f"fact:{keep}", True)
    qtbot.mouseClick(page.buttons["accept"], Qt.LeftButton)
    qtbot.waitUntil(lambda: client.review() == [], timeout=5_000)
    assert client.review(resolved=True)[0]["resolution"] == f"accept fact:{keep}"


def test_a_claim_of_an_uncertain_voice_is_accepted_or_dropped_in_the_review_queue(qtbot, served, hearth, window):
    client = served.client()
    say(client, ["I'm allergic to penicillin."], "2026-04-01T10:00:00Z", band="medium")
    say(client, ["I work at the bank."], "2026-04-01T10:00:00Z", band="greeting", thread="hall")
    form(client)
    claims = [i for i in client.review() if i["kind"] == "claim"]
    assert len(claims) == 2 and all(i["detail"].startswith("Was this alice?") for i in claims)
    page = window.show_page("memory")
    page.reload()
    page.tabs.setCurrentIndex(3)
    qtbot.waitUntil(lambda: page.review.rowCount() == 2, timeout=5_000)
    rows = [page.review.item(r, 0).data(Qt.UserRole)["id"] for r in range(2)]
    page.review.selectRow(rows.index(claims[0]["id"]))
    assert (page.buttons["accept"].text(), page.buttons["keep_both"].text()) == ("Accept", "Drop")
    qtbot.mouseClick(page.buttons["accept"], Qt.LeftButton)
    qtbot.waitUntil(lambda: len(client.review()) == 1 and page.review.rowCount() == 1, timeout=5_000)
    page.review.selectRow(0)
    qtbot.mouseClick(page.buttons["keep_both"], Qt.LeftButton)
    qtbot.waitUntil(lambda: client.review() == [], timeout=5_000)
    facts = client.facts(speaker="alice")
    assert [f["object"] for f in facts] == ["penicillin"] and facts[0]["owner_id"] == "alice"


def test_a_missing_microphone_says_so_and_crashes_nothing(qtbot, hearth, window, dialogs, monkeypatch):
    monkeypatch.setattr(microphone, "unavailable", lambda: "no microphone (input device) was found")
    page = window.show_page("speakers")
    page.enroll_microphone()
    assert dialogs.shown == [
        (
            "information",
            "Cannot record: no microphone (input device) was found.\n\n"
            "Enroll from WAV files instead (any recorder can make them).",
        )
    ]
    with pytest.raises(microphone.MicrophoneUnavailable):
        microphone.record_wav(1.0)


def test_the_microphone_check_names_what_is_missing():
    reason = microphone.unavailable()
    assert reason is None or "PortAudio" in reason or "microphone" in reason or "sounddevice" in reason


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_enroll_identify_rename_and_remove_a_voice(qtbot, served, hearth, window, dialogs, tmp_path):
    from tests.helpers import FEMALE, MALE, speak

    paths = {}
    for voice in (FEMALE, MALE):
        for i in range(5):
            speak(tmp_path, voice, i)
        paths[voice] = sorted(str(p) for p in tmp_path.glob(f"{voice.replace('+', '_')}-*.wav"))
    page = window.show_page("speakers")
    dialogs.text = ("Alice", True)
    dialogs.open_paths = paths[FEMALE][:3]
    page.enroll_files()
    qtbot.waitUntil(lambda: "Enrolled Alice" in page.result.text(), timeout=120_000)
    qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=5_000)
    assert page.table.item(0, 2).text() == "enrolled"

    page.test_identification(paths[FEMALE][4])
    qtbot.waitUntil(lambda: "Identified" in page.result.text(), timeout=60_000)
    assert "Alice" in page.result.text() and "band high" in page.result.text()
    page.test_identification(paths[MALE][4])
    qtbot.waitUntil(lambda: "Identified" in page.result.text() and "Alice" not in page.result.text(), timeout=60_000)

    page.table.selectRow(0)
    dialogs.text = ("Alice Smith", True)
    page.rename()
    qtbot.waitUntil(lambda: page.table.item(0, 0).text() == "Alice Smith", timeout=5_000)
    page.table.selectRow(0)
    page.remove_voice()
    qtbot.waitUntil(lambda: page.table.item(0, 2).text() == "no voice", timeout=5_000)
    # Enrolling a name that is already a person's asks, and gives that person the voice (never "alice-2").
    dialogs.text = ("alice smith", True)
    page.enroll_files()
    qtbot.waitUntil(lambda: "Enrolled Alice Smith (alice)" in page.result.text(), timeout=120_000)
    assert page.table.rowCount() == 1 and any("already a person here" in text for _kind, text in dialogs.shown)
    # The band thresholds are the declared settings, edited in place.
    idle(qtbot, hearth)
    high = page.band_fields["speakers.band_high"].editor
    high.setValue(0.85)
    qtbot.waitUntil(lambda: served.settings["speakers.band_high"] == 0.85, timeout=5_000)


def test_audit_and_status_pages(qtbot, served, hearth, window):
    client = served.client()
    client.set_setting("memory.recall_top_k", 7)
    client.commit_turns([{"thread": "den", "role": "user", "text": "The boiler service is due in March"}])
    settle(served)
    audit = window.show_page("audit")
    audit.reload()
    qtbot.waitUntil(lambda: audit.table.rowCount() >= 1, timeout=5_000)
    assert audit.table.item(0, 2).text() == "settings.set" and audit.table.item(0, 3).text() == "memory.recall_top_k"

    status = window.show_page("status")
    status.reload()
    qtbot.waitUntil(lambda: status.labels["counts"].text().startswith("1 turns"), timeout=5_000)
    assert status.labels["model"].text() == served.embedder.model_ref
    assert status.labels["warnings"].text() == "none"
    assert status.labels["proxy"].text() == "memory proxy off (proxy.enabled)"
    assert sum(d["turns"] for d in status.chart.days) == 1
    axis, series = status.chart.series()
    assert series["turns"][-1] == 1
    assert not status.chart.grab().isNull()
    idle(qtbot, hearth)
    status.link.state_changed.emit("error", "hearthd keeps failing")  # the daemon gone: no dead pid shown
    assert status.labels["daemon"].text() == "not running: hearthd keeps failing"
    assert status.labels["uptime"].text() == "—"


def test_open_page_by_path(window):
    for name in ("settings", "speakers", "memory", "people", "sees", "erase", "audit", "status"):
        assert window.show_page(name) is window.stack.currentWidget()
    assert Path(window.windowTitle().split("— ", 1)[1]).name == "data"


def test_the_assistants_view_shows_the_exact_context_and_why_each_line_is_there(qtbot, served, hearth, window):
    client = served.client()
    client.remember("I am allergic to peanuts", speaker="alice", pin=True)
    client.remember("I live in Porto", speaker="alice")
    client.add_rule("Keep your answers short", speaker="alice")
    client.commit_turns([{"thread": "kitchen", "role": "user", "text": "Hello there", "speaker": "alice"}])
    page = window.show_page("sees")
    qtbot.waitUntil(lambda: page.person.findData("alice") >= 0, timeout=5_000)
    page.person.setCurrentIndex(page.person.findData("alice"))
    page.question.setText("where do I live?")
    page.conversation.setText("kitchen")
    page.show_context()
    qtbot.waitUntil(lambda: "[Turn context]" in page.preamble.toPlainText(), timeout=5_000)
    expected = client.context("where do I live?", speaker="alice", band="high", thread="kitchen")
    assert page.preamble.toPlainText().startswith(expected["message"])  # exactly what the assistant gets
    assert "user: Hello there" in page.preamble.toPlainText() and "tokens of memory" in page.cost.text()
    why = {page.lines.item(r, 0).text(): page.lines.item(r, 1).text() for r in range(page.lines.rowCount())}
    assert why["alice is allergic to peanuts"].startswith("pinned")
    assert why["alice lives in Porto"].startswith("answers the question")
    assert any(w.startswith("a standing rule") for w in why.values())

    page.person.setCurrentIndex(page.person.findData(None))  # an anonymous voice: the household's only
    assert not page.band.isEnabled()
    page.show_context()
    qtbot.waitUntil(lambda: "no memory of this voice's scope" in page.cost.text(), timeout=5_000)
    assert "Porto" not in page.preamble.toPlainText()


def test_the_audit_detail_reads_as_text():
    from hearth.windows.audit_page import readable

    assert readable({"old": 5, "new": 7}) == "5 → 7"
    assert (
        readable({"counts": {"turns": 2, "facts": 1}, "receipt_id": 3}) == "counts: turns: 2; facts: 1; receipt id: 3"
    )
    assert readable({"issued": True}) == "issued: yes" and readable(None) == ""
