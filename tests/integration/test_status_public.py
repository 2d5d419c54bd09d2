"""Public ``status`` says nothing about records or sync configuration the profile may not see
(issue #28, finding 6): the sync watermark is the key of the last record read, often a hidden one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.main import main
from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo
from core.store.models_repo import pin_model
from tests.integration.test_shared_folder import ovillo
from tests.integration.test_sync import DIM, MODEL, SHA, Central, central, open_store  # noqa: F401
from tests.pg_fixtures import central_server  # noqa: F401  (the session fixture)


def test_public_status_names_no_hidden_record_nor_the_sync_configuration(
        central: Central, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    central.publish(3, classification="public")
    central.publish(1, classification="restricted", start=777001)  # read last: the watermark's key
    central.user("ines", "restricted")
    pw = tmp_path / "ines.pw"
    pw.write_text("pw-ines\n", encoding="utf-8")
    pw.chmod(0o600)
    home = tmp_path / "home"
    with open_store(home) as store:
        pin_model(store, MODEL, DIM, sha256=SHA)
    assert main(["--home", str(home), "sync", "--server", central.server.address, "--user", "ines",
                 "--password-file", str(pw), "--json"]) == 0
    capsys.readouterr()

    def status(profile: str) -> str:
        assert main(["--home", str(home), "status", "--profile", profile, "--json"]) == 0
        return capsys.readouterr().out

    owner = json.loads(status("owner"))
    assert owner["sync"]["user"] == "ines" and owner["sync"]["watermark"][2] == 777001  # the owner's view
    for out in (status("public"), _through_the_holder(home, capsys)):
        public = json.loads(out)
        assert public["records"] == 3
        assert set(public["sync"]) == {"last_sync"}, public["sync"]
        for hidden in ("777001", "ines", str(central.server.port), "127.0.0.1"):
            assert hidden not in out, (hidden, out)


def _through_the_holder(home: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The same command in another process, answered by a live Ovillo holding the folder (the window)."""
    with Ovillo(home, models_dir=home / "models", encoder=HashingEncoder()):
        done = ovillo(home, "status", "--profile", "public", "--json")
    assert done.returncode == 0 and "answered by" in done.stderr, done.stderr
    return done.stdout
