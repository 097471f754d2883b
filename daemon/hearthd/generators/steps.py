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

EXTRACT_PROMPT = "prompts/extract_facts.v3.txt"
EXTRACT_SCHEMA = "prompts/extract_facts.v3.schema.json"
SELF = frozenset({"self", "me", "i", "myself", "speaker", "user"})
MAX_FACTS_PER_CHUNK = 8
JUDGE_PROMPT = "prompts/judge.v1.txt"
EPISODE_PROMPT = "prompts/episode.v2.txt"
EPISODE_SCHEMA = "prompts/episode.v2.schema.json"
VERDICTS = ("SAME", "UPDATE", "CONTRADICT", "UNRELATED")
# Answer budgets: enough for the longest well-formed answer, short enough that a small model rambling on
# ends soon (the schema's maxItems bounds the facts).
EXTRACT_MAX_TOKENS = 600
JUDGE_MAX_TOKENS = 8
EPISODE_MAX_TOKENS = 300


def parse_json(text: str):
    """The first JSON object in a model's answer (tolerates prose and code fences around it)."""
    text = strip_reasoning(text)
    decoder = json.JSONDecoder(strict=False)  # a raw newline inside a string is not worth losing the answer
    start = text.find("{")
    while start != -1:
        try:
            return decoder.raw_decode(text, start)[0]
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
    raise GeneratorError("the generator's answer holds no JSON object")


def extract_with_generator(generator: Generator, speaker: str, texts: list[str], catalogue: list[dict]) -> list[dict]:
    """Facts as dicts (predicate, object, text with {subject}, provenance, about: the name of the person or pet
    the fact is about as said, None for the speaker); GeneratorError when the answer is unusable.

    The schema lets the model pick only the catalogue's predicates and write only short objects; the fact's
    text is the predicate's template (resources/predicates.json), not the model's prose; an object that is
    not in what the person said is dropped (a small model's echo of the prompt's example, or an invention)."""
    names = [p["name"] for p in catalogue]
    templates = {p["name"]: p["template"] for p in catalogue}
    prompt = read_text(EXTRACT_PROMPT).format(
        predicates=", ".join(names), speaker=speaker, turns="\n".join(f"- {t}" for t in texts)
    )
    schema = read_json(EXTRACT_SCHEMA)
    schema["properties"]["facts"]["items"]["properties"]["predicate"]["enum"] = names
    data = parse_json(generator.generate(prompt, schema=schema, max_tokens=EXTRACT_MAX_TOKENS))
    facts = data.get("facts") if isinstance(data, dict) else None
    if not isinstance(facts, list):
        raise GeneratorError("the generator's answer has no list of facts")
    said = _words(" ".join(texts))
    out, seen = [], set()
    for item in facts[:MAX_FACTS_PER_CHUNK]:
        if not isinstance(item, dict):
            continue
        predicate, obj = item.get("predicate"), item.get("object")
        if predicate not in templates or not isinstance(obj, str) or not obj.strip():
            continue
        obj = " ".join(obj.split()).strip(" .,;:!?\"'")
        about = _about(item.get("about"), speaker, said)
        key = (about, predicate, obj.lower())
        if not obj or key in seen or not _words(obj) <= said or about is False:
            continue
        seen.add(key)
        out.append(
            {
                "predicate": predicate,
                "object": obj,
                "text": templates[predicate].replace("{object}", obj),
                "provenance": "INFERRED" if item.get("provenance") == "INFERRED" else "USER-STATED",
                "about": about,
            }
        )
    return out


def _about(value, speaker: str, said: set[str]) -> str | None | bool:
    """Whom a fact is about: None for the speaker, a name that was said, or False for a name nobody said (the
    model's guess: the fact is dropped rather than given to the wrong person)."""
    if not isinstance(value, str):
        return None
    name = " ".join(value.split()).strip(" .,;:!?\"'")
    if not name or name.lower() in SELF or name.lower() == speaker.lower():
        return None
    if not _words(name) <= said:
        # A capitalised name nobody said is the model's guess at a person: dropped rather than given to the wrong
        # one. Anything else ("name", "home_assistant": a small model filling the field) means the speaker.
        return False if name[:1].isupper() and "_" not in name else None
    return name[:1].upper() + name[1:]


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"\w+", text.lower()) if w not in ("a", "an", "the", "my", "our")}


def judge_with_generator(generator: Generator, new: str, old: str) -> str | None:
    """SAME / UPDATE / CONTRADICT / UNRELATED, or None (the caller applies its conservative rule)."""
    if not generator.available:
        return None
    try:
        answer = strip_reasoning(
            generator.generate(read_text(JUDGE_PROMPT).format(new=new, old=old), max_tokens=JUDGE_MAX_TOKENS)
        ).upper()
    except GeneratorError as exc:
        log.warning("judge failed, using the rule: %s", exc)
        return None
    match = re.search(r"\b(" + "|".join(VERDICTS) + r")\b", answer)
    return match.group(1) if match else None


def narrative_with_generator(generator: Generator, transcript: str) -> tuple[str, str]:
    """(headline, summary) from the JSON answer; GeneratorError when it is malformed or empty."""
    data = parse_json(
        generator.generate(
            read_text(EPISODE_PROMPT).format(transcript=transcript),
            schema=read_json(EPISODE_SCHEMA),
            max_tokens=EPISODE_MAX_TOKENS,
        )
    )
    headline, summary = (data.get("headline"), data.get("summary")) if isinstance(data, dict) else (None, None)
    if not isinstance(headline, str) or not isinstance(summary, str):
        raise GeneratorError("the generator's episode has no headline and summary")
    headline, summary = " ".join(headline.split()), " ".join(summary.split())
    if not headline or not summary:
        raise GeneratorError("the generator's episode is empty")
    return headline[:200], summary[:2000]
