"""Commands of forgetting: erase with a receipt, verify receipts, export and import."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

from ..api.client import HearthClient, HearthError
from ..forgetting.receipts import trusted_keys, verify_receipt
from ..paths import data_dir, secure_write
from ..store.connection import open_connection
from .table import arg, command

SELECTORS = ("ref", "speaker", "thread", "match", "before", "range")


def counts_text(counts: dict) -> str:
    return ", ".join(f"{n} {table}" for table, n in counts.items() if n) or "nothing"


def show_erase(r: dict) -> str:
    if "payload" not in r:
        return "would erase " + counts_text(r["counts"]) + _preview_notes(r)
    line = "erased " + counts_text(r["payload"]["counts"])
    if r.get("checkpoint") == "pending":
        line += " (a reader outside Hearth holds the WAL: it is scrubbed as soon as that read ends)"
    elif r.get("verified", {}).get("found") == 0 and r["verified"].get("needles"):
        line += " (core.db and its WAL scanned: none of it left)"
    return line + (f"; receipt in {r['saved_to']}" if r.get("saved_to") else "")


CLI_ROWS_SHOWN = 10


def _preview_notes(r: dict) -> str:
    notes = ""
    rows = r.get("rows") or []
    for row in rows[:CLI_ROWS_SHOWN]:
        notes += f"\n  {row['ref']} {row['who'] or 'household'} {(row['when'] or '')[:10]}: {row['text']}"
    more = len(rows) - CLI_ROWS_SHOWN + (r.get("rows_not_shown") or 0)
    if rows and more > 0:
        notes += f"\n  ... and {more} more"
    if r.get("tokens"):
        notes += "\nit matches: " + ", ".join(r["tokens"])
    if r.get("kept_household"):
        kept = counts_text(r["kept_household"])
        notes += f"\nthe household keeps {kept} made from their words (add --include-household to erase those too)"
    return notes


@command(
    "erase",
    "delete for good, with a signed receipt",
    ops=("erase",),
    show=show_erase,
    exclusive=SELECTORS,
    args=(
        arg("--ref", help="one item: fact:12, episode:3, turn:40"),
        arg("--speaker", help="a person's whole personal memory"),
        arg("--thread", help="a conversation key"),
        arg("--match", help="every item whose text contains this identifier (lexical)"),
        arg("--before", help="everything before this date"),
        arg("--range", metavar="FROM..TO", help="everything in this time range (half-open; one side may be left out)"),
        arg("--yes", action="store_true", help="do it without asking"),
        arg("--dry-run", action="store_true", help="only show what would be erased"),
        arg(
            "--include-household",
            action="store_true",
            help="with --speaker: also the household's facts and episodes made from their words",
        ),
        arg("--receipt", metavar="FILE", help="write the signed receipt here"),
    ),
)
def erase(client, args) -> dict:
    kind = next(k for k in SELECTORS if getattr(args, k))
    value = getattr(args, kind)
    household = bool(getattr(args, "include_household", False))
    preview = client.erase(kind, value, dry_run=True, include_household=household)
    if args.dry_run:
        return preview
    if not args.yes:
        counts = counts_text(preview["counts"]) + _preview_notes(preview)
        if not sys.stdin.isatty():
            raise HearthError(f"would erase {counts}; add --yes to erase without asking")
        if input(f"Erase {counts} for good? Type 'erase' to confirm: ").strip() != "erase":
            raise HearthError("nothing erased")
    receipt = client.erase(kind, value, include_household=household)
    if args.receipt:
        with secure_write(Path(args.receipt), "w") as handle:
            json.dump(receipt, handle, indent=2, ensure_ascii=False)
            handle.write("\n")
        receipt = dict(receipt, saved_to=args.receipt)
    return receipt


def _verify(_client, args) -> dict:
    """Offline: the keys this home trusts come from its daemon when it runs, else from its core.db (its own
    receipts and those an import brought); with neither, a valid signature is "key not checked"."""
    try:
        receipt = json.loads(Path(args.file).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return {"verdict": "malformed", "detail": f"cannot read {args.file}: {exc}", "key_checked": False}
    trusted = _trusted_keys(getattr(args, "data_dir", None))
    verdict, detail = verify_receipt(receipt, trusted or None)
    if verdict == "valid" and not trusted:
        verdict, detail = "key not checked", f"signature valid but key not checked: {detail} (no home key found)"
    return {"verdict": verdict, "detail": detail, "key_checked": bool(trusted)}


def _trusted_keys(data_dir_arg) -> set[str]:
    try:
        with HearthClient.connect(data_dir_arg) as client:
            listed = client.receipts(limit=1)
            return set(listed.get("trusted_keys") or [listed["public_key"]])
    except HearthError:
        pass  # no daemon: the home's receipts on disk name its keys
    db = data_dir(data_dir_arg) / "core.db"
    if not db.exists():
        return set()
    try:
        conn = open_connection(db, readonly=True)
    except sqlite3.Error:
        return set()
    try:
        return trusted_keys(conn)
    except sqlite3.Error:
        return set()
    finally:
        conn.close()


command(
    "receipt verify",
    "check a receipt's signature: valid, tampered, unknown key",
    ops=("receipts",),
    args=(arg("file"),),
    offline=True,
    exit_code=lambda r: 0 if r["verdict"] == "valid" else 2,
    show=lambda r: r["verdict"] if r["verdict"] == "valid" else f"{r['verdict']}: {r['detail']}",
)(_verify)


@command(
    "receipt list",
    "the receipts this memory has issued",
    ops=("receipts",),
    show=lambda r: (
        "\n".join(
            f"receipt:{x['id']} {x['receipt']['payload']['erased_at']} {x['receipt']['payload']['counts']}"
            for x in r["receipts"]
        )
        or "no receipts"
    ),
)
def receipt_list(client, args):
    return client.receipts()


@command(
    "export",
    "write the whole memory to a JSON Lines file",
    ops=("export",),
    args=(arg("file"),),
    show=lambda r: f"wrote {r['bytes']} bytes to {r['file']}",
)
def export(client, args):
    path = Path(args.file)
    try:
        with secure_write(path, "wb") as handle:
            size = client.export(handle)
        complete = _ends_with_footer(path)
    except Exception:
        path.unlink(missing_ok=True)
        raise
    if not complete:
        # cut off: an erase ended it (and what was written may hold the erased text), or the daemon stopped
        path.unlink(missing_ok=True)
        raise HearthError(
            "the export was cut off (an erase ended it, or the daemon stopped); nothing was kept: export again"
        )
    return {"file": args.file, "bytes": size}


def _ends_with_footer(path: Path) -> bool:
    with open(path, "rb") as handle:
        handle.seek(max(0, path.stat().st_size - 4096))
        last = handle.read().rstrip(b"\n").rsplit(b"\n", 1)[-1]
    try:
        return json.loads(last).get("end") is True
    except (ValueError, AttributeError):
        return False


@command(
    "import",
    "load an export into an empty memory",
    ops=("import_file",),
    args=(arg("file"),),
    show=lambda r: "imported " + ", ".join(f"{n} {t}" for t, n in r["imported"].items()),
)
def import_file(client, args):
    return client.import_file(args.file)


def _mapping(pairs: list[str]) -> dict[str, str | None]:
    """--map NAME=ID (ID empty or '-': an anonymous voice)."""
    mapping: dict[str, str | None] = {}
    for pair in pairs or []:
        name, sep, person = pair.partition("=")
        if not sep or not name:
            raise HearthError(f"--map wants NAME=ID (the file's name, then the Hearth person), got {pair!r}")
        mapping[name] = person.strip() if person.strip() not in ("", "-") else None
    return mapping


def show_import(r: dict) -> str:
    who = ", ".join(f"{n} -> {p or 'anonymous'}" for n, p in r["speakers"].items()) or "nobody named"
    lines = [
        ("would import" if r["dry_run"] else "imported")
        + f" {r['turns'] if r['dry_run'] else r['committed']} turns from {r['source']} "
        f"({r['first']} to {r['last']}) in {len(r['threads'])} conversation(s); speakers: {who}",
    ]
    lines += [f"left out {n}: {why}" for why, n in r["skipped"].items()]
    if r["dry_run"]:
        lines += [f"  {t['ts']} {t['speaker'] or t['role']}: {t['text']}" for t in r["sample"]]
        if r["unmapped"]:
            lines.append(
                "say who these are with --map NAME=ID (ID '-' for an anonymous voice): " + ", ".join(r["unmapped"])
            )
        else:
            lines.append("nothing was written; run again with --yes to import")
    else:
        lines.append("formation forms facts and episodes from them in the background (hearthctl status: backlog)")
    return "\n".join(lines)


@command(
    "import-from",
    "bring in another store's memories (mem0) or an assistant's old transcripts, as turns (dry run first)",
    ops=("import_from",),
    args=(
        arg("source", choices=("mem0", "transcripts")),
        arg("file"),
        arg("--map", action="append", metavar="NAME=ID", help="who a speaker of the file is in Hearth (repeat)"),
        arg("--yes", action="store_true", help="import (without it: the dry run only)"),
    ),
    show=show_import,
)
def import_from(client, args):
    speakers = _mapping(args.map)
    preview = client.import_from(args.source, args.file, speakers, dry_run=True)
    if preview["unmapped"] and sys.stdin.isatty():
        for name in preview["unmapped"]:  # asked in a terminal; the default is a person of the same name
            answer = input(f"who is {name!r} in Hearth? [{name}] (- for an anonymous voice): ").strip()
            speakers[name] = None if answer == "-" else (answer or name)
        preview = client.import_from(args.source, args.file, speakers, dry_run=True)
    if not args.yes or preview["unmapped"]:
        return preview
    return client.import_from(args.source, args.file, speakers, dry_run=False)
