"""Bad files get a clear per-file error; the rest of the batch is ingested; the store stays consistent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core.service import Ovillo
from tests.conftest import drain


def bad_folder(root: Path) -> dict[str, str]:
    """Write one good file and every kind of bad one; return name → expected reason fragment."""
    root.mkdir()
    (root / "good.md").write_text("# Bueno\n\nCerámica vidriada en la zanja 3.\n", encoding="utf-8")
    (root / "latin1.txt").write_bytes("Año de la riada: el pantano cubrió la iglesia.".encode("latin-1"))
    (root / "corrupt.pdf").write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog >>\ngarbage")
    (root / "binary.txt").write_bytes(os.urandom(4096) + b"\x00" * 100)
    (root / "empty.txt").write_bytes(b"")
    (root / "oneline.txt").write_bytes(b"x" * (50 * 1024 * 1024))
    (root / "missing_col.csv").write_text("id,name,date\n1,Coin,1200\n")
    docx = (Path(__file__).resolve().parents[1] / "fixtures/docx/paragraphs_and_tables.docx").read_bytes()
    (root / "truncated.docx").write_bytes(docx[: len(docx) // 2])  # a copy cut short
    (root / "renamed.xlsx").write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(1024))  # an old .xls renamed
    (root / "broken.mbox").write_bytes(b"\x00\x01 not mail")
    os.mkfifo(root / "pipe.txt")
    (root / "dangling.md").symlink_to(root / "nowhere.md")
    return {"corrupt.pdf": "PDF", "binary.txt": "binary", "empty.txt": "empty", "oneline.txt": "single line",
            "missing_col.csv": "missing column", "truncated.docx": "damaged .docx file",
            "renamed.xlsx": "older binary file renamed", "broken.mbox": "not an mbox file", "pipe.txt": "not a regular file", "dangling.md": "symbolic link not followed"}


def test_bad_inputs_do_not_stop_the_batch(fake_app: Ovillo, tmp_path: Path) -> None:
    expected = bad_folder(tmp_path / "in")
    _, summary = drain(fake_app.library.ingest([tmp_path / "in"]))
    failed = {Path(o.path).name: o.reason for o in summary.failed}
    assert set(failed) == set(expected), failed
    for name, fragment in expected.items():
        assert fragment.lower() in failed[name].lower(), (name, failed[name])
    assert sorted(Path(o.path).name for o in summary.ok) == ["good.md", "latin1.txt"]
    latin = next(o for o in summary.ok if o.path.endswith("latin1.txt"))
    assert "cp1252" in latin.reason
    # every failure is in `sources` with its reason; no records leaked from failed files
    rows = dict(fake_app.store.cursor().execute("SELECT path, error FROM sources WHERE status='failed'").fetchall())
    assert {Path(p).name for p in rows} == set(expected)
    assert fake_app.library.status().records == 2
    texts = " ".join(r[0] for r in fake_app.store.cursor().execute("SELECT source_text FROM rag_embeddings").fetchall())
    assert "cubrió la iglesia" in texts
    assert fake_app.library.status().queue_pending == 0


def test_unreadable_file_permission(fake_app: Ovillo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As root chmod cannot make a file unreadable, so the OS error is injected where the file is read."""
    f = tmp_path / "locked.txt"
    f.write_text("secreto")
    import os

    real = os.open

    def deny(path: str | os.PathLike[str], flags: int, *args: int, **kw: int) -> int:
        if Path(path).name == "locked.txt":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, flags, *args, **kw)

    monkeypatch.setattr("core.ingest.walk.os.open", deny)
    _, summary = drain(fake_app.library.ingest([f]))
    assert summary.failed[0].reason == "cannot read: permission denied"


def test_missing_path(fake_app: Ovillo, tmp_path: Path) -> None:
    _, summary = drain(fake_app.library.ingest([tmp_path / "nope"]))
    assert summary.failed[0].reason == "no such file or folder"


def test_failed_edit_keeps_previous_good_version(fake_app: Ovillo, tmp_path: Path) -> None:
    f = tmp_path / "doc.txt"
    f.write_text("Versión buena del documento sobre el molino.")
    drain(fake_app.library.ingest([f]))
    f.write_bytes(b"\x00\x01\x02" * 1000)
    _, s = drain(fake_app.library.ingest([f]))
    assert s.failed and "binary" in s.failed[0].reason
    assert fake_app.library.status().records == 1  # the last good version stays searchable
