"""The desktop app against a real daemon: the in-process Daemon (fake embedder where the model is not what is
tested) serving its API on the real Unix socket from a thread, and the app connecting to it as it would to a
running hearthd. Modal dialogs are patched so no test can hang on one."""

from __future__ import annotations

import threading

import pytest

from tests.helpers import fake_loader, make_daemon, settle

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox  # noqa: E402

from hearth.app import HearthApp  # noqa: E402
from hearth.supervisor import CONNECTED  # noqa: E402
from hearthd.server import ApiServer  # noqa: E402


@pytest.fixture(autouse=True)
def _headless(no_keyring):
    """Every test here runs without a keyring backend."""


class Dialogs:
    """The answers modal dialogs give in a test; a dialog the test did not expect fails it instead of hanging."""

    def __init__(self):
        self.question = QMessageBox.Yes
        self.save_path: str | None = None
        self.open_path: str | None = None
        self.open_paths: list[str] = []
        self.text: tuple[str, bool] | None = None
        self.item: tuple[str, bool] | None = None
        self.shown: list[tuple[str, str]] = []  # (kind, message) of every message box

    def unexpected(self, what):
        raise AssertionError(f"unexpected dialog: {what}")


@pytest.fixture(autouse=True)
def dialogs(monkeypatch):
    d = Dialogs()

    def box(kind):
        def show(_parent, _title, text, *args, **kwargs):
            d.shown.append((kind, text))
            return d.question if kind == "question" else QMessageBox.Ok

        return staticmethod(show)

    for kind in ("question", "information", "warning", "critical"):
        monkeypatch.setattr(QMessageBox, kind, box(kind))
    monkeypatch.setattr(
        QFileDialog,
        "getSaveFileName",
        staticmethod(lambda *a, **k: (d.save_path, "") if d.save_path is not None else d.unexpected("save file")),
    )
    monkeypatch.setattr(
        QFileDialog,
        "getOpenFileName",
        staticmethod(lambda *a, **k: (d.open_path, "") if d.open_path is not None else d.unexpected("open file")),
    )
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", staticmethod(lambda *a, **k: (d.open_paths, "")))
    monkeypatch.setattr(
        QInputDialog,
        "getText",
        staticmethod(lambda *a, **k: d.text if d.text is not None else d.unexpected("text input")),
    )
    monkeypatch.setattr(
        QInputDialog, "getItem", staticmethod(lambda *a, **k: d.item if d.item is not None else d.unexpected("choice"))
    )
    return d


@pytest.fixture
def loader():
    """The embedding model of the daemon `served` runs: the fake one; a test about meaning parametrizes
    `loader` with tests.helpers.real_loader."""
    return fake_loader


@pytest.fixture
def served(data_dir, loader):
    """A real daemon serving its real Unix socket (in this process, on a thread)."""
    daemon = make_daemon(data_dir, loader)
    settle(daemon)
    server = ApiServer(daemon)
    server.bind()
    thread = threading.Thread(target=server.serve, name="hearthd-api", daemon=True)
    thread.start()
    yield daemon
    server.shutdown()
    thread.join(timeout=10)
    daemon.stop()


@pytest.fixture
def hearth(qtbot, served, data_dir):
    """The app, connected to that daemon (it never starts one of its own here)."""
    app = HearthApp(data_dir, supervise=False).start()
    qtbot.waitUntil(lambda: app.link.state == CONNECTED, timeout=15_000)
    yield app
    app.shutdown()


@pytest.fixture
def window(qtbot, hearth):
    w = hearth.main_window()
    qtbot.addWidget(w)
    w.show()
    return w
