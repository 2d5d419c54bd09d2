"""Browsing without a query (issue #32, point 3): counts and lists through the one gate.

Permissions are the boundary: under ``public`` every count must equal the count of records ``public``
may see (computed here independently from the table), and a collection, language, kind or period that
only hidden records have must not appear at all.
"""

from __future__ import annotations

from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from core.errors import ConfigError
from core.ingest.pipeline import IngestOptions
from core.retrieval.browse import BrowseFilters, browse_counts
from core.service import Ovillo
from tests.conftest import drain

CATALOGUE = """id,title,description,date,classification,lang
1,Ánfora romana,Ánfora de cerámica común,0150,public,es
2,Moneda de vellón,Moneda medieval de plata baja,1340,public,es
3,Olla vidriada,Cerámica vidriada del siglo XVII,1654,public,ca
4,Campana la Martina,Campana fundida en el pueblo,1786,public,es
5,Fotografía de la presa,Foto de la presa en construcción,1957/1959,public,en
6,Carta del donante,Datos personales del donante,1501,restricted,eu
7,Coordenadas del tesoro,Ubicación exacta del tesoro,1988,secret,es
8,Moneda sin fecha,Moneda de cobre,,public,es
"""

VTT = """WEBVTT

00:00:01.000 --> 00:00:04.000
<v Josep>Vivíem al poble fins que va arribar l'aigua.
"""


@pytest.fixture
def archive(fake_app: Ovillo, tmp_path: Path) -> Ovillo:
    """A museum catalogue (mixed classifications), public interviews, and a collection of restricted records only."""
    museo = tmp_path / "museo"
    museo.mkdir()
    (museo / "objetos.csv").write_text(CATALOGUE, encoding="utf-8")
    orals = tmp_path / "orals"
    orals.mkdir()
    (orals / "josep.vtt").write_text(VTT, encoding="utf-8")
    (orals / "1959-04-04_diari.md").write_text("# Diari\n\nL'aigua va arribar a la plaça.\n", encoding="utf-8")
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    (hidden / "1600-01-01_informe.md").write_text("# Informe reservat\n\nNomés per a l'equip.\n", encoding="utf-8")
    (hidden / "testimoni.vtt").write_text(VTT.replace("Josep", "Anònim"), encoding="utf-8")
    drain(fake_app.library.ingest([museo], IngestOptions(collection="museo")))
    drain(fake_app.library.ingest([orals], IngestOptions(collection="orals", classification="public")))
    drain(fake_app.library.ingest([hidden], IngestOptions(collection="reservat", classification="restricted")))
    return fake_app


def table_rows(app: Ovillo, classes: tuple[str, ...]) -> list[tuple]:
    """The records of these classifications, read straight from the table (not through browsing)."""
    return app.store.cursor().execute(
        "SELECT section_tipo, section_id, title, lang, date_start, date_end FROM records "
        "WHERE deleted_at IS NULL AND classification IN (SELECT unnest(?::VARCHAR[]))", [list(classes)]).fetchall()


def test_public_counts_equal_the_records_public_may_see(archive: Ovillo) -> None:
    public = table_rows(archive, ("public",))
    counts = archive.search.browse_counts(profile="public")
    assert counts.total == len(public) == 8  # 6 public catalogue rows, an interview and a diary
    assert dict(counts.collections) == dict(Counter(r[0] for r in public)) == {"museo": 6, "orals": 2}
    assert dict(counts.langs) == dict(Counter(r[3] for r in public if r[3]))
    assert sum(n for _k, n in counts.kinds) == len(public)
    assert dict(counts.kinds) == {"catalogue": 6, "interview": 1, "text": 1}
    # periods: only what public records are dated in; the hidden 1501 letter and 1600 report add nothing
    dated = [r for r in public if r[4] is not None]
    for bucket in counts.dates:
        inside = [r for r in dated if r[5] >= bucket.date_from and r[4] <= bucket.date_to]
        assert bucket.count == len(inside) > 0
    assert counts.step == 100 and [b.first for b in counts.dates] == [100, 1300, 1600, 1700, 1900]


def test_what_only_hidden_records_hold_never_appears_under_public(archive: Ovillo) -> None:
    public = archive.search.browse_counts(profile="public")
    owner = archive.search.browse_counts(profile="owner")
    assert "reservat" in dict(owner.collections) and "reservat" not in dict(public.collections)
    assert "eu" not in {r[3] for r in table_rows(archive, ("public",))}  # only the restricted letter is Basque
    assert "eu" in dict(owner.langs) and "eu" not in dict(public.langs)
    assert dict(owner.collections) == {"museo": 8, "orals": 2, "reservat": 2} and owner.total == 12
    assert dict(owner.kinds)["interview"] == 2 and dict(public.kinds)["interview"] == 1
    assert 1500 in [b.first for b in owner.dates] and 1500 not in [b.first for b in public.dates]
    # a filter naming the hidden collection widens nothing: no records, no counts from it
    narrowed = archive.search.browse_counts(BrowseFilters(collections=("reservat",)), profile="public")
    assert narrowed.total == 0 and narrowed.langs == () and narrowed.kinds == () and narrowed.dates == ()
    assert archive.search.browse(BrowseFilters(collections=("reservat",)), profile="public").total == 0
    page = archive.search.browse(BrowseFilters(classifications=("restricted", "secret")), profile="public")
    assert page.hits == [] and page.total == 0


def test_a_tombstoned_record_leaves_every_count(archive: Ovillo) -> None:
    before = archive.search.browse_counts(profile="public")
    archive.store.cursor().execute("UPDATE records SET deleted_at = now() WHERE section_tipo = 'orals' "
                                   "AND title = 'Diari'")
    after = archive.search.browse_counts(profile="public")
    assert after.total == before.total - 1 and dict(after.collections)["orals"] == 1
    assert "text" not in dict(after.kinds)
    assert all(h.title != "Diari" for h in archive.search.browse(profile="owner", limit=100).hits)


def test_each_dimension_is_counted_under_the_other_choices(archive: Ovillo) -> None:
    chosen = BrowseFilters(collections=("museo",), langs=("es",))
    counts = archive.search.browse_counts(chosen, profile="public")
    public = table_rows(archive, ("public",))
    assert counts.total == sum(1 for r in public if r[0] == "museo" and r[3] == "es") == 4
    # collections under the language only: the alternatives to "museo" stay in view
    assert dict(counts.collections) == dict(Counter(r[0] for r in public if r[3] == "es"))
    # languages under the collection only
    assert dict(counts.langs) == dict(Counter(r[3] for r in public if r[0] == "museo"))
    assert dict(counts.kinds) == {"catalogue": 4}
    by_period = archive.search.browse_counts(BrowseFilters(date_from=date(1900, 1, 1), date_to=date(1999, 12, 31)),
                                             profile="public")
    assert by_period.total == 2  # the dam photograph and the 1959 diary
    assert dict(by_period.collections) == {"museo": 1, "orals": 1}


def test_browse_lists_a_choice_sorted_by_title_and_by_date(archive: Ovillo) -> None:
    museo = BrowseFilters(collections=("museo",))
    by_title = archive.search.browse(museo, profile="public", sort="title")
    titles = [h.title for h in by_title.hits]
    assert by_title.total == 6  # the restricted letter and the secret coordinates are not listed
    assert titles == ["Ánfora romana", "Campana la Martina", "Fotografía de la presa", "Moneda de vellón",
                      "Moneda sin fecha", "Olla vidriada"]  # accents fold: Á sorts with A
    assert all(h.classification == "public" and h.section_tipo == "museo" for h in by_title.hits)
    assert all(h.snippet and h.chunk_id for h in by_title.hits)  # each at its first passage, openable
    by_date = archive.search.browse(museo, profile="public", sort="date")
    assert [h.title for h in by_date.hits] == ["Ánfora romana", "Moneda de vellón", "Olla vidriada",
                                               "Campana la Martina", "Fotografía de la presa", "Moneda sin fecha"]
    # pages follow the order
    first, second = (archive.search.browse(museo, profile="public", sort="date", offset=o, limit=4) for o in (0, 4))
    assert [h.title for h in first.hits + second.hits] == [h.title for h in by_date.hits]
    assert first.total == second.total == 6 and len(first.hits) == 4


def test_search_results_sort_by_title_and_date(archive: Ovillo) -> None:
    relevance = archive.search.page("moneda cerámica", profile="public", limit=20)
    assert relevance.hits
    by_title = archive.search.page("moneda cerámica", profile="public", limit=20, sort="title")
    by_date = archive.search.page("moneda cerámica", profile="public", limit=20, sort="date")
    keys = sorted((h.section_tipo, h.section_id) for h in relevance.hits)
    assert sorted((h.section_tipo, h.section_id) for h in by_title.hits) == keys  # the same records, reordered
    assert by_title.total == by_date.total == relevance.total
    folded = [h.title.lower().replace("á", "a").replace("í", "i") for h in by_title.hits]
    assert folded == sorted(folded)
    starts = dict(((st, sid), s) for st, sid, _t, _l, s, _e in table_rows(archive, ("public",)))
    dated = [starts[(h.section_tipo, h.section_id)] for h in by_date.hits]
    known = [d for d in dated if d is not None]
    assert known == sorted(known) and dated[:len(known)] == known  # oldest first, undated last


def test_unknown_orders_are_refused(archive: Ovillo) -> None:
    with pytest.raises(ConfigError):
        archive.search.browse(profile="public", sort="relevance")  # no query: nothing to be relevant to
    with pytest.raises(ConfigError):
        archive.search.page("moneda", profile="public", sort="size")


def test_counts_read_through_the_gate_even_when_the_pushed_down_rule_is_wrong(
        archive: Ovillo, monkeypatch: pytest.MonkeyPatch) -> None:
    """The gate checks every row again: a push-down predicate that let everything through leaks nothing."""
    from core.acl import Profile

    monkeypatch.setattr(Profile, "sql", lambda self, alias="r": ("TRUE", []))
    counts = browse_counts(archive.store, archive.profile("public"))
    assert counts.total == 8 and "reservat" not in dict(counts.collections) and "eu" not in dict(counts.langs)


def test_a_project_profile_counts_its_project_and_what_public_sees(archive: Ovillo, tmp_path: Path) -> None:
    proj = tmp_path / "proj"
    proj.mkdir()
    (proj / "1975-05-05_notes.md").write_text("# Notes del projecte\n\nMaterial del projecte set.\n", encoding="utf-8")
    drain(archive.library.ingest([proj], IngestOptions(collection="reservat", classification="restricted",
                                                       project_ids=[7])))
    with archive.store.transaction() as cur:
        cur.execute("INSERT INTO profiles VALUES ('team7', 'project 7', ['public','restricted'], [7], false)")
    public, team = (archive.search.browse_counts(profile=p) for p in ("public", "team7"))
    # restricted records of no project stay hidden from the project's team; its own restricted record shows
    assert team.total == public.total + 1 and dict(team.collections)["reservat"] == 1
    listed = archive.search.browse(BrowseFilters(collections=("reservat",)), profile="team7")
    assert [h.title for h in listed.hits] == ["Notes del projecte"] and listed.total == 1
