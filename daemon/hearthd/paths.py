"""Where Hearth keeps its files, and how owner-only files are made without a chmod race."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import secrets
import stat
import tempfile
from pathlib import Path

import platformdirs

APP = "hearth"


class InsecurePath(OSError):
    """A file or directory Hearth keeps secrets in is not private to this user (a link, someone else's, or
    open to others) and could not be made so: refused, with what to do about it."""


def private_dir(path: Path, what: str = "data dir") -> Path:
    """`path` as a directory only this user can enter (0700): an open one is tightened; one that is a link,
    belongs to someone else or cannot be tightened is refused (InsecurePath)."""
    return _owner_only(Path(path), f"the {what}", "directory", 0o700)


def private_file(path: Path, what: str) -> None:
    """An existing file holding a secret (or the memory) made owner-only (0600): an open one is tightened; a
    link or someone else's is refused (InsecurePath)."""
    _owner_only(Path(path), what, "file", 0o600)


def _owner_only(path: Path, what: str, kind: str, mode: int) -> Path:
    """The one check behind private_dir and private_file: a plain `kind` of this user's, tightened to `mode`."""
    st = path.lstat()
    plain = stat.S_ISDIR if kind == "directory" else stat.S_ISREG
    if stat.S_ISLNK(st.st_mode) or not plain(st.st_mode):
        raise InsecurePath(f"{what} {path} is not a plain {kind}; refusing to use it")
    if st.st_uid != os.getuid():
        raise InsecurePath(f"{what} {path} belongs to another user (uid {st.st_uid}); refusing to use it")
    if st.st_mode & 0o077:
        try:
            os.chmod(path, mode)
        except OSError as exc:
            raise InsecurePath(
                f"{what} {path} is open to other users (mode {stat.S_IMODE(st.st_mode):o}) and could not be "
                f"made owner-only: {exc.strerror or exc}; run: chmod {mode:o} {path}"
            ) from None
    return path


def data_dir(explicit: str | os.PathLike | None = None) -> Path:
    """--data-dir, else $HEARTH_DATA_DIR, else the platform's user data directory."""
    chosen = explicit or os.environ.get("HEARTH_DATA_DIR") or platformdirs.user_data_dir(APP, appauthor=False)
    path = Path(chosen).expanduser().resolve()
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def cache_dir() -> Path:
    """$HEARTH_CACHE_DIR, else the platform's user cache directory: what can always be made again (the
    embedding model's ONNX graph), never anything of the household's."""
    chosen = os.environ.get("HEARTH_CACHE_DIR") or platformdirs.user_cache_dir(APP, appauthor=False)
    return Path(chosen).expanduser()


def read_private(path: Path, what: str) -> str:
    """The text of a file holding a secret (a token, a key), refused (InsecurePath) when it is a link, belongs
    to another user or is readable by group or others; FileNotFoundError when there is none."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InsecurePath(f"{what} {path} is a symbolic link; refusing it (delete it to make a new one)") from None
        raise
    with os.fdopen(fd) as handle:
        st = os.fstat(handle.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise InsecurePath(f"{what} {path} is not a plain file; refusing it")
        if st.st_uid != os.getuid():
            raise InsecurePath(f"{what} {path} belongs to another user (uid {st.st_uid}); refusing it")
        if st.st_mode & 0o077:
            raise InsecurePath(
                f"{what} {path} is readable by other users (mode {stat.S_IMODE(st.st_mode):o}); refusing it: "
                f"delete it to make a new one, or run chmod 600 {path} if no one else could have read it"
            )
        return handle.read()


def open_lock_file(path: Path) -> int:
    """The lock file's descriptor, opened without following a link (a planted link never truncates its target)."""
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InsecurePath(f"the lock file {path} is a symbolic link; refusing it (delete it)") from None
        raise


# Data dirs whose runtime dir could not be the usual one, and why (the daemon logs it when it binds).
RUNTIME_FALLBACKS: dict[Path, str] = {}


def runtime_dir(data: Path) -> Path:
    """An owner-only (0700) directory for the socket, one per data dir.

    Unix socket paths are limited to ~100 bytes, so the directory lives under the short runtime root
    ($XDG_RUNTIME_DIR, else the temp dir) and is named by a digest of the data dir rather than inside the data
    dir itself. Where that name is taken by someone else first (another user, a link, a file: anyone may create
    it in /tmp), the private directory `<data dir>/run` is used instead, and RUNTIME_FALLBACKS says why.
    """
    root = os.environ.get("XDG_RUNTIME_DIR")
    if not root or not os.access(root, os.W_OK):
        root = tempfile.gettempdir()
    digest = hashlib.sha256(str(data).encode()).hexdigest()[:12]
    path = Path(root) / f"hearth-{os.getuid()}-{digest}"
    try:
        return _own_runtime_dir(path)
    except OSError as exc:
        fallback = Path(data) / "run"
        RUNTIME_FALLBACKS[Path(data)] = f"{exc}; using the private runtime directory {fallback} instead"
        return _own_runtime_dir(fallback)


def _own_runtime_dir(path: Path) -> Path:
    try:
        path.mkdir(mode=0o700)
    except FileExistsError:
        st = path.lstat()
        if st.st_uid != os.getuid() or not stat.S_ISDIR(st.st_mode):
            raise InsecurePath(f"runtime directory {path} is not ours (someone else made it first)") from None
        if st.st_mode & 0o077:
            os.chmod(path, 0o700)
    return path


@contextlib.contextmanager
def secure_write(path: Path, mode: str = "w"):
    """Open a file for writing that is owner-only (0600) from its creation (after jupyter_core's secure_write),
    and whole or absent: it is written beside under a temporary name and takes its place only once complete,
    so a full disk or a failure midway never leaves an empty or cut-off key, token or receipt."""
    path = Path(path)
    # A name of its own per call: two threads (or processes) writing the same file at once must not share it.
    partial = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(6)}.partial")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        with os.fdopen(fd, mode) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, path)  # (a link planted where the file goes is replaced, never written through)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
        raise
