"""Storing a fact: provenance cap, dedup, supersession and contradiction, bi-temporal history, provenance links.

A fact's key is (subject entity, predicate, pool). For a candidate:
- the same object, or (a many-valued predicate only, objects not differing in a number) a vector above
  `dedup_similarity` on the same key: support_count + 1, nothing inserted;
- a functional predicate with another current object: a later valid_from closes the old fact (valid_to,
  superseded_by); an equal one cannot be ordered (both kept, both confidences lowered, a review item); an
  earlier one is stored as history, already closed by the current fact. Predicates sharing a slot (works_as,
  works_at: one occupation) close each other's facts from earlier statements the same way;
- an event predicate (appointment, schedule) supersedes by the event's identity (subject, predicate, kind of
  event); a kind of event that only resembles a current one is a close call: a review item, not a supersession;
- otherwise, active facts of the same subject above `contradiction_similarity` go to the judge (the
  generator's one word, or a conservative rule): SAME supports, UPDATE supersedes, CONTRADICT keeps both for
  review, UNRELATED inserts. A note (a statement the rules could not parse) never supersedes and is never
  superseded by a judge alone: an UPDATE involving one is a close call.
Only a parsed (subject, predicate, object) supersedes. Every supersession is audited with the fact that caused
it. Facts never expire by a clock; nothing is deleted here.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..audit import record as audit
from ..entities import resolve as entities
from ..store.tracks import FACTS
from ..store.vectors import encode
from ..store.writer import WriteTx
from .extraction import Mention
from .extraction.events import last_time_said
from .extraction.vocabulary import WEEKDAY
from .importance import ImportanceParams
from .importance import refresh as refresh_importance
from .residue import close_notes_about, close_notes_changed, close_unread_old_value, kept_as_said

CONTRADICTION_PENALTY = 0.1
NOTE = "note"  # the catch-all predicate
OPPOSITES = {"likes": "dislikes", "dislikes": "likes"}
VERDICTS = ("SAME", "UPDATE", "CONTRADICT", "UNRELATED")


@dataclass
class FactIn:
    subject: str
    predicate: str
    object: str
    text: str
    owner_id: str | None = None
    provenance: str = "USER-STATED"
    confidence: float = 1.0
    valid_from: float | None = None
    said_at: float | None = None  # when it was said (valid_from may be earlier: "moved to Berlin last month")
    source: str = "formation"
    always_inject: bool = False
    qualifier: str | None = None
    session_id: int | None = None
    turn_ids: list[int] = field(default_factory=list)
    speaker: str | None = None  # who said it: "my daughter" is resolved against them
    subject_mention: Any = None  # an extraction Mention; None: the speaker (or subject)
    object_mention: Any = None  # the entity a relation fact's object names
    subject_entity: int | None = None  # resolved in the write (or given)
    object_entity: int | None = None
    # the fact whose value this one replaces, as said ("the honda went back, she's got a mazda")
    replaces: int | None = None
    # said as a change ("I'm at Lloyds now", "started at", "new job"): a role or employer then ends the whole
    # occupation; without it, "I work at Lloyds" after "I'm a pharmacist" completes it
    change: bool = False
    guessed: bool = False  # the learned reader's reading (Candidate.guessed): asks before it replaces anything


@dataclass
class FactRules:
    """The settings and judge a write follows (a snapshot, so one pass applies one set of rules)."""

    functional: frozenset[str]
    keyed: frozenset[str] = frozenset()
    slots: dict[str, str] = field(default_factory=dict)
    per_qualifier: frozenset[str] = frozenset()  # one current value per qualifier: a favourite per category
    # ... or per one of these qualifiers only: one girlfriend, one carer, but any number of sisters
    single_qualifiers: dict[str, frozenset[str]] = field(default_factory=dict)
    importance: ImportanceParams | None = None  # set: a stored or supported fact's importance is recomputed

    def key_of(self, predicate: str, qualifier: str | None) -> str | None:
        """What identifies the fact's slot beside its subject and predicate: the event kind of an event, the
        category of a favourite, the relation of a partner or a carer; None for other predicates."""
        if predicate in self.keyed:
            return event_kind(qualifier)
        if predicate in self.per_qualifier and qualifier:
            return event_kind(qualifier)
        if qualifier and event_kind(qualifier) in self.single_qualifiers.get(predicate, ()):
            return event_kind(qualifier)
        return None

    dedup_similarity: float = 0.92
    contradiction_similarity: float = 0.75
    inferred_confidence_cap: float = 0.6
    judge: Callable[[str, str], str | None] | None = None  # (new text, old text) -> a verdict or None


# A diet is one of a kind at a time: a vegan is no longer vegetarian nor on keto, but a vegetarian may be
# gluten-free and halal too (what one cannot or may not eat stands beside the way one eats). The kind is read from
# the diet itself, so facts stored before it was kept are kinded alike.
_DIET_FAMILIES = (
    # what a doctor puts one on for a condition, one at a time ("taken him off the low-salt diet and put him on a
    # diabetic diet"), whatever way one eats besides
    (
        "prescribed",
        r"low[- ]?(?:salt|sodium|fat|cholesterol|sugar|fodmap|potassium|protein|gi)\b|diabetic|renal|"
        r"cardiac|soft food|liquid diet",
    ),
    ("gluten", r"gluten|coeliac|celiac|wheat"),
    ("dairy", r"dairy|lactose|milk"),
    ("faith", r"halal|kosher|jain"),
    ("sugar", r"sugar|diabetic"),
)


def diet_family(value: str) -> str:
    """ "prescribed" (a doctor's), "gluten", "dairy", "faith", "sugar", a food ("no fish"): what one keeps off, each
    its own; else "style" (vegetarian, vegan, keto, a plan): one way of eating at a time."""
    low = (value or "").lower()
    family = next((name for name, words in _DIET_FAMILIES if re.search(rf"\b(?:{words})", low)), None)
    # ("no red meat", "no fish": a food kept off, each its own)
    return family or (low if re.fullmatch(r"no [a-z ]+", low) else "style")


def value_kind(predicate: str, value: str) -> str | None:
    """Which one-valued slot of its predicate a value fills, where a predicate has several: a diet's kind; None
    for the others (one slot)."""
    return diet_family(value) if predicate == "diet" else None


def normalise(value: str) -> str:
    value = re.sub(r"[^\w\s]", " ", value.lower())
    return " ".join(w for w in value.split() if w not in ("a", "an", "the"))


_NUMBER = re.compile(
    r"\d+|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|first|second|third|"
    r"fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|"
    r"seventeenth|eighteenth|nineteenth|twentieth|thirtieth)\b"
)


def differ_in_number(a: str, b: str) -> bool:
    """ "June 2nd" and "June 12th", "two cats" and "three cats": close as vectors, different values."""
    na, nb = _NUMBER.findall((a or "").lower()), _NUMBER.findall((b or "").lower())
    return (bool(na) or bool(nb)) and na != nb


def rule_verdict(new: FactIn, old) -> str:
    """Without a generator: only a reversed preference about the very same thing is an update."""
    if OPPOSITES.get(new.predicate) == old["predicate"] and normalise(new.object) == normalise(old["object"]):
        return "UPDATE"
    return "UNRELATED"


def active_fact_texts(conn, subject: str, owner_id: str | None) -> list[tuple[int, str]]:
    """(id, text) of the active facts about subject (its facts.subject label) in one pool."""
    return [
        (r[0], r[1])
        for r in conn.execute(
            "SELECT id, text FROM facts WHERE subject = ? AND owner_id IS ? AND status = 'active' AND dismissed = 0",
            (subject, owner_id),
        )
    ]


def event_kind(qualifier: str | None) -> str:
    """An event's identity as said: "Emma's swimming lesson" and "the swimming lesson" are one kind."""
    return normalise((qualifier or "").replace("-", ""))


_KIND_FILLER = frozenset({"with", "to", "at", "for", "from", "of", "in", "on", "dr", "mr", "mrs", "ms"})
# Words that say how an event happens, not which it is: "bins go out", "bin day", "the bin collection" are the bins
_KIND_HOW = frozenset({"go", "goes", "out", "day", "collection", "collected", "come", "comes", "get", "gets"})


# One event said by other words: "the anti rabies shot" and "the vaccine", "physical therapy" and "PT" and "physio"
_SAME_KIND = {
    "shot": "vaccination",
    "shots": "vaccination",
    "jab": "vaccination",
    "jabs": "vaccination",
    "vaccine": "vaccination",
    "vaccines": "vaccination",
    "booster": "vaccination",
    "injection": "vaccination",
    "physiotherapy": "physio",
    "pt": "physio",
    "check": "checkup",
    "tuition": "tutoring",
    "tutor": "tutoring",
    # "refuse collection", "the rubbish", "garbage pickup": the bins
    "refuse": "bin",
    "rubbish": "bin",
    "garbage": "bin",
    "trash": "bin",
}


def _kind_words(kind: str) -> frozenset[str]:
    kind = kind.replace("physical therapy", "physio").replace("puppy school", "puppy class")
    kind = re.sub(r"\bptm\b", "parent teacher meeting", kind)  # as India says it
    words = [_SAME_KIND.get(w, w) for w in kind.split() if w not in _KIND_FILLER]
    # ("our collection day is Thursday": the bins, said by their day alone)
    what = [w for w in words if w not in _KIND_HOW] or (["bin"] if "collection" in words else words)
    return frozenset(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in what)


def event_words(qualifier: str | None) -> frozenset[str]:
    """The words that say which event a qualifier names ("the bins go out" -> {"bin"})."""
    return _kind_words(event_kind(qualifier))


# Words that say it is an event but not which one: "the dentist" names the dentist appointment, "the appointment"
# only the one there is.
GENERIC_EVENT = frozenset({"appointment", "appt", "booking", "lesson", "class", "session", "delivery", "visit"})


def names_event(qualifier: str | None, said: frozenset[str]) -> bool:
    """Whether a sentence's event words (`said`) name the event of this qualifier by what happens ("the groomer"
    names the grooming appointment)."""
    specific = {_event_stem(w) for w in event_words(qualifier) - GENERIC_EVENT}
    return bool(specific) and specific <= {_event_stem(w) for w in said}


def _event_stem(word: str) -> str:
    word = re.sub(r"(?:ing|ers?|ed)$", "", word) if len(word) > 5 else word
    return word[:-1] if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "ls" else word


def same_event(a: str, b: str) -> bool:
    """The same kind of event, one said with less detail ("appointment", "dentist appointment"; "checkup",
    "check-up with Dr Lopes")."""
    wa, wb = _kind_words(a), _kind_words(b)
    if a == b or (bool(wa) and bool(wb) and (wa <= wb or wb <= wa)):
        return True
    # "eye check-up" and "eye appointment": what it is for, said with another word for an appointment
    # (a "swimming lesson" and a "swimming class" may be two: a close call, asked)
    sa, sb = wa - _VISIT, wb - _VISIT
    return bool(sa) and bool(sb) and (sa <= sb or sb <= sa) and bool(wa & _VISIT) and bool(wb & _VISIT)


_VISIT = frozenset(
    {"appointment", "appt", "booking", "checkup", "check-up", "review", "follow-up", "followup", "consultation"}
)


def resembles(a: str, b: str) -> bool:
    """Two kinds of event close enough to ask about: the same thing named by another word ("swimming lesson",
    "swimming class"). Two of one type ("dentist appointment", "physio appointment") are two events."""
    wa, wb = _kind_words(a), _kind_words(b)
    if not wa or not wb or same_event(a, b) or a.split()[-1] == b.split()[-1]:
        return False
    return len(wa & wb) / max(len(wa), len(wb)) >= 0.5


def event_matches(rows, fact: FactIn, keyed_by) -> tuple[list, list]:
    """(the current facts of the candidate's event, close calls). An exact kind wins; else the one kind it
    details or abbreviates; several such (two appointments, and now "my appointment") is a close call; else the
    note that said the event at a time the rules did not read."""
    kind = keyed_by(fact.predicate, fact.qualifier)
    same = [r for r in rows if r["predicate"] == fact.predicate]
    exact = [r for r in same if keyed_by(r["predicate"], r["qualifier"]) == kind]
    if exact:
        return exact, []
    near = [r for r in same if same_event(keyed_by(r["predicate"], r["qualifier"]) or "", kind or "")]
    if len(near) > 1:
        # ("bins go out" after "wheelie bins go out" and "bin truck comes": the one said the same way)
        said = set((kind or "").split())
        overlap = {r["id"]: len(said & set((keyed_by(r["predicate"], r["qualifier"]) or "").split())) for r in near}
        best = max(overlap.values())
        if list(overlap.values()).count(best) == 1:
            near = [r for r in near if overlap[r["id"]] == best]
    if len(near) == 1:
        return near, []
    close = [r for r in same if resembles(keyed_by(r["predicate"], r["qualifier"]) or "", kind or "")]
    if near or close:
        return [], [r["id"] for r in near + close]
    words = _kind_words(kind or "")
    if words and words <= GENERIC_EVENT and len(same) == 1:
        return same, []  # "Leo's sessions are Monday mornings now": his one weekly event, by the word for it
    return event_notes(rows, fact.qualifier), []


_BARE_DAY = re.compile(
    rf"(?:on )?(?P<day>{WEEKDAY})(?P<rest>(?: (?:morning|afternoon|evening|night))?(?:,? (?:at|from) .+)?)", re.I
)


def _moved_weekly(fact: FactIn, current, rules: FactRules) -> None:
    """ "Emma's swimming moved to Thursday" after "Emma has swimming on Tuesdays": the weekly event moves to
    Thursdays (a schedule), not a one-off Thursday beside it. Only when no one-off of that kind is current."""
    day = _BARE_DAY.fullmatch(fact.object.strip())
    if fact.predicate != "appointment" or day is None:
        return
    kind = rules.key_of("appointment", fact.qualifier) or ""

    def current_as(predicate: str) -> bool:
        return any(
            r["predicate"] == predicate and same_event(rules.key_of(predicate, r["qualifier"]) or "", kind)
            for r in current
        )

    if current_as("appointment") or not current_as("schedule"):
        return
    weekly = f"{day.group('day').capitalize()}s{day.group('rest')}"
    fact.predicate, fact.object = "schedule", weekly
    fact.text = re.sub(rf"\b{re.escape(day.group('day'))}\b", weekly.split()[0], fact.text, count=1, flags=re.I)


def _named_as_before(fact: FactIn, same_key: list) -> None:
    """ "Leo's sessions are Monday mornings now": his speech therapy, kept by its name, not by the word for it."""
    said = fact.qualifier or ""
    if len(same_key) != 1 or not said or not _kind_words(said) <= GENERIC_EVENT:
        return
    kept = same_key[0]["qualifier"] or ""
    if kept and not _kind_words(kept) <= GENERIC_EVENT:
        fact.text = re.sub(rf"\b{re.escape(said)}s?\b", kept, fact.text, count=1, flags=re.I)
        fact.qualifier = kept


def _weekly_said_once(fact: FactIn, current, rules: FactRules) -> list:
    """ "Liam's hockey practice is Saturday mornings at 8 now" after "Liam's hockey practice is Tuesday at 6": the
    weekly event, said first by its day as a one-off; that appointment, when it is the one of that kind."""
    if fact.predicate != "schedule":
        return []
    kind = rules.key_of("schedule", fact.qualifier) or ""
    said_once = [
        r
        for r in current
        if r["predicate"] == "appointment"
        and same_event(rules.key_of("appointment", r["qualifier"]) or "", kind)
        and _DAY_AND_HOUR.fullmatch(r["object"].strip())
    ]
    return said_once if len(said_once) == 1 else []


# A day of the week and an hour, as kept ("Tuesday 6pm"): no date, so maybe any such day
_DAY_AND_HOUR = re.compile(
    rf"(?:on )?(?:{WEEKDAY})(?: (?:morning|afternoon|evening|night))?(?:,? (?:at |from )?\d{{1,2}}(?:[:.]\d\d)?"
    r"\s*(?:am|pm)?)?",
    re.I,
)


def event_notes(rows, qualifier: str | None) -> list:
    """The note that is this event at a time the rules did not read ("Book club meets at Harriet's on the first
    Thursday of the month"): it names what happens and gives a time. Only one such note (two may be two events)."""
    notes = [
        r
        for r in rows
        if r["predicate"] == NOTE and names_event(qualifier, event_words(r["text"])) and last_time_said(r["text"])
    ]
    return notes if len(notes) == 1 else []


def resolve_subject(tx, fact: FactIn, now: float) -> None:
    """Set the fact's subject entity (and object entity), its subject label and its {subject} text."""
    if fact.subject_entity is None:
        if fact.subject_mention is None and fact.speaker is None and fact.subject not in ("household", ""):
            fact.subject_mention = Mention(name=fact.subject)
        fact.subject_entity = entities.resolve(tx, fact.subject_mention, fact.speaker, now)
    fact.subject_entity = entities.canonical(tx, fact.subject_entity)
    if fact.object_mention is not None and fact.object_entity is None:
        fact.object_entity = entities.resolve(tx, fact.object_mention, fact.speaker, now)
    fact.subject = entities.subject_label(tx, fact.subject_entity)
    if "{subject}" in fact.text:
        fact.text = fact.text.replace("{subject}", entities.display_name(tx, fact.subject_entity))


def store_fact(tx: WriteTx, store, fact: FactIn, vector: tuple[str, np.ndarray] | None, rules: FactRules) -> dict:
    """Insert, support, supersede or queue for review; the rows it changes are touched for the vector tracks."""
    now = time.time()
    resolve_subject(tx, fact, now)
    valid_from = fact.valid_from if fact.valid_from is not None else now
    if fact.provenance == "INFERRED":
        fact.confidence = min(fact.confidence, rules.inferred_confidence_cap)
    model, vec = vector if vector else (None, None)
    current = tx.execute(
        "SELECT id, predicate, object, text, qualifier, valid_from, confidence, session_id, source FROM facts "
        "WHERE subject_entity = ? AND owner_id IS ? AND status = 'active' AND dismissed = 0",
        (fact.subject_entity, fact.owner_id),
    ).fetchall()
    # Through the transaction: a fact stored earlier in it is not in the index until the commit.
    known = store.vectors_of(FACTS, [r["id"] for r in current], model, conn=tx) if vec is not None else {}

    def similarity(row) -> float | None:
        old = known.get(row["id"])
        return None if old is None else float(old @ vec)

    _moved_weekly(fact, current, rules)
    keyed = rules.key_of(fact.predicate, fact.qualifier) is not None
    ask: list[int] = []
    if keyed:
        same_key, ask = event_matches(current, fact, rules.key_of)
        same_key = same_key or _weekly_said_once(fact, current, rules)
        _named_as_before(fact, same_key)
    else:
        same_key = [r for r in current if r["predicate"] == fact.predicate]
    kind = value_kind(fact.predicate, fact.object)  # one diet of each kind
    same_key = [r for r in same_key if value_kind(r["predicate"], r["object"]) == kind]
    # A functional or keyed predicate has one value: another object is another value (a new address, another
    # town that reads alike), never support, however close the sentences' vectors; only a many-valued one
    # (likes, notes) is merged by vector, and then not when the objects differ in a number.
    by_vector = not keyed and fact.predicate not in rules.functional
    for row in same_key:
        sim = similarity(row)
        if normalise(row["object"]) == normalise(fact.object) or (
            by_vector
            and sim is not None
            and sim >= rules.dedup_similarity
            and not differ_in_number(row["object"], fact.object)
        ):
            return _support(tx, row["id"], fact, rules)

    plan = _Decision(ask=ask)  # a kind of event that only resembles a current one: ask, do not guess
    if fact.predicate in rules.functional or keyed:
        _order_in_time(plan, same_key, valid_from, "event" if keyed else "functional", fact.said_at)
    if plan.status == "active":
        _close_slot(plan, fact, current, valid_from, rules)
        _close_speakers_own(tx, plan, fact, valid_from, rules)
    if fact.predicate not in rules.functional and not keyed:
        same = _judge(plan, fact, current, similarity, valid_from, rules)
        if same is not None:
            return _support(tx, same, fact, rules)

    if fact.guessed and plan.close:  # a learned reading closes nothing by itself: a person decides
        plan.ask += [old for old, _ in plan.close]
        plan.close = []
    confidence = fact.confidence - (CONTRADICTION_PENALTY if plan.contradicts else 0.0)
    new_id = _insert(tx, fact, plan, valid_from, now, max(0.0, confidence), model, vec)
    result: dict[str, Any] = {"action": plan.action, "superseded": [], "review": None}
    result["superseded"] = _close(tx, plan, fact, new_id, valid_from)
    if plan.contradicts:
        marks = ", ".join("?" * len(plan.contradicts))
        tx.execute(
            f"UPDATE facts SET confidence = max(0, confidence - ?) WHERE id IN ({marks})",
            (CONTRADICTION_PENALTY, *plan.contradicts),
        )
        detail = f"{fact.text!r} contradicts an active fact"
        result["review"] = _review(tx, "contradiction", [new_id, *plan.contradicts], detail, now)
        result["action"] = "contradiction"
    elif plan.ask:
        result["review"] = _review(
            tx, "supersession", [new_id, *plan.ask], f"does {fact.text!r} replace an earlier fact?", now
        )
        result["action"] = "review"
    _link_turns(tx, new_id, fact.turn_ids)
    tx.touch(FACTS, [new_id, *(c for c, _ in plan.close)])
    if rules.importance:
        refresh_importance(tx, [new_id], now, rules.importance)
    result.update(id=new_id, valid_from=valid_from)
    return result


@dataclass
class _Decision:
    """What storing one candidate does to the current facts of its subject."""

    status: str = "active"
    valid_to: float | None = None
    superseded_by: int | None = None
    action: str = "inserted"
    close: list[tuple[int, str]] = field(default_factory=list)  # (fact id, why)
    contradicts: list[int] = field(default_factory=list)
    ask: list[int] = field(default_factory=list)  # close calls for a person to decide


def _close(tx, plan: _Decision, fact: FactIn, new_id: int, valid_from: float) -> list[int]:
    """Close what the new fact replaces, audited with it, and the free notes about what those held."""
    closed = []
    for old, reason in plan.close:
        tx.execute(
            # never closed before it began (later news dated earlier closes it the moment it began)
            "UPDATE facts SET status = 'superseded', valid_to = max(?, valid_from), superseded_by = ? WHERE id = ?",
            (valid_from, new_id, old),
        )
        audit(tx, fact.source, "fact.superseded", f"fact:{old}", {"by": new_id, "reason": reason, "text": fact.text})
        closed.append(old)
    if closed and plan.status == "active":
        closed += close_notes_about(tx, closed, valid_from, fact.source, new_id, fact.object, fact.speaker)
    if plan.status == "active" and fact.change:
        # (a change said as one closes the notes of that slot never read, beside the value it replaces: "we shifted
        # to hsr layout" between "we are staying in indiranagar" and "now we are in Whitefield")
        closed += [i for i in close_unread_old_value(tx, fact, new_id, valid_from) if i not in closed]
    if plan.status == "active" and kept_as_said(fact.predicate, fact.qualifier, fact.object, fact.text):
        # (a note of what changed closes the note it changes: "otieno has driving school at rocky on saturday at
        # 10am", then "rocky driving school have changed otieno's lesson to 2pm")
        closed += [i for i in close_notes_changed(tx, fact, new_id, valid_from) if i not in closed]
    return closed


def _close_slot(plan: _Decision, fact: FactIn, current: list, valid_from: float, rules: FactRules) -> None:
    """One occupation: a new job closes the role and the employer stated before, not those said with it. And the
    fact a new value was said to replace ("the honda went back, she's got a mazda"), whatever its predicate."""
    replaced = fact.replaces
    if replaced is not None and replaced in {r["id"] for r in current} and replaced not in {c for c, _ in plan.close}:
        plan.close.append((replaced, "replaced"))
    slot = rules.slots.get(fact.predicate)
    if not slot:
        return
    older_same = any(r["predicate"] == fact.predicate and r["valid_from"] < valid_from for r in current)
    if not (fact.change or older_same):
        return  # "I'm a pharmacist", then "I work at Lloyds": the other half of one job, not a new one
    for row in current:
        if (
            row["predicate"] != fact.predicate
            and rules.slots.get(row["predicate"]) == slot
            and row["valid_from"] < valid_from
            and (fact.session_id is None or row["session_id"] != fact.session_id)
        ):
            plan.close.append((row["id"], "slot"))


def _close_speakers_own(tx, plan: _Decision, fact: FactIn, valid_from: float, rules: FactRules) -> None:
    """ "We moved to Porto": what the household does, the speaker does; their own older fact of the key is closed
    (of a functional predicate; and of a note keyed by its qualifier: "we've registered with Didsbury Dental" is the
    speaker's dentist too)."""
    if getattr(fact.subject_mention, "kind", None) != "household" or not fact.speaker:
        return
    if fact.predicate in rules.functional:
        key = None
    elif fact.predicate == "note" and rules.key_of("note", fact.qualifier) is not None:
        key = lambda q: rules.key_of("note", q)  # noqa: E731
    else:
        return
    kind = value_kind(fact.predicate, fact.object)
    for row in tx.execute(
        "SELECT f.id, f.object, f.qualifier FROM facts f JOIN entities e ON e.id = f.subject_entity "
        "WHERE e.speaker_id = ? AND f.predicate = ? AND f.owner_id = ? AND f.status = 'active' AND f.dismissed = 0 "
        "AND f.valid_from < ?",
        (fact.speaker, fact.predicate, fact.speaker, valid_from),
    ):
        same = (
            key(row["qualifier"]) == key(fact.qualifier) if key else value_kind(fact.predicate, row["object"]) == kind
        )
        if same:
            plan.close.append((row["id"], "household"))


def _order_in_time(
    plan: _Decision, same_key: list, valid_from: float, reason: str, said_at: float | None = None
) -> None:
    for row in same_key:
        if valid_from > row["valid_from"]:
            plan.close.append((row["id"], reason))
        elif valid_from == row["valid_from"]:
            plan.contradicts.append(row["id"])
        elif said_at is not None and said_at > row["valid_from"]:
            # "Rui moved to Berlin last month" said after "Rui lives in Porto": later news, though dated earlier
            plan.close.append((row["id"], reason))
        else:  # said to be true before the current fact: it is history already
            plan.status, plan.valid_to, plan.superseded_by = "superseded", row["valid_from"], row["id"]
            plan.action = "history"


def _judge(plan: _Decision, fact: FactIn, current: list, similarity, valid_from: float, rules: FactRules) -> int | None:
    """Decide against similar current facts; returns the one it is the same as, if any."""
    for row in current:
        sim = similarity(row)
        if sim is None or sim < rules.contradiction_similarity:
            continue
        verdict = (rules.judge(fact.text, row["text"]) if rules.judge else None) or rule_verdict(fact, row)
        if verdict == "SAME":
            return row["id"]
        note = NOTE in (fact.predicate, row["predicate"])
        if verdict == "UPDATE" and note:
            plan.ask.append(row["id"])  # a note's meaning is a guess: a person decides
        elif verdict == "UPDATE":
            if valid_from >= row["valid_from"]:
                plan.close.append((row["id"], "update"))
            else:
                plan.contradicts.append(row["id"])
        elif verdict == "CONTRADICT":
            plan.contradicts.append(row["id"])
    return None


def _insert(tx, fact: FactIn, plan: _Decision, valid_from, now, confidence, model, vec) -> int:
    return tx.execute(
        "INSERT INTO facts(subject, predicate, object, text, owner_id, provenance, confidence, always_inject, status, "
        "valid_from, valid_to, recorded_at, superseded_by, source, session_id, qualifier, embedding, embed_model, "
        "subject_entity, object_entity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            fact.subject,
            fact.predicate,
            fact.object,
            fact.text,
            fact.owner_id,
            fact.provenance,
            confidence,
            int(fact.always_inject),
            plan.status,
            valid_from,
            plan.valid_to,
            now,
            plan.superseded_by,
            fact.source,
            fact.session_id,
            fact.qualifier,
            encode(vec) if vec is not None else None,
            model,
            fact.subject_entity,
            fact.object_entity,
        ),
    ).lastrowid


def _review(tx, kind: str, fact_ids: list[int], detail: str, now: float) -> int:
    return tx.execute(
        "INSERT INTO review_queue(kind, fact_ids, detail, created_at) VALUES (?, ?, ?, ?)",
        (kind, json.dumps(fact_ids), detail, now),
    ).lastrowid


def _support(tx: WriteTx, fact_id: int, fact: FactIn, rules: FactRules) -> dict:
    tx.execute(
        "UPDATE facts SET support_count = support_count + 1, always_inject = max(always_inject, ?) WHERE id = ?",
        (int(fact.always_inject), fact_id),
    )
    _link_turns(tx, fact_id, fact.turn_ids)
    if rules.importance:
        refresh_importance(tx, [fact_id], time.time(), rules.importance)
    return {"id": fact_id, "action": "supported", "superseded": [], "review": None}


def _link_turns(tx: WriteTx, fact_id: int, turn_ids: list[int]) -> None:
    """Provenance: the turns a fact came from are linked and pinned (exempt from retention)."""
    if turn_ids:
        tx.executemany(
            "INSERT OR IGNORE INTO fact_turn_link(fact_id, turn_id) VALUES (?, ?)", [(fact_id, t) for t in turn_ids]
        )
        tx.execute(f"UPDATE turns SET pinned = 1 WHERE id IN ({', '.join('?' * len(turn_ids))})", turn_ids)


def reinstate(tx: WriteTx, fact_id: int, actor: str) -> list[int]:
    """The facts `fact_id` superseded are current again (it was dismissed: it is not what holds)."""
    ids = [
        r[0]
        for r in tx.execute(
            "SELECT id FROM facts WHERE superseded_by = ? AND status = 'superseded' AND dismissed = 0", (fact_id,)
        )
    ]
    for old in ids:
        tx.execute("UPDATE facts SET status = 'active', valid_to = NULL, superseded_by = NULL WHERE id = ?", (old,))
        audit(tx, actor, "fact.reinstated", f"fact:{old}", {"because": f"fact:{fact_id}"})
    tx.touch(FACTS, ids)
    return ids


def reassert(tx: WriteTx, fact_id: int, rules: FactRules, actor: str, force: bool = False) -> list[int]:
    """`fact_id` is back: the current facts of its key (functional or event) said before it are closed by it,
    audited; one said after it keeps the key, and it is history. With force (a person restored a superseded
    fact: "this is what holds") it closes them all. Returns the facts it closed."""
    row = tx.execute("SELECT * FROM facts WHERE id = ?", (fact_id,)).fetchone()
    if row is None or row["dismissed"]:
        return []
    key = rules.key_of(row["predicate"], row["qualifier"])
    keyed = key is not None
    if row["predicate"] not in rules.functional and not keyed:
        if row["status"] == "superseded":  # a non-functional fact stands beside the others
            tx.execute(
                "UPDATE facts SET status = 'active', valid_to = NULL, superseded_by = NULL WHERE id = ?", (fact_id,)
            )
            tx.touch(FACTS, [fact_id])
        return []
    rows = [
        r
        for r in tx.execute(
            "SELECT id, qualifier, object, valid_from FROM facts WHERE subject_entity IS ? AND owner_id IS ? "
            "AND predicate = ? AND status = 'active' AND dismissed = 0 AND id <> ?",
            (row["subject_entity"], row["owner_id"], row["predicate"], fact_id),
        )
        if (not keyed or rules.key_of(row["predicate"], r["qualifier"]) == key)
        and value_kind(row["predicate"], r["object"]) == value_kind(row["predicate"], row["object"])
    ]
    newer = [r for r in rows if r["valid_from"] > row["valid_from"]]
    if newer and not force:
        tx.execute(
            "UPDATE facts SET status = 'superseded', valid_to = ?, superseded_by = ? WHERE id = ?",
            (newer[0]["valid_from"], newer[0]["id"], fact_id),
        )
        tx.touch(FACTS, [fact_id])
        return []
    others = [r["id"] for r in rows]
    now = time.time()
    tx.execute("UPDATE facts SET status = 'active', valid_to = NULL, superseded_by = NULL WHERE id = ?", (fact_id,))
    for other in others:
        tx.execute(
            "UPDATE facts SET status = 'superseded', valid_to = ?, superseded_by = ? WHERE id = ?",
            (now, fact_id, other),
        )
        audit(tx, actor, "fact.superseded", f"fact:{other}", {"by": fact_id, "reason": "restored"})
    tx.touch(FACTS, [fact_id, *others])
    return others
