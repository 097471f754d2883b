"""Questions a household asks, written after the read path by someone who had not read it (data/
asking_heldout.json: three people's statements over a month, 36 questions, and each person's private words),
with the real model. The statements are formed by the rule extractor; the question must find its answer in
the asker's `[Turn context]`, and no caller (another person, an uncertain voice, an anonymous one) is ever
shown a word of someone's personal pool.

First score, before any change for it (2026-12-01): 27 of 36 answered, 0 leaks; after two general fixes it
showed (a person's "I" also reads the household's facts, a job is one slot of role and employer): 29 of 36.
The other 7 were statements the extractor did not learn (how one takes coffee, the instrument one plays, a
best friend, a teacher), taught in its next round, and the words for them added to the question table: so
this set is tuned on now, and its 36 of 36 is not a held-out figure.

A second set (data/asking_heldout2.json, another household, 38 questions), written after that round, scored
once (2026-12-01): 34 of 38 answered, 0 leaks. Of the 4 missed, one was the read path ("what was my old
job?" did not ask the past; "my old" does now), three are statements the extractor does not learn (marked).

A third (data/asking_heldout3.json, a family of three over 28 days: kids, a dog, corrections, the kitchen
speaker; 45 questions), written by someone who had read neither, scored once (2026-12-02): 29 of 45, 0 leaks.
Then tuned on: what the household says as "our" (our son, our dog) is the household's, and so is what is said
later of them; an address with its street; a workplace said with its day; where the spare key is now; "the
bins go out ..." after a comma; a dog's breed; "originally" asks the past. 42 of 45 now, 0 leaks (the three
marked: a race trained for, a wish, and a mother's note of her daughter's parents' evening).

A fourth (data/asking_heldout4.json, 52 statements, 43 questions), written after that round and scored once
(2026-12-02): 28 of 43, 0 leaks (20 of 43 on the session's starting code). Then tuned on: the household's codes,
"Biscuit is our springer spaniel", sports, "she's got a flat in Scarborough now", a child's teacher "this year",
"my appointment's moved to", providers said without "our", lower-case school names: 37 of 43 now, 0 leaks (the six
marked)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import private_leaks, tell_household

SETS = {
    name: json.loads((Path(__file__).parent / "data" / f"{name}.json").read_text())
    for name in ("asking_heldout", "asking_heldout2", "asking_heldout3", "asking_heldout4")
}
NOT_LEARNED = {  # (set, question): the statement that answers it gives no fact yet
    ("asking_heldout2", "where does my best friend live?"),  # "My best friend Noor lives next door."
    ("asking_heldout2", "where does Noor live?"),
    ("asking_heldout3", "what race am I training for?"),  # "I'm training for the Leeds half marathon"
    ("asking_heldout3", "what do I want to study at uni?"),  # a wish: "I want to study marine biology at uni"
    # "Ines's parents evening is on the 24th of April", said by her mother: her mother's to know
    ("asking_heldout3", "when's my parents evening?"),
    ("asking_heldout4", "what A levels am I doing?"),  # "i'm doing chemistry biology and maths A levels at ..."
    ("asking_heldout4", "which energy supplier did we have before?"),  # a provider's past, not asked as one
    ("asking_heldout4", "when was my driving test originally?"),  # "the 22nd" without its month
    ("asking_heldout4", "what school does my son go to?"),  # the mother's "our son Rory", asked as "my son"
    ("asking_heldout4", "where are we going for half term?"),  # a plan: "we're going to Pembrokeshire"
    ("asking_heldout4", "what's the window cleaner called?"),  # the name of the help, asked by its role
}


@pytest.fixture(scope="module")
def homes(tmp_path_factory):
    """A daemon per set, its statements formed once, made when a test first asks for it."""
    from tests.helpers import make_daemon, real_loader, settle

    made: dict = {}
    old = os.environ.get("HEARTH_DATA_DIR")

    def home(name: str):
        if name not in made:
            data_dir = tmp_path_factory.mktemp(name)
            os.environ["HEARTH_DATA_DIR"] = str(data_dir)
            daemon = make_daemon(data_dir, real_loader)
            settle(daemon)
            client = daemon.client()
            tell_household(client, SETS[name])
            made[name] = (daemon, client)
        return made[name][1]

    yield home
    for daemon, _client in made.values():
        daemon.stop()
    if old is None:
        os.environ.pop("HEARTH_DATA_DIR", None)
    else:
        os.environ["HEARTH_DATA_DIR"] = old


def _cases():
    for name, data in SETS.items():
        for q in data["questions"]:
            marks = [pytest.mark.xfail(reason="the extractor does not learn the statement yet")]
            learned = (name, q["question"]) not in NOT_LEARNED
            yield pytest.param(name, q, id=f"{name} {q['speaker']}: {q['question']}", marks=() if learned else marks)


@pytest.mark.parametrize(("name", "q"), list(_cases()))
def test_the_answer_is_in_the_askers_context(homes, name, q):
    preamble = homes(name).context(q["question"], speaker=q["speaker"])["preamble"].lower()
    assert all(word.lower() in preamble for word in q["expect"]), preamble


@pytest.mark.parametrize("name", list(SETS))
def test_no_caller_sees_another_persons_private_words(homes, name):
    assert private_leaks(homes(name), SETS[name]) == []
