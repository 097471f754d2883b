"""One written form for a date said any way: "june the third", "the 3rd of June", "June 3", "the third of june" and
"3 June" are all "3rd of June" (a year kept after it: "4th of August 2012"); a day alone keeps its article ("the
twentieth" -> "the 20th"). Weekdays are capitalised.

A time of day has one written form too (canonical_time): "twenty past ten" -> "10:20am", "half five till seven" ->
"5:30-7pm", "at 3" -> "3pm" (an hour without am or pm is read as people book things: seven to eleven in the
morning, twelve to six in the afternoon, unless the words around it say otherwise).

The extractor stores birthdays, anniversaries and the dates of appointments in this form, and the times of
appointments and schedules in the other, so one date or time said two ways is one value (and a corrected one
differs only in its number); the fact's text keeps the time as it was said. The bench compares through both.
"""

from __future__ import annotations

import re

from .vocabulary import _ORD_UNITS, CAR_MAKES, CAR_MODEL_WRITTEN, CAR_MODELS, COLOUR, MONTH, ORDINAL, WEEKDAY

_FULL_MONTHS = "january february march april may june july august september october november december".split()
_ABBREVIATIONS = {m[:3]: m for m in _FULL_MONTHS} | {"sept": "september"}
_TEEN_ORDINALS = (
    "tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split()
)


def _ordinal_number(word: str) -> int | None:
    w = word.lower().replace("-", " ").split()
    if len(w) == 1:
        if w[0] in _ORD_UNITS:
            return 1 + _ORD_UNITS.index(w[0])
        if w[0] in _TEEN_ORDINALS:
            return 10 + _TEEN_ORDINALS.index(w[0])
        return {"twentieth": 20, "thirtieth": 30}.get(w[0])
    if len(w) == 2 and w[0] in ("twenty", "thirty") and w[1] in _ORD_UNITS:
        return (20 if w[0] == "twenty" else 30) + 1 + _ORD_UNITS.index(w[1])
    return None


def ordinal(n: int) -> str:
    """3 -> "3rd", 11 -> "11th", 22 -> "22nd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_DAY = rf"(?P<n>\d{{1,2}})(?:st|nd|rd|th)?|(?P<w>{ORDINAL})"
_YEAR = r"(?:,?\s+(?P<y>(?:19|20)\d{2}))?"
_DAY_MONTH = re.compile(rf"\b(?:the\s+)?(?:{_DAY})(?:\s+of)?\s+(?P<m>{MONTH})\b\.?{_YEAR}", re.I)
_MONTH_DAY = re.compile(
    rf"\b(?P<m>{MONTH})\.?\s+(?:the\s+)?(?:{_DAY.replace('<n>', '<n2>').replace('<w>', '<w2>')})\b{_YEAR}", re.I
)
_MONTH_ALONE = re.compile(rf"(?:in )?(?P<m>{MONTH})(?:\s+(?P<y>(?:19|20)\d{{2}}))?", re.I)
_DAY_ALONE = re.compile(
    rf"\bthe\s+(?:{_DAY})\b(?=\s*(?:$|[,.;!]|at\b|from\b|in the\b|(?:morning|afternoon|evening)\b))", re.I
)


# "15/03", "15.03.2012": day first, as written in Britain and most of Europe ("9.05" alone is a time)
_NUMERIC = re.compile(
    r"\b(?P<d>\d{1,2})(?:/(?P<mo>\d{1,2})(?:/(?P<y>(?:19|20)?\d{2}))?|\.(?P<mo2>\d{1,2})\.(?P<y2>(?:19|20)\d{2}))\b"
)


def _numeric(m: re.Match) -> str:
    day, month, year = int(m.group("d")), int(m.group("mo") or m.group("mo2")), m.group("y") or m.group("y2")
    if not (1 <= day <= 31 and 1 <= month <= 12):
        return m.group()
    if year and len(year) == 2:
        year = ("20" if int(year) < 50 else "19") + year
    return f"{ordinal(day)} of {_FULL_MONTHS[month - 1].capitalize()}" + (f" {year}" if year else "")


def _day(m: re.Match, n: str = "n", w: str = "w") -> int | None:
    if m.group(n):
        return int(m.group(n))
    return _ordinal_number(m.group(w))


def _month(word: str) -> str:
    low = word.lower().rstrip(".")
    return (_ABBREVIATIONS.get(low[:4]) or _ABBREVIATIONS.get(low[:3]) or low).capitalize()


def _written(day: int | None, month: str, year: str | None, said: str) -> str:
    if day is None or not 1 <= day <= 31:
        return said
    return f"{ordinal(day)} of {_month(month)}" + (f" {year}" if year else "")


# The days a family names instead of their date: "her birthday's Boxing Day" is the 26th of December
_FIXED_DAY_DATES = {
    "christmas day": "25th of December", "christmas eve": "24th of December", "boxing day": "26th of December",
    "new year's day": "1st of January", "new years day": "1st of January", "new year's eve": "31st of December",
    "new years eve": "31st of December", "valentine's day": "14th of February", "valentines day": "14th of February",
    "halloween": "31st of October", "st patrick's day": "17th of March", "bonfire night": "5th of November",
    "guy fawkes night": "5th of November", "burns night": "25th of January",
}  # fmt: skip
_FIXED_DAYS = re.compile(
    r"\b(?:"
    + "|".join(re.escape(d).replace("'", "['’]?") for d in sorted(_FIXED_DAY_DATES, key=len, reverse=True))
    + r")\b",
    re.I,
)


def canonical_date(text: str) -> str:
    """Every date in `text` in the one form: "the twenty second of august" -> "22nd of August", "June 12" -> "12th
    of June", "the eighth" -> "the 8th"; the rest of the text unchanged ("Tuesday the 3rd of June at 10" ->
    "Tuesday 3rd of June at 10")."""
    if not text:
        return text
    if alone := _MONTH_ALONE.fullmatch(text.strip()):  # "may", "june 2019": the month's name
        return _month(alone.group("m")) + (f" {alone.group('y')}" if alone.group("y") else "")
    out = _NUMERIC.sub(_numeric, text)
    out = _FIXED_DAYS.sub(lambda m: _FIXED_DAY_DATES[m.group().lower().replace("’", "'")], out)
    out = _DAY_MONTH.sub(lambda m: _written(_day(m), m.group("m"), m.group("y"), m.group()), out)
    out = _MONTH_DAY.sub(lambda m: _written(_day(m, "n2", "w2"), m.group("m"), m.group("y"), m.group()), out)
    out = _DAY_ALONE.sub(lambda m: f"the {ordinal(d)}" if (d := _day(m)) and 1 <= d <= 31 else m.group(), out)
    return calendar_case(out)


_WEEKDAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b", re.I)
_MONTH_OF = re.compile(rf"(?<=\bof )(?:{'|'.join(_FULL_MONTHS)})\b", re.I)


def calendar_case(text: str) -> str:
    """Weekdays and the month of a date capitalised, as a speech recogniser does not write them ("on saturday",
    "the 3rd of june")."""
    text = _WEEKDAY.sub(lambda m: m.group().capitalize(), text)
    return _MONTH_OF.sub(lambda m: m.group().capitalize(), text)


def on_date(value: str) -> str:
    """The date as a text says it after "is": "on the 3rd of June", "in June", "on Monday at three"."""
    if re.fullmatch(rf"{MONTH}(?:\s+\d{{4}})?|\d{{4}}", value, re.I):
        return f"in {value}"
    return f"on the {value}" if value[:1].isdigit() and " of " in value else f"on {value}"


_HOUR_WORDS = "one two three four five six seven eight nine ten eleven twelve".split()
_HOUR = rf"(?:1[0-2]|0?[1-9]|{'|'.join(_HOUR_WORDS)})"
_MERIDIEM = r"(?:\s*(?P<mer>am|pm|a\.m\.|p\.m\.|o'clock))"
_PAST_WORDS = {"five": 5, "ten": 10, "quarter": 15, "a quarter": 15, "twenty": 20, "twenty-five": 25, "twenty five": 25}
_MINUTE_WORDS = {
    "o'clock": 0, "oh five": 5, "ten": 10, "fifteen": 15, "twenty": 20, "twenty-five": 25, "twenty five": 25,
    "thirty": 30, "thirty-five": 35, "thirty five": 35, "forty": 40, "forty-five": 45, "forty five": 45, "fifty": 50,
    "fifty-five": 55, "fifty five": 55,
}  # fmt: skip
# where a bare hour is a time: after a word that introduces one (a lookbehind of one width each)
_AFTER_A_LEAD = "|".join(
    rf"(?<=\b{w} )" for w in "at from till until til to around about by between after before".split()
)
_PAST = "|".join(sorted(_PAST_WORDS, key=len, reverse=True))
MINUTES_SAID = "|".join(sorted((k for k in _MINUTE_WORDS if k != "o'clock"), key=len, reverse=True))
_A_COUNT_AFTER = r"\s*(?:weeks?|days?|months?|years?|times?|minutes?|mins?|hours?|hrs?|of\b|st\b|nd\b|rd\b|th\b)"
# One time of day, in any of the ways it is said. A bare hour is a time only where a time is introduced ("at six",
# "till seven", "between eight and twelve"), never a count ("every six weeks", "twice a year").
_ONE_TIME = (
    rf"(?P<h1>1[0-2]|0?[0-9]|2[0-3])[:.](?P<m1>[0-5]\d)(?:\s*(?P<mer1>am|pm|a\.m\.|p\.m\.))?"
    rf"|(?P<h2>{_HOUR}){_MERIDIEM.replace('mer', 'mer2')}"
    rf"|half (?:past )?(?P<h3>{_HOUR})"
    rf"|(?P<past>{_PAST}) (?P<dir>past|to) (?P<h4>{_HOUR})"
    rf"|(?P<h5>{'|'.join(_HOUR_WORDS)}) (?P<m5>{MINUTES_SAID})(?:\s*(?P<mer5>am|pm))?"  # "four thirty pm"
    r"|(?P<noon>noon|midday|midnight)"
    rf"|(?:{_AFTER_A_LEAD})(?P<h6>{_HOUR})"
    rf"|(?P<h7>{_HOUR})(?=\s*(?:-|\u2013|till|until|til|to)\s*(?:{_HOUR}|half|noon|midday)\b(?!{_A_COUNT_AFTER}))"
)
# the end of a range: after "between eight and" a bare hour is a time too
_END_TIME = _ONE_TIME.replace(_AFTER_A_LEAD, _AFTER_A_LEAD + r"|(?<=\band )|(?<=-)|(?<=- )|(?<=\u2013)").replace(
    "(?P<", "(?P<b_"
)
_TIME_SAID = re.compile(
    rf"\b(?:(?P<between>between )?(?P<a>{_ONE_TIME.replace('(?P<', '(?P<a_')})"
    rf"(?:\s*(?(between)(?:and|-|\u2013|to|till|until)|(?:-|\u2013|to|till|until|til))\s*(?P<b>{_END_TIME}))?)"
    rf"(?!\w)(?!{_A_COUNT_AFTER})",
    re.I,
)
_AM_AFTER = re.compile(
    r"^\s*(?:in the |on a |every |each )?(?:morning|mornings|breakfast|before (?:work|school|breakfast))\b", re.I
)
_PM_AFTER = re.compile(r"^\s*(?:in the |at |every |each )?(?:afternoon|evening|night|tonight)s?\b", re.I)
_AM_AROUND = re.compile(
    r"\b(?:morning|mornings|breakfast|(?:walk|drive|go|cycle|head|leave for) (?:in )?to work|wakes?|alarm|get up|"
    r"gets up|up at(?! the\b)|school run|drop[- ]?off|op|operation|surgery|procedure|scan|blood test|bloods|fasting|"
    r"before (?:work|school))\b",
    re.I,
)
# ("Our anniversary dinner's booked at Nobu for Friday the 12th at 8": a dinner is in the evening)
_PM_AROUND = re.compile(
    r"\b(?:afternoon|evening|night|tonight|teatime|tea time|after school|after work|dinner|supper)s?\b", re.I
)


def _clock(m: re.Match, side: str) -> tuple[int, int, str | None] | None:
    """(hour 0-23 or 1-12, minutes, am/pm when said) of one side of _TIME_SAID."""
    g = lambda name: m.group(f"{side}_{name}")  # noqa: E731

    def hour(word: str) -> int:
        return int(word) if word.isdigit() else 1 + _HOUR_WORDS.index(word.lower())

    if g("h1") is not None:
        h, mins, mer = int(g("h1")), int(g("m1")), g("mer1")
        return (h, mins, mer if h <= 12 else "pm") if h <= 23 else None
    if g("h2") is not None:
        mer = g("mer2").lower().replace(".", "")
        return hour(g("h2")), 0, None if mer == "o'clock" else mer
    if g("h3") is not None:
        return hour(g("h3")), 30, None
    if g("h4") is not None:
        h, past = hour(g("h4")), _PAST_WORDS[g("past").lower()]
        return (h, past, None) if g("dir").lower() == "past" else ((h - 2) % 12 + 1, 60 - past, None)
    if g("h5") is not None:
        return hour(g("h5")), _MINUTE_WORDS[g("m5").lower()], (g("mer5") or "").lower() or None
    if g("noon") is not None:
        return 12, 0, "am" if g("noon").lower() == "midnight" else "pm"
    return hour(g("h6") or g("h7")), 0, None


_SMALL_HOURS = re.compile(r"\b(?:bed|sleep|crash|asleep|night owl|turn in|lights out)\b", re.I)


def _meridiem(hour: int, said: str | None, after: str, around: str, bound: str | None = None) -> str:
    """am or pm of an hour said without it, from what is said after and around it; `bound`, the word before it
    when that is "after" or "before"."""
    if said:
        return said.lower().replace(".", "")
    if _SMALL_HOURS.search(around) and (hour == 12 or hour <= 4):
        return "am"  # "I crash around one", "in bed by two": the small hours
    if _AM_AFTER.match(after):
        return "am"
    if _PM_AFTER.match(after):
        return "pm"
    am, pm = _AM_AROUND.search(around), _PM_AROUND.search(around)
    if am and not pm:
        return "am"
    if pm and not am:
        return "pm"
    if bound and not (am or pm) and 5 <= hour <= 11:
        # a bare hour that bounds the day: "no music after nine" is the evening, "no calls before seven" the morning
        return "pm" if bound == "after" else "am"
    # booked hours: "at nine" is the morning, "at three" the afternoon, "choir at seven" the evening
    return "am" if 8 <= hour <= 11 else "pm"


_BOUND_BY = re.compile(r"\b(?P<w>after|before) $", re.I)


def _written_clock(hour: int, mins: int) -> str:
    h = hour % 12 or 12
    return f"{h}:{mins:02d}" if mins else str(h)


def _as_24(hour: int, mer: str) -> int:
    return hour % 12 + (12 if mer == "pm" else 0)


def canonical_time(text: str, event: str = "") -> str:
    """Every time of day in `text` in the one form: "Thursday at twenty past ten" -> "Thursday 10:20am", "Tuesdays
    and Thursdays, half five till seven" -> "Tuesdays and Thursdays, 5:30-7pm", "between eight and twelve" ->
    "8am-12pm"; "every six weeks" and the dates unchanged. A time said first goes after the day ("half two
    tomorrow" -> "tomorrow 2:30pm")."""
    if not text:
        return text

    def written(m: re.Match) -> str:
        if m.group("a_dir") and m.group("a_dir").lower() == "to" and text[: m.start()].lower().endswith("from "):
            # "from ten to twelve": a range, not ten minutes to twelve
            first, last = _PAST_WORDS.get(m.group("a_past").lower()), m.group("a_h4")
            if first in (5, 10) and not m.group("b"):
                return canonical_time(f"{first} till {last}", event)
        a = _clock(m, "a")
        if a is None:
            return m.group()
        after, around = text[m.end() :], f"{text} {event}"  # "the op at 7:30" is the morning
        b = _clock(m, "b") if m.group("b") else None
        if m.group("b") and b is None:
            return m.group()
        if b is None:
            if m.group("a_h6") is not None and not m.group("between") and _A_COUNT.match(after):
                return m.group()
            bound = (w := _BOUND_BY.search(text[: m.start()])) and w.group("w").lower()
            return _written_clock(a[0], a[1]) + _meridiem(a[0] if a[0] <= 12 else 13, a[2], after, around, bound)
        mer_b = _meridiem(b[0], b[2], after, around)
        mer_a = a[2] or (mer_b if b[2] or _AM_AFTER.match(after) or _PM_AFTER.match(after) else None)
        if not mer_a and b[0] % 12 and a[0] % 12 < b[0] % 12:
            mer_a = mer_b  # "between seven and eight": both in the morning, as the end is
        mer_a = _meridiem(a[0], mer_a, "", around)
        if not b[2] and _as_24(b[0], mer_b) <= _as_24(a[0], mer_a) and mer_b == "am":
            mer_b = "pm"  # "half five till seven": the end is after the start
        start = _written_clock(a[0], a[1]) + ("" if mer_a == mer_b else mer_a)
        return f"{start}-{_written_clock(b[0], b[1])}{mer_b}"

    out = _TIME_SAID.sub(written, text)
    out = _PART_AFTER_CLOCK.sub("", out)  # "7pm in the evening" is 7pm
    out = re.sub(r"\bat (?=\d{1,2}(?::\d{2})?(?:am|pm)\b)", "", out)  # "Friday at 3pm" is "Friday 3pm"
    out = re.sub(r"\bfrom (?=\d{1,2}(?::\d{2})?(?:am|pm)?-)", "", out)
    out = re.sub(r"\s+", " ", out).strip()
    if first := _TIME_FIRST_SAID.match(out):  # "2:30pm tomorrow": the day first, as it is written
        out = f"{re.sub(r'^(?:on|in) ', '', first.group('rest'), flags=re.I)} {first.group('time')}"
    return out


_PART_AFTER_CLOCK = re.compile(r"(?<=\d[ap]m)\s+(?:in the (?:morning|afternoon|evening)|at night|at lunchtime)\b", re.I)
# "at nine, the three of them": an hour word that counts, not a time
_A_COUNT = re.compile(r"^\s*(?:of|people|kids|children|them|us|of us|of them)\b", re.I)
_TIME_FIRST_SAID = re.compile(
    # (not "8am and 8pm": a second time, no day)
    r"^(?P<time>\d{1,2}(?::\d{2})?(?:am|pm)?(?:-\d{1,2}(?::\d{2})?(?:am|pm))?),? "
    r"(?P<rest>(?!\d|(?:and|or|&) )[^,]+)$",
    re.I,
)


_EVERY_WEEKDAY = re.compile(
    rf"\b(?:every|each|on a|an?) (?P<day>{WEEKDAY})"
    r"(?: (?P<part>morning|afternoon|evening|night))?\b(?! (?:and|or)\b)",
    re.I,
)


def canonical_recurrence(text: str) -> str:
    """A weekly day in the one form of a schedule: "every Saturday" and "a Monday" are "Saturdays" and "Mondays",
    "every Wednesday evening" is "Wednesday evenings" ("every other Thursday" unchanged)."""
    # "every Tuesday and Thursday" is "Tuesdays and Thursdays"
    text = _EVERY_DAYS.sub(lambda m: _days_listed(re.findall(WEEKDAY, m.group("days"), re.I)), text)
    text = _EVERY_WEEKDAY.sub(
        lambda m: (
            f"{m.group('day').capitalize()} {m.group('part').lower()}s"
            if m.group("part")
            else f"{m.group('day').capitalize()}s"
        ),
        text,
    )
    # "the bins are monday": a schedule's day said alone is every such day
    text = _LONE_WEEKDAY.sub(
        lambda m: f"{m.group('day').capitalize()}" + (f" {m.group('part')}" if m.group("part") else "") + "s", text
    )
    # "Saturday mornings 9am" is "Saturdays 9am": the clock says the part of the day
    return _PART_BY_CLOCK.sub(lambda m: f"{m.group('day')}s {m.group('t')}", text)


# ("Tuesday and Friday 7am": a schedule's days said alone are each week's too)
_EVERY_DAYS = re.compile(
    rf"(?:\b(?:every|each) |^)(?P<days>{WEEKDAY}(?:(?:,| and|, and|) {WEEKDAY})+)\b(?!s| \w+s\b)", re.I
)


def _days_listed(days: list[str]) -> str:
    """ "Monday Wednesday and Friday" -> "Mondays, Wednesdays and Fridays"."""
    days = [f"{d.capitalize()}s" for d in days]
    return f"{', '.join(days[:-1])} and {days[-1]}"


_LONE_WEEKDAY = re.compile(
    rf"^(?P<day>{WEEKDAY})(?: (?P<part>morning|afternoon|evening|night))?"
    r"(?=$|,? (?:at |around |from )?\d)",
    re.I,
)
_PART_BY_CLOCK = re.compile(
    r"\b(?P<day>(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day) (?:mornings (?=\S+am\b)|(?:afternoons|evenings|nights) "
    r"(?=\S+pm\b))(?P<t>\d{1,2}(?::\d{2})?(?:(?:am|pm)?-\d{1,2}(?::\d{2})?)?(?:am|pm))\b",
    re.I,
)


DATED = frozenset({"birthday", "anniversary", "appointment", "schedule"})  # values that are dates
_TIMED = frozenset({"appointment", "schedule"})  # ... and times of day


# A routine's or a rule's time of day, said inside its phrase: "a swim every morning at half six", "no music after
# nine at night" are kept as "6:30am", "9pm", as an appointment's time is.
_TIMED_PHRASES = frozenset({"routine", "rule"})


# A trade by its everyday name is kept by its name: "a sparky" is an electrician
_TRADE_SAID = {
    "sparky": "electrician", "sparkie": "electrician", "chippy": "carpenter", "chippie": "carpenter",
    "brickie": "bricklayer", "postie": "postman", "plumber's mate": "plumber's mate",
}  # fmt: skip


_PLACE_IN_TOWN = re.compile(
    r"^((?:\d+[a-z]? )?(?-i:[A-Z])[\w'\-]*(?: (?-i:[A-Z])[\w'\-]*)*) in ((?-i:[A-Z])[\w' \-]*)$"
)


def canonical_value(predicate: str, value: str, event: str | None = None) -> str:
    """A fact's value in the one written form of its predicate: a date ("3rd of June"), an event's time ("10:20am")
    and a schedule's weekly day ("Saturdays"); a routine's and a rule's time of day; a trade by its name; any
    other value as it is."""
    if predicate == "works_as" and value:
        *mods, last = value.split()
        return " ".join([*mods, _TRADE_SAID.get(last.lower(), last)])
    if predicate == "lives_in" and value:
        # "Mount Albert in Auckland", "7 Juniper Close in Ashwick": the place in its town, written as an address is
        return _PLACE_IN_TOWN.sub(r"\1, \2", value)
    if predicate == "owns" and value and (CAR_MAKES.search(value) or _CAR_MODEL.search(value)):
        return car_as_written(value)
    if predicate in _TIMED_PHRASES and value:
        return canonical_time(value, event or "")
    if predicate not in DATED:
        return value
    value = canonical_date(value)
    if predicate in _TIMED:
        value = canonical_time(value, event or "")
    return canonical_recurrence(value) if predicate == "schedule" else value


_CAR_MODEL = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, CAR_MODELS), key=len, reverse=True)) + r")\b", re.I)
_CAR_YEAR = re.compile(r"\s*\b(?:19|20)\d\d\b")


def car_as_written(value: str) -> str:
    """A car as it is written: its colour, its year, its maker and its model ("2017 silver Toyota corolla" ->
    "silver 2017 Toyota Corolla")."""
    value = _CAR_MODEL.sub(lambda m: CAR_MODEL_WRITTEN[m.group().lower()], value)
    if (model := _CAR_MODEL.search(value)) and not CAR_MAKES.search(value[: model.start()]):
        value = f"{value[: model.start()]}{CAR_MODELS[model.group()]} {value[model.start() :]}"
    year = _CAR_YEAR.search(value)
    rest = (value[: year.start()] + value[year.end() :]).strip() if year else value
    named = CAR_MAKES.search(rest) or _CAR_MODEL.search(rest)
    if not (year and named):
        return value
    at = named.start()
    before = re.sub(rf"^(?P<y>.*?)\b(?P<c>(?:{COLOUR}))\s*$", r"\g<c> \g<y>", rest[:at].strip(), flags=re.I)
    return " ".join(w for w in (before.strip(), year.group().strip(), rest[at:]) if w)
