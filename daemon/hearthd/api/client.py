"""The Python client of the local API, used by hearthctl, the desktop app and assistants written in Python.

from hearthd.api.client import HearthClient
with HearthClient.connect() as hearth:          # the daemon of $HEARTH_DATA_DIR or the default data dir
    block = hearth.context("what's for dinner?", speaker="alice")["message"]
    hearth.commit_turns([{"thread": "kitchen", "role": "user", "text": "...", "speaker": "alice"}])
"""

from __future__ import annotations

import base64
import contextlib
import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from ..paths import data_dir as resolve_data_dir
from .auth import read_token
from .endpoints import socket_path, tcp_address


class HearthError(RuntimeError):
    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        self.status = status


class DaemonNotRunning(HearthError):
    pass


class HearthClient:
    def __init__(self, http: httpx.Client, token: str | None):
        self._http = http
        self._token = token
        self.where = str(http.base_url)

    @classmethod
    def connect(
        cls, data_dir: str | Path | None = None, role: str = "admin", token: str | None = None, timeout: float = 120.0
    ) -> HearthClient:
        """The daemon serving this data dir, over its Unix socket, with the role's token from the data dir."""
        data = resolve_data_dir(data_dir)
        sock = socket_path(data)
        tcp = tcp_address(data)
        token = token or read_token(data, role)
        if token is None or not (sock.exists() or tcp):
            raise DaemonNotRunning(f"no Hearth daemon is running for {data} (start it with: hearthd --data-dir {data})")
        if sock.exists():
            http = httpx.Client(transport=httpx.HTTPTransport(uds=str(sock)), base_url="http://hearth", timeout=timeout)
        else:
            http = httpx.Client(base_url=f"http://{tcp}", timeout=timeout, trust_env=False)
        client = cls(http, token)
        client.where = str(sock) if sock.exists() else tcp
        return client

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self) -> None:
        self._http.close()

    # -- plumbing --------------------------------------------------------------------------------------
    def _headers(self) -> dict:
        return {"Authorization": f"Bearer {self._token}"} if self._token else {}

    @contextlib.contextmanager
    def _transport(self):
        """httpx's transport failures as one-line errors: no daemon (DaemonNotRunning), the daemon gone in
        the middle of a request (DaemonNotRunning: it stopped or died), or a timeout (HearthError)."""
        try:
            yield
        except (httpx.ConnectError, FileNotFoundError, ConnectionRefusedError) as exc:
            raise DaemonNotRunning(f"no Hearth daemon answers on {self.where}: {exc}") from None
        except httpx.TimeoutException as exc:
            raise HearthError(
                f"the Hearth daemon on {self.where} did not answer in time ({exc or 'timeout'})"
            ) from None
        except (httpx.TransportError, ConnectionError) as exc:  # RemoteProtocolError, ReadError, WriteError
            raise DaemonNotRunning(
                f"the Hearth daemon on {self.where} closed the connection mid-request (it may have stopped): {exc}"
            ) from None

    def request(self, method: str, path: str, headers: dict | None = None, **kwargs) -> Any:
        with self._transport():
            response = self._http.request(method, path, headers={**self._headers(), **(headers or {})}, **kwargs)
        if response.status_code >= 400:
            try:
                message = response.json()["error"]["message"]
            except (ValueError, KeyError, TypeError):
                message = response.text[:200] or response.reason_phrase
            raise HearthError(message, response.status_code)
        return response.json()

    # -- operations: one method per operation of hearthd.ops, named as it (tests/daemon/test_operations.py) --
    def version(self) -> dict:
        return self.request("GET", "/v1/version")

    def health(self) -> dict:
        return self.request("GET", "/v1/health")

    def status(self) -> dict:
        return self.request("GET", "/v1/status")

    def commit_turns(self, turns: list[dict], usage: dict | None = None, idempotency_key: str | None = None) -> dict:
        """usage: the live turn's {prompt_tokens, n_ctx, output_reserve, overflow}, for compaction. Sent with an
        Idempotency-Key (a new one unless given) and tried once more if the connection fails mid-request: a
        commit that landed is answered again, never stored twice."""
        key = idempotency_key or uuid.uuid4().hex
        body = _drop_none(turns=turns, usage=usage)
        try:
            return self.request("POST", "/v1/turns", json=body, headers={"Idempotency-Key": key})
        except DaemonNotRunning as exc:
            if "mid-request" not in str(exc):
                raise
            return self.request("POST", "/v1/turns", json=body, headers={"Idempotency-Key": key})

    def report_usage(self, thread: str, usage: dict) -> dict:
        """A failed turn's usage (an overflow): compaction without committing anything."""
        return self.request("POST", "/v1/usage", json={"thread": thread, "usage": usage})

    def window(self, thread: str) -> dict:
        return self.request("GET", f"/v1/threads/{_quote(thread)}/window")

    def compact(self, thread: str) -> dict:
        return self.request("POST", f"/v1/threads/{_quote(thread)}/compact")

    def clear_context(self, speaker: str | None = None) -> dict:
        return self.request("POST", "/v1/clear-context", json=_drop_none(speaker=speaker))

    def context(
        self, text: str, speaker: str | None = None, band: str | None = None, thread: str | None = None
    ) -> dict:
        return self.request(
            "POST", "/v1/context", json=_drop_none(text=text, speaker=speaker, band=band, thread=thread)
        )

    def recall(
        self,
        query: str,
        speaker: str | None = None,
        band: str | None = None,
        k: int = 10,
        since: str | None = None,
        until: str | None = None,
        participants: list[str] | None = None,
    ) -> dict:
        return self.request(
            "POST",
            "/v1/recall",
            json=_drop_none(
                query=query, speaker=speaker, band=band, k=k, since=since, until=until, participants=participants
            ),
        )

    def remember(
        self,
        text: str,
        speaker: str | None = None,
        band: str | None = None,
        subject: str | None = None,
        predicate: str | None = None,
        object: str | None = None,
        pin: bool = False,
        valid_from: str | None = None,
    ) -> dict:
        return self.request(
            "POST",
            "/v1/facts",
            json=_drop_none(
                text=text,
                speaker=speaker,
                band=band,
                subject=subject,
                predicate=predicate,
                object=object,
                pin=pin,
                valid_from=valid_from,
            ),
        )

    def facts(self, speaker: str | None = None, history: bool = False, as_of: str | None = None) -> list[dict]:
        params = _drop_none(speaker=speaker, history="true" if history else None, as_of=as_of)
        return self.request("GET", "/v1/facts", params=params)["facts"]

    def memory_page(self, kind: str, offset: int = 0, limit: int = 100, **filters) -> dict:
        """kind: facts | episodes | turns; filters: q, speaker, pool, since, until, status, as_of.
        {"items", "total", "offset", "limit"}, newest first."""
        return self.request("GET", f"/v1/memory/{kind}", params=_drop_none(offset=offset, limit=limit, **filters))

    def episode(self, episode_id: int) -> dict:
        """An episode with its related episodes and the facts its conversation produced."""
        return self.request("GET", f"/v1/episodes/{int(episode_id)}")

    def fact_history(self, fact: str | int) -> list[dict]:
        return self.request("GET", f"/v1/facts/{_quote(str(fact))}/history")["history"]

    def fact_sources(self, fact: str | int) -> dict:
        """Where a fact came from: {"fact", "source", "turns" (the sentences it was formed from), "conversation"
        (the turns around them, each with "source"), "thread", "episodes"}."""
        return self.request("GET", f"/v1/facts/{_quote(str(fact))}/sources")

    def growth(self, days: int = 365) -> list[dict]:
        return self.request("GET", "/v1/stats/growth", params={"days": days})["days"]

    def importance(self, fact: str | int | None = None, limit: int = 50) -> dict:
        """One fact's importance and the inputs it came from ({"fact", "threshold", ...}), or without a fact the
        current facts, most important first ({"facts", "total", ...})."""
        params = {"fact": str(fact)} if fact is not None else {"limit": limit}
        return self.request("GET", "/v1/importance", params=params)

    def recompute_importance(self, fact: str | int | None = None) -> dict:
        """Recompute importance: one fact, or every current fact. {"updated", "fact"}."""
        return self.request("POST", "/v1/importance/recompute", json=_drop_none(fact=fact))

    def form_now(self, end_open: bool = False) -> dict:
        return self.request("POST", "/v1/formation/run", json={"end_open": end_open})

    def formation(self) -> dict:
        return self.request("GET", "/v1/formation")

    def dismiss(self, ref: str, reason: str | None = None) -> dict:
        return self.request("POST", "/v1/dismiss", json=_drop_none(ref=ref, reason=reason))

    def restore(self, ref: str) -> dict:
        return self.request("POST", "/v1/restore", json={"ref": ref})

    def dismissed(self) -> list[dict]:
        return self.request("GET", "/v1/dismissed")["dismissed"]

    def pin(self, fact: str | int, pinned: bool = True) -> dict:
        return self.request("POST", f"/v1/facts/{_quote(str(fact))}/pin", json={"pinned": pinned})

    def edit_fact(self, fact: str | int, text: str | None) -> dict:
        return self.request("PUT", f"/v1/facts/{_quote(str(fact))}/display-text", json={"text": text})

    def promote(self, fact: str | int) -> dict:
        return self.request("POST", f"/v1/facts/{_quote(str(fact))}/promote")

    def review(self, resolved: bool = False) -> list[dict]:
        return self.request("GET", "/v1/review", params={"resolved": "true" if resolved else "false"})["items"]

    def resolve_review(self, item_id: int, decision: str, keep: int | None = None) -> dict:
        return self.request("POST", f"/v1/review/{item_id}", json=_drop_none(decision=decision, keep=keep))

    def audit(self, limit: int = 200, action: str | None = None) -> list[dict]:
        return self.request("GET", "/v1/audit", params=_drop_none(limit=limit, action=action))["entries"]

    def rules(self, speaker: str | None = None, band: str | None = None) -> list[dict]:
        """The rules a speaker's scope sees (without one, as admin: every rule), each with its owner."""
        return self.request("GET", "/v1/rules", params=_drop_none(speaker=speaker, band=band))["rules"]

    def add_rule(self, text: str, speaker: str | None = None) -> dict:
        """A standing instruction for a person or (without speaker) the household."""
        return self.request("POST", "/v1/rules", json=_drop_none(text=text, speaker=speaker))

    def export(self, handle) -> int:
        """Write the whole memory (JSON Lines) to an open binary file; returns the bytes written."""
        written = 0
        with (
            self._transport(),
            self._http.stream("GET", "/v1/export", headers=self._headers(), timeout=None) as response,
        ):
            if response.status_code >= 400:
                raise HearthError(response.read().decode(errors="replace")[:200], response.status_code)
            for chunk in response.iter_bytes():
                handle.write(chunk)
                written += len(chunk)
        return written

    def import_file(self, path: str) -> dict:
        return self.request("POST", "/v1/import", json={"path": str(Path(path).resolve())})

    def issue_person_key(self, speaker: str) -> dict:
        """A new memory-proxy key for one person (shown once)."""
        return self.request("POST", f"/v1/proxy/keys/{_quote(speaker)}")

    def revoke_person_key(self, speaker: str) -> dict:
        return self.request("DELETE", f"/v1/proxy/keys/{_quote(speaker)}")

    def import_from(self, source: str, path: str, speakers: dict | None = None, dry_run: bool = True) -> dict:
        """source: mem0 | transcripts. The dry run (what would come in), or with dry_run False the import."""
        body = {"path": str(Path(path).resolve()), "speakers": speakers or {}, "dry_run": dry_run}
        return self.request("POST", f"/v1/import-from/{source}", json=body)

    def erase(self, kind: str, value: str, dry_run: bool = False, include_household: bool = False) -> dict:
        """kind: ref | speaker | thread | match | before | range. The signed receipt, or the preview."""
        body = {"kind": kind, "value": value, "dry_run": dry_run, "include_household": include_household}
        return self.request("POST", "/v1/erase", json=body)

    def receipts(self, limit: int = 100) -> dict:
        return self.request("GET", "/v1/receipts", params={"limit": limit})

    def verify_receipt(self, receipt: dict) -> dict:
        return self.request("POST", "/v1/receipts/verify", json={"receipt": receipt})

    def tools(self) -> dict:
        return self.request("GET", "/v1/tools")

    def call_tool(
        self, name: str, arguments: dict | None = None, speaker: str | None = None, band: str | None = None
    ) -> dict:
        return self.request(
            "POST", "/v1/tools/call", json=_drop_none(name=name, arguments=arguments or {}, speaker=speaker, band=band)
        )

    def speakers(self) -> list[dict]:
        return self.request("GET", "/v1/speakers")["speakers"]

    def enroll(self, name: str | None, wavs: list[bytes], speaker_id: str | None = None, new: bool = False) -> dict:
        """A name that is already a person's is refused (409) unless new=True; speaker_id gives them the voice."""
        samples = [base64.b64encode(w).decode() for w in wavs]
        return self.request(
            "POST", "/v1/speakers", json=_drop_none(name=name, id=speaker_id, samples_b64=samples, new=new or None)
        )

    def rename_speaker(self, speaker_id: str, name: str) -> dict:
        return self.request("PATCH", f"/v1/speakers/{_quote(speaker_id)}", json={"name": name})

    def remove_voice(self, speaker_id: str) -> dict:
        return self.request("DELETE", f"/v1/speakers/{_quote(speaker_id)}/voice")

    def identify(self, wav: bytes | None = None, voiceprint: list[float] | None = None) -> dict:
        return self.request(
            "POST",
            "/v1/speakers/identify",
            json=_drop_none(wav_b64=base64.b64encode(wav).decode() if wav is not None else None, voiceprint=voiceprint),
        )

    def entities(self, kind: str | None = None) -> list[dict]:
        """kind: person | pet | place | organisation | thing | household (default: every kind)."""
        return self.request("GET", "/v1/entities", params=_drop_none(kind=kind))["entities"]

    def entity(self, entity_id: int) -> dict:
        return self.request("GET", f"/v1/entities/{int(entity_id)}")

    def rename_entity(self, entity_id: int, name: str) -> dict:
        return self.request("PATCH", f"/v1/entities/{int(entity_id)}", json={"name": name})

    def alias_entity(self, entity_id: int, alias: str, remove: bool = False) -> dict:
        return self.request("POST", f"/v1/entities/{int(entity_id)}/aliases", json={"alias": alias, "remove": remove})

    def merge_entities(self, from_id: int, into_id: int) -> dict:
        return self.request("POST", f"/v1/entities/{int(from_id)}/merge", json={"into": int(into_id)})

    def split_entity(self, entity_id: int, fact_ids: list[int], name: str) -> dict:
        return self.request(
            "POST", f"/v1/entities/{int(entity_id)}/split", json={"facts": [int(f) for f in fact_ids], "name": name}
        )

    def settings(self) -> list[dict]:
        return self.request("GET", "/v1/settings")["settings"]

    def setting(self, key: str) -> dict:
        return self.request("GET", f"/v1/settings/{key}")

    def set_setting(self, key: str, value: Any) -> dict:
        return self.request("PUT", f"/v1/settings/{key}", json={"value": value})

    def pause(self, minutes: float | None = None, injection_only: bool = False) -> dict:
        """Stop remembering (or with injection_only only injecting), for minutes or until resume()."""
        return self.request("POST", "/v1/pause", json={"minutes": minutes, "injection_only": injection_only})

    def resume(self) -> dict:
        return self.request("POST", "/v1/resume")

    def generator(self) -> dict:
        return self.request("GET", "/v1/generator")

    def test_generator(self) -> dict:
        return self.request("POST", "/v1/generator/test")

    def set_generator_key(self, key: str) -> dict:
        """Store the generator's API key (in the OS keyring; it is never returned)."""
        return self.request("PUT", "/v1/generator/key", json={"key": key})

    def clear_generator_key(self) -> dict:
        return self.request("DELETE", "/v1/generator/key")

    def events(self, on_open=None) -> Iterator[dict]:
        """Server-sent events as dicts, until the connection closes. on_open(response): called once connected
        (a reader on another thread can take the connection's socket from it, to end a blocking read)."""
        with (
            self._transport(),
            self._http.stream("GET", "/v1/events", headers=self._headers(), timeout=None) as response,
        ):
            if response.status_code >= 400:
                raise HearthError(response.read().decode(errors="replace")[:200], response.status_code)
            if on_open is not None:
                on_open(response)
            for line in response.iter_lines():
                if line.startswith("data: "):
                    yield json.loads(line[6:])


def _quote(key: str) -> str:
    from urllib.parse import quote

    return quote(key, safe="")


def _drop_none(**kw) -> dict:
    return {k: v for k, v in kw.items() if v is not None}
