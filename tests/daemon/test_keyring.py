"""The receipt signing key in a real OS keyring: gnome-keyring's secret service in a private D-Bus session."""

import json
import shutil
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(not (shutil.which("gnome-keyring-daemon") and shutil.which("dbus-run-session")),
                                reason="gnome-keyring and dbus are not installed (make test installs them as root)")

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


def run_in_keyring_session(home, data_dir) -> dict:
    script = (f"echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && "
              f"{sys.executable} -c '{PROBE}' {data_dir}")
    out = subprocess.run(["dbus-run-session", "--", "bash", "-c", script], capture_output=True, text=True,
                         timeout=60, env={"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
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
