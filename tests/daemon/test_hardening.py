"""Files and processes under attack (issue 18, items 16-22): the data dir's modes, the lock, owner-only token
and key files, the runtime dir, stopping mid-pass, hearthctl when the daemon dies, the hub kept offline, and
settings validated across each other."""

from __future__ import annotations

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
