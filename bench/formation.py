"""Formation throughput: ended sessions turned into facts (L3) and episodes (L4) per second.

N scripted household sessions (4-8 user turns each, every user turn answered by the assistant) are committed
through `daemon.commit_turns` into a fresh in-process `Daemon(data_dir).start()` with the real bundled model.
The automatic sweeper is stopped first, so nothing is formed before the measured pass; once the model is loaded
and every turn has its vector (tests/conftest.py `settle`), one `daemon.ops.system.form_now(end_open=True)` is timed: it
ends every open session and forms the whole backlog (rule extractor, quality gate, candidate embeddings,
dedup/supersession, extractive episode + its embedding, episode linking, one write transaction per session).

The speakers are the household's (band "high"). Most sessions have one speaker; about a third are shared by
2-3 of them, and those get facts but no episode (an episode never spans several personal pools). User turns mix
first-person statements the rule extractor reads ("I live in Porto", "I work as a nurse", "I'm allergic to
sesame", "my sister Priya ...", "I love chess", "we moved to Lyon last month", routines...) with small talk.
Sessions are hours to a day apart on a few room threads, spread over months (so the 300 s coupling window
splits them as the daemon would). Per-session seconds come from the same pass: `daemon.former.form` is wrapped
with a timer (two perf_counter calls per session).
"""

from __future__ import annotations

import gc
import random
import shutil
import tempfile
import time
from pathlib import Path

from . import corpus
from .common import CACHE_DIR, log, metric, settle, summarize, wait_for

SPEAKERS = ("alice", "bob", "carol")
THREADS = ("kitchen", "living-room", "office", "phone-chat")
START_TS = 1_735_000_000.0  # late December 2024; sessions then run forward over months

NAMES = ("Priya", "Jonas", "Mehmet", "Sofia", "Liam", "Olivia", "Noah", "Emma", "Lucas", "Mia", "Hannah", "Tomas")
RELS = ("sister", "brother", "cousin", "aunt", "uncle", "daughter", "son", "grandmother", "nephew", "niece")
JOBS = (
    "a nurse",
    "a teacher",
    "a software engineer",
    "an accountant",
    "a carpenter",
    "a chef",
    "a pharmacist",
    "a graphic designer",
    "a vet",
    "a lawyer",
    "a journalist",
    "a librarian",
    "an electrician",
)
ORGS = ("the hospital", "Siemens", "the city library", "a law firm", "the primary school", "Bosch", "the bakery")
LOVES = (
    "chess",
    "gardening",
    "jazz",
    "rock climbing",
    "baking sourdough",
    "birdwatching",
    "Italian food",
    "jigsaw puzzles",
    "old films",
    "sailing",
    "spicy food",
    "board games",
    "photography",
    "knitting",
)
DISLIKES = ("mushrooms", "horror films", "olives", "country music", "cold weather", "coriander")
PET_KINDS = ("dog", "cat", "rabbit", "parrot", "hamster")
PET_NAMES = ("Biscuit", "Pepper", "Luna", "Max", "Ziggy", "Mango", "Olive")
DIETS = ("vegetarian", "vegan", "pescatarian")
ROUTINES = (
    "Every morning I go for a run before work.",
    "I usually walk the dog at 7 in the evening.",
    "On Sundays I call my grandmother.",
    "Every Friday I do the big shop at the market.",
    "I normally go to the gym after work.",
    "Every evening I read for half an hour before bed.",
    "On Saturdays we have pancakes for breakfast.",
    "I always water the plants on Mondays.",
)

STATEMENTS = (
    "I live in {city}.",
    "We moved to {city} last month.",
    "I work as {job}.",
    "I work as {job} at {org}.",
    "I'm {job}, been doing it for years.",
    "I'm allergic to {allergy}.",
    "By the way, I'm allergic to {allergy} and {allergy2}.",
    "My {rel} {name} is coming over on Sunday.",
    "My {rel} is called {name}.",
    "I love {love}.",
    "I really enjoy {love} these days.",
    "I can't stand {dislike}.",
    "My birthday is on {date}.",
    "We have a {pet} called {pet_name}.",
    "I'm {diet}.",
    "{routine}",
    "Remember that I'm allergic to {allergy}.",
    "Our {pet} is called {pet_name}.",
)
SMALL_TALK = (
    "What's the weather like today?",
    "Set a timer for ten minutes please.",
    "Thanks, that's great.",
    "Play some jazz in the {room}.",
    "How long should I boil an egg for?",
    "Turn the lights down a bit.",
    "Okay, sounds good.",
    "What time is it in Tokyo right now?",
    "Tell me a joke.",
    "Never mind, forget it.",
)
REPLIES = (
    "Got it, I'll remember that.",
    "Sure, done.",
    "That sounds lovely.",
    "Okay! Anything else?",
    "It's partly cloudy with a high of 14 degrees.",
    "Timer set for ten minutes.",
    "Noted.",
    "Here's one: why did the scarecrow win an award? Because he was outstanding in his field.",
    "Good to know, thanks for telling me.",
    "Playing some jazz now.",
)


def _fill(rng: random.Random, template: str) -> str:
    a, b = rng.sample(corpus.ALLERGIES, 2)
    return template.format(
        city=rng.choice(corpus.CITIES),
        job=rng.choice(JOBS),
        org=rng.choice(ORGS),
        allergy=a,
        allergy2=b,
        rel=rng.choice(RELS),
        name=rng.choice(NAMES),
        love=rng.choice(LOVES),
        dislike=rng.choice(DISLIKES),
        date=rng.choice(corpus.DATES),
        pet=rng.choice(PET_KINDS),
        pet_name=rng.choice(PET_NAMES),
        diet=rng.choice(DIETS),
        routine=rng.choice(ROUTINES),
        room=rng.choice(THREADS).replace("-", " "),
    )


def scripted_sessions(n: int) -> list[list[dict]]:
    """n sessions, each a list of turns (thread, role, text, speaker, ts); deterministic for a given n."""
    out, ts = [], START_TS
    for i in range(n):
        rng = random.Random(f"formation:{i}")
        thread = rng.choice(THREADS)
        people = [rng.choice(SPEAKERS)] if rng.random() < 0.67 else rng.sample(SPEAKERS, rng.choice((2, 3)))
        ts += rng.uniform(3 * 3600, 24 * 3600)  # hours to a day after the last session: past the coupling window
        t, turns = ts, []
        for _ in range(rng.randint(4, 8)):
            speaker = rng.choice(people)
            text = _fill(rng, rng.choice(STATEMENTS if rng.random() < 0.55 else SMALL_TALK))
            turns.append({"thread": thread, "role": "user", "text": text, "speaker": speaker, "band": "high", "ts": t})
            t += rng.uniform(2, 8)
            turns.append({"thread": thread, "role": "assistant", "text": rng.choice(REPLIES), "speaker": None, "ts": t})
            t += rng.uniform(5, 40)  # well inside the 300 s window: one session
        out.append(turns)
    return out


def _settle_embedded(daemon, timeout: float = 900) -> None:
    """As tests/conftest.py settle: model loaded, tracks loaded, every row embedded, index updates applied."""
    if not daemon.embedder.wait_ready(timeout) or daemon.embedder.state != "ready":
        raise RuntimeError(f"embedder not ready: {daemon.embedder.error}")
    wait_for(lambda: daemon.store.vector_model == daemon.embedder.model_id, timeout, what="tracks loaded")

    def done():
        with daemon.store.reading() as conn:
            pending = sum(
                conn.execute(
                    f"SELECT count(*) FROM {t} WHERE embed_model IS NOT ?", (daemon.embedder.model_id,)
                ).fetchone()[0]
                for t in ("turns", "facts", "episodes")
            )
        return pending == 0 and daemon.backfill.pending == 0

    wait_for(done, timeout, interval=0.1, what="background embedding")
    daemon.store.writer.write(lambda tx: None)


def run(args) -> dict:
    from hearthd.daemon import Daemon
    from hearthd.formation.ledger import TurnIn

    n = args.formation_sessions
    sessions = scripted_sessions(n)
    user_turns = sum(1 for s in sessions for t in s if t["role"] == "user")
    (CACHE_DIR / "work").mkdir(parents=True, exist_ok=True)
    data_dir = Path(tempfile.mkdtemp(prefix="formation-", dir=CACHE_DIR / "work"))
    try:
        daemon = Daemon(data_dir).start()
        try:
            daemon.sweeper.stop()  # only the measured pass forms: no boot reconcile, no wake-ups
            t = time.perf_counter()
            for s in sessions:
                daemon.ops.conversation.commit_turns([TurnIn(**turn) for turn in s])
            commit_s = time.perf_counter() - t
            _settle_embedded(daemon)
            settle()
            with daemon.store.reading() as conn:
                before = {
                    k: conn.execute(f"SELECT count(*) FROM {k}").fetchone()[0]
                    for k in ("sessions", "facts", "episodes")
                }
                unformed = conn.execute("SELECT count(*) FROM sessions WHERE formed_at IS NULL").fetchone()[0]
            log(
                f"formation: {n} sessions ({user_turns} user turns) committed in {commit_s:.1f}s and embedded; "
                f"{before['sessions']} sessions in the ledger, {unformed} unformed"
            )

            per_session: list[float] = []
            form = daemon.former.form

            def timed_form(*args, **kwargs):
                t0 = time.perf_counter()
                try:
                    return form(*args, **kwargs)
                finally:
                    per_session.append(time.perf_counter() - t0)

            daemon.former.form = timed_form  # the sweeper calls self.former.form: same pass, timed per session
            gc.collect()
            t = time.perf_counter()
            result = daemon.ops.system.form_now(end_open=True)
            pass_s = time.perf_counter() - t
            daemon.former.form = form

            formed = result["formed"]
            reasons: dict[str, int] = {}
            actions: dict[str, int] = {}
            dropped: dict[str, int] = {}
            with_episode = 0
            for o in formed:
                if o.get("reason") or o.get("skipped"):
                    key = o.get("reason") or o.get("skipped")
                    reasons[key] = reasons.get(key, 0) + 1
                for f in o.get("facts") or []:
                    actions[f["action"]] = actions.get(f["action"], 0) + 1
                for k, v in (o.get("dropped") or {}).items():
                    dropped[k] = dropped.get(k, 0) + v
                with_episode += bool(o.get("episode"))
            with daemon.store.reading() as conn:
                after = {k: conn.execute(f"SELECT count(*) FROM {k}").fetchone()[0] for k in ("facts", "episodes")}
                active = conn.execute("SELECT count(*) FROM facts WHERE status = 'active'").fetchone()[0]
                still_unformed = conn.execute("SELECT count(*) FROM sessions WHERE formed_at IS NULL").fetchone()[0]
        finally:
            daemon.stop()
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)

    formed_n = len(formed)
    rate = formed_n / pass_s if pass_s else None
    per = summarize(per_session, "ms")
    gated = reasons.get("gated", 0)
    facts_written = after["facts"] - before["facts"]
    episodes_written = after["episodes"] - before["episodes"]
    log(
        f"formation: {formed_n} sessions in {pass_s:.2f}s = {rate:.1f} sessions/s; {facts_written} facts, "
        f"{episodes_written} episodes; per session p50 {per['median']} ms, p95 {per['p95']} ms; gated {gated}"
    )
    metrics = [
        metric(
            f"formation throughput, one pass over {formed_n} ended sessions",
            round(rate, 2),
            "sessions/s",
            note=f"{pass_s:.2f} s for the pass; {user_turns} user turns, real model, rule extractor",
        ),
        metric(
            "  seconds per session, median",
            round(per["median"] / 1e3, 4),
            "s",
            note=f"p95 {per['p95'] / 1e3:.4f} s, max {per['max'] / 1e3:.4f} s (Former.form timed inside the pass)",
        ),
        metric(
            "  facts written",
            facts_written,
            "",
            note=", ".join(f"{k} {v}" for k, v in sorted(actions.items())) + f"; {active} active after",
        ),
        metric(
            "  episodes written",
            episodes_written,
            "",
            note=f"{formed_n - with_episode - sum(reasons.values())} formed sessions without one "
            f"(several personal pools)",
        ),
        metric(
            "  sessions gated (too short to form)",
            gated,
            "",
            note=", ".join(f"{k} {v}" for k, v in sorted(reasons.items())) or "none skipped",
        ),
    ]
    if result["failed"] or still_unformed:
        metrics.append(
            metric("  sessions failed / left unformed", f"{len(result['failed'])} / {still_unformed}", "", ok=False)
        )
    return {
        "sessions": n,
        "user_turns": user_turns,
        "ledger_sessions": before["sessions"],
        "commit_seconds": round(commit_s, 2),
        "pass_seconds": round(pass_s, 3),
        "sessions_per_second": round(rate, 3),
        "per_session": per,
        "facts_written": facts_written,
        "fact_actions": actions,
        "facts_active": active,
        "episodes_written": episodes_written,
        "skipped": reasons,
        "dropped_candidates": dropped,
        "failed": result["failed"][:10],
        "unformed_after": still_unformed,
        "metrics": metrics,
    }
