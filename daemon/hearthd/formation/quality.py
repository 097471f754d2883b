"""The quality gate a candidate fact must pass before it is stored (from the Aletheia model)."""

from __future__ import annotations

import re

MIN_WORDS, MAX_WORDS, MAX_CHARS = 3, 40, 200

# "import os", "from x import y" (lower case, as code is): not "From this term Elodie is at Millbrook Academy"
_CODE = re.compile(
    r"[{};`]|=>|::|</?\w+>|\bdef \w+\(|\breturn\b|\w\(\)|^\s*(?-i:import [\w.]+\s*$|from [\w.]+ import )", re.I
)
_NARRATION = re.compile(
    r"\b(the (user|assistant|speaker|conversation|chat)|this (conversation|chat|session)|"
    r"(user|assistant) (said|says|asked|mentioned|stated))\b",
    re.I,
)
_PAIRS = (("(", ")"), ("[", "]"), ("{", "}"))


def quality_problem(text: str) -> str | None:
    """Why the text is not fit to be a fact, or None when it is."""
    words = text.split()
    if not MIN_WORDS <= len(words) <= MAX_WORDS:
        return f"{len(words)} words (must be {MIN_WORDS}-{MAX_WORDS})"
    if len(text) > MAX_CHARS:
        return f"{len(text)} characters (at most {MAX_CHARS})"
    for opening, closing in _PAIRS:
        if text.count(opening) != text.count(closing):
            return "unbalanced brackets"
    if text.count('"') % 2 or text.count("\u201c") != text.count("\u201d"):
        return "unbalanced quotes"
    if _CODE.search(text):
        return "looks like code"
    if _NARRATION.search(text):
        return "narrates the conversation"
    return None
