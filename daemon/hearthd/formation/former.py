"""Former: turning one ended session of the ledger into facts (L3) and episodes (L4): one per pool the session
touched, each made from what that pool may see (episodes.pool_views), linked to each other.

Everything slow (extraction, embedding, the generator) happens first, on read connections; then one write
transaction stores the facts, the episodes, their links and the formed_at stamp together. A crash before the
commit leaves the session unformed (the next pass forms it); after it, formed_at makes forming it again a
no-op. So a session is formed exactly once.

How the generator is used is the caller's choice per session (a Mode; the sweeper decides, see sweeper.py).
A session with nothing to form (gated, anonymous, cleared) is stamped in every mode.
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
from dataclasses import dataclass, field, replace
from enum import StrEnum

import numpy as np

from ..embedding.service import Priority, TextEmbedder
from ..entities.resolve import names_as_written, norm, of_the_household, preview_name
from ..errors import NotFound
from ..generators.base import Generator, GeneratorError
from ..generators.steps import extract_with_generator, judge_with_generator, narrative_with_generator
from ..settings import Settings
from ..store.database import Store
from ..store.tracks import EPISODES, FACTS, TURNS
from ..store.vectors import encode
from ..timeutil import resolve_time_hint
from . import claims, extraction, ledger, release, reschedule, slot_change
from .classify import CATCH_ALL, PredicateClassifier
from .episodes import extractive_episode, participants, pool_views, related_episodes
from .extraction import FUNCTIONAL, KEYED, SLOTS, Candidate, Mention, load_catalogue
from .extraction.reader import Reader, reader_loaded, shared_reader
from .extraction.words import is_common
from .facts import FactIn, FactRules, active_fact_texts, event_kind, event_words, names_event, store_fact
from .importance import ImportanceParams
from .quality import quality_problem
from .suggest_rules import preferences, suggest_rules

log = logging.getLogger(__name__)
# Who says an event is theirs: "my swimming", "I have", "we've got"
_SAID_AS_ONES_OWN = re.compile(r"^\W*(?:I|I'm|I've|Im|Ive|my|me|we|we're|we've|our)\b", re.I)

CHUNK_TURNS = 8
MAX_TRANSCRIPT_CHARS = 12_000
# A crash-test hook: hold the formation transaction open this long before committing.
PAUSE_ENV = "HEARTH_TEST_FORMATION_PAUSE_SECONDS"


class Mode(StrEnum):
    """How forming one session may use the generator."""

    FALLBACK = "fallback"  # use it; a step it fails takes the rule-based path
    STRICT = "strict"  # use it; when any call fails write nothing and raise GeneratorUnavailable (stays pending)
    RULES = "rules"  # do not call it
    WAIT = "wait"  # do not call it, and raise GeneratorUnavailable for a session that has something to form

    @property
    def uses_generator(self) -> bool:
        return self in (Mode.FALLBACK, Mode.STRICT)


@dataclass
class SessionResult:
    """What forming one session produced (stored as the session's formation_result, listed by a pass)."""

    session: int
    facts: list[dict] = field(default_factory=list)  # {"id", "action"} per candidate stored
    episode: int | None = None  # the session's episode (the household's, when it has several)
    episodes: list[int] | None = None  # every episode of a session of several pools, the household's first
    reason: str | None = None  # why nothing was formed: cleared, anonymous, gated
    detail: str | None = None  # the reason's particulars ("1 user turn, 4 words, nothing to learn")
    claims: list[int] | None = None  # review items: personal statements of an uncertain voice
    suggested_rules: list[int] | None = None  # review items: preferences said again, as rules to accept
    skipped: str | None = None  # why the session was not touched: already formed
    dropped: dict[str, int] | None = None
    degraded: list[str] | None = None
    tokens: dict | None = None

    def as_dict(self) -> dict:
        if self.skipped:
            return {"session": self.session, "skipped": self.skipped}
        out: dict = {"session": self.session, "facts": self.facts, "episode": self.episode}
        for key in ("episodes", "reason", "detail", "claims", "suggested_rules", "dropped", "degraded", "tokens"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out


class EmbedderUnavailable(RuntimeError):
    pass


class GeneratorUnavailable(RuntimeError):
    """The generator failed while a session was planned (or is known down): nothing was written."""

    def __init__(self, message: str, waiting: bool = False):
        super().__init__(message)
        self.waiting = waiting  # not asked at all: it is in its pause after an earlier failure


@dataclass
class Plan:
    model: str
    facts: list[tuple[FactIn, np.ndarray]] = field(default_factory=list)
    claims: list[tuple[FactIn, np.ndarray]] = field(default_factory=list)  # waiting for the person to accept
    # (text, speaker, said at, turn, who its "she" or "he" is)
    releases: list[tuple[str, str, float, int, Mention | None]] = field(default_factory=list)
    said: list[tuple[str, str | None, list[str]]] = field(default_factory=list)  # (speaker, owner, texts): rules
    verdicts: dict[tuple[str, str], str] = field(default_factory=dict)
    episodes: list[dict] = field(default_factory=list)  # one per pool the session touched (pool_views)
    dropped: dict[str, int] = field(default_factory=dict)
    degraded: list[str] = field(default_factory=list)
    use_generator: bool = False
    tokens: dict | None = None


class Former:
    def __init__(
        self,
        store: Store,
        embedder: TextEmbedder,
        settings: Settings,
        generator: Generator,
        learned_reader: bool = True,
    ):
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self.generator = generator
        self.catalogue = load_catalogue()
        self.predicates = [p["name"] for p in self.catalogue]
        self.classifier = PredicateClassifier(self.catalogue, embedder)
        self.learned_reader = learned_reader  # off for a daemon on a fake embedder (tests): the rules alone
        self.reader_error: str | None = None

    @property
    def reads_with_reader(self) -> bool:
        return self.learned_reader and bool(self.settings["memory.learned_reader"])

    @property
    def reader(self) -> Reader | None:
        """The extractor's learned reader when memory.learned_reader is on, loaded by the first formation that
        reads with it; None, with one warning, when it cannot be loaded (the rules still read)."""
        if not self.reads_with_reader:
            return None
        try:
            return shared_reader()
        except Exception as exc:  # noqa: BLE001 - a broken install reads by the rules alone, and says so
            log.warning("the learned reader could not be loaded (%s): the rules read alone", exc)
            self.learned_reader, self.reader_error = False, str(exc)
            return None

    @property
    def reader_state(self) -> str:
        """For the status: off, loading (the first formation or the warm-up loads it), ready, or why it is not."""
        if self.reader_error:
            return f"unavailable: {self.reader_error}"
        if not self.reads_with_reader:
            return "off"
        return "ready" if reader_loaded() else "loading"

    # -- the rules one write follows ---------------------------------------------------------------------
    def rules(self, verdicts: dict[tuple[str, str], str] | None = None) -> FactRules:
        s = self.settings
        return FactRules(
            functional=FUNCTIONAL,
            keyed=KEYED,
            slots=SLOTS,
            per_qualifier=frozenset(p["name"] for p in self.catalogue if p.get("one_per_qualifier") is True),
            single_qualifiers={
                p["name"]: frozenset(event_kind(q) for q in p["one_per_qualifier"])
                for p in self.catalogue
                if isinstance(p.get("one_per_qualifier"), list)
            },
            importance=ImportanceParams.from_settings(s),
            dedup_similarity=s["memory.dedup_similarity"],
            contradiction_similarity=s["memory.contradiction_similarity"],
            inferred_confidence_cap=s["memory.inferred_fact_confidence_cap"],
            judge=(lambda new, old: verdicts.get((new, old))) if verdicts else None,
        )

    def place(self, fact: FactIn, speaker: str | None, band: str | None) -> str:
        """Where a candidate goes: "personal" (the speaker's pool), "household", "claim" (the review queue, in no
        pool until the person accepts it) or "drop". A personal statement opens a personal pool only from a
        confidently identified voice; a statement about the household goes to its pool from any identified one."""
        # the household itself, or one of it ("our son Felix is allergic to eggs"; then "Felix goes to Westfield")
        mention = fact.subject_mention
        about_household = getattr(mention, "kind", None) == "household" or getattr(mention, "shared", False)
        if not about_household and getattr(mention, "name", None):
            with self.store.reading() as conn:
                about_household = of_the_household(conn, mention.name)
        if speaker and about_household and band in ("high", "medium", "greeting"):
            return "household"
        if speaker and band == "high":
            return "personal"
        policy = self.settings["speakers.uncertain_facts"]
        if policy == "claim":
            return "claim" if speaker else "drop"
        return "household" if policy == "household" else "drop"

    def _name(self, speaker: str | None) -> str:
        if not speaker:
            return "The household"
        with self.store.reading() as conn:
            return ledger.speaker_name(conn, speaker) or speaker

    def facts_from_text(
        self,
        text: str,
        speaker: str | None,
        said_at: float,
        turn_ids: list[int],
        session_id: int | None,
        source: str,
        discourse: extraction.Discourse | None = None,
    ) -> tuple[list[FactIn], dict]:
        """Candidate facts of one user utterance by the rule extractor, through the quality gate (in no pool yet:
        the caller places them)."""
        facts, dropped = [], {}
        name = self._name(speaker)
        with self.store.reading() as conn:
            said = names_as_written(conn, text, is_common)
            candidates = [
                d
                for c in extraction.extract(said, "user", discourse, self.reader)
                if (d := self._decided(c)) is not None
            ]
            for c in candidates:
                who = preview_name(conn, c.subject, speaker, name)
                household = getattr(c.subject, "kind", None) == "household"
                fact_text = _render(c.text, who, household, c.predicate)
                problem = quality_problem(fact_text)
                if problem:
                    dropped[problem] = dropped.get(problem, 0) + 1
                    continue
                facts.append(
                    FactIn(
                        subject=speaker or "household",
                        predicate=c.predicate,
                        object=c.object.replace("{subject}", who),
                        text=fact_text,
                        provenance=c.provenance,
                        valid_from=resolve_time_hint(c.time_hint, said_at),
                        said_at=said_at,
                        source=source,
                        qualifier=c.qualifier,
                        session_id=session_id,
                        turn_ids=list(turn_ids),
                        speaker=speaker,
                        subject_mention=c.subject,
                        object_mention=c.object_mention,
                        change=extraction.said_as_a_change(c),
                        guessed=c.guessed,
                    )
                )
            _one_start(facts)
            # "Swimming's Thursdays now": an event said without whose it is, as one's own, is the one of its kind
            # that exists (Cerys's swimming), moved
            unowned = [f for f in facts if f.predicate in reschedule.EVENTS and f.subject_mention is None]
            if unowned and not _SAID_AS_ONES_OWN.match(text):
                moved = reschedule.rescheduled(
                    conn, text, speaker, said_at, source, release.referent_of(text, discourse)
                )
                if moved is not None and all(names_event(moved.qualifier, event_words(f.qualifier)) for f in unowned):
                    moved.session_id, moved.turn_ids = session_id, list(turn_ids)
                    facts = [f for f in facts if f not in unowned] + [moved]
            # "Gran's appointment is now the 2nd of April": an event that exists, moved in words read against it
            if not any(f.predicate in reschedule.EVENTS for f in facts):
                referent = release.referent_of(text, discourse)
                moved = reschedule.rescheduled(conn, text, speaker, said_at, source, referent)
                # "Leo's switched from judo to karate": another activity in the week's slot
                moved = reschedule.switched(conn, text, speaker, said_at, source, referent) or moved
                if moved is not None:
                    moved.session_id, moved.turn_ids = session_id, list(turn_ids)
                    facts.append(moved)
            # "my surname is tuilau now": one's full name with it
            for renamed in slot_change.full_name_after_surname(conn, facts, text, speaker, said_at):
                renamed.session_id, renamed.turn_ids = session_id, list(turn_ids)
                facts.append(renamed)
            # "otis has left quellbrook, he's working at marrowfield signs now": a new value of what is stored
            changed = slot_change.changed_slot(conn, text, speaker, said_at, source)
            if changed is not None and (
                all(f.guessed for f in facts)
                # ("... so we're with Plusnet now, the router's in the hallway": the rules read something else)
                or not any((f.predicate, f.qualifier) == (changed.predicate, changed.qualifier) for f in facts)
            ):
                # read against what is stored, it goes before the learned reader's guess of the same thing
                changed.session_id, changed.turn_ids = session_id, list(turn_ids)
                facts = [f for f in facts if f.predicate != changed.predicate or not f.guessed] + [changed]
            elif changed is not None:
                # "the honda went back, shes got a mazda now", read as Jess's Mazda: it replaces the Honda it names
                for f in facts:
                    if f.predicate == changed.predicate and norm(f.object) == norm(changed.object):
                        f.replaces = changed.replaces
        return facts, dropped

    def _decided(self, c: Candidate) -> Candidate | None:
        """The candidate as the model reads what the rules could not tell apart ("moved to Ericsson": a job;
        "at Vodafone now": a job, "at Grandma's now": nothing)."""
        if c.or_else is None and not c.employer_only:
            return c
        model = self.embedder.model_id
        employer = model is not None and self.embedder.can_embed(model) and self.classifier.is_employer(c.object, model)
        if c.employer_only:
            return replace(c, employer_only=False) if employer else None
        if not employer or c.or_else is None:
            return c
        predicate, text = c.or_else
        return replace(c, predicate=predicate, text=text, or_else=None)

    # -- forming a session -------------------------------------------------------------------------------
    def form(self, session_id: int, mode: Mode | str = Mode.FALLBACK, note: str | None = None) -> SessionResult:
        """Form one ended session as `mode` allows. `note` heads the session's degraded list when it is formed
        without the generator's help (by RULES, or a FALLBACK that needed one)."""
        mode = Mode(mode)  # a ValueError for an unknown one
        with self.store.reading() as conn:
            session = ledger.session(conn, session_id)
            if session is None:
                raise NotFound(f"no session {session_id}")
            if session["formed_at"] is not None:
                return SessionResult(session_id, skipped="already formed")
            turns = ledger.session_turns(conn, session_id)
        reason, detail = self._nothing_to_form(session, turns)
        if reason:
            return self._commit(session_id, None, reason, detail)
        turns = [t for t in turns if not t["cleared"]]  # one person cleared their words: the others' still form
        use = self.generator.available and mode.uses_generator
        if self.generator.available and mode == Mode.WAIT:
            raise GeneratorUnavailable("waiting for the generator", waiting=True)
        with self.generator.meter("formation", session=session_id) as meter:
            plan = self._plan(session_id, turns, use)
        if use and meter.errors and not plan.degraded:  # a failed judge: its conservative rule decided
            plan.degraded.append(f"judge: {meter.errors[0]}")
        if mode == Mode.STRICT and plan.degraded:  # down, slow or garbage: nothing is written
            raise GeneratorUnavailable(plan.degraded[0])
        if note and (mode == Mode.RULES or plan.degraded):
            plan.degraded.insert(0, note)
        if meter.calls:
            plan.tokens = meter.tokens()
        return self._commit(session_id, plan, None)

    def _nothing_to_form(self, session, turns: list[dict]) -> tuple[str | None, str | None]:
        """(reason, detail) when the session has nothing to form; (None, None) otherwise."""
        if session["cleared"] or (turns and all(t["cleared"] for t in turns)):
            return "cleared", "the user asked to forget it"
        user = [t for t in turns if t["role"] == "user"]
        if not any(t["speaker_id"] for t in user):
            return "anonymous", "no identified speaker"
        s = self.settings
        if s["memory.session_gate_enabled"]:
            words = sum(len(t["text"].split()) for t in user)
            short = (
                len(user) < s["memory.session_gate_min_turns"] or words < s["memory.session_gate_min_content_tokens"]
            )
            # Short is not trivial: one spoken sentence often carries a fact. Gated only with nothing in it.
            said = [t["text"] for t in user if t["speaker_id"]]
            reader = self.reader
            if short and not any(_learnable(text, reader) for text in said):
                turns_said = f"{len(user)} user turn{'s' if len(user) != 1 else ''}"
                return "gated", f"{turns_said}, {words} words, no statement to learn"
        return None, None

    def _plan(self, session_id: int, turns: list[dict], use_generator: bool) -> Plan:
        model = self.embedder.model_id
        if model is None:
            raise EmbedderUnavailable("the embedding model is not loaded yet")
        plan = Plan(model=model, use_generator=use_generator)
        candidates: list[tuple[FactIn, str]] = []
        discourse: dict[str, extraction.Discourse] = {}  # per speaker: "she" in a later turn is whom they named before
        for chunk in _chunks([t for t in turns if t["role"] == "user" and t["speaker_id"]]):
            speaker, band = chunk[0]["speaker_id"], chunk[0]["band"]
            plan.said.append((speaker, speaker if band == "high" else None, [t["text"] for t in chunk]))
            found = self._extract_chunk(chunk, session_id, plan, discourse.setdefault(speaker, extraction.Discourse()))
            for fact in found:
                where = self.place(fact, speaker, band)
                if where == "drop":
                    plan.dropped["uncertain speaker"] = plan.dropped.get("uncertain speaker", 0) + 1
                    continue
                fact.owner_id = speaker if where == "personal" else None
                candidates.append((fact, where))
        if candidates:
            texts = [f.text for f, _ in candidates]
            _m, vectors = self.embedder.embed(texts, Priority.BACKGROUND, None, model)
            for (fact, where), vec in zip(candidates, vectors):
                if fact.predicate not in self.predicates:  # a generator's own word: type it by the anchors
                    fact.predicate = self.classifier.classify_note(vec, model)
                (plan.claims if where == "claim" else plan.facts).append((fact, vec))
            if plan.use_generator:
                plan.verdicts = self._prejudge(plan)
        if self.settings["episodes.enabled"]:
            plan.episodes = self._episodes(turns, model, plan)
        return plan

    def _extract_chunk(
        self, chunk: list[dict], session_id: int, plan: Plan, discourse: extraction.Discourse
    ) -> list[FactIn]:
        speaker = chunk[0]["speaker_id"]
        if plan.use_generator:
            try:
                found = extract_with_generator(
                    self.generator, self._name(speaker), [t["text"] for t in chunk], self.catalogue
                )
                name, facts = self._name(speaker), []
                for item in found:
                    about = Mention(name=item["about"]) if item.get("about") else None  # "my daughter Emma ..."
                    text = item["text"].replace("{subject}", item.get("about") or name)
                    if quality_problem(text):
                        continue
                    facts.append(
                        FactIn(
                            subject=speaker,
                            predicate=item["predicate"],
                            object=item["object"],
                            text=text,
                            provenance=item["provenance"],
                            speaker=speaker,
                            subject_mention=about,
                            valid_from=chunk[-1]["ts"],
                            source="formation",
                            session_id=session_id,
                            turn_ids=[t["id"] for t in chunk],
                        )
                    )
                return facts
            except GeneratorError as exc:
                plan.degraded.append(f"extraction: {exc}")
        facts = []
        for turn in chunk:
            found, dropped = self.facts_from_text(
                turn["text"], speaker, turn["ts"], [turn["id"]], session_id, "formation", discourse
            )
            facts += found
            if release.says_over(turn["text"]):  # "we sold the Yaris and bought a Kia Niro": both
                referent = release.referent_of(turn["text"], discourse)
                plan.releases.append((turn["text"], speaker, turn["ts"], turn["id"], referent))
            for k, v in dropped.items():
                plan.dropped[k] = plan.dropped.get(k, 0) + v
        return facts

    def _prejudge(self, plan: Plan) -> dict[tuple[str, str], str]:
        """Ask the generator about near candidates before the write, so no LLM call holds the writer."""
        verdicts = {}
        threshold = self.settings["memory.contradiction_similarity"]
        for fact, vec in plan.facts:
            with self.store.reading() as conn:
                texts = dict(active_fact_texts(conn, fact.subject, fact.owner_id))
            for fact_id, old in self.store.vectors_of(FACTS, list(texts), plan.model).items():
                if float(old @ vec) >= threshold:
                    verdict = judge_with_generator(self.generator, fact.text, texts[fact_id])
                    if verdict:
                        verdicts[(fact.text, texts[fact_id])] = verdict
        return verdicts

    def _episodes(self, turns: list[dict], model: str, plan: Plan) -> list[dict]:
        """One episode per pool the session touched, each from only the turns that pool may see."""
        known = self.store.vectors_of(TURNS, [t["id"] for t in turns], model)
        missing = [t for t in turns if t["id"] not in known]  # not embedded (in this model) yet
        if missing:
            fresh = self.embedder.embed([t["text"] for t in missing], Priority.BACKGROUND, None, model)[1]
            known.update(zip((t["id"] for t in missing), fresh))
        return [self._episode(owner, seen, own, known, model, plan) for owner, seen, own in pool_views(turns)]

    def _episode(
        self,
        owner: str | None,
        turns: list[dict],
        own: list[dict],
        known: dict[int, np.ndarray],
        model: str,
        plan: Plan,
    ) -> dict:
        """The episode of one pool from `turns` (what that pool may see) alone: narrative, vector, links. The
        generator narrates them all; the extractive narrative is chosen from `own` (pool_views)."""
        headline = summary = None
        if plan.use_generator:
            transcript = "\n".join(f"{t['speaker_id'] or t['role']}: {t['text']}" for t in turns)
            try:
                headline, summary = narrative_with_generator(self.generator, transcript[-MAX_TRANSCRIPT_CHARS:])
            except GeneratorError as exc:
                plan.degraded.append(f"episode: {exc}")
        if headline is None or summary is None:
            told = own or turns
            headline, summary = extractive_episode(told, np.stack([known[t["id"]] for t in told]))
        _m, vec = self.embedder.embed([f"{headline}. {summary}"], Priority.BACKGROUND, None, model)
        ended = max(t["ts"] for t in turns)
        s = self.settings
        links = []
        if s["episodes.linking_enabled"]:
            pools = self.store.owners.codes({None, owner})
            links = related_episodes(
                self.store,
                vec[0],
                model,
                ended,
                pools,
                s["episodes.linking_window_days"],
                s["episodes.linking_min_similarity"],
                s["episodes.linking_max_links"],
            )
        return {
            "headline": headline,
            "summary": summary,
            "participants": participants(turns),
            "owner": owner,
            "started": min(t["ts"] for t in turns),
            "ended": ended,
            "vector": vec[0],
            "links": links,
        }

    def _commit(
        self, session_id: int, plan: Plan | None, reason: str | None, detail: str | None = None
    ) -> SessionResult:
        """Store the plan (or, with none, why nothing formed) and stamp the session, in one transaction."""
        store, rules = self.store, self.rules(plan.verdicts if plan else None)
        pause = float(os.environ.get(PAUSE_ENV, "0") or 0)

        def write(tx):
            formed, thread_id = ledger.formation_state(tx, session_id)
            if formed:
                return SessionResult(session_id, skipped="already formed")
            result = SessionResult(session_id, reason=reason, detail=detail)
            if plan is not None:
                outcomes = [store_fact(tx, store, fact, (plan.model, vec), rules) for fact, vec in plan.facts]
                result.facts = [{"id": o["id"], "action": o["action"]} for o in outcomes]
                if plan.claims:
                    result.claims = [claims.hold(tx, fact, plan.model, vec) for fact, vec in plan.claims]
                for text, speaker, said_at, turn_id, referent in plan.releases:
                    same = [o["id"] for o, (f, _v) in zip(outcomes, plan.facts) if turn_id in f.turn_ids]
                    released = release.release(tx, text, speaker, said_at, "formation", same, referent)
                    result.facts += [{"id": f, "action": "released"} for f in released]
                now = time.time()
                suggested = [i for w, o, texts in plan.said for i in suggest_rules(tx, w, o, texts, now, session_id)]
                if suggested:
                    result.suggested_rules = suggested
                if plan.episodes:
                    pools = [(o["id"], fact.owner_id, fact.speaker) for o, (fact, _v) in zip(outcomes, plan.facts)]
                    ids = _write_episodes(tx, plan, session_id, thread_id, pools)
                    result.episode = ids[0]
                    if len(ids) > 1:
                        result.episodes = ids
                result.dropped, result.degraded, result.tokens = plan.dropped, plan.degraded, plan.tokens or None
            if pause:
                time.sleep(pause)
            ledger.mark_formed(tx, session_id, result.as_dict(), time.time())
            return result

        return store.writer.write(write, timeout=None)


def _write_episodes(
    tx, plan: Plan, session_id: int, thread_id: int, facts: list[tuple[int, str | None, str | None]]
) -> list[int]:
    """Insert the session's episodes (in plan order), their links to related recent episodes and to each other
    (the same conversation seen from another pool: a link between two episodes of one session, with the
    similarity of their narratives), and link each fact (id, owner pool, speaker) to the episode of its pool:
    a household fact said in a person's pool, in a session with no household episode, to that person's."""
    now = time.time()
    ids: list[int] = []
    for e in plan.episodes:
        episode_id = tx.execute(
            "INSERT INTO episodes(session_id, thread_id, headline, summary, participants, owner_id, started_at, "
            "ended_at, created_at, embedding, embed_model) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                session_id,
                thread_id,
                e["headline"],
                e["summary"],
                json.dumps(e["participants"]),
                e["owner"],
                e["started"],
                e["ended"],
                now,
                encode(e["vector"]),
                plan.model,
            ),
        ).lastrowid
        ids.append(episode_id)
        tx.executemany(
            "INSERT OR IGNORE INTO episode_links(episode_id, related_id, similarity) VALUES (?, ?, ?)",
            [(episode_id, rid, sim) for rid, sim in e["links"]] + [(rid, episode_id, sim) for rid, sim in e["links"]],
        )
    siblings = [
        (ids[i], ids[j], float(plan.episodes[i]["vector"] @ plan.episodes[j]["vector"]))
        for i in range(len(ids))
        for j in range(len(ids))
        if i != j
    ]
    tx.executemany("INSERT OR IGNORE INTO episode_links(episode_id, related_id, similarity) VALUES (?, ?, ?)", siblings)
    by_pool = {e["owner"]: episode_id for e, episode_id in zip(plan.episodes, ids)}
    links = set()
    for fact_id, owner, speaker in facts:
        episode_id = by_pool.get(owner) or by_pool.get(speaker) or (ids[0] if len(ids) == 1 else None)
        if episode_id is not None:
            links.add((fact_id, episode_id))
    tx.executemany("INSERT OR IGNORE INTO fact_episode_link(fact_id, episode_id) VALUES (?, ?)", sorted(links))
    tx.touch(EPISODES, ids)
    return ids


def _learnable(text: str, reader: Reader | None = None) -> bool:
    """Whether a user turn carries something to learn: a statement, a no-longer, a preference about answers."""
    return bool(extraction.extract(text, "user", reader=reader) or release.says_over(text) or preferences(text))


def _render(template: str, who: str, household: bool, predicate: str = "") -> str:
    """A candidate's text with its subject's name ("The bins go out on Thursday", not "The household: bins...")."""
    if household and template.startswith("{subject}: "):
        rest = template[len("{subject}: ") :]
        first = rest.split(" ", 1)[0]
        if predicate == "schedule" and first.lower() not in ("the", "a", "an", "our", "my") and not first[:1].isupper():
            rest = "the " + rest  # "bins go out on Thursday": the household's bins (not "Rosa the cleaner comes")
        return rest[:1].upper() + rest[1:]
    return template.replace("{subject}", who)


def _chunks(user_turns: list[dict]):
    """Consecutive user turns of one speaker at one confidence, at most CHUNK_TURNS each, in order."""
    chunk: list[dict] = []
    for turn in user_turns:
        if chunk and (
            turn["speaker_id"] != chunk[0]["speaker_id"]
            or turn["band"] != chunk[0]["band"]
            or len(chunk) >= CHUNK_TURNS
        ):
            yield chunk
            chunk = []
        chunk.append(turn)
    if chunk:
        yield chunk


def _one_start(facts: list[FactIn]) -> None:
    """ "he started with gamcel last week as sales supervisor": the halves of one job said together began together
    (the employer said with when, the role without), so neither closes the other as older."""
    by_slot: dict[tuple, list[FactIn]] = {}
    for f in facts:
        if f.predicate in SLOTS and f.valid_from is not None:
            by_slot.setdefault((repr(f.subject_mention), SLOTS[f.predicate]), []).append(f)
    for group in by_slot.values():
        start = min(f.valid_from for f in group if f.valid_from is not None)
        for f in group:
            f.valid_from = start


__all__ = ["Former", "Mode", "SessionResult", "EmbedderUnavailable", "GeneratorUnavailable", "CATCH_ALL"]
