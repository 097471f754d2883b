"""The receipt signing key in a real OS keyring: gnome-keyring's secret service in a private D-Bus session."""

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not (shutil.which("gnome-keyring-daemon") and shutil.which("dbus-run-session")),
    reason="gnome-keyring and dbus are not installed (make test installs them as root)",
)

ROOT = Path(__file__).resolve().parents[2]  # probes import tests.* from the checkout

PROBE = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    import keyring
    from hearthd.forgetting.receipts import ReceiptKeys, verify_receipt
    keys = ReceiptKeys(sys.argv[1])
    receipt = keys.sign({"counts": {"turns": 1}})
    print(json.dumps({"source": keys.source, "backend": type(keyring.get_keyring()).__name__,
                      "public_key": keys.public_key_b64, "key_file": Path(keys.key_file).exists(),
                      "verdict": verify_receipt(receipt, {keys.public_key_b64})[0]}))
""")


def run_in_keyring_session(home, data_dir, probe: str = PROBE, *args: str) -> dict:
    """Run a Python probe (its last stdout line is JSON) in a fresh D-Bus session with an unlocked gnome-keyring
    whose storage is under `home`; a second call with the same home sees the same keyring."""
    script = (
        f"echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && "
        f'{sys.executable} -c "$PROBE" {data_dir} {" ".join(args)}'
    )
    out = subprocess.run(
        ["dbus-run-session", "--", "bash", "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PROBE": probe, "HF_HUB_OFFLINE": "1"},
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_signing_key_lives_in_the_keyring_and_persists(tmp_path):
    home, data = tmp_path / "home", tmp_path / "data"
    home.mkdir()
    data.mkdir()
    first = run_in_keyring_session(home, data)
    assert first["source"] == "keyring" and first["backend"] == "Keyring" and first["verdict"] == "valid"
    assert first["key_file"] is False  # no copy of the private key on disk beside core.db
    again = run_in_keyring_session(home, data)  # a new login session, the same keyring
    assert again["public_key"] == first["public_key"] and again["source"] == "keyring"


GENERATOR_PROBE = textwrap.dedent("""
    import io, json, logging, sys
    import keyring
    from hearthd.daemon import Daemon
    from tests.helpers import fake_loader
    data, url, key = sys.argv[1], sys.argv[2], (sys.argv[3] if len(sys.argv) > 3 else None)
    log = io.StringIO()
    logging.basicConfig(level=logging.DEBUG, stream=log)
    daemon = Daemon(data, model_loader=fake_loader).start()
    try:
        daemon.ops.settings.set_setting("generator.base_url", url, "admin")
        daemon.ops.settings.set_setting("generator.provider", "openai", "admin")
        stored = daemon.ops.generator.set_generator_key(key, "admin") if key else None
        tested = daemon.ops.generator.test_generator()
        print(json.dumps({"stored": stored, "ok": tested["ok"], "api_key": daemon.status()["generator"]["api_key"],
                          "backend": type(keyring.get_keyring()).__name__,
                          "logged": bool(key) and key in log.getvalue()}))
    finally:
        daemon.stop()
""")


def test_the_generator_api_key_lives_in_the_keyring_and_only_there(tmp_path):
    from tests.daemon.chat_server import ChatServer

    home, data = tmp_path / "home", tmp_path / "data"
    home.mkdir()
    server = ChatServer()
    try:
        first = run_in_keyring_session(home, data, GENERATOR_PROBE, server.url, "sk-keyring-5e1d")
        assert first["stored"] == {"set": True, "source": "keyring", "warning": None}
        assert first["backend"] == "Keyring" and first["ok"] is True and first["logged"] is False
        assert server.chat_requests()[-1]["headers"]["Authorization"] == "Bearer sk-keyring-5e1d"
        again = run_in_keyring_session(home, data, GENERATOR_PROBE, server.url)  # a new session reads it back
        assert again["ok"] is True and again["api_key"] == {"source": "keyring", "warning": None, "set": True}
        assert len(server.chat_requests()) == 2
        assert server.chat_requests()[-1]["headers"]["Authorization"] == "Bearer sk-keyring-5e1d"
    finally:
        server.stop()
    assert not (data / "secrets" / "generator-api-key").exists()
    for f in data.iterdir():
        if f.is_file():
            assert b"sk-keyring-5e1d" not in f.read_bytes(), f.name
