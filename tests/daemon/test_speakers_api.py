"""Voices through the API: enroll, identify, and a turn or a context asked for by voice alone gets the
speaker's band and scope."""

import base64
import shutil
import tempfile
from pathlib import Path

import pytest

from hearthd.api.client import HearthError
from tests.helpers import settle

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")

from tests.helpers import FEMALE, MALE, SENTENCES, speak  # noqa: E402


@pytest.fixture(scope="module")
def wavs():
    with tempfile.TemporaryDirectory() as tmp:
        yield {v: [speak(Path(tmp), v, i) for i in range(len(SENTENCES))] for v in (FEMALE, MALE)}


def test_enroll_identify_and_speak_by_voice(daemon, client, wavs):
    client.commit_turns([{"thread": "hall", "role": "user", "text": "I live in Porto.", "speaker": "alice"}])
    with pytest.raises(HearthError, match="already a person here") as twice:  # alice exists, with her memory
        client.enroll("Alice", wavs[FEMALE][:3])
    assert twice.value.status == 409 and [s["id"] for s in client.speakers()] == ["alice"]
    enrolled = client.enroll(None, wavs[FEMALE][:3], speaker_id="alice")
    assert enrolled["id"] == "alice" and enrolled["samples"] == 3
    assert [s["id"] for s in client.speakers() if s["enrolled"]] == ["alice"]
    who = client.identify(wavs[FEMALE][4])
    assert (who["speaker"], who["band"]) == ("alice", "high")
    assert client.identify(wavs[MALE][4])["band"] != "high"

    # A turn with only a voice: identified as alice (high), so what she says is hers.
    voice = {"wav_b64": base64.b64encode(wavs[FEMALE][5]).decode()}
    client._http.post(
        "/v1/turns",
        headers=client._headers(),
        json={
            "turns": [
                {"thread": "hall", "role": "user", "text": "I keep my passport in the blue folder", "voice": voice}
            ]
        },
    )
    with daemon.store.reading() as conn:
        row = conn.execute("SELECT speaker_id, band, owner_id FROM turns").fetchone()
    assert tuple(row) == ("alice", "high", "alice")
    client.remember("I am allergic to penicillin", speaker="alice")
    settle(daemon)
    mine = client.request("POST", "/v1/context", json={"text": "which medicine am I allergic to", "voice": voice})
    assert mine["speaker"] == "alice" and "penicillin" in mine["preamble"]
    other = {"wav_b64": base64.b64encode(wavs[MALE][5]).decode()}
    theirs = client.request("POST", "/v1/context", json={"text": "which medicine am I allergic to", "voice": other})
    assert theirs["band"] != "high" and "penicillin" not in theirs["preamble"]

    client.rename_speaker("alice", "Alice Smith")
    assert client.remove_voice("alice")["removed_samples"] == 3
    assert client.identify(wavs[FEMALE][4])["band"] == "none"
    actions = [e["action"] for e in client.audit() if e["target"] == "alice"]
    assert actions[:3] == ["speaker.remove_voice", "speaker.rename", "speaker.enroll"]


def test_bad_audio_is_a_clear_error_and_changes_nothing(daemon, client, wavs):
    with pytest.raises(HearthError) as err:
        client.enroll("Bob", [b"not audio", wavs[MALE][0]])
    assert err.value.status == 400 and "sample 1" in str(err.value)
    with pytest.raises(HearthError) as err:
        client.request("POST", "/v1/speakers", json={"name": "Bob", "samples_b64": ["%%%"]})
    assert err.value.status == 400
    assert client.speakers() == []
    with pytest.raises(HearthError):
        client.identify(voiceprint=[0.0] * 256)
