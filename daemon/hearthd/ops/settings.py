"""Reading and changing settings (declared once in hearthd.settings; applied live by their subscribers)."""

from __future__ import annotations

from ..errors import NotFound
from ..settings import BY_KEY, DECLARATIONS, Settings
from ..store.database import Store
from .registry import operation


def _known(key: str) -> None:
    if key not in BY_KEY:
        raise NotFound(f"unknown setting {key!r}")


class SettingsOps:
    def __init__(self, store: Store, settings: Settings, events):
        self.store, self.settings, self.events = store, settings, events

    @operation(name="settings")
    def settings_list(self) -> list[dict]:
        """Every setting with its declaration (type, default, range, help) and value."""
        return [dict(s.describe(), value=self.settings[s.key]) for s in DECLARATIONS]

    @operation()
    def setting(self, key: str) -> dict:
        """One setting with its declaration and value."""
        _known(key)
        return dict(BY_KEY[key].describe(), value=self.settings[key])

    @operation(
        event="settings.changed",
        event_data=lambda a: (
            None if a["previous"] == a["value"] else {"key": a["key"], "old": a["previous"], "new": a["value"]}
        ),
    )
    def set_setting(self, key: str, value, actor: str) -> dict:
        """Change a setting: validated, stored, audited and applied live."""
        _known(key)
        previous = self.settings[key]
        self.settings.set(self.store.writer, key, value, actor)
        return dict(self.setting(key), previous=previous)
