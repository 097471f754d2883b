"""Retrieval quality on LoCoMo: turn-level evidence recall@5/@10/@25 of the product's own recall.

    python -m bench.locomo --data ../shared/eval/locomo-dev.json [--json] [--workdir DIR]

Each conversation goes into a fresh data dir through the product's ingest path (`Daemon.commit_turns`): one
thread per session, the session's date as the turn time (turns a few seconds apart, in order), each speaker a
high-band user; a shared photo is kept as "[shares a photo: CAPTION]" after the turn's text. Once every turn is
embedded, each question of categories 1-4 (5, adversarial, has no evidence to find) is asked through
`daemon.recaller.search_all(question, Filters(EVERYTHING), k=25)`, hybrid and with one method alone (FTS5/bm25
only, vector only), and the fraction of its evidence turns among the top k turns is averaged over questions.
Malformed evidence ids (not a turn of the conversation) are skipped.

The data (CC BY-NC 4.0, evaluation only) is read at run time and never copied into the repository.
`--workdir DIR` keeps the built data dirs there and reuses them on the next run (the read path can then be
re-measured without re-embedding); by default they are temporary.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from .common import RESULTS_DIR, log, machine

CATEGORIES = (1, 2, 3, 4)
KS = (5, 10, 25)
MODES = {"hybrid": ("vector", "fts"), "bm25": ("fts",), "dense": ("vector",)}
TURN_SPACING = 5.0  # seconds between consecutive turns of a session
DIA_ID = re.compile(r"^D(\d+):(\d+)$")


def parse_session_time(text: str) -> float:
    """'1:56 pm on 8 May, 2023' -> epoch seconds (UTC)."""
    cleaned = re.sub(r"\s+", " ", text.strip())
    for fmt in ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %B %Y", "%I:%M %p on %B %d, %Y"):
        try:
            return datetime.strptime(cleaned, fmt).replace(tzinfo=timezone.utc).timestamp()
        except ValueError:
            continue
    raise ValueError(f"unrecognised session date: {text!r}")


def speaker_key(name: str) -> str:
    return re.sub(r"\W+", "-", name.strip().lower()).strip("-") or "speaker"


def sessions(conversation: dict) -> list[tuple[int, float, list[dict]]]:
    out = []
    for key, turns in conversation.items():
        m = re.fullmatch(r"session_(\d+)", key)
        if m and isinstance(turns, list) and turns:
            n = int(m.group(1))
            out.append((n, parse_session_time(conversation[f"session_{n}_date_time"]), turns))
    return sorted(out)


def turn_text(turn: dict) -> str:
    text = (turn.get("text") or "").strip()
    caption = (turn.get("blip_caption") or "").strip()
    if caption:
        text = f"{text} [shares a photo: {caption}]".strip()
    return text


def ingest(daemon, sample_id: str, conversation: dict) -> dict[str, int]:
    """Commit every session's turns; returns dia_id -> turn id."""
    from hearthd.formation.ledger import TurnIn

    dia_to_turn: dict[str, int] = {}
    for n, start, turns in sessions(conversation):
        batch, dias = [], []
        for i, turn in enumerate(turns):
            text = turn_text(turn)
            if not text:
                continue
            batch.append(TurnIn(thread=f"{sample_id}-session-{n}", role="user", text=text,
                                speaker=speaker_key(turn["speaker"]), band="high", ts=start + i * TURN_SPACING))
            dias.append(turn["dia_id"])
        for dia, rec in zip(dias, daemon.commit_turns(batch)):
            dia_to_turn[dia] = rec["id"]
    return dia_to_turn


def wait_embedded(daemon, timeout: float = 1800) -> None:
    from .common import wait_for

    if not daemon.embedder.wait_ready(timeout) or daemon.embedder.state != "ready":
        raise RuntimeError(f"embedder not ready: {daemon.embedder.error}")
    model = daemon.embedder.model_id

    def done():
        if daemon.store.vector_model != model:
            return False
        pending = daemon.store.read().execute("SELECT count(*) FROM turns WHERE embed_model IS NOT ?",
                                              (model,)).fetchone()[0]
        return pending == 0 and daemon.backfill.pending == 0

    wait_for(done, timeout, interval=0.2, what="every turn embedded")
    daemon.store.writer.write(lambda tx: None)  # index updates are applied after commit: order us after them


def evaluate(daemon, qa: list[dict], dia_to_turn: dict[str, int], sums: dict, counts: dict) -> None:
    from hearthd.memory.scope import EVERYTHING
    from hearthd.memory.search import Filters

    kmax = max(KS)
    for q in qa:
        if q.get("category") not in CATEGORIES:
            continue
        wanted = {dia_to_turn[e] for e in q.get("evidence") or [] if isinstance(e, str) and e in dia_to_turn}
        if not wanted:
            continue  # no well-formed evidence id
        question = str(q["question"])
        vector = daemon.embedder.embed_query(question, daemon.store.vector_model)
        for mode, methods in MODES.items():
            result = daemon.recaller.search_all(question, Filters(EVERYTHING), k=kmax, query_vector=vector,
                                                methods=methods)
            ids = [t["id"] for t in result["turns"]]
            for k in KS:
                sums[mode][k] += len(wanted & set(ids[:k])) / len(wanted)
        counts["questions"] += 1
        counts.setdefault(f"category_{q['category']}", 0)
        counts[f"category_{q['category']}"] += 1


def open_daemon(data_dir: Path, loader):
    from hearthd.daemon import Daemon

    return Daemon(data_dir, model_loader=loader).start()


def run(data_path: Path, workdir: Path | None) -> dict:
    import functools

    from hearthd.embedding.models import load_sentence_transformer

    loader = functools.lru_cache(maxsize=2)(load_sentence_transformer)  # one model for all the daemons
    samples = json.loads(Path(data_path).read_text())
    root = Path(workdir) if workdir else Path(tempfile.mkdtemp(prefix="hearth-locomo-"))
    root.mkdir(parents=True, exist_ok=True)
    sums = {mode: {k: 0.0 for k in KS} for mode in MODES}
    counts: dict = {"questions": 0, "turns": 0}
    t0 = time.perf_counter()
    try:
        for idx, sample in enumerate(samples):
            sample_id = str(sample.get("sample_id") or f"conv-{idx}")
            data_dir = root / speaker_key(sample_id)
            mapping_file = data_dir / "locomo-dia-ids.json"
            reuse = workdir is not None and mapping_file.exists()
            if not reuse and data_dir.exists():
                shutil.rmtree(data_dir)
            daemon = open_daemon(data_dir, loader)
            try:
                if reuse:
                    dia_to_turn = json.loads(mapping_file.read_text())
                else:
                    dia_to_turn = ingest(daemon, sample_id, sample["conversation"])
                wait_embedded(daemon)
                if not reuse:
                    mapping_file.write_text(json.dumps(dia_to_turn))
                counts["turns"] += len(dia_to_turn)
                before = counts["questions"]
                evaluate(daemon, sample["qa"], dia_to_turn, sums, counts)
                log(f"{sample_id}: {len(dia_to_turn)} turns, {counts['questions'] - before} questions"
                    f"{' (reused data dir)' if reuse else ''}")
            finally:
                daemon.stop()
    finally:
        if workdir is None:
            shutil.rmtree(root, ignore_errors=True)
    n = max(1, counts["questions"])
    figures = {mode: {str(k): round(100 * sums[mode][k] / n, 1) for k in KS} for mode in MODES}
    return {"figures": figures, "counts": counts, "seconds": round(time.perf_counter() - t0, 1)}


def write_markdown(result: dict, data_path: Path, out: Path) -> None:
    f, c, m = result["figures"], result["counts"], machine()
    lines = [
        "# LoCoMo retrieval quality (turn-level evidence recall)",
        "",
        f"Data: `{data_path.name}` ({c['turns']} turns, {c['questions']} questions of categories 1-4). "
        "Recall@k: share of a question's evidence turns among the top k turns of "
        "`recaller.search_all(question, Filters(EVERYTHING), k=25)`, averaged over questions.",
        "",
        "| retrieval | recall@5 | recall@10 | recall@25 |",
        "| --- | ---: | ---: | ---: |",
    ]
    names = {"hybrid": "hybrid (vector + FTS5, RRF)", "bm25": "BM25 only (FTS5)", "dense": "dense only (vector)"}
    for mode in MODES:
        lines.append(f"| {names[mode]} | {f[mode]['5']} | {f[mode]['10']} | {f[mode]['25']} |")
    lines += ["", "Target: hybrid recall@10 >= 70 (the LoCoMo paper's DRAGON retriever: 66.2).", "",
              f"Measured {m['date']} on {m['nproc']} cores ({m['cpu']}), Python {m['python']}, "
              f"{result['seconds']} s. Command: `python -m bench.locomo --data {data_path}`", ""]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.locomo", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", required=True, type=Path, help="a LoCoMo JSON file (e.g. ../shared/eval/locomo-dev.json)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object on the last line")
    p.add_argument("--workdir", type=Path, help="keep the built data dirs here and reuse them on later runs")
    p.add_argument("--out", type=Path, default=RESULTS_DIR / "locomo.md", help="Markdown results file")
    args = p.parse_args(argv)
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    result = run(args.data, args.workdir)
    write_markdown(result, args.data, args.out)
    f = result["figures"]
    for mode in MODES:
        print(f"{mode:7s} recall@5 {f[mode]['5']:5.1f}  @10 {f[mode]['10']:5.1f}  @25 {f[mode]['25']:5.1f}",
              file=sys.stderr if args.json else sys.stdout)
    if args.json:
        print(json.dumps(f))
    return 0


if __name__ == "__main__":
    sys.exit(main())
