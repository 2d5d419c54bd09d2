"""A catalogue's photographs changing under an unchanged CSV, and thumbnails of what is gone (real SSCD, real store)."""

from __future__ import annotations

import core  # noqa: F401  (closes ONNX Runtime's telemetry before onnxruntime is imported)

import json
import os
import shutil
import time
from pathlib import Path

import numpy as np
from PIL import Image

from core.ingest import queue
from core.ingest.options import FileOptions
from core.ingest.pipeline import IngestOptions
from core.ingest.sources import collect_thumbnails
from core.models.encoder import ImageEncoder, TextEncoder
from core.service import Ovillo
from core.store.writer import RecordWriter
from tests.conftest import drain
from tests.integration.objects_fixtures import COINS, image_encoder

__all__ = ["image_encoder"]  # fixture
CSV = ("inventario,titulo,descripcion,anverso,reverso\n"
       "A1,As de Kese,Un as de bronce,img/a1_o.jpg,img/a1_r.jpg\n"
       "A2,Denario,Un denario de plata,img/a2_o.jpg,img/a2_r.tif\n"
       "A3,Dracma,Una dracma de Emporion,img/a3_o.jpg,img/a3_r.jpg\n")


def tiff(seed: int) -> bytes:
    """An uncompressed TIFF: another seed gives other pixels at exactly the same file size."""
    import io

    buf = io.BytesIO()
    Image.fromarray(np.random.default_rng(seed).integers(0, 255, (300, 300, 3), dtype=np.uint8)).save(buf, "TIFF")
    return buf.getvalue()


def catalogue(tmp_path: Path) -> Path:
    cat = tmp_path / "cat"
    (cat / "img").mkdir(parents=True)
    for n, name in enumerate(["MNC-001_obverse", "MNC-001_reverse", "MNC-005_obverse", None,
                              "MNC-013_obverse", "MNC-013_reverse"]):
        target = cat / "img" / ["a1_o.jpg", "a1_r.jpg", "a2_o.jpg", "a2_r.tif", "a3_o.jpg", "a3_r.jpg"][n]
        if name:
            shutil.copy(COINS / "images" / f"{name}.jpg", target)
        else:
            target.write_bytes(tiff(1))
    (cat / "monedas.csv").write_text(CSV, encoding="utf-8")
    return cat


def image_rows(app: Ovillo) -> dict[tuple[str, str], tuple[str, str]]:
    """(title, view) → (source_hash, thumbnail file name) of every image row."""
    rows = app.store.cursor().execute(
        "SELECT r.title, e.component_tipo, e.source_hash, e.chunk_meta FROM rag_embeddings e "
        "JOIN records r USING (section_tipo, section_id) WHERE e.modality = 'image'").fetchall()
    return {(str(t), str(c)): (str(h), Path(json.loads(str(m))["thumb"]).name) for t, c, h, m in rows}


def thumbnails(home: Path) -> set[str]:
    return {p.name for p in (home / "thumbs").rglob("*") if p.is_file()}


def test_a_photograph_replaced_under_an_unchanged_catalogue_is_embedded_again(
        tmp_path: Path, encoder: TextEncoder, image_encoder: ImageEncoder, models_dir: Path) -> None:
    cat = catalogue(tmp_path)
    home = tmp_path / "home"
    with Ovillo(home, models_dir=models_dir, encoder=encoder, image_encoder=image_encoder) as app:
        drain(app.library.ingest([cat]))
        before, generation = image_rows(app), app.store.generation()
        assert len(before) == 6 and thumbnails(home) == {t for _, t in before.values()}

        # an unchanged re-ingest changes nothing: no write, no new generation, nothing embedded
        _, again = drain(app.library.ingest([cat]))
        assert [o.status for o in again.outcomes] == ["skipped"] and not again.changes
        assert app.store.generation() == generation and image_rows(app) == before

        # a photograph replaced by another of a different size, the CSV untouched
        shutil.copy(COINS / "images" / "MNC-021_obverse.jpg", cat / "img" / "a1_o.jpg")
        _, changed = drain(app.library.ingest([cat]))
        assert [o.status for o in changed.outcomes] == ["ok"] and changed.chunks_embedded == 1  # only that view
        after = image_rows(app)
        assert after[("As de Kese", "img:obverse")] != before[("As de Kese", "img:obverse")]
        assert {k: v for k, v in after.items() if k != ("As de Kese", "img:obverse")} == \
            {k: v for k, v in before.items() if k != ("As de Kese", "img:obverse")}
        # its old thumbnail is gone from the data folder, the new one is there
        assert thumbnails(home) == {t for _, t in after.values()}

        # same size, other pixels, a newer time: the catalogue's signature still moves
        tif = cat / "img" / "a2_r.tif"
        size = tif.stat().st_size
        tif.write_bytes(tiff(2))
        assert tif.stat().st_size == size
        os.utime(tif, (time.time() + 5, time.time() + 5))
        _, changed = drain(app.library.ingest([cat]))
        assert [o.status for o in changed.outcomes] == ["ok"] and changed.chunks_embedded == 1
        assert image_rows(app)[("Denario", "img:reverse")] != after[("Denario", "img:reverse")]
        assert thumbnails(home) == {t for _, t in image_rows(app).values()}

        # the catalogue only touched (same bytes, same photographs): re-read, nothing embedded, same rows
        settled = image_rows(app)
        os.utime(cat / "monedas.csv", (time.time() + 10, time.time() + 10))
        _, touched = drain(app.library.ingest([cat]))
        assert touched.chunks_embedded == 0 and image_rows(app) == settled
        _, idle = drain(app.library.ingest([cat]))
        assert [o.status for o in idle.outcomes] == ["skipped"] and not idle.changes


def test_thumbnails_of_deleted_and_tombstoned_objects_leave_the_data_folder(
        tmp_path: Path, encoder: TextEncoder, image_encoder: ImageEncoder, models_dir: Path) -> None:
    cat = catalogue(tmp_path)
    home = tmp_path / "home"
    with Ovillo(home, models_dir=models_dir, encoder=encoder, image_encoder=image_encoder) as app:
        drain(app.library.ingest([cat]))
        rows = image_rows(app)
        # a row deleted from the catalogue with its photographs (left alone, they would be objects of their
        # own): its object goes, and its two thumbnails with it
        (cat / "monedas.csv").write_text(CSV.replace("A3,Dracma,Una dracma de Emporion,img/a3_o.jpg,img/a3_r.jpg\n",
                                                     ""), encoding="utf-8")
        for name in ("a3_o.jpg", "a3_r.jpg"):
            (cat / "img" / name).unlink()
        drain(app.library.ingest([cat]))
        kept = {t for (title, _), (_, t) in rows.items() if title != "Dracma"}
        assert thumbnails(home) == kept == {t for _, t in image_rows(app).values()}

        # an object tombstoned (sync, or deleted in the window): the next ingest collects its thumbnails
        key = app.store.cursor().execute("SELECT section_tipo, section_id FROM records WHERE title = 'Denario'"
                                         ).fetchone()
        RecordWriter(app.store).write(tombstone=[(str(key[0]), int(key[1]))])
        _, idle = drain(app.library.ingest([cat]))
        assert [o.status for o in idle.outcomes] == ["skipped"]
        assert thumbnails(home) == {t for (title, _), (_, t) in rows.items() if title == "As de Kese"}


def test_thumbnail_collection_is_safe_to_crash_and_rerun(tmp_path: Path, encoder: TextEncoder,
                                                        image_encoder: ImageEncoder, models_dir: Path) -> None:
    cat = catalogue(tmp_path)
    home = tmp_path / "home"
    with Ovillo(home, models_dir=models_dir, encoder=encoder, image_encoder=image_encoder) as app:
        drain(app.library.ingest([cat]))
        used = thumbnails(home)
        folder = home / "thumbs"
        # what a killed run leaves: a thumbnail never committed, and a half-written one
        orphan = folder / "ab" / f"{'ab' * 32}.jpg"
        orphan.parent.mkdir(exist_ok=True)
        orphan.write_bytes(b"jpeg")
        half = folder / "cd" / f".{'cd' * 32}.jpg.4242.tmp"
        half.parent.mkdir(exist_ok=True)
        half.write_bytes(b"jp")
        unrelated = folder / "notes.txt"  # not ours: never touched
        unrelated.write_text("x")
        past = time.time() - 3600
        for p in (orphan, half):
            os.utime(p, (past, past))
        start = time.time() - 60

        # another ingest holds a live claim (it may have written thumbnails it has not committed): nothing goes
        with app.store.transaction() as cur:
            queue.enqueue(cur, str(tmp_path / "elsewhere.csv"), None, FileOptions(collection="cat"))
        assert queue.claim(app.store, "otherhost:1:abc", 600) is not None
        assert collect_thumbnails(app.store, folder, "me", since=start, claim_ttl_s=600) == 0
        assert orphan.exists() and half.exists()
        with app.store.transaction() as cur:
            queue.done(cur, str(tmp_path / "elsewhere.csv"))

        # a thumbnail written after the run began may belong to a file not committed yet: kept
        fresh = folder / "ef" / f"{'ef' * 32}.jpg"
        fresh.parent.mkdir(exist_ok=True)
        fresh.write_bytes(b"jpeg")
        assert collect_thumbnails(app.store, folder, "me", since=start, claim_ttl_s=600) == 2
        assert not orphan.exists() and not half.exists() and fresh.exists() and unrelated.exists()
        assert collect_thumbnails(app.store, folder, "me", since=start, claim_ttl_s=600) == 0  # a re-run: same end
        assert used <= thumbnails(home)
        _, idle = drain(app.library.ingest([cat]))  # the next ingest sweeps what is now older than its start
        assert not fresh.exists() and thumbnails(home) == used | {"notes.txt"}
        assert [o.status for o in idle.outcomes] == ["skipped"]
