"""The window in a real X session: Xvfb and Qt's xcb platform plugin, not the offscreen platform.

The offscreen platform never loads the X11 plugin, so a machine missing one of the libraries it
links passed every GUI test while the real window aborted at start (exit 134). Here every main
view — search, record, ask's page, objects, import, library, preferences, the kiosk — is opened
as a real X11 window, in Spanish (the longest labels), and captured.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QImage

from tests.demo_fixtures import DEMO, REPO


@pytest.fixture(scope="module")
def x_display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    xvfb = shutil.which("Xvfb")
    assert xvfb, "Xvfb is required for the real-X GUI test: ./scripts/test installs it (apt-get install xvfb) as root"
    number = next(n for n in range(90, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists()
                  and not Path(f"/tmp/.X{n}-lock").exists())
    proc = subprocess.Popen([xvfb, f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    socket = Path(f"/tmp/.X11-unix/X{number}")
    deadline = time.monotonic() + 30
    while not socket.exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)
    assert socket.exists(), "Xvfb did not start"
    try:
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_every_view_opens_as_a_real_x11_window(x_display: str, demo_home: Path, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "OVILLO_HOME"}
    env.update(DISPLAY=x_display, QT_QPA_PLATFORM="xcb")
    out = tmp_path / "shots"
    run = subprocess.run([sys.executable, "-m", "app.screenshots", "--home", str(demo_home), "--out", str(out),
                          "--no-ask", "--lang", "es", str(DEMO / "diaries")],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, (run.stdout[-2000:], run.stderr[-3000:])
    shots = sorted(out.glob("*.png"))
    assert {"search", "record", "kiosk", "objects"} <= {p.stem for p in shots}, shots
    for p in shots:
        img = QImage(str(p)).convertToFormat(QImage.Format.Format_RGB32)
        assert img.width() >= 800 and img.height() >= 600, p
        # a real rendering, not a blank surface: antialiased text alone gives dozens of distinct colours
        pixels = np.frombuffer(img.constBits(), dtype=np.uint32, count=img.width() * img.height())
        assert len(np.unique(pixels)) > 16, p
