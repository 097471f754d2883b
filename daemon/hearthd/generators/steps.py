"""The LLM-backed steps of formation, each with its path for when there is no generator or it fails.

Prompts and schemas are versioned files under resources/prompts/.
"""

from __future__ import annotations

import json
import logging
import re

from ..resources import read_json, read_text
from .base import Generator, GeneratorError, strip_reasoning

log = logging.getLogger(__name__)

EXTRACT_PROMPT = "prompts/extract_facts.v1.txt"
EXTRACT_SCHEMA = "prompts/extract_facts.v1.schema.json"
JUDGE_PROMPT = "prompts/judge.v1.txt"
EPISODE_PROMPT = "prompts/episode.v1.txt"
VERDICTS = ("SAME", "UPDATE", "CONTRADICT", "UNRELATED")
# Answer budgets: enough for the longest well-formed answer, short enough that a small model rambling on
# ends soon (the schema's maxItems bounds the facts).
EXTRACT_MAX_TOKENS = 600
JUDGE_MAX_TOKENS = 8
EPISODE_MAX_TOKENS = 200


def parse_json(text: str):
    """The first JSON object in a model's answer (tolerates prose and code fences around it)."""
    text = strip_reasoning(text)
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            return decoder.raw_decode(text, start)[0]
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
    raise GeneratorError("the generator's answer holds no JSON object")


def extract_with_generator(generator: Generator, speaker: str, texts: list[str], predicates: list[str]) -> list[dict]:
    """Facts as dicts (predicate, object, text, provenance); GeneratorError when the answer is unusable."""
    prompt = read_text(EXTRACT_PROMPT).format(predicates=", ".join(predicates), speaker=speaker,
                                              turns="\n".join(f"- {t}" for t in texts))
    data = parse_json(generator.generate(prompt, schema=read_json(EXTRACT_SCHEMA), max_tokens=EXTRACT_MAX_TOKENS))
    facts = data.get("facts") if isinstance(data, dict) else None
    if not isinstance(facts, list):
        raise GeneratorError("the generator's answer has no list of facts")
    out = []
    for item in facts[:8]:
        if isinstance(item, dict) and all(isinstance(item.get(k), str) and item[k].strip()
                                          for k in ("predicate", "object", "text")):
            out.append({"predicate": item["predicate"].strip().lower().replace(" ", "_"),
                        "object": item["object"].strip(), "text": item["text"].strip(),
                        "provenance": "INFERRED" if item.get("provenance") == "INFERRED" else "USER-STATED"})
    return out


def judge_with_generator(generator: Generator, new: str, old: str) -> str | None:
    """SAME / UPDATE / CONTRADICT / UNRELATED, or None (the caller applies its conservative rule)."""
    if not generator.available:
        return None
    try:
        answer = strip_reasoning(generator.generate(read_text(JUDGE_PROMPT).format(new=new, old=old),
                                                      max_tokens=JUDGE_MAX_TOKENS)).upper()
    except GeneratorError as exc:
        log.warning("judge failed, using the rule: %s", exc)
        return None
    match = re.search(r"\b(" + "|".join(VERDICTS) + r")\b", answer)
    return match.group(1) if match else None


def narrative_with_generator(generator: Generator, transcript: str) -> tuple[str, str]:
    """(headline, summary) from the ### HEADLINE / ### SUMMARY answer; GeneratorError when malformed."""
    answer = strip_reasoning(generator.generate(read_text(EPISODE_PROMPT).format(transcript=transcript),
                                                    max_tokens=EPISODE_MAX_TOKENS))
    match = re.search(r"#+\s*HEADLINE\s*(.+?)\s*#+\s*SUMMARY\s*(.+)", answer, re.S | re.I)
    if not match:
        raise GeneratorError("the generator's episode has no HEADLINE and SUMMARY")
    headline, summary = match.group(1).strip().splitlines()[0].strip(), " ".join(match.group(2).split())
    if not headline or not summary:
        raise GeneratorError("the generator's episode is empty")
    return headline[:200], summary[:2000]
