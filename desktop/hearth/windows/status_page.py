"""Status: the daemon, the embedder and re-embedding progress, the generator, the formation backlog, the
database size, and a chart of memory growth over time (drawn with QPainter: QtCharts is not in Essentials)."""

from __future__ import annotations

from datetime import date, timedelta

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QLabel, QProgressBar, QVBoxLayout, QWidget

from hearthd.cli.system import proxy_line

from ..supervisor import CONNECTED
from .page import Page, size, when

SERIES = (("turns", "Turns", "#5c6bc0"), ("facts", "Facts", "#f08a24"), ("episodes", "Episodes", "#2e9e4f"))


class GrowthChart(QWidget):
    """Cumulative rows per kind, one line each, over the days the daemon reports."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.days: list[dict] = []
        self.base: dict[str, int] = {}
        self.setMinimumHeight(220)

    def set_data(self, days: list[dict], totals: dict[str, int]) -> None:
        """days: rows added per day; totals: today's counts (what came before the first day is the rest)."""
        self.days = days
        self.base = {k: max(0, totals.get(k, 0) - sum(d[k] for d in days)) for k, _, _ in SERIES}
        self.update()

    def series(self) -> tuple[list[date], dict[str, list[int]]]:
        if not self.days:
            return [], {}
        first = date.fromisoformat(self.days[0]["day"])
        last = max(date.fromisoformat(self.days[-1]["day"]), date.today())
        added = {d["day"]: d for d in self.days}
        axis, out = [], {k: [] for k, _, _ in SERIES}
        running = dict(self.base)
        day = first
        while day <= last:
            row = added.get(day.isoformat(), {})
            for k in out:
                running[k] += row.get(k, 0)
                out[k].append(running[k])
            axis.append(day)
            day += timedelta(days=1)
        return axis, out

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        p.fillRect(self.rect(), self.palette().base())
        axis, series = self.series()
        area = QRectF(50, 12, self.width() - 70, self.height() - 48)
        p.setPen(QPen(self.palette().mid().color()))
        p.drawRect(area)
        if not axis:
            p.drawText(area, Qt.AlignCenter, "No memory yet")
            return
        top = max(1, max(max(v) for v in series.values()))
        p.drawText(QRectF(0, area.top() - 6, 46, 14), Qt.AlignRight, str(top))
        p.drawText(QRectF(0, area.bottom() - 8, 46, 14), Qt.AlignRight, "0")
        p.drawText(QRectF(area.left(), area.bottom() + 4, 120, 14), Qt.AlignLeft, axis[0].isoformat())
        p.drawText(QRectF(area.right() - 120, area.bottom() + 4, 120, 14), Qt.AlignRight, axis[-1].isoformat())
        step = area.width() / max(1, len(axis) - 1)
        legend_x = area.left()
        for key, label, colour in SERIES:
            path = QPainterPath()
            for i, v in enumerate(series[key]):
                point = QPointF(area.left() + i * step, area.bottom() - area.height() * v / top)
                path.moveTo(point) if i == 0 else path.lineTo(point)
            p.setPen(QPen(QColor(colour), 2))
            p.drawPath(path)
            p.drawLine(QPointF(legend_x, self.height() - 10), QPointF(legend_x + 18, self.height() - 10))
            p.setPen(QPen(self.palette().text().color()))
            p.drawText(QPointF(legend_x + 22, self.height() - 6), f"{label} ({series[key][-1]})")
            legend_x += 130
        p.end()


class StatusPage(Page):
    name, title, areas = "status", "Status", ("status", "memory", "settings")

    def __init__(self, tasks, link, parent=None):
        super().__init__(tasks, link, parent)
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.labels: dict[str, QLabel] = {}

        def group(title: str, keys: list[tuple[str, str]]) -> QGroupBox:
            box = QGroupBox(title)
            form = QFormLayout(box)
            for key, label in keys:
                self.labels[key] = QLabel("…")
                self.labels[key].setTextInteractionFlags(Qt.TextSelectableByMouse)
                self.labels[key].setWordWrap(True)
                form.addRow(label, self.labels[key])
            return box

        row.addWidget(
            group(
                "Daemon",
                [
                    ("daemon", "Version"),
                    ("uptime", "Up"),
                    ("data_dir", "Data dir"),
                    ("db", "Database"),
                    ("memory", "Memory"),
                    ("receipts", "Receipt key"),
                    ("proxy", "Memory proxy"),
                    ("warnings", "Warnings"),
                ],
            )
        )
        embed = group("Embedder", [("model", "Model"), ("embedder", "State"), ("searched", "Searched space")])
        self.progress = QProgressBar()
        self.progress.setFormat("%v of %m embedded")
        embed.layout().addRow("Embedding", self.progress)
        row.addWidget(embed)
        row.addWidget(
            group(
                "Formation",
                [("generator", "Generator"), ("backlog", "Backlog"), ("last_pass", "Last pass"), ("counts", "Counts")],
            )
        )
        layout.addLayout(row)
        chart_box = QGroupBox("Memory growth")
        cl = QVBoxLayout(chart_box)
        self.chart = GrowthChart()
        cl.addWidget(self.chart)
        layout.addWidget(chart_box, 1)
        self.timer = QTimer(self)
        self.timer.setInterval(5000)
        self.timer.timeout.connect(lambda: self.reload() if self.isVisible() else None)
        self.timer.start()
        link.state_changed.connect(self._link_changed)

    def _link_changed(self, state: str, message: str) -> None:
        """No daemon: say so, rather than keep showing the pid and figures of one that is gone."""
        if state == CONNECTED:
            self.reload()
            return
        for key, label in self.labels.items():
            label.setText(f"not running: {message}" if key == "daemon" else "—")

    def refresh(self) -> None:
        self.tasks.run(lambda c: (c.status(), c.growth(365)), self._show)

    def _show(self, result) -> None:
        status, days = result
        e, emb, form, counts = status["embedder"], status["embedding"], status["formation"], status["counts"]
        set_ = lambda k, v: self.labels[k].setText(str(v))  # noqa: E731
        set_("daemon", f"hearthd {status['version']} (pid {status['pid']}, schema {status['schema_version']})")
        set_("uptime", f"{status['uptime_seconds'] / 60:.0f} min")
        set_("data_dir", status["data_dir"])
        set_("db", size(status["db_bytes"]))
        memory = status["memory"]
        state = memory.get("state") or ("remembering" if memory["enabled"] else "paused: not remembering")
        until = f" until {when(memory['paused_until'])}" if memory.get("paused_until") else ""
        set_("memory", f"{state}{until}, recall {memory['recall_mode']}")
        rec = status.get("receipts") or {}
        set_("receipts", rec.get("warning") or rec.get("source") or "not created yet")
        proxy = status["proxy"]
        last = proxy["recent"][0] if proxy["recent"] else None
        set_(
            "proxy",
            proxy_line(proxy)
            + (
                f"\nlast request {when(last['at'])}: {last['status']}, memory {last.get('memory', '-')}" if last else ""
            ),
        )
        set_("warnings", "\n".join(status.get("warnings") or []) or "none")
        set_("model", e["model"])
        runtime = e.get("runtime") or {}
        set_(
            "embedder",
            e["state"]
            + (f": {e['error']}" if e.get("error") else "")
            + (f" (loaded in {e['load_seconds']:.1f} s)" if e.get("load_seconds") else "")
            + (f", on {runtime['name']}" if runtime.get("name") else "")
            + (f"\n{runtime['note']}" if runtime.get("note") else ""),
        )
        searched = e.get("searched_model") or "none yet"
        if emb.get("building_model"):
            searched += f"; re-embedding into {emb['building_model']}"
        set_("searched", searched)
        total = max(emb.get("total") or 0, 0)
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(min(emb.get("done") or 0, total) if total else 1)
        self.progress.setFormat("%v of %m embedded" if total else "up to date")
        set_("generator", status["generator"]["provider"])
        set_("backlog", f"{form['backlog']} session(s) waiting" + (" — forming now" if form.get("running") else ""))
        last = form.get("last_pass") or {}
        set_(
            "last_pass",
            f"{when(last['started_at'])}: formed {last['formed']}, {len(last['failed'])} failed"
            if last
            else "none yet",
        )
        set_("counts", ", ".join(f"{counts.get(k, 0)} {k}" for k in ("turns", "facts", "episodes", "speakers")))
        self.chart.set_data(days, counts)
