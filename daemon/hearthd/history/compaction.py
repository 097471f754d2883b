"""L2 compaction: folding the older part of a conversation into one rolling summary.

With a generator the summary is written by it; without one (or when it fails: down, slow, an empty answer) it
is extractive: the most central lines of the folded part (by embedding centrality, as episodes are), appended
to the summary so far. A fold cannot wait for a later pass, so a failure degrades that fold only (counted
and announced as `generator.degraded`); the next fold asks the generator again.
The summariser's input is capped, most recent tail kept, so a rescue from a context overflow never itself
overflows.
"""

from __future__ import annotations

import logging

import numpy as np

from ..embedding.service import Priority, TextEmbedder
from ..formation.episodes import extractive_episode
from ..generators.base import Generator, GeneratorError, strip_reasoning
from ..resources import read_text

log = logging.getLogger(__name__)

MAX_SUMMARISER_INPUT_CHARS = 12_000
MAX_SUMMARY_CHARS = 2_000
SUMMARY_MAX_TOKENS = 300  # the prompt asks for at most 150 words
COMPACT_PROMPT = "prompts/compact.v1.txt"


def transcript(messages: list[dict], limit: int = MAX_SUMMARISER_INPUT_CHARS) -> str:
    """The messages as lines, the most recent tail that fits in `limit` characters."""
    lines, size = [], 0
    for m in reversed(messages):
        line = f"{m.get('speaker_id') or m['role']}: {m['text']}"
        if size + len(line) + 1 > limit:
            if not lines:  # a single huge message: keep its end
                lines.append(line[-limit:])
            break
        lines.append(line)
        size += len(line) + 1
    return "\n".join(reversed(lines))


def _tail(text: str, limit: int = MAX_SUMMARY_CHARS) -> str:
    if len(text) <= limit:
        return text
    cut = text[-limit:]
    return "…" + cut[cut.find(" ") + 1 :] if " " in cut else cut


class Summariser:
    def __init__(self, embedder: TextEmbedder, generator: Generator):
        self.embedder = embedder
        self.generator = generator
        self.degraded: str | None = None

    def __call__(self, previous: str | None, messages: list[dict]) -> str:
        text = transcript(messages)
        if self.generator.available:
            try:
                prompt = read_text(COMPACT_PROMPT).format(previous=previous or "(none)", transcript=text)
                with self.generator.meter("compaction", turns=len(messages)):
                    answer = " ".join(
                        strip_reasoning(self.generator.generate(prompt, max_tokens=SUMMARY_MAX_TOKENS)).split()
                    )
                if answer:
                    self.degraded = None
                    return _tail(answer)
                raise GeneratorError("the generator's summary is empty")
            except GeneratorError as exc:
                self.degraded = str(exc)
                log.warning("compaction falls back to an extractive summary: %s", exc)
                self.generator.note_degraded("compaction", error=str(exc), then="extractive summary")
        return _tail(" / ".join(p for p in (previous, self._extract(messages, text)) if p))

    def _extract(self, messages: list[dict], text: str) -> str:
        capped = text.splitlines()
        kept = messages[-len(capped) :] if capped else messages
        if self.embedder.ready and kept:
            try:
                _m, vectors = self.embedder.embed([m["text"] for m in kept], Priority.BACKGROUND, 60)
                return extractive_episode(kept, np.asarray(vectors))[1]
            except Exception as exc:  # noqa: BLE001 - the plain cut below still compacts
                log.warning("extractive summary without vectors: %s", exc)
        return " / ".join(capped[:2] + capped[-1:]) if len(capped) > 3 else " / ".join(capped)
