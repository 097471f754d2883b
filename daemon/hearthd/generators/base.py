"""The generator seam and the `none` provider.

A provider implements `complete(prompt, schema=None, max_tokens=...) -> Completion` (schema: a JSON schema the
output must follow, where the provider can constrain decoding); `generate(...)` is its text. Every call has a
timeout and raises GeneratorError when the provider is down, slow or answers nonsense. Formation and
compaction never call a provider directly: they call the steps in `generators.steps` through the daemon's
`ActiveGenerator` (generators/active.py), which meters the calls and decides what a failure degrades.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field

DEFAULT_MAX_TOKENS = 512


class GeneratorError(RuntimeError):
    """The provider is down, timed out or answered nonsense: the caller takes its rule-based path."""


@dataclass
class Completion:
    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass
class Meter:
    """What the generator calls of one piece of work (a session's formation, a fold) cost, and their failures."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    errors: list[str] = field(default_factory=list)

    def add(self, completion: Completion) -> None:
        self.calls += 1
        self.prompt_tokens += completion.prompt_tokens
        self.completion_tokens += completion.completion_tokens

    def tokens(self) -> dict:
        return {"calls": self.calls, "prompt": self.prompt_tokens, "completion": self.completion_tokens}


class Generator:
    name = "none"
    model = ""

    @property
    def available(self) -> bool:
        return False

    def complete(self, prompt: str, schema: dict | None = None, max_tokens: int = DEFAULT_MAX_TOKENS) -> Completion:
        raise GeneratorError("no generator is configured")

    def generate(self, prompt: str, schema: dict | None = None, max_tokens: int = DEFAULT_MAX_TOKENS) -> str:
        return self.complete(prompt, schema, max_tokens).text

    @contextlib.contextmanager
    def meter(self, work: str, **about):
        """Count the calls made on this thread inside the block (ActiveGenerator fills it; a bare provider
        leaves it empty)."""
        yield Meter()

    def note_degraded(self, work: str, **about) -> None:
        """A piece of work took its rule-based path because the generator failed (ActiveGenerator counts it)."""

    def close(self) -> None:
        """Release what the provider holds (a connection pool, a loaded model)."""


class NoGenerator(Generator):
    """The default: rules and extractive methods, entirely offline."""


_THINK = re.compile(r"<think>.*?</think>", re.S | re.I)


def strip_reasoning(text: str) -> str:
    """Reasoning models wrap their thoughts in <think> blocks; only what follows is the answer."""
    text = _THINK.sub("", text)
    if "<think>" in text.lower():  # an unclosed block: the answer never came
        text = text[: text.lower().index("<think>")]
    return text.strip()
