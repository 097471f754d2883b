import pytest

from hearthd.api.client import HearthError
from hearthd.settings import BY_KEY, DECLARATIONS, SettingError, declaration

SPEC_KEYS = """memory.enabled memory.recall_mode memory.recall_top_k memory.recall_min_similarity
memory.pinned_card_max_facts memory.dedup_similarity memory.contradiction_similarity
memory.inferred_fact_confidence_cap memory.session_gate_enabled memory.session_gate_min_turns
memory.session_gate_min_content_tokens memory.keep_last_turns memory.retention_window_days
memory.sweep_interval_seconds memory.coupling_window_seconds memory.formation_grace_seconds episodes.enabled
episodes.recency_decay_half_life_days general.system_language embedder.model generator.provider
tools.enabled speakers.band_high speakers.band_medium speakers.band_greeting""".split()


def test_every_setting_of_the_spec_is_declared_with_help():
    assert set(SPEC_KEYS) <= set(BY_KEY)
    assert any(k.startswith("episodes.linking_") for k in BY_KEY)
    for s in DECLARATIONS:
        assert s.help and isinstance(s.default, s.type)
        assert s.parse(s.default) == s.default


@pytest.mark.parametrize(
    "key,raw,expected",
    [
        ("memory.enabled", "false", False),
        ("memory.enabled", "TRUE", True),
        ("memory.recall_top_k", "7", 7),
        ("memory.recall_min_similarity", "0.5", 0.5),
        ("memory.recall_mode", "pinned_only", "PINNED_ONLY"),
        ("general.system_language", "de", "de"),
        ("memory.recall_top_k", 3.0, 3),
    ],
)
def test_values_are_parsed(key, raw, expected):
    assert declaration(key).parse(raw) == expected


@pytest.mark.parametrize(
    "key,raw",
    [
        ("memory.enabled", "yes please"),
        ("memory.recall_top_k", "0"),
        ("memory.recall_top_k", "2.5"),
        ("memory.recall_min_similarity", "1.5"),
        ("memory.recall_mode", "SOMETIMES"),
        ("memory.recall_top_k", True),
        ("memory.recall_min_similarity", "NaN"),
    ],
)
def test_bad_values_are_refused(key, raw):
    with pytest.raises(SettingError):
        declaration(key).parse(raw)


def test_set_persists_audits_and_applies_live(data_dir, daemon, client):
    client.set_setting("memory.recall_top_k", 9)
    assert daemon.settings["memory.recall_top_k"] == 9
    assert client.setting("memory.recall_top_k")["value"] == 9
    with daemon.store.reading() as conn:
        audit = conn.execute("SELECT actor, action, target, detail FROM audit").fetchall()
    assert [tuple(r)[:3] for r in audit] == [("admin", "settings.set", "memory.recall_top_k")]
    daemon.stop()

    from tests.helpers import make_daemon

    again = make_daemon(data_dir)
    try:
        assert again.settings["memory.recall_top_k"] == 9
    finally:
        again.stop()


def test_a_bad_value_over_the_api_is_a_clear_error_and_changes_nothing(daemon, client):
    with pytest.raises(HearthError, match="above the maximum") as err:
        client.set_setting("memory.recall_top_k", 500)
    assert err.value.status == 400
    with pytest.raises(HearthError, match="unknown setting") as err:
        client.set_setting("memory.nope", 1)
    assert err.value.status == 404
    assert daemon.settings["memory.recall_top_k"] == 5
    with daemon.store.reading() as conn:
        assert conn.execute("SELECT count(*) FROM settings").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM audit").fetchone()[0] == 0


def test_settings_listing_carries_the_declarations(client):
    listed = {s["key"]: s for s in client.settings()}
    mode = listed["memory.recall_mode"]
    assert mode["choices"] == ["OFF", "PINNED_ONLY", "FULL"] and mode["value"] == "FULL" and mode["help"]
    assert listed["memory.recall_top_k"]["minimum"] == 1 and listed["memory.recall_top_k"]["type"] == "int"


# -- issue 18, items 21-22: values checked for sense and against each other; a refusal says why, changes nothing
@pytest.mark.parametrize(
    "key,value,why",
    [
        ("speakers.band_high", 0.5, "above speakers.band_medium"),
        ("speakers.band_medium", 0.9, "below speakers.band_high"),
        ("speakers.band_greeting", 0.78, "at most speakers.band_medium"),
        ("generator.base_url", "notaurl", "http"),
        ("generator.base_url", "ftp://example.org/v1", "http"),
        ("generator.base_url", "http://", "host"),
        ("generator.gguf_path", "/nonexistent/model.gguf", "no file"),
        ("general.system_language", "klingon", "not a language"),
        ("embedder.model", "../../../../etc/passwd", "no model folder"),
        ("embedder.model", "/etc", "no model folder"),
        ("embedder.model", "nosuchmodel", "not on disk"),
    ],
)
def test_nonsense_and_contradictions_are_refused_with_the_reason(daemon, client, key, value, why):
    before = daemon.settings.snapshot()
    with pytest.raises(HearthError, match=why) as err:
        client.set_setting(key, value)
    assert err.value.status == 400 and key in str(err.value)
    assert daemon.settings.snapshot() == before
    with daemon.store.reading() as conn:
        assert conn.execute("SELECT count(*) FROM settings").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM audit").fetchone()[0] == 0


def test_sensible_values_are_accepted(daemon, client, tmp_path):
    gguf = tmp_path / "model.gguf"
    gguf.write_bytes(b"GGUF")
    client.set_setting("speakers.band_high", 0.9)
    client.set_setting("speakers.band_medium", 0.85)
    client.set_setting("generator.base_url", "https://user@llm.example.org:8443/v1")
    client.set_setting("generator.base_url", "http://127.0.0.1:11434/v1")
    client.set_setting("generator.gguf_path", str(gguf))
    client.set_setting("generator.gguf_path", "")  # unset again
    for language in ("de", "pt_BR", "pt-BR", "en"):
        client.set_setting("general.system_language", language)
    client.set_setting("embedder.model", "sentence-transformers/all-MiniLM-L6-v2")  # the bundled one
    assert daemon.settings["speakers.band_high"] == 0.9 and daemon.settings["speakers.band_medium"] == 0.85
