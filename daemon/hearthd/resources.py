"""Locating the data files under resources/ (the source tree, or the installed package's copy)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path


def resources_dir() -> Path:
    here = Path(__file__).resolve()
    for candidate in (here.parents[2] / "resources", here.parent / "resources"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("Hearth's resources/ folder is missing from this installation")


@cache
def read_text(relative: str) -> str:
    return (resources_dir() / relative).read_text(encoding="utf-8")


def read_json(relative: str):
    return json.loads(read_text(relative))
