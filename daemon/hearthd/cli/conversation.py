"""Commands of live conversations: ingest, window, compact, clear-context."""

from __future__ import annotations

import sys

from ..jsonl import json_objects
from .table import arg, command

INGEST_BATCH = 500


def _read_turns(path: str):
    handle = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115 - closed below
    with handle:
        yield from (turn for _number, turn in json_objects(handle, f"{path}: "))


@command(
    "ingest",
    "commit turns from a JSON Lines file (- for stdin)",
    ops=("commit_turns",),
    args=(arg("file"),),
    show=lambda d: f"committed {d['committed']} turns",
)
def ingest(client, args) -> dict:
    turns = list(_read_turns(args.file))  # the whole file first: a malformed line commits nothing
    committed = 0
    for i in range(0, len(turns), INGEST_BATCH):
        committed += client.commit_turns(turns[i : i + INGEST_BATCH])["committed"]
    return {"committed": committed}


def show_window(w: dict) -> str:
    lines = [f"[summary] {w['summary']}"] if w["summary"] else []
    lines += [f"{t['speaker_id'] or t['role']}: {t['text']}" for t in w["turns"]]
    return "\n".join(lines) or f"(no live conversation {w['thread']!r})"


@command("window", "the working window of a conversation key", ops=("window",), args=(arg("thread"),), show=show_window)
def window(client, args):
    return client.window(args.thread)


@command(
    "compact",
    "fold a conversation's window into its summary now",
    ops=("compact",),
    args=(arg("thread"),),
    show=lambda r: f"folded {r['folded']} messages",
)
def compact(client, args):
    return client.compact(args.thread)


@command(
    "clear-context",
    "forget the live conversations of a speaker, or all",
    ops=("clear_context",),
    args=(arg("--speaker"),),
    show=lambda r: f"cleared {len(r['threads'])} conversations ({r['turns']} turns)",
)
def clear_context(client, args):
    return client.clear_context(args.speaker)
