"""The `openai` provider: any OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp's server, LM
Studio, vLLM).

- One call is bounded by `timeout` as a whole, its retries included. A refused or dropped connection, a 5xx
  or a 429 is retried with exponential backoff while time remains; a read that runs out of time is not
  (the server is busy: the next pass asks again).
- Structured output: with a schema, the request asks for `response_format` of type `json_schema` (OpenAI,
  Ollama, LM Studio, vLLM, llama.cpp's server), and when the server rejects that shape (an error naming it) for
  `json_object` with a `schema` (llama-cpp-python's server), then for none; the steps parse the answer
  tolerantly either way. The shape that worked is remembered for the provider's life.
- The API key goes in the Authorization header only; it is never part of an error message or a log line.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import httpx

from .base import DEFAULT_MAX_TOKENS, Completion, Generator, GeneratorError

log = logging.getLogger(__name__)

# How structured output is asked for, in the order tried.
FORMATS = ("json_schema", "json_object", "none")
RETRY_STATUS = {429, 500, 502, 503, 504}


class OpenAICompatible(Generator):
    name = "openai"

    def __init__(
        self,
        base_url: str,
        model: str = "",
        api_key: str | Callable[[], str | None] | None = None,
        timeout: float = 60.0,
        retries: int = 2,
        backoff: float = 0.5,
    ):
        """api_key: the key, or a function that reads it (from the keyring: called at the first request, off
        the daemon's boot path, since a keyring may take its time or ask to be unlocked)."""
        if not base_url.startswith(("http://", "https://")):
            raise GeneratorError(f"generator.base_url must start with http:// or https://, got {base_url!r}")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self._format = 0
        self._api_key = api_key
        self._key_read = not callable(api_key)
        headers = {"Authorization": f"Bearer {api_key}"} if api_key and not callable(api_key) else {}
        self._http = httpx.Client(base_url=self.base_url, headers=headers, timeout=timeout)

    @property
    def available(self) -> bool:
        return True

    def close(self) -> None:
        self._http.close()

    # -- one call --------------------------------------------------------------------------------------
    def complete(self, prompt: str, schema: dict | None = None, max_tokens: int = DEFAULT_MAX_TOKENS) -> Completion:
        deadline = time.monotonic() + self.timeout
        model = self.model or self._first_model(deadline)
        failures = 0
        while True:
            body = {
                "model": model,
                "messages": [{"role": "user", "content": prompt}],
                "temperature": 0,
                "max_tokens": max_tokens,
                "stream": False,
            }
            if schema is not None:
                body.update(self._response_format(schema))
            try:
                response = self._post("/chat/completions", body, deadline)
            except _Retryable as exc:
                error = str(exc)
            else:
                if schema is not None and _rejects_format(response) and FORMATS[self._format] != "none":
                    log.info(
                        "%s rejected response_format %s (%s); trying the next shape",
                        self.base_url,
                        FORMATS[self._format],
                        _detail(response),
                    )
                    self._format += 1
                    continue
                if response.status_code in RETRY_STATUS:
                    error = f"{self.base_url} answered HTTP {response.status_code} ({_detail(response)})"
                else:
                    return self._completion(response)
            failures += 1
            pause = self.backoff * 2 ** (failures - 1)
            if failures > self.retries or time.monotonic() + pause >= deadline:
                raise GeneratorError(error)
            time.sleep(pause)

    def _read_key(self) -> None:
        try:
            key = self._api_key()
        except Exception as exc:  # noqa: BLE001 - a broken keyring: say so, as a failed call
            raise GeneratorError(f"cannot read the API key: {exc.__class__.__name__}") from None
        if key:
            self._http.headers["Authorization"] = f"Bearer {key}"
        self._key_read = True

    def _post(self, path: str, body: dict | None, deadline: float) -> httpx.Response:
        if not self._key_read:
            self._read_key()
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise GeneratorError(f"no answer from {self.base_url} within {self.timeout:g} s")
        try:
            if body is None:
                return self._http.get(path, timeout=remaining)
            return self._http.post(path, json=body, timeout=remaining)
        except httpx.TimeoutException:
            raise GeneratorError(f"no answer from {self.base_url} within {self.timeout:g} s") from None
        except httpx.TransportError as exc:  # refused, reset, DNS: worth another try
            raise _Retryable(f"cannot reach {self.base_url}: {exc.__class__.__name__} {exc}") from None

    def _response_format(self, schema: dict) -> dict:
        shape = FORMATS[self._format]
        if shape == "json_schema":
            return {"response_format": {"type": "json_schema", "json_schema": {"name": "answer", "schema": schema}}}
        if shape == "json_object":
            return {"response_format": {"type": "json_object", "schema": schema}}
        return {}

    def _completion(self, response: httpx.Response) -> Completion:
        if response.status_code in (401, 403):
            raise GeneratorError(
                f"{self.base_url} refused the request (HTTP {response.status_code}): check the "
                f"API key (hearthctl generator set-key)"
            )
        if response.status_code == 404:
            raise GeneratorError(
                f"{self.base_url} has no chat completions for model {self.model!r} (HTTP 404): "
                f"check generator.base_url and generator.model"
            )
        if response.status_code >= 400:
            raise GeneratorError(f"{self.base_url} answered HTTP {response.status_code} ({_detail(response)})")
        try:
            data = response.json()
            message = data["choices"][0]["message"]
            text = message.get("content") or ""
            usage = data.get("usage") or {}
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            raise GeneratorError(
                f"{self.base_url} answered something that is not a chat completion ({response.text[:80]!r})"
            ) from None
        if not isinstance(text, str):
            raise GeneratorError(f"{self.base_url} answered a completion without text")
        return Completion(text, _count(usage.get("prompt_tokens")), _count(usage.get("completion_tokens")))

    def _first_model(self, deadline: float) -> str:
        """No model configured: the endpoint's first (llama.cpp's server and LM Studio serve one)."""
        try:
            response = self._post("/models", None, deadline)
            self.model = response.json()["data"][0]["id"]
        except _Retryable as exc:
            raise GeneratorError(str(exc)) from None
        except (ValueError, KeyError, IndexError, TypeError):
            raise GeneratorError(f"generator.model is not set and {self.base_url}/models lists no model") from None
        return self.model


class _Retryable(GeneratorError):
    pass


def _count(value) -> int:
    return value if isinstance(value, int) and value >= 0 else 0


def _rejects_format(response: httpx.Response) -> bool:
    """An error about the response_format shape (not, say, a prompt over the context). llama-cpp-python's
    server answers its validation errors with a 500."""
    return response.status_code in (400, 422, 500) and any(
        word in response.text.lower() for word in ("response_format", "json_schema", "json_object")
    )


def _detail(response: httpx.Response) -> str:
    """A short reason from an error body (OpenAI's {"error": {"message"}} or text), for the status."""
    try:
        data = response.json()
    except ValueError:
        data = response.text
    text = data
    if isinstance(data, dict):
        error = data.get("error")
        text = error.get("message") if isinstance(error, dict) else (error or data.get("detail") or data)
    return " ".join(str(text).split())[:160] or response.reason_phrase
