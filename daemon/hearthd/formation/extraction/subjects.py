"""Who a clause is about: the subject phrase at its start, and the clause rewritten into the first person.

"my daughter Emma is allergic to peanuts" -> (Mention("Emma", "daughter"), "I am allergic to peanuts"), so the
first-person rule table reads statements about anyone; "Emma's birthday is ..." -> "my birthday is ...";
"she ..." resolves through the Discourse (what earlier sentences of the same speaker mentioned).
"""

from __future__ import annotations

import re

from .model import Mention
from .vocabulary import (
    _HIRED_HELP,
    _NOT_NAMES,
    _PET_SINGULAR,
    _REL_SINGULAR,
    KIN_FROM_ELSEWHERE,
    KIN_NAMES_TOO,
    NAME,
    PET,
    REL_ADJ,
    SPECIES,
    _alt,
)

_FEMALE = set(
    "mother mom mum mommy mummy sister wife girlfriend fiance fiancee fiancée daughter grandmother grandma granny "
    "nan nana gran granddaughter aunt auntie niece stepmother stepmum stepmom stepdaughter stepsister mother-in-law "
    "sister-in-law daughter-in-law godmother goddaughter".split()
)
_MALE = set(
    "father dad daddy brother husband boyfriend fiancé son grandfather grandpa granddad grandad grandson uncle nephew "
    "stepfather stepdad stepson stepbrother father-in-law brother-in-law son-in-law godfather godson".split()
)
# People who are not family: named with a relation all the same ("my friend Sara").
OTHERS = [
    "friend",
    "best friend",
    "best mate",
    "mate",
    "pal",
    "neighbour",
    "neighbor",
    "boss",
    "colleague",
    "coworker",
    "co-worker",
    "flatmate",
    "roommate",
    "housemate",
    "godmother",
    "godfather",
    "godson",
    "goddaughter",
    "nanny",
    "babysitter",
    "childminder",
    "au pair",
    "cleaner",
    "carer",
    "gardener",
    "dog walker",
    "landlord",
    "landlady",
    "lodger",
    "tutor",
    "coach",
    "doctor",
    "teacher",
    # a child as the family says it: "our lad Cody", "my girl Ana"
    "lad",
    "boy",
    "girl",
    "lass",
    "eldest",
    "youngest",
    "oldest",
]
# A bare kinship word used as a name ("Mum lives in Faro").
_KIN_NAMES = {
    "mum": "mother",
    "mom": "mother",
    "mommy": "mother",
    "mummy": "mother",
    "mama": "mother",
    "mam": "mother",
    "mammy": "mother",
    "amma": "mother",
    "dad": "father",
    "da": "father",
    "appa": "father",
    "daddy": "father",
    "papa": "father",
    "grandma": "grandmother",
    "granny": "grandmother",
    "nan": "grandmother",
    "nana": "grandmother",
    "gran": "grandmother",
    "grandpa": "grandfather",
    "granddad": "grandfather",
    "grandad": "grandfather",
    "aunt": "aunt",
    "auntie": "aunt",
    "aunty": "aunt",
    "uncle": "uncle",
    **{kin: rel for kin, rel in KIN_FROM_ELSEWHERE.items() if kin not in KIN_NAMES_TOO},
}
# The words a person calls a relative by ("mum's eating meat again", "my brother's moved").
KIN_WORDS = frozenset(_KIN_NAMES) | _FEMALE | _MALE
# Capitalised words that start sentences but are nobody.
_NOT_SUBJECT_NAMES = _NOT_NAMES | set(
    "today tonight tomorrow yesterday thanks thank please sorry everyone everybody someone somebody nobody noone "
    "dinner lunch breakfast mine yours work school nothing everything something life love music weather traffic "
    "sunday monday lol haha wow great cool nice awesome perfect wait listen look remember note never always "
    "from whenever don do does did just let make set turn play put give tell call answer use speak".split()
)

_SINGULAR_REL = _alt([r for r in _REL_SINGULAR if r not in ("kid", "baby")] + ["kid", "baby"])
_PET_S = _alt(list(_PET_SINGULAR) + [k for k in _PET_SINGULAR.values()])
_OTHER = _alt(OTHERS)
_POSS_SUBJECT = re.compile(
    rf"^(?P<poss>my|our) (?:(?P<adj>{REL_ADJ}) )?(?:(?P<rel>{_SINGULAR_REL})|(?P<other>{_OTHER})|(?P<pet>{_PET_S}))"
    rf"(?:,? (?P<name>{NAME}),?)?(?P<gen>'s)?(?= )",
    re.I,
)
_NAME_SUBJECT = re.compile(rf"^(?P<name>{NAME})(?P<gen>'s)?(?= )")
# A word that leads a phrase is nobody's name, written with a capital as a sentence's first word: "For my dad, speak
# slower", "Tell my wife ..."
NOT_A_NAME = r"(?!(?:for|to|with|about|from|like|and|but|so|then|tell|ask|remind|call|text|when|if|once)\b)"
# A name with its relation set beside it: "Yusuf, our childminder, is ...", "gosia our cleaner is allergic to cats".
# ... or by where they live: "Tatiana next door has two cats".
_NAME_APPOSITIVE = re.compile(
    rf"^{NOT_A_NAME}(?P<name>{NAME})(?:,? (?:my|our) (?:(?P<adj>{REL_ADJ}) )?"
    rf"(?:(?P<rel>{_SINGULAR_REL})|(?P<other>{_OTHER}))"
    rf"(?!'|-)\b,?|(?P<door>,? (?:from )?(?:next door|across the road|over the road|opposite|up the road|"
    rf"down the road|two doors down),?))(?= )",
    re.I,
)
# A relative or pet of someone named: "Tom's mum lives in Braga", "Emma's friend Sara", "Tom's dog Rex". Not the
# speaker's relation, so the subject is named by the phrase ("Tom's mum") or by the name given.
_NAMED_REL = re.compile(
    rf"^(?P<owner>{NAME})'s (?:(?P<adj>{REL_ADJ}) )?(?:(?P<rel>{_SINGULAR_REL})|(?P<other>{_OTHER})|(?P<pet>{_PET_S}))"
    # ("Poppy's puppy class is on Mondays": her class, no puppy of hers)
    rf"(?! (?:class|classes|school|training|training class)\b)(?:,? (?P<name>{NAME}),?)?(?P<gen>'s)?(?= )",
    re.I,
)
# In lower-case (ASR) text a name has no capital: only before words that say a person follows ("emma's favourite
# food is pasta", "tom is allergic to nuts").
_LOWER_NAME = re.compile(
    r"^(?P<name>[a-z][a-z\-]{1,20})(?:(?P<gen>'s)(?= (?:favou?rite|birthday|allergic|allergy|name|job|"
    r"diet|vegan|vegetarian)\b)|(?= (?:is|has been|has always been) (?:allergic|vegan|vegetarian|lactose intolerant)\b"
    r"|(?= (?:lives|works|loves|hates|adores) (?:in|at|as|for)?\b)"
    # "felix is obsessed with minecraft", "tomas is a huge anderlecht fan", "rosa turns six on ..."
    r"|(?= is (?:(?:really |totally |absolutely )?(?:obsessed with|crazy about|mad about|into|scared of|terrified of"
    r"|afraid of)|an? (?:huge|big|massive|die-hard|mad) [a-z]+(?: [a-z]+)? (?:fan|supporter))\b)"
    r"|(?= (?:cannot stand|does not like|turns \w+ on|gets (?:a rash|hives|itchy)|teaches)\b)))",
)
_NOT_LOWER_NAMES = set(
    "everyone everybody someone somebody nobody noone people who that this what which there here one nothing "
    "everything something anyone anybody the a an and but or so then also it he she they we you i kids children "
    "family household baby boy girl man woman guy lady dog cat pet".split()
)
_GROUP_SUBJECT = re.compile(
    r"^(?:both (?:of )?|all (?:of )?)?(?:the|my|our|both|all) (?:(?:two|three|four) )?(?P<grp>kids|children|twins|"
    r"boys|girls)(?= (?:both |all )?(?:are|have|love|hate|adore|go|do|can|cannot|get|like|play|need)\b)",
    re.I,
)
_KIN_SUBJECT = re.compile(
    # ("Lola Nena loves her teleseryes", "Tito Boy lives with us": a word that is a name too, a relative before a name)
    rf"^(?:(?P<kin>{_alt(_KIN_NAMES)})(?: (?P<name>{NAME}))?|(?P<kin_too>(?=(?-i:[A-Z])){_alt(KIN_NAMES_TOO)}) "
    rf"(?P<name_too>{NAME}))(?P<gen>'s)?(?= )",
    re.I,
)
_PRONOUN_SUBJECT = re.compile(r"^(?P<pron>he|she|his|her|it|its)(?= )", re.I)
# After "Emma's": the contraction of "is"/"has", not a possessive.
_IS_AFTER = set(
    "allergic a an vegan vegetarian pescatarian lactose gluten intolerant coeliac celiac scared afraid terrified "
    "frightened into fond keen crazy mad obsessed not now also still really just currently living working moving "
    "based called named very severely mildly so always never usually terrible great good".split()
)
_HAS_AFTER = {"got", "been", "started", "joined", "moved", "gone", "bought", "taken", "finished"}
_ADVERB = r"(?:(?:now|also|still|really|just|currently|actually|absolutely|definitely|recently|finally|always|usually|"
_ADVERB += r"normally|typically|generally|regularly|never|totally|even|truly|honestly|both|so|officially|already|"
_ADVERB += r"only|mainly|mostly)\s+)*"
_VERB = re.compile(rf"^(?P<adv>{_ADVERB})(?P<verb>[a-z\-]+)\b(?P<tail>.*)$", re.I | re.S)
_KEEP_VERBS = set(
    "can cannot could was moved got became went turned has does is did just took began bought adopted left quit sold "
    "gave came found had made".split()
)
_NOT_VERBS = set("this his was us plus yes as is thus bus gas lens always".split())


_COMMA_APPOSITIVE = re.compile(
    rf"^{NOT_A_NAME}(?P<name>{NAME}), (?P<rel>(?:my|our) (?:{REL_ADJ} )?(?:{_SINGULAR_REL}|{_OTHER})), (?=[a-z])",
    re.I,
)


# "Ruby, our dog, is terrified of fireworks", "ruby our dog is a cockapoo": a pet named before what it is
_NAME_THEN_PET = re.compile(
    rf"^(?P<name>{NAME}),? (?P<pet>(?:my|our|the) (?:\w+ )?{PET}),? (?=(?:is|was|has|had|hates|loves|likes|gets|"
    r"goes|needs|does|eats|will|can|cannot|only|just|always|never|still|really|absolutely|totally)\b)"
)  # (not "Tilly our dog walker")
# "The cat, Marzipan, is allergic to chicken": the pet, then its name
_PET_THEN_NAME = re.compile(rf"^(?P<pet>(?:my|our|the) (?:\w+ )?{PET}), (?P<name>{NAME}), (?=[a-z])", re.I)


# "Mrs Okafor, the cleaner, comes every Friday morning", "the cleaner, Mrs Okafor, comes ...": the house's help, named
_HELP_APPOSITIVE = re.compile(
    rf"^(?:(?P<name>{NAME}), the (?P<role>{_alt(_HIRED_HELP)})|the (?P<role2>{_alt(_HIRED_HELP)}), (?P<name2>{NAME})),"
    r" (?=[a-z])",
    re.I,
)


def joined_appositive(s: str) -> str:
    """ "Yusuf, our childminder, is a fan" -> "Yusuf our childminder is a fan": one subject, not three clauses; "Ruby,
    our dog, is scared of fireworks" -> "our dog Ruby is scared of fireworks", as a pet is named."""
    pet = _NAME_THEN_PET.match(s) or _PET_THEN_NAME.match(s)
    if pet and pet.group("name").lower() not in _NOT_NAMES and pet.group("name")[:1].isupper():
        said = re.sub(r"^the\b", "our", pet.group("pet"), flags=re.I)  # "the cat, Marzipan": the household's cat
        return f"{said[:1].upper()}{said[1:]} {pet.group('name')} {s[pet.end() :]}"
    if help_ := _HELP_APPOSITIVE.match(s):
        return (
            f"our {help_.group('role') or help_.group('role2')} {help_.group('name') or help_.group('name2')} "
            + s[help_.end() :]
        )
    if eldest := _ELDEST_THEN_NAME.match(s):  # "Our eldest, Aroha, is down at uni": our eldest Aroha
        return f"{eldest.group('who')} {eldest.group('name')} {s[eldest.end() :]}"
    return _COMMA_APPOSITIVE.sub(lambda m: f"{m.group('name')} {m.group('rel')} ", s, count=1)


_ELDEST_THEN_NAME = re.compile(
    r"^(?P<who>(?:[Mm]y|[Oo]ur) (?:eldest|youngest|oldest|middle one|little one)), (?P<name>[A-Z][a-z]+), "
)


def _third_to_first(verb: str) -> str | None:
    """'lives' -> 'live', 'is' -> 'am', 'studies' -> 'study'; None when it is not a third-person verb."""
    low = verb.lower()
    special = {"is": "am", "has": "have", "does": "do", "goes": "go", "was": "was", "cannot": "cannot", "can": "can"}
    if low in special:
        return special[low]
    if low in _KEEP_VERBS or low.endswith("ed"):
        return low
    if low in _NOT_VERBS or len(low) < 3 or not low.endswith("s") or low.endswith("ss"):
        return None
    if low.endswith("ies") and len(low) > 4:
        return low[:-3] + "y"
    if re.search(r"(?:ch|sh|ss|x|z|o)es$", low):
        return low[:-2]
    return low[:-1]


_TITLE_GENDER = {"mr": "m", "mrs": "f", "ms": "f", "miss": "f"}  # whom a title says a person is


class Discourse:
    """What the previous sentences of one speaker mentioned, so "she"/"he"/"her"/"his"/"it" resolve: pass the
    same instance to successive extract() calls of one speaker's turns."""

    def __init__(self) -> None:
        self.last: Mention | None = None  # the last person mentioned (not the speaker)
        self.gender: str | None = None  # "f", "m" or None (a name: either)
        self.known: dict[str, Mention] = {}  # name (lower) -> the fullest mention seen
        self.recent: Mention | None = None  # the last person or pet mentioned: a pet is also "he"/"she"/"it"
        self.before: tuple[Mention, str | None] | None = None  # the person mentioned before the last, and gender

    def note(self, mention: Mention | None) -> None:
        if mention is None or mention.kind not in ("person", "pet"):
            return
        recent = self.recent
        if not mention.name and recent and (recent.relation, recent.kind) == (mention.relation, mention.kind):
            mention = recent  # "our dog" after "our dog Biscuit": still Biscuit
        if mention.name:
            key = mention.name.lower()
            known = self.known.get(key)
            if known and known.relation and not mention.relation:
                mention = known
            self.known[key] = mention
        self.recent = mention
        if mention.kind == "person":
            if self.last is not None and self.last != mention:
                self.before = (self.last, self.gender)
            self.last = mention
            rel = mention.relation or ""
            self.gender = "f" if rel in _FEMALE else "m" if rel in _MALE else None
            # ("Mr Tan has moved to Penang, so Ms Rahman is her tutor now": "her" is no Mr)
            title = (mention.name or "").split(" ")[0].lower().rstrip(".")
            self.gender = self.gender or _TITLE_GENDER.get(title)

    def resolve(self, pronoun: str) -> Mention | None:
        if self.recent is not None and self.recent.kind == "pet":
            return self.recent
        if pronoun.lower() in ("it", "its"):
            return None
        want = "f" if pronoun.lower() in ("she", "her") else "m"
        if self.last is not None and self.gender and self.gender != want and self.before:
            # ("Wei Ling's tutor is Mr Tan ... so Ms Rahman is her tutor now": "her" is the one before Mr Tan)
            whom, gender = self.before
            return whom if gender in (None, want) else None
        if self.last is None or (self.gender and self.gender != want):
            return None
        return self.last

    def named(self, name: str) -> Mention:
        return self.known.get(name.lower()) or Mention(name=name)


def relation_word(rel: str) -> str:
    """The relation as Mention.relation spells it: singular, lower case, "mum" -> "mother"."""
    rel = rel.lower()
    rel = _KIN_NAMES.get(rel) or KIN_FROM_ELSEWHERE.get(rel, rel)
    return {
        "kid": "child",
        "neighbor": "neighbour",
        "co-worker": "coworker",
        "auntie": "aunt",
        "stepdad": "stepfather",
        "stepmum": "stepmother",
        "stepmom": "stepmother",
        "best mate": "best friend",
        "mate": "friend",
        "pal": "friend",
        "lad": "son",
        "boy": "son",
        "girl": "daughter",
        "lass": "daughter",
        "eldest": "child",
        "youngest": "child",
        "oldest": "child",
    }.get(rel, rel)


def _mention_from_poss(m: re.Match) -> Mention:
    name, shared = m.group("name"), m.group("poss").lower() == "our"
    if m.group("pet"):
        kind = m.group("pet").lower()
        kind = _PET_SINGULAR.get(kind, kind)
        return Mention(name=name, relation=SPECIES.get(kind, kind), kind="pet", shared=shared)
    rel = (m.group("rel") or m.group("other")).lower()
    adj = (m.group("adj") or "").lower()
    if adj in ("youngest", "eldest", "oldest") and rel in KIN_NAMES_TOO and m.group("rel")[:1].isupper():
        # "my youngest Lola": a child called Lola, not a grandmother
        return Mention(name=m.group("rel"), relation=relation_word(adj), shared=shared)
    return Mention(name=name, relation=relation_word(rel), shared=shared)


def _rewrite_rest(rest: str, genitive: bool) -> str | None:
    """The clause after its subject, in the first person: "is allergic to X" -> "I am allergic to X"."""
    rest = rest.strip()
    if genitive:
        words = rest.lower().split()
        word = words[0] if words else ""
        if word in ("just", "recently", "finally", "now", "also") and len(words) > 1 and words[1] in _HAS_AFTER:
            return "I have " + rest  # "my dad's just started working at the airport"
        if word in _HAS_AFTER:
            return "I have " + rest
        if word in _IS_AFTER:
            return "I am " + rest
        return "my " + rest
    if rest.lower().startswith(("is got ", "is been ")):  # "she's got", "he's been"
        return "I have " + rest[3:]
    m = _VERB.match(rest)
    if not m:
        return None
    verb = _third_to_first(m.group("verb"))
    if verb is None:
        return None
    return f"I {m.group('adv')}{verb}{m.group('tail')}"


def _named_rel(m: re.Match) -> Mention | None:
    owner = m.group("owner")
    if owner.lower() in _NOT_SUBJECT_NAMES or owner.lower() in _KIN_NAMES:
        return None
    if m.group("name"):
        if m.group("name").lower() in _NOT_NAMES:
            return None
        return Mention(name=m.group("name"), kind="pet" if m.group("pet") else "person")
    said = " ".join(w for w in (m.group("adj"), m.group("rel") or m.group("other") or m.group("pet")) if w)
    return Mention(name=f"{owner}'s {said.lower()}", kind="pet" if m.group("pet") else "person")


def named_relative(clause: str) -> tuple[str, str, str | None] | None:
    """(owner, relation, name or None) of a clause about someone's relative: "Karim's wife is called Sophie" ->
    ("Karim", "wife", None), "Tom's brother Rui lives in Braga" -> ("Tom", "brother", "Rui"). Family, or one who
    is named in the clause by their role ("Walter's carer is now Marguerite")."""
    m = _NAMED_REL.match(clause)
    if not m or m.group("owner").lower() in _NOT_SUBJECT_NAMES | set(_KIN_NAMES):
        return None
    if not m.group("rel") and not (m.group("other") and _NAMING.match(clause[m.end() :])):
        return None
    owner = m.group("owner")
    if " " in owner and owner.split()[0].lower() in _KIN_NAMES:
        owner = owner.split(" ", 1)[1]  # "Grandpa Walter's carer": Walter's
    name = m.group("name")
    if name is None and (named := _NAMING.match(clause[m.end() :])):
        name = named.group("n")  # "Kofi's girlfriend is now Leonie"
    if name and name.lower() in _NOT_NAMES:
        return None
    return owner, relation_word(m.group("rel") or m.group("other")), name


_NAMING = re.compile(rf"^ (?:is|'s) (?:now |called |named )*(?P<n>{NAME})(?: now)?$")


def _lower_name(clause: str, discourse: Discourse) -> tuple[Mention, str] | None:
    m = _LOWER_NAME.match(clause)
    if not m:
        return None
    low = m.group("name")
    if low in _NOT_LOWER_NAMES or low in _NOT_SUBJECT_NAMES or low in _KIN_NAMES or low in _REL_SINGULAR:
        return None
    if low in _PET_SINGULAR or low in _PET_SINGULAR.values():
        return None
    rest = _rewrite_rest(clause[m.end() :], bool(m.group("gen")))
    return (discourse.named(low.capitalize()), rest) if rest else None


def _group_subject(clause: str) -> tuple[Mention, str] | None:
    """ "the twins are allergic to eggs", "both kids love swimming": the children together, one subject."""
    m = _GROUP_SUBJECT.match(clause)
    if not m:
        return None
    rest = re.sub(r"^are\b", "am", re.sub(r"^(?:both|all)\s+", "", clause[m.end() :].strip()))
    group = {"kids": "children", "boys": "sons", "girls": "daughters"}.get(m.group("grp").lower(), m.group("grp"))
    return Mention(relation=group.lower()), f"I {rest}"


def subject_of(clause: str, discourse: Discourse, lowercase: bool = False) -> tuple[Mention, str] | None:
    """(who the clause is about, the clause in the first person), or None when it does not start with someone."""
    m = _NAMED_REL.match(clause)
    if m:
        named = _named_rel(m)
        if named is None:
            return None
        rest = _rewrite_rest(clause[m.end() :], bool(m.group("gen")))
        return (named, rest) if rest else None
    if found := (lowercase and _lower_name(clause, discourse)) or _group_subject(clause):
        return found
    m = _POSS_SUBJECT.match(clause)
    if m:
        mention = _mention_from_poss(m)
        if mention.name and mention.name.lower() in _NOT_NAMES:
            return None
        if mention.name:
            known = discourse.known.get(mention.name.lower())
            mention = known if known and known.relation == mention.relation else mention
        rest = _rewrite_rest(clause[m.end() :], bool(m.group("gen")))
        return (mention, rest) if rest else None
    m = _KIN_SUBJECT.match(clause)
    if m:
        rest = _rewrite_rest(clause[m.end() :], bool(m.group("gen")))
        said = m.group("name") or m.group("name_too")
        name = said if said and said.lower() not in _NOT_SUBJECT_NAMES else None
        if said and not name:
            return None
        kin = (m.group("kin") or m.group("kin_too")).lower()
        return (Mention(name=name, relation=_KIN_NAMES.get(kin) or KIN_FROM_ELSEWHERE[kin]), rest) if rest else None
    m = _PRONOUN_SUBJECT.match(clause)
    if m:
        pron = m.group("pron").lower()
        whom = discourse.resolve(pron)
        if whom is None:
            return None
        genitive = pron in ("his", "her", "its")
        rest = _rewrite_rest(clause[m.end() :], False) if not genitive else "my " + clause[m.end() :].strip()
        return (whom, rest) if rest else None
    m = _NAME_APPOSITIVE.match(clause)
    if m and m.group("name").lower() not in _NOT_SUBJECT_NAMES:
        rest = _rewrite_rest(clause[m.end() :], False)
        relation = "neighbour" if m.group("door") else relation_word(m.group("rel") or m.group("other"))
        return (Mention(name=m.group("name"), relation=relation), rest) if rest else None
    m = _NAME_SUBJECT.match(clause)
    if m:
        name = m.group("name")
        low = name.lower()
        if low in _KIN_NAMES:
            mention = Mention(relation=_KIN_NAMES[low])
        elif low in _NOT_SUBJECT_NAMES or " " in name and name.split()[0].lower() in _NOT_SUBJECT_NAMES:
            return None
        else:
            mention = discourse.named(name)
        rest = _rewrite_rest(clause[m.end() :], bool(m.group("gen")))
        return (mention, rest) if rest else None
    return None
