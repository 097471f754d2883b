"""The main window: a page list on the left, the page on the right, the daemon's state in the status bar."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QHBoxLayout, QListWidget, QListWidgetItem, QMainWindow, QStackedWidget, QWidget

from ..supervisor import DaemonLink
from ..tasks import Tasks
from ..tray import icon
from .audit_page import AuditPage
from .erase_page import ErasePage
from .memory_page import MemoryPage
from .people_page import PeoplePage
from .sees_page import SeesPage
from .settings_page import SettingsPage
from .speakers_page import SpeakersPage
from .status_page import StatusPage

PAGES = (MemoryPage, PeoplePage, SeesPage, SpeakersPage, SettingsPage, ErasePage, AuditPage, StatusPage)
ALIASES = {"entities": "people"}  # the People page's name before it was the People page


class MainWindow(QMainWindow):
    def __init__(self, tasks: Tasks, link: DaemonLink, data_dir: Path | None = None):
        super().__init__()
        self.tasks, self.link = tasks, link
        self.setWindowTitle(f"Hearth — {data_dir}" if data_dir else "Hearth")
        self.setWindowIcon(icon())
        self.resize(1200, 760)
        self.nav = QListWidget()
        self.nav.setFixedWidth(150)
        self.stack = QStackedWidget()
        self.pages = {}
        for cls in PAGES:
            page = cls(tasks, link)
            if isinstance(page, MemoryPage):
                page.erase_requested.connect(self.erase_refs)
            self.pages[cls.name] = page
            self.stack.addWidget(page)
            QListWidgetItem(cls.title, self.nav)
        self.nav.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.nav.setCurrentRow(0)
        body = QWidget()
        layout = QHBoxLayout(body)
        layout.addWidget(self.nav)
        layout.addWidget(self.stack, 1)
        self.setCentralWidget(body)
        tasks.failed.connect(lambda message: self.statusBar().showMessage(message, 8000))
        link.state_changed.connect(self._link_state)
        self._link_state(link.state, link.message)

    def _link_state(self, state: str, message: str) -> None:
        self.statusBar().showMessage(f"Daemon: {message}")
        if state == "connected":
            current = self.stack.currentWidget()
            if current is not None and current.isVisible():
                current.reload()

    def show_page(self, name: str):
        name = ALIASES.get(name, name)
        page = self.pages[name]
        self.nav.setCurrentRow(list(self.pages).index(name))
        return page

    def erase_refs(self, refs: str) -> None:
        """Rows chosen elsewhere (the Memory page's selection), previewed on the Erase page to confirm there."""
        self.show_page("erase").preview_refs(refs)

    def page(self, name: str):
        return self.pages[ALIASES.get(name, name)]

    def add_person(self, welcome: bool = False):
        """The step-by-step Add a person dialog, over the People page."""
        return self.show_page("people").add_person(welcome)
