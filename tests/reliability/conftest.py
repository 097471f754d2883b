"""Every reliability test is also a `stress` test: `make stress` (HEARTH_STRESS=1, -m stress) runs their long
versions; `make test` runs the quick ones."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.stress)
