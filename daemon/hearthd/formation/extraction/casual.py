"""How people talk, rewritten into the forms the rules read: "name's Jonas" -> "my name is Jonas", "mushrooms ugh
can't stand them" -> "I cannot stand mushrooms", "Ken's seventy on the fourth of June" -> "Ken's birthday is on
the fourth of June". Each rewrite keeps a statement's meaning; a question, a negation or a plan is still one after
it (the rewrites need the positive form), so the tests that void them still apply."""

from __future__ import annotations

import functools
import re

from .events import EVENT, PRO
from .subjects import _KIN_NAMES
from .text import DOCTOR, _article, capitalised
from .vocabulary import (
    _HIRED_HELP,
    CAR_MAKES,
    CAR_MODELS,
    DATE,
    DIET,
    MONTH,
    NAME,
    OCC,
    PET,
    PET_FOOD,
    REL,
    SHORT_STAY,
    WEEKDAY,
    WORKPLACE_KIND,
    _alt,
    is_ward,
)
from .words import is_common, is_function_word


def _named_anew(m: re.Match, said: str) -> str:
    """`said` with the name group "n" capitalised, or the clause as it was when that word is no name ("it's fine
    now")."""
    n = m.group("n")
    return m.group() if is_common(n.lower()) else said.replace("{n}", n[:1].upper() + n[1:])


_SUBJ = rf"(?:I|(?:(?:my|our)|{NAME}'s) [a-z\-]+(?: {NAME})?|{NAME}(?:'s [a-z\-]+)?|(?:he|she))"
# Someone said as the subject, not "Rohan's finally" (a possessive _SUBJ would read): "I", "he", a name, "my mum"
_SOMEONE = rf"(?:I|he|she|{NAME}|(?:my|our) [a-z\-]+(?: {NAME})?)"
_OBJ = r"(?!(?:it|them|that|this|him|her|me|you|us|anything|nothing)\b)[a-z][a-z\-]*(?: [a-z][a-z\-]*){0,2}"
# Kin a school is never for ("we've moved Gran to St Anne's" is a home): the kin said as a name, and the words
# they stand for
_ELDERS = _alt(_KIN_NAMES.keys() | set(_KIN_NAMES.values()) | {"nanna", "ouma", "oupa"})
_BROOD = "kids|children|boys|girls|twins|grandkids|grandchildren"
_ORG = rf"(?:{NAME}(?:'s)?(?: {NAME}(?:'s)?)*(?: (?-i:hospital|clinic|school|college|university|surgery|centre))?)"
# A school by its name: "St Aidan's Primary", "Riverside Academy", "Hills Road Sixth Form College"
SCHOOL = (
    r"(?:(?:(?:St\.?|Saint) )?(?-i:[A-Z][\w'\-]*)(?: (?-i:[A-Z][\w'\-]*)){0,3} (?:Primary|Academy|School|High|"
    r"High School|Grade School|College|Nursery|Infants|Juniors|Junior|Grammar|Secondary|Montessori|Pre-school|"
    r"Preschool|Sixth Form|Public|Intermediate|"
    r"University|Uni|National School|NS|Community School|Comprehensive|Elementary|Middle School|Prep)"
    r"(?: (?:School|College))?"
    # "Aisha goes to St Bede's": a saint's school, by the saint alone; "Scoil Mhuire": a school in Irish
    r"|(?:St\.?|Saint) (?-i:[A-Z][\w\-]*)'s"
    r"|(?:Scoil|Gaelscoil|Coláiste|Colaiste|Ysgol) (?-i:[A-Z][\w\-]*)(?: (?-i:[A-Z][\w\-]*))?"
    # "the University of Nairobi", "IIT Madras": a university by its place
    r"|(?-i:University|College|Institute) of (?-i:[A-Z][\w\-]*)(?: (?-i:[A-Z][\w\-]*))?"
    r"|(?-i:IIT|NIT|IIM|UC|UCD|UCC|NUI|MIT|UNN|UNILAG) (?-i:[A-Z][\w\-]*))"
)
# ... and as a speech recogniser writes one: "hillcrest academy"
_LOWER_SCHOOL = (
    r"(?!(?:the|a|an|his|her|their|my|our|local|big|new|same|to|at|in) )(?-i:[A-Za-z][\w'\-]*(?: [a-z][\w'\-]*)?) "
    r"(?-i:primary|academy|high school|grade school|grammar|secondary|juniors|infants|"
    r"nursery|sixth form|national school|community school|comprehensive|elementary|middle school|prep|public|college|"
    r"intermediate)"
    r"(?: school)?"
    # "little flowers school": a school by its name (not "driving school", "sunday school": what is learnt there)
    r"|(?!(?:the|a|an|his|her|their|my|our|local|big|new|same|to|at|in|driving|swimming|dance|dancing|music|sunday|"
    r"night|summer|boarding|language|flight|riding|ballet|art|cooking|bible|weekend|after|high|primary|private|"
    r"public|secondary|grammar|nursery|home|special) )(?-i:[a-z][\w'\-]*) (?-i:[a-z][\w'\-]*) (?-i:school)"
    # "st scholastica's", "st brigids": a saint's school, as a recogniser writes it
    r"|(?-i:st|saint) (?-i:[A-Za-z][a-z]+)'?s\b|(?-i:ysgol|scoil|gaelscoil) (?-i:[A-Za-z][a-z]+)"
)


# What is studied, by its name: "doing nursing at UCC", "just started engineering at the University of Toronto"
_COURSE = (
    r"(?:nursing|law|medicine|physio|physiotherapy|engineering|computer science|accounting|accountancy|business|"
    r"economics|psychology|pharmacy|dentistry|architecture|midwifery|social work|vet science|veterinary|a levels|"
    r"a-levels|leaving cert|matric|highers)"
)
_DRIVEN = {
    "buses": "bus ", "a bus": "bus ", "taxis": "taxi ", "a taxi": "taxi ", "cabs": "taxi ", "a cab": "taxi ",
    "trucks": "truck ", "a truck": "truck ", "coaches": "coach ", "lorries": "lorry ", "a lorry": "lorry ",
    "vans": "van ", "a van": "van ",
    # whom one drives for, when it says what is driven: a ride ("I drive for Uber") or deliveries ("for Uber Eats")
    "uber": "Uber ", "bolt": "Bolt ", "lyft": "Lyft ", "ola": "Ola ", "careem": "Careem ", "grab": "Grab ",
    "eats": "delivery ", "deliveroo": "delivery ", "doordash": "delivery ", "dpd": "delivery ", "evri": "delivery ",
    "hermes": "delivery ", "amazon": "delivery ", "glovo": "delivery ", "jumia": "delivery ", "dhl": "delivery ",
}  # fmt: skip


def saint_capitalised(name: str) -> str:
    """ "st Brigids", "st Luke's Hospital": a saint's name, its "St" written with its capital."""
    return re.sub(r"^(?:st|saint)(?= [A-Z])", lambda m: m.group().capitalize(), name)


def _titled(name: str) -> str:
    """A name said in lower case (its first letter capitalised or not), written as a name: "hillcrest academy" ->
    "Hillcrest Academy", "Marrickville west primary" -> "Marrickville West Primary"."""
    name = saint_capitalised(name)
    return capitalised(name) if name[1:] == name[1:].lower() else name


# A club by the kind of name clubs have: "Ashby Vale Rovers", "Pennick Town Juniors", "Corriemount Colts"
_CLUB = (
    r"(?-i:[A-Z][\w'\-]*)(?: (?-i:[A-Z][\w'\-]*)){0,3} (?-i:Rovers|Colts|Town|United|Juniors|FC|City|Athletic|"
    r"Wanderers|Albion|Rangers|Celtic|Harriers|Hornets|Lions|Tigers|Panthers|Eagles|Falcons|Cubs|Stars|Sharks|"
    r"Swifts|Wolves|Dragons|Saints)(?: (?-i:Juniors|Colts|Under \w+|U\d+s?))?"
)
_DRIVES = {
    "taxis": "taxi",
    "taxi": "taxi",
    "cabs": "taxi",
    "cab": "taxi",
    "buses": "bus",
    "bus": "bus",
    "lorries": "lorry",
    "trucks": "lorry",
    "vans": "van",
    "delivery vans": "delivery",
    "ubers": "Uber",
    "uber": "Uber",
    "hgv": "HGV",
    "lgv": "LGV",
}
# A firm by its name, capitals and all: "KPMG", "Lloyds Pharmacy", "H&M"
_FIRM = r"(?-i:[A-Z][\w&'\-]*)(?: (?:of |and |& )?(?-i:[A-Z][\w&'\-]*)){0,3}"  # ("the Ministry of Health")
# Where a shop is said to be, telling it from a town: on its street ("penneys on mary street"), in its centre
# ("dunnes in the stillorgan centre")
_STREET = r"(?:street|road|avenue|lane)"
_CENTRE = r"(?:centre|center|mall|plaza)"
# A lesson or class a child is taken to: "piano", "swimming lessons", "under 9s football training"
_LESSON = (
    r"(?:[a-z]+ )?(?:piano|guitar|violin|drums|swimming|ballet|dance|dancing|karate|judo|football|"
    r"rugby|netball|hockey|tennis|gymnastics|drama|singing|maths|tutoring|tuition|speech therapy|physio)"
    r"(?: lessons?| class(?:es)?| practice| training| club)?"
)
# The help by the work they do ("walking the dogs": a dog walker); said as done now, who is taken on
_HELP_BY_WORK = (
    ("clean", "cleaner"),
    ("cook", "cook"),
    ("dog", "dog walker"),
    ("babysit", "babysitter"),
    ("watching the kids", "babysitter"),
    ("minding", "childminder"),
    ("garden", "gardener"),
    ("school run", "driver"),
    ("driving", "driver"),
    ("pickup", "driver"),
)


def _help_by_work(work: str) -> str:
    return next(role for said, role in _HELP_BY_WORK if said in work.lower())


_HELP_WORK = (
    r"(?:(?:is |are )?(?:doing|does|do) (?:the )?(?:cleaning|cooking|dogs?|garden|gardening|school run|pickup)|"
    r"(?:walking|walks) the dogs?|babysitting|watching the kids|minding the kids)"
)
# What moved one's office, said first: "team got moved, ", "we've been shifted again, now "
_MOVED_FIRST = r"(?:[^,]*\b(?:moved|shifted)\b[^,]*, )?(?:(?:again|so|and|now),? )*"
_NUMW = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|\d{1,3})(?:[ \-](?:one|two|"
    r"three|four|five|six|seven|eight|nine))?"
)
# A job word the vocabulary does not list, by its ending: "glassblower", "upholsterer", "orthodontist".
_JOB = r"(?:[a-z\-]+ ){0,2}[a-z\-]{3,}(?:er|or|ist|ian|ant|ent|man|woman|smith|wright)"
_OCC_RE = re.compile(OCC, re.I)
_SPOUSE = {
    "husband": "wife",
    "wife": "husband",
    "partner": "partner",
    "boyfriend": "girlfriend",
    "girlfriend": "boyfriend",
    "fiance": "fiancee",
    "fiancee": "fiance",
}
_FRONT = r"^(?!(?:the|my|our|this|that|his|her|their) )"  # a kind of thing, not one thing ("the kitchen")
_YUCK = "disgusting|horrible|vile|awful|gross|revolting|rank|minging|foul|nasty|rancid|grim"
_YUM = "amazing|delicious|gorgeous|lovely|brilliant|the best|so good|incredible|yummy|fab|fabulous"
_ANIMALS = {"horse", "pony", "dog", "cat", "rabbit", "bird", "dinosaur"}


def _child(word: str, pronoun: str) -> str:
    """ "my youngest ... he": a son; a relation word stays as said."""
    if word.lower() in ("youngest", "eldest", "oldest"):
        return "son" if pronoun.lower() == "he" else "daughter"
    return word


def _plural(phrase: str) -> str:
    """ "crime podcast" -> "crime podcasts", "curry" -> "curries", "brush" -> "brushes"."""
    head, _, last = phrase.rpartition(" ")
    if re.search(r"(?:s|sh|ch|x|z)$", last):
        last += "es"
    elif re.search(r"[^aeiou]y$", last):
        last = last[:-1] + "ies"
    else:
        last += "s"
    return f"{head} {last}".strip()


def _verb(subject: str, first: str, third: str) -> str:
    return first if subject.lower() in ("i", "we", "they", "you") else third


_MONTH = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
_TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_UNITS = "one two three four five six seven eight nine".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def _house_number(m: re.Match) -> str:
    if m.group("h"):
        rest = re.sub(r"^o(?:h)? ", "", m.group("r").lower())
        return f"{_UNITS.index(m.group('h').lower()) + 1}{(_two_digits(rest) or 0):02d}"
    return str(_two_digits(m.group("n").lower()) or m.group("n"))


def _two_digits(words: str) -> int | None:
    w = words.replace("-", " ").split()
    if len(w) == 1 and w[0] in _TEENS:
        return 10 + _TEENS.index(w[0])
    if len(w) == 1 and w[0] in _UNITS:
        return 1 + _UNITS.index(w[0])
    if w and w[0] in _TENS and (len(w) == 1 or (len(w) == 2 and w[1] in _UNITS)):
        return 20 + 10 * _TENS.index(w[0]) + (1 + _UNITS.index(w[1]) if len(w) == 2 else 0)
    return None


def _year(m: re.Match) -> str:
    """A year said in words after its month: "august twenty eleven" -> "august 2011"."""
    words = m.group("y").lower().split(" ", 1)
    if words[0] == "two":
        rest = words[1].removeprefix("thousand").removeprefix(" and").strip()
        n = _two_digits(rest) if rest else None
        return f"{m.group('m')} {2000 + n}" if n is not None and n < 30 else m.group()
    n = _two_digits(words[1]) if len(words) > 1 else None
    if n is None or n < 10 and words[1].split()[0] not in ("oh",):
        return m.group()
    return f"{m.group('m')} {(1900 if words[0] == 'nineteen' else 2000) + n}"


# Agent nouns that are no job even at a named place: "a member at Roundhay Golf Club", "a regular at the Fox".
_NOT_JOB_HEADS = set(
    "member customer regular supporter player user subscriber volunteer patient visitor swimmer runner walker "
    "believer lover fighter winner loser beginner learner listener viewer reader owner holder partner founder "
    "fan friend neighbour parent mother father brother sister daughter son".split()
)


def _job(m: re.Match, where: str) -> str:
    """ "a glassblower": a job when its head word is no common English word ("a fighter", "a student" are not);
    at a named employer ("a software tester at Kerrigan Logistics") an agent noun of a common verb is one too."""
    head = m.group("j").split()[-1]
    if is_common(head) and not _OCC_RE.fullmatch(head) and not (where and head.lower() not in _NOT_JOB_HEADS):
        return m.group()
    return f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} as {m.group('j')}{where}"


def _mad(m: re.Match) -> str:
    thing = m.group("thing")
    thing = thing + "s" if thing.lower() in _ANIMALS else thing
    return f"{m.group('s')} {_verb(m.group('s'), 'love', 'loves')} {thing}"


def _we(m: re.Match) -> str:
    """ "my wife Ana and I live in Porto" -> "my wife Ana, and we live in Porto": the couple is the household, and
    the relative named stays named."""
    who = m.group("a") or m.group("b")
    return f"{who}, and we " if re.search(rf"^my [a-z]+ {NAME}$", who, re.I) else "we "


def _diet_for(m: re.Match) -> str:
    """ "so it's gluten-free for him" -> "he is gluten-free"."""
    who = (m.group("p") or m.group("who") or (m.group("eats") or "I").split()[0]).lower()
    who = {"me": "I", "i": "I", "him": "he", "her": "she", "them": "they", "us": "we"}.get(who, m.group("who") or who)
    be = {"I": "am", "we": "are", "they": "are"}.get(who, "is")
    return f"{who} {be} {m.group('d').lower().replace(' ', '-')}"


def _named_last(said: str) -> str:
    """Who a subject said with a name is, said again: "Our cat Pickles" is Pickles, "my son" is "my son"."""
    last = said.split()[-1]
    return last if last[:1].isupper() and len(said.split()) > 1 else said


def _birthday(m: re.Match) -> str:
    who = m.group("s")
    if "birthday" in who.lower():  # "my birthday is 3 May" is read as it is
        return m.group()
    # the age an adult turns that day kept too, a milestone: "Grandpa Delroy turns eighty on the 9th of August" (a
    # child's birthday says it all, the labelled sets find: "Rosa turns six on the 8th of October")
    said = m.group("n").lower()
    adult = (int(said) if said.isdigit() else _two_digits(said) or 0) >= 18
    turning = f", and {'I am' if who.lower() == 'i' else who + ' is'} turning {m.group('n')}" if adult else ""
    return f"{'my' if who.lower() == 'i' else who + chr(39) + 's'} birthday is on {m.group('d')}{turning}"


_EXPANDED = [
    ("can't", "(?:can't|cannot)"),
    ("won't", "(?:won't|will not)"),
    ("don't", "(?:don't|do not)"),
    ("I'm", "(?:I'm|I am)"),
    ("name's", "name(?:'s| is)"),
]


def _expand(p: str) -> str:
    """normalise() has expanded contractions ("can't" -> "cannot"): a pattern reads both."""
    for short, both in _EXPANDED:
        p = p.replace(short, both)
    return p


# The Irish perfect's verbs and what they become: "after moving" -> "moved"
_AFTER_DOING = {
    "moving": "moved",
    "starting": "started",
    "getting": "got",
    "buying": "bought",
    "leaving": "left",
    "selling": "sold",
    "joining": "joined",
    "finishing": "finished",
    "packing": "packed",
    "giving": "given",
    "quitting": "quit",
    "losing": "lost",
    "breaking": "broken",
    "taking": "taken",
    "having": "had",
    "changing": "changed",
    "switching": "switched",
    "cancelling": "cancelled",
    "canceling": "canceled",
    "stopping": "stopped",
    "dropping": "dropped",
    "retiring": "retired",
    "booking": "booked",
}


def _lives_in(m: re.Match) -> str:
    """Where `s` lives, said as the rules read it, with what `rest` says after it."""
    return f"{m.group('s')} {_verb(m.group('s'), 'live', 'lives')} in {m.group('o')}{m.groupdict().get('rest') or ''}"


def _lives_at_home(who: str, home: str, town: str | None) -> str:
    """ "mom lives in Brookdale in Frisco": where one lives, a home by its name and the town it is in."""
    return f"{who} lives in {_titled(home)}" + (f" in {_titled(town)}" if town else "")


def _got_instead(m: re.Match) -> str:
    """ "(we) traded in the escape for a subaru outback": what one has got now, the speaker when no one is said."""
    who = m.group("s") or "I"
    return f"{who} {_verb(who, 'have', 'has')} got {m.group('o')}"


def _has(said: str) -> str:
    """ "'s after" and "is after" say "has"; "'m", "are" and "'re" say "have"."""
    return "has" if said.lstrip().startswith(("'s", "is")) else "have"


_SERVICES_NAMED = {"raf": "RAF", "royal air force": "RAF", "police": "police", "fire service": "fire service"}


def _service_named(said: str) -> str:
    """A service one is in, as written: "the Army", "the RAF", "the police"."""
    return _SERVICES_NAMED.get(said.lower(), said.title())


def _vehicle(said: str) -> str:
    """What one drives, as its driver is called: "HGV", "Uber", "school bus", a cab's a taxi."""
    return _DRIVES.get(said.lower(), said)


# Whom a household goes to for a service, said as "our X"
_CARER_WORD = (
    r"mechanic|garage|vet|vets|dentist|doctor|gp|plumber|electrician|pediatrician|paediatrician|optician|physio|"
    r"hairdresser|barber|tutor|cleaner|gardener|handyman"
)
_CAR_TEST_SAID = {"warrant of fitness": "wof"}
# Compiled on first use (_rewrites): the daemon's start imports this module's words, not its rewrites.
_NEW_HELP = _alt(sorted(_HIRED_HELP | {"tutor"}, key=len, reverse=True))  # the help one takes on
# Who services the car, said by where it goes: "the car goes to mcallister motors in kirkcaldy for its service",
# "its agnew autos in banbridge for the servicing from now on", "from now we using shivnarine auto works": the
# household's mechanic (one at a time: the next one said replaces it)
_GARAGE_WORD = (
    r"(?:motors|garage|autos?|auto (?:works|care|centre|center|repairs|services|clinic)|mechanics|mechanical|car care|"
    r"(?:motor|car) repairs|motor works|"
    r"diesel|tyres?|auto electrics)"
)
_GARAGE = (
    r"(?P<g>(?!(?:the|a|an|our|my|his|her|it|him|them|garage|mechanics?|mot|service|servicing|town|work|school)\b)"
    r"[a-z][\w'\-]*(?: (?!(?:in|at|on|out|for|from|now|instead|fae|then|so|because|cos|and|but)\b)[\w'\-&]+){0,3}?"
    # ("gareth at bridgend motors": the mechanic and the garage)
    rf"(?: at (?!the\b)[a-z][\w'\-]*(?: [\w'\-]+)? {_GARAGE_WORD})?)"
)
_GARAGE_END = (
    r"(?=,| (?:in|at|on|out|up|down|for|fae|from|now|instead|these|then|because|cos|as|since|so|over|by|near|off|just)"
    r"\b|$)"
)


_PROVIDERS_THAT_ARE_WORDS = {"flow", "sky", "spark", "bell", "smart", "globe", "three", "glo", "shell"}


def _service_by_name(m: re.Match) -> str:
    if (is_common(m.group("p")) and m.group("p").lower() not in _PROVIDERS_THAT_ARE_WORDS) or is_function_word(
        m.group("p")
    ):
        return m.group()
    svc = m.group("svc").lower()
    return f"our {'electricity' if svc in ('light bill', 'power') else svc} is with "


def _mechanic(m: re.Match) -> str:
    """The garage as a name is written, whatever the recogniser's case ("kwik fit" Kwik Fit)."""
    return "our mechanic is " + capitalised(m.group("g"), keep=("at",))


# the household's vehicle, by its kind or its maker or model: "the landy", "the subaru", "the Corolla"
_VEHICLE = (
    # ("the Toyota Corolla": the recogniser's "corolla" is written with its maker)
    # (a model that is a word too, said only of the car here: "Our Polo gets serviced by Gerhard")
    rf"(?:car|van|motor|bakkie|ute|truck|landy|land rover|polo|golf|fiesta|focus|swift|civic|jazz|ranger|transit|"
    rf"{CAR_MAKES.pattern}(?: [a-z0-9\-]+){{0,2}}?|"
    rf"{_alt(sorted((m.lower() for m in CAR_MODELS), key=len, reverse=True))})"
)
_CAR_SERVICED = (
    r"\b(?:mot|nct|wof|service|servicing|serviced|services|mechanic|garage|motors|autos?|repairs?|kwik fit|"
    # ("Kildonan botched the brake job", "we're taking the Polo to Tyre Corner", "Prairie Diesel")
    r"tyres?|tires?|diesel|brakes?|brake job|workshop|motor works|panel beaters?|mechanics)\b"
)
_NOT_SAID_AS_SO = r"(?!.*\b(?:if|whether|might|maybe|should|could|would|thinking)\b)"

# A doctor one sees, said by going to them, as a recogniser writes it: "now i dey go to doctor adjei at east legon",
# "we're now going to Dr. Baptiste at her clinic in Kitty for all our dental work", "we moved the wee ones to doctor
# quinlan in holywood": the doctor and the place they are at (the kind, dentist or vet, said in the sentence)
_SEEN_AT = (
    r"(?P<dr>(?:doctor|dr)\.? (?!(?:at|in|on|for|so|and|now)\b)[a-z][\w'\-]*)"
    r"(?:(?: at| in)(?: (?:the|her|his|their|a|an))?(?: (?:dental|medical|vet|vets|new) (?:place|clinic|practice|"
    r"surgery|centre))?(?: (?:place|clinic|practice|surgery|office|rooms))?(?: (?:in|at))? "
    r"(?P<place>(?!(?:the|her|his|their|for|so)\b)[a-z][\w'\-]*(?: (?!(?:for|so|thats|that|now|and|because|cos|"
    r"since)\b)[a-z][\w'\-]*){0,2}))?"
)


def _seen(m: re.Match, lead: str) -> str:
    """ "Dr Adjei at East Legon", written as names are."""
    name = re.sub(r"^(?:doctor|dr)\.? ", "", m.group("dr"), flags=re.I)
    place = m.group("place")
    where = f" at {capitalised(place)}" if place else ""
    title = "Dr." if m.group("dr").lower().startswith("dr.") else "Dr"  # as written
    return f"{lead} {title} {name[:1].upper()}{name[1:]}{where}"


_REWRITES_SRC: list[tuple[str, object]] = [
    # "Booked Mochi for her vaccination at the Tiong Bahru vet on 14 March, 10am": the appointment booked
    (
        rf"^(?:(?:I|we)(?:'ve| have)? )?(?:just )?booked (?P<n>{NAME}) (?:in )?for (?:his|her|their|a|an|the) "
        rf"(?P<ev>[a-z][\w\-]*(?: (?!on\b|at\b|for\b|with\b)[a-z][\w\-]*)?)(?: (?:at|with) (?:the )?[\w'\- ]+?)?,? "
        rf"(?:on |for )?(?P<when>(?:{WEEKDAY}|{DATE}|the \d|\d|tomorrow|next)[\w:, ]*)$",
        lambda m: _named_anew(m, f"{{n}}'s {m.group('ev')} is on {m.group('when').rstrip(', ')}"),
    ),
    # an appointment moved, said with the day it is no longer: "actually the dentist isn't Tuesday anymore, they
    # moved it to Wednesday at 2", "the dentist moved my appointment, it's Wednesday at 3 now", "I said the dentist
    # was Tuesday, but it's actually Wednesday the 9th"
    (
        rf"^(?:actually,? )?(?P<ev>(?:the|my) (?:{PRO}|{EVENT}))(?: appointment)? (?:isn't|is not|isnt|is no longer) "
        r"(?:on )?[\w: ]+?(?: any ?more)?,? (?:they(?:'ve| have)?|we(?:'ve| have)?|(?:it )?(?:has been|got|was)) "
        r"(?:moved|changed|rescheduled|shifted|put back|brought forward)(?: it)? to (?P<when>[^,]+?)(?: now)?$",
        lambda m: f"{m.group('ev')} moved to {m.group('when')}",
    ),
    (
        rf"^(?:actually,? )?(?P<ev>(?:the|my) {PRO}) (?:has )?(?:moved|changed|rescheduled|shifted) my appointment"
        r"(?: to |,? (?:it's|its|it is) (?:now )?)(?P<when>[^,]+?)(?: now)?$",
        lambda m: f"{m.group('ev')} moved to {m.group('when')}",
    ),
    (
        rf"^I said (?P<ev>(?:the|my) (?:{PRO}|{EVENT})) was (?:on )?[\w: ]+?,? but (?:it's|its|it is) (?:actually )?"
        r"(?P<when>[^,]+?)(?:,? same time)?$",
        lambda m: f"{m.group('ev')} is on {m.group('when')}",
    ),
    # "ella's ballet moved to wednesdays it used to be mondays same time half four": the new day, at the old time
    (
        r"^(?P<ev>[A-Za-z]+'s [a-z]+(?: [a-z]+)?|(?:my|our) [a-z]+(?: [a-z]+)?) (?:has )?moved to (?P<when>[\w ]+?),? "
        r"it used to be (?:on )?[\w ]+?(?:,? same time,? (?P<t>(?:at )?[\w: ]+))?$",
        lambda m: (
            f"{m.group('ev')} moved to {m.group('when')}"
            + (f" at {re.sub(r'^at ', '', m.group('t'))}" if m.group("t") else "")
        ),
    ),
    # "I'm a paramedic now with the Scottish Ambulance Service": the job, then where, "now" said between
    (
        rf"^(?P<s>I am|I'm|(?:he|she)(?: is|'s)|{NAME}(?: is|'s)|(?:my|our) [a-z\-]+(?: is|'s)) (?P<job>an? "
        r"[a-z][a-z\-]*(?: [a-z][a-z\-]*){0,2}) now (?P<at>(?:at|with|for|in) (?:the )?[A-Za-z][\w'&\-]*"
        r"(?: [A-Za-z][\w'&\-]*){0,3})$",
        r"\g<s> \g<job> \g<at> now",
    ),
    # "Musa started today as our driver", "Ate Lorna started with us today as our yaya": who holds the role now
    (
        rf"^(?P<n>(?:(?-i:Ate|Auntie|Aunty|Mrs|Mr|Ms|Miss|Kuya|Mama|Baba) )?{NAME}) (?:has )?(?:started|began|begun|"
        r"joined us)(?: with us)?(?: (?:today|yesterday|this week|last week|on \w+))?(?: with us)? as our "
        rf"(?:new )?(?P<role>{_alt(_HIRED_HELP)})$",
        r"our \g<role> is \g<n>",
    ),
    # "moved Appa's dialysis to Tuesdays and Fridays, same time, 7 am": the time kept, said again
    (
        r",? same time,? (?:at )?(?=(?:\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)|(?:one|two|three|four|"
        r"five|six|seven|eight|nine|ten|eleven|twelve) o'clock)[.!]?$)",
        " at ",
    ),
    # a doctor one goes to now (see _SEEN_AT)
    (
        rf"^{_NOT_SAID_AS_SO}(?=.*\b(?:dentist|dental|vet|vets|gp|pedia|paediatrician|pediatrician|optician)\b)"
        r"(?:.*?\b(?:so|and|now|but|eh|oo|o)\s+)?(?:now )?(?P<p>I|we)(?:'re| are| am|'m|'ve| have)? (?:now |all )?"
        r"(?:(?:dey )?(?:go|going|are going) to|(?:have )?(?:changed|switched|moved)(?: (?:over|across))? to|"
        r"(?:have )?(?:moved|switched|changed|transferred) (?:the (?:wee ones|kids|children|boys|girls|twins)|them|him|"
        rf"her) (?:over )?to) {_SEEN_AT}\b.*$",
        lambda m: _seen(m, f"{m.group('p')} {'am' if m.group('p').lower() == 'i' else 'are'} registered with"),
    ),
    (
        r"^(?P<lead>(?:my|our|the kids'?|the children's) (?:family |new |regular )?(?:dentist|doctor|gp|vet|pedia|"
        # (as a recogniser writes it, the name in lower case: written names are the rules' own)
        rf"paediatrician|pediatrician|optician) is) (?=(?-i:doctor|dr)\.? (?-i:[a-z])){_SEEN_AT}\b.*$",
        # ("the kids dentist": the household's, whoever it is for)
        lambda m: _seen(m, re.sub(r"^the (?:kids'?|children's)", "our", m.group("lead"))),
    ),
    # "We dropped TelOne and went on to ZOL fibre", "so the house is on Starlink now": the home's internet, by a
    # provider with the service in its name or one that sells nothing else
    (
        r"\b(?:and )?(?:went|gone|moved|changed) (?:on |over )?(?:on)?to (?=[\w&'\-]+(?: [\w&'\-]+)? (?:fibre|fiber|"
        r"broadband|internet)\b)",
        lambda m: "and we switched to " if m.group().startswith("and ") else "switched to ",
    ),
    (r"\band (?=switched (?:over )?to\b)", "and we "),
    (
        r"\b(?:we(?:'ve| have)?|the house(?: is)?|we're|we are)(?: now)?(?: switched| moved| gone| changed)?(?: over)? "
        r"(?:on(?:to)?|to) starlink\b",
        "our internet is with Starlink",
    ),
    # "the plumber we does use is mr ramdass": the one the household uses
    (
        rf"^(?:um |so |and )?(?:the|our) (?P<w>{_CARER_WORD}) (?:that )?we (?:does |do |always |usually |normally )?"
        r"(?:use|go to|call|get) is (?:like |um )?",
        lambda m: f"our {'vet' if m.group('w').lower() == 'vets' else m.group('w')} is ",
    ),
    # "the internet is flow", "the light bill is t and tec": the home's provider of a service, by its name (not a
    # word: "the internet is slow")
    (
        r"\b(?:the|our) (?P<svc>internet|broadband|wifi|fibre|electric|electricity|light bill|power|gas|water|tv|"
        r"cable) "
        r"(?:is|'s) (?=(?P<p>[a-z&][\w&\-]*)(?: and [a-z]+)?(?:[,.]| and\b|$))",
        _service_by_name,
    ),
    # "Dale works second shift at the Honda plant": where he works (the shift a routine of its own)
    (
        r"\b(works?|working) (?:the )?(?:first|second|third|night|day|late|early|graveyard|evening|morning|split)"
        r" shifts? (?=at|for|in) ",
        r"\1 ",
    ),
    # "Our mechanic now is Kamau": the one now, said as the one
    (rf"\b((?:our|my|the) (?:{_CARER_WORD})) now is\b", r"\1 is"),
    # "we use the fella at ridge top auto in wise now": the garage, whoever works there
    (r"\b(using|use) the (?:fella|guy|man|bloke|woman|lady) (?:at|from) ", r"\1 "),
    # the household's mechanic, by where the car goes (see _GARAGE); "from now on the car goes to ..." says where it
    # is looked after, if not what for
    (
        rf"^{_NOT_SAID_AS_SO}(?=.*{_CAR_SERVICED}|(?:from now on|now|these days)\b)(?:.*?\b)?(?:the|our|my) {_VEHICLE}"
        # ("so the landy's with cockermouth auto services from now on")
        r"(?:(?:'s| is) (?:now )?with|"
        r"(?:'s| is)? (?:now |always |usually |normally )?(?:goes|go|going|gets serviced|get serviced|is serviced|"
        r"gets fixed|gets done|gets its (?:service|mot|nct|wof)(?: done)?)(?: now)? (?:to|at|with|by)) "
        rf"{_GARAGE}{_GARAGE_END}.*$",
        _mechanic,
    ),
    (
        # ("we been takin the truck to dupree's garage in hattiesburg", as the American South says it)
        rf"^{_NOT_SAID_AS_SO}(?=.*{_CAR_SERVICED})(?:.*?\b)?(?:we|we're|we are|were)(?: have)? (?:now |just )?"
        r"(?:been )?(?:taking|takin|carrying|bringing|take|carry|bring) (?:the|our) "
        rf"{_VEHICLE} (?:now )?to "
        rf"{_GARAGE}{_GARAGE_END}.*$",
        _mechanic,
    ),
    (
        # ("Taking the Corolla to Dwayne's Auto in Portmore now.", "so we take it to kaimana motors from here on":
        # where it goes now, the garage by its name)
        rf"^{_NOT_SAID_AS_SO}(?:.*?\b(?:so|and) )?(?:we(?:'re| are)? )?(?:now )?(?:taking|take|bringing|bring) "
        rf"(?:(?:the|our) {_VEHICLE}|it) (?:now )?to "
        rf"(?P<g>(?!the\b)[a-z][\w'\-]*(?: [\w'\-&]+){{0,2}}? {_GARAGE_WORD})"
        r"(?: (?:in|at|on) [\w' ]+?)?,? (?:now|from now on|from here on|instead|these days)\b.*$",
        _mechanic,
    ),
    (
        rf"^{_NOT_SAID_AS_SO}(?:.*?\b)?(?:now )?(?:it's|its|it is) (?:now )?{_GARAGE}(?: (?:in|at) [\w' ]+?)? "
        r"(?:at the garage|for (?:the |its |our )?(?:servicing|service|mot|nct|wof|repairs))\b.*$",
        _mechanic,
    ),
    (
        # ("so now we use tran's auto over by the walmart", "we're using Redlands Tyre & Mechanical")
        rf"^{_NOT_SAID_AS_SO}(?:.*?\b)?(?:from now(?: on)? )?we(?:'re| are)? (?:now )?(?:using|use|going to|with|"
        # ("we've gone with mersey motor repairs in bootle instead")
        r"(?<=we )have (?:now )?(?:gone with|gone to|switched to|moved to)) "
        rf"(?P<g>(?!the\b)[a-z][\w'\-]*(?: [\w'\-&]+){{0,2}}? {_GARAGE_WORD}){_GARAGE_END}.*$",
        _mechanic,
    ),
    # "biscuit our kelpie eats black hawk": a pet named before its kind, in lower case; the name whatever the word
    (
        rf"^(?P<n>(?!(?:so|and|but|um|well|like|yeah|ok|okay|right|now|then|oh|he|she|it|this|that)\b)[a-z]+),? "
        rf"(?:our|the) (?P<sp>{PET}),? (?=(?:eats|is on|gets|has|loves|hates|is|only eats|will only eat)\b)",
        lambda m: f"our {m.group('sp')} {m.group('n').capitalize()} ",
    ),
    # "the kelpie's on royal canin": the household's pet, by its kind, and what it eats
    (rf"^the (?P<sp>{PET})(?='s on\b|'s only on\b| is on\b| is only on\b| eats\b| only eats\b)", r"our \g<sp>"),
    # "so Biscuit's on Black Hawk lamb from today": from now on (not a day's one-off)
    (r"(?<!\bstart)(?<!\bstarts)(?<!\bstarting)(?<!\bbegins) from today[.!]?$", " from now on"),
    # a correction: only what is said after "well I did" stands
    (r"^.*?,? well (?:I|he|she|we|they) (?:did|was|used to),? (?:but )?(?=\S)", ""),
    (rf"^name's (?={NAME}\b)", "my name is "),
    # "Please save my name on the household profile as Priyanka Deshpande": the name to keep
    (
        rf"^(?:please )?(?:save|put|store|keep|list|record|have|set) (?:me|my name)(?: (?:on|in|for) (?:the|my|our) "
        rf"[a-z]+(?: [a-z]+)?)? (?:down )?as (?P<n>{NAME}(?: {NAME}){{0,2}})$",
        r"my name is \g<n>",
    ),
    # "my name on all the accounts is sarah hughes": the full name, as it is booked
    (
        r"^my name on (?:all )?(?:the |my )?(?:[a-z]+ )?(?:accounts|bookings|forms|passport|bank|documents|"
        r"papers)\b is ",
        "my full name is ",
    ),
    # "doctor's put him on a Mediterranean diet": the diet one is on now
    (
        rf"^(?:the |my |his |her )?{DOCTOR}(?:'s| has)? "
        # ("my cardiologist wants me on a Mediterranean diet now")
        rf"(?:now )?(?:put|got|started|wants|want) (?P<w>him|her|me|{NAME}) on (?:a |the )?"
        r"(?P<d>[a-z\-]+(?: [a-z\-]+)?) diet\b",
        lambda m: (
            f"{ {'him': 'he', 'her': 'she', 'me': 'I'}.get(m.group('w').lower(), m.group('w')) } "
            + f"{'am' if m.group('w').lower() == 'me' else 'is'} on a {m.group('d')} diet"
        ),
    ),
    # "my name is rajesh but everyone calls me raj so just raj is fine", "I'm Margaret, but everyone calls me Peggy,
    # you can too": the name one asks to be called by is the one to keep (said without asking, the name is the
    # name and the other what one goes by)
    (
        rf"^(?:my (?:full |real |proper )?name is|I am|I'm) {NAME}(?: {NAME})?,? but (?:everyone|everybody|all my "
        rf"friends|most people|people|they all) (?:calls?|call) me (?={NAME}\b[,.]? (?:so|you can|you may)\b)",
        "everyone calls me ",
    ),
    # "Andre seh him get a work as security guard", "Tom says he's got a job as a plumber": his own news, passed on
    (
        rf"^(?P<n>{NAME}|(?:my|our) [a-z\-]+(?: {NAME})?) (?:seh|sey|says|said) "
        r"(?:him|he|she|her|he's|she's|he has|she has) (?:get|got|getting|gotten|just got) (?:a |an )?"
        r"(?:work|job|new job) as (?=\w)",
        lambda m: f"{m.group('n')} works as ",
    ),
    # Where one's office is now: "company has shifted our team to kharadi", "now I'm working out of the Powai office",
    # "i'm sitting in the Koramangala office now", "now i'm at the Electronic City campus", "our office is in Kilimani"
    # (after what moved it: "team got moved, ...", "we've been shifted again, ...")
    (
        rf"^{_MOVED_FIRST}(?:(?:the |our )?company|they|the firm|work)(?: has| have|'ve|'s)? (?:shifted|moved|"
        r"relocated|transferred)(?: again)? (?:us|our team|the team|me|our office|the office)(?: again)?(?: yaar)? to "
        # (not "they moved me to the renal ward": a ward is where one works in a hospital)
        r"(?:a (?:new |small |bigger )?office in |the )?(?=(?-i:[A-Z]))"
        r"(?![\w' ]*\b(?:ward|wards|unit|department|desk)\b)",
        "my office is in ",
    ),
    (
        rf"^{_MOVED_FIRST}(?:I am|I'm|we are|we're) (?:now )?(?:sitting|working|based|at)(?: out of| from| in)? "
        r"(?:the |a |our )?(?:(?:new |small )?office in (?P<o>(?-i:[A-Z])[\w'\-]*(?: (?-i:[A-Z])[\w'\-]*){0,2})"
        r"|(?P<p>(?-i:[A-Z])[\w'\-]*(?: (?-i:[A-Z])[\w'\-]*){0,2}) (?:office|campus|branch))"
        r"(?= now|,|$| from| going forward| at)",
        lambda m: f"my office is in {m.group('o') or m.group('p')}",
    ),
    (rf"^{_MOVED_FIRST}(?:our|the) (?:office|workplace) is (?=(?:now )?(?:in|at) )", "my office is "),
    # "so now that we're married i'm going by Siobhan Kearney": why, said first, without a comma
    (
        r"^(?:(?:so )?now )?that (?:we're|we are|we've|we have|I'm|I am) (?:\w+ ){1,2}?"
        r"(?=(?:I'm|im|I am|I've|ive|I|we're|we|my|our) (?:going by|go by|using|called|changed|taken|took)\b)",
        "",
    ),
    # "i'm going by my married name now, sarah Whitlock": the name, said after which it is
    (
        r"\b(?:I'm|im|I am) (?:now )?(?:going by|using|go by) my (?:married|maiden|new|husband's|wife's) name"
        r"(?: now)?,? (?P<n>[A-Za-z][a-z\-]+ [A-Za-z][a-z\-]+)\b",
        lambda m: f"I go by {m.group('n').title()}",
    ),
    # "we got a new ute last week a white ford ranger": the kind, then the one got
    (
        r"^((?:we|I) (?:have )?(?:just )?(?:got|bought|picked up)) a new (?:car|ute|van|truck|bakkie|motor|vehicle|"
        r"fridge|telly|tv)"
        r"(?: (?:last|this) (?:week|month|year)| yesterday)?,? (?=(?:a|an) )",
        r"\1 ",
    ),
    # "we got a new defy fridge from game last week": the shop it came from, no part of it
    (
        r"^((?:we|I) (?:have )?(?:got|bought|picked up) an? (?:[\w\-]+ ){1,4}?)from (?:[a-z]+ ){0,2}?[a-z]+"
        r"(?= (?:last|this) (?:week|month|year)$| yesterday$|$)",
        r"\1",
    ),
    # "we had solar panels put on last year": had fitted is had
    (
        r"^(we|I) (?:had|have had|got) ((?:[a-z]+ ){0,2}?[a-z]+) (?:put on|put in|fitted|installed)"
        r"(?: (?:on )?the roof| (?:in )?the (?:garage|loft|attic|kitchen|back))?"
        r"(?: (?:last|this) (?:week|month|year)| yesterday| in (?:the )?[a-z]+)?$",
        r"\1 have \2",
    ),
    # "my mum she lives in Cork", "my dad he is 72": the relative, said, then again as "she"
    (
        rf"^((?:so |and )?(?:my|our) (?:{REL})(?: (?-i:[A-Z])[a-z]+)?),? (?:he|she) "
        r"(?=(?:is|has|was|lives|works|speaks|loves|likes|hates|drives|does|goes|teaches)\b)",
        r"\1 ",
    ),
    # "the green bin goes out on a tuesday night for the wednesday collection": the night it goes out, each week
    (
        rf"^(?P<b>(?:the |our )?(?:[a-z]+ )?(?:bins?|rubbish|recycling|garbage|trash)) go(?:es)? out (?:on )?(?:a )?"
        rf"(?P<d>{WEEKDAY})(?P<n> nights?| evenings?)?(?: for the (?:{WEEKDAY}) collection)?(?::.*)?$",
        lambda m: (
            f"{m.group('b')} {'go' if m.group('b').lower().endswith('s') else 'goes'} out on {m.group('d')}"
            + (m.group("n") or "s")
        ),
    ),
    # "got my hair booked in for the fourteenth at eleven": an appointment at the hairdresser's
    (
        r"^(?:I (?:have |'ve )?)?(?:got|have) my (?P<w>hair|nails|eyebrows|brows|lashes) (?:booked|done)(?: in)? "
        r"(?:for|on) ",
        lambda m: f"I have a {m.group('w').lower()} appointment on ",
    ),
    # "maths tuition with sharma sir": a teacher as India says one, Mr Sharma ("verma ma'am": Mrs Verma)
    (r"\bwith ([A-Za-z]+) sir\b", r"with Mr \1"),
    (r"\bwith ([A-Za-z]+) (?:ma'am|maam|madam)\b", r"with Mrs \1"),
    # "piano lessons for ana saturdays at ten with mrs okafor": a weekly lesson, dictated with whose it is
    (
        r"^(?P<ev>(?:[a-z]+ ){0,2}(?:lessons?|classes|class|practice|training|tuition|coaching)) for "
        rf"(?P<who>[A-Za-z][a-z\-]+) (?P<days>(?:on |every )?(?:{WEEKDAY})s?\b)",
        lambda m: f"{m.group('who')[:1].upper()}{m.group('who')[1:]} has {m.group('ev')} {m.group('days')}",
    ),
    # "car's booked in for its warrant of fitness at the testing station on the 14th at 9": the car's upkeep, booked
    (
        r"^(?:the |our |my )?(?P<t>car|van|minivan|ute|truck|bakkie)(?:'s| is| has been| was) booked in "
        r"(?:(?:at|with) (?:the )?(?:[\w']+ ){1,4}?)?for (?:its|an|a|the|her|his) "
        r"(?P<ev>mot|nct|wof|warrant of fitness|roadworthy|service|oil change)"
        r"(?: (?:at|with) (?:the )?[\w']+(?: [\w']+){0,3}?)? (?:on|for) (?=\w)",
        lambda m: f"the {m.group('t')}'s {_CAR_TEST_SAID.get(m.group('ev').lower(), m.group('ev'))} is booked for ",
    ),
    # "i teach primary school here in galway", "i teach primary out in galway": where one is, said "here", is where
    # one lives
    (
        # (not where the workplace is: "i teach in a secondary school out in Tallaght", "a job out in milford hospice")
        # (nor what an allergy does: "allergic to sulfa drugs, they bring me out in hives")
        rf"^(?!.*{SHORT_STAY})(?!.*\b(?:allergic|brings? (?:me|him|her|them) out)\b)(?P<s>I|we)"
        r"(?P<rest> (?:work|teach|am|'m|have|run|drive|study|nurse)\b"
        # ("i teach in the primary school here in galway": "here" is where one lives, wherever the school is)
        r"(?!.*\b(?:in|at) (?:a|an|the) (?!.*\bhere in\b))(?!.*\bjob\b).+?),? (?:here|out|over) in "
        rf"(?P<p>{NAME}(?: {NAME})?)(?<!Hospice)(?<!Hospital)(?<!School)(?<!Clinic)(?<!Centre)$",
        lambda m: f"{m.group('s')}{m.group('rest')} and {m.group('s')} live in {m.group('p')}",
    ),
    # "please save my name as maricel santos, with a c": the name to keep
    (
        rf"^(?:(?:please|can you|could you) )?(?:save|put|store|keep|have|list|write) (?:my name|me) (?:down )?as "
        rf"(?P<n>{NAME}(?: {NAME})?)\b",
        r"my name is \g<n>",
    ),
    # "i've gone back to being vegetarian", "I'm back to being vegan": the diet one follows again
    (
        rf"^(?P<s>I|we|{_SUBJ})(?:'ve| have|'m| am|'s| is| has|'re| are)? (?:gone |went |now )?back to being "
        rf"(?P<d>{DIET})\b",
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'am' if m.group('s').lower() == 'i' else 'are', 'is')} "
            + m.group("d")
        ),
    ),
    # "Call me Bongi, everyone does", "I'm Peggy to everyone", "call me Bea, nobody calls me Beatrice", "call me Fen,
    # it's short for Fenella": what everyone calls one, said beside the name one was given, is one's name
    (
        rf"^(?:(?:just |you can |please )?call me (?P<a>{NAME})[,.]? (?:(?:everyone|everybody|all my friends|most "
        r"people|the whole (?:street|family|village)|(?:the|all the) (?:kids|children|grandkids|grandchildren) all) "
        r"(?:does|do)|(?:nobody|no one) (?:calls me|uses|but)|only my [a-z]+ (?:still )?calls me|it is short for"
        r"|(?:my )?(?:full|real) name(?: is|s)?|that is what every(?:one|body) (?:in this house |here )?calls me)"
        rf"|I am (?P<b>{NAME}) to (?:everyone|everybody|all my friends|most people))\b",
        lambda m: f"everyone calls me {m.group('a') or m.group('b')}.",
    ),
    # "hi its priyanka here", "this is Tom speaking": the speaker says who is speaking
    (
        rf"^(?:it is|its|this is) (?!(?:{WEEKDAY}|{MONTH})\b)(?P<n>{NAME})(?: here| speaking)\b,?",
        lambda m: f"my name is {m.group('n')},",
    ),
    # the Irish perfect: "mam's after moving up to Dublin" -> "mam has moved up to Dublin"
    (
        r"(?:'s|\s*\bis|'re|\s*\bare|'m|\s*\bam) (?:just |only )?after (?P<v>" + "|".join(_AFTER_DOING) + r")\b",
        lambda m: f" {_has(m.group(0))} {_AFTER_DOING[m.group('v').lower()]}",
    ),
    # someone else moved it: "they've moved my haircut to Saturday at 3pm", "the school moved Emma's parents
    # evening to the 20th" -> "my haircut has been moved to ..."
    (
        r"^(?:they|the (?:[a-z]+ ){0,2}[a-z]+|(?-i:[A-Z])[\w'\-]+) (?:have|has|had) (?:now )?(?:just )?"
        r"(?P<v>moved|changed|rescheduled|rebooked|pushed back|pushed|put back|brought forward|shifted) "
        rf"(?P<x>(?:my|our|(?:{NAME})'s) (?:[a-z\-]+ ){{0,2}}[a-z\-]+) (?P<to>to|till|until) (?=\S)",
        lambda m: f"{m.group('x')} has been {m.group('v')} {m.group('to')} ",
    ),
    # "so my mum, her name's Rosalind, she's out in Halifax": the name said of the relative, then what of them
    (
        rf"^(?P<p>my|our) (?P<rel>{REL}),? (?:his|her|their) name(?:'s| is) (?P<n>{NAME})(?=,|$)",
        lambda m: f"{m.group('p')} {m.group('rel')}, {m.group('n')}",
    ),
    # the person first, then who they are, then what is said of them: "Tiago, that's my brother, he's
    # vegetarian" -> "my brother Tiago is vegetarian"; "My youngest, Hugo, he turns six on ..."
    (
        rf"^(?P<n>{NAME}),? (?:that is|he is|she is) (?P<p>my|our) (?P<rel>{REL}),? (?:and )?(?:he|she) (?=\w)",
        lambda m: f"{m.group('p')} {m.group('rel')} {m.group('n')} ",
    ),
    # "kwame my brother is studying at knust", "Zainab, my eldest, is vegetarian": the name, then who they are
    (
        rf"^(?P<n>{NAME}),? (?P<p>my|our) (?P<rel>{REL}|youngest|eldest|oldest),? (?=(?:is|has|works|lives|"
        r"teaches|studies|speaks|loves|hates|plays|does|goes|drives)\b)",
        lambda m: f"{m.group('p')} {m.group('rel')} {m.group('n')} ",
    ),
    (
        rf"^(?P<p>my|our) (?P<rel>{REL}|youngest|eldest|oldest),? (?P<n>{NAME}),? (?P<pr>he|she) (?=\w)",
        lambda m: f"{m.group('p')} {_child(m.group('rel'), m.group('pr'))} {m.group('n')} ",
    ),
    # "Cleaner comes every second Wednesday": who comes, said as a note is written, without "the"
    (
        r"^(?=(?:cleaner|gardener|window cleaner|dog walker|childminder|nanny|carer|tutor|cleaners|gardeners)"
        r"(?:'s| is)? (?:comes?|coming|visits?)\b)",
        "the ",
    ),
    # "I'm not vegan anymore, just vegetarian": the diet kept, the one given up said first
    (
        rf"^(?P<s>I|we)(?:'m| am|'re| are) not (?:a )?(?:{DIET}) any ?more,? (?:just|only|now|but)? ?(?:a )?"
        rf"(?P<new>{DIET})\b",
        lambda m: f"{m.group('s')} {'am' if m.group('s') == 'I' else 'are'} {m.group('new')}",
    ),
    # "Rohan's finally qualified as a plumber": a job one is now qualified for
    (
        rf"^(?P<s>{_SOMEONE})(?:'s| has|'ve| have)? (?:just |finally |now )*"
        r"qualified as (?P<j>an? [a-z\-]+(?: [a-z\-]+)?)"
        r"(?=,|$| now\b)",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'am', 'is')} {m.group('j')}",
    ),
    # "my brother Deon's in the army": the service one is in is where one works
    (
        rf"^(?P<s>{_SOMEONE})(?:'s| is|'m| am) (?:now )?(?:in|with) the "
        r"(?P<o>army|navy|raf|royal navy|royal air force|marines|royal marines|police|fire service|fire brigade)\b",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at the {_service_named(m.group('o'))}",
    ),
    # "he's delivering for DPD now", "she's driving for Uber": who one works for
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is|'m| am) (?:now )?(?:delivering|driving|working|cleaning|doing deliveries) for "
        rf"(?P<o>{_FIRM})(?: now| these days)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}",
    ),
    # "i start at Flutterwave on monday as operations analyst", "I have resumed at Flutterwave this week": a new job
    (
        rf"^(?P<s>I) (?:(?:have |had )?(?:just )?resumed|start|am starting|will be starting|"
        rf"(?:have )?(?:just )?started) "
        rf"(?:work )?at (?P<o>{_FIRM})(?: (?:on \w+|this week|next week|today|tomorrow|next month|this month))?"
        r"(?:,? (?:as (?P<j>(?:an? )?[a-z][a-z ]+?)|new role as (?P<j2>(?:an? )?[a-z][a-z ]+?)))?(?:,.*)?$",
        lambda m: (
            f"I work at {m.group('o')}"
            + (f" as {m.group('j') or m.group('j2')}" if m.group("j") or m.group("j2") else "")
        ),
    ),
    # "I'm Deepak, software engineer at Infosys, based in Pune": a job and a town said after one's name
    (
        rf"^(?P<head>I am {NAME}), (?P<job>(?:[a-z\-]+ ){{0,2}}{OCC} (?:at|for|with) [^,]+?)(?=,|$)",
        r"\g<head>, I am a \g<job>",
    ),
    (rf"^(?P<head>I am {NAME},.*?), based in (?={NAME})", r"\g<head>, I am based in "),
    # "he's doing his apprenticeship as a sparky with Dunne Electrical": an apprentice's trade, and with whom
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is|'m| am) (?:now )?doing (?:his|her|my|their|an) apprenticeship(?: as an? "
        rf"(?P<j>[a-z]+(?: [a-z]+)?))? (?:with|at) (?P<o>{_FIRM})",
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'am', 'is')} an apprentice {m.group('j')} at {m.group('o')}"
            if m.group("j")
            else f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}"
        ),
    ),
    # "Aroha is down at uni in Dunedin": where a student lives
    (
        # ("Priya, my eldest girl, is at uni in Leeds": who she is, kept)
        rf"^(?P<s>{_SUBJ})(?P<app>, (?:my|our) [a-z ]+,)? ?(?:'s| is|'m| am) (?:now )?(?:down |up |away |over )?at "
        rf"(?:uni|university|college) in (?P<o>{NAME})(?:,? (?:studying|doing|reading) [a-z ]+)?$",
        lambda m: f"{m.group('s')}{m.group('app') or ''} {_verb(m.group('s'), 'live', 'lives')} in {m.group('o')}",
    ),
    # "she's events coordinator at Half Moon resort now": a job said without its article, and where
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is|'m| am) (?:now )?(?P<j>(?!(?:a|an|the|my|our)\b)(?:[a-z\-]+ ){{0,2}}?{OCC}) at "
        rf"(?P<o>{_FIRM})",
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'am', 'is')} {_article(m.group('j'))} {m.group('j')} "
            f"at {m.group('o')}"
        ),
    ),
    # "I'm waiting tables at Junior's now", "waitressing at the Crown": a waiter's job, and where
    (
        r"^I (?:am |'m )?(?:now )?(?:waiting tables|waitressing|waiting on tables) (?:at|in) "
        r"(?P<o>" + _FIRM + r"|(?-i:[a-z]+)'s)",  # (a name as a recogniser writes it: "junior's")
        lambda m: f"I am a waiter at {_titled(m.group('o'))}",
    ),
    # "Aroha's moved on to Burger Fuel now": a job left for another, by the firm's name
    (
        rf"^(?P<s>{_SUBJ})(?:'s| has|'ve| have)? moved on to (?P<o>{_FIRM})(?: now)?(?:,.*)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}",
    ),
    # "Arjun goes for maths tuition at ..., monday wednesday friday evening": a lesson one has
    (
        rf"^(?P<s>{_SUBJ}) (?:goes|go) for (?P<e>(?:[a-z]+ )?(?:tuition|lessons?|classes|coaching|training|practice|"
        r"therapy|physio|dialysis))\b",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'have', 'has')} {m.group('e')}",
    ),
    # "the vet has Molly on Hill's i/d now": what the vet has a pet eat
    (
        rf"^(?:the )?vets? (?:has|have|has got|have got|has put|put) (?P<n>{NAME}|(?-i:[a-z]+)) on (?P<f>.+?)(?: now)?"
        r"(?: for (?:her|his) [a-z]+)?(?:,.*)?$",
        lambda m: f"{_titled(m.group('n'))} is on {m.group('f')}",
    ),
    # "my granny in kingston is eighty four", "my sister in Leeds has twins": where a relative lives, then what else
    (
        rf"^(?P<r>(?:my|our) (?:{REL}))(?: back home| over)? in (?P<o>{NAME}(?: {NAME})?)"
        r"(?: (?P<rest>(?:is|has|was|does|loves|likes|makes|still|turns|can't|cannot|works|speaks|hates)\b.*))?$",
        lambda m: (
            m.group()
            if all(is_common(w) for w in m.group("o").lower().split())  # "my sister in law", "my son in year 4"
            # ("my cousin in durban was saying the traffic is terrible": what they said, not kept)
            or re.match(r"(?:was|is) (?:saying|telling)|(?:said|says|reckons|thinks)\b", m.group("rest") or "")
            else f"{m.group('r')} lives in {m.group('o')}"
            + (f", and {m.group('r')} {m.group('rest')}" if m.group("rest") else "")
        ),
    ),
    # "I'm a software engineer at Safaricom, been living in Nairobi since uni": the speaker, unsaid
    (r"^(?P<h>I am [^,]+), (?=been (?:living|based) in\b)", lambda m: f"{m.group('h')}, I have "),
    # "im a sparky self employed based in christchurch", "live down geelong way": a job, then where one lives
    (
        rf"^(?P<head>I am (?:an? )?(?:[a-z\-]+ ){{0,2}}?(?:{OCC}))(?:,? mate)?(?P<own>,? self[- ]employed)?,? "
        rf"(?:based|living|live) (?:(?:down|up|out|over) )?(?:in )?"
        rf"(?P<o>{NAME})(?: way)?(?P<rest>,? .*)?$",
        lambda m: (
            m.group()
            if is_common(m.group("o").lower())
            else f"{m.group('head')}{m.group('own') or ''}, I live in {m.group('o')}"
            + (f", {m.group('rest').lstrip(', ')}" if m.group("rest") else "")
        ),
    ),
    # "we moved mom to brookdale over in frisco": an elder moved by the family is where she lives now
    (
        rf"^(?:so )?(?:we|I)(?: have|'ve)? (?:just |finally )?(?:moved|put|taken|got) (?P<p>(?:my|our) )?"
        rf"(?P<s>{_ELDERS}) (?:in)?to (?:a |the )?(?P<o>(?-i:[A-Za-z])[\w'\-]+(?: (?-i:[A-Za-z])[\w'\-]+){{0,3}}?)"
        r"(?: over| down| up)?(?: in (?P<t>[A-Za-z][\w\-]+))?(?:,.*)?$",
        lambda m: (
            m.group()  # ("we moved dad to the front room": no home)
            if all(is_common(w) for w in m.group("o").lower().split())
            else _lives_at_home(f"{m.group('p') or ''}{m.group('s')}", m.group("o"), m.group("t"))
        ),
    ),
    # "mom is now at Heritage Oaks memory care in allen", "my mom lives at sunrise senior living": a care home
    (
        rf"^(?P<s>(?:(?:my|our) )?{_ELDERS}|{_SUBJ}) (?:is now|is|lives|has moved|moved)(?: now)? (?:at|in|into|to) "
        rf"(?:the )?(?P<o>[A-Za-z][\w'\-]*(?: [A-Za-z][\w'\-]*){{0,2}}? (?:senior living|memory care|care home|"
        r"nursing home|retirement village|retirement home|assisted living|care centre|care center|hospice|"
        r"residential home|old age home|old people's home))(?: in (?P<t>[A-Za-z][\w\-]+))?(?:,.*)?$",
        lambda m: _lives_at_home(m.group("s"), m.group("o"), m.group("t")),
    ),
    # "nan's gone into Ashgrove House, the care home in Driffield": the home by its name, what it is after it
    (
        rf"^(?P<s>(?:(?:my|our) )?{_ELDERS}|{_SUBJ})(?:'s| has| is)? (?:now )?(?:gone|moved|been moved|been put) "
        rf"(?:in)?to (?P<o>{NAME}(?: {NAME}){{0,2}}),? the (?:care|nursing|retirement|residential) home in "
        rf"(?P<t>{NAME}(?: {NAME})?)(?:,.*)?$",
        lambda m: _lives_at_home(m.group("s"), m.group("o"), m.group("t")),
    ),
    # "cucu is now staying with uncle Kamau in Thika": where one lives now, with whom
    (
        rf"^(?!.*{SHORT_STAY})(?P<s>{_SUBJ}|{_ELDERS})(?:'s| is| has been|'s been| has gone to| has moved to)? "
        rf"(?:now )?(?:staying|living|stay|live) with (?:my |our |her |his |their )?"
        rf"(?:[a-z]+ ){{0,2}}(?:{NAME} )?in (?P<o>{NAME}(?: {NAME})?)(?P<rest>(?:,| for| since) .*)?$",
        _lives_in,
    ),
    # "cucu lives in her own house in othaya", "she has shifted to my brother in law's place in Baner", "she's gone
    # back to her own flat in Nashik": the town a home is in
    (
        rf"^(?!.*{SHORT_STAY})(?P<s>{_SUBJ}|{_ELDERS})(?: has| have|'s|'ve)? (?:lives in|live in|(?:shifted|moved|gone "
        rf"back|moved back|gone) to) (?:her|his|their|my|our|[\w\-]+'s) (?:[\w'\-]+ ){{0,2}}?"
        r"(?:place|flat|house|home|apartment|room|bungalow) in "
        rf"(?P<o>{NAME}(?: {NAME})?)(?P<rest>.*)$",
        _lives_in,
    ),
    # "we're taking bruno to Fourways Animal Hospital from now on": the vet a pet is taken to now
    (
        r"^(?P<p>we|I) (?:are|am) (?:now )?taking (?=(?:[\w\-]+) to (?:the )?(?:[\w'\-]+ ){0,3}"
        r"(?:vets?|veterinary|animal (?:clinic|hospital))\b.*\b(?:now|from now on)\b)",
        lambda m: f"{m.group('p')} have moved ",
    ),
    # "we've switched Bluey over to Petersham Vet Hospital": a pet's vet, changed
    (
        rf"^(?:we|I) (?:have |'ve )?(?:just )?(?:switched|moved|changed|taken) (?P<n>{NAME}|(?-i:[a-z]+)) (?:over )?to "
        r"(?:the )?(?P<o>(?:(?-i:[A-Z])[\w'\-]* ){0,2}(?-i:Vet|Vets|Veterinary|Animal)"
        r"(?: (?:in |of |and )?(?-i:[A-Z])[\w'\-]*){0,2})(?: in [A-Za-z]+)?(?:,.*| (?:now|na|po))?$",  # (not why)
        lambda m: f"{_titled(m.group('n'))}'s vet is {m.group('o')}",
    ),
    # "we have packed to Lekki now": moved, as Nigerian English says it
    (
        rf"^(?P<s>we|I) (?:have |'ve )?(?:just )?packed (?:to|into) (?P<o>{NAME}(?: {NAME})?)(?P<rest>.*)$",
        lambda m: f"{m.group('s')} have moved to {m.group('o')}{m.group('rest')}",
    ),
    # "(since monday) I've been at Flutterwave as an operations analyst": where one works now, and as what
    (
        rf"^I (?:have |'ve )?(?:been|am) (?:at|with) (?P<o>{_FIRM})(?: since \w+)? as (?P<j>(?:an? )?[a-z][a-z ]+?)"
        r"(?:,.*)?$",
        lambda m: f"I work at {m.group('o')} as {m.group('j')}",
    ),
    # "I am now teaching at Kapsabet Boys", "she's teaching maths at St Anne's": where one teaches
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is|'m| am) (?:now )?teaching (?:(?P<what>[a-z]+) )?at "
        # ("now he is teaching maths at a secondary school in zomba": a school by its kind)
        rf"(?P<o>{_FIRM}|(?:a|an|the) (?:[a-z']+ ){{0,2}}(?:school|college)(?: in [a-z]+)?)(?P<rest>.*?)"
        r"(?: (?:from|since|starting) (?:this|next|last) \w+| now)?$",
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'teach', 'teaches')} "
            f"{m.group('what') + ' ' if m.group('what') else ''}"
            f"at {m.group('o')}{m.group('rest')}"
        ),
    ),
    # "our Ciarán has a weekend job in SuperValu", "Aroha's got an after school job at Countdown": a job somewhere
    (
        rf"^(?P<s>{_SUBJ})(?:'s| has| have|'ve)?(?: got)? (?:an? )?(?:new |little )?(?:weekend|part-time|part time|"
        r"saturday|sunday|after school|after-school|summer|holiday|evening|casual) job (?:at|in|with) "
        rf"(?P<o>{_FIRM})(?P<rest>.*)$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}{m.group('rest')}",
    ),
    # "he's delivering pizzas for Domino's now", "i'm driving for UPS out of the hub", "he's on the tools at Bunnings
    # now": a job said by what one does there
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is|'m| am) (?:now )?(?:driving|delivering(?: [a-z]+)?|"
        r"on the (?:tools|tills|checkouts?)|doing (?:saturdays|sundays|weekends|nights|shifts)) (?:for|at|in) (?:the )?"
        rf"(?P<o>{_FIRM})(?:,.*| (?:now|these days|out of|on|in|at)\b.*)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}",
    ),
    # "I accepted the offer from Globe Telecom": the new employer
    (
        rf"^(?P<s>I) (?:have )?(?:just |finally )?accepted (?:the|a|their) (?:job )?offer (?:from|at) "
        rf"(?P<o>{_FIRM})(?:,.*)?$",
        lambda m: f"I work at {m.group('o')}",
    ),
    # "refuse collection in our street in rondebosch is every monday": the collection, wherever it is said to be
    (
        r"^(?P<c>(?:the |our )?(?:refuse|rubbish|bin|garbage|trash|recycling) (?:collection|pickup|pick-up)) "
        r"(?:in|on|for|along) (?:our|the|this) (?:street|road|area|estate|close|avenue|lane|block)"
        r"(?: in [a-z]+(?: [a-z]+)?)? (?=is |are )",
        r"\g<c> ",
    ),
    # "bins go out tuesday night for the wednesday collection": the bins, kept by their collection day
    (
        rf"^(?P<b>(?:the |our )?(?:bins?|rubbish|recycling|garbage|trash)) go(?:es)? out (?:on )?(?P<out>(?:{WEEKDAY}) "
        rf"(?:night|evening)s?) for (?:the )?(?P<day>{WEEKDAY})(?: morning)? (?:collection|pick ?up)(?P<rest>,.*)?$",
        lambda m: f"{m.group('b')} go out {m.group('out')}, collection's {m.group('day')}{m.group('rest') or ''}",
    ),
    # "theres a powerwall in the garage": the household's, where it is kept (owned only if it is a thing one owns)
    (
        # (not "there's a spider in the kitchen": a creature is no thing of the house's)
        rf"^there (?:is|'s) (?!(?:a|an) (?:[\w\-]+ )?(?:{PET}|spider|mouse|mice|rat|wasp|bee|bird|fly|snake)s?\b)"
        r"(?P<o>(?:a|an) [\w\- ]+? (?:in|on|under|up in) the (?:garage|shed|loft|attic|kitchen|hall|"
        r"hallway|basement|cellar|roof|garden|utility(?: room)?|spare room|cupboard|porch|driveway|drive))$",
        r"we have \g<o>",
    ),
    # "we switched mochi to vitality", "the vet's put him on Royal Canin renal": a pet's food changed
    (
        rf"^(?:.*?\b)?(?:we|I|the vet|vet|they)(?:'ve| have|'s| has| are| am|'m|'re| (?:said|says|told us)(?: to)?)? "
        rf"(?:now |just )?(?:switched|switch|put|moved|move|"
        rf"changed|change|trying|started|got) (?P<n>{NAME}|him|her) (?:over )?(?:on|onto|to) (?:the )?"
        rf"(?P<f>{PET_FOOD}.*)$",
        lambda m: f"{ {'him': 'he', 'her': 'she'}.get(m.group('n').lower(), m.group('n')) } is on {m.group('f')}",
    ),
    # "I moved to CRDB last month as branch manager": a new employer, and the post
    (
        rf"^(?P<s>I|(?:my|our) [a-z]+|{NAME}) (?:have |has )?(?:moved|gone|transferred) (?:over )?to "
        rf"(?P<o>{_FIRM})"
        rf"(?: in (?-i:[A-Z])[\w\-]+)?(?: (?:last|this) (?:week|month|year)| in {MONTH})? as (?:an? |the )?"
        rf"(?P<j>(?:[a-z]+ )?(?!student\b|pupil\b)(?:{OCC}))$",
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')} as {_article(m.group('j'))} "
            f"{m.group('j')}"
        ),
    ),
    # "we're in holmfirth just up from the co-op": where the home is, by what it is near
    (
        r"^(?:we are|we're|were) (?:now )?in (?P<p>(?!(?:the|a|an|our|my|town|bed|work|school|hospital|church|"
        r"trouble|luck|love|charge|time|line|touch|shock|bits|pieces|tears|debt|dire|the)\b)[a-z][\w\-]+"
        r"(?: (?!just\b|near\b|not\b|close\b|off\b|by\b|up\b|down\b)[a-z][\w\-]+)?) "
        r"(?P<t>(?:just )?(?:up|down|round|off|outside|by|near) (?:from |the |by )|not far from |close to )",
        r"we live in \g<p> \g<t>",
    ),
    # "we feed biscuit our kelpie on meadow run dry kibble", "we feed Max Supercoat": what a pet eats
    (
        rf"^(?:we|I) (?:now |only |always )?feed (?:(?P<n>{NAME})(?:,? (?:our|my|the) (?:{PET}),?)?|"
        # (a pet's name that is a word, said with what it is: "biscuit our kelpie")
        rf"(?P<w>[a-z]+),? (?:our|my|the) (?:{PET}),?) (?:on )?(?:the )?(?P<f>{PET_FOOD}.*)$",
        lambda m: f"{m.group('n') or m.group('w').capitalize()} is on {m.group('f')}",
    ),
    # "the dog max is on supercoat chicken biscuits": the household's dog, named after its kind
    (
        rf"^the (?P<k>{PET}) (?P<n>{NAME}) (?P<v>is on|eats|has|gets) (?:the )?(?P<f>{PET_FOOD}.*)$",
        lambda m: f"our {m.group('k')} {m.group('n')} {m.group('v')} {m.group('f')}",
    ),
    # "biscuit's food is James Wellbeloved now", "vet says milo has to go on science diet": what a pet eats now
    (
        rf"^(?:.*?\b(?:vet|vets) (?:said|says|told us),? )?(?P<n>{NAME})(?:'s food is| has to go on| needs to go on| "
        rf"is going on) (?:the )?(?P<f>{PET_FOOD}.*)$",
        lambda m: f"{m.group('n')} is on {m.group('f')}",
    ),
    # "so put me down as pescatarian now": the diet, as the speaker wants it kept
    (
        rf"^(?:.*\b)?(?:put|mark|list|have) (?P<s>me|us) down as (?:an? )?(?P<d>{DIET})(?: now| from now on)?$",
        lambda m: f"{'I am' if m.group('s').lower() == 'me' else 'we are'} {m.group('d')}",
    ),
    # "she's on the tills in Dunnes in douglas now": where one works
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is|'m| am) (?:now )?on the (?:tills|checkouts?|desk|counter|shop floor|floor|door) "
        rf"(?:at|in) (?:the )?(?P<o>{_FIRM})(?: in (?-i:[A-Za-z])[\w\-]+)?(?: now)?(?:,.*)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}",
    ),
    # "he's doing weekends on the tills at Tesco", "I'm working nights at the Asda": where one works, and when
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is|'m| am) (?:now )?(?:doing|working) (?:weekends|evenings|nights|days|shifts|"
        r"saturdays|sundays|part[- ]time|full[- ]time|mornings)(?: on the (?:tills|checkouts?|floor|desk|counter))? "
        rf"(?:at|in|for) (?:the )?(?P<o>{_FIRM})(?: in (?-i:[A-Z])[\w\-]+)?(?: now)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}",
    ),
    # "I drive for Bolt", "I'm driving buses for Translink": a driver, and whom for
    (
        rf"^(?P<s>{_SUBJ}) (?:(?:'s|'m|is|am) )?(?:now )?(?:drives?|driving) (?P<v>buses |a bus |taxis |a taxi |cabs |"
        rf"a cab |trucks |a truck |lorries |a lorry |vans |a van |)for (?P<o>{_FIRM}?(?: [Ee]ats)?)"
        # (when: "I drive for Uber most evenings", "for uber eats in the evenings")
        r"(?:(?:,| now\b| these days\b| here\b| in\b| this\b| for\b| mostly\b| eh\b| since\b| most\b| every\b| at\b|"
        r" on\b| part[- ]time\b| full[- ]time\b| (?:at )?(?:weekends|evenings|nights)\b| and\b).*)?$",
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} as a "
            f"{_DRIVEN.get(m.group('v').strip() or m.group('o').split()[-1].lower(), '')}driver at {m.group('o')}"
        ),
    ),
    # "piano lessons for amara every wednesday at half four": whose lesson, said after it
    (
        rf"^(?P<e>{_LESSON}) for "
        r"(?P<n>(?-i:[A-Z])[\w'\-]+(?: (?-i:[A-Z])[\w'\-]+)?)"
        r" (?=(?:every|each|on|at|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b)",
        lambda m: f"{m.group('n')} has {m.group('e')} ",
    ),
    # "I take Imogen to piano on Tuesdays at 4": her lesson, said by who takes her
    (
        rf"^I (?:take|bring|drive|drop) (?P<n>(?-i:[A-Z])[\w'\-]+) (?:to|for) (?P<e>{_LESSON}) "
        r"(?=(?:every|each|on|at|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b)",
        lambda m: f"{m.group('n')} has {m.group('e')} ",
    ),
    # "got the job at the council, housing officer, i start monday": the role said after the employer
    (
        rf"\b(?P<j>job|position|post|role) (?P<p>at|with) (?P<o>[^,]+), (?:as )?(?:an? )?"
        rf"(?P<r>(?:[a-z]+ )?(?:{OCC})|{_JOB})(?=,|$)",
        lambda m: f"{m.group('j')} {m.group('p')} {m.group('o')} as a {m.group('r')}",
    ),
    # "parcel from argos should be here tomorrow": a delivery from a shop, said any way it comes
    (
        # ("got a parcel from argos coming tomorrow": one had, coming)
        r"^(?:(?:I|we) (?:have |'ve )?got |(?:I|we) have |there is |got )?(?:(?P<d>the|a|an|our|my) )?"
        r"(?P<t>(?:[\w'&]+ )?(?:parcel|package|delivery|order|food shop|shopping|"
        r"grocery delivery))"
        r"(?: from (?!(?:my|our|his|her|their|the|a)\b)(?P<s>[\w'&]+(?: (?!(?:is|are|should|will)\b)[\w'&]+)?))? "
        r"(?:should be here|will be here|is due|is arriving|arrives|"
        r"should arrive|will arrive|should come|will come|is coming|comes|coming|arriving)\b",
        # ("my amazon parcel is coming": the speaker's)
        lambda m: (
            f"{'my' if (m.group('d') or '').lower() == 'my' else 'the'} "
            f"{m.group('s') + ' ' if m.group('s') else ''}{m.group('t')} is coming"
        ),
    ),
    # "we've got a trampoline in the back garden": a thing the household has
    (
        r"^(?P<s>we|I)(?:'ve| have)? got (?P<x>an? [a-z\-]+(?: [a-z\-]+)?) (?:in|on) (?:the|our|my) (?:back |front )?"
        r"(?:garden|yard|shed|garage|drive|driveway|loft|attic)$",
        lambda m: f"{m.group('s')} have {m.group('x')}",
    ),
    # "our old dog Bramble's a lab cross": how old or small a pet is, said before its name
    (
        r"^(?P<d>our|my|the) (?:old|young|little|new|big|lovely|daft) "
        r"(?=(?:dog|cat|rabbit|pony|horse|puppy|kitten|pup|bunny)\b)",
        r"\g<d> ",
    ),
    # "Vegetarian here, eggs are fine though": what one eats, said as one says one's name
    (rf"^(?P<d>{DIET}) here$", r"I am \g<d>"),
    # "Rafael here, I'm a sous chef": who is speaking, as a phone call opens (a title is no name: "Mum here")
    (
        rf"^(?!(?:Mum|Mom|Dad|Nan|Nana|Gran|Granny|Grandma|Grandad|Grandpa|Nobody|Everyone|Everybody|Someone|"
        rf"Somebody|Anyone|Me|Us|Them|Hearth)\b)(?P<n>{NAME}) here$",
        r"my name is \g<n>",
    ),
    (r"^(.*?),? (?:ugh|urgh|yuck|eugh|bleurgh)\b,?", r"\1,"),
    # a judgement, then the feeling: "olives are disgusting i hate them", "coriander tastes like soap, hate it"
    (
        rf"{_FRONT}(?P<o>{_OBJ}) (?:is|are|tastes?) (?:like \w+|{_YUCK})(?: to me)?,? (?:and )?(?:I )?"
        r"(?P<v>hate|can't stand|can't bear|loathe|detest) (?:it|the stuff|them)$",
        lambda m: f"I {m.group('v')} {m.group('o')}",
    ),
    (
        rf"{_FRONT}(?P<o>{_OBJ}) (?:is|are|tastes?) (?:{_YUM})(?: to me)?,? (?:and )?(?:I )?"
        r"(?P<v>love|adore) (?:it|them)$",
        lambda m: f"I {m.group('v')} {m.group('o')}",
    ),
    # object fronted: "mushrooms, can't stand them", "coriander tastes like soap to me, hate the stuff"
    (
        rf"^(?P<o>{_OBJ})(?:, | I |, I )(?P<v>can't stand|cannot stand|can't bear|hate|loathe|detest) "
        r"(?:them|it|the stuff|the things?)$",
        lambda m: f"I {m.group('v')} {m.group('o')}",
    ),
    # allergies said sideways
    (rf"^(?P<o>{_OBJ}) and me don't mix,? I'm (?:really |very )?allergic$", r"I am allergic to \g<o>"),
    (
        rf"^(?P<s>{_SUBJ}) can't (?:have|eat|take|touch) (?P<o>{_OBJ}),? (?:he|she|they|I)(?:'s|'re|'m| is| "
        r"are| am) (?:really |very |severely )?allergic(?: to (?:it|them))?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'am', 'is')} allergic to {m.group('o')}",
    ),
    (rf"^I(?:'ve| have) got hay ?fever,? (?P<o>{_OBJ}) (?:mainly|mostly|especially)$", r"I am allergic to \g<o>"),
    (r"\b(allergic to [a-z\-]+(?: [a-z\-]+)?)(?:,? like | )(?:properly|really|seriously|proper|badly)\b.*$", r"\1"),
    # diets
    (
        rf"^(?P<s>{_SUBJ}) (?:went|has gone|'s gone|have gone|'ve gone|turned) "
        r"(?P<d>vegan|vegetarian|veggie|pescatarian)\b.*$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'am', 'is')} {m.group('d')}",
    ),
    (r"^(?:gave|given) up (?:meat|eating meat)\b.*? so (I'm|I am) (veggie|vegetarian)\b", r"\1 \2"),
    # likes and dislikes
    # "Zofia loves anything with mango in it": the taste is the mango
    (
        rf"^(?P<s>{_SUBJ}) (?P<v>loves?|likes?|adores?) (?:anything|everything|stuff|things) "
        rf"(?:with|that has|made with|that's got) (?P<o>{_OBJ}) in(?: it| them)?$",
        lambda m: f"{m.group('s')} {m.group('v')} {m.group('o')}",
    ),
    # "my dad only eats halal": the diet, however it is said
    (rf"\b(?:only|just|strictly) (?=eats? (?:{DIET})\b)", ""),
    # "I've got a Fender bass in the spare room": where it is kept is no part of the thing
    (
        r"^(?P<h>.*?\b(?:have|has) got (?:an?|two|three) [a-z][\w\- ]*?) (?:in|on) (?:the|my|our) (?:spare room|"
        r"garage|shed|loft|attic|bedroom|room|living room|front room|hall|hallway|cellar|basement|drive|"
        r"driveway|office|study)$",
        r"\g<h>",
    ),
    (r"^(call me [\w\-]+(?: [\w\-]+)?),? please$", r"\1"),
    (
        rf"^(?P<s>{_SUBJ}) (?:won't|will not) (?:touch|eat) (?P<any>anything )?(?P<o>{_OBJ})(?:,? (?:he|she|they|I) "
        r"(?:hates?|can't stand) (?:it|them))?$",
        # "won't eat anything spicy": spicy food
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'dislike', 'dislikes')} {m.group('o')}"
            + (" food" if m.group("any") and " " not in m.group("o") else "")
        ),
    ),
    (rf"^(?P<s>{_SUBJ})(?: is|'s|'m| am) (?P<thing>[a-z]+)[ \-]mad$", _mad),
    # "proper hooked on Wordle at the minute me": what one can't leave alone is a love
    (
        rf"^(?:(?P<s>{_SUBJ})(?: is|'s|'m| am) )?(?:proper |well |totally |completely |absolutely |really |so )?"
        rf"(?:hooked on|addicted to) (?P<thing>{_OBJ})(?: at the (?:minute|moment)| these days| lately)?(?:,? me)?$",
        lambda m: _mad(m) if m.group("s") else f"I love {m.group('thing')}",
    ),
    (
        rf"^(?P<s>{_SUBJ})(?: is|'s|'m| am) (?:absolutely |totally |completely )?mad (?:on|about) "
        rf"(?P<thing>{_OBJ})$",
        _mad,
    ),
    (rf"\b(?:a )?(?:massive|huge|big) (?P<o>{_ORG}) fan\b", r"a big fan of \g<o>"),
    # "my nana up in whangarei is going deaf in one ear": where someone lives, said of them as who they are
    (
        rf"^(?P<s>(?:my|our) [a-z\-]+(?: {NAME})?) (?:up|down|over|out|back home|back) in (?P<t>{NAME}(?: {NAME})?) "
        r"(?P<rest>(?:is|has|was|loves|hates|does|can't|cannot|only|still|just) .+)$",
        lambda m: f"{m.group('s')} lives in {m.group('t')}, and {m.group('s')} {m.group('rest')}",
    ),
    # an age, then what else is so of them: "Our cat Pickles is fourteen and on a special kidney diet"
    (
        rf"^(?P<s>{_SUBJ}) (?:is|'s) (?P<age>{_NUMW})(?: years old)? and (?:she's |he's |is )?"
        r"(?P<rest>(?:on|allergic|vegetarian|vegan|diabetic|coeliac|deaf|blind) .+)$",
        lambda m: f"{m.group('s')} is {m.group('age')}, and {_named_last(m.group('s'))} is {m.group('rest')}",
    ),
    # birthdays: "Ken's seventy on the fourth of June", "Rosa turns eight on the 2nd of March"
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is| turns| will be|'ll be|'m| am) (?P<n>{_NUMW})(?: years old)? (?:on )?(?P<d>{DATE})",
        _birthday,
    ),
    (r"\bbirthday's (?=(?:on )?(?:the )?\w)", "birthday is "),
    # jobs
    # (not "gran's physio at addington is every thursday": her sessions, when they are)
    (
        rf"\b(is|'s|am|'m) (?=(?:{OCC}) (?:at|for|in)\b(?![^,.]* (?:is|are) (?:now |usually |always )?(?:every|on|at|"
        rf"{WEEKDAY})\b))",
        r"\1 a ",
    ),
    (
        rf"^(?P<s>{_SUBJ}) teaches (?P<what>piano|guitar|violin|drums|maths|english|music|science|french|"
        r"spanish|art|history|dance|swimming|yoga|singing) at ",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} as a {m.group('what')} teacher at ",
    ),
    # "my wife Siobhán teaches in St Brigid's over in Drumcondra": a teacher, and where
    (
        # ("i teach year five at st josephs primary": the year taught is part of the job)
        rf"^(?P<s>{_SUBJ}) (?:teaches|teach) (?:(?:year|grade|form|primary|p) (?!(?:out|up|down|over|in|at)\b)\w+ |"
        rf"reception |nursery |infants )?"
        # (not "i teach primary out in galway": a town)
        rf"(?:in(?! (?-i:[A-Z])[\w\-]+$)|at) (?P<o>{SCHOOL}|{_ORG})(?:,? (?:over |down |up |out )?in .+)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} as a teacher at {m.group('o')}",
    ),
    (
        rf"^(?P<s>{_SUBJ}) drives? (?:a )?(?P<v>taxi|cab|bus|lorry|truck|train|tram|ambulance|van)"
        r"(?: for a living)?"
        # "drives a bus for Dublin Bus": and for whom
        r"(?P<for> for (?!a living\b)(?:the )?[A-Za-z][\w'&\-]*(?: [A-Za-z][\w'&\-]*){0,3})?$",
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} as a {m.group('v')} driver"
            + (f" at{m.group('for')[4:]}" if m.group("for") else "")
        ),
    ),
    # "bins go out tuesday morning, recycling every other week": the recycling's day, said without a verb
    (
        r"^(?:the )?(?P<w>recycling|green waste|garden waste|food waste|glass)(?: still)? "
        r"(?=(?:every|fortnightly|weekly|on)\b)",
        lambda m: f"the {m.group('w')} is ",
    ),
    # "now Rekha is coming for cooking": the help taken on, by the work they come for
    (
        rf"^(?:now )?(?P<n>{NAME}) (?:is coming|comes|will come|has started coming) (?:for|to do) (?:the )?"
        r"(?P<w>cooking|cleaning)\b",
        lambda m: f"our new {_help_by_work(m.group('w'))} is {m.group('n')}",
    ),
    # "Jovan's walking the dogs now", "weve got bettina doing the cleaning now", "priyanka is babysitting for us now",
    # "Ludmila does the dogs now", "we've got Mrs Delgado from church watching the kids now": who does it now
    (
        # (after what ended: "petra's moved away, ...", "marisol moved away so ...", "another walker again - ...")
        # (not "Tom's doing the cooking now" said alone: who cooks at home is no help taken on)
        rf"(?:(?<=, )|(?<= - )|(?<=\bso )|^(?=(?:(?:so|and|now|but),? )*(?:we|I)(?:'ve| have)? got ))"
        rf"(?:(?:so|and|now|but),? )*(?:(?:we|I)(?:'ve| have)? got )?"
        rf"(?P<n>(?:(?:mrs|mr|ms|miss|auntie|aunty) )?"
        rf"{NAME})(?: from [\w' ]+?)?(?:'s| is| are)? (?P<w>{_HELP_WORK}) (?:for us )?now\b",
        lambda m: f"our new {_help_by_work(m.group('w'))} is {m.group('n')}",
    ),
    # "now Meena is cooking for us", "we now have Yakubu driving the children": who does it now, "now" said first
    (
        rf"(?:(?<=, )|(?<= - )|(?<=\bso )|^)(?:and |but )?(?:now,? (?:we (?:have|'ve got) )?|we now have )"
        rf"(?P<n>(?:(?:mrs|mr|ms|miss|auntie|aunty) )?{NAME})(?:'s| is| are)? "
        rf"(?P<w>cooking|cleaning|{_HELP_WORK}|driving the (?:kids|children|boys|girls))(?: for us)?(?=[,.!]|$)",
        lambda m: f"our new {_help_by_work(m.group('w'))} is {m.group('n')}",
    ),
    # "so the old sitter went off to college, now it's Brianna": who has the role now, the last one gone
    (
        rf"^(?:so )?the (?:old|last|previous) (?P<r>{_NEW_HELP}|sitter) [^,]+,? (?:so |and )?now it(?:'s| is) "
        rf"(?P<n>(?:(?:mrs|mr|ms|miss) )?{NAME})\b",
        lambda m: f"our new {'babysitter' if m.group('r').lower() == 'sitter' else m.group('r')} is {m.group('n')}",
    ),
    # "our babysitter is now marguerite": the help named anew
    (rf"^(?:our|the|my) (?P<r>{_NEW_HELP}) is now (?=\w)", lambda m: f"our new {m.group('r')} is "),
    # "new cook is sunita from this week": the household's, said without "our"
    (rf"^(?:the )?new (?P<r>{_NEW_HELP}) is (?=\w)", lambda m: f"our new {m.group('r')} is "),
    # "we've a new childminder for aoife, her name's bernadette": who the new help is, and for whom
    (
        rf"^(?:we|I) (?:have|have got|got) (?:a|an) new (?P<role>{_NEW_HELP})"
        rf"(?: for (?P<whom>{NAME}))?,? (?:her|his|their) name(?:'s| is) (?P<name>{NAME})(?=[,.!]|$)",
        lambda m: (
            f"{m.group('whom') + chr(39) + 's' if m.group('whom') else 'our'} {m.group('role')} is called "
            f"{m.group('name')}"
        ),
    ),
    # "freya loves anything with unicorns on it": what she loves
    (
        r"\b(?P<v>loves?|likes?|adores?) anything (?:with|to do with|involving) (?P<x>[a-z][\w\- ]*?)"
        r"(?: on (?:it|them)| in (?:it|them))?$",
        lambda m: f"{m.group('v')} {m.group('x')}",
    ),
    # "Got a gig with Qantas": the speaker, unsaid
    (r"^got (?=(?:a|an) (?:new )?(?:job|gig|position) (?:at|with)\b)", "I have got "),
    # "Ines has got a Saturday job at Bloom Garden Centre": where she works
    (
        rf"^(?P<s>{_SUBJ})(?:'ve| have|'s| has)?(?: got)? (?:a|an) (?:(?:new|part-time|full-time|saturday|sunday|"
        rf"weekend|summer|holiday|evening|weekday|little|proper|temporary|temp|casual|after-school|student) )*"
        rf"(?:job|gig|position) (?P<prep>at|with|in) (?P<o>{_ORG})"
        # "a job in penneys on mary street", "in Dunnes in Stillorgan": a shop, where it is said after it
        rf"(?P<where> on (?:[a-z]+ ){{1,2}}(?:{_STREET}|st)| in (?:the )?(?:[a-z]+ ){{1,2}}{_CENTRE}| in {NAME})?"
        # "... stacking shelves after school": what the job is and when, after its place ("out at the airport")
        r"(?: (?:stacking|on|doing|working|serving|washing|cleaning|behind|after|before|at weekends)\b[\w ]*"
        r"| (?:out |up |down |over )?at the [a-z]+(?: [a-z]+)?)?$",
        # "got a job in Toronto" is a move there, "a job in Tesco" a job (told apart as "moved to" is)
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'have', 'has')} moved to {m.group('o')}"
            if m.group("prep").lower() == "in" and not m.group("where")
            else f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}"
        ),
    ),
    # "I work in HR at Wipro": the department, then the firm
    (
        rf"^(?P<s>I|{_SUBJ}) (?P<v>work|works) in (?P<d>hr|human resources|sales|marketing|finance|accounts|"
        rf"procurement|logistics|payroll|admin|operations|customer care|customer service|it support) "
        rf"(?P<p>at|for) (?P<o>{_FIRM})(?=,|$)",
        r"\g<s> \g<v> \g<p> \g<o> as \g<d>",
    ),
    # "I work at Safaricom, in customer care", "on the customer care side": the department is what one does there
    (
        rf"^(?P<s>I|{_SUBJ}) (?P<v>work|works) (?P<p>at|for) (?P<o>{_FIRM}),? (?:in|on) (?:the )?"
        r"(?P<d>customer care|customer service|customer services|customer support|sales|marketing|hr|human resources|"
        r"finance|accounts|procurement|logistics|payroll|admin|operations|it support|tech support)"
        r"(?: side| team| department| section| desk)?(?=,|$| been\b| for (?:\w+ )?(?:years?|months?)\b)",
        r"\g<s> \g<v> \g<p> \g<o> as \g<d>",
    ),
    # "I'm a nurse at Mount Hope, on the paediatric ward": the ward one works on, a statement of its own
    (
        r"^(?P<head>I (?:am|have|work|started)\b.+?),? (?:on|in) the (?P<w>[a-z]+(?: [a-z]+)?) "
        r"(?P<k>ward|unit|department)$",
        lambda m: (
            f"{m.group('head')}, I work on the {m.group('w')} {m.group('k')}"
            if is_ward(m.group("w"), m.group("k"))
            else m.group()
        ),
    ),
    # "she's started at St Brendan's Hospital, on the maternity ward": the ward is part of the job, not its place
    (
        # (not where one lives: "we live in a flat on the third floor")
        r"^(?!(?:we|I) (?:live|are|am|stay)\b)(.*?)(?<!^I work)(?<!, I work)(?<!^I am),? (?:on|in) the [a-z]+"
        r"(?: [a-z]+)? (?:ward|department|team|unit|desk|floor)$",
        r"\1",
    ),
    # "a staff nurse on ward seven at the royal infirmary": the ward by its number, part of the job too
    (
        r" (?:on|in) ward (?:\d+[a-z]?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]\d*)"
        r"(?= at | with | for |$)",
        "",
    ),
    (r"^I (?:have |had )?(?:just |recently )?started (?:working|work) (?=(?:at|for|as) )", "I work "),
    # "i've moved over to CUH, on the cardiac ward there now": a hospital one works at, by its ward
    (
        r"^(?:I(?:'ve| have)? )?(?:just )?moved (?:over |across )?to "
        r"(?P<o>(?-i:[A-Z])[\w'\-]*(?: (?-i:[A-Z])[\w'\-]*){0,3}?)(?: there)?"
        r"(?: (?:last|this) \w+)?, on the (?:[a-z]+ )?wards?\b.*$",
        r"I work at \g<o>",
    ),
    # "i'm working in the bon secours as a care assistant", "i've taken the job in the Bon Secours": a workplace
    # said with "in" and its article, as Irish and British English say it (a town takes none)
    (
        rf"^(?P<s>I|{_SUBJ})(?:'m| am|'s| is)? (?:now |still |currently )?working in the (?=(?-i:[A-Z]))",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at the ",
    ),
    # "i'm after starting in penneys on henry street": a new job in a shop, by its street or centre
    (
        rf"^(?P<s>I|{_SUBJ})(?:'ve| have|'s| has)? (?:just |now )?(?:started|starting) (?:work )?in "
        r"(?P<o>(?:the )?(?-i:[A-Z])[\w'\-]+(?: (?-i:[A-Z])[\w'\-]+)?) (?:on|in) (?!(?:the )?(?:city|town) )(?:the )?"
        rf"(?:[A-Za-z]+ ){{1,2}}(?:{_STREET}|{_CENTRE}|shopping centre)\b",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}",
    ),
    # "she's working in Dunnes in the stillorgan centre now": a shop, by the centre it is in
    (
        rf"^(?P<s>I|{_SUBJ})(?:'m| am|'s| is)? (?:now |still |currently )?working in (?=(?-i:[A-Z])[\w'\-]+(?: "
        rf"(?-i:[A-Z])[\w'\-]+)? (?:in|at) the (?:[a-z]+ ){{1,2}}(?:{_CENTRE}|shopping centre)\b)",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at ",
    ),
    (
        r"^I(?:'ve| have)? (?:just |now |finally )?(?:taken|took|got|accepted|started) (?:a|the|my new|a new) job "
        r"(?:(?:out |over |up |down )?in|at|with) (?=(?:the )?(?-i:[A-Z]))",
        "I work at ",
    ),
    # "I got hired at Trader Joe's as crew", "eh i already jump to Grab": a new job, said as it happened
    (
        rf"^(?P<s>I|{_SOMEONE}) (?:have |has |had )?(?:just |recently |already |now )?(?:got hired|was hired|"
        r"been hired|got taken on|was taken on|jumped ship|jump|jumped|hopped|hop)(?: (?:permanent|permanently|"
        r"full[ -]time|part[ -]time))?(?: over)? (?:at|by|to) (?!(?:the|a|an|last|this|next)\b)",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at ",
    ),
    # "I work on the tills at Tesco", "she works on the front desk at the Hilton": the post, then the workplace
    (
        rf"^(?P<s>I|{_SUBJ}) (?P<v>work|works|am working|is working) on the (?:tills?|checkouts?|front desk|desk|"
        r"reception|phones|door|doors|shop floor|line|counter|gate|buses|trains)(?= (?:at|in|for) )",
        r"\g<s> \g<v>",
    ),
    # "mi wife work at the uhwi as a nurse": "works", as said in the Caribbean and West Africa without its "s"
    (
        r"^(?P<s>(?:my|our) (?!kids|children|parents|sons|daughters|boys|girls|twins|friends|grandkids|"
        rf"grandchildren)[a-z\-]+(?: {NAME})?) work (?=(?:at|for|as) )",
        r"\g<s> works ",
    ),
    # "mam's carer is a lad called Tomasz", "her new carer is a lovely woman named Grace": who it is, by name
    (
        r"^(?P<head>(?:(?:my|our) )?(?:[\w]+'s )?(?:new |home )?[a-z]+ (?:is|are) (?:now )?)(?:a|this) (?:\w+ )?(?:lad|"
        r"girl|woman|"
        rf"man|guy|fella|fellow|lady|chap|bloke|young \w+) (?:called|named) (?P<n>{NAME})",
        r"\g<head>\g<n>",
    ),
    # "mam's home carer is bridget": the carer who comes to the home
    (r"\bhome carer\b", "carer"),
    # "I'm deputy head now", "im branch supervisor now at first bank": a post said without its article, as one
    # promoted says it
    (
        rf"^(?P<s>I|{_SOMEONE})(?P<be>'m| am|'s| is) (?:now )?(?P<r>(?:deputy|assistant|acting|senior|branch|practice|"
        r"store|shift|team|office|area|regional|general|ward|duty|head) (?:head|manager|supervisor|leader|lead|"
        r"principal|head teacher|headteacher|sister|director|officer))(?= now\b| at | since\b|$)",
        lambda m: f"{m.group('s')}{m.group('be')} a {m.group('r')}",
    ),
    # "I'm doing admin at Sainsbury's head office", "i'm doing accounts at Digicel": the work, then the workplace
    (
        rf"^(?P<s>I|{_SOMEONE})(?:'m| am|'s| is) (?:now |currently )?doing (?P<d>admin|accounts|payroll|"
        r"customer service|customer care|marketing|sales|hr|logistics|operations) (?=(?:at|for) )",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} in {m.group('d')} ",
    ),
    # "we've shifted down to Petone", "we've ended up in Palmerston North": a household moved
    (
        r"^(?P<s>we|I)(?: have|'ve)? (?:just |now |finally )?(?:shifted|relocated|ended up|upped sticks)"
        r"(?: down| up| over| out| across)? (?:to|in) (?=(?-i:[A-Z]))",
        lambda m: f"{m.group('s')} moved to ",
    ),
    # a thing replaced: "we've replaced the Skoda with a Toyota Yaris", "we sold the Yaris and bought a Kia Niro"
    # (what was sold is released beside it)
    (
        rf"^(?:(?P<s>we|{_SUBJ})(?:'ve| have|'s| has)? )?(?:just |finally )?(?:replaced|swapped|traded in|"
        rf"part-exchanged|changed) (?:the|our|my|his|her|their) (?:[A-Za-z\-]+ ){{0,3}}?(?:with|for) "
        rf"(?P<o>an? [^,]+)$",
        _got_instead,
    ),
    # "traded the corolla in for a rav4": the one traded for is the one had now (the speaker, left unsaid)
    (
        rf"^(?:(?P<s>we|{_SUBJ})(?:'ve| have|'s| has)? )?(?:just |finally )?(?:traded|part-exchanged|swapped) "
        # ("we traded the note for a toyota vitz": "in" left unsaid)
        rf"(?:(?:the|our|my|his|her|their) (?:[A-Za-z0-9\-]+ ){{1,3}}?|(?:her|him|it) )(?:in )?(?:for|with|on) "
        r"(?P<o>an? (?:used |new |second-hand |secondhand )?[^,]+?)"
        r"(?: (?:at|from) the (?:dealer|dealership|garage)\b.*)?$",
        _got_instead,
    ),
    # "i drive black honda accord now": the car, as it is said with its article
    (
        rf"\b(drive|driving|drives) (?=(?:black|white|silver|grey|gray|red|blue|green|(?:{CAR_MAKES.pattern}))\b)",
        r"\1 a ",
    ),
    # "so I picked up a used ford escape": a car got, as one says it
    (
        rf"^(?P<s>we|{_SUBJ})(?:'ve| have|'s| has)? (?:just |finally |now )?picked up "
        rf"(?=an? (?:(?:used|new|second-hand|secondhand|cheap|[0-9]+) )*(?:{CAR_MAKES.pattern}))",
        r"\g<s> bought ",
    ),
    # "loves anything spicy": food of that taste
    (
        r"\b(love|loves|like|likes|adore|adores|hate|hates|can't stand|cannot stand) anything "
        r"(spicy|sweet|savoury|savory|fried|cheesy|salty|sour|bitter|greasy|hot)\b",
        r"\1 \2 food",
    ),
    # "my son is anaphylactic to nuts": allergic, gravely
    (r"\b(is|am|are|'s|'m|'re) anaphylactic to\b", r"\1 severely allergic to"),
    # "every saturday morning my mum does the big shop at pick n pay": when, said first
    (
        rf"^(?P<t>(?:every|each) (?:other |second )?(?:{WEEKDAY})(?: (?:morning|afternoon|evening|night))?),? "
        r"(?P<rest>(?:I|we|my|our) .+)$",
        lambda m: f"{m.group('rest')} {m.group('t')}",
    ),
    # "milo gets groomed every second thursday": a pet's grooming, said as what is done to it
    (
        # ("millie goes to the groomer in riccarton every second monday": where is no part of when)
        rf"^(?P<s>{_SUBJ}|(?:the|our|my) (?:dog|cat|pup|puppy)) (?:(?:gets|get|is getting|goes to get) "
        r"(?:groomed|clipped)|goes to (?:the |a )?(?:dog )?groomers?(?:'s)?)\b"
        r"(?: (?:at|in) (?:the )?[\w' ]+?(?= (?:every|each|once|twice|monthly|fortnightly)\b))?",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'have', 'has')} grooming",
    ),
    # "i'm on the parish council in oranmore": a body one sits on is one one is a member of
    (
        rf"^(?P<s>{_SUBJ})(?:'m| am|'s| is) (?:now |still |also )?on the (?P<o>(?:[a-z']+ ){{0,2}}(?:council|committee|"
        r"board|board of governors|board of trustees|pta|p\.t\.a\.|residents' association|residents association))"
        rf"(?: (?:in|at|of|for) (?:the )?(?P<t>{NAME}(?: {NAME})?))?(?:,.*)?$",
        # ("the Oranmore parish council": where it sits, said as its name)
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'am', 'is')} a member of the "
            + (f"{m.group('t')} " if m.group("t") else "")
            + m.group("o")
        ),
    ),
    # "we got a cat last month, her name's Pepper": the pet, named after it
    (
        rf"^(?P<s>we|I)(?:'ve| have)? (?:just )?(?:got|adopted|rescued|bought|have|took in) (?:a|an) (?:new |little )?"
        rf"(?P<k>{PET})(?: (?:puppy|kitten))?"
        r"(?: (?:last|this) (?:week|month|year|weekend)| recently| from the shelter)?,? "
        rf"(?:her|his|its) name(?:'s| is) (?P<n>[A-Za-z][\w\-]*)\b.*$",
        lambda m: f"{m.group('s')} have a {m.group('k')} called {m.group('n')[:1].upper() + m.group('n')[1:]}",
    ),
    # "we've got a cleaner, rosa, she comes every second thursday": the help one has, named after it
    (
        rf"^(?P<p>we|I)(?:'ve| have)? (?:got|have|hired|taken on|found) (?P<r>an? (?:new )?(?:{_alt(_HIRED_HELP)})),? "
        rf"(?P<n>{NAME})(?=,|$)",
        r"\g<p> have \g<r> called \g<n>",
    ),
    # "picked up the new car today, a 2023 Toyota Sienna hybrid": the car got, named after it
    (
        rf"^(?:(?P<s>we|{_SUBJ})(?:'ve| have|'s| has)? )?(?:just |finally )?(?:got|bought|picked up|collected) "
        r"(?:a|the|our|my) new (?:car|van|motor|ride)(?: (?:today|yesterday|this week|at last|finally|y'all))*, "
        rf"(?P<o>an? (?:[0-9]+ )?(?:{CAR_MAKES.pattern})[^,]*)",
        lambda m: f"{m.group('s') or 'I'} bought {m.group('o')}",
    ),
    # "im driving a tesla model y now": the car one drives
    (
        rf"^(?P<s>we|{_SUBJ}|{_ELDERS}) (?:am|is|are) (?:now )?driving (?=an? )",
        lambda m: f"{m.group('s')} drive{'' if m.group('s').lower() in ('i', 'we') else 's'} ",
    ),
    (
        # ("We traded in the Odyssey last weekend and picked up a Kia Carnival")
        rf"^(?P<s>we|{_SUBJ})(?:'ve| have|'s| has)? (?:just |finally )?(?:sold|traded in|traded|got rid of|"
        rf"part[- ]exchanged|scrapped) (?:the|our|my|his|her|their) [^,]+? "
        rf"and (?:have |has )?(?:just )?(?:bought|got|picked up) (?P<o>an? .+)$",
        r"\g<s> bought \g<o>",
    ),
    # "Aunt Rosalind's got a new partner, his name is Bernard": the one in that role named anew
    (
        rf"^(?P<o>{NAME})(?:'s| has)(?: got)? (?:a )?new (?P<r>[a-z\-]+(?: [a-z\-]+)?),? (?:his|her|their) name is "
        rf"(?P<n>{NAME})$",
        r"\g<o>'s \g<r> is now \g<n>",
    ),
    # "Marek jumped ship to KPMG", "Freya's now doing her Saturday shifts at Waterstones": where one works now
    (
        rf"^(?P<s>{_SUBJ})(?:'s| has| have)? (?:just |now )?(?:jumped ship|defected) to (?P<o>{_FIRM})(?: now)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}",
    ),
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is|'m| am)? (?:now )?doing (?:her|his|my|their) (?:[a-z]+ )?shifts? at "
        rf"(?P<o>{_ORG})(?: now)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}",
    ),
    # "moved the car's MOT to the 17th of June", "we rebooked Pepper's check-up at the vet for the 20th of May"
    (
        r"^(?:(?:I|we) )?(?:have |'ve )?(?:moved|rebooked|rescheduled|changed|pushed back|brought forward) "
        r"(?P<x>(?!(?:my|his|her|our) (?:sur|last |family |first )?name\b)(?:the|our|my|his|her) [\w'\- ]+?|"
        r"(?-i:[A-Z])[\w\-]+'s [\w'\- ]+?) (?:to|for|till|until) "
        r"(?P<w>(?:the |next |this |on )?[\w: ]+?)(?:,.*)?$",
        r"\g<x> has been moved to \g<w>",
    ),
    # "Noah's piano teacher has moved his lesson to Thursdays": the lesson moved
    (
        rf"^(?P<o>{NAME})'s (?P<what>[a-z]+) (?:teacher|tutor|coach|instructor) (?:has )?(?:moved|changed|switched)"
        r" (?:his|her|their|the) (?P<ev>lessons?|class|session|practice) to (?P<w>.+)$",
        r"\g<o>'s \g<what> \g<ev> has moved to \g<w>",
    ),
    # "Hamish and Lorna broke up, he's seeing Isla now": the first named has a new partner (and the old one
    # is released by the "broke up")
    (
        rf"^(?P<a>{NAME}) and {NAME} (?:have )?(?:broke|broken|split) up,? (?:and )?(?:now )?(?:he|she) (?:is|'s) "
        rf"(?:now )?(?:seeing|going out with|dating|with) (?P<n>{NAME})(?: now)?$",
        r"\g<a> is seeing \g<n> now",
    ),
    # "switched phone networks again, we're on Lebara now": the household's provider
    (
        r"^(?:we |I )?(?:have |'ve )?(?:switched|changed|moved) (?:our |the )?"
        r"(?P<svc>phone|mobile|broadband|energy|internet)(?: networks?| providers?| suppliers?| companies)?"
        r"(?: again)?,? (?:we are|we're|it is|it's|its) "
        r"(?:now )?(?:on|with) (?P<o>(?-i:[A-Z])[\w&'\-]*(?: (?-i:[A-Z])[\w&'\-]*)*)(?: now)?$",
        r"our \g<svc> is with \g<o> now",
    ),
    # "mum's seeing someone new, he's called Anselm": the new partner by name
    (
        r"^(?P<s>.+?) (?P<be>is|am|are) (?:now )?seeing someone(?: new)?(?: now)?,? (?:he is|he's|hes|she is|"
        r"she's|shes|they are|they're) called (?P<n>[A-Za-z][a-z\-]+)\b.*$",
        lambda m: _named_anew(m, f"{m.group('s')} {m.group('be')} going out with {{n}}"),
    ),
    # "we've moved Isla to Leith Primary": a child's school changed by the parent
    (
        # (a name as a recogniser writes it too: "we transferred paolo to Ateneo Grade School")
        rf"^(?:we|I)(?:'ve| have)? (?:just )?(?:moved|switched|changed|put|transferred) (?!{_ELDERS}\b)"
        rf"(?P<n>{NAME}|(?!(?:him|her|them|it|the|my|our|his|their|us|me)\b)(?-i:[a-z]+)) "
        rf"(?:over )?(?:to|into) "
        # ("we transferred miguel to Ateneo for the new school year": a school by its name, said as one)
        rf"(?P<o>{SCHOOL}|{_LOWER_SCHOOL}|(?-i:[A-Z])[\w'\-]+(?: (?-i:[A-Z])[\w'\-]+){{0,2}}"
        r"(?= (?:for|from) the (?:new |next )?school year))"
        rf"(?: in (?-i:[A-Za-z])[\w\-]+)?"
        rf"(?: now| na| this term| from (?:next|this) (?:term|week)|(?: starting)? this school year|"
        r" (?:for|from) the (?:new |next )?school year|"
        r" after (?:the )?(?:summer|summer holidays|holidays|half term|christmas|easter))?"
        r"(?:,? (?:since|because|as|cos) (?:we|I|they|she|he|it)\b[^,]*)?"  # why: "since we moved to quezon city"
        # (not "we've moved Gran to St Anne's, the nursing home": a home, not a school)
        r"(?:, (?!.*\b(?:care|nursing|home|hospice|hospital|ward|residential|sheltered)\b).*)?$",
        lambda m: f"{_titled(m.group('n'))} goes to school at {_titled(m.group('o'))}",
    ),
    # "keisha move out to croydon now": the move, as Caribbean English says it
    (
        rf"^(?P<s>(?!(?:we|they|you|I)\b){NAME}|she|he) move (?:out )?(?:to|up to|down to) (?P<o>{NAME}(?: {NAME})?)"
        r"(?: now)?\b.*$",
        lambda m: f"{m.group('s')} has moved to {m.group('o')}",
    ),
    # "my wife drives the minivan", "the silver subaru in the driveway is mine": a vehicle had, said as "the" one
    (
        rf"^(?P<s>{_SOMEONE}) (?P<v>drive|drives) the (?P<o>[a-z0-9\-]+(?: [a-z0-9\-]+){{0,3}})$",
        r"\g<s> \g<v> a \g<o>",
    ),
    (
        r"^the (?P<o>[a-z0-9\-]+(?: [a-z0-9\-]+){0,3}?)(?: (?:in|on|at) the [a-z]+| outside)? is (?P<w>mine|ours)$",
        lambda m: f"{'I' if m.group('w').lower() == 'mine' else 'we'} have a {m.group('o')}",
    ),
    # "I'm seeing a fella called Tomasz now": the partner by name, said as who they are
    (
        r"^(?P<s>.+?) (?P<be>is|am|are) (?:now )?(?:seeing|dating|going out with|with) (?:a (?:fella|guy|man|lad|bloke|"
        r"girl|woman|lass|lady|chap)|someone(?: new)?) (?:called|named) (?P<n>[A-Za-z][a-z\-]+)\b.*$",
        lambda m: _named_anew(m, f"{m.group('s')} {m.group('be')} going out with {{n}}"),
    ),
    # "we've switched dog walkers, it's Gethin now": the household's help named anew
    (
        r"^(?:we|I) (?:have )?(?:switched|changed|got a new) (?P<r>cleaner|gardener|window cleaner|childminder|"
        r"nanny|babysitter|dog walker|au pair|carer)s?(?: again)?,? (?:it is|it's|its|she is|she's|he is|he's) "
        r"(?:now )?(?P<n>[A-Za-z][a-z\-]+)(?: now)?$",
        lambda m: _named_anew(m, f"the {m.group('r').lower()} is {{n}}"),
    ),
    # "Walter's carer changed again, it's Siobhan now": the one in that role named anew
    (
        rf"^(?P<o>{NAME})'s (?P<r>[a-z\-]+(?: [a-z\-]+)?) (?:has )?changed(?: again)?,? (?:it is|it's|its|she is|"
        rf"she's|he is|he's) (?:now )?(?P<n>{NAME})(?: now)?$",
        r"\g<o>'s \g<r> is now \g<n>",
    ),
    # "my daughter's a sophomore at UCLA", "final year at UCT": a student's year, at a university by its name
    (
        rf"^(?:(?P<s>{_SUBJ})(?:'s| is|'m| am) (?:in (?:my|his|her|their) )?(?:an? )?|(?:in my )?)(?:freshman|"
        r"sophomore|junior|senior|fresher|first-year|second-year|third-year|final-year|(?:first|second|third|"
        r"fourth|final|last) year)(?: student)? at (?P<o>(?-i:[A-Z]{2,6})|(?-i:[A-Z])[\w\-]+ (?:Uni|University|"
        r"College|High|High School|Academy))(?: (?:doing|studying|reading) .+|,.+)?$",
        lambda m: f"{m.group('s') or 'I'} {_verb(m.group('s') or 'I', 'go', 'goes')} to school at {m.group('o')}",
    ),
    # "Noah goes to St Aidan's Primary", "Noah has started at Riverside Academy": the school a child goes to
    (
        rf"^(?P<s>{_SUBJ})(?:'ve| have|'s| has|'s now| is now| is| am|'m)? (?:just |now |recently )?"
        rf"(?:(?:started|starting|starts) (?:reception|nursery|year \w+|p\d|school|big school|secondary)(?= at)|"
        rf"(?:moved|moving|gone|going|went) up|transferred|switched|shifted|been moved|been shifted|"
        rf"in (?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|"
        rf"\d{{1,2}}(?:st|nd|rd|th)) grade(?= at)|"
        rf"goes|go|going|started|starting|starts|moved|moving|changed schools?|switched schools?|"
        rf"ended up(?: going)?|(?<=is )grade \w+(?= at)|(?:already )?enrolled(?= at| in)|in (?:year|reception|primary|"
        rf"form|grade|"
        rf"nursery)(?: \w+)?|in p\d|in (?:jss|ss|sss|js|std|standard|class) ?\w+(?= at)|"
        rf"in (?:\d{{1,2}}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth) class at|"
        rf"(?:studying|doing|reading) (?:a |an )?(?:[\w\-]+ ){{0,3}}?(?:at|with)|"
        # "Rory is at Ashgrove Academy": a school by its name
        rf"(?:(?<=is )|(?<='s )|(?<=am )|(?<='m )|(?<=is now ))at)(?: (?:to|at)|(?:(?<=started)|(?<=starting)|"
        rf"(?<=moved)) in)? "
        # where it is: "in pasig", or its town said after it as a recogniser writes it ("... school agbara, ...")
        rf"(?P<o>{SCHOOL}|{_LOWER_SCHOOL})(?: in (?-i:[A-Za-z])[\w\-]+(?= |,|$)|"
        # (not what kind of place it is: "St Brendan's Hospital" is no school)
        r" (?!(?:hospital|clinic|surgery|centre|center|bank|pharmacy|hotel|office)\b)(?-i:[A-Za-z][a-z]+)(?=,|$))?"
        r"(?: (?:now|instead|last \w+|this school year|this \w+|recently|in september|"
        r"from (?:this|next) (?:term|year|week)|"
        r"from september|"
        r"after (?:the )?(?:half term|move|holidays|summer holidays|summer|christmas|easter)))?"
        # "Lincoln Middle School, sixth grade": the year said after it
        r"(?:,? (?:in )?(?:year \w+|reception|p\d|primary \d|(?:first|second|third|fourth|fifth|sixth|seventh|"
        r"eighth|ninth|tenth|eleventh|twelfth|\d{1,2}(?:st|nd|rd|th)) grade|"
        r"grade (?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)|kindergarten))?"
        r"(?: (?:doing|studying|reading) (?:a |an )?[a-z\-]+(?: [a-z\-]+){0,2})?"
        r"(?:, .*| (?:its|it is|which is) .*)?$",  # "..., big school now, can't believe it": an aside after it
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'go', 'goes')} to school at {_titled(m.group('o'))}",
    ),
    # "my son mwila is in grade nine at kabulonga boys", "he's year nine at Penair": a year at school says the place
    # is a school, whatever its name
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is) (?:in )?(?:year|grade|form|standard|std|class|primary|p) ?(?:\d{{1,2}}|one|two|"
        r"three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen) at (?P<o>(?-i:[A-Z])[\w'\-]*"
        r"(?: (?-i:[A-Z])[\w'\-]*){0,3}|(?-i:[a-z][\w'\-]*)(?: (?!(?:and|so|but|now|he|she|they|um|where|which|who|"
        r"this|since|for|in|on)\b)(?-i:[a-z][\w'\-]*))?)(?=,|$| and\b| so\b| now\b| since\b)",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'go', 'goes')} to school at {_titled(m.group('o'))}",
    ),
    # "our son rafael started at monash this year doing engineering", "she's at Otago doing physio": a course of
    # study says the place is a university, whatever its name
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is| has| have|'ve|'m| am)? (?:just |now )?(?:started at|starting at|"
        r"(?:down |up |over |away )?at|gone to|going "
        rf"to|goes to) (?P<o>{_ORG}|(?-i:[a-z]+)(?: (?-i:[a-z]+))?)"
        r"(?: (?:this|last|next) (?:year|term|september|autumn))?"
        r",? (?:doing|studying|reading) (?:a |an )?(?:degree in |course in )?[a-z]+(?: [a-z]+){0,2}"
        r"(?:,? (?:first|second|third|fourth|final) year)?$",
        lambda m: _studies_at(m),  # (not "I'm at work doing overtime": no place of study)
    ),
    # "I'm studying law at Strathmore", "studying nursing at UCD, second year", "in second year nursing at UCC",
    # "doing my masters in computer science at queen mary": a subject studied, or a year of it, names the place of
    # study
    (
        rf"^(?:(?P<s>{_SUBJ})(?:'s|'m| is| am| are|'re|(?= just started| started))? )?(?:now |currently |still )?"
        r"(?:(?:studying|reading) "
        rf"(?:[a-z\-]+ ){{1,3}}?|(?:doing|(?:just )?started(?: studying)?) (?:my |his |her |their )?{_COURSE} "
        r"(?:(?:first|second|third|fourth|final) year )?|"
        r"doing (?:my|his|her|their|a|an) (?:masters|master's|degree|phd|pgce|postgrad) "
        r"(?:in (?:[a-z\-]+ ){1,3}?)?|in (?:first|second|third|fourth|final) year (?:of )?(?:[a-z\-]+ ){0,2}?)"
        r"(?:at|in) (?P<o>(?:the )?(?:University|College|Institute) of (?-i:[A-Z])[\w'\-]*(?: (?-i:[A-Z])[\w'\-]*)?|"
        r"(?-i:[A-Z])[\w'\-]*(?: (?-i:[A-Z])[\w'\-]*){0,3}|(?<=at )(?-i:[a-z]+)(?: (?-i:[a-z]+))?)"
        r"(?: now| this year)?(?:,? (?:(?:first|second|third|fourth|final) year|year (?:one|two|three|four|"
        r"\d))(?: now)?)?"
        r"(?=,|$| so\b| and\b)",
        lambda m: _studies_at(m),  # (not "studying hard at home")
    ),
    # "I do nights at the Amazon warehouse": shifts worked somewhere are work there
    (
        rf"^(?P<s>{_SUBJ}) (?:do|does|am doing|is doing|are doing) (?:the )?(?P<shift>nights|days|lates|earlies|"
        r"(?:(?:weekend|night|day|morning|evening|late|early|part-time|saturday|sunday) )?shifts?|weekends|evenings|"
        r"saturdays|sundays) (?P<p>at|for) ",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} {m.group('shift')} {m.group('p')} ",
    ),
    # "im siobhan from galway originally but living in cork now": where one lives now, said after where one is from
    (r"^((?:I am|I'm|im)\b.*?\bfrom\b.*?),?\s+but (living|working|based|staying) (?=(?:in|at) )", r"\1, but I am \2 "),
    # "Rakesh's cardiologist has taken him off the low-salt diet and put him on a diabetic diet instead": the diet
    # one is on now, whoever put one on it
    (
        rf"^(?:(?P<n>{NAME})'s |(?:the |his |her |my )?)(?:doctor|dr|cardiologist|gp|dietitian|dietician|consultant|"
        r"nurse|specialist|endocrinologist|physician|nephrologist)s? (?:has |have )?(?:(?:taken|took) "
        rf"(?P<p0>him|her|me|{NAME}) off (?:the |his |her |my )?[\w\- ]+? diet,? and (?:has )?)?"
        # ("The doctor wants him on intermittent fasting now")
        rf"(?:put|wants|want|has got|got) (?P<p>him|her|me|{NAME}) on "
        rf"(?P<d>(?:a |an |the )?(?:[\w\- ]+? diet|{DIET}))(?: now| instead)*(?:,.*)?$",
        lambda m: f"{_dieter(m)} {'am' if m.group('p') == 'me' else 'is'} on {m.group('d')} now",
    ),
    # "so Ms Rahman is her tutor now": whom someone sees now, by title and name
    (
        r"^(?:so |and )?(?P<who>(?:mr|mrs|ms|miss|dr|doctor|cikgu|madam|teacher|auntie|aunty|uncle)\.? "
        r"(?-i:[A-Z])[\w'\-]+) is (?:now )?(?P<poss>her|his|my|our|their) (?:new )?(?P<role>(?:maths |english )?"
        r"tutor|doctor|gp|dentist|vet|physio)(?: now)?$",
        lambda m: f"{m.group('poss')} {m.group('role')} is {m.group('who')}",
    ),
    # "Kofi moved to Presec this term": a school moved to, said by the term
    (
        rf"^(?P<s>{_SUBJ}) (?:has |have |'s )?(?:moved|transferred|shifted|switched)(?: schools?)? to "
        rf"(?P<o>{NAME}(?: {NAME}){{0,2}}) (?:this|next|from (?:this|next)) term\.?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'go', 'goes')} to school at {m.group('o')}",
    ),
    # "we got the keys to the new house in ballincollig last week": where the home is now
    (
        r"^(?P<s>we|I)(?: have|'ve)? (?:finally |just )?got the keys (?:to|for) (?:the|our|my) new (?:house|home|flat|"
        r"place|apartment) in (?=[a-z]+)",
        lambda m: f"{m.group('s')} live in ",
    ),
    # "we closed on the new place were at two twenty riverside drive": the move said first, run on
    (
        r"^(?:we|I)(?: have|'ve)? (?:finally |just )?(?:closed on|moved into|got the keys (?:to|for)) "
        r"(?:the|our|my) new "
        r"(?:place|house|home|flat|apartment),? (?:so |and )?(?:we're|were|we are) (?=(?:at|in|on) )",
        "we are ",
    ),
    # "our address is fourteen the crescent in mallow": the house number, said in words
    (
        rf"^(?P<lead>(?:our|my|the) (?:new )?address is|(?:we|I) live at|(?:we're|we are|I'm|I am) at) "
        # ("two twenty riverside drive": a number in the hundreds, said in two parts)
        rf"(?:number )?(?:(?P<h>{'|'.join(_UNITS)}) (?P<r>(?:oh|o) (?:{'|'.join(_UNITS)})|"
        rf"(?:{'|'.join(_TEENS + _TENS)})(?:[ \-](?:{'|'.join(_UNITS)}))?)|(?P<n>{_NUMW}))(?= (?:the )?[a-z]+ )",
        lambda m: f"{m.group('lead')} {_house_number(m)}",
    ),
    # "Papa started keto from Monday, so no rice for him": a diet begun is the diet one is on
    (
        rf"^(?P<s>I|he|she|we|{NAME}|(?:my|our) [a-z\-]+(?: {NAME})?)(?: have| has|'ve|'s)? (?:just )?(?:started|began|"
        rf"begun|gone) (?:on )?(?:a |the )?(?P<d>{DIET})(?: diet)?(?: (?:from|on|since|this|last) \w+)?(?=,|$)",
        lambda m: (
            f"{m.group('s')} {'am' if m.group('s') == 'I' else 'are' if m.group('s').lower() == 'we' else 'is'} "
            f"on {m.group('d')}"
        ),
    ),
    # "We're renting a house in Kampong Rimba": where the home is, rented
    (
        rf"^(?:we|I)(?:'re| are|'m| am)? (?:now |still )?(?:renting|rent) (?:a |an |the )?(?:[\w\-]+ ){{0,2}}?"
        r"(?:house|flat|apartment|"
        rf"place|room|unit|bungalow|cottage|townhouse)(?= in {NAME}\b)",
        lambda m: "I live" if m.group().lower().startswith("i") else "we live",
    ),
    # "we live in geelong, in belmont": the town, then the part of it (kept as "Belmont, Geelong")
    (
        rf"^(?P<s>we|I|{_SUBJ}) (?P<v>live|lives) in (?P<t>{NAME}(?: {NAME})?), in (?P<a>{NAME}(?: {NAME})?)(?=,|$)",
        lambda m: f"{m.group('s')} {m.group('v')} in {m.group('a')} in {m.group('t')}",
    ),
    # "we live in durban umhlanga side": the part of the town, as South Africa and India say it
    (
        rf"^(?P<s>we|I|{_SUBJ}) (?P<v>live|lives) in (?P<t>{NAME}),? (?P<a>{NAME}(?: {NAME})?) side\b",
        lambda m: f"{m.group('s')} {m.group('v')} in {m.group('a')} in {m.group('t')}",
    ),
    # "my brother stays in Joburg": where one lives, as Indian and South African English say it
    (
        # ("we are staying in indiranagar, 12th main": where one is settled, its address after it)
        # (not "we're staying in Paris": a trip)
        rf"^(?!.*\bstaying\b(?!.*(?:\bnow\b|\bthese days\b|, \d)))"
        rf"(?P<s>{_SUBJ}|[Ww]e|[Tt]hey) (?:stays|stay|(?:is|are|am|'s|'re|'m) (?:now )?staying) (?:in|at) "
        rf"(?P<p>{NAME}(?: {NAME})?(?: (?:[Ee]ast|[Ww]est|[Nn]orth|[Ss]outh)\b)?)"
        # "I stay at Asokwa in Kumasi": the area, then the town
        rf"(?: in (?P<t>{NAME}(?: {NAME})?))?"
        # ("we stay in govan, 14 millbrae crescent": Scots, where the family lives, its address after it)
        # ("we stay in andheri east, near the marol metro station": a landmark near it)
        r"(?=(?: (?:now|these days|with (?:my |our |his |her )?\w+))?$|, \d|,? and\b|"
        r",? (?:near|just off|close to|next to|"
        r"opposite|behind)\b)",
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'live', 'lives')} in "
            + re.sub(r"\b(east|west|north|south)$", lambda x: x[1].title(), m.group("p"))
            + (f", {m.group('t')}" if m.group("t") else "")
        ),
    ),
    # "I'm doing a part-time MBA at Warwick": a course of study names where one studies
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is| am|'m| are|'re) (?:now |currently )?(?:doing|studying|reading|taking) "
        r"(?:a |an |my |his |her |their )?(?:part-time |full-time |online |evening |distance )?"
        r"(?:MBA|degree|masters|master's|PhD|doctorate|diploma|BTEC|HND|foundation year|access course|"
        r"(?:[a-z]+ )?(?:degree|course|diploma|masters))(?: in (?:[a-z\-]+ ){1,3}?)? at "
        r"(?P<o>(?:the )?(?-i:[A-Z])[\w'\-]*(?: (?-i:[A-Z])[\w'\-]*){0,3})"
        r"(?:,? (?:evenings|weekends|nights|part-time|online|in the evenings)(?: mostly| only)?)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'go', 'goes')} to school at {m.group('o')}",
    ),
    # a club by its kind of name: "ruairi switched to ashby vale rovers", "she's with Pennick Town Juniors now"
    (
        rf"^(?P<s>{_SUBJ})(?:(?:'s| has| have| is)? (?:just )?(?:switched|moved|gone|changed) (?:clubs? )?"
        rf"(?:to|over to)|(?:'s| is| are) (?:now )?(?:with|at|playing for)) (?:the )?(?P<o>{_CLUB})(?: now)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'play', 'plays')} for {m.group('o')}",
    ),
    # "declan's driving taxis now": the job by what one drives
    (
        r"^(?P<s>(?:I|(?:(?:my|our)|[A-Z][\w\-]*'s) [a-z\-]+|[A-Z][\w\-]*|he|she))(?: is| am|'s|'m) (?:now )?"
        r"driving (?:a )?(?P<v>taxis?|cabs?|buses|a bus|lorries|trucks|vans|ubers?|delivery vans)"
        r"(?: now| these days)?$",
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} as a "
            f"{_DRIVES.get(m.group('v').lower().removeprefix('a '), 'taxi')} driver"
        ),
    ),
    # a club changed: "reubens moved clubs hes at millbrook colts now", "reuben has signed for stannary town"
    (
        rf"^(?P<s>{_SUBJ})(?:'s| has| have)? (?:moved|changed|switched) clubs?(?: again)?,? (?:he|she|they) "
        rf"(?:is|are|has|have)? ?(?:now )?(?:at|with|playing for|joined) (?:the )?(?P<o>{_ORG})(?: now)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'play', 'plays')} for {m.group('o')}",
    ),
    (
        rf"^(?:new season,? new club,? )?(?P<s>{_SUBJ})(?:'s| has| have)? (?:just )?signed (?:for|with) (?:the )?"
        rf"(?P<o>{_ORG})(?: now| this season)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'play', 'plays')} for {m.group('o')}",
    ),
    (
        rf"^(?P<s>{_SUBJ})(?:'ve| have|'s| has)? (?:just )?(?:started|joined|(?:taken|got|accepted|"
        rf"landed) (?:a |the |an )?(?:new )?(?:job|job offer|offer|position|role))(?: (?:a |my )?(?:new )?job)? "
        rf"(?:at |with |for |from )?(?:the )?(?P<o>{_ORG})"
        # ("joined Wipro in sarjapur road from this month": where its office is, and from when)
        rf"(?: in (?:[a-z]+ ){{1,2}}(?:road|campus|office|park))?"
        rf"(?: (?:now|last \w+|this \w+|recently|instead|in the end|from (?:this|next|last) (?:week|month)))?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}",
    ),
    # a job change: "Ingrid left Boots and joined Lloyds Pharmacy", "I've started a new job as a school nurse at
    # Fernwood High", "I got promoted to senior designer", "I'm now the design lead at Pixelworks"
    (
        rf"^(?P<s>{_SUBJ})(?:'ve| have|'s| has)? (?:just )?left (?:the )?{_ORG} (?:and|to) (?:has |have )?"
        rf"(?:joined|gone to|moved to|started at) (?:the )?(?P<o>{_ORG})(?: (?:now|last \w+|this \w+|recently))?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}",
    ),
    (
        rf"^(?P<s>{_SUBJ})(?:'ve| have|'s| has)? (?:just )?(?:started|got|taken) (?:a |my |the )?new (?:job|role|"
        rf"position) as (?P<j>an? (?:[a-z\-]+ ){{0,2}}[a-z\-]+)(?: (?P<p>at|with|for) (?:the )?(?P<o>{_ORG}))?$",
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} as {m.group('j')}"
            + (f" at {m.group('o')}" if m.group("o") else "")
        ),
    ),
    (
        rf"^(?P<s>{_SUBJ})(?:'ve| have|'s| has)? (?:just |finally |recently )?(?:got |been |was )?promoted to "
        rf"(?:an? |the )?(?P<j>(?:[a-z\-]+ ){{0,2}}[a-z\-]+)(?: (?:at|with) (?:the )?(?P<o>{_ORG}))?$",
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} as {_article(m.group('j'))} "
            f"{m.group('j')}" + (f" at {m.group('o')}" if m.group("o") else "")
        ),
    ),
    (
        rf"^(?P<s>{_SUBJ})(?:'m| am|'s| is) (?:now |currently )?the (?P<j>(?:[a-z\-]+ ){{0,2}}(?:lead|head|manager|"
        rf"director|owner|editor|coordinator|supervisor|principal|headteacher|head teacher|chef|captain)) "
        rf"(?:at|of|for) (?:the )?(?P<o>{_ORG})$",
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} as {_article(m.group('j'))} "
            f"{m.group('j')} at {m.group('o')}"
        ),
    ),
    (r"\b(I'm|I am|is|'s) now (an? (?:[a-z\-]+ ){0,2}[a-z\-]+)$", r"\1 \2 now"),  # "Rosalind is now a driving ..."
    (r"\b(I'm|I am|is|'s) (an? [a-z ]+?) (?:these days|nowadays)$", r"\1 \2 now"),
    # an unlisted job after an unambiguous job copula: "I'm a glassblower by trade", "she's a roofer at Acme"
    (
        rf"^(?P<s>{_SUBJ})(?:'m| am|'s| is) (?P<j>an? {_JOB})(?: by trade| for a living)$",
        lambda m: _job(m, ""),
    ),
    (
        rf"^(?P<s>{_SUBJ})(?:'m| am|'s| is) (?P<j>an? {_JOB}) (?P<p>at|for) (?P<o>{_ORG})$",
        lambda m: _job(m, f" at {m.group('o')}"),
    ),
    (
        rf"^(?P<s>{_SUBJ}) supports? (?P<o>{_ORG})$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'am', 'is')} a big fan of {m.group('o')}",
    ),
    (rf"^(?P<o>{_OBJ})(?:, | I |, I )(?P<v>love|adore) (?:it|them)$", r"I \g<v> \g<o>"),
    # where they live
    (
        rf"^(?P<s>{_SUBJ})(?:'ve| have|'s| has) been in (?P<o>{_ORG}) (?:for )?(?:{_NUMW}|a few|a couple of) "
        r"(?:years|months)(?: now)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'live', 'lives')} in {m.group('o')}",
    ),
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is) (?:down|up|over|out) in (?P<o>{_ORG})$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'live', 'lives')} in {m.group('o')}",
    ),
    (r"\s+(?:cos|coz|'cause|because) (?!of\b)(?=\w)", ", and "),
    # "Tariq and I got married": the couple, the household's anniversary
    (
        rf"^(?:(?P<a>{NAME}|my (?:wife|husband|partner|fiance|fiancee)(?: {NAME})?) and (?:I|me)|me and "
        rf"(?P<b>{NAME}|my (?:wife|husband|partner|fiance|fiancee)(?: {NAME})?)) (?=(?:got|were) (?:married|"
        r"engaged)\b|married\b|started (?:dating|going out)\b|got together\b|live\b|have lived\b|"
        r"have been together\b|"
        r"have been living\b|moved\b|have (?:just )?moved\b|"
        r"have (?:got )?(?:an?|two|three) [a-z ]*(?:dog|cat|rabbit|car)s?\b)",
        _we,
    ),
    # "Dentist for Cara on Thursday at quarter past two": a note of an appointment, dictated as a fragment
    (
        rf"^(?:the )?(?P<ev>(?:[a-z]+ )?(?:{EVENT}|dentist|doctor|gp|vet|optician|hairdresser|barber|physio|"
        r"orthodontist))(?: appointment| appt)? for (?P<n>(?-i:[A-Z])[\w\-]+),? "
        r"(?P<t>(?:on |at |this |next |tomorrow|today|the \d|\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day).+)$",
        lambda m: f"{m.group('n')} has the {m.group('ev').lower()} {m.group('t')}",
    ),
    # "Friday's pizza night in this house": what the household does that day each week
    (
        rf"^(?P<d>{WEEKDAY})(?:s|'s| is| nights? is|'s always| is always) (?:always )?"
        r"(?P<x>(?!(?:my|our|his|her|their|the|a|an)\b)(?![a-z]* ?(?:birthday|party|wedding|deadline|"
        r"anniversary)\b)[a-z]+(?: [a-z]+)?) "
        r"(?P<n>night|day|evening|morning)(?: in (?:this|our) (?:house|household|home)| here| at ours)?$",
        lambda m: f"we have {m.group('x')} {m.group('n')} every {m.group('d').capitalize().removesuffix('s')}",
    ),
    # "we all love board games in this house": the household said twice
    (r"^(we (?:all |both )?[a-z].*?),? (?:in (?:this|our) (?:house|household|home|family)|at home|here)$", r"\1"),
    (r"^(?:in (?:this|our) (?:house|household|home|family)|at home),? (?=we\b)", ""),
    # "vegan here", "lactose intolerant here": the speaker, said as who is here
    (
        r"^(?P<x>(?:[a-z]+[ \-])?intolerant|vegan|vegetarian|veggie|pescatarian|coeliac|celiac|diabetic|halal|"
        r"kosher|gluten[ \-]free|dairy[ \-]free) here$",
        r"I am \g<x>",
    ),
    # "I eat halal only": the diet, whatever the "only"
    (r"\b(halal|kosher|vegan|vegetarian|gluten[ \-]free|dairy[ \-]free) only$", r"\1"),
    (
        r"^there is (?P<o>(?:an?|two) (?:[a-z\-]+ )?(?:piano|grand piano|keyboard|drum kit|hot tub|trampoline|"
        r"greenhouse|pool table|snooker table|harp|organ|treadmill|exercise bike|rowing machine|telescope|"
        r"chest freezer|tumble dryer|dishwasher|lawnmower|lawn mower|barbecue|bbq|pressure washer|generator|"
        r"sewing machine|chainsaw|ladder|wheelbarrow|freezer|log burner|"
        r"wood burner)) in (?:our|the) (?:front |back |living |sitting |spare |dining )?"
        r"(?:room|lounge|garage|hall|hallway|kitchen|garden|shed|conservatory|loft|attic|cellar|basement|house)$",
        r"we have got \g<o>",
    ),
    # "Tariq's got a motorbike, a Honda": the make said after the thing
    (
        r"\b(?P<a>an?) (?P<t>car|van|motorbike|motorcycle|bike|scooter|boat|caravan|campervan|motorhome|piano|"
        r"guitar|laptop),? (?:an?|it is an?) (?P<adj>(?:[a-z]+ )?)"
        r"(?P<b>(?-i:[A-Z])[\w\-]*(?: (?-i:[A-Z0-9])[\w\-]*)?)$",
        lambda m: f"{_article(m.group('adj') or m.group('b'))} {m.group('adj')}{m.group('b')} {m.group('t')}",
    ),
    # "grandpa's 80th is on the 14th of March": a birthday by its number
    (r"(?<='s )\d{1,3}(?:st|nd|rd|th)(?: birthday)?(?= is )", "birthday"),
    (r"^my \d{1,3}(?:st|nd|rd|th)(?: birthday)?(?= is )", "my birthday"),
    # "works shifts at the fire station", "works in marketing at Unilever": where, said past the how
    (
        r"\b(work|works) (?:shifts|nights|days|weekends|part-time|full-time|part time|full time) (?=(?:at|for) )",
        r"\1 ",
    ),
    (r"\b(work|works) in (?:[a-z]+ ){1,2}?(?=(?:at|for) (?-i:[A-Z]))", r"\1 "),
    # "I prefer tea to coffee": the one preferred is liked
    (
        rf"^(?P<s>{_SUBJ}) (?:much |really |definitely )?(?P<v>prefer|prefers) (?P<a>{_OBJ}) (?:to|over) {_OBJ}$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'like', 'likes')} {m.group('a')}",
    ),
    # "Pickle goes mad for tennis balls"
    (
        rf"^(?P<s>{_SUBJ}) (?:goes|go) (?:absolutely |completely )?(?:mad|crazy|nuts|wild|bananas) (?:for|about|"
        rf"over) (?P<thing>{_OBJ})$",
        _mad,
    ),
    # "parents evening for ines is on the twentieth", "parents evening for Zara's year is ...": the event of the one
    # it is for
    (
        rf"^(?:the )?(?P<e>(?:[a-z'\-]+ ){{0,2}}?{EVENT}) for (?P<n>{NAME})(?:'s (?:year|class|group|team))? "
        rf"(?P<v>is|are) ",
        lambda m: f"{m.group('n')}'s {m.group('e')} {m.group('v')} ",
    ),
    # "quran class for the boys is on saturdays", "the kids' swimming is on saturday mornings": the children's
    (
        rf"^(?:the )?(?P<e>(?:[a-z'\-]+ ){{0,2}}?{EVENT}) for (?P<w>(?:the|my|our) (?:{_BROOD}))(?: is| are) ",
        r"\g<w> have \g<e> ",
    ),
    (
        rf"^(?P<w>(?:the|my|our) (?:{_BROOD}))'s? (?P<e>(?:[a-z'\-]+ ){{0,2}}?{EVENT})(?: is| are) ",
        r"\g<w> have \g<e> ",
    ),
    (r"^the whole (?:house|household|family|lot of us) eats\b", "we all eat"),
    # the household said as its members: "our lot love a roast", "the whole family's arsenal mad",
    # "none of us like olives"
    (
        r"^(?:we(?:'s| is| are|'re) (?:all )?|(?:our lot|the whole (?:family|household|house|lot of us))"
        r"(?:'s|s| is| are) )(?P<t>[A-Za-z]+)[ \-]mad$",
        lambda m: f"we love {m.group('t')}",
    ),
    (r"^(?:our lot|all of us|the lot of us)(?= (?!is\b|was\b|has\b)[a-z])", "we"),
    (
        rf"^(?:none of us|nobody (?:here|in this house)|no one (?:here|in this house)) (?:likes?) (?P<o>{_OBJ})"
        r"(?: in this house)?(?: not one)?$",
        r"we all dislike \g<o>",
    ),
    # "I'm off dairy now, doctor's orders": what one no longer eats is the diet
    (r"^(?P<s>I|I am|I'm) off (?P<f>dairy|gluten|wheat|sugar)\b.*$", lambda m: f"I am {m.group('f').lower()}-free"),
    # "Croydon's home now": where one lives
    (rf"^(?:but )?(?P<p>{NAME})(?:'s| is) (?:my |our )?home(?: now| these days)?$", r"I live in \g<p>"),
    # "we all support liverpool": the team
    (
        rf"^(?P<s>{_SUBJ}|we(?: all)?) (?:support|supports|follow|follows) (?P<o>(?:the )?{NAME}(?: {NAME})?)"
        r"(?: in this house| at home|,? (?:like )?(?:massively|hugely|big time|religiously|through and through)"
        r"|,? like (?:it is|its|it's) (?:a|his|her|their|my) religion)?$",
        lambda m: (
            f"{m.group('s')} {'like' if m.group('s').lower().startswith(('i', 'we')) else 'likes'} {m.group('o')}"
        ),
    ),
    # "I love anything by Fleetwood Mac": the band, the author
    (
        rf"^(?P<s>{_SUBJ}) (?P<v>loves?|likes?|adores?) (?:anything|everything) by (?P<o>{NAME}(?: {NAME})*)$",
        lambda m: f"{m.group('s')} {m.group('v')} {m.group('o')}",
    ),
    (
        r",? (?:poor (?:woman|man|thing|girl|boy|lad|love|kid|sod)|bless (?:her|him|them)|"
        r"lucky (?:her|him|thing))$",
        "",
    ),
    (rf"\b(?P<m>{_MONTH}) (?P<y>(?:nineteen|twenty) [a-z\-]+(?: [a-z]+)?|two thousand(?: and)? [a-z]+)\b", _year),
    (r"\b(?:sometime|some time|anytime|any time) (?=between |after |before |around )", ""),
    (r"\bop\b(?=(?: is| was| has| got|'s) )", "operation"),
    (r"\bcoming (?:up|down|over|round) to (stay|visit)\b", r"coming to \1"),
    (
        r"\b([a-z]+)'s (being|getting) (?=delivered|collected|fitted|installed|picked up|serviced|fixed|repaired)",
        r"\1 is \2 ",
    ),
    # "this saturday, ten o'clock kick off": the time it starts
    (
        r",? (?:at )?(?P<t>\d{1,2}(?:[:.]\d{2})?(?: ?[ap]m)?|(?:half )?(?:one|two|three|four|five|six|seven|eight|"
        r"nine|ten|eleven|twelve))(?: o'clock)? (?:kick[ \-]?off|ko|start)$",
        r" at \g<t>",
    ),
    # "I've got the car booked in for its MOT on Monday": the car's MOT
    (
        r"^I(?:'ve| have)(?: got)? (?:the|my|our) (?P<t>car|van|bike|motorbike|boiler) booked in (?:for )?"
        r"(?:its|a|an|the) (?P<e>mot|service|repair|check-up|checkup|inspection)\b",
        r"my \g<t> \g<e> is",
    ),
    # "The car's booked in for its MOT on the 23rd of May": the same, said of the car
    (
        r"^(?:the|my|our) (?P<t>car|van|bike|motorbike|boiler)(?:'s| is|s) booked in (?:for )?"
        r"(?:its|a|an|the) (?P<e>mot|service|repair|check-up|checkup|inspection)\b",
        r"our \g<t> \g<e> is",
    ),
    # "packed in the fasting, just doing Slimming World now": the speaker's diet, the speaker unsaid
    (rf"(?:^|(?<=, ))(?:just |now |only )*doing (?=(?:{DIET})\b)", "I am doing "),
    # "mam's moved again if you can believe it, she's in Kilkenny now": a marvel, not a condition
    (
        r",? (?:if you can believe it|if you can believe that|would you believe it|believe it or not)\b,?"
        r"(?!,? (?:no|not|nah|only|just|kidding|joking)\b)",  # "... if you can believe it, no not really"
        ",",
    ),
    # trailing asides: "at the minute", "with the lads from work", "just north of York"
    (
        r",? (?:at the minute|at the moment|right now|without fail|as a rule|(?:come )?rain or shine|weather "
        r"permitting|from now on)\b(?=,|$)",
        "",
    ),
    (r"\b(am|is|are|'m|'s) (?:a )?veggie\b", r"\1 vegetarian"),
    (
        r" with (?:the|my|his|her|their|our) (?:lads|girls|mates|friends|pals|dad|mum|kids|family|brother|"
        r"sister|wife|husband|partner|boyfriend|girlfriend)(?: from (?:work|school|uni|the \w+))?\b"
        r"(?! (?-i:[A-Z]))",  # "with my husband Tom" names him: kept, his relation is a fact
        "",
    ),
    (r",? just (?:north|south|east|west|outside|off) of .*$", ""),
    (r"\b(live|lives|living) (?:out|down|up|over) in\b", r"\1 in"),
    (r"\b(stand|bear|hate|like|love|dislike|mind) the (cold|heat)$", r"\1 \2 weather"),
    # "one" for the thing just named: "love a good crossword, I do the Guardian one" -> "the Guardian crossword"
    (r"\b(?P<a>an? (?:good|nice|decent|proper) (?P<n>[a-z]+)\b.*?\bthe [a-z]+) one\b", r"\g<a> \g<n>"),
    # "I love a good crime podcast": a kind of thing liked, said of one good one
    (
        r"^(?:I )?(?P<v>(?:do |really )?(?:love|like|enjoy)) a (?:good|nice) "
        r"(?P<o>[a-z]+(?: (?!me$)[a-z]+)?)(?: me)?$",
        lambda m: f"I {m.group('v')} {_plural(m.group('o'))}",
    ),
    (r"\b(favourite [a-z]+|birthday|name)'s (?=[a-z0-9])", r"\1 is "),
    # "my GP appointment's Tuesday at three", "Kai's swimming's on Mondays": an event's 's before its time is "is"
    (
        rf"(?<!\bat the )(?<!\bto the )(?<!\bat my )\b((?:{EVENT}|{PRO}))'s (?=(?:on |at |now |every |next |"
        rf"this )?(?:{WEEKDAY}|the\b|\d|tomorrow|next|this|"
        r"every|half|quarter))",
        r"\1 is ",
    ),
    # "English is his second language": he speaks it, whoever "he" is
    (
        r"^(?P<l>[A-Za-z]+) is (?P<w>his|her) (?:first|second|third|other|main|home|native) language(?: really)?$",
        lambda m: f"{'he' if m.group('w').lower() == 'his' else 'she'} speaks {m.group('l')}",
    ),
    # "my husband's Rohan": a relative's name said with 's at the end of what is said
    (
        rf"^((?:my|our) (?:[a-z\-]+ )?(?:{REL}|landlord|landlady|cleaner|childminder|gardener|neighbour|boss))'s "
        r"(?=(?:(?:Mr|Mrs|Ms|Miss|Dr) )?(?-i:[A-Z])[\w\-]+$)",
        r"\1 is ",
    ),
    (
        rf"^I(?:'m| am) (?P<n>{NAME})'s (?P<r>husband|wife|partner|boyfriend|girlfriend|fiance|fiancee)$",
        lambda m: f"my {_SPOUSE[m.group('r').lower()]} is called {m.group('n')}",
    ),
    # routines
    # "friday night's pizza and a film in this house": the household's weekly habit
    (
        r"^(?P<d>monday|tuesday|wednesday|thursday|friday|saturday|sunday) (?P<p>night|morning|evening|lunchtime)"
        r"s?(?:'s| is) (?P<x>[a-z][a-z ]+?) (?:in this house|in our house|at ours|for us|here)$",
        r"we have \g<x> every \g<d> \g<p>",
    ),
    # "he's out on the bike every sunday": out cycling
    (
        rf"^(?P<s>{_SUBJ})(?:'s| is|'m| am|'re| are) out on (?:the|a|his|her|my|their|our) bikes?\b",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'go', 'goes')} cycling",
    ),
    (r"\btake (?P<x>(?:the |our |my )?[a-z]+) out for (?:a|his|her|their|its) walk\b", r"walk \g<x>"),
    (r"\b(I|I usually|I normally|I tend to) crash(?: out)? (?=(?:around|about|at|by) )", r"\1 go to bed "),
    (
        rf"\b(?P<p>play|plays) five a side (?:on )?(?P<d>(?:{_NUMW}|monday|tuesday|wednesday|thursday|friday|"
        r"saturday|sunday))",
        r"\g<p> five-a-side on \g<d>",
    ),
    (r"\bfrom home (?=(?:mondays|tuesdays|wednesdays|thursdays|fridays)\b)", "from home on "),
    (rf"\b(?:I drive|I've got) the (?=[a-z]+ {NAME}\b)", "I drive a "),
    (r"\b(my|our) (?:second|other|new|old|first|main|family) (car|van|bike)(?:'s| is) ", r"\1 \2 is "),
    (rf"\bI(?:'m| am) a season ticket holder (?:at|for) (?P<o>{_ORG})$", r"I have a season ticket for \g<o>"),
    (r"^(?:sorry,? )?I (?:got that wrong|was wrong|made a mistake|said that wrong)(?: earlier| before)?,? ", ""),
    (r"^(?:these days|nowadays|now),? (?=\S)", ""),
    # a person's own word on their favourite: "Emma says her favourite colour is green now"
    (rf"^(?P<n>{NAME}) says (?:that )?(?:his|her|their) (?=favourite )", r"\g<n>'s "),
    (r"\b(is|are|am) actually\b", r"\1"),
    # "I teach Year 4 at St Aidan's Primary": a teacher, where
    (
        rf"^(?P<s>{_SUBJ}) (?:teach|teaches)(?: (?:year|yr|grade|class|primary|p) ?(?!(?:out|up|down|over|in|at)\b)\w+|"
        rf" reception| nursery)? (?:at|in(?! (?-i:[A-Z])[\w\-]+$)) (?P<o>{SCHOOL}|{_ORG})$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'am', 'is')} a teacher at {m.group('o')}",
    ),
    # "Chloe's got a job as a receptionist at the vets": the job got is the job
    (
        rf"^(?:our )?(?P<s>{_SUBJ}) (?:has |have )?(?:just |finally |now )?(?:got|landed|found|started) "
        r"(?:a|her|his|my) (?:new )?job as (?P<j>an? [a-z\- ]+?)(?P<w> (?:at|with|for|in) .+)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'am', 'is')} {m.group('j')}{m.group('w') or ''}",
    ),
    # "I'm doing HGV driving now", "she does the school bus driving": the driver of one, as a job
    (
        rf"^(?P<s>{_SUBJ})(?:'m| am|'s| is| are|'re)? (?:now |currently )?(?:doing|does|do) (?:the )?"
        r"(?P<v>hgv|lgv|lorry|truck|taxi|cab|bus|van|delivery|uber|ambulance|school bus|coach|forklift) driving"
        r"(?: (?:now|these days|full[- ]time|part[- ]time))?$",
        lambda m: (
            f"{m.group('s')} {_verb(m.group('s'), 'am', 'is')} "
            f"{_article(_vehicle(m.group('v')))} {_vehicle(m.group('v'))} driver"
        ),
    ),
    # "we've gone electric, a Nissan Leaf": the car that went electric
    (
        r"^(?P<s>we|I)(?:'ve| have)? (?:now )?gone (?:all[- ]|fully )?(?:electric|hybrid|ev)(?: now)?"
        r"(?:,|:| -| with| and got)? "
        r"(?P<o>(?:an?|the) (?-i:[A-Z])[\w\-]*(?: (?-i:[A-Z0-9])[\w\-]*){0,2})$",
        lambda m: f"{m.group('s')} have {m.group('o')}",
    ),
    # "drives a matatu for a living": the driver of one
    (
        rf"^(?P<s>{_SUBJ}) (?:drive|drives) (?:an?|the) (?P<v>[a-z\-]+(?: [a-z\-]+)?) for a living$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'am', 'is')} a {m.group('v')} driver",
    ),
    # "Got taken on as a trainee chef at the hotel": a job, begun
    (
        r"^(?:I(?:'ve| have)? )?(?:just |finally )?(?:got |been |was )?(?:taken on|hired|appointed|recruited) as "
        r"(?P<j>an? [a-z\- ]+?)"
        r"(?P<w> (?:at|with|for|in) [\w' ]+?)?(?:,? (?:buzzing|yay|woohoo|made up|delighted|chuffed))?$",
        lambda m: f"I am {m.group('j')}{m.group('w') or ''}",
    ),
    # "I start at the council as a housing officer on monday": the new job, and where
    (
        r"^I(?:'m| am|'ll| will)? (?:start|starting|begin|beginning) (?:at|with) "
        r"(?P<o>(?:the )?[\w'&]+(?: [\w'&]+){0,3}?) as (?P<j>an? [a-z\- ]+?)"
        r"(?: (?:on|next|this|from|in) \w+(?: \w+)?)?$",
        lambda m: f"I am {m.group('j')} at {m.group('o')}",
    ),
    # "I started as a teller at the credit union this week", "Gary's just got a start at the Asda in Irvine": a job
    # begun, its role and where
    # ("This week I started as a procurement lead with the World Food Programme": when, said first)
    (
        rf"^(?:(?:this|last) (?:week|month)|yesterday|today|on {WEEKDAY}),? "
        rf"(?=(?:I|he|she|{NAME}) (?:just )?(?:started|began) as )",
        "",
    ),
    (
        rf"^(?P<s>{_SOMEONE})(?:'ve| have|'s| has)? (?:just |now |finally )?(?:started|starting|began|begun) as "
        r"(?P<j>an? [a-z\- ]+?) (?:at|with|for) (?P<o>(?:the )?[\w'&]+(?: [\w'&]+){0,5}?)"
        r"(?: (?:on|last|this|from|in) \w+(?: \w+)?)?$",
        lambda m: f"{m.group('s')} {'am' if m.group('s') == 'I' else 'is'} {m.group('j')} at {m.group('o')}",
    ),
    (
        # ("kwame got on at the toyota plant in cambridge": taken on there)
        rf"^(?P<s>{_SOMEONE})(?:'ve| have|'s| has)? (?:just |now |finally )?got (?:a (?:start|job|position|post)|on) "
        r"(?:at|with) (?P<o>(?:the )?[\w'&]+(?: [\w'&]+){0,3}?)(?: (?:on|last|this|from) \w+(?: \w+)?)?"
        r"(?: in [a-z]+)?$",
        lambda m: f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}",
    ),
    # "I'm senior staff nurse on the cardiac ward now": a job said without its article
    (
        rf"^(?P<s>I|{NAME}) (?P<be>am|is) (?P<j>(?:senior|junior|head|chief|lead|staff|deputy|assistant|charge|sous|"
        rf"principal|trainee|student)(?: [a-z\-]+){{0,2}}? {OCC})(?= (?:on|at|in|for|now)\b|$)",
        r"\g<s> \g<be> a \g<j>",
    ),
    # "the kids got a rabbit": a pet of the household's
    (
        rf"^(?:the kids|the children|the boys|the girls|the twins) (?:have )?(?:just |finally )?(?:got|adopted)"
        rf"(?= (?:an?|two|three) (?:[a-z\-]+ ){{0,2}}?(?:{PET})\b)",
        "we have got",
    ),
    # "so everything has to be gluten free for her", "it's strictly gluten-free for him", "I have to eat halal":
    # the diet of whoever it is for
    (
        r"^(?:so |and )?(?:(?:everything|it all|it|all of it|anything(?: you suggest)?|all (?:my|his|her) food)"
        r"(?: (?P<eats>I eat|he eats|she eats))? (?:has to be|must be|is|needs to be|should be|means)|"
        rf"(?:which|that) means|(?P<who>I|he|she|they|we|{NAME}) (?:has|have) to (?:eat|be|go)) "
        r"(?:strictly |always |completely )?(?P<d>gluten[ \-]free|dairy[ \-]free|lactose[ \-]free|nut[ \-]free|"
        r"halal|kosher|vegan|vegetarian)(?: for (?P<p>me|him|her|them|us))?(?:,? (?:always|only|now))?$",
        lambda m: _diet_for(m),
    ),
    (
        rf"^(?P<s>{_SUBJ}) (?:left|quit|has left|has quit)(?: (?:{_ORG}|his job|her job|the \w+|that|it|there))? and "
        r"(?:now )?(?:works|is working) ",
        lambda m: f"{m.group('s')} works ",
    ),
    # "the twins ava and isla are obsessed with bluey", "my twins ethan and zoe both do karate": who they are, then
    # what is said of them both
    (
        rf"^(?P<g>(?:my|our|the) (?:twins|kids|boys|girls)) (?P<a>{NAME}) and (?P<b>{NAME}) "
        r"(?P<rest>(?:both |all )?(?:are|love|like|hate|do|play|go|have|adore|support)\b.*)$",
        lambda m: f"{m.group('g')} are {m.group('a')} and {m.group('b')}, and {m.group('g')} {m.group('rest')}",
    ),
]
# "I'm at Siemens now" alone may be a visit; after a word of work ("I work at X, well I did, I'm at Y now") a job.
_AT_NOW = re.compile(rf"^(?P<s>{_SUBJ})(?:'s| is|'m| am) (?:now )?at (?P<o>{_ORG}) (?:now|these days)$")
_DRIVE = re.compile(r"\bdrives?\b", re.I)
_JOINED = re.compile(
    # ("I've joined a coffee cooperative in Ngozi as a quality taster": a workplace by its kind, and the job)
    rf"^(?P<s>I|{NAME}|he|she)(?: have|'ve|'s| has)? (?:just |now |recently |finally )?joined "
    rf"(?P<o>{_FIRM}|an? (?:[a-z\-]+ ){{0,2}}(?:{WORKPLACE_KIND}) in [A-Z][a-z\-]+)"
    r"(?: in [A-Za-z][a-z\-]+(?: [A-Za-z][a-z\-]+)?)?(?: as (?P<j>an? [a-z\-]+(?: [a-z\-]+){0,2}))?$"
)
_WORK_SAID = re.compile(
    r"\b(?:work|works|worked|job|jobs|employer|company|office|first (?:day|week)|colleagues|salary|package|"
    r"notice|resigned|as an? [a-z]+)\b",
    re.I,
)
# Where one worked before, said before where one is now
_WORKED_BEFORE = re.compile(
    r"\b(?:I used to (?:be|work|teach|lecture|nurse) (?:at|with|for)|I (?:am|'m) not (?:at|with) \S+ any ?more|"
    # ("ok so update i left bombardier eh im at cae ...", "and now i have moved again i am with twiga foods")
    r"I (?:have |'ve )?(?:just )?(?:left|quit)\b|I (?:have |'ve )?moved (?:again|on|jobs)\b|"
    r"I was (?:working )?(?:at|with|for) "
    # ("I was at Equity Bank": a firm by its kind, not "I was at Galway")
    r"(?-i:[A-Z])[\w&'\-]*(?: (?-i:[A-Z])[\w&'\-]*)? (?-i:Bank|Hospital|School|College|University|Group|Insurance|"
    r"Council|Airways|Airlines|Telecom|Pharmacy|Clinic|Academy|Consulting|Capital|Holdings|Motors|Foods|Stores))",
    re.I,
)
# An employer said in lower case by what it is: "the ministry of education", "the county government"
_PUBLIC_BODY = (
    r"(?-i:[Mm]inistry|[Dd]epartment) of (?-i:[A-Za-z][a-z]+)(?: and (?-i:[A-Za-z][a-z]+))?|"
    r"(?-i:county|city|state|federal|national|provincial|local) (?-i:government|council)"
)
_AT_FIRM_SINCE = re.compile(
    r"^(?:but |and )?(?:now )?(?:I'm|I am|I've been|I have been|I'm now|I am now|I (?:have )?(?:moved|gone) "
    rf"(?:over )?to) (?:now )?(?:(?<!to )(?:at|with) )?(?:the )?(?P<o>{_FIRM}|{_PUBLIC_BODY})"
    r"(?: in (?-i:[A-Z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+){0,2})?"
    rf"(?: now| these days| since (?:{MONTH}|{WEEKDAY}|last \w+|then)| in {MONTH}|"
    # ("i am with twiga foods doing logistics": what one does there)
    r" doing (?:the )?[a-z]+(?: [a-z]+)?|"
    r" (?:last|this) (?:week|month|year|spring|summer|autumn|fall|winter))?"
    # ("I moved to CRDB in Moshi last month as branch manager": the post too)
    rf"(?:,? as (?:an? |the )?(?P<j>(?:[a-z]+ )?{OCC}))?(?: now)?$"
)
_NOT_AN_EMPLOYER = re.compile(r"\b(?:gym|club|choir|church|team|band|group|league|society|union|class)\b", re.I)
_HAS_THE = re.compile(rf"^(?:and )?(?P<s>{NAME}) (?:has|has got|drives) the (?P<o>(?:[a-z]+ )?{NAME})$")
_MOVED_HOME = re.compile(r"\b(?:moved(?! on\b)|move house|moved house)\b", re.I)
# A job left for another: "he's moved on again", "she's after leaving the Centra"
_MOVED_ON = re.compile(
    r"\b(?:moved on|after leaving|left (?:the|that|his|her|their|(?-i:[A-Z]))|quit|resigned|resign|"
    r"changed (?:again|jobs))\b",
    re.I,
)
_IN_FIRM_NOW = re.compile(
    # (not "Broadband's with Virgin Media": a service's provider)
    rf"^(?P<s>(?!I\b|we\b|(?i:broadband|internet|wifi|electric|electricity|gas|power|water|phone|mobile|insurance|tv|"
    rf"energy|fibre|mortgage|pension)\b){_SUBJ})(?:'s| is)(?P<now> now)? (?:in|at|with) (?:the )?(?P<o>{_FIRM})"
    rf"(?: in {NAME})?"
    # ("he's at canadian tire now doing the stock room": what he does there)
    # ("now" said last is gone from the clause when it is read)
    r"(?(now)|(?: now)?)(?: in (?-i:[A-Z])\w+)?(?:,.*| (?:doing|on|in) (?:the )?[a-z ]+)?$"
)
# A firm by a word of its name ("Persistent Systems", "the National Bank of Tuvalu"), not a person one is with
_A_FIRM_BY_NAME = re.compile(
    r"\b(?-i:Systems|Bank|Group|Ltd|Limited|Technologies|Solutions|Consulting|Insurance|Telecom|Motors|Airways|"
    r"Airlines|Pharma|Holdings|Capital|Energy|Services|Council|Ministry|Hospital|University|Foods|Logistics|Media)\b"
)
_IN_NOW = re.compile(rf"^(?P<s>we|I)(?:'re|'m| are| am) (?:now )?in (?P<o>{_ORG})(?: now)?$", re.I)
_WORK = re.compile(r"\b(?:work|works|worked|job|jobs|employer|firm|firms|company|companies)\b", re.I)
_GREETED_NAME = re.compile(rf"^(?:I'm|I am|it's|it is|this is) (?P<n>{NAME})$")
# "me and rhys finished in march, i'm with owain now": after a break-up, who one is with is a partner
_BROKE_UP = re.compile(
    r"\b(?:finished|split up|split|broke up|broken up|dumped|are done|is over|done long time)\b", re.I
)
_WITH_NOW = re.compile(rf"^(?:I'm|I am) (?:now )?with (?P<n>{NAME})(?: now)?$")


@functools.cache
def _rewrites() -> list[tuple[re.Pattern, object]]:
    return [(re.compile(_expand(p), re.I), r) for p, r in _REWRITES_SRC]


def _dieter(m: re.Match) -> str:
    """Whom the doctor put on a diet: the one named, or the one whose doctor it is when said as "him"."""
    put = m.group("p")
    if put.lower() == "me":
        return "I"
    if put.lower() in ("him", "her"):
        return m.group("n") or ("he" if put.lower() == "him" else "she")
    return put


def _studies_at(m: re.Match) -> str:
    """A place of study said by what is studied there, as the school rule reads it; as said when the place is a
    common word (no place of study)."""
    if all(is_common(w) for w in m.group("o").lower().split()):
        return m.group()
    who, place = m.group("s") or "I", re.sub(r"^the ", "", m.group("o"), flags=re.I)
    return f"{who} {_verb(who, 'go', 'goes')} to school at {_titled(place)}"


def casual(s: str, greeted: bool, sentence: str = "") -> str:
    """The statement (a sentence, or a clause of `sentence`) in the forms the rules read."""
    whole = sentence or s
    work, moved = bool(_WORK.search(whole)), bool(_MOVED_HOME.search(whole))
    for pattern, repl in _rewrites():
        s = pattern.sub(repl, s, count=1)
    if work and (m := _AT_NOW.match(s)):
        s = f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}"
    elif (m := _IN_FIRM_NOW.match(s)) and (_MOVED_ON.search(whole) or _A_FIRM_BY_NAME.search(m.group("o"))):
        # "cian's moved on again, he's in Dunnes in Wilton now", "Joy resigned from BDO, she's with Security Bank
        # now": the job moved on to
        s = f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}"
    if _WORKED_BEFORE.search(whole) and (m := _AT_FIRM_SINCE.match(s)):
        # "I used to be at Standard Bank, but I'm with Capitec now", "I was at Equity Bank but I moved to KCB in
        # January": the employer after the one left
        firm = m.group("o")
        if re.match(r"(?:ministry|department) of ", firm, re.I):  # "the ministry of education": its name
            firm = capitalised(firm.lower(), keep=("of", "and"))
        s = f"I work at {firm}" + (f" as {_article(m.group('j'))} {m.group('j')}" if m.group("j") else "")
    if _WORK_SAID.search(whole) and (m := _JOINED.match(s)) and not _NOT_AN_EMPLOYER.search(m.group("o")):
        # "update i've joined Razorpay in koramangala, last week was my first week": a new employer
        s = f"{m.group('s')} {_verb(m.group('s'), 'work', 'works')} at {m.group('o')}" + (
            f" as {m.group('j')}" if m.group("j") else ""
        )
    if _DRIVE.search(whole) and (m := _HAS_THE.match(s)):  # "I drive the Skoda and Jonas has the Honda"
        s = f"{m.group('s')} drives a {m.group('o')}"
    if moved and (m := _IN_NOW.match(s)):  # "we've moved house, we're in Aveiro now"
        s = f"{m.group('s')} live in {m.group('o')}"
    if _BROKE_UP.search(whole) and (m := _WITH_NOW.match(s)):
        s = f"I am going out with {m.group('n')}"
    if greeted and (m := _GREETED_NAME.match(s)):  # "hiya i'm marta", "hey it's felix"
        s = f"my name is {m.group('n')}"
    return s
