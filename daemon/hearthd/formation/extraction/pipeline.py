"""Driving it: sentences, clauses, subjects, and the extract() entry point."""

from __future__ import annotations

from .model import INFERRED, USER_STATED, Candidate
from .rules import _clause_candidates, _Ctx, _split_clauses
from .text import (
    _FILLER,
    _GREETING,
    _HEDGE,
    _HEDGED_BE,
    _HYPOTHETICAL,
    _LEAD_IN,
    _NEGATED_HEDGE,
    _PLAN,
    _QUESTION_START,
    _REPORTED,
    _lowercase_input,
    _strip_repeatedly,
    _strip_trailing,
    normalise,
    split_sentences,
)
from .vocabulary import TIME


def _sentence_candidates(sentence: str) -> list[Candidate]:
    s = normalise(sentence)
    if not s or s.rstrip().endswith("?"):
        return []  # a question states nothing
    s, greeted = _strip_repeatedly(s, _GREETING, _FILLER, _LEAD_IN)
    provenance = USER_STATED
    if _NEGATED_HEDGE.search(s):
        return []  # "I don't think I'm allergic"
    s, n = _HEDGED_BE.subn(lambda m: f"{m.group(1)} {'am' if m.group(1).lower() == 'i' else 'are'}", s)
    s, k = _HEDGE.subn("", s)
    if n or k:
        provenance = INFERRED
    s, g2 = _strip_repeatedly(s.strip(" ,"), _GREETING, _FILLER, _LEAD_IN)
    greeted = greeted or g2
    if not s or _QUESTION_START.match(s) or _HYPOTHETICAL.search(s) or _REPORTED.search(s):
        return []
    lowercase = _lowercase_input(sentence)
    out: list[Candidate] = []
    for clause in _split_clauses(s):
        clause, _ = _strip_repeatedly(clause.strip(" ,"), _FILLER)
        clause = _strip_trailing(clause)
        if not clause or _PLAN.search(clause):
            continue
        # A leading time phrase ("Last month we moved to Porto") is a hint, not part of the statement.
        hint = None
        lead = TIME.match(clause)
        if lead:
            hint = lead.group()
            clause = clause[lead.end() :].lstrip(" ,")
        ctx = _Ctx(clause, sentence.strip(), provenance, hint, greeted, lowercase)
        out += _clause_candidates(clause, ctx)
    return out


class Discourse:
    """What the previous sentences of one speaker mentioned, so "she"/"he"/"her"/"his"/"it" resolve: pass the
    same instance to successive extract() calls of one speaker's turns."""

    def __init__(self) -> None:
        self.person = None  # the last person mentioned (not the speaker)
        self.female = None
        self.male = None
        self.thing = None  # the last pet/thing ("it")


def extract(text: str, role: str = "user", discourse: Discourse | None = None) -> list[Candidate]:
    """Candidates the text states about its speaker. Only user turns are read: what the assistant says about
    the user is not the user saying it."""
    if (role or "").lower() != "user" or not text or not text.strip():
        return []
    out: list[Candidate] = []
    seen: set[tuple] = set()
    for sentence in split_sentences(text):
        for c in _sentence_candidates(sentence):
            key = (c.predicate, c.object.lower(), c.qualifier)
            if key not in seen:
                seen.add(key)
                out.append(c)
    return out


def _main(argv: list[str]) -> None:
    """`python -m hearthd.formation.extract_rules "I live in Porto."` prints what the rules read."""
    for text in argv or ["I live in Porto and I work as a nurse."]:
        for c in extract(text):
            print(f"{c.predicate:14} {c.object!r:28} {c.provenance:12} q={c.qualifier!r} t={c.time_hint!r}  {c.text}")


if __name__ == "__main__":
    import sys

    _main(sys.argv[1:])
