"""Edit what is yours (#32.6): the owner's layer over a locally ingested record, on a real DuckDB store."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import duckdb
import numpy as np
import pytest

from core.errors import ConfigError, NotFound, PermissionDenied
from core.filters import SearchFilters
from core.ingest.pipeline import IngestOptions
from core.service import Ovillo
from core.ingest.edits import edit_record
from core.store.db import Store
from core.store.edits import RecordEdit
from core.store.migrations import MIGRATIONS, migrate
from core.store.rows import EmbeddingRow, RecordRow
from core.store.writer import RecordWriter
from tests.conftest import drain

WORDS = "Inventario de la cripta zarandajo"
ONLY_HERE = "inventario cripta"  # words of the crypt's file alone (the museum's shares "zarandajo")


@pytest.fixture
def archive(fake_app: Ovillo, tmp_path: Path) -> tuple[Ovillo, Path]:
    """A public Markdown file and a public copy of the same content elsewhere."""
    folder = tmp_path / "fondo"
    folder.mkdir()
    (folder / "cripta.md").write_text(f"# Cripta\n\n{WORDS}: tres cajas de monedas.\n", encoding="utf-8")
    (folder / "museo.md").write_text("# Museo\n\nLas cajas de monedas del museo, zarandajo.\n", encoding="utf-8")
    drain(fake_app.library.ingest([folder], IngestOptions(classification="public")))
    return fake_app, folder


def _key(app: Ovillo, title: str) -> tuple[str, int]:
    row = app.store.cursor().execute("SELECT section_tipo, section_id FROM records WHERE title = ?",
                                     [title]).fetchone()
    assert row is not None
    return str(row[0]), int(row[1])


def test_an_edit_shows_everywhere_and_survives_a_reingest_of_the_changed_file(archive: tuple[Ovillo, Path]) -> None:
    app, folder = archive
    st, sid = _key(app, "Cripta")
    result = app.library.edit(st, sid, RecordEdit(title="Cripta de San Pedro", date_text="c. 1660",
                                                  notes="Revisado en sala"))
    assert result.record.title == "Cripta de San Pedro" and result.changes.updated[(st, "text")] == 1
    assert (result.record.date_start, result.record.date_end) == (date(1660, 1, 1), date(1660, 12, 31))
    assert result.record.edit is not None and result.record.edit.notes == "Revisado en sala"
    hits = app.search.records("San Pedro", limit=5)  # the edited title is searchable by its words
    assert hits and hits[0].title == "Cripta de San Pedro"
    dated = SearchFilters(date_from=date(1650, 1, 1), date_to=date(1670, 1, 1))
    assert {h.title for h in app.search.records("cajas monedas", filters=dated)} == {"Cripta de San Pedro"}
    assert app.library.facets().date_min == date(1660, 1, 1)

    (folder / "cripta.md").write_text(f"# Cripta nueva\n\n{WORDS}: cuatro cajas.\n", encoding="utf-8")
    _, summary = drain(app.library.ingest([folder], IngestOptions(classification="public")))
    assert summary.changes.updated[(st, "text")] == 1  # the file was read again
    rec = app.library.record(st, sid)
    assert rec.title == "Cripta de San Pedro" and "cuatro cajas" in rec.full_text
    assert rec.date_start == date(1660, 1, 1) and rec.edit is not None and rec.edit.notes == "Revisado en sala"

    back = app.library.edit(st, sid, RecordEdit())  # an empty layer: the file's values again, the new ones
    assert back.record.title == "Cripta nueva" and back.record.date_start is None and back.record.edit is None


def test_tightening_hides_it_from_the_public_profile_everywhere(archive: tuple[Ovillo, Path]) -> None:
    app, _ = archive
    st, sid = _key(app, "Cripta")
    seed = _key(app, "Museo")
    assert any(h.section_id == sid for h in app.search.similar(*seed, profile="public", limit=10))
    before = app.search.page(ONLY_HERE, profile="public")
    assert sid in {h.section_id for h in before.hits}
    app.library.edit(st, sid, RecordEdit(classification="secret"))
    assert {h.title for h in app.search.records(ONLY_HERE, profile="public", limit=50)} <= {"Museo"}
    after = app.search.page(ONLY_HERE, profile="public")  # a hidden record's words count nothing
    shown = after.hits + (after.no_match.closest if after.no_match else [])
    assert after.total <= before.total - 1 and sid not in {h.section_id for h in shown}
    assert all(h.section_id != sid for h in app.search.similar(*seed, profile="public", limit=10))
    assert app.library.facets("public").classifications == ("public",)
    assert app.library.status("public").records == 1
    with pytest.raises(NotFound):
        app.library.record(st, sid, "public")
    with pytest.raises(NotFound):
        app.search.similar(st, sid, profile="public")
    assert app.library.record(st, sid).classification == "secret"  # the owner still reads it
    classifications = app.library.facets().classifications
    assert classifications == ("public", "secret")


def test_tightening_survives_a_reingest_that_asks_for_public(archive: tuple[Ovillo, Path]) -> None:
    app, folder = archive
    st, sid = _key(app, "Cripta")
    app.library.edit(st, sid, RecordEdit(classification="restricted"))
    (folder / "cripta.md").write_text(f"# Cripta\n\n{WORDS}: otra versión.\n", encoding="utf-8")
    drain(app.library.ingest([folder], IngestOptions(classification="public", reclassify=True)))
    assert app.library.record(st, sid).classification == "restricted"
    assert {h.title for h in app.search.records(ONLY_HERE, profile="public", limit=50)} <= {"Museo"}


def test_a_copy_of_the_same_content_is_tightened_too(archive: tuple[Ovillo, Path], tmp_path: Path) -> None:
    app, folder = archive
    st, sid = _key(app, "Cripta")
    app.library.edit(st, sid, RecordEdit(classification="secret"))
    copy = tmp_path / "copia"
    copy.mkdir()
    (copy / "cripta.md").write_bytes((folder / "cripta.md").read_bytes())
    drain(app.library.ingest([copy], IngestOptions(classification="public")))
    assert {h.title for h in app.search.records(ONLY_HERE, profile="public", limit=50)} <= {"Museo"}


def test_a_later_stricter_copy_overrides_an_earlier_loosening(archive: tuple[Ovillo, Path], tmp_path: Path) -> None:
    """The owner loosened a record; a stricter copy of its content imported later tightens it, and a re-import
    of the loosened record's own file does not give the old loosening back (the kiosk never sees it)."""
    app, folder = archive
    st, sid = _key(app, "Cripta")
    app.library.edit(st, sid, RecordEdit(classification="secret"))
    app.library.edit(st, sid, RecordEdit(classification="public"), reclassify=True)
    copy = tmp_path / "reservado"
    copy.mkdir()
    (copy / "cripta.md").write_bytes((folder / "cripta.md").read_bytes())
    drain(app.library.ingest([copy], IngestOptions(classification="secret")))
    assert app.library.record(st, sid).classification == "secret"
    (folder / "cripta.md").write_text(f"# Cripta\n\n{WORDS}: tres cajas de monedas.\n\nOtra línea.\n",
                                      encoding="utf-8")
    drain(app.library.ingest([folder]))
    assert app.library.record(st, sid).classification == "secret"
    assert {h.title for h in app.search.records(ONLY_HERE, profile="public", limit=50)} <= {"Museo"}


def test_a_title_edit_is_no_loosening_and_notes_stay_staff_only(archive: tuple[Ovillo, Path],
                                                                tmp_path: Path) -> None:
    """A record tightened by a stricter copy takes a title edit without a reclassify; its notes are the
    owner's, never shown to another profile."""
    app, folder = archive
    st, sid = _key(app, "Cripta")
    copy = tmp_path / "reservado"
    copy.mkdir()
    (copy / "cripta.md").write_bytes((folder / "cripta.md").read_bytes())
    drain(app.library.ingest([copy], IngestOptions(classification="restricted")))
    assert app.library.record(st, sid).classification == "restricted"
    done = app.library.edit(st, sid, RecordEdit(title="Cripta de San Pedro", notes="Solo para el equipo"))
    assert done.record.classification == "restricted" and done.record.title == "Cripta de San Pedro"
    app.library.edit(st, sid, RecordEdit(title="Cripta de San Pedro", classification="public",
                                         notes="Solo para el equipo"), reclassify=True)
    public = app.library.record(st, sid, profile="public")
    assert public.title == "Cripta de San Pedro" and (public.edit is None or public.edit.notes is None)
    owner = app.library.record(st, sid)
    assert owner.edit is not None and owner.edit.notes == "Solo para el equipo"


def test_loosening_needs_reclassify(archive: tuple[Ovillo, Path]) -> None:
    app, folder = archive
    st, sid = _key(app, "Cripta")
    app.library.edit(st, sid, RecordEdit(classification="secret"))
    with pytest.raises(PermissionDenied) as refused:
        app.library.edit(st, sid, RecordEdit(classification="public"))
    assert refused.value.code == "record.loosening" and refused.value.hint_code == "hint.reclassify"
    with pytest.raises(PermissionDenied):  # an empty layer would give the file's public back: loosening too
        app.library.edit(st, sid, RecordEdit(title="Otro título"))
    assert app.library.record(st, sid).classification == "secret"
    assert app.library.record(st, sid).title == "Cripta"  # a refused edit changes nothing
    done = app.library.edit(st, sid, RecordEdit(classification="public"), reclassify=True)
    assert done.record.classification == "public"
    assert "Cripta" in {h.title for h in app.search.records(ONLY_HERE, profile="public", limit=5)}
    (folder / "cripta.md").write_text(f"# Cripta\n\n{WORDS}: revisado.\n", encoding="utf-8")
    _, summary = drain(app.library.ingest([folder]))  # the content's floor (secret) does not undo the act
    assert app.library.record(st, sid).classification == "public" and summary.kept_stricter == {}


def test_refused_edits(archive: tuple[Ovillo, Path]) -> None:
    app, _ = archive
    st, sid = _key(app, "Cripta")
    with pytest.raises(PermissionDenied) as kiosk:
        app.library.edit(st, sid, RecordEdit(title="x"), profile="public")
    assert kiosk.value.code == "kiosk.staff_only"
    with pytest.raises(ConfigError) as bad_date:
        app.library.edit(st, sid, RecordEdit(date_text="sin fecha"))
    assert bad_date.value.code == "record.dates"
    with pytest.raises(ConfigError):
        app.library.edit(st, sid, RecordEdit(classification="confidential"))
    with pytest.raises(NotFound):
        app.library.edit(st, 12345, RecordEdit(title="x"))
    assert app.library.record(st, sid).edit is None


def test_a_synced_record_belongs_to_the_central_archive(fake_app: Ovillo) -> None:
    emb = EmbeddingRow("rag:text", 0, fake_app.encoder.name, np.ones(fake_app.encoder.dimension, np.float32),
                       "Acta del archivo central", "h1", lang="es")
    RecordWriter(fake_app.store).write([RecordRow("actas", 7, "Acta", "public", origin="central", embeddings=[emb])])
    assert fake_app.library.record("actas", 7).editable is False
    with pytest.raises(PermissionDenied) as refused:
        fake_app.library.edit("actas", 7, RecordEdit(title="Mi acta"))
    assert refused.value.code == "record.central" and "central archive" in str(refused.value)
    assert fake_app.library.record("actas", 7).title == "Acta"


def test_removing_the_file_drops_its_edits(archive: tuple[Ovillo, Path]) -> None:
    app, folder = archive
    st, sid = _key(app, "Cripta")
    app.library.edit(st, sid, RecordEdit(notes="nota privada"))
    (folder / "cripta.md").unlink()
    drain(app.library.ingest([folder], IngestOptions(classification="public")))
    assert app.store.cursor().execute("SELECT count(*) FROM record_edits").fetchone() == (0,)


def test_migration_adds_the_layer_to_an_older_store(tmp_path: Path) -> None:
    con = duckdb.connect(str(tmp_path / "old.duckdb"))
    con.execute("CREATE TABLE schema_migrations (name VARCHAR PRIMARY KEY, applied_at TIMESTAMP)")
    names = [name for name, _ in MIGRATIONS]
    for name, step in MIGRATIONS[:names.index("m004_record_edits")]:  # the store as the previous release left it
        step(con)
        con.execute("INSERT INTO schema_migrations VALUES (?, now())", [name])
    con.execute("INSERT INTO records (section_tipo, section_id, title, updated_at) VALUES ('a', 1, 'T', now())")
    con.close()
    with Store(tmp_path / "old.duckdb") as store:  # migrated on open
        assert store.schema_version == MIGRATIONS[-1][0]
        cur = store.cursor()
        assert cur.execute("SELECT count(*) FROM record_edits").fetchone() == (0,)
        assert cur.execute("SELECT title FROM records").fetchall() == [("T",)]
        edit_record(store, ("a", 1), RecordEdit(title="Nuevo"))
        assert cur.execute("SELECT title FROM records").fetchall() == [("Nuevo",)]
    con = duckdb.connect(str(tmp_path / "old.duckdb"))
    assert migrate(con) == []  # applied once
    con.close()
