"""The icons the tray shows for each state, and the desktop entry the installer ships."""

import configparser

from hearth.tray import FAILED, PAUSED, RUNNING, icon
from hearthd.resources import resources_dir


def test_every_state_has_an_icon_that_renders_and_they_differ(qapp):
    images = {state: icon(state).pixmap(64, 64).toImage() for state in ("", RUNNING, PAUSED, FAILED)}
    assert all(not image.isNull() for image in images.values())
    badge = {state: image.pixelColor(50, 50).name() for state, image in images.items()}
    assert len({badge[RUNNING], badge[PAUSED], badge[FAILED]}) == 3


def test_the_desktop_entry_starts_hearth_with_its_icon():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(resources_dir() / "hearth.desktop")
    section = entry["Desktop Entry"]
    assert (section["Type"], section["Exec"], section["Icon"]) == ("Application", "hearth", "hearth")
    assert (resources_dir() / "icons" / f"{section['Icon']}.svg").exists()
