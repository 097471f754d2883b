"""The LLM the user configured: its status, a test call, its API key."""

from __future__ import annotations

from .. import audit
from ..errors import UserError
from ..events import EventBus
from ..generators.active import ActiveGenerator
from ..store.database import Store
from .registry import operation

MAX_KEY_CHARS = 4096


class GeneratorOps:
    def __init__(self, store: Store, generator: ActiveGenerator, events: EventBus, degraded_passes, on_change):
        self.store, self.generator, self.events = store, generator, events
        self._degraded_passes = degraded_passes  # how many formation passes fell back to the rules
        self._on_change = on_change  # sessions waiting for the generator may form now

    def status(self) -> dict:
        return dict(self.generator.status(), degraded_passes=self._degraded_passes())

    @operation(name="generator")
    def generator_status(self) -> dict:
        """Provider, model, answering, degraded passes, tokens per formation."""
        return self.status()

    @operation(
        event="generator.tested", event_data=lambda a: {k: a.get(k) for k in ("provider", "ok", "error", "seconds")}
    )
    def test_generator(self) -> dict:
        """Ask the configured generator for one short answer now: does it answer, and how fast."""
        result = self.generator.test()
        if result["ok"]:
            self._on_change()
        return result

    @operation(event="generator.key", event_data=lambda a: {"set": True, "source": a["source"]})
    def set_generator_key(self, key: str, actor: str) -> dict:
        """Store the generator's API key in the OS keyring (an owner-only file without one). The key is never
        written to core.db, a log, an event or an answer."""
        key = (key or "").strip()
        if not key or len(key) > MAX_KEY_CHARS or any(c.isspace() for c in key):
            raise UserError(f"an API key is one line of at most {MAX_KEY_CHARS} characters without spaces")
        secret = self.generator.api_key
        secret.set(key)
        return self._key_changed(actor, {"source": secret.source})

    @operation(event="generator.key", event_data=lambda a: {"set": False, "source": a["source"]})
    def clear_generator_key(self, actor: str) -> dict:
        """Remove the generator's stored API key."""
        removed = self.generator.api_key.delete()
        return dict(self._key_changed(actor, {"removed": removed}), removed=removed)

    def _key_changed(self, actor: str, detail: dict) -> dict:
        secret = self.generator.api_key
        self.store.writer.write(lambda tx: audit.record(tx, actor, "generator.key", "generator.api_key", detail))
        self.generator.rebuild()
        self._on_change()
        return {"set": secret.source is not None, "source": secret.source, "warning": secret.warning}
