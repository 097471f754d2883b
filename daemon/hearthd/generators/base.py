"""The generator seam and the `none` provider.

A provider implements `generate(prompt, schema=None) -> str` (schema: a JSON schema the output must follow,
where the provider can constrain decoding). Formation and compaction never call a provider directly: they
call the steps in `generators.steps`, which fall back to rules when a provider is absent or fails.
"""

from __future__ import annotations

import re


class GeneratorError(RuntimeError):
    """The provider is down, timed out or answered nonsense: the caller takes its rule-based path."""


class Generator:
    name = "none"

    @property
    def available(self) -> bool:
        return False

    def generate(self, prompt: str, schema: dict | None = None) -> str:
        raise GeneratorError("no generator is configured")


class NoGenerator(Generator):
    """The default: rules and extractive methods, entirely offline."""


_THINK = re.compile(r"<think>.*?</think>", re.S | re.I)


def strip_reasoning(text: str) -> str:
    """Reasoning models wrap their thoughts in <think> blocks; only what follows is the answer."""
    text = _THINK.sub("", text)
    if "<think>" in text.lower():  # an unclosed block: the answer never came
        text = text[: text.lower().index("<think>")]
    return text.strip()
