"""Model manifests: what a model is, where its files are and their sha256.

A manifest is ``<models>/<name>/manifest.json``. Setup writes the defaults;
a user registers their own ONNX encoder or GGUF by adding a folder with one.
A file is either in the manifest's folder or, when it names a ``package``, inside that
installed Python package, used in place (a dependency whose licence allows no copies).
"""

from __future__ import annotations

import hashlib
import importlib.resources
import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError

from core.errors import ModelError
from core.models.encoder import Modality

MANIFEST = "manifest.json"
#: the modality each encoder task embeds (a generation model has none)
TASK_MODALITY: dict[str, Modality] = {"text-embedding": "text", "image-embedding": "image"}


class ModelFile(BaseModel):
    """One file of a model: relative to the manifest's folder, or to an installed ``package``."""

    path: str
    sha256: str
    package: str | None = None

    def resolve(self, folder: Path) -> Path:
        """Absolute path of the file (a missing package is a :class:`ModelError`)."""
        if self.package is None:
            return folder / self.path
        try:
            return Path(str(importlib.resources.files(self.package))) / self.path
        except ModuleNotFoundError as exc:
            raise ModelError(f"the {self.package} package holding {self.path} is not installed",
                             hint="Run ./scripts/run or ./scripts/test to install dependencies.") from exc


class Manifest(BaseModel):
    """Everything needed to load and trust a model offline."""

    name: str
    task: Literal["text-embedding", "image-embedding", "generation"]
    runtime: Literal["onnx", "llama.cpp"] = "onnx"
    dimension: int = 0
    max_tokens: int = 512
    #: image models: the shorter side is resized to this many pixels before the graph (0: as decoded)
    image_short_side: int = Field(0, ge=0)
    query_prefix: str = ""
    passage_prefix: str = ""
    files: dict[str, ModelFile]
    source: dict[str, str] = Field(default_factory=dict)
    licence: str = ""
    notes: str = ""

    @property
    def modality(self) -> Modality | None:
        """``text`` or ``image`` for an encoder, None for a generation model."""
        return TASK_MODALITY.get(self.task)

    def file(self, folder: Path, role: str) -> Path:
        """Absolute path of a file by role (e.g. ``onnx``, ``tokenizer``)."""
        if role not in self.files:
            raise ModelError(f"model {self.name} has no {role} file in its manifest")
        return self.files[role].resolve(folder)


def sha256_file(path: Path, chunk: int = 1 << 20) -> str:
    """Hex sha256 of a file, streamed."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(chunk):
            h.update(block)
    return h.hexdigest()


def read_manifest(folder: Path) -> Manifest:
    """Parse a model folder's manifest."""
    path = folder / MANIFEST
    try:
        return Manifest.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError as exc:
        raise ModelError(f"no model manifest at {path}",
                         hint="Run ./scripts/run or ./scripts/test once to assemble the default models.") from exc
    except (OSError, json.JSONDecodeError, ValidationError) as exc:
        raise ModelError(f"invalid model manifest {path}: {exc}") from exc


def write_manifest(folder: Path, manifest: Manifest) -> None:
    """Write a manifest atomically."""
    tmp = folder / (MANIFEST + ".tmp")
    tmp.write_text(manifest.model_dump_json(indent=2), encoding="utf-8")
    tmp.replace(folder / MANIFEST)


def verify(folder: Path, manifest: Manifest) -> None:
    """Check every file against its sha256; a mismatch is a :class:`ModelError`."""
    for role, f in manifest.files.items():
        path = f.resolve(folder)
        if not path.exists():
            raise ModelError(f"model {manifest.name}: {role} file {path} is missing",
                             hint="Re-run setup (./scripts/run) to assemble it again.")
        digest = sha256_file(path)
        if digest != f.sha256:
            raise ModelError(f"model {manifest.name}: {path.name} fails its sha256 check "
                             f"({digest[:12]}… ≠ {f.sha256[:12]}…)",
                             hint="The file is damaged or was replaced; re-run setup to rebuild it.")
