"""The rule extractor on sentences it was not tuned on, and the forgetting suite through `remember`.

    .venv/bin/python -m bench.extraction            # writes bench/results/extraction.md and .json

- extraction: bench/data/extract_dev.jsonl and extract_heldout.jsonl were written by someone who had not
  read the extractor or its table, the way households speak (first and third person, household facts,
  appointments, rules, negatives). A line is {"text", "facts": [{"subject", "predicate", "object"}], "kind"};
  subject "" is the speaker, "household" the household, a name, or a relation phrase ("my father"). A
  candidate is correct when its predicate, subject and object match an expected fact (objects compared
  without case, articles and punctuation; for phrase-valued predicates - rule, routine, note, schedule,
  appointment - one containing the other or most words shared; dates in one form, by the extractor's
  canonical_date; since session 24 the times of appointments and schedules, and a schedule's weekly day, in one
  form too, by canonical_time and canonical_recurrence: "half ten" is "10:30am", "every Saturday" "Saturdays").
  The project's own table
  (tests/daemon/test_extract_rules.py) is scored beside.
- forgetting: bench/data/forgetting_*.json (FORGETTING below), scenarios of notes given to `remember` one after another
  (supersession, drift, keep, release, event), each in a fresh in-process daemon with the real model; a
  scenario passes when every `current` value is in some current fact and no `not_current` value is (dates compared
  in one form).
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
DATA = HERE / "data"
RESULTS = HERE / "results"
PHRASES = {"rule", "routine", "note", "schedule", "appointment"}
# The sentence sets beside the project's table, each written without reading the extractor, in turn: a set is
# scored once untuned, then may be used to find what the rules miss (a dev set), and a fresh one is written.
# First scores (2026-12-01), each before any tuning on that set: extract_dev precision 0.971, recall 0.786;
# extract_dev2 0.965 / 0.625 (after dev 1's round); extract_dev3 0.682 / 0.158 (after dev 2's round: nearly
# all lower-case speech-recogniser text, casual forms); extract_heldout (dev set 4) 0.918 / 0.753 (after dev 3's
# round); extract_heldout5 0.896 / 0.611 (after dev 4's round: 119 lines, half speech-recogniser text without
# apostrophes, "tariqs", "im", "cant"); extract_heldout6 0.943 / 0.774 (after dev 5's round: 111 lines);
# extract_heldout7 0.926 / 0.779 (after dev 6's round: 119 lines). Recall on a fresh set has levelled near 0.78.
# extract_heldout8 0.825 / 0.437 (after dev 7's round: 110 lines, written with asides after the statement -
# "..., she's loving it", "... if anyone asks" - which the rules then read as part of it); extract_heldout9 0.866 /
# 0.612 (after dev 8's round: 110 lines); extract_heldout10 0.887 / 0.548 (after dev 9's round: 110 lines);
# extract_heldout11 0.857 / 0.606 (after dev 10's round: 100 lines). On fresh casual text the rules level near
# 0.86-0.89 precision and 0.55-0.61 recall: each round lifts the set it is tuned on, little the next.
# Session 12 (2026-12-02) tuned on dev 8-10, then dev 12 (written that day; 0.836 / 0.424 on the session's starting
# code) and wrote extract_heldout13 after the code, scored once. The scorer reads a rule's "{subject}" as "me" since
# then ("Call {subject} Yaw" is "call me Yaw"): the figures above were taken without it (it moves them by <0.01).
# Since session 14 a set's studies_at is matched as the school note the product keeps (STORED_AS): set 15 reads
# 0.840 / 0.523 with it on session 13's code, where it read 0.827 / 0.515 (set 16: 0.844 / 0.566 for 0.833 / 0.559).
# Since session 28 a label's parenthesis is a remark on its value ("Biscuit (cavoodle)" is the dog Biscuit): the
# figures of sets 46-48 above were taken without it; sets 49-51 were scored with it, on the session's starting code
# (sets 49 and 50: 0.746 / 0.551 together without it, 0.807 / 0.596 with it).
SETS = {
    "extract_dev": "dev set 1 (tuned on after its first score)",
    "extract_dev2": "dev set 2 (tuned on after its first score)",
    "extract_dev3": "dev set 3 (tuned on after its first score)",
    "extract_heldout": "dev set 4 (tuned on after its first score)",
    "extract_heldout5": "dev set 5 (tuned on after its first score)",
    "extract_heldout6": "dev set 6 (tuned on after its first score)",
    "extract_heldout7": "dev set 7 (tuned on after its first score)",
    "extract_heldout8": "dev set 8 (tuned on after its first score)",
    "extract_heldout9": "dev set 9 (tuned on after its first score)",
    "extract_heldout10": "dev set 10 (tuned on after its first score)",
    "extract_heldout11": "dev set 11 (tuned on after its first score)",
    "extract_dev12": "dev set 12 (tuned on after its first score)",
    "extract_heldout13": "set 13 (first score 0.817 / 0.475; not tuned on, but after more rounds)",
    "extract_heldout14": "held-out set 14 (written after session 12's code, scored once, not tuned on)",
    "extract_heldout15": "held-out set 15 (written after session 13's code, scored once, not tuned on)",
    "extract_heldout16": "dev set 16 (first score 0.833 / 0.559 on session 14's start, then tuned on)",
    "extract_heldout17": "set 17 (written during session 14; 0.912 / 0.542 on its start, 0.908 / 0.582 when scored; "
    "then read)",
    "extract_heldout18": "set 18 (written during session 14, scored once: 0.878 / 0.520 on its start; then read)",
    "extract_heldout19": "set 19 (written after session 14's code: 0.912 / 0.585 on its start, 0.913 / 0.662 at its "
    "end; read in session 15)",
    "extract_heldout20": "set 20 (written blind in session 15, scored on its start and end; tuned on in session 18)",
    "extract_heldout21": "set 21 (written blind late in session 15, scored on its start and end; tuned on in "
    "session 18)",
    "extract_heldout22": "set 22 (69 lines written blind in session 17, against the predicate catalogue only; 0.825 / "
    "0.732 on that session's code; read and tuned on in session 18)",
    "extract_heldout23": "set 23 (77 lines written after session 18's rule changes by the session that made them: "
    "0.986 / 0.890 when first scored)",
    "extract_heldout24": "set 24 (90 lines written blind by a helper that read neither the extractor nor any set: "
    "0.827 / 0.614 on session 18's starting code, 0.795 / 0.614 when first scored after its changes; its regressions "
    "then read and fixed)",
    "extract_heldout25": "set 25 (90 lines written blind by a second helper late in session 18, British, Irish, "
    "Scottish, Australian and American households: 0.721 / 0.441 on the session's starting code, 0.737 / 0.505 when "
    "first scored; then read)",
    "extract_heldout26": "set 26 (100 lines written blind by a third helper at the end of session 18, after its code: "
    "0.817 / 0.426 on the session's starting code, 0.790 / 0.426 on its end; not tuned on)",
    "extract_heldout27": "set 27 (100 lines written blind by a helper at session 19's start: 0.825 / 0.486 on that "
    "code; then tuned on)",
    "extract_heldout28": "set 28 (100 lines written blind by a helper after session 19's rule changes: 0.781 / 0.505 "
    "on that session's starting code and on its end - not one of its sentences read differently; then read, and "
    "general forms found in it added)",
    "extract_heldout29": "set 29 (100 lines written blind by a helper late in session 19, over half as a speech "
    "recogniser writes: 0.774 / 0.373 on the session's starting code, 0.793 / 0.418 on its end; read and tuned on in "
    "session 20: 0.800 / 0.436 -> 0.840 / 0.618)",
    "extract_heldout30": "set 30 (100 lines written blind by a helper at session 20's start: 0.800 / 0.547 on that "
    "code, 0.771 / 0.568 on its end; read in session 21: 0.844 / 0.684)",
    "extract_heldout31": "set 31 (100 lines written blind by a second helper midway through session 20: 0.760 / "
    "0.570 on the session's starting code, 0.750 / 0.570 on its end; read in session 21: 0.825 / 0.660)",
    "extract_heldout32": "set 32 (100 lines written blind by a helper at session 21's start: 0.758 / 0.443 on that "
    "code, 0.768 / 0.470 on its end; read in session 22)",
    "extract_heldout33": "set 33 (100 lines written blind by a second helper in session 21, after its first changes: "
    "0.775 / 0.521 on the session's starting code, 0.790 / 0.538 on its end; read in session 22)",
    "extract_heldout34": "set 34 (100 lines written blind by a third helper midway through session 21: 0.764 / 0.368 "
    "on the session's starting code and when first scored; then read for forms any household uses: 0.828 / "
    "0.465)",
    "extract_heldout35": "set 35 (100 lines written blind by a fourth helper late in session 21: 0.782 / 0.331 on the "
    "session's starting code and on its end; read in session 22)",
    "extract_heldout36": "set 36 (100 lines written blind by a helper at session 22's start: 0.783 / 0.528 on that "
    "code, 0.788 / 0.544 midway before it was read; then read)",
    "extract_heldout37": "set 37 (100 lines written blind by a second helper midway through session 22: 0.804 / 0.306 "
    "on the session's starting code, 0.783 / 0.351 on its end; read in session 23)",
    "extract_heldout38": "set 38 (100 lines written blind by a helper at session 23's start: 0.689 / 0.415 on that "
    "code, midway and on its end; read in session 24)",
    "extract_heldout39": "set 39 (100 lines written blind by a second helper midway through session 23: 0.716 / 0.400 "
    "on the session's starting code and on its end; read in session 24)",
    "extract_heldout40": "set 40 (100 lines written blind by a helper at session 24's start: 0.595 / 0.331 on that "
    "code compared as this bench now compares times (0.527 / 0.293 as session 23's bench did), 0.600 / 0.361 on its "
    "end; read in session 25: 0.641 / 0.444)",
    "extract_heldout41": "set 41 (100 lines written blind by a second helper midway through session 24: 0.644 / 0.346 "
    "on the session's starting code (0.589 / 0.316 as session 23's bench compared), 0.645 / 0.360 on its end; read in "
    "session 25: 0.678 / 0.434)",
    "extract_heldout42": "set 42 (100 lines written blind by a helper at session 25's start: 0.661 / 0.252 on that "
    "code and on its end; read in session 27: 0.709 / 0.381)",
    "extract_heldout43": "set 43 (100 lines written blind by a second helper midway through session 25: 0.627 / 0.388 "
    "on the session's starting code, 0.628 / 0.403 on its end; read in session 27: 0.673 / 0.493)",
    "extract_heldout44": "set 44 (100 lines written blind by a helper at session 26's start: 0.689 / 0.364 on that "
    "code, the rules alone; read in session 27: 0.779 / 0.479)",
    "extract_heldout45": "set 45 (100 lines written blind by a second helper midway through session 26: 0.753 / 0.463 "
    "on the session's starting code, the rules alone; read in session 27: 0.763 / 0.537)",
    "extract_heldout46": "set 46 (100 lines written blind by a helper at session 27's start: 0.783 / 0.522 on that "
    "code, the rules alone, 0.789 / 0.543 with the reader; 0.798 / 0.543 and 0.802 / 0.558 on its end; read in "
    "session 28)",
    "extract_heldout47": "set 47 (100 lines written blind by a second helper at session 27's start: 0.735 / 0.433 on "
    "that code, the rules alone, 0.738 / 0.440 with the reader; 0.741 / 0.447 and 0.742 / 0.468 on its end; read in "
    "session 28)",
    "extract_heldout48": "set 48 (100 lines written blind by a helper midway through session 27: 0.703 / 0.541 on the "
    "session's starting code, the rules alone, 0.702 / 0.556 with the reader; 0.735 / 0.571 and 0.738 / 0.579 on "
    "its end; read in session 28)",
    "extract_heldout49": "set 49 (100 lines written blind by a helper at session 28's start: 0.814 / 0.648 on that "
    "code, the rules alone, 0.810 / 0.664 with the reader; 0.829 / 0.680 and 0.826 / 0.703 on its end; read in "
    "session 29)",
    "extract_heldout50": "set 50 (100 lines written blind by a second helper at session 28's start: 0.800 / 0.547 on "
    "that code, the rules alone, 0.802 / 0.554 with the reader; 0.820 / 0.590 and 0.816 / 0.604 on its end; read "
    "in session 29)",
    "extract_heldout51": "set 51 (100 lines written blind by a helper midway through session 28: 0.770 / 0.545 on the "
    "session's starting code, the rules alone, 0.775 / 0.561 with the reader; 0.789 / 0.577 and 0.777 / 0.593 on "
    "its end; read in session 29)",
    "extract_heldout52": "set 52 (100 lines written blind by a helper at session 29's start: 0.794 / 0.531 on that "
    "code, the rules alone, 0.796 / 0.538 with the reader; 0.800 / 0.552 and 0.802 / 0.559 on its end; read in "
    "session 30)",
    "extract_heldout53": "set 53 (100 lines written blind by a second helper at session 29's start: 0.809 / 0.567 on "
    "that code, the rules alone, 0.814 / 0.590 with the reader; 0.827 / 0.604 and 0.827 / 0.604 on its end; read in "
    "session 30)",
    "extract_heldout54": "set 54 (100 lines written blind by a helper midway through session 29: 0.667 / 0.481 on the "
    "session's starting code, the rules alone, 0.663 / 0.489 with the reader; 0.660 / 0.481 and 0.657 / 0.489 on "
    "its end; read in session 30)",
    "extract_heldout55": "set 55 (100 lines written blind by a helper at session 30's start: 0.778 / 0.503 on that "
    "code, the rules alone, 0.777 / 0.523 with the reader; 0.772 / 0.510 and 0.781 / 0.536 on its end; read in "
    "session 31)",
    "extract_heldout56": "set 56 (100 lines written blind by a second helper at session 30's start: 0.808 / 0.619 on "
    "that code, the rules alone, 0.811 / 0.634 with the reader; 0.821 / 0.642 and 0.822 / 0.649 on its end; read "
    "in session 31)",
    "extract_heldout57": "set 57 (100 lines written blind by a helper midway through session 30: 0.845 / 0.609 on the "
    "session's starting code, the rules alone, 0.848 / 0.624 with the reader; 0.847 / 0.617 and 0.853 / 0.647 on "
    "its end; read in session 31)",
    "extract_heldout58": "set 58 (100 lines written blind by a helper at session 31's start: 0.775 / 0.549 on that "
    "code, the rules alone, 0.775 / 0.549 with the reader; 0.779 / 0.563 and 0.764 / 0.563 on its end; read in "
    "session 32)",
    "extract_heldout59": "set 59 (100 lines written blind by a second helper at session 31's start: 0.755 / 0.522 on "
    "that code, the rules alone, 0.768 / 0.559 with the reader; 0.750 / 0.529 and 0.758 / 0.551 on its end; read "
    "in session 32)",
    "extract_heldout60": "set 60 (100 lines written blind by a helper midway through session 31: 0.800 / 0.598 on the "
    "session's starting code, the rules alone, 0.802 / 0.606 with the reader; 0.804 / 0.614 and 0.806 / 0.621 on "
    "its end; read in session 32)",
    "extract_heldout61": "set 61 (100 lines written blind by a helper at session 32's start: 0.849 / 0.608 on that "
    "code, the rules alone, 0.838 / 0.638 with the reader; 0.857 / 0.646 and 0.853 / 0.669 on its end; read in "
    "session 33)",
    "extract_heldout62": "set 62 (100 lines written blind by a second helper at session 32's start: 0.762 / 0.592 on "
    "that code, the rules alone, 0.769 / 0.615 with the reader; 0.757 / 0.600 and 0.759 / 0.631 on its end; read "
    "in session 33)",
    "extract_heldout63": "set 63 (100 lines written blind by a helper early in session 32: 0.823 / 0.608 on the "
    "session's starting code, the rules alone, 0.810 / 0.623 with the reader; 0.814 / 0.608 and 0.810 / 0.623 on "
    "its end; read in session 33)",
    "extract_heldout64": "set 64 (100 lines written blind by a helper at session 33's start: 0.738 / 0.603 on that "
    "code, the rules alone, 0.736 / 0.618 with the reader; 0.755 / 0.611 and 0.759 / 0.626 on its end; read in "
    "session 34)",
    "extract_heldout65": "set 65 (100 lines written blind by a second helper at session 33's start: 0.840 / 0.650 "
    "on that code, the rules alone, 0.843 / 0.664 with the reader; 0.873 / 0.701 and 0.875 / 0.715 on its end; read "
    "in session 34)",
    "extract_heldout66": "set 66 (100 lines written blind by a third helper at session 33's start: 0.747 / 0.574 on "
    "that code, the rules alone, 0.735 / 0.581 with the reader; 0.776 / 0.589 and 0.755 / 0.597 on its end; read in "
    "session 34)",
    "extract_heldout67": "set 67 (100 lines written blind by a helper midway through session 33: 0.835 / 0.642 on "
    "the session's starting code, the rules alone, 0.833 / 0.672 with the reader; 0.840 / 0.664 on the code of that "
    "moment; 0.840 / 0.664 and 0.844 / 0.687 on its end; read in session 34)",
    "extract_heldout68": "set 68 (100 lines written blind by a helper at session 34's start: 0.810 / 0.603 on that "
    "code, the rules alone, 0.789 / 0.610 with the reader; 0.810 / 0.603 and 0.798 / 0.617 on its end; read in "
    "session 35)",
    "extract_heldout69": "set 69 (100 lines written blind by a second helper at session 34's start: 0.807 / 0.620 "
    "on that code, the rules alone, 0.811 / 0.634 with the reader; 0.817 / 0.627 and 0.820 / 0.641 on its end; read "
    "in session 35)",
    "extract_heldout70": "set 70 (100 lines written blind by a third helper at session 34's start: 0.852 / 0.643 on "
    "that code, the rules alone, 0.857 / 0.671 with the reader; 0.856 / 0.664 and 0.858 / 0.678 on its end; read "
    "in session 35)",
    "extract_heldout71": "set 71 (100 lines written blind by a helper midway through session 34: 0.902 / 0.667 on "
    "the session's starting code, the rules alone, 0.876 / 0.667 with the reader; 0.902 / 0.667 and 0.876 / 0.667 on "
    "its end; read in session 35)",
    "extract_heldout72": "set 72 (100 lines written blind by a helper at session 35's start: 0.800 / 0.626 on that "
    "code, the rules alone, 0.808 / 0.660 with the reader; 0.831 / 0.667 and 0.836 / 0.694 on its end; read in "
    "session 36)",
    "extract_heldout73": "set 73 (100 lines written blind by a second helper at session 35's start: 0.884 / 0.723 on "
    "that code, the rules alone, 0.870 / 0.730 with the reader; 0.875 / 0.715 and 0.855 / 0.730 on its end; read in "
    "session 36)",
    "extract_heldout74": "set 74 (100 lines written blind by a third helper at session 35's start: 0.844 / 0.640 on "
    "that code, the rules alone, 0.848 / 0.664 with the reader; 0.869 / 0.680 and 0.871 / 0.696 on its end; read in "
    "session 36)",
    "extract_heldout75": "set 75 (100 lines written blind by a helper midway through session 35: 0.840 / 0.674 on the "
    "session's starting code, the rules alone, 0.827 / 0.689 with the reader; 0.844 / 0.697 and 0.845 / 0.705 on its "
    "end; read in session 36)",
    "extract_heldout76": "set 76 (100 lines written blind by a helper at session 36's start: 0.833 / 0.667 on that "
    "code, the rules alone, 0.833 / 0.704 with the reader; 0.827 / 0.674 and 0.833 / 0.704 on its end; "
    "read in session 37)",
    "extract_heldout77": "set 77 (100 lines written blind by a second helper at session 36's start: 0.884 / 0.756 on "
    "that code, the rules alone, 0.879 / 0.779 with the reader; 0.887 / 0.779 and 0.890 / 0.802 on its end; "
    "read in session 37)",
    "extract_heldout78": "set 78 (100 lines written blind by a third helper at session 36's start: 0.908 / 0.610 on "
    "that code, the rules alone, 0.916 / 0.671 with the reader; 0.913 / 0.644 and 0.916 / 0.671 on its end; "
    "read in session 37)",
    "extract_heldout79": "set 79 (100 lines written blind by a fourth helper at session 36's start: 0.852 / 0.710 on "
    "that code, the rules alone, 0.849 / 0.732 with the reader; 0.881 / 0.754 and 0.878 / 0.783 on its end; read in "
    "session 37)",
    "extract_heldout80": "set 80 (100 lines written blind by a helper at session 37's start: 0.816 / 0.614 on that "
    "code, the rules alone, 0.817 / 0.621 with the reader; 0.825 / 0.621 and 0.827 / 0.629 on its end; "
    "read in session 38: 0.841 / 0.659 and 0.844 / 0.674)",
    "extract_heldout81": "set 81 (100 lines written blind by a second helper at session 37's start: 0.787 / 0.496 on "
    "that code, the rules alone, 0.770 / 0.528 with the reader; 0.787 / 0.496 and 0.776 / 0.520 on its end; "
    "read in session 38: 0.800 / 0.535 and 0.787 / 0.583)",
    "extract_heldout82": "set 82 (100 lines written blind by a third helper at session 37's start: 0.849 / 0.553 on "
    "that code, the rules alone, 0.843 / 0.568 with the reader; 0.849 / 0.553 and 0.841 / 0.561 on its end; "
    "read in session 38: 0.852 / 0.568 and 0.848 / 0.591)",
    "extract_heldout83": "set 83 (100 lines written blind by a fourth helper at session 37's start: 0.812 / 0.582 on "
    "that code, the rules alone, 0.814 / 0.590 with the reader; 0.812 / 0.582 and 0.814 / 0.590 on its end; "
    "read in session 38: 0.824 / 0.627 and 0.825 / 0.634)",
    "extract_heldout84": "set 84 (100 lines written blind by a helper at session 38's start, leaning a third toward "
    "Cornwall and Devon, Tanzania and Fiji: 0.852 / 0.511 on that code, the rules alone, 0.841 / 0.548 with the "
    "reader; 0.852 / 0.511 and 0.841 / 0.548 on its end; "
    "read in session 39: 0.835 / 0.563 and 0.838 / 0.615)",
    "extract_heldout85": "set 85 (100 lines written blind by a second helper at session 38's start, leaning toward "
    "Newfoundland, Botswana and Bangladesh: 0.802 / 0.464 on that code, the rules alone, 0.807 / 0.479 with the "
    "reader; 0.805 / 0.471 and 0.810 / 0.486 on its end; "
    "read in session 39: 0.809 / 0.514 and 0.802 / 0.521)",
    "extract_heldout86": "set 86 (100 lines written blind by a third helper at session 38's start, leaning toward "
    "Yorkshire, Sierra Leone and Hong Kong: 0.790 / 0.478 on that code, the rules alone, 0.765 / 0.485 with the "
    "reader; 0.795 / 0.500 and 0.770 / 0.507 on its end; "
    "read in session 39: 0.809 / 0.545 and 0.787 / 0.560)",
    "extract_heldout87": "set 87 (100 lines written blind by a fourth helper at session 38's start, leaning toward "
    "Tasmania, Barbados and Nepal: 0.807 / 0.546 on that code, the rules alone, 0.800 / 0.554 with the reader; "
    "0.809 / 0.554 and 0.802 / 0.562 on its end; "
    "read in session 39: 0.816 / 0.615 and 0.822 / 0.638)",
    "extract_heldout88": "set 88 (100 lines written blind by a helper at session 39's start, leaning a third "
    "toward the English Midlands, Rwanda and Samoa: 0.837 / 0.558 on that code, the rules alone, "
    "0.802 / 0.558 with the reader; 0.828 / 0.558 and 0.794 / 0.558 on its end; "
    "read in session 40: 0.847 / 0.601 and 0.830 / 0.601)",
    "extract_heldout89": "set 89 (100 lines written blind by a second helper at session 39's start, leaning a third "
    "toward Alberta, Namibia and Malta: 0.793 / 0.527 on that code, the rules alone, "
    "0.795 / 0.535 with the reader; 0.795 / 0.535 and 0.798 / 0.543 on its end; "
    "read in session 40: 0.831 / 0.566 and 0.837 / 0.589)",
    "extract_heldout90": "set 90 (100 lines written blind by a third helper at session 39's start, leaning a third "
    "toward East Anglia, Liberia and Papua New Guinea: 0.753 / 0.436 on that code, the rules alone, "
    "0.750 / 0.450 with the reader; 0.756 / 0.443 and 0.753 / 0.457 on its end; "
    "read in session 40: 0.791 / 0.486 and 0.778 / 0.500)",
    "extract_heldout91": "set 91 (100 lines written blind by a fourth helper at session 39's start, leaning a third "
    "toward Texas, Mombasa and Mauritius: 0.849 / 0.549 on that code, the rules alone, "
    "0.815 / 0.564 with the reader; 0.849 / 0.549 and 0.815 / 0.564 on its end; "
    "read in session 40: 0.867 / 0.586 and 0.870 / 0.602)",
    "extract_heldout92": "set 92 (100 lines written blind by a helper at session 40's start, leaning a third "
    "toward Northern Ireland, Botswana and Vanuatu: 0.746 / 0.358 on that code, the rules alone, "
    "0.733 / 0.371 with the reader; 0.746 / 0.358 and 0.733 / 0.371 on its end; "
    "read in session 41: 0.845 / 0.477 and 0.843 / 0.503)",
    "extract_heldout93": "set 93 (100 lines written blind by a second helper at session 40's start, leaning a third "
    "toward Nova Scotia, Zambia and Gibraltar: 0.759 / 0.485 on that code, the rules alone, "
    "0.770 / 0.515 with the reader; 0.765 / 0.500 and 0.770 / 0.515 on its end; "
    "read in session 41: 0.842 / 0.615 and 0.845 / 0.631)",
    "extract_heldout94": "set 94 (100 lines written blind by a third helper at session 40's start, leaning a third "
    "toward Cornwall, Sierra Leone and the Solomon Islands: 0.812 / 0.471 on that code, the rules alone, "
    "0.795 / 0.478 with the reader; 0.827 / 0.485 and 0.810 / 0.493 on its end; "
    "read in session 41: 0.901 / 0.596 and 0.895 / 0.618)",
    "extract_heldout95": "set 95 (100 lines written blind by a fourth helper at session 40's start, leaning a third "
    "toward Louisiana, Malawi and the Seychelles: 0.805 / 0.431 on that code, the rules alone, "
    "0.779 / 0.465 with the reader; 0.810 / 0.444 and 0.784 / 0.479 on its end; "
    "read in session 41: 0.851 / 0.514 and 0.862 / 0.562)",
    "extract_heldout96": "set 96 (100 lines written blind by a helper at session 41's start, leaning a third "
    "toward the Isle of Man, Addis Ababa and Kiribati: 0.868 / 0.530 on that code, the rules alone, "
    "0.860 / 0.577 with the reader; 0.879 / 0.537 and 0.870 / 0.584 on its end; "
    "read in session 42: 0.889 / 0.591 and 0.883 / 0.658)",
    "extract_heldout97": "set 97 (100 lines written blind by a second helper at session 41's start, leaning a third "
    "toward Saskatchewan, Lagos and the Cayman Islands: 0.783 / 0.474 on that code, the rules alone, "
    "0.784 / 0.504 with the reader; 0.788 / 0.489 and 0.789 / 0.518 on its end; "
    "read in session 42: 0.830 / 0.533 and 0.839 / 0.569)",
    "extract_heldout98": "set 98 (100 lines written blind by a third helper at session 41's start, leaning a third "
    "toward Kent, Mozambique and Sabah: 0.774 / 0.448 on that code, the rules alone, "
    "0.756 / 0.469 with the reader; 0.786 / 0.455 and 0.767 / 0.476 on its end; "
    "read in session 42: 0.831 / 0.510 and 0.823 / 0.545)",
    "extract_heldout99": "set 99 (100 lines written blind by a fourth helper at session 41's start, leaning a third "
    "toward Ohio, Kisumu and Tobago: 0.817 / 0.453 on that code, the rules alone, "
    "0.805 / 0.484 with the reader; 0.822 / 0.469 and 0.810 / 0.500 on its end; "
    "read in session 42: 0.910 / 0.555 and 0.915 / 0.586)",
    "extract_heldout100": "set 100 (100 lines written blind by a helper at session 42's start, leaning a third "
    "toward the Shetland Islands, Jos and Nauru: 0.768 / 0.467 on that code, the rules alone, "
    "0.775 / 0.511 with the reader; 0.786 / 0.489 and 0.784 / 0.511 on its end; "
    "read in session 43: 0.821 / 0.577 and 0.823 / 0.584)",
    "extract_heldout101": "set 101 (100 lines written blind by a second helper at session 42's start, leaning a third "
    "toward Alaska, Eldoret and Grenada: 0.872 / 0.519 on that code, the rules alone, "
    "0.854 / 0.534 with the reader; 0.872 / 0.519 and 0.854 / 0.534 on its end; "
    "read in session 43: 0.911 / 0.626 and 0.894 / 0.641)",
    "extract_heldout102": "set 102 (100 lines written blind by a third helper at session 42's start, leaning a third "
    "toward Somerset, Mbale and Penang: 0.860 / 0.517 on that code, the rules alone, "
    "0.828 / 0.538 with the reader; 0.849 / 0.510 and 0.817 / 0.531 on its end; "
    "read in session 43: 0.874 / 0.579 and 0.861 / 0.607)",
    "extract_heldout103": "set 103 (100 lines written blind by a fourth helper at session 42's start, leaning a third "
    "toward Hawaii, Nairobi's Eastlands and Dominica: 0.840 / 0.384 on that code, the rules alone, "
    "0.819 / 0.415 with the reader; 0.857 / 0.402 and 0.835 / 0.433 on its end; "
    "read in session 43: 0.891 / 0.500 and 0.892 / 0.555)",
    "extract_heldout104": "set 104 (100 lines written blind by a helper at session 43's start, leaning a third "
    "toward the Orkney Islands, Kaduna and the Marshall Islands: 0.808 / 0.426 on that code, the rules alone, "
    "0.802 / 0.466 with the reader; 0.800 / 0.432 and 0.795 / 0.473 on its end; not read)",
    "extract_heldout105": "set 105 (100 lines written blind by a second helper at session 43's start, leaning a third "
    "toward Wyoming, Nakuru and Montserrat: 0.741 / 0.405 on that code, the rules alone, "
    "0.711 / 0.432 with the reader; 0.741 / 0.405 and 0.711 / 0.432 on its end; not read)",
    "extract_heldout106": "set 106 (100 lines written blind by a third helper at session 43's start, leaning a third "
    "toward Norfolk, Jinja and Kuala Lumpur: 0.890 / 0.562 on that code, the rules alone, "
    "0.875 / 0.583 with the reader; 0.872 / 0.569 and 0.866 / 0.583 on its end; not read)",
    "extract_heldout107": "set 107 (100 lines written blind by a fourth helper at session 43's start, leaning a third "
    "toward Prince Edward Island, Blantyre and Mumbai: 0.789 / 0.542 on that code, the rules alone, "
    "0.783 / 0.550 with the reader; 0.791 / 0.550 and 0.785 / 0.557 on its end; not read)",
}
# The sets written blind and not yet read: scored, never looked into, and never taught to the learned reader
# (bench/train_reader.py learns from every other set).
NOT_READ = ("extract_heldout104", "extract_heldout105", "extract_heldout106", "extract_heldout107")
# The forgetting suites, each scenario in a fresh daemon. First scores of the session-12 ones on that session's
# starting code: forgetting_dev2 0.367 (11/30).
FORGETTING = {
    "forgetting_heldout": "suite 1 (tuned on)",
    "forgetting_dev2": "suite 2 (tuned on after its first score)",
    "forgetting_heldout2": "suite 3 (first score 16/30, then tuned on)",
    "forgetting_heldout4": "suite 4 (first score 7/30; events and releases tuned on in session 13)",
    "forgetting_heldout5": "suite 5 (written after session 13's code, scored once; 11/30 on its start; its failures "
    "read in session 14)",
    "forgetting_heldout6": "suite 6 (first score 11/30 on session 14's start, then tuned on)",
    "forgetting_heldout7": "suite 7 (written during session 14; 7/30 on its start and when scored; then tuned on)",
    "forgetting_heldout8": "suite 8 (written during session 14: 13/30 at its start, 19/30 then; then tuned on)",
    "forgetting_heldout9": "suite 9 (written after session 14's code: 11/30 at its start, 16/30 at its end; read in "
    "session 15)",
    "forgetting_heldout10": "suite 10 (written blind in session 15, scored on its start and end; 19/30 at session "
    "18's start, then tuned on)",
    "forgetting_heldout11": "suite 11 (written blind late in session 15, scored on its start and end; 17/30 at "
    "session 18's start, then tuned on)",
    "forgetting_heldout12": "suite 12 (22 scenarios written after session 18's rule changes by that session: 19/22 "
    "when first scored, then tuned on)",
    "forgetting_heldout13": "suite 13 (24 scenarios written blind by a helper: 15/24 on session 18's starting code, "
    "16/24 when first scored after its changes; then read)",
    "forgetting_heldout14": "suite 14 (24 scenarios written blind by the second helper: 10/24 on session 18's "
    "starting code and when first scored; then read)",
    "forgetting_heldout15": "suite 15 (24 scenarios written blind by the third helper after session 18's code: 15/24 "
    "on the session's start and on its end; not tuned on)",
    "forgetting_heldout16": "suite 16 (24 scenarios written blind by a helper at session 19's start: 14/24 on that "
    "code; then tuned on)",
    "forgetting_heldout17": "suite 17 (24 scenarios written blind by a helper after session 19's changes: 14/24 on "
    "that session's starting code and on its end; not tuned on)",
    "forgetting_heldout18": "suite 18 (24 scenarios written blind by a helper late in session 19: 4/24 on the "
    "session's starting code and on its end - most first notes are not read, so a note naming the old value stays; "
    "its releases read in session 20: 3/24 -> 7/24; read again in session 24: 9/24 -> 12/24)",
    "forgetting_heldout19": "suite 19 (24 scenarios written blind by a helper at session 20's start: 17/24 on that "
    "code; its failures then read and tuned on: 23/24)",
    "forgetting_heldout20": "suite 20 (24 scenarios written blind by a second helper midway through session 20: "
    "16/24 on the session's starting code, 17/24 on its end; not read)",
    "forgetting_heldout21": "suite 21 (24 scenarios written blind by a helper at session 21's start: 10/24 on that "
    "code; its failures then read and tuned on)",
    "forgetting_heldout22": "suite 22 (24 scenarios written blind by a second helper in session 21: 13/24 on the "
    "session's starting code and after its first changes; then read and tuned on)",
    "forgetting_heldout23": "suite 23 (24 scenarios written blind by a third helper midway through session 21: 10/24 "
    "on the session's starting code, 12/24 when first scored; then read and tuned on)",
    "forgetting_heldout24": "suite 24 (24 scenarios written blind by a fourth helper late in session 21: 15/24 on the "
    "session's starting code, 16/24 on its end and on session 22's end; not read)",
    "forgetting_heldout25": "suite 25 (24 scenarios written blind by a helper at session 22's start: 8/24 on that "
    "code, 9/24 midway; then read and tuned on)",
    "forgetting_heldout26": "suite 26 (24 scenarios written blind by a second helper midway through session 22: "
    "10/24 on the session's starting code, 13/24 on its end; read in session 23)",
    "forgetting_heldout27": "suite 27 (24 scenarios written blind by a helper at session 23's start: 16/24 on that "
    "code, 15/24 midway (its score, not its text, was looked at to find the change that cost one), 16/24 on its "
    "end; read in session 24: 20/24)",
    "forgetting_heldout28": "suite 28 (24 scenarios written blind by a second helper midway through session 23: 11/24 "
    "on the session's starting code and on its end; read in session 24: 20/24)",
    "forgetting_heldout29": "suite 29 (24 scenarios written blind by a helper at session 24's start: 13/24 on that "
    "code and on its end; read in session 25: 16/24)",
    "forgetting_heldout30": "suite 30 (24 scenarios written blind by a second helper midway through session 24: 9/24 "
    "on the session's starting code, 10/24 on its end; read in session 25: 11/24)",
    "forgetting_heldout31": "suite 31 (24 scenarios written blind by a helper at session 25's start: 9/24 on that "
    "code and on its end; its failures read in session 27: 14/24)",
    "forgetting_heldout32": "suite 32 (24 scenarios written blind by a second helper midway through session 25: 8/24 "
    "on the session's starting code and on its end; its failures read in session 27: 11/24)",
    "forgetting_heldout33": "suite 33 (24 scenarios written blind by a helper at session 26's start: 13/24 on that "
    "code and on its end; its failures read in session 27: 16/24)",
    "forgetting_heldout34": "suite 34 (24 scenarios written blind by a second helper midway through session 26: 8/24 "
    "on the session's starting code, 9/24 on its end; its failures read in session 27: 13/24)",
    "forgetting_heldout35": "suite 35 (24 scenarios written blind by a helper at session 27's start: 10/24 on that "
    "code, 10/24 on its end; its failures read in session 28: 13/24)",
    "forgetting_heldout36": "suite 36 (24 scenarios written blind by a second helper at session 27's start: 12/24 on "
    "that code, 12/24 on its end; its failures read in session 28: 14/24)",
    "forgetting_heldout37": "suite 37 (24 scenarios written blind by a helper midway through session 27: 13/24 on the "
    "session's starting code, 13/24 on its end; its failures read in session 28: 13/24 (unchanged))",
    "forgetting_heldout38": "suite 38 (24 scenarios written blind by a helper at session 28's start: 9/24 on that "
    "code, 9/24 on its end; its failures read in session 29: 12/24)",
    "forgetting_heldout39": "suite 39 (24 scenarios written blind by a second helper at session 28's start: 12/24 on "
    "that code, 13/24 on its end; its failures read in session 29: 16/24)",
    "forgetting_heldout40": "suite 40 (24 scenarios written blind by a helper midway through session 28: 13/24 on the "
    "session's starting code, 12/24 on its end; its failures read in session 29: 13/24)",
    "forgetting_heldout41": "suite 41 (24 scenarios written blind by a helper at session 29's start: 11/24 on that "
    "code, 12/24 on its end; its failures read in session 30: 23/24)",
    "forgetting_heldout42": "suite 42 (24 scenarios written blind by a second helper at session 29's start: 12/24 on "
    "that code, 13/24 on its end; its failures read in session 30: 22/24)",
    "forgetting_heldout43": "suite 43 (24 scenarios written blind by a helper midway through session 29: 12/24 on the "
    "session's starting code, 12/24 on its end; its failures read in session 30: 19/24)",
    "forgetting_heldout44": "suite 44 (24 scenarios written blind by a helper at session 30's start: 12/24 on that "
    "code, 14/24 on its end; its failures read in session 31: 21/24)",
    "forgetting_heldout45": "suite 45 (24 scenarios written blind by a second helper at session 30's start: 7/24 on "
    "that code, 9/24 on its end; its failures read in session 31: 20/24)",
    "forgetting_heldout46": "suite 46 (24 scenarios written blind by a helper midway through session 30: 12/24 on the "
    "session's starting code, 14/24 on its end; its failures read in session 31: 23/24)",
    "forgetting_heldout47": "suite 47 (24 scenarios written blind by a helper at session 31's start: 12/24 on that "
    "code, 13/24 on its end; its failures read in session 32: 18/24)",
    "forgetting_heldout48": "suite 48 (24 scenarios written blind by a second helper at session 31's start: 13/24 on "
    "that code, 15/24 on its end; its failures read in session 32: 19/24)",
    "forgetting_heldout49": "suite 49 (24 scenarios written blind by a helper midway through session 31: 12/24 on the "
    "session's starting code, 12/24 on its end (its aggregate was bisected over that session's commits when it "
    "fell, see the README); its failures read in session 32: 19/24)",
    "forgetting_heldout50": "suite 50 (24 scenarios written blind by a helper at session 32's start: 16/24 on that "
    "code, 16/24 on its end; its failures read in session 33: 22/24)",
    "forgetting_heldout51": "suite 51 (24 scenarios written blind by a second helper at session 32's start: 14/24 on "
    "that code, 15/24 on its end; its failures read in session 33: 21/24)",
    "forgetting_heldout52": "suite 52 (24 scenarios written blind by a helper early in session 32: 14/24 on the "
    "session's starting code, 15/24 on its end; its failures read in session 33: 18/24)",
    "forgetting_heldout53": "suite 53 (24 scenarios written blind by a helper at session 33's start: 12/24 on that "
    "code, 12/24 on its end (13/24 by the rules alone, as at the start); its failures read in session 34: 22/24)",
    "forgetting_heldout54": "suite 54 (24 scenarios written blind by a second helper at session 33's start: 13/24 "
    "on that code, 13/24 on its end; its failures read in session 34: 17/24)",
    "forgetting_heldout55": "suite 55 (24 scenarios written blind by a third helper at session 33's start: 15/24 on "
    "that code, 14/24 on its end (16/24 by the rules alone, as at the start; its aggregate was bisected over the "
    "session's commits when it fell); its failures read in session 34: 19/24)",
    "forgetting_heldout56": "suite 56 (24 scenarios written blind by a helper midway through session 33: 14/24 on "
    "the session's starting code, 14/24 on the code of that moment, 14/24 on its end; its failures read in session "
    "34: 19/24)",
    "forgetting_heldout57": "suite 57 (24 scenarios written blind by a helper at session 34's start: 17/24 on that "
    "code, 17/24 on its end, by the rules alone too; its failures read in session 35: 21/24)",
    "forgetting_heldout58": "suite 58 (24 scenarios written blind by a second helper at session 34's start: 15/24 "
    "on that code, 15/24 on its end, by the rules alone too; its failures read in session 35: 19/24)",
    "forgetting_heldout59": "suite 59 (24 scenarios written blind by a third helper at session 34's start: 9/24 on "
    "that code, 9/24 on its end, by the rules alone too; its failures read in session 35: 17/24)",
    "forgetting_heldout60": "suite 60 (24 scenarios written blind by a helper midway through session 34: 11/24 on "
    "the session's starting code, 14/24 on its end, by the rules alone too; its failures read in session 35: 18/24)",
    "forgetting_heldout61": "suite 61 (24 scenarios written blind by a helper at session 35's start: 14/24 on that "
    "code, 15/24 on its end, by the rules alone too; its failures read in session 36: 16/24)",
    "forgetting_heldout62": "suite 62 (24 scenarios written blind by a second helper at session 35's start: 11/24 on "
    "that code, 11/24 on its end; 10/24 and 10/24 by the rules alone; its failures read in session 36: 12/24)",
    "forgetting_heldout63": "suite 63 (24 scenarios written blind by a third helper at session 35's start: 12/24 on "
    "that code, 12/24 on its end, by the rules alone too; its failures read in session 36: 13/24)",
    "forgetting_heldout64": "suite 64 (24 scenarios written blind by a helper midway through session 35: 14/24 on the "
    "session's starting code, 16/24 on its end, by the rules alone too; its failures read in session 36: 15/24)",
    "forgetting_heldout65": "suite 65 (24 scenarios written blind by a helper at session 36's start: 17/24 on that "
    "code, by the rules alone too; 17/24 on its end; read in session 37)",
    "forgetting_heldout66": "suite 66 (24 scenarios written blind by a second helper at session 36's start: 19/24 on "
    "that code, by the rules alone too; 19/24 on its end; read in session 37)",
    "forgetting_heldout67": "suite 67 (24 scenarios written blind by a third helper at session 36's start: 18/24 on "
    "that code, by the rules alone too; 18/24 on its end; read in session 37)",
    "forgetting_heldout68": "suite 68 (24 scenarios written blind by a fourth helper at session 36's start: 17/24 on "
    "that code, by the rules alone too; 17/24 on its end; read in session 37)",
    "forgetting_heldout69": "suite 69 (24 scenarios written blind by a helper at session 37's start: 9/24 on that "
    "code, 10/24 by the rules alone; 10/24 on its end, by the rules alone too; its failures read in session 38: 11/24)",
    "forgetting_heldout70": "suite 70 (24 scenarios written blind by a second helper at session 37's start: 14/24 on "
    "that code, by the rules alone too; 14/24 on its end; "
    "its failures read in session 38: 17/24)",
    "forgetting_heldout71": "suite 71 (24 scenarios written blind by a third helper at session 37's start: 12/24 on "
    "that code, by the rules alone too; 12/24 on its end; "
    "its failures read in session 38: 17/24)",
    "forgetting_heldout72": "suite 72 (24 scenarios written blind by a fourth helper at session 37's start: 13/24 on "
    "that code, by the rules alone too; 13/24 on its end; "
    "its failures read in session 38: 16/24)",
    "forgetting_heldout73": "suite 73 (24 scenarios written blind by a helper at session 38's start, leaning "
    "toward the Scottish Highlands, Zambia and the Bahamas: 10/24 on that code, by the rules alone too; 11/24 on "
    "its end, by the rules alone too; its failures read in session 39: 20/24)",
    "forgetting_heldout74": "suite 74 (24 scenarios written blind by a second helper at session 38's start, "
    "leaning toward the American South, Malawi and Bangladesh: 16/24 on that code, by the rules alone too; 16/24 "
    "on its end, by the rules alone too; its failures read in session 39: 20/24)",
    "forgetting_heldout75": "suite 75 (24 scenarios written blind by a third helper at session 38's start, leaning "
    "toward Northern England, Cameroon and Fiji: 10/24 on that code, 11/24 by the rules alone; 10/24 on its end, "
    "11/24 by the rules alone; its failures read in session 39: 20/24)",
    "forgetting_heldout76": "suite 76 (24 scenarios written blind by a fourth helper at session 38's start, "
    "leaning toward Queensland, Belize and Nepal: 11/24 on that code, by the rules alone too; 11/24 on its end, by "
    "the rules alone too; its failures read in session 39: 17/24)",
    "forgetting_heldout77": "suite 77 (24 scenarios written blind by a helper at session 39's start, leaning "
    "toward Cumbria, Eswatini and Tonga: 11/24 on that code, by the rules alone too; 12/24 on its "
    "end, by the rules alone too; "
    "its failures read in session 40: 22/24)",
    "forgetting_heldout78": "suite 78 (24 scenarios written blind by a second helper at session 39's start, leaning "
    "toward Ontario, the Gambia and Brunei: 9/24 on that code, by the rules alone too; 11/24 on its "
    "end, by the rules alone too; "
    "its failures read in session 40: 21/24)",
    "forgetting_heldout79": "suite 79 (24 scenarios written blind by a third helper at session 39's start, leaning "
    "toward Liverpool, South Sudan and Antigua: 11/24 on that code, by the rules alone too; 11/24 on its "
    "end, by the rules alone too; "
    "its failures read in session 40: 16/24)",
    "forgetting_heldout80": "suite 80 (24 scenarios written blind by a fourth helper at session 39's start, leaning "
    "toward the Pacific Northwest, Lesotho and Kerala: 15/24 on that code, by the rules alone too; 17/24 on its "
    "end, by the rules alone too; "
    "its failures read in session 40: 21/24)",
    "forgetting_heldout81": "suite 81 (24 scenarios written blind by a helper at session 40's start, leaning "
    "toward Northumberland, Burundi and the Cook Islands: 15/24 on that code, by the rules alone too; "
    "15/24 on its end, by the rules alone too; "
    "its failures read in session 41: 17/24)",
    "forgetting_heldout82": "suite 82 (24 scenarios written blind by a second helper at session 40's start, leaning "
    "toward Manitoba, Ghana's Ashanti region and the Maldives: 13/24 on that code, by the rules alone too; "
    "14/24 on its end, by the rules alone too; "
    "its failures read in session 41: 18/24)",
    "forgetting_heldout83": "suite 83 (24 scenarios written blind by a third helper at session 40's start, leaning "
    "toward Glasgow, Zanzibar and Bermuda: 14/24 on that code, by the rules alone too; "
    "14/24 on its end, by the rules alone too; "
    "its failures read in session 41: 19/24)",
    "forgetting_heldout84": "suite 84 (24 scenarios written blind by a fourth helper at session 40's start, leaning "
    "toward New Mexico, Bulawayo and Goa: 17/24 on that code, by the rules alone too; "
    "18/24 on its end, by the rules alone too; "
    "its failures read in session 41: 20/24)",
    "forgetting_heldout85": "suite 85 (24 scenarios written blind by a helper at session 41's start, leaning "
    "toward the Channel Islands, Gulu and Palau: 12/24 on that code, by the rules alone too; "
    "12/24 on its end, by the rules alone too; "
    "its failures read in session 42: 15/24)",
    "forgetting_heldout86": "suite 86 (24 scenarios written blind by a second helper at session 41's start, leaning "
    "toward Montreal, Mutare and St Lucia: 11/24 on that code, by the rules alone too; "
    "11/24 on its end, by the rules alone too; "
    "its failures read in session 42: 14/24)",
    "forgetting_heldout87": "suite 87 (24 scenarios written blind by a third helper at session 41's start, leaning "
    "toward Bristol, Tamale and Tamil Nadu: 11/24 on that code (9/24 by the rules alone); "
    "12/24 on its end (10/24 by the rules alone); "
    "its failures read in session 42: 14/24)",
    "forgetting_heldout88": "suite 88 (24 scenarios written blind by a fourth helper at session 41's start, leaning "
    "toward Appalachia, Dar es Salaam and Kandy: 13/24 on that code, by the rules alone too; "
    "14/24 on its end, by the rules alone too; "
    "its failures read in session 42: 16/24)",
    "forgetting_heldout89": "suite 89 (24 scenarios written blind by a helper at session 42's start, leaning "
    "toward the Outer Hebrides, Ibadan and Tuvalu: 17/24 on that code, by the rules alone too; "
    "17/24 on its end, by the rules alone too; its failures read in session 43: 19/24)",
    "forgetting_heldout90": "suite 90 (24 scenarios written blind by a second helper at session 42's start, leaning "
    "toward New Brunswick, Arusha and St Vincent: 15/24 on that code, by the rules alone too; "
    "15/24 on its end, by the rules alone too; its failures read in session 43: 15/24)",
    "forgetting_heldout91": "suite 91 (24 scenarios written blind by a third helper at session 42's start, leaning "
    "toward Lancashire, Kasama and Chennai: 17/24 on that code, by the rules alone too; "
    "17/24 on its end, by the rules alone too; its failures read in session 43: 20/24)",
    "forgetting_heldout92": "suite 92 (24 scenarios written blind by a fourth helper at session 42's start, leaning "
    "toward Vermont, Lilongwe and Sarawak: 16/24 on that code, by the rules alone too; "
    "17/24 on its end, by the rules alone too; its failures read in session 43: 18/24)",
    "forgetting_heldout93": "suite 93 (24 scenarios written blind by a helper at session 43's start, leaning "
    "toward the Isles of Scilly, Enugu and Niue: "
    "17/24 on that code, by the rules alone too; 17/24 on its end, by the rules alone too; not read)",
    "forgetting_heldout94": "suite 94 (24 scenarios written blind by a second helper at session 43's start, leaning "
    "toward Montana, Kericho and St Kitts: "
    "15/24 on that code (14/24 by the rules alone); 15/24 on its end (14/24 by the rules alone); not read)",
    "forgetting_heldout95": "suite 95 (24 scenarios written blind by a third helper at session 43's start, leaning "
    "toward Lincolnshire, Mbarara and Hyderabad: "
    "11/24 on that code, by the rules alone too; 11/24 on its end, by the rules alone too; not read)",
    "forgetting_heldout96": "suite 96 (24 scenarios written blind by a fourth helper at session 43's start, leaning "
    "toward Maine, Zomba and Ipoh: "
    "13/24 on that code, by the rules alone too; 13/24 on its end, by the rules alone too; not read)",
}


def _norm(value: str) -> str:
    # a rule's object names its person by placeholder: "Call {subject} Yaw" is "call me Yaw"
    value = (value or "").replace("{subject}'s", "my").replace("{subject}", "me")
    value = re.sub(r"[^\w\s]", " ", re.sub(r"['\u2019]", "", value.lower()))  # "Nando's" and "Nandos" are one
    return " ".join(w for w in value.split() if w not in ("a", "an", "the", "my", "our", "on"))


def _object_matches(predicate: str, got: str, want: str) -> bool:
    # "3rd of June" and "June the third" are one date, "half ten" and "10:30am" one time, "every Saturday" and
    # "Saturdays" one day of the week: compared in the form the extractor stores
    from hearthd.formation.extraction.dates import canonical_value

    got, want = canonical_value(predicate, got), canonical_value(predicate, want)
    g, w = _norm(got), _norm(want)
    if g == w:
        return True
    # a label's parenthesis is a remark on the value: "Biscuit (cavoodle)" is the dog Biscuit, "French (learning)"
    # French (the kind and the learning are kept beside the value, as its qualifier)
    if "(" in want and g == _norm(canonical_value(predicate, re.sub(r"\s*\([^)]*\)", "", want))):
        return True
    if predicate == "pet" and (named := re.search(r"\b(?:named|called) (.+)$", want)) and g == _norm(named.group(1)):
        return True  # "guinea pig named Salt" is the guinea pig Salt (its kind is kept beside the name)
    if predicate in PHRASES:
        gs, ws = set(g.split()), set(w.split())
        return bool(gs and ws) and (g in w or w in g or len(gs & ws) / max(len(gs), len(ws)) >= 0.5)
    return False


def _subject_matches(mention, want: str) -> bool:
    from hearthd.entities.resolve import relation_word

    want = (want or "").strip().lower()
    if mention is None:
        return want == ""
    if mention.kind == "household":
        return want == "household"
    if (mention.name or "").lower() == want:
        return True
    words = want.split()
    if len(words) == 1 and mention.relation and not mention.name:  # "granddad": the speaker's, said as a name
        return relation_word(words[0]) == relation_word(mention.relation)
    if mention.relation in _GROUPS and len(words) >= 2 and words[0] in ("my", "our", "the", "both"):
        return _GROUPS.get(words[-1]) == mention.relation  # "the kids": the children together
    # "my mum" is the speaker's mother; "Tom's mum" is not the speaker's relation at all.
    return (
        bool(mention.relation)
        and len(words) == 2
        and words[0] in ("my", "our")
        and (relation_word(words[1]) == relation_word(mention.relation))
    )


_GROUPS = {"kids": "children", "children": "children", "twins": "twins", "boys": "sons", "girls": "daughters"}
# A set's predicate the product keeps as another: a school is a note of its kind ("Noah goes to St Aidan's").
STORED_AS = {"studies_at": ("note", "school")}


def _predicate_matches(c, predicate: str) -> bool:
    if predicate in STORED_AS:
        return (c.predicate, c.qualifier) == STORED_AS[predicate]
    return c.predicate == predicate


def _matches(c, w: dict) -> bool:
    value = f"{c.object} {c.qualifier}" if c.predicate in PHRASES and c.qualifier else c.object
    return (
        _predicate_matches(c, w["predicate"])
        and _subject_matches(c.subject, w["subject"])
        and (_object_matches(c.predicate, c.object, w["object"]) or _object_matches(c.predicate, value, w["object"]))
    )


def score_extraction(lines: list[dict], reader=None) -> dict:
    """Precision and recall of the extractor on labelled lines: the rules alone, or with the learned reader."""
    from hearthd.formation.extraction import extract, rules_alone

    produced = correct = expected = found = 0
    by_kind: dict[str, dict[str, int]] = {}
    misses, wrong = [], []
    for case in lines:
        got = rules_alone(extract(case["text"], case.get("role", "user"), reader=reader))
        want = case["facts"]
        hits_got = [any(_matches(c, w) for w in want) for c in got]
        hits_want = [any(_matches(c, w) for c in got) for w in want]
        k = by_kind.setdefault(case.get("kind", "?"), {"produced": 0, "correct": 0, "expected": 0, "found": 0})
        for key, n in (
            ("produced", len(got)),
            ("correct", sum(hits_got)),
            ("expected", len(want)),
            ("found", sum(hits_want)),
        ):
            k[key] += n
        produced, correct = produced + len(got), correct + sum(hits_got)
        expected, found = expected + len(want), found + sum(hits_want)
        wrong += [
            f"{case['text']!r} -> {c.predicate}({c.object!r}, subject={c.subject})"
            for c, h in zip(got, hits_got)
            if not h
        ]
        misses += [f"{case['text']!r}: {w}" for w, h in zip(want, hits_want) if not h]
    return {
        "sentences": len(lines),
        "precision": round(correct / produced, 3) if produced else 1.0,
        "recall": round(found / expected, 3) if expected else 1.0,
        "produced": produced,
        "correct": correct,
        "expected": expected,
        "found": found,
        "by_kind": by_kind,
        "wrong": wrong,
        "missed": misses,
    }


def project_table() -> dict:
    sys.path.insert(0, str(HERE.parent))
    from tests.daemon.test_extract_rules import TABLE, table_metrics

    m = table_metrics(TABLE)
    return {"sentences": len(TABLE), **{k: round(v, 3) if isinstance(v, float) else v for k, v in m.items()}}


def run_forgetting(scenarios: list[dict]) -> dict:
    from hearthd.daemon import Daemon
    from hearthd.errors import UserError
    from hearthd.formation.extraction.dates import canonical_date
    from tests.helpers import real_loader, settle

    passed, by_category, failures, refused = 0, {}, [], []
    for scenario in scenarios:
        with tempfile.TemporaryDirectory() as tmp:
            daemon = Daemon(Path(tmp) / "data", model_loader=real_loader).start()
            try:
                settle(daemon)
                t0 = time.time() - 86400 * len(scenario["notes"])
                for i, note in enumerate(scenario["notes"]):
                    # A day apart, as notes are given over time; a note refused (the quality gate) is not kept.
                    try:
                        daemon.ops.curation.remember(note, speaker="alice", valid_from=t0 + 86400 * i)
                    except UserError as exc:
                        refused.append(f"{scenario['name']}: {note!r}: {exc}")
                with daemon.store.reading() as conn:
                    texts = [
                        r[0].lower()
                        for r in conn.execute("SELECT text FROM facts WHERE status = 'active' AND dismissed = 0")
                    ]
            finally:
                daemon.stop()
        # dates compared in one form: "June 12th" is in "Mum's birthday is on the 12th of June"
        texts = [canonical_date(t).lower() for t in texts]
        current = [canonical_date(c).lower() for c in scenario["current"]]
        gone = [canonical_date(n).lower() for n in scenario.get("not_current", [])]
        ok = all(any(c in t for t in texts) for c in current) and not any(n in t for n in gone for t in texts)
        cat = by_category.setdefault(scenario["category"], [0, 0])
        cat[0] += ok
        cat[1] += 1
        passed += ok
        if not ok:
            failures.append({"name": scenario["name"], "current_facts": texts})
    return {
        "scenarios": len(scenarios),
        "passed": passed,
        "score": round(passed / len(scenarios), 3) if scenarios else 1.0,
        "by_category": {k: f"{v[0]}/{v[1]}" for k, v in by_category.items()},
        "failures": failures,
        "refused": refused,
    }


def main(argv=None) -> int:
    sys.path.insert(0, str(HERE.parent))
    from hearthd.formation.extraction.reader import shared_reader

    out = {"measured_at": time.strftime("%Y-%m-%d %H:%M"), "project_table": project_table()}
    reader = shared_reader()
    for name, label in SETS.items():
        path = DATA / f"{name}.jsonl"
        if path.exists():
            lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
            with_reader = score_extraction(lines, reader)
            read = {k: with_reader[k] for k in ("precision", "recall", "produced", "correct", "expected", "found")}
            out[name] = dict(score_extraction(lines), label=label, with_reader=read)
    if "--no-forgetting" not in (argv or sys.argv[1:]):
        for name, label in FORGETTING.items():
            if (DATA / f"{name}.json").exists():
                out[name] = dict(run_forgetting(json.loads((DATA / f"{name}.json").read_text())), label=label)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "extraction.json").write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n")
    (RESULTS / "extraction.md").write_text(render(out))
    print(render(out))
    return 0


def _totals(out: dict) -> list[str]:
    """The sets read and the sets not read, each pooled: rules alone and with the reader."""
    lines = ["", "| pooled | precision | recall | with the reader: precision | recall |", "|---|---|---|---|---|"]
    for title, names in (
        ("sets read (the reader learned from them)", [n for n in SETS if n in out and n not in NOT_READ]),
        ("sets not read", [n for n in SETS if n in out and n in NOT_READ]),
    ):
        row = [title]
        for get in (lambda h: h, lambda h: h["with_reader"]):
            c, p, f, e = (sum(get(out[n])[k] for n in names) for k in ("correct", "produced", "found", "expected"))
            row += [f"{c / p:.3f}" if p else "-", f"{f / e:.3f}" if e else "-"]
        lines.append("| " + " | ".join(row) + " |")
    return lines


def render(out: dict) -> str:
    t = out["project_table"]
    lines = [
        f"# Rule extractor and forgetting suite ({out['measured_at']})",
        "",
        "The rules alone, and with the learned reader (bench/train_reader.py; it learned from every set here but",
        f"the ones not read: {', '.join(NOT_READ)}, so on the others its figures are on sentences it was taught).",
        "",
        "| set | sentences | precision | recall | with the reader: precision | recall |",
        "|---|---|---|---|---|---|",
        f"| project table (tuned on) | {t['sentences']} | {t['precision']} | {t['recall']} | | |",
    ]
    sets = [out[name] for name in SETS if name in out]
    lines += [
        f"| {h['label']} | {h['sentences']} | {h['precision']} | {h['recall']} | "
        f"{h['with_reader']['precision']} | {h['with_reader']['recall']} |"
        for h in sets
    ]
    lines += _totals(out)
    for h in sets:
        lines += ["", f"## {h['label']}", "", "By kind (correct/produced, found/expected):", ""]
        for kind, k in sorted(h["by_kind"].items()):
            lines.append(f"- {kind}: {k['correct']}/{k['produced']} correct, {k['found']}/{k['expected']} found")
        lines += ["", "Wrong candidates:", ""] + [f"- {w}" for w in h["wrong"]]
        lines += ["", "Missed:", ""] + [f"- {m}" for m in h["missed"]]
    for name in FORGETTING:
        if name not in out:
            continue
        f = out[name]
        lines += ["", f"## Forgetting {f['label']}, through `remember`: {f['passed']}/{f['scenarios']} ({f['score']})"]
        lines += [""] + [f"- {c}: {v}" for c, v in sorted(f["by_category"].items())]
        lines += [f"- failed: {x['name']}" for x in f["failures"]]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
