"""API tokens: one per role, in owner-only files of the data dir, compared in constant time."""

from __future__ import annotations

import hmac
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


class Tokens:
    def __init__(self, tokens: dict[str, str]):
        self._tokens = tokens

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
        return cls(tokens)

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


def bearer_token(authorization: str | None) -> str | None:
    if authorization and authorization[:7].lower() == "bearer ":
        return authorization[7:].strip()
    return None
