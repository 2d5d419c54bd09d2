"""A folder's unsupported files are listed (grouped by type) and recorded, never silently dropped (issue #14)."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb

from core.ingest.skipped import by_type
from core.service import Ovillo
from core.store.migrations import MIGRATIONS, migrate
from tests.conftest import drain


def deposit(root: Path) -> None:
    """A donor's folder: two documents we read, their companions, and files no reader handles."""
    root.mkdir()
    (root / "diari.md").write_text("# Diari\n\nLa rasa 3 va donar ceràmica vidriada.\n", encoding="utf-8")
    (root / "entrevista.vtt").write_text("WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nEl molí molia blat.\n",
                                         encoding="utf-8")
    (root / "entrevista.mp3").write_bytes(b"ID3")  # the recording the transcript plays: a companion
    (root / "cataleg.csv").write_text("codi,nom,text\n1,Moneda,Denari de plata\n", encoding="utf-8")
    (root / "cataleg.csv.mapping.json").write_text(json.dumps({"title": "nom", "text": "text"}), encoding="utf-8")
    for name in ("inventari.pptx", "fitxa.pptx", "plànol.dwg", "LLEGEIX"):
        (root / name).write_bytes(b"PK\x03\x04 not read")
    (root / "sub").mkdir()
    (root / "sub" / "fotos.zip").write_bytes(b"PK\x05\x06")


def test_unsupported_files_are_listed_by_type_and_recorded(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "fons"
    deposit(root)
    _, s = drain(fake_app.library.ingest([root]))
    assert sorted(Path(o.path).name for o in s.ok) == ["cataleg.csv", "diari.md", "entrevista.vtt"]
    assert not s.failed
    assert sorted(Path(o.path).name for o in s.unsupported) == ["LLEGEIX", "fitxa.pptx", "fotos.zip",
                                                                "inventari.pptx", "plànol.dwg"]
    assert by_type(o.path for o in s.unsupported) == {".pptx": 2, "(no extension)": 1, ".dwg": 1, ".zip": 1}
    assert all(o.reason.startswith("unsupported file type") for o in s.unsupported)
    cur = fake_app.store.cursor()
    rows = dict(cur.execute("SELECT path, error FROM sources WHERE status = 'unsupported'").fetchall())
    assert {Path(p).name for p in rows} == {Path(o.path).name for o in s.unsupported}
    assert rows[str(root / "inventari.pptx")] == "unsupported file type .pptx: not indexed"
    assert cur.execute("SELECT count(*) FROM index_queue").fetchone() == (0,)  # nothing waits to retry them

    stamp = cur.execute("SELECT path, updated_at FROM sources ORDER BY path").fetchall()
    _, again = drain(fake_app.library.ingest([root]))
    assert len(again.unsupported) == 5 and len(again.skipped) == 3 and not again.failed
    assert cur.execute("SELECT path, updated_at FROM sources ORDER BY path").fetchall() == stamp  # not rewritten

    (root / "fitxa.pptx").unlink()
    _, after = drain(fake_app.library.ingest([root]))
    assert len(after.unsupported) == 4
    assert str(root / "fitxa.pptx") not in {r[0] for r in cur.execute("SELECT path FROM sources").fetchall()}


def test_a_file_named_explicitly_still_fails_clearly(fake_app: Ovillo, tmp_path: Path) -> None:
    f = tmp_path / "inventari.pptx"
    f.write_bytes(b"PK")
    _, s = drain(fake_app.library.ingest([f]))
    assert [o.status for o in s.outcomes] == ["failed"] and "unsupported file type .pptx" in s.failed[0].reason


def test_migration_allows_unsupported_and_rereads_transcripts(tmp_path: Path) -> None:
    con = duckdb.connect(str(tmp_path / "old.duckdb"))
    con.execute("CREATE TABLE schema_migrations (name VARCHAR PRIMARY KEY, applied_at TIMESTAMP)")
    MIGRATIONS[0][1](con)  # a store as the previous release left it
    con.execute("INSERT INTO schema_migrations VALUES (?, now())", [MIGRATIONS[0][0]])
    for path, reader in (("/a/oh.vtt", "vtt"), ("/a/d.md", "markdown")):
        con.execute("INSERT INTO sources (path, collection, reader, content_hash, mtime, size, status, updated_at) "
                    "VALUES (?, 'a', ?, 'h', 1.0, 10, 'ok', now())", [path, reader])
    assert migrate(con) == [name for name, _ in MIGRATIONS[1:]]
    rows = dict((p, (h, m)) for p, h, m in con.execute("SELECT path, content_hash, mtime FROM sources").fetchall())
    assert rows == {"/a/oh.vtt": (None, None), "/a/d.md": ("h", 1.0)}
    con.execute("INSERT INTO sources (path, collection, status, updated_at) VALUES ('/a/x.docx', 'a', "
                "'unsupported', now())")
    con.close()
