"""Retrieval quality on LoCoMo: turn-level evidence recall@5/@10/@25 of the product's own recall.

    python -m bench.locomo --data ../shared/eval/locomo-dev.json [--json] [--workdir DIR] [--model REF]

Each conversation goes into a fresh data dir through the product's ingest path (`Daemon.commit_turns`): one
thread per session, the session's date as the turn time (turns a few seconds apart, in order), each speaker a
high-band user; a shared photo is kept as "[shares a photo: CAPTION]" after the turn's text. Once every turn is
embedded, each question of categories 1-4 (5, adversarial, has no evidence to find) is asked through
`daemon.recaller.search_all(question, Filters(EVERYTHING), k=25)`, hybrid and with one method alone (FTS5/bm25
only, vector only), and the fraction of its evidence turns among the top k turns is averaged over questions.
Malformed evidence ids (not a turn of the conversation) are skipped.

`--haystack N` asks the same questions of a large memory instead: every conversation goes into one copy of
the benchmark data dir of N household turns (bench/dataset.py, with N/5 facts and N/50 episodes), so each
question competes with N unrelated turns as on a household's years of memory; the figures with keyword search on
FTS5 within its match budget (FTS_MATCH_BUDGET: the product before its in-memory keyword index) are reported
beside.

The data (CC BY-NC 4.0, evaluation only) is read at run time and never copied into the repository.
`--workdir DIR` keeps the built data dirs there and reuses them on the next run (the read path can then be
re-measured without re-embedding); by default they are temporary. `--model REF` sets `embedder.model` in each
data dir before its daemon starts (e.g. all-mpnet-base-v2; default: the bundled all-MiniLM-L6-v2); the results
file is then named after it (locomo-all-mpnet-base-v2.md).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from .common import RESULTS_DIR, log, measured_line

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
            return datetime.strptime(cleaned, fmt).replace(tzinfo=UTC).timestamp()
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
            batch.append(
                TurnIn(
                    thread=f"{sample_id}-session-{n}",
                    role="user",
                    text=text,
                    speaker=speaker_key(turn["speaker"]),
                    band="high",
                    ts=start + i * TURN_SPACING,
                )
            )
            dias.append(turn["dia_id"])
        for dia, rec in zip(dias, daemon.ops.conversation.commit_turns(batch)["turns"]):
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
        with daemon.store.reading() as conn:
            pending = conn.execute("SELECT count(*) FROM turns WHERE embed_model IS NOT ?", (model,)).fetchone()[0]
        return pending == 0 and daemon.backfill.pending == 0

    wait_for(done, timeout, interval=0.2, what="every turn embedded")
    daemon.store.writer.write(lambda tx: None)  # index updates are applied after commit: order us after them


def questions_with_evidence(qa: list[dict], to_id: dict):
    """(question record, its text, its evidence as ids) for each question of CATEGORIES with well-formed
    evidence; malformed ids (not a turn of the conversation) are skipped."""
    for q in qa:
        if q.get("category") not in CATEGORIES:
            continue
        wanted = {to_id[e] for e in q.get("evidence") or [] if isinstance(e, str) and e in to_id}
        if wanted:
            yield q, str(q["question"]), wanted


def add_recall(sums: dict, wanted: set, ids: list) -> None:
    """Adds the share of `wanted` among the first k of `ids` to sums[k], for each k of KS."""
    for k in KS:
        sums[k] += len(wanted & set(ids[:k])) / len(wanted)


def evaluate(daemon, qa: list[dict], dia_to_turn: dict[str, int], sums: dict, counts: dict) -> None:
    from hearthd.memory.scope import EVERYTHING
    from hearthd.memory.search import Filters

    kmax = max(KS)
    for q, question, wanted in questions_with_evidence(qa, dia_to_turn):
        vector = daemon.embedder.embed_query(question, daemon.store.vector_model)
        for mode, methods in MODES.items():
            result = daemon.recaller.search_all(
                question, Filters(EVERYTHING), k=kmax, query_vector=vector, methods=methods
            )
            add_recall(sums[mode], wanted, [t["id"] for t in result["turns"]])
        counts["questions"] += 1
        counts.setdefault(f"category_{q['category']}", 0)
        counts[f"category_{q['category']}"] += 1


def with_model(data_dir: Path, model: str | None) -> Path:
    """The data dir, with `embedder.model` stored in its settings (validated, as a household would set it), so
    its daemon starts on that model; None leaves the default."""
    if model is None:
        return data_dir
    from hearthd.settings import Settings
    from hearthd.store.database import Store

    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    store = Store(data_dir)
    try:
        Settings().set(store.writer, "embedder.model", model, actor="bench")
    finally:
        store.close()
    return data_dir


def open_daemon(data_dir: Path, loader, model: str | None = None):
    from hearthd.daemon import Daemon

    return Daemon(with_model(data_dir, model), model_loader=loader).start()


def run(data_path: Path, workdir: Path | None, model: str | None = None) -> dict:
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
            daemon = open_daemon(data_dir, loader, model)
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
                log(
                    f"{sample_id}: {len(dia_to_turn)} turns, {counts['questions'] - before} questions"
                    f"{' (reused data dir)' if reuse else ''}"
                )
            finally:
                daemon.stop()
    finally:
        if workdir is None:
            shutil.rmtree(root, ignore_errors=True)
    n = max(1, counts["questions"])
    figures = {mode: {str(k): round(100 * sums[mode][k] / n, 1) for k in KS} for mode in MODES}
    return {"figures": figures, "counts": counts, "seconds": round(time.perf_counter() - t0, 1)}


def run_haystack(data_path: Path, haystack_turns: int, model: str | None = None) -> dict:
    """All conversations in one copy of the N-turn benchmark data dir; evaluated as the product searches (the
    keyword index, every word) and with keyword search on FTS5 within its match budget. Another model than the
    dataset's re-embeds all of it when the daemon starts."""
    from .common import in_process_daemon
    from .dataset import ensure_dataset, sizes_for, working_copy

    samples = json.loads(Path(data_path).read_text())
    t0 = time.perf_counter()
    dataset = ensure_dataset(*sizes_for(haystack_turns))
    # another model than the dataset's re-embeds the whole memory before the daemon is handed over: hours, slowly
    timeout = 900 if model is None else 4 * 3600
    with working_copy(dataset) as data_dir, in_process_daemon(with_model(data_dir, model), timeout) as daemon:
        mappings = [
            ingest(daemon, str(sample.get("sample_id") or f"conv-{idx}"), sample["conversation"])
            for idx, sample in enumerate(samples)
        ]
        wait_embedded(daemon)
        from .recall import exact_agreement

        questions = [str(q["question"]) for sample in samples for q in sample["qa"] if q.get("category") in CATEGORIES]
        vectors = [daemon.embedder.embed_query(q, daemon.store.vector_model) for q in questions]
        # the inverted file was trained on the household turns, not on these conversations
        result = {"haystack_turns": haystack_turns, "two_stage_top10_agreement_pct": exact_agreement(daemon, vectors)}
        keywords_kept = daemon.store.keywords
        for label, keywords in (("figures", keywords_kept), ("fts5_budget", {})):
            daemon.store.keywords = keywords  # {}: FTS5, the way keyword search went while the index loads
            sums = {mode: {k: 0.0 for k in KS} for mode in MODES}
            counts_q: dict = {"questions": 0, "turns": sum(len(m) for m in mappings)}
            for sample, mapping in zip(samples, mappings):
                evaluate(daemon, sample["qa"], mapping, sums, counts_q)
            n = max(1, counts_q["questions"])
            result[label] = {mode: {str(k): round(100 * sums[mode][k] / n, 1) for k in KS} for mode in MODES}
            result["counts"] = counts_q
            log(f"haystack {haystack_turns}, {label}: {result[label]}")
        daemon.store.keywords = keywords_kept
    result["seconds"] = round(time.perf_counter() - t0, 1)
    return result


def write_markdown(result: dict, data_path: Path, out: Path) -> None:
    f, c = result["figures"], result["counts"]
    haystack, model = result.get("haystack_turns"), result.get("model")
    where = (
        f"all conversations in one memory with {haystack:,} unrelated household turns (+ {haystack // 5:,} "
        f"facts, {haystack // 50:,} episodes)"
        if haystack
        else "each conversation in its own data dir"
    )
    lines = [
        "# LoCoMo retrieval quality (turn-level evidence recall)"
        + (" in a large memory" if haystack else "")
        + (f" with {model}" if model else ""),
        "",
        f"Data: `{data_path.name}` ({c['turns']} turns, {c['questions']} questions of categories 1-4), {where}. "
        "Recall@k: share of a question's evidence turns among the top k turns of "
        "`recaller.search_all(question, Filters(EVERYTHING), k=25)`, averaged over questions.",
        "",
        "| retrieval | recall@5 | recall@10 | recall@25 |",
        "| --- | ---: | ---: | ---: |",
    ]
    names = {"hybrid": "hybrid (vector + BM25, RRF)", "bm25": "BM25 only", "dense": "dense only (vector)"}
    tables = [("", f)] + ([(", FTS5 within the budget", result["fts5_budget"])] if "fts5_budget" in result else [])
    for suffix, figures in tables:
        for mode in MODES:
            if suffix and mode == "dense":
                continue  # the keyword search does not touch the vector track
            lines.append(
                f"| {names[mode]}{suffix} | {figures[mode]['5']} | {figures[mode]['10']} | {figures[mode]['25']} |"
            )
    command = (
        f"python -m bench.locomo --data {data_path}"
        + (f" --haystack {haystack}" if haystack else "")
        + (f" --model {model}" if model else "")
    )
    lines += [""]
    if haystack:
        agreement = result["two_stage_top10_agreement_pct"]
        lines += [
            "BM25 is the in-memory keyword index (every word of the question, ranked as FTS5's bm25). The rows "
            '"FTS5 within the budget" search FTS5 as the product did before it, with a question\'s words rarest '
            "first within the keyword match budget.",
            "",
            "The vector search (its inverted file trained on the household turns, not on these conversations, "
            f"which are scanned exactly as rows written since): {agreement['turns']} % of its top 10 turns for these "
            "questions score at least "
            f"the exact scan's 10th (facts {agreement['facts']} %, episodes {agreement['episodes']} %).",
            "",
        ]
    else:
        lines += ["Target: hybrid recall@10 >= 70 (the LoCoMo paper's DRAGON retriever: 66.2).", ""]
    lines += [
        measured_line(result["seconds"], command),
        "",
    ]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m bench.locomo", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--data", required=True, type=Path, help="a LoCoMo JSON file (e.g. ../shared/eval/locomo-dev.json)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object on the last line")
    p.add_argument("--workdir", type=Path, help="keep the built data dirs here and reuse them on later runs")
    p.add_argument(
        "--haystack",
        type=int,
        metavar="N",
        help="ask in one memory holding N benchmark household turns besides the conversations",
    )
    p.add_argument(
        "--model",
        metavar="REF",
        help="embedder.model of each data dir, e.g. all-mpnet-base-v2 (default: the bundled all-MiniLM-L6-v2)",
    )
    p.add_argument(
        "--out",
        type=Path,
        help="Markdown results file (default bench/results/locomo.md, or locomo-haystack-Nk.md; with --model "
        "its name after the model, e.g. locomo-all-mpnet-base-v2.md)",
    )
    args = p.parse_args(argv)
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    named = f"-{speaker_key(args.model.rsplit('/', 1)[-1])}" if args.model else ""  # the model in the file name
    if args.haystack:
        result = run_haystack(args.data, args.haystack, args.model)
        out = args.out or RESULTS_DIR / f"locomo-haystack-{args.haystack // 1000}k{named}.md"
    else:
        result = run(args.data, args.workdir, args.model)
        out = args.out or RESULTS_DIR / f"locomo{named}.md"
    if args.model:
        result["model"] = args.model
    write_markdown(result, args.data, out)
    f = result["figures"]
    for mode in MODES:
        print(
            f"{mode:7s} recall@5 {f[mode]['5']:5.1f}  @10 {f[mode]['10']:5.1f}  @25 {f[mode]['25']:5.1f}",
            file=sys.stderr if args.json else sys.stdout,
        )
    if args.json:
        print(json.dumps(f))
    return 0


if __name__ == "__main__":
    sys.exit(main())
