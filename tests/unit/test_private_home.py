"""A data folder only its owner can read (issue #28, finding 2): folders 0700 and files 0600, for a new
folder, for what ingest and thumbnails add, and for an older folder left readable (tightened on open)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest

from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo
from tests.conftest import drain

SECRET = "Expediente reservado: lince-oculto-6620."


def loose_entries(home: Path) -> list[str]:
    out = [] if not home.stat().st_mode & 0o077 else [str(home)]
    for dirpath, dirnames, filenames in os.walk(home):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            if not stat.S_ISLNK(p.lstat().st_mode) and p.lstat().st_mode & 0o077:
                out.append(f"{p} {oct(p.lstat().st_mode)}")
    return out


def ingest_secret(home: Path, tmp_path: Path) -> Ovillo:
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    (docs / "expediente.txt").write_text(SECRET, encoding="utf-8")
    app = Ovillo(home, models_dir=tmp_path / "models", encoder=HashingEncoder())
    from core.ingest.pipeline import IngestOptions

    drain(app.library.ingest([docs], IngestOptions(classification="secret")))
    return app


def test_a_new_data_folder_and_everything_in_it_is_private(tmp_path: Path) -> None:
    old = os.umask(0o022)  # a user's usual umask
    try:
        app = ingest_secret(tmp_path / "home", tmp_path)
        app.close()
    finally:
        os.umask(old)
    home = tmp_path / "home"
    assert stat.S_IMODE(home.stat().st_mode) == 0o700
    assert stat.S_IMODE((home / "ovillo.duckdb").stat().st_mode) == 0o600
    assert loose_entries(home) == []


def test_an_older_readable_folder_is_tightened_on_open_with_a_note(tmp_path: Path) -> None:
    home = tmp_path / "home"
    ingest_secret(home, tmp_path).close()
    for dirpath, dirnames, filenames in os.walk(home):  # what an older Ovillo left: 0755 / 0644
        os.chmod(dirpath, 0o755)
        for name in filenames:
            os.chmod(Path(dirpath) / name, 0o644)
    loose = loose_entries(home)
    assert loose
    app = Ovillo(home, models_dir=tmp_path / "models", encoder=HashingEncoder())
    try:
        assert loose_entries(home) == []
        assert app.made_private == len(loose)
    finally:
        app.close()
    again = Ovillo(home, models_dir=tmp_path / "models", encoder=HashingEncoder())
    again.close()
    assert again.made_private == 0  # said once


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("runuser") is None,
                    reason="reading as another account needs root and runuser; the modes above are checked anyway")
def test_another_account_cannot_read_the_store(tmp_path: Path) -> None:
    # pytest's own temporary folders are closed to others already: the data folder must be what refuses
    base = Path(tempfile.mkdtemp(prefix="ovillo-private-", dir="/tmp"))
    try:
        os.chmod(base, 0o755)
        ingest_secret(base / "home", tmp_path).close()
        got = subprocess.run(["runuser", "-u", "nobody", "--", "cat", str(base / "home" / "ovillo.duckdb")],
                             capture_output=True, timeout=30)
        assert got.returncode != 0 and b"lince" not in got.stdout
        assert b"Permission denied" in got.stderr
        listing = subprocess.run(["runuser", "-u", "nobody", "--", "ls", str(base / "home")],
                                 capture_output=True, timeout=30)
        assert listing.returncode != 0
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_the_cli_says_once_that_it_made_an_older_folder_private(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from cli.main import main

    home = tmp_path / "home"
    ingest_secret(home, tmp_path).close()
    os.chmod(home, 0o755)
    os.chmod(home / "ovillo.duckdb", 0o644)
    assert main(["--home", str(home), "status"]) == 0
    assert "2 file(s) and folder(s)" in capsys.readouterr().err
    assert main(["--home", str(home), "status"]) == 0
    assert "note:" not in capsys.readouterr().err
