"""Context assembly: the [Turn context] preamble, its modes, scope, language and use counts."""

from hearthd.memory.context import localized_now
from tests.helpers import settle, wait_for


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
    assert "Grandma" not in block  # not relevant to what was said
    assert ctx["message"] == block + "\n\ncan I eat peanuts at the party"


def test_use_count_is_bumped_for_injected_facts(daemon, client):
    setup_facts(daemon, client)
    client.context("peanuts", speaker="alice")
    with daemon.store.reading() as conn:
        wait_for(
            lambda: conn.execute("SELECT use_count FROM facts WHERE text LIKE '%peanuts%'").fetchone()[0] == 1,
            what="use_count bump",
        )
        assert conn.execute("SELECT use_count FROM facts WHERE text LIKE 'Grandma%'").fetchone()[0] == 0


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
    assert localized_now("de", monday) == "Montag 30 November 2026, 09:05"
    assert localized_now("pt_BR", monday).startswith("segunda-feira")
    assert localized_now("xx-nonsense", monday).startswith("Monday")
    client.set_setting("general.system_language", "fr")
    block = client.context("bonjour")["preamble"]
    weekday = block.splitlines()[1].split()[1]
    assert weekday in {"lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"}
