"""Commands of settings and of the generator (the LLM)."""

from __future__ import annotations

import json
import sys

from ..api.client import HearthError
from .table import arg, command


def show_setting(s: dict) -> str:
    return f"{s['key']} = {json.dumps(s['value'])}"


def show_settings(answer) -> str:
    return "\n".join(show_setting(s) for s in answer) if isinstance(answer, list) else show_setting(answer)


@command(
    "settings get",
    "all settings, or one",
    ops=("settings", "setting"),
    args=(arg("key", nargs="?"),),
    show=show_settings,
)
def settings_get(client, args):
    return client.setting(args.key) if args.key else client.settings()


@command(
    "settings set",
    "change a setting (applied live)",
    ops=("set_setting",),
    args=(arg("key"), arg("value")),
    show=show_setting,
)
def settings_set(client, args):
    return client.set_setting(args.key, args.value)


def show_generator(g: dict) -> str:
    if g["provider"] == "none":
        return "generator none (rules and extractive summaries)"
    answering = {True: "answering", False: "not answering", None: "not asked yet"}[g["answering"]]
    line = f"generator {g['provider']} {g['model'] or '(first listed)'}: {answering}"
    if g["answering"] is False:
        line += f" ({g['last_error']}; next try in {g['retry_in_seconds']:.0f} s)"
    degraded = ", ".join(f"{n} {work}" for work, n in g["degraded"].items())
    total = g["tokens"]["total"]
    line += f"\ndegraded: {degraded or 'none'}; tokens {total['prompt']} prompt + {total['completion']} completion"
    last = g["tokens"].get("last_formation")
    if last:
        line += f"; last formation (session {last['session']}) {last['prompt']} + {last['completion']}"
    key = g.get("api_key")
    if key and key["set"]:
        line += f"\nAPI key in the {key['source']}" + (f" ({key['warning']})" if key["warning"] else "")
    return line


@command(
    "generator status", "provider, model, answering, degraded passes, tokens", ops=("generator",), show=show_generator
)
def generator_status(client, args):
    return client.generator()


@command(
    "generator test",
    "ask the generator for one short answer now",
    ops=("test_generator",),
    exit_code=lambda r: 0 if r["ok"] else 2,
    show=lambda r: (
        f"{r['provider']} {r['model']}: "
        + (f"answered {r['reply']!r} in {r['seconds']} s" if r["ok"] else f"failed: {r['error']}")
    ),
)
def generator_test(client, args):
    return client.test_generator()


def _read_key() -> str:
    if sys.stdin.isatty():
        import getpass

        return getpass.getpass("API key: ")
    return sys.stdin.readline().strip()


def show_key(r: dict) -> str:
    if not r["set"]:
        return "API key removed"
    return f"API key stored in the {r['source']}" + (f"; {r['warning']}" if r["warning"] else "")


@command(
    "generator set-key",
    "store the API key, read from stdin, in the OS keyring",
    ops=("set_generator_key", "clear_generator_key"),
    show=show_key,
    args=(arg("--clear", action="store_true", help="remove the stored key instead"),),
)
def generator_set_key(client, args):
    if args.clear:
        return client.clear_generator_key()
    key = _read_key()
    if not key:
        raise HearthError("no key on stdin (use --clear to remove the stored key)")
    return client.set_generator_key(key)


_UNITS = {"m": 1, "min": 1, "h": 60, "d": 24 * 60}


def minutes_of(text: str) -> float:
    """ "90" (minutes), "30m", "1h", "2d" -> minutes."""
    import re

    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(m|min|h|d)?\s*", text or "")
    if not m:
        raise HearthError(f"--for wants a duration such as 30m, 1h or 2d, got {text!r}")
    return float(m.group(1)) * _UNITS[m.group(2) or "m"]


def show_memory_state(s: dict) -> str:
    return f"memory: {s['state']}" + (f" (resumes by itself at {s['paused_until']})" if s["paused_until"] else "")


@command(
    "pause",
    "stop remembering: nothing new stored, formed or injected (--injection-only: keep remembering)",
    ops=("pause",),
    args=(
        arg("--for", dest="duration", metavar="DURATION", help="resume by itself after this long (30m, 1h, 2d)"),
        arg("--injection-only", action="store_true", help="only stop adding memory to prompts"),
    ),
    show=show_memory_state,
)
def pause(client, args):
    return client.pause(minutes_of(args.duration) if args.duration else None, args.injection_only)


@command("resume", "remember and inject again", ops=("resume",), show=show_memory_state)
def resume(client, args):
    return client.resume()
