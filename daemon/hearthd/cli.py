"""hearthctl: the command-line client of the local API, for scripts and people.

Every command takes --data-dir (finds the daemon serving that data dir) and --json (machine-readable output
on stdout). Exit status 0 on success; otherwise a one-line error on stderr and a non-zero status.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .api.auth import token_path
from .api.client import DaemonNotRunning, HearthClient, HearthError, socket_path, tcp_address
from .errors import UserError
from .forgetting.receipts import verify_receipt
from .jsonl import json_objects
from .paths import data_dir as resolve_data_dir
from .paths import secure_write
from .timeutil import iso

INGEST_BATCH = 500


def _common() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data-dir", default=argparse.SUPPRESS, help="the daemon's data dir")
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="machine-readable output")
    return common


def build_parser() -> argparse.ArgumentParser:
    common = _common()
    parser = argparse.ArgumentParser(prog="hearthctl", parents=[common],
                                     description="Talk to the Hearth memory daemon.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sub.add_parser("status", parents=[common], help="daemon, schema, embedder, generator, counts")
    sub.add_parser("endpoint", parents=[common], help="where the API socket and the token files are (for assistants)")

    p = sub.add_parser("ingest", parents=[common], help="commit turns from a JSON Lines file (- for stdin)")
    p.add_argument("file")

    p = sub.add_parser("recall", parents=[common], help="search facts, episodes and turns")
    p.add_argument("query")
    p.add_argument("--speaker")
    p.add_argument("--band", choices=("high", "medium", "greeting", "none"))
    p.add_argument("--k", type=int, default=10)
    p.add_argument("--since")
    p.add_argument("--until")

    p = sub.add_parser("remember", parents=[common], help="store a fact or note directly")
    p.add_argument("text")
    p.add_argument("--speaker")
    p.add_argument("--subject")
    p.add_argument("--predicate")
    p.add_argument("--object")
    p.add_argument("--pin", action="store_true", help="always inject it (the pinned profile card)")
    p.add_argument("--valid-from", help="since when it is true (ISO 8601 date; default now)")

    p = sub.add_parser("facts", parents=[common], help="list facts")
    p.add_argument("--speaker")
    p.add_argument("--history", action="store_true", help="include superseded facts")
    p.add_argument("--as-of", help="what was valid on this date")

    p = sub.add_parser("form", parents=[common], help="formation status, or run a pass now (--now) and wait")
    p.add_argument("--now", action="store_true", help="run a formation pass now and wait for it")
    p.add_argument("--all", action="store_true", help="with --now: also end sessions still open")

    p = sub.add_parser("window", parents=[common], help="the working window of a conversation key")
    p.add_argument("thread")

    p = sub.add_parser("clear-context", parents=[common], help="forget the live conversations of a speaker, or all")
    p.add_argument("--speaker")

    p = sub.add_parser("dismiss", parents=[common], help="hide a fact, episode or turn (REF like fact:12)")
    p.add_argument("ref")
    p.add_argument("--reason")
    p = sub.add_parser("restore", parents=[common], help="bring a dismissed item back")
    p.add_argument("ref")
    sub.add_parser("dismissed", parents=[common], help="list dismissed items")
    p = sub.add_parser("pin", parents=[common], help="always inject a fact (the profile card)")
    p.add_argument("fact")
    p.add_argument("--off", action="store_true", help="unpin")
    p = sub.add_parser("edit", parents=[common], help="change how a fact reads (empty text: the original)")
    p.add_argument("fact")
    p.add_argument("text")
    p = sub.add_parser("promote", parents=[common], help="move a personal fact to the household pool")
    p.add_argument("fact")
    p = sub.add_parser("review", parents=[common], help="contradictions waiting for a decision")
    p.add_argument("item", nargs="?", type=int, help="the item to decide")
    p.add_argument("--accept", type=int, metavar="FACT_ID", help="keep this fact current, supersede the others")
    p.add_argument("--keep-both", action="store_true")
    p = sub.add_parser("audit", parents=[common], help="the audit log, newest first")
    p.add_argument("--limit", type=int, default=50)
    p.add_argument("--action")

    p = sub.add_parser("erase", parents=[common], help="delete for good, with a signed receipt")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--ref", help="one item: fact:12, episode:3, turn:40")
    which.add_argument("--speaker", help="a person's whole personal memory")
    which.add_argument("--thread", help="a conversation key")
    which.add_argument("--match", help="every item whose text contains this identifier (lexical)")
    which.add_argument("--before", help="everything before this date")
    p.add_argument("--yes", action="store_true", help="do it without asking")
    p.add_argument("--dry-run", action="store_true", help="only show what would be erased")
    p.add_argument("--receipt", metavar="FILE", help="write the signed receipt here")
    p = sub.add_parser("receipt", parents=[common], help="signed erase receipts")
    rsub = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    v = rsub.add_parser("verify", parents=[common], help="check a receipt's signature: valid, tampered, unknown key")
    v.add_argument("file")
    rsub.add_parser("list", parents=[common], help="the receipts this memory has issued")

    p = sub.add_parser("speakers", parents=[common], help="enrolled voices: enroll, list, identify, rename, remove")
    spk = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    e = spk.add_parser("enroll", parents=[common], help="enroll a person from WAV samples (2 or more)")
    e.add_argument("name")
    e.add_argument("wavs", nargs="+", metavar="WAV")
    e.add_argument("--id", help="re-enroll this existing person instead of creating one")
    spk.add_parser("list", parents=[common], help="the people the memory knows")
    i = spk.add_parser("identify", parents=[common], help="who is speaking in a WAV file: id, band, score")
    i.add_argument("wav")
    r = spk.add_parser("rename", parents=[common])
    r.add_argument("id")
    r.add_argument("name")
    r = spk.add_parser("remove", parents=[common], help="erase a person's voiceprint and samples")
    r.add_argument("id")

    p = sub.add_parser("mcp", parents=[common], help="serve the recall tools and remember over MCP (stdio)")
    p.add_argument("--speaker", help="the identity the tools act for (none: anonymous, recall gives nothing)")
    p.add_argument("--band", choices=("high", "medium", "greeting", "none"))

    p = sub.add_parser("export", parents=[common], help="write the whole memory to a JSON Lines file")
    p.add_argument("file")
    p = sub.add_parser("import", parents=[common], help="load an export into an empty memory")
    p.add_argument("file")

    p = sub.add_parser("context", parents=[common], help="the memory block auto-inject would add")
    p.add_argument("text")
    p.add_argument("--speaker")
    p.add_argument("--band", choices=("high", "medium", "greeting", "none"))

    p = sub.add_parser("generator", parents=[common], help="the LLM: status, test connection, API key")
    gsub = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    gsub.add_parser("status", parents=[common], help="provider, model, answering, degraded passes, tokens")
    gsub.add_parser("test", parents=[common], help="ask the generator for one short answer now")
    k = gsub.add_parser("set-key", parents=[common], help="store the API key, read from stdin, in the OS keyring")
    k.add_argument("--clear", action="store_true", help="remove the stored key instead")

    p = sub.add_parser("settings", parents=[common], help="read or change settings")
    ssub = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    g = ssub.add_parser("get", parents=[common], help="all settings, or one")
    g.add_argument("key", nargs="?")
    s = ssub.add_parser("set", parents=[common], help="change a setting (applied live)")
    s.add_argument("key")
    s.add_argument("value")
    return parser


def _print(args, data, human) -> None:
    if getattr(args, "json", False):
        json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        text = human(data)
        if text:
            print(text)


def _read_turns(path: str):
    handle = sys.stdin if path == "-" else open(path, encoding="utf-8")
    with handle:
        for _number, turn in json_objects(handle, f"{path}: "):
            yield turn


def cmd_ingest(client: HearthClient, args) -> dict:
    # Parse the whole file first: a malformed line commits nothing.
    turns = list(_read_turns(args.file))
    committed = 0
    for i in range(0, len(turns), INGEST_BATCH):
        committed += client.commit_turns(turns[i:i + INGEST_BATCH])["committed"]
    return {"committed": committed}


def _fmt_status(s: dict) -> str:
    e, emb = s["embedder"], s["embedding"]
    model = f"{e['model']} ({e['state']}" + (f", {e['dim']}-d" if e["dim"] else "") + ")"
    if e["error"]:
        model += f" error: {e['error']}"
    lines = [f"hearthd {s['version']} (pid {s['pid']}) up {s['uptime_seconds']}s, data dir {s['data_dir']}",
             f"schema {s['schema_version']}, core.db {s['db_bytes'] / 1e6:.1f} MB",
             f"embedder {model}"]
    if emb["pending"]:
        lines.append(f"embedding {emb['done']}/{emb['total']}" + (" (re-embedding)" if emb["reembedding"] else ""))
    f = s["formation"]
    lines.append(f"formation backlog {f['backlog']}" + (" (a pass is running)" if f["running"] else "")
                 + (f", last pass formed {f['last_pass']['formed']}" if f["last_pass"] else ""))
    lines.append(_fmt_generator(s["generator"]).splitlines()[0] + "; memory "
                 f"{'on' if s['memory']['enabled'] else 'paused'}, recall {s['memory']['recall_mode']}")
    lines.append("counts " + ", ".join(f"{k} {v}" for k, v in s["counts"].items()))
    return "\n".join(lines)


def _fmt_generator(g: dict) -> str:
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


def _read_key() -> str:
    if sys.stdin.isatty():
        import getpass

        return getpass.getpass("API key: ")
    return sys.stdin.readline().strip()


def _fmt_recall(r: dict) -> str:
    lines = []
    for kind in ("facts", "episodes", "turns"):
        for item in r[kind]:
            lines.append(f"{item['ref']:<14} {item['score']:.4f}  {item['text']}")
    return "\n".join(lines) or "nothing found"


def _fmt_facts(facts: list[dict]) -> str:
    return "\n".join(
        f"fact:{f['id']:<6} {f['status']:<10} {f['subject']} {f['predicate']} {f['object']}"
        f"  [{f['valid_from']} .. {f['valid_to'] or 'now'}]" for f in facts) or "no facts"


def _fmt_pass(p: dict) -> str:
    facts = sum(len(f.get("facts") or []) for f in p["formed"])
    episodes = sum(1 for f in p["formed"] if f.get("episode"))
    line = f"ended {p['ended']} sessions, formed {len(p['formed'])}: {facts} facts, {episodes} episodes"
    if p.get("waiting"):
        line += f"; {len(p['waiting'])} waiting for the generator ({p['degraded'] or 'it failed earlier'})"
    if (p.get("tokens") or {}).get("calls"):
        line += f"; generator tokens {p['tokens']['prompt']} prompt + {p['tokens']['completion']} completion"
    return line + (f"; {len(p['failed'])} failed (still pending)" if p["failed"] else "")


def _fmt_window(w: dict) -> str:
    lines = [f"[summary] {w['summary']}"] if w["summary"] else []
    lines += [f"{m['speaker_id'] or m['role']}: {m['text']}" for m in w["messages"]]
    return "\n".join(lines) or f"(no live conversation {w['thread']!r})"


def _fmt_setting(s: dict) -> str:
    return f"{s['key']} = {json.dumps(s['value'])}"


def endpoint(args) -> dict:
    data = resolve_data_dir(getattr(args, "data_dir", None))
    return {"data_dir": str(data), "socket": str(socket_path(data)), "tcp": tcp_address(data),
            "admin_token_file": str(token_path(data, "admin")),
            "assistant_token_file": str(token_path(data, "assistant"))}


def _read_bytes(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise HearthError(f"cannot read {path}: {exc.strerror}") from None


def cmd_speakers(client: HearthClient, args) -> None:
    if args.action == "enroll":
        result = client.enroll(args.name, [_read_bytes(w) for w in args.wavs], args.id)
        _print(args, result, lambda r: f"enrolled {r['id']} ({r['name']}) from {r['samples']} samples")
    elif args.action == "list":
        _print(args, client.speakers(), lambda ss: "\n".join(
            f"{s['id']:<16} {s['name']:<20} {'voice' if s['enrolled'] else 'no voice'}" for s in ss) or "nobody")
    elif args.action == "identify":
        _print(args, client.identify(_read_bytes(args.wav)),
               lambda r: f"{r['speaker'] or '-'} {r['band']} {r['score']:.3f}")
    elif args.action == "rename":
        _print(args, client.rename_speaker(args.id, args.name), lambda r: f"{r['id']} is now {r['name']}")
    else:
        _print(args, client.remove_voice(args.id), lambda r: f"removed the voice of {r['id']}")


ERASE_KINDS = ("ref", "speaker", "thread", "match", "before")


def cmd_erase(client: HearthClient, args) -> dict | None:
    kind = next(k for k in ERASE_KINDS if getattr(args, k))
    value = getattr(args, kind)
    preview = client.erase(kind, value, dry_run=True)
    counts = ", ".join(f"{n} {t}" for t, n in preview["counts"].items() if n) or "nothing"
    if args.dry_run:
        return preview
    if not args.yes:
        if not sys.stdin.isatty():
            raise HearthError(f"would erase {counts}; add --yes to erase without asking")
        answer = input(f"Erase {counts} for good? Type 'erase' to confirm: ")
        if answer.strip() != "erase":
            raise HearthError("nothing erased")
    receipt = client.erase(kind, value)
    if args.receipt:
        with secure_write(Path(args.receipt), "w") as handle:
            json.dump(receipt, handle, indent=2, ensure_ascii=False)
            handle.write("\n")
    return receipt


def cmd_verify(args) -> tuple[int, dict]:
    """Verify offline; when the daemon of this data dir runs, its key is the one trusted."""
    try:
        receipt = json.loads(Path(args.file).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return 1, {"verdict": "malformed", "detail": f"cannot read {args.file}: {exc}"}
    trusted = None
    try:
        with HearthClient.connect(getattr(args, "data_dir", None)) as client:
            trusted = {client.receipts(limit=1)["public_key"]}
    except HearthError:
        pass  # no daemon: the signature alone is checked
    verdict, detail = verify_receipt(receipt, trusted)
    return (0 if verdict == "valid" else 2), {"verdict": verdict, "detail": detail, "key_checked": bool(trusted)}


def run(args) -> int:
    if args.command == "receipt" and args.action == "verify":
        code, result = cmd_verify(args)
        _print(args, result, lambda r: r["verdict"] if r["verdict"] == "valid" else f"{r['verdict']}: {r['detail']}")
        return code
    if args.command == "mcp":
        from .tools.mcp_server import run as run_mcp

        run_mcp(getattr(args, "data_dir", None), args.speaker, args.band)
        return 0
    if args.command == "endpoint":
        _print(args, endpoint(args), lambda e: "\n".join(f"{k} {v}" for k, v in e.items()))
        return 0
    client = HearthClient.connect(getattr(args, "data_dir", None))
    with client:
        if args.command == "status":
            _print(args, client.status(), _fmt_status)
        elif args.command == "ingest":
            _print(args, cmd_ingest(client, args), lambda d: f"committed {d['committed']} turns")
        elif args.command == "recall":
            result = client.recall(args.query, args.speaker, args.band, args.k, args.since, args.until)
            _print(args, result, _fmt_recall)
        elif args.command == "remember":
            result = client.remember(args.text, args.speaker, None, args.subject, args.predicate, args.object, args.pin,
                                     args.valid_from)
            _print(args, result, lambda r: f"{r['action']} {r['fact']['ref']}: {r['fact']['text']}")
        elif args.command == "facts":
            _print(args, client.facts(args.speaker, args.history, args.as_of), _fmt_facts)
        elif args.command == "form":
            if args.now:
                _print(args, client.form_now(args.all), _fmt_pass)
            else:
                _print(args, client.formation(), lambda f: f"backlog {f['backlog']}" +
                       (" (a pass is running)" if f["running"] else ""))
        elif args.command == "window":
            _print(args, client.window(args.thread), _fmt_window)
        elif args.command == "clear-context":
            _print(args, client.clear_context(args.speaker),
                   lambda r: f"cleared {len(r['threads'])} conversations ({r['turns']} turns)")
        elif args.command in ("dismiss", "restore"):
            result = client.dismiss(args.ref, args.reason) if args.command == "dismiss" else client.restore(args.ref)
            _print(args, result, lambda r: f"{args.command}ed {r['ref']}" + ("" if r["changed"] else " (already)"))
        elif args.command == "dismissed":
            _print(args, client.dismissed(), lambda ds: "\n".join(
                f"{d['ref']:<14} {d['actor']:<10} {d['reason'] or ''}" for d in ds) or "nothing dismissed")
        elif args.command == "pin":
            _print(args, client.pin(args.fact, not args.off), lambda r: f"{r['ref']} pinned: {r['pinned']}")
        elif args.command == "edit":
            _print(args, client.edit_fact(args.fact, args.text), lambda r: f"{r['ref']}: {r['display_text']}")
        elif args.command == "promote":
            _print(args, client.promote(args.fact), lambda r: f"{r['ref']} is in the household pool")
        elif args.command == "review":
            if args.item is None:
                _print(args, client.review(), lambda items: "\n".join(
                    f"review:{i['id']} facts {i['facts']}: {i['detail']}" for i in items) or "nothing to review")
            elif bool(args.accept) == bool(args.keep_both):
                raise HearthError("say --accept FACT_ID or --keep-both")
            else:
                result = client.resolve_review(args.item, "accept" if args.accept else "keep_both", args.accept)
                _print(args, result, lambda r: f"review:{r['id']} {r['resolution']}")
        elif args.command == "audit":
            _print(args, client.audit(args.limit, args.action), lambda es: "\n".join(
                f"{iso(e['at'])} {e['actor']:<9} {e['action']:<14} {e['target'] or ''}" for e in es))
        elif args.command == "erase":
            result = cmd_erase(client, args)
            if args.dry_run:
                _print(args, result, lambda r: "would erase " + (", ".join(
                    f"{n} {t}" for t, n in r["counts"].items() if n) or "nothing"))
            else:
                _print(args, result, lambda r: "erased " + (", ".join(
                    f"{n} {t}" for t, n in r["payload"]["counts"].items() if n) or "nothing") +
                    (f"; receipt in {args.receipt}" if args.receipt else ""))
        elif args.command == "receipt":
            _print(args, client.receipts(), lambda r: "\n".join(
                f"receipt:{x['id']} {x['receipt']['payload']['erased_at']} {x['receipt']['payload']['counts']}"
                for x in r["receipts"]) or "no receipts")
        elif args.command == "speakers":
            cmd_speakers(client, args)
        elif args.command == "export":
            with secure_write(Path(args.file), "wb") as handle:
                size = client.export(handle)
            _print(args, {"file": args.file, "bytes": size}, lambda r: f"wrote {r['bytes']} bytes to {r['file']}")
        elif args.command == "import":
            _print(args, client.import_file(args.file), lambda r: "imported " + ", ".join(
                f"{n} {t}" for t, n in r["imported"].items()))
        elif args.command == "context":
            result = client.context(args.text, args.speaker, args.band)
            _print(args, result, lambda r: r["preamble"] or f"(nothing: recall mode {r['mode']})")
        elif args.command == "generator":
            if args.action == "status":
                _print(args, client.generator(), _fmt_generator)
            elif args.action == "test":
                result = client.test_generator()
                _print(args, result, lambda r: f"{r['provider']} {r['model']}: " + (
                    f"answered {r['reply']!r} in {r['seconds']} s" if r["ok"] else f"failed: {r['error']}"))
                return 0 if result["ok"] else 2
            elif args.clear:
                _print(args, client.set_generator_key(None), lambda r: "API key removed")
            else:
                key = _read_key()
                if not key:
                    raise HearthError("no key on stdin (use --clear to remove the stored key)")
                _print(args, client.set_generator_key(key), lambda r: f"API key stored in the {r['source']}" +
                       (f"; {r['warning']}" if r["warning"] else ""))
        elif args.command == "settings":
            if args.action == "get" and args.key:
                _print(args, client.setting(args.key), _fmt_setting)
            elif args.action == "get":
                _print(args, client.settings(), lambda ss: "\n".join(_fmt_setting(s) for s in ss))
            else:
                _print(args, client.set_setting(args.key, args.value), _fmt_setting)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return run(args)
    except DaemonNotRunning as exc:
        print(f"hearthctl: {exc}", file=sys.stderr)
        return 3
    except (HearthError, UserError) as exc:
        print(f"hearthctl: {exc}", file=sys.stderr)
        return 1
    except (OSError, UnicodeDecodeError) as exc:
        print(f"hearthctl: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
