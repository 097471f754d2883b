"""API tokens: one per role, in owner-only files of the data dir, compared in constant time; and the memory
proxy's per-person keys (`tokens/people/<person>.token`), each the key of one person's own assistant."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from pathlib import Path

from ..paths import private_dir, read_private, secure_write

ROLES = ("admin", "assistant")


def token_path(data_dir: Path, role: str) -> Path:
    return Path(data_dir) / "tokens" / f"{role}.token"


def read_token(data_dir: Path, role: str = "admin") -> str | None:
    """The role's token, or None when there is none (or it is not ours to read). A token file that is a link,
    someone else's or readable by others is refused (paths.InsecurePath): anyone could have planted or read it."""
    try:
        return read_private(token_path(data_dir, role), f"the {role} token file").strip() or None
    except (FileNotFoundError, PermissionError):
        return None


def person_key_path(data_dir: Path, person: str) -> Path:
    """A person's key file, named by a digest of their id (any id, of any length, is a safe short file name);
    it holds the id and the key."""
    return Path(data_dir) / "tokens" / "people" / f"{hashlib.sha256(person.encode()).hexdigest()[:32]}.token"


class Tokens:
    def __init__(self, tokens: dict[str, str], data_dir: Path | None = None):
        self._tokens = tokens
        self._data_dir = Path(data_dir) if data_dir is not None else None
        self._people: dict[str, str] = {}  # person -> key
        if self._data_dir is not None:
            folder = self._data_dir / "tokens" / "people"
            for file in sorted(folder.glob("*.token")) if folder.is_dir() else []:
                try:
                    held = json.loads(read_private(file, "a person's key file"))
                    self._people[str(held["person"])] = str(held["key"])
                except (ValueError, KeyError, TypeError, OSError):
                    continue  # not one of ours, or not ours to read: no key

    @classmethod
    def load_or_create(cls, data_dir: Path) -> Tokens:
        folder = Path(data_dir) / "tokens"
        folder.mkdir(mode=0o700, exist_ok=True)
        private_dir(folder, "tokens directory")
        tokens = {}
        for role in ROLES:
            token = read_token(data_dir, role)
            if token is None:
                token = secrets.token_urlsafe(32)
                with secure_write(token_path(data_dir, role)) as f:
                    f.write(token + "\n")
            tokens[role] = token
        return cls(tokens, data_dir)

    def role_for(self, presented: str | None) -> str | None:
        """The role of a presented token, or None. Every role is compared, so timing tells nothing."""
        if not presented:
            return None
        found = None
        for role, token in self._tokens.items():
            if hmac.compare_digest(presented.encode(), token.encode()):
                found = role
        return found

    def __getitem__(self, role: str) -> str:
        return self._tokens[role]

    # -- the proxy's per-person keys -----------------------------------------------------------------------
    def person_for(self, presented: str | None) -> str | None:
        """The person whose key this is, or None; every key is compared, so timing tells nothing."""
        if not presented:
            return None
        found = None
        for person, key in list(self._people.items()):
            if hmac.compare_digest(presented.encode(), key.encode()):
                found = person
        return found

    def people(self) -> list[str]:
        return sorted(self._people)

    def issue_person_key(self, person: str) -> str:
        """A new key for the person (an earlier one stops working), in an owner-only file."""
        assert self._data_dir is not None
        folder = self._data_dir / "tokens" / "people"
        folder.mkdir(mode=0o700, exist_ok=True)
        private_dir(folder, "people's keys directory")
        key = "hp-" + secrets.token_urlsafe(32)
        with secure_write(person_key_path(self._data_dir, person)) as f:
            json.dump({"person": person, "key": key}, f)
        self._people[person] = key
        return key

    def revoke_person_key(self, person: str) -> bool:
        assert self._data_dir is not None
        person_key_path(self._data_dir, person).unlink(missing_ok=True)
        return self._people.pop(person, None) is not None


def bearer_token(authorization: str | None) -> str | None:
    if authorization and authorization[:7].lower() == "bearer ":
        return authorization[7:].strip()
    return None
