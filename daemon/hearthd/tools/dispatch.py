"""Calling a recall tool on behalf of the assistant, in the scope of the identified speaker.

The scope comes from the same builder as auto-inject (memory.scope), so the surfaces cannot diverge; an
anonymous caller gets nothing; the tools answer only when `tools.enabled` is on. The handlers are a table
with one entry per schema in `tools.schemas`, checked when this module loads: a schema without a handler (or
a handler without a schema) is an error at start, never a fall-through to another tool.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import NotFound, UserError
from ..memory.recall import FIELDS, speaker_names
from ..memory.scope import NOTHING, Scope, scope_for
from ..memory.search import Filters
from ..store.tracks import EPISODES, FACTS, TURNS
from ..timeutil import iso, readable
from .schemas import BY_NAME


@dataclass(frozen=True)
class ToolCall:
    """What a handler gets: the services it may use, the caller's scope and identity, the arguments."""

    store: Any
    reading: Any  # ops.recall.Reading
    conversation: Any  # ops.conversation.Conversation
    scope: Scope
    speaker: str | None
    arguments: dict


def tool_scope(speaker: str | None, band: str | None) -> Scope:
    return scope_for(speaker, band) if speaker else NOTHING


def _int(arguments: dict, key: str, default=None, low: int = 1, high: int = 10**12) -> int:
    value = arguments.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise UserError(f"{key} must be a whole number from {low} to {high}")
    return value


def check_arguments(name: str, arguments) -> None:
    if name not in BY_NAME:
        raise NotFound(f"no tool {name!r}")
    if not isinstance(arguments, dict):
        raise UserError("arguments must be an object")
    unknown = set(arguments) - set(BY_NAME[name]["function"]["parameters"]["properties"])
    if unknown:
        raise UserError(f"{name} takes no argument {sorted(unknown)[0]!r}")


ANSWER_TOKENS = 300  # recall_memory's default budget (max_tokens)
MAX_ITEM_WORDS = 60  # a longer text is cut to this many words in a tool's answer
RELEVANCE_ORDER = {"strong": 0, "related": 1, "weak": 2}


def tokens(value) -> int:
    """About how many tokens a text (or a value, as the JSON sent) takes for a model: chars/4, rounded up."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return -(-len(text) // 4)


def clip(text: str, words: int = MAX_ITEM_WORDS) -> str:
    parts = text.split()
    return text if len(parts) <= words else " ".join(parts[:words]) + " ..."


def recall_memory(call: ToolCall) -> dict:
    """What recall finds, short: each fact with since when, each episode and turn with when and who, the
    most relevant first while they fit in `max_tokens` (whole items; `left_out` says how many did not)."""
    query = call.arguments.get("query")
    if not isinstance(query, str) or not query.strip():
        raise UserError("query must be a non-empty string")
    limit = _int(call.arguments, "limit", 5, 1, 20)
    budget = _int(call.arguments, "max_tokens", ANSWER_TOKENS, 50, 4000)
    found = call.reading.recall(query, call.scope, limit, call.arguments.get("since"), call.arguments.get("until"))
    answer: dict = {"facts": [], "episodes": [], "turns": []}
    if found.get("time_range"):
        answer["time_range"] = {
            k: v for k, v in found["time_range"].items() if k in ("since", "until", "phrase") and v is not None
        }
    with call.store.reading() as conn:
        names = speaker_names(conn, {p for e in found.get("episodes", ()) for p in e["participants"]})
    items = [
        (RELEVANCE_ORDER.get(item.get("relevance"), 2), n, i, kind, short(kind, item, names))
        for n, kind in enumerate(("facts", "episodes", "turns"))
        for i, item in enumerate(found.get(kind, ()))
    ]
    used, chosen = tokens(answer) + tokens({"left_out": len(items)}), []
    for _, n, i, kind, entry in sorted(items, key=lambda t: t[:3]):  # the most relevant first, while they fit
        used += tokens(entry) + 1  # and a comma
        if used > budget:
            break
        chosen.append((n, i, kind, entry))
    for _, _, kind, entry in sorted(chosen, key=lambda t: t[:2]):  # each kind in recall's order
        answer[kind].append(entry)
    if len(chosen) < len(items):
        answer["left_out"] = len(items) - len(chosen)
    return answer


def short(kind: str, item: dict, names: dict[str, str]) -> dict:
    """One found item as the assistant gets it: its text, when and who, how relevant."""
    if kind == "facts":
        out = {"id": item["id"], "text": clip(item["text"]), "since": readable(item["valid_from"], with_time=False)}
    elif kind == "episodes":
        out = {
            "id": item["id"],
            "headline": clip(item["headline"]),
            "when": readable(item["started_at"]),
            "who": [names.get(p, p) for p in item["participants"]],
        }
    else:
        out = {"id": item["id"], "who": item.get("speaker") or item["role"], "when": readable(item["ts"])}
        out["text"] = clip(item["text"])
    out["relevance"] = item.get("relevance")
    return out


def _episode(conn, scope: Scope, episode_id: int):
    where, params = Filters(scope).where(EPISODES)
    row = conn.execute(
        f"SELECT {FIELDS['episodes']} FROM episodes x WHERE x.id = ? AND {where}", [episode_id, *params]
    ).fetchone()
    if row is None:
        raise NotFound(f"no episode {episode_id}")  # also when it exists in a pool the caller may not read
    return row


def expand_episode(call: ToolCall) -> dict:
    episode_id, scope = _int(call.arguments, "episode_id"), call.scope
    with call.store.reading() as conn:
        row = _episode(conn, scope, episode_id)
        fwhere, fparams = Filters(scope).where(FACTS)
        facts = conn.execute(
            f"SELECT x.id, coalesce(x.display_text, x.text) FROM facts x JOIN fact_episode_link l "
            f"ON l.fact_id = x.id WHERE l.episode_id = ? AND {fwhere} ORDER BY x.id",
            [episode_id, *fparams],
        ).fetchall()
        twhere, tparams = Filters(scope).where(TURNS)
        turns = conn.execute(
            f"SELECT x.id, x.role, x.speaker_id, x.text, x.ts FROM turns x WHERE x.session_id = ? "
            f"AND {twhere} ORDER BY x.ts, x.id",
            [row["session_id"], *tparams],
        ).fetchall()
    return {
        "id": row["id"],
        "headline": row["headline"],
        "summary": row["summary"],
        "participants": json.loads(row["participants"]),
        "from": iso(row["started_at"]),
        "to": iso(row["ended_at"]),
        "facts": [{"id": f[0], "text": f[1]} for f in facts],
        "turns": [{"id": t[0], "speaker": t[2] or t[1], "text": t[3], "when": iso(t[4])} for t in turns],
    }


def get_related_episodes(call: ToolCall) -> dict:
    episode_id, limit = _int(call.arguments, "episode_id"), _int(call.arguments, "limit", 3, 1, 10)
    with call.store.reading() as conn:
        _episode(conn, call.scope, episode_id)
        where, params = Filters(call.scope).where(EPISODES)
        rows = conn.execute(
            f"SELECT {FIELDS['episodes']}, l.similarity FROM episode_links l JOIN episodes x ON x.id = l.related_id "
            f"WHERE l.episode_id = ? AND {where} ORDER BY l.similarity DESC, x.id LIMIT ?",
            [episode_id, *params, limit],
        ).fetchall()
    return {
        "episodes": [
            {
                "id": r["id"],
                "headline": r["headline"],
                "when": iso(r["ended_at"]),
                "similarity": round(r["similarity"], 3),
            }
            for r in rows
        ]
    }


def clear_context(call: ToolCall) -> dict:
    if not call.speaker:
        return {"cleared": False, "reason": "nobody identified"}
    result = call.conversation.clear_context(call.speaker, actor="assistant")
    return {"cleared": True, "conversations": len(result["threads"])}


HANDLERS: dict[str, Callable[[ToolCall], dict]] = {
    "recall_memory": recall_memory,
    "expand_episode": expand_episode,
    "get_related_episodes": get_related_episodes,
    "clear_context": clear_context,
}


def check_handlers(handlers: dict = HANDLERS, schemas: dict = BY_NAME) -> None:
    """Every tool schema has a handler and every handler a schema."""
    missing, extra = set(schemas) - set(handlers), set(handlers) - set(schemas)
    if missing or extra:
        raise RuntimeError(
            f"tool handlers out of step with the schemas: without a handler {sorted(missing)}, "
            f"without a schema {sorted(extra)}"
        )


check_handlers()
