"""Parsing what a generator answers: tolerant of prose, fences and <think> blocks, strict about shape.

(The providers themselves, and these steps against a real model, come with the generators work.)"""

import pytest

from hearthd.generators.base import GeneratorError, NoGenerator, strip_reasoning
from hearthd.generators.steps import judge_with_generator, parse_json


class Scripted(NoGenerator):
    """Answers with fixed text: the boundary where a real provider plugs in."""

    name = "scripted"

    def __init__(self, answer):
        self.answer = answer

    @property
    def available(self):
        return True

    def generate(self, prompt, schema=None, max_tokens=None):
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def test_reasoning_blocks_are_stripped():
    assert strip_reasoning('<think>hmm, JSON?</think>\n{"a": 1}') == '{"a": 1}'
    assert strip_reasoning("<THINK>never closed") == ""


@pytest.mark.parametrize(
    "answer,expected",
    [
        ('{"facts": []}', {"facts": []}),
        ('Sure! Here you go:\n```json\n{"facts": [{"x": "}"}]}\n```', {"facts": [{"x": "}"}]}),
        ('<think>{"no": 1}</think>{"yes": 2}', {"yes": 2}),
    ],
)
def test_json_is_found_in_an_answer(answer, expected):
    assert parse_json(answer) == expected


def test_an_answer_without_json_is_an_error():
    with pytest.raises(GeneratorError):
        parse_json("I cannot help with that.")


@pytest.mark.parametrize(
    "answer,verdict",
    [
        ("UPDATE", "UPDATE"),
        ("<think>the old one...</think> Contradict.", "CONTRADICT"),
        ("same", "SAME"),
        ("I am not sure", None),
    ],
)
def test_the_judge_reads_one_word(answer, verdict):
    assert judge_with_generator(Scripted(answer), "new", "old") == verdict


def test_a_failing_or_absent_generator_leaves_the_judge_to_the_rule():
    assert judge_with_generator(Scripted(GeneratorError("timed out")), "new", "old") is None
    assert judge_with_generator(NoGenerator(), "new", "old") is None


def test_an_extracted_fact_says_whom_it_is_about_and_a_name_nobody_said_drops_it():
    from hearthd.formation.extraction import load_catalogue
    from hearthd.generators.steps import extract_with_generator

    answer = (
        '{"facts": ['
        '{"about": "Emma", "predicate": "allergy", "object": "peanuts", "provenance": "USER-STATED"},'
        '{"about": "self", "predicate": "lives_in", "object": "Porto", "provenance": "USER-STATED"},'
        '{"about": "Sophie", "predicate": "likes", "object": "peanuts", "provenance": "USER-STATED"},'
        '{"predicate": "works_as", "object": "nurse", "provenance": "USER-STATED"}]}'
    )
    said = ["My daughter Emma is allergic to peanuts.", "We live in Porto and I work as a nurse."]
    facts = extract_with_generator(Scripted(answer), "Alice", said, load_catalogue())
    assert [(f["about"], f["predicate"], f["object"]) for f in facts] == [
        ("Emma", "allergy", "peanuts"),
        (None, "lives_in", "Porto"),
        (None, "works_as", "nurse"),
    ]
