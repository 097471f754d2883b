"""Browsing memory as tables (the desktop's memory browser): pages of facts, episodes or turns with filters and
a total, an episode with its related episodes and source facts, a fact's history, where a fact came from (the
sentences it was formed from and the conversation around them), and memory growth per day.

Everything here is the admin's view (every pool, dismissed and superseded rows included when asked for);
searching by meaning is recall's job, this is a plain listing with a substring filter.
"""

from __future__ import annotations

from ..errors import NotFound, UserError
from ..store.tracks import EPISODES, FACTS, TRACKS, TURNS, Track
from ..timeutil import parse_time
from .recall import FIELDS, row_to_item, speaker_names, who_said
from .scope import EVERYTHING
from .search import Filters

MAX_PAGE = 500
STATUSES = ("live", "dismissed", "superseded", "cleared", "all")
POOLS = ("all", "household", "personal")
# What a substring search reads in each table.
SEARCHED = {
    "facts": "coalesce(x.display_text, '') || ' ' || x.text",
    "episodes": "x.headline || ' ' || x.summary",
    "turns": "x.text",
}
EXTRA = {
    "facts": ", dismissed, recorded_at, source",
    "episodes": ", dismissed, created_at",
    "turns": ", dismissed, cleared",
}
# The time each table grows by: when a turn was said, when a fact was learned, when an episode was written.
GROWTH_TIME = {"turns": "ts", "facts": "recorded_at", "episodes": "created_at"}


def _track(kind: str) -> Track:
    if kind not in TRACKS:
        raise UserError(f"unknown memory kind {kind!r} (facts, episodes or turns)")
    return TRACKS[kind]


def page(
    store,
    kind: str,
    offset: int = 0,
    limit: int = 100,
    q: str | None = None,
    speaker: str | None = None,
    pool: str = "all",
    since=None,
    until=None,
    status: str = "live",
    as_of=None,
) -> dict:
    """{"items": [...], "total": N, "offset", "limit"}: newest first, the rows the filters admit."""
    track = _track(kind)
    if status not in STATUSES:
        raise UserError(f"status must be one of {', '.join(STATUSES)}")
    if pool not in POOLS:
        raise UserError(f"pool must be one of {', '.join(POOLS)}")
    if offset < 0 or not 1 <= limit <= MAX_PAGE:
        raise UserError(f"offset must be >= 0 and limit 1..{MAX_PAGE}")
    at = parse_time(as_of, "as_of")
    filters = Filters(
        EVERYTHING,
        since=parse_time(since, "since"),
        until=parse_time(until, "until"),
        participants=(speaker,) if speaker else (),
        include_inactive=True,
    )
    where, params = filters.where(track)
    clauses = [where]
    if pool != "all":
        clauses.append("x.owner_id IS NULL" if pool == "household" else "x.owner_id IS NOT NULL")
    if status == "live":
        clauses.append(track.live("x") if at is None else "x.dismissed = 0")
    elif status == "dismissed":
        clauses.append("x.dismissed = 1")
    elif status == "superseded":
        if track is not FACTS:
            raise UserError("only facts are superseded")
        clauses.append("x.status = 'superseded'")
    elif status == "cleared":
        if track is not TURNS:
            raise UserError("only turns are cleared")
        clauses.append("x.cleared = 1")
    if at is not None:
        if track is not FACTS:
            raise UserError("as_of applies to facts")
        clauses.append("x.valid_from <= ? AND (x.valid_to IS NULL OR x.valid_to > ?)")
        params += [at, at]
    if q and q.strip():
        escaped = q.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        clauses.append(f"({SEARCHED[kind]}) LIKE ? ESCAPE '\\'")
        params.append(f"%{escaped}%")
    sql_where = " AND ".join(clauses)
    with store.reading() as conn:
        total = conn.execute(f"SELECT count(*) FROM {track.table} x WHERE {sql_where}", params).fetchone()[0]
        rows = conn.execute(
            f"SELECT {FIELDS[kind]}{EXTRA[kind]} FROM {track.table} x WHERE {sql_where} "
            f"ORDER BY x.{track.time_col} DESC, x.id DESC LIMIT ? OFFSET ?",
            [*params, limit, offset],
        ).fetchall()
        return {"items": [_item(track, r) for r in rows], "total": total, "offset": offset, "limit": limit}


def _item(track: Track, row) -> dict:
    item = row_to_item(track, row)
    item["dismissed"] = bool(item.get("dismissed"))
    return item


def episode(store, episode_id: int) -> dict:
    """An episode with the episodes related to it (either direction) and the facts its session produced."""
    with store.reading() as conn:
        row = conn.execute(
            f"SELECT {FIELDS['episodes']}{EXTRA['episodes']} FROM episodes x WHERE id = ?", (episode_id,)
        ).fetchone()
        if row is None:
            raise NotFound(f"there is no episode:{episode_id}")
        related = conn.execute(
            f"SELECT {FIELDS['episodes']}{EXTRA['episodes']}, max(l.similarity) AS similarity FROM episode_links l "
            "JOIN episodes x ON x.id = CASE WHEN l.episode_id = ? THEN l.related_id ELSE l.episode_id END "
            "WHERE l.episode_id = ? OR l.related_id = ? GROUP BY x.id ORDER BY similarity DESC",
            (episode_id, episode_id, episode_id),
        ).fetchall()
        facts = conn.execute(
            f"SELECT {FIELDS['facts']}{EXTRA['facts']} FROM fact_episode_link l JOIN facts x ON x.id = l.fact_id "
            "WHERE l.episode_id = ? ORDER BY x.id",
            (episode_id,),
        ).fetchall()
        turns = (
            conn.execute("SELECT count(*) FROM turns WHERE session_id = ?", (row["session_id"],)).fetchone()[0]
            if row["session_id"] is not None
            else 0
        )
        return dict(
            _item(EPISODES, row),
            related=[_item(EPISODES, r) for r in related],
            facts=[_item(FACTS, r) for r in facts],
            turns=turns,
        )


def fact_history(store, fact_id: int) -> list[dict]:
    """Every version of a fact's key (subject, predicate, pool), oldest first: what was true when."""
    with store.reading() as conn:
        row = conn.execute("SELECT subject, predicate, owner_id FROM facts WHERE id = ?", (fact_id,)).fetchone()
        if row is None:
            raise NotFound(f"there is no fact:{fact_id}")
        rows = conn.execute(
            f"SELECT {FIELDS['facts']}{EXTRA['facts']} FROM facts x WHERE subject = ? AND predicate = ? "
            "AND owner_id IS ? ORDER BY valid_from, id",
            (row["subject"], row["predicate"], row["owner_id"]),
        ).fetchall()
        return [_item(FACTS, r) for r in rows]


# Turns of the conversation shown on each side of a fact's source sentences, and at most in all.
AROUND, MOST_TURNS = 6, 60


def fact_sources(store, fact_id: int) -> dict:
    """Where a fact came from: {"fact", "source", "turns", "conversation", "thread", "episodes"}.

    `turns` are the sentences it was formed from (fact_turn_link), `conversation` the turns of their
    conversation around them (AROUND on each side, each with `source` true for a sentence of the fact), and
    `episodes` the episodes of that conversation. A fact told directly (remember, an import) has no turns; a
    fact whose sentences were erased keeps its conversation's other turns when there are any."""
    with store.reading() as conn:
        row = conn.execute(
            f"SELECT {FIELDS['facts']}{EXTRA['facts']}, session_id FROM facts x WHERE id = ?", (fact_id,)
        ).fetchone()
        if row is None:
            raise NotFound(f"there is no fact:{fact_id}")
        fact = _item(FACTS, row)
        session = fact.pop("session_id", None)
        turn_fields = f"{FIELDS['turns']}{EXTRA['turns']}"
        sources = conn.execute(
            f"SELECT {turn_fields} FROM fact_turn_link l JOIN turns x ON x.id = l.turn_id "
            "WHERE l.fact_id = ? ORDER BY x.ts, x.id",
            (fact_id,),
        ).fetchall()
        source_ids = {r["id"] for r in sources}
        sessions = list(dict.fromkeys([r["session_id"] for r in sources] + ([session] if session else [])))
        conversation = []
        for session_id in sessions:
            rows = conn.execute(
                f"SELECT {turn_fields} FROM turns x WHERE x.session_id = ? ORDER BY x.ts, x.id", (session_id,)
            ).fetchall()
            marked = [i for i, r in enumerate(rows) if r["id"] in source_ids]
            lo, hi = (max(marked[0] - AROUND, 0), marked[-1] + AROUND + 1) if marked else (0, 2 * AROUND)
            conversation += rows[lo:hi]
        conversation = conversation[:MOST_TURNS]
        episodes = conn.execute(
            f"SELECT {FIELDS['episodes']}{EXTRA['episodes']} FROM fact_episode_link l "
            "JOIN episodes x ON x.id = l.episode_id WHERE l.fact_id = ? ORDER BY x.id",
            (fact_id,),
        ).fetchall()
        names = speaker_names(conn, {r["speaker_id"] for r in [*sources, *conversation]})

        def turn(r) -> dict:
            item = _item(TURNS, r)
            item["speaker"] = who_said(item, names)
            item["source"] = r["id"] in source_ids
            return item

        turns = [turn(r) for r in sources]
        said = [turn(r) for r in conversation]
        return {
            "fact": fact,
            "source": row["source"],
            "turns": turns,
            "conversation": said,
            "thread": (turns or said or [{}])[0].get("thread"),
            "episodes": [_item(EPISODES, r) for r in episodes],
        }


def growth(store, days: int = 365) -> list[dict]:
    """Rows added per UTC day over the last `days` days: [{"day": "YYYY-MM-DD", "turns", "facts", "episodes"}]."""
    if not 1 <= days <= 36_500:
        raise UserError("days must be 1..36500")
    with store.reading() as conn:
        by_day: dict[str, dict] = {}
        for kind, col in GROWTH_TIME.items():
            rows = conn.execute(
                f"SELECT date({col}, 'unixepoch') AS day, count(*) FROM {kind} "
                f"WHERE {col} >= CAST(strftime('%s', 'now', ?) AS REAL) GROUP BY day",
                (f"-{days} days",),
            ).fetchall()
            for day, n in rows:
                by_day.setdefault(day, {"day": day, "turns": 0, "facts": 0, "episodes": 0})[kind] = n
        return [by_day[d] for d in sorted(by_day)]
