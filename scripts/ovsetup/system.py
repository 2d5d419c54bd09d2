"""System libraries and tools the wheels cannot bring (Linux): installed as root with apt, else named."""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
from pathlib import Path
from typing import List

from .common import say, venv_python


def debian_package_of(library: str) -> str:
    """A shared library's Debian package by Debian's naming rule.

    libxcb-icccm.so.4 → libxcb-icccm4, libxkbcommon-x11.so.0 → libxkbcommon-x11-0 (a name ending in a
    digit takes a dash), libEGL.so.1 → libegl1.
    """
    base, _, ver = library.partition(".so.")
    base = base.lower()
    return f"{base}-{ver}" if base[-1:].isdigit() else f"{base}{ver}"


def _have(what: str) -> bool:
    if what.startswith("lib"):
        try:
            out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
        except OSError:
            return False
        return re.search(what, out) is not None
    return shutil.which(what) is not None


def _apt_install(packages: List[str], why: str) -> bool:
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return False
    say(f"installing {' '.join(packages)} ({why})")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *packages]):
        if subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
            return False
    return True


def ensure_system_package(what: str, package: str, why: str) -> None:
    """A library (regex over ``ldconfig -p``) or command: present, installed as root with apt, or named."""
    if platform.system() != "Linux" or _have(what):
        return
    if not _apt_install([package], why):
        say(f"note: {package} is missing ({why}); install it: sudo apt-get install {package}")


def ensure_audio_lib() -> None:
    """QtMultimedia (interview playback) needs the PulseAudio client library; the wheels do not ship it."""
    ensure_system_package(r"libpulse\.so\.0", "libpulse0",
                          "QtMultimedia needs it to play interviews; without it the player is hidden")


def ensure_display_libs(venv: Path) -> None:
    """X libraries Qt's xcb plugin links, read with ldd on the plugin itself (a missing one aborts the window)."""
    if platform.system() != "Linux":
        return
    code = "import pathlib, PySide6; print(pathlib.Path(PySide6.__file__).parent / 'Qt/plugins/platforms/libqxcb.so')"
    out = subprocess.run([str(venv_python(venv)), "-c", code], capture_output=True, text=True)
    plugin = Path(out.stdout.strip())
    if out.returncode != 0 or not plugin.is_file() or not shutil.which("ldd"):
        return
    ldd = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True).stdout
    missing = sorted({line.split()[0] for line in ldd.splitlines() if "not found" in line})
    if not missing:
        return
    packages = [debian_package_of(so) for so in missing]
    if not _apt_install(packages, "the X libraries the window needs"):
        say(f"note: the window cannot open without {' '.join(missing)} — install: sudo apt-get install "
            f"{' '.join(packages)}")


def ensure_test_tools() -> None:
    """Tools only the test suite needs."""
    # the egress test traces system calls of every thread and child process (a Python audit hook cannot)
    ensure_system_package("strace", "strace",
                          "the egress test proves at the system-call level that nothing leaves the machine")
    ensure_system_package("objdump", "binutils", "the portable-build test disassembles the answer model's native library")
    ensure_system_package("Xvfb", "xvfb", "the window is also tested in a real X session, not only offscreen")
