"""Keywords: the in-memory BM25 index searched on the read path, one per track, beside the vector tracks.

FTS5 computes bm25 for every row a query matches before it knows the best (~1 us a row), so on a large memory a
question of everyday words cost most of a recall, and only its rarest words could be searched. This index keeps
each word's rows (postings) as numpy arrays: a query scores every matching row in ~20 ns, with every word. It
holds live rows only (as the vector tracks do), is updated on the writer thread after every commit, and ranks as
FTS5's bm25 does (k1 1.2, b 0.75, the same tokens: unicode61 with diacritics removed, then the Porter stemmer),
so FTS5 stays the fallback while it loads. Scores are negative, lower is better, as SQLite reports them.
"""

from __future__ import annotations

import math
import re
import threading
import unicodedata
import zlib
from collections import Counter

import numpy as np
import Stemmer  # type: ignore[import-not-found]  # PyStemmer ships no stubs

from .vectors import HOUSEHOLD, VectorFilter, admitted, grown

# Words that would make nearly every row a hit; the vector track covers their meaning. Never indexed.
STOPWORDS = frozenset(
    """a about above after again all am an and any are as at be been before being below between
both but by can could did do does doing down during each few for from further had has have having he her here
hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off
on once only or other our ours ourselves out over own same she should so some such than that the their theirs
them themselves then there these they this those through to too under until up very was we were what when where
which while who whom why will with would you your yours yourself yourselves s t don didn""".split()
)

K1 = 1.2
B = 0.75
MIN_IDF = 1e-6  # FTS5's floor for a word in more than half the rows
_TOKEN = re.compile(r"[^\W_]+")  # unicode61: letters and digits; punctuation (the underscore too) separates
_stemmer = Stemmer.Stemmer("porter")
_stems: dict[str, str] = {}


def _fold(text: str) -> str:
    """Lower case without diacritics (unicode61's remove_diacritics)."""
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in text if not unicodedata.combining(c)) if not text.isascii() else text


def stem(word: str) -> str:
    found = _stems.get(word)
    if found is None:
        found = _stemmer.stemWord(word)
        if len(_stems) < 200_000:
            _stems[word] = found
    return found


def tokens(text: str) -> list[str]:
    """Every token of the text as FTS5 would index it (the row's length counts them all)."""
    return _TOKEN.findall(_fold(text))


def terms_of(words) -> list[str]:
    """The index's terms for the given query words (tokenized as rows are, stemmed, stopwords left out), in
    order. Two words of one stem ("going", "go") give it twice: FTS5 ORs them, and a row matching counts both."""
    return [stem(t) for t in tokens(" ".join(words)) if t not in STOPWORDS]


class _Postings:
    """One term's rows: slots and term frequencies, grown by doubling."""

    __slots__ = ("slots", "tfs", "n")

    def __init__(self, capacity: int = 4):
        self.slots = np.empty(capacity, dtype=np.int32)
        self.tfs = np.empty(capacity, dtype=np.uint16)
        self.n = 0

    def extend(self, slots: np.ndarray, tfs: np.ndarray) -> None:
        need = self.n + len(slots)
        if need > len(self.slots):
            cap = max(need, 2 * len(self.slots))
            self.slots, self.tfs = grown(self.slots, cap, self.n), grown(self.tfs, cap, self.n)
        self.slots[self.n : need] = slots
        self.tfs[self.n : need] = tfs
        self.n = need


class KeywordTrack:
    """One track's BM25 index. A row is a slot; an updated or removed row leaves a dead slot behind (its postings
    are skipped), and the slots are compacted when the dead outnumber the live."""

    def __init__(self, name: str, capacity: int = 1024):
        self.name = name
        self._lock = threading.RLock()
        self._slots = 0  # slots used, dead ones included
        self._live = 0
        self._total_len = 0
        self._ids = np.zeros(capacity, dtype=np.int64)
        self._owners = np.zeros(capacity, dtype=np.int32)
        self._times = np.zeros(capacity, dtype=np.float64)
        self._speakers = np.zeros(capacity, dtype=np.int32)
        self._lengths = np.zeros(capacity, dtype=np.int32)
        self._alive = np.zeros(capacity, dtype=bool)
        self._digests = np.zeros(capacity, dtype=np.uint32)  # of the text: an unchanged text is not re-indexed
        self._pos: dict[int, int] = {}
        self._postings: dict[str, _Postings] = {}
        self._said: Counter[int] = Counter()  # live rows per speaker code
        self._sums = np.zeros(0, dtype=np.float64)  # a search's summed scores by slot (zero between searches)

    def __len__(self) -> int:
        return self._live

    def __contains__(self, row_id: int) -> bool:
        return int(row_id) in self._pos

    def upsert(self, row_id: int, text: str, owner: int, ts: float, speaker: int = HOUSEHOLD) -> None:
        self.upsert_many([row_id], [text], [owner], [ts], [speaker])

    def upsert_many(self, ids, texts, owners, times, speakers=None) -> None:
        with self._lock:
            fresh = []
            for i, row_id in enumerate(ids):
                row_id = int(row_id)
                digest = zlib.crc32(texts[i].encode())
                speaker = HOUSEHOLD if speakers is None else speakers[i]
                slot = self._pos.get(row_id)
                if slot is not None and self._digests[slot] == digest:  # the same text: no re-index
                    self._said[int(self._speakers[slot])] -= 1
                    self._said[int(speaker)] += 1
                    self._owners[slot], self._times[slot], self._speakers[slot] = owners[i], times[i], speaker
                    continue
                if slot is not None:
                    self._kill(slot)
                fresh.append((row_id, texts[i], owners[i], times[i], speaker, digest))
            if fresh:
                self._add(fresh)

    def _add(self, rows) -> None:
        self._grow(self._slots + len(rows))
        by_term: dict[str, tuple[list[int], list[int]]] = {}
        for row_id, text, owner, ts, speaker, digest in rows:
            slot = self._slots
            self._slots += 1
            words = tokens(text)
            self._ids[slot], self._owners[slot], self._times[slot], self._speakers[slot] = row_id, owner, ts, speaker
            self._lengths[slot], self._alive[slot], self._digests[slot] = len(words), True, digest
            self._pos[row_id] = slot
            self._said[int(speaker)] += 1
            self._live += 1
            self._total_len += len(words)
            counts: dict[str, int] = {}
            for word in words:
                if word not in STOPWORDS:
                    term = stem(word)
                    counts[term] = counts.get(term, 0) + 1
            for term, tf in counts.items():
                slots, tfs = by_term.setdefault(term, ([], []))
                slots.append(slot)
                tfs.append(min(tf, 65535))
        for term, (slots, tfs) in by_term.items():
            postings = self._postings.get(term)
            if postings is None:
                postings = self._postings[term] = _Postings(len(slots))
            postings.extend(np.asarray(slots, dtype=np.int32), np.asarray(tfs, dtype=np.uint16))

    def remove(self, row_id: int) -> None:
        with self._lock:
            slot = self._pos.get(int(row_id))
            if slot is not None:
                self._kill(slot)

    def _kill(self, slot: int) -> None:
        del self._pos[int(self._ids[slot])]
        self._alive[slot] = False
        self._said[int(self._speakers[slot])] -= 1
        self._live -= 1
        self._total_len -= int(self._lengths[slot])
        if self._slots - self._live > max(self._live, 4096):
            self._compact()

    def _grow(self, need: int) -> None:
        cap = len(self._ids)
        if need <= cap:
            return
        new_cap = max(need, cap * 2)
        for attr in ("_ids", "_owners", "_times", "_speakers", "_lengths", "_alive", "_digests"):
            setattr(self, attr, grown(getattr(self, attr), new_cap, self._slots))

    def _compact(self) -> None:
        """Drop the dead slots: the live ones renumbered in order, every term's postings with them."""
        alive = self._alive[: self._slots]
        renumber = np.cumsum(alive, dtype=np.int64) - 1
        for term in list(self._postings):
            p = self._postings[term]
            keep = alive[p.slots[: p.n]]
            if not keep.any():
                del self._postings[term]
                continue
            p.slots, p.tfs = renumber[p.slots[: p.n][keep]].astype(np.int32), p.tfs[: p.n][keep]
            p.n = len(p.slots)
        for attr in ("_ids", "_owners", "_times", "_speakers", "_lengths", "_digests"):
            setattr(self, attr, np.ascontiguousarray(getattr(self, attr)[: self._slots][alive]))
        self._slots = self._live
        self._alive = np.ones(self._slots, dtype=bool)
        self._pos = {int(row_id): slot for slot, row_id in enumerate(self._ids)}

    def said_share(self, speakers) -> float:
        """The share of the live rows said by these speaker codes."""
        with self._lock:
            return sum(self._said[int(c)] for c in speakers) / self._live if self._live else 0.0

    def search(self, terms: list[str], k: int, where: VectorFilter | None = None) -> list[tuple[int, float, float]]:
        """The k rows with the best bm25 for the terms (stems) that the filter admits, as (id, bm25, time),
        best (most negative) first."""
        with self._lock:
            if self._live == 0 or k <= 0:
                return []
            times_asked = Counter(terms)
            found = [(term, self._postings[term]) for term in times_asked if term in self._postings]
            if not found:
                return []
            avgdl = self._total_len / self._live
            some_dead = self._slots != self._live
            scores = []
            for term, p in found:
                slots, tfs = p.slots[: p.n], p.tfs[: p.n]
                if some_dead:
                    ok = self._alive[slots]
                    if not ok.all():
                        slots, tfs = slots[ok], tfs[ok]
                if len(slots) == 0:
                    continue
                df = len(slots)
                idf = max(math.log((self._live - df + 0.5) / (df + 0.5)), MIN_IDF)
                tf = tfs.astype(np.float64)
                # (times asked * idf * (k1 + 1)) * tf / (tf + k1 * ((1 - b) + b / avgdl * length)), in place
                norm = self._lengths[slots] * (B / avgdl)
                norm += 1 - B
                norm *= K1
                norm += tf
                values = tf * (times_asked[term] * idf * (K1 + 1))
                values /= norm
                scores.append((slots, values))
            if not scores:
                return []
            if len(scores) == 1:
                slots, total = scores[0]
            else:
                slots, total = self._summed(scores)
            mask = self._admitted_at(slots, where)
            if mask is not None:
                slots, total = slots[mask], total[mask]
            if len(slots) == 0:
                return []
            k = min(k, len(slots))
            kth = total[np.argpartition(-total, k - 1)[:k]].min()
            # best first; equal scores by row id, as FTS5 orders them (every row tied with the k-th competes)
            top = np.flatnonzero(total >= kth)
            top = top[np.lexsort((self._ids[slots[top]], -total[top]))][:k]
            return [(int(self._ids[slots[i]]), -float(total[i]), float(self._times[slots[i]])) for i in top]

    def _summed(self, scores: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
        """(slots, summed score) of the rows any term matched, each once. Summed in a dense array kept between
        searches (a term's slots are distinct), then read back term by term, each sum cleared once read: no sort
        of the matches, and no scan of the whole array (at 1M rows that scan cost more than the scoring)."""
        if len(self._sums) < self._slots:
            self._sums = np.zeros(len(self._ids), dtype=np.float64)
        sums = self._sums
        try:
            for slots, values in scores:
                sums[slots] += values
            matched, totals = [], []
            for slots, _ in scores:
                total = sums[slots]
                unread = total != 0.0  # every score is positive: 0 is a sum read already
                if not unread.all():
                    slots, total = slots[unread], total[unread]
                matched.append(slots)
                totals.append(total)
                sums[slots] = 0.0
        except BaseException:  # (out of memory, say) sums left behind would count in the next search
            self._sums = np.zeros(0, dtype=np.float64)
            raise
        return np.concatenate(matched), np.concatenate(totals)

    def _admitted_at(self, slots: np.ndarray, where: VectorFilter | None) -> np.ndarray | None:
        return None if where is None else admitted(where, self._owners, self._times, self._speakers, slots)
