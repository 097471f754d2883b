"""The first-person rule table: each rule reads one clause said by the speaker about themselves."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from .casual import _NUMW, SCHOOL, _plural, _two_digits, saint_capitalised
from .dates import canonical_date, on_date
from .model import HOUSEHOLD, MAX_OBJECT_WORDS, Candidate, Mention
from .subjects import KIN_WORDS, NOT_A_NAME, OTHERS, relation_word
from .text import (
    _CLAUSE_SPLIT,
    _NEGATION,
    _NO_LONGER,
    _OBJ_END,
    _SECOND_PERSON,
    _TITLE,
    DIGIT_NAMES,
    _article,
    _clean,
    _names,
    _split_list,
    _split_time,
    _strip_trailing,
    _swap_pronouns,
    _third_person,
    capitalised,
    normalise,
    spoken_digits,
)
from .vocabulary import (
    _BAD_OCC_MODIFIERS,
    _DIET_FROM_NOT_EATING,
    _DIET_IS,
    _HIRED_HELP,
    _NOT_NAMES,
    _NOT_ROUTINE_VERBS,
    _PET_PLURAL,
    _PET_SINGULAR,
    _ROUTINE_ADVERBS,
    _SINGULAR_OF,
    _STRONG_FREQ,
    ADV,
    DATE,
    DIET,
    FREQ,
    GYM,
    KIN_NAMES_TOO,
    MEDICINE,
    MONTH,
    NAME,
    NAMES,
    NUM,
    OCC,
    ORDINAL,
    PET,
    PET_FOOD,
    REL,
    REL_ADJ,
    ROLES_HELD,
    SHORT_STAY,
    SPECIES,
    STRONG_FREQ,
    TIME,
    WEEKDAY,
    WORKPLACE_KIND,
    _alt,
    is_ward,
)
from .words import _FUNCTION as _FUNCTION_WORDS
from .words import _MORE as _MORE_WORDS
from .words import is_common, is_function_word


@dataclass
class _Ctx:
    clause: str  # the normalised clause being read
    sentence: str  # the original sentence (Candidate.source)
    provenance: str
    time_hint: str | None
    greeted: bool
    lowercase: bool
    about: bool = False  # the clause was rewritten from someone else's ("my mum is flying in" -> "I am flying in")

    def cand(self, predicate, obj, text, qualifier=None, time_hint=None) -> Candidate:
        return Candidate(predicate, obj, text, self.provenance, qualifier, time_hint or self.time_hint, self.sentence)


Builder = Callable[[re.Match, _Ctx], list[Candidate]]


def _time_split_then_clean(raw: str, **kw) -> tuple[str | None, str | None]:
    raw = _OBJ_END.sub("", raw)
    raw, hint = _split_time(raw)
    return _clean(raw, **kw), hint


def _b_name(m, ctx):
    raw = _TITLE.sub("", m.group("obj").strip())
    if re.search(r"\b(?:full|married|maiden)\b|surname", m.group("explicit") or "", re.I):
        # "my full name is aoife brennan if anything needs booking": the whole name, as it is booked
        words = list(itertools.takewhile(lambda w: not is_common(w.lower()), re.findall(r"[\w'\-]+", raw)))[:3]
        return _full_name(words, ctx) if len(words) >= 2 else []
    names = _names(raw)
    if names and raw.startswith(names[0]):
        obj = names[0]
    elif m.groupdict().get("explicit") and ctx.lowercase:
        obj = _clean(raw.split()[0]) if raw.split() else None  # "my name is sarah" (ASR): one word
    else:
        return []
    if not obj:
        return []
    # "my name's Oluwaseun but everybody calls me Seun": the name, and the one the speaker goes by
    # (not "but please call me bea": how to be called, an instruction of its own)
    goes_by = re.search(
        r"\bbut (?:[a-z]+ )?(?:everyone|everybody|people|friends|they all|all my friends|most people)(?: here)?"
        rf"(?: just)? (?:calls?|call) me (?P<y>{NAME})\b",
        ctx.sentence,
    )
    if not goes_by or goes_by.group("y").lower() == obj.lower():
        return [ctx.cand("name", obj, f"{{subject}}'s name is {obj}")]
    short = goes_by.group("y") if re.search(r"[A-Z]", goes_by.group("y")) else goes_by.group("y").title()
    return [
        ctx.cand("name", obj, f"{{subject}}'s name is {obj}"),
        ctx.cand("note", f"goes by {short}", f"{{subject}} goes by {short}"),
    ]


_NAME_CHANGE_SAID = re.compile(
    r"\b(?:changed my (?:sur|last |family )?name|(?:got|am|was|is|just got) married|married name|"
    r"took (?:his|her|their) name|(?:since|after) the wedding|changed (?:it )?over|deed poll|on everything)\b",
    re.I,
)


def _b_name_changed(m, ctx):
    if not (m.group("by") or _NAME_CHANGE_SAID.search(ctx.sentence)):  # "I'm going by Rachel Brennan now" says it
        return []
    words = m.group("obj").split()
    return [] if any(is_common(w.lower()) for w in words) else _full_name(words, ctx)


def _b_surname(m, ctx):
    name = m.group("obj")
    name = name[:1].upper() + name[1:]
    return [ctx.cand("note", name, f"{{subject}}'s surname is {name}", qualifier="surname")]


def _full_name(words: list[str], ctx) -> list[Candidate]:
    """A name in full, each word capitalised as a name is ("aoife Fitzgerald": Aoife Fitzgerald)."""
    full = capitalised(" ".join(words))
    return [ctx.cand("name", full, f"{{subject}}'s name is {full}")]


_NOT_GREETED_NAMES = set(
    "back home here good fine ok okay well tired busy sorry ready done hungry sure great new free off out up in on "
    "so very just really still also the a an not listening awake alive early late".split()
)


_SELF_DESCRIBED = re.compile(
    r"^(?:(?:right|ok|okay|so|well|yeah|alright|um|erm|uh)[,\s]+|i (?:do not|don'?t) know if you need (?:this|that)"
    r"(?:,? but)?\s+)*i'?m [a-z]+,? (?:and )?(?:(?:i|i'?m|im) "
    r"(?:work|live|stay|teach|drive|do|am|have|run|study|come|was born|grew up|a|an|from|originally|support|love|"
    r"play|\d+|[a-z]+teen|ten|eleven|twelve)|we (?:live|stay|are|have|moved)|(?:originally )?from)\b",
    re.I,
)
_INTRODUCED = re.compile(r"\b(?:by the way|btw|for the record)\b", re.I)
_SIGNS = set("aries taurus gemini cancer leo virgo libra scorpio sagittarius capricorn aquarius pisces".split())


def _b_greeted_name(m, ctx):
    """ "Hi, I'm Daniel", "hi I'm Tomas nice to meet you"; in lower-case text only with the "nice to meet you"."""
    obj = m.group("obj")
    introduced = bool(_INTRODUCED.search(ctx.sentence))  # "I'm Bartek, by the way", "hey it's thabo btw"
    # "right so im tendai and i work at the distribution centre": a name, then more of who one is
    introduced = introduced or bool(_SELF_DESCRIBED.match(ctx.sentence) and not is_common(obj.lower()))
    # a capitalised word no dictionary has, said as the whole of "I'm ...", is a name ("I'm Ingrid, I set you up")
    unusual = not ctx.lowercase and m.group(1) == "I am" and not is_common(obj.lower()) and obj.lower() not in _SIGNS
    if not (ctx.greeted or m.group("nice") or introduced or unusual):
        return []
    if obj[:1].islower():
        if not (ctx.lowercase and m.group("nice")) or obj in _NOT_GREETED_NAMES or obj in _NOT_NAMES:
            return []
        return [ctx.cand("name", obj, f"{{subject}}'s name is {obj}")]
    names = _names(obj)
    return [ctx.cand("name", names[0], f"{{subject}}'s name is {names[0]}")] if names == [obj] else []


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
    if _A_TIME_SAID.match(obj):
        return False
    if ctx.lowercase:
        place, _, town = obj.partition(" in ")  # "mount albert in auckland": a place in its town
        if town and len(town.split()) <= 2 and _proper_place(town, ctx):
            obj = place
        words = obj.lower().split()
        return (
            len(words) <= 3
            and words[0] not in {"a", "an", "the", "this", "that"}
            and obj.lower() not in _NOT_PLACES
            and words[0] not in _NOT_PLACES
            and " of " not in f" {obj} "
        )
    return any(w[:1].isupper() for w in obj.split())


# ("football has moved to Sunday mornings": a time, no place)
_A_TIME_SAID = re.compile(rf"(?:on |every )?(?:{WEEKDAY})s?\b|(?:the )?(?:morning|afternoon|evening|weekend)s?\b", re.I)


def _b_moved_to(m, ctx):
    """ "moved to Lyon" is a new home, "moved to Ericsson" a new job: said alike, told apart in formation (or by
    the sentence: "moved over to Pret, better hours")."""
    if re.search(
        r"\b(?:fibre|fiber|broadband|wifi|internet|energy|electric|telecom|mobile|insurance)\b(?: now)?(?:,.*)?$",
        m.group("obj"),
        re.I,
    ):
        return []  # "we have shifted to Airtel Xstream fibre now": a provider (slot_change.py), no home
    if _JOB_SAID.search(ctx.sentence):
        return [ctx.cand("works_at", c.object, f"{{subject}} works at {c.object}") for c in _b_lives_in(m, ctx)]
    if re.match(r"we\b", ctx.clause, re.I):
        return _b_lives_in(m, ctx)  # "we moved to Reading": a household moves home, not to an employer
    return [
        replace(c, or_else=("works_at", f"{{subject}} works at {c.object}")) if c.predicate == "lives_in" else c
        for c in _b_lives_in(m, ctx)
    ]


_JOB_SAID = re.compile(
    r"\b(?:better|more|less|fewer|longer|shorter|worse|the) (?:hours|pay|money|wages|shifts|rota|boss|manager)\b|"
    r"\b(?:pay rise|payrise|promotion|promoted)\b|"
    # "i've moved to TCS, whitefield office, this is my current job", "wipro didn't work out"
    r"\b(?:(?:this|that|it) is my (?:current |new )?job|my current job|didn't work out|did not work out|offer from|"
    r"joined|joining)\b|,\s*(?!(?:the|my|our|a|an)\b)[a-z]+ office\b",
    re.I,
)


# Where one lives said with the dwelling first: "in a little flat in Leith", "in a village just outside Kilkenny"
_DWELLING = re.compile(
    r"^(?:(?:on my own|alone|by myself|with \w+(?: \w+)?) )?(?:in )?(?:(?:an?|the|our|my) "
    r"(?:(?:little|small|tiny|big|lovely|nice|new|old|rented|shared|two-bed|one-bed|three-bed|terraced|"
    r"semi-detached|detached|council|top-floor|(?:one|two|three|four|five|\d)[- ](?:bed|bedroom|bedroomed)|"
    # "a third floor flat in lekki"
    r"(?:ground|first|second|third|fourth|fifth|sixth|top|\d+(?:st|nd|rd|th))[- ]floor) )*"
    r"(?P<home>flat|house|cottage|bungalow|terrace|semi|apartment|village|town|place|houseboat|maisonette|condo|"
    r"townhouse|duplex|"
    r"farmhouse|hamlet|care home|nursing home|retirement home|retirement flat|home)|(?P<kept>sheltered housing|"
    r"sheltered accommodation|assisted living|supported living|a home)) (?:just |right |up |down |over |out )?"
    r"(?P<rel>in|on|outside|near|by|off) (?=\S)",
    re.I,
)
# After the place, where in it: "Hebden Bridge up by the canal", "Exmouth, just down the coast"
_WHERE_IN_IT = re.compile(
    r",?\s+(?:just |right )?(?:up|down|over|out|round) (?:by|near|past|the|on|towards)\b.*$|,?\s+(?:near|next to|"
    r"by) the \w+.*$",
    re.I,
)


_FOR_YEARS = re.compile(
    r",?\s+(?:for )?(?:(?:the|these) (?:last|past) )?(?:about |nearly |almost |over |around )?(?:\d+|a|an|one|two|"
    r"three|four|five|six|seven|eight|"
    r"nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a few|a couple of) (?:years?|decades?)(?: now)?\b.*$",
    re.I,
)


def _b_lives_at(m, ctx):
    """ "we live on Alder Road in Otley": the street with its town."""
    # ("Victoria Island, Lagos": the area, then the town, each cleaned)
    street = _clean(m.group("street"))
    town = ", ".join(filter(None, (_clean(part) for part in (m.group("town") or "").split(", ")))) or ""
    numbered = "code" in m.re.groupindex
    if not street or not (town or numbered) or (town and not numbered and not _proper_place(town, ctx)):
        return []
    if numbered:  # as an address is written: "27 Kowhai Street, Hamilton East 3216"
        if ctx.about and re.match(r"(?-i:[A-Z])[\w']+(?: (?-i:[A-Z])[\w']+)? lives\b", ctx.sentence):
            return []  # a street address is a household's or a relative's; "Sherlock lives at 221B Baker Street"
        street, town = street.title(), town.title()
        if town.lower() in _NOT_PLACES or (town and is_common(town.split()[0].lower())):
            return []
    obj = ", ".join(filter(None, (street, " ".join(filter(None, (town, (m.groupdict().get("code") or "").upper()))))))
    c = ctx.cand("lives_in", obj, f"{{subject}} lives at {obj}")
    # "the new address is", "house is 14 adeola odeku street": the household's
    return [
        replace(c, subject=HOUSEHOLD) if re.match(r"the\b|new\b|(?:our |the )?(?:house|home)\b", m.group(), re.I) else c
    ]


def _before_another_clause(raw: str) -> str:
    """A place ends where another clause begins: "Luton and makes the best empanadas", "Truro and started at
    Brightwell" (not "Newcastle and Gateshead", nor "newcastle and gateshead" said in lower case)."""
    for m in re.finditer(r"\s+and\s+([a-z][\w'\-]*)", raw):
        if is_common(m.group(1)):
            return raw[: m.start()]
    return raw


_PLACE_THEN_MORE = re.compile(
    r"(?P<place>(?-i:[A-Z])[\w'\-]*(?:[ \-](?:(?-i:[A-Z])[\w'\-]*|upon|on|de|la|le|of|sur|am|an|by))*) "
    r"(?P<more>(?!(?:upon|on|de|la|le|of|sur|am|an|by)\b)(?-i:[a-z]).*)$"
)
_RAN_ON = (
    r"(?:moved|been|went|gone|cos|because|since|but|so|which|where|who|though|although|(?!called|named)[a-z]+ed)\b"
)


def _b_home_near(m, ctx):
    place = m.group("obj") or m.group("obj2")
    alone = m.group("obj") and not m.group("town") and m.end() == len(ctx.clause.rstrip(" .!"))
    if alone and not _MOVED_NOW.search(ctx.sentence):
        return []  # "we're in Braga" alone may be a visit; "we've moved, we're in Braga now" is home
    # "we're out in musselburgh now, 3 linkfield court": the address said after the town
    if at := re.search(
        rf"\b{re.escape(place)},? now,? (?P<street>\d+[a-z]? (?:[\w']+ ){{1,2}}{_STREET_WORD})\b", ctx.sentence, re.I
    ):
        place = f"{at.group('street').title()}, {place}"
    return [replace(ctx.cand("lives_in", place, f"{{subject}} lives in {place}"), subject=HOUSEHOLD)]


_MOVED_NOW = re.compile(
    r"\b(?:moved|flitted|relocated|moved house|bought (?:a|the) (?:house|place|flat))\b"
    r"(?!.*\b(?:holiday|visiting|trip)\b)",
    re.I,
)
_STREET_WORDS = (
    "road street avenue lane close drive way crescent grove place terrace gardens court rise hill row square walk mews "
    "park parade quay boulevard highway"
)
_STREET_WORD = f"(?:{'|'.join(_STREET_WORDS.split())})"
_STREET_NAMED = f"(?-i:{'|'.join(w.capitalize() for w in _STREET_WORDS.split())})"  # "Hazel Grove", as written


def _b_relative_now_in(m, ctx):
    if not ctx.about or not re.search(r"\bnow\b", ctx.sentence, re.I) or _A_STAY_SAID.search(ctx.sentence):
        return []
    return _b_lives_in(m, ctx)


_A_STAY_SAID = re.compile(
    r"\b(?:on holiday|visiting|on a trip|for the (?:week|weekend|day|night|summer)|this week|for work|till|until)\b",
    re.I,
)


# The town a place is by, said after it: "Ballincollig, just outside Cork", "Umhlanga, just up from Durban"
_BY_TOWN = re.compile(
    r"^[^,]*?(?-i:[A-Z])[\w'\-]*,?\s+(?:just |right )?(?:outside(?: of)?|up from|down from|on the outskirts of) "
    r"(?P<town>(?-i:[A-Z])[\w'\-]*(?: (?-i:[A-Z])[\w'\-]*)?)"
)


def _b_household_home(m, ctx):
    return [replace(c, subject=HOUSEHOLD) for c in _b_lives_in(m, ctx)]


_STAYING = re.compile(r"\b(?:staying|stay|stays|visiting)\b", re.I)


def _b_lives_in(m, ctx):
    raw, dwelling = re.sub(r",?\s+for good\b.*$", "", m.group("obj"), flags=re.I), None
    if d := _DWELLING.match(raw):
        raw = raw[d.end() :]
        if d.group("rel").lower() not in ("in", "on"):  # "a village just outside Kilkenny": where the village is
            dwelling = f"{d.group('home').lower()} {d.group('rel').lower()} "
        raw = re.sub(r"^the (?=\w+ of )", "", raw)  # "on the southside of Glasgow"
    raw = _FOR_YEARS.sub("", _WHERE_IN_IT.sub("", _before_another_clause(raw)))
    by_town = _BY_TOWN.search(raw)
    obj, hint = _time_split_then_clean(
        raw,
        extra_end="with|from|for|since|because|after|when|to|in order to|in (?:a|an|the|our|my)|on the|"
        # ("we stay in tampines hdb fifteenth floor lah": the kind of flat, after the place)
        "just (?:round|off|up|down|outside|by|near|past)|round (?:from|the corner)|hdb|condo|"
        # ("we live out in breaux bridge off the levee road": where the house is in it)
        "(?:up |down )?(?:off|near|past|behind|next to|opposite) (?:the|a)|"
        # ("we moved to Leeds as a family": how, not where)
        "as (?:a|an|the)",
    )
    if not obj or not (_proper_place(obj, ctx) or d and any(w[:1].isupper() for w in obj.split()[-2:])):
        return []
    if _STAYING.search(ctx.clause) and re.search(SHORT_STAY, ctx.clause, re.I):
        return []  # "mum is staying with us in Leeds till Sunday": a stay, not a home
    if (named := _PLACE_THEN_MORE.match(obj)) and re.match(_RAN_ON, named.group("more")):
        obj = named.group("place")  # "Dundee moved there for work": the place, then what a recogniser ran on
    if called := re.search(r"\bcalled ((?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?)$", obj):
        obj, dwelling = called.group(1), None  # "a little village just outside York called Haxby": Haxby
    if dwelling:
        obj = dwelling + obj
    elif by_town and by_town.group("town").lower() not in obj.lower():
        obj = f"{obj}, {by_town.group('town')}"  # "Ballincollig, just outside Cork": the place, in its town's
    home = [
        ctx.cand(
            "lives_in", obj, f"{{subject}} lives in {_article(obj) + ' ' if dwelling else ''}{obj}", time_hint=hint
        )
    ]
    if re.match(r"the new\b", m.group(), re.I):
        home = [replace(c, subject=HOUSEHOLD) for c in home]  # "the new house is in Syokimau": the household's
    kind = d and _HOME_KIND.search(d.group(0))
    return home + (_home_kind(kind, ctx) if kind else [])


# "a three bed semi", "a two-bedroom flat": what kind of home, for whoever comes or fixes it
_HOME_KIND = re.compile(
    r"\b(?P<n>one|two|three|four|five|six|\d)[- ]bed(?:room)?(?:ed)? (?P<kind>semi(?:-detached)?|terrace(?:d)?|"
    r"detached|bungalow|house|cottage|townhouse|flat|apartment|maisonette)\b",
    re.I,
)


def _b_shifts(m, ctx):
    said = m.group("obj").lower().removeprefix("the ")
    shifts = {"nights": "night shifts", "night": "night shifts", "lates": "late shifts", "earlies": "early shifts"}
    what = shifts.get(said, said if said.endswith("s") else f"{said}s")
    return [ctx.cand("routine", f"works {what}", f"{{subject}} works {what}")]


def _b_home_kind(m, ctx):
    kind = _HOME_KIND.match(m.group("obj"))
    return _home_kind(kind, ctx) if kind else []


def _home_kind(m: re.Match, ctx) -> list[Candidate]:
    obj = f"{m.group('n').lower()}-bed {m.group('kind').lower()}"
    c = ctx.cand("note", obj, f"{{subject}} lives in {_article(obj)} {obj}", qualifier="home")
    return [replace(c, subject=HOUSEHOLD) if re.match(r"(?:we|our|the)\b", ctx.clause, re.I) else c]


def _works_at(raw: str, ctx: _Ctx) -> list[Candidate]:
    # how and where about the workplace is not its name: "Deloitte mostly from home", "the depot out by the M62",
    # "Boots on Saturdays"
    said = raw
    raw = re.sub(
        rf"\s+(?:on (?:{WEEKDAY})s?|at (?:the )?weekends?|on (?:the )?weekends)(?: and (?:{WEEKDAY})s?)?\b.*$|"
        r"\s+(?:(?:mostly|usually|mainly|partly) )?(?:from home|remotely|part[- ]time|full[- ]time)\b.*$|"
        r"\s+(?:after|before) (?:school|work|college|uni|class|classes|lessons)\b.*$|"
        r"\s+(?:just )?(?:out|up|down|over) (?:by|near|past|towards|in|at)\b.*$|"
        # "Countdown on the checkouts": the part of the job, not of the name
        r"\s+on (?:the )?(?:checkouts?|tills?|shop floor|front desk|reception|phones|counter|deli|night shift|"
        r"nights|days|late shift|early shift|door|bar|wards?)\b.*$|"
        # "Tesco stacking shelves": what one does there
        r"\s+(?:stacking|serving|cleaning|washing|driving|packing|picking|selling|cooking|making|fixing|looking after|"
        # (not "juba teaching hospital": a kind of hospital)
        r"answering|delivering|running|managing|teaching(?! hospital)|doing)\b.*$",
        "",
        raw,
        flags=re.I,
    )
    raw = re.sub(r"\b(?:co op|coop|co-op)\b", "Co-op", raw, flags=re.I)  # the shop by its name, however written
    branch = re.sub(
        r"\s+(?:on|in|at|down|up|round|near) the (?:high street|town centre|city centre|retail park|corner|main road|"
        r"industrial estate|parade|precinct|bypass|island|mainland)\b.*$",
        "",
        raw,
        flags=re.I,
    )
    if branch != raw and re.match(r"(?:the )?(?-i:[A-Z])", raw):  # "the Boots on the high street": Boots
        raw = re.sub(r"^the (?=(?-i:[A-Z]))", "", branch)
    raw = re.sub(r"(?<=\w) here(?: in (?-i:[A-Z])[\w\-]+)?$", "", raw)  # "Infosys here in Pune": Infosys
    # "Access Bank on Victoria Island": a firm by its name, then where that branch is
    firm = r"(?-i:[A-Z])[\w&'\-]*(?: (?-i:[A-Z])[\w&'\-]*)+"
    raw = re.sub(rf"^(?P<firm>{firm}) on (?:the )?(?-i:[A-Z])[\w\-]+(?: [\w\-]+)?$", r"\g<firm>", raw)
    obj, hint = _time_split_then_clean(raw, extra_end="as|in|since|with|for")
    town = re.search(r"^[^,]*?\bin ((?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?)\b", said)
    # "the council in Limerick": the town's council, as it is called
    if (council := re.fullmatch(r"the (?:city |county |town |district )?council", obj or "", re.I)) and town:
        obj = f"{town.group(1)} {council.group()[4:].title()}"
    # "an NGO in Bujumbura", "a joinery firm in Morpeth": a workplace by its kind, known by its town too
    # ("royal university hospital", as a recogniser writes it: a place by its name and kind, not "the local bank")
    if (
        obj
        and ctx.lowercase
        and re.fullmatch(
            rf"(?!(?:the|a|an|local|big|small|new|old|private|public|district|general|main|head|regional|city|town|"
            rf"village|nearby)\b)[a-z][\w'\-]*(?: (?!(?:at|in|on|the|of|for|by|near)\b)[a-z][\w'\-]*){{0,3}} "
            rf"(?:{WORKPLACE_KIND})",
            obj,
            re.I,
        )
    ):
        obj = capitalised(obj)
    kind = obj and re.fullmatch(rf"(?:a|an) (?P<k>(?:[\w\-]+ ){{0,2}}?(?:{WORKPLACE_KIND}))", obj, re.I)
    if obj and town and (kind or not re.search(r"(?-i:[A-Z])", obj)) and obj.lower() not in ("home", "night"):
        obj = f"{kind.group('k') if kind else obj} in {town.group(1)}"  # "head office in Carrowmore": a place of
        # no name is known by its town
    if (
        not obj
        or obj.lower()
        in {
            "home",
            "night",
            "weekends",
            "the weekend",
            "a living",
            "the moment",
            "himself",
            "herself",
            "myself",
            "themselves",
            "ourselves",
            "yourself",
        }  # fmt: skip
        or obj[0].isdigit()
        or obj.split()[0].lower() in ("some", "a", "an", "one")  # "at some Italian place": no employer named
    ):
        return []
    named = re.sub(r"^the ", "", obj, flags=re.I)
    if _ON_THE_WARDS.search(ctx.clause) and not _KIND_OF_PLACE.search(obj) and not re.fullmatch(r"[A-Z]{2,6}", obj):
        obj = f"{obj} Hospital"  # "a nurse at Groote Schuur", "a doctor at St James's": the hospital, by its name
    obj = saint_capitalised(obj)
    # "Access Bank in Ikeja", "the Apollo in Chennai": a firm's branch is known by its town, as a letter to it is
    # addressed ("Access Bank, Ikeja"); not a place of no name ("the port in Durban")
    branch_town = re.match(rf"(?:the )?{re.escape(named)}(?: branch)? in {_TOWN}", said, re.I)
    if branch_town and re.match(r"(?-i:[A-Z])", named) and not re.fullmatch(WORKPLACE_KIND, named, re.I):
        obj = f"{re.sub(r'^the |(?: branch)$', '', obj, flags=re.I)}, {branch_town.group('town')}"
    return [ctx.cand("works_at", obj, f"{{subject}} works at {obj}", time_hint=hint), *_shifts_said(ctx)]


# The shifts worked, said with the workplace: "a nurse at Nobles, mostly on the night shift", "a call centre agent at
# BrightLine, on the graveyard shift"
_SHIFT_SAID = re.compile(
    r"\b(?:on (?:the )?)?(?P<k>night|late|early|graveyard|day|evening|morning|twilight|split) ?shifts?\b", re.I
)


def _shifts_said(ctx: _Ctx) -> list[Candidate]:
    said = _SHIFT_SAID.search(ctx.clause)
    if not said or re.search(r"\b(?:if|when|whenever|used to|not|no longer|any ?more)\b", ctx.clause, re.I):
        return []
    what = f"{said.group('k').lower()} shifts"
    return [ctx.cand("routine", f"works {what}", f"{{subject}} works {what}")]


# A town said after a workplace: its words capitalised, the small words of a town's name between them ("Dar es
# Salaam", "Stratford upon Avon"), not the speaker's "I" run on after it
_TOWN = (
    r"(?P<town>(?-i:[A-Z])[\w'\-]*(?:(?: (?:es|de|da|la|le|of|upon|on|sur))? (?!I\b)(?-i:[A-Z0-9])[\w'\-]*)*)"
    r"(?![\w'])"
)
# Who works on a hospital's wards (not a school's, a practice's or a GP's nurse)
_ON_THE_WARDS = re.compile(
    r"(?<!school )(?<!practice )(?<!dental )(?<!veterinary )(?<!vet )(?<!community )(?<!district )"
    r"(?<!agency )\b(?:nurse|doctor|midwife|surgeon|consultant|registrar|anaesthetist|radiographer|paediatrician|"
    r"junior doctor|house officer|ward sister|matron|porter)\b",
    re.I,
)
# A workplace said with what kind of place it is
_KIND_OF_PLACE = re.compile(
    r"\b(?:hospital|hospice|clinic|surgery|practice|centre|center|health|medical|medicine|infirmary|care|home|trust|"
    r"nhs|hse|pharmacy|chemist|ward|unit|school|college|university|academy|ltd|limited|group|agency|services?|"
    r"council|army|navy|police|prison|hotel|bank|airways|airlines|lab|laboratory|institute|foundation|"
    # ("the Royal" alone is the hospital said short; "the Royal Melbourne" is the Royal Melbourne Hospital)
    r"maternity|mater|rotunda|royal$)\b",
    re.I,
)


def _works_as(raw: str, ctx: _Ctx) -> list[Candidate]:
    raw = re.sub(rf"\s+(?:on|at) (?:nights|days|weekends|{WEEKDAY}s?)$|\s+(?:part|full)[- ]time$", "", raw, flags=re.I)
    obj, hint = _time_split_then_clean(raw, extra_end="at|for|in|since|with|by")
    if not obj:
        return []
    obj = re.sub(r"^(?:an?|the)\s+", "", obj, flags=re.I)
    # "a night shift security guard": when one works is no part of the job ("part-time" neither)
    obj = re.sub(
        r"^(?:(?:night|day|late|early|weekend)[- ]shift|part[- ]time|full[- ]time)\s+(?=\w)", "", obj, flags=re.I
    )
    if not obj or obj.split()[0].lower() in _BAD_OCC_MODIFIERS:
        return []
    return [ctx.cand("works_as", obj, f"{{subject}} works as {_article(obj)} {obj}", time_hint=hint)]


_DIGIT_WORD = "|".join(DIGIT_NAMES)


def _b_code(m, ctx):
    what = re.sub(r"wi-?fi", "wifi", m.group("what").lower())
    what = re.sub(r"^code for the (.+)$", r"\1 code", what)  # "the code for the garage" is the garage code
    what = re.sub(r"^(\w+) code for the (\w+)$", r"\2 \1 code", what)  # "gate code for the estate"
    if what == "password" and re.search(r"\bwi-?fi\b", ctx.sentence, re.I):
        what = "wifi password"  # "the wifi is called okaforhome and the password is lagos2019"
    obj = m.group("obj")
    if len(words := obj.lower().split()) >= 3 and all(w in DIGIT_NAMES for w in words):
        obj = spoken_digits(obj)  # "four nine one seven": 4917
    elif len(words) >= 3 and all(w in DIGIT_NAMES for w in words[1:]):
        obj = f"{obj.split()[0]}{spoken_digits(' '.join(obj.split()[1:]))}"  # "lagos two four six eight": lagos2468
    if re.search(r"\b(?:all )?one word\b|\bno spaces\b", m.group(0), re.I):
        obj = obj.replace(" ", "")  # "mango tree 47 all one word"
    if not re.search(r"wifi|door|alarm|key safe|gate|garage|bike|router|number", what) and not re.search(r"\d", obj):
        return []  # "the code is wrong": a code of no kind said needs its digits
    if re.search(r"post|eir|zip", what):
        obj = obj.upper()  # "bt7 1nm" as a recogniser writes it is BT7 1NM
    if key := m.group("key"):
        last = key.split()[-1].lower()
        obj += {"hash": "#", "pound": "#", "star": "*", "#": "#", "*": "*"}.get(last, f" then {last}")
    return [replace(ctx.cand("note", obj, f"{{subject}}'s {what} is {obj}", qualifier=what), subject=HOUSEHOLD)]


def _b_wifi_name(m, ctx):
    name, which = m.group("obj"), f"{m.group('which').lower()} " if m.group("which") else ""
    if all(is_common(w) for w in name.lower().split()) or len(name.split()) > 1 and re.search(r"\bis$", m.group(0)):
        return []  # "the wifi is down", "the wifi is really slow"
    if (network := re.sub(r"\s+(?:um+|uh+|er+m?)$", "", name, flags=re.I)).lower() in _CARRIER_NAMED and not which:
        return _provider(_CARRIER_NAMED[network.lower()], "wifi", ctx)  # "the wifi is digicel": whose network it is
    c = ctx.cand("note", name, f"{{subject}}'s {which}wifi is called {name}", qualifier=f"{which}wifi name")
    return [replace(c, subject=HOUSEHOLD)]


def _b_registration(m, ctx):
    said = m.group("obj")
    if not re.search(rf"\d|\b(?:{_DIGIT_WORD})\b", said, re.I) and len(said) > 4:
        return []  # "the reg is wrong": a registration has its digits, or is a few letters of one
    # digits said one by one run together, letters and what was written stay apart: "172 D 45821", "KDA 456 Y"
    groups: list[str] = []
    for w in said.split():
        spoken = w.lower() in DIGIT_NAMES
        token = DIGIT_NAMES[w.lower()] if spoken else w.upper()
        if groups and spoken and groups[-1].isdigit():
            groups[-1] += token
        else:
            groups.append(token)
    reg = " ".join(groups)
    part = f" {m.group('part').split()[0]}" if m.group("part") else ""
    thing = (m.group("what") or "car").lower()
    c = ctx.cand("note", f"{thing} reg{part} {reg}", f"{{subject}}'s {thing} registration{part} {reg}", thing + " reg")
    return [replace(c, subject=HOUSEHOLD)]


_SPORT = _alt(
    "football netball tennis golf cricket rugby badminton squash hockey basketball volleyball table tennis padel "
    "darts snooker pool bowls chess bridge".split()
)


def _b_sport(m, ctx):
    obj = m.group("obj").lower()
    return [ctx.cand("likes", obj, f"{{subject}} plays {obj}", "sport")]


def _b_partner(m, ctx):
    """ "I'm going out with Lorna", "I'm engaged to Catriona": one partner at a time (family_member "partner")."""
    said = r"\b(?:married to|engaged to|going out with)\b"
    if not ctx.about and not m.groupdict().get("someone") and not re.search(said, ctx.clause):
        return []  # the speaker's own: "I'm seeing Sam" may be anything from a date to a meeting
    name = m.group("obj")
    c = ctx.cand("family_member", name, f"{{subject}}'s partner is called {name}", "partner")
    return [replace(c, object_mention=Mention(name=name, relation="partner"))]


def _b_school(m, ctx):
    """ "Noah goes to St Aidan's Primary": one school at a time, the note of its kind ("school") superseded by the
    next."""
    school = m.group("obj")
    return [ctx.cand("note", school, f"{{subject}} goes to {school}", qualifier="school")]


# The household's providers: "our broadband is with Virgin Media", "we've switched the energy to EDF", "we've gone
# with Ovo for gas and electric now". One per service: the note of its kind, superseded by the next.
_SERVICES = {
    "broadband": "broadband",
    "internet": "broadband",
    "wifi": "broadband",
    "wi-fi": "broadband",
    "fibre": "broadband",  # "our home fibre is with Singtel"
    "fiber": "broadband",
    "home fibre": "broadband",
    "home fiber": "broadband",
    "home internet": "broadband",
    "home broadband": "broadband",
    "home wifi": "broadband",
    "energy": "energy",
    "gas": "energy",
    "electric": "energy",
    "electricity": "energy",
    "gas and electric": "energy",
    "gas and electricity": "energy",
    "gas and the electric": "energy",
    "gas and the electricity": "energy",
    "electric and gas": "energy",
    "power": "energy",
    "dual fuel": "energy",
    "light": "energy",  # ("light bill is JPS": the Caribbean's and West Africa's electricity)
    "light bill": "energy",
    "phone": "mobile",
    "phones": "mobile",
    "mobile": "mobile",
    "mobiles": "mobile",
    "landline": "landline",
    "tv": "TV",
    "telly": "TV",
    "insurance": "insurance",
    "car insurance": "car insurance",
    "home insurance": "home insurance",
    "house insurance": "home insurance",
    "contents insurance": "home insurance",
    "pet insurance": "pet insurance",
    "breakdown cover": "breakdown cover",
    "bank": "bank",
    "bank account": "bank",
    "mortgage": "mortgage",
    "water": "water",
    # the bin company, where a private one collects ("our bin collection is with greyhound")
    "bins": "bins",
    "bin collection": "bins",
    "bin company": "bins",
    "rubbish collection": "bins",
    "waste collection": "bins",
    "refuse collection": "bins",
}
_SERVICE = _alt(sorted(_SERVICES, key=len, reverse=True))
SERVICE_WORDS: dict[str, list[str]] = {}  # each service and the words it is said by
for _said, _service in _SERVICES.items():
    SERVICE_WORDS.setdefault(_service, []).append(_said)
_PROVIDER = r"(?-i:[A-Z][\w&'\-]*)(?: (?-i:[A-Z][\w&'\-]*)){0,3}"
# when a switch was made, said after it: "last month", "in the summer", "back in March"
_WHEN_SWITCHED = (
    rf"(?: (?:back )?(?:last (?:week|month|year|summer|spring|autumn|winter|weekend)|in the (?:summer|spring|autumn|"
    rf"winter|new year)|this (?:week|month|year)|(?:a|two|three|a few|a couple of) (?:weeks|months|years) ago|"
    rf"in {MONTH}))?"
)


# Phone networks by name, as they write themselves
_CARRIERS = [
    "Verizon", "AT&T", "T-Mobile", "Mint Mobile", "Cricket Wireless", "Cricket", "Visible", "Metro", "Vodafone",
    "EE", "O2", "Three",
    "giffgaff", "Tesco Mobile", "Sky Mobile", "Lebara", "Lyca", "Virgin Mobile", "iD Mobile", "Smarty", "Voxi",
    "Globe", "Smart", "DITO", "TM", "Safaricom", "Airtel", "MTN", "Glo", "9mobile", "Jio", "Vi", "BSNL", "Telstra",
    "Optus", "Spark", "One NZ", "2degrees", "Vodacom", "Cell C", "Telkom", "Digicel", "Flow", "Rogers", "Bell",
    "Telus", "Fido", "Koodo", "Freedom", "Eir", "Tesco", "Singtel", "StarHub", "M1", "Circles", "Circles Life",
    "Globe Telecom", "Smart Communications",
]  # fmt: skip
_CARRIER_NAMED = {c.lower(): c for c in _CARRIERS} | {"tmobile": "T-Mobile", "t mobile": "T-Mobile"}
CARRIER = "(?i:" + "|".join(re.escape(c) for c in sorted(_CARRIER_NAMED, key=len, reverse=True)) + r")\b"


# Names that are words too ("I'm on three", "it's three now"): a network only where the phone is said
_CARRIER_WORDS = {
    "three", "smart", "flow", "bell", "freedom", "glo", "vi", "tm", "metro", "cricket", "visible", "spark", "tesco",
    "globe", "ee", "fido", "one nz", "circles",
}  # fmt: skip
_PHONE_SAID = re.compile(
    r"\b(?:sims?|numbers?|phones?|mobiles?|network|ported|signal|plan|contract|postpaid|prepaid|bars)\b", re.I
)


_HOME_SERVICE_SAID = re.compile(
    r"\bfor (?:the |our )?(?:home )?(?:internet|broadband|fibre|fiber|wifi|wi-fi|tv)\b", re.I
)


def _b_carrier(m, ctx):
    org = _CARRIER_NAMED.get(m.group("org").lower(), m.group("org"))
    if org.lower() in _CARRIER_WORDS and not _PHONE_SAID.search(ctx.sentence):
        return []
    if _HOME_SERVICE_SAID.search(ctx.clause):
        return []  # "We switched to Safaricom for the internet": a network's home service, read as that service
    c = ctx.cand("note", org, f"{{subject}}'s mobile is with {org}", qualifier="mobile")
    return [replace(c, subject=HOUSEHOLD)] if re.match(r"(?:we|our)\b", ctx.clause, re.I) else [c]


def _b_provider(m, ctx):
    said = m.groupdict()
    service = said.get("svc") or said.get("svc2") or ""
    if not service and re.search(r"\bfrom (?-i:[A-Z])", ctx.clause) and re.match(r"(?:we|I)\b", ctx.clause, re.I):
        # "We switched from PLDT to Converge last week, so forget the old wifi details": the service said beside
        service = next(iter(_SERVICE_BESIDE.findall(ctx.sentence)), "")
    if service.lower() == "insurance" and said.get("whose"):
        # "the polo's insurance": a car's, said by its name ("the house's insurance": the home's)
        home = re.match(r"(?:house|home|flat|contents)'s", said["whose"], re.I)
        service = "home insurance" if home else "car insurance"
    return _provider(m.group("org"), service, ctx)


# The home's services, said beside a switch of provider: "... so forget the old wifi details"
_SERVICE_BESIDE = re.compile(
    rf"\b({_alt(w for w, svc in _SERVICES.items() if svc in ('broadband', 'energy', 'water', 'TV'))})\b", re.I
)


def _b_insured(m, ctx):
    """ "the polo is insured with outsurance", "the car's insured with Allianz now": the insurer of a thing."""
    org = m.group("org")
    if org.split()[0].lower() in ("a", "an", "the", "them", "it", "us") or org.islower() and not ctx.lowercase:
        return []
    home = m.group("thing").lower() in ("house", "home", "flat", "contents")
    return _provider(org, "home insurance" if home else "car insurance", ctx)


def _b_load_shedding(m, ctx):
    kind = (m.group("kind") or "").lower()
    if not kind and not re.fullmatch(r"\d+[a-z]?", m.group("n")):
        return []  # "our load shedding is terrible": no schedule named
    obj = f"load shedding {kind or 'group'} {m.group('n')}"
    return [replace(ctx.cand("note", obj, f"{{subject}} is in {obj}", qualifier="load shedding"), subject=HOUSEHOLD)]


def _b_floor(m, ctx):
    home = (m.group("home") or "flat").lower()
    obj = f"{m.group('floor').lower()}-floor {home}"
    if not re.fullmatch(rf"(?:{ORDINAL}|\d+(?:st|nd|rd|th)|top|ground|first|second)", m.group("floor"), re.I):
        return []
    c = ctx.cand("note", obj, f"{{subject}} lives in a {obj}", qualifier="floor")
    return [replace(c, subject=HOUSEHOLD) if re.match(r"we\b", ctx.clause, re.I) else c]


def _b_no_shoes(m, ctx):
    return [replace(ctx.cand("note", "no shoes in the house", "no shoes are worn in the house"), subject=HOUSEHOLD)]


def _b_key_holder(m, ctx):
    """ "Our neighbour Mrs Okafor has a spare key": who to ask when someone is locked out."""
    who = capitalised(m.group("who"))
    c = ctx.cand("note", f"spare key with {who}", f"{{subject}}'s spare key is with {who}", qualifier="spare key")
    return [replace(c, subject=HOUSEHOLD)]


def _b_two_providers(m, ctx):
    """ "We're with Octopus for electric and Virgin Media for broadband": a provider for each."""
    return _provider(m.group("org"), m.group("svc"), ctx) + _provider(m.group("org2"), m.group("svc3"), ctx)


def _provider(org: str, said: str, ctx) -> list[Candidate]:
    org = org.title() if org[:1].islower() else org  # ("electric Ireland", as a recogniser and truecasing write it)
    service = _SERVICES.get(said.lower())
    if service is None:
        return []  # "Ruairi switched to Ashby Vale Rovers": a switch, but of no service said
    c = ctx.cand("note", org, f"{{subject}}'s {service} is with {org}", qualifier=service)
    mine = re.match(r"(?:I|my)\b", ctx.clause, re.I) and service not in (
        "broadband",
        "energy",
        "water",
        "TV",
        "car insurance",
        "home insurance",
    )
    return [c if mine else replace(c, subject=HOUSEHOLD)]  # a household's service unless "my phone", "my bank"


def _b_services_with(m, ctx):
    org = m.group("org")
    if org.split()[0].lower() in ("a", "an", "the", "another", "some", "them", "it", "us", "me") or (
        org.islower() and not ctx.lowercase
    ):
        return []
    org = org.title() if org.islower() else org
    return _provider(org, m.group("svc"), ctx) + _provider(org, m.group("svc3"), ctx)


def _b_provider_said_low(m, ctx):
    """ "octopus energy" as the recogniser writes it: the provider's name in capitals."""
    if m.group("org").split()[0].lower() in ("a", "an", "the", "another", "some", "them", "it", "him", "her"):
        return []
    return [
        replace(c, object=c.object.title(), text=c.text.replace(c.object, c.object.title()))
        for c in _b_provider(m, ctx)
    ]


def _b_work_as(m, ctx):
    # "I work as a nurse at Santa Maria" also says where; the time phrase goes first so "for ten years" is not
    # read as an employer.
    raw, hint = _split_time(_OBJ_END.sub("", m.group("obj")))
    raw = re.sub(r"\s+(?:down|up|over|out|round)(?=\s+(?:at|in)\s)", "", raw)  # "a nurse up at the hospital"
    out = [replace(c, time_hint=c.time_hint or hint) for c in _works_as(raw, ctx)]
    home = []
    if out and (town := re.search(r"\sin ((?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?)$", raw)):
        out = [replace(out[0], text=f"{out[0].text} in {town.group(1)}")]  # "a plumber in Bootle": where, as said
        # ("My Tita Marites works as a caregiver in Toronto": the town one works in is where one lives, as for
        # "a midwife down in Cork")
        if _proper_place(town.group(1), ctx) and not _HOME_SAID.search(ctx.sentence):
            home = [ctx.cand("lives_in", town.group(1), f"{{subject}} lives in {town.group(1)}")]
    # ("Finance Manager for the whole region": what the role covers, no employer)
    org = re.search(r"\s(?:at|for)\s+(?!the (?:whole|entire)\b)(.+)$", raw, re.I)
    return out + (_works_at(org.group(1), ctx) if out and org else home)


def _b_work_at(m, ctx):
    raw, hint = _split_time(_OBJ_END.sub("", m.group("obj")))
    job = re.search(r"\sas\s+(.+)$", raw, re.I)
    if m.groupdict().get("started") and not job and _NOT_A_WORKPLACE.match(raw):
        return []  # "I started at uni", "I joined the gym": no employer
    out = [replace(c, time_hint=c.time_hint or hint) for c in _works_at(raw, ctx)]
    return out + (_works_as(job.group(1), ctx) if out and job else [])


# Where one starts or joins without working there.
_NOT_A_WORKPLACE = re.compile(
    r"^(?:the |a |an |my |our )?(?:new )?(?:school|uni|university|college|nursery|sixth form|primary|secondary|gym|"
    r"club|choir|team|class|course|band|group|church|library|pool|leisure centre|book club|weight ?watchers|"
    r"slimming world|work|office|nine|ten|eight|seven|six|\d)\b",
    re.I,
)
# When and where one works, said between "work" and "as": "I work nights as a porter", "from home as a bookkeeper"
_WORK_HOURS = (
    r"(?:nights|days|evenings|weekends|(?:(?:weekend|night|day|late|early|evening|morning) )?shifts|part[- ]time|"
    r"full[- ]time|from home|remotely|freelance|"
    r"(?:on )?(?:" + WEEKDAY + r")s?|mostly|mainly|now)"
)


def _b_runs_business(m, ctx):
    if m.group("obj").lower() in ("business", "company", "firm", "practice", "agency", "workshop", "studio"):
        return []  # "I run a business": of what, unsaid
    job = f"{m.group('obj').lower()} owner"
    return [ctx.cand("works_as", job, f"{{subject}} works as {_article(job)} {job}")]


def _b_drives_for_work(m, ctx):
    vehicle = {
        "cab": "taxi", "minicab": "taxi", "black cab": "taxi", "hgv": "HGV", "cng": "CNG", "taxis": "taxi",
        "buses": "bus", "lorries": "lorry", "trucks": "truck",
    }.get(m.group("obj").lower())  # fmt: skip
    job = f"{vehicle or m.group('obj').lower()} driver"
    if re.match(r"we\b", m.group(), re.I):
        return []  # "we drive a bus around europe": a trip, no one's job
    return [ctx.cand("works_as", job, f"{{subject}} works as {_article(job)} {job}")]


def _b_occupation(m, ctx):
    # "I'm a nurse", "I'm a software engineer at Siemens": the head noun must be a known occupation, and after
    # it only "at/for <org>" or a boundary may follow.
    mods, rest = (m.group("mods") or "").split(), m.group("rest") or ""
    if any(w.lower() in _BAD_OCC_MODIFIERS for w in mods):
        return []
    if m.groupdict().get("perfect") and not re.search(
        r"\b(?:for|since) (?:about |around |nearly |over )?\w+ "
        r"(?:years?|months?|decades?)\b|\bsince \d{4}\b",
        rest,
        re.I,
    ):
        return []  # "I've been a nurse" may be over; "for twelve years now" or "since 2010" is not
    rest = re.sub(r"^\s*and\b.*$", "", _OBJ_END.sub("", rest)).strip()  # "a nurse and a mother of two"
    rest, hint = _split_time(rest)
    rest = re.sub(r"^(?:up|down|over|out) (?=(?:at|in)\b)", "", rest, flags=re.I)  # "up at the golf club"
    rest = re.sub(r"^there(?: now)?$", "", rest, flags=re.I)  # "a shift supervisor there now": where said before
    town = (
        r"(?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?" if not ctx.lowercase else r"[A-Za-z][\w\-]+(?: [A-Za-z][\w\-]+)?"
    )
    # "a midwife down in Cork", "a plumber over in Swindon": the town one works in is where one lives
    # (not beside another home said, nor where an employer named after it is: "a chef in Leeds at the Olive Tree")
    lives = None
    # ("a fisherman out of newlyn mostly crab and lobster pots": where one works from, then what one does)
    based = re.match(r"(?:out of|based (?:in|at|out of)) ", rest, re.I)  # (where one works from, not one's home)
    rest = "in " + rest[based.end() :] if based else rest
    if place := re.match(rf"^(?:(?:up |down |over |out )?(?:in|near) )({town})(?=\s+(?:at|for|with)\b|$)\s*", rest) or (
        re.match(rf"^in ({town})(?=\s+(?:mostly|mainly|usually|doing)\b)", rest)
    ):
        town_said, rest = place.group(1), rest[place.end() :]
        rest = re.sub(r"^\s*(?:mostly|mainly|usually|doing)\b.*$", "", rest)
        if not rest and not based and _proper_place(town_said, ctx) and not is_common(town_said.split()[0].lower()):
            lives = None if _HOME_SAID.search(ctx.sentence) else town_said
    rest = re.sub(
        r"^(at|for) (?:a|an|the) (?:place|company|firm|restaurant|shop|pub|cafe|café|hotel|business|garage|salon|"
        r"school|practice|surgery) called ",
        r"\1 ",
        rest,
        flags=re.I,
    )
    org = re.match(r"^(?:at|for|with)\s+(.+)$", rest, re.I)
    if rest and not org:
        return []
    job = " ".join(mods + [m.group("occ")])
    out = [replace(c, time_hint=c.time_hint or hint) for c in _works_as(job, ctx)]
    home = [ctx.cand("lives_in", lives, f"{{subject}} lives in {lives}")] if out and lives else []
    return out + (_works_at(org.group(1), ctx) if out and org else []) + home


_LEFT_JOB = re.compile(
    r"\b(?:(?:am|is|are) not|no longer) (?:working )?(?:at|with|for) (?-i:[A-Z])[\w&'\-]*(?: [\w&'\-]+){0,3}?"
    r"(?: (?:anymore|any more)|(?=,? (?:I|she|he) ))"
    # "I work at Boots, well I did, I'm at Superdrug now": the job taken back as said
    r"|\bworks? (?:at|for) (?-i:[A-Z])[\w&'\-]*(?: [\w&'\-]+){0,3}?,? well,? (?:(?:I|she|he) )?(?:did|used to)\b",
    re.I,
)


def _b_now_at(m, ctx):
    """ "I'm not at Bosch anymore, I'm at Siemens now": beside a left employer, "at" names the new one; "Sara is
    at Vodafone now" alone does when the model reads the name as an employer (not "at Grandma's now")."""
    # beside a left employer, or with work said ("third firm in two years"): the name is where one works
    left = bool(
        _LEFT_JOB.search(normalise(ctx.sentence))
        or _AT_WORK_SAID.search(ctx.sentence)
        or _A_JOB_SAID.search(ctx.sentence)  # "a pharmacist, she's at the Boots in the town centre"
    )
    if not left and not _NOW_SAID.search(ctx.sentence):
        return []
    raw = _strip_trailing(_OBJ_END.sub("", m.group("obj")))
    raw = re.sub(r"\s+(?:in|on) the [a-z]+(?: [a-z]+)?(?: now)?$", "", raw)  # "in the food hall": where inside
    raw = re.sub(r"^the (?=(?-i:[A-Z]))", "", raw)  # "the Boots in the town centre"
    # "the Amazon warehouse in Dunstable": a firm's site, and the town it is in
    raw = re.sub(r"(?<=\w) in (?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?$", "", raw)
    if not re.fullmatch(
        r"(?-i:[A-Z])[\w&'\-]*(?: (?:(?-i:[A-Z])[\w&'\-]*|and|&)){0,4}"
        r"(?: (?:warehouse|depot|distribution centre|head office|plant|factory|store|site|office|branch))?",
        raw,
    ):
        return []
    return [c if left else replace(c, employer_only=True) for c in _works_at(raw, ctx)]


def _b_in_now(m, ctx):
    """Being somewhere beside a move is living there; a place with no name ("in bed", "in the car") is not."""
    if not _MOVED_SAID.search(ctx.sentence):  # "we're in Braga now" alone may be a visit
        return []
    words = re.sub(r"^(?:the|a|an|my|our)\s+", "", m.group("obj").strip(), flags=re.I).split()
    if not words or all(is_common(w.lower()) for w in words) or words[0].lower() in _NOT_A_HOME:
        return []
    return _b_lives_in(m, ctx)


_MOVED_SAID = re.compile(
    r"\b(?:moved|move house|moving house|moving again|relocated|new house|new place|new flat|packed out|moved out|"
    r"(?:bought|got|found) (?:a|her|his|their|our|my) (?:own )?(?:place|house|flat|home|apartment))\b",
    re.I,
)
# Where one is for a while, never where one lives: "in hospital now", "in Spain now (on holiday)"
_NOT_A_HOME = {"hospital", "bed", "work", "school", "town", "trouble", "charge", "love", "pain", "labour", "london"}


def _b_manages(m, ctx):
    words = re.sub(r"^the ", "", m.group("obj"), flags=re.I).split()
    if all(is_common(w.lower()) for w in words):
        return []  # "running late", "managing the kids": no place by name
    out = _works_at(m.group("obj"), ctx)
    return out + _works_as("manager", ctx) if out and re.search(r"\bmanaging\b", ctx.clause, re.I) else out


_LEFT_SAID = re.compile(
    r"\b(?:left|quit|packed in|handed in (?:my|his|her) notice|jacked in|finished at|changed jobs|new job)\b", re.I
)


def _b_gone_to_after_leaving(m, ctx):
    if not _LEFT_SAID.search(ctx.sentence):
        return []  # "we've gone to Spain": only beside a job left is it where one works
    words = re.sub(r"^the ", "", m.group("obj"), flags=re.I).split()
    if all(is_common(w.lower()) for w in words) and not re.search(r"\bin (?-i:[A-Z])", m.group("obj")):
        return []  # "gone to the pub": a place of no name
    return _works_at(m.group("obj"), ctx)


_A_JOB_SAID = re.compile(rf"\b(?:is|am|'s|'m) an? (?:[a-z\-]+ )?(?:{OCC}),? (?:she|he|I)(?:'s| is|'m| am) at\b", re.I)
_NOW_SAID = re.compile(r"\b(?:now|these days|nowadays)\b", re.I)
_AT_WORK_SAID = re.compile(
    r"\b(?:firm|firms|company|companies|job|jobs|employer|workplace)\b|\bbeen there (?:\w+ )?(?:years?|since)\b"
    r"|\b(?:moved|came) (?:over |across )?from (?-i:[A-Z])",  # "I'm at Deloitte now, moved over from KPMG"
    re.I,
)


_YEAR_TAUGHT = re.compile(
    # ("p5", "year two"; not "physics": a subject)
    r"(?:year|grade|class|form|standard|primary|p|jss|ss)(?: ?\d+| \w+)|reception|nursery|infants|juniors|"
    r"kindergarten|"
    r"(?:first|second|third|fourth|fifth|sixth|\w+) (?:class|grade)",
    re.I,
)
_SCHOOL_TAUGHT = re.compile(
    r"(?:(?:\w+ )?(?:class|classes|year|years|grade|form|infants|juniors|reception|nursery|kindergarten)(?: \w+)?? )?"
    r"(?:at|in) (?:a|an|the|our) "
    r"(?:local )?"
    r"(?P<kind>primary|secondary|high|national|comprehensive|grammar|special needs|special|nursery|infant|junior|"
    r"middle|elementary) school(?: (?:(?:out |up |down |over )?in|near|outside) [A-Za-z][\w'\-]+"
    r"(?: [A-Za-z][\w'\-]+)?)?",  # (where it is)
    re.I,
)


def _teacher(m, ctx):
    """ "she teaches yoga", "I teach maths at Hillcrest": a subject taught is a teacher of it."""
    raw = _OBJ_END.sub("", m.group("obj"))
    raw, hint = _split_time(raw)

    def teacher(role: str) -> list[Candidate]:
        return [replace(c, time_hint=c.time_hint or hint) for c in _works_as(role, ctx)]

    if school := _SCHOOL_TAUGHT.fullmatch(raw.strip()):
        # "I teach third class in a national school", "I teach at a secondary school": a teacher of that school
        kind = {"national": "primary", "elementary": "primary"}.get(school.group("kind").lower(), school.group("kind"))
        return teacher(f"{kind.lower()} school teacher")
    # "I teach chemistry at a secondary school in Huye": a school by its kind, and the town it is in
    if unnamed := _A_SCHOOL_IN.search(raw):
        what = raw[: unnamed.start()].strip().lower()
        town = unnamed.group("town")
        school = unnamed.group("school").lower() + (f" in {capitalised(town)}" if town else "")
        what = "" if _YEAR_TAUGHT.fullmatch(what) else what  # ("teaches year two at a school in enfield")
        if re.fullmatch(r"(?:[a-z]+(?: [a-z]+)?)?", what) and not set(what.split()) & _NOT_TAUGHT:
            taught = teacher(f"{what} teacher".strip())
            return taught + (_works_at(school, ctx) if taught else [])
    raw = re.sub(r"\s+(?:part[- ]time|full[- ]time|privately|online|on the side)\b", "", raw, flags=re.I)
    org = re.search(r"\s(?:(?:out |up |down |over )?(?P<prep>at|in|for))\s+(?P<org>(?-i:[A-Z]).+)$", raw)
    what = (raw[: org.start()] if org else raw).strip().lower()
    # "I teach Cornish at the community centre in Redruth": where, a place of no name, left to the sentence
    what = re.sub(r"\s+(?:at|in) (?:the|a|an) [a-z][\w' ]*$", "", what)
    if org and org.group("prep").lower() == "in" and not re.search(SCHOOL, org.group("org")):
        org = None  # "I teach primary out in Galway": where, a town, no school named
    if (kind := what.removesuffix(" school")) in ("primary", "secondary", "infants", "juniors"):
        # "I teach primary", "i teach primary school": a primary school teacher
        return teacher(f"{kind} school teacher")
    if org and _YEAR_TAUGHT.fullmatch(what):
        # "I teach Year 4 at Ysgol y Wern": a class taught, at a school by its name
        return teacher("teacher") + _works_at(org.group("org"), ctx)
    if (level := re.match(r"(?:year|grade|form|class|standard|primary|p|jss|ss) ?\w+ (?=[a-z])", what)) and (
        re.fullmatch(r"[a-z]+(?: [a-z]+)?", what[level.end() :])
    ):
        what = what[level.end() :]  # "I teach Form 3 maths at Azania Secondary": the subject, taught to a class
    if not re.fullmatch(r"[a-z]+(?: [a-z]+)?", what) or set(what.split()) & _NOT_TAUGHT:
        return []
    what = what.title() if what in _LANGUAGES else what  # "a Welsh teacher", as a language is written
    out = teacher(f"{what} teacher")
    return out + (_works_at(org.group("org"), ctx) if out and org else [])


_A_SCHOOL_IN = re.compile(
    r"\s(?:at|in) (?:a|an|the) (?P<school>(?:[a-z']+ ){0,2}(?:school|college))"
    r"(?: (?:in|at) (?P<town>[A-Za-z][\w\-]*(?: [A-Za-z][\w\-]*)?))?$"
)
_HOME_SAID = re.compile(r"\b(?:live|lives|lived|living|stay|stays|staying|moved|based)\b", re.I)


def _b_unlisted_role(m, ctx):
    """A role the list lacks is a job only with an employer named ("a claims handler at Aviva", not "a sucker for
    a good western")."""
    out = _b_occupation(m, ctx)
    ranked = set((m.group("mods") or "").lower().split()) & _RANKS  # "the head roaster", "a senior analyst"
    # "a logistics coordinator", "a payroll administrator": a field, then a word that is only ever a job
    office = m.group("occ").lower() in _OFFICE_ROLES and bool((m.group("mods") or "").strip())
    return out if ranked or office or any(c.predicate in ("works_at", "lives_in") for c in out) else []


_OFFICE_ROLES = frozenset(
    "coordinator administrator supervisor technician analyst consultant specialist executive advisor adviser "
    "officer controller inspector planner strategist auditor underwriter recruiter buyer merchandiser".split()
)


_RANKS = set("head senior junior deputy assistant chief lead trainee principal shift staff duty".split())


# Said "a X at Y" without being employed as X: a member, a regular, a patient.
_NOT_A_ROLE = _alt(
    "member regular volunteer student pupil patient customer client fan guest friend parent resident tenant visitor "
    "junior senior sophomore freshman fresher "
    "supporter subscriber user beginner learner owner shareholder governor trustee runner swimmer player singer "
    "dancer walker rider climber golfer cyclist lover other mother father brother sister daughter grandmother "
    "grandfather partner neighbour neighbor number sucker stickler winner loser believer foreigner stranger newcomer "
    "prisoner passenger commuter expert master".split()
)
_TRADE_OF = {
    "plumbing": "plumber",
    "carpentry": "carpenter",
    "joinery": "joiner",
    "hairdressing": "hairdresser",
    "engineering": "engineer",
    "electrics": "electrician",
    "bricklaying": "bricklayer",
}


def _b_apprentice(m, ctx):
    rest = _OBJ_END.sub("", m.group("rest")).strip()
    org = re.match(r"^(?:at|with|for) (.+)$", rest, re.I)
    if rest and not org:
        return []
    if not m.group("obj"):
        return _works_at(org.group(1), ctx) if org else []  # "an apprenticeship with BAE": where, not as what
    trade = m.group("obj").lower()
    trade = _TRADE_OF.get(trade, trade)
    out = _works_as(f"apprentice {trade}", ctx)
    return out + (_works_at(org.group(1), ctx) if out and org else [])


_NOT_TAUGHT = set(
    "part-time full-time online privately part full time home them him her it me us you people kids children "
    "classes class lessons school at a the to how what that this there here sometimes now again".split()
)


def _diet_candidate(obj: str, ctx: _Ctx, text: str | None = None) -> Candidate:
    if (plan := _DIET_PLANS.get(obj.lower())) is not None:  # a plan one does, by its own name
        return ctx.cand("diet", plan, text or f"{{subject}} is doing {plan}")
    obj = obj.lower().replace(" ", "-").replace("pescetarian", "pescatarian")
    obj = {"teetotaller": "teetotal", "teetotaler": "teetotal", "mediterranean": "Mediterranean"}.get(obj, obj)
    if obj in ("vegetarian", "veggie") and _EATS_FISH_TOO.search(ctx.sentence):
        obj = "pescatarian"  # "sam is vegetarian but eats fish now and then"
    if text is None:
        text = f"{{subject}} is {obj}" if obj in _DIET_IS else f"{{subject}} follows {_article(obj)} {obj} diet"
    return ctx.cand("diet", obj, text)


_DIET_PLANS = {
    "intermittent fasting": "intermittent fasting",
    "5:2": "the 5:2 diet",
    "slimming world": "Slimming World",
    "weight watchers": "Weight Watchers",
    "atkins": "the Atkins diet",
}


_AT_HOME = re.compile(r"^\s*(?:in (?:this|our|the) (?:house|household|family|home)|at home|here)\b", re.I)
# Why or since when one keeps a diet does not change it: "vegetarian since university", "gluten-free for medical
# reasons", "vegan on the doctor's advice".
_LEFT_OUT = r"(?:eggs|meat|fish|dairy|cheese|milk|onion|garlic|honey)"  # what a diet is said to leave out
_DIET_TAIL = re.compile(
    r"^\s*,?\s*(?:(?:ever )?since (?!I (?:stopped|gave up|quit))[\w' ]+|for (?:[a-z]+ ){0,2}reasons"
    r"|on (?:the |my )?(?:doctor's |medical |GP's )?(?:orders|advice)|for (?:my|his|her|their) health"
    # "vegetarian, no eggs even": what it leaves out
    # ("vegan like proper vegan no honey no nothing": each thing it leaves out)
    rf"|no {_LEFT_OUT}(?: (?:even|either|at all|or [a-z]+))?(?: no (?:{_LEFT_OUT}|nothing))*"
    r"|\d{1,2}(?: |:|/|-)\d{1,2})\b",  # "intermittent fasting 16 8": its hours
    re.I,
)


def _b_diet(m, ctx):
    tail = _AT_HOME.sub("", ctx.clause[m.end() :])
    tail = _DIET_TAIL.sub("", tail)
    # "I'm vegetarian and gluten-free": two diets of two kinds
    also = re.match(rf"^,? (?:and|&) (?:(?:I am|I'm|am) )?(?P<d>{DIET})\b", tail, re.I)
    if also:
        tail = tail[also.end() :]
    if not _ends_clause(tail):
        return []
    return [_diet_candidate(m.group("obj"), ctx)] + ([_diet_candidate(also.group("d"), ctx)] if also else [])


def _b_named_diet(m, ctx):
    # ("a no sugar diet": what it leaves out)
    obj = m.group("obj").lower() if m.group("obj").lower().startswith("no ") else f"{m.group('obj').lower()} diet"
    if m.group("obj").lower() in _NOT_DIETS:
        return []
    return [ctx.cand("diet", obj, f"{{subject}} is on {_article(obj)} {obj}")]


_NOT_DIETS = {"strict", "special", "new", "proper", "crash", "bit", "bit of", "bit of a", "good", "bad", "healthy"}


def _b_not_eating(m, ctx):
    tail = ctx.clause[m.end() :]
    if not _ends_clause(tail):
        return []
    food = m.group("obj").lower()
    if food == "meat" and _FISH_EATEN.search(ctx.sentence):  # "I don't eat meat but I do eat fish": no vegetarian
        return [_diet_candidate("pescatarian", ctx, "{subject} does not eat meat but eats fish")]
    return [_diet_candidate(_DIET_FROM_NOT_EATING[food], ctx, f"{{subject}} does not eat {food}")]


_FISH_EATEN = re.compile(
    r"\b(?:but|though|except)\b.*\b(?:(?:eat|eats|have|has) (?:fish|seafood)|(?:fish|seafood) (?:is|are) "
    r"(?:fine|ok|okay|alright)|pescatarian)\b",
    re.I,
)


# ("... though I'll have fish if we're out": now and then, still vegetarian)
_EATS_FISH_TOO = re.compile(r"\bbut (?:\w+ )?(?:eats?|does eat|do eat) (?:fish|seafood)\b", re.I)


_NOT_FOODS = set(
    "much out a lot anything enough properly well late early after before at until till there here that it them "
    "this those these meals meal breakfast lunch dinner tea supper".split()
)


def _b_does_not_eat(m, ctx):
    food = m.group("obj").lower()
    if set(food.split()) & _NOT_FOODS or food.split()[0] in _FUNCTION_WORDS.split():
        return []
    verb = "drink" if m.group("verb").lower() == "drink" else "eat"
    if m.group("neg").lower() == "cannot":  # "I can't eat onions, they make me ill": kept from their plate
        if m.group("verb").lower() == "have" and food.split()[-1] not in _FOOD_WORDS:
            return []  # "I can't have kids", "can't have visitors"
        if _MEDICINE_SAID.search(ctx.sentence):
            # "Nana Joyce can't have grapefruit because of her blood pressure tablets": kept off their plate for
            # what they take, no allergy
            why = _MEDICINE_SAID.search(ctx.sentence).group()
            why = re.sub(r"^(?:because of|cos of|due to|with|on|for) (?:his|her|their|my|the) ", "", why, flags=re.I)
            what = f"can't {m.group('verb').lower()} {food} ({why.lower()})"
            return [ctx.cand("note", what, f"{{subject}} {what}")]
        # what one cannot eat is kept off their plate as an allergy is ("my wife can't eat shellfish, she swells up")
        return [ctx.cand("allergy", food, f"{{subject}} cannot {verb} {food}")]
    if m.group("verb").lower() == "have":
        return []
    if verb == "eat" and re.fullmatch(_KEPT_OFF, food):
        # "Henrike doesn't eat pork": a food kept off, a diet of its own kind (it replaces no way of eating)
        return [ctx.cand("diet", f"no {food}", f"{{subject}} does not eat {food}")]
    return [ctx.cand("note", f"does not {verb} {food}", f"{{subject}} does not {verb} {food}")]


# The foods whose leaving out is a diet: each its own ("no pork" is no vegetarian, nor replaces one)
_KEPT_OFF = r"pork|beef|red meat|fish|seafood|shellfish|chicken|mutton|lamb|goat|eggs|prawns|white meat"


_MEDICINE_SAID = re.compile(
    r"\b(?:(?:because of|cos of|due to|with|for) (?:his|her|their|my|the) )?(?:(?:blood pressure|heart|sugar|diabetes|"
    r"kidney|thyroid) )?(?:warfarin|tablets?|medication|meds|pills|statins?|blood thinners?|blood pressure|kidneys|"
    r"dialysis)\b",
    re.I,
)


# What one "can't have" that is food or drink.
_FOOD_WORDS = set(
    "dairy gluten wheat nuts peanuts eggs egg milk cheese fish shellfish pork beef meat chicken lamb sugar salt "
    "caffeine coffee tea alcohol wine beer chocolate grapefruit onions onion garlic mushrooms tomatoes soya soy "
    "sesame mustard celery spice spicy chilli chillies citrus oranges strawberries bread pasta rice lactose fruit "
    "seafood prawns crab mussels avocado kiwi bananas".split()
)


# Languages by name: "I speak Dutch and a little Italian", "Gran only speaks Polish", "Welsh is my first language".
_LANGUAGES = frozenset(
    "english welsh gaelic irish scots cornish french spanish catalan basque galician portuguese italian german dutch "
    "flemish danish swedish norwegian finnish icelandic polish czech slovak slovenian hungarian romanian bulgarian "
    "greek turkish kurdish russian ukrainian belarusian serbian croatian bosnian albanian macedonian lithuanian "
    "latvian "
    "estonian georgian armenian arabic hebrew yiddish farsi persian dari pashto urdu hindi punjabi gujarati bengali "
    "tamil telugu malayalam kannada marathi nepali sinhala mandarin cantonese chinese japanese korean vietnamese thai "
    "khmer burmese tagalog filipino indonesian malay swahili yoruba igbo hausa amharic tigrinya somali zulu xhosa "
    "afrikaans twi shona patois creole latin esperanto bsl makaton maltese luxembourgish faroese breton manx "
    "lingala wolof oromo tibetan mongolian uzbek kazakh azerbaijani malagasy fijian samoan tongan maori hawaiian "
    "isizulu isixhosa sesotho sotho setswana tswana sepedi xitsonga tshivenda isindebele siswati ndebele kinyarwanda "
    "luganda chichewa bemba sindhi konkani odia oriya assamese tulu hokkien hakka teochew shanghainese taiwanese "
    "ilonggo hiligaynon bisaya visayan waray kapampangan pidgin krio fante ewe ga efik ibibio tiv kikuyu luo "
    "sylheti mirpuri pahari pothwari saraiki bhojpuri kashmiri "
    "lao hmong cebuano ilocano tetum quechua guarani nahuatl inuktitut cree ojibwe navajo scottish gaelic "
    "sign language asl "
    # West, East and Southern Africa's, the Pacific's, the Indian Ocean's and the Caribbean's
    "kpelle bassa mende temne limba vai kru grebo loma kissi mandinka fula fulani serer jola bambara dioula "
    "oshiwambo otjiherero herero nama silozi lozi nyanja kaonde lunda luvale tumbuka chewa kirundi runyankole "
    "lusoga acholi kamba kalenjin luhya kiswahili sheng dhivehi tamazight berber bislama pijin chamorro "
    "rarotongan niuean seselwa morisyen kreol llanito tonga "
    # (more of East Africa's, Mozambique's, Borneo's, Nigeria's and Ghana's, and the Pacific's small nations')
    "dholuo kikamba meru kisii ekegusii maasai turkana embu taita giriama mijikenda ateso lugbara lango alur "
    "runyoro rutooro sena ndau makhuwa macua shangaan changana ronga chopi venda kadazandusun kadazan dusun iban "
    "bidayuh tausug bajau murut chavacano berom idoma igala nupe kanuri urhobo edo ijaw itsekiri dagbani dagaare "
    "nzema gurune kusaal kiribati gilbertese tuvaluan nauruan palauan chuukese marshallese pohnpeian yapese "
    "kosraean shetlandic doric".split()
) | {"te reo māori", "tok pisin", "hiri motu", "cook islands maori"}
_LANGUAGE_WRITTEN = {"bsl": "BSL", "asl": "ASL", "te reo māori": "te reo Māori", "kiswahili": "Swahili"}
_HOW_WELL = re.compile(
    r"^(?:and |also |plus )?(?:a (?:little bit of|bit of|little|bit|small)|a few words of|some|basic|bits of|fluent|"
    # ("yoruba and small hausa": a little, as Nigeria and Kenya say it)
    r"small small|small|conversational|decent|"
    r"good|very good|perfect|broken|schoolboy|schoolgirl|pretty good|ok|okay)\s+",
    re.I,
)


_HOW_WELL_AFTER = re.compile(r"\s+(?:well well|small small|well|fluently|a bit|a little|so-so|badly)$", re.I)


# A language with when or to whom it is spoken: "English at work", "Welsh when she is cross", "Afrikaans mostly"
_LANGUAGE_WHERE = re.compile(
    r"(?P<lang>[A-Za-z]+(?: [A-Za-z]+)?) (?:(?:with|to|at|when|in|on|for|around) .+|the rest of the time|"
    r"most of the time|mostly|"
    r"mainly|really|only|mostly at home)",
    re.I,
)


def _b_speaks(m, ctx):
    """The languages named, each as said ("a little Italian" is Italian); nothing unless each item is one."""
    said = _languages_listed(m.group("obj"))
    raw = _OBJ_END.sub("", said)
    listed = re.split(r",\s*(?:and |or )?", said)
    spoken = list(itertools.takewhile(lambda said: _is_language(said.strip(" ,.!")), listed))
    if len(spoken) > 1:  # "Hindi, Marathi and English, but ...": a list said with commas
        raw = ", ".join(spoken)
    raw = re.sub(
        r"\s+(?:on|with|through|via|using|at|in|from) (?:an? |the )?(?:duolingo|app|apps|side|"
        r"(?:evening|night|weekend|online) "
        r"classes?|classes|lessons|night school|school|college|uni|university|work|nursery|the moment|the minute|"
        r"(?-i:[A-Z])[\w\-]*)\b.*$"
        # "Japanese for work", "korean like from watching kdramas": why or how it is learnt
        r"|\s+(?:for (?:work|school|fun|my job|his job|her job|uni|college|the \w+|a \w+)|(?:like )?from watching|"
        r"because|cos|so (?:I|he|she|we|they))\b.*$",
        "",
        raw,
        flags=re.I,
    )  # "Irish on Duolingo": how it is learnt
    # "a bit of Ilocano from my lola": who it was learnt from
    raw = re.sub(r"\s+(?:from|off) (?:my|his|her|our|their) [\w\-']+(?: side)?\b.*$", "", raw, flags=re.I)
    raw = re.sub(
        r"\s+(?:fluently|well|a bit|a little|too|also|of course|as well|at home|with \w+(?:(?! and ).)*|"
        r"(?:but )?not (?:much|very well|well|"
        r"brilliantly|great|fluently)|badly|(?:really |pretty )?(?:badly|rusty))$",
        "",
        raw.strip(),
        flags=re.I,
    )
    # "afrikaans her english isnt great": another clause run on (not "Gujarati with my parents")
    raw = re.sub(
        r"(?<!\bwith)(?<!\bto)(?<!\bat)(?<!\bfor)(?<!\bin)(?<!\bon)\s+(?:her|his|my|their|our|cos|coz|innit)\b.*$",
        "",
        raw,
        flags=re.I,
    )
    out = []
    for item in _split_list(raw):
        word = _HOW_WELL.sub("", item.strip()).strip(" .")
        word = _HOW_WELL_AFTER.sub("", word)  # "yoruba well well and igbo small small"
        said = None if m.groupdict().get("learning") else _LANGUAGE_WHERE.fullmatch(word)  # learnt: a note, as said
        if said and _one_language(said.group("lang")):
            word = said.group("lang")  # "Gujarati with my parents and English at work": each with where it is
        word = re.sub(r"^te reo(?: m[aā]ori)?$", "te reo Māori", word, flags=re.I)
        if not _one_language(word):
            return []
        lang = _LANGUAGE_WRITTEN.get(word.lower()) or " ".join(w.capitalize() for w in word.split())
        if m.groupdict().get("learning"):  # "I'm learning Japanese": a language of theirs, said as learnt
            out.append(ctx.cand("speaks", lang, f"{{subject}} is learning {lang}", "learning"))
        else:
            out.append(ctx.cand("speaks", lang, f"{{subject}} speaks {lang}"))
    return out


def _languages_listed(said: str) -> str:
    """ "zulu xhosa and english", as a recogniser writes a list: a comma between two languages said side by side."""
    words = said.split(" ")
    for i in range(len(words) - 1):
        first, second = words[i].lower(), words[i + 1].strip(",.").lower()
        # (not one language said in two words: "Scottish Gaelic", "Brazilian Portuguese")
        if first in _LANGUAGES and second in _LANGUAGES and second not in ("gaelic", "portuguese", "sign", "creole"):
            words[i] += ","
    return " ".join(words)


def _is_language(said: str) -> bool:
    """ "Marathi", "a little Tagalog", "Hindi and English": languages, each item of the list."""
    items = [_HOW_WELL.sub("", item.strip()).strip(" .") for item in _split_list(said)]
    return bool(items) and all(_one_language(item) for item in items)


def _one_language(said: str) -> bool:
    # ("Scottish Gaelic": a language said in two words, each one too)
    return said.lower() in _LANGUAGES or len(said.split()) == 2 and set(said.lower().split()) <= _LANGUAGES


def _b_native_speaker(m, ctx):
    lang = m.group("obj") or m.group("obj2")
    if lang.lower() not in _LANGUAGES:
        return []
    lang = _LANGUAGE_WRITTEN.get(lang.lower()) or lang.capitalize()
    return [ctx.cand("speaks", lang, f"{{subject}} speaks {lang}")]


def _b_age(m, ctx):
    """ "I'm 42", "she's six", "Admiral is about forty years old": one age at a time (the note of its kind)."""
    unit = (m.group("unit") or m.groupdict().get("unit2") or "years").lower()
    n = m.group("n").lower()
    n = str(_two_digits(n) or n)  # "thirty five" is 35, as an age is written
    unit = unit.rstrip("s") if n in ("1", "one") else unit if unit.endswith("s") else unit + "s"
    about = f"{m.group('about').strip()} " if m.group("about") else ""
    age = f"{about}{n}{' and a half' if m.group('half') else ''} {unit} old"
    if m.group("will") or m.group("soon"):  # "Tane's birthday is in September, he'll be five": the age to come
        age = f"turning {n}" + (f" {m.group('soon')}" if m.group("soon") else "")
    return [ctx.cand("note", age, f"{{subject}} is {age}", qualifier="age")]


# What runs on after the allergens in speech: "peanuts like proper allergic epipen allergic", "penicillin in case
# anything ever happens", "shellfish the whole lot", "penicillin just so you know"
_ALLERGY_RUN_ON = re.compile(
    r"\s+(?:(?:\w+ )?allergic\b|in case\b|just\b|the whole lot\b|epi-?pens?\b|found\b|ever since\b|since\b).*$", re.I
)


def _b_allergic(m, ctx):
    raw = _ALLERGY_RUN_ON.sub("", _OBJ_END.sub("", m.group("obj")))
    raw, hint = _split_time(raw)
    out = []
    for item in _split_list(raw):
        obj = _clean(item)
        # (not "allergic to Mondays", "to work": a joke)
        if obj and obj.lower() not in {"anything", "everything", "nothing", "stuff", "things"} | _JOKED_ALLERGIES:
            out.append(ctx.cand("allergy", obj, f"{{subject}} is allergic to {obj}", time_hint=hint))
    return out


_HOW_BAD = frozenset("got a an some severe serious mild bad slight terrible nasty really life-threatening food".split())


def _b_allergy_noun(m, ctx):
    if not _ends_clause(ctx.clause[m.end() :]):
        return []
    obj = _clean(m.group("obj"))
    if not obj or len(obj.split()) > 3 or set(obj.lower().split()) <= _HOW_BAD:
        return []  # ("my son's got a severe allergy": how bad, no allergen)
    kind = m.group("kind").lower()
    qualifier = "intolerance" if kind.startswith("intoleran") else None
    noun = "intolerance" if qualifier else "allergy"
    text = f"{{subject}} has {_article(obj)} {obj} {noun}"
    if _COUNTED.fullmatch(obj):  # "a peanut allergy" is an allergy to peanuts, as the allergen is named
        obj = _plural(obj)
    return [ctx.cand("allergy", obj, text, qualifier)]


def _b_house_allergy(m, ctx):
    return [replace(c, subject=HOUSEHOLD) for c in _b_allergy_noun(m, replace(ctx, clause=m.group()))]


# Allergens counted one by one, named in the plural ("allergic to peanuts"), in the singular before "allergy"
_COUNTED = re.compile(
    r"(?:tree )?nut|peanut|(?:bee|wasp|insect) sting|cashew|almond|walnut|hazelnut|pistachio|pecan|prawn|shrimp|"
    r"strawberr(?:y)|raspberr(?:y)|tomato|mushroom|sesame seed",
    re.I,
)


def _b_intolerant(m, ctx):
    if not _ends_clause(ctx.clause[m.end() :]):
        return []
    obj = m.group("obj").lower()
    return [ctx.cand("allergy", obj, f"{{subject}} is {obj} intolerant", "intolerance")]


# Health conditions a carer or a cook should know of, each a note ("has asthma"); several may hold at once.
_CONDITIONS = (
    "type 1 diabetes|type 2 diabetes|type one diabetes|type two diabetes|diabetes|asthma|epilepsy|eczema|psoriasis|"
    "rheumatoid arthritis|arthritis|osteoarthritis|high blood pressure|low blood pressure|high cholesterol|"
    "an? (?:heart|thyroid|kidney|lung|liver|skin|bowel) (?:condition|problem)|heart disease|heart failure|"
    "kidney disease|angina|copd|ibs|crohn's(?: disease)?|crohns(?: disease)?|colitis|ulcerative colitis|"
    "migraines?|adhd|autism|dyslexia|dyspraxia|dementia|alzheimer's|alzheimers|parkinson's|parkinsons|"
    "multiple sclerosis|ms|me/cfs|chronic fatigue(?: syndrome)?|fibromyalgia|sickle cell(?: disease| anaemia)?|"
    "a pacemaker|hearing aids?|tinnitus|sleep apnoea|sleep apnea|glaucoma|cataracts|macular degeneration|"
    "osteoporosis|gout|lupus|long covid|an underactive thyroid|an overactive thyroid|hypothyroidism|anaemia|anemia|"
    "a bad back|a bad knee|a bad hip|a dodgy knee|a dodgy hip|a dodgy back|hay ?fever|endometriosis|pcos|"
    "anxiety|depression|ocd|ptsd|bipolar(?: disorder)?|cystic fibrosis|haemophilia|hemophilia|cerebral palsy|"
    "down's syndrome|down syndrome|spina bifida|a stoma|a colostomy"
)
_CONDITION = rf"(?:{_CONDITIONS})"
_CONDITION_OF = {
    "diabetic": "diabetes",
    "asthmatic": "asthma",
    "epileptic": "epilepsy",
    "autistic": "autism",
    "dyslexic": "dyslexia",
    "dyspraxic": "dyspraxia",
    "anaemic": "anaemia",
    "anemic": "anaemia",
    "type 1 diabetic": "type 1 diabetes",
    "type 2 diabetic": "type 2 diabetes",
    "type one diabetic": "type 1 diabetes",
    "type two diabetic": "type 2 diabetes",
}
_SHOUTED = {"copd", "ibs", "adhd", "ms", "me/cfs", "ocd", "ptsd", "pcos"}


def _b_aid(m, ctx):
    aid = re.sub(r"^(?:an? )", "", m.group("obj").lower()).replace("epi-pen", "epipen").replace("epipen", "EpiPen")
    verb = "carries" if m.group("verb").lower().startswith("carr") else "uses"
    obj = f"{verb} {_article(aid)} {aid}" if not aid.endswith("s") and aid not in ("oxygen",) else f"{verb} {aid}"
    return [ctx.cand("note", obj, f"{{subject}} {obj}")]


def _b_had(m, ctx):
    obj = f"had {m.group('obj').lower()}"
    return [ctx.cand("note", obj, f"{{subject}} {obj}")]


def _b_expecting(m, ctx):
    what = (m.group("what") or "a baby").lower()
    obj = f"expecting {what}" + (f" in {m.group('when').capitalize()}" if m.group("when") else "")
    return [ctx.cand("note", obj, f"{{subject}} is {obj}")]


def _b_condition(m, ctx):
    said = re.sub(r"\s+", " ", m.group("obj").lower())
    said = re.sub(r"\btype (one|two)\b", lambda t: "type " + {"one": "1", "two": "2"}[t.group(1)], said)
    if said in _CONDITION_OF:  # "I'm diabetic": as said
        return [ctx.cand("note", said, f"{{subject}} is {said}")]
    said = (
        said.upper()
        if said in _SHOUTED
        else re.sub(r"\b(crohn|alzheimer|parkinson|down)", lambda t: t.group(1).capitalize(), said)
    )
    stage = (m.groupdict().get("stage") or "").lower().replace(" ", "-")
    if stage in ("early-stage", "late-stage", "advanced", "vascular", "early-onset"):
        said = f"{stage} {said}"  # "early-stage dementia": how far along is part of what a carer needs to know
    return [ctx.cand("note", f"has {said}", f"{{subject}} has {said}")]


_NOT_LEARNT = set("a lot loads so much more about fast quickly slowly well hard way from it".split())


def _b_learning(m, ctx):
    what = m.group("obj").lower()
    if what in _NOT_LEARNT or what.split()[0] in _NOT_LEARNT or what.split()[-1] in ("lot", "bit", "things", "way"):
        return []  # ("learning a lot", "learning the hard way")
    return [ctx.cand("note", f"learning {what}", f"{{subject}} is learning {what}")]


_PLACES_OF = {
    "gp practice": "GP surgery",
    "gp surgery": "GP surgery",
    "doctors surgery": "GP surgery",
    "doctor's surgery": "GP surgery",
    "doctors' surgery": "GP surgery",
    "surgery": "GP surgery",
    "health centre": "GP surgery",
    "dental practice": "dentist",
    "dentist's": "dentist",
    "dentists": "dentist",
    "vets": "vet",
    "vet's": "vet",
    "local hospital": "hospital",
    "letting agency": "letting agent",
}


def _b_household_named(m, ctx):
    what, org = m.group("what").lower(), m.group("org")
    what = _PLACES_OF.get(what, what)
    c = ctx.cand("note", f"{what} is {org}", f"{{subject}}'s {what} is {org}", qualifier=what)
    return [replace(c, subject=HOUSEHOLD)]


def _b_letting(m, ctx):
    org = m.group("org")
    c = ctx.cand(
        "note", f"rented through {org}", f"{{subject}}'s home is rented through {org}", qualifier="letting agent"
    )
    return [replace(c, subject=HOUSEHOLD)]


def _b_gym(m, ctx):
    gym = re.sub(r"^the ", "", m.group("obj"), flags=re.I)
    gym = capitalised(gym, keep=("in", "at", "on"))
    return [ctx.cand("note", gym, f"{{subject}} goes to {gym}", qualifier="gym")]


def _b_role_held(m, ctx):
    what = f"{m.group('role').lower()} of {m.group('org')}"
    return [ctx.cand("note", what, f"{{subject}} is {_article(what)} {what}", qualifier=m.group("role").lower())]


def _b_member(m, ctx):
    org = m.group("org")
    return [ctx.cand("note", f"member of {org}", f"{{subject}} is a member of {org}")]


def _b_club(m, ctx):
    club = m.group("org")
    return [ctx.cand("note", club, f"{{subject}} plays for {club}", qualifier="club")]


def _b_runs(m, ctx):
    org = m.group("obj")
    where = f" in {m.group('town')}" if m.group("town") else ""
    kind = (m.group("mods") or "") + m.group("kind").lower()
    return [
        ctx.cand("works_at", org, f"{{subject}} works at {org}"),
        ctx.cand("note", f"runs {_article(kind)} {kind}{where}", f"{{subject}} runs {_article(kind)} {kind}{where}"),
    ]


def _b_training(m, ctx):
    what = f"training to be {_article(m.group('obj'))} {m.group('obj')}"
    out = [ctx.cand("note", what, f"{{subject}} is {what}")]
    if m.group("school"):
        school = m.group("school")
        out.append(ctx.cand("note", school, f"{{subject}} goes to {school}", qualifier="school"))
    return out


def _b_as_said(m, ctx):
    said = re.sub(r"\s+", " ", m.group("obj").lower())
    return [ctx.cand("note", said, f"{{subject}} is {said}")]


def _b_medicine(m, ctx):
    med = m.group("med").lower()
    med = {"hrt": "HRT"}.get(med, med)
    return [ctx.cand("note", f"takes {med}", f"{{subject}} takes {med}")]  # one of several: no slot


def _b_carries(m, ctx):
    verb = m.group("verb").lower()
    verb = {"have": "has", "have got": "has", "carry": "carries"}.get(verb, verb if verb.endswith("s") else verb + "s")
    thing = re.sub(r"\bepi-?pen\b", "EpiPen", m.group("obj"), flags=re.I)
    return [ctx.cand("note", f"{verb} {thing}", f"{{subject}} {verb} {thing}")]


def _b_volunteers(m, ctx):
    verb = m.group("verb").lower()
    verb = verb if verb.endswith("s") else verb + "s"
    what = f"{verb} {m.group('prep').lower()} {m.group('obj')}"
    return [ctx.cand("note", what, f"{{subject}} {what}")]


def _b_coeliac(m, ctx):
    if not _ends_clause(ctx.clause[m.end() :]):
        return []
    # what a coeliac keeps to: a gluten-free diet, beside any other diet (facts.diet_family); and gluten kept off
    # their plate as an allergen is (the sets since 50 say both, 24 to 2)
    return [
        ctx.cand("diet", "gluten-free", "{subject} has coeliac disease: gluten-free", "coeliac"),
        ctx.cand("allergy", "gluten", "{subject} has coeliac disease: no gluten", "coeliac"),
    ]


def _rel(word: str) -> str:
    word = word.lower()
    word = _SINGULAR_OF.get(word, word)
    return "child" if word == "kid" else word


def _family(name: str, rel: str, ctx: _Ctx, adj: str | None = None) -> Candidate | None:
    if name.lower() in _NOT_NAMES:
        return None
    qualifier = f"{adj.lower()} {_rel(rel)}" if adj else _rel(rel)
    if qualifier in _HIRED_HELP:  # "our childminder's called Agnieszka": the name of who minds the kids, no relative
        c = ctx.cand("name", name, f"{{subject}} is called {name}")
        return replace(c, subject=Mention(relation=qualifier), object_mention=Mention(name=name, relation=qualifier))
    return ctx.cand("family_member", name, f"{{subject}}'s {qualifier} is called {name}", qualifier)


# Who lives or works in the household for a time: a role that ends ("Tomasz moved out", "Danuta has retired").
HOUSEHOLD_ROLES = frozenset(_HIRED_HELP | {"lodger", "flatmate", "housemate", "tutor", "piano teacher"})
_NEW_ROLE = _alt(sorted(HOUSEHOLD_ROLES))


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
    title = _TITLE.match(raw.strip())
    lead = re.match(NAMES, _TITLE.sub("", raw.strip()))
    if lead:
        names = _names(lead.group())
        # "Mrs Green": a title with one surname is how the person is named
        if title and len(names) == 1 and " " not in names[0]:
            return [f"{title.group().strip().rstrip('.').capitalize()} {names[0]}"]
        return names
    if ctx.lowercase:
        obj = _clean(raw.split()[0]) if raw.split() else None
        return [obj[:1].upper() + obj[1:]] if obj else []  # "called mark": a name, written as one
    return []


def _b_family_named(m, ctx):
    rel = m.group("rel")
    names = _explicit_name(m.group("obj"), ctx) if "obj" in m.groupdict() else []
    return [c for n in names if (c := _family(n, rel, ctx, m.groupdict().get("adj")))]


_EACH_ONE = {"twin girls": "daughter", "twin boys": "son", "twins": "twin", "kids": "child", "children": "child",
             "girls": "daughter", "daughters": "daughter", "boys": "son", "sons": "son"}  # fmt: skip


def _b_family_each(m, ctx):
    rel = _EACH_ONE[m.group("rel").lower()]
    return [c for n in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("obj")) if (c := _family(n, rel, ctx, None))]


# People named by how the speaker knows them, not kin: "my best friend is called Saoirse", "my teacher is Mr Brennan".
_NOT_KIN = [
    "best friend",
    "best mate",
    "friend",
    "teacher",
    "form teacher",
    "neighbour",
    "neighbor",
    "boss",
    "colleague",
    "flatmate",
    "housemate",
    "roommate",
    *sorted(_HIRED_HELP),
    "godmother",
    "godfather",
    "godson",
    "goddaughter",
    "tutor",
    "piano teacher",
    "coach",
    "manager",
    "landlord",
    "landlady",
    "lodger",
]
_KNOWN = f"(?:{REL}|{_alt(_NOT_KIN)})"
_NATIONALITY = re.compile(r"[A-Z][a-z]+(?:ian|ese|ish|ean|i)", re.I)


_AN_AGE = re.compile(
    r"(?:\d+|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)(?:[ \-]\w+)?|one|two|three|four|five|"
    r"six|"
    r"seven|eight|nine|ten|eleven|twelve|[a-z]+teen)",
    re.I,
)


def _b_family_is(m, ctx):
    # "my sister is Maria" / "Maria is my sister": the name must be capitalised and end the clause.
    if not _ends_clause(ctx.clause[m.end() :]):
        return []
    if m.group("rel").lower() in _NOT_KIN and _NATIONALITY.fullmatch(m.group("obj")):
        return []  # "my friend is Hungarian"
    if _AN_AGE.fullmatch(m.group("obj")):
        return []  # "my grandad is ninety-two": his age
    name = m.group("obj")
    if " " in name and name.split()[0].lower() in KIN_WORDS | KIN_NAMES_TOO:
        name = name.split(" ", 1)[1]  # "Tito Boy is my uncle": Boy, called by the title one calls him
    c = _family(name, m.group("rel"), ctx, m.groupdict().get("adj"))
    return [c] if c else []


def _b_have(m, ctx):
    # "I have two kids, Ana and Rui", "we have a dog called Rex and a cat called Luna", "we have a dog".
    rest, out = m.group("rest"), []
    item = re.compile(
        rf"\b(?P<num>{NUM})\s+(?:(?P<adj0>[a-z\-]+)\s+)??(?:(?P<adj>[a-z\-]+)\s+)??(?P<kind>{REL}|{PET})\b"
        rf"(?:(?:\s+(?:as well|too|also))?\s*,?\s*(?:called|named)\s+|\s*[,:]\s*|\s+)?(?P<names>{NAMES})?",
        re.I,
    )
    named_pet_end = -1
    for it in item.finditer(rest):
        kind, names = it.group("kind"), it.group("names")
        is_pet = re.fullmatch(PET, kind, re.I) is not None
        adj = it.group("adj")
        breed = kind.lower() in SPECIES and SPECIES[kind.lower()] != kind.lower()
        if breed and not names and re.fullmatch(r"\s*,\s*", rest[named_pet_end : it.start()]):
            continue  # "a dog called Biscuit, a golden retriever": what the pet just named is
        if is_pet and names:
            named_pet_end = it.end()
        if it.group("adj0") and not is_pet:
            continue  # two words before kin are no relation said ("two lovely little girls" is read below)
        if names:
            names_found = _names(names)
            if is_pet:
                out += [c for n in names_found if (c := _pet(n, kind, ctx))]
            elif adj is None or re.fullmatch(REL_ADJ, adj, re.I):
                out += [c for n in names_found if (c := _family(n, kind, ctx, adj))]
        elif ctx.lowercase and (said_names := _lower_names(rest[it.end("kind") :], it.group("num"), is_pet)):
            # "we've got two goldfish salt and pepper", "a cat called biscuit": names with no capital
            if is_pet:
                out += [c for n in said_names if (c := _pet(n, kind, ctx))]
            elif adj is None or re.fullmatch(REL_ADJ, adj, re.I):
                out += [c for n in said_names if (c := _family(n, kind, ctx, adj))]
        elif is_pet and ctx.lowercase and (said := _LOWER_PET_NAME.match(rest[it.end("kind") :])):
            word = said.group("name")  # "we've got a cat, biscuit, and ...": set off by commas, a name
            if word not in _NOT_PET_NAMES and not _NEGATION.search(word) and (c := _pet(word.capitalize(), kind, ctx)):
                out.append(c)
        elif is_pet and (adj is None or adj.lower() in _PET_ADJ) and it.group("adj0") is None:
            after = rest[it.end("kind") :]
            if re.match(r"\s*(?:$|,|\band\b|\bat home\b|\btoo\b|\bas well\b)", after, re.I):
                out.append(_pet(None, kind, ctx, it.group("num")))
    return out


# "we got a new puppy": words before a pet that say nothing of which one it is
_PET_ADJ = frozenset("new little baby rescue second young tiny lovely gorgeous beautiful cute fluffy".split())
_LOWER_PET_NAME = re.compile(r"\s*,\s*(?P<name>[a-z][a-z\-]{1,20})\s*(?:,|$)")
_LOWER_CALLED = re.compile(
    r"\s*,?\s*(?P<called>(?:called|named)\s+)?(?P<list>[a-z][a-z\-]+(?:(?:,\s*|,?\s+and\s+)[a-z][a-z\-]+)*)"
)
_COUNT = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}


def _lower_names(after: str, num: str, is_pet: bool) -> list[str]:
    """In lower-case text, the names after "called", or (of pets) a list of as many words as were counted at the
    end of the clause: "two goldfish salt and pepper". Capitalised; none when a word cannot be a name."""
    m = _LOWER_CALLED.match(after)
    # "a lodger called tomasz in the spare room": after "called", where they are may follow the name
    ends = (
        r"\s*(?:$|,|\.)|\s+(?:in|at|on|from|who|with|upstairs|downstairs)\b"
        if m and m.group("called")
        else r"\s*(?:$|,|\.)"
    )
    if not m or not re.match(ends, after[m.end() :]):
        return []
    words = re.split(r",\s*|,?\s+and\s+", m.group("list"))
    if not m.group("called") and not (is_pet and len(words) == _COUNT.get(num.lower(), 0) > 1):
        return []
    if any(w in _NOT_PET_NAMES - _FOOD_NAMES or _NEGATION.search(w) for w in words):
        return []
    return [w.capitalize() for w in words]


# Words people name pets after: not names in general, but after "called" or a counted list they are.
_FOOD_NAMES = set("salt pepper biscuit cookie muffin toffee fudge honey ginger pickle peanut bean".split())
_NOT_PET_NAMES = (
    set(_FUNCTION_WORDS.split())
    | set(_MORE_WORDS.split())
    | set("black white grey gray brown ginger tortoiseshell tabby old young little big small tiny huge".split())
    | set("rescue rescued lovely gorgeous mad crazy naughty lazy fat".split())
)


def _b_pet_named(m, ctx):
    return [c for n in _explicit_name(m.group("obj"), ctx) if (c := _pet(n, m.group("kind"), ctx))]


def _b_pet_is(m, ctx):
    """ "Biscuit is our springer spaniel": "our" is the household's."""
    found = [
        replace(
            c,
            object_mention=Mention(
                name=c.object,
                relation=SPECIES.get(c.qualifier, c.qualifier),
                kind="pet",
                shared=m.group("whose").lower() == "our",
            ),
        )
        for c in _b_pet_named(m, ctx)
    ]
    return [replace(c, subject=HOUSEHOLD) for c in found] if m.group("whose").lower() == "our" else found


def _b_the_pet_named(m, ctx):
    """ "the hamster's called Noodle": the household's pet, said as "the" one."""
    if ctx.about:
        return []
    return [replace(c, subject=HOUSEHOLD) for c in _b_pet_named(m, ctx)]


def _b_the_pets_are(m, ctx):
    """ "the cats are Mango and Pepper": names, not a breed or where they come from ("the cat is Persian")."""
    names = re.split(r",? and |, ", m.group("obj"))
    if any(n.lower() in _PET_SINGULAR.values() or _NATIONALITY.fullmatch(n) for n in names):
        return []
    return _b_the_pet_named(m, ctx)


def _like_text(verb: str, obj: str, infinitive: bool) -> str:
    verb = re.sub(r"\s+", " ", verb.strip().lower())
    if be := re.match(r"(?:am|are) (?:(?:all|both) )?", verb):  # "we're all big fans of": "{subject} is a big fan of"
        said = re.sub(r"^(?:an? )?((?:big |huge |massive )?)fans? of$", r"a \1fan of", verb[be.end() :])
        return f"{{subject}} is {said} {'to ' if infinitive else ''}{obj}"
    return f"{{subject}} {_third_person(verb)} {'to ' if infinitive else ''}{obj}"


_OWNABLE = re.compile(
    r"(?:car|van|truck|mini|beetle|jeep|land rover|range rover|"
    r"pickup|motorbike|motorcycle|scooter|bike|bicycle|e-bike|boat|caravan|camper|campervan|"
    r"motorhome|tractor|piano|bass guitar|guitar|bass|ukulele|saxophone|trumpet|clarinet|flute|harp|accordion|"
    r"violin|cello|drum kit|keyboard|laptop|tablet|smartphone|smart tv|tv|television|"
    r"games console|console|dishwasher|tumble dryer|dryer|washing machine|air fryer|coffee machine|thermomix|"
    r"hot tub|trampoline|greenhouse|shed|garage|garden|allotment|holiday home|beach house|cottage|flat|house|"
    r"chest freezer|freezer|lawnmower|lawn mower|barbecue|bbq|pressure washer|generator|sewing machine|chainsaw|"
    r"ladder|wheelbarrow|log burner|wood burner|pool table|snooker table|treadmill|exercise bike|rowing machine|"
    r"telescope|thermostat|smart thermostat|doorbell|video doorbell|security camera|camera|smart speaker|speaker|"
    r"router|water purifier|purifier|ro purifier|water filter|inverter|fridge freezer|fridge|microwave|oven|"
    r"robot vacuum|vacuum|hoover|water tank|borehole|solar geyser|geyser|air conditioner|aircon|dehumidifier|"
    # what heats and cools the house: "a heat pump in the living room and a wood stove in the kitchen"
    r"heat pump|wood stove|stove|furnace|boiler|split aircon|split type aircon|air con|ceiling fan|"
    r"rainwater tank|septic tank|oil tank|gas cylinder|"
    # ("a panasonic rice cooker", "a solar water heater on the roof")
    r"rice cooker|slow cooker|pressure cooker|water heater|solar water heater)",
    re.I,
)
_NOT_OWNED = {
    "phd",
    "mba",
    "msc",
    "ba",
    "bsc",
    "masters",
    "zoom",
    "teams",
    "skype",
    "covid",
    "uber",
    "lot",
    "bit",
    "bargain",
}
_PREPOSITION = re.compile(r"\b(?:on|in|at|for|with|of|to|from|by|about|lot|bit)\b", re.I)
_UPPER = "A-ZÀ-ÖØ-ÞŠŽČĆŁŚŹŻ"  # a capital, as a make or a name may begin ("Škoda")
_BRAND = re.compile(rf"(?-i:[{_UPPER}][\w\-]+|i[A-Z][a-z]+)(?: (?-i:[{_UPPER}0-9][\w\-]*)){{0,2}}")  # ("Citroën")


_BOILER_MAKES = re.compile(
    r"(?:worcester|bosch|vaillant|baxi|ideal|glow-worm|glowworm|viessmann|potterton|alpha|intergas|ariston|navien|"
    r"rinnai|rheem|ferroli|grant|firebird|valliant)\b",
    re.I,
)


# The house's kit whose make is said only by a known one ("the thermostat is a nightmare")
_KIT_BY_MAKE = re.compile(r"thermostat|inverter|doorbell|heat pump|generator|alarm|battery")
# Makes of the house's kit that are common words or said in lower case ("a nest one", "a sunsynk")
_HOME_KIT_MAKES = re.compile(
    r"(?:nest|hive|ring|tado|sunsynk|growatt|victron|ecobee|honeywell|arlo|eufy|deye|luxpower|daikin|mitsubishi)",
    re.I,
)


def _house_has(obj: str, ctx: _Ctx) -> list[Candidate]:
    """A thing of the house, said by what it is ("the boiler's a Vaillant", "the generator is diesel")."""
    return [replace(ctx.cand("owns", obj, f"{{subject}} has a {obj}"), subject=HOUSEHOLD)]


def _b_boiler_make(m, ctx):
    if any(is_common(w.lower()) for w in m.group("make").split()) or (
        ctx.lowercase and not _BOILER_MAKES.match(m.group("make"))
    ):
        return []  # "the boiler is a nightmare", said in lower case: no make
    obj = f"{m.group('make')} boiler"
    return _house_has(obj, ctx)


# What a thing of the house is called as a judgement, no make: "the inverter is a beast"
_JUDGED_AS = frozenset(
    "beast monster lifesaver godsend dud joke disaster relic dinosaur workhorse gem champ keeper menace nuisance "
    "headache lemon nightmare".split()
)


def _b_made_by(m, ctx):
    make = m.group("make")
    if _HOME_KIT_MAKES.fullmatch(make):
        make = make[:1].upper() + make[1:]  # "the thermostat is a nest one": Nest, a common word that is a make
    elif any(is_common(w.lower()) or w.lower() in _JUDGED_AS for w in make.split()):
        return []  # "the telly is a nightmare", "the generator is a lifesaver", "the inverter is a beast"
    thing = re.sub(r"\b(?:tv|telly|television)$", "TV", m.group("thing").lower())  # "the telly": a TV
    obj = f"{make} {thing}"
    return _house_has(obj, ctx)


def _b_runs_on(m, ctx):
    thing = {"gen": "generator", "genny": "generator"}.get(m.group("thing").lower(), m.group("thing").lower())
    obj = f"{m.group('fuel').lower()} {thing}"
    return _house_has(obj, ctx)


def _b_season_ticket(m, ctx):
    """ "I have a season ticket for York City": the ticket and its club."""
    obj = f"{m.group('obj').lower()} for {m.group('club')}"
    return [ctx.cand("owns", obj, f"{{subject}} has a {obj}")]


_STREAMING_NAMES = {
    "netflix": "Netflix", "hulu": "Hulu", "disney plus": "Disney+", "disney+": "Disney+",
    "amazon prime": "Amazon Prime",
    "prime video": "Prime Video", "apple tv plus": "Apple TV+", "apple tv+": "Apple TV+", "spotify": "Spotify",
    "youtube premium": "YouTube Premium", "foxtel": "Foxtel", "kayo": "Kayo", "stan": "Stan", "binge": "Binge",
    "showmax": "Showmax", "dstv": "DStv", "gotv": "GOtv", "sky sports": "Sky Sports", "sky tv": "Sky TV",
    "now tv": "NOW TV", "britbox": "BritBox", "paramount plus": "Paramount+", "paramount+": "Paramount+",
    "peacock": "Peacock", "hbo max": "HBO Max", "crunchyroll": "Crunchyroll", "viu": "Viu", "neon": "Neon",
    "sky go": "Sky Go", "jiohotstar": "JioHotstar", "hotstar": "Hotstar", "sling": "Sling", "youtube tv": "YouTube TV",
}  # fmt: skip
_STREAMING = _alt(sorted(map(re.escape, _STREAMING_NAMES), key=len, reverse=True))


def _b_streaming(m, ctx):
    """ "we pay for netflix and hulu": each service the household subscribes to."""
    services = [_STREAMING_NAMES[n.lower()] for n in re.findall(_STREAMING, m.group("obj"), re.I)]
    out = [ctx.cand("owns", f"{s} subscription", f"{{subject}} has {s}") for s in services]
    return [replace(c, subject=HOUSEHOLD) for c in out] if m.group("s").lower() == "we" else out


def _b_owns(m, ctx):
    """ "a Volvo", "a blue Toyota", "an old piano": up to two adjectives, then a brand or an ownable thing, then
    the end of the clause."""
    obj = m.group("obj")
    # "a Thermomix and an air fryer": each thing, when each is one
    parts = re.split(r"\s+and\s+(?=(?:an?|two|three) )", re.split(r"\s+but\b|,", obj)[0]) if " and " in obj else [obj]
    out = [c for part in parts for c in _owned(part, m, ctx)]
    return out if len(parts) == 1 or len(out) == len(parts) else []


def _owned(said: str, m, ctx) -> list[Candidate]:
    raw = _strip_trailing(_OBJ_END.sub("", said))
    # "a generator for when the power goes": why one has it (not "drives a matatu for a living": a job)
    raw = re.sub(
        r"\s+for\b(?! (?-i:[A-Z])(?!hristmas|mas\b|iwali|id\b)| (?:a|his|her|my|their) living\b| work\b).*$", "", raw
    )  # (and what it was a present for: "a thermomix for Christmas")
    # "drives a grey Toyota Vios to his shift in Makati": where it is driven to
    raw = re.sub(
        r"\s+to (?:work|school|the office|church|uni|college|(?:his|her|my|their|the) (?:shift|work|job|office|"
        r"school))\b.*$",
        "",
        raw,
    )
    raw, hint = _split_time(raw)
    mo = re.fullmatch(
        rf"(?P<art>an?|two|three|the) (?:brand new |new )?(?P<adj>(?:[A-Za-z0-9\-]+ ){{0,3}}?)"
        rf"(?P<head>{_BRAND.pattern}(?: {_OWNABLE.pattern})?(?: {_BODY})?|"
        rf"{_OWNABLE.pattern}s?)"
        r"(?: (?:up |down |out )?(?:in|on|out) (?:the|my|our|his|her|their|front|back) (?:back |front |spare |"
        r"living |dining |sitting )?[a-z]+(?: room)?| out (?:the )?back| out front)?"
        # "a static caravan at Sandpiper Sands holiday park", "a boat moored at Porthleven": where it is kept
        r"(?: (?:moored |parked |kept |sited )?(?:at|in|near) (?:the )?(?-i:[A-Z])[\w'\-]*"
        r"(?: (?:(?-i:[A-Z])[\w'\-]*|holiday park|caravan park|marina|harbour))*)?"
        r"(?: (?:at home|as well|too))?"
        r"(?: on (?:lease|a lease|finance|hire purchase|contract|order|the drive|the driveway))?",  # how it is had
        raw.strip(),
    )
    if not mo or _NEGATION.search(mo.group("adj")) or _PREPOSITION.search(mo.group("adj")):
        return []
    if re.search(r"\b(?:called|named)\b", mo.group("adj"), re.I):
        return []  # "a new carer called Ayodele" names someone, owns nothing
    if mo.group("head").lower() in _NOT_OWNED | _NOT_NAMES:
        return []
    head_is_brand = not _OWNABLE.fullmatch(mo.group("head").rstrip("s"))
    verb = (m.groupdict().get("verb") or "have").lower()
    common = mo.group("head").lower() in (
        "garden house flat garage tv television car bike fridge microwave oven hoover vacuum speaker camera router "
        "doorbell thermostat".split()
    )
    if verb in ("have", "have got", "got", "own") and not head_is_brand and not mo.group("adj") and common:
        return []  # "we have a garden": too common to be worth keeping
    obj = (_HOW_IT_SEEMS.sub("", mo.group("adj")) + mo.group("head")).strip()
    said = {"drive": "drives", "ride": "rides"}.get(verb, "has")
    if m.groupdict().get("what"):
        said = "has"
    adj = mo.group("adj")
    c = ctx.cand("owns", obj, f"{{subject}} {said} {mo.group('art')} {adj}{mo.group('head')}", time_hint=hint)
    return [replace(c, subject=HOUSEHOLD) if ctx.clause.lower().startswith("the ") else c]  # "the car is a Leaf"


def _b_there_is(m, ctx):
    """A thing of the house only (not "there's a Tesco round the corner", nor "there's a car outside")."""
    return [
        replace(c, subject=HOUSEHOLD)
        for c in _b_owns(m, ctx)
        if _OWNABLE.fullmatch(c.object.split()[-1]) and c.object.split()[-1].lower() in _KEPT_AT_HOME
    ]


_KEPT_AT_HOME = frozenset(
    "generator inverter piano dishwasher freezer trampoline greenhouse shed hot tub thermomix purifier borehole "
    "dehumidifier".split()
)


_KIT = (
    r"(?:solar panels|solar|a heat pump|heat pump|an air source heat pump|air source heat pump|ground source heat pump|"
    r"(?:an? )?(?:ev|electric car|car) charger|(?:a )?(?:home |tesla )?battery|battery storage|(?:a )?tesla powerwall|"
    r"(?:an? )?inverter|"
    r"(?:a )?powerwall|"
    r"(?:a )?water softener|(?:a )?(?:video|ring|smart) doorbell|(?:a |an )?(?:burglar )?alarm system|"
    r"(?:a )?smart meter|(?:a )?(?:combi |gas |oil )?boiler|(?:a )?log burner|(?:a )?wood burner|underfloor heating|"
    r"double glazing|triple glazing|cavity wall insulation|loft insulation|(?:a )?septic tank|(?:a )?water butt)"
)


def _b_kit(m, ctx):
    """The house's kit: the household's when "we" have it."""
    out = []
    for part in re.split(r"\s+and\s+", ctx.clause[m.start("obj") :]):
        kit = re.fullmatch(
            rf"(?:(?:some|new|a new|an?) )?({_KIT})"
            rf"(?: now\b.*| (?:fitted|installed|put in|put on|put up)\b.*| (?:on|in) the [a-z]+)?"
            r"(?: (?:so|because|cos|for|back in|last|this|since)\b.*)?",
            part.strip(" ,."),
            re.I,
        )
        if not kit:
            break
        thing = re.sub(r"^(?:an?|the) ", "", kit.group(1), flags=re.I)
        # "we've got solar on the roof and a battery"
        thing = {"solar": "solar panels", "battery": "home battery"}.get(thing.lower(), thing)
        thing = re.sub(
            r"\b(tesla|powerwall|ev)\b",
            lambda t: {"ev": "EV"}.get(t.group(1).lower(), t.group(1).capitalize()),
            thing,
            flags=re.I,
        )
        c = ctx.cand("owns", thing, f"{{subject}} has {thing}")
        out.append(replace(c, subject=HOUSEHOLD) if ctx.clause.lower().startswith("we ") else c)
    return out


# A car's body or drive said after its make: "a grey Skoda Octavia estate", "a Kia Sportage hybrid"
_BODY = (
    r"(?:estate|hatchback|saloon|convertible|hybrid|electric|diesel|automatic|coupe|coupé|pickup|double cab|single cab|"
    r"twin cab|crew cab|ute)"
)
# How the owner sees it, not what it is: the thing is "a Vespa", said "an old Vespa" ("a grey Skoda" keeps its colour)
_HOW_IT_SEEMS = re.compile(
    r"\b(?:brand new|new|old|full|little|big|lovely|battered|ancient|second-hand|secondhand|used|pre-owned|tiny|huge|"
    r"massive|"
    r"beautiful|nice|gorgeous|rusty|trusty)\s+",
    re.I,
)


_INSTRUMENT = (
    r"(?:piano|electric guitar|acoustic guitar|bass guitar|guitar|bass|double bass|violin|viola|cello|fiddle|drums|"
    r"drum kit|trumpet|cornet|trombone|tuba|french horn|horn|saxophone|sax|clarinet|flute|piccolo|oboe|bassoon|harp|"
    r"ukulele|uke|banjo|mandolin|harmonica|accordion|bagpipes|recorder|keyboard|keyboards|organ|tin whistle|"
    r"bodhran|bodhrán|sitar|tabla|xylophone|glockenspiel|euphonium|marimba|steel pan|steelpan|steel drums|pan|"
    r"djembe|kora|mbira|erhu|veena|harmonium|dhol)"
)


def _b_instrument(m, ctx):
    """ "I play the trumpet": playing it, a thing one likes to do (one may play two: "the piano and the cello")."""
    if not _ends_clause(ctx.clause[m.end() :]):
        return []
    obj = m.group("obj").lower()
    the = "the " if m.group("the") else ""
    verb = m.group("verb").lower()
    if "learning" in verb:
        return []  # "i'm learning the piano": a thing one is learning (a note, below)
    said = "plays" if verb == "play" else _third_person(verb)
    return [ctx.cand("likes", f"playing {the}{obj}", f"{{subject}} {said} {the}{obj}")]


# How one has a drink or a dish: "black", "with oat milk", "black, no sugar"
_HOW_HAD = (
    r"(?:black|white|strong|weak|milky|sweet|decaf|iced|runny|medium rare|rare|medium|well done|well-done|"
    r"soft boiled|hard boiled|soft|hard|scrambled|fried|poached|crispy|hot|extra hot|mild|plain|"
    r"(?:with|without|no) (?:a |an |some |two |one |three )?"
    r"(?:splash of |dash of |bit of |drop of )?[a-z]+(?: (?!and\b|no\b|with\b)[a-z]+)?(?: and (?:a |one |two |three )?"
    r"[a-z]+(?: (?!and\b)[a-z]+)?)?)"
)


def _b_drink(m, ctx):
    """ "I take my coffee with oat milk", "I drink my tea black": how one has a drink, one way per drink."""
    if not _ends_clause(ctx.clause[m.end() :]):
        return []
    drink, how = m.group("drink").lower(), re.sub(r"\s+", " ", m.group("how").strip().lower())
    parts = re.fullmatch(rf"({_HOW_HAD})(?:,? (?:and )?({_HOW_HAD}))?", how)
    first, rest = (parts.group(1), parts.group(2) or "") if parts else (how, "")
    if first.split()[0] in ("with", "without", "no"):
        obj = f"{drink} {how}"
    else:  # "black coffee with no sugar", "medium rare steak"
        rest = f"with {rest}" if rest.startswith("no ") else rest
        obj = f"{first} {drink} {rest}".strip()
    verb = _third_person(m.group("verb").lower())
    return [ctx.cand("likes", obj, f"{{subject}} {verb} their {drink} {how}", drink)]


def _b_drives_me(m, ctx):
    obj = _clean(m.group("obj"))
    if not obj or obj.split()[0].lower() in ("it", "that", "this", "he", "she", "they", "everything", "everyone"):
        return []
    if not _ends_clause(ctx.clause[m.end() :]):
        return []
    words = obj.split()
    if obj[:1].isupper() and (len(words) == 1 or words[1][:1].islower()):
        obj = obj[:1].lower() + obj[1:]  # the sentence's capital, not a name's
    return [ctx.cand("dislikes", obj, f"{{subject}} cannot stand {obj}")]


def _b_preference(predicate: str) -> Builder:
    def build(m, ctx):
        raw = _INTENSITY.sub("", m.group("obj"))  # "mushrooms with a passion": how much is no part of what
        raw = re.sub(
            r"^(?:a (?:little |good )?bit of|a spot of) (?=\w)", "", raw, flags=re.I
        )  # "a bit of Daniel O'Donnell"
        infinitive = bool(re.match(r"to\s+\w", raw, re.I))
        if infinitive:
            raw = raw[3:]
        obj, hint = _time_split_then_clean(raw)
        if not obj and not infinitive:
            obj, hint = _gerund_own(raw)
        like = (m.groupdict().get("verb") or "").lower() in ("like", "likes")  # "I like my steak well done": how
        if not obj and not infinitive and not like and (own := _OWN_THING.fullmatch(_strip_trailing(raw).strip())):
            obj, hint = _time_split_then_clean(own.group("o"))  # "loves her country music", "his allotment"
        if obj and (one := _ONE_GOOD.fullmatch(obj)):
            obj = _plural(one.group("o"))  # "a good curry on a Friday": curries
        if obj and (when := _WHEN_LIKED.search(obj)) and when.start() > 0:
            obj, hint = obj[: when.start()], hint or when.group().strip()  # "cooking jollof on sundays": when
        if not obj or re.match(r"(?:it|that|this)\b", obj, re.I):
            return []
        return [
            ctx.cand(predicate, each, _like_text(m.group("verb"), each, infinitive), time_hint=hint)
            for each in _each_liked(obj)
        ]

    return build


def _b_scared_of(m, ctx):
    return [
        ctx.cand("note", f"scared of {c.object}", f"{{subject}} is scared of {c.object}", time_hint=c.time_hint)
        for c in _B_DISLIKES(m, ctx)
    ]


_B_DISLIKES = _b_preference("dislikes")  # what is feared is read as what is disliked is


def _each_liked(obj: str) -> list[str]:
    """ "minecraft and anything with trains", "the cricket and a good braai": each thing liked, its own fact; a
    dish or a pair said as one ("mac and cheese", "Ant and Dec") whole."""
    parts = re.split(r",\s+(?:and\s+)?|\s+and\s+", obj)
    if len(parts) < 2 or _PAIRED.search(obj) or re.fullmatch(r"(?-i:[A-Z])\w+ and (?-i:[A-Z])\w+", obj):
        return [obj]
    parts = [_ANY_OF.sub("", p).strip() for p in parts]
    if any(not p or len(p.split()) > 3 or is_function_word(p.split()[0].lower()) for p in parts):
        return [obj]
    return parts


# What is liked as one though said with "and"
_PAIRED = re.compile(
    r"\b(?:fish|mac|macaroni|salt|rock|drum|rhythm|gin|strawberries|bread|peanut butter|rice|pie|cheese|sausage|"
    r"bangers|steak|egg|eggs|cookies|sweet|surf|pork|chips|curry|bacon|ham|tea|milk|dungeons|hide|snakes|law|pride|"
    r"tom|marks|chicken|burger|pen|black|oil|sugar|spice|bed|fish finger|beans|ackee|pap|liver|callaloo) and\b",
    re.I,
)
# "anything with trains", "a good braai": the thing itself
_ANY_OF = re.compile(
    r"^(?:anything (?:with|to do with|about)?|everything (?:with|to do with|about)|all things|an? (?:good|nice|decent|"
    r"proper) )\s*",
    re.I,
)


_WHEN_LIKED = re.compile(
    rf"\s+(?:on (?:a )?{WEEKDAY}s?|every {WEEKDAY}|at (?:the )?weekends?|on weekends|"
    # "ackee and saltfish for sunday breakfast"
    rf"for (?:(?:a |the )?(?:{WEEKDAY}|weekend) )?(?:breakfast|brunch|lunch|dinner|tea|supper))$",
    re.I,
)
_INTENSITY = re.compile(
    r"\s+(?:with a passion|so much|so so much|a lot|loads|to bits|to death|more than anything|big time|"
    r"like nothing else|absolutely|completely|totally|(?:like )?obsessively|(?:like )?crazy|like mad)(?=[\s,.!]*$)",
    re.I,
)
_ONE_GOOD = re.compile(
    r"an? (?:good|nice|decent|proper) (?P<o>[a-z]+(?: [a-z]+)?)(?: (?:on|at|in|with|after|before|of an?) [a-z ]+)?",
    re.I,
)
# "her country music", "his allotment": a thing of their own they are into; not a person, a job or a life
_OWN_THING = re.compile(
    rf"(?:my|his|her|their|our) (?!(?:{REL}|job|jobs|life|home|house|family|work|friends?|phone|bed|sleep|"
    rf"own|food|dinner|tea|breakfast|lunch)\b)(?P<o>[a-z][a-z\-]+(?: [a-z][a-z\-]+)?)",
    re.I,
)
_GERUND_OWN = re.compile(r"(?P<ger>[a-z]+ing) (?P<pos>my|his|her|their) (?P<rest>[a-z]+(?: [a-z]+){0,2})", re.I)


_NOT_OWN_NOUNS = set("around over here there back up down in out about away off on to with when so too".split())


def _gerund_own(raw: str) -> tuple[str | None, str | None]:
    """ "having her hair brushed", "brushing my teeth": an activity with the subject's own possessive."""
    raw, hint = _split_time(_strip_trailing(_OBJ_END.sub("", raw)))
    m = _GERUND_OWN.fullmatch(raw.strip())
    if not m or _NEGATION.search(raw) or m.group("rest").split()[0].lower() in _NOT_OWN_NOUNS:
        return None, None
    pos = "their" if m.group("pos").lower() == "my" else m.group("pos").lower()
    return f"{m.group('ger')} {pos} {m.group('rest')}", hint


def _b_allergy_trigger(m, ctx):
    """ "grass pollen sets off my hay fever": what sets off an allergy is an allergen."""
    obj = _clean(m.group("obj"))
    if not obj or obj.lower() in _NOT_ALLERGENS:
        return []
    return [ctx.cand("allergy", obj, f"{{subject}} is allergic to {obj}")]


def _b_allergy_symptom(m, ctx):
    """ "I get a rash whenever I eat strawberries": a reaction to what is eaten or touched."""
    raw, hint = _split_time(_strip_trailing(_OBJ_END.sub("", m.group("obj"))))
    obj = _clean(raw)
    if not obj or obj.lower() in _NOT_ALLERGENS or len(obj.split()) > 3:
        return []
    return [ctx.cand("allergy", obj, f"{{subject}} is allergic to {obj}", time_hint=hint)]


_JOKED_ALLERGIES = frozenset(
    "mondays|monday|mornings|work|exercise|housework|homework|ironing|cleaning|hard work|effort|early mornings|gym|"
    "the gym".split("|")
)
_NOT_ALLERGENS = set(
    "stress heat cold sun sunshine anxiety nerves exercise sweat sweating weather rain wind everything anything "
    "something nothing too much late food".split()
)


def _b_favourite(m, ctx):
    obj, hint = _time_split_then_clean(m.group("obj"))
    cat = m.group("cat").lower()
    if not obj:
        return []
    verb = "are" if m.group("be").lower() == "are" else "is"
    return [ctx.cand("likes", obj, f"{{subject}}'s favourite {cat} {verb} {obj}", cat, time_hint=hint)]


_NOT_FAN_OF = {
    *"big huge massive great real total not no of the this that such loyal devoted diehard staunch keen avid".split(),
    *"fellow true proud long-suffering loud die-hard".split(),
}


def _b_fan(m, ctx):
    if not _ends_clause(ctx.clause[m.end() :]):
        return []
    obj = _clean(m.group("obj"))
    if not obj or any(w.lower() in _NOT_FAN_OF for w in obj.split()):
        return []
    head = ctx.clause[: m.start("obj")]
    if m.group("not"):
        return [ctx.cand("dislikes", obj, f"{{subject}} is not a fan of {obj}")]
    if _NEGATION.search(head):
        return []
    fan = "supporter" if "supp" in m.group("fan") else "fan"
    return [ctx.cand("likes", obj, f"{{subject}} is {_article(obj)} {obj} {fan}")]


def _date_obj(m, ctx) -> str | None:
    if not _ends_clause(ctx.clause[m.end() :]):
        return None
    return canonical_date(m.group("obj").strip())


def _b_birthday(m, ctx):
    obj = _date_obj(m, ctx)
    if not obj:
        return []
    return [ctx.cand("birthday", obj, f"{{subject}}'s birthday is {on_date(obj)}", time_hint=None)]


# The one who does it, read as what they do: "gardener" gardening, "swimmer" swimming, "skier" skiing.
_DOER_ACTIVITY = {
    "cook": "cooking",
    "cyclist": "cycling",
    "photographer": "photography",
    "fisherman": "fishing",
    "fisherwoman": "fishing",
    "angler": "fishing",
    "sailor": "sailing",
    "artist": "art",
    "golfer": "golf",
    "musician": "music",
    "chef": "cooking",
}
_NOT_DOERS = set(
    "player supporter fan member owner user worker learner believer smoker drinker eater sleeper earner "
    "customer teacher manager dreamer thinker talker worrier sucker lover".split()
)


def _b_keen(m, ctx):
    words = m.group("obj").lower().split()
    head = words[-1].rstrip("s") if words[-1] not in ("cyclists",) else "cyclist"
    if len(words) == 2 and head == "player":  # "a keen tennis player"
        activity = words[0]
    elif len(words) > 1 or head in _NOT_DOERS:
        return []
    elif head in _DOER_ACTIVITY:
        activity = _DOER_ACTIVITY[head]
    elif head.endswith("er") and len(head) > 5:
        activity = head[:-2] + "ing"
    else:
        return []
    return [ctx.cand("likes", activity, f"{{subject}} likes {activity}")]


def _b_renting(m, ctx):
    how = m.group("how") or ""
    what = f"rents {how.strip()}" if how else "renting"
    return [replace(ctx.cand("note", what, f"{{subject}} is {what}", qualifier="tenure"), subject=HOUSEHOLD)]


def _b_no_alcohol(m, ctx):
    return [ctx.cand("note", "does not drink alcohol", "{subject} does not drink alcohol")]


def _b_ward(m, ctx):
    if not is_ward(m.group("obj"), m.group("k")):
        return []
    ward = f"{m.group('obj').lower()} {m.group('k').lower()}"
    return [ctx.cand("note", ward, f"{{subject}} works on the {ward}", qualifier="ward")]


def _b_retired_as(m, ctx):
    what = m.group("obj") or "retired"
    return [
        ctx.cand(
            "works_as", what, f"{{subject}} is {_article(what)} {what}" if m.group("obj") else "{subject} is retired"
        )
    ]


def _b_retired(m, ctx):
    said = "from" if re.search(r"\bfrom $", ctx.clause[: m.start("obj")], re.I) else "as"
    where, hint = _time_split_then_clean(m.group("obj"))
    if not where:
        return []
    what = f"retired {said} {where}"
    return [ctx.cand("note", what, f"{{subject}} {what}", time_hint=hint)]


def _b_blood_type(m, ctx):
    group = re.sub(r"\s+", " ", m.group("obj")).upper().replace("POSITIVE", "positive").replace("NEGATIVE", "negative")
    group = group.replace("POS", "positive").replace("NEG", "negative")
    return [ctx.cand("note", f"blood type {group}", f"{{subject}}'s blood type is {group}", qualifier="blood type")]


def _b_pet_food(m, ctx):
    food = re.sub(r"\s+(?:that |which )?(?:we|I) (?:buy|get|order)\b.*$", "", m.group("obj"), flags=re.I)
    food = food.lower() if re.match(r"(?:raw|home)\b", food, re.I) else capitalised(food)  # a maker's name, capitalised
    return [ctx.cand("note", food, f"{{subject}} eats {food}", qualifier="food")]


def _b_smokes(m, ctx):
    said = " ".join(p for p in (m.group("obj"), m.group("brand")) if p)
    if re.search(r"\b(?:salmon|fish|meat|ham|brisket|ribs)\b", said, re.I):
        return []  # "I smoke salmon for christmas": cooking
    what = f"smokes {said}"
    return [ctx.cand("note", what, f"{{subject}} {what}", qualifier="smoking")]


def _b_lives_with_us(m, ctx):
    """Of someone else only: the speaker says "we", not "I live with us"."""
    return [ctx.cand("note", "lives with us", "{subject} lives with us")] if ctx.about else []


def _b_exams(m, ctx):
    what = f"doing {m.group('obj')}{m.group('when') or ''}"
    return [ctx.cand("note", what, f"{{subject}} is {what}")]


def _b_from(m, ctx):
    place = re.sub(r"\s+originally$", "", m.group("obj"), flags=re.I)
    place = place[:1].upper() + place[1:]
    if not re.search(r"\boriginally\b|\bcomes? from\b|\bcame from\b", ctx.clause, re.I):
        # "I'm from Leeds" may be where one lives; only "originally" or "come from" says where one began. Of someone
        # else it is where they are from ("my boyfriend Luke is from Perth")
        return [ctx.cand("note", f"from {place}", f"{{subject}} is from {place}")] if ctx.about else []
    what = f"originally from {place}"
    return [ctx.cand("note", what, f"{{subject}} is {what}")]


def _b_born(m, ctx):
    """A note of where or when (not a birthday's date: that rule comes first) one was born, or where one grew up."""
    how = "grew up" if "grew" in ctx.clause[: m.start("obj")].lower() else "born"
    what = f"{how} {m.group('obj')}"
    return [ctx.cand("note", what, f"{{subject}} was {what}" if how == "born" else f"{{subject}} {what}")]


def _b_anniversary(m, ctx):
    obj = _date_obj(m, ctx)
    if not obj:
        return []
    qual = (m.group("qual") or "").lower() or None
    what = f"{qual} anniversary" if qual else "anniversary"
    return [ctx.cand("anniversary", obj, f"{{subject}}'s {what} is {on_date(obj)}", qual, time_hint=None)]


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
        "been together since": "dating",
        "been together from": "dating",
        "been a couple since": "dating",
    }[event]
    event = {"been together since": "have been together since"}.get(event, event)
    return [ctx.cand("anniversary", obj, f"{{subject}} {event} {on_date(obj)}", qual, time_hint=None)]


# A clause of its own after the activity: "yoga every Sunday morning before everyone's up".
_SUBORDINATE = re.compile(
    r"\s+(?:before|after|once|while|till|until) (?:everyone|everybody|anyone|the kids|the children|I|we|he|she|"
    r"they|it|you)\b.*$"
    # "go for a run every morning around six usually along the seafront": how it usually goes, said after
    r"|\s+(?:usually|normally|mostly|generally|weather permitting|rain or shine)\b(?! (?:at|around|about|on)\b).*$",
    re.I,
)


# "get" + what is had or done on a schedule, not a state or an ailment ("get tired", "get migraines").
_GOT_THING = re.compile(
    r"(?!(?:sick|ill|tired|bored|angry|upset|cross|nervous|anxious|stressed|headaches?|migraines?|hives|colds?|flu|"
    r"nosebleeds?|cramps|to|a rash|rashes|a headache|a migraine|a cold|told|asked|paid|the chance)\b)"
    r"(?:up\b|home\b|(?:a |an |the |our |my )?[a-z]+(?<!ed)\b)",
    re.I,
)


def _routine(subject_adv: str | None, vp: str, lead_freq: str | None, ctx: _Ctx) -> list[Candidate]:
    vp = _SUBORDINATE.sub("", _OBJ_END.sub("", vp)).strip()
    vp = _strip_trailing(vp)
    words = vp.split()
    if not words:
        return []
    verb = words[0].lower()
    if verb == "get" and len(words) > 1 and _GOT_THING.match(" ".join(words[1:3])):
        verb = "have"  # "we get fish and chips every Friday night", "I get up at six": what is had or done
    if (
        verb in _NOT_ROUTINE_VERBS
        or verb.endswith("ed")
        or not verb.isalpha()
        # ("have moved to sunday mornings": a perfect, not something had)
        or (
            verb == "have" and len(words) > 1 and (words[1].lower() in ("to", "been", "got") or words[1].endswith("ed"))
        )
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
    if re.search(r"\b(?:of|on|at|in|to|for|with|the|a|an|every|each)$", activity, re.I):
        return []  # a frequency the table cut in two ("on the first of | each month"): a broken phrase is no habit
    if not strong and re.fullmatch(r"[a-z]+ (?:them|it|that|this|those|these)(?: up| out| over)?", activity, re.I):
        return []  # "I always mix them up": what "them" is was said before; no habit of its own
    if re.fullmatch(r"[a-z]+ (?:him|her)(?: up| out| over)?", activity, re.I):
        return []  # "i see him every six months": whom is said elsewhere (the doctor), the habit is theirs
    if re.fullmatch(
        r"(?:come|go|visit)(?: (?:in|round|over|here|by))?(?: for (?:[a-z]+ )?(?:dinner|lunch|tea|supper|breakfast|"
        r"brunch|roast)| to stay| to visit)?",
        activity,
        re.I,
    ):
        return []  # "Dorota comes every Thursday": who comes, not what one does

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
_HAVE = (
    rf"^{SUBJ} (?:also |both |all )?(?:have|have got|own|(?:have )?(?:just )?(?:adopted|rescued)|(?:have )?(?:just )?"
    rf"got(?= (?:an?|two|three) (?:[a-z\-]+ ){{0,2}}?(?:{PET})\b)) (?:got )?"
)
_AM = r"(?:am|are|have been|have always been)"

# (predicate, pattern, builder, negative_form). Tried in order; the first rule whose builder yields wins.
# negative_form rules are the ones whose meaning contains a negation ("I don't like X"), so the negation guard
# is skipped for them.
_RULES: list[tuple[str, str, Builder, bool]] = [
    # "we're renting", "we rent the flat through Castlegate Lettings": the household's home is rented
    (
        "note",
        r"^(?:we|I) (?:are |am |have been )?(?:renting|rent)(?: (?:it|this place|the (?:house|flat|place|apartment)|"
        r"our (?:house|flat|place|apartment)))?(?P<how> (?:from|through|off|with) [\w' ]+?)?(?: since \w+| now)?$",
        _b_renting,
        False,
    ),
    # "I don't drink": no alcohol, a note (the rules after it would read only a negation)
    (
        "note",
        r"^I (?:do not|don't|never) drink(?: alcohol| at all| any ?more)?(?:,.*)?$",
        _b_no_alcohol,
        True,
    ),
    # "Bernard is a retired headteacher", "I'm a retired nurse", "I'm retired now": the occupation one has now
    # (first: "retired" says no longer to the rules after it)
    (
        "works_as",
        rf"^{SUBJ} {ADV}{_AM} (?:an? (?P<obj>retired (?:[a-z\-]+ ){{0,2}}?(?:{OCC}))|(?P<bare>retired)(?: now)?)"
        r"(?:,.*)?$",  # ("I'm retired now, used to be a fitter": what one was, said after)
        _b_retired_as,
        True,
    ),
    # "I play the trumpet", "I take my coffee with oat milk": a preference with its category;
    # first, so a "no sugar" in the way it is had does not void the clause
    (
        "likes",
        rf"^I {ADV}(?P<verb>play|am learning|am learning to play|have started (?:playing|learning)) (?P<the>the )?"
        rf"(?P<obj>{_INSTRUMENT})\b(?: (?:in|with|for) (?:a|an|the|our|my|his|her|their) (?:[a-z\-]+ ){{0,3}}"
        rf"(?:band|orchestra|group|choir|ensemble|quartet|trio))?",
        _b_instrument,
        False,
    ),
    (
        "likes",
        r"^I (?:always |usually |normally |now |just |only )?(?P<verb>take|have|drink|like|prefer) "
        r"(?:my|his|her|their) (?P<drink>coffee|tea|latte|cappuccino|flat white|espresso|hot chocolate|eggs|steak|"
        r"toast|burgers?|chips|porridge|curry|curries) "
        rf"(?P<how>{_HOW_HAD}(?:,? (?:and )?{_HOW_HAD})?)\b",
        _b_drink,
        True,
    ),
    # name
    (
        "name",
        # ("my name on the electricity account and the estate gate list is Adaeze Okonkwo": the name, where it is used)
        r"^(?P<explicit>my (?:first |full |married )?name(?: (?:on|for) (?:the |my |all |our )?[\w ]{2,60}?)? is|"
        r"the name is|I am called|I go by|my friends call me|"
        r"(?:everyone|everybody)(?: at home| here| in the family| at work| round here)? calls me)\s+"
        r"(?P<obj>.+)",
        _b_name,
        False,
    ),
    # "I've changed my name, I'm Aoife Fitzgerald now", "got married so it's Emily Nguyen now": the new name
    (
        "name",
        r"^(?:I am|it is|its|it's|(?P<by>I am going by|I go by)) "
        # ("it's aoife Brennan on everything, passport and all": the name one goes by now, everywhere)
        r"(?P<obj>[A-Za-z][\w'\-]+ [A-Za-z][\w'\-]+)(?: now\b| on everything\b| on all (?:my|the) \w+|$)",
        _b_name_changed,
        False,
    ),
    # "my surname is Okafor", "I've changed my surname to Whitfield": the family name, one at a time
    (
        "note",
        rf"^(?:my (?:sur|last |family )name is(?: now)?|"
        rf"I {ADV}(?:have )?(?:changed|switched) my (?:sur|last |family )name to|"
        rf"I {ADV}(?:have )?(?:gone back to|taken back) my maiden name,?) (?P<obj>{NAME})(?: now)?"
        # ("... now not vakacegu anymore", "... for the school forms and the bank", "... use ogunleye for everything")
        rf"(?:,.*| not {NAME}(?: any ?more)?| for (?:the|all|any|my|everything)\b.*| use {NAME} for\b.*)?$",
        _b_surname,
        False,
    ),
    # "call me Bea" is a standing instruction (a rule), not the person's name
    (
        "name",
        rf"^(I am|this is|it is|its) (?!originally\b)(?P<obj>{NAME}|[a-z]{{2,20}})"
        rf"(?P<nice>,? (?:it is )?(?:nice|pleased|lovely|good|"
        rf"great) to meet you(?: too| all)?)?"
        # ("I'm Siobhan, from Galway originally": where one is from, said after the name)
        rf"(?:,? (?:originally )?from (?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?(?: originally)?)?\s*$",
        _b_greeted_name,
        False,
    ),
    # lives_in
    (
        "lives_in",
        rf"^{SUBJ} {ADV}(?:(?:(?:have )?(?:gone|moved) to )?live(?: on (?:my|our|his|her|their) own| alone| by "
        rf"(?:myself|himself|herself))?|reside|(?:am|are|have been|have) {ADV}"
        rf"(?:living|lived|residing|based|renting|"
        rf"settled)(?: (?:here|over here|out here|down here|up here))?|"
        rf"have been(?= in (?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?,? (?:for )?(?:about |nearly |almost |"
        rf"over |around )?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
        rf"thirty|forty|fifty|a few|a couple of) (?:years?|decades?)\b)) "
        # "we live just outside Ballymena": the town one lives by
        rf"(?:in|(?:just |right )?(?:outside|outside of|on the outskirts of)(?= (?-i:[A-Z]))) (?P<obj>.+)",
        _b_lives_in,
        False,
    ),
    (
        "lives_in",
        rf"^{SUBJ} {ADV}(?:moved|have moved|relocated|have relocated)(?: (?:back|here|over|house|down|up|away|out|in))?"
        # "we've moved over the bridge to Cardiff"
        rf"(?: (?:over|across|down|up) the (?:bridge|border|river|water|road|hill))?"
        # "moved in in Edinburgh": "moved in with my partner in Edinburgh", who with left out
        rf"(?: from .+?)? (?:to|into|(?<=\bin )in) (?P<obj>.+)",
        _b_moved_to,
        False,
    ),
    # ("the new house is in Syokimau": the one moved into)
    (
        "lives_in",
        r"^(?:(?:my|our) (?:new )?|the new )(?:home|house|flat|apartment|place) is in (?P<obj>.+)",
        _b_lives_in,
        False,
    ),
    # "our house is a three-bed semi in Leeds", "the house is a little cottage outside Kendal": the household's home
    (
        "lives_in",
        r"^(?:our|the) (?:home|house|place) is an? (?:[\w\-]+ ){0,3}?(?:semi|terrace|terraced house|flat|bungalow|"
        r"cottage|house|apartment|townhouse|detached|maisonette|farmhouse|end of terrace) "
        r"(?:in|just outside|outside|near) (?P<obj>.+)",
        _b_household_home,
        False,
    ),
    # "my son Chidi is in Enugu now": where a relative is now is where they live (the speaker's "I'm in Leeds now"
    # may be a visit)
    (
        "lives_in",
        r"^I am (?:now )?(?:out |over |up |down |based )?in (?P<obj>(?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?)"
        r"(?: now)?$",
        _b_relative_now_in,
        False,
    ),
    # "we're in Bray, just off the main street", "we're in a three-bed semi in Harborne": where the home is, said
    # by what it is near or what it is (not "we're in Braga" alone, which may be a visit)
    (
        "lives_in",
        r"^we are (?!.*\b(?:on holiday|visiting|on a trip|for the (?:week|weekend|day|night)|this week|at the moment|"
        r"right now)\b)(?:(?:out |over |up |down )?in (?P<obj>(?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?"
        # ("we're in Lahug, Cebu City", read "Lahug in Cebu City": a place in its town is a home, not a visit)
        r"(?P<town> in (?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?(?=[,.!]|$))?)"
        # ("we've flitted, we're out in musselburgh now": where one is now, after a move)
        r"(?(town)|(?=$| now\b(?!,? (?:for|on|at|visiting))|,? (?:just )?(?:off|near|(?:west|east|north|south) of|"
        r"outside|on the \w+ road|"
        r"round the corner "
        r"from|behind|next to|opposite|by) (?:the\b|a\b|(?-i:[A-Z]))))|in an? (?:[\w\-]+ ){0,2}(?:semi|terrace|"
        r"terraced house|flat|"
        r"bungalow|cottage|house|apartment|unit|maisonette|townhouse|detached|condo) in (?P<obj2>(?-i:[A-Z])[\w\-]+"
        r"(?: (?-i:[A-Z])[\w\-]+)?))",
        _b_home_near,
        False,
    ),
    # "she's got a flat in Scarborough now": where one lives, said by the home one has
    (
        "lives_in",
        # "Gran is living with Uncle Bram in Canterbury now": with whom, then where
        rf"^{SUBJ} {ADV}(?:live|(?:am|are|have been) {ADV}(?:living|staying)|(?:have )?(?:gone|moved) (?:to live|in)) "
        rf"with (?:(?:my|our|her|his|their) )?"
        rf"(?:(?-i:[A-Z])[\w'\-]*|[a-z][a-z\-]*)(?: (?-i:[A-Z])[\w'\-]*){{0,2}} (?:now )?in (?P<obj>(?-i:[A-Z])[\w\-]+"
        rf"(?: (?-i:[A-Z])[\w\-]+)?|[a-z][\w\-]+)(?: now| these days)?"
        # "moved in with my partner in Edinburgh last month so I'm the commuter now"
        rf"(?:,? (?:last|this) (?:week|month|year|spring|summer|autumn|winter)|,? at the weekend|,? recently)?"
        rf"(?:,? for a (?:while|bit|few \w+))?(?:,? after .*)?"
        rf"(?:,? (?:so|and|but|till|until|while) .*)?$",
        _b_lives_in,
        False,
    ),
    (
        "lives_in",
        rf"^{SUBJ} {ADV}(?:have got|have|got|bought|have bought) (?:an? |my |our )(?:new |little )?(?:flat|house|place|"
        rf"bungalow|cottage|apartment) in (?P<obj>.+)",
        _b_lives_in,
        False,
    ),
    # "gran's gone into Rosevale care home now": the home she lives in
    (
        "lives_in",
        rf"^{SUBJ} {ADV}(?:have )?(?:gone|moved|went) into (?:a |the )?"
        rf"(?P<obj>(?-i:[A-Z])[\w'\-]*(?: (?-i:[A-Z])[\w'\-]*)? "
        rf"(?:care|nursing|retirement) home)(?: now| last \w+)?$",
        _b_lives_in,
        False,
    ),
    # "Nana Pearl is in a care home in Malton these days": where one lives, said by the home
    (
        "lives_in",
        rf"^{SUBJ} {ADV}(?:am|are|have been) {ADV}(?:living )?in (?P<obj>an? (?:care|nursing|retirement) home .+)",
        _b_lives_in,
        False,
    ),
    (
        "lives_in",
        # "we're at 42 Hazel Grove, Stockport": an address with its number is where one lives
        rf"^{SUBJ} {ADV}(?:live (?:on|at)|(?:am|are) at(?= \d)) (?P<street>(?:\d+[a-z]? )?(?-i:[A-Z])[\w'\-]*"
        rf"(?: (?-i:[A-Z])[\w'\-]*)? "
        rf"{_STREET_NAMED})(?: in|,) (?P<town>(?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?)$",
        _b_lives_at,
        False,
    ),
    (
        "lives_in",
        # "we live at 24 mill lane", "we're at 27 kowhai street in hamilton east": a house number and a street say
        # it is an address, in whatever case it is written, with its town or without
        # ("house is 14 adeola odeku street victoria island": the house's, its area said after it)
        rf"^(?:{SUBJ} {ADV}(?:live (?:on|at)|(?:am|are) at)|(?:(?:our|my|the) (?:new |home )?|new )address is(?: now)?|"
        rf"(?:(?:our|the|my) )?(?:house|home|flat) is(?: at)?) "
        rf"(?:number )?(?P<street>\d{{1,4}}[a-z]? [a-z][\w'\-]*"
        # ("14 Adeola Odeku Street, Victoria Island, Lagos": the area, then the town)
        rf"(?: [a-z][\w'\-]*)? {_STREET_WORD})(?:(?: in|,)? (?P<town>[a-z][\w\-]+(?: (?!postcode\b)[a-z][\w\-]+)?"
        rf"(?:, [a-z][\w\-]+(?: [a-z][\w\-]+)?)?))?"
        rf"(?:,? (?:postcode )?(?P<code>\d{{4,5}}|[a-z]{{1,2}}\d{{1,2}}[a-z]?(?: \d[a-z]{{2}})?))?$",
        _b_lives_at,
        False,
    ),
    # (a name of no school's shape too: "go to school at" says what it is)
    (
        "note",
        rf"^I (?:go|goes) to school at (?P<obj>{SCHOOL}|(?-i:[A-Z])[\w'\-]+(?: (?-i:[A-Z])[\w'\-]+){{0,2}}|"
        rf"(?:University|College|Institute) [Oo]f (?-i:[A-Z])[\w'\-]+(?: (?-i:[A-Z])[\w'\-]+)?)$",
        _b_school,
        False,
    ),
    # "electric and gas are both with octopus": two services, one provider
    (
        "note",
        rf"^(?:(?:our|my|the) )?(?P<svc>{_SERVICE}) and (?:(?:our|my|the) )?(?P<svc3>{_SERVICE}) (?:are|is) "
        rf"(?:both |all )?(?:with|through|from|on) (?P<org>[A-Za-z][\w&'\-]*(?: [A-Za-z][\w&'\-]*){{0,2}})$",
        _b_services_with,
        False,
    ),
    (
        "note",
        rf"^(?:(?:all|both) )?(?:of )?(?:(?:our|my|the) )?(?:family |household |house |home )?(?P<svc>{_SERVICE})"
        rf"(?: (?:provider|supplier|company|deal|contracts?|plans?|network|bills?|tariff))?"
        # ("our home internet in Lautoka is with Vodafone": where the home is, said between)
        rf"(?: for (?:the house|us|the family|the household|home)| (?:in|at) (?-i:[A-Z])[\w\-]+|"
        r" at (?:home|the (?:house|yard|flat|place)))?"
        rf"(?:'s| is| are| comes| come| goes| go) (?:now )?"
        rf"(?:all )?(?:with |through |on |from |supplied by |provided by )?"
        # ("our home wifi is safaricom home fibre": a provider's product, as a recogniser writes it)
        # ("our electricity is with electric ireland": a word, then a place, as a recogniser writes them)
        # ("di internet at di yard is with flow": a network by its name, in lower case)
        rf"(?P<org>{_PROVIDER}|[A-Za-z]+(?: (?-i:[a-z]+))? (?:home )?(?:fibre|fiber|broadband)|(?<=with ){CARRIER}$|"
        rf"(?<=with )(?-i:[a-z]+) "
        # ("... is now with Telecom Fiji fibre": the provider, then what it gives)
        rf"(?-i:[A-Z][a-z]+))(?: (?-i:fibre|fiber|broadband))?(?: now| these days)?$",
        _b_provider,
        False,
    ),
    # "uy we changed again it is converge fiber now since monday": the broadband, known by what the provider sells
    (
        "note",
        rf"^(?:we |I )?{ADV}(?:have )?(?:changed|switched|moved)(?: (?:again|providers?|over))?,? (?:it is|its|we are) "
        r"(?:now )?(?:with |on )?(?P<org>[A-Za-z]+(?: [A-Za-z]+)? (?:fibre|fiber))(?: now)?(?: since \w+)?$",
        lambda m, ctx: _provider(m.group("org").title(), "broadband", ctx),
        False,
    ),
    # "We're on prepaid electricity with City Power": the service, how it is paid, and whose it is
    (
        "note",
        rf"^(?:we|I) {ADV}(?:are|am|have been) {ADV}on (?:prepaid |postpaid |pay as you go |pay-as-you-go |metered )?"
        rf"(?P<svc>{_SERVICE}) (?:with|from|through) (?P<org>{_PROVIDER})(?: now| these days)?$",
        _b_provider,
        False,
    ),
    (
        "note",
        rf"^(?:we|I) {ADV}(?:get|buy|pay for|have) (?:all )?(?:our|my|the) (?P<svc>{_SERVICE}) (?:from|through|with) "
        rf"(?P<org>{_PROVIDER})(?: now| these days)?$",
        _b_provider,
        False,
    ),
    # "my sim is globe", "I'm on Verizon", "i ported my number to smart", "it's mint mobile now": a phone network,
    # known by its name (a closed list: "I'm on three" is otherwise anything)
    (
        "note",
        rf"^(?:my (?:sim|sim card|phone|mobile|handphone|cellphone|cell|number|phone number|mobile number|network)"
        rf"(?: plan| line| connection| contract)? is (?:with |on |through )?|(?:I|we) {ADV}(?:am|are) (?:now )?"
        rf"(?:on|with|using) |(?:now )?I (?:am )?using |"
        rf"(?:I|we) {ADV}(?:have )?(?:ported|switched|moved|changed|gone|jumped ship)(?: (?:my|our|the) "
        rf"(?:number|numbers|sim|sims|phone|phones|mobile|network))?(?: over| across| again)? to |"
        rf"(?:changed|switched|ported|moved) (?:over |across )?to |"
        rf"(?:.*, )?(?:it is|its|it's) )(?P<org>{CARRIER})"
        rf"(?:,? (?:now|these days|instead|postpaid|prepaid|pay as you go)\b.*"
        rf"|,? (?:the|on the|on their|their) .*| last \w+.*| (?:already|only|postpaid|prepaid|lah)\b.*"
        rf"|,? (?:because|cos|as|since|for) .*)?$",
        _b_carrier,
        False,
    ),
    # "the polo is insured with outsurance": a thing's insurer
    (
        "note",
        # ("the Toyota Corolla": a car said by its model has its maker before it)
        r"^(?:the|our|my) (?:(?-i:[A-Z])\w+ )?(?P<thing>[\w\-]+)(?:'s| is| are) (?:now |still )?insured "
        r"(?:with|by|through) "
        r"(?P<org>[A-Za-z][\w&'\-]*(?: [A-Za-z][\w&'\-]*){0,2}?)(?: now| these days)?$",
        _b_insured,
        False,
    ),
    # "for the broadband we went with Fibrewave in the end": the service named first
    (
        "note",
        rf"^for (?:the|our|my) (?P<svc>{_SERVICE}),? (?:we|I) {ADV}(?:went|have gone|decided to go|chose|picked|"
        rf"settled on|have settled on)(?: with| for)? (?P<org>{_PROVIDER})(?: in the end| now| instead)?$",
        _b_provider,
        False,
    ),
    # "Our local council is Marrowdale District Council", "the house is rented through Kestrel Lettings"
    (
        "note",
        rf"^(?:our|the|my) (?:local )?(?P<what>council|gp surgery|gp practice|doctors surgery|doctor's surgery|"
        rf"doctors' surgery|surgery|health centre|dental practice|dentist's|dentists|vets|vet's|local hospital|"
        rf"hospital|letting agent|letting agency|estate agent) (?:is|are) (?:at |with )?"
        rf"(?P<org>{NAME}(?: {NAME}){{0,3}})$",
        _b_household_named,
        False,
    ),
    (
        "note",
        rf"^(?:(?:we|I) rent (?:the|our|this|my) (?:house|flat|home|place|cottage|bungalow) |(?:the|our|this|my) "
        rf"(?:house|flat|home|place|cottage|bungalow) is rented )(?:through|from|via|with) "
        rf"(?P<org>{NAME}(?: {NAME}){{0,3}})$",
        _b_letting,
        False,
    ),
    # "We've switched the home internet over to Digicel", "we moved our electricity to Bord Gais": the new provider
    (
        "note",
        rf"^(?:we |I )?{ADV}(?:have )?{ADV}(?:moved|changed|switched|swapped)(?: (?:our|my|the))? "
        rf"(?:home |house |family )?(?P<svc>{_SERVICE})(?: (?:supplier|provider|company|network|deal))? "
        rf"(?:over |across )?to (?P<org>{_PROVIDER})(?: now| instead| for (?:their|the|a) [\w ]+)?$",
        _b_provider,
        False,
    ),
    # "we moved energy supplier, it's EDF now", "switched phone networks again, we're on Lebara now"
    (
        "note",
        rf"^(?:we |I )?{ADV}(?:have )?{ADV}(?:moved|changed|switched)(?: (?:our|my|the))? (?P<svc>{_SERVICE})"
        rf"(?: (?:supplier|provider|company|network|networks|deal))?(?: again)?,? "
        rf"(?:it is|it's|its|we are|we're|I am|I'm) (?:now )?(?:with |on )?(?P<org>{_PROVIDER})(?: now)?$",
        _b_provider,
        False,
    ),
    # "for load shedding we're in block 7", "our load shedding is group 7": which schedule the power cuts keep
    (
        "note",
        r"^(?:for |our |with )?load[- ]?shedding,? (?:schedule )?(?:for us )?(?:we are|is|we're|were)? ?(?:in )?"
        r"(?:stage \w+ )?(?P<kind>block|group|zone|area)? ?(?P<n>\d+[a-z]?|[a-z]+)\b",
        _b_load_shedding,
        False,
    ),
    # "our house is a three-bed semi": what kind of home
    (
        "note",
        r"^(?:our|the) (?:house|home|place) is (?:a |an )?(?=(?:one|two|three|four|five|six|\d)[- ]bed)"
        r"(?P<obj>.+)$",
        _b_home_kind,
        False,
    ),
    # "we live in a flat on the third floor": which floor, for whoever comes
    (
        "note",
        r"^(?:we|I) (?:live|are|am|stay)(?: in (?:a|an|the|our|my) (?P<home>flat|apartment|unit))? on the "
        r"(?P<floor>\w+) floor\b",
        _b_floor,
        False,
    ),
    # "we're a no-shoes house", "we don't wear shoes in the house": a house rule for everyone who comes in
    (
        "note",
        r"^we (?:are )?(?:a )?(?:no[- ]shoes?|shoes?[- ]off)(?: indoors)? (?:house|household|home)\b",
        _b_no_shoes,
        True,
    ),
    (
        "note",
        r"^(?:we|everyone|everybody) (?:do not|never|does not) (?:wear|keep) (?:our |their )?shoes (?:on )?"
        r"(?:in the (?:house|home)|indoors|inside|in here)\b",
        _b_no_shoes,
        True,
    ),
    (
        "note",
        r"^(?:(?:our|the|my) (?:neighbour|neighbor|lady next door|man next door|landlord|landlady) )?"
        rf"(?P<who>(?:Mrs|Mr|Ms|Miss|Dr|Auntie|Uncle|Nana|Gran|Granny|Grandma|Grandad)? ?{NAME}(?: {NAME})?)"
        r"(?: next door| from next door| at number \w+| over the road| across the road)?,? "
        r"(?:has|has got|keeps|holds) (?:a|the|our) spare (?:key|set of keys)\b",
        _b_key_holder,
        False,
    ),
    (
        "note",
        rf"^(?:we|I) {ADV}(?:are|am|have been) {ADV}with (?P<org>{_PROVIDER}) for (?:our |my |the )?(?P<svc>{_SERVICE})"
        rf",? and (?:with )?(?P<org2>{_PROVIDER}) for (?:our |my |the )?(?P<svc3>{_SERVICE})$",
        _b_two_providers,
        False,
    ),
    (
        "note",
        rf"^(?:we|I) {ADV}(?:are|am|have been) {ADV}with (?P<org>{_PROVIDER})(?: now)? for (?:our |my |the )?"
        rf"(?P<svc>{_SERVICE})(?: and (?:the |our |my )?{_SERVICE})?(?: now| these days)?$",
        _b_provider,
        False,
    ),
    (
        "note",
        rf"^(?:we|I) {ADV}(?:are|am|have been) {ADV}with (?P<org>(?-i:[a-z])[\w&'\-]*(?: [A-Za-z][\w&'\-]*)?)"
        rf"(?: now)? for (?:our |my |the )?(?P<svc2>{_SERVICE})(?: and (?:the |our |my )?{_SERVICE})?"
        rf"(?: now| these days)?$",
        _b_provider_said_low,
        False,
    ),
    (
        "note",
        rf"^(?:we|I) {ADV}(?:have )?{ADV}(?:switched|swapped|moved|changed|gone over)"
        rf"(?: (?:all )?(?:(?:our|my|the) )?(?:(?-i:[A-Z])\w+ )?(?P<whose>[\w\-]+'s )?(?P<svc>{_SERVICE})"
        # ("we switched from Sky to Virgin Media for broadband last month": the one left, and when)
        rf"(?: (?:provider|supplier|company))?)? (?:over )?(?:from {_PROVIDER} )?to (?P<org>{_PROVIDER})"
        rf"(?: for (?:our |my |the )?(?P<svc2>{_SERVICE}))?(?: now| there)?{_WHEN_SWITCHED}"
        r"(?:,? (?:the switch|it|that) (?:went through|happened|was)\b.*)?$",
        _b_provider,
        False,
    ),
    # "we've swapped to octopus energy for the electric": a provider the recogniser wrote in lower case, known by
    # the service named after it
    (
        "note",
        rf"^(?:we|I) {ADV}(?:have )?{ADV}(?:switched|swapped|moved|changed|gone over) (?:over )?"
        rf"(?:from (?-i:[a-z])[\w&'\-]*(?: (?-i:[a-z])[\w&'\-]*)? )?to "
        rf"(?P<org>(?-i:[a-z])[\w&'\-]*(?: (?-i:[a-z])[\w&'\-]*){{0,2}}) for (?:our |my |the )?(?P<svc2>{_SERVICE})"
        rf"(?: now)?{_WHEN_SWITCHED}(?:,? (?:the switch|it|that) (?:went through|happened|was)\b.*)?$",
        _b_provider_said_low,
        False,
    ),
    # "we've switched over to octopus energy now": a provider known by the service in its name
    (
        "note",
        # ("We switched from Zuku to Safaricom Home Fibre last month")
        rf"^(?:we|I) {ADV}(?:have )?{ADV}(?:switched|swapped|moved|changed|gone over) (?:over |across )?"
        rf"(?:from [\w&'\-]+(?: [\w&'\-]+)? )?to "
        r"(?P<org>[A-Za-z][\w&'\-]*(?: [A-Za-z][\w&'\-]*)? (?:home )?"
        rf"(?P<svc2>energy|broadband|mobile|insurance|fibre|fiber|water))(?: now)?{_WHEN_SWITCHED}$",
        _b_provider_said_low,
        False,
    ),
    (
        "note",
        rf"^(?:we|I) {ADV}(?:have )?{ADV}gone with (?P<org>{_PROVIDER}) for (?:our |my |the )?(?P<svc>{_SERVICE})"
        rf"(?: now)?$",
        _b_provider,
        False,
    ),
    # diet before work, so "I'm a vegetarian" is not a job
    (
        "diet",
        rf"^{SUBJ} {ADV}(?:am|are|have been|have always been|went|(?:have )?gone|became|have become|turned|"
        rf"am on|are on|follow|eat|keep|am following|are following|(?:am|are) (?:just |only |now )?(?:doing|eating)|"
        rf"(?:have )?(?:switched|changed|moved|gone over) to(?: being)?) {ADV}"
        rf"(?:an? |the |strict |strictly |fully |pure |totally |completely |full )*"
        rf"(?P<obj>{DIET})\b(?: (?:diet|food|lifestyle|household|family|house|meat))?",
        _b_diet,
        False,
    ),
    # "Ziggy is on a special kidney diet from the vet": a diet by what it is for, not a known kind
    (
        "diet",
        # ("now he is on millet diet": the article left out)
        rf"^{SUBJ} {ADV}(?:am|are|have been) {ADV}on (?:an?|the|this|(?=(?!science\b)[a-z]+ diet\b)) ?"
        rf"(?:special |strict |new |prescription |medical |"
        rf"vet's |doctor's )?(?P<obj>(?!(?:{DIET})\b)[a-z][a-z\-]+(?: [a-z][a-z\-]+)?) diet\b",
        _b_named_diet,
        False,
    ),
    (
        "diet",
        rf"^{SUBJ} {ADV}(?:do not|never) eat (?:any )?(?P<obj>meat or fish|fish or meat|meat and fish|meat|"
        rf"animal products|gluten|wheat|dairy)\b",
        _b_not_eating,
        True,
    ),
    # "Henrike doesn't eat pork", "I never eat red meat": a food left out, a diet of its own kind ("no pork");
    # another food, a note
    (
        "note",
        rf"^{SUBJ} {ADV}(?P<neg>do not|never|cannot) (?P<verb>eat|touch|drink|have) (?:any )?"
        r"(?:anything (?:with|containing) (?:any )?)?"
        # ("i don't eat pork anymore", Hawaii's "i no eat pork no more": since when, not what)
        r"(?P<obj>[a-z][a-z\-]*(?: (?!any ?more\b|no more\b|at all\b)[a-z][a-z\-]*)?)(?: in (?:it|them))?"
        r"(?:,? (?:any ?more|no more|at all))?"
        r"(?:,? (?:they|it|that|those) (?:make|makes|made|give|gives|upset|upsets|disagree|disagrees)\b.*)?$",
        _b_does_not_eat,
        True,
    ),
    # an age said alone: "I'm 42, for the record", "she's six", "about forty years old"
    (
        "note",
        rf"^I (?:am|'m|(?:have )?(?:just )?turned|(?P<will>will be|am going to be|am turning)) "
        rf"(?P<about>(?:about|around|nearly|almost|just|only|over) )?"
        rf"(?P<n>{_NUMW})(?P<half> and a half)?"
        # ("she's 14 months": a baby's age, in months, said without "old")
        r"(?: (?P<unit>years?|months?|weeks?) old| (?P<unit2>months|weeks)(?= and\b|$))?"
        r"(?:,? (?:now|for the record|by the way|today|last \w+|(?P<soon>next (?:month|week|year)|this year)))?"
        r"(?:,? and (?!a half)(?:still |also |only )?(?:has|does|is|goes|loves|likes|plays|came|lives|drives|works|"
        r"walks|swims|runs|cycles|cooks|eats|on)\b.*)?$",
        _b_age,
        False,
    ),
    # languages
    (
        "speaks",
        rf"^{SUBJ} (?:(?:also|only|can|still|mainly|mostly|both|all|really) )*(?:speak|speaks|"
        rf"{_AM} fluent in|(?P<learning>(?:{_AM} {ADV})?(?:learning|studying|doing|taking|trying to learn|picking up|"
        rf"(?:have )?(?:started|been) learning)(?: (?:a bit of|a little|some|a few words of))?)) (?P<obj>.+)",
        _b_speaks,
        False,
    ),
    # "Hamish is a native Gaelic speaker", "I can get by in Italian"
    (
        "speaks",
        # ("I'm a Tamil speaker, but ...", "a Luganda speaker originally from Masaka": a speaker of it, however well)
        rf"^{SUBJ} {ADV}(?:{_AM} an? (?:(?:native|fluent|first-language) )?(?P<obj>[A-Za-z]+) speaker"
        r"(?= originally\b|$)|"
        rf"can (?:get by|"
        rf"manage|cope|just about get by) in (?P<obj2>[A-Za-z]+)(?: on holiday| when I have to)?$)",
        _b_native_speaker,
        False,
    ),
    # "Lark is learning the cello", "I'm learning to drive": what one is learning (a language is read above)
    (
        "note",
        rf"^{SUBJ} {ADV}{_AM} {ADV}learning (?P<obj>(?:to [a-z]+(?: [a-z]+)?|(?:the |a |an |how to )?[a-z][a-z\-]+"
        rf"(?: [a-z][a-z\-]+)?))(?: (?:at the moment|at the minute|right now|these days|now|at school|on the side))?$",
        _b_learning,
        False,
    ),
    # "my Hindi is only so-so", "my Portuguese is rusty": a language spoken, however well
    (
        "speaks",
        r"^my (?P<obj>\w+) is (?:only |just |a bit |a little |pretty |quite |very |still )?(?:so-so|ok|okay|basic|"
        r"rusty|not great|not bad|not very good|not that good|decent|passable|poor|weak|broken|alright|all right)$",
        _b_speaks,
        False,
    ),
    (
        "speaks",
        r"^my (?:first language|mother tongue|native language|main language) is (?P<obj>\w+)$",
        _b_speaks,
        False,
    ),
    # "my English is okay too": a language one has, however well
    (
        "speaks",
        # ("okay" is a filler the sentence's end has lost)
        r"^my (?P<obj>\w+) is(?: (?:okay|ok|good|decent|alright|not bad|pretty good|fine|fluent|rusty|improving|"
        r"getting better|basic|passable)(?: too| as well| though)?)?(?:,.*)?$",
        _b_native_speaker,
        False,
    ),
    (
        "speaks",
        r"^(?P<obj>\w+) is my (?:first|second|third|other|main|home|native) language"
        r"(?: (?:really|though|now|too))?$|^(?P<obj2>\w+) is my (?:mother tongue)$",
        _b_native_speaker,  # ("... is his second language" is read as "he speaks ...")
        False,
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
        rf"{_HAVE}(?:an? |some )?(?:severe |serious |mild |bad |slight )?"
        rf"(?P<obj>[a-z][a-z \-]{{1,30}}?) (?P<kind>allergy|allergies|intolerance)\b",
        _b_allergy_noun,
        False,
    ),
    # "there's a nut allergy in this house": the household's, whoever has it
    (
        "allergy",
        r"^there is (?:an? )?(?:(?:severe|serious|bad|really bad) )?(?P<obj>[a-z][a-z \-]{1,20}?) "
        r"(?P<kind>allergy|allergies|intolerance) (?:in|at) (?:this|the|our) (?:house|household|home|family)\b",
        _b_house_allergy,
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
    (
        "allergy",
        r"^(?P<obj>[a-z][a-z \-]{1,30}?) (?:sets? off|triggers?) (?:my|our) (?:hay ?fever|allergies|allergy)\b",
        _b_allergy_trigger,
        False,
    ),
    (
        "allergy",
        rf"^I {ADV}(?:get|come out in|break out in|come up in|have) (?:an? )?(?:(?:bad|nasty|terrible|horrible|itchy|"
        r"red|awful|allergic) )?(?:rash|hives|reaction|swollen lips|swollen face|puffy eyes|itchy eyes|itchy skin|"
        r"stomach cramps|stomach ache|tummy ache) (?:whenever|every time|each time|when) (?:I|he|she|they|we) "
        r"(?:eat|eats|have|has|drink|drinks|touch|touches|am near|is near|are near|go near|goes near) (?P<obj>.+)",
        _b_allergy_symptom,
        False,
    ),
    (
        "allergy",
        rf"^(?:I {ADV}am (?:an? )?(?:coeliac|celiac)|{_HAVE}(?:coeliac|celiac)(?: disease)?)\b",
        _b_coeliac,
        False,
    ),
    # "I retired last year from the post office": where one worked, a note (the job itself is released elsewhere)
    (
        "note",
        rf"^I {ADV}(?:have )?{ADV}retired (?:(?:last|this) (?:year|month|week|summer|spring|autumn|winter) |"
        rf"in \d{{4}} |(?:a|two|three|four|five|a few|several) (?:years|months) ago )?(?:from|as) (?P<obj>.+)",
        _b_retired,
        True,
    ),
    (
        "note",
        r"^my blood (?:type|group) is (?P<obj>(?:AB|A|B|O)(?: ?(?:positive|negative|pos|neg|\+|-))?)$",
        _b_blood_type,
        False,
    ),
    # "our cat kumara eats the whiskas pouches", "milo's on whiskas pouches": a pet's food, by its maker (one at a time)
    (
        "note",
        rf"^I {ADV}(?:eat|am eating|have|am having|am on|am now on|am only on|am being tried on|am trying)(?: the)? "
        rf"(?P<obj>{PET_FOOD}(?: (?!now\b|from\b|every\b|the\b|so\b|and\b|but\b|because\b)[a-z]+){{0,2}})"
        r"(?: the [a-z]+(?: and [a-z]+)? ones?)?"
        # ("eats royal canin maxi adult twice a day": how often, after it)
        r"(?: (?:twice|once|three times) a day| every (?:day|morning|evening|night)| morning and night)?"
        r"(?: now\b.*| from now on| from today| these days| from the butcher\b.*)?(?:,.*)?$",
        _b_pet_food,
        False,
    ),
    # "i smoke about ten a day, rothmans blue", "baba smokes sportsman": what and how much (one note at a time)
    (
        "note",
        rf"^I {ADV}smoke (?P<obj>(?:about |around |maybe |roughly )?(?:\d{{1,2}}|[a-z]+(?: [a-z]+)?|a pack|a packet|"
        rf"(?-i:[A-Z])[\w ]+?)(?: a day| a week| cigarettes a day)?)(?:,? (?P<brand>[A-Za-z][\w ]+?))?"
        r"(?:,? (?:please |so |and |if |remind |but |for )\b.*)?$",
        _b_smokes,
        False,
    ),
    # what a helper should know: "I'm left-handed", "Ferdie is a bit deaf", "I carry an EpiPen", "I use a wheelchair"
    (
        "note",
        rf"^{SUBJ} {ADV}{_AM} {ADV}(?P<obj>(?:left|right)[- ]handed|(?:a (?:bit|little) |partially |profoundly "
        rf"|completely )?(?:deaf|blind)|hard of hearing|partially sighted|colou?r ?blind|registered blind|"
        rf"a wheelchair user|pregnant|(?:a )?(?:non-)?smoker|teetotal)$",
        _b_as_said,
        False,
    ),
    (
        "note",
        rf"^{SUBJ} {ADV}(?P<verb>carry|carries|use|uses|wear|wears|need|needs|have|have got) (?P<obj>an? "
        rf"(?:epipen|epi-pen|inhaler|hearing aid|walking stick|wheelchair|pacemaker|insulin pump|glucose monitor|"
        rf"mobility scooter|guide dog|cpap machine|stoma bag)|hearing aids|glasses|contact lenses|insulin|"
        rf"(?:an? )?(?:blue badge|walking frame|zimmer frame))(?=$| (?:for|when|at|every|all)\b|,)",
        _b_carries,
        False,
    ),
    # "grandad takes warfarin", "my mum's on insulin": a medicine one is on (what not to mix it with matters)
    (
        "note",
        rf"^{SUBJ} {ADV}(?:take|am on|are on|have to take|am taking|have been on|have been taking) "
        rf"(?:(?:my|his|her|daily|a daily|regular) )?(?P<med>{MEDICINE})"
        r"(?: (?:tablets?|pills?|injections?|patches|now|for (?:my|his|her) [a-z ]+))?$",
        _b_medicine,
        False,
    ),
    # "our labrador Bosco is on Apoquel for his itchy skin": a medicine by its brand, said with what it is for
    (
        "note",
        rf"^{SUBJ} {ADV}(?:take|am on|are on|have to take|am taking|have been on|have been taking) "
        r"(?P<med>(?-i:[A-Z][a-z]{3,}))(?: (?:tablets?|pills?|drops|injections?)| for (?:my|his|her|their) "
        r"(?:[a-z]+ ){0,2}?(?:skin|itch|itching|joints|arthritis|allergies|allergy|heart|thyroid|blood pressure|pain|"
        r"anxiety|seizures|fits|asthma|ears|eyes|stomach|tummy|bladder|kidneys|hips?|knees?|back))(?:,.*)?$",
        _b_medicine,
        False,
    ),
    # "i go to les mills in britomart", "I've got a membership at Virgin Active", "switched to anytime fitness": the
    # gym one goes to (one at a time)
    (
        "note",
        rf"^(?:I {ADV}(?:go to|train at|have got a membership (?:at|with)|have a membership (?:at|with)|"
        rf"am (?:now )?(?:at|with|a member (?:at|of))|am going to|joined|have joined|have just joined)|"
        rf"(?:I |we )?(?:have )?(?:switched|moved|changed) (?:over )?to) (?:the )?(?P<obj>{GYM})"
        # ("planet fitness on route 9": where it is)
        r"(?: (?:on|in|at) (?:the )?[\w']+(?: [\w']+){0,2}?)?(?: now| these days)?(?:,.*)?$",
        _b_gym,
        False,
    ),
    # "I'm the treasurer of the allotment society": a role one holds (released when one steps down)
    (
        "note",
        rf"^I {ADV}am (?:the |a |an )?(?:club |school )?(?P<role>{_alt(ROLES_HELD)}) (?:of|for|at|on) "
        r"(?:the |our |my )?(?P<org>[\w'\- ]+?)(?:,.*)?$",
        _b_role_held,
        False,
    ),
    # "I'm a member of the Lowmoor Rambling Club": what one belongs to, a note a release can name
    (
        "note",
        rf"^{SUBJ} {ADV}(?:am|are|have been) (?:an? )?(?:(?:proud|paid-up|life|long-standing|founding) )?"
        # ("a member at the nyali golf club": a club by its kind, in lower case)
        rf"members? (?:of|at) (?:the )?(?P<org>{NAME}(?: {NAME}){{0,4}}"
        r"(?: (?:golf|tennis|rugby|cricket|sports|country|social|yacht|sailing|"
        r"bowls|bowling|squash|swimming|running|cycling|football|hockey|gaa|rowing) club)?)$",
        _b_member,
        False,
    ),
    # "Reuben plays for Ashcombe Rovers": one club at a time (the note of its kind, superseded by the next)
    (
        "note",
        rf"^{SUBJ} {ADV}(?:play|plays|have played|am playing|are playing)(?: (?:football|rugby|cricket|netball|hockey|"
        rf"basketball|water polo|handball|lacrosse))? (?:for|with) (?:the )?(?P<org>{NAME}(?: {NAME}){{0,3}})"
        rf"(?: now| these days| this season| on (?:saturdays|sundays|weekends))?$",
        _b_club,
        False,
    ),
    # "I volunteer at the Fernside food bank at weekends", "she sings in the Holloway Vale community choir"
    (
        "note",
        rf"^{SUBJ} {ADV}(?P<verb>volunteer|volunteers|sing|sings|play|plays) (?P<prep>at|in|for|with) "
        rf"(?P<obj>(?:the |a |an )?(?:(?-i:[A-Z])[\w'\-]*|[a-z][\w'\-]*)(?: [\w'\-]+){{0,5}}?"
        rf" (?:food bank|foodbank|charity shop|hospice|hospital|library|choir|band|orchestra|club|team|church|"
        rf"school|museum|shelter|centre|center|scouts|brownies|guides|cubs|rescue|trust))"
        rf"(?: (?:at weekends|on (?:{WEEKDAY})s?|every \w+|once a \w+|twice a \w+))?$",
        _b_volunteers,
        False,
    ),
    # health: "I have type 2 diabetes", "dad's got a heart condition", "she suffers from migraines", "I'm diabetic"
    (
        "note",
        rf"^{SUBJ} {ADV}(?:have|have got|suffer from|live with|am living with|(?:have been|was|were|got) {ADV}"
        rf"diagnosed with) (?:(?:really |quite |very )?(?P<stage>bad|severe|mild|chronic|early|early onset|early stage|"
        rf"early-stage|late stage|advanced|moderate|vascular) )?"
        rf"(?P<obj>{_CONDITION})(?=$|[ ,])",
        _b_condition,
        False,
    ),
    # "she uses a walker", "he carries an EpiPen", "mum's just had a hip replacement", "Lerato is expecting twins
    # in June": what a carer or a visitor should know of
    (
        "note",
        rf"^{SUBJ} {ADV}(?P<verb>use|uses|am using|are using|carry|carries|need|needs|rely on|relies on) "
        r"(?P<obj>(?:an? )?(?:walker|walking stick|walking frame|stick|zimmer(?: frame)?|wheelchair|mobility scooter|"
        r"hearing aids?|epipen|epi-pen|inhaler|cpap(?: machine)?|oxygen|insulin pump|catheter))"
        r"(?: (?:everywhere|now|these days|all the time|indoors|outdoors|to get around))?$",
        _b_aid,
        False,
    ),
    (
        "note",
        rf"^{SUBJ} {ADV}(?:have|has) {ADV}(?:had) (?P<obj>an? (?:hip|knee|shoulder) replacement|a stroke|"
        r"a heart attack|a bad fall|a fall|an operation on (?:her|his|my) \w+|a bypass|a mastectomy|a hysterectomy)\b",
        _b_had,
        False,
    ),
    (
        "note",
        rf"^{SUBJ} {ADV}{_AM} (?:now )?(?:expecting|pregnant(?: with)?)(?: (?P<what>twins|triplets|a (?:boy|girl|baby)"
        rf"|(?:her|his|their|our|my) (?:first|second|third|fourth) (?:baby|child)?))?(?: in (?P<when>{MONTH}))?"
        r"(?=$|[ ,])",
        _b_expecting,
        False,
    ),
    # ("my dad's a type two diabetic, has been for years": the article, and how long, said with it)
    (
        "note",
        rf"^{SUBJ} {ADV}{_AM} (?:an? )?(?P<obj>{_alt(sorted(_CONDITION_OF))})"
        r"(?:,? (?:has been|have been|been|since)\b.*)?$",
        _b_condition,
        False,
    ),
    # work
    (
        "works_as",
        rf"^I {ADV}(?:work|(?:am|have been|have) {ADV}(?:working|worked|employed))(?: {_WORK_HOURS})* as "
        rf"(?P<obj>.+)",
        _b_work_as,
        False,
    ),
    (
        "works_at",
        rf"^I {ADV}(?:work|have a job|(?:am|have been|have) {ADV}(?:working|worked|employed)|(?:have )?{ADV}started "
        # ("i resumed at flutterwave last monday": began there, as Nigeria says it)
        rf"(?:working|work|my new job|a new job)|(?P<started>(?:have )?{ADV}(?:started|joined|resumed))|(?:have )?{ADV}"
        rf"(?:got|landed|taken|been offered|accepted|have got) (?:a|an|the) (?:new )?(?:(?:part|full)[- ]time )?"
        rf"(?:job|position|post|role|place))(?: (?:on )?(?:(?:{WEEKDAY})s?|weekends|part[- ]time|full[- ]time|"
        rf"nights|evenings|days|(?:(?:weekend|night|day|late|early|evening|morning) )?shifts))?"
        rf"(?: in (?:the |a )?[a-z]+(?: [a-z]+)?(?: office| department| team| shop| warehouse)?)? "
        rf"(?:at|for|by|with) (?P<obj>.+)",
        _b_work_at,
        False,
    ),
    # "i'm working in aldi in tallaght", "working in infosys, gachibowli campus, as a test engineer": "in" an
    # employer, told from "in" a town by the town or the branch or the job said after it
    (
        "works_at",
        rf"^I {ADV}(?:work|(?:am|have been) {ADV}working) in "
        rf"(?P<obj>(?-i:[A-Z])[\w&'\-]*(?: (?-i:[A-Z])[\w&'\-]*){{0,2}}"
        rf"(?= in (?-i:[A-Z])|,? (?:the )?(?:[\w\-]+ ){{0,2}}(?:campus|branch|office|depot|store)\b|,? as\b)"
        rf"(?:,? (?:the )?(?:[\w\-]+ ){{0,2}}(?:campus|branch|office|depot|store)\b)?(?: in [\w ]+?)?(?:,? as .+)?)"
        rf"(?:,? on .*|,? (?:mostly|mainly) .*)?$",
        _b_work_at,
        False,
    ),
    # "I run a small pottery studio called Kilnhouse", "Philippa runs a bakery in Totnes called Crumb and Co": the
    # business one runs is where one works
    (
        "works_at",
        rf"^I {ADV}(?:run|own|have|am running|have started|started|have opened|opened) (?:an?|my own|our own) "
        rf"(?:(?:small|little|tiny|busy|new) )?"
        rf"(?P<mods>(?:[a-z\-]+ ){{0,2}}?)"
        rf"(?P<kind>business|shop|studio|cafe|café|restaurant|salon|bakery|pub|company|firm|practice|nursery|b&b|"
        rf"bed and breakfast|garage|farm|florist|florists|gallery|workshop|kennels|cattery|bar|deli|bookshop|"
        rf"guest house|guesthouse|hotel|agency|clinic|gym|school|food truck|food van|stall|market stall|catering "
        rf"business|van)(?: in (?P<town>{NAME}(?: {NAME})?))?,? (?:it is |it's )?"
        rf"(?:called|named) (?P<obj>{NAME}(?: (?:{NAME}|and|&|of|the))*)$",
        _b_runs,
        False,
    ),
    # "I'm training to be a midwife at Carnmoor University": what one is training for, and where
    (
        "note",
        rf"^I {ADV}am (?:currently )?(?:training|studying) (?:to (?:be|become)|as) (?:an? )?"
        rf"(?P<obj>[a-z][a-z\-]*(?: (?!with\b|at\b|now\b)[a-z][a-z\-]*)?)(?: at (?P<school>{NAME}(?: (?:{NAME}|of))*)|"
        rf" with (?:the )?[\w ]+?)?(?: now)?$",
        _b_training,
        False,
    ),
    # "Kwabena is doing an apprenticeship as an electrician": an apprentice of the trade
    (
        "works_as",
        rf"^I {ADV}(?:am|have) {ADV}(?:doing|started|starting|on|got|begun) (?:an|my|a) (?:new )?apprenticeship "
        rf"(?:(?:as an?|in) (?P<obj>[a-z][a-z\-]*(?: (?!at\b|with\b|for\b)[a-z][a-z\-]*)?))?(?P<rest>.*)$",
        _b_apprentice,
        False,
    ),
    # "she's moved again, Orla's in Port Calloway now", "we've moved house, we're in Crossfell now": a place by name
    (
        "lives_in",
        rf"^{SUBJ} {ADV}(?:am|are) (?:now )?(?:in|on) (?P<obj>.+?)(?: now)?"
        rf"(?: with (?:my|our|his|her|their) [a-z]+(?: [a-z]+)?)?$",  # "she's in Kilkenny now with my aunt"
        _b_in_now,
        False,
    ),
    # "he transferred to riyadh now, same company": a town moved to for the same employer, where one lives
    (
        "lives_in",
        rf"^I {ADV}(?:have |had )?(?:been |got |was |am being |am )?{ADV}(?:transferred|posted|moved) "
        rf"(?:over |across )?to (?!.*{SHORT_STAY})(?P<obj>{NAME})(?: now)?,? (?:with )?(?:the )?same (?:company|firm|"
        r"employer|agency|bank)\b.*$",
        _b_lives_in,
        False,
    ),
    # "Teodor got transferred to the Ossington depot", "he's now based at head office in Carrowmore"
    (
        "works_at",
        rf"^I {ADV}(?:have |had )?(?:been |got |was |am being |am )?{ADV}(?:transferred|posted|seconded) "
        rf"(?:over |across )?to (?!.*{SHORT_STAY})(?P<obj>.+)",
        _b_work_at,
        False,
    ),
    # "TSC has transferred me to Kapsabet Boys", "they have posted me to St Patrick's Iten": where one is sent to work
    (
        "works_at",
        r"^(?:they|the (?:school|board|company|council|ministry|bank|hospital|church|district|firm)|"
        r"(?-i:[A-Z]{2,5})) "
        rf"{ADV}(?:have |has |had )?{ADV}(?:transferred|posted|moved|sent|deployed|redeployed) me (?:over |across )?to "
        rf"(?!.*{SHORT_STAY})(?P<obj>(?-i:[A-Z]).+)",
        _b_work_at,
        False,
    ),
    ("works_at", rf"^I {ADV}(?:am|have been) {ADV}based (?:at|out of) (?P<obj>.+)", _b_work_at, False),
    # "I work on the paediatric ward", "they moved me to the maternity ward", "now I'm in the emergency department":
    # the ward one works on (one at a time)
    (
        "note",
        rf"^(?:I {ADV}(?:work|am|am working|have been|have been working)(?: now)? (?:on|in)|(?:they|the hospital|"
        rf"my manager|the trust) {ADV}(?:have |has )?{ADV}(?:moved|transferred|put|sent) me (?:on|to|onto)) the "
        r"(?P<obj>(?!same\b)[a-z]+(?: [a-z]+)?) (?P<k>ward|department|unit)\b(?: (?:at|in) [\w' ]+?)?"
        r"(?: now| going forward| last week| this week| from (?:monday|next week))?(?: so .*)?$",
        _b_ward,
        False,
    ),
    # "They've made me deputy manager at Ferncroft", "I got promoted to team leader"
    (
        "works_as",
        rf"^(?:they|the company|work|my boss|I) {ADV}(?:have |has |had )?{ADV}(?:made me|promoted me to|"
        # ("I've been made up to teacher": promoted)
        rf"(?:been |got |was )promoted to|(?:been |got |was )made(?: up to)?|moved me up to) (?:an? |the )?(?P<obj>.+)",
        _b_work_as,
        False,
    ),
    # "I'm managing the Fenwick Arms now": the place one manages
    (
        "works_at",
        rf"^I {ADV}am (?:now )?(?:managing|running) (?P<obj>(?:the )?[\w'&\-]+(?: [\w'&\-]+){{0,3}}?)"
        r"(?: now| these days)?$",
        _b_manages,
        False,
    ),
    # "she's left Pryce and Dunmore, she's gone to Hallam Vance instead": the new employer after a left one
    (
        "works_at",
        rf"^I {ADV}(?:have )?(?:(?:gone|moved|switched) (?:over |across )?to|ended up(?: working)? at) "
        rf"(?P<obj>(?:the )?[\w'&\-]+(?: [\w'&\-]+){{0,4}}?)(?: instead| now)?$",
        _b_gone_to_after_leaving,
        False,
    ),
    # "I've been at Greggs head office for about six years now": where one has worked for years
    (
        "works_at",
        rf"^I {ADV}have {ADV}been (?:at|with) (?P<obj>(?:the )?(?-i:[A-Z])[\w'&\-]*(?: [\w'&\-]+){{0,3}}?) "
        r"(?P<years>for (?:about |nearly |almost |over |around )?(?:\d+|a|two|three|four|five|six|seven|eight|nine|ten|"
        r"eleven|twelve|fifteen|twenty|a few|a couple of) (?:years?|months?)(?: now)?)$",
        _b_work_at,
        False,
    ),
    # "I'm on the tills at Sainsbury's", "doing delivery driving for Amazon": a post somewhere is work there
    (
        "works_at",
        rf"^I {ADV}(?:am|have been) (?:now )?(?:on (?:the )?(?:tills?|checkouts?|counter|desk|reception|front desk|"
        rf"phones|night shift|nights|days|shop floor|bar|door|pharmacy counter)|doing (?:[a-z]+ ){{1,2}}?(?:driving|"
        rf"work|shifts|deliveries)|working (?:on|in) (?:the )?(?-i:[a-z]+)(?: (?-i:[a-z]+))?) (?:at|for|in) "
        rf"(?P<obj>.+)",
        _b_work_at,
        False,
    ),
    ("works_at", rf"^I {ADV}am (?:now )?(?:at|with) (?P<obj>.+)", _b_now_at, False),
    ("works_as", rf"^I {ADV}(?:teach|have taught|have been teaching|am teaching) (?P<obj>.+)", _teacher, False),
    (
        "works_as",
        rf"^I {ADV}(?:am|(?P<perfect>have {ADV}been)) (?:now |currently |still )?(?:an? |the )"
        # ("a nurse aide": the job's head is the last of the words that name jobs)
        rf"(?P<mods>(?:[a-z\-]+ ){{0,2}}?)(?P<occ>{OCC})\b(?! (?:{OCC})\b)"
        r"(?P<rest>.*)$",
        _b_occupation,
        False,
    ),
    # "I'm the head groundskeeper up at Larchmere Golf Club": a role the list lacks, said with where it is done
    (
        "works_as",
        rf"^I {ADV}(?:am|(?P<perfect>have {ADV}been)) (?:now |currently |still )?(?:an? |the )"
        rf"(?P<mods>(?:[a-z\-]+ ){{0,2}}?)"
        rf"(?P<occ>(?!{_NOT_A_ROLE}\b)[a-z\-]+(?:er|or|ist|ian|man|woman|keeper|smith|ant|ent|ic|eer|ee|ary|ger|ive))"
        r"(?P<rest>\s+(?:up |down |over |out )?(?:at|for|with|in|near) .+|(?:\s+(?:now|there now|there))?)$",
        _b_unlisted_role,
        False,
    ),
    # family and pets stated with their names
    (
        "family_member",
        rf"^(?:my|our|the(?= baby\b)) (?:(?P<adj>{REL_ADJ}) )?(?P<rel>{_KNOWN})(?: is| are)? (?:called|named) "
        rf"(?P<obj>.+)",  # ("the baby is called ruby")
        _b_family_named,
        False,
    ),
    # "my twin girls are Isla and Maeve", "our kids are Jack and Lily", "the twins ava and isla (are ...)": each one
    (
        "family_member",
        r"^(?:my|our|the) (?:two |three |four )?(?P<rel>twin girls|twin boys|twins|kids|children|girls|boys|daughters|"
        rf"sons)(?: are| is)? (?:called |named )?(?P<obj>{NAME}(?:, {NAME})*,? and {NAME})"
        r"(?=$|,|\s+(?:they|both|who|are|turn|have|love|go|do)\b)",
        _b_family_each,
        False,
    ),
    # "the cleaner's called Dorota": the household's help, said as "the" one
    (
        "name",
        rf"^(?:the|our|my)(?: new)? (?P<rel>{_alt(sorted(_HIRED_HELP))})(?:(?:'s|s| is) (?:called|named)| is(?: now)?) "
        rf"(?P<obj>{NAME})(?: now)?(?:,? (?:from|since|starting) (?:this|next|last|today|tomorrow|monday|the)\b.*"
        # ("our babysitter is kayla from down the street", "rosa from church": where she is from)
        r"|,? from (?:down the (?:street|road)|next door|across the (?:street|road)|over the road|church|the village|"
        r"the estate|the parish|round the corner)\b.*)?$",
        _b_family_named,
        False,
    ),
    (
        "family_member",
        rf"^(?:my|our) (?:(?P<adj>{REL_ADJ}) )?(?P<rel>{_KNOWN})(?:'s| is) name is (?P<obj>.+)",
        _b_family_named,
        False,
    ),
    (
        "family_member",
        # ("the new childminder from monday is gemma": who it is from when)
        rf"^(?:my|our|the(?= new)) (?:(?P<adj>{REL_ADJ}) )?(?P<rel>{_KNOWN})(?: this year| now| these days| from "
        r"(?:now on|next week|next month|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day))? is (?:now )?"
        rf"(?P<obj>{NAME})\b",
        _b_family_is,
        False,
    ),
    (
        "family_member",
        # ("Farah is the twins' childminder": theirs, as the household's)
        rf"^(?P<obj>{NAME}) is (?:my|our|the (?:twins|kids|children|boys|girls)'|the children's) "
        rf"(?:(?P<adj>{REL_ADJ}) )?(?P<rel>{_KNOWN})\b",
        _b_family_is,
        False,
    ),
    ("pet", rf"^(?:my|our) (?P<kind>{PET})(?: is| are)? (?:called|named) (?P<obj>.+)", _b_pet_named, False),
    # "Biscuit is our springer spaniel": the pet named first
    ("pet", rf"^(?P<obj>{NAME}) is (?P<whose>our|my) (?P<kind>{PET})$", _b_pet_is, False),
    # "reg ends in xkd", "registration KDA four five six Y": the car's registration, as said or in part
    (
        "note",
        r"^(?:(?:the|our|my) )?(?:(?P<what>car|van|bike|motorbike|camper)(?:'s)? )?(?:registration|reg|number plate|"
        r"plate)(?: number)?(?: is)? ?(?P<part>ends (?:in|with)|starts (?:with|in))? ?"
        r"(?P<obj>[\w\-]+(?: [\w\-]+){0,8})$",
        _b_registration,
        False,
    ),
    # "the wifi password is bluefinch42", "the door code is 4471": the household's codes (one each)
    (
        "note",
        r"^(?:(?:the|our) )?(?P<what>(?:guest |main |home |upstairs |downstairs )?(?:wi-?fi password|wi-?fi code)|"
        r"code for the (?:garage|gate|front door|back door|door|alarm|key safe|shed|bike lock|padlock)|"
        # ("Gate code for the estate is 2580")
        r"(?:gate|door|alarm|garage) code for the [a-z]+|"
        r"door code|alarm code|key safe code|gate code|postcode|post code|eircode|zip code|"
        r"garage code|bike lock code|router password|"
        r"(?:(?!my |his |her |their )[a-z]+ ){0,2}(?:code|passcode|pin|combination|lock code|password)|"
        # "our landline number is 01 834 2290": the household's phone
        r"(?:landline|home phone|house phone|home|house)(?: phone)? number)"
        rf" is (?P<obj>\+?\d[\d \-]{{4,18}}\d|(?:{_DIGIT_WORD})(?: (?:{_DIGIT_WORD})){{2,7}}|"
        # ("lagos two four six eight": a word, then digits said one by one)
        # ("Mango!Tree2019": a password with its signs)
        rf"[\w\-]+(?: (?:{_DIGIT_WORD})){{2,7}}|[\w\-!@#$%&*+=]+(?: [\w\-]+){{0,2}}?)"
        # "four nine one seven only for family mind": who it is for, said after it; how it is written
        rf"(?: (?:only|just) for (?:family|us|the family|emergencies|the kids)\b.*)?"
        r"(?:,? (?:do not|don't|dont) (?:tell|give it to) (?:the kids|anyone|anybody|the children|strangers)\b.*)?"
        # ("four one nine two then hash": the key pressed after it)
        r"(?P<key>,? (?:then|and then|followed by) (?:the )?(?:hash|star|pound|enter|ok|#|\*)(?: key)?)?"
        r"(?:,? (?:all )?(?:lower|upper|small|capital) ?(?:case|letters)|,? no spaces|,? all one word|"
        r",? (?:with )?(?:a )?capital [A-Za-z]|,? no (?:capitals|caps|capital letters|spaces))*$",
        _b_code,
        False,
    ),
    # "the wifi is called okaforhome": the network's name
    (
        "note",
        r"^(?:the|our) (?:(?P<which>guest|main|home|upstairs|downstairs) )?(?:wi-?fi|wireless)(?: network)?"
        r"(?: is called| name is| is) (?P<obj>[\w\-]+(?: [\w\-]+)?)$",
        _b_wifi_name,
        False,
    ),
    # "I play netball for the county": a sport one plays is a sport one is into
    (
        "likes",
        # (played on a day it is a routine: "Aoife plays football on Saturdays")
        rf"^I {ADV}(?P<verb>play) (?P<obj>{_SPORT})\b(?: (?:for|with|in) (?!.*\b(?:{WEEKDAY}|week|weekend)s?\b).+"
        # ("Aroha plays netball every chance she gets": as often as she can)
        r"| (?:every chance (?:I|he|she|they|we) (?:gets?|can)|whenever (?:I|he|she|they|we) can|any chance .*))?$",
        _b_sport,
        False,
    ),
    # "our dog's a rescue greyhound called Dash": the kind said again, then the name
    (
        "pet",
        rf"^(?:my|our) (?P<kind>{PET}) is an? (?:[a-z\-]+ ){{0,3}}?(?:called|named) (?P<obj>.+)",
        _b_pet_named,
        False,
    ),
    ("pet", rf"^(?:my|our) (?P<kind>{PET})(?:'s| is) name is (?P<obj>.+)", _b_pet_named, False),
    (
        "pet",
        rf"^the (?P<kind>{PET})(?:'s|s| is) (?:called|named) (?P<obj>(?:(?-i:[A-Z])|(?=[a-z]+$))\S+)$",
        _b_the_pet_named,
        False,
    ),
    # "the cats are Mango and Pepper", "the cat's Mango": the household's pets by name, nothing else said
    (
        "pet",
        rf"^the (?P<kind>{PET})(?:'s| is| are) (?P<obj>(?-i:[A-Z])[a-z\-]+(?:(?:,| and|, and) (?-i:[A-Z])[a-z\-]+)*)$",
        _b_the_pets_are,
        False,
    ),
    # "Hamish is going out with Lorna", "he's seeing Isla now", "engaged to a woman called Catriona": a partner
    (
        "family_member",
        rf"^I {ADV}(?:am|have been) {ADV}(?:going out with|seeing|dating|engaged to|married to|with)"
        rf" (?:(?:a|an) (?:woman|man|girl|guy|lad|lass|bloke) (?:called|named) |(?P<someone>someone|somebody) "
        rf"(?:new )?(?:called|named) )?(?P<obj>(?!(?:Dr|Doctor)\b){NAME})"
        r"(?: now| these days)?$",
        _b_partner,
        False,
    ),
    # "so the kids now go to a new childminder called Sunniva Blake": a new one in a household's role, named
    (
        "family_member",
        # (not "Walter has a new carer called Ayodele": Walter's, read when the clause is about him)
        rf"^(?!.*\b(?:has|have|'s got|'ve got)\b).*?\b(?:a|our|the) new (?P<rel>{_NEW_ROLE}) (?:called|named) "
        rf"(?P<obj>{NAME})(?:$|(?=,|\s+(?:who|and|from|in)\b))",
        _b_family_named,
        False,
    ),
    # "Walter has a new carer called Ayodele": one who is known by their role, named
    (
        "family_member",
        rf"{_HAVE}(?:an? )?(?:new )?(?P<rel>{_alt(_NOT_KIN)}) (?:called|named) (?P<obj>{NAME})"
        r"(?:$|(?=,|\s+(?:in|at|on|from|who|upstairs|downstairs)\b))",
        _b_family_named,
        False,
    ),
    ("family_member", rf"{_HAVE}(?P<rest>.+)", _b_have, False),
    # "I run a salon in Kitengela", "Mutale is running her own tuck shop near the market": a business of one's own
    (
        "works_as",
        rf"^(?!we\b){SUBJ} {ADV}(?:run|runs|am running|is running|own|owns|opened|started) "
        r"(?:a|an|my own|his own|her own|their own|my|his|her) (?:own )?(?:little |small |family )?"
        r"(?P<obj>(?:tuck |spaza |corner |barber |coffee |food |market |hair |nail |beauty |dress |phone |cake |"
        r"catering |cleaning |printing |tailoring |plumbing |building |gardening |landscaping )?"
        r"(?:shop|salon|barbershop|restaurant|cafe|café|bakery|business|company|bar|pub|takeaway|boutique|pharmacy|"
        r"stall|kiosk|nursery|daycare|creche|crèche|guesthouse|guest house|b&b|bnb|food truck|chop bar|canteen|"
        r"garage|workshop|studio|agency|consultancy|practice|firm))"
        r"(?: (?:in|near|on|at|by|off|down|up|out|from) [\w'\- ]+?)?"
        r"(?:,? (?:full[- ]time|part[- ]time|now|these days))*"
        r"(?:,? (?:that's|thats|that is|it's|its) (?:my|his|her|their) (?:business|work|job)|,.*)?$",
        _b_runs_business,
        False,
    ),
    # "I drive a taxi", "Dad drives a bus": a job said by what one drives (not "I drive a Volvo")
    (
        "works_as",
        rf"^{SUBJ} {ADV}drive (?:an? )?(?P<obj>taxi|cab|minicab|black cab|bus|school bus|lorry|truck|hgv|forklift|"
        r"tractor|ambulance|tram|train|delivery van|matatu|boda boda|boda|tuk[- ]?tuk|jeepney|tricycle|"
        # ("i drive a taxi in gaborone like mostly the airport run", "my uncle shafiq drives a cng in mirpur": where,
        # said after it)
        r"cng|bajaji|bajaj|keke|okada|danfo|rickshaw|auto rickshaw|minibus|kombi|combi|coach|taxis|buses|lorries|"
        r"trucks)"
        r"(?: for (?:a living|work|a firm|a company))?(?:,? (?:on )?the [\w\- ]+ route)?(?: mostly)?"
        r"(?:,? (?:has done|have done|been doing it|for (?:years|ages))\b.*|"
        r",? (?:here )?(?:in|around|round|out of|from) "
        r"(?!the (?:evenings?|mornings?|week|day|summer|winter)\b)[\w\- ]+(?:,? (?:like |mostly |mainly )+.*)?)?$",
        _b_drives_for_work,
        False,
    ),
    # possessions: a brand or a closed list of things ("I drive a Volvo", "we have got a blue Toyota")
    (
        "owns",
        rf"^{SUBJ} {ADV}(?P<verb>drive|ride|am driving|are driving|have|have got|have had|own|got|bought|have bought|"
        r"have just bought|"
        r"just bought|picked up|have picked up|put in|have put in|put|have put|installed|have installed|fitted|"
        r"have fitted) "
        rf"(?:got )?(?:(?:him|her|my|them|our)sel(?:f|ves) )?"
        rf"(?P<obj>(?:an?|two|three) .+)",
        _b_owns,
        False,
    ),
    (
        "owns",
        r"^(?:my|our|the) (?:(?:family|second|other|new|old|work|main|little) )*(?P<what>car|van|bike|motorbike) "
        r"is (?P<obj>(?:an?|the) .+)",  # ("our car is the silver corolla")
        _b_owns,
        False,
    ),
    # "we pay for netflix and hulu", "we've got Disney Plus": what the household streams, each a subscription
    (
        "owns",
        rf"^(?P<s>we|I) {ADV}(?:have|have got|got|pay for|subscribe to|are subscribed to|am subscribed to|use|get) "
        r"(?:the )?"
        rf"(?P<obj>{_STREAMING}(?:(?:,|,? and) (?:the )?{_STREAMING})*)(?: now| as well| too)?(?:,.*)?$",
        _b_streaming,
        False,
    ),
    # "there's a generator for when the power goes": a thing of the house, said by where it is
    ("owns", r"^there is (?P<obj>an? .+)", _b_there_is, False),
    # "the smart TV in the lounge is a Samsung": a thing of the house, by its make
    (
        "owns",
        r"^(?:the|our) (?P<thing>(?:smart )?(?:tv|telly|television)|fridge(?: freezer)?|freezer|oven|cooker|dishwasher|"
        r"washing machine|tumble dryer|dryer|hoover|vacuum|speaker|router|printer|laptop|computer|microwave|"
        rf"coffee machine|air fryer|{_KIT_BY_MAKE.pattern})"
        r"(?: (?:in|on) the [a-z']+(?: [a-z']+)?)? is (?:an? )?(?:old |new |big )?"
        rf"(?P<make>(?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?|{_HOME_KIT_MAKES.pattern})(?: one)?$",
        _b_made_by,
        False,
    ),
    # "the generator is diesel": a thing of the house, by what it runs on
    (
        "owns",
        r"^(?:the|our) (?P<thing>generator|gen|genny|cooker|hob|oven|boiler|water heater|geyser|heater|car|van) is "
        r"(?:a |an )?(?P<fuel>diesel|petrol|gas|electric|solar|hybrid)(?: one)?$",
        _b_runs_on,
        False,
    ),
    # "the boiler's a Vaillant": the house's boiler, by its make
    (
        "owns",
        r"^(?:(?:my|our|the) )?(?:(?:new|old|gas|combi) )?boiler is an? "
        r"(?P<make>(?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?)(?: combi)?$",
        _b_boiler_make,
        False,
    ),
    # the house's kit, said with or without an article: "we've got solar panels and a Tesla Powerwall", "we have a
    # heat pump now not a gas boiler"
    (
        "owns",
        rf"^{SUBJ} {ADV}(?:have|have got|got|have had|had|have just had|put in|have put in|installed|have installed|"
        rf"put|have put) (?:(?:some|new|a new|an?) )?(?P<obj>{_KIT})"
        r"(?= now\b|$| (?:and|on|in|fitted|installed|put)\b|,)",
        _b_kit,
        False,
    ),
    (
        "owns",
        rf"^{SUBJ} {ADV}(?:have|have got|got|own) (?:an? )?(?P<obj>season ticket|membership|annual pass) "
        rf"(?:for|at|to) (?P<club>{NAME}(?: {NAME})*)$",
        _b_season_ticket,
        False,
    ),
    # "he's terrified of the hoover": a fear is no taste, a note of what to keep away (the sets, 21 to 11)
    (
        "note",
        rf"^{SUBJ} {ADV}(?P<verb>{_AM} {ADV}(?:really |very |so |terribly |quite |a bit |a little )?(?:scared|afraid|"
        rf"terrified|frightened|petrified) of) (?P<obj>.+)",
        _b_scared_of,
        False,
    ),
    (
        "dislikes",
        r"^(?P<obj>[a-z][a-z \-]{1,40}?) (?P<verb>drives? me (?:mad|crazy|nuts|insane|up the wall|round the bend)|"
        r"gets? on my nerves|annoys? me|makes? me sick|grosses? me out|disgusts? me|puts? me off)",
        _b_drives_me,
        False,
    ),
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
        rf"^{SUBJ} {ADV}(?P<verb>love|like|enjoy|adore|(?:am|are) {ADV}(?:quite |super )?(?:into|"
        rf"fond of|keen on|passionate about|crazy about|mad about|nuts about|obsessed with|partial to|a sucker for|"
        rf"(?:an? )?(?:big |huge |massive )?fans? of)) (?:(?:a )?(?:bit|little bit) of )?(?P<obj>.+)",
        _b_preference("likes"),
        False,
    ),
    # "I'm a keen birdwatcher", "she's an avid reader", "he's a keen tennis player": the activity is liked
    (
        "likes",
        rf"^{SUBJ} {ADV}(?:am|are) {ADV}(?:an? )?(?:really |very |quite )?(?:keen|avid|passionate|enthusiastic|"
        rf"big|huge|mad|serious|dedicated|committed|obsessive|proper) (?P<obj>[a-z][a-z\-]+(?: [a-z][a-z\-]+)?)$",
        _b_keen,
        False,
    ),
    # "I collect old vinyl records": what one collects is what one is into
    ("likes", rf"^{SUBJ} {ADV}(?P<verb>collect) (?P<obj>.+)", _b_preference("likes"), False),
    # "I'm a huge Benfica fan", "we're big Porto supporters"; "not a ... fan" is a dislike
    (
        "likes",
        rf"^{SUBJ} {ADV}(?:(?P<not>am not|are not)|am|are) {ADV}(?:an? )?(?:(?:big|huge|massive|great|real|total|"
        rf"die-hard|diehard|lifelong|life-long|proper|long-time|longtime|mad|avid|keen|loyal|devoted|staunch|true|proud|"
        rf"fellow) )*(?P<obj>(?-i:[A-Z0-9][\w\-]*)"
        rf"(?: (?-i:[A-Z0-9][\w\-]*)){{0,2}}|[a-z][a-z\-]+(?: [a-z][a-z\-]+)?) "
        rf"(?P<fan>fan|fans|supporter|supporters)\b",
        _b_fan,
        True,
    ),
    (
        "likes",
        r"^my (?:all-time )?favou?rite (?P<cat>[a-z]+(?: [a-z]+)?)(?:,? (?:at the moment|right now|these days|of "
        r"all time|ever),?)? (?P<be>is|are) (?P<obj>.+)",
        _b_favourite,
        False,
    ),
    # birthdays and anniversaries (the date is the value)
    # ("Marcia here. Birthday's the 3rd of November": the speaker's, said bare)
    ("birthday", rf"^(?:my )?birthday is (?:on |in )?(?P<obj>{DATE})", _b_birthday, False),
    ("birthday", rf"^I was born (?:on |in )?(?P<obj>{DATE})", _b_birthday, False),
    # where or when else one was born, where one grew up: "I was born in Lisbon", "Caius was born on Tuesday"
    (
        "note",
        rf"^I {ADV}(?:was|were) born (?P<obj>(?:in|at|on) (?:{NAME}(?: (?:{NAME}|on|upon)){{0,3}}|(?:{WEEKDAY})|"
        rf"\d{{4}})|last (?:week|month|year|night)|yesterday|this morning)(?=$|[ ,.])",
        _b_born,
        False,
    ),
    (
        "note",
        rf"^I {ADV}grew up (?P<obj>(?:in|on|near|around) {NAME}(?: (?:{NAME}|on|upon)){{0,3}})(?=$|[ ,.])",
        _b_born,
        False,
    ),
    # "Aunty Bisi lives with us now", "my mother-in-law has moved in with us": one of the household now
    (
        "note",
        r"^I (?:(?:now |also )?(?:live|am living)|(?:have )?(?:just )?moved in) with us"
        r"(?: now| full[- ]time| for good| these days)?$",
        _b_lives_with_us,
        False,
    ),
    # "my son liam is doing his leaving cert this year", "I'm doing my A levels": the exams of a school's last years
    (
        "note",
        rf"^I {ADV}am (?:doing|sitting|taking|studying for|writing) (?:my |his |her |their |the )?"
        r"(?P<obj>leaving cert|junior cert|junior cycle|a[- ]levels|as[- ]levels|gcses|matric|kcse|kcpe|waec|neco|"
        r"jamb|sats|11[- ]plus|eleven plus|boards|board exams|hsc|ncea|bac|ib|highers|nat ?5s|cxc|csec|cape)"
        r"(?P<when> this year| next year| in (?:june|may|november))?(?:[:,].*)?$",
        _b_exams,
        False,
    ),
    # "I'm originally from Cork", "she comes from Accra originally"
    (
        "note",
        rf"^I {ADV}(?:am (?:originally )?|come |came |(?:was )?originally )from "
        # (a town in lower case, as a recogniser writes it, before "originally")
        rf"(?P<obj>{NAME}(?: (?:{NAME}|on|upon)){{0,3}}|(?!(?:here|there|home|abroad|away|overseas|around|nowhere|"
        r"somewhere)\b)(?-i:[a-z]{3,})(?= originally\b))"
        r"(?: originally)?(?=$|[ ,.])",
        _b_from,
        False,
    ),
    # "Rosa turns six on the 8th of October"
    (
        "birthday",
        rf"^I (?:turn|turned|am turning) (?:\d{{1,3}}|[a-z]+(?:-[a-z]+)?) (?:on |in )(?P<obj>{DATE})",
        _b_birthday,
        False,
    ),
    (
        "anniversary",
        rf"^(?:our|my) (?:(?P<qual>wedding|dating|engagement) )?anniversary is (?:on |in )?"
        rf"(?P<obj>{DATE})",
        _b_anniversary,
        False,
    ),
    (
        "anniversary",
        rf"^(?:we|I) (?:have |had )?(?P<event>got married|were married|married|got engaged|started dating|"
        rf"got together|started going out|been together since|been together from|been a couple since) "
        rf"(?:on |in |the )?(?P<obj>{DATE}|\d{{4}})\b",
        _b_event_date,
        False,
    ),
    # "I work nights", "I'm on night shifts": when one works, a routine (the job is read where it is said)
    (
        "routine",
        rf"^{SUBJ} {ADV}(?:work|do|am on|are on|have been on) (?:the )?(?:mostly )?(?P<obj>nights?|night shifts?|"
        r"nightshifts?|the night shift|lates|late shifts?|earlies|early shifts?|weekends)(?: mostly)?"
        r"(?: these days| at the moment| now| though)?$",
        _b_shifts,
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

# Appositives anywhere in a clause: "I visited my sister Maria", "my cat Luna hates the vet".
# A plural relation takes a list ("our kids Ana and Rui"); a singular one only its first name, so "my sister
# Maria and Tom" does not make Tom a sister.
# ("my twin girls rosie and nell": daughters, named)
_APPOSITIVE_FAMILY = re.compile(
    rf"\b(?:my|our) (?:(?P<adj>{REL_ADJ}) )?(?P<rel>{REL}|girls|boys|lads),? (?P<obj>{NAMES})", re.I
)
_CHILDREN_SAID = {"girls": "daughters", "boys": "sons", "lads": "sons"}
# ... and after the name, as the clause's subject: "Sunil, my brother-in-law, is a pharmacist".
_APPOSITIVE_FAMILY_AFTER = re.compile(
    rf"^{NOT_A_NAME}(?P<obj>{NAME}),? (?:my|our) (?:(?P<adj>{REL_ADJ}) )?(?P<rel>{REL})(?!'|-)\b", re.I
)
_APPOSITIVE_PET = re.compile(rf"\b(?:my|our) (?P<kind>{PET}),? (?P<obj>{NAMES})", re.I)
# People named by how the speaker knows them, beside whatever the clause says of them: "my friend Camila is a vet",
# "Chiara, my colleague, is vegetarian", "Tatiana next door has two cats", "our lad Cody hates broccoli".
_APPOSITIVE_KNOWN = re.compile(
    rf"\b(?:my|our) (?P<rel>{_alt(OTHERS)}),? (?P<obj>{NAME})\b(?!'s (?:{REL}|{_alt(OTHERS)})\b)|"
    rf"^{NOT_A_NAME}(?P<obj2>{NAME}),? (?:my|our) (?P<rel2>{_alt(OTHERS)})(?!'|-)\b|"
    rf"^(?P<obj3>{NAME}),? (?:from )?(?:next door|across the road|over the road|opposite|two doors down)\b",
    re.I,
)


_PAST_SAYING = re.compile(r"\b(?:was|were|used to)\b", re.I)


def _known_people(clause: str, ctx: _Ctx) -> list[Candidate]:
    """Kin said as the family says it ("our lad Cody") is a relation fact as "my son Cody" is; so is a friend,
    colleague or neighbour, kept by the pipeline only when the clause says nothing else of them (`social_aside`)."""
    out = []
    for m in _APPOSITIVE_KNOWN.finditer(clause):
        if _NEGATION.search(clause[: m.end()]):
            continue
        if m.group("obj3"):
            name, rel = m.group("obj3"), "neighbour"
        else:
            name, rel = m.group("obj") or m.group("obj2"), relation_word(m.group("rel") or m.group("rel2"))
        if rel in _HIRED_HELP or not name[:1].isupper():
            continue  # the helpers' rules name them ("our cleaner Beatriz")
        if rel not in ("son", "daughter") and (_NEGATION.search(clause) or _PAST_SAYING.search(clause)):
            continue  # "my best mate Deepa isn't allergic to cats", "... was allergic as a kid": nothing to keep
        if (c := _family(name, rel, ctx)) is not None:
            out.append(replace(c, object_mention=Mention(name=name, relation=rel)))
    return out


def _appositive_names(names: str, word: str, singular_of: dict) -> list[str]:
    found = _names(names)
    return found if word.lower() in singular_of and found else found[:1]


# --------------------------------------------------------------------------------------------------------------
# Driving it
# --------------------------------------------------------------------------------------------------------------


# "the bins go out on Tuesdays and the recycling is every other week": a second subject, a noun said without "my"
_AND_THING = re.compile(
    r"\s(?:and|but)\s+(?=(?:the |our )(?:[a-z\-]+ ){0,3}?[a-z\-]+'s\b|(?:the |our )?(?:[a-z\-]+ ){0,3}?[a-z\-]+(?:'s)? "
    r"(?:is|are|goes|go|comes|come|gets|get|does|do|has|have|keeps|needs)\b)"
)


# "Thabo plays rugby for the U13s and goes to chess club on Wednesdays": a second thing one does, of the one named
_AND_DOES = re.compile(
    # ("My sister Mei Ling teaches maths at a secondary school in Tampines and lives in Pasir Ris": a relative, named)
    r"^(?P<who>(?:(?i:my|our) [a-z\-]+ )?(?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?) (?:plays|goes|does|has|attends|"
    r"takes|works|loves|likes|hates|swims|dances|"
    r"trains|teaches|studies|learns|is)\b.*?(?P<cut>\s+and\s+)(?=(?:also )?(?:plays|goes|does|has|attends|takes|"
    # ("Mutale has resigned from Kalulushi Smelting and is running her own tuck shop")
    r"swims|dances|trains|learns|is (?:now )?(?:running|working|teaching|doing|studying)|works|teaches|"
    r"lives (?:in|at|near|out)\b)\b)"
)


def _split_clauses(s: str) -> list[str]:
    out = []
    for c in _CLAUSE_SPLIT.split(s):
        if not c or not c.strip():
            continue
        if (both := _AND_DOES.match(c)) and both["who"].lower() not in _FUNCTION_WORDS:
            out.append(c[: both.start("cut")])
            c = f"{both['who']} {c[both.end('cut') :]}"
        start = 0  # "the bins are mondays and the green one is fortnightly": another thing, another clause
        # ("my name on the electricity account and the estate gate list is ...": one name, two places it is used)
        for m in [] if re.match(r"my (?:\w+ )?name (?:on|for)\b", c, re.I) else _AND_THING.finditer(c):
            if len(c[start : m.start()].split()) >= 3:  # not "electric and gas are ...": one subject of two
                out.append(c[start : m.start()])
                start = m.end()
        out.append(c[start:])
    return out


def _clause_candidates(clause: str, ctx: _Ctx, rules, appositives: bool = True) -> list[Candidate]:
    out: list[Candidate] = []
    for _predicate, pattern, build, negative_form in rules:
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
    # ("my dad Ravi is a retired engineer": retired from work, still her dad)
    if appositives and all(m.group().lower() == "retired" for m in _NO_LONGER.finditer(clause)):
        # "my daughter Mira can't stand thunderstorms": a negation after the appositive does not deny it
        for m in [*_APPOSITIVE_FAMILY.finditer(clause), *_APPOSITIVE_FAMILY_AFTER.finditer(clause)]:
            if _NEGATION.search(clause[: m.end()]):
                continue
            rel = _CHILDREN_SAID.get(m.group("rel").lower(), m.group("rel"))
            for name in _appositive_names(m.group("obj"), rel, _SINGULAR_OF):
                if c := _family(name, rel, ctx, m.group("adj")):
                    out.append(c)
        for m in _APPOSITIVE_PET.finditer(clause):
            if _NEGATION.search(clause[: m.end()]):
                continue
            for name in _appositive_names(m.group("obj"), m.group("kind"), _PET_SINGULAR):
                if c := _pet(name, m.group("kind"), ctx):
                    out.append(c)
        out += [c for c in _known_people(clause, ctx) if not any(o.object == c.object for o in out)]
    return out
