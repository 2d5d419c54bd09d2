"""Store: migrations on open, schema mirror, model pinning and the build-beside switch."""

from __future__ import annotations

import os

from pathlib import Path

import pytest

from core.errors import MigrationError, ModelMismatch
from core.ingest.reindex import reindex
from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo
from core.store.db import Store
from core.store.migrations import MIGRATIONS
from tests.conftest import drain

CENTRAL_COLUMNS = {
    "records": ["section_tipo", "section_id", "title", "lang", "classification", "project_ids", "data",
                "date_start", "date_end", "updated_at", "deleted_at", "origin"],
    "rag_embeddings": ["id", "section_tipo", "section_id", "component_tipo", "lang", "chunk_index", "modality",
                       "model", "dimension", "source_text", "source_hash", "chunk_meta", "embedding", "updated_at"],
}


def test_migrations_apply_once_and_record_version(tmp_path: Path) -> None:
    with Store(tmp_path / "s.duckdb") as s:
        assert s.applied_migrations == [name for name, _ in MIGRATIONS]
        assert s.schema_version == MIGRATIONS[-1][0]
    with Store(tmp_path / "s.duckdb") as s:
        assert s.applied_migrations == []


def test_tables_mirror_central_schema(tmp_path: Path) -> None:
    with Store(tmp_path / "s.duckdb") as s:
        for table, cols in CENTRAL_COLUMNS.items():
            got = [r[0] for r in s.cursor().execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position",
                [table]).fetchall()]
            assert got == cols
        local = {r[0] for r in s.cursor().execute("SELECT table_name FROM information_schema.tables").fetchall()}
        assert {"sources", "index_queue", "embedding_cache", "models", "sync_state", "profiles"} <= local


def test_store_from_newer_program_is_refused(tmp_path: Path) -> None:
    with Store(tmp_path / "s.duckdb") as s, s.transaction() as cur:
        cur.execute("INSERT INTO schema_migrations VALUES ('m999_future', now())")
    with pytest.raises(MigrationError, match="newer"):
        Store(tmp_path / "s.duckdb")


def test_model_is_pinned_and_switch_builds_beside(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(3):
        (docs / f"{i}.txt").write_text(f"Documento {i} sobre el molino y la zanja {i}.")
    a = HashingEncoder("fake-a", 64)
    with Ovillo(tmp_path / "h", models_dir=tmp_path / "m", encoder=a) as app:
        drain(app.library.ingest([docs]))
        assert app.pinned_model().name == "fake-a"  # type: ignore[union-attr]
    b = HashingEncoder("fake-b", 32)
    with Ovillo(tmp_path / "h", models_dir=tmp_path / "m", encoder=b) as app:
        with pytest.raises(ModelMismatch):
            app.search.records("molino")
        with pytest.raises(ModelMismatch):
            drain(app.library.ingest([docs]))
        gen = reindex(app.store, b)
        next(gen)  # one record built beside the old rows…
        models = dict(app.store.cursor().execute("SELECT model, count(*) FROM rag_embeddings GROUP BY 1").fetchall())
        assert models == {"fake-a": 3, "fake-b": 1}
        assert app.pinned_model().name == "fake-a"  # type: ignore[union-attr]  # …search still uses the old one
        events, embedded = drain(gen)
        assert embedded == 3
        assert app.pinned_model().name == "fake-b"  # type: ignore[union-attr]
        dims = app.store.cursor().execute("SELECT DISTINCT model, dimension FROM rag_embeddings").fetchall()
        assert dims == [("fake-b", 32)]
        assert app.search.records("molino")


def test_vectors_are_stored_plain_not_alprd(tmp_path: Path) -> None:
    """ALPRD made real e5 vectors larger and 4x dearer to write (docs/design.md §5): never chosen."""
    import numpy as np
    import pyarrow as pa

    n, dim = 130_000, 8  # more than one row group, so the column is really compressed on checkpoint
    vecs = np.random.default_rng(1).standard_normal((n, dim)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    rows = pa.table({"v": pa.ListArray.from_arrays(pa.array(np.arange(0, (n + 1) * dim, dim, dtype=np.int32)),
                                                    pa.array(vecs.ravel()))})
    store = Store(tmp_path / "s.duckdb")
    cur = store.cursor()
    cur.register("rows", rows)
    cur.execute("CREATE TABLE v AS SELECT v FROM rows")
    cur.execute("CHECKPOINT")
    used = {str(c) for (c,) in cur.execute("SELECT DISTINCT compression FROM pragma_storage_info('v')").fetchall()}
    store.close()
    assert "Uncompressed" in used and not used & {"ALP", "ALPRD"}, used


def test_a_long_query_draws_no_progress_bar_on_standard_output(tmp_path: Path) -> None:
    """DuckDB's own progress bar went to standard output for a query past 2 s on the store's
    connection — the checkpoint that closes a store after a large sync or keyword index — into
    `ovillo sync --json`. A query past 2 s on a store connection now prints nothing; the control
    shows a plain DuckDB connection drawing the bar there (``progress_bar_time`` 0 makes a short
    query show it; it also switches the bar back on, so the store's run keeps DuckDB's 2 s)."""
    import subprocess
    import sys

    query = "SELECT count(*) FROM range({n}) t(i) WHERE i % 7 = 3"
    control = ("import duckdb\ncon = duckdb.connect()\ncon.execute('SET progress_bar_time = 0')\n"
               f"con.execute('{query.format(n=50_000_000)}').fetchall()\n")
    # a query past DuckDB's 2 s, however fast the machine: doubled until one takes that long
    ours = ("import sys, time\nfrom pathlib import Path\nfrom core.store.connection import connect\n"
            "con = connect(Path(sys.argv[1]))\nn = 300_000_000\n"
            "for _ in range(6):\n"
            "    t = time.monotonic()\n"
            f"    con.execute('{query}'.format(n=n)).fetchall()\n"
            "    took = time.monotonic() - t\n"
            "    if took > 2.5:\n"
            "        break\n"
            "    n *= 2\n"
            "sys.stderr.write(f'{took:.1f}')\n")
    repo = Path(__file__).resolve().parents[2]
    drawn = subprocess.run([sys.executable, "-c", control], capture_output=True, text=True, cwd=repo, timeout=120)
    assert drawn.returncode == 0 and "%" in drawn.stdout, drawn.stderr
    quiet = subprocess.run([sys.executable, "-c", ours, str(tmp_path / "q.duckdb")], capture_output=True,
                           text=True, cwd=repo, timeout=120)
    assert quiet.returncode == 0 and float(quiet.stderr) > 2.5, quiet.stderr  # long enough for a bar
    assert quiet.stdout == ""


def test_duckdb_memory_is_bounded_for_a_laptop_and_spills_beside_the_store(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A quarter of the machine's memory between 1 and 4 GiB, and spill files next to the store, not in
    the working directory (an in-memory connection's default is ``.tmp`` there)."""
    from core.store import connection

    monkeypatch.chdir(tmp_path)
    with Store(tmp_path / "home" / "ovillo.duckdb") as store:
        limit, temp = store.cursor().execute(
            "SELECT current_setting('memory_limit'), current_setting('temp_directory')").fetchone()
    assert temp == str(tmp_path / "home" / "ovillo.duckdb.tmp")
    mib = connection.memory_limit_mib()
    assert mib is not None and 1024 <= mib <= 4096
    assert limit == f"{mib / 1024:.1f} GiB"
    sizes = {8 << 30: 2048, 2 << 30: 1024, 64 << 30: 4096}
    for total, want in sizes.items():
        monkeypatch.setattr(os, "sysconf",
                            lambda name, total=total: 4096 if name == "SC_PAGE_SIZE" else total // 4096)
        assert connection.memory_limit_mib() == want


def test_files_the_new_readers_read_are_read_again_after_the_upgrade(tmp_path: Path) -> None:
    """m007: an 'unsupported' file (a .docx before its reader) and a web page are forgotten so the next
    ingest reads them; a text file read as before is kept."""
    from core.store.migrations import _m007_reread_what_readers_learned

    with Store(tmp_path / "ovillo.duckdb") as store:
        cur = store.cursor()
        for path, reader, status in (("a.docx", None, "unsupported"), ("b.html", "html", "ok"), ("c.txt", "text", "ok")):
            cur.execute("INSERT INTO sources (path, collection, reader, content_hash, mtime, size, status, updated_at) "
                        "VALUES (?, 'c', ?, 'h', 1.0, 1, ?, now())", [path, reader, status])
        _m007_reread_what_readers_learned(cur)
        kept = dict(cur.execute("SELECT path, mtime FROM sources").fetchall())
    assert kept == {"a.docx": None, "b.html": None, "c.txt": 1.0}
