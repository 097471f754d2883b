"""Memories and conversations kept elsewhere, brought into Hearth through its own ledger and formation.

- `mem0.py`: the JSON of mem0's `get_all` (or a list of its memory records).
- `transcripts.py`: what an assistant logged before Hearth: OpenAI-style message lists, or JSON Lines of
  chat turns with a speaker and a time.

Each reads a file into `Imported`: turns in time order and the speaker names the file uses, which the person
importing maps onto Hearth's people (hearthd.ops.importing). Nothing is written here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UserError


@dataclass
class ImportedTurn:
    thread: str
    role: str
    text: str
    name: str | None  # the speaker as the file names them (None: an assistant turn, or nobody named)
    ts: float | None
    where: str  # where in the file, for a refusal ("record 12", "line 40")


@dataclass
class Imported:
    turns: list[ImportedTurn] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)  # why -> how many records were left out

    def skip(self, why: str) -> None:
        self.skipped[why] = self.skipped.get(why, 0) + 1

    @property
    def names(self) -> list[str]:
        return sorted({t.name for t in self.turns if t.name is not None})


def load_json_or_lines(path: str | Path):
    """A JSON document, or JSON Lines (a list of its objects); UserError saying where it is not."""
    file = Path(path).expanduser()
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"there is no file {str(file)!r}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read {str(file)!r}: {exc}") from None
    try:
        return json.loads(text)
    except ValueError:
        pass
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise UserError(f"{file.name} line {number} is not JSON ({exc.msg}): nothing was imported") from None
    if not records:
        raise UserError(f"{file.name} holds nothing to import")
    return records


def content_text(content) -> str:
    """A message's text: a string, or the text parts of an OpenAI content list."""
    if isinstance(content, str):
        return content.strip()
    if isinstance(content, list):
        parts = [p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") in ("text", None)]
        return "\n".join(p for p in parts if isinstance(p, str)).strip()
    return ""


def read(source: str, path: str | Path) -> Imported:
    from . import mem0, transcripts

    readers = {"mem0": mem0.read, "transcripts": transcripts.read}
    if source not in readers:
        raise UserError(f"unknown import source {source!r} (choose from {', '.join(readers)})")
    return readers[source](load_json_or_lines(path))
