"""Nothing marked secret reaches the public profile by accident: links, special files,
classifications that only ever tighten unless asked, and keyword statistics per profile.

Each test reproduces a leak found through the CLI before the fix (issue #9).
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from core.ingest.pipeline import IngestOptions
from core.ingest.walk import LINK_NOT_FOLLOWED, LINK_OUTSIDE, NOT_REGULAR, PSEUDO_FS
from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo
from tests.conftest import drain

SECRET_WORDS = "Coordenadas reservadas: el tesoro de monedas está bajo la losa catorce."


def public_texts(app: Ovillo, query: str) -> list[str]:
    return [h.text for h in app.search.passages(query, profile="public", limit=50)]


def classes(app: Ovillo) -> dict[str, str]:
    rows = app.store.cursor().execute("SELECT title, classification FROM records").fetchall()
    return {str(t): str(c) for t, c in rows}


# -- links and special files --------------------------------------------------------------------
def test_a_link_in_a_public_folder_does_not_publish_its_secret_target(fake_app: Ovillo, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "secret.txt").write_text(SECRET_WORDS, encoding="utf-8")
    deposit = tmp_path / "deposit"
    deposit.mkdir()
    (deposit / "open.txt").write_text("Una carta abierta sobre el molino.", encoding="utf-8")
    os.symlink(vault / "secret.txt", deposit / "looks_public.txt")
    os.symlink("/etc/passwd", deposit / "passwd.txt")
    for follow in (False, True):  # following links never reaches outside the folder given
        _, s = drain(fake_app.library.ingest([deposit], IngestOptions(classification="public", follow_symlinks=follow)))
        reasons = {Path(o.path).name: o.reason for o in s.failed}
        expected = LINK_OUTSIDE if follow else LINK_NOT_FOLLOWED
        assert reasons == {"looks_public.txt": expected, "passwd.txt": expected}
        assert public_texts(fake_app, "tesoro monedas losa") == ["Una carta abierta sobre el molino."]
        assert not any("root:" in t for t in public_texts(fake_app, "root bin bash"))


def test_links_inside_the_folder_are_followed_only_when_asked(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "fondo"
    (root / "real").mkdir(parents=True)
    (root / "real" / "carta.txt").write_text("Carta del maestro sobre la escuela.", encoding="utf-8")
    os.symlink(root / "real" / "carta.txt", root / "alias.txt")
    os.symlink(root / "real", root / "folder_link")
    os.symlink(root, root / "real" / "loop")  # a loop must end
    _, s = drain(fake_app.library.ingest([root]))
    assert [Path(o.path).name for o in s.ok] == ["carta.txt"]
    assert {Path(o.path).name: o.reason for o in s.failed} == {"alias.txt": LINK_NOT_FOLLOWED,
                                                              "folder_link": LINK_NOT_FOLLOWED,
                                                              "loop": LINK_NOT_FOLLOWED}
    _, s = drain(fake_app.library.ingest([root], IngestOptions(follow_symlinks=True)))
    assert not s.failed
    # the linked folder is the real one again: entered once, under its real path
    assert sorted(str(Path(o.path).relative_to(root)) for o in s.ok + s.skipped) == ["alias.txt", "real/carta.txt"]
    # once links are refused again, the rows a followed link made are removed, not kept "as before"
    _, s = drain(fake_app.library.ingest([root]))
    assert {Path(o.path).name for o in s.failed} == {"alias.txt", "folder_link", "loop"}
    paths = {r[0] for r in fake_app.store.cursor().execute("SELECT path FROM source_records").fetchall()}
    assert paths == {str(root / "real" / "carta.txt")}


def test_fifos_and_system_trees_are_refused_without_blocking(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "box"
    root.mkdir()
    os.mkfifo(root / "pipe.txt")
    (root / "ok.txt").write_text("Texto normal.", encoding="utf-8")
    result: dict[str, object] = {}

    def go() -> None:
        result["s"] = drain(fake_app.library.ingest([root, Path("/proc/self/status"), Path("/proc/self")]))[1]

    t = threading.Thread(target=go)
    t.start()
    t.join(60)
    assert not t.is_alive(), "ingest blocked on a FIFO"
    s = result["s"]
    reasons = {o.path: o.reason for o in s.failed}  # type: ignore[attr-defined]
    assert reasons[str(root / "pipe.txt")] == NOT_REGULAR
    assert reasons["/proc/self/status"] == PSEUDO_FS or reasons.get(os.path.realpath("/proc/self/status")) == PSEUDO_FS
    assert [Path(o.path).name for o in s.ok] == ["ok.txt"]  # type: ignore[attr-defined]


# -- classifications only tighten unless asked --------------------------------------------------
def test_a_csv_rows_own_public_never_loosens_a_secret_ingest(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "cat"
    root.mkdir()
    (root / "c.csv").write_text("id,title,description,classification\n1,Moneda,Denario de plata,public\n"
                                "2,Jarra,Jarra vidriada,secret\n3,Ficha,Ficha sin clase,\n", encoding="utf-8")
    drain(fake_app.library.ingest([root], IngestOptions(classification="secret")))
    assert set(classes(fake_app).values()) == {"secret"}
    assert public_texts(fake_app, "denario plata") == []


def test_reingesting_a_parent_folder_as_public_keeps_the_secret_subfolder(fake_app: Ovillo, tmp_path: Path) -> None:
    parent = tmp_path / "fondo"
    (parent / "reservado").mkdir(parents=True)
    (parent / "reservado" / "ficha.txt").write_text(SECRET_WORDS, encoding="utf-8")
    drain(fake_app.library.ingest([parent / "reservado"], IngestOptions(classification="secret")))
    (parent / "nota.txt").write_text("Nota pública sobre el molino.", encoding="utf-8")
    _, s = drain(fake_app.library.ingest([parent], IngestOptions(classification="public")))
    assert classes(fake_app) == {"Ficha": "secret", "Nota": "public"}
    assert s.kept_stricter == {("public", "secret"): 1}
    assert public_texts(fake_app, "tesoro monedas losa") == ["Nota pública sobre el molino."]
    # without a classification nothing changes either (it used to turn secret into the default, restricted)
    drain(fake_app.library.ingest([parent]))
    assert classes(fake_app) == {"Ficha": "secret", "Nota": "public"}
    # a stricter value applies without asking
    _, s = drain(fake_app.library.ingest([parent], IngestOptions(classification="restricted")))
    assert classes(fake_app) == {"Ficha": "secret", "Nota": "restricted"}
    # loosening needs the explicit option, and is reported (summary and the sources table)
    _, s = drain(fake_app.library.ingest([parent], IngestOptions(classification="public", reclassify=True)))
    assert classes(fake_app) == {"Ficha": "public", "Nota": "public"}
    assert s.reclassified == {("secret", "public"): 1, ("restricted", "public"): 1}
    note = fake_app.store.cursor().execute("SELECT error FROM sources WHERE path = ?",
                                           [str(parent / "reservado" / "ficha.txt")]).fetchone()[0]
    assert note == "1 record reclassified: secret → public"


def test_new_files_without_a_classification_get_the_default(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "n"
    root.mkdir()
    (root / "a.txt").write_text("Primera nota.", encoding="utf-8")
    drain(fake_app.library.ingest([root]))
    assert classes(fake_app) == {"A": fake_app.settings.default_classification}


# -- what hidden records cannot shape ------------------------------------------------------------
PUBLIC_DOCS = {
    "molino.txt": "El molino harinero de Comafreda volvió a moler en 1952 con el agua del canal.",
    "campana.txt": "La campana de Sant Martí se bajó del campanario antes de la inundación.",
    "denario.txt": "Un denario de Trajano apareció en la trinchera tres junto a cerámica vidriada.",
    "canal.txt": "El canal del molino se limpió cada primavera; el agua llegaba al valle en marzo.",
}
SECRET_DOCS = {  # the public passages' words, many times over, in records the public may not see
    f"reservado_{n}.txt": "molino molino agua canal campana denario trajano cerámica comafreda " * (n + 1)
    for n in range(12)
}
QUERIES = ["molino agua", "campana inundación", "denario trajano cerámica", "canal primavera valle",
           "Comafreda 1952", "molino campana denario"]


def _store(tmp_path: Path, name: str, with_secret: bool) -> list[str]:
    pub = tmp_path / "pub"
    if not pub.exists():
        pub.mkdir()
        for fname, text in PUBLIC_DOCS.items():
            (pub / fname).write_text(text, encoding="utf-8")
    sec = tmp_path / "sec"
    if not sec.exists():
        sec.mkdir()
        for fname, text in SECRET_DOCS.items():
            (sec / fname).write_text(text, encoding="utf-8")
    out = []
    with Ovillo(tmp_path / name, models_dir=tmp_path / "models", encoder=HashingEncoder()) as app:
        drain(app.library.ingest([pub], IngestOptions(collection="fondo", classification="public")))
        if with_secret:
            drain(app.library.ingest([sec], IngestOptions(collection="fondo", classification="secret")))
        for q in QUERIES:
            for passages in (False, True):
                for mode in ("hybrid", "lexical", "dense"):
                    hits = app.searcher().retrieve(q, app.profile("public"), limit=10, mode=mode) if passages \
                        else app.searcher().search(q, app.profile("public"), limit=10, mode=mode)
                    out.append(json.dumps([h.to_json() for h in hits], ensure_ascii=False, sort_keys=True))
        out.append(json.dumps(app.library.status("public").to_json()["records"]))
    return out


def test_public_results_are_byte_identical_with_or_without_secret_records(tmp_path: Path) -> None:
    without = _store(tmp_path, "h1", with_secret=False)
    with_secret = _store(tmp_path, "h2", with_secret=True)
    scored = [h["lexical_score"] for s in without[:-1] for h in json.loads(s) if h["lexical_score"] is not None]
    assert len(scored) > 20, "the lexical leg scored nothing: the test would prove nothing"
    for a, b in zip(without, with_secret, strict=True):
        assert a == b


def test_owner_scores_match_duckdb_bm25_when_everything_is_visible(tmp_path: Path) -> None:
    from core.retrieval.lexical import lexical_search

    with Ovillo(tmp_path / "h", models_dir=tmp_path / "models", encoder=HashingEncoder()) as app:
        pub = tmp_path / "p"
        pub.mkdir()
        for fname, text in PUBLIC_DOCS.items():
            (pub / fname).write_text(text, encoding="utf-8")
        drain(app.library.ingest([pub], IngestOptions(classification="public")))
        s = app.searcher()
        s.index.refresh()
        for q in QUERIES:
            ours = [(s.index.ids[r], round(sc, 4)) for r, sc in s.index.bm25.top(q, 20, None, len(s.index))]
            sql = [(h.chunk_id, round(h.score, 4)) for h in lexical_search(app.store, q, 20)]
            assert ours == sql


@pytest.mark.parametrize("profile", ["public"])
def test_public_status_counts_only_what_public_sees(tmp_path: Path, profile: str) -> None:
    a = _store(tmp_path, "s1", with_secret=False)[-1]
    b = _store(tmp_path, "s2", with_secret=True)[-1]
    assert a == b == str(len(PUBLIC_DOCS))
