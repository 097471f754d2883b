"""L4 episodes: the narrative of a formed session, extractive by embedding centrality when there is no
generator, and its links to similar recent episodes.

A session of several pools (two confidently identified people, or one of them and a household-visible voice)
gets one episode per pool, each made only from the turns that pool may see (pool_views): no person's
personal words reach another pool's episode or the household's."""

from __future__ import annotations

import re

import numpy as np

from ..store.vectors import VectorFilter

HEADLINE_WORDS = 12
SUMMARY_TURNS = 3
SUMMARY_TURN_CHARS = 240
DAY = 86_400.0
# Centralities are compared at this precision: float summation noise (~1e-8) must not decide between two turns
# that are equally central; the earlier turn wins a tie.
CENTRALITY_DECIMALS = 6


def _first_sentence(text: str) -> str:
    parts = re.split(r"(?<=[.!?])\s+", text.strip(), maxsplit=1)
    return parts[0]


def _clip_words(text: str, n: int) -> str:
    words = text.split()
    return " ".join(words[:n]) + ("…" if len(words) > n else "")


def extractive_episode(turns: list[dict], vectors: np.ndarray) -> tuple[str, str]:
    """Headline: the most central user turn's first sentence. Summary: the most central turns, in order.

    Centrality is the cosine with the mean of the session's turn vectors: what the conversation was mostly
    about, not its greetings. Equally central turns (to CENTRALITY_DECIMALS) go in conversation order."""
    centroid = vectors.mean(axis=0)
    norm = np.linalg.norm(centroid)
    scores = vectors @ (centroid / norm) if norm else np.zeros(len(turns))
    order = list(np.argsort(-np.round(scores, CENTRALITY_DECIMALS), kind="stable"))
    user = [i for i in order if turns[i]["role"] == "user"] or order
    headline = _clip_words(_first_sentence(turns[user[0]]["text"]), HEADLINE_WORDS).rstrip(".!?")
    chosen = sorted(order[:SUMMARY_TURNS])
    pieces = []
    for i in chosen:
        text = turns[i]["text"].strip()
        if len(text) > SUMMARY_TURN_CHARS:
            text = text[:SUMMARY_TURN_CHARS].rsplit(" ", 1)[0] + "…"
        who = turns[i]["speaker_id"] or ("assistant" if turns[i]["role"] == "assistant" else "someone")
        pieces.append(f"{who}: {text}")
    return headline, " / ".join(pieces)


def pool_views(turns: list[dict]) -> list[tuple[str | None, list[dict], list[dict]]]:
    """(owner, the turns its episode is made from, the turns its extractive narrative is chosen from) per pool
    the session touched, the household first.

    A turn's owner_id is its pool: NULL is the household's (an anonymous or unsure voice, and the assistant's
    answers to one), a person's id their personal pool (a high-band voice and the answers to it).
    - Only household turns: one household episode of them all.
    - One person's pool and no household user turn: one personal episode of every turn (the assistant's
      household-visible greeting before anyone spoke is context, not a pool touched).
    - Otherwise the household episode is made from the household turns alone (when a household user turn
      exists) and each person's from their own turns plus the household turns around them: what their scope
      (memory/scope.py: their pool and the household's) reads of the conversation, and nothing of another
      person's pool. Its extractive narrative tells their own part (the household's part is the household
      episode's, linked to it); a generator's narrative reads it in its context."""
    people = sorted({t["owner_id"] for t in turns if t["owner_id"] is not None})
    household = [t for t in turns if t["owner_id"] is None]
    spoke = any(t["role"] == "user" for t in household)
    if not people:
        return [(None, list(turns), list(turns))]
    if len(people) == 1 and not spoke:
        return [(people[0], list(turns), list(turns))]
    views: list[tuple[str | None, list[dict], list[dict]]] = [(None, household, household)] if spoke else []
    for person in people:
        seen = [t for t in turns if t["owner_id"] in (None, person)]
        views.append((person, seen, [t for t in seen if t["owner_id"] == person]))
    return views


def participants(turns: list[dict]) -> list[str]:
    """The speakers of the turns an episode was made from (never someone heard only in another pool)."""
    return sorted({t["speaker_id"] for t in turns if t["speaker_id"]})


def related_episodes(
    store,
    vector: np.ndarray,
    model_id: str,
    ended_at: float,
    owners: frozenset[int] | None,
    window_days: float,
    min_similarity: float,
    max_links: int,
) -> list[tuple[int, float]]:
    """Recent episodes in a pool the new one may see, at least min_similarity alike, best first."""
    track = store.track("episodes")
    if track is None or store.vector_model != model_id or max_links <= 0:
        return []
    hits = track.search(vector, max_links, VectorFilter(owners=owners, since=ended_at - window_days * DAY))
    return [(i, s) for i, s in hits if s >= min_similarity]
