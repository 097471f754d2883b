"""The memory proxy's listener: loopback TCP on `proxy.port`, off until `proxy.enabled`, served by uvicorn on a
thread of the daemon's process (the proxy calls the daemon's operations directly, not through its API).
Turning it on or off, or moving its port, takes effect at once."""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
import time

from starlette.applications import Starlette
from starlette.requests import Request

from ..errors import UserError
from . import ollama_routes, openai_routes
from .chat import ChatProxy
from .wire import error_response

log = logging.getLogger(__name__)
HOST = "127.0.0.1"
START_WAIT_SECONDS = 10.0


def create_app(chat: ChatProxy, extra_routes=(), lifespan=None) -> Starlette:
    async def user_error(request: Request, exc: Exception):
        assert isinstance(exc, UserError)
        return error_response(request, exc.status, str(exc), "invalid_request_error")

    async def internal_error(request: Request, exc: Exception):
        log.error("the memory proxy failed on %s", request.url.path, exc_info=exc)
        return error_response(request, 500, f"Hearth's memory proxy failed: {type(exc).__name__}", "server_error")

    app = Starlette(
        routes=[*openai_routes.ROUTES, *ollama_routes.ROUTES, *extra_routes],
        exception_handlers={UserError: user_error, Exception: internal_error},
        lifespan=lifespan,
    )
    app.state.chat = chat
    return app


class ProxyServer:
    def __init__(self, daemon):
        self.daemon = daemon
        self.chat = ChatProxy(daemon)
        self._server = None
        self._thread: threading.Thread | None = None
        self._sock: socket.socket | None = None
        self._address: str | None = None  # host:port while it listens
        self.error: str | None = None
        self._lock = threading.Lock()  # one start or stop at a time

    @property
    def address(self) -> str | None:
        if self._address is None or self._thread is None or not self._thread.is_alive():
            return None
        return self._address

    def status(self) -> dict:
        settings = self.daemon.settings
        return {
            "enabled": settings["proxy.enabled"],
            "listening": self.address,
            "error": self.error,
            "keyless_access": settings["proxy.keyless_access"],
            "person_keys": self.daemon.tokens.people(),
            **self.chat.status(),
        }

    def apply_settings(self) -> None:
        """Start, stop or move the listener to match the settings (called at start and on their change)."""
        with self._lock:
            self._stop()
            if self.daemon.settings["proxy.enabled"]:
                try:
                    self._start()
                except Exception as exc:  # noqa: BLE001 - shown in the status; the daemon goes on without it
                    log.exception("the memory proxy did not start")
                    self.error = f"the memory proxy did not start: {exc}"
                    self._stop()

    def _start(self) -> None:
        import uvicorn

        from .mcp_http import McpHttp

        port = self.daemon.settings["proxy.port"]
        # proto named: asyncio turns Nagle off only on sockets that say they are TCP, and with it on every answer
        # (headers, then body) waits 40 ms for the client's delayed ACK
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((HOST, port))
            sock.listen(128)
        except OSError as exc:
            sock.close()
            self.error = f"the memory proxy cannot listen on {HOST}:{port}: {exc.strerror or exc}"
            log.warning("%s", self.error)
            return
        self.error = None
        self.chat.reset_upstream()
        mcp = McpHttp(self.daemon)
        app = create_app(self.chat, mcp.routes(), mcp.lifespan)
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=2)
        self._server = uvicorn.Server(config)
        self._sock = sock
        self._address = "{}:{}".format(*sock.getsockname())
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [sock]}, name="hearth-proxy", daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + START_WAIT_SECONDS
        while not self._server.started and self._thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)
        log.info("memory proxy on %s, forwarding to %s", self.address, self.chat.upstream.describe())

    def _stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._sock is not None:
            with contextlib.suppress(OSError):
                self._sock.close()
        self._server = self._thread = self._sock = None
        self._address = None

    def stop(self) -> None:
        with self._lock:
            self._stop()
        self.chat.turns.close()
