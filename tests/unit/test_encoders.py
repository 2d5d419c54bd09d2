"""Encoders by modality with fakes: the protocol, manifest dispatch, per-modality pinning, image preprocessing."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from core.errors import ConfigError, ModelError, ModelMismatch
from core.models import registry
from core.models.encoder import AnyEncoder, Encoder, ImageEncoder
from core.models.fake_encoder import HashingEncoder
from core.models.image_io import read_rgb, resize_short_side, short_side_size
from core.models.manifest import Manifest, ModelFile, sha256_file, write_manifest
from core.models.onnx_image_encoder import as_rgb
from core.service import Ovillo
from core.store.db import Store
from core.store.models_repo import active_model, pin_model


class FakeImageEncoder(ImageEncoder):
    """Mean colour, spread over ``dimension`` buckets (deterministic, no model files)."""

    def __init__(self, name: str = "fake-image-8", dimension: int = 8) -> None:
        self.name = name
        self.dimension = dimension
        self.seen: list[tuple[int, ...]] = []

    def embed_batch(self, images: Sequence[np.ndarray]) -> np.ndarray:
        out = np.zeros((len(images), self.dimension), dtype=np.float32)
        for row, image in enumerate(images):
            self.seen.append(image.shape)
            out[row] = np.resize(image.reshape(-1, 3).mean(axis=0) + 1, self.dimension)
        return out / np.linalg.norm(out, axis=1, keepdims=True)


def write_model(models: Path, name: str, task: str, *, runtime: str = "onnx") -> Path:
    folder = models / name
    folder.mkdir(parents=True)
    (folder / "weights.bin").write_bytes(name.encode())
    write_manifest(folder, Manifest.model_validate({
        "name": name, "task": task, "runtime": runtime, "dimension": 8,
        "files": {"onnx": {"path": "weights.bin", "sha256": sha256_file(folder / "weights.bin")}}}))
    return folder


@pytest.fixture
def fake_factories(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Replace the ONNX loaders by fakes; returns the names they were asked to load."""
    loaded: list[str] = []

    def text(folder: Path, manifest: Manifest, threads: int, batch: int) -> AnyEncoder:
        loaded.append(manifest.name)
        return HashingEncoder(manifest.name, manifest.dimension)

    def image(folder: Path, manifest: Manifest, threads: int, batch: int) -> AnyEncoder:
        loaded.append(manifest.name)
        return FakeImageEncoder(manifest.name, manifest.dimension)

    monkeypatch.setitem(registry.ENCODER_FACTORIES, ("text-embedding", "onnx"), text)
    monkeypatch.setitem(registry.ENCODER_FACTORIES, ("image-embedding", "onnx"), image)
    return loaded


def test_both_kinds_are_encoders() -> None:
    for enc, modality in ((HashingEncoder(), "text"), (FakeImageEncoder(), "image")):
        assert isinstance(enc, Encoder) and enc.modality == modality
        assert enc.embed_batch(["a b"] if modality == "text" else [np.zeros((4, 4, 3), np.uint8)],
                               **({"kind": "passage"} if modality == "text" else {})).shape == (1, enc.dimension)


def test_load_encoder_dispatches_on_the_task(tmp_path: Path, fake_factories: list[str]) -> None:
    write_model(tmp_path, "words", "text-embedding")
    write_model(tmp_path, "pictures", "image-embedding")
    write_model(tmp_path, "talker", "generation", runtime="llama.cpp")
    words, pictures = registry.load_encoder(tmp_path, "words"), registry.load_encoder(tmp_path, "pictures")
    assert isinstance(words, HashingEncoder) and words.modality == "text"
    assert isinstance(pictures, FakeImageEncoder) and pictures.modality == "image"
    assert isinstance(registry.load_image_encoder(tmp_path, "pictures"), FakeImageEncoder)
    assert isinstance(registry.load_text_encoder(tmp_path, "words"), HashingEncoder)
    with pytest.raises(ModelError, match="not an embedding model"):
        registry.load_encoder(tmp_path, "talker")
    # the wrong modality is refused before anything is hashed or loaded
    (tmp_path / "pictures" / "weights.bin").unlink()
    with pytest.raises(ModelError, match="not an ONNX text-embedding model"):
        registry.load_text_encoder(tmp_path, "pictures")
    assert fake_factories == ["words", "pictures", "pictures", "words"]


def test_a_tampered_file_is_refused_before_loading(tmp_path: Path, fake_factories: list[str]) -> None:
    folder = write_model(tmp_path, "pictures", "image-embedding")
    (folder / "weights.bin").write_bytes(b"other bytes")
    with pytest.raises(ModelError, match="sha256") as err:
        registry.load_encoder(tmp_path, "pictures")
    assert "setup" in err.value.hint and fake_factories == []


def test_a_loader_of_the_wrong_modality_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_model(tmp_path, "pictures", "image-embedding")
    monkeypatch.setitem(registry.ENCODER_FACTORIES, ("image-embedding", "onnx"),
                        lambda folder, manifest, threads, batch: HashingEncoder())
    with pytest.raises(ModelError, match="loaded a text encoder"):
        registry.load_encoder(tmp_path, "pictures")


def test_files_inside_an_installed_package(tmp_path: Path) -> None:
    import json

    f = ModelFile(path="__init__.py", sha256="", package="json")
    assert f.resolve(tmp_path) == Path(json.__file__)
    with pytest.raises(ModelError, match="not installed"):
        ModelFile(path="x.onnx", sha256="", package="no_such_package_here").resolve(tmp_path)
    manifest = Manifest(name="m", task="image-embedding", files={"onnx": f})
    assert manifest.modality == "image" and manifest.file(tmp_path, "onnx") == Path(json.__file__)
    assert Manifest(name="g", task="generation", runtime="llama.cpp", files={}).modality is None


def test_the_store_pins_one_model_per_modality(tmp_path: Path) -> None:
    store = Store(tmp_path / "store.duckdb")
    try:
        pin_model(store, "text-a", 384)
        pin_model(store, "image-a", 512, sha256="ab" * 32, source_package="pkg==1", modality="image")
        text, image = active_model(store, "text"), active_model(store, "image")
        assert text is not None and image is not None
        assert (text.name, image.name, image.dimension) == ("text-a", "image-a", 512)
        pin_model(store, "image-a", 512, modality="image")  # the same model again: fine
        with pytest.raises(ModelMismatch, match="image-a"):
            pin_model(store, "image-b", 512, modality="image")
        with pytest.raises(ModelMismatch, match="text-a"):
            pin_model(store, "text-b", 384)
    finally:
        store.close()


def test_ovillo_encoder_for_each_modality(tmp_path: Path, fake_factories: list[str]) -> None:
    text, image = HashingEncoder(), FakeImageEncoder()
    app = Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=text, image_encoder=image)
    try:
        assert app.encoder is text and app.encoder_for("text") is text and app.encoder_for("image") is image
        with pytest.raises(ConfigError, match="modality"):
            app.encoder_for("audio")
    finally:
        app.close()
    write_model(tmp_path / "models", app.settings.image_model, "image-embedding")
    app = Ovillo(tmp_path / "home2", models_dir=tmp_path / "models", encoder=text)
    try:
        loaded = app.encoder_for("image")  # from settings.image_model, through the registry, once
        assert loaded.name == "sscd-disc-mixup-distilled" and app.encoder_for("image") is loaded
        assert fake_factories == ["sscd-disc-mixup-distilled"]
    finally:
        app.close()


def test_short_side_resize_sizes_and_identity() -> None:
    assert short_side_size(500, 1001, 288) == (288, 576)  # the longer side is rounded down
    assert short_side_size(1001, 500, 288) == (576, 288)
    assert short_side_size(60, 100, 288) == (288, 480)  # small images are enlarged
    image = np.random.default_rng(0).integers(0, 256, (288, 403, 3), dtype=np.uint8)
    same = resize_short_side(image, 288)
    assert same is not image and np.array_equal(same, image)
    flat = resize_short_side(np.full((555, 777, 3), 201, np.uint8), 288)
    assert flat.shape == (288, 403, 3) and (flat == 201).all()  # weights sum to one exactly


@pytest.mark.parametrize("size", [(777, 555), (100, 60), (301, 299), (290, 1000)])
def test_triangle_resize_is_within_one_level_of_pillows_bilinear(size: tuple[int, int]) -> None:
    rng = np.random.default_rng(sum(size))
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w]
    image = np.clip(np.stack([xx * 255 / w, yy * 255 / h, 128 + 90 * np.sin(xx / 5.0)], -1)
                    + rng.normal(0, 20, (h, w, 3)), 0, 255).astype(np.uint8)
    ours = resize_short_side(image, 288)
    pil = np.asarray(Image.fromarray(image).resize((ours.shape[1], ours.shape[0]), Image.Resampling.BILINEAR))
    assert np.abs(ours.astype(int) - pil.astype(int)).max() <= 1


def test_decoding_gives_rgb_and_refuses_junk(tmp_path: Path) -> None:
    Image.new("RGBA", (30, 20), (10, 20, 30, 0)).save(tmp_path / "a.png")
    Image.new("L", (30, 20), 77).save(tmp_path / "g.png")
    rgba = read_rgb(tmp_path / "a.png")
    assert rgba.shape == (20, 30, 3) and (rgba[0, 0] == [10, 20, 30]).all()
    assert (read_rgb(tmp_path / "g.png") == 77).all()
    (tmp_path / "junk.png").write_bytes(b"not an image")
    with pytest.raises(ModelError, match="cannot decode"):
        read_rgb(tmp_path / "junk.png")
    with pytest.raises(ModelError, match="too large"):
        read_rgb(tmp_path / "a.png", max_pixels=100)
    assert as_rgb(np.zeros((4, 5), np.uint8)).shape == (4, 5, 3)
    assert as_rgb(np.zeros((4, 5, 4), np.uint8)).shape == (4, 5, 3)
    with pytest.raises(ModelError, match="uint8"):
        as_rgb(np.zeros((4, 5, 3), np.float32))
    with pytest.raises(ModelError, match="height, width, 3"):
        as_rgb(np.zeros((4, 5, 2), np.uint8))


def test_embed_files_decodes_in_chunks(tmp_path: Path) -> None:
    paths = []
    for i in range(5):
        Image.new("RGB", (8 + i, 6), (i * 40, 0, 0)).save(tmp_path / f"{i}.png")
        paths.append(tmp_path / f"{i}.png")
    enc = FakeImageEncoder()
    vecs = enc.embed_files(paths, chunk=2)
    assert vecs.shape == (5, 8) and len({tuple(v.round(5)) for v in vecs}) == 5
    assert enc.seen == [(6, 8 + i, 3) for i in range(5)]
