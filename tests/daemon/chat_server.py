"""A scripted OpenAI-compatible chat server on loopback, for the generator's failure paths.

It stands at the HTTP boundary where a real server (tests/daemon/test_generators_real.py runs llama.cpp's)
would be, and misbehaves on demand: it refuses connections, hangs up, answers too late, answers HTTP 503,
answers garbage, or wraps its JSON in a reasoning model's <think> block. It records every request.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FACT = {"predicate": "works_at", "object": "big hospital", "provenance": "USER-STATED"}
EPISODE = {"headline": "Moving house to Porto", "summary": "They talked about the move to Porto and the new flat."}
SUMMARY = "The scripted summary: the family talked about moving to Porto."

BEHAVIOURS = (
    "ok",
    "think",
    "garbage",
    "not_json",
    "slow",
    "error503",
    "hangup",
    "reject_json_schema",
    "overflow_once",
)
OVERFLOW = "the request exceeds the available context size, try increasing it"  # llama.cpp's words


class ChatServer:
    def __init__(self):
        self.behaviour = "ok"
        self.slow_seconds = 3.0
        self.facts = [FACT]
        self.requests: list[dict] = []
        self.fail_first = 0  # with "ok": answer 503 to this many requests first
        self._lock = threading.Lock()
        self._connections: set = set()
        self._start()

    def _start(self, port: int = 0) -> None:  # noqa: C901 - the fake server's request handler
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def setup(self):
                super().setup()
                # headers and body are two writes: without this the body waits for the client's delayed ACK
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                with server._lock:
                    server._connections.add(self.connection)

            def finish(self):
                with server._lock:
                    server._connections.discard(self.connection)
                super().finish()

            def do_GET(self):
                if self.path.endswith("/models"):
                    return self._send(200, {"object": "list", "data": [{"id": "scripted", "object": "model"}]})
                self._send(404, {"error": {"message": "not found"}})

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with server._lock:
                    server.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                    behaviour = server.behaviour
                    if behaviour == "ok" and server.fail_first > 0:
                        server.fail_first -= 1
                        behaviour = "error503"
                if behaviour == "hangup":
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                if behaviour == "slow":
                    time.sleep(server.slow_seconds)
                if behaviour == "error503":
                    return self._send(503, {"error": {"message": "loading model"}})
                if (
                    behaviour == "reject_json_schema"
                    and (body.get("response_format") or {}).get("type") == "json_schema"
                ):
                    return self._send(400, {"error": {"message": "response_format.type must be json_object"}})
                if behaviour == "overflow_once":
                    server.behaviour = "ok"
                    return self._send(
                        400, {"error": {"code": 400, "message": OVERFLOW, "type": "exceed_context_size_error"}}
                    )
                if behaviour == "not_json":
                    return self._send_raw(200, b"<html>proxy error</html>", "text/html")
                prompt = str(body["messages"][-1]["content"])
                content = server.answer(prompt, behaviour)
                self._send(
                    200,
                    {
                        "id": "x",
                        "object": "chat.completion",
                        "model": body.get("model"),
                        "choices": [
                            {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}
                        ],
                        "usage": {
                            "prompt_tokens": len(prompt.split()),
                            "completion_tokens": 7,
                            "total_tokens": len(prompt.split()) + 7,
                        },
                    },
                )

            def _send(self, status, data):
                self._send_raw(status, json.dumps(data).encode(), "application/json")

            def _send_raw(self, status, raw, kind):
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                try:
                    self.wfile.write(raw)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up waiting

        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def answer(self, prompt: str, behaviour: str) -> str:
        if "lasting facts" in prompt:
            content = json.dumps({"facts": self.facts})
        elif "a headline of at most 12 words" in prompt:
            content = json.dumps(EPISODE)
        elif "running summary" in prompt:
            content = SUMMARY
        elif "Answer with one word" in prompt:
            content = "UNRELATED"
        else:
            content = "OK"
        if behaviour == "garbage":
            return "I am sorry, I cannot help with that."
        if behaviour == "think":
            return f'<think>The user wants JSON. {{"facts": []}} would be wrong.</think>\n{content}'
        return content

    def refuse(self) -> None:
        """Go down as a stopped server does: open connections drop, new ones are refused."""
        self.httpd.shutdown()
        self.httpd.server_close()
        with self._lock:
            for conn in self._connections:
                try:
                    conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def listen_again(self) -> None:
        self._start(self.port)

    def stop(self) -> None:
        try:
            self.httpd.shutdown()
            self.httpd.server_close()
        except OSError:
            pass

    def chat_requests(self) -> list[dict]:
        with self._lock:
            return [r for r in self.requests if r["path"].endswith("/chat/completions")]


class Tap:
    """A recording pass-through in front of a real server: every request's body is kept, and the answer is
    relayed as it comes (streamed ones piece by piece). It lets a test assert on what the real server got."""

    def __init__(self, upstream_url: str):
        import httpx

        self.upstream = upstream_url.rstrip("/")
        self.requests: list[dict] = []
        tap = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"  # each answer ends with the connection: no length needed for a stream

            def log_message(self, *args):
                pass

            def _relay(self, method: str, body: bytes | None):
                path = self.path[3:] if self.path.startswith("/v1") else self.path
                with httpx.stream(
                    method,
                    tap.upstream + path,
                    content=body,
                    headers={"Content-Type": "application/json"},
                    timeout=300,
                ) as answer:
                    self.send_response(answer.status_code)
                    self.send_header("Content-Type", answer.headers.get("content-type", "application/json"))
                    self.end_headers()
                    for piece in answer.iter_raw():
                        self.wfile.write(piece)
                        self.wfile.flush()

            def do_GET(self):
                self._relay("GET", None)

            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                tap.requests.append({"path": self.path, "body": json.loads(raw or b"{}")})
                self._relay("POST", raw)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def last_messages(self) -> list[dict]:
        return self.requests[-1]["body"]["messages"]

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
