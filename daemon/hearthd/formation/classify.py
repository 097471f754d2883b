"""Predicate classification by anchor sentences: a fact takes the predicate whose anchors it is most similar
to, only when that beats the runner-up by a relative margin (so the rule survives a change of embedding
model); otherwise the catch-all `note`."""

from __future__ import annotations

import threading

import numpy as np

from ..embedding.service import Priority, TextEmbedder

CATCH_ALL = "note"
RELATIVE_MARGIN = 0.05
# Below this the text is about none of the predicates, however the ranking falls (small symmetric models
# score unrelated sentences around 0.1-0.2 and paraphrases above 0.4).
MIN_SIMILARITY = 0.3


# "moved to X": an employer's name is nearer these than a place's by this much (all-MiniLM-L6-v2: employers
# 0.08-0.28 - Vodafone, Nokia, Ericsson, Siemens, Deloitte -, places at most 0.04 - Cork, Braga, Faro -; a name
# under the margin stays a place, the way it was said).
EMPLOYER_ANCHORS = ("a company, an employer", "a firm people work for", "a business")
PLACE_ANCHORS = ("a city, a town", "a place where people live", "a country or region")
EMPLOYER_MARGIN = 0.07


class PredicateClassifier:
    def __init__(self, catalogue: list[dict], embedder: TextEmbedder):
        self.catalogue = [p for p in catalogue if p["name"] != CATCH_ALL]
        self.embedder = embedder
        self._anchors: dict[str, tuple[list[str], np.ndarray]] = {}  # per model id: (predicate per row, vectors)
        self._kinds: dict[str, np.ndarray] = {}  # per model id: the employer and place anchors' vectors
        self._lock = threading.Lock()

    def _anchor_matrix(self, model_id: str) -> tuple[list[str], np.ndarray]:
        with self._lock:
            cached = self._anchors.get(model_id)
        if cached is None:
            names = [p["name"] for p in self.catalogue for _ in p["anchors"]]
            texts = [a for p in self.catalogue for a in p["anchors"]]
            _model, vectors = self.embedder.embed(texts, Priority.BACKGROUND, timeout=None, model_id=model_id)
            cached = (names, vectors)
            with self._lock:
                self._anchors = {model_id: cached}  # one model at a time is enough
        return cached

    def is_employer(self, name: str, model_id: str) -> bool:
        """Whether a name said after "moved to" is an employer rather than a place, by a clear margin."""
        with self._lock:
            kinds = self._kinds.get(model_id)
        if kinds is None:
            texts = [*EMPLOYER_ANCHORS, *PLACE_ANCHORS]
            _model, kinds = self.embedder.embed(texts, Priority.BACKGROUND, timeout=None, model_id=model_id)
            with self._lock:
                self._kinds = {model_id: kinds}
        _model, (vector,) = self.embedder.embed([name], Priority.BACKGROUND, timeout=None, model_id=model_id)
        sims = kinds @ vector
        return float(sims[: len(EMPLOYER_ANCHORS)].max() - sims[len(EMPLOYER_ANCHORS) :].max()) > EMPLOYER_MARGIN

    def classify_note(self, vector: np.ndarray, model_id: str) -> str:
        """A predicate for a statement in words not the catalogue's, among those that supersede nothing by
        themselves: similarity alone never types a statement into a functional, event or slot predicate."""
        return self.classify(vector, model_id, allowed=self.non_superseding)[0]

    @property
    def non_superseding(self) -> frozenset[str]:
        return frozenset(
            p["name"] for p in self.catalogue if not (p.get("functional") or p.get("keyed") or p.get("slot"))
        )

    def classify(self, vector: np.ndarray, model_id: str, allowed: frozenset[str] | None = None) -> tuple[str, float]:
        """(predicate, margin); the catch-all when too close to call (or when the best is not `allowed`)."""
        names, anchors = self._anchor_matrix(model_id)
        sims = anchors @ np.asarray(vector, dtype=np.float32)
        best: dict[str, float] = {}
        for name, sim in zip(names, sims):
            best[name] = max(best.get(name, -1.0), float(sim))
        ranked = sorted(best.items(), key=lambda kv: kv[1], reverse=True)
        if not ranked or ranked[0][1] < MIN_SIMILARITY:
            return CATCH_ALL, 0.0
        top, runner = ranked[0], ranked[1] if len(ranked) > 1 else (CATCH_ALL, 0.0)
        margin = (top[1] - runner[1]) / top[1]
        if allowed is not None and top[0] not in allowed:
            return CATCH_ALL, margin
        return (top[0], margin) if margin >= RELATIVE_MARGIN else (CATCH_ALL, margin)
