"""A chat request through the proxy, in the OpenAI format both fronts share: who → memory in → upstream →
turns committed. A context overflow from the upstream folds the window and is sent once more; an upstream
error reaches the client with its status, and the user's turn is stored either way."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import Counter, deque
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from urllib.parse import quote

from ..errors import UserError
from ..timeutil import iso
from .identity import Identity, conversation_key, identify
from .turn import Exchange, Turns, message_text
from .upstream import Upstream, UpstreamUnreachable, is_overflow, json_or_none
from .wire import error_body

log = logging.getLogger(__name__)
RECENT = 20  # requests the status keeps


@dataclass
class Outcome:
    status: int
    body: dict | None = None  # a whole answer (or an error)
    chunks: AsyncIterator[dict] | None = None  # a streamed answer's chunks, OpenAI's shape
    headers: dict = field(default_factory=dict)
    exchange: Exchange | None = None


def _headers(exchange: Exchange) -> dict:
    return {
        "X-Hearth-Memory": exchange.memory,
        "X-Hearth-Conversation": quote(exchange.thread, safe=""),
        "X-Hearth-Window": "used" if exchange.window_used else "client",
    }


class ChatProxy:
    def __init__(self, daemon):
        self.daemon = daemon
        self.turns = Turns(daemon)
        self.upstream = Upstream(daemon)
        self.recent: deque[dict] = deque(maxlen=RECENT)
        self.counts: Counter = Counter()

    def reset_upstream(self) -> None:
        """A new listener runs a new event loop: a pooled client of the last one cannot serve it."""
        self.upstream = Upstream(self.daemon)

    def status(self) -> dict:
        return {"upstream": self.upstream.describe(), "counts": dict(self.counts), "recent": list(self.recent)}

    def _record(self, route: str, exchange: Exchange | None, status: int, committed: bool | None, **extra) -> None:
        self.counts["requests"] += 1
        if status >= 400:
            self.counts["errors"] += 1
        if exchange is not None and exchange.memory.startswith("skipped"):
            self.counts["memory_skipped"] += 1
        if committed is False:
            self.counts["commit_failures"] += 1
        entry: dict = {"at": iso(time.time()), "route": route, "status": status}
        if exchange is not None:
            entry.update(
                who=exchange.identity.describe(),
                conversation=exchange.thread,
                memory=exchange.memory,
                window_used=exchange.window_used,
                context_ms=round(exchange.context_ms, 1),
            )
        entry.update(extra)
        self.recent.appendleft(entry)

    async def who(self, headers, user: str | None) -> Identity:
        return await asyncio.to_thread(identify, self.daemon, headers, user)

    async def chat(self, route: str, headers, body: dict, n_ctx: int | None = None) -> Outcome:
        """The request's answer; `body` is an OpenAI chat-completions request (validated here)."""
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages or not all(isinstance(m, dict) for m in messages):
            raise UserError("messages must be a non-empty list of chat messages", status=400)
        user = body.get("user")
        identity = await self.who(headers, user if isinstance(user, str) else None)
        system = "\n".join(message_text(m.get("content")) for m in messages if m.get("role") in ("system", "developer"))
        metadata = body.get("metadata") if isinstance(body.get("metadata"), dict) else None
        thread = conversation_key(headers, metadata, system, identity)
        exchange = await self.turns.prepare(identity, thread, messages)
        stream = bool(body.get("stream"))
        for attempt in (1, 2):
            upstream_body = dict(body, messages=exchange.messages)
            if stream:
                upstream_body["stream_options"] = dict(body.get("stream_options") or {}, include_usage=True)
            started = time.perf_counter()
            try:
                response = await self.upstream.send("POST", "/chat/completions", upstream_body, stream=stream)
            except UpstreamUnreachable as exc:
                committed = await asyncio.to_thread(self.turns.commit, exchange, None, None, n_ctx)
                self._record(route, exchange, exc.status, committed, upstream_error=str(exc))
                return Outcome(exc.status, error_body(str(exc)), headers=_headers(exchange), exchange=exchange)
            if response.status_code == 200:
                break
            raw = await response.aread()
            await response.aclose()
            if attempt == 1 and is_overflow(response.status_code, raw):
                # Fold the conversation now and send the window (with the summary) instead of the history.
                await self.turns.fold(exchange)
                current = [m for m in messages if m.get("role") in ("system", "developer")] + [messages[-1]]
                retry = await self.turns.prepare(identity, thread, current)
                retry.memory += " (folded after an overflow)"
                exchange = retry
                continue
            committed = await asyncio.to_thread(self.turns.commit, exchange, None, None, n_ctx)
            self._record(route, exchange, response.status_code, committed, upstream_status=response.status_code)
            error = json_or_none(raw) or error_body(raw.decode("utf-8", "replace")[:2000], "upstream_error")
            return Outcome(response.status_code, error, headers=_headers(exchange), exchange=exchange)
        if not stream:
            payload = json_or_none(await response.aread())
            upstream_ms = (time.perf_counter() - started) * 1000
            if not isinstance(payload, dict):
                self._record(route, exchange, 502, None)
                return Outcome(502, error_body("the LLM server's answer was not JSON"), headers=_headers(exchange))
            reply, calls = reply_of(payload)
            exchange.tool_calls += calls
            prompt_tokens = (payload.get("usage") or {}).get("prompt_tokens")
            commit_started = time.perf_counter()
            committed = await asyncio.to_thread(self.turns.commit, exchange, reply, prompt_tokens, n_ctx)
            self._record(
                route,
                exchange,
                200,
                committed,
                upstream_ms=round(upstream_ms, 1),
                commit_ms=round((time.perf_counter() - commit_started) * 1000, 1),
            )
            return Outcome(200, payload, headers=_headers(exchange), exchange=exchange)
        return Outcome(
            200,
            chunks=self._relay(route, exchange, response, started, n_ctx),
            headers=_headers(exchange),
            exchange=exchange,
        )

    async def _relay(self, route: str, exchange: Exchange, response, started: float, n_ctx) -> AsyncIterator[dict]:
        """The upstream's stream, chunk by chunk, gathering the reply; the turns are committed once it ends
        (before the client's last line, so an answer the client saw whole is stored)."""
        text: list[str] = []
        calls: dict[int, dict] = {}
        prompt_tokens = None
        status = 200
        try:
            async for line in response.aiter_lines():
                if not line.startswith("data:"):
                    continue
                data = line[5:].strip()
                if data == "[DONE]":
                    break
                chunk = json_or_none(data)
                if not isinstance(chunk, dict):
                    continue
                if chunk.get("usage"):
                    prompt_tokens = chunk["usage"].get("prompt_tokens", prompt_tokens)
                for choice in chunk.get("choices") or []:
                    delta = choice.get("delta") or {}
                    if isinstance(delta.get("content"), str):
                        text.append(delta["content"])
                    for call in delta.get("tool_calls") or []:
                        merge_call(calls, call)
                yield chunk
        except Exception as exc:  # noqa: BLE001 - a cut stream: what was said so far is still stored
            status = 502
            log.warning("the upstream's stream broke off: %s", exc)
        finally:
            await response.aclose()
            exchange.tool_calls += [calls[i] for i in sorted(calls)]
            commit_started = time.perf_counter()
            committed = await asyncio.to_thread(self.turns.commit, exchange, "".join(text), prompt_tokens, n_ctx)
            self._record(
                route,
                exchange,
                status,
                committed,
                upstream_ms=round((time.perf_counter() - started) * 1000, 1),
                commit_ms=round((time.perf_counter() - commit_started) * 1000, 1),
                streamed=True,
            )

    async def models(self) -> tuple[int, dict]:
        try:
            response = await self.upstream.send("GET", "/models")
        except UpstreamUnreachable as exc:
            return exc.status, error_body(str(exc))
        payload = json_or_none(response.content)
        return response.status_code, payload if isinstance(payload, dict) else {"object": "list", "data": []}


def reply_of(payload: dict) -> tuple[str, list]:
    choices = payload.get("choices") or [{}]
    message = (choices[0] or {}).get("message") or {}
    content = message_text(message.get("content"))
    return content, list(message.get("tool_calls") or [])


def merge_call(calls: dict[int, dict], delta: dict) -> None:
    """Streamed tool calls come in pieces keyed by index: the name once, the arguments in fragments."""
    index = delta.get("index", len(calls))
    call = calls.setdefault(index, {"id": None, "type": "function", "function": {"name": "", "arguments": ""}})
    if delta.get("id"):
        call["id"] = delta["id"]
    function = delta.get("function") or {}
    if function.get("name"):
        call["function"]["name"] += function["name"]
    if function.get("arguments"):
        args = function["arguments"]
        call["function"]["arguments"] += args if isinstance(args, str) else json.dumps(args)
