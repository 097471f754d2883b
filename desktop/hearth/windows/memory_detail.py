"""The Memory page's detail pane as readable HTML: a fact (what it says, whose it is, since when, its history and
where it came from: the sentences it was formed from, one click from their conversation), an episode and a
turn. Links inside it are `conversation`, `back` and `episode:N`."""

from __future__ import annotations

import html

from .page import predicate_words, short_when, when

e = html.escape

SOURCES = {
    "remember": "Told to the assistant directly (remember), not taken from a conversation.",
    "import": "Imported from another memory's file.",
    "rule": "Added as a standing rule.",
}


BANDS = {
    "high": "voice recognised",
    "medium": "voice unsure",
    "greeting": "voice barely recognised",
    "none": "voice not recognised",
}


def pool(item: dict) -> str:
    return item.get("owner_id") or "household"


def state(item: dict) -> str:
    if item.get("dismissed"):
        return "dismissed"
    if item.get("cleared"):
        return "cleared"
    return item.get("status", "live")


def _whose(item: dict) -> str:
    owner = item.get("owner_id")
    return f"{e(owner)}'s own memory" if owner else "the household's memory (everyone's)"


def fact(item: dict) -> str:
    told = "told" if item.get("provenance") == "USER-STATED" else "inferred"
    until = f" until {short_when(item['valid_to'])}" if item.get("valid_to") else ""
    flags = [state(item)] if state(item) not in ("active", "live") else []
    if item.get("always_inject"):
        flags.append("pinned: in every conversation")
    return (
        f"<h3>{e(item['text'])}</h3>"
        f"<p><b>{e(item['subject'])}</b> · {e(predicate_words(item['predicate']))} · <b>{e(item['object'])}</b></p>"
        f"<p>In {_whose(item)} · {told} · heard {item.get('support_count', 1)}× · used "
        f"{item.get('use_count', 0)}× · confidence {item.get('confidence', 1):.2f}</p>"
        f"<p>True since {short_when(item['valid_from'])}{until}"
        + (f" · {e(', '.join(flags))}" if flags else "")
        + f" <span style='color:gray'>({e(item['ref'])})</span></p>"
    )


def history(item: dict, versions: list[dict]) -> str:
    if len(versions) < 2:
        return ""
    rows = "".join(
        f"<li>{'<b>' if h['id'] == item['id'] else ''}{e(h['text'])} — {short_when(h['valid_from'])} → "
        f"{short_when(h['valid_to']) or 'now'} ({state(h)}){'</b>' if h['id'] == item['id'] else ''}</li>"
        for h in versions
    )
    return f"<h4>History</h4><ol>{rows}</ol>"


def sources(found: dict) -> str:
    """Where the fact came from: its sentences quoted, who said them and when, a link to their conversation
    and to its episode."""
    parts = ["<h4>Where it came from</h4>"]
    for turn in found["turns"]:
        parts.append(
            f"<blockquote>“{e(turn['text'])}”</blockquote><p>— {e(turn['speaker'])}, {short_when(turn['ts'])}"
            f"{', in ' + e(turn['thread']) if turn.get('thread') else ''}</p>"
        )
    if not found["turns"]:
        parts.append(
            f"<p>{SOURCES.get(found['source'], 'Its sentences are no longer kept (erased, or past retention).')}</p>"
        )
    links = []
    if found["conversation"]:
        links.append(f"<a href='conversation'>Show the conversation ({len(found['conversation'])} turns)</a>")
    links += [f"episode: <a href='{ep['ref']}'>{e(ep['headline'])}</a>" for ep in found["episodes"]]
    if links:
        parts.append(f"<p>{' · '.join(links)}</p>")
    return "".join(parts)


def conversation(found: dict) -> str:
    """The fact's conversation, its sentences highlighted."""
    rows = []
    for turn in found["conversation"]:
        line = (
            f"<b>{e(turn['speaker'])}</b> <span style='color:gray'>{short_when(turn['ts'])}</span>: {e(turn['text'])}"
        )
        if turn["source"]:
            line = f"<span style='background-color:#fff3c4'>{line}</span>"
        rows.append(f"<p>{line}</p>")
    where = f" in {e(found['thread'])}" if found.get("thread") else ""
    return (
        "<p><a href='back'>← Back to the fact</a></p>"
        f"<h3>The conversation{where}</h3><p style='color:gray'>{e(found['fact']['text'])}: its sentences are "
        f"highlighted.</p>{''.join(rows)}"
    )


def episode(item: dict, detail: dict | None = None) -> str:
    text = (
        f"<h3>{e(item['headline'])}</h3><p>{e(item['summary'])}</p><p>{short_when(item['started_at'])} → "
        f"{short_when(item['ended_at'])} · {e(', '.join(item['participants']) or 'nobody named')} · in "
        f"{_whose(item)} <span style='color:gray'>({e(item['ref'])})</span></p>"
    )
    if detail is None:
        return text
    related = (
        "".join(
            f"<li><a href='{r['ref']}'>{e(r['headline'])}</a> ({short_when(r['ended_at'])})</li>"
            for r in detail["related"]
        )
        or "<li>none</li>"
    )
    facts = "".join(f"<li>{e(f['text'])}</li>" for f in detail["facts"]) or "<li>none</li>"
    return (
        text + f"<p>{detail['turns']} turns</p>"
        f"<h4>Related episodes</h4><ul>{related}</ul><h4>Source facts</h4><ul>{facts}</ul>"
    )


def turn(item: dict) -> str:
    who = item.get("speaker") or item.get("speaker_id") or ("assistant" if item["role"] == "assistant" else "someone")
    return (
        f"<h3>{e(who)}</h3><p>{e(item['text'])}</p><p>{when(item['ts'])} · in {e(str(item['thread']))} · "
        f"{e(BANDS.get(item['band'], item['band']))} · in {_whose(item)} · {e(state(item))} "
        f"<span style='color:gray'>({e(item['ref'])})</span></p>"
    )


def describe(kind: str, item: dict) -> str:
    return {"facts": fact, "episodes": episode, "turns": turn}[kind](item)
