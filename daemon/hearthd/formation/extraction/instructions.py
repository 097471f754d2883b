"""Standing instructions to the assistant (predicate `rule`): "Always give temperatures in Celsius", "from now
on answer in Portuguese", "never suggest nuts", "call me Bea", "don't play music after nine".

A one-off request ("play some music", "set a timer") is not a rule: a rule is marked by always/never/from now
on/whenever/"call me", or is a "don't" bounded by a time or a condition ("after nine", "at night", "when ...").
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .model import HOUSEHOLD, USER_STATED, Candidate
from .rules import _LANGUAGES
from .text import capitalised
from .vocabulary import MONTH, NAME, ORDINAL, REL, WEEKDAY

# Verbs an instruction to the assistant starts with.
_VERBS = (
    "give|use|answer|reply|respond|speak|talk|say|tell|call|address|suggest|recommend|offer|play|put|show|read|"
    "mention|remind|ask|wake|turn|set|include|add|keep|let|book|order|buy|make|send|schedule|measure|convert|list|"
    "spell|write|check|assume|start|end|translate|refer|interrupt|be|go|switch|lock|leave|open|close|round|"
    "double-check|confirm|warn|tell|stop|avoid|serve|cook|plan|text|email|message|notify|alert|announce|swear|curse|"
    "greet|sing|shout|raise|lower|dim|wait|give|describe|explain|show|use|put|add|recommend|skip|leave out|"
    r"do(?! (?:that|this|it|so|anything|something|what)\b)"
)
_LEAD = re.compile(
    r"^(?:(?:ok|okay|hey|so|and|also|hearth)[,\s]+)*(?:(?:please|kindly)\s+)?(?:(?:I want you to|I would like you to|"
    r"I need you to|you should|you must|make sure (?:that )?you|remember to|can you)\s+)?(?:(?:please|kindly)\s+)?",
    re.I,
)
_FROM_NOW = re.compile(
    r"^(?:from now on|going forward|in (?:the )?future|from today|as a rule|as a general rule)[,\s]+(?:please\s+)?",
    re.I,
)
_ALWAYS = re.compile(
    rf"^(?P<adv>always|never|do not ever|do not|never ever|only ever|only)\s+(?:(?:please|ever|just)\s+)?"
    rf"(?P<verb>{_VERBS})\b",
    re.I,
)
_IMPERATIVE = re.compile(rf"^(?P<verb>{_VERBS})\b", re.I)
# "when I ask for the news keep it short": a plain "when" with a present-tense condition of the speaker's, the
# comma optional; not a one-off ("when you're done, turn off the lights", "when I get back remind me").
_WHEN = re.compile(r"^(?:when|whenever|every time|each time|any time|if)\s+(?P<body>.+)$", re.I)
_WHEN_SUBJECT = re.compile(
    rf"^(?:I|we|the kids|the children|anyone|someone|somebody|people|{NAME}|you (?:tell|give|read|say|show)|"
    rf"(?:(?:my|our) )?(?:{REL}))\b",
    re.I,
)
_TO_YOU_THEN = re.compile(
    rf"^(?P<c>.+? (?:talks to you|speaks to you|is talking to you|uses you|is using you|asks you(?: (?:anything|"
    rf"something|stuff|things))?)) (?=(?:{_VERBS})\b)",
    re.I,
)
# "when Dadi talks to you, answer her in Hindi": the one spoken to, when they speak to the assistant at all
_SPEAKS_TO_YOU = re.compile(
    rf"^(?P<who>(?:(?:my|our) )?(?:{REL})|{NAME})(?: talks to you| speaks to you|(?:'s| is) talking to you| uses you|"
    r"(?:'s| is) using you| asks(?: you)?(?: (?:anything|something|stuff|things))?)$",
    re.I,
)
# Units one can ask for, every time
_UNITS = (
    r"metric|imperial|celsius|centigrade|fahrenheit|british english|american english|british spelling|"
    r"american spelling|uk english|us english|miles|kilometres|kilometers|km|kilos|kilograms|pounds|stone|grams|"
    r"ounces|cups|litres|liters|pints|feet|metres|meters|"
    # money and speed: "prices in rand", "the wind in kilometres an hour"
    r"rand|rands|naira|shillings|cedis|rupees|pesos|euros|dollars|kwacha|ringgit|"
    r"kilometres an hour|kilometers an hour|km/h|kph|miles an hour|mph"
)
# Spoken forms of a standing instruction: "keep it short with me", "every sunday evening remind me to ...".
_SPOKEN: list[tuple[re.Pattern, Any]] = [
    (re.compile(p, re.I), r)
    for p, r in [
        (r"^keep it (short|brief|simple) (?:with|for) me(?:,.*)?$", r"always keep answers \1"),
        # "keep your answers short, always": the always said last
        (rf"^(?P<b>(?:{_VERBS})\b.+?),? always$", lambda m: f"always {m.group('b')[:1].lower()}{m.group('b')[1:]}"),
        # "Temperatures in Fahrenheit please, always": what to give, in what unit
        (
            r"^(?:(?:from now on|going forward|in future),? )?(?P<w>temperatures?|weights?|distances?|measurements?|"
            r"recipes?|times?|dates?|prices?|quantities|"
            r"heights?|speeds?|units?)(?P<u> in [\w\- ]+?)(?:,? please)?(?:,? (?:not|rather than|instead of) \w+)?"
            r"(?:,? please)?(?:,? always)?$",
            lambda m: f"always give {m.group('w').lower()}{m.group('u')}",
        ),
        # "give me distances in kilometres not miles ok": every distance, not one (said once without the unit it
        # is not, "give me temperatures in Celsius please" may be for now: suggested when it is said again)
        (
            r"^(?:please )?(?:give|tell|show) me (?P<w>temperatures|weights|distances|measurements|heights|speeds|"
            r"prices|quantities)(?P<u> in [\w\- ]+?),? (?:not|rather than|instead of) \w+"
            r"(?:,? (?:ok|okay|yeah|please|thanks|always))*$",
            lambda m: f"always give {m.group('w').lower()}{m.group('u')}",
        ),
        # "no beef or pork recipes ever we don't eat it in this house": what not to suggest
        (
            r"^no (?P<x>[a-z]+(?: (?:or|and) [a-z]+)?) recipes(?:,? (?:please|ever|at all))*"
            r"(?:,? (?:we|I) (?:don't|do not|dont) (?:eat|touch) (?:it|them|that)(?: in this house| here)?)?$",
            lambda m: f"never suggest {m.group('x')} recipes",
        ),
        # "the kids are not allowed youtube after eight": what the household keeps from them
        (
            r"^(?P<w>the kids|the children|the boys|the girls) (?:are|is) not allowed (?:to (?:watch|have|use|play) )?"
            r"(?P<x>[a-z][\w ]+?)(?:,? so (?:don't|do not|dont) .*)?$",
            lambda m: f"do not let {m.group('w')} have {m.group('x')}",
        ),
        # "When Mia asks for a bedtime story, keep it under five minutes": how to answer one of the house, every time
        (
            r"^(?:if|when|whenever) (?!(?:I|we|you|me)\b)(?P<who>[a-z]+) asks? (?:me |you )?(?:for|fi) "
            r"(?:an? |some |any )?(?P<x>[a-z]+(?: [a-z]+)?),? keep (?:it|them) (?P<how>under [\w ]+|short|brief)$",
            lambda m: f"always keep {m.group('who')}'s {re.sub(r'y$', 'ie', m.group('x'))}s {m.group('how')}",
        ),
        # "call me loli not dolores only my abuela calls me dolores", "dont call me maam call me wenna short for
        # morwenna", "Please call me Mama Atieno, not by my first name": how to be called, and who else says what
        (
            r"^(?P<c>.*\bcall me [\w']+(?: [\w']+)?,? not [\w']+),? (?:only|just) my [a-z]+ (?:still )?calls? me "
            r"[\w']+$|^(?P<d>.*\bcall me [\w' ]+?)(?:,? short for [\w']+|,? not by my (?:first|real|full|given) name|"
            r",? (?:everybody|everyone|everyone else) (?:calls|call) me [\w']+)$",
            lambda m: m.group("c") or m.group("d"),
        ),
        # "don't be calling me patricia everybody calls me trish": what not to call one, and what to
        (
            r"^(?:do not|don't|dont) be calling me (?P<no>[\w']+),? (?:everybody|everyone|everyone else|people) "
            r"(?:calls|call) me (?P<yes>[\w']+)$",
            r"do not call me \g<no>, call me \g<yes>",
        ),
        # "remind me in hindi only na my english reading is weak": the language of reminders
        (
            r"^(?:please )?remind me in (?P<l>[a-z]+)(?: only)?\b.*$",
            lambda m: (
                f"always give reminders in {m.group('l').capitalize()}"
                if m.group("l").lower() in _LANGUAGES
                else m.group()
            ),
        ),
        # "When you tell me prices, use meticais, not dollars", "anytime you tell me price put am for naira no be
        # dollar": the unit of every price
        (
            r"^(?:when|whenever|anytime|any time|every time) you (?:tell|give) (?:me|us) (?:the )?(?P<w>prices?|"
            r"distances?|temperatures?|weights?),? (?:use|put (?:am|it|them) (?:for|in)|in) (?P<u>[a-z]+)"
            r"(?:,? (?:not|no be|rather than|instead of) (?P<n>[a-z]+))?$",
            lambda m: (
                f"always give {m.group('w').rstrip('s')}s in {m.group('u')}"
                + (f", not {m.group('n')}" if m.group("n") else "")
            ),
        ),
        # "use kilometres for everything distance wise yeah"
        (
            rf"^(?:please )?use (?P<u>{_UNITS}) for everything,? (?P<w>distance|temperature|weight|measurement)"
            r"[\- ]?wise(?:,? (?:ok|okay|yeah|please|thanks))*$",
            lambda m: f"always use {m.group('u')} for {m.group('w').lower()}s",
        ),
        # "morning announcements should be in Spanish (so the kids get some practice)": how they are given
        (
            r"^(?P<w>(?:(?:the |my |our |all )?(?:morning |evening |bedtime |school )?(?:announcements|answers|replies|"
            r"reminders|recipes|temperatures|distances|weights|measurements|times|alarms|the news|the weather|"
            r"forecasts|briefings)))\s+should (?:always )?be (?P<u>in [\w\- ]+?)(?:,? please)?"
            r"(?:,? (?:so|because|as)\b.*)?$",
            lambda m: f"always give {m.group('w').lower()} {m.group('u')}",
        ),
        # "remind me to take my tablets every night at ten": a reminder that repeats is kept
        (
            rf"^remind me (?P<r>(?:to|about) .+?) (?P<f>every (?:single )?(?:day|morning|evening|night|week|"
            rf"weekday|{WEEKDAY})(?: (?:at|before|after) [\w: ]+)?)$",
            r"always remind me \g<f> \g<r>",
        ),
        # "Remind me about the bins the night before, not the morning of", "remind me about birthdays a week before":
        # when every reminder of a kind comes
        (
            r"^(?:please )?remind (?:me|us) (?P<r>(?:about|of) .+?) "
            r"(?P<f>(?:a|one|two|three|\d+) (?:days?|weeks?|hours?) (?:before|ahead|in advance|beforehand)|"
            r"the (?:night|day|evening|morning) before)"
            r"(?:,? (?:not|rather than|instead of) .+?)?(?:,? please)?$",
            r"always remind me \g<r> \g<f>",
        ),
        (r"\btwenty[ \-]four[ \-]hour\b", "24-hour"),
        (r"\btwelve[ \-]hour\b", "12-hour"),
        (
            rf"^(?P<f>every (?:other )?(?:(?:{WEEKDAY}|week|school|work) )?(?:day|morning|evening|night|week|"
            rf"weekday|{WEEKDAY})),? remind me (?P<r>to .+)$",
            r"always remind me \g<f> \g<r>",
        ),
    ]
]
_ONE_OFF_COND = re.compile(
    r"\b(?:was|were|did|had|done|ready|finished|back|free|there|arrive|arrives|tomorrow|tonight|later|next|home|"
    r"wakes|wake|leaves|leave|calls|rings|phones)\b"
    r"|\b\w+ed\b",
    re.I,
)
_PRONOUNS = {"i", "we", "you", "they", "he", "she", "it", "to", "the", "a", "an", "my", "our", "me"}
_ASKS_VERBS = {"ask", "asks", "want", "wants", "need", "needs"}
# "if Lily asks for more screen time": whenever she does
_ASKS = re.compile(
    rf"^(?:the kids|the children|the boys|the girls|(?:my|our) (?:{REL})|I|we|he|she|they|anyone|"
    r"anybody|someone|(?-i:[A-Z])[a-z]+|[a-z]+(?= asks\b))(?: ever)? (?:asks?|wants?) (?:for|about|to|if|whether)\b",
    re.I,
)
# "when I ask for the news, keep it short" -> "Keep the news short": the "it" is what is asked for.
_ASKED = re.compile(
    r"^(?:I|we) (?:ask|ask you|want|need) (?:for |about |to hear |to hear about |you to read )?(?P<x>.+)$"
    r"|^you (?:give|tell|read) (?:me|us) (?P<y>.+)$",
    re.I,
)
_BOUND = re.compile(
    rf"\b(?:after|before|past)\s+(?:half |quarter (?:past|to) )?(?:\d{{1,2}}(?:[:.]\d{{2}})?(?:am|pm)?|one|two|three|"
    rf"four|five|six|seven|"
    rf"eight|nine|ten|eleven|twelve|"
    rf"midnight|noon|dinner|bedtime|lunch|dark)\b|\b(?:at night|in the (?:morning|evening)s?|at (?:the )?weekends?|"
    rf"between (?:\d{{1,2}}(?:[:.]\d{{2}})?(?:am|pm)?|[a-z]+) and |on (?:weekends|"
    rf"weekdays|weeknights|week nights|school nights|school days|{WEEKDAY}s?)|during (?:the )?\w+|when(?:ever)? \w+|"
    rf"while \w+|unless|"
    # "no christmas music before the first of december": a date each year
    rf"(?:before|until|till|after) (?:the )?(?:(?:\d{{1,2}}(?:st|nd|rd|th)?|{ORDINAL})(?: of)? )?{MONTH}|"
    # "don't order anything without checking with me first": a condition every time
    rf"without (?:checking|asking|telling|running it)(?: (?:with|by) \w+)?(?: first)?)\b",
    re.I,
)
# A bound that recurs makes a plain imperative standing: "in the mornings", "on weekdays", "every evening".
_HABITUAL = re.compile(
    rf"\b(?:in the (?:mornings|evenings|afternoons)|at weekends|on (?:weekends|weekdays|school nights|{WEEKDAY}s)|"
    rf"every (?:single )?(?:morning|evening|night|day|weekday|time|{WEEKDAY}))\b",
    re.I,
)
# The verbs of how the assistant speaks and suggests (a reminder or an alarm "every morning" is a one-off request
# to set up, not a rule).
_MANNER = re.compile(
    r"^(?:keep|give|use|answer|reply|respond|speak|talk|say|call|address|suggest|recommend|offer|read|mention|"
    r"include|spell|write|round|describe|explain|greet|be|avoid|skip|play)\b",
    re.I,
)
_CALL_ME = re.compile(
    # ("don't use my full name, just call me Bea": the name not to use, said first)
    rf"^(?:(?:you can|can you|could you|will you|would you|please|from now on|always|just|"
    rf"(?:do not|don't|dont) (?:use|say) my (?:full |real |proper |first |given |whole |long )?name|"
    rf"(?:I would|I'd|id) (?:prefer|like|rather)(?: it if| that)?(?: you)?|I prefer(?: you| it if you)?)[,\s]+)*"
    rf"call(?:ed)? me\s+"
    # ("call me nana not grandma": what a grandparent is called, said in lower case)
    rf"(?P<name>{NAME}|(?i:{REL})\b)(?:[,\s]+not\s+(?:{NAME}|(?i:{REL})\b))?"
    # ("call me nan not grandma my lover everyone does": whom it is said to)
    r"(?:[,\s]+(?:please|from now on|instead|if you (?:do not|don't) mind|my lover|my love|me duck|love|pet|mate))*"
    # "you can call me doc everyone at the surgery does", "nobody uses Olubunmi": who else calls them so
    r"(?:,?\s+(?:everyone|everybody|nobody|no one|all my|my (?:friends|family|mates)|the kids|the children|the whole|"
    # ("can you call me Sandy from now on?": asked, a standing instruction)
    r"the grandkids|that is|that's|thats)\b.*)?\s*[.!?]*$",
    re.I,
)
# "call my husband Jonno, not Jonathan": how to name someone of theirs, and who that is
_CALL_MY = re.compile(
    rf"^(?:(?:please|always|just)[,\s]+)*(?P<verb>call|refer to|address|speak to|talk to) my (?P<rel>{REL}) "
    rf"(?P<as>as )?(?P<name>{NAME}(?: (?-i:[A-Z])[\w\-]*| ji| jee| sahib)?|(?P<kin>{REL})\b)"
    rf"(?: ['\"\u2018\u201c](?P<nick>[\w\- ]+)['\"\u2019\u201d])?"
    rf"(?:[,\s]+not\s+{NAME})?"
    r"(?: when (?:you (?:talk|speak) to|you greet|talking to|speaking to) (?:him|her|them))?"
    r"(?:[,\s]+(?:please|from now on|instead))*"
    # "..., never by his first name, it's a respect thing": a reason or a bound after it
    r"(?:,?\s+(?:never|not|that is|that's|thats|it is|it's|its|he|she|they|everyone|everybody|the kids|we)\b.*)?"
    r"\s*[.!]*$",
    re.I,
)
_TAIL_SPLIT = re.compile(
    r"\s*(?:,\s*|\s+[\-\u2013\u2014]\s+|\s+(?=because\b|since\b|as\b(?! well)|so\b|even (?:if|when|though)\b)"
    r"|\s+please\s+(?=(?:I|we|it|that|you)\b))",  # "keep your answers short please i don't need an essay"
    re.I,
)
_NOT_AFTER_VERB = re.compile(r"^(?:mind|ever)\b", re.I)


_MODALS = frozenset("can could will would shall should may might must".split())


def first_to_subject(text: str) -> str:
    text = re.sub(r"\bI am\b", "{subject} is", text)
    # "unless I actually ask": the adverb stays as it is, the verb after it agrees
    text = re.sub(
        r"\bI ((?:\w+ly |always |never |just |still |often |even )?)(\w+)\b",
        lambda m: "{subject} " + m.group(1) + _s(m.group(2)),
        text,
    )
    text = re.sub(r"\b(?:me|us)\b", "{subject}", text, flags=re.I)
    return re.sub(r"\b(?:my|our)\b", "{subject}'s", text, flags=re.I)


def _s(verb: str) -> str:
    low = verb.lower()
    if low in _MODALS:
        return low  # "I could not care less": "{subject} could not"
    if low in ("have",):
        return "has"
    if low in ("do", "go"):
        return low + "es"
    if low.endswith(("s", "sh", "ch", "x")):
        return low + "es"
    return low + "s"


def _finish(body: str) -> str:
    body = re.sub(r"\s+", " ", body).strip(" ,.!-\u2013\u2014")  # (a dash before what is said of why)
    body = re.sub(r",?\s+please\s+(?=never|not|no)\b", ", ", body, flags=re.I)  # "in celsius please never fahrenheit"
    body = re.sub(r"[,\s]+(?:please|thanks|thank you|ok|okay|ta|cheers|yeah)$", "", body, flags=re.I)
    return body[:1].upper() + body[1:]


def _rule(body: str, sentence: str) -> Candidate | None:
    body, _ = _unpunctuated_tail(body)  # "skip the sport i could not care less about it": the reason is no rule
    obj = _finish(first_to_subject(body))
    words = obj.split()
    if (
        len(words) < 2
        or len(words) > 20
        or len(obj) > 160
        or re.search(r"[{}](?!subject)", obj.replace("{subject}", ""))
    ):
        return None
    obj = _unit_form(obj)
    # "don't play any music after nine": what is not to be played, as a house rule is said
    obj = re.sub(r"^(?:Do not|Never) play (?:any )?(?=(?:[\w\-']+ )?music\b)", "No ", obj)
    # how one is to be called is one instruction at a time: "call me Kate", then "Katie please" replaces it
    address = "address" if obj.startswith("Call {subject} ") else None
    c = Candidate("rule", obj, obj + ".", USER_STATED, qualifier=address, source=sentence)
    # the house's, when it keeps the children or the baby, or the house itself ("when the kids ask for help with
    # homework ...", "no music after nine, the baby's asleep")
    # (not what is the speaker's own: "don't read my messages out loud when the kids are around")
    # (a "No ..." of the house unless it is said to be the speaker's own: "don't play Christmas music before
    # December, it drives me up the wall")
    own = obj.startswith("No ") and _MINE.search(sentence)
    # (nor what is given the speaker: "always give me temperatures in fahrenheit even if the kids want celsius")
    given_me = re.search(r"\b(?:give|tell|read|show|send) me\b", sentence, re.I)
    if (
        not address
        and "{subject}" not in obj
        and (obj.startswith("No ") and not own or _OF_THE_HOUSE.search(sentence) and not given_me)
    ):
        c = replace(c, subject=HOUSEHOLD)
    return c


_MINE = re.compile(r"\b(?:me|my|I|I'm|im|I've|ive)\b")
_OF_THE_HOUSE = re.compile(r"\b(?:the|our) (?:kids|children|baby|babys|baby's|little ones)\b|\bthis house\b", re.I)


def _split_when(s: str) -> tuple[str, str] | None:
    """(condition, instruction) of "when(ever) <condition>[,] <instruction>", or None."""
    m = _WHEN.match(s)
    if not m:
        return None
    first = s.split(" ", 1)[0].lower()
    plain = first in ("when", "if")
    # "when you read the news can you skip the sport": the request put as a question is the instruction
    body = re.sub(
        rf"(?:,\s*|\s)(?:can|could|would|will) you (?:please )?(?=(?:{_VERBS})\b)",
        ", ",
        m.group("body"),
        count=1,
        flags=re.I,
    )
    body = re.sub(
        r"(?:,\s*|\s)the answer is (no|yes)\b", r", say \1", body, count=1, flags=re.I
    )  # "... the answer is no"
    if "," in body:
        cond, rest = (p.strip() for p in body.split(",", 1))
    else:
        words = body.split()
        at = next(
            (
                i
                for i in range(2, len(words))
                if words[i - 1].lower() not in _PRONOUNS
                and not (i == 2 and words[i].lower() in _ASKS_VERBS)  # "when the kids ask about ...": their verb
                and (_IMPERATIVE.match(words[i]) or _ALWAYS.match(" ".join(words[i:])))
            ),
            None,
        )
        if at is None and (to := _TO_YOU_THEN.match(body)):
            at = len(to.group("c").split())  # "when my grandmother talks to you call her lola"
        if at is None:
            return None
        cond, rest = " ".join(words[:at]), " ".join(words[at:])
    cond = re.sub(r"\s+just$", "", cond, flags=re.I)  # "if oscar asks for sweets just say no"
    if plain and (not _WHEN_SUBJECT.match(cond) or _ONE_OFF_COND.search(cond) or re.match(r"remind\b", rest, re.I)):
        return None
    if first == "if" and not _ALWAYS.match(rest) and not _ASKS.match(cond):
        return None  # "if X, always Y" is standing, as is what to do if a child asks; any other "if" is of the moment
    return cond, rest


# what ends the instruction of a "when" rule: "... even if they beg", "... — her English isn't great"
_CONCEDED = r",?\s+(?:even (?:if|when|though)|no matter)\b"  # "... even if they ask nicely": no part of the rule
_CONCESSION = re.compile(_CONCEDED, re.I)
_WHEN_RULE_ENDS = re.compile(_CONCEDED + r"|\s+[\-\u2013\u2014]\s+", re.I)


def _when_rule(cond: str, rest: str) -> str | None:
    rest = _WHEN_RULE_ENDS.split(rest, maxsplit=1)[0]
    # "when you read me the news please do it in cantonese not english": what is read, and how
    asked = _ASKED.match(cond)
    done = re.match(
        r"(?:please )?do (?:it|that|them) (?P<how>in [\w\- ]+?)(?:,? (?:not|rather than|instead of) \w+)?"
        r"(?:,? please)?$",
        rest.strip(),
        re.I,
    )
    if asked and asked.group("y") and done and (you := re.match(r"you (\w+)", cond, re.I)):
        verb = you.group(1).lower()
        what = re.sub(r",?\s+please$", "", asked.group("y").strip(), flags=re.I)
        return f"{verb.capitalize()} {what} {done.group('how')}"
    inner = _normal_form_core(rest, True)
    if not inner:
        return None
    if to := _SPEAKS_TO_YOU.match(cond):
        # "when Dadi talks to you, answer her in Hindi": "Answer Dadi in Hindi"; "when gran asks you something
        # speak slowly": "Speak slowly to gran"
        who = to.group("who")
        inner = re.sub(r"\s+if (?:you can|possible)$", "", inner.rstrip(" ,"), flags=re.I)
        if re.search(r"\b(?:her|him)\b", inner, re.I):
            return re.sub(r"\b(?:her|him)\b", who, inner, count=1, flags=re.I)
        if re.match(r"(?:speak|talk)\b", inner, re.I):
            return f"{inner} to {who}"
    asked = _ASKED.match(cond)
    if asked and len(re.findall(r"\bit\b", inner, re.I)) == 1:
        return re.sub(r"\bit\b", (asked.group("x") or asked.group("y")).strip(), inner, count=1, flags=re.I)
    if asked and asked.group("y") and not re.search(r"\b(?:it|them)\b", inner, re.I):
        return f"{inner} for {asked.group('y').strip()}"  # "when you tell me times, use the 24-hour clock"
    return f"Whenever {cond}, {inner[:1].lower()}{inner[1:]}"


def _normal_form(s: str) -> str | None:
    """The instruction as a clean imperative, or None when the sentence is not a standing instruction."""
    s = _LEAD.sub("", s.strip())
    standing = False
    m = _FROM_NOW.match(s)
    if m:
        s, standing = s[m.end() :], True
        s = _LEAD.sub("", s)
    w = _split_when(s)
    if w:
        return _when_rule(*w)
    return _normal_form_core(s, standing)


def _normal_form_core(s: str, standing: bool) -> str | None:
    a = _ALWAYS.match(s)
    if a:
        adv = a.group("adv").lower()
        rest = s[a.start("verb") :]
        if _NOT_AFTER_VERB.match(rest):
            return None
        if adv == "do not" and _TOPIC.match(rest):
            standing = True  # "don't go on about calories": a topic kept off, every time
        if adv == "do not" and not (standing or _BOUND.search(rest)):
            return None
        lead = "Always" if adv in ("always", "only ever", "only") else "Never" if adv != "do not" else "Do not"
        return f"{lead} {rest}"
    if standing and _IMPERATIVE.match(s):
        return s
    if _MANNER.match(s) and _HABITUAL.search(s) and not _ONE_OFF_TIME.search(s):
        return s  # "keep your answers short in the mornings": how to speak, at every such time
    if _MANNER.match(s) and _ANSWERS_IN_GENERAL.search(s) and not _ONE_OFF_TIME.search(s):
        return s  # "keep your answers short": how to answer at all, not this once
    if _KEEP_DOWN.match(s) and _BOUND.search(s) and not _ONE_OFF_TIME.search(s):
        # "keep the volume low after 10pm (the baby's asleep)": a limit at every such time, without the reason
        return s[: max(b.end() for b in _BOUND.finditer(s))]
    return None


# What not to talk about is kept off every time: "don't go on about calories", "don't mention the football".
_TOPIC = re.compile(
    r"^(?:go on about|keep on about|bang on about|talk about|mention|bring up|lecture (?:me|us) (?:about|on)|"
    r"comment on|nag (?:me|us) about|ask (?:me|us) about|"
    # "don't suggest anything with nuts in it": what is kept out of every suggestion
    r"(?:suggest|recommend|cook|make|serve|offer|buy|order) (?:anything|any recipes?|recipes|food|dishes|meals|"
    r"snacks|sweets|treats) (?:with|containing|that (?:has|have|contains?))|"
    r"(?:suggest|recommend) (?:pork|beef|meat|fish|shellfish|nuts|peanuts|alcohol|gelatine|dairy|eggs)\b)\b",
    re.I,
)
_KEEP_DOWN = re.compile(
    r"^keep (?:the |your )?(?:volume|music|noise|sound|tv|telly|voice|thermostat|heating|temperature) "
    r"(?:(?:right |really |nice and |well )?"
    r"(?:down|low|quiet)|(?:at|on|below|under) "
    r"[\w ]+?)"
    r"(?= (?:after|before|past|at night|in the|on|during|when|while)\b)",
    re.I,
)
_ANSWERS_IN_GENERAL = re.compile(r"^\w+ (?:your |all your |the )?(?:answers|replies|responses|explanations)\b", re.I)


# "please stop saying good morning sunshine": a habit of the assistant's to drop is a standing "never". Only
# the verbs of how it speaks to people, so "stop playing music" (now) stays a one-off.
_STOP = re.compile(
    r"^(?:please\s+)?(?:can you\s+)?(?:stop|quit)\s+(?P<ger>saying|calling|using|mentioning|suggesting|recommending|"
    r"reminding|asking|telling|greeting|interrupting|swearing|cursing|referring to|addressing|correcting|"
    r"apologi[sz]ing|offering|shouting|whispering|bringing up|talking about)\b(?P<rest>.*)$",
    re.I,
)
_BASE = {"referring to": "refer to", "bringing up": "bring up", "talking about": "talk about"}
_RUN_ON = re.compile(
    r"\s+(?:it is|its|that is|thats|it gets|it annoys|it drives|because|as it|since|please|thanks|thank you|"
    r"right now|for now|for a (?:second|moment|minute)|now)\b.*$",
    re.I,
)
# "keep it short when I ask about the weather": the condition after the instruction.
_TRAILING_WHEN = re.compile(
    r"^(?P<instr>.+?),?\s+(?P<when>when|whenever|every time|each time)\s+(?P<cond>(?:I|we|you (?:tell|give|read|say|"
    rf"show) (?:me|us)|(?:(?:my|our) )?(?:{REL})(?=(?:'s| is) talking |(?: talks| speaks| asks| uses) \w))\S*\s.+)$",
    re.I,
)
# "in this house no music after 9pm on school nights": the household's own rule.
# Said bare, with a standing bound: "no screens after seven on weekdays", "no phones at the table".
_BARE_HOUSE_RULE = re.compile(
    r"^(?P<body>no (?:[a-z\-]+ ){0,2}?[a-z\-]+ (?:after|before|past|at|on|during|in) .+)$", re.I
)
_STANDING_BOUND = re.compile(
    r"\b(?:after|before|past) (?:half |quarter (?:past|to) )?(?:\d{1,2}(?:[:.]\d{2})?(?: ?[ap]m)?|one|two|three|four|"
    r"five|six|seven|eight|nine|ten|eleven|twelve|midnight|dinner|tea|bedtime|dark)\b(?! (?:tonight|today))"
    rf"|\b(?:at night|on (?:weekends|weekdays|school nights|{WEEKDAY}s)|at the (?:table|dinner table)|"
    r"in the (?:mornings|evenings)|first thing|at (?:the )?weekends?)\b",  # "no war news in the mornings"
    re.I,
)
_ONE_OFF_TIME = re.compile(
    r"\b(?:because|cos|as|today|tonight|tomorrow|this (?:evening|morning|afternoon|week|weekend)|yet)\b", re.I
)
_HOUSE_RULE = re.compile(
    r"^(?:in (?:this|our) (?:house|household|home|family)|(?:our|the) house rule is|house rule)[,:]?\s+"
    r"(?:(?:there is|there are|we have|we allow|it is)\s+)?(?P<body>no\s+\w.+)$",
    re.I,
)


def _gerund_base(ger: str) -> str:
    ger = ger.lower()
    if ger in _BASE:
        return _BASE[ger]
    stem = ger[:-3]
    return {"us": "use", "apologis": "apologise", "apologiz": "apologize", "writ": "write"}.get(stem, stem)


def _stop_rule(s: str) -> str | None:
    m = _STOP.match(s)
    if not m:
        return None
    rest = _RUN_ON.sub("", m.group("rest")).strip(" ,")
    if re.match(r"^(?:it|that|this|now)\b", rest, re.I) or (not rest and m.group("ger").lower() != "swearing"):
        return None
    return f"Do not {_gerund_base(m.group('ger'))} {rest}".strip()


# "please don't call me Mrs Lindqvist, just Marisol is fine": how to be addressed, and how not.
_NOT_CALL_ME = re.compile(
    # ("dont call me mrs henry just call me pat", "don't call me ma'am, just Dolores is fine")
    rf"^(?:please\s+)?do not (?:ever )?call me (?P<no>(?:(?:mrs|mr|ms|miss|dr)\.? )?{NAME}(?: {NAME})?|"
    rf"ma'?am|madam|sir|love|darling|dear|sweetheart)(?:[,\s]+(?:just|only)?\s*(?:call me )?"
    rf"(?P<yes>{NAME}|(?<=call me )[a-z]{{2,12}})(?: is fine| will do| is ok| is okay| please)?)?$",
    re.I,
)
# "please use the 24 hour clock", "please use metric": a convention asked for is standing, said once.

# "use miles not kilometres when I'm asking about driving", "always say the time in 24 hour clock for me": a unit
# asked for is one rule however it is put, "Give <what> in <unit>" (the unit it is instead of goes without saying)
_UNIT_WANTED = re.compile(
    rf"\b(?:use|in|into)\s+(?:the\s+)?(?P<unit>(?:{_UNITS})(?:\s+and\s+(?:{_UNITS}))?|"
    r"(?:24|12)-hour(?: clock| time)?)\b",
    re.I,
)
_UNIT_OF = re.compile(
    r"\b(?P<what>how far|driving distances|distances?|driving|temperatures?|the weather|times|the time|"
    r"(?:the baby'?s )?weights?|prices|costs|measurements|heights|speeds)\b",
    re.I,
)
_UNIT_WHAT = {
    "how far": "distances",
    "distance": "distances",
    "driving": "driving distances",
    "temperature": "temperatures",
    "the weather": "temperatures",
    "the time": "times",
    "costs": "prices",
}


def _unit_form(obj: str) -> str:
    if re.match(r"(?:Do not|Never|No|Stop)\b", obj) or re.search(r"\b(?:wind|speeds?)\b", obj, re.I):
        return obj  # what not to do is not the unit to use; (the wind's unit is not a temperature's)
    if re.match(rf"(?:Always )?use (?:the )?(?:{_UNITS}) for [\w' ]+$", obj, re.I):
        return obj  # said so already: "always use Celsius for the weather"
    what = _UNIT_OF.search(obj)
    unit = next(
        (u for u in _UNIT_WANTED.finditer(obj) if not re.search(r"\b(?:not|of|than)\s+$", obj[: u.start()])), None
    )
    if not (what and unit):
        return obj
    w = _UNIT_WHAT.get(what.group("what").lower(), what.group("what").lower())
    if w == "measurements" and re.search(r"\brecipes?\b", obj, re.I):
        w = "recipe measurements"
    u = unit.group("unit").lower()
    if u[0].isdigit():  # "use the 24-hour clock", as the clock is said
        return f"{'Always use' if obj.startswith('Always') else 'Use'} the {u.split()[0]} clock for times"
    return f"{'Always give' if obj.startswith('Always') else 'Give'} {w} in {_unit_written(u)}"


def _unit_written(unit: str) -> str:
    return unit.capitalize() if unit in ("celsius", "fahrenheit") else unit  # a scale is named after its maker


_CONVENTION = re.compile(
    r"^(?:please\s+)?(?:always\s+)?(?P<body>use (?:the )?(?:24[ \-]hour|12[ \-]hour) (?:clock|time)|use "
    rf"(?:{_UNITS})(?: and (?:{_UNITS}))?(?: units| measurements)?)"
    rf"(?P<not>,? (?:rather than|instead of|not|and not) (?:the )?(?:{_UNITS}),?)?"
    r"(?P<what> for (?:all |any )?(?:(?:driving )?distances|weights|(?:the baby'?s )?weight|"
    r"temperatures|measurements|recipes|heights|speeds|the weather|"
    r"cooking|baking|everything|all of it))?"
    rf"(?:,? (?:rather than|instead of|not|and not) (?:the )?(?:{_UNITS}))?"  # "for distances, not kilometres"
    r"(?: with me| for me| always| please| in this house)*"
    r"(?:,? (?:I find|it is|it's|because|as|since|that is|thanks|please|eh|mate|yeah|I am|I'm|im|we are|were)\b.*"
    r"|\s+[\u2013\u2014]\s*.*)?$",  # "use metric — kilos and centimetres — none of this pounds and ounces stuff"
    re.I,
)
# "give me distances in miles not kilometres", "24 hour clock for everything please", "always give me the temperature
# in celsius please never fahrenheit": how measures are given, every time (plural, or "always": not "the distance
# in miles to Leeds", once)
_MEASURE_IN = re.compile(
    r"^(?:please\s+|kindly\s+|(?:can|could|will|would) you\s+)?(?P<always>(?:always|only ever)\s+)?"
    r"(?:(?P<verb>give|tell|read|show|do|"
    r"put)\s+(?:(?:me|us)\s+)?)?"
    r"(?P<all>(?:all|any)\s+)?(?:the\s+)?"
    r"(?P<what>distances|temperatures|weights|times|recipes|measurements|heights|speeds|directions|the weather|"
    r"prices|costs|the wind|wind speeds?|"
    r"(?<=always give me the )temperature|(?<=always give us the )temperature)\s+in\s+(?:the\s+)?"
    rf"(?P<unit>{_UNITS}|24[ \-]hour(?: clock| time)?|12[ \-]hour(?: clock| time)?)(?P<only>\s+only)?"
    r"(?P<now0>\s+from now on)?"  # "give prices in rand from now on not dollars"
    rf"(?:(?:,?\s+please)?,?\s+(?:not|never|rather than|instead of)\s+(?:in\s+)?(?:the\s+)?(?P<not>{_UNITS}))?"
    r"(?:\s+please)?(?P<now>\s+from now on)?(?P<why>[,\s\-\u2013\u2014]+(?:I|I'm|I am|we|we're|we are|it|its|it's|"
    r"because|cos|"
    r"as|since|that)\b.*)?(?:[,\s]+(?:thanks|please|eh|mate|yeah|ta|okay|ok))*$",
    re.I,
)
_UNIT_NOT_UNIT = re.compile(
    rf"^(?P<unit>{_UNITS}),? not (?P<not>{_UNITS}),?(?: please,?)? (?:whenever|when|every time) you (?:give|tell|read) "
    r"(?:me|us) (?P<what>distances|temperatures|weights|prices|measurements|speeds|heights|the weather)$",
    re.I,
)
# "metric please, kilos and centimetres": the system of units, said alone
_BARE_SYSTEM = re.compile(
    r"^(?P<unit>metric|imperial)(?: units| measurements)?(?: please| only| for everything| always)+\b(?:[,\s]+.*)?$",
    re.I,
)
_WHOLE_CLOCK = re.compile(
    r"^(?:please\s+)?(?:use\s+)?(?:the\s+)?(?P<unit>24|12)[ \-]hour(?: clock| time)?\s+for\s+(?:everything|all|"
    r"(?:all\s+)?(?:times|the times))(?:\s+please)?(?:[,\s]+.*)?$",
    re.I,
)
# "don't give the kids the answers to their homework": what not to do for the children is a household rule.
_FOR_THE_KIDS = re.compile(
    r"^(?:please\s+)?do not (?P<body>(?:give|tell|let|show|read|offer|help) (?:the kids|the children|the boys|"
    r"the girls|the twins)\b(?! about\b).+)$",
    re.I,
)


def _address_rule(sentence: str, s: str) -> Candidate | None:
    m = _NOT_CALL_ME.match(s.strip(" .!"))
    if m:
        no = capitalised(m.group("no"))
        yes = m.group("yes") and m.group("yes")[:1].upper() + m.group("yes")[1:]
        return _rule(f"Call me {yes}, not {no}" if yes else f"Do not call me {no}", sentence.strip())
    m = _CONVENTION.match(s.strip(" .!"))
    if m:
        what = m.group("what") or ""
        body = re.sub(r"\b(24|12) hour\b", r"\1-hour", m.group("body"))
        body = re.sub(r"^(use (?:metric|imperial))$", r"\1 units", body, flags=re.I)  # "use metric": its units
        if m.group("not") and not what and re.fullmatch(r"use (?:miles|kilometres|kilometers|km)", body, re.I):
            body += " for distances"  # "use miles not kilometres": a unit of distance, for distances
        elif m.group("not") and not what:  # "use metric not imperial": the unit, and the one it is instead of
            body += ", not " + re.sub(
                r"^,? (?:rather than|instead of|not|and not) (?:the )?", "", m.group("not")
            ).strip(" ,")
        return _rule(body + ("" if what in (" for everything", " for all of it") else what), sentence.strip())
    # standing when said so ("always", "from now on"), against the other unit or with why; a bare "give me
    # temperatures in Celsius" is a preference, suggested as a rule once repeated
    if m := _UNIT_NOT_UNIT.match(s.strip(" .!")):
        # "Kilometres, not miles, please, whenever you give me distances"
        what, unit, no = (m.group(g).lower() for g in ("what", "unit", "not"))
        return _rule(f"Give {what} in {unit}, not {no}", sentence.strip())
    m = _MEASURE_IN.match(s.strip(" .!"))
    if m and any(m.group(g) for g in ("always", "all", "only", "not", "now", "now0", "why")):
        what = "temperatures" if m.group("what").lower() == "temperature" else m.group("what").lower()
        unit = re.sub(r"^(24|12)[ \-]hour(?: clock| time)?$", r"the \1-hour clock", m.group("unit").lower())
        unit = _unit_written(unit)
        no = m.group("not") and _unit_written(m.group("not").lower())
        verb = (m.group("verb") or "give").lower()  # as said: "always do measurements in metric"
        lead = f"Always {verb}" if m.group("always") or m.group("all") or m.group("only") else verb.capitalize()
        return _rule(f"{lead} {what} in {unit}" + (f", not {no}" if no else ""), sentence.strip())
    if m := _BARE_SYSTEM.match(s.strip(" .!")):
        return _rule(f"Use {m.group('unit').lower()}", sentence.strip())
    if m := _WHOLE_CLOCK.match(s.strip(" .!")):
        return _rule(f"Use the {m.group('unit')}-hour clock", sentence.strip())
    m = _FOR_THE_KIDS.match(s.strip(" .!"))
    if m and not _ONE_OFF_TIME.search(m.group("body")):
        body = re.sub(r"\s+(?:just|instead|but)\s+(?=help|let|ask|show|explain)", ", ", m.group("body"), count=1)
        body = re.split(r",\s+(?=(?:there|it|they|she|he|I|we|that|cos|because|as)\b)", body)[0]  # the reason after
        body = _CONCESSION.split(body, maxsplit=1)[0]
        c = _rule(f"Do not {body}", sentence.strip())
        return replace(c, subject=HOUSEHOLD) if c else None
    return None


# "When I say 'the big shop' I mean Halloran's": what a word of the household's means, every time it is said.
_I_MEAN = re.compile(
    r"^(?:when(?:ever)?|if) (?:I|we) say (?P<x>['\"]?[\w' \-]+?['\"]?),? (?:I|we) (?:mean|am talking about|are talking "
    r"about) (?P<y>.+?)(?:[,\s]+(?:ok|okay|please|alright))*$",
    re.I,
)


# "If Tolu asks you for sweets after 6pm, the answer is no": what one of the house is not to have
_ANSWER_IS_NO = re.compile(
    r"^(?:if|when|whenever) (?P<who>(?-i:[A-Z])[a-z]+|the kids|the children) asks?(?: you)? for (?P<what>[\w' ]+?),? "
    r"(?:the answer(?:'s| is)|it's|its|it is|just say) (?:a )?(?:no|a no)\b",
    re.I,
)


_NOT_A_WORD_MEANT = re.compile(
    r"(?:it|that|this|so|no|yes|something|anything|things|what I say|it all|business|every word)\b", re.I
)


# "Speak to Granny in Afrikaans please, her English isn't great": the language to use with one of the house
_SPEAK_TO_IN = re.compile(
    rf"^(?:always\s+)?(?P<v>speak|talk|answer|reply)(?: to)? (?P<who>(?:(?:my|our) )?(?:{REL})|{NAME}) in "
    r"(?P<lang>[a-z]+)\b(?:[,\s]+(?:please|when|whenever|if|because|as|she|he|her|his|they|it)\b.*)?$",
    re.I,
)
# ... and the language one is spoken to in is one they speak
_SPOKEN_TO_IN = re.compile(r"^(?:Always )?(?:Speak|Talk|Answer|Reply)(?: to)? (?P<who>.+?) in (?P<lang>[A-Z][a-z]+)$")


# "if wanjiru asks for youtube after eight pm tell her no", "when di pickney dem ask fi sweetie after six o clock tell
# dem no": what one of the house is not to have, every time
_ASKS_FOR_NO = re.compile(
    r"^(?:if|when|whenever|anytime|any time) (?!(?:I|we|you|me)\b)(?P<who>[a-z]+|the kids|the children|"
    r"the pickney(?: dem)?) asks? (?:me |you )?(?:for|fi) (?:an? |some |any )?(?P<x>[a-z][\w ]+?)"
    r"(?P<t> (?:after|before) [\w:' ]+?)?,? (?:just |then )?(?:tell|say) (?:her|him|them|dem|it)? ?no$",
    re.I,
)


def _special_rule(sentence: str, s: str) -> Candidate | None:
    """The forms that are not a plain imperative: "stop X-ing", "in this house no X", "X when I Y"."""
    body = _stop_rule(s)
    if body:
        return _rule(body, sentence.strip())
    if m := _ASKS_FOR_NO.match(s):
        kids = m.group("who").lower().startswith("the ")
        c = _rule(
            f"No {m.group('x')} for {'the kids' if kids else capitalised(m.group('who'))}{m.group('t') or ''}",
            sentence.strip(),
        )
        return replace(c, subject=HOUSEHOLD) if c and kids else c
    if (m := _SPEAK_TO_IN.match(s)) and m.group("lang").lower() in _LANGUAGES:
        verb = m.group("v").lower() + ("" if m.group("v").lower() == "answer" else " to")
        return _rule(f"{verb} {m.group('who')} in {m.group('lang').capitalize()}", sentence.strip())
    m = _I_MEAN.match(sentence.strip(" .!").replace("\u2019", "'"))  # as said: "my music", "Halloran's"
    if m and not (_NOT_A_WORD_MEANT.fullmatch(m.group("x").strip("'\" ")) or _NOT_A_WORD_MEANT.match(m.group("y"))):
        obj = _finish(f"'{m.group('x').strip(chr(39) + chr(34) + ' ')}' means {m.group('y')}")
        return Candidate("rule", obj, obj + ".", USER_STATED, source=sentence.strip())
    if c := _address_rule(sentence, s):
        return c
    if m := _ANSWER_IS_NO.match(sentence.strip(" .!")):
        who = m.group("who") if m.group("who").lower().startswith("the ") else m.group("who").capitalize()
        c = _rule(f"No {m.group('what')} for {who}", sentence.strip())
        return replace(c, subject=HOUSEHOLD) if c else None
    m = _HOUSE_RULE.match(s)
    if m and not re.search(r"\b(?:is|are|was|were|has|have|left)\b", m.group("body"), re.I):
        c = _rule(_RUN_ON.sub("", m.group("body")), sentence.strip())
        return replace(c, subject=HOUSEHOLD) if c else None
    m = _BARE_HOUSE_RULE.match(re.sub(r"[,\s]*\bplease\b[.!]*$", "", sentence.strip()).rstrip(" .!,"))
    if m and _STANDING_BOUND.search(m.group("body")) and not _ONE_OFF_TIME.search(m.group("body")):
        c = _rule(m.group("body"), sentence.strip())  # "no music after half eight on school nights please"
        return replace(c, subject=HOUSEHOLD) if c else None
    m = _TRAILING_WHEN.match(s)
    # (not "keep your answers short please, I'm usually driving when I ask you stuff": the "when" of another clause)
    if m and re.search(r",\s*(?:I|we|I am|I'm|im|we are)\b", m.group("instr"), re.I):
        m = None
    if m and (_IMPERATIVE.match(m.group("instr")) or _ALWAYS.match(m.group("instr"))):
        cond = m.group("cond").split(",")[0]  # (not the reason after it: "..., she's hard of hearing")
        w = _split_when(f"{m.group('when')} {cond}, {m.group('instr')}")
        body = _when_rule(*w) if w else None
        return _rule(body, sentence.strip()) if body else None
    return None


def _never_said_last(sentence: str, s: str) -> tuple[Candidate, str] | None:
    """ "no recipes with nuts ever, Kit is allergic": a bare "no X ever" is the household's rule; the reason after
    it is read as facts."""
    m = _NO_EVER.match(s.strip(" .!"))
    if not m:
        return None
    c = _rule(m.group("body"), sentence.strip())
    if c is None:
        return None
    reason = re.sub(r"^(?:because|since|as)\s+", "", (m.group("reason") or "").strip(" ,"), flags=re.I)
    return replace(c, subject=HOUSEHOLD), _allergic_to_what(reason, m.group("body"))


_NO_EVER = re.compile(
    r"^(?P<body>no (?:[a-z\-]+ ){0,3}?(?:with|containing|in) [a-z][\w\- ]*?),? (?:ever|at all|ever again)\b"
    r"(?:[,\s]+(?P<reason>.+))?$",
    re.I,
)


# "never suggest peanuts for anyone in this house": a rule for the whole household.
_HOUSE_SCOPE = re.compile(
    r",?\s+(?:(?:for|to|with) (?:anyone|everyone|anybody|everybody|any of us|all of us)(?: (?:in|at|from) "
    r"(?:this|our|the) (?:house|household|home|family))?|(?:in|for) (?:this|our|the) (?:house|household|home|family))"
    r"(?=[\s.!,]*$)",
    re.I,
)


def _scoped(c: Candidate) -> Candidate:
    obj = _HOUSE_SCOPE.sub("", c.object)
    if obj == c.object or len(obj.split()) < 2:
        return c
    return replace(c, object=obj, text=obj + ".", subject=HOUSEHOLD)


def rules_of(sentence: str, s: str) -> tuple[list[Candidate], str]:
    """The rule a sentence states (normalised `s`), and what is left of it to read as facts ("never suggest nuts,
    Emma is allergic" -> the rule, and "Emma is allergic")."""
    found, rest = _rules_of(sentence, s)
    if len(parts := _two_rules(s)) == 2 and found:
        # "always give me temperatures in celsius and distances in kilometres": a rule for each
        # (the second as standing as the first: "..., and start the week on Monday")
        both = [
            _rules_of(sentence, parts[0]),
            _rules_of(sentence, re.sub(r"^(?!always|never)", "always ", parts[1], flags=re.I)),
        ]
        if all(f for f, _ in both):
            found, rest = [c for f, _ in both for c in f], ". ".join(r for _, r in both if r)
    spoken = [said for c in found if (said := _speaks(c.object))]
    return [_scoped(c) for c in found], ". ".join([*spoken, rest] if rest else spoken)


# Two rules said as one: "always give me temperatures in celsius and distances in kilometres", "use 24-hour time
# for everything, and start the week on Monday"
_MEASURES = r"distances|temperatures|weights|times|heights|speeds|prices|costs|measurements"
_TWO_MEASURES = re.compile(
    rf"^(?P<lead>(?:please\s+)?(?:always\s+)?(?:give|tell|show|put)(?: me| us)?\s+)(?:the\s+)?"
    rf"(?P<a>(?:{_MEASURES})\s+in\s+[\w\-]+(?: [\w\-]+)?),?\s+and\s+"
    r"(?:(?:also\s+)?(?:give|tell|show|put)(?: me| us)?\s+)?(?:the\s+)?"
    rf"(?P<b>(?:{_MEASURES})\s+in\s+[\w\-]+(?: [\w\-]+)?)(?P<rest>(?:,|\s+(?:please|thanks)).*)?$",
    re.I,
)
_AND_THEN_RULE = re.compile(
    r",\s+and\s+(?=(?:always\s+|never\s+|please\s+)?(?:start|use|give|put|keep|call|say|read|speak|tell|write|show|"
    r"do not|don't)\b)",
    re.I,
)


def _two_rules(s: str) -> list[str]:
    s = s.strip().rstrip(".!")
    if m := _TWO_MEASURES.match(s):
        rest = m.group("rest") or ""
        return [f"{m.group('lead')}{m.group('a')}{rest}", f"{m.group('lead')}{m.group('b')}{rest}"]
    parts = _AND_THEN_RULE.split(s, maxsplit=1)
    return parts if len(parts) == 2 and len(parts[0].split()) >= 3 else []


def _speaks(rule: str) -> str | None:
    """ "Speak to {subject}'s mum in Hindi" -> "my mum speaks Hindi": the language one is spoken to in."""
    m = _SPOKEN_TO_IN.match(rule)
    if m is None or m.group("lang").lower() not in _LANGUAGES:
        return None
    who = m.group("who").replace("{subject}'s", "my")
    return f"{who} speaks {m.group('lang')}"


def _rules_of(sentence: str, s: str) -> tuple[list[Candidate], str]:
    s = s.strip().rstrip(".!")
    for pattern, repl in _SPOKEN:
        s = pattern.sub(repl, s, count=1)
    m = _CALL_MY.match(s)
    if m is None and (me := _CALL_ME.match(s)):
        # (before a condition: "call me Bunmi, nobody uses Olubunmi except my mum when I'm in trouble")
        c = _rule(f"Call me {me.group('name')}", sentence.strip())
        return ([c] if c else []), s
    special = _special_rule(sentence, _LEAD.sub("", s))
    if special:
        # "don't call me Mrs Adeyemi, just Funmi": the name one goes by, too
        yes = re.match(r"Call \{subject\} (?P<n>[^,]+), not ", special.object)
        return [special], (f"I go by {yes.group('n')}" if yes else "")
    if m is None and (never := _never_said_last(sentence, _LEAD.sub("", s))):
        return [never[0]], never[1]
    if m:
        name = capitalised(m.group("name"))
        nick = f" '{m.group('nick')}'" if m.group("nick") else ""  # "call my husband Bongani 'Bongs'"
        c = _rule(f"Call my {m.group('rel').lower()} {name}{nick}", sentence.strip())
        if m.group("as") or m.group("kin") or m.group("verb").lower() != "call":
            # "refer to my mum as Ammi", "call my grandmother lola": how she is spoken of, not her name
            return ([c] if c else []), ""
        return ([c] if c else []), f"my {m.group('rel').lower()} is called {name}"
    s = _LEAD.sub("", s)
    standing = _FROM_NOW.match(s)
    rest = _LEAD.sub("", s[standing.end() :]) if standing else s
    parts = _TAIL_SPLIT.split(rest, maxsplit=1)
    head, tail = parts[0], (parts[1] if len(parts) > 1 else "")
    if _split_when(rest):
        head, tail = rest, ""
    if not tail:
        head, tail = _unpunctuated_tail(head)
    body = _normal_form(("from now on " if standing else "") + head)
    so = re.match(r"^so\s+(?P<r>(?:always|never)\s.+)$", tail, re.I)
    if not body and so and (body := _normal_form(so.group("r"))):
        # "in this house we use metric, so always give recipes in grams": the reason first, the rule after "so"
        c = _rule(body, sentence.strip())
        house = re.match(r"^(?:in (?:this|our) (?:house|household|home|family)|we\b)", head, re.I)
        return ([replace(c, subject=HOUSEHOLD) if house else c] if c else []), head  # the reason read as facts
    if not body:
        return [], s
    c = _rule(body, sentence.strip())
    tail = re.sub(r"^(?:because|since|as|so)\s+", "", tail, flags=re.I)
    reason = _allergic_to_what(tail, body)
    # kept from someone's plate: whoever asks for a recipe; kept from "my son"'s, the speaker's own rule (so the sets
    # say, 9 to 1, where a named child's is the household's 5 to 3)
    mine = re.match(r"my [a-z\-]+ (?:is|are) (?:allergic|intolerant)\b", reason, re.I)
    if c and ((reason != tail and not mine) or re.match(r"we (?:are|have|do not|never)\b", reason, re.I)):
        c = replace(c, subject=HOUSEHOLD)
    return ([c] if c else []), reason


# A reason said after the rule without a comma, as speech recognisers write it: "dont play music after nine the
# baby sleeps in the next room", "never suggest recipes with sesame oona is allergic". A new clause starts with a
# subject and its verb; one bound to the rule ("when the kids are in the room", "let the kids buy") does not.
_CLAUSE_START = re.compile(
    r"\s(?=(?:(?:I|we) (?:really|just|do not|cannot|could not|would not|will not|am|hate|love|find|think|never|always|"
    r"have|get|prefer|want|"
    r"need|like|mean)\b|(?:it|she|he|the baby) (?:is|was|gets|really|just|does not|cannot|has|\w+s)\b|"
    r"(?:the kids|the children|they) (?:are|really|just|do not|cannot|have|get|hate|love|sleep|need)\b|"
    r"(?:that is|thats|it is|its|we are|were (?:a|an|all|both|trying|saving|hindu|muslim|jewish|sikh|vegetarian|"
    r"vegan|not|on a))\b|none of (?:this|that|your)\b|I mean it\b|"
    r"(?:(?:my|our) )?[a-z][\w\-]* (?:is|are) (?:allergic|intolerant|anaphylactic)\b|"
    # "never suggest anything with nuts in it my son ben has a nut allergy", "... there's a nut allergy in this house"
    r"(?:my|our) [a-z\-]+(?: [a-z]+)? (?:has|has got) an? (?:[a-z]+ ){0,2}?(?:allergy|allergies)\b|"
    r"there is an? (?:[a-z]+ ){0,2}?allergy\b|"
    # "skip the sport nobody here cares", "... there was an incident at christmas", "... or they'll never sleep"
    r"(?:nobody|no one|everyone|everybody)(?: here| in this house)? \w+s\b|there (?:is|was|are|were)\b|"
    r"or (?:they|she|he|it|you|we|I) (?:will|would|will not|never)\b|no matter\b|full stop\b|"
    r"[a-z]+ means nothing\b))",  # "always give me temperatures in fahrenheit celsius means nothing to me"
    re.I,
)
_BOUND_TO_RULE = {
    "when", "whenever", "if", "while", "because", "since", "as", "unless", "until", "till", "before", "after",
    "that", "than", "and", "or", "but", "so", "where", "who", "which", "what", "how", "why", "whether", "let",
    "make", "help", "says", "said", "think", "know", "once", "cause", "cos", "then", "sure", "check", "ensure",
    "remember", "mean", "means", "tell",
}  # fmt: skip


def _unpunctuated_tail(s: str) -> tuple[str, str]:
    """(the rule, the reason after it) of a rule said with its reason run on; (s, "") when there is none."""
    for m in _CLAUSE_START.finditer(s):
        before = s[: m.start()].split()
        if len(before) >= 3 and before[-1].lower() not in _BOUND_TO_RULE:
            return s[: m.start()], re.sub(r"^were (?=\w)", "we are ", s[m.end() :])
    return s, ""


# What the rule keeps from someone: "never suggest recipes with sesame", "no nuts in anything".
_FOOD_KEPT_FROM = re.compile(
    r"\b(?:suggest|recommend|cook|make|serve|buy|order|offer|add|include|give|put|no)\s+(?:(?:any|anything|"
    r"recipes?|food|meals?|dishes|snacks|things|stuff)\s+)?(?:with|containing|that (?:has|have|contains?))\s+"
    r"(?:any\s+)?(?P<food>[a-z][\w\-]*(?: [a-z][\w\-]*)?)(?=\s+in (?:it|them)\b|\s+ever\b|\s*$)"
    r"|^(?:never|do not) (?:suggest|recommend|cook|serve|buy|offer) (?P<bare>[a-z][\w\-]*(?: [a-z][\w\-]*)?)$",
    re.I,
)


def food_kept_from(rule: str) -> str | None:
    """What a rule keeps off the plate: "Never suggest anything with nuts in it" -> "nuts"."""
    food = _FOOD_KEPT_FROM.search(rule)
    what = food and (food.group("food") or food.group("bare"))
    return None if not what or what.lower() in _NOT_A_FOOD else what


_NOT_A_FOOD = frozenset(("anything", "it", "them", "that", "those", "things", "stuff", "food"))


def _allergic_to_what(reason: str, rule: str) -> str:
    """ "never suggest nuts, Emma is allergic": the reason says who is allergic, the rule to what ("my son's got a
    severe allergy", "my son is anaphylactic": allergic); "we don't eat it": what the household does not eat."""
    reason = re.sub(
        r"^(?P<who>.+?) (?:has|have|is|'s)(?: got)? (?:an? )?(?:(?:really )?(?:severe|serious|bad|life-threatening) )?"
        r"(?:allergy|allergies)$|^(?P<ana>.+?) (?:is|are) anaphylactic$",
        lambda x: f"{x.group('who') or x.group('ana')} is allergic",
        reason,
        flags=re.I,
    )
    what = food_kept_from(rule)
    # "never suggest recipes with pork, nobody in this house eats it": the household's diet
    if what and re.fullmatch(
        r"(?:we (?:do not|never) eat (?:it|them|that)|(?:nobody|no one) (?:in this house |here )?eats (?:it|them|that))"
        r"(?: in this house| here| at all)?",
        reason,
        re.I,
    ):
        return f"we do not eat {what}"
    m = re.fullmatch(r"(?P<who>.+? (?:is|are)) (?P<how>allergic|intolerant)(?: to (?:it|them|that|those))?", reason)
    if not (m and what):
        return reason
    return f"{m.group('who')} {m.group('how')} to {what}"
