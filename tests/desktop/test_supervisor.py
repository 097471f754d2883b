"""One app per data dir, and the daemon it starts and keeps up: a real hearthd child on the real socket,
restarted when it dies, an error in the tray when it keeps failing."""

from __future__ import annotations

import os
import signal
import sqlite3

import pytest
from PySide6.QtCore import QProcess

from hearth import app as hearth_app
from hearth.app import HearthApp, SingleInstance, instance_name
from hearth.supervisor import CONNECTED, ERROR, DaemonLink
from hearth.tray import FAILED
from hearthd.api.client import HearthClient, socket_path


def test_a_second_app_for_the_same_data_dir_asks_the_first_to_show_itself(qtbot, data_dir, monkeypatch):
    received = []
    first = SingleInstance(instance_name(data_dir), received.append)
    assert first.listen()
    try:
        assert instance_name(data_dir) != instance_name(data_dir.parent / "other")
        assert hearth_app.main(["--data-dir", str(data_dir), "--show", "erase"]) == 0  # returns at once
        qtbot.waitUntil(lambda: received == ["show erase"], timeout=5_000)
    finally:
        first.close()


@pytest.mark.subprocess
def test_the_app_starts_a_daemon_and_restarts_it_when_it_dies(qtbot, data_dir):
    link = DaemonLink(data_dir, supervise=True, max_restarts=2)
    try:
        link.start()
        qtbot.waitUntil(lambda: link.state == CONNECTED, timeout=90_000)
        first_pid = link.process.processId()
        assert link.client().version()["api"] == 1 and socket_path(data_dir).exists()

        os.kill(first_pid, signal.SIGKILL)
        qtbot.waitUntil(lambda: link.state != CONNECTED, timeout=10_000)
        qtbot.waitUntil(lambda: link.state == CONNECTED, timeout=90_000)
        assert link.process.processId() != first_pid
        with HearthClient.connect(data_dir) as client:
            assert client.status()["pid"] == link.process.processId()
            qtbot.waitUntil(lambda: client.status()["embedder"]["state"] != "loading", timeout=120_000)
    finally:
        process = link.process
        link.stop()
    assert process.state() == QProcess.NotRunning and process.exitCode() == 0  # SIGTERM: a clean shutdown
    assert not socket_path(data_dir).exists()


@pytest.mark.subprocess
def test_a_daemon_that_keeps_failing_shows_an_error_in_the_tray(qtbot, data_dir):
    data_dir.mkdir(parents=True)
    with sqlite3.connect(data_dir / "core.db") as db:  # written by a newer Hearth: hearthd refuses it
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("INSERT INTO meta VALUES ('schema_version', '99')")
    app = HearthApp(data_dir, supervise=True)
    app.link.max_restarts = 1
    try:
        app.start()
        qtbot.waitUntil(lambda: app.link.state == ERROR, timeout=90_000)
        assert "keeps failing" in app.link.message and "newer" in app.link.message
        qtbot.waitUntil(lambda: app.tray.state == FAILED, timeout=5_000)
        assert "keeps failing" in app.tray.status_action.text()
        assert not app.tray.pause_action.isEnabled()
        assert " INFO " not in app.link.message  # why it failed, in its own words, not a routine log line
        assert len(app.tray.status_action.text()) <= 80 and app.link.message in app.tray.icon.toolTip()
        assert str(data_dir) in app.tray.icon.toolTip()  # whose Hearth this icon is
        assert app.tray.restart_action.isVisible()
    finally:
        app.shutdown()


def test_the_daemon_started_is_the_one_beside_the_running_hearth(tmp_path, monkeypatch):
    from hearth.supervisor import daemon_command

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setattr("sys.argv", [str(bin_dir / "hearth")])
    assert daemon_command()[1] == ["-m", "hearthd"]  # no hearthd there: this interpreter's module
    hearthd = bin_dir / "hearthd"
    hearthd.write_text("#!/bin/sh\n")
    hearthd.chmod(0o755)
    assert daemon_command() == (str(hearthd), [])
    monkeypatch.setattr("sys.argv", ["/usr/bin/pytest"])  # not run as hearth: never a stray command
    assert daemon_command()[1] == ["-m", "hearthd"]
