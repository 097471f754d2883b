"""The desktop app against a real daemon: settings applied live both ways, pause from the tray, erase with a
receipt that verifies, the memory table paging through 10,000 facts without blocking the GUI thread."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer

from hearth.app import HearthApp
from hearth.supervisor import CONNECTED
from hearth.tray import PAUSED, RUNNING
from hearthd.api.client import DaemonNotRunning, HearthClient, HearthError
from tests.helpers import insert_facts, make_daemon, settle, wait_for


def settings_page(qtbot, window):
    page = window.show_page("settings")
    qtbot.waitUntil(lambda: "memory.recall_top_k" in page.fields, timeout=10_000)
    return page


def test_changing_a_setting_in_the_window_changes_it_in_the_daemon(qtbot, served, hearth, window):
    page = settings_page(qtbot, window)
    # the few a household sets come first, by plain names; recall_top_k is one of the advanced ones
    assert page.fields["memory.enabled"].parent().title() == "Common"
    assert not page.fields["memory.recall_top_k"].isVisible()
    page.advanced.setChecked(True)
    # the advanced ones by plain names too (the key in the tooltip, for hearthctl)
    assert page.labels["memory.recall_top_k"].text() == "Most facts added to one prompt"
    assert page.labels["memory.recall_top_k"].toolTip().endswith("memory.recall_top_k")
    assert all("_" not in label.text() and "." not in label.text() for label in page.labels.values())
    field = page.fields["memory.recall_top_k"]
    assert field.range.text() == "1 – 50"  # the declared range, written after the field
    assert "relevant facts" in field.editor.toolTip()  # the help text
    field.editor.setValue(9)
    qtbot.waitUntil(lambda: served.settings["memory.recall_top_k"] == 9, timeout=5_000)
    page.fields["episodes.enabled"].editor.setChecked(False)
    qtbot.waitUntil(lambda: served.settings["episodes.enabled"] is False, timeout=5_000)
    mode = page.fields["memory.recall_mode"].editor
    mode.setCurrentText("PINNED_ONLY")
    mode.activated.emit(mode.currentIndex())
    qtbot.waitUntil(lambda: served.settings["memory.recall_mode"] == "PINNED_ONLY", timeout=5_000)

    # A value the daemon refuses, typed in: its reason beside the field (not clamped in silence), the daemon unchanged.
    field.editor.setValue(500)
    qtbot.waitUntil(lambda: field.error.isVisible(), timeout=5_000)
    assert "above the maximum" in field.error.text() and served.settings["memory.recall_top_k"] == 9

    # A change made elsewhere (hearthctl, another app) arrives through the event stream.
    with served.client() as other:
        other.set_setting("memory.recall_min_similarity", 0.55)
    similarity = page.fields["memory.recall_min_similarity"].editor
    qtbot.waitUntil(lambda: abs(similarity.value() - 0.55) < 1e-9, timeout=10_000)
    assert served.settings["memory.recall_min_similarity"] == 0.55  # shown, not sent back altered


def test_pausing_from_the_tray_menu_makes_context_assembly_return_nothing(qtbot, served, hearth):
    client = served.client()
    client.remember("I am allergic to peanuts", speaker="alice", pin=True)
    tray = hearth.tray
    qtbot.waitUntil(lambda: tray.state == RUNNING, timeout=10_000)
    assert "peanuts" in client.context("what should I cook?", speaker="alice")["preamble"]

    tray.action("Pause memory").trigger()
    qtbot.waitUntil(lambda: served.settings["memory.enabled"] is False, timeout=5_000)
    qtbot.waitUntil(lambda: tray.state == PAUSED, timeout=5_000)
    assert tray.pause_action.text() == "Resume memory" and "Paused — not remembering" in tray.status_action.text()
    context = client.context("what should I cook?", speaker="alice")
    assert context["preamble"] == "" and context["pinned"] == [] and context["facts"] == []
    assert context["message"] == "what should I cook?"
    said = client.commit_turns([{"thread": "den", "role": "user", "text": "I moved to Leeds.", "speaker": "alice"}])
    assert said["paused"] is True and not client.recall("Leeds")["turns"]  # paused: not remembering

    tray.action("Resume memory").trigger()
    qtbot.waitUntil(lambda: tray.state == RUNNING, timeout=5_000)
    assert "peanuts" in client.context("what should I cook?", speaker="alice")["preamble"]

    tray.action("Pause for an hour").trigger()
    qtbot.waitUntil(lambda: served.settings["memory.paused_until"] != "", timeout=5_000)
    qtbot.waitUntil(lambda: tray.state == PAUSED, timeout=5_000)
    tray.action("Resume memory").trigger()
    qtbot.waitUntil(lambda: tray.state == RUNNING, timeout=5_000)
    assert served.settings["memory.paused_until"] == ""


def test_clear_context_from_the_tray_for_one_speaker(qtbot, served, hearth):
    client = served.client()
    client.commit_turns(
        [{"thread": "kitchen", "role": "user", "text": "Remind me about the plumber", "speaker": "bob"}]
    )
    hearth.tray.refresh()
    qtbot.waitUntil(lambda: any(s["id"] == "bob" for s in hearth.tray.speakers), timeout=5_000)
    before = client.window("kitchen")["thread_id"]
    hearth.tray.action("bob").trigger()
    qtbot.waitUntil(lambda: any(e["action"] == "clear_context" for e in client.audit()), timeout=5_000)
    assert client.window("kitchen")["thread_id"] != before


def test_erase_from_the_window_produces_a_receipt_that_verifies(qtbot, served, hearth, window, dialogs, tmp_path):
    client = served.client()
    client.commit_turns(
        [
            {"thread": "study", "role": "user", "speaker": "carol", "text": "My work email is carol@acme.io, use it"},
            {"thread": "study", "role": "user", "speaker": "carol", "text": "Bob's is bob@acme.io, keep that one"},
        ]
    )
    page = window.show_page("erase")
    page.kind.setCurrentIndex(page.kind.findData("match"))
    page.value.setText("carol@acme.io")
    assert not page.erase_button.isEnabled()  # nothing is erased before its preview is seen
    qtbot.mouseClick(page.preview_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: page.preview is not None, timeout=5_000)
    assert page.preview["counts"]["turns"] == 1 and page.erase_button.isEnabled()
    # what goes is shown, whole: the sentence that held the email
    assert page.goes.rowCount() == 1 and page.goes.item(0, 3).text() == "My work email is carol@acme.io, use it"

    dialogs.question = dialogs.question.__class__.Yes
    dialogs.save_path = str(tmp_path / "receipt.json")
    qtbot.mouseClick(page.erase_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: (tmp_path / "receipt.json").exists(), timeout=10_000)
    assert any(kind == "question" and "carol@acme.io" in text for kind, text in dialogs.shown)

    receipt = json.loads((tmp_path / "receipt.json").read_text())
    assert (tmp_path / "receipt.json").stat().st_mode & 0o777 == 0o600  # owner-only, as hearthctl writes it
    assert receipt["payload"]["counts"]["turns"] == 1
    assert "carol@acme.io" not in json.dumps(receipt)  # digests, never content
    assert client.verify_receipt(receipt)["verdict"] == "valid"
    texts = [t["text"] for t in client.memory_page("turns", status="all")["items"]]
    assert texts == ["Bob's is bob@acme.io, keep that one"]

    # Verifying the file from the window; then a tampered copy.
    dialogs.open_path = str(tmp_path / "receipt.json")
    page.verify_file()
    qtbot.waitUntil(lambda: getattr(page, "last_verdict", None) == "valid", timeout=5_000)
    receipt["payload"]["counts"]["turns"] = 0
    (tmp_path / "tampered.json").write_text(json.dumps(receipt))
    page.verify_file(str(tmp_path / "tampered.json"))
    qtbot.waitUntil(lambda: page.last_verdict == "tampered", timeout=5_000)


@pytest.fixture
def daemon_process(data_dir):
    """10,000 facts written by the daemon's writer, then that daemon serving them as its own process (as
    installed: the test's GUI thread shares no interpreter lock with it)."""
    daemon = make_daemon(data_dir)
    settle(daemon)
    insert_facts(daemon, 10_000)
    settle(daemon)
    daemon.stop()
    log = open(data_dir.parent / "hearthd.log", "wb")  # noqa: SIM115 - the daemon process writes to it
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.desktop.fake_hearthd", str(data_dir)],
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=Path(__file__).resolve().parents[2],
    )

    def answers():
        assert proc.poll() is None, (data_dir.parent / "hearthd.log").read_text()[-2000:]
        try:
            with HearthClient.connect(data_dir, timeout=2) as c:
                return c.version()
        except DaemonNotRunning:
            return None
        except HearthError:
            return None  # bound but still starting (on a slow host, longer than a request's 2 s): asked again

    try:
        wait_for(answers, timeout=60, what="the daemon process to answer")
    except BaseException:
        proc.kill()  # (not left running when it never answered)
        raise
    yield proc
    proc.terminate()
    proc.wait(30)
    log.close()


def test_the_memory_table_pages_through_10000_facts_without_blocking_the_gui(qtbot, daemon_process, data_dir):
    app = HearthApp(data_dir, supervise=False).start()
    qtbot.waitUntil(lambda: app.link.state == CONNECTED, timeout=15_000)
    window = app.main_window()
    qtbot.addWidget(window)
    window.show()
    page = window.show_page("memory")
    model, view = page.models["facts"], page.views["facts"]
    qtbot.waitUntil(lambda: model.total == 10_000, timeout=15_000)
    assert model.rowCount() == model.page_size  # one page, not the whole table

    # A watchdog on the GUI thread: the longest gap between its ticks is the longest the thread was blocked.
    gaps = []
    last = [time.perf_counter()]

    def tick():
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    watchdog = QTimer()
    watchdog.setInterval(5)
    watchdog.timeout.connect(tick)
    watchdog.start()
    last[0] = time.perf_counter()
    scrollbar = view.verticalScrollBar()

    def scrolled_to_end():
        scrollbar.setValue(scrollbar.maximum())  # the view asks for the next page at the end
        return model.rowCount() == 10_000

    qtbot.waitUntil(scrolled_to_end, timeout=120_000)
    view.scrollToBottom()
    qtbot.wait(50)
    watchdog.stop()
    assert model.rowCount() == 10_000 and not model.canFetchMore()
    ids = [item["id"] for item in model.items]
    assert len(set(ids)) == 10_000 and ids == sorted(ids, reverse=True)
    assert len(gaps) > 50
    assert max(gaps) < 0.100, f"the GUI thread was blocked for {max(gaps) * 1000:.0f} ms"
    print(f"\n10,000 facts; gaps over 20 ms: {sorted(round(g * 1000) for g in gaps if g > 0.02)}")
    print(
        f"\n10,000 facts in {len(model.items) // model.page_size} pages; longest GUI-thread gap "
        f"{max(gaps) * 1000:.1f} ms over {len(gaps)} ticks"
    )
    app.shutdown()
