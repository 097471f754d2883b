"""Secrets of a data dir (the erase-receipt signing key, the generator's API key): in the OS keyring, or
where there is none (a headless hub) in an owner-only file `<data_dir>/secrets/<name>`, said so in a warning.

A secret kept in the file while no keyring existed moves into the keyring once one answers. Values never go
to core.db or a log; callers show `source` and `warning`, never the value.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from .paths import read_private, secure_write

log = logging.getLogger(__name__)

KEYRING_SERVICE = "hearth"


def keyring_backend():
    """The usable keyring backend, or None (keyring missing or broken, no backend, or only the failing one)."""
    try:
        import keyring
        from keyring.backends import fail
    except Exception:  # noqa: BLE001 - keyring missing or broken: the file fallback
        return None
    try:
        backend = keyring.get_keyring()
    except Exception:  # noqa: BLE001
        return None
    if isinstance(backend, fail.Keyring):
        return None
    return backend


class Secret:
    """One named secret of one data dir.

    `what` names it in the warning ("the erase-receipt signing key"); `risk` says what a reader of the
    fallback file could do. After `get`/`set`, `source` is "keyring" or "file" where the value is (None: none
    is stored, or not looked up yet)."""

    def __init__(self, data_dir: str | os.PathLike, file_name: str, keyring_name: str, what: str, risk: str):
        self.data_dir = Path(data_dir)
        self.file = self.data_dir / "secrets" / file_name
        self.keyring_username = f"{keyring_name}:{self.data_dir}"
        self.what, self.risk = what, risk
        self.source: str | None = None
        self.warning: str | None = None
        self.looked_up = False

    def get(self) -> str | None:
        """The value, or None when none is stored."""
        from keyring.errors import KeyringError

        self.looked_up = True
        backend = keyring_backend()
        if backend is not None:
            try:
                stored = backend.get_password(KEYRING_SERVICE, self.keyring_username)
                if stored:
                    self._in_keyring()
                    return stored
                if self.file.exists():
                    value = self._read_file()
                    self._put(backend, value)
                    self.file.unlink()
                    log.info("moved %s from %s into the OS keyring", self.what, self.file)
                    return value
                self.source = self.warning = None
                return None
            except KeyringError as exc:
                reason = f"the OS keyring failed ({exc})"
        else:
            reason = "no OS keyring is available"
        if not self.file.exists():
            self.source = self.warning = None
            return None
        self._in_file(reason)
        return self._read_file()

    def set(self, value: str) -> str:
        """Store the value; returns where it went ("keyring" or "file")."""
        from keyring.errors import KeyringError

        if not value:
            raise ValueError(f"{self.what} must not be empty")
        self.looked_up = True
        backend = keyring_backend()
        if backend is not None:
            try:
                self._put(backend, value)
                self.file.unlink(missing_ok=True)
                return self.source
            except KeyringError as exc:
                reason = f"the OS keyring failed ({exc})"
        else:
            reason = "no OS keyring is available"
        self._write_file(value)
        self._in_file(reason)
        return self.source

    def delete(self) -> bool:
        """Remove it from the keyring and the file; True when there was one."""
        from keyring.errors import KeyringError, PasswordDeleteError

        existed = self.file.exists()
        self.file.unlink(missing_ok=True)
        backend = keyring_backend()
        if backend is not None:
            try:
                if backend.get_password(KEYRING_SERVICE, self.keyring_username):
                    backend.delete_password(KEYRING_SERVICE, self.keyring_username)
                    existed = True
            except PasswordDeleteError:
                pass
            except KeyringError as exc:
                log.warning("could not remove %s from the OS keyring: %s", self.what, exc)
        self.source = self.warning = None
        self.looked_up = True
        return existed

    def status(self) -> dict:
        """Where it is (set None: not looked up yet; the keyring is read at first use, not at boot)."""
        return {
            "set": (self.source is not None) if self.looked_up else None,
            "source": self.source,
            "warning": self.warning,
        }

    # -- the two homes ---------------------------------------------------------------------------------
    def _put(self, backend, value: str) -> None:
        from keyring.errors import KeyringError

        backend.set_password(KEYRING_SERVICE, self.keyring_username, value)
        if backend.get_password(KEYRING_SERVICE, self.keyring_username) != value:
            raise KeyringError(f"the keyring did not keep {self.what}")
        self._in_keyring()

    def _in_keyring(self) -> None:
        self.source, self.warning = "keyring", None

    def _in_file(self, reason: str) -> None:
        self.source = "file"
        self.warning = f"{reason}: {self.what} is kept in the owner-only file {self.file} instead; {self.risk}"
        log.warning("%s", self.warning)

    def _own_directory(self) -> None:
        directory = self.file.parent
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = directory.lstat()
        if directory.is_symlink() or st.st_uid != os.getuid():
            raise PermissionError(f"{directory} is not ours; refusing to keep {self.what} there")
        if st.st_mode & 0o077:
            os.chmod(directory, 0o700)

    def _read_file(self) -> str:
        self._own_directory()
        return read_private(self.file, f"the file holding {self.what}").strip()

    def _write_file(self, value: str) -> None:
        self._own_directory()
        with secure_write(self.file) as handle:
            handle.write(value + "\n")
