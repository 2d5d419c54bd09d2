"""Model manifests: what a model is, where its files are and their sha256.

A manifest is ``<models>/<name>/manifest.json``. Setup writes the defaults;
a user registers their own ONNX encoder or GGUF by adding a folder with one.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError

from core.errors import ModelError

MANIFEST = "manifest.json"


class ModelFile(BaseModel):
    """One file of a model, relative to the manifest's folder."""

    path: str
    sha256: str


class Manifest(BaseModel):
    """Everything needed to load and trust a model offline."""

    name: str
    task: Literal["text-embedding", "image-embedding", "generation"]
    runtime: Literal["onnx", "llama.cpp"] = "onnx"
    dimension: int = 0
    max_tokens: int = 512
    query_prefix: str = ""
    passage_prefix: str = ""
    files: dict[str, ModelFile]
    source: dict[str, str] = Field(default_factory=dict)
    licence: str = ""
    notes: str = ""

    def file(self, folder: Path, role: str) -> Path:
        """Absolute path of a file by role (e.g. ``onnx``, ``tokenizer``)."""
        if role not in self.files:
            raise ModelError(f"model {self.name} has no {role} file in its manifest")
        return folder / self.files[role].path


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
        path = folder / f.path
        if not path.exists():
            raise ModelError(f"model {manifest.name}: {role} file {path} is missing",
                             hint="Re-run setup (./scripts/run) to assemble it again.")
        digest = sha256_file(path)
        if digest != f.sha256:
            raise ModelError(f"model {manifest.name}: {path.name} fails its sha256 check "
                             f"({digest[:12]}… ≠ {f.sha256[:12]}…)",
                             hint="The file is damaged or was replaced; re-run setup to rebuild it.")
