"""Notes about what stopped holding.

A note the rules could not type ("kwabena pays rent on the first of the month"), or a fact about the old thing
itself ("Zephyrnet keeps dropping out in the evenings"), spoke of something while it held. When the fact it is
about is replaced ("we've switched the internet to Kestrel Fibre") or released ("Kwabena moved out"), it names the
old value and would keep it in the assistant's context as if it still held: it is closed with the fact, audited,
and current again if that fact is restored (superseded_by points at the fact that replaced it). A free note is
matched by a distinctive word of the old value (no common word) in its text, any other fact by one in its subject,
never by one the new value shares; in the old fact's pool or the speaker's, said before the change. Who someone is
(relations, pets) stays, and so do a relative's own facts; a former partner's close with the relationship ("tyler
and i broke up, please don't remind me about his birthday").
"""

from __future__ import annotations

import re

from ..audit import record as audit
from ..entities.resolve import alias_norms, norm, person_of_speaker
from ..store.tracks import FACTS
from .extraction.rules import HOUSEHOLD_ROLES
from .extraction.words import _FUNCTION_WORDS, is_common

# Whom one is with: a breakup ends the relation and what was kept about them
PARTNERS = frozenset(
    {"partner", "girlfriend", "boyfriend", "husband", "wife", "fiance", "fiancee", "fiancé", "fiancée"}
)


def distinctive(value: str) -> set[str]:
    """The words of a value that name it: not common words, not short ones."""
    return {w for w in norm(value).split() if len(w) > 2 and not is_common(w)}


def close_notes_about(
    tx,
    closed: list[int],
    said_at: float,
    source: str,
    by: int | None = None,
    keep: str = "",
    speaker: str | None = None,
) -> list[int]:
    """Close the free notes that name what the `closed` facts held, in their pool or the pool of the `speaker` who
    said the change; their ids. `by`: the fact that replaced them (None: released); `keep`: the new value, whose
    words close nothing."""
    if not closed:
        return []
    marks = ", ".join("?" * len(closed))
    olds = tx.execute(
        f"SELECT id, predicate, qualifier, object, owner_id FROM facts WHERE id IN ({marks})", closed
    ).fetchall()
    kept = distinctive(keep)
    found: list[int] = []
    for old in olds:
        if old["predicate"] == "family_member" and old["qualifier"] not in HOUSEHOLD_ROLES | PARTNERS:
            continue  # a sister who moved out is still a sister; a former cleaner's Fridays are over, an ex's birthday
        # a pet's or a person's name names them however common a word it is ("Pepper", "Rusty")
        named = old["predicate"] in ("pet", "family_member")
        names = ({w for w in norm(old["object"]).split() if len(w) > 2} if named else distinctive(old["object"])) - kept
        if not names:
            continue
        # (someone who was the household's, a lodger or a cleaner, is spoken of in its pool too)
        rows = tx.execute(
            f"SELECT id, subject, predicate, qualifier, text FROM facts WHERE status = 'active' AND dismissed = 0 "
            f"AND (owner_id IS ? OR owner_id IS ? OR (? AND owner_id IS NULL)) AND valid_from < ? "
            f"AND id NOT IN ({marks}) AND predicate NOT IN ('family_member', 'pet')",
            (old["owner_id"], speaker, old["predicate"] in ("family_member", "name"), said_at, *closed),
        ).fetchall()
        for row in rows:
            free = row["predicate"] == "note" and row["qualifier"] is None
            # (the help's visits name them: "Thandeka the domestic worker comes every Thursday")
            said = free or (old["predicate"] == "name" and row["predicate"] in ("schedule", "routine"))
            words = set(norm(row["text"] if said else row["subject"] or "").split())
            if words & names and not words & kept and row["id"] not in found:
                found.append(row["id"])
                _close_with(tx, row["id"], said_at, by, source, {"reason": "about", "about": f"fact:{old['id']}"})
    tx.touch(FACTS, found)
    return found


def _close_with(tx, fact_id: int, said_at: float, by: int | None, source: str, why: dict) -> None:
    """Close one note with the fact that closed what it spoke of (None: released), audited."""
    tx.execute(
        "UPDATE facts SET status = 'superseded', valid_to = max(?, valid_from), superseded_by = ? WHERE id = ?",
        (said_at, by, fact_id),
    )
    audit(tx, source, "fact.superseded", f"fact:{fact_id}", {"by": by, **why})


# The words by which a note that the rules could not read speaks of the slot a change replaces
_SLOT_SAID = {
    # ("we shifted to hsr layout sector 2, bigger place for the kids": a move, not a day moved to)
    "lives_in": re.compile(
        r"\b(?:live|lives|living|stay|stays|staying|based|address|flat|house|apartment|condo|"
        r"(?:moved|shifted|relocated) (?:in)?to(?! (?:the )?(?:\d|mon|tue|wed|thu|fri|sat|sun|next|this)))\b",
        re.I,
    ),
    "works_at": re.compile(r"\b(?:work|works|working|job|employed|shifts?)\b", re.I),
}
_SLOT_SAID["works_as"] = _SLOT_SAID["works_at"]  # one occupation: its role and its employer
# ("i'm a meat and potatoes guy, no restrictions", then "i'm vegetarian now")
_SLOT_SAID["diet"] = re.compile(
    r"\b(?:meat|vegetarian|vegan|veggie|pescatarian|diet|dietary|restrictions?|carnivore|keto|paleo)\b", re.I
)
# ... and the words by which such a note speaks of a keyed note's slot ("biscuit's vet is paddington vet clinic on
# given terrace, she's due her vaccinations in march", then "we've moved biscuit over to Ashgrove Vets")
_KEY_SAID = {
    # ("our dog biscuit goes to the banfield inside the petsmart for his shots and checkups")
    "vet": re.compile(
        r"\b(?:vets?|veterinary|animal (?:hospital|clinic)|shots|jabs|vaccinations?|boosters?|check ?-?ups?)\b", re.I
    ),
    # ("our kelpie ranger eats black hawk the lamb and rice one")
    "food": re.compile(r"\b(?:eats?|eating|food|kibble|dry|wet|pouches|tins|biscuits)\b", re.I),
    # ("the car goes to gareth at bridgend motors for its mot and that")
    "mechanic": re.compile(r"\b(?:garage|mechanic|motors|mot|nct|wof|service|servicing|serviced)\b", re.I),
    "dentist": re.compile(r"\b(?:dentist|dental)\b", re.I),
    "gp": re.compile(r"\b(?:gp|doctor|surgery)\b", re.I),
    # ("my son miguel is grade 4 at san beda", "ananya is in class four at kendriya vidyalaya")
    "school": re.compile(
        r"\b(?:school|college|academy|primary|(?:grade|class|year|form|standard|std|primary|p) (?:\d+|one|two|three|"
        r"four|five|six|seven|eight|nine|ten|eleven|twelve))\b",
        re.I,
    ),
    "ward": re.compile(r"\bward\b", re.I),
}
_WE_SAID = re.compile(r"\b(?:we|we're|we've|our|us)\b", re.I)


def close_unread_old_value(tx, fact, new_id: int, said_at: float) -> list[int]:
    """A change said when the old value was never read ("we stay in govan, 14 millbrae crescent, top floor flat",
    then "we've flitted, we're out in musselburgh now"): the free notes of the same subject (or of its speaker,
    when they say "we") that spoke of that slot close with the change, audited, current again if it is restored.
    Only for a change said as one, and never a note that names the new value."""
    said = _SLOT_SAID.get(fact.predicate) or (_KEY_SAID.get(fact.qualifier or "") if fact.predicate == "note" else None)
    if said is None:
        return []  # a slot no unread note is looked for in: nothing to read or resolve
    new = tx.execute("SELECT subject_entity, owner_id FROM facts WHERE id = ?", (new_id,)).fetchone()
    if new is None:
        return []
    speaker_entity = person_of_speaker(tx, fact.speaker, said_at) if fact.speaker else None
    subjects = {new["subject_entity"]} | ({speaker_entity} if speaker_entity is not None else set())
    marks = ", ".join("?" * len(subjects))
    rows = tx.execute(
        "SELECT id, subject_entity, text FROM facts WHERE predicate = 'note' AND qualifier IS NULL "
        "AND status = 'active' AND dismissed = 0 AND valid_from < ? AND (owner_id IS ? OR owner_id IS ?) "
        f"AND subject_entity IN ({marks})",
        (said_at, new["owner_id"], fact.speaker, *subjects),
    ).fetchall()
    kept = distinctive(fact.object)
    # the speaker's note speaks of the one it names ("biscuit's vet is ..."), as of the household's home by "we"
    names = alias_norms(tx, new["subject_entity"])
    found = []
    for row in rows:
        said_of = f" {norm(row['text'])} "
        ours = (
            row["subject_entity"] == new["subject_entity"]
            or _WE_SAID.search(row["text"])
            or any(name and (f" {name} " in said_of or f" {name}s " in said_of) for name in names)
        )
        if ours and said.search(row["text"]) and not set(norm(row["text"]).split()) & kept:
            found.append(row["id"])
            _close_with(tx, row["id"], said_at, new_id, fact.source, {"reason": "unread old value"})
    tx.touch(FACTS, found)
    return found


# A note said as a change: "rocky driving school have changed otieno's lesson to 2pm", "so we carry bruno to doctor
# henry out at portmore now"
_SAID_AS_A_CHANGE = re.compile(
    r"\b(?:now|changed|change|moved|shifted|transferred|switched|swapped|instead|new|from (?:here|now|today) on|"
    r"no longer|any ?more|started)\b",
    re.I,
)
_NOT_A_TOPIC = frozenset(
    "now then here there from with have has had going goes went said says will would been being just also still "
    "same time since this that these those they them their what when where which while about after before every "
    "today tomorrow yesterday week weekend month year please okay yeah update".split()
)


def _topic(text: str, names: set[str]) -> set[str]:
    """What a note speaks of: its words that are no function word, no name of its subject, and no word of time."""
    words = {w.rstrip("s") for w in norm(text).split() if len(w) > 3}
    return words - _NOT_A_TOPIC - {w.rstrip("s") for w in _FUNCTION_WORDS | names}


def kept_as_said(predicate: str, qualifier: str | None, obj: str, text: str) -> bool:
    """A note kept as it was said, the rules having read nothing of it (its value is its text)."""
    return predicate == "note" and not qualifier and obj == text


def close_notes_changed(tx, fact, new_id: int, said_at: float) -> list[int]:
    """A note kept as said that changes what an earlier one said of the same person, pet or thing (it names them,
    speaks of the same things - two words of it, or the same kind of thing: a vet, a dentist, a school - and
    says it changed): the earlier note closes, audited, current again if the new one is restored. Only notes the
    rules read nothing of; never one that names a value of the new note's own."""
    if not _SAID_AS_A_CHANGE.search(fact.text):
        return []
    rows = tx.execute(
        "SELECT id, subject_entity, text FROM facts WHERE predicate = 'note' AND qualifier IS NULL AND object = text "
        "AND status = 'active' AND dismissed = 0 AND valid_from < ? AND id != ? "
        "AND (owner_id IS ? OR owner_id IS NULL)",
        (said_at, new_id, fact.owner_id),
    ).fetchall()
    said = f" {norm(fact.text)} "
    found = []
    for row in rows:
        names = alias_norms(tx, row["subject_entity"]) if row["subject_entity"] is not None else set()
        named = [n for n in names if n and (f" {n} " in said or f" {n}s " in said)]
        if not named:
            continue  # the note speaks of someone the change does not name
        own = {w for n in names for w in n.split()}
        shared = _topic(row["text"], own) & _topic(fact.text, own)
        kinds = sum(bool(k.search(row["text"]) and k.search(fact.text)) for k in _KEY_SAID.values())
        if len(shared) >= 2 or kinds:
            found.append(row["id"])
            _close_with(tx, row["id"], said_at, new_id, fact.source, {"reason": "changed in a note"})
    tx.touch(FACTS, found)
    return found
