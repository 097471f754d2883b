"""Context assembly: the memory block put in front of the current user message for each live turn.

The rules of the scope (standing instructions, facts with predicate `rule`), the pinned profile card
(always-inject facts, most important first) and the facts relevant to what was said, in the speaker's scope,
rendered as a `[Turn context]` preamble with the current date and time in the household's language. A rule
is shown in its own section only, never again among the pinned or relevant facts. It never goes into the
system prompt, so a cached system prefix stays valid.
"""

from __future__ import annotations

import time
from datetime import datetime

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_datetime

from ..formation.ledger import speaker_name
from ..settings import Settings
from ..store.database import Store
from ..store.tracks import FACTS
from ..timeutil import base_language
from .question import Question, answer_facts, read_question
from .recall import Recaller, row_to_item
from .scope import Scope
from .search import Filters

DATE_PATTERN = "EEEE d MMMM y, HH:mm"  # English; other languages write the date as their own full form
# The preamble's headings in the household's language (the [Turn context] markers stay: a model's anchor).
HEADINGS = {
    "en": {
        "now": "Now",
        "rules": "Rules",
        "pinned": "Always remember",
        "relevant": "Relevant memories",
        "until": "until",
    },
    "de": {
        "now": "Jetzt",
        "rules": "Regeln",
        "pinned": "Immer beachten",
        "relevant": "Relevante Erinnerungen",
        "until": "bis",
    },
    "pt": {
        "now": "Agora",
        "rules": "Regras",
        "pinned": "Lembrar sempre",
        "relevant": "Memórias relevantes",
        "until": "até",
    },
    "fr": {
        "now": "Maintenant",
        "rules": "Règles",
        "pinned": "Toujours retenir",
        "relevant": "Souvenirs utiles",
        "until": "jusqu'au",
    },
    "es": {
        "now": "Ahora",
        "rules": "Reglas",
        "pinned": "Recordar siempre",
        "relevant": "Recuerdos relevantes",
        "until": "hasta",
    },
}
RULE = "rule"  # the predicate of a standing instruction (resources/predicates.json)
MAX_RULES = 30  # a household's standing instructions are a handful; this bounds a runaway list
# CREATE INDEX facts_rules ON facts(owner_id, valid_from) WHERE predicate = 'rule' AND status = 'active'
RULES_INDEX = "facts_rules"

CARD_FIELDS = (
    "id, text, display_text, subject, predicate, object, owner_id, status, provenance, confidence, "
    "support_count, always_inject, valid_from, valid_to, superseded_by, use_count"
)


def localized_now(language: str, now: datetime | None = None) -> str:
    now = now or datetime.now().astimezone()
    try:
        locale = Locale.parse(language.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        locale = Locale.parse("en")
    if locale.language == "en":
        return format_datetime(now, DATE_PATTERN, locale=locale)
    # "Dienstag, 1. Dezember 2026", "terça-feira, 1 de dezembro de 2026": each language's own way
    return f"{format_date(now, 'full', locale=locale)}, {format_datetime(now, 'HH:mm', locale=locale)}"


def headings(language: str) -> dict[str, str]:
    return HEADINGS.get(base_language(language), HEADINGS["en"])


def scope_rules(store: Store, scope: Scope, limit: int = MAX_RULES) -> list[dict]:
    """The current rules the scope reads (active, not dismissed): a person's own first, then the household's,
    each oldest first (the order they were given in)."""
    if scope.empty:
        return []
    where, params = Filters(scope).where(FACTS)
    with store.reading() as conn:
        # Without an index of its own the planner reads every fact of the pools through the owner index (some ms
        # at 20k facts, on every live turn); the partial index RULES_INDEX, where the schema has it, reads the
        # rules only.
        indexed = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?", (RULES_INDEX,))
        hint = f"INDEXED BY {RULES_INDEX} " if indexed.fetchone() else ""
        rows = conn.execute(
            f"SELECT {CARD_FIELDS} FROM facts x {hint}WHERE x.predicate = '{RULE}' AND {where} "
            f"ORDER BY x.owner_id IS NULL, x.valid_from, x.id LIMIT ?",
            [*params, limit],
        ).fetchall()
    return [row_to_item(FACTS, r) for r in rows]


def pinned_card(store: Store, scope: Scope, limit: int) -> list[dict]:
    """The always-inject facts of the scope, most important first (then the most recent); rules have their own
    section."""
    if limit <= 0:
        return []
    where, params = Filters(scope).where(FACTS)
    with store.reading() as conn:
        rows = conn.execute(
            f"SELECT {CARD_FIELDS} FROM facts x "
            # The planner prefers the owner index and sorts all of a pool's facts; the card's partial index reads
            # only pinned ones (0.1 ms instead of 9 at 20k facts).
            f"INDEXED BY facts_pinned "
            f"WHERE x.always_inject = 1 AND x.predicate <> ? AND {where} "
            f"ORDER BY x.importance DESC, x.valid_from DESC, x.id DESC LIMIT ?",
            [RULE, *params, limit],
        ).fetchall()
    return [row_to_item(FACTS, r) for r in rows]


def importance_of(store: Store, ids: list[int]) -> dict[int, float]:
    if not ids:
        return {}
    with store.reading() as conn:
        return dict(
            conn.execute(f"SELECT id, importance FROM facts WHERE id IN ({', '.join('?' * len(ids))})", ids).fetchall()
        )


def cut(store: Store, relevant: list[dict], k: int) -> list[dict]:
    """The first k of the relevant facts (best first). Search decides the order and the cut is not allowed to
    overrule it, with one exception: facts scored exactly the same as the last one kept are tied at the cut, and
    of those, the more important ones are kept. Facts ranked above the tie stay whatever their importance; the
    ones kept stay in search order."""
    if len(relevant) <= k:
        return relevant
    if k <= 0:
        return []
    boundary = relevant[k - 1]["score"]
    above = [f for f in relevant if f["score"] > boundary]
    tied = [f for f in relevant if f["score"] == boundary]
    if len(above) + len(tied) <= k:  # the cut falls below the tie (scores not in order): keep the order
        return relevant[:k]
    importance = importance_of(store, [f["id"] for f in tied])
    # sorted() is stable: among equally important tied facts, search order decides
    chosen = {f["id"] for f in sorted(tied, key=lambda f: -importance.get(f["id"], 0.0))[: k - len(above)]}
    return [f for f in relevant if f["score"] > boundary or f["id"] in chosen]


def asked(store: Store, settings: Settings, text: str, speaker: str | None) -> Question:
    """The question read against the asker's entities (their name stands in for "I" in the search)."""
    with store.reading() as conn:
        name = (speaker_name(conn, speaker) or speaker) if speaker else None
        return read_question(conn, text, speaker, name, settings["general.system_language"])


def render(
    now_text: str, pinned: list[dict], relevant: list[dict], rules: list[dict] | None = None, language: str = "en"
) -> str:
    said = headings(language)
    lines = ["[Turn context]", f"{said['now']}: {now_text}"]
    if rules:
        lines.append(f"{said['rules']}:")
        lines += [f"- {r['text']}" for r in rules]
    if pinned:
        lines.append(f"{said['pinned']}:")
        lines += [f"- {f['text']}" for f in pinned]
    if relevant:
        lines.append(f"{said['relevant']}:")
        lines += [f"- {f['text']}{_until(f, said['until'])}" for f in relevant]
    lines.append("[/Turn context]")
    return "\n".join(lines)


def _until(fact: dict, word: str = "until") -> str:
    """A fact no longer current (asked about the past) says until when it held."""
    if fact.get("status", "active") == "active" or not fact.get("valid_to"):
        return ""
    return f" ({word} {fact['valid_to'][:10]})"


def assemble(recaller: Recaller, settings: Settings, text: str, scope: Scope, speaker: str | None = None) -> dict:
    injecting = settings["memory.enabled"] and settings["memory.injection_enabled"]
    mode = settings["memory.recall_mode"] if injecting else "OFF"
    result: dict = {"mode": mode, "preamble": "", "message": text, "rules": [], "pinned": [], "facts": []}
    if mode == "OFF" or scope.empty:
        return result
    store = recaller.store
    searching = mode == "FULL" and bool(text.strip())
    if searching:
        question = asked(store, settings, text, speaker)
        # The question's embedding (the longest step) runs while the rules, the card and the answers are read.
        space_soon = recaller.query_space_soon(question.search_text)
    rules = scope_rules(store, scope)
    pinned = pinned_card(store, scope, settings["memory.pinned_card_max_facts"])
    relevant: list[dict] = []
    if searching:
        top_k = settings["memory.recall_top_k"]
        # The facts that answer the question come first and no cutoff drops them; a pinned one stays pinned.
        shown = {f["id"] for f in pinned}
        answers = [f for f in answer_facts(store, question, scope, top_k) if f["id"] not in shown]
        shown |= {f["id"] for f in answers}
        min_sim = settings["memory.recall_min_similarity"]
        # Rules, pinned and answering facts are shown already: fetched beyond top_k so that dropping them
        # leaves enough.
        hits = recaller.search_facts(
            question.search_text, Filters(scope), top_k + len(shown) + len(rules), space_soon=space_soon
        )
        related = [
            h for h in hits if h["id"] not in shown and h["predicate"] != RULE and h.get("similarity", 0.0) >= min_sim
        ]
        relevant = answers + cut(store, related, max(0, top_k - len(answers)))
        result["question"] = question.explain()
    language = settings["general.system_language"]
    preamble = render(localized_now(language), pinned, relevant, rules, language)
    injected = [f["id"] for f in rules + pinned + relevant]
    if injected:
        recaller.usage.note(injected, time.time())  # a usage statistic, written in batches
    result.update(preamble=preamble, message=f"{preamble}\n\n{text}", rules=rules, pinned=pinned, facts=relevant)
    return result
