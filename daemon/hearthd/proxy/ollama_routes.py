"""The Ollama-compatible front: `POST /api/chat`, `POST /api/generate` (streamed as JSON lines, Ollama's
default, or whole), `GET /api/tags`, `POST /api/show`, `GET /api/version`, as the `ollama` package and Home
Assistant's Ollama integration call them. Requests are translated into the OpenAI format the upstream
speaks (Ollama itself serves it at `/v1`) and answers back into Ollama's."""

from __future__ import annotations

import json
import time

from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.routing import Route

from ..timeutil import iso
from .chat import ChatProxy, Outcome, merge_call, reply_of
from .wire import read_json

VERSION = "0.9.0"  # the Ollama API this front follows (clients check it, some refuse an unparseable one)

# Ollama options with an OpenAI request field of their own.
_OPTIONS = {
    "temperature": "temperature",
    "top_p": "top_p",
    "seed": "seed",
    "stop": "stop",
    "num_predict": "max_tokens",
    "frequency_penalty": "frequency_penalty",
    "presence_penalty": "presence_penalty",
}


def _openai_message(message: dict, index: int) -> dict:
    out: dict = {"role": message.get("role", "user"), "content": message.get("content") or ""}
    images = message.get("images") or []
    if images:
        out["content"] = [{"type": "text", "text": out["content"]}] + [
            {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{image}"}} for image in images
        ]
    if message.get("tool_calls"):
        out["tool_calls"] = [
            {
                "id": f"call_{index}_{i}",
                "type": "function",
                "function": {
                    "name": (call.get("function") or {}).get("name", ""),
                    "arguments": json.dumps((call.get("function") or {}).get("arguments") or {}),
                },
            }
            for i, call in enumerate(message["tool_calls"])
        ]
    if out["role"] == "tool" and message.get("tool_name"):
        out["name"] = message["tool_name"]
    return out


def _openai_request(body: dict, messages: list[dict]) -> tuple[dict, int | None]:
    """The OpenAI request for an Ollama one, and the client's context size (options.num_ctx) if it gave one."""
    request: dict = {"model": body.get("model") or "", "messages": messages, "stream": body.get("stream", True)}
    given = body.get("options")
    options: dict = given if isinstance(given, dict) else {}
    for ours, theirs in _OPTIONS.items():
        if ours in options:
            request[theirs] = options[ours]
    fmt = body.get("format")
    if fmt == "json":
        request["response_format"] = {"type": "json_object"}
    elif isinstance(fmt, dict):
        request["response_format"] = {"type": "json_schema", "json_schema": {"name": "answer", "schema": fmt}}
    if body.get("tools"):
        request["tools"] = body["tools"]
    n_ctx = options.get("num_ctx")
    return request, n_ctx if isinstance(n_ctx, int) and n_ctx > 0 else None


def _ollama_calls(calls: list[dict]) -> list[dict]:
    out = []
    for call in calls:
        function = call.get("function") or {}
        arguments = function.get("arguments") or {}
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments or "{}")
            except ValueError:
                arguments = {"arguments": arguments}
        out.append({"function": {"name": function.get("name", ""), "arguments": arguments}})
    return out


def _done(model: str, started: float, usage: dict | None, reason: str | None) -> dict:
    usage = usage or {}
    return {
        "model": model,
        "created_at": iso(time.time()),
        "done": True,
        "done_reason": "length" if reason == "length" else "stop",
        "total_duration": int((time.perf_counter() - started) * 1e9),
        "load_duration": 0,
        "prompt_eval_count": usage.get("prompt_tokens", 0),
        "prompt_eval_duration": 0,
        "eval_count": usage.get("completion_tokens", 0),
        "eval_duration": 0,
    }


def _error(outcome: Outcome) -> JSONResponse:
    error = (outcome.body or {}).get("error")
    message = error.get("message") if isinstance(error, dict) else error
    return JSONResponse(
        {"error": message or "the LLM server failed"}, status_code=outcome.status, headers=outcome.headers
    )


async def _answer(request: Request, body: dict, messages: list[dict], as_chat: bool):
    proxy: ChatProxy = request.app.state.chat
    started = time.perf_counter()
    openai_body, n_ctx = _openai_request(body, messages)
    outcome = await proxy.chat("ollama", request.headers, openai_body, n_ctx)
    model = body.get("model") or ""
    if outcome.status != 200:
        return _error(outcome)

    def shaped(text: str, calls: list[dict] | None = None) -> dict:
        if not as_chat:
            return {"response": text}
        message: dict = {"role": "assistant", "content": text}
        if calls:
            message["tool_calls"] = _ollama_calls(calls)
        return {"message": message}

    if outcome.chunks is None:
        payload = outcome.body or {}
        choice = (payload.get("choices") or [{}])[0] or {}
        answer = {"model": model, "created_at": iso(time.time())}
        answer.update(shaped(*reply_of(payload)))
        answer.update(
            {
                k: v
                for k, v in _done(model, started, payload.get("usage"), choice.get("finish_reason")).items()
                if k not in answer
            }
        )
        return JSONResponse(answer, headers=outcome.headers)

    chunks = outcome.chunks

    async def lines():
        usage, reason, calls = None, None, {}  # calls: index -> the call put together from its fragments
        async for chunk in chunks:
            usage = chunk.get("usage") or usage
            for choice in chunk.get("choices") or []:
                reason = choice.get("finish_reason") or reason
                delta = choice.get("delta") or {}
                for call in delta.get("tool_calls") or []:
                    merge_call(calls, call)
                if delta.get("content"):
                    piece = {"model": model, "created_at": iso(time.time()), **shaped(delta["content"]), "done": False}
                    yield json.dumps(piece, ensure_ascii=False) + "\n"
        last = {"model": model, "created_at": iso(time.time()), **shaped("", [calls[i] for i in sorted(calls)])}
        yield json.dumps({**last, **_done(model, started, usage, reason)}, ensure_ascii=False) + "\n"

    return StreamingResponse(lines(), media_type="application/x-ndjson", headers=outcome.headers)


async def chat(request: Request):
    body = await read_json(request)
    messages = body.get("messages")
    if not isinstance(messages, list) or not all(isinstance(m, dict) for m in messages):
        messages = []  # refused by the proxy with its own message
    return await _answer(request, body, [_openai_message(m, i) for i, m in enumerate(messages)], as_chat=True)


async def generate(request: Request):
    body = await read_json(request)
    prompt = body.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        return JSONResponse({"error": "prompt must be non-empty text"}, status_code=400)
    messages = [{"role": "system", "content": body["system"]}] if isinstance(body.get("system"), str) else []
    user = {"role": "user", "content": prompt, "images": body.get("images") or []}
    messages.append(_openai_message(user, 0))
    return await _answer(request, body, messages, as_chat=False)


async def tags(request: Request):
    proxy: ChatProxy = request.app.state.chat
    await proxy.who(request.headers, None)
    status, payload = await proxy.models()
    if status != 200:
        return JSONResponse(
            {"error": (payload.get("error") or {}).get("message", "upstream error")}, status_code=status
        )
    models = [
        {
            "name": m.get("id", ""),
            "model": m.get("id", ""),
            "modified_at": iso(m.get("created") or time.time()),
            "size": 0,
            "digest": "",
            "details": {"format": "", "family": "", "parameter_size": "", "quantization_level": ""},
        }
        for m in payload.get("data") or []
        if isinstance(m, dict)
    ]
    return JSONResponse({"models": models})


async def show(request: Request):
    proxy: ChatProxy = request.app.state.chat
    await proxy.who(request.headers, None)
    body = await read_json(request)
    return JSONResponse(
        {
            "modelfile": "",
            "parameters": "",
            "template": "",
            "details": {"format": "", "family": "", "parameter_size": "", "quantization_level": ""},
            "model_info": {},
            "capabilities": ["completion", "tools"],
            "model": body.get("model") or body.get("name") or "",
        }
    )


async def version(request: Request):
    return JSONResponse({"version": VERSION})


ROUTES = [
    Route("/api/chat", chat, methods=["POST"]),
    Route("/api/generate", generate, methods=["POST"]),
    Route("/api/tags", tags, methods=["GET"]),
    Route("/api/show", show, methods=["POST"]),
    Route("/api/version", version, methods=["GET"]),
]
