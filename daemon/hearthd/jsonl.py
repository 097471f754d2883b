"""Reading JSON Lines: one JSON object a line, blank lines skipped, the first bad line named in the error."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from .errors import UserError


def json_objects(lines: Iterable[str], where: str = "") -> Iterator[tuple[int, dict]]:
    """(line number, object) for each non-blank line; UserError at the first line that is not an object."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise UserError(f"{where}line {number}: not JSON ({exc.msg})") from None
        if not isinstance(item, dict):
            raise UserError(f"{where}line {number}: expected a JSON object")
        yield number, item
