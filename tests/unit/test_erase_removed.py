"""Removed and revoked records leave no readable copy in the store file (issue #28, finding 4).

DuckDB frees the blocks of deleted rows without overwriting them; the store is rewritten into a
fresh file before the operation that removed records reports done.
"""

from __future__ import annotations

import os
from pathlib import Path

from core.ingest.pipeline import IngestOptions
from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo
from core.store.compact import compact, erase_pending, mark_erased
from tests.conftest import drain

MARK = b"SECRETMARKER"


def bytes_on_disk(home: Path) -> int:
    return sum(p.read_bytes().count(MARK) for p in home.iterdir() if p.name.startswith("ovillo.duckdb"))


def archive(docs: Path) -> None:
    docs.mkdir()
    for i in range(40):
        (docs / f"carta{i}.txt").write_text(f"Carta {i} sobre el molino y la campana número {i * 7}. " * 12,
                                            encoding="utf-8")
    (docs / "reservado.txt").write_text(f"{MARK.decode()} lince oculto 6620: la finca del norte guarda el nido. " * 5,
                                        encoding="utf-8")


def test_a_removed_file_leaves_no_bytes_in_the_store(tmp_path: Path) -> None:
    archive(tmp_path / "docs")
    home = tmp_path / "home"
    with Ovillo(home, models_dir=tmp_path / "m", encoder=HashingEncoder()) as app:
        drain(app.library.ingest([tmp_path / "docs"], IngestOptions(classification="secret")))
    assert bytes_on_disk(home) > 0  # the check can see the text while it is a live record
    (tmp_path / "docs" / "reservado.txt").unlink()
    with Ovillo(home, models_dir=tmp_path / "m", encoder=HashingEncoder()) as app:
        events, summary = drain(app.library.ingest([tmp_path / "docs"]))
        assert [o.status for o in summary.outcomes if o.path.endswith("reservado.txt")] == ["removed"]
        assert any(e.stage == "erase" for e in events)
        assert not erase_pending(app.store)
        assert bytes_on_disk(home) == 0  # before the ingest has even closed the store
        assert len(app.search.records("molino campana", limit=5)) == 5  # the rewritten store still searches
        assert app.library.status().records == 40
    assert bytes_on_disk(home) == 0


def test_the_erase_drops_the_mapped_vector_files_that_held_the_removed_vectors(tmp_path: Path) -> None:
    """The vector files beside the store held the removed record's vector: they go with the rewrite and the
    next search rebuilds them from the rewritten store, without it."""
    archive(tmp_path / "docs")
    home = tmp_path / "home"
    with Ovillo(home, models_dir=tmp_path / "m", encoder=HashingEncoder()) as app:
        drain(app.library.ingest([tmp_path / "docs"], IngestOptions(classification="secret")))
        assert app.search.records("lince oculto nido", limit=3)  # a search wrote the vector file
        assert any((home / "vectors").rglob("*.f32"))
        (tmp_path / "docs" / "reservado.txt").unlink()
        drain(app.library.ingest([tmp_path / "docs"]))
        assert not (home / "vectors").exists()
        hits = app.search.records("molino campana", limit=50)
        assert len(hits) == 40 and all("reservado" not in (h.source_path or "") for h in hits)
        assert any((home / "vectors").rglob("*.f32"))  # rebuilt from the rewritten store


def test_a_crash_before_the_rewrite_is_finished_by_the_next_close(tmp_path: Path) -> None:
    archive(tmp_path / "docs")
    home = tmp_path / "home"
    with Ovillo(home, models_dir=tmp_path / "m", encoder=HashingEncoder()) as app:
        drain(app.library.ingest([tmp_path / "docs"]))
        rows = app.store.cursor().execute("SELECT section_tipo, section_id FROM records r JOIN source_records s "
                                          "USING (section_tipo, section_id) WHERE s.path LIKE '%reservado%'").fetchall()
        from core.store.writer import RecordWriter

        RecordWriter(app.store).write(remove=[(str(t), int(i)) for t, i in rows])  # and then the process dies:
        assert erase_pending(app.store)
        (home / "ovillo.duckdb.compact").write_bytes(b"half a rewrite")  # what a kill mid-rewrite leaves
    assert bytes_on_disk(home) == 0  # the close finished it
    with Ovillo(home, models_dir=tmp_path / "m", encoder=HashingEncoder()) as app:
        assert not (home / "ovillo.duckdb.compact").exists()
        assert app.library.status().records == 40


def test_the_rewrite_keeps_every_table_index_and_the_keyword_index(tmp_path: Path) -> None:
    archive(tmp_path / "docs")
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "m", encoder=HashingEncoder()) as app:
        drain(app.library.ingest([tmp_path / "docs"]))
        before = _shape(app)
        hits = [(h.section_tipo, h.section_id, round(h.score, 6)) for h in app.search.records("molino", limit=5)]
        with app.store.transaction() as tx:
            mark_erased(tx)
        assert compact(app.store) > 0
        after = _shape(app)
        assert after == before
        assert not erase_pending(app.store)
        assert [(h.section_tipo, h.section_id, round(h.score, 6)) for h in app.search.records("molino", limit=5)] == hits
        assert oct(os.stat(tmp_path / "home" / "ovillo.duckdb").st_mode & 0o777) == "0o600"


def _shape(app: Ovillo) -> tuple[object, ...]:
    """Every table with its row count, every index and macro of the store."""
    cur = app.store.cursor()
    tables = cur.execute("SELECT schema_name, table_name FROM duckdb_tables() WHERE database_name = 'store' "
                         "ORDER BY ALL").fetchall()
    counts = [(s, t, cur.execute(f'SELECT count(*) FROM "{s}"."{t}"').fetchone()) for s, t in tables]
    indexes = cur.execute("SELECT index_name, sql FROM duckdb_indexes() WHERE database_name = 'store' "
                          "ORDER BY 1").fetchall()
    macros = cur.execute("SELECT schema_name, function_name FROM duckdb_functions() WHERE database_name = 'store' "
                         "AND NOT internal ORDER BY ALL").fetchall()
    constraints = cur.execute("SELECT table_name, constraint_text FROM duckdb_constraints() "
                              "WHERE database_name = 'store' ORDER BY ALL").fetchall()
    return counts, indexes, macros, constraints


def test_searches_running_beside_the_rewrite_neither_fail_nor_break_it(tmp_path: Path) -> None:
    """The window searches while an import ends in a rewrite: the file is swapped only when no cursor is
    out (a running query kept the old file attached, and re-attaching its path failed, leaving no store)."""
    import threading

    archive(tmp_path / "docs")
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "m", encoder=HashingEncoder()) as app:
        drain(app.library.ingest([tmp_path / "docs"]))
        errors: list[str] = []
        done = threading.Event()
        searched = [0]

        def search() -> None:
            while not done.is_set():
                try:
                    app.search.records("molino campana", limit=5)
                    searched[0] += 1
                except Exception as exc:  # noqa: BLE001  (any failure is the finding)
                    errors.append(repr(exc))

        reader = threading.Thread(target=search)
        reader.start()
        try:
            for _ in range(5):
                with app.store.transaction() as tx:
                    mark_erased(tx)
                assert compact(app.store) is not None
                assert not erase_pending(app.store)
        finally:
            done.set()
            reader.join()
        assert errors == [] and searched[0] > 0
        assert len(app.search.records("molino campana", limit=5)) == 5
