"""Image ingest on the real SSCD encoder and a real store: views of objects, hostile files, crash-resume."""

from __future__ import annotations

import core  # noqa: F401  (closes ONNX Runtime's telemetry before onnxruntime is imported)

import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image

from core.ingest.images import view_hash
from core.ingest.pipeline import IngestOptions
from core.models.encoder import ImageEncoder, TextEncoder
from core.service import Ovillo
from tests.cli_progress import kill_at
from tests.conftest import drain
from tests.demo_fixtures import REPO
from tests.integration.objects_fixtures import COINS, coins_app, coins_home, image_encoder
from tests.unit.test_objects_images import bomb_png

__all__ = ["coins_app", "coins_home", "image_encoder"]  # fixtures


def jpeg(colour: tuple[int, int, int], size: tuple[int, int] = (300, 300)) -> bytes:
    buf = io.BytesIO()
    im = Image.new("RGB", size, colour)
    for x in range(0, size[0], 30):
        im.paste((255 - colour[0], colour[1], 255 - colour[2]), (x, x % size[1], x + 12, (x % size[1]) + 12))
    im.save(buf, "JPEG", quality=90)
    return buf.getvalue()


def image_rows(app: Ovillo) -> list[tuple[object, ...]]:
    return app.store.cursor().execute(
        "SELECT r.title, e.component_tipo, e.source_text, e.source_hash, e.chunk_meta, e.model FROM rag_embeddings e "
        "JOIN records r USING (section_tipo, section_id) WHERE e.modality = 'image' ORDER BY 1, 2").fetchall()


def test_images_enter_as_views_and_hostile_ones_fail_alone(tmp_path: Path, encoder: TextEncoder,
                                                           image_encoder: ImageEncoder, models_dir: Path) -> None:
    folder = tmp_path / "fotos"
    folder.mkdir()
    (folder / "c1_anverso.jpg").write_bytes(jpeg((180, 120, 60)))
    (folder / "c1_reverso.png").write_bytes(jpeg((90, 90, 200)))  # a JPEG named .png still decodes by content
    (folder / "vasija.webp").write_bytes(jpeg((10, 200, 10)))
    (folder / "zero.jpg").write_bytes(b"")
    (folder / "truncated.jpg").write_bytes(jpeg((1, 2, 3))[:400])
    (folder / "garbage.png").write_bytes(os.urandom(2000))
    (folder / "bomb.png").write_bytes(bomb_png())
    buf = io.BytesIO()
    Image.new("RGB", (40, 40)).save(buf, "GIF")
    (folder / "gif_in_disguise.jpg").write_bytes(buf.getvalue())
    (folder / "notes.md").write_text("# Notas\n\nMonedas de la campaña de 2019.\n", encoding="utf-8")
    home = tmp_path / "home"
    with Ovillo(home, models_dir=models_dir, encoder=encoder, image_encoder=image_encoder) as app:
        _, summary = drain(app.library.ingest([folder], IngestOptions(collection="fotos")))
        failed = {Path(o.path).name: o.reason for o in summary.failed}
        assert set(failed) == {"zero.jpg", "truncated.jpg", "garbage.png", "bomb.png", "gif_in_disguise.jpg"}
        assert "empty image file" in failed["zero.jpg"] and "too large" in failed["bomb.png"]
        assert "truncated" in failed["truncated.jpg"] or "corrupt" in failed["truncated.jpg"]
        assert "not a readable image" in failed["garbage.png"] and "GIF" in failed["gif_in_disguise.jpg"]
        assert sorted(Path(o.path).name for o in summary.ok) == ["c1_anverso.jpg", "notes.md", "vasija.webp"]
        rows = image_rows(app)
        assert sorted((r[0], r[1]) for r in rows) == [("Vasija", "img:image"), ("c1", "img:obverse"),
                                                      ("c1", "img:reverse")]
        for title, _, path, source_hash, meta, model in rows:
            raw = Path(str(path)).read_bytes()
            assert source_hash == view_hash(hashlib.sha256(raw).hexdigest(), image_encoder.name)
            assert model == image_encoder.name
            thumb = Path(json.loads(str(meta))["thumb"])
            assert thumb.is_relative_to(home / "thumbs")
            with Image.open(thumb) as t:
                assert max(t.size) <= 256
        pinned = app.pinned_model("image")
        assert pinned is not None and pinned.name == image_encoder.name
        # a record with photographs and no text is searchable by neither text nor missing
        assert app.store.cursor().execute(
            "SELECT count(*) FROM rag_embeddings e JOIN records r USING (section_tipo, section_id) "
            "WHERE r.title = 'c1' AND e.modality = 'text'").fetchone() == (0,)

        _, again = drain(app.library.ingest([folder], IngestOptions(collection="fotos")))
        assert not again.ok and again.chunks_embedded == 0
        # one view changing re-indexes its object, which reuses the unchanged view's vector
        time.sleep(0.01)
        (folder / "c1_reverso.png").write_bytes(jpeg((200, 40, 40)))
        _, third = drain(app.library.ingest([folder], IngestOptions(collection="fotos")))
        assert [Path(o.path).name for o in third.ok] == ["c1_anverso.jpg"] and third.chunks_embedded == 1


def test_a_catalogue_names_its_photographs_and_roles(coins_app: Ovillo) -> None:
    cur = coins_app.store.cursor()
    objects = cur.execute("SELECT count(DISTINCT (section_tipo, section_id)) FROM rag_embeddings "
                          "WHERE modality = 'image'").fetchone()
    assert objects == (34,)
    # images named by the catalogue are its rows' views, not objects of their own
    assert cur.execute("SELECT count(*) FROM records").fetchone() == (34,)  # the 34 coins, nothing else
    data = json.loads(cur.execute("SELECT data FROM records WHERE title LIKE '%MNC-001)%'").fetchone()[0])
    assert data["roles"]["period_years"] == [-200, -150] and data["roles"]["material"] == "bronce"
    assert set(data["views"]) == {"obverse", "reverse"}
    # a bad photograph named by a row is a note; the row keeps its text and its other face


def test_a_bad_photograph_in_a_catalogue_is_a_note(tmp_path: Path, encoder: TextEncoder,
                                                   image_encoder: ImageEncoder, models_dir: Path) -> None:
    cat = tmp_path / "cat"
    (cat / "img").mkdir(parents=True)
    shutil.copy(COINS / "images" / "MNC-001_obverse.jpg", cat / "img" / "a.jpg")
    (cat / "img" / "b.jpg").write_bytes(b"")
    (cat / "monedas.csv").write_text("id,titulo,descripcion,anverso,reverso\n"
                                     "1,As,Un as de bronce,img/a.jpg,img/b.jpg\n"
                                     "2,Secreto,Fuera,../../etc/passwd.jpg,\n", encoding="utf-8")
    with Ovillo(tmp_path / "home", models_dir=models_dir, encoder=encoder, image_encoder=image_encoder) as app:
        _, summary = drain(app.library.ingest([cat]))
        assert [Path(o.path).name for o in summary.ok] == ["monedas.csv"]
        reason = summary.ok[0].reason
        assert "reverse b.jpg: empty image file" in reason and "outside the catalogue's folder" in reason
        assert [r[1] for r in image_rows(app)] == ["img:obverse"]


def _snapshot(home: Path) -> dict[str, object]:
    import duckdb

    con = duckdb.connect(str(home / "ovillo.duckdb"), read_only=True)
    try:
        rows = con.execute("SELECT id, source_hash, source_text, embedding FROM rag_embeddings ORDER BY id").fetchall()
        return {"rows": [r[:3] for r in rows], "vectors": np.asarray([r[3] for r in rows], np.float32),
                "records": con.execute("SELECT section_tipo, section_id, title FROM records ORDER BY 1, 2").fetchall(),
                "sources": con.execute("SELECT path, status, chunks FROM sources ORDER BY 1").fetchall(),
                "queue": con.execute("SELECT count(*) FROM index_queue").fetchone(),
                "cache": con.execute("SELECT count(*) FROM embedding_cache").fetchone()}
    finally:
        con.close()


def _ingest_cmd(home: Path, corpus: Path, models_dir: Path) -> list[str]:
    return [sys.executable, "-m", "cli", "--home", str(home), "--models", str(models_dir), "ingest", str(corpus)]


def _cli_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "OVILLO_HOME"}


def _cli_ingest(home: Path, corpus: Path, models_dir: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(_ingest_cmd(home, corpus, models_dir), cwd=REPO, env=_cli_env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def test_kill_dash_nine_during_image_ingest_then_rerun_matches_clean_run(tmp_path: Path, models_dir: Path,
                                                                         image_encoder: ImageEncoder) -> None:
    corpus = tmp_path / "photos"
    shutil.copytree(COINS / "images", corpus)  # 34 objects of two views, grouped by name
    clean = tmp_path / "clean"
    assert _cli_ingest(clean, corpus, models_dir).wait(timeout=600) == 0
    expected = _snapshot(clean)
    # SIGKILL the real CLI at two steps of its own progress, the second run resuming the first:
    # photographs embedded and cached with nothing committed, then right after a first batch committed
    crashed = tmp_path / "crashed"
    cmd, env = _ingest_cmd(crashed, corpus, models_dir), _cli_env()
    assert kill_at(cmd, lambda s: s.stage == "embed" and s.unit == "images", cwd=REPO, env=env) is not None
    cached = _snapshot(crashed)
    assert cached["cache"] != (0,) and not cached["rows"], "the kill did not land between embedding and commit"
    assert kill_at(cmd, lambda s: s.stage == "index" and s.total is not None and s.done >= 1, cwd=REPO,
                   env=env) is not None
    mid = _snapshot(crashed)
    done = len([s for s in mid["sources"] if s[1] == "ok"])  # type: ignore[union-attr]
    assert 0 < done < 34, f"the kill did not land mid-ingest: {done} of 34 objects done"
    assert _cli_ingest(crashed, corpus, models_dir).wait(timeout=600) == 0
    got = _snapshot(crashed)
    assert got["rows"] == expected["rows"] and got["records"] == expected["records"]
    assert got["sources"] == expected["sources"] and got["queue"] == (0,) and got["cache"] == (0,)
    cos = np.sum(got["vectors"] * expected["vectors"], axis=1)  # type: ignore[operator]
    assert cos.min() > 0.9999


def test_a_view_sorting_first_keeps_the_object_one_and_the_same(tmp_path: Path, encoder: TextEncoder,
                                                                image_encoder: ImageEncoder, models_dir: Path) -> None:
    folder = tmp_path / "fotos"
    folder.mkdir()
    (folder / "c1_reverso.jpg").write_bytes(jpeg((90, 90, 200)))
    with Ovillo(tmp_path / "home", models_dir=models_dir, encoder=encoder, image_encoder=image_encoder) as app:
        drain(app.library.ingest([folder]))
        before = app.store.cursor().execute("SELECT section_id FROM records").fetchall()
        (folder / "c1_anverso.jpg").write_bytes(jpeg((180, 120, 60)))  # sorts before the old lead
        _, summary = drain(app.library.ingest([folder]))
        assert [Path(o.path).name for o in summary.ok] == ["c1_anverso.jpg"]
        assert [Path(o.path).name for o in summary.removed] == ["c1_reverso.jpg"]
        assert app.store.cursor().execute("SELECT section_id FROM records").fetchall() == before
        assert sorted(r[1] for r in image_rows(app)) == ["img:obverse", "img:reverse"]
        (folder / "c1_anverso.jpg").unlink()  # the lead goes: the other view leads again, same object
        _, summary = drain(app.library.ingest([folder]))
        assert app.store.cursor().execute("SELECT section_id FROM records").fetchall() == before
        assert [r[1] for r in image_rows(app)] == ["img:reverse"]
