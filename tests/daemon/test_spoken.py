"""By voice, without the tray: "off the record" is answered but never stored or formed, and "forget what I just
said" erases the speaker's last exchange with a receipt, in English and the household's language."""

from __future__ import annotations

import pytest

from hearthd.forgetting.receipts import ReceiptKeys, verify_receipt
from hearthd.history.spoken import FORGET_LAST, OFF_RECORD, command_in
from tests.helpers import form, said_in


@pytest.fixture(autouse=True)
def _headless(no_keyring):
    """Receipts are signed with a key in an owner-only file here."""


@pytest.mark.parametrize(
    ("text", "language", "heard"),
    [
        ("Off the record, I'm looking for a new job.", "en", OFF_RECORD),
        ("don't remember this but I hate my boss", "en", OFF_RECORD),
        ("Forget what I just said.", "en", FORGET_LAST),
        ("hey, please forget that", "en", FORGET_LAST),
        ("I'll never forget that day at the beach with the kids", "en", None),
        ("We keep the records off the shelf", "en", None),
        ("Vergiss, was ich gerade gesagt habe.", "de", FORGET_LAST),
        ("Unter uns gesagt: ich suche eine neue Stelle.", "de", OFF_RECORD),
        ("Die Wohnung unter uns ist leer.", "de", None),
        ("Esquece o que acabei de dizer", "pt_BR", FORGET_LAST),
        ("Vergiss das", "en", None),  # German heard only where the household speaks it
    ],
)
def test_commands_are_heard_in_english_and_the_households_language(text, language, heard):
    assert command_in(text, language) == heard


def test_off_the_record_is_answered_but_never_stored_or_formed(daemon):
    client = daemon.client()
    answer = client.commit_turns(
        [
            {"thread": "kitchen", "role": "user", "text": "I live in Porto.", "speaker": "alice"},
            {"thread": "kitchen", "role": "assistant", "text": "Noted."},
            {"thread": "kitchen", "role": "user", "text": "Off the record, I work at the casino.", "speaker": "alice"},
            {"thread": "kitchen", "role": "assistant", "text": "Your secret is safe."},
        ]
    )
    assert answer["committed"] == 2 and answer["off_record"] == 2
    # the answer to an off-the-record turn committed on its own, later, is left out too
    client.commit_turns(
        [{"thread": "kitchen", "role": "user", "text": "don't remember this: I owe Tom money", "speaker": "alice"}]
    )
    client.commit_turns([{"thread": "kitchen", "role": "assistant", "text": "I won't."}])
    assert said_in(daemon, "kitchen") == [("user", "I live in Porto."), ("assistant", "Noted.")]
    form(client)
    assert {f["predicate"] for f in client.facts("alice")} == {"lives_in"}


def test_forget_what_i_just_said_erases_the_last_exchange_with_a_receipt(daemon):
    client = daemon.client()
    client.commit_turns(
        [
            {"thread": "kitchen", "role": "user", "text": "I live in Porto.", "speaker": "alice"},
            {"thread": "kitchen", "role": "assistant", "text": "Noted."},
            {"thread": "kitchen", "role": "user", "text": "My PIN is 4321.", "speaker": "alice"},
            {"thread": "kitchen", "role": "assistant", "text": "Got it, 4321."},
            {"thread": "kitchen", "role": "user", "text": "I like jazz.", "speaker": "bob"},
        ]
    )
    answer = client.commit_turns(
        [
            {"thread": "kitchen", "role": "user", "text": "Forget what I just said.", "speaker": "alice"},
            {"thread": "kitchen", "role": "assistant", "text": "Done, forgotten."},
        ]
    )
    forgotten = answer["forgotten"]
    assert answer["committed"] == 0 and forgotten["turns"] == 2
    assert said_in(daemon, "kitchen") == [
        ("user", "I live in Porto."),
        ("assistant", "Noted."),
        ("user", "I like jazz."),
    ]
    keys = ReceiptKeys(daemon.data_dir)
    assert verify_receipt(forgotten["receipt"], {keys.public_key_b64})[0] == "valid"
    assert forgotten["receipt"]["payload"]["counts"]["turns"] == 2
    assert any(e["actor"] == "alice (by voice)" for e in client.audit(action="erase"))
    assert b"4321" not in (daemon.data_dir / "core.db").read_bytes()
    nothing = client.commit_turns([{"thread": "hall", "role": "user", "text": "forget that", "speaker": "carol"}])
    assert nothing["forgotten"] == {"turns": 0} and nothing["committed"] == 0
