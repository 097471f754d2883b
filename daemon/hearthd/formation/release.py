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
from ..entities.resolve import alias_norms, canonical, norm, person_of_speaker, related
from ..entities.resolve import household as household_entity
from ..store.tracks import FACTS
from .extraction.model import Mention
from .extraction.rules import HOUSEHOLD_ROLES
from .extraction.subjects import KIN_WORDS
from .extraction.subjects import relation_word as kin_relation
from .extraction.text import split_sentences
from .extraction.vocabulary import CAR_MAKES, ROLES_HELD
from .extraction.words import _FUNCTION_WORDS
from .facts import GENERIC_EVENT, event_words
from .residue import PARTNERS, close_notes_about, distinctive, kept_as_said

# "we've let rosa go", "they let him go": someone kept on no longer (said of a job and of the help alike)
_LET_GO = r"let (?:\w+ ){0,2}go"
_OVER = re.compile(
    r"\b(?:no longer|anymore|any more|not any longer|stopped|quit|quitted|given up|gave up|sold|sell off|got rid of|"
    r"flogged|"  # ("finally flogged the corolla": sold)
    # ("ah the corolla's gone now, ... so we've a Skoda Kodiaq")
    r"(?:'s|has|is) (?:gone|been sold) now|"
    r"after (?:giving up|quitting|stopping|packing in|leaving|moving out|retiring|cancell?ing)|stepped down|"  # (Irish)
    r"grew out of|grown out of|has left|have left|left his|left her|left the|left their|"
    r"(?:'ve|\bive|\bI|\bwe) (?:just |finally |now )?left|"
    r"moved away from|is over|are over|finished with|"
    r"finished up(?: with)?|(?:'m|\bam|\bim|'re|\bare|'s|\bis) (?:all )?done with|"
    # "jaheim done with cricket now", "he say he done with cricket": as the Caribbean says it (not "when he's done
    # with it", "not done with")
    r"\b(?:he|she|we|they) done with|^\w{3,20} done with|"
    # ("Jaden give up cricket completely": the Caribbean's past, said of someone by name)
    r"^\w{3,20} give up (?!on\b)|"
    r"switched (?:from|away from)|"
    # "we've replaced the Skoda with a Yaris" (not "the plumber replaced a valve")
    r"(?:replaced|swapped|traded in|traded) (?:the|our|my|his|her|their) [\w\- ]+? (?:with|for)|"
    r"traded (?:it |her |him |them )?in|traded (?:the|our|my|his|her|their) [\w\- ]+? in\b|part[- ]exchanged|"
    # "we gave Rex to my uncle's farm" (not "to my mum for the weekend")
    r"(?:gave|given) (?:\w+ ){1,3}to (?:my|our|a|an|the|his|her|some)\b(?!.*\b(?:for the|while|until|till|back)\b)|"
    # "Thabo has dropped rugby", "she dropped out of the choir" (not "dropped the kids off", "dropped by")
    r"(?:has|have|'s|'ve|\bhe|\bshe|\bwe|\bI) dropped (?!off\b|by\b|in\b|round\b|out\b|(?:\w+ ){1,3}off\b)|"
    r"dropped out of|"
    r"no more|died|passed away|written off|wrote off|(?:was|got) (?:totall?ed|stolen)|"
    r"(?:didn't|did not|never) work(?:ed)? out|"  # "wipro didn't work out"
    # "the vet says Bosco can stop the Apoquel now" (not "could come off it if ...": a condition)
    r"can (?:now )?(?:stop|come off)(?![^,.]*\b(?:if|once|when|after|soon|next|until)\b)|"
    r"rehomed|had to rehome|chucked (?:it )?in|jacked it in|packed it in|"
    r"broke up|broken up|split up|divorced|separated|stopped having|called it (?:quits|a day)|"
    r"(?:me and|and I) \w+ (?:are|is) (?:finished|over|done)|finished with|dumped|"
    # "me and rhys finished back in march", "me an shanice done long time"
    r"(?:me and|me an|and I) \w+ (?:have |are )?(?:finished|split|done)|"
    r"packed in|jacked in|cancell?ed|unsubscribed|not subscribed|moved out|retired|discontinued|"
    # "we've told hemi to stop coming", "she's not coming again": the help, no longer had
    r"(?:told|asked) (?:\w+ ){1,2}to stop(?= coming| doing| cleaning| mowing)|(?:not|n't|no longer) (?:be )?coming "
    r"(?:again|any ?more|back)|"
    # "I went ahead and killed the hulu subscription"
    r"killed (?:the|our|my) \w+(?: subscription| membership| account)?|"
    # "keziah eats meat again now"
    r"(?:eats?|eating|having) (?:meat|chicken|fish|beef|bacon|pork|lamb|steak|burgers) again|back on (?:the )?meat|"
    # "we gave the piano away to my cousin"
    r"(?:gave|given|giving) (?:\w+ ){0,3}away|donated|"
    # "Leila's not vegetarian now", "isn't with Virgin these days"
    r"(?:not|n't) (?:\w+ ){0,3}(?:now|these days|at the moment)|"
    # "we lost Tigger last month" (a pet's or a job's cue says which: not "lost my keys")
    r"lost|"
    # "I'm off the gluten free thing" (not "off to", "off work", "off sick")
    r"(?:'m|'s|'re|\bim|\bam|\bis|\bare|\bgone|\bcome|\bcame) off (?:the |that |this |my |his |her |their )?"
    r"(?!to\b|work\b|sick\b|out\b|home\b)\w+|"
    r"knocked (?:\w+ ){1,3}on the head|(?:gave|given|giving) (?:\w+ ){1,3}up\b|"
    # "jaden give up the cricket, he say he ain't going back": the past, as the Caribbean says it
    r"(?<!\bto )(?<!n't )(?<!not )(?<!never )(?<!will )(?<!\bll )give up (?:the|his|her|their|my|our)\b|"
    rf"made redundant|laid off|{_LET_GO}|got the sack|(?:got|been|was|were) (?:sacked|fired)|resigned|"
    # "i don resign from gtbank", "I have put down my papers at Infosys": Nigerian and Indian English
    r"(?:don|done|have|has|'ve) resign(?:ed)? from|(?:don|done) stop\b|put down (?:my|his|her|their) papers|"
    r"handed in (?:my|his|her|their) notice|handed (?:my|his|her|their) notice in|"
    # "the Niro's gone back" (a lease, a return)
    r"(?:'s|has|is|have|had) (?:gone|went|been sent|been given|been handed) back|"
    # "the old van went back to the dealer"
    r"(?:went|gone|taken|took \w+) back to the (?:dealer|dealership|garage|lease company)|"
    # "the old car has gone to my cousin in nakuru": passed on
    r"old (?:car|van|motor|jeep|truck|bike|one)(?:'s| has| is| was) (?:gone|been given|been sold|been passed on) to|"
    # "the doctor took granny off the metformin" (not "took the day off")
    r"(?:take|takes|took|taken|taking) (?:\w+ ){1,2}off (?:the |that |this |his |her |their |my )\w+|"
    # "Deon's out of the army now", "had her put to sleep", "it's gone to the tip", "back eating normal"
    r"out of the \w+|put to sleep|(?:gone|went|taken|took \w+) to the tip|binned|(?:chucked|thrown|threw) (?:\w+ )?out|"
    r"back (?:to )?eating normal(?:ly)?)\b",
    re.I,
)
_QUESTION = re.compile(r"\?\s*$|^\s*(?:if|what if|would|could|should|do|does|did|is|are)\b", re.I)
# A condition before what is said imagines it: "if we went over to aussie i'd try for a job at royal brisbane"
_IMAGINED = re.compile(r"\b(?:if|unless|what if|suppose|supposing|imagine|hypothetically)\b", re.I)
# "I'm going to quit" is not done yet; "I've stopped going to pilates" is
_REPORTED = re.compile(
    r"\b(?:said|says|saying|told|thinks|think|reckons|suggests|suggested|should|might|may|maybe|perhaps|wants? to|"
    # ("we're going to the 6pm mass instead": going somewhere, not a plan not yet done)
    r"(?:am|is|are|was|were|be|im|i'm|we're|you're|they're|he's|she's|it's|gonna)\s+going to(?! (?:the|a|an|our|my|"
    # ("dad's sessions are going to be thursdays at two from now": a new day, given; "we are going to doctor kaunda":
    # whom one sees)
    r"his|her|their|\d|doctor|dr|mr|mrs|miss|ms)\b|"
    r" be (?:on |every )?(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b))\b",
    re.I,
)
# "may" the month ("moved to 21 May", "in May"), not the modal
_MAY_THE_MONTH = re.compile(
    r"(?<=\d )may\b|(?<=\d(?:st|nd|rd|th) )may\b|\b(?:of|in|since|until|till|by|early|late|mid|end of) may\b|"
    r"\bmay(?= (?:the )?\d)",
    re.I,
)
# (not "love" said to someone: "we had to rehome skye love, she needed more space")
# (nor "like" as a comparison or a filler: "eating breakfast again like normal", "it was like so annoying"; nor a
# blessing: "bernie's after retiring, god love her")
_PREFERENCE = re.compile(
    r"\b(?<!\bgod )(?!like (?:normal|usual|before|always|so|really|totally|literally|proper|crazy|mad)\b)"
    r"(?:like|likes|love|loves|enjoy|enjoys|hate|hates|mind)\b(?!,|\s*$)",
    re.I,
)
# The words that say which kind of fact is over.
_CUES = {
    "works_at": r"work|works|working|worked|job|employed|left|quit|resign|resigned|papers|notice|retired|chucked|done|"
    r"jacked|packed|"
    r"redundant|laid off|"
    r"let go|sack|sacked|fired|out of the",
    "works_as": r"work|works|working|worked|job|employed|quit|retired|anymore|any more|no longer|redundant|laid off|"
    r"let go|sack|sacked|fired",
    "lives_in": r"live|lives|living|moved|based",
    "allergy": r"allergic|allergy|allergies|intolerant|grew out|grown out",
    "owns": r"sold|sell off|have|has|own|owns|got rid|gotten rid|drive|drives|got|replaced|swapped|traded|gone|"
    r"part-exchanged|gave|"
    r"given|back|"
    r"written off|wrote off|totall?ed|stolen|"
    r"giving|donated|tip|binned|chucked|thrown|threw|"
    r"cancell?ed|cancel|unsubscribed|stopped paying|no longer paying|dropped|killed",  # a subscription ended
    "routine": r"stopped|quit|gave|give|given|giving|no longer|anymore|any more|packed in|jacked in|cancell?ed|no more|"
    r"knocked|off|dropped|done with",
    "schedule": (
        r"stopped|stop|no longer|anymore|any more|no more|do|does|come|comes|cancell?ed|quit|quitted|dropped|gave|give|"
        # ("Thandeka has retired": the help's visits end)
        r"given|giving|knocked|off|retired"
    ),
    # (a sport one plays is given up: "alfie's given up cricket completely", "thabo has dropped rugby")
    "likes": r"like|likes|love|loves|into|fan|enjoy|enjoys|bothering|bother|given up|gave up|give up|packed in|"
    r"dropped|quit|done with",
    "diet": (
        r"vegetarian|veggie|vegan|pescatarian|eat|eats|eating|diet|meat|"
        r"(?:gluten|dairy|lactose|sugar|wheat|nut)[ -]free|keto|halal|kosher|fasting|off|normal|normally"
    ),
    "pet": r"have|has|had|got|died|passed away|rehomed|rehome|lost|put down|put to sleep|gave|given",
    "appointment": r"cancelled|canceled|off|not happening|no longer|anymore|any more",
    # a note named in the sentence: "no longer", or quit or cancelled (a membership, a gym, a veg box)
    "note": r"no longer|anymore|any more|not|n't|work out|quit|left|resigned|cancell?ed|given up|gave up|give up|off|"
    r"killed|"
    r"subscription|discontinued|stepped down|stepping down|handed (?:it )?over|stopped|stop|come off|no more",
    "family_member": (
        r"broke up|broken up|split up|divorced|separated|not together|no longer together|"
        r"called it (?:quits|a day)|(?:are|is) (?:finished|over|done)|finished with|dumped|ended (?:it|things)|"
        r"(?:me and|me an|and I) \w+ (?:have |are )?(?:finished|split|done)"
    ),
}
# Things named by their proper nouns: "the Skoda" is the "blue Skoda Octavia", "Castlegate" the tennis club,
# "packed in the Hornets" the five-a-side with the Hornets
_BY_NAME = frozenset({"owns", "note", "schedule", "routine", "works_at"})
CUES = {p: re.compile(rf"\b(?:{words})\b", re.I) for p, words in _CUES.items()}
# A lodger, a cleaner, a carer: the role ends when they leave (a sister who moves out is still a sister).
_ROLE_OVER = re.compile(
    r"\b(?:moved out|moved away|left|retired|quit|stopped|anymore|any more|no longer|to stop coming|"
    # ("hemis given it up his back is stuffed": the work given up)
    r"(?:given|gave|giving) (?:it|that|the \w+) up|packed (?:it )?in|jacked (?:it )?in|"
    r"not coming (?:again|any ?more|back)|"
    r"after (?:moving out|leaving|retiring)|"
    rf"{_LET_GO})\b",
    re.I,
)
_STOP = frozenset(
    "a an the my our his her their to at in on of for and or with go goes going do does doing is are be "
    "every each week weekly day daily morning evening night subscription".split()
)
# "i", "im", "ive": as a speech recogniser writes them
FIRST_PERSON = re.compile(r"\b(?:I|me|my|mine|I'm|I've|i|i'm|i've|im|ive)\b")
_WE = re.compile(r"\b(?:we|our|us)\b", re.I)
# "mum's", and "mums" as a speech recogniser writes it
_KIN = re.compile(rf"\b({'|'.join(sorted(KIN_WORDS, key=len, reverse=True))})(?='s\b|s'|s\b|\b)", re.I)


def household_help(conn) -> set[int]:
    """The entities the household has in a role one has one of at a time (a cleaner, a dog walker, a lodger)."""
    roles = sorted(HOUSEHOLD_ROLES)
    return {
        r["to_entity"]
        for r in conn.execute(
            f"SELECT to_entity FROM entity_relations WHERE relation IN ({', '.join('?' * len(roles))})", roles
        )
    }


def _role_given_up(conn, helper: int, text: str) -> bool:
    """Whether the sentence gives up the help's role itself ("we've stopped having a cleaner", "no cook now")."""
    roles = [
        r["relation"] for r in conn.execute("SELECT relation FROM entity_relations WHERE to_entity = ?", (helper,))
    ]
    return any(
        re.search(
            rf"\b(?:stopped having|(?:do not|don't|dont) have|no longer have|got rid of|no|without) "
            rf"(?:a |an |the |our )?{re.escape(role)}s?\b",
            text,
            re.I,
        )
        for role in roles
    )


def says_over(text: str) -> bool:
    """Whether the sentence says something is over, and is not a question, a hypothetical or reported. What is said
    after the clause that says it is over does not report it ("GP's taken me off the amlodipine now, ... so she said
    no need for it")."""
    over = _OVER.search(text)
    if over is not None and over.group().lower().startswith(("told", "asked")):
        # "we've told hemi to stop coming": what was done, no report
        return not _QUESTION.search(text) and not _IMAGINED.search(text, 0, over.start())
    return over is not None and said_as_fact_by(text, over.end())


_CLAUSE_START = re.compile(r", | so (?=(?:we|I|we've|we have|I've|I have|weve|ive)\b)", re.I)


def said_as_fact_by(text: str, end: int) -> bool:
    """Whether the clause that says something (up to `end` and the next comma) is not a question, a hypothetical or
    something reported; a report after it does not report it ("lerato has swapped netball for swimming now, she
    says the coach was too strict")."""
    comma = text.find(",", end)
    clause = text if comma < 0 else text[:comma]
    # ("physio says that's it, i've given up netball": a report before the clause, of something else; "vet reckons
    # meadow run is too rich for him so we swapped him onto paddock gold": what was done about it)
    bounds = [b for b in _CLAUSE_START.finditer(clause, 0, end) if b.end() <= end]
    if bounds and _REPORTED.search(clause, 0, bounds[-1].start()):
        clause, end = clause[bounds[-1].end() :], end - bounds[-1].end()
    # ("chidinma has stopped ballet o she said she's tired of it": a report after it, in a recogniser's run-on)
    report = _REPORTED.search(clause, end)
    clause = clause[: report.start()] if report and not _REPORTED.search(clause[:end]) else clause
    if _IMAGINED.search(clause, 0, end):
        return False  # "honestly if we ever win lotto we're moving to noosa"
    return is_said_as_fact(clause) and not _QUESTION.search(REPORTER.sub("", text))


def is_said_as_fact(text: str) -> bool:
    """Not a question, a hypothetical or something reported (news passed on is said: "dietitian says I can stop the
    low FODMAP thing", "coach said training's moved to Thursdays")."""
    heard = REPORTER.sub("", text)
    return not _QUESTION.search(heard) and not _REPORTED.search(_MAY_THE_MONTH.sub("", heard))


# Who passed the news on, before it: "coach said", "the surgery rang and said", "school texted to say" - someone
# whose news it is to give (what "Otis said" of himself is hearsay)
REPORTER = re.compile(
    r"^(?:(?:good|great|some) news,? |so,? |oh,? |um,? )?(?:(?:a |the )?(?:letter|email|text|message|note) from )?"
    r"(?:the |my |our |his |her |their )?(?:\w+ )?(?:coach|teacher|school|nursery|surgery|doctors?|gp|dentists?|"
    r"vets?|hospital|clinic|council|dietitian|dietician|physio|consultant|nurse|office|boss|manager|landlord|"
    # ("the vet in karen told us", "vet in hamilton said")
    r"landlady|agency|club|instructor|tutor)(?: (?:in|at) [a-z]+)?(?:'s)? (?:said|says|rang(?: (?:up|back))?"
    r"(?: and said| to say)?|"
    r"called(?: and said| to say)?|texted(?: to say)?|emailed(?: to say)?|wrote(?: to say)?|told (?:me|us))"
    r"(?: that)?,? (?=\w)",
    re.I,
)


def _words(text: str) -> set[str]:
    words = {w.rstrip("s") for w in norm(text).split()}
    return words | {_SAID_FOR[w] for w in words if w in _SAID_FOR}


# What one says for a stored word: "the veggie thing" is being vegetarian; eating chicken again is meat
_SAID_FOR = {
    "veggie": "vegetarian",
    "vege": "vegetarian",
    "chicken": "meat",
    "beef": "meat",
    "bacon": "meat",
    "op": "operation",  # "they cancelled ouma's op": her cataract operation
}


def release(
    tx, text: str, speaker: str | None, said_at: float, source: str, keep=(), referent: Mention | None = None
) -> list[int]:
    """Close the current facts the sentence says are over; their ids. `keep`: the facts the same sentence states
    ("we sold the Yaris and bought a Kia Niro" keeps the Niro). `referent`: who "she" or "he" is, by the sentences
    before ("Maya does ballet" ... "she's not doing ballet any more")."""
    sentences = split_sentences(text)
    if len(sentences) > 1:
        # "Had to rehome Clover. ... Smudge stays outside mostly": what each sentence says is over, of whom it names
        closed: list[int] = []
        for sentence in sentences:
            closed += [i for i in release(tx, sentence, speaker, said_at, source, keep, referent) if i not in closed]
        return closed
    if not says_over(text):
        return []
    now = time.time()
    said = _words(text)
    subjects = _subjects(tx, text, said, speaker, now, referent)
    for kept_said in _STILL_HAD.finditer(text):
        said -= _words(kept_said.group("k"))  # "we cancelled hulu, so it's just netflix now": netflix is kept
    if not subjects:
        return []
    # "i've cancelled the tumblewick veg box": one of the household speaks for its things too
    house = household_entity(tx, now) if FIRST_PERSON.search(text) else None
    implied = house if house is not None and house not in subjects else None
    if implied is not None:
        subjects = [*subjects, implied]
    marks = ", ".join("?" * len(subjects))
    helpers = sorted(household_help(tx))
    # Only what held when it was said, not what a later sentence of the same session states.
    # ... and the pets and people they are who have them ("Nugget died", "Mrs Pettigrew has retired"), and the
    # household's help by name ("we don't use sipho anymore": the dog walker called Sipho)
    rows = tx.execute(
        f"SELECT id, subject_entity, predicate, object, qualifier, text FROM facts WHERE (subject_entity IN ({marks}) "
        f"OR (object_entity IN ({marks}) AND predicate IN ('pet', 'family_member')) "
        f"OR (predicate = 'name' AND subject_entity IN ({', '.join('?' * len(helpers))}))) "
        "AND status = 'active' AND dismissed = 0 AND (owner_id IS NULL OR owner_id IS ?) AND valid_from <= ?",
        (*subjects, *subjects, *helpers, speaker, said_at),
    ).fetchall()
    kept = set(keep)
    rows = [
        r
        for r in rows
        if r["id"] not in kept and (r["subject_entity"] != implied or r["predicate"] in _HOUSEHOLD_THINGS)
    ]
    preference = bool(_PREFERENCE.search(text))
    ended = _ended(text)
    released = []
    for row in rows:
        cue = CUES.get(row["predicate"])
        if row["predicate"] == "family_member" and row["qualifier"] in HOUSEHOLD_ROLES:
            cue = _ROLE_OVER
        elif row["predicate"] == "name" and row["subject_entity"] in helpers:
            cue = _ROLE_OVER  # "we don't use sipho anymore": the dog walker named is no longer had
        elif row["predicate"] == "family_member" and row["qualifier"] not in PARTNERS:
            continue  # "kerry and dean have split up": a sister is still a sister
        parted = _is_free_note(row) and CUES["family_member"].search(text)
        # (a note kept as said is named by what ended in it, whatever the cue: "dave's finished up with fifo")
        free = parted or (_is_free_note(row) and bool(ended))
        if not free and (cue is None or not cue.search(text)) or (preference and row["predicate"] != "likes"):
            continue
        # (a note of Finley named by "finley" alone is not named: what is over must be said)
        own = (
            {w for a in alias_norms(tx, row["subject_entity"]) for w in a.split()}
            if row["subject_entity"] and row["predicate"] in ("note", "routine")
            else set()
        )
        if (
            _names_it(row, said - own)
            or _free_note_of(row, ended)
            # ("my sister kerry's seeing a lad called dean", then "kerry and dean have split up": whom she was with)
            or (parted and bool(distinctive(row["object"]) - own & said))
            or (row["predicate"] == "name" and _role_given_up(tx, row["subject_entity"], text))
        ):
            released.append(row["id"])
    for fact_id in released:
        tx.execute(
            "UPDATE facts SET status = 'superseded', valid_to = ?, superseded_by = NULL WHERE id = ?",
            (said_at, fact_id),
        )
        audit(tx, source, "fact.released", f"fact:{fact_id}", {"text": text})
    tx.touch(FACTS, released)
    return released + close_notes_about(tx, released, said_at, source, speaker=speaker)


# The words that end a thing named after them ("has left cricket", "packed in cricket"; not "out of the Ashford
# station", which only says where)
_ENDS = re.compile(
    r"\b(?:left|quit|stopped|stop|packed in|jacked in|given up|gave up|give up|finished(?: up)?(?: with)?|"
    r"don stop|no more|cancell?ed|dropped|"
    # ("finley's done with cricket", and "kiran done with cricket eh" as the Caribbean says it)
    r"(?<!\bnot )(?<!\bwhen )(?<!\bonce )(?<!\bbe )(?<!\bget )done with)\b",
    re.I,
)


def _ended(text: str) -> set[str]:
    """What the sentence says is over, by the word after its cue ("arjun has left cricket", "finley's packed in
    cricket", "mammy could stop the warfarin"): its stem; empty when the cue names nothing after it."""
    over = _ENDS.search(text)
    thing = over and re.match(
        r"\s*(?:(?:the|his|her|their|my|our|going to|doing|playing|with|at|in|it|from)\s+)*([a-z][\w\-]{2,})",
        text[over.end() :],
        re.I,
    )
    return {_stem(thing.group(1).lower())} if thing and thing.group(1).lower() not in _FUNCTION_WORDS else set()


def _is_free_note(row) -> bool:
    return kept_as_said(row["predicate"], row["qualifier"], row["object"], row["text"])


def _free_note_of(row, ended: set[str]) -> bool:
    """A note kept as it was said ("my son arjun goes for cricket coaching at the academy") names what ended when
    it has the word for it."""
    if not ended or not _is_free_note(row):
        return False
    return bool(ended & {_stem(w) for w in norm(row["object"]).split()})


# What is said to be kept beside what ended: "so it's just netflix now", "we still have the Honda"
_STILL_HAD = re.compile(
    r"\b(?:(?:it is|its|it's|that is|that's|thats) (?:just|only)|(?:we|I) (?:still|just|only) (?:have|use|keep|watch|"
    # ("cancelled hulu this week, just netflix now")
    # ("we cancelled hulu, don't have it any more, just netflix": what is left, said last)
    r"got|drive)|still (?:have|got)|(?:^|[,;] ?|\bso )(?:just|only)(?= [^,.;]+ now\b)|"
    r"[,;] ?(?:just|only)(?= \w+(?: \w+)?[.!]?$)|[,;] ?is (?:just|only)(?= \w+(?: \w+)? we\b))"
    r"(?: the| our| my)? "
    r"(?P<k>[^,.;]+)",
    re.I,
)
# What of the household's one of it ends by saying "I": a thing, a delivery, a visit, a pet.
_HOUSEHOLD_THINGS = frozenset({"owns", "routine", "schedule", "note", "appointment", "pet"})


def _names_it(row, said: set[str]) -> bool:
    """Whether the sentence names the fact: every content word of its object; or, for a thing known by its name
    (a car, a club, a window cleaner's visits), one of its proper nouns or, for a schedule, what happens."""
    content = {w.rstrip("s") for w in norm(row["object"]).replace("-", " ").split() if w not in _STOP}
    if content and content <= said:
        return True
    # "the garden centre in Hatfield" named without its town: "handed my notice in at the garden centre"
    core = re.sub(r"\s+(?:in|at|on|near|by|out|up|down)\s+.*$", "", norm(row["object"]))
    named = {w.rstrip("s") for w in core.replace("-", " ").split() if w not in _STOP}
    if row["predicate"] in ("works_at", "owns", "note") and core != norm(row["object"]) and named and named <= said:
        return True
    if _said_of_its_kind(row, said, content):
        return True
    if row["predicate"] == "note" and norm(row["object"]).startswith("member of "):
        # "i've quit the rambling club": the Lowmoor Rambling Club by what it is
        kind = {w.rstrip("s") for w in set(norm(row["object"]).split()) - distinctive(row["object"])} - _STOP
        kind -= {"member"}
        # ("not a member at Castlegate anymore": by its name; "didn't renew the golf membership": by its kind, as a
        # membership)
        name = {w.rstrip("s") for w in distinctive(row["object"])} - {"member"}
        return (
            (bool(kind) and kind <= said)
            or (bool(name) and name <= said)
            or bool(kind & said and said & {"member", "membership"})
        )
    if row["predicate"] == "pet":  # "we don't have the tortoise any more": the pet by its kind
        return bool({w.rstrip("s") for w in norm(row["qualifier"] or "").split()} & said)
    if row["predicate"] == "appointment" and row["qualifier"]:
        # "dad's check up has been cancelled": the event by what happens ("check up" is the "checkup" kept)
        kind = {w.rstrip("s") for w in event_words(row["qualifier"])} - _STOP - GENERIC_EVENT
        joined = {a + b for a in said for b in said if a != b and len(a + b) > 5}
        if kind & (said | joined):
            return True
        generic = {w.rstrip("s") for w in event_words(row["qualifier"])} & GENERIC_EVENT
        if generic & said:
            return True  # "Ethan's lesson is cancelled": his driving lesson, by the word for it
    if row["predicate"] not in _BY_NAME:
        return False
    words = norm(row["object"]).split()
    doing = [w for w in words if w not in _STOP | _LIGHT_VERBS][:1] + (words[:1] if content else [])
    if row["predicate"] == "routine" and {_stem(w) for w in doing} & {_stem(w) for w in said}:
        # "I've given up running": what one does, by its verb ("run with the Harbourside Harriers", "I don't play
        # any more"), or by what is done ("given up the pilates": "do pilates at the John Charles Centre")
        return True
    if row["predicate"] == "owns" and content and words[-1].rstrip("s") in said:
        return True  # "we gave the piano away": the old upright piano, by what it is
    if row["predicate"] == "owns" and _SUBSCRIBED.search(row["object"]) and distinctive(row["object"]) & said:
        return True  # "we cancelled sky altogether": the sky sport subscription, by its name in lower case
    # a sentence's first word is capitalised whatever it is; an object's is a name
    source = row["object"] if row["predicate"] in ("owns", "works_at") else row["text"][1:]
    proper = {w.rstrip("s") for w in norm(" ".join(re.findall(r"\b[A-Z][\w\-]+", source))).split()}
    if proper & said - _STOP:
        return True
    kind = {w.rstrip("s") for w in event_words(row["qualifier"])} - _STOP  # what happens, not how
    # ("sharma sir's tuition": the maths tutoring, by a word said for it)
    return row["predicate"] == "schedule" and bool(kind & (said | event_words(" ".join(said))))


# What is paid for by the month, known by its provider's name
_SUBSCRIBED = re.compile(r"\b(?:subscription|package|membership|plan|contract|bundle)$", re.I)


def _said_of_its_kind(row, said: set[str], content: set[str]) -> bool:
    """Whether the sentence names the fact by what kind of value it is, not by its words."""
    predicate = row["predicate"]
    if predicate == "diet":  # "Keziah eats meat again": not vegan any more; "packed in the fasting": its own word
        return bool("meat" in said and content & _MEAT_FREE or content - _DIET_GENERIC & said)
    if predicate in ("works_at", "works_as"):
        return "retired" in said  # "Declan retired last month": no job of his holds
    if predicate == "family_member":
        return row["qualifier"] in PARTNERS and bool(said & _SPLIT)  # "mum and her fella split up": her partner
    if predicate == "owns":  # "we traded in the old car": the one the household drives
        return bool(said & (_VEHICLE | _TRADED)) and (
            " drives " in f" {row['text'].lower()} " or bool(CAR_MAKES.search(row["object"]))
        )
    if predicate == "note" and row["qualifier"] == "smoking":  # "I've stopped smoking": whatever one smoked
        return bool(said & {"smoking", "smoke", "smokes", "cigarettes", "cigarette", "fags", "fag", "cigs"})
    if predicate == "note" and row["qualifier"] in ROLES_HELD:  # "I've stepped down as secretary"
        return row["qualifier"] in said
    if predicate == "note" and row["qualifier"] == "gym":  # "I cancelled the gym contract": whichever gym it was
        return bool(said & {"gym", "membership"}) or bool(distinctive(row["object"]) & said)
    if predicate in ("note", "routine") and not norm(row["object"]).startswith("member of "):
        # "they took granny off the metformin": her taking it, by the word for it
        return bool({w.rstrip("s") for w in distinctive(row["object"]) - KIN_WORDS} & said)
    return False


_LIGHT_VERBS = frozenset({"do", "play", "have", "take", "attend"})
_SPLIT = frozenset({"split", "broke", "broken", "divorced", "separated"})
_VEHICLE = frozenset({"car", "van", "motorbike", "motorcycle", "motor"})
_TRADED = frozenset({"traded", "trade"})  # "we traded in the old yoke": only a vehicle is traded in
_DIET_GENERIC = frozenset({"free", "based", "diet", "low", "high", "strict", "world", "watcher"})
_MEAT_FREE = frozenset({"vegan", "vegetarian", "veggie", "pescatarian", "plant"})


def _stem(word: str) -> str:
    """ "running" and "run", "swims" and "swim", "driving" and "drive": one verb."""
    word = re.sub(r"(?:ing|ed|s)$", "", word) if len(word) > 4 else word.rstrip("s")
    word = word[:-1] if len(word) > 2 and word[-1] == word[-2] else word
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def _subjects(
    tx, text: str, said: set[str], speaker: str | None, now: float, referent: Mention | None = None
) -> list[int]:
    """The entities the sentence names: by name or alias, the speaker by "I", the household by "we", the
    speaker's relatives by the word the speaker calls them ("mum", "Gran"), and the one "she" or "he" refers to."""
    me = person_of_speaker(tx, speaker, now) if speaker else None
    # "we don't have a lodger anymore": the speaker is one of "we"
    speaking = FIRST_PERSON.search(text) or _WE.search(text)
    house = household_entity(tx, now)
    found = named_subjects(tx, text, me if speaking else None, me, house)
    if referent is not None and _SOMEONE_ELSE.search(text):
        found = sorted(set(found) | set(referred(tx, referent, me)))
    if not found and me is not None and not _HE_OR_SHE.search(text):
        # "The dentist appointment is cancelled", "traded the corolla in for a rav4": no one named, the speaker
        # (left unsaid, as one does aloud) or the household
        found = sorted({me, house} - {None})
    return found


def referred(conn, referent: Mention, me: int | None) -> list[int]:
    """The entities a Mention from the sentences before names: by its name, else the speaker's relative."""
    if referent.name:
        key = norm(referent.name)
        return [
            r[0]
            for r in conn.execute(
                "SELECT DISTINCT a.entity_id FROM entity_aliases a JOIN entities e ON e.id = a.entity_id "
                "WHERE e.merged_into IS NULL AND a.norm = ?",
                (key,),
            )
        ]
    if referent.relation and me is not None:
        return list(related(conn, me, referent.relation))
    return []


def referent_of(text: str, discourse) -> Mention | None:
    """Who the sentence's "she", "he" or "his" is, by what the speaker said before (a Discourse); None."""
    pronoun = _SOMEONE_ELSE.search(text)
    if discourse is None or pronoun is None:
        return None
    said = pronoun.group(0).lower().rstrip("s").replace("'", "")
    word = {"hi": "he", "him": "he", "he": "he", "her": "she", "hers": "she", "she": "she"}.get(said)
    return discourse.resolve(word) if word else None


# "he" or "her" say someone else's ("they" may be the surgery: "physio rang, friday's cancelled, they'll rebook")
# (a car or a boat is "her" too: "traded her in", "sold her on")
_HE_OR_SHE = re.compile(
    r"\b(?:he|she|his|(?<!traded )(?<!sold )(?<!swapped )(?<!scrapped )her|hers|him|he's|she's|hes|shes)\b", re.I
)
# "he", "her", "they" say someone else's
_SOMEONE_ELSE = re.compile(r"\b(?:he|she|his|her|hers|him|they|their|them|he's|she's|hes|shes)\b", re.I)


def sentence_subjects(
    conn, text: str, speaker: str | None, referent: Mention | None = None
) -> tuple[list[int], int | None, int | None]:
    """(the entities the sentence names, with whom its "she" or "he" refers to when it names no one; the speaker's
    entity; the household's), read only."""
    row = conn.execute("SELECT id FROM entities WHERE speaker_id = ?", (speaker,)).fetchone() if speaker else None
    me = canonical(conn, row[0]) if row else None
    row = conn.execute("SELECT id FROM entities WHERE kind = 'household' ORDER BY id LIMIT 1").fetchone()
    household = row[0] if row else None
    named = named_subjects(conn, text, me if FIRST_PERSON.search(text) else None, me, household)
    if not named and referent is not None:
        named = referred(conn, referent, me)
    return named, me, household


def named_subjects(conn, text: str, me: int | None, speaker_entity: int | None, household: int | None) -> list[int]:
    """The entities a sentence names (read only): `me` when it speaks in the first person, the household (when
    known) by "we"/"our", any entity by a name or alias, and the relatives of `speaker_entity` by the word one
    calls them ("mum's eating meat again" names the speaker's mother)."""
    found = [] if me is None else [me]
    if household is not None and _WE.search(text):
        found.append(household)
    lowered = f" {norm(text)} "
    for row in conn.execute(
        "SELECT DISTINCT a.entity_id, a.norm FROM entity_aliases a JOIN entities e ON e.id = a.entity_id "
        "WHERE e.merged_into IS NULL"
    ):
        # "rolos been put back", "kits guitar teacher": a possessive as a speech recogniser writes it
        if row["norm"] and (f" {row['norm']} " in lowered or f" {row['norm']}s " in lowered):
            found.append(row["entity_id"])
    if speaker_entity is not None:
        for word in _KIN.findall(text):
            found.extend(related(conn, speaker_entity, kin_relation(word)))
    return sorted(set(found))
