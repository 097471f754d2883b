"""The rule-based fact extractor, kept importable by its old name: the code is in the `extraction` package."""

from __future__ import annotations

from .extraction import (
    FUNCTIONAL,
    INFERRED,
    KEYED,
    MAX_OBJECT_WORDS,
    PREDICATES,
    SLOTS,
    USER_STATED,
    Candidate,
    Discourse,
    Mention,
    extract,
    load_catalogue,
    normalise,
    split_sentences,
)
from .extraction.pipeline import _main

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
    "load_catalogue",
    "normalise",
    "split_sentences",
]

if __name__ == "__main__":
    import sys

    _main(sys.argv[1:])
