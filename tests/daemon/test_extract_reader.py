"""The extractor's learned reader (formation/extraction/reader.py) with the real model and its shipped weights:
what it adds to the rules, the gates it keeps, and the setting that turns it off. Each sentence here was written
for this file, not taken from the sets the reader learned from."""

import pytest

from hearthd.formation.extraction import extract, rules_alone
from hearthd.formation.extraction.reader import SPAN_PREDICATES, shared_reader


@pytest.fixture(scope="module")
def reader():
    return shared_reader()


def read(text, reader):
    return {(c.predicate, c.object) for c in rules_alone(extract(text, "user", reader=reader))}


@pytest.mark.parametrize(
    "said, fact",
    [
        ("I'm over in Dundee these days, moved up for the job.", ("lives_in", "Dundee")),
        ("I do shifts as a paramedic out of the Ashford station", ("works_as", "paramedic")),
        ("I do nights as a porter at the Royal", ("works_as", "porter")),
    ],
)
def test_it_reads_what_the_rules_leave(reader, said, fact):
    assert fact not in read(said, None)  # the rules alone miss it
    assert fact in read(said, reader)


@pytest.mark.parametrize(
    "said",
    [
        "are you mostly in galway these days?",  # a question
        "if I were over in Dundee I'd walk to work",  # a hypothetical
        "she said she's mostly in galway with the kids",  # reported
        "I'm not in Dundee any more",  # over
        "I gave up being a paramedic last year",  # given up
    ],
)
def test_it_keeps_the_rules_gates(reader, said):
    assert not read(said, reader)


def test_the_rules_come_first_and_the_reader_adds_only_its_predicates(reader):
    got = rules_alone(extract("I live in Porto, and I'm over in Dundee these days", "user", reader=reader))
    assert [(c.predicate, c.object) for c in got if c.predicate == "lives_in"] == [("lives_in", "Porto")]
    assert all(c.predicate in SPAN_PREDICATES for c in reader.read(["my nan lives out in Margate"])[0])


def test_formation_reads_with_it_and_the_setting_turns_it_off(real_daemon):
    hub = real_daemon.client()
    hub.remember("I'm over in Dundee these days, moved up for the job.", speaker="alice", valid_from="2026-01-01")
    assert "dundee" in {f["object"].lower() for f in hub.facts(speaker="alice")}
    hub.set_setting("memory.learned_reader", False)
    hub.remember("I do shifts as a paramedic out of the Ashford station", speaker="alice", valid_from="2026-01-02")
    assert "paramedic" not in {f["object"].lower() for f in hub.facts(speaker="alice")}
    hub.set_setting("memory.learned_reader", True)
    hub.remember("I do shifts as a paramedic out of the Ashford station", speaker="alice", valid_from="2026-01-03")
    assert "paramedic" in {f["object"].lower() for f in hub.facts(speaker="alice")}


def test_a_guessed_reading_asks_before_it_replaces_and_accepting_it_does(real_daemon):
    hub = real_daemon.client()
    hub.remember("I live in Porto.", speaker="alice", valid_from="2026-01-01")
    hub.remember("I'm over in Dundee these days, moved up for the job.", speaker="alice", valid_from="2026-02-01")
    homes = {f["object"]: f["id"] for f in hub.facts(speaker="alice") if f["predicate"] == "lives_in"}
    assert set(homes) == {"Porto", "Dundee"}  # the rules' Porto is not closed by a guess
    item = next(i for i in hub.review() if i["kind"] == "supersession")
    assert set(item["facts"]) == {homes["Porto"], homes["Dundee"]}
    hub.resolve_review(item["id"], "accept", keep=homes["Dundee"])
    assert [f["object"] for f in hub.facts(speaker="alice") if f["predicate"] == "lives_in"] == ["Dundee"]


def test_the_status_says_whether_the_reader_reads(real_daemon):
    hub = real_daemon.client()
    hub.remember("I'm over in Dundee these days, moved up for the job.", speaker="alice", valid_from="2026-01-01")
    assert hub.status()["formation"]["learned_reader"] == "ready"
    hub.set_setting("memory.learned_reader", False)
    assert hub.status()["formation"]["learned_reader"] == "off"


def test_a_daemon_on_the_fake_embedder_reads_by_the_rules_alone(client):
    assert client.status()["formation"]["learned_reader"] == "off"


def test_what_only_the_reader_read_is_kept_beside_the_whole_note(real_daemon):
    hub = real_daemon.client()
    said = "I do days as a porter at the Royal"  # (the rules read none of it; "nights" would be a routine)
    stored = hub.remember(said, speaker="alice", valid_from="2026-01-01")["stored"]
    read = [(s["fact"]["predicate"], s["fact"]["object"]) for s in stored]
    assert read[0] == ("note", said) and ("works_as", "porter") in read[1:], read
    # a no-longer statement is still a release, whatever the reader makes of it
    hub.remember("I'm vegan.", speaker="alice", valid_from="2026-01-01")
    assert hub.remember("ive given up being vegan, im eating meat again", speaker="alice").get("released")
    assert "vegan" not in {f["object"] for f in hub.facts(speaker="alice")}
