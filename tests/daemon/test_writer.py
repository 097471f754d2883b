"""The single writer (order, shutdown, failing hooks, bounded waits, jobs) and the vector tracks it keeps in
step through tx.touch (one refresh per commit, a failed one rebuilt from core.db)."""

import sqlite3
import threading
import time

import numpy as np
import pytest

from hearthd.store.tracks import TURNS
from hearthd.store.vectors import VectorTrack, encode
from hearthd.store.writer import Writer, WriterStopped, WriteTimeout

MODEL, OTHER, DIM = "m-a", "m-b", 4


def _writer(tmp_path) -> Writer:
    conn = sqlite3.connect(str(tmp_path / "w.db"), isolation_level=None, check_same_thread=False)
    conn.execute("CREATE TABLE log (n INTEGER)")
    return Writer(conn)


def _logged(writer: Writer) -> list[int]:
    return writer.run_job(lambda conn: [r[0] for r in conn.execute("SELECT n FROM log ORDER BY rowid")])


def test_jobs_run_in_submission_order(tmp_path):
    writer = _writer(tmp_path)
    gate = threading.Event()
    try:
        writer.submit(lambda tx: gate.wait(5))  # everything below queues behind it
        futures = []
        for n in range(50):
            if n % 10 == 0:
                futures.append(writer.submit_job(lambda conn, n=n: conn.execute("INSERT INTO log VALUES (?)", (n,))))
            else:
                futures.append(writer.submit(lambda tx, n=n: tx.execute("INSERT INTO log VALUES (?)", (n,))))
        gate.set()
        for f in futures:
            f.result(5)
        assert _logged(writer) == list(range(50))
    finally:
        writer.close()


def test_a_raising_hook_keeps_its_commit_and_the_next_jobs(tmp_path):
    writer = _writer(tmp_path)
    try:

        def write(tx):
            tx.execute("INSERT INTO log VALUES (1)")
            tx.after_commit(lambda: 1 / 0)
            return "done"

        assert writer.write(write) == "done"
        assert writer.write(lambda tx: tx.execute("INSERT INTO log VALUES (2)").rowcount) == 1
        with pytest.raises(ZeroDivisionError):
            writer.write(lambda tx: (tx.execute("INSERT INTO log VALUES (3)"), 1 / 0))  # rolled back
        assert _logged(writer) == [1, 2]
    finally:
        writer.close()


def test_close_runs_what_is_queued_and_refuses_the_rest(tmp_path):
    writer = _writer(tmp_path)
    gate = threading.Event()
    writer.submit(lambda tx: gate.wait(5))
    queued = [writer.submit(lambda tx, n=n: tx.execute("INSERT INTO log VALUES (?)", (n,)).rowcount) for n in range(5)]
    closer = threading.Thread(target=writer.close)
    closer.start()
    time.sleep(0.05)
    late = writer.submit(lambda tx: None)
    with pytest.raises(WriterStopped):
        late.result(1)  # refused at once, never left waiting
    gate.set()
    closer.join(10)
    assert not closer.is_alive()
    assert [f.result(0) for f in queued] == [1] * 5
    with pytest.raises(WriterStopped):
        writer.write(lambda tx: None)
    with pytest.raises(WriterStopped):
        writer.run_job(lambda conn: None)
    writer.close()  # twice is harmless


def test_a_wait_that_times_out_says_so_and_a_queued_job_is_dropped(tmp_path):
    writer = _writer(tmp_path)
    gate = threading.Event()
    try:
        writer.submit(lambda tx: gate.wait(5))
        with pytest.raises(WriteTimeout, match="did not finish a write within 0.1 s"):
            writer.write(lambda tx: tx.execute("INSERT INTO log VALUES (9)"), timeout=0.1)
        gate.set()
        assert _logged(writer) == []  # cancelled before it ran
    finally:
        writer.close()


def test_a_job_runs_outside_a_transaction_and_may_not_leave_one(tmp_path):
    writer = _writer(tmp_path)
    try:
        assert writer.run_job(lambda conn: conn.in_transaction) is False
        with pytest.raises(RuntimeError, match="left a transaction open"):
            writer.run_job(lambda conn: conn.execute("BEGIN"))
        assert writer.write(lambda tx: tx.execute("INSERT INTO log VALUES (1)").rowcount) == 1
        with pytest.raises(RuntimeError, match="deadlock"):
            writer.run_job(lambda conn: writer.write(lambda tx: None))
    finally:
        writer.close()


# -- tx.touch ----------------------------------------------------------------------------------------------
def _vec(*xs) -> np.ndarray:
    v = np.array(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


def _add_turns(store, vectors, model=MODEL) -> list[int]:
    def write(tx):
        thread = tx.execute("INSERT INTO threads(key, created_at) VALUES (?, 0)", (f"k{time.time_ns()}",)).lastrowid
        session = tx.execute(
            "INSERT INTO sessions(thread_id, started_at, last_turn_at) VALUES (?, 0, 0)", (thread,)
        ).lastrowid
        ids = [
            tx.execute(
                "INSERT INTO turns(thread_id, session_id, role, text, ts, created_at, embedding, "
                "embed_model) VALUES (?, ?, 'user', ?, ?, 0, ?, ?)",
                (thread, session, f"turn {i}", 100.0 + i, encode(v), model),
            ).lastrowid
            for i, v in enumerate(vectors)
        ]
        tx.touch(TURNS, ids)
        return ids

    return store.writer.write(write)


def _serve_empty(store):
    store.serve(MODEL, {name: VectorTrack(name, DIM) for name in ("turns", "facts", "episodes")})


def test_touched_rows_follow_their_commit(store):
    _serve_empty(store)
    a, b, c = _add_turns(store, [_vec(1, 0, 0, 0), _vec(0, 1, 0, 0), _vec(0, 0, 1, 0)])
    turns = store.track("turns")
    assert {a, b, c} <= set(i for i, _ in turns.search(_vec(1, 1, 1, 0), 5))
    assert turns.admit([a])[0] == {a: 100.0}

    def change(tx):
        tx.execute("UPDATE turns SET dismissed = 1 WHERE id = ?", (a,))
        tx.execute("DELETE FROM turns WHERE id = ?", (b,))
        tx.execute("UPDATE turns SET owner_id = 'alice', ts = 500 WHERE id = ?", (c,))
        tx.touch("turns", [a, b, c])

    store.writer.write(change)
    assert a not in turns and b not in turns
    assert turns.admit([c])[0] == {c: 500.0}
    store.writer.write(
        lambda tx: (tx.execute("UPDATE turns SET dismissed = 0 WHERE id = ?", (a,)), tx.touch(TURNS, [a]))
    )
    assert a in turns
    with pytest.raises(ValueError, match="no track"):
        store.writer.write(lambda tx: tx.touch("turn", [a]))  # a typo fails the write, not the index


def test_a_row_reembedded_for_a_new_model_stays_in_the_searched_space(store):
    _serve_empty(store)
    store.begin_staging(OTHER, DIM)
    (a,) = _add_turns(store, [_vec(1, 0, 0, 0)])
    assert a in store.track("turns") and a not in store.staging["turns"]
    store.writer.write(
        lambda tx: (
            tx.execute(
                "UPDATE turns SET embedding = ?, embed_model = ? WHERE id = ?", (encode(_vec(0, 1, 0, 0)), OTHER, a)
            ),
            tx.touch(TURNS, [a]),
        )
    )
    assert np.allclose(store.track("turns").vector(a), _vec(1, 0, 0, 0))  # still searched in the old space
    assert np.allclose(store.staging["turns"].vector(a), _vec(0, 1, 0, 0))
    assert np.allclose(store.vectors_of(TURNS, [a])[a], _vec(1, 0, 0, 0))
    assert np.allclose(store.vectors_of("turns", [a], model_id=OTHER)[a], _vec(0, 1, 0, 0))


def test_vectors_of_reads_sql_for_rows_the_track_does_not_hold(store):
    _serve_empty(store)
    a, b = _add_turns(store, [_vec(1, 0, 0, 0), _vec(0, 0, 0, 1)])
    store.writer.write(lambda tx: (tx.execute("UPDATE turns SET cleared = 1 WHERE id = ?", (b,)), tx.touch(TURNS, [b])))
    assert b not in store.track("turns")
    got = store.vectors_of(TURNS, [a, b, 999])
    assert set(got) == {a, b} and np.allclose(got[b], _vec(0, 0, 0, 1))
    assert store.vectors_of(TURNS, [a], model_id="nobody") == {}

    def inside(tx):  # through the transaction: sees its own uncommitted rows
        tx.execute("UPDATE turns SET embedding = ? WHERE id = ?", (encode(_vec(0, 0, 1, 0)), b))
        return store.vectors_of(TURNS, [b], conn=tx)[b]

    assert np.allclose(store.writer.write(inside), _vec(0, 0, 1, 0))


def test_a_failed_refresh_marks_the_track_and_a_rebuild_catches_up(store, monkeypatch):
    _serve_empty(store)
    (a,) = _add_turns(store, [_vec(1, 0, 0, 0)])
    woken = []
    store.on_rebuild_needed = lambda: woken.append(True)
    real = store._refresh
    monkeypatch.setattr(store, "_refresh", lambda *args: 1 / 0)
    (b,) = _add_turns(store, [_vec(0, 1, 0, 0)])  # committed, but the track missed it
    assert store.status()["rebuild_pending"] == ["turns"] and woken
    assert b not in store.track("turns")
    assert store.writer.write(lambda tx: tx.execute("SELECT count(*) FROM turns").fetchone()[0]) == 2
    monkeypatch.setattr(store, "_refresh", real)
    assert store.rebuild_tracks() == ["turns"]
    assert store.status() == {"rebuild_pending": [], "filing": []}  # small tracks: searched exactly, no file
    assert {a, b} == {i for i, _ in store.track("turns").search(_vec(1, 1, 0, 0), 5)}
    assert store.rebuild_tracks() == []


def test_writes_during_a_rebuild_are_not_lost(store, monkeypatch):
    _serve_empty(store)
    (a,) = _add_turns(store, [_vec(1, 0, 0, 0)])
    store._rebuild_pending.add("turns")
    real_load = store.load_tracks

    def slow_load(*args, **kwargs):
        loaded = real_load(*args, **kwargs)  # the state before the write below
        store.writer.write(
            lambda tx: (tx.execute("UPDATE turns SET dismissed = 1 WHERE id = ?", (a,)), tx.touch(TURNS, [a]))
        )
        return loaded

    monkeypatch.setattr(store, "load_tracks", slow_load)
    store.rebuild_tracks()
    assert a not in store.track("turns")  # replayed onto the rebuilt track


def test_a_write_committed_while_the_tracks_load_is_searched(store, monkeypatch):
    (a,) = _add_turns(store, [_vec(1, 0, 0, 0)])
    real_load = store.load_tracks
    added = []

    def slow_load(*args, **kwargs):
        loaded = real_load(*args, **kwargs)
        added.extend(_add_turns(store, [_vec(0, 1, 0, 0)]))  # after the snapshot, before the tracks serve
        return loaded

    monkeypatch.setattr(store, "load_tracks", slow_load)
    store.load_and_serve(MODEL, DIM)
    turns = store.track("turns")
    assert store.vector_model == MODEL and a in turns and added[0] in turns
