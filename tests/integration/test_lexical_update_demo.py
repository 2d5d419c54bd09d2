"""Imports into the indexed demo update its keyword index in place, and the result is a rebuild's."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.ingest.pipeline import IngestOptions
from core.models.encoder import TextEncoder
from core.retrieval import lexical
from core.retrieval.lexical import lexical_search, rebuild_lexical_index
from core.service import Ovillo
from tests.conftest import drain
from tests.demo_fixtures import copy_home
from tests.unit.test_lexical_update import snapshot


def test_an_import_and_a_removal_update_the_demo_index_as_a_rebuild_would(
        demo_home: Path, models_dir: Path, encoder: TextEncoder, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    home = copy_home(demo_home, tmp_path / "home")
    folder = tmp_path / "notas"
    folder.mkdir()
    (folder / "aceña.txt").write_text("La aceña del Duero molía harina; el azud se rompió en 1936.\n\n"
                                      "Reparación: «piedras nuevas», 3,5 m de diámetro.", encoding="utf-8")
    (folder / "forn.html").write_text("<h1>El forn de calç</h1><p>Cremava llenya d'alzina a Comafreda.</p>",
                                      encoding="utf-8")
    with Ovillo(home, models_dir=models_dir, encoder=encoder) as app:
        def forbidden(_store: object) -> None:
            raise AssertionError("a two-file import rebuilt the whole keyword index")

        monkeypatch.setattr(lexical, "rebuild_lexical_index", forbidden)
        progress, summary = drain(app.library.ingest([folder], IngestOptions(collection="notas")))
        assert not summary.failed and "lexical" in {p.stage for p in progress}
        assert lexical_search(app.store, "aceña azud", 3)[0].chunk_id.startswith("notas/")
        # one file changed, the other gone: their old passages leave the index, the new ones come in
        (folder / "aceña.txt").write_text("La aceña del Tormes, sin azud desde 1950.", encoding="utf-8")
        (folder / "forn.html").unlink()
        _, summary = drain(app.library.ingest([folder], IngestOptions(collection="notas")))
        assert not summary.failed
        updated = snapshot(app.store)
        assert lexical_search(app.store, "Tormes", 3)[0].chunk_id.startswith("notas/")
        assert not [h for h in lexical_search(app.store, "alzina Duero", 50) if h.chunk_id.startswith("notas/")]
        monkeypatch.undo()
        rebuild_lexical_index(app.store)
        assert snapshot(app.store) == updated
