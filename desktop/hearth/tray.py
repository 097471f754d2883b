"""The tray icon and its menu: status line, Pause / Resume memory, Clear context, Open Hearth, Add a person,
Settings, Quit.

The icon shows the state: running, paused (memory.enabled off) or error (no daemon, or it keeps failing).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QIcon
from PySide6.QtWidgets import QMenu, QSystemTrayIcon

from hearthd.resources import resources_dir

from .supervisor import CONNECTED, ERROR, DaemonLink
from .tasks import Tasks

RUNNING, PAUSED, FAILED, STARTING = "running", "paused", "error", "starting"


def icon(state: str = "") -> QIcon:
    name = {RUNNING: "hearth-running", PAUSED: "hearth-paused", FAILED: "hearth-error"}.get(state, "hearth")
    return QIcon(str(resources_dir() / "icons" / f"{name}.svg"))


MENU_LINE_CHARS = 80


class Tray(QObject):
    state_changed = Signal(str)
    open_requested = Signal(str)  # the page to show ("" for the last one)
    quit_requested = Signal()
    add_person_requested = Signal()

    def __init__(self, tasks: Tasks, link: DaemonLink, parent: QObject | None = None):
        super().__init__(parent)
        self.tasks, self.link = tasks, link
        self.state = STARTING
        self.memory_enabled: bool | None = None
        self.memory_state = ""
        self.status: dict = {}
        self.speakers: list[dict] = []

        self.menu = QMenu()
        self.status_action = self.menu.addAction("Hearth: starting…")
        self.status_action.setEnabled(False)
        self.menu.addSeparator()
        self.pause_action = self.menu.addAction("Pause memory")
        self.pause_action.triggered.connect(self.toggle_pause)
        self.pause_hour_action = self.menu.addAction("Pause for an hour")
        self.pause_hour_action.triggered.connect(self.pause_for_an_hour)
        self.clear_menu = self.menu.addMenu("Clear context")
        self.restart_action = self.menu.addAction("Restart Hearth")  # shown when the daemon could not be kept up
        self.restart_action.triggered.connect(self.link.restart)
        self.restart_action.setVisible(False)
        self.menu.addSeparator()
        self._add("Open Hearth", lambda: self.open_requested.emit(""))
        self._add("Add a person…", self.add_person_requested.emit)
        self._add("Settings", lambda: self.open_requested.emit("settings"))
        self.menu.addSeparator()
        self._add("Quit", self.quit_requested.emit)
        self._fill_clear_menu()

        self.icon = QSystemTrayIcon(icon(), self)
        self.icon.setContextMenu(self.menu)
        self.icon.setToolTip("Hearth")
        self.icon.activated.connect(self._activated)
        if QSystemTrayIcon.isSystemTrayAvailable():
            self.icon.show()

        link.state_changed.connect(lambda *_: self.refresh())
        tasks.changed.connect(lambda area: self.refresh() if area in ("settings", "speakers", "memory") else None)
        self._show_state()

    def _add(self, text: str, slot: Callable) -> QAction:
        action = self.menu.addAction(text)
        action.triggered.connect(slot)
        return action

    def action(self, text: str) -> QAction:
        """A menu entry by its text (the clear-context submenu's included)."""
        for menu in (self.menu, self.clear_menu):
            for action in menu.actions():
                if action.text() == text:
                    return action
        raise KeyError(text)

    def _activated(self, reason) -> None:
        if reason in (QSystemTrayIcon.Trigger, QSystemTrayIcon.DoubleClick):
            self.open_requested.emit("")

    # -- state -----------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.link.state != CONNECTED:
            self._show_state()
            return
        self.tasks.run(lambda c: (c.status(), c.speakers()), self._refreshed, self._failed)

    def _refreshed(self, result) -> None:
        self.status, self.speakers = result
        self.memory_enabled = bool(self.status["memory"]["enabled"])
        self.memory_state = self.status["memory"].get("state", "")
        self._fill_clear_menu()
        self._show_state()

    def _failed(self, exc: Exception) -> None:
        self.status = {"error": str(exc)}
        self._show_state()
        self.link.lost()

    def _show_state(self) -> None:
        if self.link.state == ERROR or "error" in self.status:
            state, line = FAILED, f"Hearth: {self.link.message if self.link.state == ERROR else self.status['error']}"
        elif self.link.state != CONNECTED or self.memory_enabled is None:
            state, line = STARTING, f"Hearth: {self.link.message}"
        else:
            counts = self.status.get("counts", {})
            backlog = self.status.get("formation", {}).get("backlog")
            what = f"{counts.get('facts', 0)} facts, {counts.get('episodes', 0)} episodes"
            if backlog:
                what += f", {backlog} to form"
            state = RUNNING if self.memory_enabled else PAUSED
            line = f"Hearth: {'running' if self.memory_enabled else 'Paused — not remembering'} — {what}"
            if self.memory_enabled and self.memory_state.startswith("remembering, not"):
                line = f"Hearth: running, not injecting — {what}"
        # the menu stays narrow: the line cut short there, whole in the tooltip
        self.status_action.setText(line if len(line) <= MENU_LINE_CHARS else line[: MENU_LINE_CHARS - 1] + "…")
        self.restart_action.setVisible(state == FAILED)
        self.pause_action.setText("Resume memory" if self.memory_enabled is False else "Pause memory")
        self.pause_action.setEnabled(state in (RUNNING, PAUSED))
        self.pause_hour_action.setEnabled(state == RUNNING)
        self.clear_menu.setEnabled(state in (RUNNING, PAUSED))
        # two Hearths (two data dirs) have two icons alike: the tooltip says whose each is
        self.icon.setToolTip(f"{line}\n{self.link.data_dir}")
        if state != self.state:
            self.state = state
            self.icon.setIcon(icon(state))
            self.state_changed.emit(state)

    # -- actions ---------------------------------------------------------------------------------------------
    def toggle_pause(self) -> None:
        resume = self.memory_enabled is False
        self.tasks.run(lambda c: c.resume() if resume else c.pause(), changes="settings")

    def pause_for_an_hour(self) -> None:
        self.tasks.run(lambda c: c.pause(minutes=60), changes="settings")

    def _fill_clear_menu(self) -> None:
        self.clear_menu.clear()
        everyone = self.clear_menu.addAction("Everyone")
        everyone.triggered.connect(lambda: self.clear_context(None))
        people = [s for s in self.speakers if s.get("enrolled")] or self.speakers
        if people:
            self.clear_menu.addSeparator()
        for person in people:
            action = self.clear_menu.addAction(person["name"])
            action.triggered.connect(lambda _=False, sid=person["id"]: self.clear_context(sid))

    def clear_context(self, speaker: str | None) -> None:
        who = "everyone" if speaker is None else speaker
        self.tasks.run(
            lambda c: c.clear_context(speaker),
            changes="memory",
            on_done=lambda r: self.notify(f"Context cleared for {who}"),
        )

    def notify(self, message: str) -> None:
        if self.icon.isVisible():
            self.icon.showMessage("Hearth", message, icon(self.state), 3000)
