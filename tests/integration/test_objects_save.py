"""Cataloguing a new object (real SSCD, real e5, real store): look up, save, found, gated, CSV round trip."""

from __future__ import annotations

import core  # noqa: F401  (closes ONNX Runtime's telemetry before onnxruntime is imported)

import json
from pathlib import Path

import numpy as np
import pytest

from core.errors import ConfigError, NotFound
from core.ingest.pipeline import IngestOptions
from core.models.encoder import ImageEncoder, TextEncoder
from core.api import ObjectFields
from core.service import Ovillo
from tests.conftest import drain
from tests.integration.objects_fixtures import COINS, coins_app, coins_home, image_encoder

__all__ = ["coins_app", "coins_home", "image_encoder"]  # fixtures
IMAGES = COINS / "images"
FACES = {"obverse": IMAGES / "MNC-017_obverse.jpg", "reverse": IMAGES / "MNC-017_reverse.jpg"}
FIELDS = ObjectFields(title="Real de a ocho, escudo (NEW-1)", description="Moneda de plata hallada en 2026.",
                      typology="Real de a ocho, escudo", material="plata", period="1681",
                      denomination="real de a ocho", classification="restricted", collection="coins",
                      inventory="NEW-1")


def stored(app: Ovillo, key: tuple[str, int]) -> tuple[dict, list[tuple]]:  # type: ignore[type-arg]
    cur = app.store.cursor()
    row = cur.execute("SELECT title, classification, data FROM records WHERE section_tipo = ? AND section_id = ?",
                      list(key)).fetchone()
    assert row is not None
    emb = cur.execute("SELECT component_tipo, modality, source_text, source_hash, embedding FROM rag_embeddings "
                      "WHERE section_tipo = ? AND section_id = ? ORDER BY component_tipo, chunk_index",
                      list(key)).fetchall()
    return {"title": row[0], "classification": row[1], "data": json.loads(row[2])}, emb


def inventories(hits: list) -> list[str]:  # type: ignore[type-arg]
    return [h.title.rsplit("(", 1)[-1].rstrip(")") for h in hits]


def test_save_is_found_gated_and_round_trips(coins_app: Ovillo, image_encoder: ImageEncoder, encoder: TextEncoder,
                                              models_dir: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    cat = coins_app.catalogue
    exam = cat.examine(FACES, text="real de a ocho de plata", mode="hybrid")
    assert inventories(exam.hits)[0] == "MNC-017" and exam.hits[0].near_duplicate
    assert exam.proposals["typology"].value == "Real de a ocho, escudo" and exam.proposals["material"].value == "plata"

    calls: list[int] = []
    real = image_encoder.embed_batch
    monkeypatch.setattr(image_encoder, "embed_batch", lambda images: calls.append(len(images)) or real(images))
    saved = drain(cat.save(exam, FIELDS))[1]
    assert calls == []  # the lookup's vectors were written, the photographs not encoded again
    key = (saved.section_tipo, saved.section_id)
    assert saved.changes.added[("coins", "image")] == 1

    # the photographs now live in the data folder, beside the catalogue row the record was read from
    home = coins_app.paths.home
    assert Path(saved.csv_path).is_relative_to(home) and Path(saved.csv_path).exists()
    for view, path in saved.images.items():
        assert Path(path).is_relative_to(home) and Path(path).read_bytes() == FACES[view].read_bytes()
    rec, emb = stored(coins_app, key)
    assert rec["data"]["roles"]["typology"] == "Real de a ocho, escudo" and rec["data"]["roles"]["period_years"]
    image_rows = {r[0]: np.asarray(r[4]) for r in emb if r[1] == "image"}
    assert set(image_rows) == {"img:obverse", "img:reverse"}
    for view in ("obverse", "reverse"):
        assert np.allclose(image_rows[f"img:{view}"], exam.vectors[view])
        assert Path(rec["data"]["views"][view]["thumb"]).exists()
    assert any(r[1] == "text" and "hallada en 2026" in r[2] for r in emb)

    # found by `objects similar` from both sides, and by text search (the keyword index was rebuilt)
    owner = coins_app.profile("owner")
    objects = coins_app.objects
    near = objects.similar(*key, owner, mode="visual", limit=3)
    assert inventories(near)[0] == "MNC-017" and near[0].near_duplicate
    back = objects.similar(near[0].section_tipo, near[0].section_id, owner, mode="visual", limit=3)
    assert "NEW-1" in inventories(back)
    assert any(h.section_id == saved.section_id for h in coins_app.search.records("hallada en 2026", limit=5))

    # restricted: the public profile never sees it — not a neighbour, not a thumbnail, not exported
    public = coins_app.profile("public")
    assert "NEW-1" not in inventories(objects.similar(near[0].section_tipo, near[0].section_id, public, limit=40))
    assert "NEW-1" not in inventories(cat.examine(FACES, profile="public", limit=40).hits)
    assert key not in cat.thumbnails([key], profile="public") and key in cat.thumbnails([key])
    with pytest.raises(NotFound):
        drain(cat.export([key], tmp_path / "leak", profile="public"))
    with pytest.raises(ConfigError):  # one inventory number, one object
        drain(cat.save(exam, FIELDS))

    # export → import into a fresh data folder → the same object (metadata, photographs, vectors)
    csv_path = drain(cat.export([key], tmp_path / "export"))[1]
    header = csv_path.read_text(encoding="utf-8").splitlines()[0]
    assert header == "id,title,description,typology,material,period,denomination,classification,obverse,reverse,image"
    with Ovillo(tmp_path / "fresh", models_dir=models_dir, encoder=encoder, image_encoder=image_encoder) as fresh:
        _, summary = drain(fresh.library.ingest([csv_path.parent], IngestOptions(collection="coins")))
        assert not summary.failed, summary.failed
        again = fresh.store.cursor().execute("SELECT section_tipo, section_id FROM records").fetchall()
        assert len(again) == 1
        rec2, emb2 = stored(fresh, (str(again[0][0]), int(again[0][1])))
    assert (rec2["title"], rec2["classification"]) == (rec["title"], "restricted")
    for part in ("roles", "collection", "reader"):
        assert rec2["data"][part] == rec["data"][part]
    drop = {"csv_line"}
    assert {k: v for k, v in rec2["data"]["fields"].items() if k not in drop} == \
        {k: v for k, v in rec["data"]["fields"].items() if k not in drop}
    # same photographs: thumbnails are named by the bytes' sha256
    assert {v: Path(m["thumb"]).name for v, m in rec2["data"]["views"].items()} == \
        {v: Path(m["thumb"]).name for v, m in rec["data"]["views"].items()}
    assert [(r[0], r[1], r[3]) for r in emb2 if r[1] == "image"] == [(r[0], r[1], r[3]) for r in emb if r[1] == "image"]
    assert [r[2] for r in emb2 if r[1] == "text"] == [r[2] for r in emb if r[1] == "text"]
    for a, b in zip([r for r in emb2 if r[1] == "image"], [r for r in emb if r[1] == "image"]):
        assert np.allclose(np.asarray(a[4]), np.asarray(b[4]), atol=1e-5)


def test_export_of_catalogued_coins_reads_back(coins_app: Ovillo, encoder: TextEncoder, image_encoder: ImageEncoder,
                                               models_dir: Path, tmp_path: Path) -> None:
    cur = coins_app.store.cursor()
    keys = [(str(st), int(sid)) for st, sid in cur.execute(
        "SELECT section_tipo, section_id FROM records WHERE title LIKE '%(MNC-00_)' ORDER BY title").fetchall()]
    assert len(keys) == 9
    csv_path = drain(coins_app.catalogue.export(keys, tmp_path / "out"))[1]
    with Ovillo(tmp_path / "fresh", models_dir=models_dir, encoder=encoder, image_encoder=image_encoder) as fresh:
        _, summary = drain(fresh.library.ingest([csv_path.parent], IngestOptions(collection="coins")))
        assert not summary.failed, summary.failed
        got = sorted((t, c, json.loads(d)["roles"]["typology"]) for t, c, d in fresh.store.cursor().execute(
            "SELECT title, classification, data FROM records").fetchall())
    want = sorted((t, c, json.loads(d)["roles"]["typology"]) for t, c, d in cur.execute(
        "SELECT title, classification, data FROM records WHERE title LIKE '%(MNC-00_)'").fetchall())
    assert got == want
