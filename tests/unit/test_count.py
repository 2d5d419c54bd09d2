"""The real count of matching records: distinct records, same profile and filters as the search, and a
word found only in hidden records counts nothing (real DuckDB store; hashing encoder for the vectors)."""

from __future__ import annotations

import shutil
from pathlib import Path

from core.ingest.pipeline import IngestOptions
from core.filters import SearchFilters
from core.service import Ovillo
from tests.conftest import drain

MILL = "Notas del molino"


def _write(folder: Path, name: str, title: str, paragraphs: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(f"# {title}\n\n" + "\n\n".join(paragraphs) + "\n", encoding="utf-8")


def _corpus(app: Ovillo, root: Path, *, with_secret: bool) -> None:
    pub = root / "pub"
    for i in range(7):  # records holding "molino" in several passages each: counted once per record
        _write(pub, f"m{i}.md", f"{MILL} {i}", [f"El molino de abajo, cuaderno {i}."] + ["Otra página."] * 3)
    for i in range(4):
        _write(pub, f"r{i}.md", f"Río {i}", [f"El río bajaba crecido en el año {1950 + i}."])
    _write(root / "res", "res.md", "Reservado", ["El molino reservado y la zafirina escondida."])
    drain(app.library.ingest([pub], IngestOptions(collection="pub", classification="public")))
    drain(app.library.ingest([root / "res"], IngestOptions(collection="res", classification="restricted")))
    if with_secret:
        _write(root / "sec", "sec.md", "Secreto", ["Un zafiro enterrado junto al molino secreto."])
        drain(app.library.ingest([root / "sec"], IngestOptions(collection="sec", classification="secret")))


def test_count_is_distinct_records_under_profile_and_filters(fake_app: Ovillo, tmp_path: Path) -> None:
    _corpus(fake_app, tmp_path, with_secret=True)
    s = fake_app.searcher()
    owner, public = fake_app.profile("owner"), fake_app.profile("public")
    assert s.count("molino", owner) == 9  # 7 public + restricted + secret, however many passages each
    assert s.count("molino", public) == 7
    assert s.count("el MOLÍNO del", public) == 7  # accents and case folded; function words count nothing
    assert s.count("del el la", owner) == 0
    assert s.count("molino río", public) == 11
    assert s.count("molino", owner, filters=SearchFilters(collections=("res",))) == 1
    assert s.count("molino", owner, filters=SearchFilters(classifications=("secret",))) == 1
    # more records than a page: the page's length is not the count
    page = fake_app.search.page("molino río", profile="public", limit=5)
    assert len(page.hits) == 5 and page.total == 11


def test_a_word_only_hidden_records_hold_counts_nothing(fake_app: Ovillo, tmp_path: Path) -> None:
    _corpus(fake_app, tmp_path, with_secret=True)
    s = fake_app.searcher()
    assert s.count("zafiro", fake_app.profile("owner")) == 1
    assert s.count("zafiro", fake_app.profile("public")) == 0
    assert s.count("zafirina", fake_app.profile("public")) == 0  # restricted is hidden from public too
    # the page's total for public is only what public is shown (records found by meaning), and it is
    # the same whether the secret record exists or not
    with_secret = fake_app.search.page("zafiro", profile="public", limit=20)
    assert with_secret.total == len(with_secret.hits)
    assert all(h.classification == "public" for h in with_secret.hits)
    other = tmp_path / "other"
    other.mkdir()
    clean = Ovillo(other / "home", models_dir=tmp_path / "models", encoder=fake_app.encoder)
    try:
        _corpus(clean, other, with_secret=False)
        without = clean.search.page("zafiro", profile="public", limit=20)
        assert without.total == with_secret.total
        assert sorted(h.title for h in without.hits) == sorted(h.title for h in with_secret.hits)
    finally:
        clean.close()
        shutil.rmtree(other / "home", ignore_errors=True)


def test_records_found_by_meaning_are_counted_with_those_found_by_words(fake_app: Ovillo, tmp_path: Path) -> None:
    _corpus(fake_app, tmp_path, with_secret=False)
    page = fake_app.search.page("molino", profile="public", limit=20)
    by_words = fake_app.searcher().count("molino", fake_app.profile("public"))
    shown_without_word = [h for h in page.hits if "molino" not in (h.title + h.text).lower()]
    assert page.total == by_words + len(shown_without_word)
    assert page.total >= len(page.hits)
