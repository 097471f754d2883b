"""The registry of people and their voiceprints: enroll, re-enroll, rename, remove a voice, list, identify.

A person (a `speakers` row) may exist without a voice: a chat user linked by account. Their voiceprint is the
normalised mean of their samples' embeddings; every change is one write transaction with its audit row.
Identification compares a 256-d voice vector with every enrolled voiceprint and names a band by the
speakers.band_* settings: high (sees their personal pool), medium, greeting, or none (anonymous).
"""

from __future__ import annotations

import re
import time
import unicodedata

import numpy as np

from .. import audit
from ..entities import resolve
from ..errors import NotFound, UserError
from ..store import vectors
from .voice import VOICE_DIM

MIN_SAMPLES = 2
MAX_NAME = 100
BANDS = ("high", "medium", "greeting", "none")


def slugify(name: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:40].strip("-")
    return slug or "speaker"


def _clean_name(name) -> str:
    if not isinstance(name, str) or not name.strip():
        raise UserError("a speaker needs a name")
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise UserError(f"a speaker's name is at most {MAX_NAME} characters")
    return name


def _unique_id(tx, base: str) -> str:
    taken = {r[0] for r in tx.execute("SELECT id FROM speakers WHERE id = ? OR id LIKE ?", (base, base + "-%"))}
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def _require(conn, speaker_id: str):
    row = conn.execute("SELECT id, name, voiceprint FROM speakers WHERE id = ?", (speaker_id,)).fetchone()
    if row is None:
        raise NotFound(f"no speaker {speaker_id!r}")
    return row


def voiceprint_of(embeddings) -> np.ndarray:
    """The normalised mean of normalised embeddings."""
    matrix = np.asarray(embeddings, dtype=np.float32).reshape(len(embeddings), -1)
    matrix = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)
    mean = matrix.mean(axis=0)
    norm = float(np.linalg.norm(mean))
    if norm == 0.0:
        raise UserError("the samples gave no usable voiceprint")
    return (mean / norm).astype(np.float32)


def enroll(
    store, voice, name: str | None, samples: list, actor: str, speaker_id: str | None = None, new: bool = False
) -> dict:
    """Enroll a new person from at least two voice samples (WAV bytes or paths), or, with speaker_id, (re-)enroll
    an existing person, replacing their samples (name optional then: given, it renames them too).

    A name a person of the memory already has (their id or their name) is refused unless `new` says to make
    another person: enrolling "Alice" must not make "alice-2" beside the alice whose memory it is.

    A new person is a person entity at once: the one the household already talks about by this name, if there
    is exactly one nobody speaks as yet, or a new one.

    Every sample is embedded before anything is written; one bad sample refuses the whole enrollment.
    Returns {"id", "name", "samples", "seconds", "reenrolled"}."""
    if speaker_id is None or name is not None:
        name = _clean_name(name)
    samples = list(samples or [])
    if len(samples) < MIN_SAMPLES:
        raise UserError(f"enrollment needs at least {MIN_SAMPLES} voice samples, got {len(samples)}")
    if speaker_id is not None:
        with store.reading() as conn:
            _require(conn, speaker_id)  # fail fast, before the (slower) embedding
    elif not new and name is not None:
        _refuse_a_second(store, name)
    embedded = []
    for i, sample in enumerate(samples, 1):
        try:
            embedded.append(voice.embed_wav(sample))
        except UserError as exc:
            raise UserError(f"sample {i}: {exc}") from None
    print_ = voiceprint_of([e for e, _ in embedded])
    blob = vectors.encode(print_)
    total = round(sum(s for _, s in embedded), 3)

    def write(tx):
        now = time.time()
        if speaker_id is None:
            sid = _unique_id(tx, slugify(name))
            tx.execute("INSERT INTO speakers(id, name, created_at) VALUES (?, ?, ?)", (sid, name, now))
            # a person of the household at once (the People page lists them): the one others already talk
            # about by this name ("my daughter Emma", before Emma spoke), or a new one
            resolve.person_of_speaker(tx, sid, now)
            final_name, had_voice = name, False
        else:
            row = _require(tx, speaker_id)
            sid, had_voice = row[0], row[2] is not None
            final_name = name if name is not None else row[1]
            tx.execute("DELETE FROM voiceprint_samples WHERE speaker_id = ?", (sid,))
        tx.execute(
            "UPDATE speakers SET name = ?, voiceprint = ?, voice_model = ?, enrolled_at = ? WHERE id = ?",
            (final_name, blob, voice.model_id, now, sid),
        )
        tx.executemany(
            "INSERT INTO voiceprint_samples(speaker_id, embedding, seconds, created_at) VALUES (?, ?, ?, ?)",
            [(sid, vectors.encode(e), s, now) for e, s in embedded],
        )
        action = "speaker.reenroll" if had_voice else "speaker.enroll"
        audit.record(
            tx,
            actor,
            action,
            sid,
            {"name": final_name, "samples": len(embedded), "seconds": total, "model": voice.model_id},
        )
        return {"id": sid, "name": final_name, "samples": len(embedded), "seconds": total, "reenrolled": had_voice}

    return store.writer.write(write)


def _refuse_a_second(store, name: str) -> None:
    with store.reading() as conn:
        row = conn.execute(
            "SELECT id, name FROM speakers WHERE id = ? OR lower(name) = lower(?) ORDER BY id = ? DESC LIMIT 1",
            (slugify(name), name, slugify(name)),
        ).fetchone()
    if row is not None:
        raise UserError(
            f"{row[1]!r} is already a person here (id {row[0]}, with their memory): to give them this voice, "
            f"enroll with the id {row[0]} (hearthctl speakers enroll --id {row[0]} ...); to make another person "
            "of that name, say so (--new)",
            status=409,
        )


def rename(store, speaker_id: str, name: str, actor: str) -> dict:
    """Returns {"id", "name", "old_name"}."""
    name = _clean_name(name)

    def write(tx):
        row = _require(tx, speaker_id)
        tx.execute("UPDATE speakers SET name = ? WHERE id = ?", (name, speaker_id))
        audit.record(tx, actor, "speaker.rename", speaker_id, {"old": row[1], "new": name})
        return {"id": speaker_id, "name": name, "old_name": row[1]}

    return store.writer.write(write)


def remove_voice(store, speaker_id: str, actor: str) -> dict:
    """Erase a person's voiceprint and samples; the person and their memory stay.
    Returns {"id", "removed_samples", "had_voiceprint"}."""

    def write(tx):
        row = _require(tx, speaker_id)
        n = tx.execute("DELETE FROM voiceprint_samples WHERE speaker_id = ?", (speaker_id,)).rowcount
        tx.execute(
            "UPDATE speakers SET voiceprint = NULL, voice_model = NULL, enrolled_at = NULL WHERE id = ?", (speaker_id,)
        )
        had = row[2] is not None
        audit.record(tx, actor, "speaker.remove_voice", speaker_id, {"samples": n, "had_voiceprint": had})
        return {"id": speaker_id, "removed_samples": n, "had_voiceprint": had}

    return store.writer.write(write)


def list_speakers(store) -> list[dict]:
    """Every person, enrolled or not, by name: [{"id", "name", "enrolled", "samples", "seconds", "enrolled_at",
    "voice_model", "created_at"}]."""
    with store.reading() as conn:
        rows = conn.execute(
            "SELECT s.id, s.name, s.voiceprint IS NOT NULL, s.enrolled_at, s.voice_model, s.created_at, "
            "count(v.id), coalesce(sum(v.seconds), 0) "
            "FROM speakers s LEFT JOIN voiceprint_samples v ON v.speaker_id = s.id "
            "GROUP BY s.id ORDER BY s.name COLLATE NOCASE, s.id"
        ).fetchall()
    return [
        {
            "id": r[0],
            "name": r[1],
            "enrolled": bool(r[2]),
            "samples": r[6],
            "seconds": round(r[7], 3),
            "enrolled_at": r[3],
            "voice_model": r[4],
            "created_at": r[5],
        }
        for r in rows
    ]


def band_for(settings, score: float) -> str:
    if score >= settings["speakers.band_high"]:
        return "high"
    if score >= settings["speakers.band_medium"]:
        return "medium"
    if score >= settings["speakers.band_greeting"]:
        return "greeting"
    return "none"


def identify(store, settings, vector, model_id: str | None = None) -> dict:
    """Match a voice vector against every enrolled voiceprint (of model_id, when given).

    Returns {"speaker": id or None, "name": name or None, "band": "high"|"medium"|"greeting"|"none",
    "score": best cosine (0.0 when nobody is enrolled), "candidates": [[id, score], ...] best three}."""
    try:
        query = np.asarray(vector, dtype=np.float32).reshape(-1)
    except (TypeError, ValueError):
        raise UserError("a voice vector is a list of numbers") from None
    if query.shape[0] != VOICE_DIM:
        raise UserError(f"a voice vector has {VOICE_DIM} dimensions, not {query.shape[0]}")
    norm = float(np.linalg.norm(query))
    if not np.isfinite(norm) or norm == 0.0:
        raise UserError("the voice vector is zero or not finite")
    query = query / norm
    sql = "SELECT id, name, voiceprint FROM speakers WHERE voiceprint IS NOT NULL"
    params: tuple = ()
    if model_id is not None:
        sql, params = sql + " AND voice_model = ?", (model_id,)
    with store.reading() as conn:
        rows = [r for r in conn.execute(sql, params).fetchall() if len(r[2]) == VOICE_DIM * 4]
    if not rows:
        return {"speaker": None, "name": None, "band": "none", "score": 0.0, "candidates": []}
    matrix = np.stack([vectors.decode(r[2]) for r in rows])
    scores = matrix @ query
    order = np.argsort(-scores, kind="stable")
    best = int(order[0])
    score = float(scores[best])
    band = band_for(settings, score)
    return {
        "speaker": rows[best][0] if band != "none" else None,
        "name": rows[best][1] if band != "none" else None,
        "band": band,
        "score": round(score, 4),
        "candidates": [[rows[int(i)][0], round(float(scores[int(i)]), 4)] for i in order[:3]],
    }


def identify_wav(store, voice, settings, data) -> dict:
    """Embed a turn's audio (WAV bytes or a path) and identify it; adds "seconds" of speech to identify()'s answer."""
    vector, seconds = voice.embed_wav(data)
    result = identify(store, settings, vector, model_id=voice.model_id)
    result["seconds"] = seconds
    return result
