"""The facade's work room on a real store: a working list shows and counts only what the profile may see."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.errors import NotFound
from core.ingest.pipeline import IngestOptions
from core.service import Ovillo
from tests.conftest import drain


def _two_records(app: Ovillo, tmp_path: Path) -> tuple[tuple[str, int], tuple[str, int]]:
    (tmp_path / "pub").mkdir()
    (tmp_path / "res").mkdir()
    (tmp_path / "pub" / "molino.md").write_text("# El molino\n\nEl molino harinero del río.", encoding="utf-8")
    (tmp_path / "res" / "diario.md").write_text("# Diario privado\n\nNotas privadas de la familia.",
                                                encoding="utf-8")
    drain(app.library.ingest([tmp_path / "pub"], IngestOptions(collection="pub", classification="public")))
    drain(app.library.ingest([tmp_path / "res"], IngestOptions(collection="res", classification="restricted")))
    pub = app.search.records("molino harinero", limit=1)[0]
    res = app.search.records("diario privado familia", limit=1)[0]
    assert pub.classification == "public" and res.classification == "restricted"
    return (pub.section_tipo, pub.section_id), (res.section_tipo, res.section_id)


def test_a_list_shows_and_counts_only_the_records_a_profile_may_see(fake_app: Ovillo, tmp_path: Path) -> None:
    pub, res = _two_records(fake_app, tmp_path)
    fake_app.work.add("Tesis", *pub, note="el molino")
    fake_app.work.add("Tesis", *res, note="nota sobre el diario")
    owner = fake_app.work.items("Tesis")
    assert [(e.key, e.note, e.title) for e in owner] == [(pub, "el molino", "El molino"),
                                                        (res, "nota sobre el diario", "Diario privado")]
    public = fake_app.work.items("Tesis", profile="public")
    assert [e.key for e in public] == [pub]
    assert [(s.name, s.count) for s in fake_app.work.lists()] == [("Tesis", 2)]
    assert [(s.name, s.count) for s in fake_app.work.lists("public")] == [("Tesis", 1)]
    # public cannot add, annotate or remove a record it may not see: said like a missing record
    for write in (lambda: fake_app.work.add("Tesis", *res, profile="public"),
                  lambda: fake_app.work.set_note("Tesis", *res, "x", profile="public"),
                  lambda: fake_app.work.remove("Tesis", *res, profile="public")):
        with pytest.raises(NotFound):
            write()
    assert [e.note for e in fake_app.work.items("Tesis")] == ["el molino", "nota sobre el diario"]


def test_the_work_outlives_the_open_folder(tmp_path: Path, fake_app: Ovillo) -> None:
    from core.models.fake_encoder import HashingEncoder

    pub, _res = _two_records(fake_app, tmp_path)
    fake_app.work.save_search("Molinos", "molino harinero")
    fake_app.work.remember("molino")
    fake_app.work.add("Tesis", *pub, note="ver")
    home = fake_app.paths.home
    fake_app.close()
    with Ovillo(home, models_dir=tmp_path / "models", encoder=HashingEncoder()) as again:
        assert [s.name for s in again.work.saved()] == ["Molinos"]
        assert [r.query for r in again.work.recent()] == ["molino"]
        assert [(e.key, e.note) for e in again.work.items("Tesis")] == [(pub, "ver")]
    assert (home / "work.json").stat().st_mode & 0o077 == 0  # private, like the rest of the data folder
