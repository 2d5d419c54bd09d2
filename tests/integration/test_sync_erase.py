"""A sync that revokes or removes records leaves no readable copy of them in the store file
(issue #28, finding 4), through the CLI as a user runs it, against the real central server."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.main import main
from core.store.models_repo import pin_model
from tests.integration.test_sync import DIM, MODEL, SHA, Central, central, open_store  # noqa: F401
from tests.pg_fixtures import central_server  # noqa: F401  (the session fixture)

MARK = b"REVOKEDMARKER"


def on_disk(home: Path) -> int:
    return sum(p.read_bytes().count(MARK) for p in home.iterdir() if p.name.startswith("ovillo.duckdb"))


def test_revoked_and_deleted_records_leave_no_bytes_behind(central: Central, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    central.publish(30, classification="restricted", projects=[1])
    for sid in (3, 4):  # the two that will go: their text is distinctive
        central.admin.execute("UPDATE records SET title = %s, data = %s::jsonb WHERE section_id = %s",
                              (f"{MARK.decode()} expediente reservado {sid}",
                               f'{{"nota": "{MARK.decode()} el nido del lince está en la finca {sid}"}}', sid))
    central.admin.commit()
    central.user("eva", "restricted", [1])
    pw = tmp_path / "eva.pw"
    pw.write_text("pw-eva\n", encoding="utf-8")
    pw.chmod(0o600)
    home = tmp_path / "home"
    with open_store(home) as store:
        pin_model(store, MODEL, DIM, sha256=SHA)
    sync = ["--home", str(home), "sync", "--server", central.server.address, "--user", "eva",
            "--password-file", str(pw), "--json"]
    assert main(sync) == 0
    assert on_disk(home) > 0  # the check sees the text while the records are hers
    central.admin.execute("UPDATE records SET classification = 'secret' WHERE section_id = 3")  # revoked
    central.admin.execute("UPDATE records SET deleted_at = now() WHERE section_id = 4")  # deleted
    central.admin.commit()
    capsys.readouterr()
    assert main(sync) == 0
    out = capsys.readouterr().out
    assert '"revoked": 1' in out and '"removed": 1' in out, out
    assert on_disk(home) == 0
    with open_store(home) as store:
        assert store.cursor().execute("SELECT count(*) FROM records WHERE deleted_at IS NULL").fetchone() == (28,)
