"""Calling a recall tool on behalf of the assistant, in the scope of the identified speaker.

The scope comes from the same builder as auto-inject (memory.scope), so the surfaces cannot diverge; an
anonymous caller gets nothing; the tools answer only when `tools.enabled` is on.
"""

from __future__ import annotations

import json

from ..errors import NotFound, UserError
from ..memory.recall import FIELDS
from ..memory.scope import NOTHING, Scope, scope_for
from ..memory.search import Filters
from ..store.tracks import EPISODES, FACTS, TURNS
from ..timeutil import iso
from .schemas import BY_NAME


def tool_scope(speaker: str | None, band: str | None) -> Scope:
    return scope_for(speaker, band) if speaker else NOTHING


def _int(arguments: dict, key: str, default=None, low: int = 1, high: int = 10**12) -> int:
    value = arguments.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise UserError(f"{key} must be a whole number from {low} to {high}")
    return value


def call_tool(daemon, name: str, arguments: dict, speaker: str | None, band: str | None) -> dict:
    if not daemon.settings["tools.enabled"]:
        raise UserError("the recall tools are off (setting tools.enabled)", status=403)
    if name not in BY_NAME:
        raise NotFound(f"no tool {name!r}")
    if not isinstance(arguments, dict):
        raise UserError("arguments must be an object")
    allowed = set(BY_NAME[name]["function"]["parameters"]["properties"])
    unknown = set(arguments) - allowed
    if unknown:
        raise UserError(f"{name} takes no argument {sorted(unknown)[0]!r}")
    scope = tool_scope(speaker, band)
    if name == "recall_memory":
        return recall_memory(daemon, scope, arguments)
    if name == "expand_episode":
        return expand_episode(daemon, scope, _int(arguments, "episode_id"))
    if name == "get_related_episodes":
        return related_episodes(daemon, scope, _int(arguments, "episode_id"), _int(arguments, "limit", 3, 1, 10))
    if not speaker:
        return {"cleared": False, "reason": "nobody identified"}
    result = daemon.clear_context(speaker, actor="assistant")
    return {"cleared": True, "conversations": len(result["threads"])}


def recall_memory(daemon, scope: Scope, arguments: dict) -> dict:
    query = arguments.get("query")
    if not isinstance(query, str) or not query.strip():
        raise UserError("query must be a non-empty string")
    limit = _int(arguments, "limit", 5, 1, 20)
    found = daemon.recall(query, scope, limit, arguments.get("since"), arguments.get("until"))
    return {
        "facts": [{"id": f["id"], "text": f["text"], "since": f["valid_from"]} for f in found["facts"]],
        "episodes": [{"id": e["id"], "headline": e["headline"], "when": e["ended_at"]} for e in found["episodes"]],
        "turns": [{"id": t["id"], "speaker": t["speaker_id"] or t["role"], "text": t["text"], "when": t["ts"]}
                  for t in found["turns"]],
    }


def _episode(daemon, scope: Scope, episode_id: int):
    where, params = Filters(scope).where(EPISODES)
    row = daemon.store.read().execute(f"SELECT {FIELDS['episodes']} FROM episodes x WHERE x.id = ? AND {where}",
                                      [episode_id, *params]).fetchone()
    if row is None:
        raise NotFound(f"no episode {episode_id}")  # also when it exists in a pool the caller may not read
    return row


def expand_episode(daemon, scope: Scope, episode_id: int) -> dict:
    row = _episode(daemon, scope, episode_id)
    conn = daemon.store.read()
    fwhere, fparams = Filters(scope).where(FACTS)
    facts = conn.execute(f"SELECT x.id, coalesce(x.display_text, x.text) FROM facts x JOIN fact_episode_link l "
                         f"ON l.fact_id = x.id WHERE l.episode_id = ? AND {fwhere}", [episode_id, *fparams]).fetchall()
    twhere, tparams = Filters(scope).where(TURNS)
    turns = conn.execute(f"SELECT x.id, x.role, x.speaker_id, x.text, x.ts FROM turns x WHERE x.session_id = ? "
                         f"AND {twhere} ORDER BY x.ts, x.id", [row["session_id"], *tparams]).fetchall()
    return {"id": row["id"], "headline": row["headline"], "summary": row["summary"],
            "participants": json.loads(row["participants"]), "from": iso(row["started_at"]),
            "to": iso(row["ended_at"]), "facts": [{"id": f[0], "text": f[1]} for f in facts],
            "turns": [{"id": t[0], "speaker": t[2] or t[1], "text": t[3], "when": iso(t[4])} for t in turns]}


def related_episodes(daemon, scope: Scope, episode_id: int, limit: int) -> dict:
    _episode(daemon, scope, episode_id)
    where, params = Filters(scope).where(EPISODES)
    rows = daemon.store.read().execute(
        f"SELECT {FIELDS['episodes']}, l.similarity FROM episode_links l JOIN episodes x ON x.id = l.related_id "
        f"WHERE l.episode_id = ? AND {where} ORDER BY l.similarity DESC LIMIT ?", [episode_id, *params, limit])
    return {"episodes": [{"id": r["id"], "headline": r["headline"], "when": iso(r["ended_at"]),
                          "similarity": round(r["similarity"], 3)} for r in rows]}



