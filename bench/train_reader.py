"""Train the extractor's learned reader (hearthd/formation/extraction/reader.py) on the labelled sentence sets.

It learns from every set in bench/data that has been read (bench/extraction.py SETS without NOT_READ): each
labelled fact whose object is said word for word in its sentence becomes a tagged span (its predicate and whose it
is), and a subject named in the sentence a SUBJ span. A sentence with a fact that cannot be found in its words
teaches only its spans, not that its other words are nothing. The head is written, in half precision, to
resources/extraction_reader.safetensors with what it was trained on.

    .venv/bin/python -m bench.train_reader            # about two minutes on two cores
"""

from __future__ import annotations

import json
import random
import re
import sys
import time

from .common import log
from .extraction import DATA, NOT_READ, SETS

EPOCHS = 12
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


def main() -> int:
    import torch
    from safetensors.torch import save_file

    from hearthd.formation.extraction.reader import LABELS, WEIGHTS, Encoder, make_head
    from hearthd.resources import resources_dir

    torch.manual_seed(0)
    random.seed(0)
    names = [n for n in SETS if n not in NOT_READ and (DATA / f"{n}.jsonl").exists()]
    cases = [json.loads(line) for n in names for line in (DATA / f"{n}.jsonl").read_text().splitlines() if line]
    started = time.monotonic()
    encoder, items = Encoder(), []
    for k in range(0, len(cases), BATCH):
        batch = cases[k : k + BATCH]
        for case, (words, x) in zip(batch, encoder.features([c["text"] for c in batch])):
            if words:
                tags, whole = labels_of(case, words)
                y = torch.tensor(tags)
                items.append((x, y if whole else torch.where(y == 0, torch.tensor(-1), y)))
    log(f"{len(items)} sentences from {len(names)} sets encoded in {time.monotonic() - started:.0f} s")
    head = make_head(items[0][0].shape[1])
    optimiser = torch.optim.Adam(head.parameters(), 1e-3)
    weight = torch.ones(len(LABELS))
    weight[0] = 0.5  # "O" is most words: half its weight, so the spans are learned
    loss_of = torch.nn.CrossEntropyLoss(weight=weight, ignore_index=-1)
    for epoch in range(EPOCHS):
        head.train()
        random.shuffle(items)
        total = 0.0
        for k in range(0, len(items), BATCH):
            batch = items[k : k + BATCH]
            length = max(len(y) for _, y in batch)
            x = torch.zeros(len(batch), length, batch[0][0].shape[1])
            y = torch.full((len(batch), length), -1)
            for i, (xi, yi) in enumerate(batch):
                x[i, : len(yi)], y[i, : len(yi)] = xi, yi
            loss = loss_of(head(x).reshape(-1, len(LABELS)), y.reshape(-1))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += loss.item()
        log(f"epoch {epoch + 1}/{EPOCHS}: loss {total:.1f}")
    state = {k: v.detach().to(torch.float16).contiguous() for k, v in head.state_dict().items()}
    meta = {"trained_on": ",".join(names), "sentences": str(len(items)), "epochs": str(EPOCHS)}
    save_file(state, str(resources_dir() / WEIGHTS), metadata=meta)
    log(f"wrote {resources_dir() / WEIGHTS} in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(DATA.parents[1] / "daemon"))
    raise SystemExit(main())
