"""Appointments and schedules: the event's kind is its identity (the qualifier), when it happens is the object.

"I have a dentist appointment on Friday at 3" -> appointment(qualifier "dentist appointment", "Friday at 3");
"my swimming lesson moved to Thursday" -> appointment("swimming lesson", "Thursday"), the same key as "...is on
Tuesday", so formation supersedes by it; "the bins go out on Thursday evening" -> schedule("bins go out",
"Thursday evening") of the household.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from .dates import _HOUR_WORDS, MINUTES_SAID, canonical_date
from .model import HOUSEHOLD, Candidate, Mention
from .subjects import relation_word
from .text import DIGIT_NAMES, _strip_trailing, spoken_digits
from .vocabulary import DATE, MEDICINE, MONTH, NAME, ORDINAL, REL, WEEKDAY, _alt
from .words import is_common

_PART = r"(?:morning|afternoon|evening|night|lunchtime)"
_HOUR = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_AT = r"(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)?|noon|midday|half (?:past )?(?:\w+)|"
_AT += r"(?:quarter|ten|twenty|five|twenty-five) (?:past|to) \w+|"
_AT += rf"{_HOUR}(?: o'clock| (?:{MINUTES_SAID}))?(?: [ap]m)?)"  # "at eleven forty"
_CLOCK = (
    rf"(?:(?:at |from |around |by |about )?{_AT}(?:\s*(?:-|to|until|till)\s*(?:\d{{1,2}}(?:[:.]\d{{2}})?\s*(?:am|pm)?|"
    rf"half (?:past )?(?:{_HOUR}|\d{{1,2}})|{_HOUR}(?: thirty)?))?"
    rf"|between {_AT} and {_AT})"
)
_DAY = (
    rf"(?:(?:on )?{WEEKDAY},? (?:the )?(?:\d{{1,2}}(?:st|nd|rd|th)|{ORDINAL})(?: of {MONTH})?"
    rf"|(?:this |next |on |this coming )?{WEEKDAY}(?: {_PART})?|(?:on )?{DATE}"
    # "from the 22nd to the 29th of December": a stay, from its first day to its last
    rf"|from (?:the )?(?:\d{{1,2}}(?:st|nd|rd|th)|{ORDINAL}) (?:to|till|until|-) (?:the )?(?:\d{{1,2}}(?:st|nd|rd|th)|"
    rf"{ORDINAL})(?: of {MONTH})?"
    rf"|(?:on )?the (?:\d{{1,2}}(?:st|nd|rd|th)|{ORDINAL})"
    # "on 14th at 11 am", "postponed to 21st", as India and Nigeria write it
    r"|on \d{1,2}(?:st|nd|rd|th)\b|(?:(?<=\bto )|(?<=\bfor ))\d{1,2}(?:st|nd|rd|th)\b"
    rf"|tomorrow(?: {_PART})?|today|tonight|this {_PART}|next week(?:end)?|this week(?:end)?|(?:in|at) the {_PART}"
    # a holiday names its day: "my mum's coming for Christmas"
    r"|(?:for|at|over) (?:christmas|easter|new year|hogmanay|halloween|diwali|eid|hanukkah|thanksgiving)"
    r"(?: (?:day|eve|weekend))?)"
)
_ONE_OFF = rf"(?:{_DAY}(?: in the {_PART})?(?:,? {_CLOCK})?|{_CLOCK}(?:,? {_DAY})?)"
ONE_OFF = _ONE_OFF  # a day and a time said for a one-off event
CLOCK = _CLOCK  # a time of day
_RECUR = (
    rf"(?:(?:after|before) (?:school|work) (?:on )?)?(?:(?:every|each) {WEEKDAY}(?:,? (?:and )?{WEEKDAY})+"
    # "comes monday wednesday friday": three days, said as a list
    # ("dialysis on sunday tuesday and thursday morning", "every Sunday, Tuesday and Thursday morning")
    rf"|(?:on |every |each )?{WEEKDAY}s?,? {WEEKDAY}s?,? (?:and )?{WEEKDAY}s?(?: {_PART}s?)?"
    # ("dialysis Mondays, Wednesdays and Fridays at 7am")
    rf"|(?:on )?{WEEKDAY}s,? {WEEKDAY}s,? (?:and )?{WEEKDAY}s|(?:every|each) (?:other |second |third |fourth |"
    rf"single )?(?:{WEEKDAY}|day|weekend|week|weekday|morning|"
    rf"evening|"
    rf"afternoon|night|"
    rf"fortnight|month|year|spring|summer|autumn|winter|{MONTH}|(?:two|three|four|six|few) (?:weeks|months))"
    rf"(?: {_PART})?|once a year|twice a year|annually|yearly|every year in {MONTH}|in {MONTH} every year|"
    rf"(?:on )?{WEEKDAY}s(?: and {WEEKDAY}s)?(?: {_PART}s?)?|(?:on )?{WEEKDAY} and {WEEKDAY} {_PART}s|"
    # "training is monday and wednesday at six": two days, every week's when what is said repeats (_repeats)
    rf"(?:on )?{WEEKDAY} (?:and|&) {WEEKDAY}(?= at |,|$)|"
    rf"(?:on )?{WEEKDAY} "
    rf"{_PART}s|once a (?:day|week|fortnight|month)|(?:twice|three times) a (?:day|week|month)|daily|weekly|"
    rf"fortnightly|monthly|on weekdays|(?:on |every )?alternate (?:{WEEKDAY})s?(?: {_PART}s?)?|"
    rf"at weekends|on weekends|(?:on )?an? {WEEKDAY}(?: {_PART})?"
    # "Monday to Thursday": the days between
    rf"|(?:from )?{WEEKDAY}s? (?:to|till|through|-) {WEEKDAY}s?"
    rf"|(?:on (?:the )?|every |each )?(?:the )?(?:first|second|third|fourth|last|1st|2nd|3rd|4th) {WEEKDAY} of "
    rf"(?:the|every|each) month"
    rf"|(?:on )?the (?:first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th|1[0-9]th|2[0-8]th|21st|22nd|23rd) "
    rf"(?:day )?of (?:every|each|the) month)"
    rf"(?:,? {_CLOCK})?(?: (?:after|before) (?:school|work|dinner|lunch|breakfast|tea)(?:,? {_CLOCK})?)?"
)
RECURRING = _RECUR  # a day and a time said for something that repeats
_TIME = re.compile(rf"(?<![\w'])(?:{_RECUR}|{_ONE_OFF})(?!\w)", re.I)  # (not the "one" of "gone")
_JOINED = re.compile(r"[\s,]*(?:(?:of|at|on|from)\s+)?")  # between two parts of one time: "the 19th, at 3"


def time_spans(text: str) -> list[tuple[int, int]]:
    """Each time a sentence gives, its adjacent parts joined ("the 19th of June, at half two" is one)."""
    spans: list[list[int]] = []
    for m in _TIME.finditer(text):
        if not m.group(0).strip():
            continue
        if spans and _JOINED.fullmatch(text[spans[-1][1] : m.start()]):
            spans[-1][1] = m.end()
        else:
            spans.append([m.start(), m.end()])
    return [(a, b) for a, b in spans]


def last_time_said(text: str) -> str | None:
    """The last time a sentence gives, its adjacent parts joined ("the 19th of June at half two"): the new one
    when it says a time changed, as people say the old one first ("moved from Tuesdays to Thursdays")."""
    spans = time_spans(text)
    if not spans:
        return None
    start, end = spans[-1]
    for a, b in reversed(spans[:-1]):  # "to tuesday and friday": both days, one time
        if not re.fullmatch(r"\s*(?:,|and|,? and|&)\s*", text[b:start]):
            break
        start = a
    return canonical_date(when_said(text[start:end])) or None


_WHERE = (
    r"(?:,? (?:(?:down |up |over |round |out )?(?:at|in) (?:the |a |our )?|(?:down|up|round|over) the )"
    # ("at thandi's place in orlando west": a place, then where it is)
    r"(?!\d)[A-Za-z][\w'\-]*(?: [\w'\-]+){0,3}(?: in (?-i:[A-Z])[\w'\-]*(?: [\w'\-]+)?)?)?"
)
_TAIL = (
    _WHERE + r"(?:,? (?:instead|now|this week|again|as usual|here|round here|on our street|for us|"
    # "here in maryport", "for us in headingley": the household's own place
    r"(?:here|round here|for us|by us|up here|down here|out here) (?:in|at) [\w'\-]+(?: [\w'\-]+){0,2}|"
    # "so not thursday any more", "not tuesday", "instead of tuesdays": the old day, said as gone
    rf"(?:so |and )?not (?:on )?(?:a )?{WEEKDAY}s?(?: {_PART}s?)?(?: any ?more| again)?|instead of {WEEKDAY}s?|"
    # "so bins out thursday night", "put the bins out monday night": when they go out for it
    r"(?:so )?(?:put )?(?:the )?bins (?:go )?out\b.*|"
    # why it comes: "the oil truck's coming friday morning to fill the tank", "with the new cylinder", "so
    # someone needs to be home"
    r"to (?:fill|fix|service|check|read|deliver|collect|drop off|pick up|look at|install|repair|clean|empty|cut|mow|"
    r"swap|change|top up|refill|do)\b.*|with (?:the|a|our|some) (?:new |spare |full )?[a-z]+(?: [a-z]+)?|"
    r"so (?:someone|somebody|we|I|one of us) (?:needs?|has|have) to be (?:home|in|here|there)\b.*|"
    r"(?:with )?the whole family|all of us|as a family|"
    # "from next week", "for Christmas with the family": from when, what for and with whom
    r"from (?:next|this) (?:week|month|term)(?: on)?|from now on|starting (?:next|this) (?:week|month|term)|"
    r"for (?:christmas|easter|the holidays|diwali|eid|new year|thanksgiving|the summer|the weekend|"
    r"(?:(?-i:[A-Z])[\w\-]+'s |a |the )?(?:wedding|funeral|graduation|christening|birthday))|"
    r"with (?:the family|the kids|family|friends|(?:my|our) (?:family|kids|children|parents|in-laws|mum|dad|mam|"
    r"nan|gran|husband|wife|partner|sister|brother|friends|cousins))|"
    r"(?:straight |right |just )?(?:after|before) "
    r"(?:school|work|lunch|dinner|tea)|"
    # "green one one week black the next", "the black bin and the blue one alternate": which bin, in turn
    r"(?:the )?[a-z]+(?: waste| bin| one){0,2} one week,? (?:and )?(?:the )?[a-z]+(?: waste| bin| one)? the next|"
    r"(?:the )?[a-z]+ (?:bin|one) and (?:the )?[a-z]+ (?:bin|one) alternate|"
    # "netball training tuesdays and thursdays after school till five": when it ends
    r"(?:till|until) (?:\d{1,2}(?::\d\d)?\s*(?:am|pm)?|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
    r"twelve)(?: thirty| fifteen| o'?clock)?)|"
    r"for the (?:next|rest of the) (?:[a-z]+ )?(?:weeks?|months?|term|year)|"
    r"for (?:the|a|a few|a couple of|two|three|four|five) (?:weekend|week|weeks|fortnight|nights?|days|months?)|"
    # "piano lesson is Mondays at half four with Mrs Kaur": whom it is with
    r"with (?:(?-i:Mrs|Mr|Ms|Miss|Dr|Coach|Auntie|Uncle|Nana|Gran|Grandad|Grandma) )?"
    r"(?-i:[A-Z])[\w'\-]+(?: (?-i:[A-Z])[\w'\-]+)?|"
    # "the plumber's coming Monday to look at the boiler": what for
    r"to (?:look at|fix|check|service|sort out|sort|see to|measure up|measure|fit|install|repair|clean|do|quote for) "
    r"(?:the |our |my |a )?[\w'\-]+(?: [\w'\-]+){0,3}))*\s*$"
)

_EVENT_NOUNS = [
    "appointment",
    "lesson",
    "lessons",
    "class",
    "classes",
    "practice",
    "training",
    "coaching",
    "check-up",
    "checkup",
    "follow-up",  # "Nana's cardiology follow-up at Sunnybrook is March 3rd at 1:40"
    "meeting",
    "interview",
    "exam",
    # a child's exams, as schools call them: "Wei Ling's PSLE starts on the 28th", "her wassce exams"
    "finals",
    "mocks",
    "gcses",
    "psle",
    "wassce",
    "kcse",
    "kcpe",
    "board exams",
    "test",
    "match",
    "game",
    "recital",
    "concert",
    "party",
    "playdate",
    "sleepover",
    "surgery",
    "operation",
    "replacement",
    "procedure",
    "biopsy",
    "transplant",
    "mri",
    "colonoscopy",
    "endoscopy",
    "smear",
    "scan",
    "vaccination",
    "jab",
    "jabs",
    "vaccinations",
    "injection",
    "injections",
    "booster",
    "haircut",
    "flight",
    "session",
    "sessions",
    "meetings",
    "appointments",
    "rehearsal",
    "tournament",
    "trip",
    "visit",
    "club",
    "therapy",
    "physio",
    "tutoring",
    "tuition",
    "booking",
    "reservation",
    "delivery",
    "dinner",
    "school run",
    "school pickup",
    "school pick up",
    "school pick-up",
    "school drop off",
    "school drop-off",
    "shift",
    "parents' evening",
    "parents evening",
    "parent-teacher meeting",
    *(f"parent{sep}teacher {what}" for sep in ("-", " ") for what in ("evening", "conference", "meeting", "night")),
    "parents' night",
    "open evening",
    "puppy school",
    "open day",
    "prize giving",
    "induction",
    "ceremony",
    "safety check",
    "sports day",
    "school trip",
    "nativity",
    "play",
    "assembly",
    "graduation",
    "wedding",
    "christening",
    "reunion",
    "conference",
    "course",
    "workshop",
    "audition",
    "gig",
    "race",
    "marathon",
    "hearing",
    "review",
    "appraisal",
    "presentation",
    "ultrasound",
    "mammogram",
    "screening",
    "eye test",
    "hearing test",
    "health check",
    "x-ray",
    "blood test",
    "mot",
    "physiotherapy",
    "hydrotherapy",
    "glucose check",
    "sugar check",
    "blood pressure check",
    "bp check",
    "speech therapy",
    "occupational therapy",
    "nct",
    "wof",
    "service",
    "treatment",
    "swimming",
    "ballet",
    "karate",
    "judo",
    "football",
    "rugby",
    "netball",
    "gymnastics",
    "tennis",
    "badminton",
    "cricket",
    "basketball",
    "athletics",
    "trampolining",
    "fencing",
    "kickboxing",
    "taekwondo",
    "dance",
    "piano",
    "guitar",
    "violin",
    "cello",
    "drums",
    "flute",
    "clarinet",
    "trumpet",
    "drama",
    "choir",
    "band practice",
    "cubs",
    "scouts",
    "brownies",
    "beavers",
    "rainbows",
    "boys brigade",
    "boys' brigade",
    "girls brigade",
    "girls' brigade",
    "youth club",
    "youth group",
    "train",
    "ferry",
    "bus",
    "holiday",
    "night out",
    "date night",
    "mass",
    "church",
    "chapel",
    "mosque",
    "temple",
    "gurdwara",
    "sunday school",
    "viva",
    "nets",
    "cricket nets",
    # said by households and not above: "her irish dancing", "the eye clinic", "my bloods", "his check up"
    "dancing",
    "irish dancing",
    "hip hop",
    "boxing",
    "hockey",
    "hurling",
    "camogie",
    "gaelic",
    "climbing",
    "eye clinic",
    "clinic",
    "dental cleaning",
    "hygienist",
    "orthodontist appointment",
    "ortho appointment",
    "check up",
    "bloods",
    "dialysis",
    "chemo",
    "tuition",
    "madrassa",
    "madrasa",
    "madressa",
    "quran class",
    "homework club",
    "breakfast club",
    "after school club",
    "zumba",
    "aerobics",
    "aqua aerobics",
    "grooming",
    "puppy class",
    "chama",
    "bible study",
    "prayer meeting",
    # gatherings a household hosts or goes to
    "barbecue", "bbq", "braai", "cookout", "potluck", "get-together", "get together", "dinner party", "birthday party",
    "house party", "play date", "baptism", "naming ceremony", "funeral", "fundraiser", "garage sale", "yard sale",
    "car boot sale", "boot sale", "housewarming", "baby shower", "bridal shower", "hen do", "stag do",
    "school concert",
    # children's clubs and sports as families everywhere name them
    "auskick", "little athletics", "nippers", "kapa haka", "jiu jitsu", "kumon", "coding club", "robotics",
    "orchestra", "futsal", "tee ball", "t-ball", "softball", "little league", "baseball", "lacrosse", "muay thai",
    "capoeira", "kathak", "bharatanatyam", "abacus", "catechism", "confirmation class", "youth group", "playgroup",
    "toddler group", "rhyme time", "swimming club", "surf club", "sailing", "art club", "chess club", "maths club",
    "speech and drama", "elocution", "street dance", "tae kwon do", "archery", "rowing", "squash", "soccer",
    "volleyball",
]  # fmt: skip
_PROFESSIONALS = [
    "dentist",
    "doctor",
    "gp",
    "vet",
    "optician",
    "hairdresser",
    "barber",
    "physio",
    "physiotherapist",
    "orthodontist",
    "therapist",
    "nurse",
    "midwife",
    "consultant",
    "specialist",
    "hospital",
    "clinic",
]
EVENT = _alt(_EVENT_NOUNS)
# Classes one "does" ("she does ballet on Saturdays"); "does yoga every morning" stays a routine.
_CLASSES = _alt(
    "ballet karate judo taekwondo gymnastics drama choir cubs scouts brownies beavers rainbows guides netball rugby "
    "football hockey tennis badminton cricket basketball athletics trampolining fencing kickboxing dance tutoring "
    "piano guitar violin cello drums flute clarinet trumpet singing "
    "tuition lessons lesson classes class club training coaching practice madrassa madrasa madressa".split()
)
PRO = _alt(_PROFESSIONALS)
_MOD = r"(?:[a-z0-9][a-z0-9'\-]*\s+){0,3}?"  # ("under 10s training")
_DET = r"(?:an?|the|my|another|one|some|his|her|their)"  # "Rosa has her vaccination": said of Rosa
# The household's visitors and chores: a closed list, because "the X comes on Monday" is otherwise anything.
_HELP = _alt(
    [
        "cleaner",
        "cleaners",
        "cleaning lady",
        "ayah",
        "maid",
        "helper",
        "house help",
        "housekeeper",
        "amah",
        "domestic worker",
        "gardener",
        "window cleaner",
        "window cleaners",
        "nanny",
        "babysitter",
        "childminder",
        "dog walker",
        "au pair",
        "milkman",
        "bin men",
        "binmen",
        "bin man",
        "recycling men",
        "carer",
        "carers",
        "district nurse",
        "nurse",
        "tutor",
        "piano teacher",
        "organic box",
        "veg box",
        "vegetable box",
        "food shop",
        "grocery delivery",
        "shopping delivery",
    ]
)
# ... and whoever the household calls by what they bring: "the water refill guy", "the fish man", "the bread van"
# ("mama mboga drops off sukuma": Kenya's vegetable seller; "the dhobi collects the ironing")
_HELP = (
    rf"(?:{_HELP}|mama mboga|dhobi|dhobi wallah|(?!(?:old|young|other|same|new) )(?:[a-z]+ ){{1,2}}?"
    r"(?:guy|man|lady|van|boy))"
)
_TRADES = _alt(
    [
        "plumber",
        "electrician",
        "builder",
        "builders",
        "boiler engineer",
        "engineer",
        "technician",
        "decorator",
        "painter",
        "handyman",
        "roofer",
        "carpenter",
        "locksmith",
        "exterminator",
        "gas man",
        "repairman",
        "boiler man",
        "internet guy",
        "broadband engineer",
        "inspector",
        "surveyor",
        "removal men",
        "piano tuner",
        "chimney sweep",
        "tree surgeon",
        "carpet fitter",
        "window fitter",
        "kitchen fitter",
        "gas engineer",
        "plasterer",
        "joiner",
        "tiler",
        "man from the council",
        "movers",
    ]
)
# Whoever comes from a firm or for a job: "the Enercare guy", "the termite guy from terminix", "the vet" (to the
# animals at home)
_SOMEONE_FROM = (
    r"(?:(?!is\b|are\b)[\w\-]+ ){1,2}(?:guy|man|lady|woman|bloke|people|team)(?: from (?:the )?[\w\-]+(?: [\w\-]+)?)?"
    r"|(?:guy|man|lady|woman|people) from (?:the )?[\w\-]+(?: [\w\-]+)?|vet|pastor|priest"
)
# ... and what they come to do, said before when: "is coming to service the furnace Thursday"
_COMES_TO_DO = (
    r" to (?:service|fix|repair|check|inspect|look at|deworm|vaccinate|spray|treat|bless|install|fit|read|measure|"
    rf"clean|sweep|paint|replace|sort out|sort) (?:the |our |my )?(?!{WEEKDAY}\b)[\w\-]+"
    rf"(?: (?!{WEEKDAY}\b|on\b|this\b|next\b|tomorrow\b)[\w\-]+)?"
)
_CHORES = _alt(
    [
        "bins",
        "bin",
        "rubbish",
        "trash",
        "garbage",
        "recycling",
        "compost",
        "glass",
        "green bin",
        "blue bin",
        "black bin",
        "brown bin",
        "grey bin",
        "wheelie bin",
        "black bins",
        # whoever collects them: "the bin lorry comes on thursday mornings"
        "bin lorry",
        "water tanker",
        "water truck",
        "water bowser",  # ("the water bowser comes round Saturday mornings")
        "bowser",
        "oil truck",
        "gas truck",
        "bin truck",
        "rubbish truck",
        "garbage truck",
        "trash truck",
        "recycling truck",
        "food waste",
        "food waste bin",
        "garden waste",
        "garden waste bin",
        "garden bin",
        "bin collection",
        "trash pickup",
        "trash collection",
        "garbage pickup",
        "garbage collection",
        "recycling pickup",
        "rubbish collection",
        "refuse collection",
        "refuse",
        "recycling collection",
        "bin day",
        "garbage day",
        "trash day",
        "rubbish day",
        "collection day",
        "garbage collection day",
        "bin collection day",
        "rubbish collection day",
        "bin days",
        "collection days",
        "recycling day",
        # "garbage and recycling pickup is tuesday mornings": two collected together
        "garbage and recycling pickup",
        "garbage and recycling",
        "rubbish and recycling",
        "bins and recycling",
        "laundry",
        "laundry day",
        "cleaning day",
        "shopping day",
    ]
)
# a bin by its colour or what goes in it: "the brown garden waste one", "green waste", "the blue box"
_BIN = (
    r"(?:(?:black|blue|green|brown|grey|gray|purple|red|garden|food|general|glass|paper|plastic|recycling|cardboard|wheelie)"
    r"\s+){1,3}(?:waste(?: bins?| one| collection)?|bins?|box|boxes|one|collection|caddy)"
)
_ARTICLES = re.compile(r"\b(?:the|a|an|my|our|your|his|her|their|its|another|one|some|next|usual)\b\s*", re.I)


def _qualifier(phrase: str) -> str:
    q = _ARTICLES.sub("", phrase.lower().replace("'s ", " ").replace("'", ""))
    q = re.sub(r"\b(?:lessons)\b", "lesson", q)
    q = re.sub(r"\b(?:classes)\b", "class", q)
    q = re.sub(r"\b(session|appointment|meeting)s\b", r"\1", q)
    q = q.replace("check-up", "checkup").replace("doctor's", "doctor")
    return re.sub(r"\s+", " ", q).strip()


def when_said(raw: str) -> str:
    when = re.sub(r"^(?:on|at the|in the)\s+", "", _strip_trailing(raw.strip()), flags=re.I)
    when = re.sub(r"(?:,? (?:instead|now|this week|again|as usual))+$", "", when, flags=re.I)
    when = re.sub(r"^(?=\d{1,2}(?:st|nd|rd|th)\b(?! of))", "the ", when)  # "on 18th": the 18th
    # "at half three on friday" is said the other way round: "friday at half three"
    when = _TIME_FIRST.sub(lambda m: f"{m.group('day')} at {m.group('time')}", when)
    return when.strip(" ,")


_TIME_FIRST = re.compile(
    rf"^at (?P<time>(?:half |quarter )?(?:past |to )?[\w:.]+(?: ?(?:am|pm|o'clock))?) on (?P<day>(?:this |next )?"
    rf"{WEEKDAY}(?: {_PART})?|the \w+(?: of {MONTH})?)$",
    re.I,
)


def _bad_mod(mods: str) -> bool:
    if "'s " in mods:
        return True  # "my son's swimming": the son's, read about him
    return bool(
        re.search(r"\b(?:not|no|never|their|his|her|your|you|it|that|this|of|and|or|with|for|to|in|is|was)\b", mods)
    )


def _shown(phrase: str) -> str:
    """The event as said, for the text: articles dropped, names keep their capitals ("flight to Berlin")."""
    return re.sub(r"\s+", " ", _ARTICLES.sub("", phrase.replace("doctor's", "doctor"))).strip()


def _appointment(ctx, event: str, when_raw: str, recurring: bool = False) -> list[Candidate]:
    q, when, shown = _qualifier(event), canonical_date(when_said(when_raw)), _shown(event)
    if not q or not when or len(q.split()) > 4:
        return []
    if recurring:
        return [ctx.cand("schedule", when, f"{{subject}}'s {shown}: {when}", q)]
    return [ctx.cand("appointment", when, f"{{subject}}'s {shown} is {_on(when)}", q)]


def _on(when: str) -> str:
    if when[:1].isdigit() and " of " in when:
        return f"on the {when}"
    if re.match(r"(?:tomorrow|today|tonight|this|next|at|from|every|around|by|about)\b", when, re.I):
        return when
    if re.match(rf"(?:\d{{1,2}}(?![\d/\-]|st|nd|rd|th)|half|quarter|noon|midday|{_HOUR}\b)", when, re.I):
        return f"at {when}"
    return f"on {when}"


_KIND_THAT_REPEATS = r"lesson|class|session|practice|rehearsal|training|club"
_REPEATED_KIND = re.compile(rf"(?:{_KIND_THAT_REPEATS})(?:s|es)$", re.I)
# ... and said on two days, in the singular too ("hurling training is monday and wednesday at six")
_KIND_ON_TWO_DAYS = re.compile(rf"(?:{_KIND_THAT_REPEATS}|coaching|tuition)$", re.I)


_WEEKLY_KIND = re.compile(rf"(?:^|\s)(?:{_CLASSES}|swimming)$", re.I)
_ONE_LESSON = re.compile(r"\b(?:lesson|class|session|tutoring)$", re.I)
_DAY_PAIR = re.compile(rf"(?:on )?{WEEKDAY} (?:and|&) {WEEKDAY}(?:,? (?:at )?{_CLOCK})?", re.I)


def _repeats(event: str, when: str) -> bool:
    """ "swimming lessons on Saturday at 9am", "hurling training is monday and wednesday at six": lessons, in the
    plural, or training on a bare weekday are every week's."""
    if _DAY_PAIR.fullmatch(when.strip()) and _KIND_ON_TWO_DAYS.search(event.strip()):
        return True
    bare_day = rf"(?:on )?{WEEKDAY}(?: {_PART})?(?:,? (?:at )?{_CLOCK})?"
    # ("choir practice is wednesday at six thirty", "Mateo's swimming is Monday at 5": a class or a sport said on
    # its weekday is every week's; "his swimming lesson is Saturday" may be the one)
    weekly = _REPEATED_KIND.search(event.strip()) or (
        _WEEKLY_KIND.search(event.strip()) and not _ONE_LESSON.search(event.strip())
    )
    return bool(weekly and re.fullmatch(bare_day, when.strip(), re.I))


def _b_office(m, ctx):
    # "my office is in Westlands": where one's work is, one at a time (a note keyed "office")
    where = m.group("o")
    return [ctx.cand("note", where, f"{{subject}}'s office is in {where}", qualifier="office")]


def _b_have_event(m, ctx):
    mods = m.group("mods") or ""
    if _bad_mod(mods):
        return []
    event = f"{mods}{m.group('ev')}"
    if m.groupdict().get("pro"):
        event = f"{m.group('pro')} {event}"
    elif m.groupdict().get("with") and re.fullmatch(PRO, m.group("with"), re.I):
        event = f"{m.group('with')} {event}"  # "an appointment with the dentist" is a dentist appointment
    recurring = bool(m.groupdict().get("recur")) or _repeats(event, m.group("when") or "")
    return _appointment(ctx, event, m.group("when") or m.group("recur"), recurring)


def _b_have_pro(m, ctx):
    return _appointment(ctx, f"{m.group('pro')} appointment", m.group("when"))


def _b_goes_to_pro(m, ctx):
    """ "Gerald goes to the vet for his check up on the 20th of May": the visit, with what it is for."""
    what = (m.group("for") or "").lower().replace("check up", "check-up")
    event = f"{m.group('pro')} {what}" if what else f"{m.group('pro')} appointment"
    return _appointment(ctx, event, m.group("when"))


def _b_my_event(m, ctx):
    mods = m.group("mods") or ""
    if _bad_mod(mods):
        return []
    event = f"{mods}{m.group('ev')}{m.groupdict().get('compl') or ''}"
    recur = m.groupdict().get("recur") or ""
    if _DAY_PAIR.fullmatch(recur.strip()) and not _repeats(event, recur):
        return []  # "my exams are on monday and wednesday": two days, not every week's
    recurring = bool(m.groupdict().get("recur")) or _repeats(event, m.group("when") or "")
    return _appointment(ctx, event, m.group("when") or m.group("recur"), recurring)


# Events a household shares: said bare or with "the", they are the household's ("mass is every sunday", "the Ocado
# delivery is Friday"), where a bare "haircut saturday at 10" or "book club's the first Monday" is the speaker's.
SHARED_EVENT = _alt(
    [
        "delivery",
        "deliveries",
        "veg box",
        "mass",
        "church",
        "parking",
        "toddler group",
        "playgroup",
        "bible study",
        "prayer meeting",
        "christening",
        "wedding",
        "reunion",
        "nativity",
        "sports day",
        "assembly",
        "safety check",
    ]
)


def _b_we_attend(m, ctx):
    """ "we go to the nine am mass at santo domingo every sunday": a service the household goes to, on a schedule,
    at the time said before it."""
    when = when_said(m.group("recur"))
    if m.group("at") and not re.search(_CLOCK + r"$", when, re.I):
        when = f"{when} at {m.group('at').strip()}"
    c = _appointment(ctx, m.group("ev"), when, True)
    return [replace(x, subject=HOUSEHOLD) for x in c]


def _b_journey(m, ctx):
    return [replace(c, subject=HOUSEHOLD) for c in _b_my_event(m, ctx)]


def _b_chore(m, ctx):
    what = _qualifier(m.group("which") or m.group("what"))
    verb = (m.group("verb") or "").lower() if not m.group("which") else ""
    verb = re.sub(r"^(?:is|are|get|gets)\s+", "", verb) if verb not in ("is", "are") else ""
    q = f"{what} {verb}".strip()
    when = when_said(m.group("when"))
    c = ctx.cand("schedule", when, f"{q[:1].upper()}{q[1:]}: {when}", q)
    return [replace(c, text=f"{{subject}}: {q} {_on(when)}", subject=HOUSEHOLD)]


def _b_help_does(m, ctx):
    who, vp = _qualifier(m.group("who")), m.group("vp")
    if re.search(r"\b(?:not|never|no|me|you|it)\b", vp, re.I):
        return []
    when = when_said(m.group("recur"))
    named = m.group("name") or m.group("name2")
    name = f"{named} " if named else ""
    text = f"{{subject}}: {name}the {who} {vp} {_on(when)}"
    return [replace(ctx.cand("schedule", when, text, f"{who} {vp.lower()}"), subject=HOUSEHOLD)]


SERVICED = _alt(
    "boiler|car|van|minivan|ute|truck|bakkie|chimney|gas|heating|oven|aga|septic tank|alarm|burglar alarm|fire alarm|"
    "smoke alarm|air conditioning|solar panels|gutters|piano|bike|lawnmower|dishwasher|washing machine|fridge".split(
        "|"
    )
)


def _b_upkeep_once(m, ctx):
    return _upkeep_appointment(m, ctx, m.group("ev"))


def _upkeep_appointment(m, ctx, event: str) -> list[Candidate]:
    """The household's one-off upkeep of a thing: "the boiler service" on a day; "the MOT" is the car's."""
    # the Skoda's MOT is the car's (Ireland's NCT, New Zealand's WOF, South Africa's roadworthy too)
    thing = "car" if event.lower() in _CAR_TESTS else m.group("thing")
    if thing is None:
        return []
    q = _qualifier(f"{thing} {event}")
    when = when_said(m.group("when"))
    c = ctx.cand("appointment", when, f"{{subject}}: the {q} is {_on(when)}", q)
    return [c if re.match(r"my\b", ctx.clause, re.I) else replace(c, subject=HOUSEHOLD)]  # "my car's MOT": mine


_CAR_TESTS = frozenset({"mot", "nct", "wof", "roadworthy"})
_DONE_AS = {
    "serviced": "service",
    "swept": "sweep",
    "inspected": "inspection",
    "checked": "check",
    "cleaned": "clean",
    "repaired": "repair",
    "fixed": "repair",
    "mot'd": "MOT",
    "mot-ed": "MOT",
}


def _b_upkeep_done(m, ctx):
    return _upkeep_appointment(m, ctx, _DONE_AS[m.group("pp").lower()])


_ONCE = re.compile(r"(?:on )?(?:tomorrow|tonight|today|next|this coming|this|the \d{1,2}(?:st|nd|rd|th)\b)", re.I)


def _b_help(m, ctx):
    who = _qualifier(m.group("who"))
    when = when_said(m.group("when") or m.group("recur"))
    named = m.groupdict().get("name") or m.groupdict().get("name2")
    the = f"{named} the" if named else "the"
    if m.group("recur") or not (m.group("prog") or _ONCE.match(when)):  # "the cleaner comes tomorrow": once
        q = f"{who} {'come' if who.endswith(('men', 'ers')) else 'comes'}"
        return [replace(ctx.cand("schedule", when, f"{{subject}}: {the} {q} {_on(when)}", q), subject=HOUSEHOLD)]
    q = f"{who} visit"
    return [
        replace(ctx.cand("appointment", when, f"{{subject}}: {the} {who} is coming {_on(when)}", q), subject=HOUSEHOLD)
    ]


# One relative is a subject of their own ("my mother-in-law is flying in"); a group is the household's visitors.
_FAMILY_GROUP = r"parents|in-laws|grandparents|folks|cousins|grandkids|grandchildren|mum and dad|mom and dad"


def _b_family_visit(m, ctx):
    """ "my in-laws are coming to stay on the 12th", "they're now arriving on the 19th" (said after them): the
    household's visit, one per family group, so a new date moves it."""
    who = m.group("who") or m.group("they") or "parents"  # "Mum and Dad are coming": the parents' visit
    if who.lower() in ("mum and dad", "mom and dad"):
        who = "parents"
    if who.lower() == "they":
        named = re.search(rf"\b(?:the|my|our) ({_FAMILY_GROUP})\b", ctx.sentence, re.I)
        if not named:
            return []
        who = named.group(1)
    who = who.lower()
    when = when_said(m.group("when"))
    q = f"{who} visit"
    return [
        replace(ctx.cand("appointment", when, f"{{subject}}: the {who} are visiting {_on(when)}", q), subject=HOUSEHOLD)
    ]


# "Dorota comes to clean every Wednesday morning": someone named who comes to do a job is that help.
_COMES_TO = {
    "clean": "cleaner",
    "do the cleaning": "cleaner",
    "babysit": "babysitter",
    "do the garden": "gardener",
    "do the gardening": "gardener",
    "mow the lawn": "gardener",
    "walk the dog": "dog walker",
    "walk the dogs": "dog walker",
    "mind the kids": "childminder",
    "look after the kids": "childminder",
    "clean the windows": "window cleaner",
    "do the windows": "window cleaner",
}


def _b_comes_to(m, ctx):
    who = _COMES_TO[m.group("job").lower()]
    when = when_said(m.group("recur"))
    q = f"{who} comes"
    text = f"{{subject}}: {m.group('name')} the {who} comes {_on(when)}"
    return [replace(ctx.cand("schedule", when, text, q), subject=HOUSEHOLD)]


def _b_comes_for(m, ctx):
    return _someones_slot(m, ctx, "comes for", "with")


def _b_does_the(m, ctx):
    return _someones_slot(m, ctx, "does the", "by")


def _someones_slot(m, ctx, verb: str, by: str) -> list[Candidate]:
    """The household's schedule of what someone comes for or does: "maths tutoring with Benedikt" every Saturday."""
    name = m.group("name")
    what = re.sub(r"\b(pick|drop)[ \-]?(up|off)\b", r"\1-\2", m.group("what").lower())
    when = when_said(m.group("recur"))
    text = f"{{subject}}: {name} {verb} {what} {_on(when)}"
    return [replace(ctx.cand("schedule", when, text, f"{what} {by} {name}"), subject=HOUSEHOLD)]


# "the plumber said he'll come round friday morning": the visit arranged, not hearsay
_PROMISED_VISIT = re.compile(
    rf"^(?P<who>(?:the|our) (?:[a-z]+ )?{_TRADES}) (?:said|says|has said|told (?:us|me)|texted(?: to say)?|"
    r"rang(?: to say)?|confirmed)(?: that)? (?:he|she|they)(?:'ll|'d|ll|d| will| would| is| are|'s|'re|s)? "
    r"(?:be )?(?:coming|come|be here|be round|be over|pop round|pop over|call round|call in)(?: round| over| by| in)? ",
    re.I,
)


def promised_visit(s: str) -> str:
    """ "the plumber said he'd come Monday" -> "the plumber is coming Monday"."""
    return _PROMISED_VISIT.sub(lambda m: f"{m.group('who')} is coming ", s, count=1)


def _b_pick_up(m, ctx):
    """ "I pick the kids up from my mum's every Tuesday at half five": the speaker's run, on its days."""
    verb = "drop off" if m.group("verb").lower().startswith("drop") else "pick up"
    who = re.sub(r"^(?:the|my|our) ", "", m.group("who"), flags=re.I)
    where = re.sub(r"^(?:the|my|our) ", "", m.group("where"), flags=re.I)
    clock = re.sub(r"^(?!at |from |around |by |about |between )", "at ", m.group("clock") or "", flags=re.I)
    when = when_said(f"{m.group('recur')} {clock if m.group('clock') else ''}".strip())
    what = f"{verb} {who} {'from' if verb == 'pick up' else 'at'} {where}"
    return [ctx.cand("schedule", when, f"{{subject}}: {what} {_on(when)}", what)]


def _b_trade(m, ctx):
    who = _qualifier(m.group("who"))
    when = when_said(m.group("when"))
    q = f"{who} visit"
    return [
        replace(ctx.cand("appointment", when, f"{{subject}}: the {who} is coming {_on(when)}", q), subject=HOUSEHOLD)
    ]


# "the haircut is on Thursday": without "my", only the events that are someone's own.
_PERSONAL = _alt(
    "appointment haircut check-up checkup scan vaccination jab surgery operation interview exam physio therapy "
    "blood test x-ray ultrasound dentist appointment doctor's appointment".split()
)
_THE_PERSONAL = rf"the(?= (?:[a-z\-]+ ){{0,2}}{_PERSONAL}\b)"
_COMPL = r" (?:to|from|in|with|at) (?-i:[A-Z][\w\-]+)(?: (?-i:[A-Z][\w\-]+))?"
# Where it is, not what it is: "the booster jab at the vets", "my check-up with the dentist".
_AT_PRO = rf"(?: (?:at|with) (?:the |my |our )?{PRO}(?:'s|s)?)?"
# Upkeep on a schedule: "the boiler gets serviced every October", "the gutters are cleaned twice a year".
_UPKEEP = {
    "serviced": "service",
    "checked": "check",
    "cleaned": "cleaning",
    "inspected": "inspection",
    "tested": "test",
    "mowed": "mowing",
    "mown": "mowing",
    "emptied": "emptying",
    "swept": "sweep",
    "descaled": "descaling",
    "bled": "bleeding",
    "renewed": "renewal",
    "paid": "payment",
    "due": "due",  # "the rent is due on the 1st of the month"
    "changed": "change",
    "replaced": "replacement",
    "topped up": "top-up",
    "watered": "watering",
    "treated": "treatment",
    "flushed": "flush",
    "trimmed": "trim",
    "cut": "cut",
    "washed": "wash",
    "delivered": "delivery",
}
UPKEEP = _alt(_UPKEEP)
# Where the household keeps things: a closed list of things with a fixed place, so "the kids are in the garden"
# or "the problem is in the design" give nothing.
_KEYS = _alt(
    "spare|car|house|front door|back door|shed|garage|garden|gate|padlock|window|office|bike lock|letterbox|mailbox|"
    "door|spare car|spare house|allotment|caravan|van|boat|safe|cabinet|locker".split("|")
)
_THINGS = _alt(
    [
        "generator",
        "inverter",
        "water heater",
        "geyser",
        "water tank",
        "fuse box",
        "fusebox",
        "breaker box",
        "breaker panel",
        "circuit breakers",
        "breakers",
        "trip switch",
        "db board",
        "distribution board",
        "fuse board",
        "consumer unit",
        "stopcock",
        "stop tap",
        "stop valve",
        "mains tap",
        "water valve",
        "gas valve",
        "gas tap",
        "water meter",
        "gas meter",
        "electricity meter",
        "meter",
        "meter box",
        "electricity box",
        "boiler",
        "thermostat",
        "router",
        "wifi router",
        "modem",
        "first aid kit",
        "first-aid kit",
        "torch",
        "torches",
        "candles",
        "batteries",
        "spare batteries",
        "fire extinguisher",
        "fire blanket",
        "light bulbs",
        "bulbs",
        "toolbox",
        "tool box",
        "tool kit",
        "tools",
        "ladder",
        "stepladder",
        "hoover",
        "vacuum",
        "vacuum cleaner",
        "iron",
        "ironing board",
        "passports",
        "parking permit",
        "blue badge",
        "bin key",
        "meter key",
        "garage key",
        "key fob",
        "documents",
        "paperwork",
        "birth certificates",
        "medicine",
        "medicines",
        "medication",
        "plasters",
        "towels",
        "bedding",
        "sheets",
        "decorations",
        "suitcases",
        "bin bags",
        "dog food",
        "cat food",
        "lawnmower",
        "lawn mower",
        "bike pump",
        "umbrellas",
        "chargers",
        "remote",
        "trip switch",
        "circuit breaker",
        "manual",
        "manuals",
        "warranty",
        "receipts",
        "tape measure",
        "screwdriver",
        "drill",
        "sewing kit",
        "wrapping paper",
        "scissors",
        "spare glasses",
        "insurance documents",
        "alarm panel",
        "recycling bags",
        "dog lead",
        "lead",
        "cat carrier",
        "pet carrier",
        "tent",
        "camping gear",
        "sleeping bags",
        "hose",
        "hosepipe",
        "watering can",
        "paint",
        "extension lead",
        "extension cable",
        "plunger",
        "mop",
        "bucket",
        "broom",
        "logbook",
        "log book",
        "spare tyre",
        "jack",
        "jump leads",
        "snow shovel",
        "car seat",
        "pram",
        "buggy",
        "high chair",
        "travel cot",
        "inhaler",
        "epipen",
        "epi-pen",
        "spare inhaler",
        "wheelie bin",
        "bins",
        "recycling bin",
        "spare bedding",
        "spare towels",
        "spare bulbs",
        "fuses",
        "spare fuses",
        "tin opener",
        "corkscrew",
        "chopping boards",
        "baking trays",
        "picnic blanket",
        "christmas tree",
        "password",
        "passwords",
        "wifi code",
        "alarm code",
        "door code",
        "key safe",
        "papers",
        "records",
        "pet passport",
        "certificates",
    ]
)
# "if the power goes, the fuse box is under the stairs": where a thing is kept holds whatever the condition said
# first; the condition is no part of it
CONDITION_BEFORE_A_PLACE = re.compile(
    rf"^(?:if|when|whenever|in case) (?!(?:the|our) (?:{_THINGS})\b)[^,]{{2,40}}?,? "
    rf"(?=(?:the|our) (?:spare |)(?:{_THINGS}|(?:{_KEYS}) keys?)(?:'s| is| are| lives| hangs| sits)\b)",
    re.I,
)
_THING = rf"(?:(?:[a-z\-]+ ){{0,2}}?(?:{_KEYS}) keys?|(?:[a-z\-]+ ){{0,2}}?{_THINGS}|keys)"
_PLACE_PREP = (
    r"(?:with|in|under|underneath|behind|next to|on top of|on|above|below|beside|by|inside|in front of|at the back of|"
    r"at the bottom of|at the top of|to the left of|to the right of|near|between|outside|round the back of|"
    r"hanging (?:in|on|by))"
)
_IS_KEPT = (
    r"(?:is|are|is kept|are kept|is always|are always|lives|live|goes|go|hangs|hang|is hidden|are hidden|is stored|"
    r"are stored|sits|is located|are located|is tucked|are tucked)"
)
_MOVED = (
    r"(?:has |have |was |were |got |is |are |has been |have been )?(?:now )?(?:moved|changed|rescheduled|pushed back|"
    r"moving|(?<=is )changing|(?<=is )switching|"
    r"brought forward|postponed|preponed|shifted|switched|rebooked|put back)"
    r"(?: to| until| till| for|,? (?:it is|it's|its|"
    r"so it is|so it's|so its) (?:now )?)"
)
_COMING = (
    r"(?:(?P<prog>is coming|are coming|is coming round|is coming over|is visiting|is booked|are booked)|comes|come|"
    r"comes in|come in|comes round|comes over|visits|is here|are here)"
)
# A medicine's times of day: "at 8 in the morning and 8 at night", "with breakfast and again with dinner"
_DOSE_HOUR = rf"(?:\d{{1,2}}(?:[:.]\d\d)?|{_HOUR})(?: o'clock)?(?: ?(?:am|pm|a\.m\.|p\.m\.))?"
_DOSE_PART = r"(?:(?:every|each|in the) (?:morning|evening|night)|at night|at bedtime)"
_DOSE = (
    rf"(?:(?:at |around |about )?{_DOSE_HOUR}(?: {_DOSE_PART})?|{_DOSE_PART}(?: at {_DOSE_HOUR})?|"
    r"(?:with|after|before) (?:my |his |her |their )?(?:breakfast|lunch|dinner|tea|supper|meals|food)|before bed|"
    r"at tea ?time|"
    r"at lunch(?:time)?)"
)
_DOSES = (
    rf"(?P<doses>{_DOSE}(?:(?:,| and| then|,? and then)(?: again)? {_DOSE})+|"
    rf"{_DOSE} (?:every|each) (?:morning|night|evening)|"
    # ("metformin after dinner": one dose a day, by the meal)
    r"(?:with|after|before) (?:my |his |her |their )?(?:breakfast|lunch|dinner|supper))"
)
_MEDICINE_TAKEN = (
    rf"(?P<med>{MEDICINE}|(?:(?!(?:a|the|my|his|her|their)\b)[a-z]+ ){{0,2}}(?:tablets?|pills?|meds|medication|"
    r"medicine|inhaler|drops|injections?|shots?)|insulin(?: shots?| injections?)?)"
)


def _dose(said: str) -> str:
    """One time a medicine is taken, as a clock says it: "8 in the morning" 8am, "eight at night" 8pm."""
    said = re.sub(r"^(?:and |then |again |at |around |about )+", "", said.strip(), flags=re.I)
    hour = re.match(rf"(?P<h>\d{{1,2}}(?:[:.]\d\d)?|{_HOUR})(?: o'clock)?(?: ?(?P<ap>[ap])\.?m\.?)?", said, re.I)
    if not hour:
        hour = re.search(rf"\bat (?P<h>\d{{1,2}}(?:[:.]\d\d)?|{_HOUR})(?: ?(?P<ap>[ap])\.?m\.?)?$", said, re.I)
    if not hour:
        return re.sub(r"\b(?:my|his|her|their) ", "", said.lower()).replace("tea time", "teatime")
    h = hour.group("h").lower()
    h = str(_HOUR_WORDS.index(h) + 1) if h in _HOUR_WORDS else h.replace(".", ":")
    ap = (hour.group("ap") or "").lower()
    if not ap:
        ap = "p" if re.search(r"\b(?:night|evening|bedtime)\b", said, re.I) else "a" if "morning" in said else ""
    return f"{h}{ap}m" if ap else h


def _b_doses(m, ctx):
    """ "Mum takes her blood pressure tablets at 8 in the morning and 8 at night": the medicine's times, a schedule
    of its own (moved when the doctor moves them)."""
    med = re.sub(r"\s+", " ", m.group("med").lower())
    parts = [p for p in re.split(r"\s*(?:,|\band\b|\bthen\b)\s*", m.group("doses")) if p.strip()]
    doses = [_dose(p) for p in parts]
    if len(parts) == 1 and (daily := re.search(r"(?:every|each) \w+$", parts[0])):  # "at eight every morning"
        doses = [f"{_dose(parts[0][: daily.start()])} {daily.group()}"]
    when = " and ".join(dict.fromkeys(d for d in doses if d))
    if sum(bool(re.fullmatch(r"[\d:]+[ap]m", d)) for d in doses) > 1:
        when = f"daily {when}"  # twice a day by the clock is every day
    return [ctx.cand("schedule", when, f"{{subject}}'s {med}: {when}", med)]


# (predicate, pattern, builder, negative_form): tried before the first-person table, on the same clauses.
EVENT_RULES_SRC = [
    # "mum takes her blood pressure tablets at 8 in the morning and 8 at night"
    (
        "schedule",
        rf"^I (?:always |usually |also |now |still )?(?:take|takes|have|get|need|am on) "
        rf"(?:my |his |her |their |a |the )?{_MEDICINE_TAKEN} {_DOSES}$",
        _b_doses,
        False,
    ),
    (
        "appointment",
        rf"^(?:I|we) (?:also |now |still |both |all )?(?:have got|am having|are having|have) (?:{_DET} )?"
        rf"(?:(?P<pro>{PRO})(?:'s)? )?(?P<mods>{_MOD})"
        # ("piano lessons with mrs hendricks every tuesday": with whom, a title and a name)
        rf"(?P<ev>{EVENT})(?: (?:with|at) (?:the |my |a )?"
        r"(?P<with>(?:(?:mrs|mr|ms|miss|coach|auntie|uncle) )?(?!half\b|quarter\b|noon\b|midday\b)[a-z]+))?"
        # "with the consultant in the Mater on the 22nd": where, left to the sentence
        # ("at the leisure centre every Saturday": a place of classes in lower case too)
        r"(?: (?:in|at) (?:(?:the )?(?-i:[A-Z])[\w'\-]+(?: (?-i:[A-Z])[\w'\-]+){0,4}|"
        r"the (?:[a-z]+ ){0,2}(?:centre|center|"
        r"club|pool|hall|hospital|clinic|gym|rink|studio|church))"
        # ("at the kidney hospital in mirpur on sunday ...": the town it is in)
        r"(?: in [a-z]+(?: [a-z]+)?)?(?= (?:on|at|this|next|tomorrow|every|"
        rf"{WEEKDAY})\b))?"
        # "a hospital appointment for my ears": what it is for, left to the sentence
        r"(?: for (?:my|his|her|their|our|the) [a-z]+(?: [a-z]+)?(?= (?:on|at|this|next|tomorrow)\b))?"
        # "a haircut booked at Snippers on Friday": where it is booked, left to the sentence
        rf"(?: booked(?: in)?(?: for)?(?: (?:at|with) (?:the )?[\w'\-]+)?)? "
        rf"(?:(?P<recur>{_RECUR})|(?P<when>{_ONE_OFF})){_TAIL}",
        _b_have_event,
        False,
    ),
    # "Mira does ballet on Saturday mornings": a class done on a schedule is the class's schedule
    (
        "schedule",
        rf"^I (?:also |now |still )?(?:do|go to) (?P<mods>{_MOD})(?P<ev>{_CLASSES})"
        # ("goes to madrassa in brikama saturday and sunday mornings": where, left to the sentence)
        r"(?: (?:in|at) (?:the )?[\w'\-]+(?: [\w'\-]+){0,2}?)?"
        rf" (?P<recur>{_RECUR})(?P<when>)"
        rf"{_TAIL}",
        _b_have_event,
        False,
    ),
    (
        "appointment",
        rf"^I (?:also |now |still )?(?:have got|have|am seeing|am at|am going to|am off to|am in) "
        rf"(?:the |my )(?P<pro>{PRO})(?:'s)? "
        rf"(?P<when>{_ONE_OFF}){_TAIL}",
        _b_have_pro,
        False,
    ),
    (
        "appointment",
        rf"^(?:my|our|{_THE_PERSONAL}) (?:next )?(?P<mods>{_MOD})(?P<ev>{EVENT})(?P<compl>{_COMPL})?{_AT_PRO} "
        # ("the chama will now meet on the last Saturday": where it moved to, said ahead)
        r"(?:is|are|has been|is now|meets|meet|runs|run|happens|takes place|is held|are held|will (?:now )?(?:meet|be)|"
        # ("Miso's vaccination is booked at Ponsonby Vets for 14 March": where it is booked, left to the sentence)
        r"(?:is|are) booked(?: in)?(?: (?:at|with) (?:the )?[\w'\-]+(?: [\w'\-]+){0,2}?)?(?= for\b)(?: for)?|"
        r"now meets) "
        rf"(?:now |always |usually |still )?(?:on (?=the (?:first|second|third|fourth|last) ))?"
        rf"(?:(?P<recur>{_RECUR})|(?P<when>{_ONE_OFF})){_TAIL}",
        _b_my_event,
        False,
    ),
    (
        "schedule",
        rf"^we (?:usually |always |normally |all )?(?:go to|attend|hear) (?:the )?(?:(?P<at>{_AT}) )?"
        rf"(?P<ev>{SHARED_EVENT})(?: (?:at|in) (?:the )?[\w'\-]+(?: [\w'\-]+){{0,2}}?)? (?P<recur>{_RECUR}){_TAIL}",
        _b_we_attend,
        False,
    ),
    # "our stokvel meets every second saturday": what meets on a schedule is a gathering, whatever it is called
    (
        "schedule",
        rf"^(?:my|our|the) "
        rf"(?!(?:{REL}|friends?|mates?|girls|boys|lads|kids|children|family|gang)s? (?:now )?(?:meet|get|will))"
        rf"(?P<mods>)(?P<ev>[a-z][a-z\-]*(?: [a-z][a-z\-]*)?) (?:now )?(?:meets|meet|gets together|"
        rf"will (?:now )?meet) (?:now |always |usually |still )?(?:on )?(?P<recur>{_RECUR})(?P<when>){_TAIL}",
        _b_my_event,
        False,
    ),
    # "Gerald goes to the vet for his check up on the 20th of May": a visit on a day, said in the present
    (
        "appointment",
        rf"^I (?:(?:go|am going|am taken|am off) to|am booked (?:in )?(?:at|with|to see)) "
        rf"(?:the |my )(?P<pro>{PRO})(?:'s)?"
        r"(?: for (?:my |his |her |its |their |a |an |the )?"
        r"(?P<for>check up|check-up|checkup|jabs?|vaccinations?|booster|injections?|annual check|dental|"
        rf"clean|scale and polish|filling|x-ray|scan|blood test|test|review|operation|op))? "
        rf"(?P<when>{_ONE_OFF}){_TAIL}",
        _b_goes_to_pro,
        False,
    ),
    # "the dentist is on the fifth at four": the visit to a professional, said by who; "my dentist has been
    # rescheduled to the 18th": moved
    (
        "appointment",
        rf"^(?:my|the) (?P<pro>{PRO})(?:'s)? (?:appointment )?(?:is (?:now |booked (?:in )?for )?|{_MOVED} )"
        rf"(?P<when>{_ONE_OFF}){_TAIL}",
        _b_have_pro,
        False,
    ),
    (
        "appointment",
        rf"^(?:my|our|{_THE_PERSONAL}) (?:next )?(?P<mods>{_MOD})(?P<ev>{EVENT})(?P<compl>{_COMPL})?{_AT_PRO}(?:'s)? "
        rf"{_MOVED} "
        rf"(?:(?P<recur>{_RECUR})|(?P<when>{_ONE_OFF})){_TAIL}",
        _b_my_event,
        False,
    ),
    # "the flights to Oslo are booked for the 22nd of July": a journey somewhere is the household's
    (
        "appointment",
        rf"^(?:the|our|my) (?P<mods>)(?P<ev>flight|ferry|train|trip|holiday|cruise)s?(?P<compl> to (?-i:[A-Z])[\w\-]+"
        rf"(?: (?-i:[A-Z])[\w\-]+)?) (?:is|are) (?:(?:all )?booked (?:in )?(?:for )?|now |on )?"
        rf"(?P<when>{_ONE_OFF}){_TAIL}",
        _b_journey,
        False,
    ),
    (
        "schedule",
        rf"^(?:the |our )?(?P<what>{_CHORES}|{_BIN})(?: here| round here)?"
        # "bin collection for us in headingley is", "garbage collection by us is": the household's own place
        rf"(?:(?: here| for us| by us| round here)(?: (?:in|at) [\w'\-]+(?: [\w'\-]+){{0,2}}?)?)?"
        rf"(?:'s| (?P<verb>goes out|go out|does come|does go|"
        rf"gets collected|get collected|"
        rf"is collected|"
        rf"are collected|is picked up|are picked up|gets picked up|get picked up|is emptied|are emptied|goes|go|is|are|"
        rf"comes|come)"
        # ("the garbage truck does come by us in grays farm on wednesday mornings")
        rf"(?: out)?(?: (?:by|to|for) us(?: (?:in|at) [\w'\-]+(?: [\w'\-]+){{0,2}}?)?)?"
        rf"| (?:has |have )?(?:now )?(?:changed|moved|switched) to) (?:always |usually |now )?"
        rf"(?P<when>{_RECUR}|(?:on )?(?:a )?{WEEKDAY}(?: {_PART})?s?)"
        # "bin day has changed to Monday for the black bins": which bins
        rf"(?: for (?:the |our )?(?P<which>(?:black|blue|green|brown|grey|garden|food|recycling)(?: waste)? bins?))?"
        rf"{_TAIL}",
        _b_chore,
        False,
    ),
    (
        "appointment",
        rf"^(?:(?:the|my|our) (?P<who>{_FAMILY_GROUP})|(?P<they>they)|(?P<parents>mum and dad|mom and dad)) "
        rf"(?:are |is |have )?(?:now |still )?"
        rf"(?:coming(?: to stay| over| round| to visit| down| up)?(?: with us)?|visiting(?: us)?|arriving|staying|"
        rf"flying in|fly in|flies in|coming to stay with us)"
        rf"(?: from (?-i:[A-Z])[\w\-]*(?: (?-i:[A-Z])[\w\-]*)?(?: to stay| to visit)?)? (?P<when>{_ONE_OFF})"
        rf"(?:,? (?:for|until|till) (?:the |a )?[\w ]+?)?{_TAIL}",
        _b_family_visit,
        False,
    ),
    (
        "schedule",
        rf"^(?:(?P<name>(?-i:[A-Z])[a-z\-]+),? )?(?:the |our )(?P<who>{_HELP})"
        rf"(?:,? (?P<name2>(?-i:[A-Z])[a-z\-]+),?)?,? "
        rf"(?:always |usually |normally |now )?"
        rf"{_COMING} (?:(?P<recur>{_RECUR})|(?P<when>{_ONE_OFF})){_TAIL}",
        _b_help,
        False,
    ),
    # "gwen the childminder picks kasimir up from school on tuesdays": what the help does, on its schedule
    (
        "schedule",
        rf"^(?:(?P<name>(?-i:[A-Z])[a-z\-]+),? )?(?:the |our )(?P<who>{_HELP})"
        rf"(?:,? (?P<name2>(?-i:[A-Z])[a-z\-]+),?)?,? "
        rf"(?:always |usually |normally |now )?"
        rf"(?P<vp>(?!comes\b|visits\b)[a-z]+s\b(?: [\w']+){{0,5}}?) (?P<recur>{_RECUR}){_TAIL}",
        _b_help_does,
        False,
    ),
    # "we're getting the boiler serviced on the 4th": the same, said as what the household has done
    (
        "appointment",
        rf"^we (?:are|have) (?:getting|having|got) (?:the|our) (?P<thing>{SERVICED}) (?P<pp>serviced|swept|"
        rf"inspected|checked|cleaned|repaired|fixed|mot'd|mot-ed) (?P<when>{_ONE_OFF}){_TAIL}",
        _b_upkeep_done,
        False,
    ),
    # "the boiler service is wednesday morning": the upkeep of a thing of the house, booked once
    (
        "appointment",
        # ("Boiler service is booked for Thursday": the thing said without its article)
        rf"^(?:(?:the|our|my) |(?=(?:{SERVICED}) ))(?:(?P<thing>{SERVICED}|(?-i:[A-Z])[\w\-]+(?=(?:'s|s)? "
        rf"(?:mot|nct|wof)\b))(?:'s|s)? )?"
        rf"(?P<ev>service|servicing|mot|nct|wof|roadworthy|inspection|safety check|oil change|"
        rf"check|repair|sweep|clean) (?:is|is due|is booked for|is booked in for|has been booked for|is now|"
        rf"{_MOVED}) (?:now )?(?P<when>{_ONE_OFF}){_TAIL}",
        _b_upkeep_once,
        False,
    ),
    (
        "schedule",
        rf"^(?P<name>(?-i:[A-Z])[a-z\-]+) (?:usually |always |normally )?(?:comes|come) (?:in |round |over )?to "
        rf"(?P<job>{_alt(_COMES_TO)}) (?P<recur>{_RECUR}){_TAIL}",
        _b_comes_to,
        False,
    ),
    # "Benedikt comes for maths tutoring every Saturday at 10": a visit for a service, in the household's week
    (
        "schedule",
        rf"^(?P<name>(?-i:[A-Z])[a-z\-]+) (?:usually |always |normally )?(?:comes|come) (?:in |round |over )?for "
        rf"(?:the |a |an |our |their )?(?P<what>(?:[a-z]+ ){{0,2}}(?:tutoring|tuition|lessons?|cleaning|class|session|"
        rf"physio|massage|babysitting|childminding|gardening|ironing|dog walking)) (?P<recur>{_RECUR}){_TAIL}",
        _b_comes_for,
        False,
    ),
    # "oksana does the school pick up on mondays and wednesdays": a household task done by someone, on its days
    (
        "schedule",
        rf"^(?P<name>(?-i:[A-Z])[a-z\-]+) (?:usually |always |normally )?(?:does|do) the (?P<what>school run|"
        rf"school pick[ \-]?up|school drop[ \-]?off|nursery run|nursery pick[ \-]?up|pick[ \-]?up|drop[ \-]?off) "
        rf"(?P<recur>{_RECUR}){_TAIL}",
        _b_does_the,
        False,
    ),
    # "I pick the kids up from my mum's every Tuesday and Thursday at half five", "im picking the twins up from
    # creche at five on mondays and wednesdays": the speaker's run on its days
    (
        "schedule",
        rf"^I (?:always |usually |normally |also )?(?:am )?(?P<verb>pick|picking|collect|collecting|fetch|fetching|"
        rf"drop|dropping) (?P<who>(?:the |my |our )?(?:kids|children|twins|boys|girls|little ones|son|daughter)|"
        rf"(?-i:[A-Z])[a-z]+|[a-z]+(?= (?:up|off) ))(?: up| off)? (?:from|at) "
        rf"(?P<where>(?:the |my |our )?[\w']+(?: (?!at\b|on\b|every\b|each\b)[\w']+)?) "
        rf"(?:(?P<clock>{_CLOCK}) )?(?P<recur>{_RECUR}){_TAIL}",
        _b_pick_up,
        False,
    ),
    (
        "appointment",
        rf"^(?:the |our |a )(?P<who>{_TRADES}|{_SOMEONE_FROM}) (?:(?:is|are) (?:now |still |also )?"
        r"coming(?: round| over| back| by)?|comes|"
        rf"is booked for|is booked|is visiting|will be here)(?P<why>{_COMES_TO_DO})? (?P<when>{_ONE_OFF})"
        # "... on the twenty first to finish the kitchen wiring": what they come to do
        r"(?: to (?:finish|fix|look at|sort|do|check|service|measure|install|fit|repair|replace|paint|clean)\b.*)?"
        rf"{_TAIL}",
        _b_trade,
        False,
    ),
]


def _b_upkeep(m, ctx):
    thing = _shown(m.group("thing"))
    pp = m.group("pp").lower()
    when = when_said(m.group("when"))
    q = _qualifier(f"{thing} {_UPKEEP[pp]}")
    text = f"{{subject}}: the {thing} {m.group('verb').lower()} {pp} {when}"
    return [replace(ctx.cand("schedule", when, text, q), subject=HOUSEHOLD)]


_NOT_IN_PLACE = re.compile(r"\b(?:I|me|my|mine|you|your|he|she|his|her|him|they|their|them|it|its)\b", re.I)


# "We have a generator for when NEPA takes light, it's in the back yard": "it" is the thing just named
_IT_IS_KEPT = re.compile(
    rf"(?:,\s*(?:and\s+)?|\s+and\s+|(?<!\bfor)(?<!\bof)(?<!\bto)(?<!\bwith)(?<!\bon)(?<!\bin)\s+)"
    rf"(?:it is|its|it's|it lives|it sits) (?P<where>(?:(?:up|down|out|over|round|back) )?{_PLACE_PREP} "
    r"(?:the|our|a) .+)$",
    re.I,
)
_THING_NAMED = re.compile(rf"\b(?P<thing>{_THINGS})\b", re.I)


def it_is_kept(clause: str) -> list[str]:
    """A clause that says where "it" is after naming a thing, as two: the statement, and where the thing is."""
    if (it := _IT_IS_KEPT.search(clause)) and (things := list(_THING_NAMED.finditer(clause[: it.start()]))):
        return [clause[: it.start()], f"the {things[-1].group('thing').lower()} is {it.group('where')}"]
    return [clause]


_A_TIME_NOT_A_PLACE = re.compile(
    rf"\b(?:now|today|tonight|(?:{WEEKDAY})s?|(?:night|morning|evening|weekend|week)s?)\b", re.I
)


def _b_kept(m, ctx):
    where = _strip_trailing(m.group("where"))
    # (not "the bins go out on a tuesday night": a time, not a place)
    if _NOT_IN_PLACE.search(where) or len(where.split()) > 12 or _A_TIME_NOT_A_PLACE.search(where):
        return []
    thing = m.group("thing") if "'s " in m.group("thing") else m.group("thing").lower()
    glued = m.groupdict().get("glued")
    if glued == "s" and (not ctx.lowercase or (thing.endswith("key") and not where.startswith("with "))):
        return []  # "the car keys on the table": a plural, said without its verb
    if glued:
        verb = "is"  # "the wifi passwords on the router": the 's a recogniser wrote without its apostrophe
    else:
        verb = m.group("verb").lower() if m.group("verb") else "are kept" if thing.endswith("s") else "is kept"
    obj = f"{thing} {verb} {where}"
    the = "" if "'s " in thing else "the "
    # one place at a time: where the spare key is now replaces where it was (a note keyed by the thing)
    return [replace(ctx.cand("note", obj, f"{{subject}}: {the}{obj}", qualifier=f"where {thing}"), subject=HOUSEHOLD)]


# The house's fittings that go wrong, and how: "the downstairs loo sticks, you have to hold the handle down"
_FIXTURE = _alt(
    "radiator radiators loo toilet shower bath sink tap taps boiler heating dishwasher oven hob cooker fridge freezer "
    "microwave kettle toaster door gate window windows lock doorbell bell light lights socket extractor fan alarm "
    "letterbox flap handle latch drain gutter gutters garage boiler thermostat immersion hoover dryer chime lift "
    "intercom buzzer skylight toilets".split()
    + ["washing machine", "tumble dryer", "hot water", "smoke alarm", "cat flap", "back door", "front door"]
)
_FAULT = (
    r"not working|(?:does not|doesn't|won't|will not) (?:work|lock|close|shut|open|flush|drain|latch|heat up|"
    r"turn off|turn on)"
    r"(?: properly| right| at all)?|is not working|has stopped working|stopped working|is broken|is bust|is knackered|"
    r"is dodgy|is temperamental|is on the blink|sticks|is sticky|leaks|is leaking|drips|is dripping|"
    r"(?:(?:is|has) )?(?:been )?(?:out|out of order|down)(?: for (?:a |two |three )?(?:fortnight|weeks?|days?|"
    r"months?|ages))?|(?:been )?(?:broken|bust|knackered|dodgy|temperamental|on the blink|leaking|dripping|sticky)|"
    r"needs a (?:good )?(?:push|shove|kick|jiggle|thump)|keeps (?:going off|beeping|tripping|cutting out|leaking|"
    r"sticking|jamming|dripping|flickering)"
)


def _b_fault(m, ctx):
    thing = _shown(m.group("thing")).lower()
    where = (m.group("where") or "").strip()
    fault = re.sub(r"\bdoesn't\b", "does not", m.group("fault").lower())
    tip = (m.group("tip") or "").strip(" ,")
    obj = " ".join(p for p in (thing, where, fault) if p) + (f", {tip}" if tip else "")
    c = ctx.cand("note", obj, f"{{subject}}: the {obj}", qualifier=f"fault {thing}")
    return [replace(c, subject=HOUSEHOLD)]


EVENT_RULES_SRC += [
    # "my office is in Westlands now" (casual.py says the office moved to, or worked from, this way)
    (
        "note",
        r"^my (?:office|workplace) is (?:now )?(?:in|at) (?:the )?"
        r"(?P<o>(?-i:[A-Z])[\w'\-]*(?: (?:(?-i:[A-Z])[\w'\-]*|phase (?:one|two|three|\d)|east|west|north|south))*)"
        # (and where in it, or since when: "Kilimani along argwings kodhek road", "Koramangala now from this week")
        r"(?:(?:,|\s+(?:now|these days|going forward|from|at|along|near|by|off|on|behind|opposite|next to))\b.*)?$",
        _b_office,
        False,
    ),
    (
        "note",
        rf"^(?:the |our )?(?P<thing>(?:[a-z\-]+ ){{0,2}}?(?:{_FIXTURE}))(?P<where> (?:in|on|at|by) the [a-z\-]+"
        rf"(?: [a-z\-]+)?)?(?: |'s (?=(?:been |always |still )*(?:broken|bust|knackered|dodgy|temperamental|"
        rf"on the blink|"
        rf"out|down|leaking|dripping|sticky|not working)\b))(?:(?:always|still|sometimes|often) )?(?P<fault>{_FAULT})"
        r"(?: again| at the minute| at the moment)?"
        r"(?P<tip>,? (?:so )?(?:you have to|you have got to|you need to|you just|just) [^,]+)?"
        r"(?:,? (?:been like that|has been like that|since|for ages|for weeks|for months|so|till|until|and|but)\b.*"
        r"|, .*)?$",
        _b_fault,
        True,
    ),
    (
        "schedule",
        rf"^(?:the |our )(?P<thing>(?:[a-z\-]+ )?[a-z\-]+) (?P<verb>gets|get|is|are|has to be|have to be|needs to be|"
        rf"need to be|needs|need) (?:always |usually |normally )?(?P<pp>{UPKEEP}) (?:always |usually )?"
        rf"(?P<when>{_RECUR}){_TAIL}",
        _b_upkeep,
        False,
    ),
    (
        "note",
        # ("passports are in the top drawer": the article is often left out, as a note is dictated)
        rf"^(?:the |our |my )?(?P<thing>(?:(?-i:[A-Z])[a-z\-]+'s )?{_THING})"
        rf"(?:(?P<glued>'s|s) | (?P<verb>{_IS_KEPT}) )"
        rf"(?P<where>(?:(?:up|down|out|over|round|back) )?{_PLACE_PREP} (?:the|our|a) .+|with (?:(?:Mr|Mrs|Ms|Miss|"
        rf"Dr) )?[A-Za-z][a-z\-]+ (?:(?:next door|"
        rf"across the road|over the road|down the road|upstairs|downstairs)(?: at number \w+)?|at number \w+(?: \w+)?)"
        # ("the spare key is with next door, Mrs Patel at number 12", "the meter box is out the back by the shed")
        rf"|with (?:the )?(?:next door|neighbours?|the neighbours?)(?:,? .+)?"
        rf"|(?:out|round) the (?:back|front|side)(?: .+)?)"
        r"(?: now)?$",
        _b_kept,
        False,
    ),
    (
        "note",
        rf"^we (?:always )?(?:keep|hide|store|leave) (?:the|our) (?P<thing>{_THING}) (?P<verb>)"
        rf"(?P<where>{_PLACE_PREP} (?:the|our|a) .+)$",
        _b_kept,
        False,
    ),
]


def _b_arrival(m, ctx):
    """ "my mother-in-law is flying in on the 3rd of December", "Tom's parents are visiting on Saturday"."""
    if not ctx.about:
        return []  # the speaker's own comings and goings are plans, not the household's events
    when = when_said(m.group("when"))
    kind = "visit" if m.group("visit") else "arrival"
    said = "is visiting" if kind == "visit" else "arrives"
    return [ctx.cand("appointment", when, f"{{subject}} {said} {_on(when)}", kind)]


def _b_trip(m, ctx):
    """ "we fly to Lisbon on the 19th of July": the flight is the event, keyed by where to."""
    when, place = when_said(m.group("when")), m.group("place")
    kind = "flight" if m.group("verb").lower().startswith("fly") else "trip"
    return [
        ctx.cand("appointment", when, f"{{subject}}'s {kind} to {place} is {_on(when)}", f"{kind} to {place.lower()}")
    ]


_DELIVERY = {
    "delivered": "delivery",
    "installed": "installation",
    "fitted": "fitting",
    "collected": "collection",
    "picked up": "pickup",
    "repaired": "repair",
    "fixed": "repair",
    "replaced": "replacement",
    "serviced": "service",
}
_NOT_DELIVERED = {"kids", "children", "baby", "boys", "girls", "twins", "dog", "cat", "car keys"}
# Who comes is a visit, read by the rules of the help, the trades and the family, never a thing's delivery
_PEOPLE = re.compile(
    rf"(?:{_HELP}|{_TRADES}|{PRO}|{_FAMILY_GROUP}|[a-z]*(?:man|men|woman|women|one|body|guy|lady|people))", re.I
)


def _delivered_thing(m, people_too: bool = False) -> str | None:
    """The thing a delivery or a repair is of, as its event is keyed; None for children, pets and what is no
    thing (with people_too, for people: "the plumber's coming" is their visit)."""
    thing = _qualifier(m.group("thing"))
    if thing in _NOT_DELIVERED or _bad_mod(thing + " ") or (people_too and _PEOPLE.fullmatch(thing)):
        return None
    return thing


def _b_delivery(m, ctx):
    """ "the new fridge is being delivered on saturday": the household's one-off delivery or repair."""
    thing = _delivered_thing(m)
    if thing is None:
        return []
    when = when_said(m.group("when"))
    q = f"{thing} {_DELIVERY[m.group('pp').lower()]}"
    text = f"{{subject}}: the {thing} is {m.group('pp').lower()} {_on(when)}"
    return [replace(ctx.cand("appointment", when, text, q), subject=HOUSEHOLD)]


def _b_thing_arrives(m, ctx):
    """ "the sofa's coming Sunday", "the new fridge arrives on Tuesday": a thing on its way is its delivery (people
    coming are visits)."""
    thing = _delivered_thing(m, people_too=True)
    if thing is None:
        return []
    when = when_said(m.group("when"))
    q = thing if thing.endswith("delivery") else f"{thing} delivery"  # "the Amazon delivery is coming"
    c = ctx.cand("appointment", when, f"{{subject}}: the {thing} arrives {_on(when)}", q)
    # ("my amazon parcel is coming tomorrow": the speaker's own)
    return [c if m.group("whose").lower() == "my" else replace(c, subject=HOUSEHOLD)]


def _b_thing_event(m, ctx):
    """ "the sofa delivery is on the 12th", "sofa delivery's been pushed back to the 19th": the event of a thing,
    keyed as its delivery said the other way ("the sofa is being delivered on ...")."""
    thing = _delivered_thing(m)
    if thing is None:
        return []
    kind = {"pick-up": "pickup", "install": "installation"}.get(m.group("kind").lower(), m.group("kind").lower())
    when = when_said(m.group("when"))
    q = f"{thing} {kind}"
    return [replace(ctx.cand("appointment", when, f"{{subject}}: the {q} is {_on(when)}", q), subject=HOUSEHOLD)]


def _b_we_do(m, ctx):
    """ "we do the big food shop on sunday mornings": a chore of the household on a schedule."""
    what = _qualifier(m.group("what"))
    if _bad_mod(what + " ") or not what or len(what.split()) > 4:
        return []
    when = when_said(m.group("recur"))
    return [ctx.cand("schedule", when, f"{{subject}} does the {what} {_on(when)}", what)]


EVENT_RULES_SRC += [
    (
        "appointment",
        r"^I (?:am |is |are )?(?:now )?(?:(?:flying|coming|arriving|landing|getting|driving|coming back|flying back) "
        r"in|arrive|arriving|land|landing|fly in|(?P<visit>(?:am|are) (?:coming(?: (?:over|round|down|up|across|home))?"
        r"(?: to stay| to visit)?|"
        r"visiting|visiting us|"
        # ("lola is coming over from cebu from the 10th": from where, as a recogniser writes it)
        rf"staying with us|coming to stay with us)))(?: (?:from|at) (?!the\b|this\b|next\b)[A-Za-z][\w\-]*)? "
        rf"(?P<when>{_ONE_OFF}){_TAIL}",
        _b_arrival,
        False,
    ),
    (
        "appointment",
        rf"^(?:we|I) (?:are |am )?(?P<verb>fly|flying|fly out|flying out|fly off|flying off|leave|are leaving|"
        rf"am leaving|are off|am off|head off|set off|travel|travelling|are going|am going|go|are heading|am heading) "
        rf"(?:to|for) (?P<place>(?-i:[A-Z])[\w\-]+"
        rf"(?: (?-i:[A-Z])[\w\-]+)?) (?P<when>{_ONE_OFF})"
        r"(?:,? for (?:a|one|two|three|four|ten|a couple of|a few) (?:weeks?|days|nights|fortnight)"
        r"|,? for the weekend)?"
        rf"{_TAIL}",
        _b_trip,
        False,
    ),
    (
        "appointment",
        rf"^(?:the|our) (?:new )?(?P<thing>[a-z\-]+(?: [a-z\-]+)?) (?:is being|are being|is getting|are getting|gets|"
        rf"get|is|are) (?P<pp>{_alt(_DELIVERY)}) (?P<when>{_ONE_OFF}){_TAIL}",
        _b_delivery,
        False,
    ),
    (
        "appointment",
        rf"^(?P<whose>the|our|my(?= (?:[a-z\-]+ )?(?:parcel|package|delivery|order|shopping) )) (?:new )?"
        # ("the sofa from harvey norman is coming": the shop it comes from)
        rf"(?P<thing>[a-z\-]+(?: [a-z\-]+)?)(?: from (?:the )?[\w'&]+(?: [\w'&]+)?)? "
        rf"(?:is|are) (?:now )?(?:coming|arriving|due|"
        rf"due to arrive|turning up|being dropped off|getting dropped off) (?P<when>{_ONE_OFF}){_TAIL}",
        _b_thing_arrives,
        False,
    ),
    (
        "appointment",
        rf"^(?:the |our |my )?(?:new )?(?P<thing>[a-z\-]+(?: [a-z\-]+)?) (?P<kind>delivery|installation|install|"
        rf"fitting|collection|pickup|pick-up|viewing|survey|valuation) (?:is (?:now |booked (?:in )?for |due )?|"
        rf"{_MOVED} )(?P<when>{_ONE_OFF}){_TAIL}",
        _b_thing_event,
        False,
    ),
    (
        "schedule",
        rf"^(?:we|I) (?:usually |always |normally |generally )?do (?:the|our|my) (?P<what>[a-z][a-z\- ]{{1,30}}?) "
        rf"(?P<recur>{_RECUR}){_TAIL}",
        _b_we_do,
        False,
    ),
]


def _b_wedding(m, ctx):
    """ "my brother's getting married on the 5th of August": the wedding, an event on its date."""
    when = when_said(m.group("when"))
    return [ctx.cand("appointment", when, f"{{subject}}'s wedding is {_on(when)}", "wedding")]


EVENT_RULES_SRC += [
    (
        "appointment",
        rf"^(?:I am|we are|I) (?:getting married|get married|having (?:my|our) wedding) (?P<when>{_ONE_OFF}){_TAIL}",
        _b_wedding,
        False,
    ),
]


def _b_lesson(m, ctx):
    """ "Rosa's piano with Mr Okafor is Thursdays at half four": the instrument said for its lesson."""
    return _appointment(ctx, f"{m.group('ev')} lesson", m.group("recur"), True)


def _b_visitor(m, ctx):
    """ "Grandma visits on Sundays", "Nonna comes for dinner every Sunday": a relative or friend who comes on a
    day is a recurring arrangement; a relative's is theirs, a name's the household's ("Nonna comes for dinner")."""
    if ctx.about:
        return []
    when, vp = when_said(m.group("recur")), m.group("vp")
    if m.group("rel"):  # "Auntie Jo comes for Sunday lunch every week": the aunt, named
        c = ctx.cand("schedule", when, f"{{subject}} {vp} {_on(when)}", "visit")
        return [replace(c, subject=Mention(name=m.group("relname"), relation=relation_word(m.group("rel"))))]
    if not m.group("purpose"):
        return []  # "Dorota comes every Thursday": who she is, and why, is not said
    name = m.group("name")
    return [
        replace(
            ctx.cand("schedule", when, f"{{subject}}: {name} {vp} {_on(when)}", _qualifier(f"{name} {vp}")),
            subject=HOUSEHOLD,
        )
    ]


def _b_visit_once(m, ctx):
    """ "Siobhan is coming round for dinner on Saturday": a visit on a day, the household's, by whom and what for."""
    if ctx.about or not m.group("name"):
        return []
    when, purpose = when_said(m.group("when")), (m.group("purpose") or "").lower()
    event = f"{m.group('name')} coming {purpose}".strip()
    return [
        replace(
            ctx.cand("appointment", when, f"{{subject}}: {event} {_on(when)}", _qualifier(event)), subject=HOUSEHOLD
        )
    ]


def _b_fetches(m, ctx):
    """ "Agnieszka picks the kids up on Mondays and Thursdays": someone doing a job for the household on a day is
    the household's schedule, not a routine of theirs."""
    if ctx.about:
        return []
    when, vp = when_said(m.group("recur")), m.group("vp")
    who = m.group("name") or m.group("who")
    text = f"{{subject}}: {who} {vp} {_on(when)}"
    return [replace(ctx.cand("schedule", when, text, _qualifier(f"{who} {vp}")), subject=HOUSEHOLD)]


_LESSONS = (
    r"(?:piano|guitar|violin|viola|cello|drums|flute|clarinet|trumpet|saxophone|sax|singing|swimming|harp|ukulele|"
    r"keyboard|recorder)"
)
EVENT_RULES_SRC += [
    (
        "schedule",
        rf"^my (?P<ev>{_LESSONS})(?: lessons?)? (?:with (?:(?:mr|mrs|ms|miss|dr) )?(?-i:[A-Z])[\w\-]+ )?(?:is|are) "
        rf"(?:on )?(?P<recur>{_RECUR}){_TAIL}",
        _b_lesson,
        False,
    ),
]
_NOT_VISITOR = r"(?!(?:She|He|They|It|We|I|You|Everyone|Everybody|Nobody|Someone|Somebody)\b)"
_VISITOR = (
    rf"(?:(?:my |our )?(?P<rel>{REL})(?: (?P<relname>(?-i:[A-Z])[a-z\-]+))?"
    rf"|{_NOT_VISITOR}(?P<name>(?-i:[A-Z])[a-z\-]+))"
)
_PURPOSE = (
    r"(?:for (?:dinner|lunch|tea|supper|breakfast|brunch|a roast|sunday lunch|sunday dinner|a cuppa|coffee)|"
    r"to stay|to visit|to see us|to see the kids|to babysit)"
)
_CHARGES = (
    r"(?:the kids|the children|the boys|the girls|the twins|the baby|the little ones|"
    r"(?-i:[A-Z])[a-z\-]+(?: and (?-i:[A-Z])[a-z\-]+)?)"
)
EVENT_RULES_SRC += [
    (
        "schedule",
        rf"^{_VISITOR} (?:usually |always |normally |still )?(?P<vp>(?:comes|visits|pops in|pops round|pops over|"
        rf"drops in|drops by)(?: (?:over|round|in|by))?(?: (?P<purpose>{_PURPOSE}))?) (?P<recur>{_RECUR}){_TAIL}",
        _b_visitor,
        False,
    ),
    # "Siobhan is coming round for dinner on Saturday": once
    (
        "appointment",
        rf"^{_VISITOR} (?:is|are) (?:now |also )?(?:coming|popping|dropping)(?: (?:over|round|in|by|down|up))?"
        rf"(?: (?P<purpose>{_PURPOSE}))? (?P<when>{_ONE_OFF}){_TAIL}",
        _b_visit_once,
        False,
    ),
    (
        "schedule",
        rf"^(?:(?P<who>(?:my |our )?{REL})|{_NOT_VISITOR}(?P<name>(?-i:[A-Z])[a-z\-]+)) (?:usually |always |normally )?"
        rf"(?P<vp>(?:picks {_CHARGES} up|picks up {_CHARGES}|collects {_CHARGES}|drops {_CHARGES} off|"
        rf"takes {_CHARGES} to (?:school|nursery|swimming|football|ballet|the park|[a-z]+ club)|"
        rf"looks after {_CHARGES}|minds {_CHARGES}|babysits|walks the dog)"
        rf"(?: (?:from|at) (?:school|nursery|the station|the childminder's|after-school club|preschool))?) "
        rf"(?P<recur>{_RECUR}){_TAIL}",
        _b_fetches,
        False,
    ),
]
# Whom someone sees for a service: one at a time, so a new one is news ("we've switched Biscuit to a new vet").
_CARER = (
    r"(?:vet|gp|doctor|dentist|optician|physio|physiotherapist|hairdresser|barber|mechanic|solicitor|accountant|"
    r"midwife|health visitor|consultant|therapist|counsellor|tutor|piano teacher|driving instructor|chiropodist|"
    r"plumber|electrician|builder|gas engineer|boiler engineer|heating engineer|handyman|chimney sweep|pharmacist|"
    r"optometrist|podiatrist|osteopath|chiropractor|financial adviser|mortgage adviser|decorator|roofer|locksmith|"
    r"landlord|landlady|letting agent|property manager)"
)
# the name, and where they work said after it ("Dr Anand at Chevin Vets") is part of it
_CARER_NAME = (
    # ("Dupree's Garage", "Kev's Diesel": a garage by its owner's name)
    rf"(?P<o>(?:(?:Dr|Mr|Mrs|Ms|Miss|Doctor)\.? )?{NAME}(?:'s)?(?: {NAME})?(?:-{NAME})?(?: & {NAME})?"
    rf"(?: (?:at|from|of) (?:the )?(?-i:[A-Z])[\w'\-]+"
    rf"(?: (?:(?-i:[A-Z])[\w'\-]+|&|and|surgery|practice|vets|dental|medical centre|health centre|clinic|"
    rf"hospital))*"
    # ("dr adebayo at the smile clinic", as a recogniser writes it)
    r"| (?:at|from) (?:the )?(?:[a-z0-9]+ ){1,2}(?:clinic|surgery|practice|dental|centre|hospital|vets))?"
    # ("Dr Fraser at the surgery in Dingwall": where the practice is, kept with it)
    rf"(?: in {NAME}(?: {NAME})?)?)"
)


# A practice by its name and kind: "Llanishen Court Surgery", "riverside vets"
_PRACTICE = (
    rf"(?P<practice>(?:the )?{NAME}(?: {NAME}){{0,2}} (?i:surgery|health centre|medical centre|medical practice|"
    r"practice|vets|vet clinic|veterinary|dental|dental practice|dental care|dental centre|dental clinic|dentists|"
    r"opticians|clinic|smile studio|studio))"
)
# Where a practice is, said after it: "on Barlow Moor Road", "on given terrace", "in Ikeja"
_WHERE_IT_IS = (
    # ("earl at hendricks auto out on highway 49", "over by the walmart")
    r"(?: (?:(?:out|over|down|up|just) )?(?:on|in|by|near|off) (?:the )?[\w'\-]+(?: [\w'\-]+){0,3}?)?"
    # ("dr naidoo in rondebosch, main road, above the pharmacy": its street, and what it is by)
    r"(?:, (?:[\w'\-]+ ){0,3}(?:road|street|avenue|lane|drive|way|mall|centre|plaza)\b)?"
    r"(?:,? (?:above|next to|beside|behind|opposite|near) (?:the )?[\w'\-]+(?: [\w'\-]+)?)?"
)
# What is said after whom one sees, of them or why: ", she is closer to the house", ", just so you know ..."
_ABOUT_THEM = (
    r"(?:,? (?:she|he|they|it|its|it's|which|so|as|because|cos|just so you know|for (?:any )?reminders|I|we|"
    r"if I (?:ever )?need|when I need)\b.*)?"
)


_SPOKEN_NUMBER = rf"(?:(?:{'|'.join(DIGIT_NAMES)}|double|triple|\d{{1,5}})(?: |-|$)?){{6,}}"


_THE_HOUSES = frozenset({"landlord", "landlady", "letting agent", "property manager"})


def _b_carer(m, ctx):
    # "my GP is Dr Osei"; "my mam's GP is at Llanishen Court Surgery": the practice
    role, who = m.group("role").lower(), m.group("o") or m.groupdict().get("practice")
    role = "GP" if role == "gp" else role
    poss = (m.groupdict().get("poss") or ("the" if m.groupdict().get("use") else "my")).lower()
    if who.islower() and len(who.split()) <= 3:
        who = who.title()  # "our landlords called keith", as a recogniser writes it
    if m.groupdict().get("num"):
        who = f"{who}, {spoken_digits(m.group('num'))}"
    c = ctx.cand("note", who, f"{{subject}}'s {role} is {who}", qualifier=role)
    if m.groupdict().get("n"):
        return [replace(c, subject=Mention(name=m.group("n")))]
    # "the plumber we use"; a landlord is the household's, however said
    return [replace(c, subject=HOUSEHOLD)] if poss in ("our", "we", "the") or role in _THE_HOUSES else [c]


def _b_registered(m, ctx):
    said = ctx.sentence.lower()
    role = next((r for w, r in _ROLE_SAID if re.search(w, said)), None)
    if role is None:
        return []
    who = m.group("o")
    c = ctx.cand("note", who, f"{{subject}}'s {role} is {who}", qualifier=role)
    if m.groupdict().get("n"):  # "we've moved bluey over to highfields vet clinic": the pet moved
        if m.group("n").lower() in ("him", "her", "them", "it", "us", "me", "the", "a", "our", "my"):
            return []
        return [replace(c, subject=Mention(name=m.group("n")[:1].upper() + m.group("n")[1:]))]
    return [replace(c, subject=HOUSEHOLD)] if m.group("poss").lower() != "i" else [c]


_ROLE_SAID = [
    (r"\bdent(?:al|ist)", "dentist"),
    (r"\bvet|\banimal (?:clinic|hospital)", "vet"),
    (r"\b(?:gp|surgery|medical (?:centre|practice)|health centre|doctor'?s)\b", "GP"),
    (r"\bopti(?:cian|cal)", "optician"),
]


_TIME_WORDS = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays "
    "saturdays sundays weekdays weekends weekday weekend and to till until from at in the on every each day daily "
    "night nights morning mornings evening evenings afternoon afternoons noon midnight half quarter past "
    "one two three four five six seven eight nine ten eleven twelve thirty fifteen forty five".split()
)


def _b_outage(m, ctx):
    said = re.sub(
        r"\s+(?:(?:in|for|on) (?:our|the|this) (?:area|estate|street|side)|round here|here|for maintenance|so|because|"
        r"cos)\b.*$",
        "",
        m.group("when"),
        flags=re.I,
    )
    when = when_said(re.sub(r"^(?:usually|normally|mostly) ", "", said, flags=re.I))
    words = set(re.findall(r"[a-z']+", when.lower())) - {"s", "am", "pm", "o'clock"}
    if not words <= _TIME_WORDS or not re.search(
        rf"\b(?:{WEEKDAY})s?\b|\d|\b(?:noon|midnight|every (?:day|night|morning|evening))\b", when, re.I
    ):
        return []  # "load shedding is terrible": no time said; "we're in group 7": which schedule (a note)
    # "18:00 to 20:30 on weekdays": the days first, as a schedule is written
    when = re.sub(
        rf"^(?P<t>.+?),? on (?P<d>weekdays|weekends|(?:{WEEKDAY})s?(?: and (?:{WEEKDAY})s?)?)$",
        lambda m: f"{m['d']} {'' if re.match(r'(?:from|at|between) ', m['t'], re.I) else 'from '}{m['t']}",
        when,
    )
    what = m.group("what").lower()
    event = "load shedding" if "shed" in what else f"{'water' if 'water' in what else 'power'} off"
    if who := m.group("who"):
        event = f"{event} ({who.upper()})"  # who cuts it: ZESCO, ESCOM, WUC
    # ("the water's off Monday 9 till 3 for maintenance": the one day, not every week's)
    once = re.match(rf"(?:on )?(?:{WEEKDAY})\b(?!s)", when, re.I) and not re.search(r"\b(?:every|each)\b", when, re.I)
    predicate = "appointment" if once else "schedule"
    c = ctx.cand(predicate, when, f"{{subject}}: {event} {_on(when)}", event)
    return [replace(c, subject=HOUSEHOLD)]


EVENT_RULES_SRC += [
    # "my GP is Dr Osei", "Biscuit's vet is Dr Pinto" (read as Biscuit's "my vet is ..."), "our new dentist is ..."
    (
        "note",
        rf"^(?:(?P<poss>my|our|the) )?(?:new |emergency |usual |family |regular |local )?"
        # ("the kids' dentist is doctor hartley": the children's, the household's)
        r"(?:(?:kids|children|twins|boys|girls)(?:'s?)? (?=dentist|doctor|gp|optician|orthodontist))?"
        # ("Wei Ling's maths tutor is Mr Tan": what they teach)
        r"(?:(?:maths|math|english|science|physics|chemistry|biology|reading|music|french|spanish|mandarin|chinese|"
        r"malay|arabic|quran|hindi|tamil|afrikaans|irish|welsh) (?=tutor\b))?"
        # ("the vets we use is castle vets")
        rf"(?P<role>{_CARER})(?:s(?= (?:we|I) (?:use|go to)\b))?"
        rf"(?: for (?P<n>{NAME}))?(?P<use> (?:we|I) (?:use|have|call|go to))?"
        # ("Our plumber's Dave Jukes": is, before a name as written)
        rf"(?: is|'s(?= (?-i:[A-Z]))) (?:now |called |a (?=(?:Mr|Mrs|Ms|Miss|Dr)\b))?"
        rf"(?:{_CARER_NAME}|(?:(?:at|with) )?{_PRACTICE})"
        # "the plumber we use is dai pritchard his number is oh seven seven double oh nine ...": and how to ring them
        rf"(?:,? (?:(?:his|her|their) (?:number|phone|mobile)(?: number)? is )?(?P<num>{_SPOKEN_NUMBER}))?"
        rf"{_WHERE_IT_IS}(?: now)?{_ABOUT_THEM}$",
        _b_carer,
        False,
    ),
    # "I'm registered with Dr Okafor at Quayside Dental", "I'm with Dr Halloran at Brightmoor Dental now": whom one
    # sees, the kind said by the place or beside it ("I've switched dentists")
    (
        "note",
        rf"^(?P<poss>I|we) (?:(?:am|are) (?:all |both )?(?:now |still )?(?:registered )?|(?:have )?(?:now |just )?"
        rf"register(?:ed)? )with (?=(?:Dr|Doctor)\b)"
        rf"{_CARER_NAME}"
        rf"(?: now| these days)?{_ABOUT_THEM}$",
        _b_registered,
        False,
    ),
    # "we changed vets, we're with Bellhaven Vets now", "Mochi's been moved over to Pennycross Vets": the practice
    (
        "note",
        rf"^(?P<poss>I|we|the (?:dog|cat|dogs|cats|kids|children)) (?:(?:am|are|is) (?:all |both )?(?:now |still )?"
        rf"(?:registered )?"
        rf"(?:with|at)|(?:have |has )?(?:all |both )?(?:now )?(?:been )?"
        rf"(?:moved|switched|changed|transferred|registered|signed on|signed up)(?: (?P<n>{NAME}|(?-i:[a-z])[a-z]+))?"
        r"(?: over| across)? (?:to|with|at)|"
        # ("Bruno sees Dr Campbell at the Liguanea Vet Clinic": the practice, whoever is seen there)
        rf"go to|goes to|(?:see|sees|seen by) (?:Dr|Doctor)\.? {NAME} at) (?P<o>(?:the )?{NAME}"
        rf"(?: {NAME})? (?i:Vets|Vet Clinic|Veterinary(?: Clinic| Surgery| Centre| Practice)?|"
        r"Animal (?:Clinic|Hospital)|Surgery|Medical Centre|"
        r"Health Centre|Practice|Dental(?: Practice| Surgery| Care)?|Dentists|Opticians))"
        # "riverside vets in carmarthen": the town it is in; "on norton street", as a recogniser writes a street
        rf"(?: (?:in|on|at|down in|up in|over in) (?:the )?"
        rf"(?:{NAME}(?: {NAME})?|[a-z]+ (?:street|road|avenue|lane|drive)))"
        rf"{{0,2}}(?: now| these days| from now on)?"
        # ("We're registered with Castlehill Medical Centre in Ayr for the GP": what for)
        r"(?: for (?:the |our |my )?(?:gp|doctor|dentist|vet|dental|check-?ups))?"
        rf"(?:,? (?:it is|its|it's|they are|they're|theyre) .*)?{_ABOUT_THEM}$",
        _b_registered,
        False,
    ),
    # "ESCOM load-shedding in our area is 6 to 10 in the evening on Tuesdays and Fridays", "the wuc water goes off on
    # wednesdays in our area": the household's cuts, on a schedule
    (
        "schedule",
        r"^(?:the |our )?(?:(?P<who>(?!the\b|our\b)[a-z]{2,6}) )?(?P<what>load[- ]?shedding|power cuts?|water cuts?|"
        r"outages?|(?:water|power|electricity|current|lights?) (?:goes|go|is|gets cut|gets switched|is cut|"
        r"is switched) (?:off|out))(?: (?:slot|schedule|times?))?"
        r"(?: (?:in|for) (?:our|the|this) (?:area|estate|street|side)| for us|"
        r" here)?(?: this week)?,? (?:is |are )?(?:on )?(?P<when>.+)$",
        _b_outage,
        False,
    ),
    # "we've switched Biscuit to a new vet, Dr Moreira", "I've changed to a new dentist, Mrs Ali"
    (
        "note",
        rf"^(?P<poss>I|we) (?:have )?(?:switched|moved|changed)(?: (?P<n>{NAME}))? (?:over )?to (?:a )?(?:new )?"
        rf"(?P<role>{_CARER})(?:,| called| -)? {_CARER_NAME}(?: now)?$",
        _b_carer,
        False,
    ),
]

# Compiled by the pipeline (extraction.pipeline), loaded on the first formation: most of a second of regular
# expressions that the daemon's start need not wait for.


# Dictated notes of an event, without a verb: "Boiler service booked: 14 March, 9-1", "Sofa delivery Sat between 8
# and 12", "Flight to Cape Town 3rd of December, 6:40am", "Tuesday - Dad's cataract op at Moorfields, 7:30
# check-in", "Vet - Pepper's jabs, Tues 4pm", "Mum's birthday: 22nd of August". Read as the sentence they stand
# for ("the boiler service is on 14 March, 9-1"), which the rules above read.
_SHORT_DAYS = {
    "mon": "Monday", "tue": "Tuesday", "tues": "Tuesday", "wed": "Wednesday", "weds": "Wednesday",
    "thu": "Thursday", "thur": "Thursday", "thurs": "Thursday", "fri": "Friday", "sat": "Saturday", "sun": "Sunday",
}  # fmt: skip
_SHORT_DAY = re.compile(
    rf"\b(?P<d>{_alt(_SHORT_DAYS)})\.?(?=\s+(?:\d|the\b|at\b|between\b|from\b|after\b|before\b|morning|"
    r"afternoon|evening|night)|\s*[,.]|\s*$)",
    re.I,
)
_OWNER = r"(?:(?P<who>(?-i:[A-Z])[\w\-]+|mum|dad|mom|nan|nana|gran|granny|grandma|grandad|grandpa)'s )"
_OP = r"(?:op|ops|jabs|check-in)"
_DICTATED_EVENT = (
    rf"{_OWNER}?(?P<ev>(?:[a-z][a-z\-]* ){{0,2}}?(?:{EVENT}|{PRO}|{_OP})(?: appointment| appt)?"
    r"(?: (?:to|at|with) (?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?)?)"
)
_DICTATED_SRC: list[str] = [
    # "vet for biscuit next wednesday at 11 booster jabs", "dentist for tom tuesday at 3": what, for whom, when
    (
        rf"^(?P<ev>(?:[a-z][a-z\-]* ){{0,2}}?(?:{EVENT}|{PRO}|{_OP})) for (?P<who>[\w\-]+)\s*[,:\-\u2013\u2014]?\s*"
        rf"(?:on )?(?P<when>{_ONE_OFF})(?:,? (?:[a-z]+ ){{0,2}}[a-z]+)?$"
    ),
    # "Dentist Thurs 3pm - Emma": what and when, then whose
    (
        rf"^(?P<ev>(?:[a-z][a-z\-]* ){{0,2}}?(?:{EVENT}|{PRO}|{_OP}))\s*[,:\-\u2013\u2014]?\s*(?:on )?"
        rf"(?P<when>{_ONE_OFF})\s*(?:[:\-\u2013\u2014,]|\bfor)\s*(?P<who>(?-i:[A-Z])[\w\-]+)$"
    ),
    # "Boiler service booked: 14 March, 9-1", "Sofa delivery Sat between 8 and 12"
    (
        rf"^(?P<det>the |our |my )?{_DICTATED_EVENT}(?: (?:is )?booked(?: in)?(?: for)?)?"
        r"\s*(?:[:\-\u2013\u2014,]\s*|\s)(?:on )?"
        rf"(?P<when>{_ONE_OFF})(?:(?:,| -| from| at| in) [^:]*)?$"
    ),
    # "Tuesday - Dad's cataract op at Moorfields, 7:30 check-in"
    (
        rf"^(?P<when>{_ONE_OFF})\s*[:\-\u2013\u2014,]\s*(?:the |my |our )?{_DICTATED_EVENT}"
        rf"(?:,\s*(?P<clock>{_AT})(?: [\w\-]+)?)?$"
    ),
    # "Emma - swimming, Tuesday 5pm", "noah dentist friday at 10": whose, then what and when
    (
        rf"^(?P<who>(?-i:[A-Z])[\w\-]+)(?:\s*[:\-\u2013\u2014]\s*|\s)"
        rf"(?P<ev>(?:[a-z][a-z\-]* ){{0,2}}?(?:{EVENT}|{PRO}|{_OP}))"
        rf"\s*[,:\-\u2013\u2014]?\s*(?:on )?(?P<when>{_ONE_OFF})$"
    ),
    # "Vet - Pepper's jabs, Tues 4pm"
    (
        rf"^(?P<pro>{PRO})\s*[:\-\u2013\u2014]\s*{_OWNER}?(?P<ev>(?:[a-z][a-z\-]* ){{0,2}}?(?:{EVENT}|{_OP}))"
        r"\s*[,:\-\u2013\u2014]?\s*"
        rf"(?:on )?(?P<when>{_ONE_OFF})$"
    ),
]
_DICTATED_BIRTHDAY = re.compile(rf"^(?:{_OWNER}|(?P<my>my) )birthday\s*[:\-\u2013]\s*(?:the |on )?(?P<d>{DATE})$", re.I)


@functools.cache
def _dictated() -> list[re.Pattern]:
    return [re.compile(rx, re.I) for rx in _DICTATED_SRC]  # on first use: the daemon's start need not compile them


def dictated(s: str) -> str | None:
    """The sentence a dictated note of an event stands for, or None when `s` is none."""
    s = s.strip().rstrip(".!")
    if not re.search(r"[:\-\u2013,]|\d", s) or re.search(r"\b(?:is|are|was|were|has|have|had)\b", s, re.I):
        return None  # no note, or said with its verb (which the rules read as said)
    short = _SHORT_DAY.sub(lambda m: _SHORT_DAYS[m.group("d").lower()], s)
    if m := _DICTATED_BIRTHDAY.match(short):
        who = m.group("who")
        owner = "my" if m.group("my") else _owner(who)
        return f"{owner} birthday is {m.group('d')}"
    for pattern in _dictated():
        m = pattern.match(short)
        if not m or not re.search(r"\d|day\b|tomorrow|tonight", m.group("when"), re.I):
            continue
        ev = m.group("ev")
        # "got the MOT booked for the 12th": the event, not the getting of it
        ev = re.sub(r"^(?:got|get|have|has|had) (?:the |a |an )?", "", ev, flags=re.I)
        if ev[:1].isupper() and not m.groupdict().get("who") and not is_common(ev.split()[0]):
            continue  # "Noah dentist Friday at 10": a name first is whose, not a word of the event
        if m.groupdict().get("pro"):
            ev = f"{ev} at the {m.group('pro').lower()}"
        elif re.fullmatch(PRO, ev, re.I):
            ev = f"{ev} appointment"  # "vet for biscuit ...": the visit to the vet
        when = m.group("when").strip(" ,")
        if m.groupdict().get("clock") and not re.search(r"\d|half|quarter|noon", when, re.I):
            when = f"{when} at {m.group('clock')}"
        who = m.groupdict().get("who")
        if who and "-" in who and all(is_common(w) for w in who.lower().split("-")):
            continue  # "Parent-teacher meeting Thursday 6pm": a word of the event, no one's name
        if who and who.islower():
            if who in ("me", "us", "him", "her", "them", "you", "everyone", "all", "both"):
                continue  # "dentist for me tuesday": no one named
            who = who.capitalize()  # "for biscuit": a name, as a speech recogniser writes it
        det = (m.groupdict().get("det") or "").strip().lower()
        if who:
            owner = _owner(who)
        elif det in ("my", "our"):
            owner = det
        else:  # a visit of one's own ("Dentist Thurs 3pm") is the speaker's; a delivery or a service the house's
            owner = "my" if re.search(rf"\b(?:{_PERSONAL}|{PRO}|{_OP})\b", ev, re.I) else "the"
        ev = re.sub(r"\bops?\b", "operation", ev, flags=re.I)
        when = re.sub(r"^on ", "", when, flags=re.I)
        on = "" if re.match(r"(?:next|this|tomorrow|tonight|today)\b", when, re.I) else "on "  # "is next Wednesday"
        return f"{owner} {ev[:1].lower()}{ev[1:]} is {on}{when}"
    return None


def _owner(who: str) -> str:
    """ "Dad" -> "my dad's" (a word for kin), "Pepper" -> "Pepper's"."""
    if relation_word(who) != who.lower():
        return f"my {who.lower()}'s"
    return f"{who}'s"
