"""Reading and changing settings (declared once in hearthd.settings; applied live by their subscribers)."""

from __future__ import annotations

import time

from ..errors import NotFound, UserError
from ..settings import BY_KEY, DECLARATIONS, MAX_PAUSE_MINUTES, Settings
from ..store.database import Store
from ..timeutil import iso, parse_time
from .registry import operation


def refuse_while_paused(settings: Settings) -> None:
    """An explicit "remember this" or an import while memory is paused is refused, saying why (a commit is
    answered "paused" instead: the assistant goes on talking)."""
    if not settings["memory.enabled"]:
        raise UserError("memory is paused, so nothing new is remembered (hearthctl resume)", status=409)


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

    # -- pause: memory.enabled (remembering and injecting), memory.injection_enabled, memory.paused_until ----
    def memory_state(self) -> dict:
        """What memory does now, in a person's words as well as the switches."""
        enabled, injecting = self.settings["memory.enabled"], self.settings["memory.injection_enabled"]
        until = self.settings["memory.paused_until"] or None
        if not enabled:
            state = "paused: not remembering"
        elif not injecting:
            state = "remembering, not injecting"
        else:
            state = "remembering"
        return {"enabled": enabled, "injection": injecting, "paused_until": until, "state": state}

    @operation(event="memory.paused", event_data=lambda a: {"state": a["state"], "until": a["paused_until"]})
    def pause(self, minutes: float | None = None, injection_only: bool = False, actor: str = "admin") -> dict:
        """Stop remembering (nothing new stored or formed, nothing injected), or with injection_only only stop
        injecting; for `minutes`, after which it resumes by itself, or until resumed."""
        if minutes is not None and not 0 < minutes <= MAX_PAUSE_MINUTES:
            raise UserError(f"a timed pause lasts more than 0 and at most {MAX_PAUSE_MINUTES} minutes (30 days)")
        until = iso(time.time() + minutes * 60) if minutes is not None else ""
        self.settings.set(self.store.writer, "memory.paused_until", until, actor)
        if injection_only:
            self.settings.set(self.store.writer, "memory.injection_enabled", False, actor)
        else:
            self.settings.set(self.store.writer, "memory.enabled", False, actor)
        return self.memory_state()

    @operation(event="memory.resumed", event_data=lambda a: {"state": a["state"]})
    def resume(self, actor: str = "admin") -> dict:
        """Remember and inject again."""
        for key, value in (("memory.enabled", True), ("memory.injection_enabled", True), ("memory.paused_until", "")):
            if self.settings[key] != value:
                self.settings.set(self.store.writer, key, value, actor)
        return self.memory_state()

    def resume_if_due(self, now: float | None = None) -> bool:
        """A timed pause that has run its time resumes (the daemon's scheduled job calls this)."""
        until = parse_time(self.settings["memory.paused_until"] or None, periods=False)
        if until is None or until > (now or time.time()):
            return False
        self.resume("timer")  # (publishes memory.resumed)
        return True
