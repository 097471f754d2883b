"""Importing another store's memories or an assistant's old transcripts: read, mapped onto Hearth's people,
shown as a dry run, then committed as turns in one transaction (all or nothing) that formation then forms."""

from __future__ import annotations

from .. import importing
from ..errors import UserError
from ..formation.ledger import MAX_KEY_CHARS, TurnIn
from ..store.database import Store
from ..timeutil import iso
from .conversation import Conversation
from .registry import operation
from .settings import refuse_while_paused

SAMPLE = 5  # turns a dry run shows


class Importing:
    def __init__(self, store: Store, conversation: Conversation, events):
        self.store, self.conversation, self.events = store, conversation, events

    @operation(
        event="memory.imported",
        event_data=lambda a: None if a["dry_run"] else {"source": a["source"], "turns": a["committed"]},
    )
    def import_from(self, source: str, path: str, speakers: dict[str, str | None], dry_run: bool = True) -> dict:
        """Turns from a mem0 export or a transcript file (a path on this machine), each speaker the file names
        mapped to a Hearth person (`speakers`: name -> id, or null for an anonymous voice). dry_run: what
        would be imported; otherwise committed all at once, and formed into facts and episodes as any turn."""
        if not dry_run:
            refuse_while_paused(self.conversation.settings)
        found = importing.read(source, path)
        if not found.turns:
            raise UserError(f"{path} holds no turns to import ({_skipped(found.skipped) or 'it is empty'})")
        unmapped = [n for n in found.names if n not in speakers]
        if unmapped and not dry_run:
            raise UserError(
                "say who each speaker of the file is in Hearth (a person's id, or null for an anonymous voice): "
                + ", ".join(repr(n) for n in unmapped)
            )
        for name, person in speakers.items():
            if person is not None and (
                not isinstance(person, str) or not person.strip() or len(person) > MAX_KEY_CHARS
            ):
                raise UserError(f"the person for {name!r} must be an id of at most {MAX_KEY_CHARS} characters")
        in_time_order = sorted(found.turns, key=lambda t: t.ts or 0)
        turns = [
            TurnIn(
                t.thread[:MAX_KEY_CHARS],
                t.role,
                t.text,
                speaker=speakers.get(t.name, t.name) if t.name else None,
                ts=t.ts,
            )
            for t in in_time_order
        ]
        for turn, source_turn in zip(turns, in_time_order):
            turn.validate(f"{source_turn.where} of {path}")  # the whole file first: one bad record imports nothing
        answer = {
            "source": source,
            "dry_run": dry_run,
            "turns": len(turns),
            "skipped": found.skipped,
            "threads": sorted({t.thread for t in turns}),
            "speakers": {n: speakers[n] for n in found.names if n in speakers},
            "unmapped": unmapped,  # a dry run lists them; the import itself needs each one mapped
            "first": iso(turns[0].ts),
            "last": iso(turns[-1].ts),
            "sample": [{"speaker": t.speaker, "role": t.role, "text": t.text, "ts": iso(t.ts)} for t in turns[:SAMPLE]],
            "committed": 0,
        }
        if not dry_run:
            # (what a transcript says to its old assistant, "forget that", is no command to Hearth now)
            answer["committed"] = self.conversation.commit_turns(turns, hear_commands=False)["committed"]
        return answer


def _skipped(skipped: dict[str, int]) -> str:
    return ", ".join(f"{n} left out: {why}" for why, n in skipped.items())
