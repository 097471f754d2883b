"""The working window (L1), compaction (L2), clear_context and retention."""

import threading

from hearthd.history.compaction import MAX_SUMMARISER_INPUT_CHARS, MAX_SUMMARY_CHARS
from tests.helpers import FULL, chat, make_daemon, settle


def texts(window):
    return [m["text"] for m in window["turns"]]


def watch_folds(daemon) -> threading.Semaphore:
    """Released as each fold ends (stored, given up or failed): a test waits on it instead of polling."""
    ended = threading.Semaphore(0)
    real = daemon.windows.compact

    def compact(thread_id):
        try:
            return real(thread_id)
        finally:
            ended.release()

    daemon.windows.compact = compact
    return ended


def wait_fold(ended: threading.Semaphore) -> None:
    assert ended.acquire(timeout=30), "the fold did not end"


def fold_held_open(daemon, client, thread="kitchen") -> threading.Event:
    """Start a fold of the thread whose summariser waits (the race made certain); set the event to let it end."""
    entered, release = threading.Event(), threading.Event()
    real = daemon.windows.summarise

    def slow(previous, messages):
        entered.set()
        release.wait(10)
        return real(previous, messages)

    daemon.windows.summarise = slow
    client.report_usage(thread, FULL)
    assert entered.wait(10)
    return release


def test_a_restart_mid_conversation_keeps_the_recent_window(data_dir, daemon, client):
    chat(client, 10)
    keep = daemon.settings["memory.keep_last_turns"]
    before = client.window("kitchen")  # live since its first turn, it grows with each one
    assert len(before["turns"]) == 20 and before["summary"] is None
    ctx = client.context("and item 11?", speaker="alice", thread="kitchen")
    assert ctx["history"]["turns"] == before["turns"]
    daemon.stop()
    again = make_daemon(data_dir)
    try:
        after = again.client().window("kitchen")
        assert after["turns"] == before["turns"][-2 * keep :]  # the last keep_last_turns user turns on
        assert after["turns"][0]["role"] == "user"
    finally:
        again.stop()


def test_over_the_high_water_mark_the_window_is_folded_once(data_dir, daemon, client):
    client.set_setting("memory.keep_last_turns", 3)
    chat(client, 10)
    client.commit_turns(
        [{"thread": "kitchen", "role": "user", "text": "what about the garden?", "speaker": "alice"}],
        usage={"prompt_tokens": 500, "n_ctx": 1000, "output_reserve": 200},
    )  # 500 < 640: no fold
    assert client.window("kitchen")["summary"] is None
    folds = watch_folds(daemon)
    client.commit_turns([{"thread": "kitchen", "role": "assistant", "text": "The roses need water."}], usage=FULL)
    wait_fold(folds)
    window = client.window("kitchen")
    summary = window["summary"]
    users = [m for m in window["turns"] if m["role"] == "user"]
    assert [m["text"] for m in users] == [
        "topic 8: shall we talk about item 8?",
        "topic 9: shall we talk about item 9?",
        "what about the garden?",
    ]
    assert window["turns"][0]["role"] == "user" and texts(window)[-1] == "The roses need water."
    assert "item" in summary
    with daemon.store.reading() as conn:
        folds = conn.execute("SELECT folds FROM thread_summaries").fetchone()[0]
    assert folds == 1
    daemon.stop()
    again = make_daemon(data_dir)  # the folded context survives a restart too
    try:
        restored = again.client().window("kitchen")
        assert restored["summary"] == summary and texts(restored) == texts(window)
    finally:
        again.stop()


def test_a_turn_committed_while_the_summary_is_made_survives_the_fold(daemon, client):
    client.set_setting("memory.keep_last_turns", 2)
    chat(client, 6)
    folds = watch_folds(daemon)
    release = fold_held_open(daemon, client)
    client.commit_turns([{"thread": "kitchen", "role": "user", "text": "landed mid-fold", "speaker": "alice"}])
    release.set()
    wait_fold(folds)
    window = client.window("kitchen")
    assert window["summary"] and texts(window)[-1] == "landed mid-fold"
    assert [m["text"] for m in window["turns"] if m["role"] == "user"] == [
        "topic 4: shall we talk about item 4?",
        "topic 5: shall we talk about item 5?",
        "landed mid-fold",
    ]


def test_an_overflow_compacts_even_a_failed_turn_and_a_huge_input_still_folds(daemon, client):
    client.set_setting("memory.keep_last_turns", 1)
    huge = "blah " * (MAX_SUMMARISER_INPUT_CHARS // 2)
    client.commit_turns(
        [
            {"thread": "den", "role": "user", "text": huge, "speaker": "alice"},
            {"thread": "den", "role": "assistant", "text": "That was long."},
        ]
    )
    client.commit_turns([{"thread": "den", "role": "user", "text": "sorry, and now?", "speaker": "alice"}])
    # The next turn failed with a context overflow: nothing is committed, the usage is still reported.
    folds = watch_folds(daemon)
    assert client.report_usage("den", {"overflow": True})["compacting"] is True
    wait_fold(folds)
    summary = client.window("den")["summary"]
    assert summary and len(summary) <= MAX_SUMMARY_CHARS + 1
    assert texts(client.window("den")) == ["sorry, and now?"]


def test_clear_context_forgets_the_live_conversation(data_dir, daemon, client):
    chat(client, 4, speaker="alice")
    chat(client, 4, thread="office", speaker="bob", word="topic budget")
    old_thread = client.window("kitchen")["thread_id"]
    result = client.clear_context(speaker="alice")
    assert result["threads"] == [old_thread] and result["turns"] == 8
    assert client.window("kitchen")["turns"] == []
    assert len(client.window("office")["turns"]) == 8  # bob's conversation is untouched
    fresh = client.commit_turns([{"thread": "kitchen", "role": "user", "text": "hello again", "speaker": "alice"}])
    assert fresh["turns"][0]["thread_id"] != old_thread
    settle(daemon)
    found = client.recall("topic item")["turns"]
    assert found and all(t["thread_id"] != old_thread for t in found)  # bob's turns only
    daemon.stop()
    again = make_daemon(data_dir)
    try:
        assert texts(again.client().window("kitchen")) == ["hello again"]  # never re-seeded after a restart
        again.client().form_now(end_open=True)
        with again.store.reading() as conn:
            reasons = [
                r[0]
                for r in conn.execute(
                    "SELECT json_extract(formation_result, '$.reason') FROM sessions WHERE thread_id = ?", (old_thread,)
                )
            ]
        assert reasons == ["cleared"]
        with again.store.reading() as conn:
            audit = conn.execute("SELECT action, target FROM audit WHERE action = 'clear_context'").fetchall()
        assert [tuple(r) for r in audit] == [("clear_context", "alice")]
    finally:
        again.stop()


def test_retention_deletes_old_unpinned_turns_only(daemon, client):
    client.commit_turns(
        [
            {
                "thread": "old",
                "role": "user",
                "speaker": "alice",
                "ts": "2020-01-01T10:00:00Z",
                "text": "I live in Lisbon and I love the old trams of the city.",
            },
            {
                "thread": "old",
                "role": "assistant",
                "ts": "2020-01-01T10:00:05Z",
                "text": "The trams of Lisbon are lovely.",
            },
            {
                "thread": "old",
                "role": "user",
                "speaker": "alice",
                "ts": "2020-01-01T10:01:00Z",
                "text": "The zebra crossing by the bakery is dangerous for the kids.",
            },
        ]
    )
    client.form_now(end_open=True)
    settle(daemon)
    assert client.recall("zebra crossing bakery")["turns"]
    client.set_setting("memory.retention_window_days", 30)
    deleted = daemon.retention_pass()
    assert deleted == 2  # the assistant's reply and the unlinked user turn
    with daemon.store.reading() as conn:
        left = conn.execute("SELECT text, pinned FROM turns").fetchall()
    assert [tuple(r) for r in left] == [("I live in Lisbon and I love the old trams of the city.", 1)]
    found = client.recall("zebra crossing bakery")
    assert all("zebra" not in t["text"] for t in found["turns"])
    with daemon.store.reading() as conn:
        fts = conn.execute("SELECT count(*) FROM turn_fts WHERE turn_fts MATCH 'zebra'").fetchone()[0]
    assert fts == 0 and len(daemon.store.track("turns")) == 1


def test_a_fold_that_read_an_erased_turn_is_not_stored(daemon, client):
    client.set_setting("memory.keep_last_turns", 1)
    chat(client, 3)
    client.commit_turns(
        [{"thread": "kitchen", "role": "user", "speaker": "alice", "text": "my card number is 4929 1234 5678 9012"}]
    )
    client.commit_turns([{"thread": "kitchen", "role": "user", "speaker": "alice", "text": "never mind"}])
    folds = watch_folds(daemon)
    release = fold_held_open(daemon, client)
    client.erase("match", "4929 1234 5678 9012")  # commits while the summary (which read it) is being made
    release.set()
    wait_fold(folds)
    with daemon.store.reading() as conn:
        assert conn.execute("SELECT count(*) FROM thread_summaries").fetchone()[0] == 0
    window = client.window("kitchen")
    assert "4929" not in (window["summary"] or "") and all("4929" not in m["text"] for m in window["turns"])


def test_a_fold_whose_write_fails_leaves_the_window_as_it_was(daemon, client):
    client.set_setting("memory.keep_last_turns", 2)
    chat(client, 6)
    before = client.window("kitchen")
    daemon.store.writer.write(
        lambda tx: tx.execute(
            "CREATE TEMP TRIGGER disk_full BEFORE INSERT ON thread_summaries "
            "BEGIN SELECT RAISE(ABORT, 'disk full'); END"
        )
    )
    folds = watch_folds(daemon)
    client.report_usage("kitchen", FULL)
    wait_fold(folds)
    assert client.window("kitchen") == before  # no summary the database does not hold
    with daemon.store.reading() as conn:
        assert conn.execute("SELECT count(*) FROM thread_summaries").fetchone()[0] == 0
    daemon.store.writer.write(lambda tx: tx.execute("DROP TRIGGER temp.disk_full"))
    client.report_usage("kitchen", FULL)  # the failed fold left nothing half done: the next one folds
    wait_fold(folds)
    with daemon.store.reading() as conn:
        stored = conn.execute("SELECT summary FROM thread_summaries").fetchone()[0]
    assert client.window("kitchen")["summary"] == stored and len(client.window("kitchen")["turns"]) == 4
