"""The three searchable tracks and how each maps onto its table: one definition used by index loading,
background embedding, vector search and FTS search."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Track:
    name: str  # turns | facts | episodes
    table: str
    fts: str
    text_sql: str  # the text that is embedded
    time_col: str  # the time used for recency and time filters
    live_where: str  # rows that may be searched (others stay on disk, out of the matrices); {a}: alias
    kind: str  # the singular used in refs: turn:12, fact:3, episode:7
    speaker_sql: str = "NULL"  # who said the row (turns): in-memory filters can keep one speaker's rows

    def live(self, alias: str | None = None) -> str:
        return self.live_where.format(a=alias or self.table)


TURNS = Track("turns", "turns", "turn_fts", "text", "ts", "{a}.cleared = 0 AND {a}.dismissed = 0", "turn", "speaker_id")
FACTS = Track("facts", "facts", "fact_fts", "text", "valid_from", "{a}.status = 'active' AND {a}.dismissed = 0", "fact")
EPISODES = Track(
    "episodes", "episodes", "episode_fts", "headline || '. ' || summary", "ended_at", "{a}.dismissed = 0", "episode"
)

TRACKS: dict[str, Track] = {t.name: t for t in (FACTS, EPISODES, TURNS)}  # re-embedding order: small first
BY_KIND: dict[str, Track] = {t.kind: t for t in TRACKS.values()}
