"""Who a proxied request is, and which conversation it continues.

The assistant token (an OpenAI client sends it as its API key) acts in the scope of the speaker the request
names, as the API does: the `X-Hearth-Speaker` header, the OpenAI `user` field, or Open WebUI's forwarded
user name (`X-OpenWebUI-User-Name`, with its ENABLE_FORWARD_USER_INFO_HEADERS), with `X-Hearth-Band`
(default high, as a chat account link). A person's own proxy key (`hearthctl proxy key alice`) is that person
at the high band, whatever the request names. Without a valid key the request is an anonymous voice: the
household's memory only, whatever speaker it names, and only when the household turned keyless access on.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from urllib.parse import unquote

from ..api.auth import bearer_token
from ..errors import UserError
from ..formation.ledger import BANDS, MAX_KEY_CHARS

SPEAKER_HEADER = "x-hearth-speaker"
BAND_HEADER = "x-hearth-band"
CONVERSATION_HEADER = "x-hearth-conversation"
OPEN_WEBUI_USER = "x-openwebui-user-name"  # URL-quoted by Open WebUI
KEYLESS_REFUSED = (
    "the memory proxy needs Hearth's assistant token as the API key "
    "(hearthctl endpoint shows where it is), or keyless access turned on for anonymous household use "
    "(hearthctl settings set proxy.keyless_access true)"
)


@dataclass(frozen=True)
class Identity:
    role: str | None  # the token's role; None: keyless, an anonymous voice
    speaker: str | None
    band: str | None

    def describe(self) -> str:
        if self.role is None:
            return "anonymous (keyless)"
        return f"{self.speaker} ({self.band or 'high'})" if self.speaker else "anonymous"


def _key(headers) -> str | None:
    """The API key as OpenAI clients (Authorization: Bearer) or Ollama-style and Azure-style clients send it."""
    return bearer_token(headers.get("authorization")) or headers.get("x-api-key") or headers.get("api-key")


def identify(daemon, headers, named_user: str | None) -> Identity:
    """The request's identity, or UserError 401/403 saying what to send."""
    key = _key(headers)
    role = daemon.tokens.role_for(key)
    if role is None and (person := daemon.tokens.person_for(key)) is not None:
        return Identity("person", person, None)  # a person's own key: them, whatever else the request names
    if role is None:
        if not daemon.settings["proxy.keyless_access"]:
            raise UserError(KEYLESS_REFUSED, status=401)
        return Identity(None, None, None)  # whatever it names: a keyless caller proves nobody
    speaker = headers.get(SPEAKER_HEADER) or named_user or unquote(headers.get(OPEN_WEBUI_USER) or "") or None
    band = headers.get(BAND_HEADER) or None
    if speaker is not None and (not isinstance(speaker, str) or len(speaker) > MAX_KEY_CHARS or not speaker.strip()):
        raise UserError(f"the speaker must be an id of at most {MAX_KEY_CHARS} characters", status=400)
    if band is not None and band not in BANDS:
        raise UserError(f"{BAND_HEADER} must be one of {', '.join(BANDS)}, got {band!r}", status=400)
    if band is not None and band != "none" and speaker is None:
        raise UserError(f"{BAND_HEADER} needs a speaker ({SPEAKER_HEADER} or the request's user)", status=400)
    speaker = speaker.strip() if speaker else None
    daemon.ops.speakers.claim(speaker, band, "assistant")  # a bare high claim where the voice is required: 403
    return Identity(role, speaker, band)


def conversation_key(headers, metadata: dict | None, system_prompt: str, identity: Identity) -> str:
    """The conversation key: the client's own (the `X-Hearth-Conversation` header, or metadata
    `conversation_id`), else a stable one from the client and its system prompt. Digits are left out of the
    prompt's digest, since assistants write the time and date into it (Home Assistant does)."""
    given = headers.get(CONVERSATION_HEADER) or (metadata or {}).get("conversation_id")
    if given:
        if not isinstance(given, str) or len(given) > MAX_KEY_CHARS or not given.strip():
            raise UserError(f"the conversation key must be at most {MAX_KEY_CHARS} characters", status=400)
        return given.strip()
    client = (headers.get("user-agent") or "").split(" ", 1)[0]
    prompt = re.sub(r"\d+", "", system_prompt or "")[:400]
    digest = hashlib.sha256(f"{client}\0{identity.role}\0{prompt}".encode()).hexdigest()[:16]
    return f"proxy-{digest}"
