"""People and their voices: enrollment, identification into bands, rename, removing a voice."""

from __future__ import annotations

import numpy as np

from ..errors import UserError
from ..events import EventBus
from ..settings import Settings
from ..speakers import registry
from ..speakers.voice import VoiceEmbedder
from ..store.database import Store
from .registry import ANY, operation

BAND_ORDER = ("none", "greeting", "medium", "high")  # lowest first


class Speakers:
    def __init__(self, store: Store, settings: Settings, events: EventBus):
        self.store, self.settings, self.events = store, settings, events
        self._voice: VoiceEmbedder | None = None

    @property
    def voice(self) -> VoiceEmbedder:
        """The voice encoder, loaded on first use (most households never enroll a voice)."""
        if self._voice is None:
            self._voice = VoiceEmbedder()
        return self._voice

    @operation()
    def speakers(self) -> list[dict]:
        """The people the memory knows, with or without a voice."""
        return registry.list_speakers(self.store)

    @operation(event="speaker.enrolled", event_data=lambda a: {"id": a["id"]})
    def enroll(
        self, name: str | None, samples: list[bytes], actor: str, speaker_id: str | None = None, new: bool = False
    ) -> dict:
        """Enroll a person from voice samples, or give an existing one (by id) this voice; a name that is
        already a person's is refused unless `new` asks for another person."""
        if not name and not speaker_id:
            raise UserError("give a name (a new person) or an id (re-enroll)")
        return registry.enroll(self.store, self.voice, name, samples, actor, speaker_id, new)

    @operation(event="speaker.renamed", event_data=lambda a: {"id": a["id"], "name": a["name"]})
    def rename_speaker(self, speaker_id: str, name: str, actor: str) -> dict:
        """Give a person another name (their id and memory stay)."""
        return registry.rename(self.store, speaker_id, name, actor)

    @operation(event="speaker.voice_removed", event_data=lambda a: {"id": a["id"]})
    def remove_voice(self, speaker_id: str, actor: str) -> dict:
        """Erase a person's voiceprint and samples (their memory stays)."""
        return registry.remove_voice(self.store, speaker_id, actor)

    @operation(roles=ANY)
    def identify(self, wav: bytes | None = None, voiceprint: list[float] | None = None) -> dict:
        """Who is speaking: the best enrolled match, its band and score."""
        if (wav is None) == (voiceprint is None):
            raise UserError("give either audio or a voiceprint")
        if wav is not None:
            return registry.identify_wav(self.store, self.voice, self.settings, wav)
        return registry.identify(self.store, self.settings, np.asarray(voiceprint, dtype=np.float32))

    def claim(self, speaker: str | None, band: str | None, caller: str | None = None) -> None:
        """Refuse a named speaker at the high band without a voice when the household requires the voice
        (speakers.require_voice_for_high); a lower band needs no proof, and the admin (who reads every pool
        anyway, and ingests old conversations) none either."""
        if caller == "admin" or speaker is None or (band or "high") != "high":
            return
        if self.settings["speakers.require_voice_for_high"]:
            raise UserError(
                f"speakers.require_voice_for_high is on: the high band (the speaker's own memory) needs "
                f"{speaker}'s voice; send a voice sample or voiceprint, or name a lower band",
                status=403,
            )

    def who(
        self, speaker: str | None, band: str | None, wav: bytes | None, voiceprint, caller: str | None = None
    ) -> tuple:
        """The speaker and band of a turn: as asserted (a chat account link counts as high), else by voice.
        When the household requires the voice for the high band, a high claim must come with the named
        speaker's voice, and the band is the lower of the claim's and the voice's."""
        if wav is None and voiceprint is None:
            self.claim(speaker, band, caller)
            return speaker, band
        if speaker is not None and not self.settings["speakers.require_voice_for_high"]:
            return speaker, band
        found = self.identify(wav, voiceprint)
        if speaker is None:
            return found["speaker"], found["band"]
        if found["speaker"] != speaker:
            raise UserError(f"the voice is not {speaker}'s (speakers.require_voice_for_high is on)", status=403)
        return speaker, min(band or "high", found["band"], key=BAND_ORDER.index)
