"""Deterministic, rule-based fact extraction: the formation path when no generator (LLM) is configured.

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

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..resources import read_json
from ..timeutil import MONTHS

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


@dataclass(frozen=True)
class Candidate:
    predicate: str
    object: str
    text: str  # third person, with a "{subject}" placeholder
    provenance: str  # USER-STATED, or INFERRED when the speaker hedged
    qualifier: str | None = None  # family relation, pet kind, anniversary kind, routine schedule
    time_hint: str | None = None  # "last month", "in 2019", "since March"
    source: str = ""  # the sentence it came from


# --------------------------------------------------------------------------------------------------------------
# Vocabulary
# --------------------------------------------------------------------------------------------------------------


def _alt(words) -> str:
    """A regex alternation, longest first so "grandmother" wins over "grand"."""
    return "(?:" + "|".join(sorted(words, key=len, reverse=True)) + ")"


_MONTHS = [  # the month names timeutil reads, and their abbreviations
    *MONTHS,
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
]
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MONTH = _alt(_MONTHS)
WEEKDAY = _alt(_WEEKDAYS)

_REL_SINGULAR = [
    "mother",
    "mom",
    "mum",
    "mommy",
    "mummy",
    "father",
    "dad",
    "daddy",
    "sister",
    "brother",
    "sibling",
    "wife",
    "husband",
    "partner",
    "spouse",
    "boyfriend",
    "girlfriend",
    "fiance",
    "fiancee",
    "fiancé",
    "fiancée",
    "son",
    "daughter",
    "kid",
    "child",
    "baby",
    "grandmother",
    "grandma",
    "granny",
    "nan",
    "nana",
    "grandfather",
    "grandpa",
    "granddad",
    "grandson",
    "granddaughter",
    "grandchild",
    "grandkid",
    "aunt",
    "auntie",
    "uncle",
    "cousin",
    "niece",
    "nephew",
    "stepmother",
    "stepfather",
    "stepson",
    "stepdaughter",
    "stepbrother",
    "stepsister",
    "mother-in-law",
    "father-in-law",
    "sister-in-law",
    "brother-in-law",
    "son-in-law",
    "daughter-in-law",
    "twin",
]
_IRREGULAR_PLURAL = {"child": "children", "grandchild": "grandchildren"}
_PLURAL_OF = {s: _IRREGULAR_PLURAL.get(s, s + "s") for s in _REL_SINGULAR}
_SINGULAR_OF = {p: s for s, p in _PLURAL_OF.items()}
REL = _alt(_REL_SINGULAR + list(_PLURAL_OF.values()))
REL_ADJ = _alt(["older", "younger", "big", "little", "baby", "twin", "eldest", "oldest", "youngest", "elder"])

_PET_KINDS = [
    "dog",
    "puppy",
    "cat",
    "kitten",
    "parrot",
    "budgie",
    "parakeet",
    "cockatiel",
    "canary",
    "bird",
    "rabbit",
    "bunny",
    "hamster",
    "guinea pig",
    "gerbil",
    "ferret",
    "rat",
    "goldfish",
    "fish",
    "turtle",
    "tortoise",
    "snake",
    "lizard",
    "gecko",
    "horse",
    "pony",
    "chicken",
    "hen",
]
_PET_PLURAL = {
    k: (k if k in ("fish", "goldfish") else "puppies" if k == "puppy" else "bunnies" if k == "bunny" else k + "s")
    for k in _PET_KINDS
}
_PET_SINGULAR = {p: s for s, p in _PET_PLURAL.items()}
PET = _alt(_PET_KINDS + [p for p in _PET_PLURAL.values() if p not in _PET_KINDS])

# Occupations for "I'm a nurse": a closed list, because "I'm a <noun>" is far more often not a job
# ("I'm a morning person", "I'm a big fan").
_OCCUPATIONS = [
    "nurse",
    "doctor",
    "physician",
    "surgeon",
    "dentist",
    "pharmacist",
    "vet",
    "veterinarian",
    "midwife",
    "paramedic",
    "teacher",
    "professor",
    "lecturer",
    "tutor",
    "engineer",
    "developer",
    "programmer",
    "designer",
    "architect",
    "accountant",
    "lawyer",
    "attorney",
    "solicitor",
    "barrister",
    "judge",
    "paralegal",
    "firefighter",
    "police officer",
    "officer",
    "detective",
    "soldier",
    "pilot",
    "driver",
    "chef",
    "cook",
    "baker",
    "butcher",
    "waiter",
    "waitress",
    "bartender",
    "barista",
    "cashier",
    "clerk",
    "secretary",
    "receptionist",
    "manager",
    "director",
    "consultant",
    "analyst",
    "scientist",
    "researcher",
    "biologist",
    "chemist",
    "physicist",
    "mathematician",
    "economist",
    "psychologist",
    "psychiatrist",
    "therapist",
    "physiotherapist",
    "counsellor",
    "counselor",
    "social worker",
    "care worker",
    "factory worker",
    "construction worker",
    "office worker",
    "civil servant",
    "journalist",
    "writer",
    "author",
    "editor",
    "translator",
    "interpreter",
    "photographer",
    "artist",
    "painter",
    "musician",
    "singer",
    "actor",
    "actress",
    "dancer",
    "electrician",
    "plumber",
    "carpenter",
    "mechanic",
    "builder",
    "farmer",
    "gardener",
    "cleaner",
    "librarian",
    "banker",
    "salesman",
    "saleswoman",
    "salesperson",
    "sales rep",
    "estate agent",
    "real estate agent",
    "entrepreneur",
    "student",
    "nanny",
    "carer",
    "caregiver",
    "technician",
    "administrator",
    "coach",
    "trainer",
    "instructor",
    "postman",
    "courier",
    "hairdresser",
    "barber",
    "beautician",
    "optician",
    "radiologist",
    "surveyor",
    "inspector",
    "tailor",
    "florist",
    "welder",
    "fisherman",
    "shopkeeper",
    "shop assistant",
    "sales assistant",
    "teaching assistant",
    "copywriter",
    "marketer",
    "recruiter",
    "freelancer",
    "ceo",
    "cto",
    "cfo",
    "software developer",
    "web developer",
    "data scientist",
    "graphic designer",
    "homemaker",
    "housewife",
    "househusband",
    "security guard",
    "flight attendant",
    "dietitian",
    "nutritionist",
    "optometrist",
]
OCC = _alt(_OCCUPATIONS)
# Modifiers that make "a X cook" a judgement or a past, not a current job.
_BAD_OCC_MODIFIERS = {
    "good",
    "great",
    "bad",
    "terrible",
    "awful",
    "big",
    "huge",
    "hard",
    "proud",
    "keen",
    "amateur",
    "wannabe",
    "retired",
    "former",
    "ex",
    "aspiring",
    "future",
    "lazy",
    "excellent",
    "decent",
    "better",
    "best",
    "real",
    "total",
    "complete",
    "bit",
    "little",
    "horrible",
    "brilliant",
    "amazing",
    "lousy",
    "natural",
    "born",
    "failed",
    "frustrated",
    "secret",
}

_DIETS = [
    "vegetarian",
    "vegan",
    "pescatarian",
    "pescetarian",
    "flexitarian",
    "gluten-free",
    "gluten free",
    "dairy-free",
    "dairy free",
    "kosher",
    "halal",
    "teetotal",
    "teetotaller",
    "teetotaler",
    "keto",
    "paleo",
    "plant-based",
    "plant based",
    "low-carb",
    "low carb",
    "mediterranean",
    "lactose-free",
    "lactose free",
]
DIET = _alt(_DIETS)
_DIET_IS = {
    "vegetarian",
    "vegan",
    "pescatarian",
    "flexitarian",
    "gluten-free",
    "dairy-free",
    "teetotal",
    "lactose-free",
}  # read as "{subject} is vegan"; the rest as "follows a keto diet"
_DIET_FROM_NOT_EATING = {
    "meat": "vegetarian",
    "meat or fish": "vegetarian",
    "fish or meat": "vegetarian",
    "meat and fish": "vegetarian",
    "animal products": "vegan",
    "gluten": "gluten-free",
    "wheat": "gluten-free",
    "dairy": "dairy-free",
}

ADV = (
    r"(?:(?:really|just|also|still|now|currently|actually|totally|absolutely|truly|honestly|genuinely|"
    r"definitely|kind of|sort of|pretty much|so|very|quite|recently|finally|both|all|too|even|particularly|"
    r"especially|always|mostly|do|already|officially)\s+)*"
)
NUM = r"(?:a|an|one|two|three|four|five|six|seven|eight|\d)"
# Names are case-sensitive: the capital letter is what tells "my sister Maria" from "my sister said".
_UP, _LO = "A-Z\u00c0-\u00de", "a-z\u00df-\u024f"
NAME = rf"(?-i:[{_UP}][{_LO}\-]*[{_LO}](?:[ \-][{_UP}][{_LO}\-]*[{_LO}])?)"
NAMES = rf"{NAME}(?:\s*,\s*{NAME})*(?:\s*,?\s+and\s+{NAME})?"
# Capitalised words that are not people's or pets' names.
_NOT_NAMES = (
    {
        w.lower()
        for w in (
            "I He She It They We You This That These Those There Here Who What Where When Why How The A An And But So "
            "Also Then Mom Mum Dad God Yes No Not Oh Well Christmas Easter Hearth Alexa Siri Google Jesus Ok Okay "
            "English French Spanish Portuguese German Italian Dutch Irish Scottish Welsh British American Canadian "
            "Brazilian Mexican Indian Chinese Japanese Korean Russian Polish Greek Turkish Swedish Danish Catholic "
            "Christian Muslim Jewish Hindu Buddhist Atheist Protestant Vegan Vegetarian Good Fine Great Back Home "
            "Ready Busy Tired Sorry Sure Done Here Hungry Bored Happy Sad"
        ).split()
    }
    | set(_MONTHS)
    | set(_WEEKDAYS)
)

DATE = (
    rf"(?:(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?(?:\s+of)?\s+{MONTH}\b(?:,?\s+\d{{4}})?"
    rf"|{MONTH}\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}})?"
    rf"|{MONTH}\b(?:\s+\d{{4}})?"
    r"|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?"
    r"|christmas(?: day| eve)?|new year's (?:day|eve)|valentine's day|halloween)"
)

_NUMW = (
    r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|"
    r"fifty|a few|a couple of|several|many|(?:twenty|thirty|forty|fifty)[- ]\w+)"
)
_UNIT = r"(?:days?|weeks?|months?|years?|decades?)"
TIME = re.compile(
    rf"\b(?:(?:last|this|past) (?:week|weekend|month|year|summer|winter|spring|autumn|fall|{WEEKDAY}|{MONTH})"
    rf"|{_NUMW} {_UNIT} ago"
    rf"|(?:for|over) (?:the (?:past|last) )?{_NUMW} {_UNIT}|for (?:a long time|ages|a while)"
    rf"|(?:since|back in|in|as of) (?:\d{{4}}|(?:early |late )?{MONTH}(?: \d{{4}})?|last \w+)"
    r"|since (?:I was (?:a kid|a child|little|young|small|\d+)|childhood|then)|(?:all|most of) my life|my whole life"
    r"|(?:earlier|at the (?:start|end|beginning) of) this (?:week|month|year)"
    r"|yesterday|recently|lately|a while (?:ago|back))\b",
    re.I,
)

# Routine schedules. STRONG ones alone make a routine ("every morning"); weak ones ("at 7") need an adverb.
_STRONG_FREQ = (
    rf"(?:every|each) (?:other )?(?:single )?(?:day|morning|afternoon|evening|night|week|weekend|month|"
    rf"year|summer|winter|{WEEKDAY})s?"
    rf"|on (?:weekends|weekdays|{WEEKDAY}s(?:(?:,|,? and) {WEEKDAY}s)*)"
    rf"|(?:once|twice|three times) a (?:day|week|month|year)|daily|nightly|weekly"
    rf"|most (?:days|mornings|evenings|nights|weekends)|in the (?:mornings|evenings|afternoons)"
)
_WEAK_FREQ = (
    r"at (?:\d{1,2}(?:[:.]\d{2})?(?:\s*(?:am|pm|a\.m\.|p\.m\.|o'clock))?|noon|midnight|night|lunchtime"
    r"|bedtime|dawn)|around \d{1,2}(?:[:.]\d{2})?(?:\s*(?:am|pm))?|in the (?:morning|evening|afternoon)"
    r"|before (?:work|bed|breakfast|school)|after (?:work|dinner|lunch|school|breakfast)"
)
FREQ = re.compile(rf"\b(?:{_STRONG_FREQ}|{_WEAK_FREQ})\b", re.I)
STRONG_FREQ = re.compile(rf"\b(?:{_STRONG_FREQ})\b", re.I)
_ROUTINE_ADVERBS = r"(?:usually|always|normally|typically|generally|regularly)"
# Words that cannot start a routine's verb phrase: states, modals, past tenses, verbs other rules own.
_NOT_ROUTINE_VERBS = set(
    "am are is was were be been being did does had can cannot could would should will must might may not never "
    "no feel felt think thought know knew forget forgot want wanted need like love hate enjoy adore live lived "
    "went ran ate drank took got came saw made slept woke left drove rode swam said told say tell get "
    "seem seemed".split()
)

# --------------------------------------------------------------------------------------------------------------
# Normalisation, fillers, hedges, sentence-level rejects
# --------------------------------------------------------------------------------------------------------------

_APOSTROPHES = str.maketrans(
    {"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u00b4": "'", "`": "'", "\u201c": '"', "\u201d": '"'}
)

# Expanded so one pattern covers "I'm"/"I am", "don't"/"do not". Possessive 's is left alone except where it
# is really "is" (name's, 's called).
_CONTRACTIONS = [
    (re.compile(a, re.I), b)
    for a, b in [
        (r"\bcan't\b", "cannot"),
        (r"\bwon't\b", "will not"),
        (r"\bain't\b", "is not"),
        (r"\bshan't\b", "shall not"),
        (r"\b(\w+)n't\b", r"\1 not"),
        (r"\bi'm\b", "I am"),
        (r"\b(\w+)'re\b", r"\1 are"),
        (r"\b(i|we|you|they)'ve\b", r"\1 have"),
        (r"\b(i|we|you|they|he|she)'d\b", r"\1 would"),
        (r"\b(i|we|you|they|he|she|it)'ll\b", r"\1 will"),
        (r"\b(name|birthday|anniversary)'s\b", r"\1 is"),
        (r"'s (called|named)\b", r" is \1"),
        (r"\b(it|that|what|there|here|he|she|who|where|how)'s\b", r"\1 is"),
        (r"\bgonna\b", "going to"),
        (r"\bwanna\b", "want to"),
        (r"\bgotta\b", "got to"),
    ]
]

_FILLER = re.compile(
    r"^(?:well|oh|ah|um+|uh+|erm|hmm+|so|and|also|plus|anyway|anyways|actually|ok|okay|right|yeah|yes|yep|no|"
    r"nope|by the way|btw|you know|I mean|honestly|to be honest|just so you know|fyi|for your information|"
    r"for the record|as I said|like I said|as I told you|I told you(?: that)?|fun fact|let me tell you|"
    r"nice to meet you(?: too)?|hearth|then|but|now|oh and|guess what|basically|literally|oh my god|omg)\b[,:!.]?\s*",
    re.I,
)
_GREETING = re.compile(
    r"^(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening))(?: there|,? \w+(?=,))?"
    r"[,!.]?\s*",
    re.I,
)
# "remember that I'm allergic to peanuts" is a statement addressed to the memory, not a command to ignore.
_LEAD_IN = re.compile(
    r"^(?:please\s+)?(?:remember|note|keep in mind|do not forget)(?:\s+that)?[,:]?\s+"
    r"(?=(?:I|we|my|our)\b)",
    re.I,
)
_TRAILING_FILLER = re.compile(
    r"[,\s]*\b(?:by the way|btw|actually|though|anyway|lol|haha|you know|as well|too|today|"
    r"right|ok|okay|now|these days|nowadays|at the moment|currently|I guess|I think)"
    r"[\s.!]*$",
    re.I,
)

# Self-hedges make the statement INFERRED (spec: provenance gate). "I might be" reads as "I am" + hedge.
_HEDGE = re.compile(
    r",?\s*\b(?:I (?:think|believe|guess|suppose|reckon|feel like)|I am (?:pretty|fairly|quite|almost|"
    r"reasonably) (?:sure|certain)|I am told|apparently|probably|maybe|perhaps|possibly|presumably|supposedly|"
    r"likely)\b(?:\s+that\b)?,?",
    re.I,
)
_HEDGED_BE = re.compile(r"\b(I|we) (?:might|may|could) (?:well )?be\b", re.I)

_QUESTION_START = re.compile(
    r"^(?:do|does|did|am|is|are|was|were|can|could|would|should|will|shall|have|has|had|may|might|must|where|"
    r"what|who|whom|whose|when|why|how|which|whereabouts|is it true)\b",
    re.I,
)
# Sentence-wide: a conditional or a wish colours every clause of the sentence.
_HYPOTHETICAL = re.compile(
    r"\b(?:if|unless|whether|wish|wished|wishes|would|hypothetically|someday|some day|pretend|imagine|"
    r"imagining|dream|dreams|dreaming|fantasi[sz]e|the idea of|the thought of|in theory)\b"
    r"|^(?:suppose|supposing|say|let us say|what if)\b",
    re.I,
)
# Reported speech is about someone else ("my sister said she lives in Paris").
_REPORTED = re.compile(
    r"\b(?:said|says|say|told|tells|tell|claims?|claimed|mentioned|mentions|asked|asks|thinks|thought|believes|"
    r"believed|reckons|heard|hears|according to|rumou?red|texted|wrote|writes)\b",
    re.I,
)
# Clause-wide: plans, wishes and obligations are not current facts.
_PLAN = re.compile(
    r"\b(?:shall|going to|planning|plan to|plans to|thinking of|thinking about|considering|want|wants|wanted|"
    r"hope|hopes|hoping|hopefully|about to|intend|intends|intending|soon|next (?:week|month|year|summer|winter|"
    r"spring|autumn|fall|weekend|time)|tomorrow|later|eventually|might|could|should|must|ought|trying to|"
    r"try to|looking to|looking for|tonight|someday|would)\b|(?-i:\bwill\b|\bmay\b(?!\s*\d))",
    re.I,
)
_NO_LONGER = re.compile(r"\b(?:anymore|any more|no longer|used to|formerly|former|ex|previously|retired)\b", re.I)
_NEGATED_HEDGE = re.compile(
    r"\b(?:do not|does not|did not|never) (?:think|believe|know|reckon|guess)\b"
    r"|\bnot (?:sure|certain)\b|\bdoubt\b|\bno idea\b",
    re.I,
)
_NEGATION = re.compile(r"\b(?:not|never|no|nobody|nothing|none|neither|nor|without|hardly|barely|cannot)\b", re.I)

# A clause ends at a conjunction that starts a new thought.
_CLAUSE_SPLIT = re.compile(
    r"\s*(?:;|,\s*(?:and|but|so|because|although|though|whereas|while|plus)\b"
    r"|\s(?:and|but|because|although|though|whereas|while|since|so|plus)\s+(?=(?:I|we|my|our)\b)"
    r"|,\s*(?=(?:I|we|my|our)\b))\s*",
    re.I,
)
# An object ends at the first clause boundary.
_OBJ_END = re.compile(
    r"\s*(?:[,;:!?()\"]|\s-\s|\b(?:and then|but|because|so that|so|although|though|while|whereas|when|"
    r"whenever|which|who|whom|where|unless|until|except|as well|too|either|these days|nowadays|at the moment|"
    r"right now|now|currently|a lot|so much|very much|like crazy|more than anything)\b).*$",
    re.I | re.S,
)
# Words an object cannot start with: pronouns, quantifiers, function words.
_BAD_FIRST = set(
    "it that this these those them him her you me myself yourself us everything anything nothing something "
    "someone anyone everyone all none there here what which who how when where why so very too not no never any "
    "to and or but of with for a an the is are am was be been being doing having getting".split()
)
_FIRST_PERSON = re.compile(r"\b(?:I|me|my|mine|myself|we|us|our|ours|ourselves)\b", re.I)
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|yourself)\b", re.I)
# A third-person pronoun inside an object means a clause about someone else ("the way she sings").
_THIRD_PERSON = re.compile(r"\b(?:he|she|they|it|him|them|his|its|their)\b", re.I)
_TITLE = re.compile(r"^(?:dr|mr|mrs|ms|miss|prof|sir|dame)\.?\s+", re.I)
_PRONOUN_SWAP = {
    "my": "their",
    "our": "their",
    "me": "them",
    "us": "them",
    "myself": "themselves",
    "ourselves": "themselves",
    "mine": "theirs",
    "ours": "theirs",
    "i": "they",
    "we": "they",
}

_ABBREVIATIONS = {"mr", "mrs", "ms", "dr", "st", "jr", "sr", "prof", "mt", "e.g", "i.e", "etc", "vs", "no", "approx"}


def normalise(text: str) -> str:
    """Straight apostrophes, expanded contractions, single spaces."""
    text = text.translate(_APOSTROPHES)
    for pattern, repl in _CONTRACTIONS:
        text = pattern.sub(repl, text)
    text = re.sub(r"\bi\b", "I", text)  # ASR often writes "i"
    return re.sub(r"\s+", " ", text).strip()


def split_sentences(text: str) -> list[str]:
    """Sentences as written, each keeping its end punctuation (so a question still ends in "?")."""
    out, start = [], 0
    for m in re.finditer(r"[.!?]+(?=[\s\"')\u2019\u201d]|$)|\n+|;", text):
        if m.group().startswith("."):
            word = re.search(r"(\S+)$", text[start : m.start()])
            token = word.group(1).lower().strip("(\"'\u2018\u201c") if word else ""
            nxt = text[m.end() :].lstrip()
            if token in _ABBREVIATIONS or re.fullmatch(r"[a-z]", token, re.I):
                continue  # "Dr. Smith", "J. Smith"
            if token in ("a.m", "p.m") and not (nxt[:1].isupper()):
                continue  # "at 7 a.m. every day"
        piece = text[start : m.end()].strip()
        if piece.strip(".!?; \n"):
            out.append(piece)
        start = m.end()
    tail = text[start:].strip()
    if tail.strip(".!?; "):
        out.append(tail)
    return out


def _strip_repeatedly(s: str, *patterns: re.Pattern) -> tuple[str, bool]:
    """Strip leading matches of any pattern until none applies; also says whether a greeting went."""
    greeted = False
    changed = True
    while changed and s:
        changed = False
        for p in patterns:
            m = p.match(s)
            if m and m.end() > 0:
                greeted = greeted or p is _GREETING
                s = s[m.end() :].lstrip(" ,")
                changed = True
    return s, greeted


def _strip_trailing(s: str) -> str:
    s = s.strip().rstrip(".!;,: ")
    while True:
        t = _TRAILING_FILLER.sub("", s).rstrip(".!;,: ")
        if t == s:
            return s
        s = t


def _lowercase_input(sentence: str) -> bool:
    """ASR-style text with no capitals (bar "I" and the first letter): capitalisation tells us nothing there."""
    return not any(c.isupper() for c in re.sub(r"\bI\b", "", sentence.strip()[1:]))


# --------------------------------------------------------------------------------------------------------------
# Objects and text
# --------------------------------------------------------------------------------------------------------------


def _third_person(phrase: str) -> str:
    """'love jazz' -> 'loves jazz', 'am into' -> 'is into', 'do not like' -> 'does not like'."""
    words = phrase.split(" ", 1)
    verb, rest = words[0], (" " + words[1] if len(words) > 1 else "")
    low = verb.lower()
    special = {
        "am": "is",
        "are": "is",
        "have": "has",
        "do": "does",
        "go": "goes",
        "cannot": "cannot",
        "was": "was",
        "were": "was",
    }
    if low in special:
        verb = special[low]
    elif re.search(r"(?:s|sh|ch|x|z|o)$", low):
        verb += "es"
    elif re.search(r"[^aeiou]y$", low):
        verb = verb[:-1] + "ies"
    else:
        verb += "s"
    return verb + rest


def _article(noun: str) -> str:
    return "an" if noun[:1].lower() in "aeiou" else "a"


def _swap_pronouns(text: str) -> str:
    return re.sub(
        r"\b(?:my|our|me|us|myself|ourselves|mine|ours)\b", lambda m: _PRONOUN_SWAP[m.group().lower()], text, flags=re.I
    )


def _split_time(obj: str) -> tuple[str, str | None]:
    """'Porto last month' -> ('Porto', 'last month')."""
    m = TIME.search(obj)
    if not m:
        return obj, None
    return (obj[: m.start()] + " " + obj[m.end() :]).strip(), m.group()


def _clean(obj: str | None, *, extra_end: str | None = None) -> str | None:
    """Cut at the clause boundary, drop trailing filler, validate. None when it is not a usable value."""
    if not obj:
        return None
    obj = obj.replace("{", "").replace("}", "").strip().strip("\"'")
    obj = _OBJ_END.sub("", obj)
    if extra_end:
        obj = re.sub(rf"\s+(?:{extra_end})\b.*$", "", obj, flags=re.I | re.S)
    obj = _strip_trailing(obj).strip().strip("\"'")
    words = obj.split()
    if not words or len(words) > MAX_OBJECT_WORDS or len(obj) > 80:
        return None
    if words[0].lower() in _BAD_FIRST and len(words) == 1:
        return None
    if words[0].lower() in _BAD_FIRST - {"a", "an", "the", "to"}:
        return None
    if _FIRST_PERSON.search(obj) or _SECOND_PERSON.search(obj) or _THIRD_PERSON.search(obj):
        return None
    if _NEGATION.search(obj):
        return None
    return obj


def _split_list(obj: str) -> list[str]:
    """'peanuts, shellfish and eggs' -> three items."""
    return [p.strip() for p in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", obj) if p.strip()]


def _names(text: str) -> list[str]:
    found = re.findall(NAME, text)
    return [n for n in found if n.lower() not in _NOT_NAMES]


# --------------------------------------------------------------------------------------------------------------
# The rule table
# --------------------------------------------------------------------------------------------------------------


@dataclass
class _Ctx:
    clause: str  # the normalised clause being read
    sentence: str  # the original sentence (Candidate.source)
    provenance: str
    time_hint: str | None
    greeted: bool
    lowercase: bool

    def cand(self, predicate, obj, text, qualifier=None, time_hint=None) -> Candidate:
        return Candidate(predicate, obj, text, self.provenance, qualifier, time_hint or self.time_hint, self.sentence)


Builder = Callable[[re.Match, _Ctx], list[Candidate]]


def _time_split_then_clean(raw: str, **kw) -> tuple[str | None, str | None]:
    raw = _OBJ_END.sub("", raw)
    raw, hint = _split_time(raw)
    return _clean(raw, **kw), hint


def _b_name(m, ctx):
    raw = _TITLE.sub("", m.group("obj").strip())
    names = _names(raw)
    if names and raw.startswith(names[0]):
        obj = names[0]
    elif m.groupdict().get("explicit") and ctx.lowercase:
        obj = _clean(raw.split()[0]) if raw.split() else None  # "my name is sarah" (ASR): one word
    else:
        return []
    return [ctx.cand("name", obj, f"{{subject}}'s name is {obj}")] if obj else []


def _b_greeted_name(m, ctx):
    if not ctx.greeted:
        return []
    names = _names(m.group("obj"))
    return [ctx.cand("name", names[0], f"{{subject}}'s name is {names[0]}")] if names == [m.group("obj")] else []


_NOT_PLACES = {
    "fear",
    "hope",
    "denial",
    "peace",
    "harmony",
    "luxury",
    "poverty",
    "comfort",
    "style",
    "sin",
    "chaos",
    "the moment",
    "the past",
    "the present",
    "the future",
    "a bubble",
    "the city",
    "the country",
    "a flat",
    "a house",
    "an apartment",
    "the suburbs",
}


def _proper_place(obj: str, ctx: _Ctx) -> bool:
    """A place is a proper noun ("Porto", "a village near Lyon"), so "I live in a flat" gives nothing. In
    all-lowercase (ASR) text only a short, article-less name that is not a figure of speech passes."""
    if ctx.lowercase:
        words = obj.lower().split()
        return (
            len(words) <= 3
            and words[0] not in {"a", "an", "the", "this", "that"}
            and obj.lower() not in _NOT_PLACES
            and words[0] not in _NOT_PLACES
            and " of " not in f" {obj} "
        )
    return any(w[:1].isupper() for w in obj.split())


def _b_lives_in(m, ctx):
    obj, hint = _time_split_then_clean(
        m.group("obj"), extra_end="with|from|for|since|because|after|when|to|in order to"
    )
    if not obj or not _proper_place(obj, ctx):
        return []
    return [ctx.cand("lives_in", obj, f"{{subject}} lives in {obj}", time_hint=hint)]


def _works_at(raw: str, ctx: _Ctx) -> list[Candidate]:
    obj, hint = _time_split_then_clean(raw, extra_end="as|in|since|with|for")
    if (
        not obj
        or obj.lower() in {"home", "night", "weekends", "the weekend", "a living", "the moment"}
        or obj[0].isdigit()
    ):
        return []
    return [ctx.cand("works_at", obj, f"{{subject}} works at {obj}", time_hint=hint)]


def _works_as(raw: str, ctx: _Ctx) -> list[Candidate]:
    obj, hint = _time_split_then_clean(raw, extra_end="at|for|in|since|with|by")
    if not obj:
        return []
    obj = re.sub(r"^(?:an?|the)\s+", "", obj, flags=re.I)
    if not obj or obj.split()[0].lower() in _BAD_OCC_MODIFIERS:
        return []
    return [ctx.cand("works_as", obj, f"{{subject}} works as {_article(obj)} {obj}", time_hint=hint)]


def _b_work_as(m, ctx):
    # "I work as a nurse at Santa Maria" also says where; the time phrase goes first so "for ten years" is not
    # read as an employer.
    raw, hint = _split_time(_OBJ_END.sub("", m.group("obj")))
    out = [replace(c, time_hint=c.time_hint or hint) for c in _works_as(raw, ctx)]
    org = re.search(r"\s(?:at|for)\s+(.+)$", raw, re.I)
    return out + (_works_at(org.group(1), ctx) if out and org else [])


def _b_work_at(m, ctx):
    raw, hint = _split_time(_OBJ_END.sub("", m.group("obj")))
    out = [replace(c, time_hint=c.time_hint or hint) for c in _works_at(raw, ctx)]
    job = re.search(r"\sas\s+(.+)$", raw, re.I)
    return out + (_works_as(job.group(1), ctx) if out and job else [])


def _b_occupation(m, ctx):
    # "I'm a nurse", "I'm a software engineer at Siemens": the head noun must be a known occupation, and after
    # it only "at/for <org>" or a boundary may follow.
    mods, rest = (m.group("mods") or "").split(), m.group("rest") or ""
    if any(w.lower() in _BAD_OCC_MODIFIERS for w in mods):
        return []
    rest = re.sub(r"^\s*and\b.*$", "", _OBJ_END.sub("", rest)).strip()  # "a nurse and a mother of two"
    org = re.match(r"^(?:at|for|with)\s+(.+)$", rest, re.I)
    if rest and not org and not TIME.fullmatch(rest):
        return []
    job = " ".join(mods + [m.group("occ")])
    out = _works_as(job, ctx)
    return out + (_works_at(org.group(1), ctx) if out and org else [])


def _diet_candidate(obj: str, ctx: _Ctx, text: str | None = None) -> Candidate:
    obj = obj.lower().replace(" ", "-").replace("pescetarian", "pescatarian")
    obj = {"teetotaller": "teetotal", "teetotaler": "teetotal", "mediterranean": "Mediterranean"}.get(obj, obj)
    if text is None:
        text = f"{{subject}} is {obj}" if obj in _DIET_IS else f"{{subject}} follows {_article(obj)} {obj} diet"
    return ctx.cand("diet", obj, text)


def _b_diet(m, ctx):
    tail = ctx.clause[m.end() :]
    if not _ends_clause(tail):
        return []
    return [_diet_candidate(m.group("obj"), ctx)]


def _b_not_eating(m, ctx):
    tail = ctx.clause[m.end() :]
    if not _ends_clause(tail):
        return []
    food = m.group("obj").lower()
    return [_diet_candidate(_DIET_FROM_NOT_EATING[food], ctx, f"{{subject}} does not eat {food}")]


def _b_allergic(m, ctx):
    raw = _OBJ_END.sub("", m.group("obj"))
    raw, hint = _split_time(raw)
    out = []
    for item in _split_list(raw):
        obj = _clean(item)
        if obj and obj.lower() not in {"anything", "everything", "nothing", "stuff", "things"}:
            out.append(ctx.cand("allergy", obj, f"{{subject}} is allergic to {obj}", time_hint=hint))
    return out


def _b_allergy_noun(m, ctx):
    if not _ends_clause(ctx.clause[m.end() :]):
        return []
    obj = _clean(m.group("obj"))
    if not obj or len(obj.split()) > 3:
        return []
    kind = m.group("kind").lower()
    qualifier = "intolerance" if kind.startswith("intoleran") else None
    noun = "intolerance" if qualifier else "allergy"
    return [ctx.cand("allergy", obj, f"{{subject}} has {_article(obj)} {obj} {noun}", qualifier)]


def _b_intolerant(m, ctx):
    if not _ends_clause(ctx.clause[m.end() :]):
        return []
    obj = m.group("obj").lower()
    return [ctx.cand("allergy", obj, f"{{subject}} is {obj} intolerant", "intolerance")]


def _b_coeliac(m, ctx):
    if not _ends_clause(ctx.clause[m.end() :]):
        return []
    return [ctx.cand("allergy", "gluten", "{subject} has coeliac disease", "coeliac")]


def _rel(word: str) -> str:
    word = word.lower()
    word = _SINGULAR_OF.get(word, word)
    return "child" if word == "kid" else word


def _family(name: str, rel: str, ctx: _Ctx, adj: str | None = None) -> Candidate | None:
    if name.lower() in _NOT_NAMES:
        return None
    qualifier = f"{adj.lower()} {_rel(rel)}" if adj else _rel(rel)
    return ctx.cand("family_member", name, f"{{subject}}'s {qualifier} is called {name}", qualifier)


def _pet(name: str | None, kind: str, ctx: _Ctx, count: str = "a") -> Candidate | None:
    kind_s = _PET_SINGULAR.get(kind.lower(), kind.lower())
    if name is None:
        plural = count.lower() not in ("a", "an", "one")
        what = f"{count.lower()} {_PET_PLURAL[kind_s]}" if plural else f"{_article(kind_s)} {kind_s}"
        return ctx.cand("pet", kind_s, f"{{subject}} has {what}", kind_s)
    if name.lower() in _NOT_NAMES:
        return None
    return ctx.cand("pet", name, f"{{subject}} has {_article(kind_s)} {kind_s} called {name}", kind_s)


def _explicit_name(raw: str, ctx: _Ctx) -> list[str]:
    """After 'called'/'named'/'name is': capitalised names, or one word in all-lowercase input."""
    lead = re.match(NAMES, _TITLE.sub("", raw.strip()))
    if lead:
        return _names(lead.group())
    if ctx.lowercase:
        obj = _clean(raw.split()[0]) if raw.split() else None
        return [obj] if obj else []
    return []


def _b_family_named(m, ctx):
    rel = m.group("rel")
    names = _explicit_name(m.group("obj"), ctx) if "obj" in m.groupdict() else []
    return [c for n in names if (c := _family(n, rel, ctx, m.groupdict().get("adj")))]


def _b_family_is(m, ctx):
    # "my sister is Maria" / "Maria is my sister": the name must be capitalised and end the clause.
    if not _ends_clause(ctx.clause[m.end() :]):
        return []
    c = _family(m.group("obj"), m.group("rel"), ctx, m.groupdict().get("adj"))
    return [c] if c else []


def _b_have(m, ctx):
    # "I have two kids, Ana and Rui", "we have a dog called Rex and a cat called Luna", "we have a dog".
    rest, out = m.group("rest"), []
    item = re.compile(
        rf"\b(?P<num>{NUM})\s+(?:(?P<adj>[a-z\-]+)\s+)??(?P<kind>{REL}|{PET})\b"
        rf"(?:\s*,?\s*(?:called|named)\s+|\s*[,:]\s*|\s+)?(?P<names>{NAMES})?",
        re.I,
    )
    for it in item.finditer(rest):
        kind, names = it.group("kind"), it.group("names")
        is_pet = re.fullmatch(PET, kind, re.I) is not None
        adj = it.group("adj")
        if names:
            names_found = _names(names)
            if is_pet:
                out += [c for n in names_found if (c := _pet(n, kind, ctx))]
            elif adj is None or re.fullmatch(REL_ADJ, adj, re.I):
                out += [c for n in names_found if (c := _family(n, kind, ctx, adj))]
        elif is_pet and adj is None:
            after = rest[it.end("kind") :]
            if re.match(r"\s*(?:$|,|\band\b|\bat home\b|\btoo\b|\bas well\b)", after, re.I):
                out.append(_pet(None, kind, ctx, it.group("num")))
    return out


def _b_pet_named(m, ctx):
    return [c for n in _explicit_name(m.group("obj"), ctx) if (c := _pet(n, m.group("kind"), ctx))]


def _like_text(verb: str, obj: str, infinitive: bool) -> str:
    verb = re.sub(r"\s+", " ", verb.strip().lower())
    return f"{{subject}} {_third_person(verb)} {'to ' if infinitive else ''}{obj}"


def _b_preference(predicate: str) -> Builder:
    def build(m, ctx):
        raw = m.group("obj")
        infinitive = bool(re.match(r"to\s+\w", raw, re.I))
        if infinitive:
            raw = raw[3:]
        obj, hint = _time_split_then_clean(raw)
        if not obj or re.match(r"(?:it|that|this)\b", obj, re.I):
            return []
        return [ctx.cand(predicate, obj, _like_text(m.group("verb"), obj, infinitive), time_hint=hint)]

    return build


def _b_favourite(m, ctx):
    obj, hint = _time_split_then_clean(m.group("obj"))
    cat = m.group("cat").lower()
    if not obj:
        return []
    verb = "are" if m.group("be").lower() == "are" else "is"
    return [ctx.cand("likes", obj, f"{{subject}}'s favourite {cat} {verb} {obj}", cat, time_hint=hint)]


def _date_obj(m, ctx) -> str | None:
    if not _ends_clause(ctx.clause[m.end() :]):
        return None
    return m.group("obj").strip()


def _b_birthday(m, ctx):
    obj = _date_obj(m, ctx)
    if not obj:
        return []
    prep = "in" if re.fullmatch(rf"{MONTH}(?:\s+\d{{4}})?", obj, re.I) else "on"
    return [ctx.cand("birthday", obj, f"{{subject}}'s birthday is {prep} {obj}", time_hint=None)]


def _b_anniversary(m, ctx):
    obj = _date_obj(m, ctx)
    if not obj:
        return []
    qual = (m.group("qual") or "").lower() or None
    prep = "in" if re.fullmatch(rf"{MONTH}(?:\s+\d{{4}})?|\d{{4}}", obj, re.I) else "on"
    what = f"{qual} anniversary" if qual else "anniversary"
    return [ctx.cand("anniversary", obj, f"{{subject}}'s {what} is {prep} {obj}", qual, time_hint=None)]


def _b_event_date(m, ctx):
    obj = _date_obj(m, ctx)
    if not obj:
        return []
    event = re.sub(r"\s+", " ", m.group("event").lower())
    qual = {
        "got married": "wedding",
        "were married": "wedding",
        "married": "wedding",
        "got engaged": "engagement",
        "started dating": "dating",
        "got together": "dating",
        "started going out": "dating",
    }[event]
    prep = "in" if re.fullmatch(rf"{MONTH}(?:\s+\d{{4}})?|\d{{4}}", obj, re.I) else "on"
    return [ctx.cand("anniversary", obj, f"{{subject}} {event} {prep} {obj}", qual, time_hint=None)]


def _routine(subject_adv: str | None, vp: str, lead_freq: str | None, ctx: _Ctx) -> list[Candidate]:
    vp = _OBJ_END.sub("", vp).strip()
    vp = _strip_trailing(vp)
    words = vp.split()
    if not words:
        return []
    verb = words[0].lower()
    if (
        verb in _NOT_ROUTINE_VERBS
        or verb.endswith("ed")
        or not verb.isalpha()
        or (verb == "have" and len(words) > 1 and words[1].lower() in ("to", "been", "got"))
    ):
        return []
    freqs = [f.group() for f in FREQ.finditer(vp)]
    strong = bool(lead_freq) or bool(STRONG_FREQ.search(vp))
    if not (strong or subject_adv):
        return []
    activity = FREQ.sub(" ", vp)
    activity = re.sub(r"\s+", " ", activity).strip(" ,")
    if _SECOND_PERSON.search(activity) or _NEGATION.search(vp):
        return []
    activity = _swap_pronouns(activity)
    if not activity or len(activity.split()) > MAX_OBJECT_WORDS:
        return []
    qualifier = " ".join(x for x in [subject_adv and subject_adv.lower(), lead_freq, *freqs] if x) or None
    said = _third_person(_swap_pronouns(vp))
    if lead_freq:
        said = f"{said} {lead_freq}"
    text = "{subject} " + (f"{subject_adv.lower()} " if subject_adv else "") + said
    return [ctx.cand("routine", activity, text, qualifier)]


def _b_routine(m, ctx):
    return _routine(m.groupdict().get("adv"), m.group("vp"), None, ctx)


def _b_routine_lead(m, ctx):
    return _routine(m.groupdict().get("adv"), m.group("vp"), m.group("freq"), ctx)


def _ends_clause(tail: str) -> bool:
    """What follows a closed-set match ("I'm vegan ...") must be nothing, a time phrase or a clause boundary."""
    tail = TIME.sub("", _strip_trailing(tail)).strip(" ,")
    return not tail or _OBJ_END.sub("", " " + tail).strip() == ""


SUBJ = r"(?:I|we)"
_HAVE = rf"^{SUBJ} (?:also |both |all )?(?:have|have got|own) (?:got )?"
_AM = r"(?:am|are|have been|have always been)"

# (predicate, pattern, builder, negative_form). Tried in order; the first rule whose builder yields wins.
# negative_form rules are the ones whose meaning contains a negation ("I don't like X"), so the negation guard
# is skipped for them.
_RULES: list[tuple[str, str, Builder, bool]] = [
    # name
    (
        "name",
        r"^(?P<explicit>my (?:first )?name is|I am called|I go by|my friends call me|everyone calls me)\s+"
        r"(?P<obj>.+)",
        _b_name,
        False,
    ),
    ("name", r"^(?:you can |please )?call me\s+(?P<obj>.+)", _b_name, False),
    ("name", rf"^(?:I am|this is|it is) (?P<obj>{NAME})\s*$", _b_greeted_name, False),
    # lives_in
    (
        "lives_in",
        rf"^{SUBJ} {ADV}(?:live|reside|(?:am|are|have been|have) {ADV}(?:living|lived|residing|based|"
        rf"settled)) in (?P<obj>.+)",
        _b_lives_in,
        False,
    ),
    (
        "lives_in",
        rf"^{SUBJ} {ADV}(?:moved|have moved|relocated|have relocated)(?: (?:back|here|over|house))?"
        rf"(?: from .+?)? to (?P<obj>.+)",
        _b_lives_in,
        False,
    ),
    ("lives_in", r"^(?:my|our) (?:home|house|flat|apartment|place) is in (?P<obj>.+)", _b_lives_in, False),
    # diet before work, so "I'm a vegetarian" is not a job
    (
        "diet",
        rf"^{SUBJ} {ADV}(?:am|are|have been|have always been|went|have gone|became|have become|turned|"
        rf"am on|are on|follow|eat|keep|am following|are following) (?:an? |the |strict |strictly |fully )*"
        rf"(?P<obj>{DIET})\b(?: (?:diet|food|lifestyle))?",
        _b_diet,
        False,
    ),
    (
        "diet",
        rf"^{SUBJ} {ADV}(?:do not|never) eat (?:any )?(?P<obj>meat or fish|fish or meat|meat and fish|meat|"
        rf"animal products|gluten|wheat|dairy)\b",
        _b_not_eating,
        True,
    ),
    # allergy
    (
        "allergy",
        rf"^{SUBJ} {ADV}{_AM} {ADV}(?:very |severely |mildly |slightly |deathly |highly |seriously )?"
        rf"allergic to (?P<obj>.+)",
        _b_allergic,
        False,
    ),
    (
        "allergy",
        rf"{_HAVE}(?:an? |some )?(?:severe |serious |mild |bad |slight |bit of an? )?"
        rf"(?:allergy|allergies|intolerance) to (?P<obj>.+)",
        _b_allergic,
        False,
    ),
    (
        "allergy",
        rf"{_HAVE}(?:an? |some )?(?:severe |serious |mild |bad |slight )?(?P<obj>[a-z][a-z \-]{{1,30}}?) "
        rf"(?P<kind>allergy|allergies|intolerance)\b",
        _b_allergy_noun,
        False,
    ),
    (
        "allergy",
        rf"^{SUBJ} {ADV}{_AM} (?P<obj>lactose|gluten|wheat|fructose|histamine) intolerant\b",
        _b_intolerant,
        False,
    ),
    (
        "allergy",
        rf"^{SUBJ} {ADV}{_AM} intolerant to (?P<obj>lactose|gluten|wheat|fructose|histamine)\b",
        _b_intolerant,
        False,
    ),
    ("allergy", rf"^(?:I {ADV}am (?:an? )?(?:coeliac|celiac)|{_HAVE}(?:coeliac|celiac) disease)\b", _b_coeliac, False),
    # work
    (
        "works_as",
        rf"^I {ADV}(?:work|(?:am|have been|have) {ADV}(?:working|worked|employed)) as (?P<obj>.+)",
        _b_work_as,
        False,
    ),
    (
        "works_at",
        rf"^I {ADV}(?:work|have a job|(?:am|have been|have) {ADV}(?:working|worked|employed)) "
        rf"(?:at|for|by) (?P<obj>.+)",
        _b_work_at,
        False,
    ),
    (
        "works_as",
        rf"^I {ADV}am (?:an? |the )(?P<mods>(?:[a-z\-]+ ){{0,2}}?)(?P<occ>{OCC})\b(?P<rest>.*)$",
        _b_occupation,
        False,
    ),
    # family and pets stated with their names
    (
        "family_member",
        rf"^(?:my|our) (?:(?P<adj>{REL_ADJ}) )?(?P<rel>{REL})(?: is| are)? (?:called|named) "
        rf"(?P<obj>.+)",
        _b_family_named,
        False,
    ),
    (
        "family_member",
        rf"^(?:my|our) (?:(?P<adj>{REL_ADJ}) )?(?P<rel>{REL})(?:'s| is) name is (?P<obj>.+)",
        _b_family_named,
        False,
    ),
    ("family_member", rf"^(?:my|our) (?:(?P<adj>{REL_ADJ}) )?(?P<rel>{REL}) is (?P<obj>{NAME})\b", _b_family_is, False),
    ("family_member", rf"^(?P<obj>{NAME}) is (?:my|our) (?:(?P<adj>{REL_ADJ}) )?(?P<rel>{REL})\b", _b_family_is, False),
    ("pet", rf"^(?:my|our) (?P<kind>{PET})(?: is| are)? (?:called|named) (?P<obj>.+)", _b_pet_named, False),
    ("pet", rf"^(?:my|our) (?P<kind>{PET})(?:'s| is) name is (?P<obj>.+)", _b_pet_named, False),
    ("family_member", rf"{_HAVE}(?P<rest>.+)", _b_have, False),
    # likes and dislikes ("don't like" before "like")
    (
        "dislikes",
        rf"^{SUBJ} {ADV}(?P<verb>do not (?:really )?(?:like|enjoy|care for)|cannot (?:really )?"
        rf"(?:stand|bear|stomach)|am not {ADV}(?:a (?:big |huge )?fan of|into|keen on|fond of)|"
        rf"are not (?:big |huge )?fans of|are not into) (?P<obj>.+)",
        _b_preference("dislikes"),
        True,
    ),
    (
        "dislikes",
        rf"^{SUBJ} {ADV}(?P<verb>hate|dislike|detest|loathe|despise|abhor) (?P<obj>.+)",
        _b_preference("dislikes"),
        False,
    ),
    (
        "likes",
        rf"^{SUBJ} {ADV}(?P<verb>love|like|enjoy|adore|am (?:really |very |quite |so |super )?(?:into|"
        rf"fond of|keen on|passionate about|crazy about|obsessed with|a (?:big |huge )?fan of)|are "
        rf"(?:really |very |so )?(?:into|big fans of|huge fans of|fans of|crazy about)) (?P<obj>.+)",
        _b_preference("likes"),
        False,
    ),
    (
        "likes",
        r"^my (?:all-time )?favou?rite (?P<cat>[a-z]+(?: [a-z]+)?) (?P<be>is|are) (?P<obj>.+)",
        _b_favourite,
        False,
    ),
    # birthdays and anniversaries (the date is the value)
    ("birthday", rf"^my birthday is (?:on |in )?(?P<obj>{DATE})", _b_birthday, False),
    ("birthday", rf"^I was born (?:on |in )?(?P<obj>{DATE})", _b_birthday, False),
    (
        "anniversary",
        rf"^(?:our|my) (?:(?P<qual>wedding|dating|engagement) )?anniversary is (?:on |in )?"
        rf"(?P<obj>{DATE})",
        _b_anniversary,
        False,
    ),
    (
        "anniversary",
        rf"^(?:we|I) (?P<event>got married|were married|married|got engaged|started dating|"
        rf"got together|started going out) (?:on |in )?(?P<obj>{DATE}|\d{{4}})\b",
        _b_event_date,
        False,
    ),
    # routines last: anything that is not one of the above but happens on a schedule
    (
        "routine",
        rf"^(?P<freq>{_STRONG_FREQ}),? {SUBJ} (?:(?P<adv>{_ROUTINE_ADVERBS}) )?(?P<vp>.+)",
        _b_routine_lead,
        False,
    ),
    ("routine", rf"^{SUBJ} (?:also |still )?(?:(?P<adv>{_ROUTINE_ADVERBS}) )?(?P<vp>.+)", _b_routine, False),
]
RULES = [(p, re.compile(rx, re.I), b, neg) for p, rx, b, neg in _RULES]

# Appositives anywhere in a clause: "I visited my sister Maria", "my cat Luna hates the vet".
# A plural relation takes a list ("our kids Ana and Rui"); a singular one only its first name, so "my sister
# Maria and Tom" does not make Tom a sister.
_APPOSITIVE_FAMILY = re.compile(rf"\b(?:my|our) (?:(?P<adj>{REL_ADJ}) )?(?P<rel>{REL}),? (?P<obj>{NAMES})", re.I)
_APPOSITIVE_PET = re.compile(rf"\b(?:my|our) (?P<kind>{PET}),? (?P<obj>{NAMES})", re.I)


def _appositive_names(names: str, word: str, singular_of: dict) -> list[str]:
    found = _names(names)
    return found if word.lower() in singular_of and found else found[:1]


# --------------------------------------------------------------------------------------------------------------
# Driving it
# --------------------------------------------------------------------------------------------------------------


def _split_clauses(s: str) -> list[str]:
    return [c for c in _CLAUSE_SPLIT.split(s) if c and c.strip()]


def _clause_candidates(clause: str, ctx: _Ctx) -> list[Candidate]:
    out: list[Candidate] = []
    for _predicate, pattern, build, negative_form in RULES:
        m = pattern.match(clause)
        if not m:
            continue
        # Positive rules: no negation before the object ("I never really liked..." is not a like).
        head = clause[: m.start("obj")] if "obj" in pattern.groupindex and m.group("obj") else clause[: m.end()]
        if not negative_form and (_NEGATION.search(head) or _NO_LONGER.search(clause)):
            return []
        found = build(m, ctx)
        if found:
            out = found
            break
    if not _NEGATION.search(clause) and not _NO_LONGER.search(clause):
        for m in _APPOSITIVE_FAMILY.finditer(clause):
            for name in _appositive_names(m.group("obj"), m.group("rel"), _SINGULAR_OF):
                if c := _family(name, m.group("rel"), ctx, m.group("adj")):
                    out.append(c)
        for m in _APPOSITIVE_PET.finditer(clause):
            for name in _appositive_names(m.group("obj"), m.group("kind"), _PET_SINGULAR):
                if c := _pet(name, m.group("kind"), ctx):
                    out.append(c)
    return out


def _sentence_candidates(sentence: str) -> list[Candidate]:
    s = normalise(sentence)
    if not s or s.rstrip().endswith("?"):
        return []  # a question states nothing
    s, greeted = _strip_repeatedly(s, _GREETING, _FILLER, _LEAD_IN)
    provenance = USER_STATED
    if _NEGATED_HEDGE.search(s):
        return []  # "I don't think I'm allergic"
    s, n = _HEDGED_BE.subn(lambda m: f"{m.group(1)} {'am' if m.group(1).lower() == 'i' else 'are'}", s)
    s, k = _HEDGE.subn("", s)
    if n or k:
        provenance = INFERRED
    s, g2 = _strip_repeatedly(s.strip(" ,"), _GREETING, _FILLER, _LEAD_IN)
    greeted = greeted or g2
    if not s or _QUESTION_START.match(s) or _HYPOTHETICAL.search(s) or _REPORTED.search(s):
        return []
    lowercase = _lowercase_input(sentence)
    out: list[Candidate] = []
    for clause in _split_clauses(s):
        clause, _ = _strip_repeatedly(clause.strip(" ,"), _FILLER)
        clause = _strip_trailing(clause)
        if not clause or _PLAN.search(clause):
            continue
        # A leading time phrase ("Last month we moved to Porto") is a hint, not part of the statement.
        hint = None
        lead = TIME.match(clause)
        if lead:
            hint = lead.group()
            clause = clause[lead.end() :].lstrip(" ,")
        ctx = _Ctx(clause, sentence.strip(), provenance, hint, greeted, lowercase)
        out += _clause_candidates(clause, ctx)
    return out


def extract(text: str, role: str = "user") -> list[Candidate]:
    """Candidates the text states about its speaker. Only user turns are read: what the assistant says about
    the user is not the user saying it."""
    if (role or "").lower() != "user" or not text or not text.strip():
        return []
    out: list[Candidate] = []
    seen: set[tuple] = set()
    for sentence in split_sentences(text):
        for c in _sentence_candidates(sentence):
            key = (c.predicate, c.object.lower(), c.qualifier)
            if key not in seen:
                seen.add(key)
                out.append(c)
    return out


def _main(argv: list[str]) -> None:
    """`python -m hearthd.formation.extract_rules "I live in Porto."` prints what the rules read."""
    for text in argv or ["I live in Porto and I work as a nurse."]:
        for c in extract(text):
            print(f"{c.predicate:14} {c.object!r:28} {c.provenance:12} q={c.qualifier!r} t={c.time_hint!r}  {c.text}")


if __name__ == "__main__":
    import sys

    _main(sys.argv[1:])
