"""The recall tools for the assistant's LLM: their schemas, and calling one in the speaker's scope."""

from __future__ import annotations

from ..errors import UserError
from ..settings import Settings
from ..store.database import Store
from ..tools import schemas
from ..tools.dispatch import HANDLERS, ToolCall, check_arguments, tool_scope
from .conversation import Conversation
from .recall import Reading
from .registry import ANY, operation


class Tools:
    def __init__(self, store: Store, settings: Settings, reading: Reading, conversation: Conversation):
        self.store, self.settings, self.reading, self.conversation = store, settings, reading, conversation

    @operation(roles=ANY)
    def tools(self) -> dict:
        """The recall tools as OpenAI function-calling schemas; empty while tools.enabled is off."""
        enabled = self.settings["tools.enabled"]
        return {"enabled": enabled, "tools": schemas.TOOLS if enabled else []}

    @operation(roles=ANY, no_cli="hearthctl mcp serves the tools to an MCP host")
    def call_tool(self, name: str, arguments: dict, speaker: str | None, band: str | None) -> dict:
        """Run one tool call in the scope of the speaker it names (an anonymous caller gets nothing)."""
        if not self.settings["tools.enabled"]:
            raise UserError("the recall tools are off (setting tools.enabled)", status=403)
        check_arguments(name, arguments)
        call = ToolCall(self.store, self.reading, self.conversation, tool_scope(speaker, band), speaker, arguments)
        return HANDLERS[name](call)
