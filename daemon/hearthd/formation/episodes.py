"""L4 episodes: the narrative of a formed session, extractive by embedding centrality when there is no
generator, and its links to similar recent episodes."""

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
