"""Train the extractor's learned reader (hearthd/formation/extraction/reader.py) on the labelled sentence sets.

It learns from every set in bench/data that has been read (bench/extraction.py SETS without NOT_READ): each
labelled fact whose object is said word for word in its sentence becomes a tagged span (its predicate and whose it
is), and a subject named in the sentence a SUBJ span. A sentence with a fact that cannot be found in its words
teaches only its spans, not that its other words are nothing. The heads are written, in half precision, to
resources/extraction_reader.safetensors with what they were trained on; `make` runs this when the file is missing
or older than the sets (it is not kept in the repository).

    .venv/bin/python -m bench.train_reader            # about two minutes on two cores
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time

from .common import log
from .extraction import DATA, NOT_READ, SETS

EPOCHS = 12
HEADS = 3  # averaged: one head's spans near the threshold come and go from one training to the next
HIDDEN = 128  # the BiLSTM's size each way
BATCH = 32


def _find(words: list[str], said: str) -> tuple[int, int] | None:
    want = [w.lower().replace("’", "'") for w in re.findall(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?", said)]
    while want and want[0] in ("a", "an", "the", "my", "our"):
        want = want[1:]
    if not want:
        return None
    for i in range(len(words) - len(want) + 1):
        if words[i : i + len(want)] == want:
            return i, i + len(want)
    return None


def labels_of(case: dict, words: list[tuple[str, int, int]]) -> tuple[list[int], bool]:
    """Each word's label index, and whether every fact of a reader's predicate was found in the words."""
    from hearthd.formation.extraction.reader import LABELS, SPAN_PREDICATES

    index = {label: i for i, label in enumerate(LABELS)}
    low = [w.lower().replace("’", "'") for w, _, _ in words]
    tags, whole = [0] * len(words), True
    for fact in case["facts"]:
        predicate, subject = fact["predicate"], fact["subject"].strip()
        if predicate not in SPAN_PREDICATES:
            continue
        whose = "speaker" if not subject else "household" if subject.lower() == "household" else "other"
        span = _find(low, fact["object"])
        if span is None:
            whole = False
            continue
        if any(tags[i] for i in range(*span)):
            continue
        for i in range(*span):
            tags[i] = index[f"{'B' if i == span[0] else 'I'}-{predicate}@{whose}"]
        if whose == "other" and (said := _find(low, subject)) and not any(tags[i] for i in range(*said)):
            for i in range(*said):
                tags[i] = index["B-SUBJ" if i == said[0] else "I-SUBJ"]
    return tags, whole


def make_head(dim: int, labels: int):
    """The head reader.Head runs: a BiLSTM and one linear layer, with dropout while it learns."""
    import torch

    class Head(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.drop = torch.nn.Dropout(0.3)
            self.lstm = torch.nn.LSTM(dim, HIDDEN, batch_first=True, bidirectional=True)
            self.out = torch.nn.Linear(2 * HIDDEN, labels)

        def forward(self, x):
            return self.out(self.drop(self.lstm(self.drop(x))[0]))

    return Head()


def _train_head(items: list, labels: int, epochs: int, seed: int):
    import torch

    torch.manual_seed(seed)
    rng = random.Random(seed)
    items = list(items)
    head = make_head(items[0][0].shape[1], labels)
    optimiser = torch.optim.Adam(head.parameters(), 1e-3)
    weight = torch.ones(labels)
    weight[0] = 0.5  # "O" is most words: half its weight, so the spans are learned
    loss_of = torch.nn.CrossEntropyLoss(weight=weight, ignore_index=-1)
    for epoch in range(epochs):
        head.train()
        rng.shuffle(items)
        total = 0.0
        for k in range(0, len(items), BATCH):
            batch = items[k : k + BATCH]
            length = max(len(y) for _, y in batch)
            x = torch.zeros(len(batch), length, batch[0][0].shape[1])
            y = torch.full((len(batch), length), -1)
            for i, (xi, yi) in enumerate(batch):
                x[i, : len(yi)], y[i, : len(yi)] = xi, yi
            loss = loss_of(head(x).reshape(-1, labels), y.reshape(-1))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += loss.item()
        log(f"head {seed + 1}, epoch {epoch + 1}/{epochs}: loss {total:.1f}")
    return head.eval()


def table_cases() -> list[dict]:
    """The project table's positive sentences, labelled by the rules' own reading (the table is theirs: 1.00 /
    1.00), with whose each fact is as the rules resolved it."""
    sys.path.insert(0, str(DATA.parents[1]))
    from hearthd.formation.extraction import extract, rules_alone
    from tests.daemon.test_extract_rules import POSITIVES

    cases = []
    for case in POSITIVES:
        facts = []
        for c in rules_alone(extract(case.text, case.role)):
            s = c.subject
            who = "" if s is None else "household" if s.kind == "household" else (s.name or f"my {s.relation}")
            facts.append({"subject": who, "predicate": c.predicate, "object": c.object})
        cases.append({"text": case.text, "facts": facts})
    return cases


def main(argv: list[str] | None = None) -> int:
    import torch
    from safetensors.torch import save_file

    from hearthd.formation.extraction.reader import LABELS, WEIGHTS, Encoder, encoder_folder
    from hearthd.resources import resources_dir

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leave-out", default="", help="sets not to learn from, comma-separated (to validate)")
    parser.add_argument("--out", help="where to write the weights (default: the shipped file under resources/)")
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--heads", type=int, default=HEADS, help="heads trained, each from its own seed")
    parser.add_argument("--with-table", action="store_true", help="also learn the project table's readings")
    args = parser.parse_args(argv)
    left_out = set(args.leave_out.split(",")) | set(NOT_READ)
    names = [n for n in SETS if n not in left_out and (DATA / f"{n}.jsonl").exists()]
    cases = [json.loads(line) for n in names for line in (DATA / f"{n}.jsonl").read_text().splitlines() if line]
    if args.with_table:
        cases += table_cases()
    started = time.monotonic()
    encoder, items = Encoder(encoder_folder()), []
    for k in range(0, len(cases), BATCH):
        batch = cases[k : k + BATCH]
        for case, (words, x) in zip(batch, encoder.features([c["text"] for c in batch])):
            if words:
                tags, whole = labels_of(case, words)
                y = torch.tensor(tags)
                items.append((torch.from_numpy(x), y if whole else torch.where(y == 0, torch.tensor(-1), y)))
    log(f"{len(items)} sentences from {len(names)} sets encoded in {time.monotonic() - started:.0f} s")
    state = {}
    for seed in range(args.heads):
        head = _train_head(items, len(LABELS), args.epochs, seed)
        state.update({f"h{seed}.{k}": v.detach().to(torch.float16).contiguous() for k, v in head.state_dict().items()})
    meta = {"trained_on": ",".join(names + ["table"] * args.with_table), "sentences": str(len(items))}
    out = args.out or str(resources_dir() / WEIGHTS)
    save_file(state, out, metadata={**meta, "epochs": str(args.epochs), "heads": str(args.heads)})
    os.chmod(out, 0o644)  # a file of the source tree (safetensors writes it owner-only)
    log(f"wrote {out} in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(DATA.parents[1] / "daemon"))
    raise SystemExit(main())
