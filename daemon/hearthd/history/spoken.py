"""What a person says to the memory itself, recognised in the user turns an assistant commits, in English and
the household's language (`general.system_language`):

- "off the record" ("don't remember this"): that turn and the assistant's answer to it are never stored or
  formed; the rest of the conversation is;
- "forget what I just said": the speaker's last exchange in that conversation is erased (with a receipt, in
  the audit), and the command itself is not stored.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

from ..formation.ledger import TurnIn
from ..timeutil import base_language

OFF_RECORD = "off_record"
FORGET_LAST = "forget_last"

# Said anywhere in the turn: the whole turn is off the record. (Idioms only: "unter uns" alone is also "the
# flat below us".)
_OFF_RECORD = {
    "en": [
        "off the record",
        "don't remember this",
        "do not remember this",
        "don't remember that",
        "do not remember that",
        "don't save this",
        "don't store this",
        "between you and me",
    ],
    "de": ["unter uns gesagt", "ganz vertraulich", "merk dir das nicht", "nicht speichern", "speicher das nicht"],
    "pt": [
        "em off",
        "cá entre nós",
        "não guardes isto",
        "não guarde isso",
        "não te lembres disto",
        "não memorize isso",
    ],
    "fr": [
        "entre nous soit dit",
        "de vous à moi",
        "officieusement",
        "ne retiens pas ça",
        "ne mémorise pas ça",
        "n'enregistre pas ça",
    ],
    "es": ["que quede entre nosotros", "extraoficialmente", "no recuerdes esto", "no guardes esto"],
}
# The whole turn (a few words around it at most): the command to forget the last exchange.
_FORGET_LAST = {
    "en": [
        "forget what i just said",
        "forget what i said",
        "forget that",
        "forget i said that",
        "scratch that, forget it",
        "delete what i just said",
    ],
    "de": ["vergiss, was ich gerade gesagt habe", "vergiss was ich gerade gesagt habe", "vergiss das"],
    "pt": ["esquece o que acabei de dizer", "esqueça o que acabei de dizer", "esquece isso", "esqueça isso"],
    "fr": ["oublie ce que je viens de dire", "oubliez ce que je viens de dire", "oublie ça"],
    "es": ["olvida lo que acabo de decir", "olvida eso"],
}
# One pattern per language, compiled once: every committed user turn is read with them.
_OFF_RECORD_SAID = {
    lang: re.compile("|".join(rf"(?<!\w){re.escape(p)}(?!\w)" for p in phrases))
    for lang, phrases in _OFF_RECORD.items()
}
_FILLER = re.compile(r"^(?:(?:hey|ok|okay|please|hearth|actually|sorry|um|uh|bitte|por favor|s'il te plaît)[\s,]+)+")
_EXTRA_WORDS = 3  # "please forget that, thanks": a command; "I'll never forget that day": not one


def _normal(text: str) -> str:
    text = text.casefold().replace("’", "'")
    return re.sub(r"[.!?¡¿\s]+$", "", re.sub(r"\s+", " ", text)).strip()


def _languages(language: str) -> list[str]:
    base = base_language(language)
    return ["en"] + ([base] if base != "en" and base in _OFF_RECORD else [])


def command_in(text: str, language: str = "en") -> str | None:
    """OFF_RECORD, FORGET_LAST or None for what a user turn says."""
    said = _normal(text)
    langs = _languages(language)
    bare = _FILLER.sub("", said).strip(" ,")
    for lang in langs:
        for phrase in _FORGET_LAST[lang]:
            if bare.startswith(phrase) and len(bare[len(phrase) :].split()) <= _EXTRA_WORDS:
                return FORGET_LAST
    for lang in langs:
        if _OFF_RECORD_SAID[lang].search(said):
            return OFF_RECORD
    return None


@dataclass
class Heard:
    keep: list[TurnIn]  # what is stored
    off_record: int = 0  # turns left out
    forget: list[tuple[str, str | None]] = field(default_factory=list)  # (thread, speaker) whose last exchange goes


REPLY_WAIT_SECONDS = 600.0  # an off-the-record turn's answer committed on its own later is left out too


class SpokenCommands:
    """Sorts each commit's turns; remembers, per conversation, that an answer still to come is off the record."""

    def __init__(self):
        self._reply_off: dict[str, float] = {}  # thread -> when its user turn went off the record

    def hear(self, turns: list[TurnIn], language: str) -> Heard:
        heard = Heard(keep=[])
        off: set[str] = set()  # conversations whose next answers in this commit are left out
        now = time.time()
        for turn in turns:
            if turn.role == "user":
                command = command_in(turn.text, language)
                self._reply_off.pop(turn.thread, None)
                off.discard(turn.thread)
                if command is None:
                    heard.keep.append(turn)
                    continue
                heard.off_record += 1
                off.add(turn.thread)
                self._reply_off[turn.thread] = now
                if command == FORGET_LAST:
                    heard.forget.append((turn.thread, turn.speaker))
                continue
            waited = self._reply_off.get(turn.thread)
            if turn.thread in off or (waited is not None and now - waited <= REPLY_WAIT_SECONDS):
                heard.off_record += 1
                self._reply_off.pop(turn.thread, None)
                continue
            heard.keep.append(turn)
        return heard
