"""A question resolved to the asker before any search: whom it is about and what it asks.

"where do I live?" from alice is about alice and asks `lives_in`; "is my daughter allergic to anything?" is
about the entity alice calls her daughter; "Mum" from Emma is the parent Emma calls mother; "what should I
cook tonight?" asks the food topic, so every allergy and diet the asker may read counts. The facts that
answer it are fetched directly (the current ones, or their history when the question asks about the past),
so no similarity cutoff can drop them. The words are a table per language (resources/questions.json).

Reads only: a name nobody has used resolves to nothing (formation creates entities, a question never does).
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from functools import cache

from ..entities.resolve import INVERSE, NEUTRAL, SYNONYMS, norm, related, relation_word, unspoken_person
from ..formation.ledger import speaker_name
from ..resources import read_json
from ..store.database import Store
from ..store.tracks import FACTS
from .recall import FIELDS, row_to_item
from .scope import Scope
from .search import Filters
from .when import find_time_range

RULE = "rule"  # rules have their own section of the context
INTRODUCING = ("family_member", "pet")  # the facts that say who a relative or a pet is
MAX_CANDIDATES = 100  # facts of one lookup ranked for an answer
MAX_NGRAM = 3  # names are at most this many words ("Aunt Mary Ellen")
KNOWN_RELATIONS = frozenset(INVERSE) | frozenset(SYNONYMS)


@dataclass(frozen=True)
class Words:
    """One language's question words."""

    self_words: frozenset[str]
    household: tuple[str, ...]
    relation_prefix: frozenset[str]
    vocative: frozenset[str]
    past: tuple[str, ...]
    predicates: dict[str, tuple[str, ...]]
    topics: dict[str, dict]
    slots: dict[str, tuple[str, ...]]


@cache
def words_for(language: str) -> Words:
    tables = read_json("questions.json")
    table = tables.get((language or "en").split("-")[0].lower()) or tables["en"]
    return Words(
        self_words=frozenset(table["self"]),
        household=tuple(table["household"]),
        relation_prefix=frozenset(table["relation_prefix"]),
        vocative=frozenset(table["vocative_relations"]),
        past=tuple(table["past"]),
        predicates={p: tuple(cues) for p, cues in table["predicates"].items()},
        topics=table["topics"],
        slots=predicate_slots(),
    )


def predicate_slots() -> dict[str, tuple[str, ...]]:
    """The predicates that share one slot (resources/predicates.json): a job is a role and an employer."""
    slots: dict[str, list[str]] = {}
    for spec in read_json("predicates.json"):
        if spec.get("slot"):
            slots.setdefault(spec["slot"], []).append(spec["name"])
    return {name: tuple(preds) for name, preds in slots.items()}


def _has(padded: str, phrase: str) -> bool:
    return f" {phrase} " in padded


@dataclass(frozen=True)
class Question:
    text: str
    speaker: str | None
    subjects: tuple[int, ...] = ()  # the entities it is about
    named: tuple[int, ...] = ()  # of those, the ones named by a relation or a name (not the asker)
    predicates: tuple[str, ...] = ()
    everyone: tuple[str, ...] = ()  # predicates asked of everyone in scope (an allergy matters at any dinner)
    past: bool = False
    circle: tuple[int, ...] = ()  # the asker, the household and whom the asker names by a relation
    during: tuple[float | None, float | None] | None = None  # asked of a time ("as of May"): facts valid then
    search_text: str = ""  # the question with the asker's words replaced by their name
    mentions: dict = field(default_factory=dict)  # what was recognised, for explaining

    def explain(self) -> dict:
        """What the question was read as (the context's `question`): shown, not used by clients."""
        return {
            "subjects": list(self.subjects),
            "predicates": list(self.predicates),
            "everyone": list(self.everyone),
            "past": self.past,
            **self.mentions,
        }

    @property
    def directed(self) -> bool:
        return bool(self.subjects and (self.predicates or self.named)) or bool(self.everyone)


def tokens(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.lower().replace("\u2019", "'"))


def _possessive(word: str) -> str:
    return word[:-2] if word.endswith("'s") else word[:-1] if word.endswith("s'") else word


def speaker_entity(conn, speaker_id: str | None) -> int | None:
    if not speaker_id:
        return None
    row = conn.execute(
        "SELECT id FROM entities WHERE speaker_id = ? AND merged_into IS NULL ORDER BY id LIMIT 1", (speaker_id,)
    ).fetchone()
    if row:
        return row[0]
    # named by others ("my daughter Emma") before she said anything herself: formation adopts that entity
    return unspoken_person(conn, speaker_name(conn, speaker_id) or speaker_id, speaker_id)


def household_entity(conn) -> int | None:
    row = conn.execute("SELECT id FROM entities WHERE kind = 'household' ORDER BY id LIMIT 1").fetchone()
    return row[0] if row else None


def relatives(conn, entity: int | None, relation: str) -> list[int]:
    """Whom `entity` names by `relation`, by the word itself or by its neutral form ("mother" -> "parent")."""
    if entity is None:
        return []
    for word in dict.fromkeys((relation, NEUTRAL.get(relation, relation))):
        found = related(conn, entity, word)
        if found:
            return found
    return []


def circle_of(conn, me: int | None, home: int | None) -> tuple[int, ...]:
    """The asker, the household, and everyone the asker names by a relation (their child, their partner)."""
    circle = [e for e in (me, home) if e is not None]
    if me is not None:
        circle += [r[0] for r in conn.execute("SELECT to_entity FROM entity_relations WHERE from_entity = ?", (me,))]
    return tuple(dict.fromkeys(circle))


def named_entities(conn, words: list[str], skip: frozenset[str]) -> dict[str, list[int]]:
    """The entities whose alias is a word or a run of up to MAX_NGRAM words of the question."""
    grams = {
        " ".join(words[i : i + n])
        for n in range(1, MAX_NGRAM + 1)
        for i in range(len(words) - n + 1)
        if not (n == 1 and words[i] in skip)
    }
    grams = {norm(g) for g in grams} - {""}
    if not grams:
        return {}
    marks = ", ".join("?" * len(grams))
    found: dict[str, list[int]] = {}
    for alias, entity in conn.execute(
        f"SELECT a.norm, e.id FROM entity_aliases a JOIN entities e ON e.id = a.entity_id "
        f"WHERE a.norm IN ({marks}) AND e.merged_into IS NULL AND e.kind <> 'household'",
        sorted(grams),
    ):
        found.setdefault(alias, []).append(entity)
    # "Emma Silva" named: not also every "Emma"
    return {a: ids for a, ids in found.items() if not any(a != b and f" {a} " in f" {b} " for b in found)}


def _relatives_named(conn, words: list[str], lang: Words, me, home, mentions: dict) -> tuple[list[int], set[int]]:
    """ "my daughter", "our son's", "Mum": the asker's relatives (or else the household's), and the positions of
    the "my" they consumed (about the daughter, not the asker)."""
    named: list[int] = []
    consumed: set[int] = set()
    for i, word in enumerate(words):
        relation = relation_word(word) or word
        if relation not in KNOWN_RELATIONS:
            continue
        prefixed = i > 0 and words[i - 1] in lang.relation_prefix
        if not prefixed and word not in lang.vocative:
            continue
        found = relatives(conn, me, relation) or relatives(conn, home, relation)
        if found:
            mentions.setdefault("relations", []).append(word)
            named += found
            consumed.add(i - 1)
    return named, consumed


def read_question(conn, text: str, speaker_id: str | None, speaker_name: str | None, language: str) -> Question:
    lang = words_for(language)
    raw = tokens(text)
    words = [_possessive(w) for w in raw]
    padded = f" {' '.join(raw)} "
    me = speaker_entity(conn, speaker_id)
    home = household_entity(conn)
    subjects: list[int] = []
    mentions: dict[str, list] = {}

    named, consumed = _relatives_named(conn, words, lang, me, home, mentions)
    asks_self = any(w in lang.self_words for j, w in enumerate(raw) if j not in consumed)
    asks_home = any(_has(padded, h) for h in lang.household)
    skip = lang.self_words | lang.relation_prefix | KNOWN_RELATIONS
    for alias, ids in named_entities(conn, words, skip).items():
        mentions.setdefault("names", []).append(alias)
        named += [i for i in ids if i != me]
        if me in ids:
            asks_self = True
    if asks_self and me is not None:
        subjects.append(me)
    subjects += named
    if (asks_home or asks_self) and home is not None:
        subjects.append(home)  # "where do I live?" is answered by "we live in Cork" too

    predicates: list[str] = []
    everyone: list[str] = []
    for predicate, cues in lang.predicates.items():
        if any(_has(padded, cue) for cue in cues):
            predicates.append(predicate)
    for slot in lang.slots.values():  # one slot, one answer: a job is said as a role or as an employer
        if any(p in predicates for p in slot):
            predicates += [p for p in slot if p not in predicates]
    for topic, spec in lang.topics.items():
        if any(_has(padded, w) for w in spec["words"]):
            mentions.setdefault("topics", []).append(topic)
            predicates += [p for p in spec["predicates"] if p not in predicates]
            everyone += [p for p in spec.get("everyone", ()) if p not in everyone]
    if predicates and not subjects:
        # "when do the bins go out?": the asker's and the household's
        subjects = [e for e in (me, home) if e is not None]
    past = any(_has(padded, p) for p in lang.past)
    return Question(
        text=text,
        speaker=speaker_id,
        subjects=tuple(dict.fromkeys(subjects)),
        named=tuple(dict.fromkeys(named)),
        predicates=tuple(predicates),
        everyone=tuple(everyone),
        circle=circle_of(conn, me, home) if (everyone or named) else (),
        past=past,
        during=_during(text, language) if past else None,
        search_text=in_third_person(text, speaker_name) if speaker_name else text,
        mentions=mentions,
    )


def _during(text: str, language: str) -> tuple[float | None, float | None] | None:
    """The range a question about the past names ("where did I live back in 2024?"), if any."""
    found = find_time_range(text, language)
    return None if found.phrase is None else (found.since, found.until)


def in_third_person(text: str, name: str) -> str:
    """ "where do I live" -> "where do Alice live": the stored facts name the person, a vector finds them by it."""
    text = re.sub(r"\b(my|mine)\b", f"{name}'s", text, flags=re.IGNORECASE)
    return re.sub(r"\b(i|me|myself)\b", name, text, flags=re.IGNORECASE)


def answer_facts(store: Store, question: Question, scope: Scope, limit: int) -> list[dict]:
    """The facts that answer the question, in the scope: of its subjects and predicates (every current fact of
    a subject named without a predicate), the facts introducing a named relative or pet, and the topic's
    facts of the asker's circle (an allergy of their child matters at their dinner). Current ones only unless
    it asks about the past; most important first. Each lookup goes through the subject index."""
    if not question.directed or scope.empty or limit <= 0:
        return []
    lookups: list[tuple[tuple[int, ...], tuple[str, ...] | None, tuple[int, ...] | None]] = []
    if question.subjects and question.predicates:
        lookups.append((question.subjects, question.predicates, None))
    if question.named and not question.predicates:
        lookups.append((question.named, None, None))  # "tell me about Emma": all of hers
    if question.named and question.circle:
        lookups.append((question.circle, INTRODUCING, question.named))  # "alice's daughter is called Emma"
    if question.everyone and question.circle:
        lookups.append((question.circle, question.everyone, None))
    where, params = Filters(scope, include_inactive=question.past).where(FACTS)
    if question.past:  # history, but never what a person dismissed
        where += " AND x.dismissed = 0"
    if question.during is not None:  # valid at some time in the range
        since, until = question.during
        if until is not None:
            where += " AND x.valid_from < ?"
            params.append(until)
        if since is not None:
            where += " AND (x.valid_to IS NULL OR x.valid_to > ?)"
            params.append(since)
    found: dict[int, sqlite3.Row] = {}
    with store.reading() as conn:
        for subjects, predicates, objects in lookups:
            match = f"x.subject_entity IN ({_marks(subjects)})"
            args: list = list(subjects)
            if predicates:
                match += f" AND x.predicate IN ({_marks(predicates)})"
                args += predicates
            if objects:
                match += f" AND x.object_entity IN ({_marks(objects)})"
                args += objects
            # The newest MAX_CANDIDATES of a lookup are ranked (a person has a handful of allergies; a runaway
            # list must not cost every live turn a sort of thousands). "+x.id": found through the subject index,
            # then sorted; ordered by the bare id the planner may walk every fact newest first instead (14 ms
            # against 0.1 at 20k facts, on the live turn's path).
            sql = (
                f"SELECT {FIELDS['facts']}, x.subject_entity FROM facts x WHERE x.id IN (SELECT x.id FROM facts x "
                f"WHERE {match} AND x.predicate <> '{RULE}' AND {where} ORDER BY +x.id DESC LIMIT {MAX_CANDIDATES}) "
                f"ORDER BY x.importance DESC, x.valid_from DESC LIMIT ?"
            )
            for row in conn.execute(sql, [*args, *params, limit]):
                found.setdefault(row["id"], row)
    ranked = sorted(
        found.values(), key=lambda r: (r["status"] != "active", -(r["importance"] or 0.0), -r["valid_from"], -r["id"])
    )
    return [dict(row_to_item(FACTS, row), answers=True) for row in ranked[:limit]]


def _marks(values) -> str:
    return ", ".join("?" * len(values))


def first_the_answers(found: list[dict], answers: list[dict], k: int) -> list[dict]:
    """Recall's facts with the ones that answer the question first (shown as strong, whatever their score),
    the rest after them without duplicates, k in all."""
    top = max((f.get("score", 0.0) for f in found), default=0.0)
    shown = []
    for fact in answers:
        shown.append(dict(fact, score=top, parts={"answers": True}, relevance="strong"))
    ids = {f["id"] for f in shown}
    return (shown + [f for f in found if f["id"] not in ids])[:k]
