"""Where an install puts things: per user (XDG) or system-wide for a kiosk; optionally under a DESTDIR."""

from __future__ import annotations

import os
import platform
from dataclasses import dataclass
from pathlib import Path
from typing import Optional


def user_data_dir() -> Path:
    """The platform's per-user data folder of Ovillo (what platformdirs gives core.paths)."""
    system = platform.system()
    if system == "Darwin":
        return Path.home() / "Library" / "Application Support" / "ovillo"
    if system == "Windows":
        return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "ovillo"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "ovillo"


@dataclass(frozen=True)
class Layout:
    """Paths as written (``*_runtime``: what launchers name) and as staged (under a DESTDIR, if any)."""

    root: Path  # "/" or the DESTDIR
    app_runtime: Path
    bin_runtime: Path
    models_runtime: Path
    data_runtime: Path
    applications_runtime: Path
    icons_runtime: Path
    sessions_runtime: Path
    user_data_runtime: Path

    def _staged(self, path: Path) -> Path:
        return self.root / path.relative_to(path.anchor) if self.root != Path("/") else path

    app = property(lambda self: self._staged(self.app_runtime))
    bin = property(lambda self: self._staged(self.bin_runtime))
    models = property(lambda self: self._staged(self.models_runtime))
    data = property(lambda self: self._staged(self.data_runtime))
    applications = property(lambda self: self._staged(self.applications_runtime))
    icons = property(lambda self: self._staged(self.icons_runtime))
    sessions = property(lambda self: self._staged(self.sessions_runtime))
    user_data = property(lambda self: self._staged(self.user_data_runtime))


def layout_for(kiosk: bool, destdir: Optional[Path]) -> Layout:
    """The user's layout, or the system-wide kiosk layout."""
    root = destdir.resolve() if destdir else Path("/")
    if kiosk:
        return Layout(root, Path("/opt/ovillo"), Path("/usr/local/bin"), Path("/usr/local/share/ovillo/models"),
                      Path("/var/lib/ovillo/kiosk"), Path("/usr/share/applications"),
                      Path("/usr/share/icons/hicolor/scalable/apps"), Path("/usr/share/xsessions"),
                      Path("/var/lib/ovillo"))
    data = user_data_dir()
    xdg = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    models = Path(os.environ["OVILLO_MODELS"]) if os.environ.get("OVILLO_MODELS") else data / "models"
    home_data = Path(os.environ["OVILLO_HOME"]) if os.environ.get("OVILLO_HOME") else data
    return Layout(root, Path.home() / ".local" / "lib" / "ovillo", Path.home() / ".local" / "bin", models,
                  home_data, xdg / "applications", xdg / "icons" / "hicolor" / "scalable" / "apps",
                  xdg / "xsessions", data)
