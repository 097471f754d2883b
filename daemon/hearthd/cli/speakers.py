"""Commands of people and voices."""

from __future__ import annotations

from pathlib import Path

from ..api.client import HearthError
from .table import arg, command


def _read_bytes(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise HearthError(f"cannot read {path}: {exc.strerror}") from None


@command(
    "speakers enroll",
    "enroll a person from WAV samples (2 or more)",
    ops=("enroll",),
    args=(
        arg("name"),
        arg("wavs", nargs="+", metavar="WAV"),
        arg("--id", help="give this existing person the voice (re-enroll) instead of creating one"),
        arg("--new", action="store_true", help="create another person even though one has this name"),
    ),
    show=lambda r: f"enrolled {r['id']} ({r['name']}) from {r['samples']} samples",
)
def enroll(client, args):
    return client.enroll(args.name, [_read_bytes(w) for w in args.wavs], args.id, args.new)


@command(
    "speakers list",
    "the people the memory knows",
    ops=("speakers",),
    show=lambda ss: (
        "\n".join(f"{s['id']:<16} {s['name']:<20} {'voice' if s['enrolled'] else 'no voice'}" for s in ss) or "nobody"
    ),
)
def speakers(client, args):
    return client.speakers()


@command(
    "speakers identify",
    "who is speaking in a WAV file: id, band, score",
    ops=("identify",),
    args=(arg("wav"),),
    show=lambda r: f"{r['speaker'] or '-'} {r['band']} {r['score']:.3f}",
)
def identify(client, args):
    return client.identify(_read_bytes(args.wav))


@command(
    "speakers rename",
    "give a person another name",
    ops=("rename_speaker",),
    args=(arg("id"), arg("name")),
    show=lambda r: f"{r['id']} is now {r['name']}",
)
def rename(client, args):
    return client.rename_speaker(args.id, args.name)


@command(
    "speakers remove",
    "erase a person's voiceprint and samples",
    ops=("remove_voice",),
    args=(arg("id"),),
    show=lambda r: f"removed the voice of {r['id']}",
)
def remove(client, args):
    return client.remove_voice(args.id)
