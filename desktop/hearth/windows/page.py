"""What every page of the main window shares: refreshing when an area it shows changes (at once when visible,
on the next show otherwise), and small display helpers."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from ..supervisor import CONNECTED, DaemonLink
from ..tasks import Tasks


class Page(QWidget):
    name = ""
    title = ""
    areas: tuple[str, ...] = ()

    def __init__(self, tasks: Tasks, link: DaemonLink, parent: QWidget | None = None):
        super().__init__(parent)
        self.tasks, self.link = tasks, link
        self._stale = True
        tasks.changed.connect(self._changed)

    def _changed(self, area: str) -> None:
        if area in self.areas:
            self._stale = True
            if self.isVisible():
                self.reload()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._stale:
            self.reload()

    def reload(self) -> None:
        if self.link.state != CONNECTED:
            return
        self._stale = False
        self.refresh()

    def refresh(self) -> None:
        """Fetch what the page shows (off the GUI thread, through self.tasks)."""

    def error(self, exc: Exception | str, title: str = "Hearth") -> None:
        QMessageBox.warning(self, title, str(exc))


def when(value) -> str:
    """A time from the API (unix seconds or ISO 8601) in local time, to the minute."""
    moment = _moment(value)
    if moment is None:
        return "" if value in (None, "") else str(value)
    return moment.strftime("%Y-%m-%d %H:%M")


def _moment(value) -> datetime | None:
    if value is None or value == "":
        return None
    try:
        if isinstance(value, (int, float)):
            return datetime.fromtimestamp(value).astimezone()
        return datetime.fromisoformat(str(value).replace("Z", "+00:00")).astimezone()
    except (ValueError, OSError, OverflowError):
        return None


def short_when(value, now: datetime | None = None) -> str:
    """A time as a table shows it, short: "1 Dec 14:03" this year, "1 Dec 2025" before."""
    moment = _moment(value)
    if moment is None:
        return "" if value in (None, "") else str(value)
    now = now or datetime.now().astimezone()
    if moment.year == now.year:
        return f"{moment.day} {moment:%b %H:%M}"
    return f"{moment.day} {moment:%b %Y}"


# A predicate as people say it ("works_at": "works at"); only those the underscores do not give are here.
PREDICATE_WORDS = {"family_member": "family", "owns": "has"}


def predicate_words(predicate: str | None) -> str:
    if not predicate:
        return ""
    return PREDICATE_WORDS.get(predicate) or predicate.replace("_", " ")


def size(n: int | None) -> str:
    if n is None:
        return ""
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return str(n)


def error_label() -> QLabel:
    """The red line beside a field that tells why the daemon refused its value."""
    label = QLabel()
    label.setStyleSheet("color: #c62828;")
    label.setWordWrap(True)
    label.setVisible(False)
    return label
