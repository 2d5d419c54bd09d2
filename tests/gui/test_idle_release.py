"""The window lets the import-only models go once imports have been idle a while (issue #32, memory)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo
from tests.gui.conftest import WAIT_MS


class Counting(Ovillo):
    """The facade, counting its releases (and what was running on the writer thread then)."""

    releases: list[list[str]]

    def release_idle_models(self) -> list[str]:
        self.releases.append(super().release_idle_models())
        return self.releases[-1]


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    ov = Counting(tmp_path / "home", models_dir=tmp_path / "models", encoder=HashingEncoder())
    ov.releases = []
    w = MainWindow(ov)
    qtbot.addWidget(w)
    w.show()
    yield w
    w.shutdown()
    ov.close()


def _import(qtbot: QtBot, w: MainWindow, folder: Path) -> None:
    assert w.importer is not None
    w.importer.start_import([str(folder)])
    qtbot.waitUntil(lambda: w.importer is not None and w.importer.state == "idle", timeout=WAIT_MS)


def test_the_models_go_once_an_import_has_ended_and_the_idle_interval_passed(qtbot: QtBot, window: MainWindow,
                                                                            tmp_path: Path) -> None:
    w = window
    ov = w.ops.ovillo
    assert isinstance(ov, Counting)
    w.idle_release.timer.setInterval(50)  # the product waits a minute
    assert not w.idle_release.timer.isActive() and ov.releases == []  # nothing before an import
    folder = tmp_path / "inbox"
    folder.mkdir()
    (folder / "carta.md").write_text("# Carta\n\nEl molino volvió a moler en 1891.\n", encoding="utf-8")
    with qtbot.waitSignal(w.idle_release.released, timeout=WAIT_MS) as done:
        _import(qtbot, w, folder)
    assert len(ov.releases) == 1 and done.args == [ov.releases[0]]
    # a later import still works after the release, and starts the timer again
    (folder / "otra.md").write_text("# Otra carta\n\nLa acequia se limpió en 1893.\n", encoding="utf-8")
    with qtbot.waitSignal(w.idle_release.released, timeout=WAIT_MS):
        _import(qtbot, w, folder)
    assert len(ov.releases) == 2
    assert "Otra carta" in [h.title for h in w.ops.ovillo.search.page("acequia", limit=5).hits]


def test_reads_do_not_start_the_timer(qtbot: QtBot, window: MainWindow) -> None:
    w = window
    w.idle_release.timer.setInterval(50)
    done: list[object] = []
    w.ops.status(done.append)
    qtbot.waitUntil(lambda: bool(done), timeout=WAIT_MS)
    assert not w.idle_release.timer.isActive() and w.ops.ovillo.releases == []  # type: ignore[attr-defined]
