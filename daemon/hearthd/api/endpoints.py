"""Where a daemon's API is found: its Unix socket in the runtime dir, or the loopback TCP port it recorded. Apart
from the client so the daemon's start finds them without loading the client's HTTP library."""

from __future__ import annotations

import json
from pathlib import Path

from ..paths import runtime_dir

SOCKET_NAME = "api.sock"


def socket_path(data: Path) -> Path:
    return runtime_dir(data) / SOCKET_NAME


def tcp_endpoint_file(data: Path) -> Path:
    """Where a daemon listening on loopback TCP (no Unix sockets, or --tcp) records its port."""
    return Path(data) / "api-endpoint.json"


def tcp_address(data: Path) -> str | None:
    try:
        return json.loads(tcp_endpoint_file(data).read_text())["tcp"]
    except (FileNotFoundError, ValueError, KeyError, TypeError):
        return None
