"""Numbered, named, transactional migrations of core.db, applied at every start.

After sqlite-utils' Migrations: each step runs once inside its own transaction and is recorded by name. The
schema version is the number of steps; a database that records a step this build does not know, or a
version above the highest it knows, was written by a newer Hearth and is refused untouched (after anki's
maximum schema version).
"""

from __future__ import annotations

import sqlite3
import time


class SchemaTooNewError(RuntimeError):
    pass


def _fts_triggers(table: str, fts: str, columns: list[str]) -> str:
    """Triggers that keep an external-content FTS5 table in step with its table, deletes included."""
    cols = ", ".join(columns)
    new = ", ".join(f"new.{c}" for c in columns)
    old = ", ".join(f"old.{c}" for c in columns)
    of = ", ".join(columns)
    return f"""
    CREATE TRIGGER {table}_fts_insert AFTER INSERT ON {table} BEGIN
        INSERT INTO {fts}(rowid, {cols}) VALUES (new.id, {new});
    END;
    CREATE TRIGGER {table}_fts_delete AFTER DELETE ON {table} BEGIN
        INSERT INTO {fts}({fts}, rowid, {cols}) VALUES ('delete', old.id, {old});
    END;
    CREATE TRIGGER {table}_fts_update AFTER UPDATE OF {of} ON {table} BEGIN
        INSERT INTO {fts}({fts}, rowid, {cols}) VALUES ('delete', old.id, {old});
        INSERT INTO {fts}(rowid, {cols}) VALUES (new.id, {new});
    END;
    """


TOKENIZER = "porter unicode61 remove_diacritics 2"

M001_CORE = f"""
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at REAL NOT NULL);

CREATE TABLE audit (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT,
    detail TEXT
);
CREATE INDEX audit_at ON audit(at);

-- People the memory knows: enrolled voices and account-linked chat users alike.
CREATE TABLE speakers (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created_at REAL NOT NULL
);

-- A client's conversation key (a room, a device, a chat) maps to its current thread; clear_context retires
-- the thread so the same key opens a new one.
CREATE TABLE threads (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL,
    created_at REAL NOT NULL,
    last_turn_at REAL,
    retired_at REAL
);
CREATE UNIQUE INDEX threads_live_key ON threads(key) WHERE retired_at IS NULL;

CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    thread_id INTEGER NOT NULL REFERENCES threads(id),
    started_at REAL NOT NULL,
    last_turn_at REAL NOT NULL,
    ended_at REAL,
    formed_at REAL,
    cleared INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sessions_thread ON sessions(thread_id, ended_at);
CREATE INDEX sessions_unformed ON sessions(formed_at, ended_at);

-- L0: the verbatim ledger.
CREATE TABLE turns (
    id INTEGER PRIMARY KEY,
    thread_id INTEGER NOT NULL REFERENCES threads(id),
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    text TEXT NOT NULL,
    speaker_id TEXT REFERENCES speakers(id),
    band TEXT NOT NULL DEFAULT 'none' CHECK (band IN ('high', 'medium', 'greeting', 'none')),
    owner_id TEXT,                 -- personal pool it belongs to; NULL = household
    ts REAL NOT NULL,              -- when it was said (unix seconds, UTC)
    created_at REAL NOT NULL,      -- when it was committed
    tool_calls TEXT,               -- the assistant turn's tool-calls record (JSON)
    pinned INTEGER NOT NULL DEFAULT 0,
    cleared INTEGER NOT NULL DEFAULT 0,
    embedding BLOB,
    embed_model TEXT
);
CREATE INDEX turns_thread_ts ON turns(thread_id, ts);
CREATE INDEX turns_session ON turns(session_id);
CREATE INDEX turns_ts ON turns(ts);
CREATE INDEX turns_speaker ON turns(speaker_id);
CREATE VIRTUAL TABLE turn_fts USING fts5(text, content='turns', content_rowid='id', tokenize='{TOKENIZER}');
{_fts_triggers("turns", "turn_fts", ["text"])}

-- L3: typed facts, bi-temporal.
CREATE TABLE facts (
    id INTEGER PRIMARY KEY,
    subject TEXT NOT NULL,
    predicate TEXT NOT NULL,
    object TEXT NOT NULL,
    text TEXT NOT NULL,
    display_text TEXT,
    owner_id TEXT,                 -- personal pool; NULL = household
    provenance TEXT NOT NULL DEFAULT 'USER-STATED' CHECK (provenance IN ('USER-STATED', 'INFERRED')),
    confidence REAL NOT NULL DEFAULT 1.0,
    support_count INTEGER NOT NULL DEFAULT 1,
    always_inject INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'superseded')),
    valid_from REAL NOT NULL,
    valid_to REAL,
    recorded_at REAL NOT NULL,
    superseded_by INTEGER REFERENCES facts(id),
    use_count INTEGER NOT NULL DEFAULT 0,
    last_used_at REAL,
    source TEXT NOT NULL DEFAULT 'formation',
    session_id INTEGER REFERENCES sessions(id),
    embedding BLOB,
    embed_model TEXT
);
CREATE INDEX facts_key ON facts(subject, predicate, owner_id, status);
CREATE INDEX facts_owner ON facts(owner_id, status);
CREATE VIRTUAL TABLE fact_fts USING fts5(text, content='facts', content_rowid='id', tokenize='{TOKENIZER}');
{_fts_triggers("facts", "fact_fts", ["text"])}

-- L4: episodes, one narrative per formed session.
CREATE TABLE episodes (
    id INTEGER PRIMARY KEY,
    session_id INTEGER REFERENCES sessions(id),
    thread_id INTEGER REFERENCES threads(id),
    headline TEXT NOT NULL,
    summary TEXT NOT NULL,
    participants TEXT NOT NULL DEFAULT '[]',
    owner_id TEXT,
    started_at REAL NOT NULL,
    ended_at REAL NOT NULL,
    created_at REAL NOT NULL,
    embedding BLOB,
    embed_model TEXT
);
CREATE INDEX episodes_time ON episodes(ended_at);
CREATE VIRTUAL TABLE episode_fts USING fts5(headline, summary, content='episodes', content_rowid='id',
                                           tokenize='{TOKENIZER}');
{_fts_triggers("episodes", "episode_fts", ["headline", "summary"])}
"""

M002_FORMATION = """
-- Which L0 turns a fact came from (those turns are pinned: exempt from retention).
CREATE TABLE fact_turn_link (
    fact_id INTEGER NOT NULL REFERENCES facts(id) ON DELETE CASCADE,
    turn_id INTEGER NOT NULL REFERENCES turns(id) ON DELETE CASCADE,
    PRIMARY KEY (fact_id, turn_id)
);
CREATE INDEX fact_turn_link_turn ON fact_turn_link(turn_id);

-- The facts a session produced, from its episode.
CREATE TABLE fact_episode_link (
    fact_id INTEGER NOT NULL REFERENCES facts(id) ON DELETE CASCADE,
    episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
    PRIMARY KEY (fact_id, episode_id)
);
CREATE INDEX fact_episode_link_episode ON fact_episode_link(episode_id);

-- Related episodes (topically similar, recent).
CREATE TABLE episode_links (
    episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
    related_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
    similarity REAL NOT NULL,
    PRIMARY KEY (episode_id, related_id)
);
CREATE INDEX episode_links_related ON episode_links(related_id);

-- Items waiting for a person's decision, e.g. two facts that contradict and cannot be ordered in time.
CREATE TABLE review_queue (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    fact_ids TEXT NOT NULL DEFAULT '[]',
    detail TEXT,
    created_at REAL NOT NULL,
    resolved_at REAL,
    resolution TEXT
);

ALTER TABLE sessions ADD COLUMN formation_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN formation_result TEXT;   -- JSON: what forming it produced, or why nothing
ALTER TABLE facts ADD COLUMN qualifier TEXT;             -- e.g. the relation of a family member
CREATE INDEX facts_session ON facts(session_id);
CREATE INDEX episodes_session ON episodes(session_id);
-- The pinned profile card is read on every live turn.
CREATE INDEX facts_pinned ON facts(owner_id, valid_from) WHERE always_inject = 1 AND status = 'active';
"""

M003_HISTORY = """
-- L2: a thread's rolling compaction summary, so a restart restores the folded context too.
CREATE TABLE thread_summaries (
    thread_id INTEGER PRIMARY KEY REFERENCES threads(id) ON DELETE CASCADE,
    summary TEXT NOT NULL,
    upto_turn_id INTEGER NOT NULL,     -- the turns up to this id are folded into the summary
    folds INTEGER NOT NULL DEFAULT 1,
    updated_at REAL NOT NULL
);
CREATE INDEX turns_retention ON turns(ts) WHERE pinned = 0;
"""

M004_FORGETTING = """
-- Dismissed items are hidden from every read surface and deleted from nothing; the flag on the row keeps
-- every query's filter simple, this table says who dismissed what, when and why.
ALTER TABLE turns ADD COLUMN dismissed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE facts ADD COLUMN dismissed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE episodes ADD COLUMN dismissed INTEGER NOT NULL DEFAULT 0;
CREATE TABLE dismissals (
    kind TEXT NOT NULL CHECK (kind IN ('turn', 'fact', 'episode')),
    item_id INTEGER NOT NULL,
    reason TEXT,
    actor TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (kind, item_id)
);

-- Signed erase receipts (canonical JSON; they hold counts and keyed digests, never erased content).
CREATE TABLE receipts (
    id INTEGER PRIMARY KEY,
    created_at REAL NOT NULL,
    receipt TEXT NOT NULL
);
"""

M005_VOICEPRINTS = """
-- A person's voiceprint: the normalised mean of their samples' embeddings (resemblyzer GE2E, 256-d).
ALTER TABLE speakers ADD COLUMN voiceprint BLOB;
ALTER TABLE speakers ADD COLUMN voice_model TEXT;
ALTER TABLE speakers ADD COLUMN enrolled_at REAL;
CREATE TABLE voiceprint_samples (
    id INTEGER PRIMARY KEY,
    speaker_id TEXT NOT NULL REFERENCES speakers(id) ON DELETE CASCADE,
    embedding BLOB NOT NULL,
    seconds REAL NOT NULL,
    created_at REAL NOT NULL
);
CREATE INDEX voiceprint_samples_speaker ON voiceprint_samples(speaker_id);
"""

M006_HOUSEHOLD = """
-- Who and what the household talks about: people (every speaker is one), pets, places, organisations,
-- things, and the household itself. A merged entity points at the one it was merged into.
CREATE TABLE entities (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('person', 'pet', 'place', 'organisation', 'thing', 'household')),
    name TEXT NOT NULL,
    speaker_id TEXT UNIQUE REFERENCES speakers(id) ON DELETE SET NULL,
    created_at REAL NOT NULL,
    merged_into INTEGER REFERENCES entities(id)
);
CREATE TABLE entity_aliases (
    entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    alias TEXT NOT NULL,
    norm TEXT NOT NULL,            -- lower case, no articles: what a mention is matched on
    PRIMARY KEY (entity_id, norm)
);
CREATE INDEX entity_aliases_norm ON entity_aliases(norm);
-- How one entity names another: (Alice, daughter, Emma) and the inverse (Emma, parent, Alice).
CREATE TABLE entity_relations (
    from_entity INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    relation TEXT NOT NULL,
    to_entity INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    created_at REAL NOT NULL,
    PRIMARY KEY (from_entity, relation, to_entity)
);
CREATE INDEX entity_relations_to ON entity_relations(to_entity);

-- Every fact has a subject entity (who it is about) apart from its owner pool (who may see it).
ALTER TABLE facts ADD COLUMN subject_entity INTEGER REFERENCES entities(id);
ALTER TABLE facts ADD COLUMN object_entity INTEGER REFERENCES entities(id);
-- Importance (0..1) and the stored inputs it was computed from (JSON), shown with the fact.
ALTER TABLE facts ADD COLUMN importance REAL NOT NULL DEFAULT 0;
ALTER TABLE facts ADD COLUMN importance_inputs TEXT;
CREATE INDEX facts_subject_entity ON facts(subject_entity, predicate, status);
-- Every live turn reads its scope's rules.
CREATE INDEX facts_rules ON facts(owner_id, valid_from) WHERE predicate = 'rule' AND status = 'active';

-- A claim (a personal statement by an uncertain voice) waits here as the fact it would become, in no pool;
-- speaker_id is whom the voice might be.
ALTER TABLE review_queue ADD COLUMN payload TEXT;
ALTER TABLE review_queue ADD COLUMN speaker_id TEXT;

-- The existing people and the household, and their facts' subjects.
INSERT INTO entities(kind, name, created_at)
    SELECT 'household', 'the household', strftime('%s', 'now') WHERE EXISTS (SELECT 1 FROM facts);
INSERT INTO entities(kind, name, speaker_id, created_at) SELECT 'person', name, id, created_at FROM speakers;
INSERT INTO entities(kind, name, created_at)
    SELECT DISTINCT 'person', subject, strftime('%s', 'now') FROM facts
    WHERE subject <> 'household' AND subject NOT IN (SELECT id FROM speakers);
INSERT INTO entity_aliases(entity_id, alias, norm)
    SELECT id, name, lower(name) FROM entities WHERE kind = 'person';
INSERT OR IGNORE INTO entity_aliases(entity_id, alias, norm)
    SELECT e.id, e.speaker_id, lower(e.speaker_id) FROM entities e WHERE e.speaker_id IS NOT NULL;
UPDATE facts SET subject_entity = coalesce(
    (SELECT e.id FROM entities e WHERE e.speaker_id = facts.subject),
    (SELECT e.id FROM entities e WHERE e.speaker_id IS NULL AND e.kind = 'person' AND e.name = facts.subject),
    (SELECT e.id FROM entities e WHERE e.kind = 'household'));
"""

M007_IDEMPOTENCY = """
-- A commit's answer by the key its client gave (Idempotency-Key): a retry of a committed request answers the
-- same ids and stores nothing twice. Kept a day (the retention job); it holds ids and times, never text.
CREATE TABLE idempotency (
    key TEXT PRIMARY KEY,
    response TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE INDEX idempotency_created ON idempotency(created_at);
"""

# (name, sql). Append only: a released step is never edited, a change is a new step.
MIGRATIONS: list[tuple[str, str]] = [
    ("001_core", M001_CORE),
    ("002_formation", M002_FORMATION),
    ("003_history", M003_HISTORY),
    ("004_forgetting", M004_FORGETTING),
    ("005_voiceprints", M005_VOICEPRINTS),
    ("006_household", M006_HOUSEHOLD),
    ("007_idempotency", M007_IDEMPOTENCY),
]

SCHEMA_VERSION = len(MIGRATIONS)


def _applied(conn: sqlite3.Connection) -> list[str]:
    conn.execute("CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)")
    return [r[0] for r in conn.execute("SELECT name FROM _migrations ORDER BY name")]


def schema_version(conn: sqlite3.Connection) -> int:
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return int(row[0]) if row else 0


def check_not_newer(conn: sqlite3.Connection) -> None:
    known = {name for name, _ in MIGRATIONS}
    has_meta = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'meta'").fetchone()
    recorded = schema_version(conn) if has_meta else 0
    has_log = conn.execute("SELECT 1 FROM sqlite_master WHERE name = '_migrations'").fetchone()
    unknown = [n for (n,) in conn.execute("SELECT name FROM _migrations")] if has_log else []
    unknown = [n for n in unknown if n not in known]
    if recorded > SCHEMA_VERSION or unknown:
        raise SchemaTooNewError(
            f"core.db has schema version {recorded}"
            + (f" (steps {', '.join(unknown)})" if unknown else "")
            + f", newer than this Hearth understands ({SCHEMA_VERSION}); upgrade Hearth, the file was not touched"
        )


def migrate(conn: sqlite3.Connection) -> int:
    """Apply every missing step in order; returns the schema version. Idempotent."""
    check_not_newer(conn)
    done = set(_applied(conn))
    for name, sql in MIGRATIONS:
        if name in done:
            continue
        # executescript commits first; run the step's statements inside one explicit transaction instead.
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _split(sql):
                conn.execute(statement)
            conn.execute("INSERT INTO _migrations(name, applied_at) VALUES (?, ?)", (name, time.time()))
            conn.execute(
                "INSERT INTO meta(key, value) VALUES ('schema_version', ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (str(len(done) + 1),),
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        done.add(name)
    return SCHEMA_VERSION


def _split(script: str) -> list[str]:
    """Split a script into complete statements (triggers contain semicolons)."""
    statements, buf = [], ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                statements.append(buf.strip())
            buf = ""
    if buf.strip():
        statements.append(buf.strip())
    return statements
