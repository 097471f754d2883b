"""Disk full (spec 14): a data dir on a small tmpfs, filled to the brim. Writes fail with a clear error, reads
keep working, nothing stored is lost or corrupted, and writes succeed again once space returns."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess

import pytest

from hearthd.api.client import HearthError
from tests.helpers import start, wait_for

from .common import integrity

# Starting hearthd and loading the model: minutes on a loaded two-core machine.
pytestmark = [pytest.mark.subprocess, pytest.mark.real_model, pytest.mark.timeout(600)]

OBSERVED: dict = {}


@pytest.fixture
def small_fs(data_dir):
    if os.geteuid() != 0:
        pytest.skip("needs root to mount a tmpfs")
    data_dir.mkdir(parents=True)
    out = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=24m,mode=0700", "tmpfs", str(data_dir)], capture_output=True, text=True
    )
    if out.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {out.stderr.strip()}")
    try:
        yield data_dir
    finally:
        # The killed daemon's files may keep it busy a moment.
        wait_for(
            lambda: subprocess.run(["umount", str(data_dir)], capture_output=True).returncode == 0,
            timeout=30,
            interval=0.5,
            what=f"umount {data_dir}",
        )


def _fill(path, leave: int) -> None:
    free = shutil.disk_usage(path.parent).free
    with open(path, "wb") as f:
        chunk = b"\0" * (1 << 20)
        left = max(0, free - leave)
        while left > 0:
            f.write(chunk[: min(len(chunk), left)])
            left -= min(len(chunk), left)


def test_disk_full_writes_fail_clearly_reads_work_and_it_recovers(small_fs, procs):
    data_dir = small_fs
    d = start(procs, data_dir)
    d.wait_model()
    acked: dict[int, str] = {}
    with d.client() as c:
        for i in range(20):
            text = f"The spare key number {i} is under the blue pot by the door"
            acked[c.commit_turns([{"thread": "hall", "role": "user", "text": text}])["turns"][0]["id"]] = text
        filler = data_dir / "filler.bin"
        _fill(filler, leave=64 * 1024)
        failure = None
        for i in range(2000):
            text = f"Turn {i} while the disk fills up: " + "lorem ipsum dolor sit amet " * 150
            try:
                acked[c.commit_turns([{"thread": "hall", "role": "user", "text": text}])["turns"][0]["id"]] = text
            except HearthError as exc:
                failure = exc
                break
        assert failure is not None, "writes never failed on a full disk"
        OBSERVED.update(status=failure.status, message=str(failure))
        print(f"\ndisk full: commit answered {failure.status}: {failure}")
        assert failure.status is not None and failure.status >= 400 and str(failure)
    # A new connection: after a 500 the daemon drops the keep-alive connection (see the report of issue 11).
    with d.client() as c:
        # Reads keep working (and another write still fails cleanly, the daemon has not wedged).
        assert c.status()["counts"]["turns"] >= 20
        assert c.recall("spare key blue pot")["turns"]
        assert c.window("hall")["turns"]
        with pytest.raises(HearthError):
            c.commit_turns([{"thread": "hall", "role": "user", "text": "still full " * 400}])
        filler.unlink()
        ack = c.commit_turns([{"thread": "hall", "role": "user", "text": "Space is back"}])
        acked[ack["turns"][0]["id"]] = "Space is back"
        assert c.recall("space is back")["turns"]
    assert d.stop() == 0
    db = data_dir / "core.db"
    assert integrity(db) == "ok"
    conn = sqlite3.connect(db)
    stored = dict(conn.execute("SELECT id, text FROM turns"))
    conn.close()
    assert all(stored.get(i) == t for i, t in acked.items()), "an acknowledged turn was lost"


def test_disk_full_error_is_507_or_503():
    if not OBSERVED:
        pytest.skip("the disk-full test did not run or did not reach a full disk")
    assert OBSERVED["status"] in (503, 507), OBSERVED
