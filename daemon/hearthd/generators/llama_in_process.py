"""The `llama_cpp` provider: a local GGUF model run in-process by llama-cpp-python (the optional extra
`pip install 'hearth[llama]'`).

The model loads on the first call (not at boot) and stays loaded until the provider is replaced. Calls are
serialised (a llama.cpp context is not thread-safe). A schema becomes a grammar (llama-cpp-python's
`json_object` response format with a `schema`). The timeout is checked at every decoded token (a logits
processor): once it has passed, decoding stops and the call fails as any timed-out call does.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from .base import DEFAULT_MAX_TOKENS, Completion, Generator, GeneratorError

N_CTX = 4096


class LlamaInProcess(Generator):
    name = "llama_cpp"

    def __init__(self, gguf_path: str, timeout: float = 60.0, n_ctx: int = N_CTX, threads: int | None = None):
        self.gguf_path = gguf_path
        self.model = Path(gguf_path).name if gguf_path else ""
        self.timeout = timeout
        self.n_ctx = n_ctx
        self.threads = threads or max(1, (os.cpu_count() or 2) - 1)
        self._llm = None
        self._lock = threading.Lock()

    @property
    def available(self) -> bool:
        return bool(self.gguf_path)

    def close(self) -> None:
        with self._lock:
            llm, self._llm = self._llm, None
        if llm is not None and hasattr(llm, "close"):
            llm.close()

    def _load(self):
        if self._llm is not None:
            return self._llm
        try:
            from llama_cpp import Llama
        except ImportError:
            raise GeneratorError("the llama_cpp provider needs llama-cpp-python: pip install 'hearth[llama]'") from None
        if not self.gguf_path or not Path(self.gguf_path).is_file():
            raise GeneratorError(f"generator.gguf_path: no GGUF file at {self.gguf_path!r}")
        try:
            self._llm = Llama(model_path=self.gguf_path, n_ctx=self.n_ctx, n_threads=self.threads, verbose=False)
        except (ValueError, RuntimeError, OSError) as exc:
            raise GeneratorError(f"cannot load {self.gguf_path}: {exc}") from None
        return self._llm

    def complete(self, prompt: str, schema: dict | None = None, max_tokens: int = DEFAULT_MAX_TOKENS) -> Completion:
        deadline = time.monotonic() + self.timeout  # the wait for the lock and the model's load count too
        with self._lock:
            llm = self._load()
            from llama_cpp import LogitsProcessorList

            def stop_past_deadline(_ids, scores):
                if time.monotonic() > deadline:
                    raise _PastDeadline()
                return scores

            extra = {"response_format": {"type": "json_object", "schema": schema}} if schema is not None else {}
            try:
                out = llm.create_chat_completion(messages=[{"role": "user", "content": prompt}], temperature=0,
                                                 max_tokens=max_tokens,
                                                 logits_processor=LogitsProcessorList([stop_past_deadline]), **extra)
            except _PastDeadline:
                raise GeneratorError(f"{self.model} did not finish within {self.timeout:g} s") from None
            except (ValueError, RuntimeError) as exc:  # e.g. a prompt over the context window
                raise GeneratorError(f"llama.cpp failed: {exc}") from None
        try:
            text = out["choices"][0]["message"]["content"] or ""
            usage = out.get("usage") or {}
        except (KeyError, IndexError, TypeError):
            raise GeneratorError("llama.cpp returned no completion") from None
        return Completion(text, int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0))


class _PastDeadline(Exception):
    pass
