"""The API's request bodies: strict (unknown fields refused), bounded, each field described."""

from __future__ import annotations

import base64
import binascii
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from ..errors import UserError
from ..formation.ledger import MAX_KEY_CHARS, MAX_TURN_CHARS
from ..history.windows import Usage
from ..settings import MAX_PAUSE_MINUTES

MAX_BODY_BYTES = 8 * 1024 * 1024
MAX_TURNS_PER_REQUEST = 5000

Band = Literal["high", "medium", "greeting", "none"]


def _no_control(value: str | None) -> str | None:
    """An id, key or path: no control characters (NUL cannot be told apart from the end of a C string)."""
    if value is not None and any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise ValueError("must not contain control characters (such as NUL)")
    return value


Key = Annotated[str, AfterValidator(_no_control)]


def _lone_surrogate(value: Any, depth: int = 0) -> bool:
    """Whether a JSON value holds text that is not Unicode (a lone surrogate such as "\\ud800")."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_lone_surrogate(k) or _lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_lone_surrogate(v) for v in value)
    return False


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _unicode_only(cls, data: Any) -> Any:
        if _lone_surrogate(data):
            raise ValueError("the request holds text that is not valid Unicode (a lone surrogate)")
        return data


class VoiceIn(Strict):
    """The speaker's voice, to identify them: WAV audio (base64) or a precomputed voiceprint."""

    wav_b64: str | None = Field(None, max_length=MAX_BODY_BYTES, description="a WAV file, base64")
    voiceprint: list[float] | None = Field(None, min_length=256, max_length=256)

    def parts(self) -> tuple[bytes | None, list[float] | None]:
        return (b64decode(self.wav_b64, "voice.wav_b64") if self.wav_b64 else None), self.voiceprint


def b64decode(text: str, where: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise UserError(f"{where} is not base64") from None


class TurnModel(Strict):
    thread: Key = Field(min_length=1, max_length=MAX_KEY_CHARS, description="the client's conversation key")
    role: Literal["user", "assistant"]
    text: str = Field(min_length=1, max_length=MAX_TURN_CHARS)
    speaker: Key | None = Field(None, min_length=1, max_length=MAX_KEY_CHARS, description="a person's id")
    band: Band | None = Field(None, description="how confidently the speaker was identified (default high)")
    ts: str | float | None = Field(None, description="when it was said, ISO 8601 (default now)")
    tool_calls: list | dict | None = Field(None, description="the assistant turn's tool-calls record")
    voice: VoiceIn | None = Field(None, description="identify the speaker by voice (when no speaker is given)")


class UsageModel(Strict):
    prompt_tokens: int = Field(0, ge=0, le=10_000_000, description="tokens of the prompt the LLM saw")
    n_ctx: int = Field(0, ge=0, le=10_000_000, description="the LLM's context window")
    output_reserve: int = Field(0, ge=0, le=10_000_000, description="tokens kept free for the answer")
    overflow: bool = Field(False, description="the prompt did not fit (even if the turn failed)")

    def usage(self) -> Usage:
        return Usage(self.prompt_tokens, self.n_ctx, self.output_reserve, self.overflow)


class TurnsIn(Strict):
    turns: list[TurnModel] = Field(min_length=1, max_length=MAX_TURNS_PER_REQUEST)
    usage: UsageModel | None = Field(None, description="the live turn's prompt size, for compaction")


class UsageIn(Strict):
    thread: Key = Field(min_length=1, max_length=MAX_KEY_CHARS)
    usage: UsageModel


class ClearIn(Strict):
    speaker: Key | None = Field(None, min_length=1, max_length=MAX_KEY_CHARS, description="default: everyone")


class SpeakerRef(Strict):
    speaker: Key | None = Field(None, min_length=1, max_length=MAX_KEY_CHARS)
    band: Band | None = None


class ContextIn(SpeakerRef):
    text: str = Field(max_length=MAX_TURN_CHARS, description="the current user message")
    thread: Key | None = Field(None, max_length=MAX_KEY_CHARS)
    voice: VoiceIn | None = Field(None, description="identify the speaker by voice (when no speaker is given)")


class RecallIn(SpeakerRef):
    query: str = Field(min_length=1, max_length=4000)
    k: int = Field(10, ge=1, le=100)
    since: str | None = None
    until: str | None = None
    participants: list[str] = Field(default_factory=list, max_length=50)


class RememberIn(SpeakerRef):
    text: str = Field(min_length=1, max_length=2000)
    subject: str | None = Field(None, max_length=200)
    predicate: str | None = Field(None, max_length=100)
    object: str | None = Field(None, max_length=500)
    pin: bool = Field(False, description="always inject it (the pinned profile card)")
    valid_from: str | None = Field(None, description="since when it is true, ISO 8601 (default now)")


class FormIn(Strict):
    end_open: bool = Field(False, description="also end the sessions still open, and skip the grace period")


class RefIn(Strict):
    ref: Key = Field(min_length=3, max_length=40, description="like fact:12, episode:3, turn:40")
    reason: str | None = Field(None, max_length=500)


class PinIn(Strict):
    pinned: bool = True


class DisplayTextIn(Strict):
    text: str | None = Field(None, max_length=500, description="null: back to the original text")


MAX_ID = 2**62  # row ids fit SQLite's 64-bit integers


class ReviewIn(Strict):
    decision: Literal["accept", "keep_both", "drop"]
    keep: int | None = Field(None, ge=1, le=MAX_ID, description="with accept: the fact that stays current")


class ImportIn(Strict):
    path: Key = Field(min_length=1, max_length=4096, description="an export file on this machine")


class ImportFromIn(Strict):
    path: Key = Field(min_length=1, max_length=4096, description="a mem0 export or a transcript file on this machine")
    speakers: dict[str, Key | None] = Field(
        default_factory=dict, description="each speaker the file names -> a Hearth person's id (null: anonymous)"
    )
    dry_run: bool = True


class EraseIn(Strict):
    kind: Literal["ref", "speaker", "thread", "match", "before", "range"]
    value: str = Field(min_length=1, max_length=500)
    dry_run: bool = Field(False, description="preview the counts, change nothing")
    include_household: bool = Field(
        False, description="a speaker's erase also takes the household's facts and episodes made from their words"
    )


class VerifyIn(Strict):
    receipt: dict


class ToolCallIn(SpeakerRef):
    name: str = Field(min_length=1, max_length=64)
    arguments: dict = Field(default_factory=dict)


class EnrollIn(Strict):
    name: str | None = Field(None, min_length=1, max_length=100)
    id: Key | None = Field(None, min_length=1, max_length=MAX_KEY_CHARS, description="re-enroll this person")
    samples_b64: list[str] = Field(min_length=1, max_length=20, description="WAV files, base64")
    new: bool = Field(False, description="make another person even though one has this name")


class RenameIn(Strict):
    name: str = Field(min_length=1, max_length=100)


class EntityAliasIn(Strict):
    alias: str = Field(min_length=1, max_length=100, description="another name the entity is mentioned by")
    remove: bool = Field(False, description="remove this alias instead of adding it")


class EntityMergeIn(Strict):
    into: int = Field(ge=1, le=MAX_ID, description="the entity that takes this one's facts, relations and aliases")


class EntitySplitIn(Strict):
    facts: list[Annotated[int, Field(ge=1, le=MAX_ID)]] = Field(
        min_length=1, max_length=10_000, description="the fact ids the new entity takes"
    )
    name: str = Field(min_length=1, max_length=100, description="the new entity's name")


class SettingIn(Strict):
    value: Any


class PauseIn(Strict):
    minutes: float | None = Field(None, gt=0, le=MAX_PAUSE_MINUTES, description="resume by itself after this long")
    injection_only: bool = Field(False, description="keep remembering; only stop adding memory to prompts")


class ApiKeyIn(Strict):
    key: str = Field(min_length=1, max_length=4096, description="the generator endpoint's API key")
