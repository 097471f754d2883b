"""hearthd with the fake embedder, as its own process: `python -m tests.desktop.fake_hearthd DATA_DIR`.

For the test that measures the GUI thread: a daemon inside the test process would share its interpreter lock
with the GUI thread, which an installed daemon (its own process) never does."""

from __future__ import annotations

import signal
import sys

from hearthd.server import ApiServer
from tests.helpers import make_daemon


def main(data_dir: str) -> int:
    daemon = make_daemon(data_dir)
    server = ApiServer(daemon)
    server.bind()
    for sig in (signal.SIGTERM, signal.SIGINT):  # uvicorn re-raises them after its shutdown: stop cleanly instead
        signal.signal(sig, lambda *_: None)
    try:
        server.serve()
    finally:
        daemon.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
