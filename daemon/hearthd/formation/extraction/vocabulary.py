"""Word lists and regex fragments: relations, pets, occupations, diets, dates, times, schedules."""

from __future__ import annotations

import re

from ...entities.resolve import KIN_FROM_ELSEWHERE
from ...timeutil import MONTHS


def _alt(words) -> str:
    """A regex alternation, longest first so "grandmother" wins over "grand"."""
    return "(?:" + "|".join(sorted(words, key=len, reverse=True)) + ")"


# Paid to help the household, not kin nor friends: named, they are the name of that role.
_HIRED_HELP = frozenset(
    {"childminder", "nanny", "babysitter", "au pair", "cleaner", "window cleaner", "dog walker", "carer", "gardener"}
    # as households elsewhere say it: "our house help is Akinyi", "the maid", "our helper Ate Lorna"
    | {"house help", "househelp", "housekeeper", "maid", "ayah", "helper", "cook", "driver", "yaya", "amah"}
    # "our domestic worker Thandeka", "hemi the lawn guy"
    | {
        "domestic worker",
        "domestic",
        "lawn guy",
        "lawn man",
        "yard man",
        "yardman",
        "pool guy",
        "pool man",
        "home help",
    }
)

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
    "mam",
    "mammy",
    "amma",
    "father",
    "dad",
    "daddy",
    "da",
    "appa",
    "sister",
    "brother",
    "sibling",
    "wife",
    "husband",
    "partner",
    "hubby",
    "missus",
    "fella",
    "other half",
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
    "gran",
    "grandfather",
    "grandpa",
    "granddad",
    "grandad",
    "grandson",
    "granddaughter",
    "grandchild",
    "grandkid",
    "aunt",
    "auntie",
    "aunty",
    "uncle",
    "cousin",
    "niece",
    "nephew",
    "stepmother",
    "stepfather",
    "stepmum",
    "stepmom",
    "stepdad",
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
    "goddaughter",
    "godson",
    "godchild",
    "godmother",
    "godfather",
]
# those of the kinship words from elsewhere that are names too, a relative only after "my" ("Lola is seven")
KIN_NAMES_TOO = frozenset({"lola", "tita", "tito"})
_REL_SINGULAR += list(KIN_FROM_ELSEWHERE)
_IRREGULAR_PLURAL = {"child": "children", "grandchild": "grandchildren"}
_PLURAL_OF = {s: _IRREGULAR_PLURAL.get(s, s + "s") for s in _REL_SINGULAR}
_SINGULAR_OF = {p: s for s, p in _PLURAL_OF.items()}
REL = _alt(_REL_SINGULAR + list(_PLURAL_OF.values()))
REL_ADJ = _alt(["older", "younger", "big", "little", "wee", "baby", "twin", "eldest", "oldest", "youngest", "elder"])

_PET_KINDS = [
    "dog",
    "puppy",
    "pothound",  # (Trinidad's mixed-breed dog)
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
    "axolotl",
    "cockatoo",
    "lovebird",
    "chinchilla",
    "hedgehog",
    "bearded dragon",
    "tarantula",
    "duck",
    "goat",
]
# Breeds said for the animal ("a Labrador called Bramble"): the kind as said, its species the relation.
_DOG_BREEDS = (
    "labrador|retriever|golden retriever|spaniel|cocker spaniel|springer spaniel|beagle|terrier|jack russell|"
    "collie|border collie|sheepdog|poodle|cockapoo|cavapoo|labradoodle|dachshund|sausage dog|greyhound|whippet|"
    "lurcher|pug|bulldog|french bulldog|husky|chihuahua|alsatian|german shepherd|schnauzer|staffie|staffy|corgi|"
    "dalmatian|rottweiler|doberman|great dane|westie|yorkie|shih tzu|lab|black lab|kelpie|heeler|cattle dog|boxer|"
    "pointer|setter|vizsla|weimaraner|malamute|akita|shiba|samoyed|bichon|cockerpoo|sprocker|cavalier|"
    "king charles|pomeranian|mastiff|bernese|pitbull|bull terrier|border terrier|patterdale|shepherd"
).split("|")
_CAT_BREEDS = "ragdoll|bengal|sphynx|maine coon|british shorthair|siamese|persian|tabby|moggy|burmese".split("|")
SPECIES = {**dict.fromkeys(_DOG_BREEDS, "dog"), **dict.fromkeys(_CAT_BREEDS, "cat")}
_PET_KINDS += _DOG_BREEDS + _CAT_BREEDS


def _pet_plural(kind: str) -> str:
    if kind.endswith("fish"):
        return kind
    if re.search(r"[^aeiou]y$", kind):
        return kind[:-1] + "ies"  # puppies, bunnies, ponies, huskies
    return kind + "es" if kind.endswith(("sh", "ch", "x")) else kind + "s"


_PET_PLURAL = {k: _pet_plural(k) for k in _PET_KINDS}
_PET_SINGULAR = {p: s for s, p in _PET_PLURAL.items()}
PET = _alt(_PET_KINDS + [p for p in _PET_PLURAL.values() if p not in _PET_KINDS])

# Occupations for "I'm a nurse": a closed list, because "I'm a <noun>" is far more often not a job
# ("I'm a morning person", "I'm a big fan").
_OCCUPATIONS = [
    # the heads of many jobs ("events coordinator", "bank teller", "customer care agent", "sales assistant")
    "coordinator",
    "teller",
    "operator",
    "attendant",
    "agent",
    "specialist",
    "advisor",
    "adviser",
    "representative",
    "assistant",
    "aide",  # ("a nurse aide at RON Hospital", "a teacher's aide")
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
    "physio",
    "sparky",
    "sparkie",
    "chippy",
    "chippie",
    "brickie",
    "postie",
    "GP",
    "HCA",
    "healthcare assistant",
    "TA",
    "nurse practitioner",
    "district nurse",
    "health visitor",
    "support worker",
    "occupational therapist",
    "speech therapist",
    "radiographer",
    "sonographer",
    "phlebotomist",
    "anaesthetist",
    "registrar",
    "junior doctor",
    "osteopath",
    "chiropractor",
    "podiatrist",
    "hygienist",
    "dental nurse",
    "pharmacy technician",
    "lab technician",
    "head teacher",
    "headteacher",
    "principal",
    "headmaster",
    "headmistress",
    "deputy head",
    "primary teacher",
    "secondary teacher",
    "supply teacher",
    "music teacher",
    "piano teacher",
    "driving instructor",
    "personal trainer",
    "fitness instructor",
    "yoga teacher",
    "childminder",
    "au pair",
    "housekeeper",
    "caretaker",
    "landscaper",
    "tree surgeon",
    "joiner",
    "bricklayer",
    "plasterer",
    "roofer",
    "tiler",
    "decorator",
    "painter and decorator",
    "glazier",
    "locksmith",
    "fabricator",
    "civil engineer",
    "software engineer",
    "data analyst",
    "systems administrator",
    "IT technician",
    "quantity surveyor",
    "letting agent",
    "bookkeeper",
    "auditor",
    "financial controller",
    "financial adviser",
    "financial advisor",
    "actuary",
    "office manager",
    "project manager",
    "product manager",
    "store manager",
    "retail assistant",
    "buyer",
    "merchandiser",
    "marketing manager",
    "marketing executive",
    "reporter",
    "illustrator",
    "head chef",
    "sous chef",
    "barman",
    "barmaid",
    "kitchen porter",
    "nail technician",
    "tattooist",
    "postwoman",
    "postie",
    "delivery driver",
    "taxi driver",
    "bus driver",
    "lorry driver",
    "train driver",
    "van driver",
    "HGV driver",
    "cabbie",
    "air traffic controller",
    "policeman",
    "policewoman",
    "fireman",
    "refuse collector",
    "warehouse worker",
    "forklift driver",
    "machinist",
    "vet nurse",
    "veterinary nurse",
    "dog groomer",
    "dog walker",
    "zookeeper",
    "archivist",
    "curator",
    "vicar",
    "rabbi",
    "imam",
    "chaplain",
    "youth worker",
    "probation officer",
    "prison officer",
    "lifeguard",
    "swimming teacher",
    "football coach",
    "referee",
    "groundsman",
    "signalling engineer",
    "network engineer",
    "mechanical engineer",
    "electrical engineer",
    "gas engineer",
    "heating engineer",
    "site manager",
    "foreman",
    "labourer",
    "scaffolder",
    "crane operator",
    "producer",
    "presenter",
    "software tester",
    "tester",
    "emergency care assistant",
    "care assistant",
    "ambulance technician",
    "vet nurse",
    "veterinary nurse",
    "dog groomer",
    "nursery nurse",
    "nursery teacher",
    "dinner lady",
    "lollipop lady",
    "vicar",
    "priest",
    "rabbi",
    "imam",
    "porter",
    "warehouse operative",
    "forklift driver",
    "lorry driver",
    "bus driver",
    "train driver",
    "hgv driver",
    "supervisor",
    "team leader",
    "call handler",
    "dispatcher",
    "youth worker",
    "fundraiser",
    "underwriter",
    "broker",
    "trader",
    "mortgage adviser",
    "sommelier",
    "tour guide",
    "travel agent",
    "air traffic controller",
    "archaeologist",
    "geologist",
    "ecologist",
    "animator",
    "game developer",
    "ux designer",
    "sound engineer",
    "camera operator",
    "stage manager",
    "pastry chef",
    "brewer",
    "machinist",
    "councillor",
    "postdoc",
    "phd student",
    "zookeeper",
    "warden",
    "cop",
    "police constable",
    "signaller",
    "contractor",
    "cabin crew",
    "seamstress",
    "fitter",
    "claims handler",
    "night porter",
    "hospital porter",
    "paramedic",
    "carpet fitter",
    "kitchen fitter",
    "cleaner",
    "nurse",
    # a lead of a team, a guide of treks, the ship's and the ward's
    "team lead",
    "shift lead",
    "tech lead",
    # ("a procurement lead with the World Food Programme": the lead of what is said before)
    *(
        f"{area} lead"
        for area in "procurement project product sales operations programme program design engineering marketing "
        "logistics finance data research clinical quality training support account delivery".split()
    ),
    "trekking guide",
    "mountain guide",
    "safari guide",
    "fishing guide",
    "secretary",
    "air hostess",
    "matron",
    "ward sister",
    "deckhand",
    "it manager",
    "it technician",
    "it support",
]
OCC = _alt(_OCCUPATIONS)
# Modifiers that make "a X cook" a judgement or a past, not a current job.
_BAD_OCC_MODIFIERS = {
    "redundant",  # "I've been made redundant": no role at all
    "homeless",
    "unemployed",
    "welcome",
    "aware",
    "responsible",
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
    "eggetarian",
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
    "pure veg",
    "pure vegetarian",
    "ital",
    "jain",
    # what one does rather than is: "I'm doing intermittent fasting", "just doing Slimming World now"
    "intermittent fasting",
    "5:2",
    "slimming world",
    "weight watchers",
    "atkins",
    "banting",
    "carnivore",
    "whole30",
]
DIET = _alt(_DIETS)
# A stay, not a home: "for the weekend", "till Sunday", "for a two-week course"
SHORT_STAY = (
    r"\b(?:on holiday|on a trip|visiting|for (?:the )?(?:week|weekend|night|day|holidays?|christmas|easter|summer|"
    r"half term|(?:a |a few |a couple of |two |three )?(?:\w+-)?(?:days?|nights?|weeks?|week \w+|day \w+))|till|until|"
    r"this (?:week|weekend)|tonight|over (?:christmas|easter|the (?:weekend|holidays|summer))|"
    # ("Kofi moved to Presec this term": a school, by the term)
    r"(?:this|next|from) term)\b"
)
# A hospital's departments, said as its wards are: "in the emergency department" (not "the planning department")
_HOSPITAL_DEPARTMENTS = frozenset(
    "emergency casualty outpatients radiology maternity paediatric pediatric cardiology oncology a&e".split()
)


def is_ward(which: str, kind: str) -> bool:
    """Whether "<which> <kind>" names a hospital ward ("renal ward", "emergency department")."""
    return kind.lower() != "department" or which.lower() in _HOSPITAL_DEPARTMENTS


# Roles one holds in a club, a church or a committee: "I'm the treasurer of the allotment society"
ROLES_HELD = (
    "treasurer secretary chair chairperson chairman chairwoman president vice-chair captain coach leader trustee "
    "governor warden churchwarden elder deacon steward".split()
)
# Gyms by name, or by what their name ends in: "les mills", "anytime fitness", "Ponsonby Leisure Centre"
GYM = (
    r"(?:(?:the )?(?:les mills|anytime(?: fitness)?|snap(?: fitness)?|puregym|pure gym|the gym group|virgin active|"
    r"planet fitness|la fitness|24 hour fitness|fitness first|david lloyd|nuffield health|jetts|city ?fitness|"
    r"gold'?s gym|crunch(?: fitness)?|equinox|f45|orangetheory|curves|sport city|energie fitness|gymbox|"
    r"jd gym|bannatyne'?s|evolve|zone fitness|fitness 24/7|flyefit|gym ?plus|ben dunne(?: gyms?)?|"
    r"xercise4less|total fitness|fitness park|better gym|basefit)(?: (?-i:[A-Z])[\w\-]+)?"  # ("CityFitness Newmarket")
    r"|(?-i:[A-Z])[\w'\-]*(?: (?-i:[A-Z])[\w'\-]*){0,2} (?:Gym|Fitness|Leisure Centre|Health Club|Sports Club))"
    r"(?: (?:in|at|on) (?:the )?(?-i:[A-Za-z])[\w\-]+(?: (?-i:[A-Z])[\w\-]+)?)?"
)
# Medicines by name or by kind, and names by their endings ("-statin", "-pril", "-olol").
MEDICINE = (
    r"(?:warfarin|insulin|metformin|aspirin|lithium|methotrexate|levothyroxine|thyroxine|prednisolone|steroids|"
    r"statins|blood thinners|antidepressants|antibiotics|beta blockers|chemo|chemotherapy|hrt|the pill|"
    r"immunosuppressants|antihistamines|morphine|insulin injections|"
    # by what they are for: "thyroid tablets", "blood pressure pills", "heart meds"
    r"(?:blood pressure|thyroid|heart|water|iron|pain|sleeping|cholesterol|diabetes|epilepsy|seizure|kidney|anxiety|"
    r"arthritis) (?:tablets|pills|medication|medicine|meds)|"
    r"[a-z]+(?:statin|pril|sartan|olol|dipine|prazole|oxetine|pram|aline|apine|idone|mab|semide|thiazide|"
    r"cillin|mycin|cycline|gliptin|floxacin|xaban|gatran|parin))"
)
# Pet food by its makers: "our cat kumara eats the whiskas pouches", "the vet's put him on Royal Canin renal"
PET_FOOD = (
    r"(?:whiskas|felix|sheba|fancy feast|purina(?: one| pro plan)?|pro plan|royal canin|hill'?s(?: science diet)?|"
    r"iams|pedigree|vitality|bakers|harringtons|james wellbeloved|lily'?s kitchen|applaws|orijen|acana|eukanuba|"
    r"friskies|meow mix|blue buffalo|butcher'?s|chappie|cesar|wagg|arden grange|burns|nature'?s menu|go cat|"
    r"gourmet|encore|thrive|canagan|taste of the wild|kibbles'?n'?bits|beneful|alpo|dog chow|cat chow|science diet|"
    r"drools|smartheart|jerhigh|farmina|eukanuba|advance|optimum|black hawk|ziwi peak|ziwi|supercoat|nutro|"
    # a maker not listed, known by what it sells: "Prairie Gold kibble", "Northern Lean Formula"
    r"(?!(?:the|my|his|her|their|its|some|a|an|her|new|old|this|that|same)\b)[a-z][\w']*(?: [a-z][\w']*){0,2} "
    r"(?:kibble|dry food|wet food|dog food|cat food|dog biscuits|formula)|"
    # what is no maker's: "raw kangaroo mince", "raw chicken", "home-cooked rice and chicken"
    r"raw (?:[a-z]+ ){0,2}(?:mince|meat|food|diet|chicken|beef|lamb|fish)|home[- ]cooked (?:food|meals?))"
)
# Cars by their makers: "a silver Toyota Corolla" is the household's car, "the old car" when it is sold
CAR_MAKES = re.compile(
    r"\b(?:toyota|honda|ford|volkswagen|vw|nissan|hyundai|kia|mazda|bmw|audi|mercedes|tesla|suzuki|maruti|tata|"
    r"mahindra|peugeot|renault|citroen|citroën|fiat|skoda|škoda|seat|vauxhall|opel|subaru|mitsubishi|volvo|jeep|"
    r"chevrolet|chevy|dodge|lexus|mini|land rover|range rover|byd|proton|isuzu|holden)\b",
    re.I,
)
# A car said by its model alone is its maker's: "a silver Corolla" is a Toyota Corolla (only models no common
# word spells: not "a Jazz", "a Leaf", "a Focus"); how the model is written
CAR_MODELS = {
    **{m: "Toyota" for m in ("Corolla", "Hilux", "Camry", "Prado", "RAV4", "Yaris", "Vitz", "Prius", "Fortuner",
                             "Innova", "Hiace", "Land Cruiser", "Landcruiser", "Vios", "Avanza")},
    **{m: "Mitsubishi" for m in ("Xpander", "Pajero")},
    **{m: "Volkswagen" for m in ("Tiguan", "Passat")},
    **{m: "Honda" for m in ("CR-V", "HR-V", "Odyssey")},
    **{m: "Nissan" for m in ("Qashqai", "Micra", "Navara", "X-Trail", "Juke")},
    **{m: "Vauxhall" for m in ("Corsa", "Astra")},
    **{m: "Skoda" for m in ("Octavia", "Fabia", "Superb", "Kodiaq")},
    **{m: "Kia" for m in ("Sportage", "Picanto")},
    **{m: "Mazda" for m in ("CX-5", "MX-5", "Demio")},
    "F-150": "Ford", "Powerwall": "Tesla",
}  # fmt: skip
# A car's colour, as its owner says it
COLOUR = (
    r"(?:(?:dark|light|pale|metallic|navy) )?(?:white|black|silver|grey|gray|red|blue|green|yellow|orange|gold|brown|"
    r"maroon|beige|purple|bronze|champagne|navy)"
)
CAR_MODEL_SAID = {"crv": "CR-V", "hrv": "HR-V", "cx5": "CX-5", "cx five": "CX-5", "mx5": "MX-5", "mx five": "MX-5",
                  "f150": "F-150", "f one fifty": "F-150", "rav four": "RAV4", "xtrail": "X-Trail"}  # fmt: skip
# each model, said in lower case, as it is written
CAR_MODEL_WRITTEN = {m.lower(): m for m in CAR_MODELS} | CAR_MODEL_SAID
_DIET_IS = {
    "vegetarian",
    "vegan",
    "pescatarian",
    "flexitarian",
    "gluten-free",
    "dairy-free",
    "teetotal",
    "lactose-free",
    "pure veg",
    "pure vegetarian",
    "ital",
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
    r"especially|always|mostly|do|already|officially|only|completely|utterly|properly|seriously|slowly|"
    r"gradually)\s+)*"
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
            "I My Our His Her Their Your Its "
            "He She It They We You This That These Those There Here Who What Where When Why How The A An And But So "
            "Also Then Mom Mum Dad God Yes No Not Oh Well Christmas Easter Hearth Alexa Siri Google Jesus Ok Okay "
            "English French Spanish Portuguese German Italian Dutch Irish Scottish Welsh British American Canadian "
            "Brazilian Mexican Indian Chinese Japanese Korean Russian Polish Greek Turkish Swedish Danish Catholic "
            "Nigerian Kenyan Ghanaian Filipino Filipina Jamaican Trinidadian Bajan Australian Zimbabwean Ugandan "
            "Tanzanian Pakistani Bangladeshi Nepali Sikh Anglican Methodist Baptist Pentecostal Adventist Mormon "
            "Christian Muslim Jewish Hindu Buddhist Atheist Protestant Vegan Vegetarian Good Fine Great Back Home "
            "Ready Busy Tired Sorry Sure Done Here Hungry Bored Happy Sad "
            # what a recogniser leaves lower case after a name: "my nan funnily enough"
            "Funnily Oddly Strangely Weirdly Enough Actually Obviously Honestly Basically Apparently "
            # whom one sees, said after whose ("mammy doctor is dr persad"): a role, no name
            "Doctor Dentist Gp Vet Nurse Physio Optician Consultant Pedia"
        ).split()
    }
    | set(_MONTHS)
    | set(_WEEKDAYS)
)

# Spelled ordinals, as ASR writes dates: "the eleventh of february", "march the twenty-first".
_ORD_UNITS = "first second third fourth fifth sixth seventh eighth ninth".split()
_ORDINALS = _ORD_UNITS + [
    *"tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split(),
    "twentieth",
    "thirtieth",
    *(f"twenty{sep}{u}" for sep in ("-", " ") for u in _ORD_UNITS),
    "thirty-first",
    "thirty first",
]
ORDINAL = _alt(_ORDINALS)
DATE = (
    rf"(?:(?:the\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?|{ORDINAL})(?:\s+of)?\s+{MONTH}\b(?:,?\s+\d{{4}})?"
    rf"|{MONTH}\s+(?:the\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?|{ORDINAL})\b(?:,?\s+\d{{4}})?"
    rf"|{MONTH}\b(?:\s+\d{{4}})?"
    r"|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?"
    r"|christmas(?: day| eve)?|boxing day|bonfire night|new year's (?:day|eve)|valentine's day|halloween)"
)

_NUMW = (
    r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|"
    r"fifty|a few|a couple of|several|many|(?:twenty|thirty|forty|fifty)[- ]\w+)"
)
_UNIT = r"(?:days?|weeks?|months?|years?|decades?)"
TIME = re.compile(
    rf"\b(?:(?:last|this|past) (?:week|weekend|month|year|summer|winter|spring|autumn|fall|{WEEKDAY}|{MONTH})"
    rf"|{_NUMW} {_UNIT} ago"
    rf"|(?:for|over) (?:the (?:past|last) )?(?:about |around |almost |nearly |over |more than |roughly |just over |"
    rf"just under |a good )?{_NUMW} {_UNIT}(?: now)?|for (?:a long time|ages|a while|years)(?: now)?"
    rf"|(?:since|back in|in|as of) (?:\d{{4}}|(?:early |late )?{MONTH}(?: \d{{4}})?|last \w+)"
    r"|since (?:I was (?:a kid|a child|little|young|small|\d+)|childhood|then)|(?:all|most of) my life|my whole life"
    r"|(?:earlier|at the (?:start|end|beginning) of) this (?:week|month|year)"
    r"|yesterday|recently|lately|a while (?:ago|back))\b",
    re.I,
)

# Routine schedules. STRONG ones alone make a routine ("every morning"); weak ones ("at 7") need an adverb.
_STRONG_FREQ = (
    rf"(?:every|each) (?:other |second |third |fourth )?(?:single )?(?:day|morning|afternoon|evening|night|week|"
    rf"weekend|month|year|summer|winter|{WEEKDAY})s?(?: (?:morning|afternoon|evening|night)s?)?"
    # "every six weeks": a count of weeks or months
    r"|every (?:two|three|four|five|six|eight|ten|twelve|\d{1,2}) (?:weeks|months)"
    rf"|on (?:weekends|weekdays|{WEEKDAY}s(?:(?:,|,? and)? {WEEKDAY}s)*)"
    rf"|(?:on )?{WEEKDAY} (?:mornings|afternoons|evenings|nights)"
    # "on Tuesday and Thursday evenings", "Mondays and Wednesdays": one time, a list of days
    rf"|(?:on )?{WEEKDAY}s?(?:(?:,|,? and)? {WEEKDAY}s?)+(?: (?:morning|afternoon|evening|night)s?)?"
    rf"|(?:once|twice|three times) a (?:day|week|month|year)|daily|nightly|weekly"
    rf"|most (?:days|mornings|evenings|nights|weekends|{WEEKDAY}s)|in the (?:mornings|evenings|afternoons)"
    # "takes metformin morning and evening": twice a day, said by when
    r"|(?<!this )(?<!tomorrow )(?<!yesterday )(?<!the )mornings? and (?:evenings?|nights?)"
)
# An hour in words ("around seven", "at half six"), not a count ("around two miles").
_HOUR_WORD = (
    r"(?:half (?:past )?|quarter (?:past|to) )?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"(?: o'clock| thirty| fifteen| forty-five)?(?: ?[ap]m\b)?(?! (?:miles?|km|kilometres?|hours?|minutes?|times|of|"
    r"or|people|"
    r"kids|days|weeks|months|years|laps|lengths|pages|cups|glasses|k)\b)"
)
_WEAK_FREQ = (
    r"at (?:\d{1,2}(?:[:.]\d{2})?(?:\s*(?:am|pm|a\.m\.|p\.m\.|o'clock))?|noon|midnight|night|lunchtime"
    rf"|bedtime|dawn)|around \d{{1,2}}(?:[:.]\d{{2}})?(?:\s*(?:am|pm))?|(?:at|around|about) {_HOUR_WORD}"
    r"|in the (?:morning|evening|afternoon)"
    r"|before (?:work|bed|breakfast|school)|after (?:work|dinner|lunch|school|breakfast)"
    # "six am", "7pm": an hour said bare with its half of the day
    rf"|(?:\d{{1,2}}(?:[:.]\d{{2}})?|{_HOUR_WORD}) ?(?:am|pm|a\.m\.|p\.m\.)"
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

# A workplace by its kind: "an NGO in Bujumbura", "a joinery firm in Morpeth"
WORKPLACE_KIND = (
    r"bank|firm|company|ngo|charity|restaurant|hotel|hospital|clinic|school|shop|store|factory|warehouse|"
    r"call cent(?:re|er)|bakery|pharmacy|salon|garage|agency|practice|cafe|café|pub|mine|lodge|resort|college|"
    r"university|supermarket|plant|surgery|library|cooperative|co-op|bpo|law firm|hostel|laboratory|lab|bank branch|"
    r"port|docks|harbour|casino|depot|mill|market|airport|quarry|refinery|sawmill|abattoir"
)
