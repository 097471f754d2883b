"""Managing the household's entities by hand, through a real daemon: list and show, rename, aliases, merge
(facts, relations and aliases move; speaking people and the household refused; clashing functional facts go to
the review queue), split ("two Saras"), the errors that change nothing, the audit entries and hearthctl."""

from __future__ import annotations

import json
import time

import pytest

from hearthd.api.client import HearthError
from hearthd.entities import resolve
from tests.helpers import hearthctl_in_process


def _entity(tx, kind: str, name: str, speaker: str | None = None) -> int:
    now = time.time()
    if speaker:
        tx.execute("INSERT OR IGNORE INTO speakers(id, name, created_at) VALUES (?, ?, ?)", (speaker, name, now))
        return resolve.person_of_speaker(tx, speaker, now)
    entity = tx.execute("INSERT INTO entities(kind, name, created_at) VALUES (?, ?, ?)", (kind, name, now)).lastrowid
    resolve.add_alias(tx, entity, name)
    return entity


def _fact(tx, entity: int, predicate: str, obj: str, text: str, owner: str | None = "alice", **kw) -> int:
    now = time.time()
    return tx.execute(
        "INSERT INTO facts(subject, predicate, object, text, owner_id, valid_from, recorded_at, subject_entity, "
        "object_entity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            resolve.subject_label(tx, entity),
            predicate,
            obj,
            text,
            owner,
            kw.get("valid_from", now),
            now,
            entity,
            kw.get("object_entity"),
        ),
    ).lastrowid


@pytest.fixture
def family(daemon):
    """Alice (a speaker), her daughter Emma, a friend Sara with facts of two different Saras, Sarah (the same
    friend, misspelt) and Biscuit the dog."""

    def write(tx):
        now = time.time()
        ids = {
            "alice": _entity(tx, "person", "Alice", speaker="alice"),
            "bob": _entity(tx, "person", "Bob", speaker="bob"),
            "emma": _entity(tx, "person", "Emma"),
            "sara": _entity(tx, "person", "Sara"),
            "sarah": _entity(tx, "person", "Sarah"),
            "biscuit": _entity(tx, "pet", "Biscuit"),
            "household": resolve.household(tx, now),
        }
        resolve.link(tx, ids["alice"], "daughter", ids["emma"], now)
        resolve.link(tx, ids["alice"], "friend", ids["sara"], now)
        resolve.link(tx, ids["bob"], "colleague", ids["sarah"], now)
        ids["emma_allergy"] = _fact(tx, ids["emma"], "allergy", "peanuts", "Emma is allergic to peanuts")
        ids["sara_works"] = _fact(tx, ids["sara"], "works_at", "Acme", "Sara works at Acme", valid_from=now - 100)
        ids["sara_lives"] = _fact(tx, ids["sara"], "lives_in", "Porto", "Sara lives in Porto", valid_from=now - 100)
        ids["sara_likes"] = _fact(tx, ids["sara"], "likes", "jazz", "Sara likes jazz")
        ids["sarah_lives"] = _fact(tx, ids["sarah"], "lives_in", "Braga", "Sarah lives in Braga")
        ids["sarah_likes"] = _fact(tx, ids["sarah"], "likes", "tea", "Sarah likes tea")
        ids["alice_pet"] = _fact(
            tx, ids["alice"], "pet", "Biscuit", "Alice has a dog called Biscuit", object_entity=ids["biscuit"]
        )
        return ids

    return daemon.store.writer.write(write)


def _audit(client, action: str) -> list[dict]:
    return client.audit(action=action)


def test_list_and_show(client, family):
    entities = {e["id"]: e for e in client.entities()}
    emma = entities[family["emma"]]
    assert (emma["kind"], emma["name"], emma["aliases"], emma["fact_count"]) == ("person", "Emma", ["Emma"], 1)
    assert emma["named_as"] == ["Alice's daughter"]
    assert entities[family["alice"]]["speaker_id"] == "alice"
    assert "Emma's parent" in entities[family["alice"]]["named_as"]
    assert [e["name"] for e in client.entities("pet")] == ["Biscuit"]
    assert client.entities()[0]["kind"] == "household"  # first, then by name

    shown = client.entity(family["emma"])
    assert [f["text"] for f in shown["facts"]] == ["Emma is allergic to peanuts"]
    assert shown["facts"][0]["ref"] == f"fact:{family['emma_allergy']}"
    texts = {r["text"] for r in shown["relations"]}
    assert texts == {"Alice's daughter is Emma", "Emma's parent is Alice"}
    biscuit = client.entity(family["biscuit"])
    assert [f["id"] for f in biscuit["mentions"]] == [family["alice_pet"]] and biscuit["facts"] == []


def test_list_and_show_refuse_bad_input(client, family):
    with pytest.raises(HearthError) as bad:
        client.entities("dragon")
    assert bad.value.status == 400 and "kind must be one of" in str(bad.value)
    with pytest.raises(HearthError) as missing:
        client.entity(999_999)
    assert missing.value.status == 404


def test_rename_keeps_the_old_name_as_an_alias_and_relabels_the_facts(daemon, client, family):
    answer = client.rename_entity(family["emma"], "Emma Rose")
    assert (answer["name"], answer["old_name"], answer["changed"]) == ("Emma Rose", "Emma", True)
    shown = client.entity(family["emma"])
    assert shown["name"] == "Emma Rose" and set(shown["aliases"]) == {"Emma", "Emma Rose"}
    with daemon.store.reading() as conn:
        subject = conn.execute("SELECT subject FROM facts WHERE id = ?", (family["emma_allergy"],)).fetchone()[0]
    assert subject == "Emma Rose"
    entry = _audit(client, "entity.rename")[0]
    assert entry["target"] == f"entity:{family['emma']}"
    assert "renamed" in [e["type"].split(".")[1] for e in daemon.events.recent if e["type"].startswith("entity.")]
    assert client.rename_entity(family["emma"], "Emma Rose")["changed"] is False

    with pytest.raises(HearthError) as empty:
        client.rename_entity(family["emma"], "   ")
    assert empty.value.status == 400
    with pytest.raises(HearthError) as missing:
        client.rename_entity(999_999, "Nobody")
    assert missing.value.status == 404
    assert len(_audit(client, "entity.rename")) == 1


def test_aliases_add_and_remove(client, family):
    added = client.alias_entity(family["biscuit"], "Biscuit the dog")
    assert added["changed"] and "Biscuit the dog" in added["aliases"]
    assert client.alias_entity(family["biscuit"], "biscuit the dog")["changed"] is False  # the same, normalised
    removed = client.alias_entity(family["biscuit"], "Biscuit the Dog", remove=True)
    assert removed["changed"] and removed["aliases"] == ["Biscuit"]
    with pytest.raises(HearthError) as missing:
        client.alias_entity(family["biscuit"], "Rex", remove=True)
    assert missing.value.status == 404
    with pytest.raises(HearthError, match="name"):
        client.alias_entity(family["biscuit"], "Biscuit", remove=True)
    entries = _audit(client, "entity.alias")
    assert [e["detail"]["removed"] for e in entries] == [True, False]  # newest first


def test_an_alias_with_accents_is_found_without_them_listed_once_and_removed_whole(daemon, client, family):
    added = client.alias_entity(family["biscuit"], "Bîscuité")
    assert added["aliases"].count("Bîscuité") == 1
    with daemon.store.reading() as conn:
        keys = {r[0] for r in conn.execute("SELECT norm FROM entity_aliases WHERE entity_id = ?", (family["biscuit"],))}
    assert {"bîscuité", "biscuite"} <= keys  # said with its accents or without
    removed = client.alias_entity(family["biscuit"], "Bîscuité", remove=True)
    assert removed["changed"] and removed["aliases"] == ["Biscuit"]
    with daemon.store.reading() as conn:
        keys = {r[0] for r in conn.execute("SELECT norm FROM entity_aliases WHERE entity_id = ?", (family["biscuit"],))}
    assert keys == {"biscuit"}


def test_merge_moves_facts_relations_and_aliases_and_queues_clashes(daemon, client, family):
    answer = client.merge_entities(family["sarah"], family["sara"])
    assert answer["into"] == family["sara"]
    assert sorted(answer["facts"]) == sorted([family["sarah_lives"], family["sarah_likes"]])
    sara = client.entity(family["sara"])
    assert {f["id"] for f in sara["facts"]} >= {family["sarah_lives"], family["sarah_likes"], family["sara_lives"]}
    assert {"Sara", "Sarah"} <= set(sara["aliases"])
    assert "Bob's colleague is Sara" in {r["text"] for r in sara["relations"]}
    assert sara["merged"] == [{"id": family["sarah"], "name": "Sarah"}]
    assert family["sarah"] not in {e["id"] for e in client.entities()}
    assert client.entity(family["sarah"])["merged_into"] == family["sara"]
    with daemon.store.reading() as conn:
        subject = conn.execute("SELECT subject FROM facts WHERE id = ?", (family["sarah_lives"],)).fetchone()[0]
    assert subject == "Sara"

    # Two current cities (lives_in is functional, one pool): a contradiction to review, not a silent pair.
    (item,) = answer["review"]
    queued = {i["id"]: i for i in client.review()}[item]
    assert sorted(queued["facts"]) == sorted([family["sara_lives"], family["sarah_lives"]])
    entry = _audit(client, "entity.merge")[0]
    assert entry["target"] == f"entity:{family['sarah']}"
    assert "entity.merged" in [e["type"] for e in daemon.events.recent]

    with pytest.raises(HearthError, match="merged into"):
        client.merge_entities(family["sarah"], family["emma"])


def test_merging_a_speaker_into_a_mention_keeps_the_speaker(daemon, client, family):
    """ "Ally" was a mention of Alice: merged into her, or she into it, her facts keep her speaker's label."""
    ally = daemon.store.writer.write(lambda tx: _entity(tx, "person", "Ally"))
    fact = daemon.store.writer.write(lambda tx: _fact(tx, ally, "likes", "cats", "Ally likes cats"))
    client.merge_entities(family["alice"], ally)
    merged = client.entity(ally)
    assert merged["speaker_id"] == "alice"
    with daemon.store.reading() as conn:
        subject = conn.execute("SELECT subject FROM facts WHERE id = ?", (fact,)).fetchone()[0]
        again = resolve.person_of_speaker(conn, "alice", time.time())
    assert subject == "alice" and again == ally


def test_merge_refusals_change_nothing(daemon, client, family):
    before = daemon.store.writer.rows_changed
    cases = [
        ((family["alice"], family["bob"]), "two speaking people"),
        ((family["emma"], family["household"]), "household"),
        ((family["household"], family["emma"]), "household"),
        ((family["emma"], family["emma"]), "itself"),
    ]
    for (a, b), message in cases:
        with pytest.raises(HearthError, match=message) as refused:
            client.merge_entities(a, b)
        assert refused.value.status == 400
    with pytest.raises(HearthError) as missing:
        client.merge_entities(family["emma"], 999_999)
    assert missing.value.status == 404
    assert daemon.store.writer.rows_changed == before
    assert _audit(client, "entity.merge") == []


def test_split_two_saras(daemon, client, family):
    answer = client.split_entity(family["sara"], [family["sara_works"], family["sara_lives"]], "Sara from work")
    new = answer["new"]
    assert client.entity(new)["kind"] == "person"
    assert {f["id"] for f in client.entity(new)["facts"]} == {family["sara_works"], family["sara_lives"]}
    assert {f["id"] for f in client.entity(family["sara"])["facts"]} == {family["sara_likes"]}
    with daemon.store.reading() as conn:
        subject = conn.execute("SELECT subject FROM facts WHERE id = ?", (family["sara_works"],)).fetchone()[0]
    assert subject == "Sara from work"
    detail = _audit(client, "entity.split")[0]
    assert detail["target"] == f"entity:{family['sara']}"
    assert "entity.split" in [e["type"] for e in daemon.events.recent]

    before = daemon.store.writer.rows_changed
    with pytest.raises(HearthError, match="not about"):
        client.split_entity(family["sara"], [family["emma_allergy"]], "Other")
    with pytest.raises(HearthError) as missing:
        client.split_entity(family["sara"], [999_999], "Other")
    assert missing.value.status == 404
    with pytest.raises(HearthError, match="household"):
        client.split_entity(family["household"], [family["emma_allergy"]], "Other")
    with pytest.raises(HearthError) as empty:
        client.split_entity(family["sara"], [], "Other")
    assert empty.value.status in (400, 422)
    assert daemon.store.writer.rows_changed == before


def test_hearthctl_entities(daemon, family, capsys, monkeypatch):
    run = hearthctl_in_process(daemon, monkeypatch, capsys)

    code, out, _ = run("entities")
    assert code == 0 and "Emma" in out and "Alice's daughter" in out and "speaker alice" in out
    code, out, _ = run("entities", "--kind", "pet", "--json")
    assert code == 0 and [e["name"] for e in json.loads(out)] == ["Biscuit"]
    code, out, _ = run("entity", str(family["emma"]))
    assert code == 0 and "Emma is allergic to peanuts" in out and "Alice's daughter is Emma" in out
    code, out, _ = run("entity", "rename", str(family["emma"]), "Emma Rose")
    assert (code, out.strip()) == (0, f"entity {family['emma']} is now Emma Rose")
    code, out, _ = run("entity", "alias", str(family["biscuit"]), "Bis")
    assert code == 0 and "added alias 'Bis'" in out
    code, out, _ = run("entity", "alias", str(family["biscuit"]), "Bis", "--remove")
    assert code == 0 and "removed alias 'Bis'" in out
    code, out, _ = run("entity", "merge", str(family["sarah"]), str(family["sara"]))
    assert code == 0 and "2 facts moved" in out and "1 contradiction(s) to review" in out
    facts = f"{family['sara_works']},fact:{family['sara_lives']}"
    code, out, _ = run("entity", "split", str(family["sara"]), "--facts", facts, "--name", "Sara from work")
    assert code == 0 and "split 2 facts off" in out
    code, out, err = run("entity", "merge", str(family["alice"]), str(family["bob"]))
    assert code == 1 and out == "" and "two speaking people" in err and len(err.strip().splitlines()) == 1
    code, _, err = run("entity", "rename", "x", "Y")
    assert code == 1 and "must be an entity id" in err
    code, _, err = run("entity", "explode", "3")
    assert code == 1 and "usage" in err
