"""A new value of something stored, said as a change in words the rules do not read as a statement ("otis has
left quellbrook, he's working at marrowfield signs now", "Marguerite has moved down to Truro", "switched the
internet over to Kestrel Fibre", "otis has a new girlfriend now, her name's Rosalind").

It is read against the facts that exist, as a rescheduled event is (reschedule.py). The sentence says something
changed (a change cue) and names a subject that has a current fact of a slot: where one works, where one lives,
a provider of a service, a vet or a school, a partner. It names that slot by one of its words ("working",
"moved", "internet", "girlfriend") and gives a new value after one of the slot's words for it ("at", "to",
"called"), a name that is neither the current value nor the subject. The result is the slot's fact with the new
value, its text the old one's with the value replaced, so it supersedes the old one as any functional or keyed
fact does (audited, restorable). Two slots it could be, or two new values, and it stays a note.

Or the sentence names the stored value itself beside a change ("imogen left caddick, she's at dunmore optics
now", "the honda went back, she's got a mazda now", "Gran didn't settle at Rookwood, she's at Tallow Court
now"): the value it names is the slot, whoever's it is, and the one new name after "at", "in", "with", "got"...
replaces it, for things one has (a car) as for one-valued slots.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..entities.resolve import alias_norms, norm
from .extraction.model import Mention
from .extraction.rules import SERVICE_WORDS
from .extraction.text import capitalised
from .extraction.words import is_common
from .facts import FactIn
from .release import _KIN, household_help, said_as_fact_by, sentence_subjects
from .reschedule import CHANGE
from .residue import distinctive

# Besides the cues of a moved event: what says a value is new.
_NEW = re.compile(
    r"\b(?:new|left|started|starting|joined|switched|swapped|transferred|gone over|went over|these days|bought|sold|"
    r"traded|went back|gone back|gone to|gone over to|(?:didn't|did not|never) (?:work out|settle)|exchanged|"
    r"part[- ]exchanged|replaced|upgraded|got rid of|totaled|totalled|written off|wrote off|got stolen|was stolen|"
    # "the nissan was giving trouble so daddy now have a Honda Fit", "cancelled that one and gone with zuku"
    r"now (?:has|have|drives|got)|gone with|went with|"
    # "Dr Fraser retired, so we're all registered with Dr Mackintosh", "from now on we go to Dr. Fomba"
    r"retired|registered with|from now on|(?:we|I) (?:now )?go to|(?:we are|we're|I am|I'm) (?:now )?going to|"
    # ("we now take Bingo to Dr Owusu in Labone": where one takes the pet now)
    r"(?:we|I) now (?:take|bring|carry) \w+ to|"
    # "vet in hamilton said to switch biscuit onto royal canin gastro": what the vet said to do, done
    r"(?:said|says|told us|told me|wants us|wanted us|asked us) to (?:switch|swap|change|move|put))\b",
    re.I,
)


@dataclass(frozen=True)
class Slot:
    predicate: str
    qualifiers: frozenset[str] | None  # the slot's facts (None: any qualifier)
    words: str  # the words that name the slot in a sentence (a regex alternation)
    before: str  # what comes just before its value, right after one of those words


_PARTNERS = frozenset({"girlfriend", "boyfriend", "partner"})
SLOTS = (
    Slot("works_at", None, r"jobs?|work(?:s|ing|ed)?|employed|internship|started|joined", r"at|for|with"),
    Slot(
        "lives_in",
        None,
        r"live[sd]?|living|moved|moving|relocated|renting|bought (?:a|an|the) (?:place|house|flat|home|bungalow)",
        r"to|in|into",
    ),
    Slot("family_member", _PARTNERS, r"girlfriend|boyfriend|partner", r"called|named|name's|name is"),
    Slot("note", frozenset({"vet"}), r"vets?|veterinary|veterinarian", r"to|with|at|is"),
    Slot("note", frozenset({"dentist"}), r"dentists?|dental", r"to|with|at|is"),
    Slot("note", frozenset({"GP", "doctor"}), r"gp|doctors?|surgery", r"to|with|at|is"),
    Slot("note", frozenset({"school"}), r"school|academy|primary", r"to|at|is"),
    Slot("note", frozenset({"tutor"}), r"tutors?|tuition", r"to|with|is"),
    # a pet's food: "we swapped him onto paddock gold", "weve switched him to royal canin gastro"
    Slot("note", frozenset({"food"}), r"switched|swapped|changed|moved|put|switch|swap", r"onto|on to|to|on"),
    *(
        Slot("note", frozenset({service}), "|".join(map(re.escape, said)), r"to|with|on")
        for service, said in SERVICE_WORDS.items()
    ),
)
# What may come between a slot's word and its value ("moved down to Truro", "switched the internet over to
# Kestrel", "a new girlfriend now, her name's Rosalind"); anything else ("moving the party to Sarah's") is
# another thing said.
_BETWEEN = (
    # ("We've switched dentists. From now on we go to Dr. Fomba": the next sentence, who it is)
    r"(?:\.\s+(?:from now on,? )?(?:we|I) (?:now )?go|[\s,]+(?:down|up|over|back|out|away|now|there|just|right|house|"
    r"home|all|the|his|her|their|our|my|family|"
    r"whole|contract|account|deal|provider|supplier|company|me|him|them|us|again|actually|officially|"
    # "changed vets for the dog, we're with Bellhaven now"
    r"for the (?:dog|cat|pets?|animals)|we're|were|we are|i'm|im|she's|shes|he's|hes|they're|theyre|"
    r"gone|went|we|I|"
    # ("changed vets, we now take Bingo to Dr Owusu": the pet taken there)
    r"(?:take|takes|bring|brings|carry|carries) \w+))*"  # "changed dentist now, gone to Dr Lewin"
)
# After a stored value named in the sentence, what comes just before the new one ("she's got a mazda now").
# ("so nana mele sees doctor tu'ipulotu now", "mele's been given doctor havili": whom one sees now)
_AFTER_OLD = r"at|with|in|into|to|for|got|bought|getting|drives|driving|have|has|sees|seeing|given|uses|using|use"
_ARTICLES = r"(?:\s+(?:a|an|the|new|his|her|their|our|my))*"
# The slots a named value is read for: the one-valued ones, and what one has (a car traded in for another).
_BY_VALUE = frozenset({"works_at", "lives_in", "owns"})
_NAME_WORD = r"[A-Z](?:\.?[\w&'\-])*"  # ("E.ON Next")
_TITLE = r"(?:dr|doctor|mr|mrs|ms|miss)"
_CAPITALISED = rf"(?:the |(?i:{_TITLE})\.? )?{_NAME_WORD}(?: (?:{_NAME_WORD}|of|&))*"
# Where a value said in lower case (as a speech recogniser writes it) ends.
_LOWER_END = re.compile(
    r"[,.;:!?]| (?:now|today|yesterday|instead|this|last|next|and|so|but|because|as|since|from|he|she|they|we|i|"
    r"it|his|her|their|our|my|for|on|in|at|with|near|to|shes|hes|theyre|were|ive|im|its|thats|last|bless|cos|coz|"
    r"after|before|when|who|which|where)\b"
)


def _values(text: str, lead: str, any_word: bool = False) -> list[str]:
    """The names said right after `lead` (a regex): capitalised ones, or in lower-case speech a few words that are
    not all common ones; `any_word`: a capitalised name may be a common word (a pet food's: "Husky")."""
    lowercase = text == text.lower()
    out = []
    for m in re.finditer(lead, text, re.I):
        rest = text[m.end() :]
        if lowercase:
            end = _LOWER_END.search(rest)
            words = rest[: end.start() if end else len(rest)].split()[:4]
            if words and words[0] in ("the", "a", "an"):
                words = words[1:]
            if words and not all(is_common(w) for w in words):
                out.append(" ".join(w.capitalize() for w in words))
        elif found := re.match(_CAPITALISED, rest):
            value = re.sub(r"^the ", "", found.group(0)).strip()
            if value and (any_word or not all(is_common(w) for w in value.split())):
                out.append(value)
    return out


# A change denied, imagined or only thought of: "we're not moving to Brighton", "if we moved to Brighton", "we might
# switch to Octopus", "thinking of moving to Leeds" changes nothing.
_NOT_A_CHANGE = re.compile(
    r"\b(?:not|never|no|n't|nt|if|would|wish|might|could|may be|thinking (?:of|about)|considering|planning|plan to|"
    r"going to|want to|wants to|hoping to|hope to|about to)\b(?:\s+\w+){0,2}?\s+(?:be\s+)?(?:mov|switch|swap|chang|"
    r"relocat|go(?:ing)? (?:over|back)(?! there\b| to (?:them|that|him|her)\b)|join|start|leav|left|quit)",
    re.I,
)


# The speaker or the household said as the subject, in the sentence as written (a recogniser's "im", "weve" too)
_SAID_BY_US = re.compile(r"\b(?:I|I'm|im|I've|ive|me|my|mine|we|we're|we've|weve|us|our|ours)\b", re.I)
_SOMEONE_ELSE = re.compile(
    r"^\W*(?:(?:so|and|oh|well|um|right|actually)\W+)*(?:the|his|her|their) (?:[\w']+ ){1,3}?"
    r"(?:is|are|was|were|has|have|had)\b",
    re.I,
)
_LATER = re.compile(
    r"\b(?:moving|starting|switching|changing|leaving|going)\b.*\b(?:next (?:week|month|year|term|spring|summer|"
    r"autumn|winter)|in (?:a|two|three|a few) (?:weeks?|months?))\b",
    re.I,
)
# a sentence whose subject is a relative ("my sister's just started at ...", "so our lad has moved to ...")
_OF_A_RELATIVE = re.compile(
    # ("His cousin Sione has changed schools": a relative of the one spoken of, not the one spoken of)
    rf"^\W*(?:(?:so|and|oh|well|right|ok|okay|yeah|guess what)\W+)*(?:my|our|me|mi|his|her|their) (?:\w+ )?"
    rf"{_KIN.pattern}",
    re.I,
)


def _held(conn, speaker: str | None, said_at: float, where: str = "", args=()) -> list:
    """The current facts the speaker may change (theirs and the household's) as they stood when the sentence was
    said, of those `where` (SQL, with `args`) picks."""
    return conn.execute(
        "SELECT id, subject, subject_entity, predicate, object, text, qualifier, owner_id FROM facts "
        "WHERE status = 'active' AND dismissed = 0 AND (owner_id IS NULL OR owner_id IS ?) AND valid_from <= ?"
        + (f" AND {where}" if where else ""),
        (speaker, said_at, *args),
    ).fetchall()


def changed_slot(conn, text: str, speaker: str | None, said_at: float, source: str) -> FactIn | None:
    """The slot's fact with the value the sentence gives it now; None when it says no such change for certain."""
    cue = CHANGE.search(text) or _NEW.search(text)
    # (a report before the clause that says it is of something else: "vet reckons X is too rich so we swapped him")
    if cue is None or not said_as_fact_by(text, cue.end()) or _NOT_A_CHANGE.search(text):
        return None
    subjects, me, household = sentence_subjects(conn, text, speaker)
    if _OF_A_RELATIVE.match(text) and not (set(subjects) - {me, household}):
        return None  # "my sister's just started at Admiral": a relative not yet known, never the speaker's job
    if not subjects and _SOMEONE_ELSE.match(text) and not _SAID_BY_US.search(text):
        return None  # "the neighbours are moving to Harrogate": whoever moves, it is not us
    subjects = subjects or [e for e in (me, household) if e is not None]
    if not subjects or _LATER.search(text):
        return None  # "we're moving to Leeds next month": a plan, nothing has changed yet
    rows = _held(conn, speaker, said_at, f"subject_entity IN ({', '.join('?' * len(subjects))})", subjects)
    if _PET_SAID.search(text) and not any(r["qualifier"] == "food" for r in rows):
        # "so we swapped him onto paddock gold": the one pet whose food is kept, said as "him"
        fed = [r for r in _held(conn, speaker, said_at) if r["predicate"] == "note" and r["qualifier"] == "food"]
        rows = [*rows, *fed] if len(fed) == 1 else rows
    changes = []
    for slot in SLOTS:
        for old in rows:
            if old["predicate"] != slot.predicate or (slot.qualifiers and old["qualifier"] not in slot.qualifiers):
                continue
            taken = {norm(old["object"])} | alias_norms(conn, old["subject_entity"])
            old_words = distinctive(old["object"])
            # ("we've switched Shumi to Husky": the one whose it is, named between)
            names = "|".join(re.escape(n) for n in taken - {norm(old["object"])} if n)
            whose = rf"(?:\s+(?:{names}))?" if names else ""
            lead = rf"\b(?:{slot.words}){whose}{_BETWEEN}[\s,]+(?:{slot.before}) "
            # not the stored value again, in part ("quit his job at Kilbride" is not a move from Kilbride Distillery)
            values = {
                v
                for v in _values(text, lead, any_word=slot.qualifiers == {"food"})
                if norm(v) not in taken and not distinctive(v) & old_words
            }
            if len(values) == 1:
                value = values.pop()
                changes.append((old, _with_practice(text, value) if old["qualifier"] in _SEEN else value))
    changes = (
        changes
        or _moved_to_school_or_vet(text, rows, set(subjects) - {me, household})
        or _switched_service(text, rows)
        or _named_value_changes(conn, text, speaker, said_at, subjects)
        or _pet_renamed(conn, text, speaker, said_at)
    )
    if len({(old["id"], value) for old, value in changes}) != 1:
        return None  # no change, or two it could be: a note, not a guess
    old, value = changes[0]
    at = old["text"].lower().rfind(old["object"].lower())  # (the object as written, the text as said)
    if at < 0:
        return None
    shared = Mention(kind="household", shared=True) if old["owner_id"] is None else None
    return FactIn(
        subject=old["subject"],
        predicate=old["predicate"],
        object=value,
        text=f"{old['text'][:at]}{value}{old['text'][at + len(old['object']) :]}",
        valid_from=said_at,
        said_at=said_at,
        source=source,
        qualifier=old["qualifier"],
        speaker=speaker,
        subject_mention=shared,
        subject_entity=old["subject_entity"],
        replaces=old["id"],
    )


def full_name_after_surname(conn, facts: list[FactIn], text: str, speaker: str | None, said_at: float) -> list[FactIn]:
    """A new surname of one's own ("my surname is tuilau now") renames one's full name as it is kept ("Losana
    Vakacegu" -> "Losana Tuilau"), replacing it, so the old surname is no longer one's name."""
    new = [f for f in facts if f.predicate == "note" and f.qualifier == "surname" and f.subject_mention is None]
    if len(new) != 1 or any(f.predicate == "name" for f in facts):
        return []
    _, me, _ = sentence_subjects(conn, text, speaker)
    if me is None:
        return []
    surname = new[0].object[:1].upper() + new[0].object[1:]
    out = []
    for old in _held(conn, speaker, said_at, "predicate = 'name' AND subject_entity IS ?", (me,)):
        words = old["object"].split()
        if len(words) < 2 or words[-1].lower() == surname.lower():
            continue
        full = " ".join([*words[:-1], surname])
        at = old["text"].rfind(old["object"])
        text_now = f"{old['text'][:at]}{full}{old['text'][at + len(old['object']) :]}" if at >= 0 else old["text"]
        out.append(
            FactIn(
                subject=old["subject"], predicate="name", object=full, text=text_now, valid_from=said_at,
                said_at=said_at, source=new[0].source, speaker=speaker, subject_entity=me, replaces=old["id"],
                owner_id=old["owner_id"],
            )
        )  # fmt: skip
    return out


# A provider switched to, the service said anywhere in the sentence: "switched over to bord gais, they had a better
# deal on the dual fuel"
_SERVICE_SAID = "|".join(sorted((w for words in SERVICE_WORDS.values() for w in words), key=len, reverse=True))
_SWITCHED_TO = (
    r"\b(?:switched|moved|changed|shifted|gone|went)(?: over| across)? to |"
    # "we switched again: Kestrel Broadband", "We've switched the fibre to StarHub"
    r"\b(?:switched|moved|changed|swapped)(?: (?:over|across))? again(?: to|:) ?|"
    rf"\b(?:switched|moved|changed|swapped) (?:the |our |my )?(?:home |house )?(?:{_SERVICE_SAID})"
    r"(?: over| across)? to |"
    r"\b(?:we're|we are|I'm|I am) (?:now )?(?:with|on) |"
    r"\b(?:gone|went|going) with |"  # "cancelled that one and gone with zuku"
    r"\bnow (?:we|I) (?:have|'ve got|have got) |\b(?:we|I) now have "  # "kept dropping, so now we have JioFiber"
)


def _switched_service(text: str, rows) -> list:
    """(old fact, new value) for the one service whose words the sentence says, the provider switched to after
    them or before them; or, the sentence naming no service nor any other slot, for the one service the subject
    has ("zuku was a disaster, we're on Faiba now")."""
    changes = []
    switched_to = _values(text, _SWITCHED_TO)
    # (not in why: "we switched to zuku because it was cheaper with the tv package" names no TV service)
    plain = _JUDGED.sub("", text)  # ("sky was rubbish": how the old one was, no bins)
    stated = _WHY.split(plain, maxsplit=1)[0]
    said = [
        s
        for s, words in SERVICE_WORDS.items()
        if re.search(rf"\b(?:{'|'.join(map(re.escape, words))})\b", stated, re.I)
    ]
    if not said and not _OTHER_SLOT.search(_WORKS_WELL.sub("", plain)):
        had = {r["qualifier"] for r in rows if r["predicate"] == "note" and r["qualifier"] in SERVICE_WORDS}
        said = list(had) if len(had) == 1 else []
    for old in rows:
        if old["predicate"] != "note" or old["qualifier"] not in said:
            continue
        values = [v for v in switched_to if norm(v) != norm(old["object"]) and not _A_PERSON.match(v)]
        values = [v for v in values if not distinctive(v) & distinctive(old["object"])]
        if len(set(values)) == 1:
            changes.append((old, values[0]))
    return changes


_WHY = re.compile(
    r"\b(?:because|cos|coz|cause|since)\b|,?\s+(?:it was|it's|its) (?:cheaper|better|faster|quicker)\b", re.I
)
# The words of the slots that are no service: a provider said alone is none of these
_OTHER_SLOT = re.compile(
    "|".join(
        rf"\b(?:{slot.words})\b"
        for slot in SLOTS
        # (a pet's food is said by the switching itself, no word of its own)
        if not (slot.qualifiers and (slot.qualifiers <= SERVICE_WORDS.keys() or slot.qualifiers == {"food"}))
    )
    + r"|\b(?:dr|clinic|hospital|nursery|diet|holiday)\b",
    re.I,
)
# ("we are on faiba now and it is working well": how the new one works, no job)
_WORKS_WELL = re.compile(r"\b(?:it is|it's|its|is|been) working (?:well|fine|great|better|perfectly|a treat)\b", re.I)
# ("sky was rubbish so we're with bt now": how the old one was, no bins)
_JUDGED = re.compile(r"\b(?:was|were|is|are|been) (?:total |absolute |complete |utter )?rubbish\b", re.I)
_PET_SAID = re.compile(r"\b(?:him|her|he|she|he's|she's|hes|shes)\b", re.I)
_A_PERSON = re.compile(rf"(?:{_TITLE}|auntie|aunty|uncle)\b", re.I)


def _named_value_changes(conn, text: str, speaker: str | None, said_at: float, subjects: list[int]) -> list:
    """(old fact, new value) for the stored values the sentence names by a distinctive word, the subjects it names
    first ("shes got a mazda now" names nobody; the Honda is Jess's)."""
    said = set(norm(text).split())
    helpers = household_help(conn)
    rows = [
        r
        for r in _held(conn, speaker, said_at)
        if (
            r["predicate"] in _BY_VALUE
            or any(s.predicate == r["predicate"] and s.qualifiers and r["qualifier"] in s.qualifiers for s in SLOTS)
            # the help one has one at a time, by name: "mary has also left, we now have Wambui"
            or (r["predicate"] == "name" and r["subject_entity"] in helpers)
            or (r["predicate"] == "note" and r["qualifier"] in ("food", "mechanic"))
        )
        and _naming_words(r) & said
    ]
    rows = [r for r in rows if r["subject_entity"] in subjects] or rows
    lead = rf"\b(?:{_AFTER_OLD}){_ARTICLES}\s+"
    fed_lead = rf"\b(?:on|onto|on to){_ARTICLES}\s+"  # "so biscuit is on raw kangaroo mince now"
    # the help by whom one now has ("we now have Wambui"), not where the last one went ("she moved to phoenix")
    help_lead = rf"\b(?:got|getting|have|has){_ARTICLES}\s+"
    changes = []
    for old in rows:
        taken = _naming_words(old) | {w for n in alias_norms(conn, old["subject_entity"]) for w in n.split()}
        named = _values(
            text, help_lead if old["predicate"] == "name" else fed_lead if old["qualifier"] == "food" else lead
        )
        values = [v for v in named if not distinctive(v) & taken and distinctive(v)]
        if old["qualifier"] in _SEEN:
            if any(_A_PERSON.match(v) for v in values) or old["qualifier"] in _A_PERSON_ONLY:
                # "we're with dr Pillay in Claremont": the dentist; "Mr Tan has moved to Penang": no tutor of hers
                values = [v for v in values if _A_PERSON.match(v)]
            values = [_with_practice(text, v) for v in values]
        changes += [(old, value) for value in values]
    return changes


def _naming_words(row) -> set[str]:
    """The words that name a stored value: its distinctive ones, or a pet food's own however common ("Husky")."""
    words = distinctive(row["object"])
    if not words and row["qualifier"] == "food":
        words = {w for w in norm(row["object"]).split() if len(w) > 2} - {"food", "dry", "wet", "kibble"}
    return words


def _with_practice(text: str, person: str) -> str:
    """Whom one sees with where, as the first was kept ("Dr Mackintosh in Inverness", "Miss Achterberg at Cheadle
    Dental"): the practice or the town said right after the name."""
    where = re.search(
        rf"{re.escape(person)}(?P<w> (?:at|in) (?:the )?[A-Za-z][\w'\-]*(?: (?!now\b|for\b|since\b|from\b)"
        r"[A-Za-z][\w'\-]*){0,3}?)(?= now\b| for\b| since\b| from\b|[,.;!]|$)",
        text,
        re.I,
    )
    if where is None:
        return person
    said = where.group("w")
    return person + (" " + capitalised(said.strip(), ("at", "in", "the")) if said.islower() else said)


# "we have moved baraka to Hillcrest from this term": a child moved, to another school (the school left unsaid);
# "we've taken bluey over to Coburg animal hospital", "we carry bruno to Dr Whyte": a pet, to another vet
_MOVED_SOMEONE_TO = (
    r"\b(?:moved|transferred|shifted|switched|put|taken|took|carry|carried|brought) (?:[a-z]+ ){0,2}?(?:[a-z]+) "
    r"(?:over |across )?to "
)


def _moved_to_school_or_vet(text: str, rows, named: set) -> list:
    """(old fact, new school or vet) when the sentence moves the one it names, who has one of them, "to" a name."""
    kept = [
        r
        for r in rows
        if r["predicate"] == "note" and r["qualifier"] in ("school", "vet") and r["subject_entity"] in named
    ]
    if len(kept) != 1:
        return []
    old = kept[0]
    values = [v for v in _values(text, _MOVED_SOMEONE_TO) if not distinctive(v) & distinctive(old["object"])]
    return [(old, values[0])] if len(set(values)) == 1 else []


def _pet_renamed(conn, text: str, speaker: str | None, said_at: float) -> list:
    """(old fact, new name) for the one pet the sentence names by its old name and calls by a new one ("the dog is
    officially called Waffles now, he doesn't answer to biscuit anyway"); a pet's name may be any word."""
    new = _RENAMED.search(text)
    if new is None or not new.group("n"):
        return []
    said = set(norm(text).split())
    rows = [
        r
        for r in _held(conn, speaker, said_at, "predicate = 'pet'")
        if set(norm(r["object"]).split()) <= said and norm(r["object"]) != norm(new.group("n"))
    ]
    return [(rows[0], new.group("n")[:1].upper() + new.group("n")[1:])] if len(rows) == 1 else []


_RENAMED = re.compile(
    r"\b(?:(?:renamed|re-named)(?: (?:him|her|it|them))?(?: to)?|(?:his|her|its) new name is|"
    r"(?:called|named)(?= \w+ now\b)|now (?:called|named)) (?P<n>[A-Za-z][\w'\-]*)",
    re.I,
)
_SEEN = frozenset({"vet", "dentist", "GP", "doctor", "tutor"})  # whom one sees, a person by title or a practice
_A_PERSON_ONLY = frozenset({"doctor", "tutor"})  # whom one sees is a person, never a practice
