"""Screenshots of every page of the desktop app, with real data: `make screenshots` runs this under Xvfb.

A real hearthd (the real embedding model) on a temporary data dir gets a few weeks of household conversation,
formed into facts and episodes, a pinned fact, a contradiction to review, two enrolled voices (espeak-ng, when
installed) and one erasure; then the app opens each page and grabs it to docs/screenshots/<page>.png.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"

CONVERSATIONS = [
    (
        "kitchen",
        "alice",
        [
            "I live in Lisbon with Bob and the kids.",
            "I work as a nurse at the city hospital.",
            "We should plan the garden party for Saturday.",
        ],
    ),
    (
        "living-room",
        "bob",
        [
            "My favourite team is Benfica.",
            "The dishwasher is making a grinding noise again.",
            "Remind me that the plumber comes on Thursday.",
        ],
    ),
    (
        "kitchen",
        "alice",
        [
            "I am allergic to peanuts, so no satay please.",
            "The garden party needs a big tent.",
            "Invite the neighbours to the garden party too.",
        ],
    ),
    (
        "car",
        "bob",
        [
            "I work as a teacher at the primary school.",
            "My sister Maria is visiting next week.",
            "We are flying to Japan in April to see the cherry blossoms.",
        ],
    ),
    (
        "kitchen",
        "alice",
        [
            "The tent for the garden party is booked.",
            "Maria loves fado music.",
            "My work email is alice@acme.io, use it for the hospital rota.",
        ],
    ),
    (
        "living-room",
        None,
        [
            "What's the weather like tomorrow?",
            "Play some quiet jazz in the living room.",
            "Turn the heating down to nineteen degrees.",
        ],
    ),
    (
        "kitchen",
        "bob",
        [
            "We moved to Porto last month.",
            "The new flat has a balcony with a view of the river.",
            "My sister Maria is visiting again in June.",
        ],
    ),
]
REPLIES = ["Okay, noted.", "Got it.", "Sure, I'll remember that.", "Sounds lovely."]


def start_daemon(data: Path) -> subprocess.Popen:
    log = open(data.parent / "hearthd.log", "wb")  # noqa: SIM115 - the daemon writes to it while it runs
    proc = subprocess.Popen(
        [sys.executable, "-m", "hearthd", "--data-dir", str(data)], stdout=log, stderr=subprocess.STDOUT
    )
    from hearthd.api.client import HearthClient

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with HearthClient.connect(data) as c:
                c.version()
            return proc
        except Exception:  # noqa: BLE001 - not up yet
            time.sleep(0.2)
    raise SystemExit(f"hearthd did not start: {(data.parent / 'hearthd.log').read_text()[-2000:]}")


def seed(data: Path, tmp: Path) -> None:
    from hearthd.api.client import HearthClient

    now = datetime.now(UTC).replace(minute=0, second=0, microsecond=0)
    with HearthClient.connect(data) as c:
        for n, (thread, speaker, lines) in enumerate(CONVERSATIONS):
            start = now - timedelta(days=3 * (len(CONVERSATIONS) - n), hours=n)
            turns = []
            for i, text in enumerate(lines):
                ts = start + timedelta(minutes=2 * i)
                turns.append(
                    {
                        "thread": thread,
                        "role": "user",
                        "text": text,
                        "ts": ts.isoformat(),
                        **({"speaker": speaker} if speaker else {}),
                    }
                )
                turns.append(
                    {
                        "thread": thread,
                        "role": "assistant",
                        "text": REPLIES[(n + i) % len(REPLIES)],
                        "ts": (ts + timedelta(seconds=5)).isoformat(),
                    }
                )
            c.commit_turns(turns)
        deadline = time.monotonic() + 180
        while not c.status()["embedder"]["ready"] and time.monotonic() < deadline:
            time.sleep(0.5)
        c.form_now(end_open=True)
        pinned = c.remember("The wifi password is on the fridge door", pin=True)["fact"]
        c.remember("Bob's birthday is on the 12th of May", subject="bob", predicate="birthday", object="12 May")
        c.remember(
            "Alice lives in Lisbon",
            speaker="alice",
            subject="alice",
            predicate="lives_in",
            object="Lisbon",
            valid_from="2026-01-01T00:00:00Z",
        )
        c.remember(
            "Alice lives in Sintra",
            speaker="alice",
            subject="alice",
            predicate="lives_in",
            object="Sintra",
            valid_from="2026-01-01T00:00:00Z",
        )  # a contradiction to review
        c.edit_fact(pinned["ref"], "Wifi password: on the fridge door")
        said = (now - timedelta(days=1)).isoformat()  # two homes for one moment: a contradiction to review
        c.remember("Carol lives in Faro", subject="carol", predicate="lives_in", object="Faro", valid_from=said)
        c.remember("Carol lives in Braga", subject="carol", predicate="lives_in", object="Braga", valid_from=said)
        c.set_setting("memory.recall_top_k", 6)
        c.add_rule("Always give temperatures in Celsius", speaker="alice")
        if shutil.which("espeak-ng"):
            voices = {"Alice": "en+f3", "Bob": "en"}
            for name, voice in voices.items():
                wavs = []
                for i, sentence in enumerate(
                    [
                        "The weather today is sunny with a light breeze.",
                        "Please remind me to buy milk and bread tonight.",
                        "Could you turn the kitchen lights down a little.",
                        "We are visiting my grandmother next weekend.",
                    ]
                ):
                    path = tmp / f"{name}-{i}.wav"
                    subprocess.run(
                        ["espeak-ng", "-v", voice, "-s", str(150 + 10 * i), "-w", str(path), sentence],
                        check=True,
                        capture_output=True,
                    )
                    wavs.append(path.read_bytes())
                c.enroll(name, wavs[:3], speaker_id=name.lower())  # the fourth is for a test identification
            for i in range(3):  # Carol's recordings, for the Add a person dialog
                path = tmp / f"Carol-{i}.wav"
                subprocess.run(
                    ["espeak-ng", "-v", "en+f2", "-w", str(path), "Good evening, this is Carol speaking."],
                    check=True,
                    capture_output=True,
                )
        c.erase("match", "alice@acme.io")
        c.clear_context("bob")


def wait(app, condition=lambda: True, timeout: float = 30.0) -> None:
    from PySide6.QtWidgets import QApplication

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        QApplication.processEvents()
        if app.tasks.busy == 0 and condition():
            break
        time.sleep(0.02)
    for _ in range(20):  # let the views lay out what arrived
        QApplication.processEvents()
        time.sleep(0.01)


def shoot(data: Path) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from hearth.app import HearthApp
    from hearth.supervisor import CONNECTED

    qt = QApplication.instance() or QApplication([sys.argv[0]])
    app = HearthApp(data, supervise=False).start()
    wait(app, lambda: app.link.state == CONNECTED)
    window = app.main_window()
    window.resize(1280, 800)
    window.setWindowTitle("Hearth")
    window.show()
    OUT.mkdir(parents=True, exist_ok=True)
    shots = []

    def grab(name: str, widget=None) -> None:
        path = OUT / f"{name}.png"
        (widget or window).grab().save(str(path))
        shots.append(path)

    memory = window.show_page("memory")
    memory.reload()
    facts = memory.models["facts"]
    wait(app, lambda: facts.total is not None and facts.items)
    row = next((r for r, f in enumerate(facts.items) if f["predicate"] == "lives_in" and f["subject"] == "alice"), 0)
    memory.views["facts"].selectRow(row)
    wait(app, lambda: "History" in memory.detail.toPlainText())
    grab("memory")
    memory.tabs.setCurrentIndex(1)
    episodes = memory.models["episodes"]
    wait(app, lambda: episodes.total is not None)
    if episodes.items:
        memory.views["episodes"].selectRow(0)
        wait(app, lambda: "Related episodes" in memory.detail.toPlainText())
    grab("memory-episodes")
    memory.tabs.setCurrentIndex(0)

    memory.tabs.setCurrentIndex(3)
    wait(app, lambda: memory.review.rowCount() > 0)
    memory.review.selectRow(0)
    wait(app)
    grab("memory-review")
    memory.tabs.setCurrentIndex(0)

    # where a fact came from, its conversation one click away; a search by meaning
    wait(app, lambda: facts.total is not None and not facts.loading)
    row = next((r for r, f in enumerate(facts.items) if f["predicate"] == "works_as"), 0)
    memory.views["facts"].selectRow(row)
    wait(app, lambda: "Where it came from" in memory.detail.toPlainText())
    grab("memory-sources")
    memory.search.setText("who teaches children")
    memory.meaning.setChecked(True)
    wait(app, lambda: facts.by_meaning and not facts.loading and facts.total is not None, timeout=60)
    memory.views["facts"].selectRow(0)
    wait(app, lambda: "Where it came from" in memory.detail.toPlainText())
    grab("memory-meaning")
    memory.meaning.setChecked(False)
    memory.search.setText("")

    people = window.show_page("people")
    people.reload()
    wait(app, lambda: bool(people.entities))
    people.select_speaker("alice")
    wait(app, lambda: people.current is not None)
    grab("people")

    window.show_page("people")
    dialog = people.add_person(welcome=True)
    dialog.move(window.geometry().center() - dialog.rect().center())
    wait(app, lambda: dialog.known)
    dialog.name.setText("Carol")
    wait(app)
    grab("add-person", dialog)
    dialog.next()
    wait(app)
    grab("add-person-who", dialog)
    dialog.next()
    wait(app)
    if (data.parent / "Alice-3.wav").exists():
        dialog.add_files([str(data.parent / f"Carol-{i}.wav") for i in range(3)])
        wait(app, lambda: len(dialog.samples) == 3)
    grab("add-person-voice", dialog)
    dialog.reject()

    for name in ("speakers", "settings", "audit", "status"):
        page = window.show_page(name)
        page.reload()
        wait(app)
        if name == "speakers" and (data.parent / "Alice-3.wav").exists():
            page.test_identification(str(data.parent / "Alice-3.wav"))
            wait(app, lambda page=page: "Identified" in page.result.text(), timeout=60)
        grab(name)
        if name == "settings":
            page.advanced.setChecked(True)
            wait(app)
            page.scroll.verticalScrollBar().setValue(page.advanced.y() - 8)
            wait(app)
            grab("settings-advanced")
            page.advanced.setChecked(False)

    sees = window.show_page("sees")
    sees.reload()
    wait(app, lambda: sees.person.findData("alice") >= 0)
    sees.person.setCurrentIndex(sees.person.findData("alice"))
    sees.question.setText("what should I cook for the kids tonight?")
    sees.conversation.setText("kitchen")
    sees.show_context()
    wait(app, lambda: "[Turn context]" in sees.preamble.toPlainText())
    grab("sees")

    erase = window.show_page("erase")
    erase.reload()
    erase.kind.setCurrentIndex(erase.kind.findData("speaker"))
    erase.value.setText("bob")
    erase.run_preview()
    wait(app, lambda: erase.preview is not None)
    grab("erase")

    menu = app.tray.menu
    app.tray.refresh()
    wait(app)
    menu.popup(window.mapToGlobal(window.rect().center()))
    wait(app)
    menu.grab().save(str(OUT / "tray-menu.png"))
    shots.append(OUT / "tray-menu.png")
    menu.hide()
    app.shutdown()
    qt.processEvents()
    return shots


def main() -> int:
    if not os.environ.get("DISPLAY") and os.environ.get("QT_QPA_PLATFORM") != "offscreen":
        print("no display: run under xvfb-run (make screenshots does)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="hearth-shots-") as tmp:
        tmp = Path(tmp)
        os.environ["XDG_RUNTIME_DIR"] = str(tmp / "run")
        (tmp / "run").mkdir(mode=0o700)
        data = tmp / "data"
        data.mkdir()
        daemon = start_daemon(data)
        try:
            seed(data, tmp)
            shots = shoot(data)
        finally:
            daemon.terminate()
            daemon.wait(60)
    for path in shots:
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
