"""Driving it: sentences, clauses, subjects, and the extract() entry point.

Per clause: the first-person table reads it as said ("I live in Porto", "my sister is called Maria", and the
appositives "my daughter Emma"); then, when the clause starts with someone else ("my father", "Emma", "she",
"Emma's"), it is rewritten into the first person and read again, and what it gives is about them.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .casual import casual
from .dates import DATED, calendar_case, canonical_value
from .events import (
    CONDITION_BEFORE_A_PLACE,
    EVENT,
    EVENT_RULES_SRC,
    ONE_OFF,
    PRO,
    RECURRING,
    SERVICED,
    SHARED_EVENT,
    dictated,
    it_is_kept,
    promised_visit,
    time_spans,
)
from .instructions import first_to_subject, food_kept_from, rules_of
from .model import HOUSEHOLD, INFERRED, USER_STATED, Candidate, Mention
from .reader import Reader
from .rules import _LANGUAGES, _RULES, _clause_candidates, _Ctx, _split_clauses
from .subjects import Discourse, joined_appositive, named_relative, relation_word, subject_of
from .text import (
    _FILLER,
    _GREETING,
    _HEDGE,
    _HEDGED_BE,
    _HYPOTHETICAL,
    _LEAD_IN,
    _NEGATED_HEDGE,
    _NEGATION,
    _NOTICE,
    _QUESTION_START,
    _REPORTED,
    _TRAILING_REMEMBER,
    ALLERGY_SERIOUS,
    _article,
    _lowercase_input,
    _strip_repeatedly,
    _strip_trailing,
    correct,
    corrects_itself,
    is_plan,
    normalise,
    split_sentences,
)
from .vocabulary import (
    _NOT_NAMES,
    _PET_SINGULAR,
    _REL_SINGULAR,
    CAR_MAKES,
    COLOUR,
    PET,
    REL,
    REL_ADJ,
    SPECIES,
    TIME,
    WEEKDAY,
    _alt,
)
from .words import is_common, is_function_word, restore_apostrophes, truecase, uncapitalise

__all__ = ["Discourse", "extract", "rules_alone"]

# The rule tables, compiled here: this module is loaded on the first formation, not when the daemon starts.
EVENT_RULES = [(p, re.compile(rx, re.I), b, neg) for p, rx, b, neg in EVENT_RULES_SRC]
RULES = [(p, re.compile(rx, re.I), b, neg) for p, rx, b, neg in _RULES]
_ALL_RULES = EVENT_RULES + RULES
# A plan word that is only the time of a one-off event ("the dentist tomorrow") does not void an appointment.
_EVENT_TIME = re.compile(
    rf"\b(?:tomorrow|tonight|next (?:week|weekend|month|\w+day)|going to the {PRO}|going to(?= (?-i:[A-Z])[a-z]))\b",
    re.I,
)  # "we're going to Spain on the 3rd": a trip on a date
_HOUSEHOLD_WE = re.compile(r"^(?:(?:every|each|on|once|twice|most|in the)\b[^,]*?,?\s+)?(?:we|our)\b", re.I)
# Said without its subject: "can't stand coriander honestly", "huge fan of Benfica"; the household as everyone in
# it: "everyone in this house is vegetarian", "nobody here eats meat".
# A time of day as said: "half five", "6 am", "nine thirty"
_CLOCK_SAID = (
    r"(?:half|quarter) (?:past |to )?\w+|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|o'clock)?|"
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?: thirty| fifteen| forty-five)?"
    r"(?:\s*(?:am|pm|o'clock))?"
)
_ELIDED: list[tuple[re.Pattern, Any]] = [
    (re.compile(p, re.I), r)
    for p, r in [
        (
            # (not a title: "Love Island spoilers please", "Love Actually's on")
            r"^(?!(?-i:Love [A-Z]))(?=(?:really |absolutely |honestly |totally |just |genuinely )*(?:cannot stand|"
            r"cannot bear|"
            r"cannot stomach|hate|love|adore|detest|loathe|dislike|do not like|really like|quite like)\b)",
            "I ",
        ),
        (r"^(?=(?:big|huge|massive) fans? of\b)", "I am a "),
        # "our house has solar panels and a tesla powerwall": the household's
        (
            r"^(?:our|the) (?:house|home|flat|place) (?:has got|has|is got) (?=(?:an?|two|three|solar|\w+ \w+ and)\b)",
            "we have ",
        ),
        (r"^(?=got (?:a|an|my) [a-z\- ]*(?:booked|appointment)\b)", "I have "),  # "got a haircut booked for Saturday"
        (r"^(?=(?:just )?(?:picked up|bought) (?:a|an) )", "I "),  # "Picked up a secondhand Nissan Leaf instead."
        # "Started my new job at Brightwater Insurance today!": the speaker, unsaid
        (r"^(?=(?:just )?(?:started|starting) (?:my|a) new job (?:at|with)\b)", "I have "),
        # "Update on Gran: she's living with ...": the news after its heading
        (r"^(?:update on|news about|news on|quick update on) [\w' ]+?:\s*", ""),
        (
            r"^(?=(?:really |absolutely |very |so |severely )*(?:allergic to|not (?:a |really a )?(?:big |huge )?fan "
            r"of|(?:a )?(?:big|huge|massive) fan of|not into|really into|not keen on|terrified of|scared of)\b)",
            "I am ",
        ),
        (
            r"^(?:everyone|everybody|all of us|(?:the )?whole (?:family|household|house)) (?:(?:in|at) (?:this|our|"
            r"the) "
            r"(?:house|household|family|home) |here |at home )?(?:is|are)\b",
            "we are",
        ),
        (
            r"^(?:nobody|no one|noone|none of us) (?:(?:in|at) (?:this|our|the) (?:house|household|family|home) "
            r"|here |at home )?eats\b",
            "we do not eat",
        ),
        (
            r"^(?:nobody|no one|noone|none of us) (?:(?:in|at) (?:this|our|the) (?:house|household|family|home) "
            r"|here |at home )?(?:likes|enjoys)\b",
            "we do not like",
        ),
        (
            r"^(?:everyone|everybody|all of us|the whole (?:family|household|house)) (?:(?:in|at) (?:this|our|the) "
            r"(?:house|household|family|home) |here |at home )?(?P<v>loves|likes|enjoys|adores|hates|eats)\b",
            lambda m: f"we all {m.group('v')[:-1]}",
        ),
        # "swimming lessons on tuesdays at the leisure centre, half five": the time said after where, read with the day
        (
            r"(?P<day>\b(?:on |every )?(?:mon|tues|wednes|thurs|fri|satur|sun)days?(?: (?:morning|afternoon|evening|"
            r"night)s?)?) (?P<where>(?:down |up |over |round )?(?:at|in) the [\w']+(?: [\w']+){0,3}?),? (?:at )?"
            rf"(?P<clock>{_CLOCK_SAID})$",
            lambda m: f"{m.group('day')} at {m.group('clock')} {m.group('where')}",
        ),
        # "my yoga class is at 6 am every morning": the time said before how often, read after it
        (
            rf"\bat (?P<clock>{_CLOCK_SAID}) (?P<recur>(?:every|each) (?:other )?(?:day|morning|evening|night|weekday|"
            r"(?:mon|tues|wednes|thurs|fri|satur|sun)day))\b",
            lambda m: f"{m.group('recur')} at {m.group('clock')}",
        ),
    ]
]
# An event said without whose it is, as one says one's own: "Book club's the first Monday of every month", "Flight
# to Lagos is on the 18th", "Parents' evening is Thursday the 9th".
_BARE_EVENT = re.compile(
    rf"^(?!(?:the|a|an|my|our|your|his|her|their|its|this|that|next|last|dinner|lunch|breakfast|tea|supper|got|have|"
    rf"has|had)\b)"
    rf"(?=(?:[A-Za-z]+'? ){{0,2}}?(?:{EVENT}|{SHARED_EVENT}|{PRO})"
    r"(?: (?:to|from|in|with) (?-i:[A-Z])[\w\-]+)?(?: (?:is|are)\b|(?P<s>'s)(?= (?:the|on|at|every|next|this|tomorrow|"
    r"tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)| (?:comes|come|arrives|arrive)(?= \w)))",
    re.I,
)
# Said with "the", a meeting or what the household shares is as much someone's: "the parent-teacher meeting is on
# Thursday", "the Ocado delivery is Friday"
_THE_EVENT = re.compile(
    rf"^the (?=(?:[A-Za-z\-]+'? ){{0,2}}?(?:meeting|parents' evening|parents evening|{SHARED_EVENT})"
    r"(?: (?:is|are)\b|'s (?=the|on|at|every|next|this|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)))",
    re.I,
)
# An event and its time, nothing else: "haircut saturday at 10", "dentist for me thursday at 3", "physio friday ten
# fifteen at the clinic", "ocado delivery friday between seven and eight".
_JUST_EVENT = re.compile(
    rf"^(?:the |my )?(?P<ev>(?:[A-Za-z\-]+ )?(?:{EVENT}|{PRO}|{SHARED_EVENT}))(?: for me)?,? "
    rf"(?P<when>{ONE_OFF}|{RECURRING})(?P<where>,? (?:at|in) the [a-z]+(?: [a-z]+){{0,4}})?$",
    re.I,
)
_AT_OURS = re.compile(r" is (?:at|round) (?:ours|mine|our house|our place)(?: on)? ", re.I)
_SHARED = re.compile(rf"\b(?:{SHARED_EVENT})\b", re.I)
# "boiler service is booked for Thursday": the upkeep of a thing of the house is the household's
_UPKEEP = re.compile(rf"(?:{SERVICED})(?:'s|s)? (?:service|servicing|inspection|repair|sweep|clean|check)\b", re.I)


def _own_event(clause: str) -> str:
    """An event said without whose it is, read as the speaker's: "Book club's the first Monday" -> "my book club
    is ..."; "haircut saturday at 10" -> "my haircut is saturday at 10"; a shared one ("mass is every sunday") or
    one "at ours", the household's."""
    clause, at_ours = _AT_OURS.subn(" is ", clause, count=1)  # "book club is at ours next wednesday": ours
    whose = "our " if at_ours or _SHARED.search(clause.split(",")[0]) or _UPKEEP.match(clause) else "my "
    if the := _THE_EVENT.match(clause):
        return whose + clause[the.end() :]
    if bare := _BARE_EVENT.match(clause):
        said = clause[:1].lower() + clause[1:]
        return whose + (said.replace("'s ", " is ", 1) if bare.group("s") else said)  # "Book club's the first Monday"
    if just := _JUST_EVENT.match(clause):
        return f"{whose}{just.group('ev').lower()} is {just.group('when')}"
    return clause


# "she just started ballet and she loves it": "it" is the activity just named.
_IT_IS_ACTIVITY = re.compile(
    r"\b(?P<pre>(?:started|took up|has taken up|have taken up|began|joined|tried|got into|has got into|plays|play|"
    r"does|do) (?P<obj>(?:the )?[a-z][a-z\-]*(?: [a-z][a-z\-]*)?)(?: (?:last|this) (?:week|month|year|term))?"
    # ("does kapa haka at school and she loves it": where, said after it)
    r"(?: (?:at|in) (?:school|the club|the weekends?|kura|college|the leisure centre))?)"
    r",? and (?P<pron>she|he|they|I|we) (?P<adv>(?:really |absolutely |totally |already )?)"
    r"(?P<verb>loves?|likes?|enjoys?|adores?|hates?) it\b",
    re.I,
)
# A list of relatives or pets split into clauses at ", and": "and a daughter, Mira" continues "I have ...".
_HAVE_LEAD = re.compile(r"^(?:I|we) (?:also |both |all )?(?:have got|have|own) ", re.I)
_MORE_HAD = re.compile(rf"^(?:an?|one|two|three|four|five|\d) (?:[a-z\-]+ )?(?:{REL}|{PET})\b", re.I)
# "she speaks Ilonggo and Tagalog, and a bit of English": the languages after the comma are spoken too
_SPEAKS_LEAD = re.compile(r"^.*?\b(?:speaks?|fluent in) ", re.I)
# "I love afrobeats, Burna Boy especially": the one named after the comma is loved too
_LOVES_LEAD = re.compile(r"^[^,]*?\b(?:love|loves|adore|adores|am into|is into|like|likes) ", re.I)
_MORE_LOVED = re.compile(
    r",\s+(?:(?P<lead>especially|particularly|mostly|anything by) )?"
    r"(?P<who>(?-i:[A-Z])[\w'\-]+(?: (?-i:[A-Z])[\w'\-]+){0,2})"
    r"(?(lead)|(?: especially| in particular| above all| most of all))[.!]*$"
)


def _also_loved(clause: str) -> list[str]:
    """ "I love afrobeats, Burna Boy especially": what is loved, and the one loved most, each a statement."""
    lead, more = _LOVES_LEAD.match(clause), _MORE_LOVED.search(clause)
    if not (lead and more):
        return [clause]
    return [clause[: more.start()], lead.group() + more.group("who")]


_BINS = re.compile(r"\b(?:bins?|rubbish|recycling|refuse|garbage|trash|wheelie)\b", re.I)
_COLLECTION = re.compile(r"^(?:the )?(?=collection(?:'s| is| day is)\b)", re.I)
_MORE_SPOKEN = re.compile(
    rf"^(?:and |also |plus )?(?:(?:a little|a bit of|a little bit of|some|small small|a small|basic|bits of|broken|"
    rf"a few words of) )?(?:{_alt(sorted(_LANGUAGES))})\b",
    re.I,
)
_NOT_ACTIVITY = set(
    "it that this them her him me us you well so nothing something a an my his our their your new".split()
)


def _it_is_activity(s: str) -> str:
    m = _IT_IS_ACTIVITY.search(s)
    if not m or m.group("obj").split()[0].lower() in _NOT_ACTIVITY:
        return s
    return s[: m.end() - 2] + m.group("obj") + s[m.end() :]


# "we have two kids": the speaker's relatives, "our anniversary" the speaker's (and their partner's: the sets label it
# the speaker's 41 times to 8, and a guest need not hear it); "our bins" are the household's
_SPEAKER_PREDICATES = {"family_member", "name", "anniversary"}
_NOT_ABOUT_OTHERS = {"name"}  # "she is called Emma" is read by the family rules, not as a name
_PENDING = Mention(kind="pending")
_WHOLE_RELATIONS = {
    "best friend",
    "best mate",
}  # a relation of two words, not an adjective and a relation  # a pet named by a pronoun, its owner not yet known


def _relation_mention(c: Candidate) -> Mention | None:
    if c.predicate == "family_member":
        q = c.qualifier or ""
        rel = relation_word(q if q in _WHOLE_RELATIONS else q.split()[-1]) if q else None
        return Mention(name=c.object, relation=rel)
    if c.predicate == "pet":
        kind = c.qualifier or c.object
        name = None if c.object == kind else c.object
        kind = _PET_SINGULAR.get(kind, kind)
        return Mention(name=name, relation=SPECIES.get(kind, kind), kind="pet")  # a Labrador is a dog
    return None


def _as_said(clause: str, ctx: _Ctx, rules) -> list[Candidate]:
    """The clause read as the speaker's own statement; "we"/"our" ones are the household's."""
    out = []
    household = bool(_HOUSEHOLD_WE.match(clause))
    for c in _clause_candidates(clause, ctx, rules):
        if c.object_mention is None and (m := _relation_mention(c)):
            c = replace(c, object_mention=m)
        if household and c.object_mention is not None:  # "our son Felix", "our dog Biscuit": the household's
            c = replace(c, object_mention=replace(c.object_mention, shared=True))
        speaker_too = c.predicate == "lives_in" and _SPEAKER_TOO.search(ctx.sentence)
        if household and c.subject is None and c.predicate not in _SPEAKER_PREDICATES and not speaker_too:
            c = replace(c, subject=HOUSEHOLD)
        out.append(c)
    return out


# "I'm Chidi, electrical engineer with Shell, and we live in Port Harcourt": where "we" live, said among what the
# speaker says of themselves, is where they live (the sets, 18 to 0); not beside "I always get that backwards"
_SPEAKER_TOO = re.compile(
    r"(?:^|[,.!]\s*|\s)(?<!\band )(?:I am|I'm|im|I live|I work|I teach|my name|my names)\b"
    r"(?!(?:\s+(?:always|forever|saying|keep))\b)(?!.*\b(?:I (?:always|keep)|I meant)\b)",
    re.I,
)


_BREED = re.compile(rf"I am an? (?:[a-z\-]+ )??(?P<b>{_alt(sorted(SPECIES, key=len, reverse=True))})", re.I)


def _relative_of_named(clause: str, ctx: _Ctx, found: list[Candidate]) -> Candidate | None:
    """ "Karim's wife is called Sophie", "Tom's brother Rui lives in Braga": a relation fact of the person named
    (Karim's wife is Sophie), not of the speaker."""
    rel = named_relative(clause) if "'s " in clause[:40] else None
    if rel is None:
        return None
    owner, relation, name = rel
    if name is None:
        name = next((c.object for c in found if c.predicate == "name"), None)
    if not name or not name[:1].isupper():
        return None
    c = ctx.cand("family_member", name, f"{{subject}}'s {relation} is called {name}", relation)
    return replace(c, subject=Mention(name=owner), object_mention=Mention(name=name))


def _titled_relative(clause: str, mention: Mention, ctx: _Ctx) -> Candidate | None:
    """ "Grandma Sunniva's birthday is ...": a relative named by the title the speaker calls them by is the
    speaker's relative, as "my grandma Sunniva" is."""
    if not (mention.name and mention.relation) or mention.kind != "person":
        return None
    m = re.match(rf"(?P<title>[A-Za-z\-]+) {re.escape(mention.name)}\b", clause)
    if not m or relation_word(m.group("title")) != mention.relation:
        return None
    title = m.group("title").lower()
    c = ctx.cand("family_member", mention.name, f"{{subject}}'s {title} is called {mention.name}", title)
    return replace(c, object_mention=mention)


def _about_others(clause: str, ctx: _Ctx, rules, discourse: Discourse, found: list[Candidate]) -> list[Candidate]:
    subject = subject_of(clause, discourse, ctx.lowercase)
    if subject is None:
        return []
    mention, rewritten = subject
    rctx = replace(ctx, clause=rewritten, about=True)
    out = []
    said = _clause_candidates(rewritten, rctx, rules, appositives=False)
    if not said and mention.kind == "pet" and (breed := _BREED.fullmatch(rewritten)):
        # "our dog Biscuit is a cocker spaniel": what kind of dog (one at a time, a note keyed "breed")
        kind = breed.group("b").lower()
        said = [ctx.cand("note", kind, f"{{subject}} is {_article(kind)} {kind}", qualifier="breed")]
    if not _NEGATION.search(clause) and (relative := _relative_of_named(clause, ctx, said)):
        out.append(relative)
        mention = relative.object_mention or mention
    elif kin := _titled_relative(clause, mention, ctx):  # ("Aunty Bisi lives with us now": named, if nothing else)
        out.append(kin)
    for c in said:
        if c.predicate == "name" and c.subject is not None and c.subject.relation and mention.kind == "person":
            # "Walter's carer is Bettina", "Walter has a new carer called Ayodele": whom Walter has in that role
            role = c.subject.relation
            c = replace(
                c,
                predicate="family_member",
                text=f"{{subject}}'s {role} is called {c.object}",
                qualifier=role,
                subject=None,
                object_mention=Mention(name=c.object, relation=role),
            )
        if c.predicate == "name" and mention.kind == "pet" and not mention.name and mention.relation:
            # "we've got a cat too, her name's Pepper": the pet named
            name = c.object[:1].upper() + c.object[1:]  # "her names biscuit": a name, as a recogniser writes it
            named = Mention(name=name, relation=mention.relation, kind="pet")
            text = f"{{subject}} has {_article(mention.relation)} {mention.relation} called {name}"
            pet = replace(c, predicate="pet", object=name, text=text, qualifier=mention.relation, object_mention=named)
            out.append(replace(pet, subject=_PENDING))
            discourse.note(named)
            return out
        if c.predicate in _NOT_ABOUT_OTHERS or any(f.predicate == c.predicate and f.object == c.object for f in found):
            continue
        if c.predicate == "family_member":  # Tom's kids: relatives of Tom, not the speaker's
            c = replace(c, object_mention=Mention(name=c.object))
        elif c.predicate == "pet" and (m := _relation_mention(c)):
            c = replace(c, object_mention=m)
        out.append(replace(c, subject=c.subject or mention))
    discourse.note(mention)
    for c in out:  # "my sister's boyfriend is called Luca. He's a chef": the one named last is "he"
        if c.predicate == "family_member" and c.object_mention is not None:
            discourse.note(c.object_mention)
    return out


_AGE_ALONE = re.compile(r"^(?:about |nearly |almost )?[\w\-]+(?: [\w\-]+)? (?:years?|months?) old[.!]?$", re.I)
# "Harriet's birthday is the 30th of July, that's my niece", "Noah's got a peanut allergy. He's my nephew.": who
# the one just named is to the speaker
_THATS_MY = re.compile(
    rf"^(?P<who>he|she|that|this) is (?:my|our) (?:(?:{REL_ADJ}) )?(?P<rel>{REL}|youngest|eldest|oldest)"
    r"(?:$|[,.;!]|\s+(?:so|and|but|I mean)\b)",
    re.I,
)


# Someone the speaker moved, by name: "we transferred Miguel this school year" (then "he's now at ...")
_MOVED_SOMEONE = re.compile(
    r"^(?:we|I) (?:have |had )?(?:just )?(?:transferred|moved|shifted|switched|enrolled) (?P<n>(?-i:[A-Z])[a-z]+)\b",
    re.I,
)


def _clause_facts(clause: str, ctx: _Ctx, discourse: Discourse) -> list[Candidate]:
    named = discourse.last
    if _AGE_ALONE.match(clause) and (spoken_of := discourse.recent) is not None:
        # "Our dog's called Biscuit, she's a golden retriever, three years old": the age of the one spoken of
        return [replace(c, subject=spoken_of) for c in _as_said(f"I am {clause.rstrip('.! ')}", ctx, _ALL_RULES)]
    if (m := _THATS_MY.match(clause)) and named is not None and named.name and not named.relation:
        rel, who_said = m.group("rel").lower(), m.group("who").lower()
        if rel in ("youngest", "eldest", "oldest"):  # "She's my youngest": a daughter
            rel = {"he": "son", "she": "daughter"}.get(who_said, rel)
        who = replace(named, relation=relation_word(rel))
        discourse.note(who)
        c = ctx.cand("family_member", named.name, f"{{subject}}'s {rel} is called {named.name}", rel)
        return [replace(c, object_mention=who)]
    rules = _ALL_RULES
    if is_plan(clause):
        if is_plan(_EVENT_TIME.sub("", clause)):
            return []
        rules = EVENT_RULES
    found = _as_said(clause, ctx, rules)
    for c in found:
        discourse.note(c.object_mention if c.predicate in ("family_member", "pet") else None)
    if not found and (moved := _MOVED_SOMEONE.match(clause)):
        discourse.note(discourse.named(moved.group("n")))  # "we transferred Miguel this year, he's now at ..."
    if any(c.subject is HOUSEHOLD and c.predicate in ("schedule", "appointment", "note") for c in found):
        return found  # "our cleaner comes on Wednesdays" is the household's, not a routine of the cleaner's
    return found + _about_others(clause, ctx, rules, discourse, found)


_KIN = set(_REL_SINGULAR) | {"son", "daughter", "child"}


def _without_social_aside(found: list[Candidate]) -> list[Candidate]:
    """ "my friend Jo just moved to Manchester": what is said of Jo names her as the speaker's friend already (the
    subject's relation), and a note that names them links them as who they are ("the spare key is with Brenda next
    door": Brenda, the neighbour); the relation alone is a fact only when nothing else is said of them ("our
    childminder is called Delphine")."""
    # (said of them by name alone, "she comes in the mornings", their relation is still to say)
    about = {c.subject.name for c in found if c.subject is not None and c.subject.name and c.subject.relation}
    out = list(found)
    for c in found:
        if c.predicate != "family_member" or _is_kin(c.qualifier):
            continue
        naming = re.compile(rf"\b{re.escape(c.object)}\b", re.I)
        note = next((i for i, f in enumerate(out) if f.predicate != "family_member" and naming.search(f.object)), None)
        if note is not None and out[note].object_mention is None:
            out[note] = replace(out[note], object_mention=c.object_mention)
        if c.object in about or note is not None:
            out.remove(c)
    return out


def _one_bin_day(found: list[Candidate]) -> list[Candidate]:
    """ "bins go out sunday night, collection's monday morning": one event, the bins (facts.py reads "go out" and
    "collection" as how it happens), kept by its collection day, the one that changes when the council changes it."""
    if not any(c.predicate == "schedule" and re.search(r"\bcollect", c.qualifier or "") for c in found):
        return found
    return [c for c in found if not (c.predicate == "schedule" and re.search(r"\bbins? goe?s? out", c.qualifier or ""))]


def _fish_eaten(found: list[Candidate]) -> list[Candidate]:
    """ "my husband joel doesnt eat meat hes pescatarian", "she's vegetarian but she eats fish so like pescatarian
    really": one who eats fish is pescatarian, not vegetarian."""
    fish = [c.subject for c in found if c.predicate == "diet" and c.object.lower() == "pescatarian"]
    return [c for c in found if not (c.predicate == "diet" and c.object.lower() == "vegetarian" and c.subject in fish)]


def _is_kin(qualifier: str | None) -> bool:
    """ "brother", and "older brother", "twin brother", "baby daughter": kin, whatever the adjective."""
    words = (qualifier or "").split()
    return bool(words) and (qualifier in _KIN or words[-1] in _KIN)


_TAG_QUESTION = re.compile(
    r"(?<=\w),?\s+(?:yeah|yes|ok|okay|alright|all right|right|would you|will you|could you|can you|please|yeah please)"
    r"\s*\?\s*$",
    re.I,
)


# What is only heard, said after it: "..., so they say", "..., or so I'm told"
_HEARSAY_AFTER = re.compile(
    r",?\s+(?:or )?so (?:they|people|everyone) says?\s*[.!]?$|,?\s+(?:or )?so I(?:'m| am) told\s*[.!]?$|"
    r",?\s+so I hear\s*[.!]?$",
    re.I,
)


def _kin_beside_rule(sentence: str, rest: str) -> str:
    """What is left of a rule's sentence to read as facts, with the relative it names ("Don't ever give my daughter
    Chloe recipes with raw egg in, she's pregnant": who she is, beside the rule)."""
    kin = _KIN_NAMED.search(sentence)
    if kin is None or kin.group("name") in (rest or ""):
        return rest
    return f"my {kin.group('rel').lower()} is called {kin.group('name')}" + (f", {rest}" if rest else "")


_KIN_NAMED = re.compile(rf"\b(?:my|our) (?P<rel>{REL}) (?P<name>(?-i:[A-Z])[a-z]+)\b", re.I)
# "can you call me Sandy from now on?": a standing instruction asked politely, not a question
_ASKED_TO_BE_CALLED = re.compile(r"^(?:(?:can|could|will|would) you (?:please )?call me \w+(?: [^?]*)?)\?\s*$", re.I)


def _prepare(sentence: str) -> tuple[str, str, bool, bool] | None:
    """The sentence normalised and stripped of greetings, filler, lead-ins and hedges, with its provenance, whether
    it greeted and whether it asked to be remembered; None when it states nothing (a question, a hypothetical,
    reported speech)."""
    s = _TAG_QUESTION.sub(".", normalise(sentence))  # "use metric, yeah?": an instruction, not a question
    if _ASKED_TO_BE_CALLED.match(s) and not re.search(r"\bcall me (?:a|an|the|back|later|tomorrow)\b", s, re.I):
        s = s.rstrip()[:-1] + "."
    if not s or s.rstrip().endswith("?"):
        return None  # a question states nothing
    asked = bool(_TRAILING_REMEMBER.search(s))
    s, greeted = _strip_repeatedly(correct(_TRAILING_REMEMBER.sub("", s)), _GREETING, _FILLER)
    asked = asked or bool(_LEAD_IN.match(s))
    s, greeted_again = _strip_repeatedly(s, _GREETING, _FILLER, _LEAD_IN, _NOTICE)
    greeted = greeted or greeted_again
    provenance = USER_STATED
    if _NEGATED_HEDGE.search(s) or _HEARSAY_AFTER.search(s):
        return None  # "I don't think I'm allergic", "I live in Leeds, so they say"
    s, n = _HEDGED_BE.subn(lambda m: f"{m.group(1)} {'am' if m.group(1).lower() == 'i' else 'are'}", s)
    s, k = _HEDGE.subn("", s)
    if n or k:
        provenance = INFERRED
    s, g2 = _strip_repeatedly(s.strip(" ,"), _GREETING, _FILLER, _LEAD_IN)
    if not s:
        return None
    return s, provenance, greeted or g2, asked


def _sentence_candidates(sentence: str, discourse: Discourse) -> list[Candidate]:
    said = restore_apostrophes(sentence)  # "im", "cant", "tariqs birthday": the apostrophes a recogniser drops
    lowercase = _lowercase_input(said)
    if not lowercase:
        said = said[:1].upper() + said[1:]  # "callum's moved down to Bristol": a sentence starts with a capital
        return [_as_source(c, said, sentence) for c in _read_sentence(said, discourse, False)]
    # Speech-recogniser text: read with "I" and the words that may be names capitalised; a word capitalised alone
    # is lower-cased again in an object that is no name or place.
    cased, singles = truecase(said)
    return [
        replace(
            c,
            object=canonical_value(c.predicate, uncapitalise(c.predicate, c.object, singles) or c.object, c.qualifier),
            text=_dated_text(c.predicate, uncapitalise(c.predicate, c.text, singles) or c.text),
            qualifier=_canonical_qualifier(c.predicate, uncapitalise(c.predicate, c.qualifier, singles), c.object),
            source=sentence.strip() if c.source == cased.strip() else c.source,
        )
        for c in _read_sentence(cased, discourse, True)
    ]


# "Never suggest anything with nuts in it. Zainab's allergy is serious.": the allergy the rule before keeps off
_ALLERGY_AFTER_RULE = re.compile(
    r"^(?P<who>(?-i:[A-Z])[a-z]+|[Mm]y [a-z]+)(?:'s| has an?)(?: [a-z]+)? allergy"
    rf"(?: is (?:really |very )?{ALLERGY_SERIOUS})?[.!]?\s*$",
    re.I,
)


def _allergy_after_rule(sentences: list[str], ruled: list[list[Candidate]], discourse: Discourse) -> None:
    for i in range(1, len(sentences)):
        restored = restore_apostrophes(sentences[i].strip())
        said = _ALLERGY_AFTER_RULE.match(restored[:1].upper() + restored[1:])  # ("theos allergy is serious": Theo's)
        if said is None or ruled[i]:
            continue
        food = next((f for c in ruled[i - 1] if c.predicate == "rule" and (f := food_kept_from(c.object))), None)
        if food:
            allergic = _sentence_candidates(f"{said.group('who')} is allergic to {food}.", discourse)
            ruled[i] = [replace(c, source=sentences[i].strip()) for c in allergic]


# "Speak a bit slower when my dad's talking to you, he's hard of hearing": why, said of whom the rule is for
_WHY_OF_THEM = re.compile(
    r"(?:,\s*|\s)(?:he|she)(?:'s| is|s) (?P<what>(?:(?:a bit|quite|very|really|partially|completely) )?"
    r"(?:hard of hearing|deaf|going deaf|sighted|blind|diabetic|coeliac|celiac|hearing impaired|autistic))[.!]?\s*$",
    re.I,
)
_FOR_WHOM = re.compile(rf"\b(?P<who>(?:my|our) (?:{REL}))\b(?!.*\b(?:my|our) (?:{REL})\b)", re.I)  # the last said


def _why_of_them(sentences: list[str], ruled: list[list[Candidate]], discourse: Discourse) -> None:
    for i, sentence in enumerate(sentences):
        said_as = restore_apostrophes(sentence)
        why = _WHY_OF_THEM.search(said_as)
        if why is None or not any(c.predicate == "rule" for c in ruled[i]):
            continue
        if who := _FOR_WHOM.search(said_as[: why.start()]):
            said = _sentence_candidates(f"{who.group('who')} is {why.group('what')}.", discourse)
            ruled[i] += [replace(c, source=sentence.strip()) for c in said if c.predicate in ("note", "diet")]


# What else is said of the car, after it: "a 2015 Toyota Corolla, the silver one", "a silver honda jazz its a 2015
# one", "a Tesla Model 3 ... its white", "a silver Kia Sportage, the hybrid"
_CAR_SAID_MORE = re.compile(
    rf"\b(?:it is|its|it's) (?:a |an |the )?(?P<a>(?:19|20)\d\d|{COLOUR}|estate|hybrid|double cab)"
    r"(?: one| model)?(?=[\s,.!]|$)"
    rf"|(?:,\s*|\s)(?:the |a |an )?(?P<b>(?:19|20)\d\d|{COLOUR}|estate|hybrid|double cab) (?:one|plate)\b"
    r"|,\s*the (?P<c>hybrid|estate|double cab)(?=[\s,.!]|$)",
    re.I,
)


# ... and of a thing of the house: "a generator for when nepa takes light its a petrol one", "its a honda"
_KIT_SAID_MORE = re.compile(
    rf"\b(?:it is|its|it's) an? (?P<a>petrol|diesel|gas|electric|solar|{CAR_MAKES.pattern})(?: one)?(?=[\s,.!]|$)", re.I
)


def _described_after(found: list[Candidate], said: str) -> list[Candidate]:
    """The one thing owned in a sentence, with what is said of it after it: a car's colour, year or body, a
    generator's fuel or make; a thing's text names it as its object is written."""
    return [_text_names_it(c) for c in _more_of_it(found, said)]


def _text_names_it(c: Candidate) -> Candidate:
    # ("a 2017 silver corolla" is written "silver 2017 Toyota Corolla"; its text says so, so a change can name it)
    if c.predicate != "owns" or c.object.lower() in c.text.lower():
        return c
    return replace(c, text=f"{{subject}} has {_article(c.object)} {c.object}")


def _more_of_it(found: list[Candidate], said: str) -> list[Candidate]:
    owned = {c.object for c in found if c.predicate == "owns"}
    cars = {o for o in owned if CAR_MAKES.search(o)}
    if len(owned) == 1 and not cars and (kit := _KIT_SAID_MORE.search(said)):
        more = kit.group("a")
        more = (more.upper() if len(more) <= 3 else more.capitalize()) if CAR_MAKES.fullmatch(more) else more.lower()
        thing = owned.pop()
        return [replace(c, object=f"{more} {thing}") if c.predicate == "owns" else c for c in found]
    if len(cars) != 1:
        return found
    car = obj = cars.pop()
    for m in _CAR_SAID_MORE.finditer(said):
        more = (m.group("a") or m.group("b") or m.group("c")).lower()
        if re.search(rf"\b{more}\b", obj, re.I) or (re.fullmatch(COLOUR, more) and re.search(rf"\b{COLOUR}\b", obj)):
            continue
        obj = f"{obj} {more}" if more in ("estate", "hybrid", "double cab") else f"{more} {obj}"
    obj = canonical_value("owns", obj)
    return [replace(c, object=obj) if c.predicate == "owns" and c.object == car else c for c in found]


def _as_source(c: Candidate, said: str, sentence: str) -> Candidate:
    c = replace(
        c,
        object=canonical_value(c.predicate, c.object, c.qualifier),
        qualifier=_canonical_qualifier(c.predicate, c.qualifier, c.object),
    )
    return replace(c, source=sentence.strip()) if said != sentence and c.source == said.strip() else c


def _canonical_qualifier(predicate: str, qualifier: str | None, what: str) -> str | None:
    """A routine's qualifier is when it happens ("every morning at half six"): its time in one form too, read with
    what happens then ("go to bed around one" is the small hours)."""
    return canonical_value(predicate, qualifier, what) if predicate == "routine" and qualifier else qualifier


def _dated_text(predicate: str, text: str) -> str:
    """The fact's text keeps a date as said, in calendar case; its object is stored in one form (canonical_value)."""
    return calendar_case(text) if predicate in DATED else text


def _read_sentence(sentence: str, discourse: Discourse, lowercase: bool) -> list[Candidate]:
    prepared = _prepare(sentence)
    if prepared is None:
        return []
    s, provenance, greeted, asked = prepared
    out, s = rules_of(sentence, s)  # a standing instruction ("don't play music after nine") before the question test
    s = _kin_beside_rule(sentence, s) if out else s
    s = (dictated(s) or s) if s else s  # "Boiler service booked: 14 March, 9-1": the sentence a note stands for
    s = casual(CONDITION_BEFORE_A_PLACE.sub("", promised_visit(s)), greeted) if s else s
    if not s or _QUESTION_START.match(s):
        return out
    if _HYPOTHETICAL.search(s) or _REPORTED.search(s):
        head = _before_conditional_aside(s) or _own_conclusion(s)
        if head is None:
            return out
        s = head
    statement = s
    have = spoken = None
    bins = False
    clauses = _split_clauses(_it_is_activity(joined_appositive(s)))
    for clause in (
        c for said in clauses for kept in it_is_kept(said) for goes_on in _goes_on(kept) for c in _also_loved(goes_on)
    ):
        clause, _ = _strip_repeatedly(clause.strip(" ,"), _FILLER)
        clause = casual(_strip_trailing(clause), greeted, s)
        if not clause:
            continue
        if have and _MORE_HAD.match(clause):
            clause = have + clause  # "I have a son, Tobias, and a daughter, Mira": the daughter is had too
        have = (m := _HAVE_LEAD.match(clause)) and m.group()
        if spoken and _MORE_SPOKEN.match(clause):
            clause = spoken + clause
        if bins and (collection := _COLLECTION.match(clause)):
            clause = "the bin " + clause[collection.end() :]  # "bins go out sunday night, collection's monday"
        bins = bins or bool(_BINS.search(clause))
        spoken = (m := _SPEAKS_LEAD.match(clause)) and m.group()
        for pattern, repl in _ELIDED:
            clause = pattern.sub(repl, clause, count=1)
        clause = _own_event(clause)
        # A leading time phrase ("Last month we moved to Porto") is a hint, not part of the statement.
        hint = None
        lead = TIME.match(clause)
        if lead:
            hint = lead.group()
            clause = clause[lead.end() :].lstrip(" ,")
        ctx = _Ctx(clause, sentence.strip(), provenance, hint, greeted, lowercase)
        facts = _clause_facts(clause, ctx, discourse)
        if all(c.predicate in _RELATIONS for c in facts):
            facts = _before_aside(clause, facts, ctx, discourse, s)
        if ctx.lowercase and facts:
            facts += _run_on_more(clause, facts, ctx, discourse, s)
        out += facts
    if asked and not out:
        out = _remembered(statement, _Ctx(statement, sentence.strip(), provenance, None, greeted, lowercase), discourse)
    return out


# A clause that goes on without its subject is the one just spoken of: "he's a doctor at Korle Bu, lives in Accra
# with his wife"
_GOES_ON = re.compile(
    # ("my brother sean is a plumber, lives over in galway": a relative by name, where they live after it)
    # ("my dad is a retired fisherman, still lives in dingle": a relative by relation)
    r"^(?P<head>(?P<s>he|she|(?:my|our) [a-z\-]+(?: (?-i:[A-Z])[a-z]+)?|(?-i:[A-Z])[a-z]+)(?:'s| is| was| has) "
    # (run on without a comma, as a recogniser writes it: "my brother sean is a plumber lives over in galway")
    r"(?:a|an|the|my|our|from|at|in|now|retired)\b.+?)(?:,\s*|(?<!\bwho)(?<!\bthat)(?<!\band)\s+)(?:still |now |also )?"
    r"(?P<tail>(?:lives|works|teaches|drives|studies) (?:over |down |up |out )?(?:in|at|for|as|with)\b.*)$",
    re.I,
)


# ... or after "and": "Dad lives in Cork and drives a taxi"
_AND_DOES = re.compile(
    # ("My brother Sipho lives in Durban and works for Transnet": the relative, by name)
    r"^(?P<head>(?P<s>I|we|he|she|(?:my |our )?(?:[a-z\-]+ (?=(?-i:[A-Z])))?(?-i:[A-Z])?[a-z]+) (?:lives?|works?|"
    r"teach(?:es)?) (?:in|at|for|as)\b"
    r".+?),? and (?P<tail>(?:drives?|works?|teach(?:es)?|lives?) (?:in|at|for|as|an?)\b.*)$",
    re.I,
)


# ... or a taste after "but": "my partner sam hates mushrooms but loves anything spicy"
_BUT_LIKES = re.compile(
    r"^(?P<head>(?P<s>I|he|she|(?:my |our )?(?-i:[A-Z])?[a-z]+(?: (?-i:[A-Z])[a-z]+)?) (?:hates?|loves?|likes?|adores?|"
    r"(?:can't|cannot) stand) .+?),? but (?:also |still )?(?P<tail>(?:loves?|likes?|hates?|adores?|enjoys?) .+)$",
    re.I,
)


# Two people said of at once: "my twins leo and mia are vegetarian now", "Kofi and Ama are both allergic to nuts",
# "amara and zoe have piano on wednesdays"
_BOTH_ARE = re.compile(
    r"^(?:(?:my|our) (?:twin |two |little |eldest )?(?:twins|kids|children|boys|girls|sons|daughters|parents|"
    r"grandparents),? )?"
    r"(?P<a>[A-Za-z][a-z\-]+) and (?P<b>[A-Za-z][a-z\-]+) (?:both )?(?P<verb>are|have|do|go to|turn)(?: both)? "
    r"(?P<said>.+)$",
    re.I,
)
_BOTH_SAID = {
    "are": re.compile(
        r"(?:vegetarian|vegan|pescatarian|coeliac|celiac|lactose intolerant|diabetic|allergic to|intolerant to|"
        r"gluten-free|gluten free|halal|kosher|mad about|mad into|obsessed with|really into|into|learning|fluent in)\b",
        re.I,
    ),
    "have": re.compile(r"[a-z]+(?: [a-z]+)? (?:lessons? |classes |class |practice |training )?(?:on|every|at) ", re.I),
    "do": re.compile(r"[a-z]+(?: [a-z]+)? (?:on|every) ", re.I),
    # ("my twins mateo and isla turn six on the twelfth of june": one birthday, both of them)
    "turn": re.compile(r"[a-z0-9]+(?: years old)? on ", re.I),
}
# ("Tobi and Femi go to Corona School": one school, both of them)
_BOTH_SAID["go to"] = re.compile(
    rf"(?:{_BOTH_SAID['have'].pattern})"
    r"|(?:the )?[\w'\-]+(?: [\w'\-]+){0,3} (?:school|primary|academy|college|high)\b",
    re.I,
)
_ONE_DOES = {"are": "is", "have": "has", "do": "does", "go to": "goes to", "turn": "turns"}


def _goes_on(clause: str) -> list[str]:
    both = _BOTH_ARE.match(clause.strip())
    if (
        both
        and _BOTH_SAID[both.group("verb").lower()].match(both.group("said"))
        and not any(is_common(both.group(w).lower()) for w in "ab")
    ):
        # each of them (the relation, as said, read from the clause itself)
        verb = _ONE_DOES[both.group("verb").lower()]
        said = re.split(r",|\s+(?:so|because|cos|but|and then)\s+", both.group("said"))[0]  # the aside its own
        # (who they are read from their names as said, "my twin girls rosie and nell"; what they do, each)
        return [clause[: both.start("verb")].strip(), *(f"{both.group(w)} {verb} {said}" for w in "ab")]
    m = _GOES_ON.match(clause.strip()) or _AND_DOES.match(clause.strip()) or _BUT_LIKES.match(clause.strip())
    return [m.group("head"), f"{m.group('s')} {m.group('tail')}"] if m else [clause]


def _before_aside(clause: str, facts: list[Candidate], ctx: _Ctx, discourse: Discourse, s: str) -> list[Candidate]:
    """ "I'm vegan, have been for years", "i hate mushrooms cant even look at them": the statement, then an aside
    that is no part of it (a relative named in it is found either way); in speech-recogniser text, a statement run
    on after it too ("i dont eat pork im halal")."""
    run_on = _run_ons(clause)[:1] if ctx.lowercase and not facts else []
    for part in _without_aside(clause) + run_on:
        said = {(c.predicate, c.object) for c in facts}  # (a relative named again in the part is no more said)
        if more := [c for c in _part_facts(part, ctx, discourse, s) if (c.predicate, c.object) not in said]:
            facts = facts + [c for c in more if c.predicate not in _RELATIONS or not facts]
            for tail in run_on if part not in run_on else []:
                facts += [c for c in _part_facts(tail, ctx, discourse, s) if c not in facts]
            break
    return facts


def _part_facts(part: str, ctx: _Ctx, discourse: Discourse, s: str) -> list[Candidate]:
    """What a part of a clause (a statement before an aside, one run on after another) says, read as a clause."""
    part = casual(_strip_trailing(part), ctx.greeted, s)
    return _clause_facts(part, replace(ctx, clause=part), discourse)


# Where an aside may start after a statement: a comma or a dash, or (in speech-recogniser text, without either)
# a word that opens a new clause.
_ASIDE_START = re.compile(
    r"\s*(?:,|\s-+|\u2013|\u2014)\s*|\s+(?=(?:so|if|because|cos|cause|coz|since|as|which|though|although|honestly|"
    r"yeah|yep|lol|haha|mind you|to be fair|tbh|innit|bless|don't|do not|won't|wont|will not|doesn't|doesnt|"
    r"that's|that is|what a|no joke|"
    r"tastes|smells|sounds|looks like|makes me|gives me|drives (?:me|us|the)|"
    r"believe|I|he|she|they|we|it|cannot|can't|do|would|could|you|just|usually|mostly|especially|for what|"
    # "i moved down to wellington in march like still getting used to the wind": speech's "like" opens an aside
    r"like (?=(?:still|I|we|it|its|they|you|honestly|really|totally|proper|so|the|every|all)\b)|"
    r"been|have been|drives|it is|he is|she is|absolutely|never|that (?:nobody|no one|we|I|he|she|they|you)|"
    # ("our landlord is mr okafor his number is on the fridge": another thing of his, run on)
    r"(?:his|her|their) [a-z]+ (?:is|are|was|were)\b|"
    r"for (?:his|her|their|my|its|our) |about (?:my|his|her|their|our|the) )\b)",
    re.I,
)
# "vegetarian, no meat in her jollof": what the diet keeps off, said again, takes nothing back
_FOODS_KEPT_OFF = (
    r"(?:meat|fish|dairy|eggs?|pork|beef|gluten|nuts|sugar|alcohol|booze|shellfish|bread|pap|carbs|rice|pasta)\b"
)
# a stay, not a home: "we're in Spain, just outside Malaga, on holiday"
_A_STAY = r"on holiday|on a trip|visiting|for the (?:week|weekend)"
# An aside that takes the statement back or bounds it is no aside: "I work at Tesco, or I did until March".
_TAKEN_BACK = re.compile(
    rf"^(?:or|well|not|no(?! {_FOODS_KEPT_OFF})|never|but|at least|until|till|only|except|apart from)\b"
    rf"|\b(?:any ?more|no longer|until|till|(?<!getting )(?<!get )(?<!got )used to|kidding|joking|not really|"
    rf"not any|{_A_STAY})\b",
    re.I,
)
_MAX_ASIDE_TRIES = 4
_RELATIONS = ("family_member", "pet")
_OPEN_END = re.compile(
    r"\b(?:the|a|an|of|to|for|with|at|in|on|by|from|(?<!by )the way|that|and|or|my|our|your|his|her|their|its|when|"
    r"what|how|where|who|is|are|was|am|be|like|than|as)$",
    re.I,
)


def _without_aside(clause: str) -> list[str]:
    """The clause's statement without the aside after it, longest first; none when an aside takes it back."""
    heads: list[str] = []
    for m in reversed(list(_ASIDE_START.finditer(clause))):
        head, aside = clause[: m.start()].strip(" ,"), clause[m.end() :].strip()
        if len(head.split()) < 2 or not aside or _OPEN_END.search(head):
            continue  # "I like the way | she sings": a head that leaves its phrase open is no statement
        if _TAKEN_BACK.search(aside):
            return heads
        heads.append(head)
    return heads[:_MAX_ASIDE_TRIES]


def _before_conditional_aside(s: str) -> str | None:
    """ "I'm allergic to penicillin, so if I ever ask about antibiotics remember that", "I drive a blue Skoda if
    anyone asks": the statement before an aside that holds the condition or the report, when the statement holds
    none; None when the condition or report governs it ("if I had a dog ...", "my sister said she ...")."""
    trigger = min(m.start() for rx in (_HYPOTHETICAL, _REPORTED) if (m := rx.search(s)))
    for m in _ASIDE_START.finditer(s):
        if m.start() > trigger:
            break
        head, aside = s[: m.start()].strip(" ,"), s[m.end() :].strip()
        if _TAKEN_BACK.search(aside):
            return None  # "I live in Porto, or so she says"
        if len(head.split()) >= 3 and not _OPEN_END.search(head) and _FOR_THE_LISTENER.match(aside):
            return head
    return None


def _own_conclusion(s: str) -> str | None:
    """ "the doctor said my iron was low, so i'm pescatarian now": what the speaker says of themselves after a
    report, their own statement; None when there is none, or it is reported or imagined too."""
    trigger = min(m.start() for rx in (_HYPOTHETICAL, _REPORTED) if (m := rx.search(s)))
    so = _SO_I_AM.search(s, trigger)
    if so is None or _HYPOTHETICAL.search(s, so.end()) or _REPORTED.search(s, so.end()):
        return None
    return s[so.end() :]


_SO_I_AM = re.compile(r",\s*so (?=(?:I am|I have|we are|we have)\b)", re.I)


# A condition on the listener, not on the statement: "if anyone asks", "so if I ever ask", "in case it matters"
_FOR_THE_LISTENER = re.compile(
    r"(?:so |just |and )?(?:(?:do not|don't) be surprised if|if (?:anyone|anybody|you|I ever|ever|that|it|this|"
    r"we ever|we need|we get|we are ever|we're ever|we are locked|I am ever|I'm ever|I get|I am locked|anything|"
    r"there is|there's|the power|the heating|"
    r"somebody|someone|people|need be|needed|asked|you are|the kids (?:ask|need)|the children (?:ask|need))|in case|so|"
    # "vegetarian since uni, though I'll have fish if we're out": a concession, the condition its own
    r"though|although|but|except|"
    # "my nan loves a bit of Daniel O'Donnell, she'd have him on all day": how much, said as a habit
    r"(?:he|she|they|I) would (?:have|listen to|watch|eat|play|live on|happily))\b",  # "..., so no meat if ..."
    re.I,
)


_NEXT_CLAUSE = re.compile(r"\s+(?=(?:I am|I have|I|we are|we have|he is|she is|they are)\s+\w)")


def _run_on_more(clause: str, facts: list[Candidate], ctx: _Ctx, discourse: Discourse, s: str) -> list[Candidate]:
    """ "my name is thabo by the way i teach maths at orlando high": in speech-recogniser text a second statement
    run on after one the rules read; what it says of another predicate is added."""
    have = {c.predicate for c in facts}
    more: list[Candidate] = []
    for tail in _run_ons(clause, bounded=True):
        found = [c for c in _part_facts(tail, ctx, discourse, s) if c.predicate not in have]
        more += found
        have |= {c.predicate for c in found}
    return more


def _run_ons(clause: str, bounded: bool = False) -> list[str]:
    """In speech-recogniser text statements run on without a stop: "i dont eat pork im halal". Each one after the
    first, to the clause's end; `bounded`: the first alone too, and each before the next runs on ("im siobhan | im
    living in cork the last few years | i teach ...")."""
    starts = [m for m in _NEXT_CLAUSE.finditer(clause) if m.start() > 0]
    found = [clause[: starts[0].start()]] if starts and bounded else []
    for this, after in zip(starts, [*starts[1:], None]):
        if bounded and after is not None:
            found.append(clause[this.end() : after.start()])
        found.append(clause[this.end() :])
    return [tail for tail in found if len(tail.split()) >= 3]


MAX_NOTE_WORDS = 16
_SPEAKER_LEAD = re.compile(r"^(?:I am|I have|I|my|me)\s+", re.I)
_HOUSEHOLD_LEAD = re.compile(r"^(?:we|our|the|there)\b", re.I)


_ENDED = re.compile(
    r"\b(?:resign(?:ed)?|quit|left|stopped|given up|gave up|no longer|any ?more|sold|cancell?ed)\b", re.I
)


def _remembered(statement: str, ctx: _Ctx, discourse: Discourse) -> list[Candidate]:
    """What the speaker asked to be remembered and no rule reads ("remember that Pretzel isn't allowed on the
    sofa", "my bike lock code is 4471, please remember that"): kept as a note about whom it names. A plan, a
    one-off or a fragment gives nothing."""
    statement = _strip_trailing(statement)
    words = statement.split()
    if not 3 <= len(words) <= MAX_NOTE_WORDS or is_plan(statement) or _QUESTION_START.match(statement):
        return []
    if _ENDED.search(statement):
        return []  # "note it, I have resigned from Zenith": what ended is read against what is kept, not a note
    found = subject_of(statement, discourse, ctx.lowercase)
    named = found and found[0].name and re.match(rf"(?:{re.escape(found[0].name)})('s)?\s+", statement, re.I)
    if found is not None and named:
        # "Pretzel isn't allowed on the sofa" -> {subject} is not allowed on the sofa
        mention, obj = found[0], statement[named.end() :]
        text = "{subject}" + statement[named.start(1) if named.group(1) else named.end() - 1 :]
    elif found is not None:
        mention, obj = found[0], _SPEAKER_LEAD.sub("", found[1])
        text = first_to_subject(found[1])
    elif _SPEAKER_LEAD.match(statement):
        mention, obj, text = None, _SPEAKER_LEAD.sub("", statement), first_to_subject(statement)
    elif _HOUSEHOLD_LEAD.match(statement):
        mention, obj = HOUSEHOLD, statement
        text = f"{{subject}}: {statement[:1].lower() + statement[1:]}"
    else:
        return []
    if len(obj.split()) < 2:
        return []
    c = ctx.cand("note", obj, text)
    return [replace(c, subject=mention)] if mention is not None else [c]


_SAYS_MORE = 8  # words: a sentence the rules read something of, long enough for the reader to find more in


def extract(
    text: str, role: str = "user", discourse: Discourse | None = None, reader: Reader | None = None
) -> list[Candidate]:
    """Candidates the text states about its speaker, the people and pets they name, and their household. Only
    user turns are read: what the assistant says is not the user saying it. `discourse` carries who "she" is
    from one call to the next (one speaker's turns). With a `reader` (reader.py), what it reads of a predicate
    the rules did not read in the same sentence is added."""
    if (role or "").lower() != "user" or not text or not text.strip():
        return []
    discourse = discourse if discourse is not None else Discourse()
    out: list[Candidate] = []
    seen: set[tuple] = set()
    sentences = split_sentences(text)
    ruled = [
        _described_after(
            _fish_eaten(
                _one_bin_day(
                    _without_social_aside(
                        _sentence_candidates(sentence, discourse)
                        or _before_an_aside(sentence, discourse)
                        or _before_trailing_words(sentence, discourse)
                        or _timed_event(sentence, discourse)
                    )
                )
            ),
            sentence,
        )
        for sentence in sentences
    ]
    _allergy_after_rule(sentences, ruled, discourse)
    _why_of_them(sentences, ruled, discourse)
    # the reader reads what the rules left: a sentence they read nothing of, or one long enough to say more
    left = [i for i, (s, found) in enumerate(zip(sentences, ruled)) if not found or len(s.split()) >= _SAYS_MORE]
    guessed = dict(zip(left, reader.read([sentences[i] for i in left]))) if reader is not None and left else {}
    for i, found in enumerate(ruled):
        theirs = {c.predicate for c in found}
        # (nor words the rules read as something else: "my dentist is at chorlton smile studio" is no workplace)
        read = " | ".join(c.object.lower() for c in found)
        for c in found + [c for c in guessed.get(i, []) if c.predicate not in theirs and c.object.lower() not in read]:
            # one allergy or diet whatever its reason ("I can't eat gluten, I'm coeliac", "coeliac, so gluten free")
            key = (
                c.predicate,
                c.object.lower(),
                None if c.predicate in ("allergy", "diet") else c.qualifier,
                c.subject,
            )
            if key not in seen:
                seen.add(key)
                out.append(c)
    return _home_shared(_each_of_them(_named_pets(out)))


_WITH_US_IN = re.compile(r"\b(?:lives?|living|stays?|staying) with us(?: now)? in\b", re.I)


def _home_shared(out: list[Candidate]) -> list[Candidate]:
    """ "My mother-in-law lives with us in Tseung Kwan O": where they live is the household's home too."""
    homes = {c.object for c in out if c.predicate == "lives_in" and c.subject is HOUSEHOLD}
    shared = [
        replace(c, subject=HOUSEHOLD, text="{subject} lives in " + c.object)
        for c in out
        if c.predicate == "lives_in"
        and c.subject is not None
        and c.subject.kind == "person"
        and _WITH_US_IN.search(c.source or "")
        and c.object not in homes
    ]
    return out + list({c.object: c for c in shared}.values())


# The children said together, then named: "the twins ava and isla are obsessed with bluey" is a like of each
_MEMBER_OF = {"twins": "twin", "children": None, "sons": "son", "daughters": "daughter"}


def _each_of_them(out: list[Candidate]) -> list[Candidate]:
    """What is said of a group ("the twins", "the kids") whom the same sentence names is said of each of them."""
    shared = [
        (c, c.subject.relation)
        for c in out
        if c.subject is not None and c.subject.relation in _MEMBER_OF and not c.subject.name
    ]
    for c, group in shared:
        kind = _MEMBER_OF[str(group)]
        named = [
            m.object
            for m in out
            if m.predicate == "family_member"
            and m.source == c.source
            and (kind is None or relation_word(m.qualifier or "") == kind)
        ]
        if len(named) >= 2:
            each = [replace(c, subject=Mention(name=n, relation=kind or "child")) for n in named]
            out = [e for x in out for e in (each if x is c else [x])]
    return out


# What may not be dropped from the end of a sentence: a reason, a condition, a denial or a question changes what
# comes before it ("I live in Leeds, if you can believe it", "Tom lives in York, or did").
_KEEPS_THE_END = re.compile(
    # ("if you ever need it", "not that I'm hinting": said to the listener, taking nothing back)
    rf"^\s*(?:if(?! (?:anyone|anybody|you|ever)(?: ever)? (?:asks?|needs? (?:it|to know)|wants? (?:it|to know)|"
    # ("..., so no more Bunnings for me": what it ended, said after it)
    rf"wonders?)\b)|unless|or|not(?! that\b)|no(?! {_FOODS_KEPT_OFF})|never|but|although|though|because|since|"
    # ("..., so someone needs to be in", "so remind me": what to do about it, taking nothing back)
    rf"so(?! no more\b| (?:someone|somebody|one of us|make sure|remind|don't|do not|dont|please|can you)\b)|"
    rf"until|when|"
    r"whether|apparently|"
    r"actually|sorry|wait|hang on|I mean|or rather|scratch that|correction|my mistake|"
    # a request made now, not a statement: "Temperatures in Celsius, thanks."
    r"thanks|thank you|cheers|ta|please|if you can|if you could|for me|mate|love|"
    r"supposedly|I think|I guess|maybe|perhaps|allegedly|or so|right|isn't it|aren't they|don't they|doesn't he|"
    r"doesn't she|didn't|wasn't|used to|anymore|any more|I'?m not sure|I am not sure|not sure|I'?m told|I heard|"
    r"they say|I reckon|I believe|don't quote me|or something|or whatever|if that|I suppose|who knows|"
    r"I wish|hopefully|fingers crossed|for now|for the moment|at least|just kidding|joking|only joking|lol|"
    rf"{_A_STAY})\b|\?",
    re.I,
)


# Where a recogniser's run-on sentence may go on to an aside: "im a staff nurse on ward seven | been there nine
# years", "we live in toowoomba | me and dad", "the boiler service is monday morning | the lad is coming at 8".
_RUN_ON = re.compile(
    # ("and" only before a new subject: "a veg patch and a greenhouse", "tuesdays and thursdays" are one statement)
    r"\s(?=(?:(?:and|but|so) (?:then |now )?(?:he|she|they|we|i|hes|shes|its|thats|theyre|were)\b|been|god|its|thats|"
    r"which|cause|cos|honestly|anyway|lol|bit|me and|he|she|they|we|i|hes|"
    r"shes|theyre|the lad|the man|the woman|says|said|runs|always|no \w+ no|remind (?:me|us)|dont let|do not let|"
    r"make sure|not that|if (?:anyone|anybody|you ever) (?:asks|needs))\b)",
    re.I,
)


# A word a statement cannot end on: "I like the way | she sings" is not "I like the way".
_OPEN_ENDED = frozenset(
    "the a an way that to of for with about like what how where when who which my our his her their your is are "
    "was were am be been and or but at in on by from as than if so very really just thing things kind sort".split()
)


# "Use miles for distances, not kilometres, I'm old school": what it is not, said in passing, takes nothing back
_A_CONTRAST = re.compile(r"not (?:the |that |those )?[\w\-]+(?: [\w\-]+)?", re.I)


def _before_an_aside(sentence: str, discourse: Discourse) -> list[Candidate]:
    """A sentence that states nothing read without what follows its last commas ("Leo just started at Ridgeview
    High, grade nine", "Josh does Scouts on a Thursday night, half six till eight"), or, written without commas as
    a speech recogniser does, before a word that may start an aside ("been there nine years"): an aside said
    after a statement the rules read whole. Not when the part dropped could take the statement back."""
    if "," not in sentence and len(sentence.split()) >= 6:
        text = sentence.rstrip(" .!")
        cuts = [
            m.start()
            for m in _RUN_ON.finditer(text)
            if len(text[: m.start()].split()) >= 3 and text[: m.start()].split()[-1].lower() not in _OPEN_ENDED
        ][-4:]
        for cut in reversed(cuts):  # the least dropped first
            if _KEEPS_THE_END.search(text[cut:]) or not (found := _sentence_candidates(text[:cut], discourse)):
                continue
            return found
        return []
    head = sentence.rstrip(" .!")
    for _ in range(2):
        head, comma, tail = head.rpartition(",")
        if not comma or len(head.split()) < 3 or _KEEPS_THE_END.search(tail):
            return []
        before = head.rpartition(",")[2]
        if "," in head and _KEEPS_THE_END.search(before) and not _A_CONTRAST.fullmatch(before.strip()):
            return []  # "Liam works at Tesco, actually no, he moved on": what is left is corrected
        found = _sentence_candidates(head, discourse)
        if found:
            return found
    return []


# Where trailing words may start (before a word that opens a new phrase, or after a comma), for a sentence run on
# past its statement in words no aside list names: "i drive a silver hilux | ja the double cab one", "the wifi
# password is bluegiraffe47 | all lower case if anyone asks".
_OPENS_A_PHRASE = frozenset(
    "i he she it its it's they we you hes shes he's she's theyre they're im i'm the a an this that these those any "
    "all some every and so when because cos cause as since though while whereas like really very just especially "
    "actually honestly too also now still always mostly anyway ja eh yaar abeg lah innit mate yeah la o sha na bro "
    "lol haha yuh ya bless nah aye hey ok okay which who where what whenever doing studying working stacking "
    "serving she'll he'll they'll we'll i'll shell theyll".split()
)  # (not a preposition: "a membership | at PureGym" leaves the phrase open)
# A word a kept statement cannot end on: "the wifi password is taped under | the router"
_LEAVES_OPEN = (
    _OPENS_A_PHRASE
    | _OPEN_ENDED
    | frozenset(
        "in on at with for from by of into near round over under about after before behind beside between above "
        "below across through off up down out inside outside next onto upon".split()
    )
)
# What may take a statement back, bound it or correct it: nowhere in the sentence, or no guessing
_TAKES_BACK = (
    r"no longer|any ?more|used to|until|till|unless|kidding|joking|wish|hope|hoping|would|might|maybe|or|but|sorry|"
    r"wait|hang on|actually|mean|well|today|tonight|this (?:morning|afternoon|evening|week)|right now|for now|"
    r"at the moment|if(?! (?:anyone|anybody|you|ever)(?: ever)? (?:asks?|needs?|wants?))"
)
_MAY_TAKE_BACK = re.compile(rf"\b(?:{_TAKES_BACK})\b|\?", re.I)
# ... and a denial or the past, not in the statement kept ("im a very big fan of cricket yaar ... i dont miss a
# single match": said after it, of something else)
_DENIED_OR_PAST = re.compile(
    r"\b(?:not|never|no|nope|was|were|did|had|dont|doesnt|didnt|cant|wont|isnt|arent|wasnt|havent|hasnt|shouldnt|"
    r"wouldnt|couldnt)\b|n't\b",
    re.I,
)
_MAX_TRAILING_CUTS = 6


def _before_trailing_words(sentence: str, discourse: Discourse) -> list[Candidate]:
    """The last reading of a sentence the rules read nothing in: the longest start of it that states something,
    cut where a new phrase may open, the rest taken as an aside. Not when anything in it may take a statement back
    ("i work at tesco well i did"), and never inside a phrase ("a little red honda | jazz")."""
    words = sentence.rstrip(" .!").split()
    if len(words) < 5 or _MAY_TAKE_BACK.search(sentence) or _HEARSAY_AFTER.search(sentence):
        return []  # ("I live in Leeds, so they say": what is dropped may take it back)
    tried = 0
    cased = not _lowercase_input(sentence)
    for k in range(len(words) - 1, 2, -1):
        last = words[k - 1].rstrip(",").lower()
        if words[k].lower().strip(",") not in _OPENS_A_PHRASE or last in _LEAVES_OPEN:
            continue
        if _KEEPS_THE_END.search(" ".join(words[k:]).lstrip(",")):
            continue
        if _DENIED_OR_PAST.search(" ".join(words[:k])):
            continue
        if cased and any(w[:1].isupper() and w != "I" and not w.startswith("I'") for w in words[k:]):
            continue  # a name in what would be dropped says more than an aside ("... in a band in Hebden Bridge")
        tried += 1
        if tried > _MAX_TRAILING_CUTS:
            break
        if found := _sentence_candidates(" ".join(words[:k]).rstrip(","), discourse):
            return found
    return []


# The last reading of a sentence that states nothing the rules read: an event by its name and the day it is on,
# wherever they are said in it ("mam's got her cataract op on the 3rd of october up the royal glamorgan", "British
# Gas are coming to service the boiler Wednesday the 9th"), read again as "<whose> <event> is <when>".
_EVENT_NAMED = re.compile(
    r"(?<!')\b(?P<ev>(?:(?!(?:my|his|her|their|our|the|a|an|its|your|i|am|we|is|are|has|have|got|for|at|in|on|to|and|with|of|"
    rf"booked|coming|going|this|next|that)\b)[a-z\-]+ ){{0,2}}?(?:{EVENT}|{PRO}|{SHARED_EVENT}|op|jabs?|booster))"
    r"(?:(?<=vet)s)?\b",  # ("at the vets": the vet)
    re.I,
)
_A_DAY = re.compile(
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\btomorrow\b|\btonight\b|\d|\b(?:first|second|third|fourth|"
    r"fifth|sixth|seventh|eighth|ninth|tenth|[a-z]+teenth|twentieth|thirtieth|twenty-\w+|thirty-first)\b|"
    r"\bevery\b|\bweekly\b|\bfortnightly\b|\bmonthly\b",
    re.I,
)
_NOT_AHEAD = re.compile(
    r"\b(?:was|were|had|went|did|yesterday|last|ago|used to|not|never|no|no longer|cancelled|canceled|called off|"
    r"missed|might|maybe|perhaps|hope|hoping|should|could|would|if|whether|unless|you|your|moved|changed|"
    r"rescheduled|postponed|today|tonight|this (?:morning|afternoon|evening)|"
    # a change passed on ("the hospital rang, Gran's appointment is now the 2nd") is read against what is stored
    r"now|rang|rung|called|emailed|texted|messaged|shifted|switched|put back|pushed|brought forward|rebooked|"
    r"re-booked|instead|moving|moves|changing)\b|\?",
    re.I,
)
_NOT_ATTENDED = {"match", "game", "race", "gig", "concert", "play", "train", "bus", "film", "show", "dinner", "party"}
_WHOSE = re.compile(
    rf"^(?:(?P<my>my|our) (?P<rel>{REL})\b|(?:the|our|my) (?P<pet>{PET})(?:'s| has| is)|(?P<kin>{REL})(?:'s| has|"
    rf" is)|(?P<name>(?-i:[A-Z])[\w\-]+)(?:'s| has| is|"
    rf" got| goes| does| takes| attends)\b)",
    re.I,
)
# "coming to service the boiler": the upkeep of a thing of the house, said by what is done to it
_UPKEEP_DONE = re.compile(
    r"\b(?P<verb>service|servicing|fix|fixing|repair|repairing|sweep|sweeping)\s+(?:the|our)\s+"
    r"(?P<thing>(?:[a-z]+ )?(?:boiler|chimney|car|van|washing machine|dishwasher|oven|roof|gutters|windows|heating|"
    r"fridge|freezer|shower|aga))\b",
    re.I,
)
_DONE_AS_EVENT = {"servic": "service", "fix": "repair", "repair": "repair", "sweep": "sweep"}


def _timed_event(sentence: str, discourse: Discourse) -> list[Candidate]:
    if not (_A_DAY.search(sentence) and (_EVENT_NAMED.search(sentence) or _UPKEEP_DONE.search(sentence))):
        return []  # most sentences name no day, or no event: nothing to prepare
    if _NOT_AHEAD.search(sentence) and not corrects_itself(sentence):
        return []  # ("friday, no, saturday" is no denial)
    prepared = _prepare(restore_apostrophes(sentence))
    if prepared is None:
        return []
    s = prepared[0].strip().rstrip(".!")
    if _lowercase_input(s):
        s = truecase(s)[0]
    if _NOT_AHEAD.search(s) or _REPORTED.search(s) or _QUESTION_START.match(s):
        return []
    spans = [(a, b) for a, b in time_spans(s) if _A_DAY.search(s[a:b])]
    if not spans:
        return []
    start, end = spans[0]
    if re.fullmatch(r"\d{1,2}", s[start:end].strip(" ,")):
        return []  # "arjun is in class 6 at DPS": a year at school, no time
    if _JOB_NEWS.search(s[:start]):
        return []  # "im at cae since monday", "joined Dialog ..., finished at the academy on Friday": a job's days
    for a, b in spans[1:]:  # "Wednesdays at half five and Saturday mornings": one time, said in parts
        if not re.fullmatch(r"\s*(?:,|and|,? and|or)\s*", s[end:a]):
            break
        end = b
    named = [
        m
        for m in _EVENT_NAMED.finditer(s)
        if (m.end() <= spans[0][0] or m.start() >= spans[0][1])
        and m.group("ev").split()[-1].lower() not in _NOT_ATTENDED
    ]
    # the event said before its time, what happens before who it is with ("the booster jab at the vet"), else the
    # first said after it
    before = [m for m in named if m.end() <= spans[0][0]]
    what = [m for m in before if not re.fullmatch(PRO, m.group("ev").split()[-1], re.I)]
    event = next(iter(what or before or named), None)
    upkeep = _UPKEEP_DONE.search(s)
    if upkeep:
        verb = upkeep.group("verb").lower()
        ev = f"{upkeep.group('thing').lower()} {next(v for k, v in _DONE_AS_EVENT.items() if verb.startswith(k))}"
    elif event is not None:
        # "a hospital appointment", "the booster jab", "my mri scan": the words of it said side by side, one event
        start_at = next((m.start() for m in named if m.end() + 1 == event.start()), event.start())
        end_at = next((m.end() for m in named if m.start() == event.end() + 1), event.end())
        ev = re.sub(r"\bvets$", "vet", s[start_at:end_at].lower())
        if ev == "meeting" and (whom := re.match(r" ((?-i:[A-Z])[a-z]+)\b", s[end_at:])):
            ev = f"meeting with {whom.group(1)}"  # "I'm meeting Joy at 7 on Saturday": whom
    else:
        return []
    owner = _whose_event(s, ev, shared=bool(upkeep))
    when = re.sub(r"^on ", "", s[start:end].strip(" ,"), flags=re.I)
    return [replace(c, source=sentence.strip()) for c in _sentence_candidates(f"{owner} {ev} is {when}", discourse)]


# Work begun or ended on a day, said before the day: no event of that day
_JOB_NEWS = re.compile(
    r"\b(?:since|new job|joined|left|quit|resigned|(?:finished|started|starting) (?:at|with|in)\b[^,.]*|"
    r"(?:last|first) day (?:at|with)\b[^,.]*)\s*$",
    re.I,
)
_TAKEN_IN = re.compile(
    r"\b(?:booked|booking|taking|take|bringing|dropping) (?P<name>(?-i:[A-Z])[\w\-]+) (?:in(?:to)?\b|to (?:the|see)\b)",
    re.I,
)


def _whose_event(s: str, ev: str, shared: bool) -> str:
    """Whose the event is, as said before it: "Kai's", "my mum's", "our dog's", "our" (the household's), "my"."""
    whose = _WHOSE.match(s)
    if whose and whose.group("rel"):
        return f"{whose.group('my').lower()} {whose.group('rel').lower()}'s"
    if whose and whose.group("pet"):
        return f"our {whose.group('pet').lower()}'s"  # "the dog's got the vet on Monday": the household's dog
    if whose and whose.group("kin"):
        return f"my {whose.group('kin').lower()}'s"
    if whose and whose.group("name") and whose.group("name").lower() not in ("i", "we", "it", "there"):
        return f"{whose.group('name')}'s"
    if (taken := _TAKEN_IN.search(s)) and taken.group("name").lower() not in _NOT_NAMES:
        return f"{taken.group('name')}'s"  # "I've booked Mungo in at the vets", "we're taking Duke to the vet"
    whom = re.search(rf"\b{re.escape(ev)}s? for ((?-i:[A-Z])[a-z]+)\b", s, re.I) or re.search(
        # "dentist for jack on the ninth": a name that is a word too, as a recogniser writes it, before when
        rf"\b{re.escape(ev)}s? for ((?-i:[a-z]+)(?<!ing)(?<!s))(?= (?:on|at|this|next|tomorrow|today|{WEEKDAY})\b)",
        s,
        re.I,
    )
    if whom and whom.group(1).lower() not in _NOT_NAMES and not is_function_word(whom.group(1).lower()):
        return f"{whom.group(1)[:1].upper()}{whom.group(1)[1:]}'s"  # "the vet for milo is on the 18th"
    if shared or re.match(r"(?:we|our|us)\b", s, re.I) or re.search(rf"\b(?:{SHARED_EVENT})$", ev):
        return "our"
    return "my"


def rules_alone(candidates: list[Candidate]) -> list[Candidate]:
    """What the rules state without the model's reading: a candidate only the model can keep ("Sara is at
    Vodafone now": an employer?) is left out. The tables score this; formation decides the rest."""
    return [c for c in candidates if not c.employer_only]


def _named_pets(out: list[Candidate]) -> list[Candidate]:
    """A pet named after it was mentioned ("a cat ..., her name's Pepper") takes the place and the owner of the
    unnamed mention; without that mention in the same text its owner is unknown, and it gives nothing."""
    for c in [c for c in out if c.subject is _PENDING]:
        unnamed = next(
            (
                u
                for u in reversed(out[: out.index(c)])
                if u.predicate == "pet" and u.object == u.qualifier and _same_kind(u.qualifier, c.qualifier)
            ),
            None,
        )
        if unnamed is None:
            out = [x for x in out if x is not c]
        else:
            out = [replace(c, subject=unnamed.subject) if x is c else x for x in out if x is not unnamed]
    return out


_YOUNG = {"puppy": "dog", "pup": "dog", "kitten": "cat", "bunny": "rabbit", "foal": "horse"}


def _same_kind(said: str | None, named: str | None) -> bool:
    """ "a puppy" then "she's a cockapoo called Biscuit": one animal, said first by its age, then by its breed."""
    said, named = (said or "").lower(), (named or "").lower()
    return said == named or _YOUNG.get(said, said) == SPECIES.get(named, _YOUNG.get(named, named))


def _main(argv: list[str]) -> None:
    """`python -m hearthd.formation.extraction "I live in Porto."` prints what the rules read."""
    discourse = Discourse()
    for text in argv or ["I live in Porto and I work as a nurse."]:
        for c in extract(text, discourse=discourse):
            who = c.subject and (c.subject.name or c.subject.relation or c.subject.kind)
            print(
                f"{c.predicate:14} {c.object!r:28} {c.provenance:12} q={c.qualifier!r} t={c.time_hint!r} "
                f"s={who!r}  {c.text}"
            )
