"""The `hearthd` command: one daemon per data dir (a lock file), the API on its Unix socket (or loopback
TCP), served by uvicorn until SIGTERM or SIGINT."""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import logging
import os
import signal
import socket
import sys
from pathlib import Path

from . import __version__
from .api.endpoints import socket_path, tcp_endpoint_file
from .paths import RUNTIME_FALLBACKS, InsecurePath, open_lock_file, private_dir, secure_write
from .store.migrations import SchemaTooNewError

log = logging.getLogger("hearthd")
MAX_SOCKET_PATH = 104  # bytes: sun_path is 108 on Linux, 104 on the BSDs and macOS, with its NUL


class AlreadyRunning(RuntimeError):
    pass


class DataDirLock:
    """The daemon's claim on a data dir for its lifetime: an OS lock (flock) on the data dir itself, which no
    one can delete while core.db is in it, and on `<data dir>/hearthd.lock` (holding the owner's pid, opened
    without following a link). The lock is the open descriptor, not the file's existence: deleting the file
    frees nothing, and a killed daemon's lock goes with its process."""

    def __init__(self, data_dir: Path):
        data_dir = private_dir(Path(data_dir))  # owner-only (0700) before anything in it is opened
        self._dir: int | None = os.open(data_dir, os.O_RDONLY | os.O_DIRECTORY)
        self._file: int | None = None
        try:
            fcntl.flock(self._dir, fcntl.LOCK_EX | fcntl.LOCK_NB)
            self._file = open_lock_file(data_dir / "hearthd.lock")
            fcntl.flock(self._file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.release()
            raise AlreadyRunning(f"another hearthd is already running for {data_dir}") from None
        except BaseException:
            self.release()
            raise
        os.ftruncate(self._file, 0)
        os.write(self._file, str(os.getpid()).encode())

    def release(self) -> None:
        for fd in (self._file, self._dir):
            if fd is not None:
                with contextlib.suppress(OSError):
                    fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)
        self._file = self._dir = None


class ApiServer:
    """The daemon's API on a listening socket."""

    def __init__(self, daemon):
        self.daemon = daemon
        self._server = None
        self._sock: socket.socket | None = None

    def bind(self, tcp_port: int | None = None) -> socket.socket:
        """The Unix socket, created inside the 0700 runtime dir with a 0600 mode from the start; or, where
        Unix sockets are unavailable or tcp_port is given, loopback TCP (same tokens), its port recorded in
        an owner-only file of the data dir."""
        data_dir = self.daemon.data_dir
        endpoint = tcp_endpoint_file(data_dir)
        endpoint.unlink(missing_ok=True)
        path = socket_path(data_dir) if hasattr(socket, "AF_UNIX") else None
        if path is not None and RUNTIME_FALLBACKS.get(data_dir):
            log.warning("%s", RUNTIME_FALLBACKS[data_dir])
        if path is not None and tcp_port is None and len(os.fsencode(path)) > MAX_SOCKET_PATH:
            log.warning("the socket path %s is too long for a Unix socket; serving on loopback TCP instead", path)
            tcp_port = 0
        if tcp_port is not None or path is None:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # (see proxy.server)
            sock.bind(("127.0.0.1", tcp_port or 0))
            sock.listen(128)
            with secure_write(endpoint) as f:
                json.dump({"tcp": f"127.0.0.1:{sock.getsockname()[1]}", "pid": os.getpid()}, f)
            self._sock = sock
            return sock
        if path.exists():
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.connect(str(path))
                raise AlreadyRunning(f"a daemon already answers on {path}")
            except (ConnectionRefusedError, FileNotFoundError):
                path.unlink()  # stale, left by a killed daemon
            finally:
                probe.close()
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)
        try:
            sock.bind(str(path))
        finally:
            os.umask(old)
        sock.listen(128)
        self._sock = sock
        return sock

    def where(self) -> str:
        assert self._sock is not None
        if self._sock.family == socket.AF_INET:
            host, port = self._sock.getsockname()
            return f"{host}:{port}"
        return str(socket_path(self.daemon.data_dir))

    def prepare(self) -> None:
        """Import the server and build the app (most of a start's own work): done before the daemon's background
        parts start, so the model's loading does not slow the first answer."""
        if self._server is not None:
            return
        import uvicorn

        from .api.app import create_app

        config = uvicorn.Config(
            create_app(self.daemon), log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=5
        )
        self._server = uvicorn.Server(config)
        config.load()  # (uvicorn would do it in run(): the app's middleware stack and the protocol classes)

    def serve(self) -> None:
        """Serve the API on the bound socket until shutdown() (or SIGTERM/SIGINT on the main thread)."""
        sock = self._sock
        assert sock is not None, "bind() first"
        self.prepare()
        assert self._server is not None
        try:
            self._server.run(sockets=[sock])
        finally:
            if sock.family == socket.AF_INET:
                tcp_endpoint_file(self.daemon.data_dir).unlink(missing_ok=True)
            else:
                socket_path(self.daemon.data_dir).unlink(missing_ok=True)
            sock.close()

    def shutdown(self) -> None:
        if self._server is not None:
            self._server.should_exit = True


def main(argv: list[str] | None = None) -> int:
    from .embedding.models import hub_offline

    hub_offline()  # before anything imports the hub's libraries: nothing leaves the machine
    from .daemon import Daemon

    parser = argparse.ArgumentParser(prog="hearthd", description="Hearth memory daemon (runs in the foreground).")
    parser.add_argument("--data-dir", help="where core.db lives (default: $HEARTH_DATA_DIR or the user data dir)")
    parser.add_argument("--log-level", default=os.environ.get("HEARTH_LOG_LEVEL", "INFO"))
    parser.add_argument(
        "--tcp", type=int, metavar="PORT", help="listen on loopback TCP instead of the Unix socket (0: any free port)"
    )
    parser.add_argument("--version", action="version", version=f"hearthd {__version__}")
    args = parser.parse_args(argv)
    # Everything the daemon creates (the database and the -wal and -shm SQLite makes beside it, exports,
    # tokens, sockets) is owner-only even where a file is made without an explicit mode.
    os.umask(0o077)
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("apscheduler").setLevel(logging.WARNING)  # one line per pass is noise
    try:
        daemon = Daemon(args.data_dir)
    except (AlreadyRunning, SchemaTooNewError, InsecurePath) as exc:
        print(f"hearthd: {exc}", file=sys.stderr)
        return 2
    server = ApiServer(daemon)
    try:
        server.bind(args.tcp)
    except AlreadyRunning as exc:
        daemon.stop()
        print(f"hearthd: {exc}", file=sys.stderr)
        return 2
    # uvicorn re-raises the signal that stopped it once it has shut down; with these no-op handlers in place
    # that re-raise lands here instead of killing the process, so the store is closed cleanly and we exit 0.
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: None)
    server.prepare()
    daemon.start()
    log.info("hearthd %s serving %s on %s", __version__, daemon.data_dir, server.where())
    try:
        server.serve()
    finally:
        daemon.stop()
        log.info("hearthd stopped")
    return 0
