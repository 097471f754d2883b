"""The daemon's operations, one service class per area, each operation declared once (see registry).

    conversation  commit turns, the working window, compaction, clear_context
    recall        recall, context assembly, facts, the memory browser
    curation      remember, dismiss/restore, pin, edit, promote, review, audit
    forgetting    erase and receipts, export and import
    importing     another store's memories or old transcripts, brought in as turns
    proxy         the memory proxy's per-person keys
    speakers      enrollment, identification, rename, remove a voice
    settings      read and change settings
    generator     the LLM's status, test call, API key
    tools         the recall tools' schemas and calls
    system        version, health, status, formation passes, the event stream
    rules         the standing instructions of a person or the household
    importance    a fact's importance and its inputs, recomputing it
    entities      the household's people, pets, places and things: rename, aliases, merge, split

The API's routers (hearthd.api.routes), the client (hearthd.api.client) and hearthctl (hearthd.cli) call
these; none of them reaches past the services into the store.
"""

from __future__ import annotations

from dataclasses import dataclass

from .conversation import Conversation
from .curation import Curation
from .entities import EntitiesOps
from .forgetting import Forgetting
from .generator import GeneratorOps
from .importance import ImportanceOps
from .importing import Importing
from .proxy import ProxyOps
from .recall import Reading
from .registry import REGISTRY, Operation, operation
from .rules import RulesOps
from .settings import SettingsOps
from .speakers import Speakers
from .system import System
from .tools import Tools

__all__ = ["REGISTRY", "Operation", "Operations", "operation"]


@dataclass(frozen=True)
class Operations:
    conversation: Conversation
    recall: Reading
    curation: Curation
    forgetting: Forgetting
    speakers: Speakers
    settings: SettingsOps
    generator: GeneratorOps
    tools: Tools
    system: System
    rules: RulesOps
    importance: ImportanceOps
    entities: EntitiesOps
    importing: Importing
    proxy: ProxyOps
