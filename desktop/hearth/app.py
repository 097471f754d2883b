"""`hearth`: the tray app. One instance per data dir (QLocalServer); it connects to the daemon of its data dir or
starts and supervises one, and opens the main window on demand.

    hearth [--data-dir DIR] [--no-daemon] [--show [PAGE]]
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import logging
import os
import signal
import sys
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, QTimer
from PySide6.QtNetwork import QLocalServer, QLocalSocket
from PySide6.QtWidgets import QApplication

from hearthd.paths import data_dir as resolve_data_dir

from .events import AREA_OF, EventStream
from .supervisor import CONNECTED, DaemonLink
from .tasks import Tasks
from .tray import Tray, icon

log = logging.getLogger("hearth")


def instance_name(data: Path) -> str:
    """One app per user and data dir."""
    digest = hashlib.sha256(str(Path(data).resolve()).encode()).hexdigest()[:16]
    return f"hearth-{os.getuid() if hasattr(os, 'getuid') else 'u'}-{digest}"


class SingleInstance(QObject):
    """The first app of a data dir listens; a second one asks it to show its window and exits."""

    def __init__(self, name: str, on_message, parent: QObject | None = None):
        super().__init__(parent)
        self.name = name
        self.server: QLocalServer | None = None
        self._on_message = on_message

    def send_to_running(self, message: str) -> bool:
        socket = QLocalSocket()
        socket.connectToServer(self.name)
        if not socket.waitForConnected(500):
            return False
        socket.write(message.encode() + b"\n")
        socket.waitForBytesWritten(1000)
        socket.disconnectFromServer()
        return True

    def listen(self) -> bool:
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.UserAccessOption)
        if not self.server.listen(self.name):
            QLocalServer.removeServer(self.name)  # stale, left by a crashed app
            if not self.server.listen(self.name):
                return False
        self.server.newConnection.connect(self._accept)
        return True

    def _accept(self) -> None:
        while self.server.hasPendingConnections():
            conn = self.server.nextPendingConnection()

            def read(conn=conn):
                while conn.canReadLine():
                    self._on_message(bytes(conn.readLine()).decode(errors="replace").strip())

            conn.readyRead.connect(read)
            conn.disconnected.connect(conn.deleteLater)

    def close(self) -> None:
        if self.server is not None:
            self.server.close()


class HearthApp(QObject):
    """The app's parts wired together: the daemon link, the task runner, the event stream, the tray and the
    main window (made when first opened)."""

    def __init__(self, data_dir: str | Path | None = None, supervise: bool = True, parent: QObject | None = None):
        super().__init__(parent)
        self.data_dir = resolve_data_dir(data_dir)
        self.link = DaemonLink(self.data_dir, supervise=supervise, parent=self)
        self.tasks = Tasks(self.link.client, parent=self)
        self.events = EventStream(self.data_dir, parent=self)
        self.tray = Tray(self.tasks, self.link, parent=self)
        self.window = None
        self._pending_areas: set[str] = set()
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(500)
        self._debounce.timeout.connect(self._flush_changes)
        self.events.received.connect(self._event)
        self.link.state_changed.connect(self._link_state)
        self.tray.open_requested.connect(self.open)
        self.tray.add_person_requested.connect(self.add_person)
        self.tray.quit_requested.connect(self.quit)
        self.first_run = False  # main() sets it: offer to add a person while nobody has a voice
        self._offered = False

    def start(self) -> HearthApp:
        # What exists at start (Qt, httpx, pydantic...) lives as long as the app: out of the collector's sight,
        # so a full collection, which runs on whichever thread allocates, stays short on the GUI thread.
        gc.freeze()
        self.link.start()
        return self

    def _link_state(self, state: str, _message: str) -> None:
        if state == CONNECTED:
            self.events.start()
            for area in ("settings", "speakers", "memory", "status"):
                self.tasks.changed.emit(area)
            if self.first_run and not self._offered:
                self._offered = True
                self.offer_first_run()

    def offer_first_run(self) -> None:
        """While nobody has a voice, the window opens on the Add a person dialog, welcoming (once per start,
        unless its "Don't show this at start" was ticked)."""
        settings, key = QSettings("Hearth", "hearth"), f"first-run-declined/{instance_name(self.data_dir)}"
        if self.first_run and settings.value(key, False, type=bool):
            return

        def answered(speakers: list[dict]) -> None:
            if any(s["enrolled"] for s in speakers):
                return
            dialog = self.add_person(welcome=True)
            dialog.finished.connect(
                lambda _r: settings.setValue(key, True) if self.first_run and dialog.dont_show.isChecked() else None
            )

        self.tasks.run(lambda c: c.speakers(), answered)

    def add_person(self, welcome: bool = False):
        self.open("people")
        return self.main_window().add_person(welcome)

    def _event(self, event: dict) -> None:
        """Live updates: events become the same change notices as the window's own calls (debounced, so a
        burst of committed turns refreshes a view once)."""
        area = AREA_OF.get(event.get("type"))
        if area:
            self._pending_areas.add(area)
            if not self._debounce.isActive():
                self._debounce.start()

    def _flush_changes(self) -> None:
        areas, self._pending_areas = self._pending_areas, set()
        for area in sorted(areas):
            self.tasks.changed.emit(area)

    def main_window(self):
        if self.window is None:
            from .windows.main_window import MainWindow

            self.window = MainWindow(self.tasks, self.link, self.data_dir)
        return self.window

    def open(self, page: str = "") -> None:
        window = self.main_window()
        if page:
            window.show_page(page)
        window.show()
        window.raise_()
        window.activateWindow()

    def handle_message(self, message: str) -> None:
        if message.startswith("show"):
            self.open(message[4:].strip())

    def shutdown(self) -> None:
        self.events.stop()
        self.tasks.close()
        self.link.stop()
        if self.window is not None:
            self.window.close()

    def quit(self) -> None:
        self.shutdown()
        QApplication.instance().quit()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hearth", description="Hearth tray app: settings, speakers, memory, erase.")
    parser.add_argument("--data-dir", help="the daemon's data dir (default: $HEARTH_DATA_DIR or the user data dir)")
    parser.add_argument("--no-daemon", action="store_true", help="connect only; never start a daemon")
    parser.add_argument("--show", nargs="?", const="memory", metavar="PAGE", help="open the window (on PAGE)")
    parser.add_argument("--log-level", default=os.environ.get("HEARTH_LOG_LEVEL", "INFO"))
    args, qt_args = parser.parse_known_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per daemon call is noise

    qt_app = QApplication.instance() or QApplication([sys.argv[0], *qt_args])
    qt_app.setApplicationName("Hearth")
    qt_app.setDesktopFileName("hearth")
    qt_app.setWindowIcon(icon())
    qt_app.setQuitOnLastWindowClosed(False)

    data = resolve_data_dir(args.data_dir)
    app: HearthApp | None = None
    instance = SingleInstance(instance_name(data), lambda m: app and app.handle_message(m))
    if instance.send_to_running(f"show {args.show or ''}"):
        print("hearth: already running for this data dir; asked it to show its window", file=sys.stderr)
        return 0
    if not instance.listen():
        print("hearth: cannot open the single-instance socket", file=sys.stderr)
        return 1
    app = HearthApp(data, supervise=not args.no_daemon)
    app.first_run = True
    app.start()
    from PySide6.QtWidgets import QSystemTrayIcon

    if args.show is not None or not QSystemTrayIcon.isSystemTrayAvailable():
        app.open(args.show or "")  # no tray to click: the window is the way in
    qt_app.aboutToQuit.connect(app.shutdown)
    # SIGTERM/SIGINT (logout, Ctrl-C) quit like the menu does, so a daemon we started is stopped cleanly; the
    # timer lets the interpreter run its signal handlers while Qt's loop waits.
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: qt_app.quit())
    wake = QTimer()
    wake.start(250)
    wake.timeout.connect(lambda: None)
    try:
        return qt_app.exec()
    finally:
        instance.close()


if __name__ == "__main__":
    sys.exit(main())
