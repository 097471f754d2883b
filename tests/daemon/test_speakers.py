"""Speakers: enrollment and identification with real voices made by espeak-ng (a female and a male voice), and
the registry's bookkeeping (re-enroll, rename, remove a voice, audit rows, refusals that store nothing)."""

from __future__ import annotations

import json
import shutil
import subprocess

import numpy as np
import pytest

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")

from hearthd.errors import NotFound, UserError  # noqa: E402
from hearthd.settings import Settings  # noqa: E402
from hearthd.speakers import registry  # noqa: E402
from hearthd.speakers.voice import MODEL_ID, VOICE_DIM, VoiceEmbedder  # noqa: E402
from hearthd.store import vectors  # noqa: E402
from tests.helpers import FEMALE, MALE, SENTENCES, speak  # noqa: E402


@pytest.fixture(scope="module")
def voices(tmp_path_factory) -> dict[str, list[bytes]]:
    directory = tmp_path_factory.mktemp("voices")
    return {voice: [speak(directory, voice, i) for i in range(len(SENTENCES))] for voice in (FEMALE, MALE)}


@pytest.fixture(scope="module")
def voice() -> VoiceEmbedder:
    return VoiceEmbedder()


@pytest.fixture(scope="module")
def embedded(voices, voice) -> dict[str, list[np.ndarray]]:
    return {v: [voice.embed_wav(wav)[0] for wav in wavs] for v, wavs in voices.items()}


@pytest.fixture
def settings() -> Settings:
    return Settings()


def _rows(store, sql, params=()):
    with store.reading() as conn:
        return [tuple(r) for r in conn.execute(sql, params).fetchall()]


def _audit(store, action):
    return _rows(store, "SELECT actor, target, detail FROM audit WHERE action = ? ORDER BY id", (action,))


def test_embedding_is_normalised_256d_and_counts_speech(voices, voice):
    vector, seconds = voice.embed_wav(voices[FEMALE][0])
    assert vector.shape == (VOICE_DIM,) and vector.dtype == np.float32
    assert abs(float(np.linalg.norm(vector)) - 1.0) < 1e-5
    assert 1.5 < seconds < 6
    assert voice.model_id == MODEL_ID == "resemblyzer-ge2e-256"


def test_enrolled_voice_is_identified_high_on_unseen_sentences_and_other_voice_never_high(
    store, settings, voices, voice, embedded
):
    alice = registry.enroll(store, voice, "Alice", voices[FEMALE][:3], actor="test")
    assert alice["id"] == "alice" and alice["samples"] == 3 and alice["seconds"] > 3

    same = [registry.identify(store, settings, v) for v in embedded[FEMALE][3:]]
    other = [registry.identify(store, settings, v) for v in embedded[MALE]]
    print("female unseen vs alice:", [r["score"] for r in same])
    print("male vs alice:", [r["score"] for r in other])
    for r in same:
        assert (r["speaker"], r["band"]) == ("alice", "high"), r
        assert r["candidates"][0][0] == "alice"
    for r in other:
        assert r["band"] != "high", r
    # The same vectors through the WAV path give the same answer.
    r = registry.identify_wav(store, voice, settings, voices[FEMALE][4])
    assert (r["speaker"], r["band"]) == ("alice", "high") and r["seconds"] > 1

    bob = registry.enroll(store, voice, "Bob", voices[MALE][:3], actor="test")
    assert bob["id"] == "bob"
    for v in embedded[FEMALE][3:]:
        r = registry.identify(store, settings, v)
        assert (r["speaker"], r["band"]) == ("alice", "high"), r
        assert [c[0] for c in r["candidates"]] == ["alice", "bob"]
    male_scores = []
    for v in embedded[MALE][3:]:
        r = registry.identify(store, settings, v)
        male_scores.append(r["score"])
        assert (r["speaker"], r["band"]) == ("bob", "high"), r
    print("male unseen vs bob:", male_scores)


def test_identify_other_sample_rates_and_channels(store, settings, voices, voice, tmp_path):
    registry.enroll(store, voice, "Alice", voices[FEMALE][:3], actor="test")
    src, dst = tmp_path / "in.wav", tmp_path / "out.wav"
    src.write_bytes(voices[FEMALE][5])
    subprocess.run(["sox", str(src), "-r", "44100", "-c", "2", "-b", "16", str(dst)], check=True, capture_output=True)
    r = registry.identify_wav(store, voice, settings, dst.read_bytes())
    assert (r["speaker"], r["band"]) == ("alice", "high"), r
    r = registry.identify_wav(store, voice, settings, str(dst))  # a path works too
    assert r["speaker"] == "alice"


def test_bands_follow_the_thresholds(store, settings, voices, voice, embedded):
    registry.enroll(store, voice, "Alice", voices[FEMALE][:3], actor="test")
    score = registry.identify(store, settings, embedded[FEMALE][3])["score"]
    settings.values["speakers.band_high"] = score + 0.01
    r = registry.identify(store, settings, embedded[FEMALE][3])
    assert (r["speaker"], r["band"]) == ("alice", "medium")
    settings.values.update({"speakers.band_medium": score + 0.01, "speakers.band_greeting": score - 0.01})
    assert registry.identify(store, settings, embedded[FEMALE][3])["band"] == "greeting"
    settings.values["speakers.band_greeting"] = score + 0.01
    r = registry.identify(store, settings, embedded[FEMALE][3])
    assert (r["speaker"], r["band"]) == (None, "none") and r["candidates"][0][0] == "alice"


def test_identify_with_nobody_enrolled_and_bad_vectors(store, settings):
    r = registry.identify(store, settings, np.ones(VOICE_DIM))
    assert r == {"speaker": None, "name": None, "band": "none", "score": 0.0, "candidates": []}
    for bad in (np.ones(128), [1.0] * 255, np.zeros(VOICE_DIM), ["x"] * VOICE_DIM):
        with pytest.raises(UserError):
            registry.identify(store, settings, bad)


def test_refusals_store_nothing(store, voices, voice, tmp_path):
    short = tmp_path / "short.wav"
    subprocess.run(["espeak-ng", "-v", FEMALE, "-w", str(short), "Hi."], check=True, capture_output=True)
    silent = tmp_path / "silent.wav"
    subprocess.run(
        ["sox", "-n", "-r", "16000", "-c", "1", str(silent), "trim", "0", "3"], check=True, capture_output=True
    )
    good = voices[FEMALE][:2]
    cases = {
        "too few samples": [good[0]],
        "no samples": [],
        "undecodable": [good[0], b"RIFF....this is not audio at all"],
        "empty bytes": [good[0], b""],
        "too short": [good[0], short.read_bytes()],
        "silent": [good[0], silent.read_bytes()],
        "missing file": [good[0], str(tmp_path / "nope.wav")],
    }
    for what, samples in cases.items():
        with pytest.raises(UserError) as exc:
            registry.enroll(store, voice, "Alice", samples, actor="test")
        print(what, "->", exc.value)
    with pytest.raises(UserError):
        registry.enroll(store, voice, "   ", good, actor="test")
    with pytest.raises(NotFound):
        registry.enroll(store, voice, None, good, actor="test", speaker_id="ghost")
    assert _rows(store, "SELECT count(*) FROM speakers")[0][0] == 0
    assert _rows(store, "SELECT count(*) FROM voiceprint_samples")[0][0] == 0
    assert _rows(store, "SELECT count(*) FROM audit WHERE action LIKE 'speaker.%'")[0][0] == 0
    with pytest.raises(UserError, match="too little speech"):
        voice.embed_wav(short.read_bytes())


def test_ids_are_unique_slugs_and_a_second_of_a_name_is_asked_for(store, voices, voice):
    a = registry.enroll(store, voice, "Alice", voices[FEMALE][:2], actor="test")
    with pytest.raises(UserError, match="'Alice' is already a person here.*--id alice.*--new"):
        registry.enroll(store, voice, "alice", voices[FEMALE][2:4], actor="test")
    b = registry.enroll(store, voice, "alice", voices[FEMALE][2:4], actor="test", new=True)
    c = registry.enroll(store, voice, "Zoë O'Brien", voices[MALE][:2], actor="test")
    assert (a["id"], b["id"], c["id"]) == ("alice", "alice-2", "zoe-o-brien")
    assert registry.slugify("!!!") == "speaker"


def test_reenroll_replaces_samples_and_account_linked_person_enrolls_later(store, settings, voices, voice, embedded):
    first = registry.enroll(store, voice, "Alice", voices[FEMALE][:2], actor="admin")
    old = _rows(store, "SELECT embedding FROM voiceprint_samples WHERE speaker_id = 'alice'")
    again = registry.enroll(store, voice, None, voices[FEMALE][2:5], actor="admin", speaker_id="alice")
    assert again == {"id": "alice", "name": "Alice", "samples": 3, "seconds": again["seconds"], "reenrolled": True}
    new = _rows(store, "SELECT id, embedding FROM voiceprint_samples WHERE speaker_id = 'alice'")
    assert len(old) == 2 and len(new) == 3 and not {r[0] for r in old} & {r[1] for r in new}
    # The voiceprint is the normalised mean of the stored samples.
    mean = np.mean([vectors.decode(r[1]) for r in new], axis=0)
    stored = vectors.decode(_rows(store, "SELECT voiceprint FROM speakers WHERE id = 'alice'")[0][0])
    assert np.allclose(stored, mean / np.linalg.norm(mean), atol=1e-5)
    assert first["reenrolled"] is False
    assert [r[0] for r in _audit(store, "speaker.enroll")] == ["admin"]
    detail = json.loads(_audit(store, "speaker.reenroll")[0][2])
    assert detail["samples"] == 3 and detail["model"] == MODEL_ID

    # A chat user linked by account: a person without a voice, who enrolls later by id.
    store.writer.write(lambda tx: tx.execute("INSERT INTO speakers(id, name, created_at) VALUES ('tg-42', 'Bob', 0)"))
    listed = {s["id"]: s for s in registry.list_speakers(store)}
    assert listed["tg-42"]["enrolled"] is False and listed["tg-42"]["samples"] == 0
    assert registry.identify(store, settings, embedded[MALE][4])["band"] != "high"  # not alice's voice
    out = registry.enroll(store, voice, None, voices[MALE][:3], actor="admin", speaker_id="tg-42")
    assert out["id"] == "tg-42" and out["reenrolled"] is False
    assert registry.identify(store, settings, embedded[MALE][4])["speaker"] == "tg-42"
    assert [r[1] for r in _audit(store, "speaker.enroll")] == ["alice", "tg-42"]


def test_rename_remove_voice_and_list(store, settings, voices, voice, embedded):
    registry.enroll(store, voice, "Alice", voices[FEMALE][:3], actor="admin")
    assert registry.rename(store, "alice", "  Alice  Smith ", actor="admin") == {
        "id": "alice",
        "name": "Alice Smith",
        "old_name": "Alice",
    }
    assert json.loads(_audit(store, "speaker.rename")[0][2]) == {"old": "Alice", "new": "Alice Smith"}
    with pytest.raises(NotFound):
        registry.rename(store, "ghost", "Ghost", actor="admin")
    with pytest.raises(UserError):
        registry.rename(store, "alice", "", actor="admin")

    [entry] = registry.list_speakers(store)
    assert entry["id"] == "alice" and entry["name"] == "Alice Smith" and entry["enrolled"] is True
    assert entry["samples"] == 3 and entry["enrolled_at"] and entry["voice_model"] == MODEL_ID

    # The voice goes; the person (and so their memory, keyed by their id) stays.
    out = registry.remove_voice(store, "alice", actor="admin")
    assert out == {"id": "alice", "removed_samples": 3, "had_voiceprint": True}
    assert _rows(store, "SELECT name, voiceprint, voice_model, enrolled_at FROM speakers WHERE id = 'alice'") == [
        ("Alice Smith", None, None, None)
    ]
    assert _rows(store, "SELECT count(*) FROM voiceprint_samples")[0][0] == 0
    assert json.loads(_audit(store, "speaker.remove_voice")[0][2]) == {"samples": 3, "had_voiceprint": True}
    [entry] = registry.list_speakers(store)
    assert entry["enrolled"] is False and entry["samples"] == 0 and entry["enrolled_at"] is None
    r = registry.identify(store, settings, embedded[FEMALE][3])
    assert (r["speaker"], r["band"], r["candidates"]) == (None, "none", [])
    with pytest.raises(NotFound):
        registry.remove_voice(store, "ghost", actor="admin")
