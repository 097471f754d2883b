"""Upgrading core.db from every older schema version that holds data.

For each older version N the database is built by the real migrate() with the step list cut at N, filled with
representative rows of the tables of that version, then opened by the current Store: it must reach the latest
version with every row's content intact, the schema of a fresh database, its FTS indexes searchable and
consistent, and pass PRAGMA integrity_check. (A database from a newer Hearth is refused untouched:
test_store.py and test_process.py.)

A new migration step adds its rows to ROWS below (test_every_step_has_representative_rows says so); a step
that rewrites existing content says what it changes in EXPECTED_CHANGES.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable

import numpy as np
import pytest

from hearthd.memory.scope import EVERYTHING
from hearthd.memory.search import Filters, fts_search
from hearthd.store import migrations
from hearthd.store.connection import open_connection
from hearthd.store.database import Store
from hearthd.store.migrations import MIGRATIONS, SCHEMA_VERSION
from hearthd.store.tracks import EPISODES, FACTS, TURNS
from hearthd.store.vectors import decode, encode

T0 = time.time() - 30 * 86400
VECTOR = np.linspace(-1.0, 1.0, 384, dtype=np.float32)
MODEL = "all-MiniLM-L6-v2"


def _core(tx: sqlite3.Connection) -> None:
    tx.execute("INSERT INTO meta(key, value) VALUES ('embedder_model', ?), ('embedder_dim', '384')", (MODEL,))
    tx.execute("INSERT INTO settings(key, value, updated_at) VALUES ('memory.recall_top_k', '7', ?)", (T0,))
    tx.execute(
        "INSERT INTO audit(at, actor, action, target, detail) VALUES (?, 'admin', 'settings.set', "
        "'memory.recall_top_k', '{\"value\": 7}')",
        (T0,),
    )
    tx.execute("INSERT INTO speakers(id, name, created_at) VALUES ('alice', 'Alice', ?), ('bob', 'Bob', ?)", (T0, T0))
    tx.execute("INSERT INTO threads(id, key, created_at, last_turn_at) VALUES (1, 'kitchen', ?, ?)", (T0, T0 + 65))
    tx.execute(
        "INSERT INTO threads(id, key, created_at, last_turn_at, retired_at) VALUES (2, 'car', ?, ?, ?)",
        (T0, T0 + 10, T0 + 20),
    )
    tx.execute(
        "INSERT INTO sessions(id, thread_id, started_at, last_turn_at, ended_at, formed_at) VALUES (1, 1, ?, ?, ?, ?)",
        (T0, T0 + 65, T0 + 4000, T0 + 4100),
    )
    tx.execute(
        "INSERT INTO sessions(id, thread_id, started_at, last_turn_at, cleared) VALUES (2, 2, ?, ?, 1)", (T0, T0 + 10)
    )
    turns = [
        (1, 1, 1, "user", "We're flying to Japan in April to see the cherry blossoms", "alice", "high", "alice", T0),
        (2, 1, 1, "assistant", "Lovely! Kyoto is beautiful then.", None, "none", None, T0 + 5),
        (3, 1, 1, "user", "The dishwasher is making a grinding noise again", "bob", "medium", None, T0 + 60),
        (4, 2, 2, "user", "Café crème for me, s'il vous plaît", None, "none", None, T0 + 10),
    ]
    tx.executemany(
        "INSERT INTO turns(id, thread_id, session_id, role, text, speaker_id, band, owner_id, ts, "
        "created_at, embedding, embed_model) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(*t, t[-1] + 1, encode(VECTOR), MODEL) for t in turns],
    )
    tx.execute('UPDATE turns SET tool_calls = \'[{"name": "recall"}]\', pinned = 1 WHERE id = 2')
    tx.execute("UPDATE turns SET cleared = 1 WHERE id = 4")
    tx.execute(
        "INSERT INTO facts(id, subject, predicate, object, text, display_text, owner_id, provenance, "
        "confidence, support_count, always_inject, valid_from, recorded_at, source, session_id, embedding, "
        "embed_model) VALUES (1, 'alice', 'allergy', 'peanuts', 'alice is allergic to peanuts', "
        "'Allergic to peanuts', 'alice', 'USER-STATED', 0.9, 2, 1, ?, ?, 'formation', 1, ?, ?)",
        (T0, T0 + 4100, encode(VECTOR), MODEL),
    )
    tx.execute(
        "INSERT INTO facts(id, subject, predicate, object, text, status, valid_from, valid_to, recorded_at, "
        "source) VALUES (2, 'household', 'lives_in', 'Porto', 'the household lives in Porto', 'superseded', "
        "?, ?, ?, 'remember')",
        (T0 - 86400, T0, T0 - 86400),
    )
    tx.execute(
        "INSERT INTO facts(id, subject, predicate, object, text, valid_from, recorded_at, source) "
        "VALUES (3, 'household', 'lives_in', 'Lisbon', 'the household lives in Lisbon', ?, ?, 'remember')",
        (T0, T0),
    )
    tx.execute("UPDATE facts SET superseded_by = 3 WHERE id = 2")
    tx.executemany(
        "INSERT INTO episodes(id, session_id, thread_id, headline, summary, participants, owner_id, "
        "started_at, ended_at, created_at, embedding, embed_model) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                1,
                1,
                1,
                "Spring trip to Japan",
                "Alice plans to see the cherry blossoms in Kyoto in April.",
                '["alice"]',
                None,
                T0,
                T0 + 65,
                T0 + 4100,
                encode(VECTOR),
                MODEL,
            ),
            (
                2,
                None,
                1,
                "The noisy dishwasher",
                "Bob says the dishwasher grinds again.",
                '["bob"]',
                None,
                T0 + 60,
                T0 + 65,
                T0 + 4100,
                None,
                None,
            ),
        ],
    )


def _formation(tx: sqlite3.Connection) -> None:
    tx.execute("INSERT INTO fact_turn_link(fact_id, turn_id) VALUES (1, 1)")
    tx.execute("INSERT INTO fact_episode_link(fact_id, episode_id) VALUES (1, 1)")
    tx.execute("INSERT INTO episode_links(episode_id, related_id, similarity) VALUES (1, 2, 0.41), (2, 1, 0.41)")
    tx.execute(
        "INSERT INTO review_queue(kind, fact_ids, detail, created_at) VALUES ('contradiction', '[2, 3]', "
        "'two homes at once', ?)",
        (T0,),
    )
    tx.execute("UPDATE sessions SET formation_attempts = 2, formation_result = '{\"facts\": [1]}' WHERE id = 1")
    tx.execute(
        "INSERT INTO facts(id, subject, predicate, object, text, qualifier, valid_from, recorded_at) "
        "VALUES (4, 'alice', 'family', 'Tom', 'alice''s son is Tom', 'son', ?, ?)",
        (T0, T0),
    )


def _history(tx: sqlite3.Connection) -> None:
    tx.execute(
        "INSERT INTO thread_summaries(thread_id, summary, upto_turn_id, folds, updated_at) "
        "VALUES (1, 'Alice and the assistant talked about a trip to Japan.', 2, 1, ?)",
        (T0 + 70,),
    )


def _forgetting(tx: sqlite3.Connection) -> None:
    tx.execute(
        "INSERT INTO turns(id, thread_id, session_id, role, text, ts, created_at, dismissed) "
        "VALUES (5, 1, 1, 'user', 'Ignore this: the wifi password is hunter2', ?, ?, 1)",
        (T0 + 62, T0 + 63),
    )
    tx.execute(
        "INSERT INTO dismissals(kind, item_id, reason, actor, at) VALUES ('turn', 5, 'a secret', 'admin', ?)",
        (T0 + 70,),
    )
    tx.execute(
        "INSERT INTO receipts(created_at, receipt) VALUES (?, ?)",
        (T0 + 80, '{"payload": {"counts": {"facts": 1}}, "signature": "abc"}'),
    )


def _voiceprints(tx: sqlite3.Connection) -> None:
    voice = encode(np.ones(256, dtype=np.float32))
    tx.execute(
        "UPDATE speakers SET voiceprint = ?, voice_model = 'resemblyzer-ge2e', enrolled_at = ? WHERE id = 'alice'",
        (voice, T0),
    )
    tx.execute(
        "INSERT INTO voiceprint_samples(speaker_id, embedding, seconds, created_at) VALUES ('alice', ?, 4.5, ?)",
        (voice, T0),
    )


def _household(tx: sqlite3.Connection) -> None:
    tx.execute(
        "INSERT INTO entities(id, kind, name, created_at) VALUES (100, 'person', 'Emma', ?)",
        (T0,),
    )
    tx.execute("INSERT INTO entity_aliases(entity_id, alias, norm) VALUES (100, 'Em', 'em')")
    tx.execute(
        "INSERT INTO entity_relations(from_entity, relation, to_entity, created_at) "
        "SELECT id, 'daughter', 100, ? FROM entities WHERE speaker_id = 'alice'",
        (T0,),
    )
    tx.execute(
        "INSERT INTO review_queue(kind, detail, created_at, payload, speaker_id) "
        "VALUES ('claim', 'Was this alice?', ?, '{}', 'alice')",
        (T0,),
    )


def _idempotency(tx: sqlite3.Connection) -> None:
    tx.execute(
        "INSERT INTO idempotency(key, response, created_at) VALUES ('k-1', '{\"request\": null, \"answer\": {}}', ?)",
        (T0,),
    )


# The rows each step's tables and columns get: a database at version N holds the rows of steps 1..N.
ROWS: dict[str, Callable[[sqlite3.Connection], None]] = {
    "001_core": _core,
    "002_formation": _formation,
    "003_history": _history,
    "004_forgetting": _forgetting,
    "005_voiceprints": _voiceprints,
    "006_household": _household,
    "007_idempotency": _idempotency,
}
# (table, column) -> what a later step writes there for the rows of an older version; nothing so far.
EXPECTED_CHANGES: dict[tuple[str, str], Callable[[object], object]] = {}

# Tables a migration writes by design: the version record and the step log.
BOOKKEEPING = {"meta": "key", "_migrations": "name"}


def build_at(data_dir, version: int) -> None:
    """core.db at `version`, by the real migrate() with the steps after it left out, holding their rows."""
    data_dir.mkdir(parents=True, exist_ok=True)
    conn = open_connection(data_dir / "core.db")
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(migrations, "MIGRATIONS", MIGRATIONS[:version])
            migrations.migrate(conn)
        assert migrations.schema_version(conn) == version
        for name, _ in MIGRATIONS[:version]:
            conn.execute("BEGIN IMMEDIATE")
            ROWS[name](conn)
            conn.execute("COMMIT")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def ordinary_tables(conn: sqlite3.Connection) -> list[str]:
    return [
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' "
            "AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts_%' ORDER BY name"
        )
    ]


def dump(conn: sqlite3.Connection) -> dict[str, list[dict]]:
    """Every row of every ordinary table, as {column: value}, in rowid (or key) order."""
    out = {}
    for table in ordinary_tables(conn):
        cur = conn.execute(f'SELECT * FROM "{table}" ORDER BY 1')
        names = [d[0] for d in cur.description]
        out[table] = [dict(zip(names, row, strict=True)) for row in cur]
    return out


def schema(conn: sqlite3.Connection) -> set[tuple]:
    return set(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"))


@pytest.fixture(scope="module")
def fresh_schema(tmp_path_factory) -> set[tuple]:
    data_dir = tmp_path_factory.mktemp("fresh")
    store = Store(data_dir)
    store.close()
    conn = sqlite3.connect(data_dir / "core.db")
    try:
        return schema(conn)
    finally:
        conn.close()


def test_every_step_has_representative_rows():
    missing = [name for name, _ in MIGRATIONS if name not in ROWS]
    assert not missing, f"add rows of the tables and columns of {missing} to ROWS in {__file__}"


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION), ids=lambda v: f"from-v{v}")
def test_a_database_of_an_older_version_upgrades_with_its_rows(data_dir, version, fresh_schema):
    build_at(data_dir, version)
    db = data_dir / "core.db"
    conn = sqlite3.connect(db)
    before = dump(conn)
    conn.close()

    store = Store(data_dir)
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        assert store.schema_version == SCHEMA_VERSION
        assert store.meta("schema_version") == str(SCHEMA_VERSION)
        assert schema(conn) == fresh_schema  # the same tables, columns, indexes and triggers as a new one
        assert [r[0] for r in conn.execute("SELECT name FROM _migrations ORDER BY name")] == [n for n, _ in MIGRATIONS]
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        check_rows_survive(before, dump(conn))
        check_content(conn, version)
        check_fts(store, conn, version)
    finally:
        conn.close()
        store.close()
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        conn.close()


def check_rows_survive(before: dict[str, list[dict]], after: dict[str, list[dict]]) -> None:
    """Every row of the old version is still there with the same content (new columns may be beside it)."""
    for table, rows in before.items():
        key = BOOKKEEPING.get(table)
        if key:
            now = {r[key] for r in after[table]}
            assert {r[key] for r in rows} <= now, table
            continue
        assert len(after[table]) == len(rows), table
        for old, new in zip(rows, after[table], strict=True):
            for column, value in old.items():
                expected = EXPECTED_CHANGES.get((table, column), lambda v: v)(value)
                assert new[column] == expected, (table, column, old)


def check_content(conn: sqlite3.Connection, version: int) -> None:
    """A few rows read back: text, embeddings, and the defaults the new columns give old rows."""
    text, embedding, model = conn.execute("SELECT text, embedding, embed_model FROM turns WHERE id = 1").fetchone()
    assert text == "We're flying to Japan in April to see the cherry blossoms" and model == MODEL
    assert np.allclose(decode(embedding), VECTOR / np.linalg.norm(VECTOR))
    assert conn.execute("SELECT text FROM turns WHERE id = 4").fetchone() == ("Café crème for me, s'il vous plaît",)
    assert conn.execute("SELECT value FROM settings WHERE key = 'memory.recall_top_k'").fetchone() == ("7",)
    assert conn.execute("SELECT value FROM meta WHERE key = 'embedder_model'").fetchone() == (MODEL,)
    fact = conn.execute("SELECT subject, predicate, object, status, superseded_by FROM facts WHERE id = 2").fetchone()
    assert fact == ("household", "lives_in", "Porto", "superseded", 3)
    if version < 2:
        row = conn.execute("SELECT formation_attempts, formation_result FROM sessions WHERE id = 1").fetchone()
        assert row == (0, None)
        assert conn.execute("SELECT qualifier FROM facts WHERE id = 1").fetchone() == (None,)
    if version < 4:
        for table in ("turns", "facts", "episodes"):
            assert conn.execute(f"SELECT count(*) FROM {table} WHERE dismissed != 0").fetchone() == (0,)
    if version < 5:
        row = conn.execute("SELECT voiceprint, voice_model, enrolled_at FROM speakers WHERE id = 'alice'").fetchone()
        assert row == (None, None, None)


def check_fts(store: Store, conn: sqlite3.Connection, version: int) -> None:
    """The keyword track finds the old rows (stems and diacritics folded), each FTS index matches its table, and
    the triggers keep them in step after the upgrade."""
    everything = Filters(scope=EVERYTHING)

    def found(track, text) -> list[int]:
        return [row_id for row_id, _ in fts_search(store, track, text, 5, everything)[0]]

    def consistent():
        for fts in ("turn_fts", "fact_fts", "episode_fts"):  # rank 1: against the content table too
            conn.execute(f"INSERT INTO {fts}({fts}, rank) VALUES ('integrity-check', 1)")  # raises if out of step

    assert found(TURNS, "dishwasher grind") == [3]
    assert found(TURNS, "blossom") == [1]
    assert found(TURNS, "kyoto") == [2]
    assert found(TURNS, "cafe creme") == []  # a cleared turn is not searched...
    assert conn.execute("SELECT rowid FROM turn_fts WHERE turn_fts MATCH 'cafe'").fetchall() == [(4,)]  # ...but indexed
    assert found(FACTS, "peanuts") == [1]
    assert found(FACTS, "lisbon") == [3] and found(FACTS, "porto") == []  # superseded: history only
    assert found(EPISODES, "cherry blossoms") == [1]
    assert found(EPISODES, "dishwasher") == [2]
    if version >= 4:
        assert found(TURNS, "wifi password") == []  # dismissed before the upgrade, still hidden
    consistent()

    def write(tx):
        tx.execute(
            "INSERT INTO turns(thread_id, session_id, role, text, ts, created_at) "
            "VALUES (1, 1, 'user', 'The boiler service is due next week', ?, ?)",
            (T0 + 90, T0 + 90),
        )
        tx.execute("UPDATE facts SET text = 'alice is allergic to cashews' WHERE id = 1")
        tx.execute("DELETE FROM episodes WHERE id = 2")

    store.writer.write(write)
    assert found(TURNS, "boiler") and found(FACTS, "cashews") == [1] and found(FACTS, "peanuts") == []
    assert found(EPISODES, "dishwasher") == []
    consistent()
