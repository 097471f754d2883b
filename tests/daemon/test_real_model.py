"""The read path with the real bundled model: meaning by vector, words by FTS, fusion, and a model change."""

import threading
import time

import numpy as np
import pytest

from tests.helpers import MODEL_READY_TIMEOUT, settle, wait_for

pytestmark = pytest.mark.real_model

TURNS = [
    "We're flying to Japan in April to see the cherry blossoms",
    "The dishwasher is making a grinding noise again",
    "Tom's football practice moved to Wednesdays",
    "Remind me to water the tomato plants tomorrow",
    "My mother's birthday dinner is at the Italian place on Friday",
]


def commit(client, texts, speaker="alice"):
    client.commit_turns([{"thread": "kitchen", "role": "user", "text": t, "speaker": speaker} for t in texts])


def test_a_paraphrase_is_found_by_the_vector_track(real_daemon):
    client = real_daemon.client()
    commit(client, TURNS)
    settle(real_daemon)
    result = client.recall("holiday abroad next spring", k=3)
    top = result["turns"][0]
    assert top["text"] == TURNS[0]
    assert top["parts"]["vector_rank"] == 1 and "fts_rank" not in top["parts"]  # no word in common
    assert top["parts"]["similarity"] > 0.3


def test_a_keyword_is_found_by_the_fts_track(real_daemon):
    client = real_daemon.client()
    commit(client, TURNS)
    settle(real_daemon)
    top = client.recall("dishwasher", k=3)["turns"][0]
    assert top["text"] == TURNS[1] and top["parts"]["fts_rank"] == 1


def test_fusion_ranks_an_item_found_by_both_tracks_above_one_found_by_one(real_daemon):
    client = real_daemon.client()
    # "soccer" is only in the meaning of the first; "schedule" is only the word of the second.
    commit(
        client,
        [
            "Tom's football training is on Wednesdays now",
            "The bin collection schedule changed this month",
            "Soccer schedule for the kids: Wednesday training",
        ],
    )
    settle(real_daemon)
    turns = client.recall("soccer schedule", k=3)["turns"]
    both = [t for t in turns if "vector_rank" in t["parts"] and "fts_rank" in t["parts"]]
    assert turns[0]["text"] == "Soccer schedule for the kids: Wednesday training"
    assert turns[0] in both
    for other in turns[1:]:
        assert other["score"] < turns[0]["score"]


@pytest.mark.timeout(900)  # 1,500 rows embedded twice, on a machine that may be loaded
def test_changing_the_model_re_embeds_in_the_background_and_recall_works_throughout(real_daemon, projection_model):
    daemon = real_daemon
    client = daemon.client()
    things = ["lamp", "radiator", "window", "door", "shelf"] * 300
    filler = [f"Note {i}: the {w} in room {i % 17} needs a look" for i, w in enumerate(things)]
    commit(client, TURNS + filler)
    client.remember("I am allergic to peanuts", speaker="alice")
    settle(daemon)
    new_model = projection_model
    events = []

    def watch():
        for event in daemon.client().events():
            events.append(event)
            if event["type"] == "embedding.progress" and event["data"]["finished"]:
                return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    wait_for(lambda: daemon.events._subscribers, what="event subscriber")
    client.set_setting("embedder.model", new_model)

    seen_partial = False
    deadline = time.monotonic() + MODEL_READY_TIMEOUT
    while not (
        daemon.store.vector_model == new_model and daemon.backfill.pending == 0 and not daemon.backfill.reembedding
    ):
        assert time.monotonic() < deadline, f"re-embedding not finished after {MODEL_READY_TIMEOUT:.0f} s"
        result = client.recall("dishwasher", k=3)  # recall keeps working throughout
        assert result["turns"][0]["text"] == TURNS[1]
        dims = {t.dim for t in daemon.store.tracks.values()}  # one vector space at a time
        assert len(dims) <= 1 and dims <= {384, 256}
        status = client.status()["embedding"]
        if status["building_model"] == new_model and 0 < status["done"] < status["total"]:
            # Mid-change, meaning is still found: the old space is searched until the new one is complete.
            top = client.recall("holiday abroad next spring", k=3)["turns"][0]
            assert top["text"] == TURNS[0] and "vector_rank" in top["parts"]
            seen_partial = True
        time.sleep(0.02)  # paced: a busy loop would take the GIL from the re-embedding it watches
    watcher.join(timeout=MODEL_READY_TIMEOUT)
    assert not watcher.is_alive(), "no finished embedding.progress event"
    settle(daemon)

    with daemon.store.reading() as conn:
        assert conn.execute("SELECT count(*) FROM turns WHERE embed_model IS NOT ?", (new_model,)).fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM facts WHERE embed_model IS NOT ?", (new_model,)).fetchone()[0] == 0
        assert daemon.store.meta("embedder_model") == new_model and daemon.store.meta("embedder_dim") == "256"
        assert len(conn.execute("SELECT embedding FROM turns LIMIT 1").fetchone()[0]) == 256 * 4
        assert conn.execute("SELECT count(*) FROM turns").fetchone()[0] == len(TURNS) + 1500  # nothing wiped
    progress = [e["data"] for e in events if e["type"] == "embedding.progress"]
    assert progress and progress[-1]["finished"] and progress[-1]["done"] == progress[-1]["total"] >= 1506
    assert seen_partial
    # Meaning is found again in the new space.
    top = client.recall("holiday abroad next spring", k=3)["turns"][0]
    assert top["text"] == TURNS[0] and "vector_rank" in top["parts"]
    assert np.isclose(np.linalg.norm(daemon.store.track("turns").vector(top["id"])), 1.0, atol=1e-3)


@pytest.mark.parametrize(
    "text,predicate",
    [
        ("alice adores listening to jazz records", "likes"),
        ("bob cannot eat shellfish because of a severe reaction", "allergy"),
        ("carol goes swimming every Saturday morning", "routine"),
        ("alice's dog is a golden retriever called Max", "pet"),
        ("dave was born on the 4th of July", "birthday"),
        ("the sky was grey over the harbour", "note"),
        ("the wifi password is on the fridge", "note"),
    ],
)
def test_predicates_are_classified_by_their_anchors(real_daemon, text, predicate):
    model = real_daemon.embedder.model_id
    vector = real_daemon.embedder.embed([text])[1][0]
    assert real_daemon.former.classifier.classify(vector, model)[0] == predicate


def test_formation_with_the_real_model_recalls_episodes_by_meaning(real_daemon):
    client = real_daemon.client()
    base = "2026-03-01T10:00:00"
    client.commit_turns(
        [
            {
                "thread": "kitchen",
                "role": "user",
                "speaker": "alice",
                "ts": f"{base}Z",
                "text": "We're flying to Japan in April to see the cherry blossoms in Kyoto.",
            },
            {"thread": "kitchen", "role": "assistant", "ts": f"{base}Z", "text": "Wonderful! Shall I note the dates?"},
            {
                "thread": "kitchen",
                "role": "user",
                "speaker": "alice",
                "ts": f"{base}Z",
                "text": "Yes please. I love Japanese food, so find us a good ramen place too.",
            },
        ]
    )
    client.form_now(end_open=True)
    settle(real_daemon)
    episodes = client.recall("holiday abroad next spring", k=3)["episodes"]
    assert episodes and "Japan" in episodes[0]["text"]
    likes = [f for f in client.facts(speaker="alice") if f["predicate"] == "likes"]
    assert [f["object"] for f in likes] == ["Japanese food"]
    # The same preference said again is support, not a second fact.
    client.remember("I love Japanese food", speaker="alice")
    again = [f for f in client.facts(speaker="alice") if f["predicate"] == "likes"]
    assert len(again) == 1


def test_a_live_query_embedded_by_the_modules_directly_is_the_vector_encode_gives():
    """The few texts of a live query skip encode()'s batching; the vectors must be the same as a batch's."""
    from hearthd.embedding.models import DIRECT_BATCH, load_sentence_transformer

    model = load_sentence_transformer("all-MiniLM-L6-v2")
    texts = ["where do I live?", "My daughter Emma is allergic to peanuts and sesame, and so is her cousin."]
    assert len(texts) <= DIRECT_BATCH
    direct = model.encode(texts)
    batched = model.encode(texts + ["a third text so that encode() batches"])[:2]
    assert direct.dtype == np.float32 and direct.shape == (2, model.dim)
    assert np.allclose(direct, batched, atol=1e-5)
    assert np.allclose(np.linalg.norm(direct, axis=1), 1.0, atol=1e-5)
    assert np.allclose(
        model.encode([texts[0]])[0], direct[0], atol=1e-5
    )  # padding beside a longer text changes nothing
