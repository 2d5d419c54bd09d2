"""The window says which system library is missing instead of letting Qt abort; a PIN needs no display."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
from pathlib import Path

from app.platform_check import debian_package, missing_library, problem_text
from tests.demo_fixtures import REPO


def test_debian_names_follow_the_rule_setup_uses() -> None:
    assert debian_package("libxcb-icccm.so.4") == "libxcb-icccm4"
    assert debian_package("libxkbcommon-x11.so.0") == "libxkbcommon-x11-0"
    assert debian_package("libEGL.so.1") == "libegl1"
    code = "from ovsetup.system import debian_package_of as f; print(f('libxcb-keysyms.so.1'))"
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO / "scripts", capture_output=True, text=True, check=True)
    assert out.stdout.strip() == debian_package("libxcb-keysyms.so.1") == "libxcb-keysyms1"


def test_the_installed_plugin_loads() -> None:
    import PySide6

    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    assert plugin.exists()
    assert missing_library(plugin) is None  # setup installed what it links


def test_a_missing_library_is_named_with_its_package() -> None:
    class Loader(ctypes.CDLL):
        def __init__(self, name: str, mode: int = 0) -> None:  # the dynamic loader's own wording
            raise OSError("libxcb-icccm.so.4: cannot open shared object file: No such file or directory")

    lost = missing_library(Path("/nonexistent/libqxcb.so"), load=Loader)
    assert lost == "libxcb-icccm.so.4"
    text = problem_text(lost)
    assert "libxcb-icccm.so.4" in text and "apt-get install libxcb-icccm4" in text and "--cli" in text


def test_set_kiosk_pin_works_without_a_display(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["OVILLO_HOME"] = str(tmp_path / "home")
    # no terminal: getpass reads stdin; an empty stdin is "no PIN entered" — but no abort for want of a display
    run = subprocess.run([sys.executable, "-m", "app.main", "--set-kiosk-pin", "--lang", "en"], cwd=REPO, env=env,
                         input="", capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr[-2000:]
    assert "No PIN entered" in run.stderr and "could not connect to display" not in run.stderr
