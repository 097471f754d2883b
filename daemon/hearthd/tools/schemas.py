"""The recall tools as OpenAI function-calling schemas (also what the MCP server lists)."""

from __future__ import annotations

RECALL_MEMORY = {
    "type": "function",
    "function": {
        "name": "recall_memory",
        "description": "Search the household's long-term memory: facts, past conversations (episodes) and what "
        "was said. Use it when the user refers to something from before.",
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "what to look for, in plain words"},
                "since": {
                    "type": "string",
                    "description": "only memories from then on: a date (YYYY-MM-DD) or words such as "
                    "'yesterday', 'last week', 'in May', 'two days ago'",
                },
                "until": {
                    "type": "string",
                    "description": "only memories up to then (a date or period is taken in to its end); a time "
                    "named in the query ('what did we say last week?') is also understood",
                },
                "limit": {"type": "integer", "minimum": 1, "maximum": 20, "description": "results per kind"},
                "max_tokens": {
                    "type": "integer",
                    "minimum": 50,
                    "maximum": 4000,
                    "description": "the most the answer may take (about 4 characters a token; default 300): the "
                    "most relevant results fit, left_out counts the rest",
                },
            },
            "required": ["query"],
            "additionalProperties": False,
        },
    },
}

EXPAND_EPISODE = {
    "type": "function",
    "function": {
        "name": "expand_episode",
        "description": "The full record of one past conversation found by recall_memory: its summary, the "
        "facts learned in it and what was said.",
        "parameters": {
            "type": "object",
            "properties": {"episode_id": {"type": "integer", "description": "the episode's id"}},
            "required": ["episode_id"],
            "additionalProperties": False,
        },
    },
}

GET_RELATED_EPISODES = {
    "type": "function",
    "function": {
        "name": "get_related_episodes",
        "description": "Past conversations on a similar topic to the given one.",
        "parameters": {
            "type": "object",
            "properties": {
                "episode_id": {"type": "integer"},
                "limit": {"type": "integer", "minimum": 1, "maximum": 10},
            },
            "required": ["episode_id"],
            "additionalProperties": False,
        },
    },
}

CLEAR_CONTEXT = {
    "type": "function",
    "function": {
        "name": "clear_context",
        "description": "Forget the current conversation when the user asks to (it is not kept as memory).",
        "parameters": {"type": "object", "properties": {}, "additionalProperties": False},
    },
}

TOOLS = [RECALL_MEMORY, EXPAND_EPISODE, GET_RELATED_EPISODES, CLEAR_CONTEXT]
BY_NAME = {t["function"]["name"]: t for t in TOOLS}
