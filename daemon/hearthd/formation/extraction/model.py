"""The extractor's output types and the predicate catalogue it types by."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from ...resources import read_json

CATALOGUE = "predicates.json"  # under resources/

USER_STATED = "USER-STATED"
INFERRED = "INFERRED"
MAX_OBJECT_WORDS = 8


def load_catalogue(path=None) -> list[dict]:
    """The predicate catalogue: [{name, functional, description, anchors}]."""
    if path is None:
        return read_json(CATALOGUE)
    with open(path, encoding="utf-8") as f:
        return json.load(f)


_CATALOGUE = load_catalogue()
PREDICATES: tuple[str, ...] = tuple(p["name"] for p in _CATALOGUE)
FUNCTIONAL: frozenset[str] = frozenset(p["name"] for p in _CATALOGUE if p.get("functional"))
# Keyed predicates (appointment, schedule) supersede by (subject, predicate, qualifier): the event's identity.
KEYED: frozenset[str] = frozenset(p["name"] for p in _CATALOGUE if p.get("keyed"))
# Predicates sharing a slot supersede each other (works_as and works_at: "occupation").
SLOTS: dict[str, str] = {p["name"]: p["slot"] for p in _CATALOGUE if p.get("slot")}


@dataclass(frozen=True)
class Mention:
    """Who or what a candidate is about, as said: resolved to an entity by formation."""

    name: str | None = None  # "Emma", "Biscuit", "Sara"
    relation: str | None = None  # the speaker's relation to it, singular, lower case: "daughter", "dog", "car"
    kind: str = "person"  # person | pet | place | organisation | thing | household
    shared: bool = False  # said as the household's ("our son Felix", "our dog Biscuit"): what is said of it is too
    # Mention(kind="household") is the household itself ("we live in Porto", "the bins go out on Thursday").


HOUSEHOLD = Mention(kind="household")


@dataclass(frozen=True)
class Candidate:
    predicate: str
    object: str
    text: str  # third person, with a "{subject}" placeholder
    provenance: str  # USER-STATED, or INFERRED when the speaker hedged
    qualifier: str | None = None  # relation, pet kind, anniversary kind, routine schedule, event kind
    time_hint: str | None = None  # "last month", "in 2019", "since March"
    source: str = ""  # the sentence it came from
    subject: Mention | None = None  # None = the speaker
    object_mention: Mention | None = None  # the entity the object names, for relation facts (family_member, pet)
    # (predicate, text) the object may call for instead, which the rules cannot tell apart and formation decides by
    # the model: "Sara moved to Ericsson" is a new job, "Sara moved to Lyon" a new home
    or_else: tuple[str, str] | None = None
    employer_only: bool = False  # kept only when the model reads the object as an employer ("at Vodafone now")
    guessed: bool = False  # read by the learned reader: replaces a current value only if a person says so


# Words that tell a new job from more about the same one: "I'm at Lloyds now", "started at", "a new job".
_CHANGE_SAID = re.compile(
    r"\b(?:now|these days|nowadays|new|started|starting|moved|switched|changed|left|leaving|quit|packed in|promoted|"
    r"made|transferred|joined|got a job|got a place|took a job|taken a job|handed (?:in )?(?:my|his|her) notice|"
    r"retrained|qualified|taken on|instead|any ?more|no longer)\b",
    re.I,
)


def said_as_a_change(c: Candidate) -> bool:
    """Whether a role or an employer was said as news, so it ends the whole occupation stated before."""
    return bool(_CHANGE_SAID.search(c.source or ""))
