"""A small rule-based reading of first-person statements into (predicate, object).

It is deliberately precise rather than eager: questions, hypotheticals and negations give nothing, and text
it does not recognise is kept as a plain note. The formation work extends this into the full extractor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

FUNCTIONAL = frozenset({"name", "lives_in", "works_as", "birthday"})

_NOT_A_STATEMENT = re.compile(
    r"\?\s*$|^\s*(if|suppose|imagine|what if|would|should|could|do|does|did|is|are|can|will)\b"
    r"|\b(not|never|n't|wish|maybe|perhaps|might)\b", re.I)

_OBJ = r"(?P<obj>[^.!?;]{1,120}?)"
_END = r"\s*[.!]?\s*$"

PATTERNS: list[tuple[str, re.Pattern]] = [
    (p, re.compile(rx + _END, re.I)) for p, rx in [
        ("name", r"^\s*(?:my name is|call me|i am called|i'm called)\s+" + _OBJ),
        ("lives_in", r"^\s*(?:i|we)\s+(?:now\s+)?(?:live|are living|am living|moved|have moved)\s+(?:in|to)\s+" + _OBJ),
        ("lives_in", r"^\s*(?:i'm|we're)\s+(?:now\s+)?living\s+in\s+" + _OBJ),
        ("works_as", r"^\s*i\s+(?:work|am working)\s+as\s+(?:an?\s+)?" + _OBJ),
        ("works_at", r"^\s*i\s+(?:work|am working)\s+(?:at|for)\s+" + _OBJ),
        ("allergic_to", r"^\s*(?:i'm|i am)\s+allergic\s+to\s+" + _OBJ),
        ("birthday", r"^\s*my\s+birthday\s+is\s+(?:on\s+)?" + _OBJ),
        ("dislikes", r"^\s*i\s+(?:really\s+)?(?:hate|dislike|can't stand)\s+" + _OBJ),
        ("likes", r"^\s*i\s+(?:really\s+)?(?:like|love|enjoy|adore)\s+" + _OBJ),
    ]
]


@dataclass(frozen=True)
class Reading:
    predicate: str
    object: str


def read_statement(text: str) -> Reading | None:
    """The (predicate, object) a plain first-person statement makes, or None."""
    sentence = text.strip()
    if not sentence:
        return None
    for predicate, pattern in PATTERNS:
        m = pattern.match(sentence)
        if m:
            if _NOT_A_STATEMENT.search(sentence) and predicate != "dislikes":
                return None
            obj = m.group("obj").strip().strip(",")
            return Reading(predicate, obj) if obj else None
    return None
