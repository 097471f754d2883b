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

from ..entities.resolve import alias_norms, norm
from .extraction.dates import canonical_time, canonical_value
from .extraction.events import CLOCK, last_time_said, time_spans
from .extraction.model import Mention
from .extraction.text import HOUR_WORD
from .extraction.vocabulary import WEEKDAY
from .facts import GENERIC_EVENT, FactIn, event_words, names_event
from .release import household_help, said_as_fact_by, sentence_subjects

# Whoever passed on when something is: "coach said", "mum says", "the surgery rang and said"
_PASSED_ON = re.compile(
    r"^(?:the |my |our )?[\w']+(?: [\w']+)? (?:said|says|say|phoned|rang(?: (?:up|back))?(?: and said| to say)?|"
    r"called(?: and said| to say)?|texted(?: to say)?|emailed(?: to say)?|told (?:me|us))(?: that)?,? (?=\w)",
    re.I,
)
# An hour as said: "4", "4:30", "four"
_HOUR_SAID = rf"(?:\d{{1,2}}(?:[:.]\d{{2}})?|{HOUR_WORD})"
# "pushed to monday the 20th, still 4 o'clock": the time of day kept, said again
_STILL_AT = (
    rf"[,\s]+still (?:at )?(?:{_HOUR_SAID}|half \w+)(?:\s*(?:o'clock|am|pm))?(?: in the (?:morning|afternoon|evening))?"
    r"(?:,? same (?:place|clinic|venue|hall|address|teacher|coach))?\s*[.!]?$"
)
# "same night", "same time", "same seven o'clock": the old one's time of day
_SAME_TIME = re.compile(
    rf"\bsame (?:night|day|time|timing|slot|evening|morning|afternoon|{_HOUR_SAID}(?:\s*[ap]m)?)\b|{_STILL_AT}", re.I
)
_CALLED_OFF = re.compile(r"\b(?:cancell?ed|called off|not happening)\b", re.I)
# Who was moved, not what: "the surgery moved her to the 15th", "they've put me back to Friday", "bumped mateo to"
_MOVED_SOMEONE = re.compile(
    r"\b(?:moved?|rebook(?:ed)?|put|push(?:ed)?|changed?|switch(?:ed)?|bump(?:ed)?|shift(?:ed)?) \w+"
    r"(?: back| forward| up)? (?:to|till|until)\b",
    re.I,
)
_MOVED_IT = re.compile(
    # ("the clinic change it now": the past, as Jamaica says it)
    r"\b(?:moved|rebooked|put|pushed|changed?|switched|postponed|shifted|rescheduled)(?: \w+)? it\b(?: (?:again|back|"
    r"forward|out|to|till|until)\b)?",
    re.I,
)
# "..., remind me friday morning instead": when to be reminded is no time of the event, and "me" no one it is of
_REMIND = (
    r"[,\s]+(?:so )?(?:please )?(?:(?:remind|tell|text|ping|wake) (?:me|us|him|her|them)\b|"
    r"(?:put|set|move|change) (?:the |my |a )?reminders? (?:for|to|on)\b).*$"
)
# When the new time starts, why it moved ("cause the under twelves have the pitch on tuesdays", "because his van is
# in the garage on thursday") and the time of day or the day kept ("still thursdays") are said after it, not the new
# time: "it's mondays now from next week" is Mondays
_STARTING = re.compile(
    r"\b(?:from|starting|as of|as from) (?:next|this) (?:week|month|term)\b|\bfrom now on\b|"
    r"\bfrom (?:tomorrow|today|tonight)\b|"
    rf"{_REMIND}|"
    # "..., drop it off at eight": when to bring it, not when it is
    r"[,\s]+(?:drop|bring|leave|pick) (?:it|him|her|them|the car)(?: off| in| up)?\b.*$|"
    # ("..., still drop off at nine": when to bring her, kept)
    r"[,\s]+(?:still |and )?(?:drop|pick)[- ]?(?:off|up)(?:'s| is)? (?:at|by|around)\b.*$|"
    # "to Thursday same time six pm", "same seven o'clock": the time kept, said again
    rf"[,\s]+same (?:time|timing|{_HOUR_SAID}(?:\s*[ap]m)?)\b.*$|"
    # "it's collected on Thursday now so it goes out wednesday night": the bins are kept by their collection
    r"[,\s]+so (?:(?:it|they|the bins?) (?:goes|go|need to go|needs to go|has to go|have to go) |bins? )?out\b.*$|"
    # "..., saturday no longer work for her", "wednesday's no good for them now": the old day, denied after it
    # ("sundays were too busy")
    rf"[,\s]+(?:{WEEKDAY})s?(?:'s| is| are| were| was)? (?:no longer|not|too|doesn't|does not|don't|won't|can't|"
    r"is no good|no good|clashing|clashed|clash|clashes|bad|awkward|difficult|hard|a problem)\b.*$|"
    r"[,\s]+(?:cause|cos|coz|because|as|since) (?:of |due to )?(?:the|they|he|she|we|I|it|there|her|his|our|my)\b.*$|"
    # "kasi jun has basketball training": why, in Filipino; "the morning one is too crowded", "saturday batch is
    # closed": the old one, and why it is no good
    r"[,\s]+kasi\b.*$|[,\s]+the (?:\w+ )?one (?:is|was|were|'s|got|has)\b.*$|"
    # ("..., we're out thursday evening now": why the old time is no good)
    r"[,\s]+(?:we're|we are|were|I'm|I am|im|they're|they are) (?:out|away|busy|working|not in|not home|off)\b.*$|"
    # ("..., the nurse is on training in the morning see": why, of someone else)
    # (not "the pool's shut this weekend so they've put Jack in on Sunday": the new time after why)
    rf"[,\s]+the (?:nurse|doctor|teacher|coach|driver|lorry|van|engineer|fitter|plumber|"
    r"electrician|tutor|instructor|physio|dentist|groomer)(?:'s| is| was| are| were| has| had)\b(?!.*\bso\b).*$|"
    rf"[,\s]+(?:{WEEKDAY})s?(?:'s)? (?:batch|slot|class|session|group|one|timing)s? (?:is |are |was |has |have )?"
    r"(?:closed|full|finished|stopped|cancelled|over|gone|discontinued)\b.*$|"
    r"\s+(?:because of|due to) .*$|"
    rf"[,\s]+still (?:on )?(?:(?:{WEEKDAY})s?|the same day)\b.*$|"
    # ("recycling is on Mondays now, still every other week": how often, kept)
    r"[,\s]+still (?:every other|every second|fortnightly|weekly|every week|every \w+ week)\b.*$|"
    # "bin collection is on Thursday instead, recycling still fortnightly": another thing, kept
    r",\s+(?:the )?[a-z]+(?: [a-z]+)? still\b.*$|"
    # ("..., 10 o'clock still": the time of day kept, said after the new day)
    rf"[,\s]+{_HOUR_SAID}(?:\s*(?:o'clock|am|pm))? still\b.*$|" + _STILL_AT,
    re.I,
)
CHANGE = re.compile(
    # ("they have preponed my physio to the 12th": brought forward, as India says it)
    r"\b(?:now|moved?|moves|moving|changed?|changes|changing|rebook(?:ed)?|re-?booked|rescheduled?|postponed|put back|"
    r"preponed|pushed|brought forward|switched|switching|instead|from next week|from now on|back to|forward to|"
    r"shifted|shifting|"
    r"bumped|rescheduling|postponing|"
    r"(?:has|have) become|starting (?:this|next) week|from this week|from now|"
    r"from next month)\b",
    re.I,
)
EVENTS = ("appointment", "schedule")
_COLLECTION_DAY = re.compile(r"\b(?:collection|bin) day\b|\bcollection\b", re.I)
_BINS = re.compile(r"\bbins?\b|collect|recycling|rubbish|garbage|trash|waste", re.I)


def _new_time(text: str) -> str | None:
    """The time a change gives: the last said, not what is said after it of when it starts, why it moved or what
    stays (_STARTING)."""
    # ("the sofa's coming Saturday now between 7 and 1": one time, "now" said inside it)
    said = re.sub(
        rf"\b((?:{WEEKDAY})s?) now(?= (?:between|at|from|in the)\b)", r"\1", _STARTING.sub("", text), flags=re.I
    )
    return last_time_said(said)


def rescheduled(
    conn, text: str, speaker: str | None, said_at: float, source: str, referent: Mention | None = None
) -> FactIn | None:
    """The event the sentence moves, at its new time; None when it names none for certain. `referent`: who its
    "her" is ("my mum's got the GP on the 12th" ... "the surgery moved her to the 15th")."""
    heard = _PASSED_ON.sub("", text)  # "mum says book club's on thursdays now": when an event is, passed on, is news
    change = CHANGE.search(heard)
    if not change or not said_as_fact_by(heard, change.end()) or _CALLED_OFF.search(heard):
        return None  # "friday's cancelled, they'll be in touch to rebook": ended (release.py), not moved
    when = _new_time(text)
    if not when:
        return None
    # (who passed it on is not whose it is: "pastor say choir practice moving to Monday evenings")
    named_ones, me, household = sentence_subjects(conn, re.sub(_REMIND, "", heard, flags=re.I), speaker, referent)
    subjects = named_ones or [e for e in (me, household) if e is not None]
    said = event_words(_STARTING.sub("", text))  # (not what is kept or why: "..., recycling still fortnightly")
    held = _events_held(conn, EVENTS, speaker, said_at)
    named = _named_events(held, said, heard, named_ones, subjects, me, household) or _help_visits(
        conn, held, named_ones
    )
    if len({(r["subject_entity"], r["predicate"], r["qualifier"]) for r in named}) != 1:
        return None  # no event, or two it could be: a note, not a guess
    old = named[0]
    # "for the 19th, the 12th clashed with a work thing": the new time, not the old one said after it
    parts = [p for p in when.split(", ") if norm(canonical_time(p)) not in norm(old["object"])]
    when = ", ".join(parts) if parts else when
    when = re.sub(rf"^((?:on )?(?:{WEEKDAY})s?),\s+(?=at\b|\d)", r"\1 ", when, flags=re.I)  # "to Fridays, at 5 now"
    # "moving to Fridays from next week, same time": the day moves, the time of day stays
    clock = re.search(rf"\b(?:at )?{CLOCK}$", old["object"], re.I)
    # (a weekly arrangement moved to another day keeps its time unless one is said: "book club's moved to Tuesdays")
    weekly = old["predicate"] == "schedule" and re.fullmatch(rf"(?:on )?(?:{WEEKDAY})s?", when.strip(), re.I)
    if clock and (_SAME_TIME.search(text) or weekly) and not re.search(CLOCK, when, re.I):
        when = f"{when} at {re.sub(r'^at ', '', clock.group(0), flags=re.I)}"
    when = _on_the_same_day(old["object"], when)
    # stored in one form, as the extractor stores it ("monday" of a schedule is Mondays); the text as said
    value = canonical_value(old["predicate"], when, old["qualifier"])
    if norm(old["object"]) == norm(value):
        return None
    at = old["text"].lower().rfind(old["object"].lower())
    # the time as said in the old text ("... is on the 3rd, between 7 and 1"), where its value is written in one form
    said_when = time_spans(old["text"]) if at < 0 else []
    if at >= 0:
        moved = f"{old['text'][:at]}{when}{old['text'][at + len(old['object']) :]}"
    elif said_when:
        lead = re.match(r"(?:on|at|in) ", old["text"][said_when[0][0] :], re.I)
        lead_said = lead.group() if lead and not when.lower().startswith(lead.group().lower()) else ""
        moved = f"{old['text'][: said_when[0][0]]}{lead_said}{when}"
    else:
        moved = f"{old['subject']}'s {old['qualifier']}: {when}"
    # the household's event stays the household's: placed by the same rule as a statement about "we"
    shared = Mention(kind="household", shared=True) if old["owner_id"] is None else None
    return FactIn(
        subject=old["subject"],
        predicate=old["predicate"],
        object=value,
        text=moved,
        valid_from=said_at,
        said_at=said_at,
        source=source,
        qualifier=old["qualifier"],
        speaker=speaker,
        subject_mention=shared,
        subject_entity=old["subject_entity"],
    )


def _named_events(rows, said: frozenset[str], heard: str, named_ones: list, subjects: list, me, household) -> list:
    """The current events (of `rows`, those held) the sentence names: by the words of what happens, of whom it
    names, or as "it" or "the appointment" when there is one."""
    held = rows
    others = set(named_ones) - {me, household}  # whom the sentence names besides the speaker and the household
    moved_someone = _MOVED_SOMEONE.search(heard)
    everyone = [r for r in rows if names_event(r["qualifier"], said)]
    named = [r for r in everyone if r["subject_entity"] in subjects]
    if not named:
        # "training's moved to Thursdays": no one named, the one training there is (Kai's football training); "piano's
        # moving to Fridays, Mrs Kaur's got a clash": the one piano lesson, whoever else is named
        # ("Maddie's conference got pushed": her parent-teacher conference, by a word of it, when she is named)
        partly = [
            r
            for r in rows
            if (not named_ones or r["subject_entity"] in subjects)
            and event_words(r["qualifier"]) - GENERIC_EVENT & said
        ]
        named = everyone or partly
    rows = [r for r in rows if r["subject_entity"] in subjects]
    if not named and named_ones and said & GENERIC_EVENT:
        # "mrs kowalski moved lily's lesson to 5:15": Lily's one lesson, by the kind of event said
        named = [r for r in rows if event_words(r["qualifier"]) & said & GENERIC_EVENT]
        if not named and said & {"lesson", "class", "session"}:
            # "mrs kaplan moved emma's lesson" when her piano is kept as "piano": her one weekly lesson
            named = [r for r in rows if r["predicate"] == "schedule"]
    if not named and _COLLECTION_DAY.search(heard):
        # "our collection day is changing to monday": the bins, however their collection was said
        named = [r for r in rows if r["predicate"] == "schedule" and _BINS.search(r["qualifier"] or "")]
    if not named and (said & GENERIC_EVENT or moved_someone):
        # "the appointment's moved", "the surgery moved her to the 15th": the one appointment of whom it names
        named = [r for r in rows if r["predicate"] == "appointment"]
        if not named and moved_someone and others:
            named = rows  # "mrs kowalski moved emma to Mondays": the one event of whom was moved, weekly too
    if not named and others:
        # "they've moved mum's eye clinic to Friday": the one appointment of the one named, however it is called
        named = [r for r in rows if r["predicate"] == "appointment" and r["subject_entity"] not in (me, household)]
    if not named and others and _THEIR_DAYS.search(heard):
        # "the qeh change mummy days so she goin tuesday thursday and saturday now": the one weekly event of the one
        # named, by their days
        named = [r for r in rows if r["predicate"] == "schedule" and r["subject_entity"] not in (me, household)]
    if not named and _MOVED_IT.search(heard):
        # "they've postponed it to the 5th", "they've only gone and changed it again": "it" is the one event kept,
        # of those named, else of anyone
        named = rows if len({(r["subject_entity"], r["predicate"], r["qualifier"]) for r in rows}) == 1 else held
    return named


def _help_visits(conn, held, named_ones: list) -> list:
    """ "Rosa's switched to Thursdays": the household's schedule of the help it names (Rosa the cleaner's visits),
    kept by the household and named by her name in its text."""
    helpers = household_help(conn) & set(named_ones)
    names = {n for h in helpers for n in alias_norms(conn, h) if n}
    return [r for r in held if r["predicate"] == "schedule" and any(f" {n} " in f" {norm(r['text'])} " for n in names)]


_THEIR_DAYS = re.compile(r"\bchange[ds]? (?:\w+(?:'s)? )?(?:days|day|times|timings?|schedule)\b", re.I)


def _events_held(conn, predicates: tuple[str, ...], speaker: str | None, said_at: float) -> list:
    """The current events of these predicates the speaker may change (theirs and the household's), as they stood
    when the sentence was said."""
    return conn.execute(
        "SELECT id, subject, subject_entity, predicate, object, text, qualifier, owner_id FROM facts "
        f"WHERE predicate IN ({', '.join('?' * len(predicates))}) AND status = 'active' AND dismissed = 0 "
        "AND (owner_id IS NULL OR owner_id IS ?) AND valid_from <= ?",
        (*predicates, speaker, said_at),
    ).fetchall()


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


# One weekly activity for another in its place: "Leo's switched from judo to karate, same night", "he's dropped
# karate as well, it's swimming now on Mondays", "swapped piano for guitar".
_SWITCHED = re.compile(
    r"\b(?:switched|swapped|changed|moved|gone|went)(?: over)? from (?P<old>[a-z]+(?: [a-z]+)?) (?:to|for) "
    r"(?P<new>[a-z]+(?: [a-z]+)?)\b"
    r"|\b(?:swapped|traded) (?P<old2>[a-z]+(?: [a-z]+)?) for (?P<new2>[a-z]+(?: [a-z]+)?)\b"
    r"|\b(?:dropped|quit|stopped|given up|gave up|packed in|jacked in) (?P<old3>[a-z]+(?: [a-z]+)?)"
    r"(?: as well| too| now)?[,.]? (?:and |so )?(?:it's|its|it is|(?:he's|she's|they're|hes|shes|theyre) doing) "
    r"(?:now )?(?P<new3>[a-z]+(?: [a-z]+)?)(?= now| instead|,|$| on | at )",
    re.I,
)
_ACTIVITY_END = re.compile(r"\s+(?:now|instead|on|at|as|too|lessons?|classes?|club)$", re.I)


def switched(
    conn, text: str, speaker: str | None, said_at: float, source: str, referent: Mention | None = None
) -> FactIn | None:
    """A current weekly activity (a schedule) replaced by another the sentence names, at the time it
    gives or the old one's; None when it names no such activity for certain."""
    m = _SWITCHED.search(text)
    if m is None or not said_as_fact_by(text, m.end()):
        return None
    old_said = _ACTIVITY_END.sub("", m.group("old") or m.group("old2") or m.group("old3"))
    new = _ACTIVITY_END.sub("", m.group("new") or m.group("new2") or m.group("new3")).lower()
    if not new or norm(new) == norm(old_said) or new in ("it", "that", "them", "the", "a"):
        return None
    subjects, _me, _household = sentence_subjects(conn, text, speaker, referent)
    rows = _events_held(conn, ("schedule",), speaker, said_at)
    said = event_words(old_said)
    named = [r for r in rows if names_event(r["qualifier"], said)]
    # the subject it names; else the one such activity there is ("switched from judo to karate" names it)
    named = [r for r in named if r["subject_entity"] in subjects] if subjects else named
    if len(named) != 1:
        return None
    old = named[0]
    when = None if _SAME_TIME.search(text) else _new_time(text)
    kind = old["qualifier"] or ""
    at = old["text"].lower().find(kind.lower()) if kind else -1
    if not kind or at < 0:
        return None
    new_kind = re.sub(rf"\b{re.escape(old_said)}\b", new, kind, count=1, flags=re.I)
    if new_kind == kind:
        new_kind = new
    moved = f"{old['text'][:at]}{new_kind}{old['text'][at + len(kind) :]}"
    obj = old["object"]
    if when and norm(when) != norm(obj):
        where = moved.lower().rfind(obj.lower())
        moved = f"{moved[:where]}{when}{moved[where + len(obj) :]}" if where >= 0 else moved
        obj = canonical_value(old["predicate"], when, old["qualifier"])
    shared = Mention(kind="household", shared=True) if old["owner_id"] is None else None
    return FactIn(
        subject=old["subject"],
        predicate=old["predicate"],
        object=obj,
        text=moved,
        valid_from=said_at,
        said_at=said_at,
        source=source,
        qualifier=new_kind,
        speaker=speaker,
        subject_mention=shared,
        subject_entity=old["subject_entity"],
        replaces=old["id"],
    )
