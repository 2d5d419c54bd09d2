"""Permissions are a security boundary: adversarial checks on every way out of core."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.acl import OWNER, PUBLIC, Profile
from core.errors import NotFound
from core.ingest.pipeline import IngestOptions
from core.filters import SearchFilters
from core.service import Ovillo
from tests.conftest import drain

SECRET_WORDS = "Coordenadas exactas del tesoro zorrocotroco"


@pytest.fixture
def mixed(fake_app: Ovillo, tmp_path: Path) -> Ovillo:
    pub = tmp_path / "pub"
    pub.mkdir()
    (pub / "p.md").write_text("# Público\n\nEl tesoro se expone en el museo.\n", encoding="utf-8")
    res = tmp_path / "res"
    res.mkdir()
    (res / "r.md").write_text(f"# Reservado\n\n{SECRET_WORDS}: 41.2N 1.1E.\n", encoding="utf-8")
    (res / "c.csv").write_text(f"id,title,description,classification\n1,Moneda pública,Dinero,public\n"
                               f"2,{SECRET_WORDS},Donante privado,secret\n", encoding="utf-8")
    drain(fake_app.library.ingest([pub], IngestOptions(classification="public")))
    drain(fake_app.library.ingest([res]))  # default: restricted (CSV rows keep their own)
    return fake_app


def visible_titles(app: Ovillo, query: str, profile: str, **kw: object) -> set[str]:
    titles = set()
    for find in (app.search.records, app.search.passages):
        for h in find(query, profile=profile, limit=50, **kw):  # type: ignore[arg-type]
            titles.add(h.title)
            assert h.classification == "public" or profile == "owner"
    return titles


def test_public_never_sees_restricted_even_on_exact_match(mixed: Ovillo) -> None:
    assert SECRET_WORDS in visible_titles(mixed, SECRET_WORDS, "owner") or "Reservado" in visible_titles(
        mixed, SECRET_WORDS, "owner")
    pub = visible_titles(mixed, SECRET_WORDS, "public")
    assert "Reservado" not in pub and SECRET_WORDS not in pub
    for mode in ("dense", "lexical", "hybrid"):
        hits = mixed.searcher().retrieve(SECRET_WORDS, mixed.profile("public"), mode=mode, limit=50)
        assert all(h.classification == "public" for h in hits)
        assert all("zorrocotroco" not in h.snippet + h.text for h in hits)


def test_filters_cannot_widen_a_profile(mixed: Ovillo) -> None:
    f = SearchFilters(classifications=("restricted", "secret"))
    assert mixed.search.records(SECRET_WORDS, profile="public", filters=f) == []
    assert mixed.search.records(SECRET_WORDS, profile="owner", filters=f)


def test_similar_on_hidden_record_looks_like_missing(mixed: Ovillo) -> None:
    st, sid = mixed.store.cursor().execute(
        "SELECT section_tipo, section_id FROM records WHERE classification <> 'public' LIMIT 1").fetchone()
    assert mixed.search.similar(st, sid, profile="owner") is not None
    with pytest.raises(NotFound) as hidden:
        mixed.search.similar(st, sid, profile="public")
    with pytest.raises(NotFound) as missing:
        mixed.search.similar(st, 999, profile="public")
    assert str(hidden.value).replace(str(sid), "N") == str(missing.value).replace("999", "N")
    pub_seed = mixed.search.records("museo", profile="public")[0]
    assert all(h.classification == "public" for h in mixed.search.similar(pub_seed.section_tipo, pub_seed.section_id,
                                                                     profile="public", limit=50))


def test_counts_do_not_reveal(mixed: Ovillo) -> None:
    owner, public = mixed.library.status("owner"), mixed.library.status("public")
    assert owner.records == 4 and public.records == 2
    assert public.chunks < owner.chunks
    assert public.failed_sources == 0 and public.store_bytes == 0 and public.queue_pending == 0


def test_unknown_profile_is_an_error_not_owner(mixed: Ovillo) -> None:
    with pytest.raises(NotFound):
        mixed.search.records("tesoro", profile="admin")


def test_profile_rule() -> None:
    assert OWNER.allows("secret", [])
    assert not PUBLIC.allows("restricted", [])
    assert not OWNER.allows("public", [], deleted_at=object())  # type: ignore[arg-type]
    proj = Profile("team", frozenset({"public", "restricted"}), frozenset({3}))
    assert proj.allows("restricted", [1, 3]) and not proj.allows("restricted", [1]) and not proj.allows("secret", [3])
    assert proj.allows("public", []) and proj.allows("public", [1])  # projects narrow only what is above public


def test_project_profile_pushdown(mixed: Ovillo, tmp_path: Path) -> None:
    d = tmp_path / "proj"
    d.mkdir()
    (d / "x.md").write_text("# Proyecto\n\nMaterial del proyecto siete sobre el tesoro.\n", encoding="utf-8")
    drain(mixed.library.ingest([d], IngestOptions(project_ids=[7])))
    with mixed.store.transaction() as cur:
        cur.execute("INSERT INTO profiles VALUES ('team7', 'project 7', ['public','restricted'], [7], false)")
    titles = {h.title for h in mixed.search.records("tesoro proyecto", profile="team7", limit=50)}
    # the public record of no project is found as the kiosk finds it; the restricted one of none is not
    assert "Proyecto" in titles and "Público" in titles and "Reservado" not in titles
    assert titles >= {h.title for h in mixed.search.records("tesoro proyecto", profile="public", limit=50)}
    assert mixed.library.status("team7").records == mixed.library.status("public").records + 1
