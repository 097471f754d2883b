"""The daemon's generator: the configured provider behind one object that formation and compaction keep.

- Built from the `generator.*` settings (and the API key from the keyring) and rebuilt live when one of them
  changes: the former and the summariser hold this object, so the next call uses the new provider.
- Health: a failed call opens a short circuit: for a growing pause (`BACKOFF_SECONDS`) further calls fail at
  once instead of each waiting for a dead server's timeout, and the formation sweeper leaves the sessions
  that need the generator pending until then. A call that answers closes it; so do `test()`, a settings
  change and a new API key.
- Accounting: every call's prompt and completion tokens are added to the totals and to the meters open on
  the calling thread (`meter(work)`), so a session's formation or a fold reports what it cost.
- Events: `generator.changed` (rebuilt), `generator.down` / `generator.up` (answering changed),
  `generator.degraded` (a session or a fold took the rule-based path; counted per kind of work in the status).
"""

from __future__ import annotations

import contextlib
import threading
import time

from ..events import EventBus
from ..keystore import Secret
from ..settings import Settings
from .base import DEFAULT_MAX_TOKENS, Completion, Generator, GeneratorError, Meter, NoGenerator

TEST_PROMPT = "Reply with the single word OK."
# Keys whose change rebuilds the provider.
PROVIDER_SETTINGS = (
    "generator.provider",
    "generator.base_url",
    "generator.model",
    "generator.gguf_path",
    "generator.timeout_seconds",
)


def api_key_secret(data_dir) -> Secret:
    return Secret(
        data_dir,
        "generator-api-key",
        "generator-api-key",
        "the generator's API key",
        "anyone who can read it can use your generator account",
    )


def build_provider(settings: Settings, api_key) -> Generator:
    """api_key: the key or a function reading it (see OpenAICompatible)."""
    provider, timeout = settings["generator.provider"], settings["generator.timeout_seconds"]
    if provider == "openai":
        from .openai_compatible import OpenAICompatible

        return OpenAICompatible(settings["generator.base_url"], settings["generator.model"], api_key, timeout)
    if provider == "llama_cpp":
        from .llama_in_process import LlamaInProcess

        return LlamaInProcess(settings["generator.gguf_path"], timeout)
    return NoGenerator()


class _Broken(Generator):
    """A provider whose settings cannot make one (e.g. a base URL without http://): every call says why."""

    def __init__(self, name: str, error: str):
        self.name, self.error = name, error

    @property
    def available(self) -> bool:
        return True

    def complete(self, prompt, schema=None, max_tokens=DEFAULT_MAX_TOKENS) -> Completion:
        raise GeneratorError(self.error)


class ActiveGenerator(Generator):
    BACKOFF_SECONDS = (10.0, 30.0, 60.0, 120.0, 300.0)

    def __init__(self, settings: Settings, api_key: Secret, events: EventBus | None = None):
        self.settings = settings
        self.api_key = api_key
        self.events = events or EventBus()
        self._lock = threading.Lock()
        self._local = threading.local()
        self._provider: Generator = NoGenerator()
        self.totals = Meter()
        self.last: dict[str, dict] = {}
        self.degraded: dict[str, int] = {}
        self.last_degraded: dict | None = None
        self._reset_health()
        self.rebuild(announce=False)

    # -- the provider ------------------------------------------------------------------------------------
    @property
    def provider(self) -> Generator:
        return self._provider

    @property
    def name(self) -> str:
        return self._provider.name

    @property
    def model(self) -> str:
        return self._provider.model

    @property
    def available(self) -> bool:
        return self._provider.available

    def rebuild(self, announce: bool = True) -> None:
        """A provider from the current settings, replacing the old one (closed) for every later call."""
        try:
            provider = build_provider(self.settings, self.api_key.get)
        except GeneratorError as exc:
            provider = _Broken(self.settings["generator.provider"], str(exc))
        with self._lock:
            old, self._provider = self._provider, provider
            self._reset_health()
        old.close()
        if announce:
            self.events.publish("generator.changed", provider=provider.name, model=provider.model)

    def close(self) -> None:
        self._provider.close()

    def _reset_health(self) -> None:
        self.answering: bool | None = None  # None: not asked yet
        self.last_error: str | None = None
        self.last_ok_at: float | None = None
        self.failures = 0
        self._retry_at = 0.0

    # -- calls ---------------------------------------------------------------------------------------------
    def cooling_down(self) -> float:
        """Seconds until a failed generator is asked again (0: ask now)."""
        return max(0.0, self._retry_at - time.monotonic()) if self._provider.available else 0.0

    def complete(self, prompt: str, schema: dict | None = None, max_tokens: int = DEFAULT_MAX_TOKENS) -> Completion:
        provider = self._provider
        wait = self.cooling_down()
        if wait:
            error = f"the generator is not answering ({self.last_error}); next try in {wait:.0f} s"
            self._into_meters(error=error)
            raise GeneratorError(error)
        try:
            completion = provider.complete(prompt, schema, max_tokens)
        except GeneratorError as exc:
            self._failed(provider, str(exc))
            raise
        self._answered(provider, completion)
        return completion

    def _failed(self, provider: Generator, error: str) -> None:
        with self._lock:
            if provider is not self._provider:
                return  # replaced meanwhile: the old provider's failure says nothing about the new one
            was = self.answering
            self.failures += 1
            self.answering, self.last_error = False, error
            pause = self.BACKOFF_SECONDS[min(self.failures, len(self.BACKOFF_SECONDS)) - 1]
            self._retry_at = time.monotonic() + pause
        self._into_meters(error=error)
        if was is not False:
            self.events.publish("generator.down", provider=provider.name, error=error, retry_in=pause)

    def _answered(self, provider: Generator, completion: Completion) -> None:
        with self._lock:
            was = self.answering
            if provider is self._provider:
                self.answering, self.failures, self._retry_at = True, 0, 0.0
                self.last_ok_at = time.time()
            self.totals.add(completion)
        self._into_meters(completion=completion)
        if was is False and provider is self._provider:
            self.events.publish("generator.up", provider=provider.name)

    # -- meters ----------------------------------------------------------------------------------------------
    @contextlib.contextmanager
    def meter(self, work: str, **about):
        """Count this thread's calls inside the block; the last one of each kind of work shows in the status."""
        meter = Meter()
        stack = self._local.__dict__.setdefault("meters", [])
        stack.append(meter)
        try:
            yield meter
        finally:
            stack.remove(meter)
            if meter.calls or meter.errors:
                self.last[work] = dict(about, **meter.tokens(), errors=meter.errors[-3:], at=time.time())

    def _into_meters(self, completion: Completion | None = None, error: str | None = None) -> None:
        for meter in getattr(self._local, "meters", ()):
            if completion is not None:
                meter.add(completion)
            if error is not None:
                meter.errors.append(error)

    def note_degraded(self, work: str, **about) -> None:
        with self._lock:
            self.degraded[work] = self.degraded.get(work, 0) + 1
            self.last_degraded = dict(about, work=work, at=time.time())
        self.events.publish("generator.degraded", work=work, provider=self._provider.name, **about)

    # -- for people ----------------------------------------------------------------------------------------
    def test(self) -> dict:
        """Ask the provider for one short answer now, past any pause: does it answer, and how fast."""
        provider = self._provider
        started = time.monotonic()
        result = {"provider": provider.name, "model": provider.model}
        if not provider.available:
            return dict(result, ok=False, error="no generator is configured (generator.provider is none)")
        try:
            completion = provider.complete(TEST_PROMPT, None, 8)
        except GeneratorError as exc:
            self._failed(provider, str(exc))
            return dict(result, ok=False, error=str(exc), seconds=round(time.monotonic() - started, 3))
        self._answered(provider, completion)
        return dict(
            result,
            ok=True,
            reply=completion.text.strip()[:80],
            seconds=round(time.monotonic() - started, 3),
            tokens={"prompt": completion.prompt_tokens, "completion": completion.completion_tokens},
        )

    def status(self) -> dict:
        provider = self._provider
        out = {
            "provider": self.settings["generator.provider"],
            "model": provider.model,
            "available": provider.available,
            "answering": self.answering,
            "last_error": self.last_error,
            "last_ok_at": self.last_ok_at,
            "retry_in_seconds": round(self.cooling_down(), 1),
            "degraded": dict(self.degraded),
            "last_degraded": self.last_degraded,
            "tokens": {"total": self.totals.tokens(), **{f"last_{w}": v for w, v in self.last.items()}},
            "api_key": self.api_key.status(),
        }
        if self.settings["generator.provider"] == "openai":
            out["base_url"] = self.settings["generator.base_url"]
        return out
