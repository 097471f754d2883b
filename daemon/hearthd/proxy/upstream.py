"""The LLM server behind the proxy, spoken to in the OpenAI chat-completions format (llama.cpp's server,
vLLM, LM Studio, OpenAI, and Ollama at its `/v1`). Its answers and its errors pass through as they are;
what the proxy itself cannot reach or wait for becomes a 502 or 504 in the OpenAI error shape."""

from __future__ import annotations

import json
import re
import socket
from typing import TYPE_CHECKING

from ..audit import redact_text

if TYPE_CHECKING:
    import httpx  # imported when the proxy first calls its server: the daemon's start need not load it

# How servers say a prompt is too long: OpenAI's code, llama.cpp's and vLLM's messages.
_OVERFLOW = re.compile(
    r"context_length_exceeded|exceeds? (the )?(available )?context|context (window|length|size)|"
    r"maximum context|too many tokens|n_ctx",
    re.IGNORECASE,
)


class UpstreamUnreachable(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def is_overflow(status: int, body: bytes) -> bool:
    return status in (400, 413, 422) and bool(_OVERFLOW.search(body[:4000].decode("utf-8", "replace")))


class Upstream:
    def __init__(self, daemon):
        self.daemon = daemon
        self._client: httpx.AsyncClient | None = None
        self._made_for: tuple | None = None

    @property
    def base_url(self) -> str:
        settings = self.daemon.settings
        return (settings["proxy.upstream_url"] or settings["generator.base_url"]).rstrip("/")

    def describe(self) -> str:
        return redact_text(self.base_url)

    def _headers(self) -> dict:
        # The generator's API key (keyring or file) goes upstream when the proxy forwards to that same server.
        if self.daemon.settings["proxy.upstream_url"]:
            return {}
        key = self.daemon.generator.api_key.get()  # the generator's own Secret: keyring, or its 0600 file
        return {"Authorization": f"Bearer {key}"} if key else {}

    def client(self) -> httpx.AsyncClient:
        """One pooled client per event loop and upstream (remade when the settings change)."""
        import httpx

        wanted = (self.base_url, self.daemon.settings["proxy.upstream_timeout_seconds"])
        if self._client is None or self._made_for != wanted:
            timeout = httpx.Timeout(wanted[1], connect=min(10.0, wanted[1]))
            # No Nagle: a request's headers and body go as two writes, and a server that delays its ACK
            # would hold the body back 40 ms on every request.
            transport = httpx.AsyncHTTPTransport(socket_options=[(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)])
            self._client = httpx.AsyncClient(
                base_url=wanted[0], headers=self._headers(), timeout=timeout, transport=transport
            )
            self._made_for = wanted
        return self._client

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def send(self, method: str, path: str, body: dict | None = None, stream: bool = False) -> httpx.Response:
        """The upstream's response (streamed: read it with aiter_lines, then aclose); UpstreamUnreachable
        when there is none."""
        import httpx

        client = self.client()
        try:
            request = client.build_request(method, path, json=body)
            return await client.send(request, stream=stream)
        except httpx.TimeoutException:
            raise UpstreamUnreachable(
                504, f"the LLM server at {self.describe()} did not answer in time (proxy.upstream_timeout_seconds)"
            ) from None
        except httpx.HTTPError as exc:
            raise UpstreamUnreachable(502, f"the LLM server at {self.describe()} is unreachable: {exc}") from None


def json_or_none(raw: bytes):
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None
