"""mem0's memories: the JSON of `Memory.get_all()` ({"results": [...]}) or a list of its records.

A record (`memory`, `user_id`, `agent_id`, `run_id`, `role`, `created_at`, ...) becomes a turn said by its
user at its creation time, in one conversation per run (or per user). A memory mem0 wrote without a subject,
as its fact extraction does ("Lives in Porto", "Name is Alice"), is turned into the person saying it ("I live
in Porto", "My name is Alice") so that formation reads it as theirs; one kept verbatim (`infer=False`) is
imported as said.
"""

from __future__ import annotations

import re

from ..timeutil import parse_time
from . import Imported, ImportedTurn

_IRREGULAR = {"is": "am", "has": "have", "does": "do", "goes": "go", "was": "was"}
_VERB_FIRST = re.compile(r"^(Is|Has|Does|Goes|Was|[A-Z][a-z]+(?:es|s))\b(?=\s)(?!\s+(?:is|are|was|were)\b)")
_NAME_IS = re.compile(r"^(Name|Birthday|Favou?rite [a-z]+|Job|Email|Phone number) (is|was) ", re.IGNORECASE)
_NOT_VERBS = {"This", "His", "Hers", "Its", "Yes", "Always", "Sometimes", "Perhaps", "Friends", "Kids", "Parents"}


def _base(verb: str) -> str:
    lower = verb.lower()
    if lower in _IRREGULAR:
        return _IRREGULAR[lower]
    if lower.endswith("ies"):
        return lower[:-3] + "y"
    if lower.endswith(("ches", "shes", "sses", "xes", "zzes")):
        return lower[:-2]
    return lower[:-1]


def first_person(memory: str) -> str:
    """ "Lives in Porto" -> "I live in Porto"; "Name is Alice" -> "My name is Alice"; else as it is."""
    text = memory.strip()
    named = _NAME_IS.match(text)
    if named:
        return "My " + text[0].lower() + text[1:]
    verb = _VERB_FIRST.match(text)
    if verb and verb.group(1) not in _NOT_VERBS:
        return f"I {_base(verb.group(1))}{text[verb.end() :]}"
    return text


def read(data) -> Imported:
    records = data.get("results", data.get("memories")) if isinstance(data, dict) else data
    imported = Imported()
    if not isinstance(records, list):
        from ..errors import UserError

        raise UserError('a mem0 export is the JSON of get_all ({"results": [...]}) or a list of its memories')
    for i, record in enumerate(records, 1):
        if not isinstance(record, dict) or not isinstance(record.get("memory"), str) or not record["memory"].strip():
            imported.skip("not a memory record")
            continue
        user = record.get("user_id") or None
        role = "assistant" if record.get("role") == "assistant" else "user"
        owner = record.get("run_id") or user or record.get("agent_id") or "shared"
        text = record["memory"].strip()
        imported.turns.append(
            ImportedTurn(
                thread=f"mem0-{owner}",
                role=role,
                text=first_person(text) if role == "user" else text,
                name=user if role == "user" else None,
                ts=parse_time(record.get("created_at"), f"memory {i} created_at", periods=False),
                where=f"memory {i}",
            )
        )
    return imported
