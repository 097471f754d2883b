"""Where Hearth keeps its files, and how owner-only files are made without a chmod race."""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path

import platformdirs

APP = "hearth"


def data_dir(explicit: str | os.PathLike | None = None) -> Path:
    """--data-dir, else $HEARTH_DATA_DIR, else the platform's user data directory."""
    chosen = explicit or os.environ.get("HEARTH_DATA_DIR") or platformdirs.user_data_dir(APP, appauthor=False)
    path = Path(chosen).expanduser().resolve()
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def runtime_dir(data: Path) -> Path:
    """An owner-only (0700) directory for the socket, one per data dir.

    Unix socket paths are limited to ~100 bytes, so the directory lives under the short runtime root and is
    named by a digest of the data dir rather than inside the data dir itself.
    """
    root = os.environ.get("XDG_RUNTIME_DIR")
    if not root or not os.access(root, os.W_OK):
        root = tempfile.gettempdir()
    digest = hashlib.sha256(str(data).encode()).hexdigest()[:12]
    path = Path(root) / f"hearth-{os.getuid()}-{digest}"
    try:
        path.mkdir(mode=0o700)
    except FileExistsError:
        st = path.lstat()
        if st.st_uid != os.getuid() or not path.is_dir() or path.is_symlink():
            raise PermissionError(f"runtime directory {path} is not ours; refusing to use it") from None
        if st.st_mode & 0o077:
            os.chmod(path, 0o700)
    return path


@contextlib.contextmanager
def secure_write(path: Path, mode: str = "w"):
    """Open a file for writing that is owner-only (0600) from its creation (after jupyter_core's secure_write)."""
    path = Path(path)
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, mode) as handle:
        yield handle
