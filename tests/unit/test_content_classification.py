"""Classification follows content and origin, not the path (issue #28, finding 1).

A secret file reached through a followed link, copied, or moved into a public folder is the
same content: it keeps the strictest classification that content ever had, in either order of
import, unless ``--reclassify`` is given for the path that loosens.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from core.ingest.pipeline import IngestOptions
from core.service import Ovillo
from tests.conftest import drain

MARK = "lince-oculto-6620"
SECRET = f"Avistamiento del lince ibérico en la finca: código {MARK}, no divulgar."


def public_hits(app: Ovillo) -> list[str]:
    return [h.text for h in app.search.passages(MARK, profile="public", limit=50) if MARK in h.text]


def classification_of(app: Ovillo, name: str) -> str:
    (cls,) = app.store.cursor().execute(
        "SELECT r.classification FROM records r JOIN source_records s USING (section_tipo, section_id) "
        "WHERE s.path LIKE ?", [f"%/{name}"]).fetchone()
    return str(cls)


def tree(tmp_path: Path) -> tuple[Path, Path, Path]:
    root = tmp_path / "TREE"
    pub, sec = root / "a_pub", root / "b_secret"
    pub.mkdir(parents=True)
    sec.mkdir()
    (sec / "lince.txt").write_text(SECRET, encoding="utf-8")
    (pub / "molino.txt").write_text("Una carta abierta sobre el molino harinero.", encoding="utf-8")
    return root, pub, sec


def test_a_followed_link_to_a_secret_file_stays_secret(fake_app: Ovillo, tmp_path: Path) -> None:
    root, pub, sec = tree(tmp_path)
    drain(fake_app.library.ingest([sec], IngestOptions(classification="secret")))
    os.symlink("../b_secret/lince.txt", pub / "copia.txt")
    _, summary = drain(fake_app.library.ingest([root], IngestOptions(classification="public", follow_symlinks=True)))
    assert not summary.failed
    assert classification_of(fake_app, "copia.txt") == "secret"
    assert public_hits(fake_app) == []
    assert any(MARK in t for t in [h.text for h in fake_app.search.passages(MARK, profile="owner")])


def test_a_copy_and_a_move_keep_the_contents_classification(fake_app: Ovillo, tmp_path: Path) -> None:
    root, pub, sec = tree(tmp_path)
    drain(fake_app.library.ingest([sec], IngestOptions(classification="secret")))
    shutil.copy(sec / "lince.txt", pub / "copia.txt")
    drain(fake_app.library.ingest([pub], IngestOptions(classification="public")))
    assert classification_of(fake_app, "copia.txt") == "secret"
    shutil.move(sec / "lince.txt", pub / "movido.txt")  # the secret path is gone; its content is not
    drain(fake_app.library.ingest([root], IngestOptions(classification="public")))
    assert classification_of(fake_app, "movido.txt") == "secret"
    assert public_hits(fake_app) == []


def test_a_public_copy_imported_first_is_tightened_when_the_secret_original_arrives(
        fake_app: Ovillo, tmp_path: Path) -> None:
    root, pub, sec = tree(tmp_path)
    shutil.copy(sec / "lince.txt", pub / "copia.txt")
    drain(fake_app.library.ingest([pub], IngestOptions(classification="public")))
    assert len(public_hits(fake_app)) == 1  # nothing said it was secret yet
    drain(fake_app.library.ingest([sec], IngestOptions(classification="secret")))
    assert classification_of(fake_app, "copia.txt") == "secret"
    assert public_hits(fake_app) == []
    assert classification_of(fake_app, "molino.txt") == "public"  # other content is untouched


def test_reclassify_loosens_only_the_path_it_names(fake_app: Ovillo, tmp_path: Path) -> None:
    root, pub, sec = tree(tmp_path)
    drain(fake_app.library.ingest([sec], IngestOptions(classification="secret")))
    shutil.copy(sec / "lince.txt", pub / "copia.txt")
    _, summary = drain(fake_app.library.ingest([pub], IngestOptions(classification="public")))
    assert [o.kept_stricter for o in summary.ok if o.path.endswith("copia.txt")] == [{("public", "secret"): 1}]
    drain(fake_app.library.ingest([pub / "copia.txt"], IngestOptions(classification="public", reclassify=True)))
    assert classification_of(fake_app, "copia.txt") == "public"
    assert classification_of(fake_app, "lince.txt") == "secret"
    shutil.copy(sec / "lince.txt", pub / "tercera.txt")  # a third copy still starts from the strictest
    drain(fake_app.library.ingest([pub], IngestOptions(classification="public")))
    assert classification_of(fake_app, "tercera.txt") == "secret"
