"""The deterministic, rule-based fact extraction: the formation path when no generator (LLM) is configured.

It reads common English first-person statements ("I live in Porto", "my sister is called Maria", "I'm allergic
to peanuts") into candidates typed by the predicate catalogue in resources/predicates.json. It is PRECISE
rather than eager: a statement it is not sure about gives nothing, because a wrong fact about a person is worse
than a missing one (the generator path and the `note` catch-all exist for the rest).

The pipeline, per sentence:
  normalise (apostrophes, contractions) -> strip filler and lead-ins ("well,", "by the way", "remember that")
  -> strip hedges ("I think", "probably") and remember them as INFERRED provenance
  -> reject the whole sentence if it is a question, a hypothetical or reported speech
  -> split into clauses -> per clause reject plans/future and "no longer" talk
  -> try the rule table in order (first rule that yields wins) + appositives ("my sister Maria")
  -> clean the object (clause boundaries, trailing filler, time phrase -> time_hint) and validate it.
"""

from .model import (
    FUNCTIONAL,
    INFERRED,
    KEYED,
    MAX_OBJECT_WORDS,
    PREDICATES,
    SLOTS,
    USER_STATED,
    Candidate,
    Mention,
    load_catalogue,
    said_as_a_change,
)
from .text import is_question, normalise, only_imagines, split_sentences

# The rule tables compile several large regular expressions (most of a second): loaded on first use (the first
# formation), not when the daemon starts and its API should answer.
_PIPELINE = ("Discourse", "extract", "rules_alone")


def __getattr__(name: str):
    if name in _PIPELINE:
        from . import pipeline

        return getattr(pipeline, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "FUNCTIONAL",
    "INFERRED",
    "KEYED",
    "MAX_OBJECT_WORDS",
    "PREDICATES",
    "SLOTS",
    "USER_STATED",
    "Candidate",
    "Discourse",
    "Mention",
    "extract",
    "is_question",
    "load_catalogue",
    "normalise",
    "only_imagines",
    "rules_alone",
    "said_as_a_change",
    "split_sentences",
]
