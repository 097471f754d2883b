"""What people do to memory by hand: remember, dismiss and restore, pin, edit, promote, the review queue and
the audit log."""

from __future__ import annotations

import re
import threading
import time

from ..embedding.backfill import EmbeddingBackfill
from ..embedding.service import Priority, TextEmbedder
from ..errors import UserError
from ..events import EventBus
from ..forgetting import curation
from ..formation import claims, extraction, release
from ..formation.classify import CATCH_ALL
from ..formation.extraction import Mention
from ..formation.facts import FactIn, store_fact
from ..formation.former import Former
from ..formation.ledger import ensure_speaker
from ..formation.quality import quality_problem
from ..history.windows import WorkingWindows
from ..memory.recall import FIELDS, row_to_item
from ..store.database import Store
from ..store.tracks import FACTS
from ..timeutil import parse_time
from .recall import fact_id
from .registry import ANY, operation
from .settings import refuse_while_paused


def _stored(answer: dict) -> dict:
    return {"facts": [{"id": s["fact"]["id"], "action": s["action"]} for s in answer["stored"]]}


def _check_scope(actor: str, speaker: str | None, pin: bool) -> None:
    """The assistant's token remembers for the speaker it names, unpinned."""
    if actor == "admin":
        return
    if pin:
        raise UserError("only the admin pins a fact (POST /v1/facts/{id}/pin)", status=403)
    if not speaker:
        raise UserError("name the speaker to remember for: an anonymous caller stores nothing", status=403)


# How long who "he" or "she" is carries from one of a person's notes to the next.
NOTES_DISCOURSE_SECONDS = 600.0


class Curation:
    def __init__(
        self,
        store: Store,
        windows: WorkingWindows,
        former: Former,
        embedder: TextEmbedder,
        backfill: EmbeddingBackfill,
        events: EventBus,
    ):
        self.store, self.windows, self.former, self.embedder, self.backfill, self.events = (
            store,
            windows,
            former,
            embedder,
            backfill,
            events,
        )
        # Who "he" and "she" are across one person's notes ("My husband Tomasz works at Gravenor", then "he's
        # taken a job at Corriden Rail"), as within a conversation; forgotten after a quiet while.
        self._discourses: dict[str | None, tuple[extraction.Discourse, float]] = {}
        self._discourse_lock = threading.Lock()

    @operation(roles=ANY, event="fact.stored", event_data=_stored)
    def remember(
        self,
        text: str,
        speaker: str | None = None,
        band: str | None = None,
        subject: str | None = None,
        predicate: str | None = None,
        obj: str | None = None,
        pin: bool = False,
        valid_from=None,
        actor: str = "admin",
    ) -> dict:
        """A fact or note stated directly; it goes through the same gates, dedup and supersession as formation.

        The assistant's token remembers only for the speaker it names (that speaker's pool, or a claim for an
        uncertain voice) and never pins: the pinned card reaches every context, so only the admin sets it."""
        text = (text or "").strip()
        if not text:
            raise UserError("text must not be empty")
        _check_scope(actor, speaker, pin)
        refuse_while_paused(self.former.settings)
        said_at = parse_time(valid_from, "valid_from") or time.time()
        if predicate or obj or subject:
            if not (predicate and obj):
                raise UserError("give predicate and object together (subject is optional)")
            facts = [
                FactIn(
                    subject or speaker or "household",
                    predicate.strip(),
                    obj.strip(),
                    text,
                    valid_from=said_at,
                    source="remember",
                    speaker=speaker if not subject else None,
                )
            ]
            stated, referent = True, None
        else:
            read = self._read(text, speaker, band or "high", said_at)
            if isinstance(read, dict):
                return read  # "Tom doesn't work at the bank anymore": released, nothing to store
            facts, stated, referent = read
        band = band or "high"
        claimed: list[bool] = []
        for fact in facts:
            problem = quality_problem(fact.text)
            if problem:
                raise UserError(f"not stored: {problem}")
            where = self.former.place(fact, speaker, band) if speaker else "household"
            if where == "drop":
                raise UserError(
                    "a personal fact from a speaker who is not confidently identified is not kept "
                    "(speakers.uncertain_facts is nowhere)"
                )
            fact.owner_id = speaker if where == "personal" else None
            fact.always_inject = pin
            claimed.append(where == "claim")
        vectors: list = [None] * len(facts)
        if self.embedder.ready:
            model, matrix = self.embedder.embed([f.text for f in facts], Priority.INTERACTIVE)
            vectors = [(model, v) for v in matrix]
        rules = self.former.rules()

        def write(tx):
            if speaker:
                ensure_speaker(tx, speaker, time.time())
            # A personal statement of an uncertain voice waits as a claim ("Was this Alice?"), in no pool.
            held = [claims.hold(tx, f, *(v or (None, None))) for f, v, c in zip(facts, vectors, claimed) if c]
            stored = [store_fact(tx, self.store, f, v, rules) for f, v, c in zip(facts, vectors, claimed) if not c]
            return held, stored

        held, results = self.store.writer.write(write)
        if not results:
            return {"action": "claimed", "claims": held, "superseded": [], "fact": None, "stored": []}
        if vectors[0] is None:
            self.backfill.nudge()
        with self.store.reading() as conn:
            rows = {
                r["id"]: r
                for r in conn.execute(
                    f"SELECT {FIELDS['facts']} FROM facts x WHERE id IN ({', '.join('?' * len(results))})",
                    [r["id"] for r in results],
                )
            }
        stored = [
            dict(action=r["action"], superseded=r["superseded"], fact=row_to_item(FACTS, rows[r["id"]]))
            for r in results
        ]
        kept = [r["id"] for r in results]  # "sold the Yaris and bought a Kia Niro": the Niro stays
        # (a note kept whole was read for a release already, in _read)
        if (
            stated
            and release.says_over(text)
            and (released := self._release(text, speaker, band, said_at, kept, referent))
        ):
            return dict(stored[0], stored=stored, released=released["released"])
        return dict(stored[0], stored=stored)

    def _read(
        self, text: str, speaker: str | None, band: str, said_at: float
    ) -> tuple[list[FactIn], bool, Mention | None] | dict:
        """What a note states, read by the same extractor as formation (a note about a named friend is (friend,
        works_at, place)), True and who its "she" or "he" is; or, when it states nothing but that something is
        over, what it released; else the note itself, kept as a note and never typed into a predicate (with what
        the learned reader alone read of it beside it), False and who its "she" or "he" is."""
        with self._discourse_lock:
            now = time.monotonic()
            discourse, used = self._discourses.get(speaker, (None, 0.0))
            if discourse is None or now - used > NOTES_DISCOURSE_SECONDS:
                discourse = extraction.Discourse()
            self._discourses[speaker] = (discourse, now)
            facts, _dropped = self.former.facts_from_text(text, speaker, said_at, [], None, "remember", discourse)
            referent = release.referent_of(text, discourse)
        if any(not f.guessed for f in facts):
            if not release.says_over(text) and (about := _introduced_only(facts, text)) is not None:
                # "our lad finley plays cricket for the under elevens": who he is, and the rest kept as a note of him
                # (not "leontyne and i split up, im seeing someone called casimir now": what ended is released)
                note = FactIn(speaker or "household", CATCH_ALL, text, text, valid_from=said_at, source="remember")
                note.speaker, note.subject_mention = speaker, about
                return [*facts, note], True, referent
            return facts, True, referent
        if release.says_over(text):
            released = self._release(text, speaker, band, said_at, referent=referent)
            if released is not None:
                return released
        if extraction.is_question(text):
            raise UserError("not stored: this asks a question, it states nothing to remember (recall answers it)")
        if extraction.only_imagines(text):
            raise UserError("not stored: this imagines something ('if we won ... we'd'), it states nothing to remember")
        note = FactIn(speaker or "household", CATCH_ALL, text, text, valid_from=said_at, source="remember")
        note.speaker = speaker
        # what the learned reader alone read is kept beside the note, which keeps the whole of what was said
        return [note, *facts], False, referent if facts else None

    def _release(
        self, text: str, speaker: str | None, band: str, said_at: float, keep=(), referent=None
    ) -> dict | None:
        """Close the facts a no-longer statement names; None when it names none (it is kept as a note then).
        Only a confidently identified speaker closes facts of their own pool; anyone else, the household's."""
        owner = speaker if band == "high" else None

        def write(tx):
            if speaker:
                ensure_speaker(tx, speaker, time.time())
            return release.release(tx, text, owner, said_at, "remember", keep, referent)

        released = self.store.writer.write(write)
        if not released:
            return None
        return {"action": "released", "released": released, "superseded": [], "fact": None, "stored": []}

    @operation(event="memory.dismissed")
    def dismiss(self, ref: str, actor: str, reason: str | None = None) -> dict:
        """Hide a fact, episode or turn from every read surface (nothing is deleted)."""
        return curation.set_dismissed(self.store, self.windows, ref, True, actor, reason, self.former.rules())

    @operation(event="memory.restored")
    def restore(self, ref: str, actor: str) -> dict:
        """Bring a dismissed item back; a superseded fact restored is current again."""
        return curation.set_dismissed(self.store, self.windows, ref, False, actor, rules=self.former.rules())

    @operation()
    def dismissed(self) -> list[dict]:
        """The items hidden by dismiss."""
        return curation.list_dismissed(self.store)

    @operation(event="fact.pinned")
    def pin(self, fact: str | int, pinned: bool, actor: str) -> dict:
        """Always inject a fact (the pinned profile card), or stop."""
        return curation.pin_fact(self.store, fact_id(fact), pinned, actor, self.former.rules())

    @operation(event="fact.edited")
    def edit_fact(self, fact: str | int, text: str | None, actor: str) -> dict:
        """Change how a fact reads (None: back to its original text)."""
        return curation.edit_fact(self.store, fact_id(fact), text, actor, self.former.rules())

    @operation(event="fact.promoted")
    def promote(self, fact: str | int, actor: str) -> dict:
        """Move a personal fact to the household pool."""
        return curation.promote_fact(self.store, fact_id(fact), actor)

    @operation()
    def review(self, resolved: bool = False) -> list[dict]:
        """Contradictions, close calls, claims and suggested rules waiting for a decision (with resolved, the
        decided ones too)."""
        return curation.review_items(self.store, resolved)

    @operation(event="review.resolved")
    def resolve_review(self, item_id: int, decision: str, actor: str, keep: int | None = None) -> dict:
        """Decide a review item: a contradiction or close call (accept one fact, or keep_both), a claim or a
        suggested rule (accept, or drop)."""
        return curation.resolve_review(self.store, item_id, decision, actor, keep, self.former.rules())

    @operation()
    def audit(self, limit: int = 200, action: str | None = None) -> list[dict]:
        """Who changed what, newest first."""
        return curation.audit_log(self.store, limit, action)


# The words of an introduction ("my son is called Finley", "our dog's name is Biscuit"), not what is said of them
_INTRODUCING = frozenset(
    "my our his her their me i we is are was the a an and called named name names this that who he she it they "
    "has have got also just by way um so oh well yeah".split()
)


_OF_THE_NAME = re.compile(
    r"\b(?:spelt|spelled|spelling|spell|pronounced|letters?|nickname|goes by|calls? (?:him|her|them)|short for)\b", re.I
)


def _introduced_only(facts: list[FactIn], text: str) -> Mention | None:
    """The one person or pet a note introduces when the rules read only who they are from it and it says more of
    them ("my son arjun goes for cricket coaching at the academy in koramangala"); None."""
    typed = [f for f in facts if not f.guessed]
    if len(typed) != 1 or typed[0].predicate not in ("family_member", "pet") or typed[0].object_mention is None:
        return None
    if typed[0].change:
        return None  # "the dog is officially called Waffles now, he doesn't answer to biscuit": a new name, said
    if _OF_THE_NAME.search(text):
        return None  # "my daughter's name is chloe but its spelt K H L O E": the name, however it is said
    about = typed[0].object_mention
    said = set(re.findall(r"[a-z]+", f"{about.name or ''} {about.relation or ''} {typed[0].qualifier or ''}".lower()))
    rest = [w for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 2 and w not in _INTRODUCING | said]
    return about if len(rest) >= 3 else None
