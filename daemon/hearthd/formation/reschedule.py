"""Rescheduling: a current event said to be at another time in words the extractor does not read as an event
("the hospital rang - Gran's appointment is now the 2nd of April", "Milo's swimming moves to Fridays", "the
council's changed bin day to Monday", "had to rebook the dentist, it's the 19th of June now").

It is read against the events that exist. The sentence says the time changed (a change cue) and gives a time,
and it names one current appointment or schedule: of a subject it names (else of the speaker or the household),
by the words of what happens (the event's kind words), or only as "the appointment" when that subject has one.
The result is that event at the new time with the old one's key, so it supersedes the old one as any event
fact does (audited, restorable). Anything less certain stays a note.
"""

from __future__ import annotations

import re

from ..entities.resolve import canonical, norm
from .extraction.events import CLOCK, last_time_said
from .extraction.model import Mention
from .facts import GENERIC_EVENT, FactIn, event_words, names_event
from .release import FIRST_PERSON, is_said_as_fact, named_subjects

CHANGE = re.compile(
    r"\b(?:now|moved?|moves|moving|changed?|changes|rebook(?:ed)?|re-?booked|rescheduled?|postponed|put back|"
    r"pushed|brought forward|switched|instead|from next week|from now on|back to|forward to|shifted|"
    r"from next month)\b",
    re.I,
)
EVENTS = ("appointment", "schedule")


def rescheduled(conn, text: str, speaker: str | None, said_at: float, source: str) -> FactIn | None:
    """The event the sentence moves, at its new time; None when it names none for certain."""
    if not CHANGE.search(text) or not is_said_as_fact(text):
        return None
    when = last_time_said(text)
    if not when:
        return None
    row = conn.execute("SELECT id FROM entities WHERE speaker_id = ?", (speaker,)).fetchone() if speaker else None
    me = canonical(conn, row[0]) if row else None
    row = conn.execute("SELECT id FROM entities WHERE kind = 'household' ORDER BY id LIMIT 1").fetchone()
    household = row[0] if row else None
    subjects = named_subjects(conn, text, me if FIRST_PERSON.search(text) else None, me, household)
    subjects = subjects or [e for e in (me, household) if e is not None]
    if not subjects:
        return None
    rows = conn.execute(
        f"SELECT id, subject, subject_entity, predicate, object, text, qualifier, owner_id FROM facts "
        f"WHERE subject_entity IN ({', '.join('?' * len(subjects))}) AND predicate IN ('appointment', 'schedule') "
        "AND status = 'active' AND dismissed = 0 AND (owner_id IS NULL OR owner_id IS ?) AND valid_from <= ?",
        (*subjects, speaker, said_at),
    ).fetchall()
    said = event_words(text)
    named = [r for r in rows if names_event(r["qualifier"], said)]
    if not named and said & GENERIC_EVENT:
        named = [r for r in rows if r["predicate"] == "appointment"]
    if len({(r["subject_entity"], r["predicate"], r["qualifier"]) for r in named}) != 1:
        return None  # no event, or two it could be: a note, not a guess
    old = named[0]
    when = _on_the_same_day(old["object"], when)
    if norm(old["object"]) == norm(when):
        return None
    at = old["text"].lower().rfind(old["object"].lower())
    moved = (
        f"{old['text'][:at]}{when}{old['text'][at + len(old['object']) :]}"
        if at >= 0
        else f"{old['subject']}'s {old['qualifier']}: {when}"
    )
    # the household's event stays the household's: placed by the same rule as a statement about "we"
    shared = Mention(kind="household", shared=True) if old["owner_id"] is None else None
    return FactIn(
        subject=old["subject"],
        predicate=old["predicate"],
        object=when,
        text=moved,
        valid_from=said_at,
        said_at=said_at,
        source=source,
        qualifier=old["qualifier"],
        speaker=speaker,
        subject_mention=shared,
        subject_entity=old["subject_entity"],
    )


def _on_the_same_day(old: str, when: str) -> str:
    """ "pushed back to 5pm": a new time of day alone keeps the day it was on ("Thursday at 3pm" -> "Thursday at
    5pm")."""
    if not re.fullmatch(CLOCK, when, re.I):
        return when
    clock = re.search(rf"(?:,?\s+)?\b{CLOCK}$", old, re.I)
    day = old[: clock.start()] if clock else old
    if not day.strip() or re.fullmatch(CLOCK, old, re.I):
        return when
    return f"{day.strip()} at {re.sub(r'^(?:at|from|around|by|about) ', '', when, flags=re.I)}"
