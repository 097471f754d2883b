"""The `llama_cpp` provider: a local GGUF model run in-process by llama-cpp-python (the optional extra
`pip install 'hearth[llama]'`).

The model loads on the first call (not at boot) and stays loaded until the provider is replaced. Calls are
serialised (a llama.cpp context is not thread-safe). A schema becomes a grammar (llama-cpp-python's
`json_object` response format with a `schema`). The answer is streamed so that the timeout can be checked at
every decoded token: once it has passed, decoding stops and the call fails as any timed-out call does. Token
counts: one per streamed piece; the prompt's without the chat template's few tokens.
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
            extra = {"response_format": {"type": "json_object", "schema": schema}} if schema is not None else {}
            pieces, completion_tokens = [], 0
            try:
                # Streamed, so decoding can be stopped at the deadline (one chunk per token).
                chunks = llm.create_chat_completion(
                    messages=[{"role": "user", "content": prompt}],
                    temperature=0,
                    max_tokens=max_tokens,
                    stream=True,
                    **extra,
                )
                for chunk in chunks:
                    if time.monotonic() > deadline:
                        chunks.close()
                        raise GeneratorError(f"{self.model} did not finish within {self.timeout:g} s")
                    delta = chunk["choices"][0].get("delta") or {}
                    if delta.get("content"):
                        pieces.append(delta["content"])
                        completion_tokens += 1
                prompt_tokens = len(llm.tokenize(prompt.encode("utf-8"), add_bos=False))  # without the template
            except (ValueError, RuntimeError, KeyError, IndexError) as exc:  # e.g. a prompt over the context
                raise GeneratorError(f"llama.cpp failed: {exc}") from None
        return Completion("".join(pieces), prompt_tokens, completion_tokens)
