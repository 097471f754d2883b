"""Files and processes under attack (issue 18, items 16-22): the data dir's modes, the lock, owner-only token
and key files, the runtime dir, stopping mid-pass, hearthctl when the daemon dies, the hub kept offline, and
settings validated across each other."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from tests.helpers import make_daemon


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def loose_umask():
    old = os.umask(0o022)
    yield
    os.umask(old)


# -- 16: the data dir and the database files are owner-only --------------------------------------------
def test_an_existing_open_data_dir_is_tightened_and_the_database_files_are_owner_only(data_dir, loose_umask):
    data_dir.mkdir(parents=True)
    os.chmod(data_dir, 0o755)
    d = make_daemon(data_dir)
    try:
        d.store.writer.write(lambda tx: tx.execute("INSERT INTO settings(key, value, updated_at) VALUES ('x', '1', 0)"))
        assert _mode(data_dir) == 0o700
        for name in ("core.db", "core.db-wal", "core.db-shm"):
            assert (data_dir / name).exists(), name
            assert _mode(data_dir / name) == 0o600, name
    finally:
        d.stop()


def test_database_files_left_readable_by_an_older_build_are_tightened(data_dir, loose_umask):
    make_daemon(data_dir).stop()
    os.chmod(data_dir, 0o755)
    os.chmod(data_dir / "core.db", 0o644)
    d = make_daemon(data_dir)
    try:
        assert _mode(data_dir) == 0o700
        for name in ("core.db", "core.db-wal", "core.db-shm"):
            assert _mode(data_dir / name) == 0o600, name
    finally:
        d.stop()


def test_a_data_dir_that_cannot_be_made_private_is_refused(data_dir, monkeypatch):
    from hearthd import paths

    data_dir.mkdir(parents=True)
    os.chmod(data_dir, 0o755)

    def denied(*_a, **_k):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(paths.os, "chmod", denied)
    with pytest.raises(paths.InsecurePath, match="owner-only"):
        make_daemon(data_dir)


# -- 17: the lock is an OS lock; token and key files must be private -----------------------------------
def test_deleting_the_lock_file_does_not_let_a_second_daemon_serve_the_same_database(data_dir):
    from hearthd.server import AlreadyRunning

    d = make_daemon(data_dir)
    try:
        (data_dir / "hearthd.lock").unlink()
        with pytest.raises(AlreadyRunning, match="already running"):
            make_daemon(data_dir)
    finally:
        d.stop()
    make_daemon(data_dir).stop()  # once the first is gone, the next one starts


def test_a_symlinked_lock_file_never_truncates_its_target(data_dir, tmp_path):
    from hearthd.paths import InsecurePath

    data_dir.mkdir(parents=True)
    target = tmp_path / "precious.txt"
    target.write_text("do not truncate me")
    (data_dir / "hearthd.lock").symlink_to(target)
    with pytest.raises(InsecurePath, match="hearthd.lock"):
        make_daemon(data_dir)
    assert target.read_text() == "do not truncate me"


@pytest.mark.parametrize("how", ["symlink", "group-readable", "world-readable"])
def test_a_token_file_that_is_not_private_is_refused(data_dir, tmp_path, how):
    from hearthd.api.auth import read_token
    from hearthd.paths import InsecurePath

    make_daemon(data_dir).stop()
    token = data_dir / "tokens" / "assistant.token"
    if how == "symlink":
        planted = tmp_path / "planted.token"
        planted.write_text("attacker-chosen-token\n")
        os.chmod(planted, 0o600)
        token.unlink()
        token.symlink_to(planted)
    else:
        os.chmod(token, 0o640 if how == "group-readable" else 0o604)
    with pytest.raises(InsecurePath, match="assistant.token"):
        make_daemon(data_dir)
    with pytest.raises(InsecurePath, match="assistant.token"):
        read_token(data_dir, "assistant")
    token.unlink()  # put right, the same process starts a daemon: the refused one let go of the data dir
    make_daemon(data_dir).stop()


def test_a_key_file_that_is_not_private_is_refused(data_dir, no_keyring):
    from hearthd.keystore import Secret
    from hearthd.paths import InsecurePath

    secret = Secret(data_dir, "test.key", "test", "the test key", "a reader could sign")
    secret.set("s3cret")
    assert secret.get() == "s3cret"
    os.chmod(secret.file, 0o644)
    with pytest.raises(InsecurePath, match="test.key"):
        secret.get()
    os.chmod(secret.file, 0o600)
    secret.file.rename(secret.file.with_name("elsewhere"))
    secret.file.symlink_to(secret.file.with_name("elsewhere"))
    with pytest.raises(InsecurePath, match="test.key"):
        secret.get()


# -- 18: a runtime dir someone else made first ---------------------------------------------------------
def _squat(monkeypatch, tmp_path, data: Path, how: str) -> Path:
    """XDG_RUNTIME_DIR unset, and the /tmp runtime dir of this data dir made first by someone else."""
    import hashlib
    import tempfile

    tmp = tmp_path / "tmp"
    tmp.mkdir(mode=0o1777)
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setenv("TMPDIR", str(tmp))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    digest = hashlib.sha256(str(data.resolve()).encode()).hexdigest()[:12]
    squatted = tmp / f"hearth-{os.getuid()}-{digest}"
    if how == "other-user":
        if os.geteuid() != 0:
            pytest.skip("needs root to make a directory another user owns")
        squatted.mkdir(mode=0o777)
        os.chown(squatted, 65534, 65534)
    elif how == "symlink":
        (tmp_path / "attacker").mkdir()
        squatted.symlink_to(tmp_path / "attacker")
    else:
        squatted.write_text("")
    return squatted


@pytest.mark.parametrize("how", ["other-user", "symlink", "file"])
def test_a_squatted_runtime_dir_falls_back_to_a_private_dir_under_the_data_dir(monkeypatch, tmp_path, data_dir, how):
    from hearthd.api.client import socket_path
    from hearthd.paths import runtime_dir

    data_dir.mkdir(parents=True)
    squatted = _squat(monkeypatch, tmp_path, data_dir, how)
    from hearthd.paths import RUNTIME_FALLBACKS

    got = runtime_dir(data_dir.resolve())
    assert got == data_dir.resolve() / "run" and _mode(got) == 0o700
    assert socket_path(data_dir.resolve()).parent == got
    why = RUNTIME_FALLBACKS[data_dir.resolve()]
    assert "not ours" in why and str(squatted) in why and str(got) in why
    assert not (tmp_path / "attacker").exists() or not list((tmp_path / "attacker").iterdir())


@pytest.mark.subprocess
def test_hearthd_starts_beside_a_squatted_runtime_dir_and_says_so(procs, monkeypatch, tmp_path, data_dir):
    from tests.helpers import ctl, start

    data_dir.mkdir(parents=True)
    _squat(monkeypatch, tmp_path, data_dir, "symlink")
    d = start(procs, data_dir)
    out = ctl(data_dir, "status", "--json")
    assert out.returncode == 0 and out.stderr == ""
    (warning,) = json.loads(out.stdout)["warnings"]  # in the status too, not only in the log
    assert "runtime directory" in warning and str(data_dir / "run") in warning
    shown = ctl(data_dir, "status")
    assert shown.returncode == 0 and f"warning: {warning}" in shown.stdout
    assert d.stop() == 0
    log = d.log_text()
    assert "Traceback" not in log and "runtime directory" in log and str(data_dir / "run") in log


# -- 19: a stop during a long formation pass -----------------------------------------------------------
def _many_sessions(n: int) -> list[dict]:
    return [
        {
            "thread": f"room-{i}",
            "role": "user",
            "text": f"I keep my spare key number {i} under the blue flower pot by the back door",
            "speaker": "alice",
            "ts": "2025-03-01T10:00:00Z",
        }
        for i in range(n)
    ]


def test_a_stop_during_a_long_formation_pass_returns_within_seconds_and_the_next_start_finishes_it(
    data_dir, monkeypatch
):
    import time

    from hearthd.formation.former import Former
    from tests.helpers import wait_for

    original = Former.form
    formed: list[int] = []

    def slow(self, session_id, *args, **kwargs):
        time.sleep(0.5)  # a slow generator: 40 sessions take 20 s
        formed.append(session_id)
        return original(self, session_id, *args, **kwargs)

    monkeypatch.setattr(Former, "form", slow)
    d = make_daemon(data_dir)
    try:
        d.client().commit_turns(_many_sessions(40))
        wait_for(lambda: len(formed) >= 2, timeout=60, what="the pass under way")
    finally:
        began = time.monotonic()
        d.stop()
        took = time.monotonic() - began
    assert took < 5, f"stop took {took:.1f} s"
    left = len(formed)
    assert left < 40

    monkeypatch.setattr(Former, "form", original)
    d = make_daemon(data_dir)  # the boot-time reconcile forms the rest, each session once
    try:
        wait_for(lambda: d.sweeper.backlog() == 0 and not d.sweeper.running, timeout=120, what="reconcile")
        with d.store.reading() as conn:
            assert conn.execute("SELECT count(*) FROM sessions WHERE formed_at IS NULL").fetchone()[0] == 0
    finally:
        d.stop()


# -- 20: hearthctl when the daemon dies mid-request ----------------------------------------------------
@pytest.fixture
def dying_daemon(data_dir):
    """A socket where the daemon should be that reads a request and dies before answering: closed (the
    'server disconnected' case) or reset (kill -9 with the request in flight)."""
    import socket
    import struct
    import threading

    from hearthd.api.client import socket_path

    (data_dir / "tokens").mkdir(parents=True, mode=0o700)
    for role in ("admin", "assistant"):
        (data_dir / "tokens" / f"{role}.token").write_text("t0ken\n")
        os.chmod(data_dir / "tokens" / f"{role}.token", 0o600)
    path = socket_path(data_dir.resolve())
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(8)
    how = {"reset": False}

    def serve():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            conn.recv(65536)
            if how["reset"]:
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            conn.close()

    threading.Thread(target=serve, daemon=True).start()
    yield how
    server.close()
    path.unlink(missing_ok=True)


@pytest.mark.subprocess
@pytest.mark.parametrize("reset", [False, True])
def test_hearthctl_says_one_line_when_the_daemon_dies_mid_request(data_dir, dying_daemon, reset, tmp_path):
    from hearthd.api.client import DaemonNotRunning, HearthClient
    from tests.helpers import ctl

    dying_daemon["reset"] = reset
    with pytest.raises(DaemonNotRunning, match="closed the connection"), HearthClient.connect(data_dir) as c:
        c.status()
    out = ctl(data_dir, "status")
    assert out.returncode == 3, out.stderr
    assert out.stderr.startswith("hearthctl: ") and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    out = ctl(data_dir, "export", str(tmp_path / "out.jsonl"))
    assert out.returncode == 3 and out.stderr.count("\n") == 1, out.stderr
    assert not (tmp_path / "out.jsonl").exists()


# -- 21: nothing leaves the machine --------------------------------------------------------------------
NET_PROBE = """
import socket, sys
attempts = []
def blocked(*args, **kwargs):
    attempts.append(args[:2])
    raise OSError("network blocked by the test")
socket.getaddrinfo = blocked
socket.socket.connect = lambda self, addr: blocked(addr)
from hearthd.embedding.models import ModelLoadError, load_sentence_transformer
try:
    load_sentence_transformer("nosuchmodel")
except ModelLoadError as exc:
    print("refused:", exc)
from sentence_transformers import SentenceTransformer
try:
    SentenceTransformer("nosuchmodel-either", device="cpu")
except Exception:
    pass
print("attempts:", attempts)
"""


@pytest.mark.subprocess
def test_the_hub_stays_offline_whatever_the_environment_says(tmp_path):
    import subprocess
    import sys

    env = {**os.environ, "HF_HUB_OFFLINE": "0", "TRANSFORMERS_OFFLINE": "0", "HF_HOME": str(tmp_path / "hf")}
    out = subprocess.run([sys.executable, "-c", NET_PROBE], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "attempts: []" in out.stdout, out.stdout
    assert "refused:" in out.stdout and "not on disk" in out.stdout
