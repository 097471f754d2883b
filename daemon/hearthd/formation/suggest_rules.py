"""Rules: storing a standing instruction, and suggesting one from statements a person repeats.

A rule is a fact with predicate `rule` (resources/predicates.json) in a person's pool (owner_id = their id) or
the household's (owner_id NULL); its object and its text are the instruction ("Always give temperatures in
Celsius."). Being a fact, it is dismissed, restored, edited, erased, audited and exported as every fact is.
Context assembly (memory/context.py) shows the rules of a scope in their own section.

Suggestions: when a person asks for the same thing about how to be answered ("give me temperatures in
Celsius", "answer in Portuguese please", "use metric", "keep it short") in the session just formed and in an
earlier one, a review item of kind 'rule' proposes it as a rule; accepting it stores the rule. Detection is
deliberately narrow: a sentence must be one of a few imperative forms, whole (nothing left over), with no
negation, condition, question or reported speech in it. A rule suggested wrongly is worse than none.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass

import numpy as np

from ..audit import record as audit
from ..errors import UserError
from ..store.writer import WriteTx
from .extraction import FUNCTIONAL, KEYED, SLOTS
from .facts import FactIn, FactRules, store_fact
from .ledger import ensure_speaker

RULE = "rule"
MAX_RULE_CHARS = 200
REVIEW_KIND = "rule"
EARLIER_LOOKUP_LIMIT = 200  # earlier candidate turns read per preference (newest first)


# -- storing a rule ------------------------------------------------------------------------------------------
def clean_rule_text(text: str | None) -> str:
    """The rule's text, whitespace collapsed; a UserError when it is empty or too long."""
    text = " ".join((text or "").split())
    if not text:
        raise UserError("a rule must not be empty (say the instruction, e.g. 'Always give temperatures in Celsius')")
    if len(text) > MAX_RULE_CHARS:
        raise UserError(f"a rule is at most {MAX_RULE_CHARS} characters (this one has {len(text)})")
    return text


def store_rule(
    tx: WriteTx,
    text: str,
    speaker: str | None,
    actor: str,
    *,
    store=None,
    vector: tuple[str, np.ndarray] | None = None,
    rules: FactRules | None = None,
    source: str = "rule",
    turn_ids: list[int] | None = None,
    detail: dict | None = None,
) -> dict:
    """Store a rule for a person (speaker) or, without one, the household, through store_fact (the same path as
    remember: the same text again supports the current rule instead of adding one), audited as "rule.add".
    `rules`: the write's FactRules (formation's, Former.rules(); default: the catalogue's with default settings).
    {"id", "action", "owner"}."""
    text = clean_rule_text(text)
    now = time.time()
    if speaker:
        ensure_speaker(tx, speaker, now)
    fact = FactIn(
        subject=speaker or "household",
        predicate=RULE,
        object=text,
        text=text,
        owner_id=speaker,
        valid_from=now,
        source=source,
        turn_ids=list(turn_ids or []),
        speaker=speaker,  # the subject is the person (their entity), or the household
    )
    # A rule is not functional: only the same instruction (normalised text or a near vector) is a duplicate.
    result = store_fact(tx, store, fact, vector, rules or default_fact_rules())
    audit(
        tx,
        actor,
        "rule.add",
        f"fact:{result['id']}",
        {"text": text, "owner": speaker, "action": result["action"], **(detail or {})},
    )
    return {"id": result["id"], "action": result["action"], "owner": speaker}


def default_fact_rules() -> FactRules:
    return FactRules(functional=FUNCTIONAL, keyed=KEYED, slots=SLOTS)


# -- recognising a preference about how to answer --------------------------------------------------------------
LANGUAGES = (
    "english portuguese spanish french german italian dutch polish swedish danish norwegian finnish icelandic "
    "greek turkish russian ukrainian czech slovak hungarian romanian bulgarian croatian serbian slovenian "
    "catalan galician basque irish welsh arabic hebrew persian hindi urdu bengali japanese chinese mandarin "
    "cantonese korean vietnamese thai indonesian malay tagalog swahili esperanto latin"
).split()
_LANG = "(" + "|".join(LANGUAGES) + ")"
_TEMP_UNIT = "(celsius|fahrenheit|centigrade)"
_SYSTEM = "(metric|imperial)"
_CHANGE = r"(?:use|switch to|stick to|stick with|go with)"
_TELL = r"(?:give|tell|show|say|read|report)"
_THING = r"(?:temperatures?|temps|degrees|the weather|weather|the forecast|forecasts?)"

# (slot, pattern): the whole clause must match (after the polite words around it are taken off).
PATTERNS: list[tuple[str, re.Pattern]] = [
    (slot, re.compile(pattern))
    for slot, pattern in (
        ("temperature", rf"{_TELL}(?: me)?(?: the)? {_THING} (?:in|using) {_TEMP_UNIT}(?: degrees)?"),
        ("temperature", rf"{_CHANGE} (?:degrees )?{_TEMP_UNIT}(?: degrees)?(?: for (?:the )?{_THING})?"),
        ("temperature", rf"{_THING} in {_TEMP_UNIT}(?: degrees)?"),
        ("temperature", rf"i (?:prefer|want|need) (?:my |the )?(?:{_THING} )?(?:in )?{_TEMP_UNIT}"),
        ("units", rf"{_CHANGE} (?:the )?{_SYSTEM}(?: system| units| measurements)?"),
        ("units", rf"{_TELL} me (?:\w+ ){{0,2}}in {_SYSTEM}(?: units)?"),
        ("units", rf"i prefer (?:the )?{_SYSTEM}(?: system| units)?"),
        ("language", rf"(?:answer|reply|respond|speak|talk|write)(?: to me| me| back)?(?: only)? in {_LANG}(?: only)?"),
        ("language", rf"(?:switch to|change to|stick to|stick with) {_LANG}"),  # "use Portuguese" may be oil
        ("language", rf"i prefer (?:answers|replies|it) in {_LANG}"),
        (
            "length",
            r"keep (?:it|them|things|your answers|your replies|answers|replies)(?: nice and| very)? "
            r"(short|brief|concise)",
        ),
        ("length", r"(?:be|stay) (brief|concise)"),
        ("length", r"(?:give me |i prefer |i want )?(?:short|shorter|brief|concise) (?:answers|replies|responses)"),
    )
]

# Words before and after the instruction that do not change it.
_LEAD = re.compile(
    r"^(?:(?:ok|okay|oh|so|and|also|hey|hi|hello|right|well|again|please|always|just|from now on|"
    r"(?:can|could|would|will) you|i(?:'d| would) like you to|i want you to|remember to)\b[\s,]*)+"
)
_TAIL = re.compile(r"(?:[\s,]+(?:please|thanks|thank you|for me|from now on|always|ok|okay))+$")
# Anything that makes a sentence not a plain standing request: a negation, a condition, a time limit, reported
# speech, a comparison or a hypothetical.
_NOT_PLAIN = re.compile(
    r"n't\b|\b(?:not|never|no|if|unless|when|whenever|while|until|except|but|only when|this time|today|tonight|"
    r"said|says|told|tells|asked|asks|wants|likes|prefers|than|maybe|might|should)\b"
)
_POLITE_QUESTION = re.compile(r"^(?:please )?(?:can|could|would|will) you\b")


@dataclass(frozen=True)
class Preference:
    slot: str  # what it is about: temperature, units, language, length
    value: str  # celsius, metric, portuguese, short

    @property
    def rule_text(self) -> str:
        if self.slot == "temperature":
            return f"Always give temperatures in {self.value.capitalize()}."
        if self.slot == "units":
            return f"Always use {self.value} units."
        if self.slot == "language":
            return f"Always answer in {self.value.capitalize()}."
        return "Keep answers short."

    @property
    def search_words(self) -> tuple[str, ...]:
        """Words an earlier statement of it must contain (one of them), for the keyword index."""
        if self.slot == "temperature":
            return ("celsius", "centigrade") if self.value == "celsius" else (self.value,)
        if self.slot == "length":
            return ("short", "shorter", "brief", "concise")
        return (self.value,)


def _value(slot: str, word: str) -> str:
    if slot == "temperature" and word == "centigrade":
        return "celsius"
    if slot == "length":
        return "short"
    return word


def preferences(text: str) -> set[Preference]:
    """The preferences about how to answer that the text states plainly (most texts: none)."""
    found: set[Preference] = set()
    text = text.lower().replace("\u2019", "'")
    for sentence in re.split(r"(?<=[.!?;])\s+|\n+", text):
        sentence = sentence.strip()
        if not sentence or _NOT_PLAIN.search(sentence):
            continue
        if sentence.endswith("?") and not _POLITE_QUESTION.match(sentence):
            continue  # a question, unless it is a request ("could you answer in Portuguese?")
        for clause in re.split(r"\s*,\s*|\s+and\s+", sentence.rstrip(".!?; ")):
            clause = _TAIL.sub("", _LEAD.sub("", clause.strip())).strip(" ,")
            for slot, pattern in PATTERNS:
                m = pattern.fullmatch(clause)
                if m:
                    found.add(Preference(slot, _value(slot, m.group(m.lastindex or 0))))
                    break
    return found


# -- suggesting ------------------------------------------------------------------------------------------------
def _current_session(tx, speaker_id: str, texts: list[str]) -> int | None:
    """Without the session's id: the session of this speaker's latest user turn saying one of the texts."""
    marks = ", ".join("?" * len(texts))
    row = tx.execute(
        f"SELECT session_id FROM turns WHERE role = 'user' AND speaker_id = ? AND text IN ({marks}) "
        "ORDER BY ts DESC, id DESC LIMIT 1",
        (speaker_id, *texts),
    ).fetchone()
    return row[0] if row else None


def _earlier_turns(tx, pref: Preference, speaker_id: str, session_id: int | None, now: float) -> list[int]:
    """Ids of the speaker's user turns in earlier sessions (before this session began; said in a confidently
    identified voice, not cleared or dismissed) stating the preference. Not later ones: a session still open may
    yet be cleared, and a backlog formed in order finds the repetition when it reaches the later session."""
    match = " OR ".join(f'"{w}"' for w in pref.search_words)
    rows = tx.execute(
        "SELECT t.id, t.text FROM turn_fts JOIN turns t ON t.id = turn_fts.rowid "
        "WHERE turn_fts MATCH ? AND t.role = 'user' AND t.speaker_id = ? AND t.session_id IS NOT ? "
        "AND t.ts < coalesce((SELECT min(ts) FROM turns WHERE session_id = ?), ?) "
        "AND t.band = 'high' AND t.cleared = 0 AND t.dismissed = 0 ORDER BY t.id DESC LIMIT ?",
        (match, speaker_id, session_id, session_id, now, EARLIER_LOOKUP_LIMIT),
    ).fetchall()
    return [r[0] for r in rows if pref in preferences(r[1])]


def _blocked(tx, speaker_id: str, owner_id: str | None) -> tuple[set[str], set[Preference], set[str]]:
    """(slots with a rule already, preferences suggested and dropped or open, normalised rule texts): a rule the
    person has (in their pool or the household's, even dismissed: they said no to it) blocks its slot; an open
    suggestion blocks its slot; a dropped one blocks that very preference."""
    slots: set[str] = set()
    texts: set[str] = set()
    for row in tx.execute(
        "SELECT text, display_text FROM facts WHERE predicate = ? AND status = 'active' "
        "AND (owner_id IS ? OR owner_id IS NULL)",
        (RULE, owner_id),
    ):
        for text in filter(None, (row["text"], row["display_text"])):  # as said, and as edited since
            texts.add(_norm(text))
            slots |= {p.slot for p in preferences(text)}
    prefs: set[Preference] = set()
    for row in tx.execute(
        "SELECT detail, payload, resolved_at, resolution FROM review_queue WHERE kind = ? AND speaker_id IS ?",
        (REVIEW_KIND, speaker_id),
    ):
        payload = json.loads(row["payload"] or "{}")
        found = preferences(payload.get("text") or row["detail"] or "")
        if row["resolved_at"] is None:
            slots |= {p.slot for p in found}
        else:  # accepted (a rule now, or erased since: not suggested again) or dropped
            prefs |= found
    return slots, prefs, texts


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def suggest_rules(
    tx: WriteTx,
    speaker_id: str | None,
    owner_id: str | None,
    texts: list[str],
    now: float,
    session_id: int | None = None,
) -> list[int]:
    """Review items (kind 'rule') for the preferences about how to answer that the speaker states in `texts` (the
    user turns of a session just formed, `session_id`) and also stated in an earlier session, unless a rule or a
    suggestion covers them already. Call it in the formation transaction after the session's facts are stored
    (a rule stated explicitly in it then blocks the suggestion). Returns the new items' ids.

    Only for a confidently identified speaker (owner_id, their pool, given): a voice that may be someone else
    suggests nothing, neither for the person it may be nor for the household."""
    if not speaker_id or owner_id is None or not texts:
        return []
    wanted: set[Preference] = set()
    for text in texts:
        wanted |= preferences(text)
    if not wanted:
        return []
    if session_id is None:
        session_id = _current_session(tx, speaker_id, texts)
    slots, refused, rule_texts = _blocked(tx, speaker_id, owner_id)
    created: list = []  # lastrowid of each insert
    for pref in sorted(wanted, key=lambda p: (p.slot, p.value)):
        if pref.slot in slots or pref in refused or _norm(pref.rule_text) in rule_texts:
            continue
        earlier = _earlier_turns(tx, pref, speaker_id, session_id, now)
        if not earlier:
            continue
        payload = {"text": pref.rule_text, "speaker": speaker_id, "owner": owner_id, "turns": earlier[:10]}
        created.append(
            tx.execute(
                "INSERT INTO review_queue(kind, fact_ids, detail, created_at, payload, speaker_id) "
                "VALUES (?, '[]', ?, ?, ?, ?)",
                (REVIEW_KIND, pref.rule_text, now, json.dumps(payload, ensure_ascii=False), speaker_id),
            ).lastrowid
        )
        slots.add(pref.slot)  # one suggestion a slot (two languages said in one session: the first only)
    return created


def accept_rule_suggestion(tx: WriteTx, item_row, actor: str, store=None, rules: FactRules | None = None) -> dict:
    """Store the rule a review item of kind 'rule' suggests, in the pool it names, linked to the turns it was
    said in; audited as "rule.add" (from the review item). Marking the item resolved is the caller's.
    {"id", "ref", "action", "owner"}."""
    if item_row["kind"] != REVIEW_KIND:
        raise UserError(f"review item {item_row['id']} is not a rule suggestion")
    payload = json.loads(item_row["payload"] or "{}")
    speaker = payload.get("owner", payload.get("speaker"))
    known = {
        r[0]
        for r in tx.execute(
            "SELECT id FROM turns WHERE id IN (SELECT value FROM json_each(?))",
            (json.dumps(payload.get("turns") or []),),
        )
    }
    result = store_rule(
        tx,
        payload.get("text") or item_row["detail"],
        speaker,
        actor,
        store=store,
        rules=rules,
        source="review",
        turn_ids=sorted(known),  # those still there (retention or an erase may have taken some)
        detail={"from": f"review:{item_row['id']}"},
    )
    return dict(result, ref=f"fact:{result['id']}")
