"""Sync's remaining bad conditions and its password handling, against the real central server.

Cancel goes through the facade's entry point (``Ovillo.sync.run``) with a real cancel token; the
full disk is a real one: the CLI runs in a private mount namespace (``unshare``) whose data
folder is a small tmpfs, so DuckDB itself meets ENOSPC. The keyring tests use the ``keyring``
package and backends installed with ``keyring.set_keyring``: a file-less in-memory one (the
password is stored, used, forgotten), keyrings.alt's plain-text file one (real, and refused).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.backends import fail
from keyring.errors import PasswordDeleteError
from keyrings.alt.file import PlaintextKeyring

from cli.main import main
from core.api import SyncRequest
from core.errors import Cancelled
from core.progress import CancelToken, drive
from core.service import Ovillo
from core.service.sync import Sync
from tests.integration.test_sync import (Central, _password_file, central, keys, open_store,  # noqa: F401
                                         pull, rows)
from tests.pg_fixtures import central_server  # noqa: F401  (the session fixture)

REPO = Path(__file__).resolve().parents[2]


class MemoryKeyring(KeyringBackend):
    """A keyring that keeps secrets in this process only (no file anywhere)."""

    priority = 1

    def __init__(self) -> None:
        super().__init__()
        self.secrets: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.secrets.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.secrets[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.secrets.pop((service, username), None) is None:
            raise PasswordDeleteError("not found")


@pytest.fixture
def keyring_backend() -> Iterator[None]:
    """Restore the process's keyring backend after a test replaced it."""
    before = keyring.get_keyring()
    yield
    keyring.set_keyring(before)


def files_containing(folder: Path, secret: str) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file() and secret.encode() in p.read_bytes()]


def sync_cli(central: Central, home: Path, user: str, *extra: str) -> int:
    return main(["--home", str(home), "sync", "--server", central.server.address, "--user", user, *extra])


def test_keyring_remember_use_forget(central: Central, tmp_path: Path, keyring_backend: None,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    central.publish(3)
    central.user("kai", "public")
    secret = "pw-kai"
    pw = _password_file(tmp_path, secret)
    home = tmp_path / "home"
    kr = MemoryKeyring()
    keyring.set_keyring(kr)
    assert Sync.keyring() and not Sync.keyring(central.server.address, "kai")
    assert sync_cli(central, home, "kai", "--password-file", str(pw), "--remember-password", "--json") == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["added"] == 3
    assert kr.get_password("ovillo-sync", f"kai@{central.server.address}") == secret
    assert Sync.keyring(central.server.address, "kai")
    # no password file, no terminal: the keyring's password is used
    central.publish(1, start=4)
    assert sync_cli(central, home, "kai", "--json") == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["added"] == 1
    assert keys(home) == {("col", i) for i in range(1, 5)}
    assert files_containing(home, secret) == []  # never in the data folder: not the store, WAL, settings
    assert sync_cli(central, home, "kai", "--forget-password") == 0
    assert "forgot the saved password of kai" in capsys.readouterr().out
    assert kr.get_password("ovillo-sync", f"kai@{central.server.address}") is None
    assert sync_cli(central, home, "kai") == 2
    assert "no password given" in capsys.readouterr().err
    assert files_containing(home, secret) == []


@pytest.mark.parametrize("backend", ["none", "plaintext-file"])
def test_no_safe_keyring_the_password_is_not_saved(backend: str, central: Central, tmp_path: Path,
                                                   keyring_backend: None, capsys: pytest.CaptureFixture[str]) -> None:
    central.publish(2)
    central.user("lia", "public")
    kr: KeyringBackend = fail.Keyring()
    if backend == "plaintext-file":  # a real backend that would write the password in clear: refused
        plain = PlaintextKeyring()
        plain.file_path = str(tmp_path / "keyring" / "keyring_pass.cfg")
        kr = plain
    keyring.set_keyring(kr)
    assert not Sync.keyring()
    pw = _password_file(tmp_path, "pw-lia")
    home = tmp_path / "home"
    assert sync_cli(central, home, "lia", "--password-file", str(pw), "--remember-password") == 0
    out = capsys.readouterr()
    assert "added 2" in out.out and "not saved: no safe system keyring" in out.err
    assert files_containing(home, "pw-lia") == [] and not (tmp_path / "keyring").exists()
    assert sync_cli(central, home, "lia", "--forget-password") == 0
    assert "no saved password for lia (no safe system keyring here)" in capsys.readouterr().out


def test_cancel_mid_sync_keeps_whole_pages_and_the_next_sync_resumes(central: Central, tmp_path: Path) -> None:
    central.publish(60, chunks=2)
    central.user("max", "public")
    home = tmp_path / "home"
    token = CancelToken()
    pages = 0
    with Ovillo(home) as app:
        gen = app.sync.run(SyncRequest(central.server.address, "max", "pw-max", page=7), cancel=token)
        with pytest.raises(Cancelled):
            for ev in gen:
                if ev.stage == "sync":
                    assert ev.total == 60 and ev.done == 7 * (pages + 1)
                    pages += 1
                    if pages == 3:
                        token.cancel()
        assert pages == 3
        state = app.sync.status()
    recs, embs = rows(home)
    assert len(recs) == 21 and len(embs) == 42  # three whole pages, each record with both its vectors
    assert state is not None and state["watermark"][1:] == ["col", 21] and state["last_sync"] is None
    with Ovillo(home) as app:
        report = drive(app.sync.run(SyncRequest(central.server.address, "max", "pw-max", page=7)))
    assert report.summary.added == 39 and report.summary.updated == 0
    assert sum(report.changes.added.values()) == 39 and report.changes.collections == {"col"}
    clean = tmp_path / "clean"
    pull(central, clean, "max")
    assert rows(home) == rows(clean)


def test_classification_rising_between_syncs_reaches_the_local_profiles(central: Central, tmp_path: Path) -> None:
    central.publish(3, classification="public")
    central.user("noa", "restricted")
    home = tmp_path / "home"
    assert pull(central, home, "noa").added == 3
    with Ovillo(home) as app:
        assert app.library.status("public").records == 3
    # still permitted to noa, but no longer public: the reading room must stop showing it
    central.admin.execute("UPDATE records SET classification = 'restricted' WHERE section_id = 1")
    central.admin.commit()
    s = pull(central, home, "noa")
    assert (s.added, s.updated, s.removed, s.revoked) == (0, 1, 0, 0)
    with Ovillo(home) as app:
        assert app.library.status("public").records == 2 and app.library.status("owner").records == 3
    assert {r[1]: r[3] for r in rows(home)[0]}[1] == "restricted"
    # rising above noa's clearance: gone from the laptop (test_sync covers the other revocations)
    central.admin.execute("UPDATE records SET classification = 'secret' WHERE section_id = 2")
    central.admin.commit()
    s = pull(central, home, "noa")
    assert (s.updated, s.revoked) == (0, 1)
    assert keys(home) == {("col", 1), ("col", 3)}


_FULL_DISK = r"""
set -u
home="$1"; out="$2"; shift 2
mount -t tmpfs -o size=3m tmpfs "$home" || exit 90
"$@" --home "$home" sync {sync} > "$out/first.out" 2> "$out/first.err"
echo $? > "$out/first.rc"
mount -o remount,size=256m "$home" || exit 91
"$@" --home "$home" status --json > "$out/status.json" 2> "$out/status.err"
"$@" --home "$home" sync {sync} --json > "$out/second.out" 2> "$out/second.err"
echo $? > "$out/second.rc"
mkdir -p "$out/home" && cp -a "$home/." "$out/home/"
"""


def test_disk_full_mid_sync_keeps_pages_then_finishes_exactly(central: Central, tmp_path: Path) -> None:
    central.publish(200, chunks=2)
    # records large enough that a 3 MB data folder fills up after a few pages
    central.admin.execute("UPDATE records SET data = jsonb_build_object('text', repeat(md5(section_id::text), 500))")
    central.admin.commit()
    central.user("ole", "public")
    pw = _password_file(tmp_path, "pw-ole")
    mnt, out = tmp_path / "mnt", tmp_path / "out"
    mnt.mkdir()
    out.mkdir()
    sync = f"--server {central.server.address} --user ole --password-file {pw} --page 10"
    cli = [sys.executable, "-c", "import sys; from cli.main import main; sys.exit(main(sys.argv[1:]))"]
    unshare = shutil.which("unshare")
    assert unshare, "util-linux's unshare is needed to give the sync a small disk of its own"
    # a private mount namespace (as root, or as a user mapped to root in its own user namespace)
    done = subprocess.run([unshare, "--mount", "--map-root-user", "sh", "-c", _FULL_DISK.replace("{sync}", sync),
                           "sh", str(mnt), str(out), *cli], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert (out / "first.rc").read_text().strip() == "2"
    err = (out / "first.err").read_text()
    assert "is full: the sync stopped" in err and "free some space, then sync again to resume" in err
    assert "Traceback" not in err
    kept = json.loads((out / "status.json").read_text())
    assert 0 < kept["records"] < 200 and kept["records"] % 10 == 0  # whole pages, committed before the disk filled
    assert kept["sync"]["watermark"] and kept["sync"]["last_sync"] is None
    assert (out / "second.rc").read_text().strip() == "0", (out / "second.err").read_text()
    second = json.loads((out / "second.out").read_text().strip().splitlines()[-1])
    assert second["added"] == 200 - kept["records"] and second["updated"] == 0
    clean = tmp_path / "clean"
    pull(central, clean, "ole")
    assert rows(out / "home") == rows(clean)
    assert len(rows(clean)[0]) == 200


def test_central_refuses_vectors_of_unregistered_models_and_its_migration_says_which(central: Central) -> None:
    """Schema 3's foreign key (clients then skip the scan for unregistered names), and the migration
    to it on an archive that holds such vectors: refused, naming them, nothing half-applied."""
    import psycopg

    from core.errors import ConfigError
    from core.sync.central import admin_connect, migrations

    central.publish(1)
    with pytest.raises(psycopg.errors.ForeignKeyViolation):
        central.admin.execute("UPDATE rag_embeddings SET model = 'ghost-model' WHERE section_id = 1")
    central.admin.rollback()
    name = f"mig3_{central.server.port}"
    central.admin.autocommit = True
    central.admin.execute(f"DROP DATABASE IF EXISTS {name}")
    central.admin.execute(f"CREATE DATABASE {name}")
    central.admin.autocommit = False
    try:
        with psycopg.connect(central.server.dsn.rsplit("/", 1)[0] + f"/{name}") as db:
            for m in migrations()[:2]:  # an archive at version 2, with a vector of an unregistered model
                db.execute(m.path.read_text(encoding="utf-8").encode())
                db.execute("INSERT INTO central_schema_version (version, name) VALUES (%s, %s)", (m.version, m.name))
            db.execute("INSERT INTO records (section_tipo, section_id) VALUES ('col', 1)")
            db.execute("INSERT INTO rag_embeddings (id, section_tipo, section_id, component_tipo, chunk_index, model, "
                       "dimension, embedding) VALUES ('x', 'col', 1, 'rag:body', 0, 'ghost-model', 2, '[1,2]')")
            db.commit()
            with pytest.raises(psycopg.errors.RaiseException, match="not registered: ghost-model"):
                db.execute(migrations()[2].path.read_text(encoding="utf-8").encode())
            db.rollback()
            fks = db.execute("SELECT count(*) FROM pg_constraint WHERE conname = 'rag_embeddings_model_registered'")
            assert fks.fetchone() == (0,)
        older = central.server.dsn.rsplit("/", 1)[0] + f"/{name}"
        # the administrator's next publish or user change migrates: refused while the vector is unregistered …
        with pytest.raises(ConfigError, match="could not be brought up to date: vectors name models"):
            admin_connect(older)
        with psycopg.connect(older) as db:
            db.execute("INSERT INTO models (name, dimension, sha256) VALUES ('ghost-model', 2, 'ab')")
        # … and done once it is registered
        with admin_connect(older) as db:
            assert db.execute("SELECT max(version) FROM central_schema_version").fetchone() == (len(migrations()),)
    finally:
        central.admin.autocommit = True
        central.admin.execute(f"DROP DATABASE IF EXISTS {name}")
        central.admin.autocommit = False
