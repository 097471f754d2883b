"""Context assembly: the [Turn context] preamble, its modes, scope, language and use counts."""

from hearthd.memory.context import localized_now
from tests.helpers import settle


def setup_facts(daemon, client):
    # The bag-of-words test embedder scores lower than the real model; the threshold itself is tested below.
    client.set_setting("memory.recall_min_similarity", 0.1)
    client.remember("My name is Alice", speaker="alice", pin=True)
    client.remember("I am allergic to peanuts", speaker="alice")
    client.remember("The bins go out on Tuesday evening", pin=True)
    client.remember("Grandma visits on Sundays")
    settle(daemon)


def test_full_mode_gives_the_pinned_card_and_relevant_facts(daemon, client):
    setup_facts(daemon, client)
    ctx = client.context("can I eat peanuts at the party", speaker="alice")
    assert ctx["mode"] == "FULL"
    block = ctx["preamble"]
    assert block.startswith("[Turn context]\nNow: ") and block.endswith("[/Turn context]")
    assert "- alice's name is Alice" in block and "- The bins go out on Tuesday evening" in block
    assert "- alice is allergic to peanuts" in block
    assert "Grandmother" not in block  # not relevant to what was said
    assert ctx["message"] == block + "\n\ncan I eat peanuts at the party"


def test_use_count_is_bumped_for_injected_facts_in_one_write_per_batch(daemon, client):
    setup_facts(daemon, client)
    daemon.recaller.usage.flush(wait=True)
    rows_before = daemon.store.writer.rows_changed
    client.context("peanuts", speaker="alice")
    client.context("can I eat peanuts", speaker="alice")
    daemon.store.writer.write(lambda tx: None)  # anything queued is done
    assert daemon.store.writer.rows_changed == rows_before  # a live turn queues no write of its own
    daemon.recaller.usage.flush(wait=True)
    with daemon.store.reading() as conn:
        used, last = conn.execute("SELECT use_count, last_used_at FROM facts WHERE text LIKE '%peanuts%'").fetchone()
        assert used == 2 and last is not None
        assert conn.execute("SELECT use_count FROM facts WHERE text LIKE 'Grandmother%'").fetchone()[0] == 0


def test_usage_pending_at_stop_is_written(data_dir):
    from tests.helpers import make_daemon

    daemon = make_daemon(data_dir)
    fact = daemon.ops.curation.remember("I'm allergic to peanuts.", speaker="alice")["fact"]["id"]
    daemon.recaller.usage.note([fact], 1_800_000_000.0)
    daemon.stop()
    daemon = make_daemon(data_dir)
    try:
        with daemon.store.reading() as conn:
            assert conn.execute("SELECT use_count, last_used_at FROM facts WHERE id = ?", (fact,)).fetchone()[:] == (
                1,
                1_800_000_000.0,
            )
    finally:
        daemon.stop()


def test_other_voices_get_the_household_pool_only(daemon, client):
    setup_facts(daemon, client)
    for kwargs in ({"speaker": "alice", "band": "medium"}, {"speaker": "bob"}, {}):
        block = client.context("peanuts allergy name", **kwargs)["preamble"]
        assert "Alice" not in block and "peanuts" not in block, kwargs
        assert "The bins go out on Tuesday evening" in block


def test_pinned_only_and_off(daemon, client):
    setup_facts(daemon, client)
    client.set_setting("memory.recall_mode", "PINNED_ONLY")
    block = client.context("peanuts", speaker="alice")["preamble"]
    assert "alice's name is Alice" in block and "peanuts" not in block
    client.set_setting("memory.recall_mode", "OFF")
    off = client.context("peanuts", speaker="alice")
    assert off["preamble"] == "" and off["message"] == "peanuts"
    client.set_setting("memory.recall_mode", "FULL")
    client.set_setting("memory.enabled", False)
    assert client.context("peanuts", speaker="alice")["preamble"] == ""


def test_min_similarity_and_top_k_are_live(daemon, client):
    setup_facts(daemon, client)
    client.set_setting("memory.recall_min_similarity", 1.0)
    assert "peanuts" not in client.context("peanuts", speaker="alice")["preamble"]
    client.set_setting("memory.recall_min_similarity", 0.0)
    client.set_setting("memory.recall_top_k", 1)
    ctx = client.context("peanuts Sundays", speaker="alice")
    assert len(ctx["facts"]) == 1


def test_date_follows_the_system_language(daemon, client):
    from datetime import datetime

    monday = datetime(2026, 11, 30, 9, 5).astimezone()
    assert localized_now("en", monday) == "Monday 30 November 2026, 09:05"
    assert localized_now("de", monday) == "Montag, 30. November 2026, 09:05"  # German writes "30."
    assert localized_now("pt_BR", monday) == "segunda-feira, 30 de novembro de 2026, 09:05"  # and Portuguese "de"
    assert localized_now("xx-nonsense", monday).startswith("Monday")
    client.set_setting("general.system_language", "fr")
    block = client.context("bonjour")["preamble"]
    weekday = block.splitlines()[1].split()[1]
    assert weekday in {"lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"}


def _set_importance(daemon, values: dict[str, float]) -> None:
    """Importance by a fact's text (computed by formation/importance.py; set here as given)."""
    daemon.store.writer.write(
        lambda tx: tx.executemany("UPDATE facts SET importance = ? WHERE text = ?", [(v, t) for t, v in values.items()])
    )


def test_the_pinned_card_is_ordered_by_importance_and_keeps_the_most_important(daemon, client):
    for text in ("I am allergic to peanuts", "My name is Alice", "I live in Porto"):
        client.remember(text, speaker="alice", pin=True)
    texts = {f["text"]: f["id"] for f in client.facts("alice")}
    by_text = dict(zip(("allergy", "name", "home"), sorted(texts, key=texts.get)))
    _set_importance(daemon, {by_text["allergy"]: 0.9, by_text["name"]: 0.2, by_text["home"]: 0.5})
    ctx = client.context("hello", speaker="alice")
    assert [f["text"] for f in ctx["pinned"]] == [by_text["allergy"], by_text["home"], by_text["name"]]
    client.set_setting("memory.pinned_card_max_facts", 1)
    assert [f["text"] for f in client.context("hello", speaker="alice")["pinned"]] == [by_text["allergy"]]


def test_the_cut_to_top_k_keeps_search_order_but_the_more_important_of_tied_facts(daemon, client):
    from hearthd.memory.context import cut

    for text in ("I like jazz", "I like tea", "I like chess", "I like rain"):
        client.remember(text, speaker="alice")
    ids = {f["object"]: f["id"] for f in client.facts("alice")}
    daemon.store.writer.write(
        lambda tx: tx.executemany(
            "UPDATE facts SET importance = ? WHERE id = ?",
            [(0.1, ids["jazz"]), (0.2, ids["tea"]), (0.9, ids["chess"]), (0.8, ids["rain"])],
        )
    )
    ranked = [
        {"id": ids["jazz"], "score": 0.5},  # best: kept whatever its importance
        {"id": ids["tea"], "score": 0.3},  # tied at the cut with chess and rain
        {"id": ids["chess"], "score": 0.3},
        {"id": ids["rain"], "score": 0.3},
    ]
    kept = cut(daemon.store, ranked, 2)
    assert [f["id"] for f in kept] == [ids["jazz"], ids["chess"]]
    assert [f["id"] for f in cut(daemon.store, ranked, 3)] == [ids["jazz"], ids["chess"], ids["rain"]]
    # no tie at the cut: the search order alone
    untied = [dict(f, score=s) for f, s in zip(ranked, (0.5, 0.4, 0.3, 0.2))]
    assert [f["id"] for f in cut(daemon.store, untied, 2)] == [ids["jazz"], ids["tea"]]


def test_a_pinned_rule_is_shown_once_in_the_rules_section(daemon, client):
    ref = client.add_rule("Always give temperatures in Celsius", speaker="alice")["ref"]
    client.pin(ref)
    settle(daemon)
    ctx = client.context("Always give temperatures in Celsius", speaker="alice")
    assert ctx["preamble"].count("Always give temperatures in Celsius") == 1
    assert [r["ref"] for r in ctx["rules"]] == [ref] and ctx["pinned"] == [] and ctx["facts"] == []
    assert "Rules:\n- Always give temperatures in Celsius" in ctx["preamble"]


def test_the_preambles_headings_are_in_the_households_language(daemon, client):
    client.remember("I am allergic to peanuts", speaker="alice", pin=True)
    client.set_setting("general.system_language", "de")
    block = client.context("was soll ich kochen?", speaker="alice")["preamble"]
    assert block.startswith("[Turn context]\nJetzt: ") and "Immer beachten:\n- alice is allergic to peanuts" in block
    assert ". " in block.splitlines()[1]  # "Dienstag, 1. Dezember 2026"
    client.set_setting("general.system_language", "pt_BR")
    assert "Lembrar sempre:" in client.context("o que cozinho?", speaker="alice")["preamble"]
