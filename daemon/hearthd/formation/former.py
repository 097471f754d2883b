"""FormSession: turning one ended session of the ledger into facts (L3) and an episode (L4).

Everything slow (extraction, embedding, the generator) happens first, on read connections; then one write
transaction stores the facts, the episode, their links and the formed_at stamp together. A crash before the
commit leaves the session unformed (the next pass forms it); after it, formed_at makes forming it again a
no-op. So a session is formed exactly once.

How the generator is used is the caller's choice per session (`mode`; the sweeper decides, see sweeper.py):
"fallback" uses it and takes the rule-based path for any step it fails; "strict" uses it and, when any call
fails, writes nothing and raises GeneratorUnavailable (the session stays pending for a later pass); "rules"
does not call it; "wait" does not call it either and raises GeneratorUnavailable for a session that has
something to form. A session with nothing to form (gated, anonymous, cleared) is stamped in every mode.
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass, field

import numpy as np

from ..embedding.service import Priority, TextEmbedder
from ..errors import NotFound
from ..generators.base import Generator, GeneratorError
from ..generators.steps import extract_with_generator, judge_with_generator, narrative_with_generator
from ..settings import Settings
from ..store.database import Store
from ..store.tracks import EPISODES
from ..store.vectors import decode, encode
from ..timeutil import resolve_time_hint
from .classify import CATCH_ALL, PredicateClassifier
from .episodes import extractive_episode, related_episodes
from .extract_rules import FUNCTIONAL, extract, load_catalogue
from .facts import FactIn, FactRules, store_fact
from .quality import quality_problem

log = logging.getLogger(__name__)

CHUNK_TURNS = 8
MAX_TRANSCRIPT_CHARS = 12_000
# A crash-test hook: hold the formation transaction open this long before committing.
PAUSE_ENV = "HEARTH_TEST_FORMATION_PAUSE_SECONDS"


MODES = ("fallback", "strict", "rules", "wait")


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
    verdicts: dict[tuple[str, str], str] = field(default_factory=dict)
    episode: dict | None = None
    dropped: dict[str, int] = field(default_factory=dict)
    degraded: list[str] = field(default_factory=list)
    use_generator: bool = False
    tokens: dict | None = None


class Former:
    def __init__(self, store: Store, embedder: TextEmbedder, settings: Settings, generator: Generator):
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self.generator = generator
        self.catalogue = load_catalogue()
        self.predicates = [p["name"] for p in self.catalogue]
        self.classifier = PredicateClassifier(self.catalogue, embedder)

    # -- the rules one write follows ---------------------------------------------------------------------
    def rules(self, verdicts: dict[tuple[str, str], str] | None = None) -> FactRules:
        s = self.settings
        return FactRules(functional=FUNCTIONAL, dedup_similarity=s["memory.dedup_similarity"],
                         contradiction_similarity=s["memory.contradiction_similarity"],
                         inferred_confidence_cap=s["memory.inferred_fact_confidence_cap"],
                         judge=(lambda new, old: verdicts.get((new, old))) if verdicts else None)

    def owner_for(self, speaker: str | None, band: str | None) -> tuple[bool, str | None]:
        """(keep, owner): a personal fact only from a confidently identified voice; otherwise the household
        pool or nowhere, per speakers.uncertain_facts."""
        if speaker and band == "high":
            return True, speaker
        return self.settings["speakers.uncertain_facts"] == "household", None

    def _name(self, speaker: str | None) -> str:
        if not speaker:
            return "The household"
        row = self.store.read().execute("SELECT name FROM speakers WHERE id = ?", (speaker,)).fetchone()
        return row[0] if row else speaker

    def facts_from_text(self, text: str, speaker: str | None, owner: str | None, said_at: float,
                        turn_ids: list[int], session_id: int | None, source: str) -> tuple[list[FactIn], dict]:
        """Candidate facts of one user utterance by the rule extractor, through the quality gate."""
        facts, dropped = [], {}
        name = self._name(speaker)
        for c in extract(text, "user"):
            fact_text = c.text.replace("{subject}", name)
            problem = quality_problem(fact_text)
            if problem:
                dropped[problem] = dropped.get(problem, 0) + 1
                continue
            facts.append(FactIn(subject=speaker or "household", predicate=c.predicate, object=c.object,
                                text=fact_text, owner_id=owner, provenance=c.provenance,
                                valid_from=resolve_time_hint(c.time_hint, said_at), source=source,
                                qualifier=c.qualifier, session_id=session_id, turn_ids=list(turn_ids)))
        return facts, dropped

    # -- forming a session -------------------------------------------------------------------------------
    def form(self, session_id: int, mode: str = "fallback", note: str | None = None) -> dict:
        """Form one ended session (see the module docstring for `mode`). `note` heads the session's degraded
        list when it is formed without the generator's help (by "rules", or a "fallback" that needed one)."""
        if mode not in MODES:
            raise ValueError(f"unknown formation mode {mode!r}")
        conn = self.store.read()
        session = conn.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if session is None:
            raise NotFound(f"no session {session_id}")
        if session["formed_at"] is not None:
            return {"session": session_id, "skipped": "already formed"}
        turns = [dict(r) for r in conn.execute(
            "SELECT id, role, text, speaker_id, band, owner_id, ts, embedding, embed_model, cleared FROM turns "
            "WHERE session_id = ? ORDER BY ts, id", (session_id,))]
        reason = self._nothing_to_form(session, turns)
        if reason:
            return self._commit(session_id, None, {"reason": reason})
        use = self.generator.available and mode in ("fallback", "strict")
        if self.generator.available and mode == "wait":
            raise GeneratorUnavailable("waiting for the generator", waiting=True)
        with self.generator.meter("formation", session=session_id) as meter:
            plan = self._plan(session_id, turns, use)
        if use and meter.errors and not plan.degraded:  # a failed judge: its conservative rule decided
            plan.degraded.append(f"judge: {meter.errors[0]}")
        if mode == "strict" and plan.degraded:  # down, slow or garbage: nothing is written
            raise GeneratorUnavailable(plan.degraded[0])
        if note and (mode == "rules" or plan.degraded):
            plan.degraded.insert(0, note)
        if meter.calls:
            plan.tokens = meter.tokens()
        return self._commit(session_id, plan, {})

    def _nothing_to_form(self, session, turns: list[dict]) -> str | None:
        if session["cleared"] or any(t["cleared"] for t in turns):
            return "cleared"  # the user asked to forget it
        user = [t for t in turns if t["role"] == "user"]
        if not any(t["speaker_id"] for t in user):
            return "anonymous"
        s = self.settings
        if s["memory.session_gate_enabled"]:
            words = sum(len(t["text"].split()) for t in user)
            if len(user) < s["memory.session_gate_min_turns"] or words < s["memory.session_gate_min_content_tokens"]:
                return "gated"
        return None

    def _plan(self, session_id: int, turns: list[dict], use_generator: bool) -> Plan:
        model = self.embedder.model_id
        if model is None:
            raise EmbedderUnavailable("the embedding model is not loaded yet")
        plan = Plan(model=model, use_generator=use_generator)
        candidates: list[FactIn] = []
        for chunk in _chunks([t for t in turns if t["role"] == "user" and t["speaker_id"]]):
            keep, owner = self.owner_for(chunk[0]["speaker_id"], chunk[0]["band"])
            if not keep:
                plan.dropped["uncertain speaker"] = plan.dropped.get("uncertain speaker", 0) + len(chunk)
                continue
            candidates += self._extract_chunk(chunk, owner, session_id, plan)
        if candidates:
            _m, vectors = self.embedder.embed([f.text for f in candidates], Priority.BACKGROUND, None, model)
            for fact, vec in zip(candidates, vectors):
                if fact.predicate not in self.predicates:  # a generator's own word: type it by the anchors
                    fact.predicate, _margin = self.classifier.classify(vec, model)
                plan.facts.append((fact, vec))
            if plan.use_generator:
                plan.verdicts = self._prejudge(plan)
        if self.settings["episodes.enabled"]:
            plan.episode = self._episode(turns, model, plan)
        return plan

    def _extract_chunk(self, chunk: list[dict], owner: str | None, session_id: int, plan: Plan) -> list[FactIn]:
        speaker = chunk[0]["speaker_id"]
        if plan.use_generator:
            try:
                found = extract_with_generator(self.generator, self._name(speaker), [t["text"] for t in chunk],
                                               self.catalogue)
                name, facts = self._name(speaker), []
                for item in found:
                    text = item["text"].replace("{subject}", name)
                    if quality_problem(text):
                        continue
                    facts.append(FactIn(subject=speaker, predicate=item["predicate"], object=item["object"],
                                        text=text, owner_id=owner, provenance=item["provenance"],
                                        valid_from=chunk[-1]["ts"], source="formation", session_id=session_id,
                                        turn_ids=[t["id"] for t in chunk]))
                return facts
            except GeneratorError as exc:
                plan.degraded.append(f"extraction: {exc}")
        facts = []
        for turn in chunk:
            found, dropped = self.facts_from_text(turn["text"], speaker, owner, turn["ts"], [turn["id"]],
                                                  session_id, "formation")
            facts += found
            for k, v in dropped.items():
                plan.dropped[k] = plan.dropped.get(k, 0) + v
        return facts

    def _prejudge(self, plan: Plan) -> dict[tuple[str, str], str]:
        """Ask the generator about near candidates before the write, so no LLM call holds the writer."""
        verdicts = {}
        conn = self.store.read()
        threshold = self.settings["memory.contradiction_similarity"]
        for fact, vec in plan.facts:
            rows = conn.execute("SELECT text, embedding, embed_model FROM facts WHERE subject = ? AND owner_id IS ? "
                                "AND status = 'active' AND embed_model = ?", (fact.subject, fact.owner_id, plan.model))
            for row in rows:
                if float(decode(row["embedding"]) @ vec) >= threshold:
                    verdict = judge_with_generator(self.generator, fact.text, row["text"])
                    if verdict:
                        verdicts[(fact.text, row["text"])] = verdict
        return verdicts

    def _episode(self, turns: list[dict], model: str, plan: Plan) -> dict | None:
        owners = {t["owner_id"] for t in turns if t["owner_id"]}
        if len(owners) > 1:
            plan.dropped["episode spans several personal pools"] = 1
            return None
        vectors = []
        missing = [i for i, t in enumerate(turns) if t["embed_model"] != model or t["embedding"] is None]
        fresh = self.embedder.embed([turns[i]["text"] for i in missing], Priority.BACKGROUND, None, model)[1] \
            if missing else []
        fresh_by_index = dict(zip(missing, fresh))
        for i, t in enumerate(turns):
            vectors.append(fresh_by_index[i] if i in fresh_by_index else decode(t["embedding"]))
        vectors = np.stack(vectors)
        headline = summary = None
        if plan.use_generator:
            transcript = "\n".join(f"{t['speaker_id'] or t['role']}: {t['text']}" for t in turns)
            try:
                headline, summary = narrative_with_generator(self.generator, transcript[-MAX_TRANSCRIPT_CHARS:])
            except GeneratorError as exc:
                plan.degraded.append(f"episode: {exc}")
        if headline is None:
            headline, summary = extractive_episode(turns, vectors)
        _m, vec = self.embedder.embed([f"{headline}. {summary}"], Priority.BACKGROUND, None, model)
        owner = next(iter(owners)) if owners else None
        ended = max(t["ts"] for t in turns)
        s = self.settings
        links = []
        if s["episodes.linking_enabled"]:
            pools = self.store.owners.codes({None, owner})
            links = related_episodes(self.store, vec[0], model, ended, pools, s["episodes.linking_window_days"],
                                     s["episodes.linking_min_similarity"], s["episodes.linking_max_links"])
        participants = sorted({t["speaker_id"] for t in turns if t["speaker_id"]})
        return {"headline": headline, "summary": summary, "participants": participants, "owner": owner,
                "started": min(t["ts"] for t in turns), "ended": ended, "vector": vec[0], "links": links}

    def _commit(self, session_id: int, plan: Plan | None, result: dict) -> dict:
        store, rules = self.store, self.rules(plan.verdicts if plan else None)
        pause = float(os.environ.get(PAUSE_ENV, "0") or 0)

        def write(tx):
            row = tx.execute("SELECT formed_at, thread_id FROM sessions WHERE id = ?", (session_id,)).fetchone()
            if row["formed_at"] is not None:
                return {"session": session_id, "skipped": "already formed"}
            out = dict(result, session=session_id, facts=[], episode=None)
            if plan is not None:
                outcomes = [store_fact(tx, store, fact, (plan.model, vec), rules) for fact, vec in plan.facts]
                out["facts"] = [{"id": o["id"], "action": o["action"]} for o in outcomes]
                if plan.episode:
                    out["episode"] = _write_episode(tx, store, plan, session_id, row["thread_id"],
                                                    sorted({o["id"] for o in outcomes}))
                out.update(dropped=plan.dropped, degraded=plan.degraded)
                if plan.tokens:
                    out["tokens"] = plan.tokens
            if pause:
                time.sleep(pause)
            tx.execute("UPDATE sessions SET formed_at = ?, formation_result = ? WHERE id = ?",
                       (time.time(), json.dumps(out), session_id))
            return out

        return store.writer.write(write, timeout=None)


def _write_episode(tx, store, plan: Plan, session_id: int, thread_id: int, fact_ids: list[int]) -> int:
    e = plan.episode
    now = time.time()
    episode_id = tx.execute(
        "INSERT INTO episodes(session_id, thread_id, headline, summary, participants, owner_id, started_at, "
        "ended_at, created_at, embedding, embed_model) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (session_id, thread_id, e["headline"], e["summary"], json.dumps(e["participants"]), e["owner"],
         e["started"], e["ended"], now, encode(e["vector"]), plan.model)).lastrowid
    tx.executemany("INSERT OR IGNORE INTO episode_links(episode_id, related_id, similarity) VALUES (?, ?, ?)",
                   [(episode_id, rid, sim) for rid, sim in e["links"]] +
                   [(rid, episode_id, sim) for rid, sim in e["links"]])
    tx.executemany("INSERT OR IGNORE INTO fact_episode_link(fact_id, episode_id) VALUES (?, ?)",
                   [(f, episode_id) for f in fact_ids])
    tx.after_commit(lambda: store.index_row(EPISODES, episode_id, plan.model, e["vector"], e["owner"], e["ended"]))
    return episode_id


def _chunks(user_turns: list[dict]):
    """Consecutive user turns of one speaker at one confidence, at most CHUNK_TURNS each, in order."""
    chunk: list[dict] = []
    for turn in user_turns:
        if chunk and (turn["speaker_id"] != chunk[0]["speaker_id"] or turn["band"] != chunk[0]["band"]
                      or len(chunk) >= CHUNK_TURNS):
            yield chunk
            chunk = []
        chunk.append(turn)
    if chunk:
        yield chunk


__all__ = ["Former", "EmbedderUnavailable", "GeneratorUnavailable", "CATCH_ALL"]
