"""One proxied exchange, whatever the wire format: memory in before the upstream answers, turns out after.

Messages are OpenAI chat messages (the Ollama routes translate theirs). Before: the current user message
gets the `[Turn context]` preamble, assembled as `/v1/context` does for the request's identity (never the
system prompt, which stays as the client wrote it); a client that sends no history of its own, or only a
part of the conversation's working window, gets the window instead. The memory has a deadline: past it the
request goes on without memory and says so. After: the user's words (without the preamble) and the reply
are committed to the ledger with the upstream's real prompt size, which folds the window when it fills.
"""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from ..formation.ledger import TurnIn
from ..history.windows import Usage
from ..memory.scope import scope_for
from .identity import Identity

log = logging.getLogger(__name__)

EARLIER = "[Earlier in this conversation]"


def message_text(content) -> str:
    """The text of a message's content: a string, or the text parts of a list (images and audio left out)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return ""


def _with_preamble(message: dict, preamble: str) -> dict:
    content = message.get("content")
    if isinstance(content, list):
        return dict(message, content=[{"type": "text", "text": preamble}, *content])
    return dict(message, content=f"{preamble}\n\n{content or ''}")


@dataclass
class Exchange:
    identity: Identity
    thread: str
    messages: list[dict]  # what goes upstream
    user_text: str | None  # the new user turn (None: a tool loop's follow-up; its user turn is committed)
    memory: str = "none"  # what memory did: injected, none (nothing relevant), off (paused), skipped: why
    window_used: bool = False
    tool_calls: list = field(default_factory=list)  # the assistant's calls earlier in this exchange
    context_ms: float = 0.0
    started: float = field(default_factory=time.perf_counter)


class Turns:
    """Memory for the proxy's requests, in the daemon's process (the same operations as the API)."""

    def __init__(self, daemon):
        self.daemon = daemon
        # Memory runs here, so that a request past its deadline goes on while its assembly finishes aside.
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="hearth-proxy-memory")

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    # -- before the upstream -------------------------------------------------------------------------------
    async def prepare(self, identity: Identity, thread: str, messages: list[dict]) -> Exchange:
        last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=None)
        followup = last_user is not None and last_user != len(messages) - 1
        user_text = message_text(messages[last_user]["content"]) if last_user is not None else None
        exchange = Exchange(identity, thread, list(messages), None if followup else (user_text or None))
        if followup:  # the tool calls made since the user spoke go with the final answer
            exchange.tool_calls = [c for m in messages[last_user:] for c in (m.get("tool_calls") or [])]
        if last_user is None or user_text is None or not user_text.strip():
            return exchange
        started = time.perf_counter()
        deadline = self.daemon.settings["proxy.context_deadline_ms"] / 1000
        loop = asyncio.get_running_loop()
        try:
            context = await asyncio.wait_for(
                loop.run_in_executor(self._pool, self._context, identity, thread, user_text), deadline
            )
        except TimeoutError:
            exchange.memory = f"skipped: no memory within {deadline * 1000:.0f} ms (proxy.context_deadline_ms)"
            return exchange
        except Exception as exc:  # noqa: BLE001 - Hearth failing never breaks the assistant
            log.exception("memory for a proxied request failed")
            exchange.memory = f"skipped: {type(exc).__name__}"
            return exchange
        finally:
            exchange.context_ms = (time.perf_counter() - started) * 1000
        self._compose(exchange, last_user, context, followup)
        return exchange

    def _context(self, identity: Identity, thread: str, text: str) -> dict:
        return self.daemon.ops.recall.context(
            text, scope_for(identity.speaker, identity.band), thread, identity.speaker
        )

    def _compose(self, exchange: Exchange, last_user: int, context: dict, followup: bool) -> None:
        messages = exchange.messages
        window = context.get("history") or {}
        system = [m for m in messages[:last_user] if m.get("role") in ("system", "developer")]
        prior = [m for m in messages[:last_user] if m.get("role") not in ("system", "developer")]
        preamble = context["preamble"]
        if not followup and self._window_replaces(prior, window.get("messages") or []):
            prior = [{"role": m["role"], "content": m["content"]} for m in window["messages"]]
            if window.get("summary"):
                preamble = f"{EARLIER}\n{window['summary']}\n\n{preamble}".rstrip()
            exchange.window_used = True
        if preamble:
            exchange.memory = "injected" if context["mode"] != "OFF" else "off"
            current = _with_preamble(messages[last_user], preamble)
        else:
            exchange.memory = "off" if context["mode"] == "OFF" else "none"
            current = messages[last_user]
        exchange.messages = [*system, *prior, current, *messages[last_user + 1 :]]

    @staticmethod
    def _window_replaces(prior: list[dict], window: list[dict]) -> bool:
        """The window stands in for the client's history when the client sent none, or only a part of the
        window (each of its messages in the window, in order): it then holds all the client had and more."""
        if not window:
            return False
        if not prior:
            return True
        if len(prior) >= len(window):
            return False
        said = [(m["role"], m["content"]) for m in window]
        at = 0
        for m in prior:
            wanted = (m.get("role"), message_text(m.get("content")))
            while at < len(said) and said[at] != wanted:
                at += 1
            if at == len(said):
                return False
            at += 1
        return True

    async def fold(self, exchange: Exchange) -> None:
        """The upstream said the prompt overflows: fold the window now (not in the background), before the
        request is sent again with the window instead of the client's history."""
        daemon = self.daemon
        thread_id = await asyncio.to_thread(daemon.windows.thread_id, exchange.thread)
        if thread_id is not None:
            future = daemon.compactor.submit(thread_id, Usage(overflow=True))
            timeout = daemon.settings["proxy.upstream_timeout_seconds"]
            await asyncio.to_thread(future.result, timeout)

    # -- after the upstream --------------------------------------------------------------------------------
    def commit(self, exchange: Exchange, reply: str | None, prompt_tokens: int | None, n_ctx: int | None) -> bool:
        """Commit the user's turn and the reply (a failed upstream: the user's turn alone, nothing lost);
        False when it could not be stored (logged; the assistant still gets its answer)."""
        identity, thread = exchange.identity, exchange.thread
        turns = []
        if exchange.user_text and exchange.user_text.strip():
            turns.append(TurnIn(thread, "user", exchange.user_text, speaker=identity.speaker, band=identity.band))
        if reply and reply.strip():
            turns.append(TurnIn(thread, "assistant", reply, tool_calls=exchange.tool_calls or None))
        if not turns:
            return True
        usage = None
        if prompt_tokens:
            settings = self.daemon.settings
            usage = Usage(
                prompt_tokens=int(prompt_tokens),
                n_ctx=int(n_ctx or settings["proxy.n_ctx"]),
                output_reserve=settings["proxy.output_reserve"],
            )
        try:
            self.daemon.ops.conversation.commit_turns(turns, usage)
        except Exception:  # noqa: BLE001 - the reply still reaches the assistant; the status counts it
            log.exception("the proxy could not commit the turns of %s", thread)
            return False
        return True
