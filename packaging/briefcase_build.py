"""Briefcase's command line, with briefcase.toml as its configuration (spec section 12).

Briefcase reads [tool.briefcase] only from pyproject.toml. This entry point runs Briefcase unchanged except for
two hooks, so that briefcase.toml is the one source of the installer definition and nothing is copied:

- configuration: when Briefcase parses pyproject.toml, it is given the file's own tables with [tool.briefcase]
  read from briefcase.toml (in memory; nothing is written);
- app code: when Briefcase installs the app's code (create, update),
  - a source the tree does not have yet is skipped with a warning (desktop/hearth, until the desktop app lands:
    the package then carries the daemon alone);
  - pyproject's [project.scripts] become the console scripts of the app's metadata (entry_points.txt), which
    the installed commands run (the Linux template's launcher);
  - each folder of the app's `data_sources` is copied beside the app's packages, where `hearthd.resources`
    finds resources/ and the Linux template finds the systemd units.

Run from anywhere, with Briefcase's own arguments, e.g.:
    build/briefcase-venv/bin/python packaging/briefcase_build.py package linux system --adhoc-sign
"""

from __future__ import annotations

import io
import os
import shutil
import sys
import tomllib
from pathlib import Path

import briefcase.__main__
import briefcase.commands.base
import briefcase.config
import tomli_w
from briefcase.commands.create import CreateCommand
from briefcase.exceptions import BriefcaseConfigError

PROJECT_ROOT = Path(__file__).resolve().parents[1]
BRIEFCASE_TOML = "briefcase.toml"


def bridged_pyproject(project_root: Path) -> dict:
    """pyproject.toml's tables, with briefcase.toml as its [tool.briefcase]."""
    try:
        with open(project_root / "pyproject.toml", "rb") as f:
            document = tomllib.load(f)
        with open(project_root / BRIEFCASE_TOML, "rb") as f:
            briefcase_config = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise BriefcaseConfigError(f"Invalid TOML: {e}") from e
    tool = document.setdefault("tool", {})
    if "briefcase" in tool:
        raise BriefcaseConfigError(
            f"pyproject.toml has a [tool.briefcase] table; the installer is defined in {BRIEFCASE_TOML} only"
        )
    tool["briefcase"] = briefcase_config
    return document


class BridgedPyproject(type(Path())):
    """pyproject.toml as Briefcase's parse_config reads it (it opens the file and parses it with tomllib)."""

    def open(self, mode="r", *args, **kwargs):
        return io.BytesIO(tomli_w.dumps(bridged_pyproject(self.parent)).encode("utf-8"))


def parse_bridged_config(config_file, platform, output_format, console):
    return briefcase.config.parse_config(BridgedPyproject(config_file), platform, output_format, console)


_install_app_code = CreateCommand.install_app_code


def install_app_code_and_data(self: CreateCommand, app) -> None:
    present = [source for source in app.sources if (self.base_path / source).exists()]
    for source in sorted(set(app.sources) - set(present)):
        self.console.warning(f"{source} is not in this tree: the package is built without it")
    app.sources = present
    _install_app_code(self, app)

    with open(self.base_path / "pyproject.toml", "rb") as f:
        scripts = tomllib.load(f)["project"].get("scripts", {})
    dist_info = self.app_path(app) / f"{app.module_name}-{app.version}.dist-info"
    (dist_info / "entry_points.txt").write_text(
        "[console_scripts]\n" + "".join(f"{name} = {target}\n" for name, target in scripts.items()), encoding="utf-8"
    )

    destination = self.app_packages_path(app).parent
    for source in getattr(app, "data_sources", None) or []:
        original = self.base_path / source
        if not original.is_dir():
            raise BriefcaseConfigError(f"data_sources: {source!r} is not a folder of the project")
        target = destination / original.name
        with self.console.wait_bar(f"Installing {source}..."):
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(original, target, ignore=shutil.ignore_patterns("__pycache__"))


def main(argv: list[str]) -> int:
    briefcase.commands.base.parse_config = parse_bridged_config
    CreateCommand.install_app_code = install_app_code_and_data
    # Briefcase takes the project from the working directory.
    os.chdir(PROJECT_ROOT)
    sys.argv = ["briefcase", *argv]
    return briefcase.__main__.main()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
