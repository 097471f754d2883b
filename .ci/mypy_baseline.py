"""mypy against a recorded baseline that only shrinks (`make lint`; `make lint-baseline` rewrites it).

mypy runs with pyproject's [tool.mypy] (packages hearthd and hearth). Each error line is normalised to
`file:code:message` (no line or column numbers, so moving code does not matter) and counted. The check fails
when any file's count of any error code rises above the baseline's, printing the findings that are new; it
prints the total either way. A fall is good news: `make lint-baseline` records it so it cannot come back.

    python .ci/mypy_baseline.py            check (exit 1 on a rise, 2 when mypy itself fails)
    python .ci/mypy_baseline.py --update   rewrite the baseline (refused if a count rose, unless --allow-growth;
                                           the first one is simply written)
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / ".ci" / "mypy-baseline.txt"
HEADER = (
    "# mypy's findings today, `count<TAB>file:code:message` (.ci/mypy_baseline.py); only ever lower it.\n"
    "# Rewrite with `make lint-baseline` after fixing some.\n"
)

# path:line[:col][:end_line:end_col]: error: message  [code]
ERROR = re.compile(r"^(?P<file>[^:\s][^:]*):\d+(?::\d+)*: error: (?P<msg>.*?)(?:  \[(?P<code>[a-z0-9-]+)\])?$")
LINE_REF = re.compile(r"\bline \d+\b")


def run_mypy() -> tuple[Counter[str], str, int]:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--no-pretty",
            "--no-error-summary",
            "--show-error-codes",
            "--hide-error-context",
            "--no-color-output",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    found: Counter[str] = Counter()
    for line in proc.stdout.splitlines():
        m = ERROR.match(line)
        if m:
            msg = LINE_REF.sub("line N", m["msg"].strip())
            found[f"{Path(m['file']).as_posix()}:{m['code'] or 'misc'}:{msg}"] += 1
    return found, proc.stdout + proc.stderr, proc.returncode


def read_baseline(path: Path) -> Counter[str]:
    counts: Counter[str] = Counter()
    if not path.exists():
        return counts
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            n, _, key = line.partition("\t")
            counts[key] += int(n)
    return counts


def write_baseline(path: Path, counts: Counter[str]) -> None:
    body = "".join(f"{n}\t{key}\n" for key, n in sorted(counts.items()))
    path.write_text(HEADER + body)


def by_file_code(counts: Counter[str]) -> Counter[tuple[str, str]]:
    out: Counter[tuple[str, str]] = Counter()
    for key, n in counts.items():
        file, code, _ = key.split(":", 2)
        out[file, code] += n
    return out


def rises(current: Counter[str], baseline: Counter[str]) -> dict[tuple[str, str], tuple[int, int]]:
    now, before = by_file_code(current), by_file_code(baseline)
    return {k: (before[k], n) for k, n in sorted(now.items()) if n > before[k]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="rewrite the baseline with today's findings")
    parser.add_argument("--allow-growth", action="store_true", help="with --update: record a rise too")
    parser.add_argument("--baseline", type=Path, default=BASELINE)
    args = parser.parse_args(argv)

    current, output, code = run_mypy()
    if code not in (0, 1) or (code == 1 and not current):
        print(output, end="")
        print(f"mypy failed (exit {code}) before reporting findings", file=sys.stderr)
        return 2
    baseline = read_baseline(args.baseline)
    rose = rises(current, baseline)
    total, before = sum(current.values()), sum(baseline.values())

    if args.update:
        if rose and args.baseline.exists() and not args.allow_growth:
            for (file, err), (old, new) in rose.items():
                print(f"{file} [{err}]: {old} -> {new}")
            print("mypy baseline not rewritten: counts rose (fix them, or pass --allow-growth)", file=sys.stderr)
            return 1
        write_baseline(args.baseline, current)
        print(f"mypy baseline: {total} errors recorded (was {before}) in {args.baseline}")
        return 0

    if rose:
        new = current - baseline
        for (file, err), (old, now) in rose.items():
            print(f"{file} [{err}]: {old} -> {now} errors")
            for key, n in sorted(new.items()):
                if key.startswith(f"{file}:{err}:"):
                    print(f"    new: {key.split(':', 2)[2]}" + (f" (x{n})" if n > 1 else ""))
        print(
            f"mypy: {total} errors, baseline {before}: {len(rose)} file/code counts rose (run mypy for the lines)",
            file=sys.stderr,
        )
        return 1
    fell = " (lower than the baseline: record it with `make lint-baseline`)" if total < before else ""
    print(f"mypy: {total} errors, baseline {before}{fell}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
