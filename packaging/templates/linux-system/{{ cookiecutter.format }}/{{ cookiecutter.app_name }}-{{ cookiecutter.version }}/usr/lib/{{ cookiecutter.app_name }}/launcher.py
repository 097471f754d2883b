"""Runs the console script of {{ cookiecutter.formal_name }} named COMMAND: `launcher.py COMMAND [ARGS...]`.

Started by the installed commands (launcher.c). The app lies beside this file: app holds its code and metadata
(whose entry points name the console scripts), app_packages its requirements.
`launcher.py --list-commands` prints the commands (the build links each to the launcher).
"""

import sys
from importlib.metadata import EntryPoint, distributions
from pathlib import Path

DISTRIBUTION = "{{ cookiecutter.app_name }}"
HERE = Path(__file__).resolve().parent
APP = HERE / "app"
APP_PACKAGES = HERE / "app_packages"


def console_scripts() -> dict[str, EntryPoint]:
    for dist in distributions(name=DISTRIBUTION, path=[str(APP)]):
        return {ep.name: ep for ep in dist.entry_points if ep.group == "console_scripts"}
    raise SystemExit(f"the metadata of {DISTRIBUTION} is missing from {APP}: the installation is broken")


def main(argv: list[str]) -> int:
    scripts = console_scripts()
    if argv[1:] == ["--list-commands"]:
        print("\n".join(sorted(scripts)))
        return 0
    command, args = argv[1], argv[2:]
    if command not in scripts:
        print(
            f"{command}: this installation of {DISTRIBUTION} has no such command "
            f"(it has: {', '.join(sorted(scripts))})",
            file=sys.stderr,
        )
        return 127
    sys.path[:0] = [str(APP), str(APP_PACKAGES)]
    # The command's installed path as argv[0], as a console script has it (hearth finds hearthd beside it).
    sys.argv = [str(HERE.parents[1] / "bin" / command), *args]
    return scripts[command].load()()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
