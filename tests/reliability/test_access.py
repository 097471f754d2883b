"""Access (spec 14): another OS user cannot connect to the daemon's socket nor read its tokens. (Owner-only
modes from creation and wrong/missing tokens are covered in tests/daemon/test_process.py and test_fuzz.py.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest

from hearthd.api.client import socket_path
from tests.helpers import start

pytestmark = [pytest.mark.subprocess, pytest.mark.timeout(300)]

PROBE = """
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
try:
    s.connect(sys.argv[1])
except PermissionError as exc:
    print("denied", exc); sys.exit(13)
except OSError as exc:
    print("oserror", exc); sys.exit(14)
s.sendall(b"GET /v1/version HTTP/1.0\\r\\n\\r\\n"); print("connected", s.recv(200)); sys.exit(0)
"""


@pytest.fixture
def other_user():
    if os.geteuid() != 0:
        pytest.skip("needs root to create a throwaway OS user")
    python = shutil.which("python3", path="/usr/bin:/bin:/usr/local/bin")
    if not (shutil.which("useradd") and shutil.which("userdel") and shutil.which("runuser") and python):
        pytest.skip("needs useradd, userdel, runuser and a system python3")
    name = "hrt" + uuid.uuid4().hex[:8]
    made = subprocess.run(
        ["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", name], capture_output=True, text=True
    )
    if made.returncode != 0:
        pytest.skip(f"useradd failed: {made.stderr.strip()}")
    try:
        yield name, python
    finally:
        subprocess.run(["userdel", "-f", name], capture_output=True)


def _as(user, python, *args):
    return subprocess.run(
        ["runuser", "-u", user, "--", python, *args], capture_output=True, text=True, timeout=30, cwd="/"
    )


def test_another_os_user_cannot_connect_or_read_tokens(procs, data_dir, other_user):
    user, python = other_user
    d = start(procs, data_dir)
    sock = socket_path(data_dir)
    out = _as(user, python, "-c", PROBE, str(sock))
    assert out.returncode == 13, (out.returncode, out.stdout, out.stderr)
    token = data_dir / "tokens" / "admin.token"
    out = _as(user, python, "-c", "import sys; open(sys.argv[1]).read()", str(token))
    assert out.returncode != 0 and "PermissionError" in out.stderr

    # Even with every directory above it opened to the world, the socket's own owner-only mode refuses.
    dirs = [p for p in [sock.parent, *sock.parent.parents] if p != Path("/")][:3]
    modes = {p: p.stat().st_mode & 0o7777 for p in dirs}
    try:
        for p in dirs:
            os.chmod(p, modes[p] | 0o711)
        out = _as(user, python, "-c", PROBE, str(sock))
        assert out.returncode == 13, (out.returncode, out.stdout, out.stderr)
    finally:
        for p, mode in modes.items():
            os.chmod(p, mode)
    # The owner still gets in.
    with d.client() as c:
        assert c.version()["api"] == 1
    assert d.stop() == 0
