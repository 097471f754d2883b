"""Commands of the daemon itself: status, endpoint, events, the recall tools and the MCP server."""

from __future__ import annotations

import json
import sys

from ..api.auth import token_path
from ..api.client import socket_path, tcp_address
from ..paths import data_dir as resolve_data_dir
from .settings import show_generator
from .table import BANDS, arg, command


def show_status(s: dict) -> str:
    e, emb = s["embedder"], s["embedding"]
    runtime = e.get("runtime") or {}
    model = (
        f"{e['model']} ({e['state']}"
        + (f", {e['dim']}-d" if e["dim"] else "")
        + (f", on {runtime['name']}" if runtime.get("name") else "")
        + ")"
    )
    if e["error"]:
        model += f" error: {e['error']}"
    lines = [
        f"hearthd {s['version']} (pid {s['pid']}) up {s['uptime_seconds']}s, data dir {s['data_dir']}",
        f"schema {s['schema_version']}, core.db {s['db_bytes'] / 1e6:.1f} MB",
        f"embedder {model}",
    ]
    if runtime.get("note"):
        lines.append(f"  ({runtime['note']})")
    if emb["pending"]:
        lines.append(f"embedding {emb['done']}/{emb['total']}" + (" (re-embedding)" if emb["reembedding"] else ""))
    f = s["formation"]
    lines.append(
        f"formation backlog {f['backlog']}"
        + (" (a pass is running)" if f["running"] else "")
        + (f", last pass formed {f['last_pass']['formed']}" if f["last_pass"] else "")
    )
    lines.append(
        show_generator(s["generator"]).splitlines()[0] + "; memory "
        f"{'on' if s['memory']['enabled'] else 'paused'}, recall {s['memory']['recall_mode']}"
    )
    lines.append("counts " + ", ".join(f"{k} {v}" for k, v in s["counts"].items()))
    lines.append(proxy_line(s["proxy"]))
    lines += [f"warning: {w}" for w in s.get("warnings", [])]
    return "\n".join(lines)


def proxy_line(p: dict) -> str:
    if not p["enabled"]:
        return "memory proxy off (proxy.enabled)"
    if p["error"]:
        return f"memory proxy not listening: {p['error']}"
    keyless = ", keyless access on" if p["keyless_access"] else ""
    return f"memory proxy on http://{p['listening']} -> {p['upstream'] or '(no upstream set)'}{keyless}"


def show_proxy(p: dict) -> str:
    """The proxy's line, its counts and its last requests, newest first."""
    lines = [proxy_line(p)]
    if p["counts"]:
        lines.append("requests " + ", ".join(f"{k} {v}" for k, v in sorted(p["counts"].items())))
    for r in p["recent"]:
        timing = ", ".join(f"{k[:-3]} {r[k]} ms" for k in ("context_ms", "upstream_ms", "commit_ms") if k in r)
        lines.append(
            f"{r['at']} {r['route']} {r['status']} {r.get('who', '')} [{r.get('conversation', '')}] "
            f"memory {r.get('memory', '-')}"
            + (", window" if r.get("window_used") else "")
            + (f" ({timing})" if timing else "")
        )
    return "\n".join(lines)


@command(
    "proxy key",
    "a memory-proxy key for one person's own assistant (shown once; --revoke: stop it working)",
    ops=("issue_person_key", "revoke_person_key"),
    args=(arg("speaker"), arg("--revoke", action="store_true", help="stop the person's key working")),
    show=lambda r: (
        f"{r['speaker']}'s proxy key revoked"
        if r.get("revoked")
        else f"{r['key']}\n(the proxy key of {r['speaker']}: give it to their assistant as its API key; "
        "it is not shown again)"
    ),
)
def proxy_key(client, args):
    return client.revoke_person_key(args.speaker) if args.revoke else client.issue_person_key(args.speaker)


@command(
    "proxy status",
    "the memory proxy: where it listens, its upstream, its last requests",
    ops=("status",),
    show=show_proxy,
)
def proxy_status(client, args):
    return client.status()["proxy"]


@command("status", "daemon, schema, embedder, generator, counts", ops=("status",), show=show_status)
def status(client, args):
    return client.status()


@command(
    "endpoint",
    "where the API socket and the token files are (for assistants)",
    offline=True,
    show=lambda e: "\n".join(f"{k} {v}" for k, v in e.items()),
)
def endpoint(_client, args) -> dict:
    data = resolve_data_dir(getattr(args, "data_dir", None))
    return {
        "data_dir": str(data),
        "socket": str(socket_path(data)),
        "tcp": tcp_address(data),
        "admin_token_file": str(token_path(data, "admin")),
        "assistant_token_file": str(token_path(data, "assistant")),
    }


def _print_event(event: dict) -> None:
    print(f"{event['type']} {json.dumps(event['data'], ensure_ascii=False)}", flush=True)


@command(
    "events",
    "follow the daemon's event stream (one line an event; --json: one object a line)",
    ops=("events",),
    args=(arg("--limit", type=int, help="stop after this many events"),),
)
def events(client, args) -> None:
    for seen, event in enumerate(client.events(), 1):
        if getattr(args, "json", False):
            print(json.dumps(event, ensure_ascii=False), flush=True)
        else:
            _print_event(event)
        if args.limit and seen >= args.limit:
            return None
    return None


@command(
    "tools",
    "the recall tools the assistant's LLM is offered (tools.enabled)",
    ops=("tools",),
    show=lambda r: (
        "\n".join(f"{t['function']['name']}: {t['function']['description']}" for t in r["tools"])
        or "the recall tools are off (hearthctl settings set tools.enabled true)"
    ),
)
def tools(client, args):
    return client.tools()


@command(
    "mcp",
    "serve the recall tools and remember over MCP (stdio)",
    ops=("call_tool", "remember"),
    offline=True,
    args=(
        arg("--speaker", help="the identity the tools act for (none: anonymous, recall gives nothing)"),
        arg("--band", choices=BANDS),
    ),
)
def mcp(_client, args) -> None:
    from ..tools.mcp_server import run as run_mcp

    run_mcp(getattr(args, "data_dir", None), args.speaker, args.band)
    sys.stdout.flush()
