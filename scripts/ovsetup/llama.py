"""The portable llama-cpp-python wheel: built once per Python, cached outside the work tree.

Never the build machine's native instruction set (a native build died with SIGILL on a VM that
advertises AMX but traps it; docs/design.md §4): the baseline is x86-64 with AVX2/FMA/F16C.
"""

from __future__ import annotations

import glob
import hashlib
import os
import shutil
import subprocess
from pathlib import Path
from typing import Optional

from .common import SetupError, WINDOWS, run, say

LLAMA_VERSION = "0.3.36"
LLAMA_CMAKE_ARGS = (
    "-DGGML_NATIVE=OFF -DGGML_CPU_ALL_VARIANTS=OFF -DGGML_BACKEND_DL=OFF -DGGML_AVX=ON -DGGML_AVX2=ON "
    "-DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON -DGGML_AVX512=OFF -DGGML_AVX512_VBMI=OFF "
    "-DGGML_AVX512_VNNI=OFF -DGGML_AVX512_BF16=OFF -DGGML_AVX_VNNI=OFF -DGGML_AMX_TILE=OFF "
    "-DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF "
    "-DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_SERVER=OFF -DLLAMA_CURL=OFF")
#: the cache folder is keyed by version and flags, so a wheel built with other flags is never reused
BUILD_KEY = hashlib.sha256(f"{LLAMA_VERSION}|{LLAMA_CMAKE_ARGS}".encode()).hexdigest()[:16]


def wheel_cache() -> Path:
    """Where built wheels are kept across clones and venvs."""
    env = os.environ.get("OVILLO_WHEEL_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or (os.environ.get("LOCALAPPDATA") if WINDOWS else None)
    return Path(base or Path.home() / ".cache") / "ovillo" / "wheels"


def wheel_dir() -> Path:
    """The folder of wheels built with today's flags."""
    return wheel_cache() / f"llama-{BUILD_KEY}"


def cached_wheel(python_tag: str) -> Optional[Path]:
    """The cached wheel usable by one CPython (``cp312``), if built.

    llama-cpp-python loads its library through ctypes, so its wheel is tagged ``py3-none-<platform>``
    and one build serves every Python 3; a ``cpXY`` wheel is accepted too.
    """
    for tag in (python_tag, "py3"):
        found = sorted(glob.glob(str(wheel_dir() / f"llama_cpp_python-{LLAMA_VERSION}-{tag}-*.whl")))
        if found:
            return Path(found[0])
    return None


def python_tag(python: Path) -> str:
    """``cp312`` for the given interpreter."""
    out = subprocess.run([str(python), "-c", "import sys; print('cp%d%d' % sys.version_info[:2])"],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def ensure_llama_wheel(python: Path) -> Path:
    """Build (once, ~4 min) or find the portable wheel ``python`` can install."""
    tag = python_tag(python)
    found = cached_wheel(tag)
    if found:
        return found
    target = wheel_dir()
    say(f"building llama-cpp-python {LLAMA_VERSION} once for {tag}, portable (a few minutes); "
        f"the wheel is cached in {target}")
    target.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, CMAKE_ARGS=LLAMA_CMAKE_ARGS, FORCE_CMAKE="1")
    code = run([str(python), "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-binary", "llama-cpp-python",
                "--no-cache-dir", f"llama-cpp-python=={LLAMA_VERSION}", "-w", str(target)], env=env)
    found = cached_wheel(tag)
    if code != 0 or not found:
        if not any(target.glob("*.whl")):
            shutil.rmtree(target, ignore_errors=True)
        raise SetupError("could not build llama-cpp-python (it needs a C/C++ compiler and cmake:\n"
                         "  sudo apt-get install build-essential cmake)")
    (target / "BUILD_FLAGS").write_text(LLAMA_CMAKE_ARGS + "\n", encoding="utf-8")
    return found
