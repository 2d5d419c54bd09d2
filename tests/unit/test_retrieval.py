"""Hybrid retrieval mechanics on a real DuckDB store (fake encoder): RRF, limits, filters, collapse."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from core.errors import NotFound
from core.ingest.pipeline import IngestOptions
from core.filters import SearchFilters
from core.retrieval.fusion import rrf
from core.retrieval.search import clamp_limit, overfetch
from core.service import Ovillo
from tests.conftest import drain


def test_rrf_formula_and_ties() -> None:
    fused = dict(rrf([["a", "b", "c"], ["b", "d"]]))
    assert fused["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["a"] == pytest.approx(1 / 61)
    assert list(dict(rrf([["x"], ["y"]]))) == ["x", "y"]  # equal scores: stable by id


def test_limits() -> None:
    assert [clamp_limit(v) for v in (None, 0, -5, 1, 10, 50, 51, 10_000)] == [10, 1, 1, 1, 10, 50, 50, 50]
    assert overfetch(1) == 20 and overfetch(10) == 40 and overfetch(50) == 200


@pytest.fixture
def corpus_app(fake_app: Ovillo, tmp_path: Path) -> Ovillo:
    es = tmp_path / "es"
    es.mkdir()
    (es / "1959-03-01_agua.md").write_text("# El agua\n\nEl pantano cubrió el pueblo en marzo.\n", encoding="utf-8")
    (es / "2019-07-12_zanja.md").write_text("# Zanja\n\nCerámica vidriada en la zanja tres.\n", encoding="utf-8")
    ca = tmp_path / "ca"
    ca.mkdir()
    (ca / "2019-07-17_forn.md").write_text("# Forn\n\nEl forn de ceràmica de la rasa quatre.\n", encoding="utf-8")
    oh = tmp_path / "oh"
    oh.mkdir()
    (oh / "oh.srt").write_text("1\n00:00:05,000 --> 00:00:09,000\nMARÍA: El pantano llegó con la lluvia.\n")
    drain(fake_app.library.ingest([es], IngestOptions(collection="diarios", lang="es", classification="public")))
    drain(fake_app.library.ingest([ca], IngestOptions(collection="diaris", lang="ca", classification="public")))
    drain(fake_app.library.ingest([oh], IngestOptions(collection="oral", lang="es", classification="public")))
    return fake_app


def test_accent_folded_lexical_match(corpus_app: Ovillo) -> None:
    hits = corpus_app.searcher().retrieve("pantáno", corpus_app.profile(), mode="lexical")
    assert {h.title for h in hits} == {"El agua", "Oh"}


def test_filters_collection_lang_facet_dates(corpus_app: Ovillo) -> None:
    q = "pantano ceramica forn"
    by = lambda **kw: {h.title for h in corpus_app.search.records(q, filters=SearchFilters(**kw))}  # noqa: E731
    searcher = corpus_app.searcher()
    floor, searcher.floor = searcher.floor, None  # the fake encoder's cosines mean nothing: filters only here
    try:
        assert by(collections=("diaris",)) == {"Forn"}
        assert by(langs=("es",)) == {"El agua", "Zanja", "Oh"}
        assert by(facets=("rag:transcript",)) == {"Oh"}
        assert by(date_from=date(2019, 1, 1)) == {"Zanja", "Forn"}
        assert by(date_to=date(1960, 1, 1)) == {"El agua"}
        assert by(date_from=date(2019, 7, 15), date_to=date(2019, 7, 31)) == {"Forn"}
    finally:
        searcher.floor = floor


def test_search_collapses_to_best_chunk_per_record(corpus_app: Ovillo) -> None:
    hits = corpus_app.search.records("pantano", limit=50)
    keys = [(h.section_tipo, h.section_id) for h in hits]
    assert len(keys) == len(set(keys))
    assert all(h.score > 0 for h in hits)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_hit_carries_location(corpus_app: Ovillo) -> None:
    (hit,) = corpus_app.search.records("llegó con la lluvia", filters=SearchFilters(facets=("rag:transcript",)))
    assert hit.tc_in == 5.0 and hit.source_path and hit.source_path.endswith("oh.srt")
    assert set(hit.to_json()) >= {"section_tipo", "section_id", "title", "component_tipo", "lang", "chunk_index",
                                  "snippet", "score", "source_path", "page", "tc_in"}


def test_similar_reuses_stored_vectors_and_excludes_seed(corpus_app: Ovillo) -> None:
    seed = corpus_app.search.records("zanja vidriada")[0]
    enc = corpus_app.encoder
    calls = enc.calls  # type: ignore[attr-defined]
    hits = corpus_app.search.similar(seed.section_tipo, seed.section_id)
    assert enc.calls == calls  # nothing re-embedded  # type: ignore[attr-defined]
    assert hits and all((h.section_tipo, h.section_id) != (seed.section_tipo, seed.section_id) for h in hits)
    with pytest.raises(NotFound):
        corpus_app.search.similar("diarios", 1)


def test_in_memory_bm25_matches_duckdb_match_bm25(corpus_app: Ovillo) -> None:
    from core.retrieval.lexical import lexical_search

    s = corpus_app.searcher()
    s.index.refresh()
    for q in ("pantano", "cerámica zanja tres", "el forn de la rasa", "llegó lluvia", "nada de nada"):
        sql = [(h.chunk_id, round(h.score, 5)) for h in lexical_search(corpus_app.store, q, 20)]
        mem = [(s.index.ids[r], round(sc, 5)) for r, sc in s.index.bm25.top(q, 20, None, len(s.index))]
        assert mem == sql, q
