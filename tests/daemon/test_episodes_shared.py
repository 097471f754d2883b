"""Episodes of a conversation of several people: every pool the session touched gets an episode made only from
what that pool may see (the household's from the household-visible turns, each person's from their own turns
and the household-visible ones around them), linked to each other; no person's personal words reach another
pool's episode, an anonymous caller sees the household's only, re-forming writes nothing twice, and erasing a
person leaves nothing of theirs."""

from __future__ import annotations

import json

import pytest

from hearthd.forgetting.erase import Selector, execute_erase, plan_erase
from hearthd.forgetting.erase.plan import headline_quotes, quotes
from hearthd.forgetting.receipts import ReceiptKeys
from hearthd.formation import ledger
from hearthd.formation.episodes import pool_views
from hearthd.memory.scope import scope_for
from hearthd.timeutil import parse_time
from tests.daemon.chat_server import ChatServer
from tests.daemon.test_formation import results
from tests.helpers import form, settle

# (speaker, band, user line, the assistant's answer); speaker None: a guest nobody identified.
KITCHEN = [
    ("alice", "high", "I work as a nurse at the children's hospital in Porto.", "That sounds like demanding work."),
    ("bob", "high", "I work as a teacher at the primary school by the river.", "Teaching is a fine job."),
    (None, None, "Hello everyone, what are we cooking for dinner tonight? Lasagna?", "Lasagna sounds great tonight."),
    ("alice", "high", "I'm pregnant with our second baby, only my sister knows so far.", "Congratulations to you!"),
    ("bob", "high", "I love playing chess at the club on Tuesday evenings.", "Chess is a great hobby."),
    ("alice", "high", "The bins go out on Thursday.", "I'll remind the household."),
    (None, None, "Can someone set the table for dinner? The lasagna is almost ready.", "Enjoy the lasagna dinner."),
]
# Words only one person's personal turns (or the assistant's answers to them) hold.
WORDS = {
    "alice": {"nurse", "hospital", "demanding", "pregnant", "baby", "sister", "congratulations", "bins", "thursday"},
    "bob": {"teacher", "school", "river", "teaching", "chess", "tuesday", "hobby"},
}


def kitchen(client, ts="2026-03-06T18:00:00Z", turns=KITCHEN):
    start = parse_time(ts)
    out = []
    for i, (speaker, band, text, answer) in enumerate(turns):
        out.append(
            {
                "thread": "kitchen",
                "role": "user",
                "text": text,
                "ts": start + 60 * i,
                **({"speaker": speaker, "band": band} if speaker else {}),
            }
        )
        out.append({"thread": "kitchen", "role": "assistant", "text": answer, "ts": start + 60 * i + 5})
    return client.commit_turns(out)


def episodes(daemon) -> dict:
    """The episodes by pool ("household" for owner NULL)."""
    with daemon.store.reading() as conn:
        rows = conn.execute("SELECT * FROM episodes ORDER BY id").fetchall()
    return {r["owner_id"] or "household": dict(r, participants=json.loads(r["participants"])) for r in rows}


def words(text: str) -> set[str]:
    return {w.strip(".,!?;:'\"()").casefold() for w in text.split()}


def session_turns(daemon, session_id: int) -> list[dict]:
    with daemon.store.reading() as conn:
        return ledger.session_turns(conn, session_id)


def unseen_turns(turns: list[dict], pool: str | None) -> list[dict]:
    """The turns of a session a pool may not read."""
    return [t for t in turns if t["owner_id"] not in (None, pool)]


def test_pool_views_give_each_pool_what_it_may_see():
    def turn(i, owner, role="user", speaker=None):
        return {"id": i, "owner_id": owner, "role": role, "speaker_id": speaker or owner}

    greeting = turn(0, None, "assistant")
    alice, bob, guest = turn(1, "alice"), turn(2, "bob"), turn(3, None)
    # One pool: one episode of every turn, as before.
    assert pool_views([greeting, alice]) == [("alice", [greeting, alice], [greeting, alice])]
    assert pool_views([greeting, guest]) == [(None, [greeting, guest], [greeting, guest])]
    # One person and a household voice: the household's episode from its turns alone, hers from both (her
    # own part narrated).
    assert pool_views([alice, guest]) == [(None, [guest], [guest]), ("alice", [alice, guest], [alice])]
    # Two people and no household voice: no household episode (its only turn is the assistant's greeting).
    assert pool_views([greeting, alice, bob]) == [
        ("alice", [greeting, alice], [alice]),
        ("bob", [greeting, bob], [bob]),
    ]
    assert [(owner, seen) for owner, seen, _own in pool_views([alice, guest, bob])] == [
        (None, [guest]),
        ("alice", [alice, guest]),
        ("bob", [guest, bob]),
    ]


@pytest.fixture
def hub(real_daemon):
    return real_daemon.client()


def test_a_kitchen_conversation_of_two_people_and_a_guest_gives_each_pool_its_episode(real_daemon, hub):
    kitchen(hub)
    form(hub)
    (result,) = results(real_daemon)
    by_pool = episodes(real_daemon)
    assert set(by_pool) == {"household", "alice", "bob"}
    ids = {pool: e["id"] for pool, e in by_pool.items()}
    assert result["episode"] == ids["household"] and sorted(result["episodes"]) == sorted(ids.values())
    assert "dropped" not in result or not any("episode" in k for k in result["dropped"])
    assert {e["session_id"] for e in by_pool.values()} == {result["session"]}
    assert by_pool["household"]["participants"] == []  # only the unidentified guest spoke in the household's part
    assert by_pool["alice"]["participants"] == ["alice"] and by_pool["bob"]["participants"] == ["bob"]

    # Each episode is made only from what its pool may see: it quotes no turn of another pool.
    turns = session_turns(real_daemon, result["session"])
    for pool, e in by_pool.items():
        owner = None if pool == "household" else pool
        text = f"{e['headline']} {e['summary']}"
        for t in unseen_turns(turns, owner):
            assert not quotes(text, t["text"]) and not headline_quotes(e["headline"], t["text"]), (pool, t["text"])
        others = set().union(*(w for person, w in WORDS.items() if person != pool))
        assert not words(text) & others, (pool, text)
    assert "lasagna" in words(by_pool["household"]["headline"] + " " + by_pool["household"]["summary"])
    # A person's episode tells their own part of it (the household's part is the household episode's).
    for person in ("alice", "bob"):
        said = [text for speaker, _b, text, _a in KITCHEN if speaker == person]
        assert any(headline_quotes(by_pool[person]["headline"], text) for text in said), by_pool[person]
        assert words(by_pool[person]["summary"]) & WORDS[person]

    # Linked to each other, both ways (a link between two episodes of one session).
    with real_daemon.store.reading() as conn:
        links = {(r[0], r[1]) for r in conn.execute("SELECT episode_id, related_id FROM episode_links")}
        fact_links = conn.execute(
            "SELECT f.owner_id, f.text, l.episode_id FROM fact_episode_link l JOIN facts f ON f.id = l.fact_id"
        ).fetchall()
        facts = conn.execute("SELECT id, owner_id FROM facts").fetchall()
    assert {(a, b) for a in ids.values() for b in ids.values() if a != b} <= links
    # Every fact of the session links to the episode of its pool.
    assert facts and len(fact_links) == len(facts)
    for owner, text, episode_id in fact_links:
        assert episode_id == ids[owner or "household"], (owner, text)
    assert {owner for owner, _t, _e in fact_links} == {None, "alice", "bob"}  # the bins are the household's

    settle(real_daemon)
    recall = real_daemon.ops.recall
    # bob's scope: the household's episode and his own, never a word of alice's.
    for query in ("nurse hospital pregnant sister baby", "what did we talk about in the kitchen", "dinner lasagna"):
        found = recall.recall(query, scope_for("bob", "high"), k=10)
        assert {e["owner_id"] for e in found["episodes"]} <= {None, "bob"}
        assert not words(json.dumps(found["episodes"])) & WORDS["alice"], query
        assert "alice" not in json.dumps(found["episodes"])  # not even as a participant
        context = recall.context(query, scope_for("bob", "high"))["preamble"]  # (its message repeats the query)
        assert not words(context) & (WORDS["alice"] - {"bins", "thursday"}), context  # the bins are everyone's
        # An anonymous voice, and an unsure one, get the household's episode only.
        for scope in (scope_for(None, None), scope_for("bob", "medium")):
            found = recall.recall(query, scope, k=10)
            assert {e["id"] for e in found["episodes"]} <= {ids["household"]}
    assert ids["household"] in {e["id"] for e in recall.recall("dinner lasagna", scope_for(None, None))["episodes"]}
    assert ids["alice"] in {e["id"] for e in recall.recall("pregnant", scope_for("alice", "high"))["episodes"]}

    # Forming again writes nothing twice.
    assert real_daemon.former.form(result["session"]).as_dict() == {
        "session": result["session"],
        "skipped": "already formed",
    }
    assert form(hub)["formed"] == []
    assert episodes(real_daemon) == by_pool


def test_erasing_a_person_leaves_nothing_of_theirs_in_any_episode(real_daemon, hub, no_keyring):
    kitchen(hub)
    form(hub)
    before = episodes(real_daemon)
    plan = plan_erase(real_daemon.store, Selector.parse("speaker", "alice"))
    execute_erase(
        real_daemon.store,
        real_daemon.windows,
        ReceiptKeys(real_daemon.data_dir),
        plan,
        "admin",
        real_daemon.store.schema_version,
    )
    after = episodes(real_daemon)
    assert set(after) == {"household", "bob"} and after == {k: before[k] for k in ("household", "bob")}
    for e in after.values():
        assert not words(f"{e['headline']} {e['summary']}") & WORDS["alice"] and "alice" not in e["participants"]
    with real_daemon.store.reading() as conn:
        kept = {r[0] for r in conn.execute("SELECT id FROM episodes")}
        linked = {x for r in conn.execute("SELECT episode_id, related_id FROM episode_links") for x in r}
        assert conn.execute("SELECT count(*) FROM facts WHERE owner_id = 'alice'").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM turns WHERE owner_id = 'alice'").fetchone()[0] == 0
        fact_episodes = {r[0] for r in conn.execute("SELECT episode_id FROM fact_episode_link")}
    assert linked <= kept and fact_episodes <= kept
    assert (before["household"]["id"], before["bob"]["id"]) in {
        (a, b) for a in kept for b in kept if a != b
    }  # the two left stay linked
    settle(real_daemon)
    found = real_daemon.ops.recall.recall("nurse hospital pregnant sister baby", scope_for("bob", "high"))
    assert not words(json.dumps(found)) & (WORDS["alice"] - {"bins", "thursday"})


# -- without the real model: the crash, and the generator ---------------------------------------------------------
def test_a_formation_that_fails_before_its_commit_writes_no_episode_and_the_next_writes_each_once(
    daemon, client, monkeypatch
):
    daemon.sweeper.stop()
    kitchen(client)
    real = ledger.mark_formed

    def crash(*args, **kwargs):
        raise RuntimeError("power cut")

    monkeypatch.setattr(ledger, "mark_formed", crash)
    assert form(client)["failed"]  # the pass goes on; the session stays pending
    with daemon.store.reading() as conn:
        assert ledger.count_unformed(conn) == 1
        assert conn.execute("SELECT count(*) FROM episodes").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM episode_links").fetchone()[0] == 0
    monkeypatch.setattr(ledger, "mark_formed", real)
    form(client)
    form(client)
    assert sorted(episodes(daemon)) == ["alice", "bob", "household"]
    with daemon.store.reading() as conn:
        assert conn.execute("SELECT count(*) FROM episodes").fetchone()[0] == 3
        assert conn.execute("SELECT count(*) FROM episode_links").fetchone()[0] == 6


@pytest.fixture
def server():
    s = ChatServer()
    yield s
    s.stop()


def test_the_generator_narrates_each_pool_from_its_own_turns_only(daemon, client, server, no_keyring):
    daemon.sweeper.stop()
    client.set_setting("generator.base_url", server.url)
    client.set_setting("generator.provider", "openai")
    server.facts = []
    kitchen(client)
    form(client)
    prompts = [r["body"]["messages"][-1]["content"] for r in server.requests if r["path"].endswith("/completions")]
    narratives = [p for p in prompts if "a headline of at most 12 words" in p]
    assert len(narratives) == 3
    texts = {pool: [t for s, _b, t, _a in KITCHEN if s in (None, pool)] for pool in (None, "alice", "bob")}
    for prompt in narratives:
        pools = [p for p, seen in texts.items() if all(t in prompt for t in seen)]
        pool = max(pools, key=lambda p: len(texts[p]))  # the household's turns are in every prompt
        for other in {s for s, *_ in KITCHEN} - {None, pool}:
            assert not any(t in prompt for s, _b, t, _a in KITCHEN if s == other), (pool, other)
    assert len(episodes(daemon)) == 3


def test_two_people_without_a_household_voice_get_their_episodes_and_the_household_fact_follows_its_speaker(
    daemon, client
):
    kitchen(client, turns=[t for t in KITCHEN if t[0]])  # no guest: nothing of the conversation is the household's
    form(client)
    (result,) = results(daemon)
    by_pool = episodes(daemon)
    assert sorted(by_pool) == ["alice", "bob"] and sorted(result["episodes"]) == sorted(
        e["id"] for e in by_pool.values()
    )
    with daemon.store.reading() as conn:
        links = {(r[0], r[1]) for r in conn.execute("SELECT episode_id, related_id FROM episode_links")}
        bins = conn.execute(
            "SELECT l.episode_id FROM facts f JOIN fact_episode_link l ON l.fact_id = f.id "
            "WHERE f.owner_id IS NULL AND f.text LIKE '%bins%'"
        ).fetchall()
    assert (by_pool["alice"]["id"], by_pool["bob"]["id"]) in links and (
        by_pool["bob"]["id"],
        by_pool["alice"]["id"],
    ) in links
    assert [r[0] for r in bins] == [by_pool["alice"]["id"]]  # the household's fact, from the episode alice said it in
    for person, other in (("alice", "bob"), ("bob", "alice")):
        assert not words(f"{by_pool[person]['headline']} {by_pool[person]['summary']}") & WORDS[other]


def test_erasing_a_person_keeps_anothers_episode_that_heard_the_same_reply(daemon, client, no_keyring):
    same = "That sounds like a lovely plan for the weekend."
    kitchen(
        client,
        turns=[
            ("alice", "high", "I'm driving to the coast on Saturday with my sister.", same),
            ("bob", "high", "I'm going fishing at the lake on Sunday morning.", same),
            (None, None, "Is there any bread left for the sandwiches?", "There is half a loaf left."),
        ],
    )
    form(client)
    before = episodes(daemon)
    assert {"alice", "bob"} <= set(before)
    plan = plan_erase(daemon.store, Selector.parse("speaker", "alice"))
    execute_erase(
        daemon.store, daemon.windows, ReceiptKeys(daemon.data_dir), plan, "admin", daemon.store.schema_version
    )
    after = episodes(daemon)
    assert "alice" not in after and after["bob"] == before["bob"]  # his reply is his, though alice got it too
