"""Messages, paths and process helpers shared by every setup step (stdlib only, any Python ≥ 3.8)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path
from typing import List, Optional, Sequence

#: the repository (or, inside a bundle, the bundle's folder holding ``ovsetup``)
HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
MIN_PY = (3, 12)
WINDOWS = os.name == "nt"


class SetupError(SystemExit):
    """A setup step that cannot go on: its message says what to do."""

    def __init__(self, message: str) -> None:
        say(message, error=True)
        super().__init__(1)


def say(message: str, *, error: bool = False) -> None:
    """One line to stderr, coloured on a terminal."""
    colour = "31" if error else "34"
    if sys.stderr.isatty() and not WINDOWS:
        sys.stderr.write(f"\033[1;{colour}m[ovillo]\033[0m {message}\n")
    else:
        sys.stderr.write(f"[ovillo] {message}\n")
    sys.stderr.flush()


def run(cmd: Sequence[str], *, quiet: bool = True, env: Optional[dict] = None, cwd: Optional[Path] = None) -> int:
    """Run a command; its output is shown only when it fails (quiet) or always."""
    if not quiet:
        return subprocess.call(list(cmd), env=env, cwd=cwd)
    proc = subprocess.run(list(cmd), env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout.decode("utf-8", "replace")[-6000:])
    return proc.returncode


def venv_python(venv: Path) -> Path:
    """The interpreter inside a venv, on any platform."""
    return venv / ("Scripts/python.exe" if WINDOWS else "bin/python")


def venv_bin(venv: Path, name: str) -> Path:
    """A console script inside a venv."""
    return venv / ("Scripts" if WINDOWS else "bin") / (name + (".exe" if WINDOWS else ""))


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def file_digest_text(path: Path) -> str:
    """sha256 of a small file's bytes (stamps key on pyproject.toml this way)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def exec_or_call(argv: List[str], env: Optional[dict] = None) -> None:
    """Replace this process (POSIX) or run and exit with the child's code (Windows has no real exec)."""
    sys.stdout.flush()
    sys.stderr.flush()
    if WINDOWS:
        raise SystemExit(subprocess.call(argv, env=env))
    if env is None:
        os.execv(argv[0], argv)
    os.execve(argv[0], argv, env)
