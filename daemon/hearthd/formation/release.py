"""Release: a statement that something no longer holds ("Tom doesn't work at the bank anymore", "Leo grew out of
his egg allergy", "Rui sold his motorbike") closes the current fact it names, audited, instead of being kept
as a note that still says "bank".

The extractor gives nothing for such sentences (they are negations); this reads them against the facts that
exist: a fact is released when the sentence says it is over (a no-longer cue), names its subject (a name or
alias of the subject entity, or "I"/"my" for the speaker, "we"/"our" for the household), names every content
word of its object, and uses a word of its predicate's kind (work, live, allergic, sold...). Only the pools
the speaker may change (theirs and the household's). The closed fact keeps its text as history and can be
restored.
"""

from __future__ import annotations

import re
import time

from ..audit import record as audit
from ..entities.resolve import household as household_entity
from ..entities.resolve import norm, person_of_speaker
from ..store.tracks import FACTS

_OVER = re.compile(
    r"\b(?:no longer|anymore|any more|not any longer|stopped|quit|quitted|given up|gave up|sold|got rid of|"
    r"grew out of|grown out of|has left|have left|left his|left her|left the|left their|retired from|"
    r"moved out of|moved away from|is over|are over|finished with)\b",
    re.I,
)
_QUESTION = re.compile(r"\?\s*$|^\s*(?:if|what if|would|could|should|do|does|did|is|are)\b", re.I)
_REPORTED = re.compile(r"\b(?:said|says|told|thinks|think|might|may|maybe|perhaps|wants? to|going to)\b", re.I)
_PREFERENCE = re.compile(r"\b(?:like|likes|love|loves|enjoy|enjoys|hate|hates|mind)\b", re.I)
# The words that say which kind of fact is over.
_CUES = {
    "works_at": r"work|works|working|worked|job|employed|left|quit|retired",
    "works_as": r"work|works|working|worked|job|employed|quit|retired|anymore|any more|no longer",
    "lives_in": r"live|lives|living|moved|based",
    "allergy": r"allergic|allergy|allergies|intolerant|grew out|grown out",
    "owns": r"sold|have|has|own|owns|got rid|drive|drives|got",
    "routine": r"stopped|quit|gave up|given up|no longer|anymore|any more",
    "schedule": r"stopped|no longer|anymore|any more",
    "likes": r"like|likes|love|loves|into|fan|enjoy|enjoys",
    "diet": r"vegetarian|vegan|pescatarian|eat|eats|diet",
}
CUES = {p: re.compile(rf"\b(?:{words})\b", re.I) for p, words in _CUES.items()}
_STOP = frozenset(
    "a an the my our his her their to at in on of for and or with go goes going do does doing is are be "
    "every each week weekly day daily morning evening night".split()
)
_FIRST = re.compile(r"\b(?:I|me|my|mine|I'm|I've)\b")
_WE = re.compile(r"\b(?:we|our|us)\b", re.I)


def says_over(text: str) -> bool:
    """Whether the sentence says something is over, and is not a question, a hypothetical or reported."""
    return bool(_OVER.search(text)) and not _QUESTION.search(text) and not _REPORTED.search(text)


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in norm(text).split()}


def release(tx, text: str, speaker: str | None, said_at: float, source: str) -> list[int]:
    """Close the current facts the sentence says are over; their ids."""
    if not says_over(text):
        return []
    now = time.time()
    said = _words(text)
    subjects = _subjects(tx, text, said, speaker, now)
    if not subjects:
        return []
    marks = ", ".join("?" * len(subjects))
    rows = tx.execute(
        f"SELECT id, predicate, object, qualifier FROM facts WHERE subject_entity IN ({marks}) "
        "AND status = 'active' AND dismissed = 0 AND (owner_id IS NULL OR owner_id IS ?)",
        (*subjects, speaker),
    ).fetchall()
    preference = bool(_PREFERENCE.search(text))
    released = []
    for row in rows:
        cue = CUES.get(row["predicate"])
        if cue is None or not cue.search(text) or (preference and row["predicate"] not in ("likes",)):
            continue
        content = {w.rstrip("s") for w in norm(row["object"]).split() if w not in _STOP}
        if content and content <= said:
            released.append(row["id"])
    for fact_id in released:
        tx.execute(
            "UPDATE facts SET status = 'superseded', valid_to = ?, superseded_by = NULL WHERE id = ?",
            (said_at, fact_id),
        )
        audit(tx, source, "fact.released", f"fact:{fact_id}", {"text": text})
    tx.touch(FACTS, released)
    return released


def _subjects(tx, text: str, said: set[str], speaker: str | None, now: float) -> list[int]:
    """The entities the sentence names: by name or alias, the speaker by "I", the household by "we"."""
    found = []
    if speaker and _FIRST.search(text):
        found.append(person_of_speaker(tx, speaker, now))
    if _WE.search(text):
        found.append(household_entity(tx, now))
    lowered = f" {norm(text)} "
    for row in tx.execute(
        "SELECT DISTINCT a.entity_id, a.norm FROM entity_aliases a JOIN entities e ON e.id = a.entity_id "
        "WHERE e.merged_into IS NULL"
    ):
        if row["norm"] and f" {row['norm']} " in lowered:
            found.append(row["entity_id"])
    return sorted(set(found))
