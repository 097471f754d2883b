"""The daemon itself: version, health, status, formation passes and the event stream."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

from .. import __version__
from ..embedding.service import TextEmbedder
from ..events import EventBus
from ..formation.sweeper import Sweeper
from ..store.database import Store
from .registry import ANY, operation

KEEP_ALIVE_SECONDS = 15


class System:
    def __init__(
        self, store: Store, embedder: TextEmbedder, sweeper: Sweeper, events: EventBus, status_of: Callable[[], dict]
    ):
        self.store, self.embedder, self.sweeper, self.events = store, embedder, sweeper, events
        self._status_of = status_of  # the Daemon composes it from each component's own

    @operation(roles=ANY, no_cli="hearthctl status gives the version and more")
    def version(self) -> dict:
        """The daemon's version, its API version and the database's schema version."""
        return {"version": __version__, "api": 1, "schema_version": self.store.schema_version}

    @operation(roles=ANY, no_cli="hearthctl status answers only when the daemon is healthy")
    def health(self) -> dict:
        """The daemon answers; the embedder's state."""
        return {"ok": True, "embedder": self.embedder.state}

    @operation()
    def status(self) -> dict:
        """Daemon, schema, embedder (model, ready, re-embedding), generator, formation, counts."""
        return self._status_of()

    @operation()
    def formation(self) -> dict:
        """The formation backlog and the last pass."""
        return self.sweeper.status()

    @operation(
        event="formation.ran",
        event_data=lambda a: {"ended": a["ended"], "formed": len(a["formed"]), "not_formed": a["not_formed"]},
    )
    def form_now(self, end_open: bool = False) -> dict:
        """Run a formation pass now and wait for it (end_open: end the open sessions too, skip the grace)."""
        return self.sweeper.run_pass(end_open)

    @operation(name="events")
    async def events_stream(self, disconnected: Callable[[], Awaitable[bool]]) -> AsyncIterator[dict | None]:
        """What the daemon does, as it happens (None every so often while nothing does: a keep-alive)."""
        queue = self.events.subscribe()
        try:
            while True:
                try:
                    yield await asyncio.wait_for(queue.get(), timeout=KEEP_ALIVE_SECONDS)
                except TimeoutError:
                    if await disconnected():
                        return
                    yield None
        finally:
            self.events.unsubscribe(queue)
