"""Before the window exists: can Qt's X11 platform plugin load? If not, say which library is missing.

When a library the xcb plugin links is missing, ``QApplication()`` aborts the process (exit 134)
with Qt's message that "libxcb-cursor0 is needed" — whichever library is really missing, and
only ``QT_DEBUG_PLUGINS=1`` names it. Loading the plugin's shared object ourselves first makes
the dynamic loader name the missing library, which we turn into the package to install.
"""

from __future__ import annotations

import ctypes
import os
import re
import sys
from pathlib import Path

_MISSING = re.compile(r"(lib[\w.+-]+\.so(?:\.\d+)*): cannot open shared object file")


def xcb_plugin() -> Path | None:
    """The xcb platform plugin of the installed PySide6, when this process would use it."""
    if not sys.platform.startswith("linux"):
        return None
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith("xcb"):
        return None  # offscreen, wayland, …: the xcb plugin is not loaded
    if not platform and not os.environ.get("DISPLAY"):
        return None  # Qt would try wayland or fail for want of a display, not for a library
    import PySide6

    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.exists() else None


def debian_package(soname: str) -> str:
    """The Debian/Ubuntu package of a shared library, by Debian's naming rule (as scripts/ovsetup/system.py)."""
    base, _, version = soname.partition(".so.")
    base = base.lower()
    return f"{base}-{version}" if base[-1:].isdigit() else f"{base}{version}"


def missing_library(plugin: Path | None = None, load: type[ctypes.CDLL] = ctypes.CDLL) -> str | None:
    """The soname the xcb plugin cannot find, or None when it loads (or is not the plugin in use)."""
    plugin = plugin if plugin is not None else xcb_plugin()
    if plugin is None:
        return None
    try:
        load(str(plugin), mode=os.RTLD_LAZY | os.RTLD_LOCAL)
    except OSError as exc:
        m = _MISSING.search(str(exc))
        return m.group(1) if m else str(exc)
    return None


def problem_text(soname: str) -> str:
    """What the user reads instead of Qt's abort."""
    if not soname.startswith("lib"):
        return f"The window cannot start: Qt's X11 platform plugin does not load ({soname})."
    return (f"The window cannot start: the system library {soname} is missing (Qt's X11 platform plugin needs it).\n"
            f"On Debian/Ubuntu: sudo apt-get install {debian_package(soname)}  — ./scripts/run installs it when run "
            "as root. The terminal demo works without it: ./scripts/run --cli")
