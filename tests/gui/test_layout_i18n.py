"""Every page fits its Spanish and Catalan words at 1280×800: no label or button cut, the sidebar whole.

The same checks run offscreen and, through a child pytest, in a real X session (Xvfb and the xcb
plugin, the fonts a desktop draws with): the clipped sidebar was only ever seen in real X.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractButton, QApplication, QCheckBox, QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from app.i18n import install_translators
from app.main_window import MainWindow
from app.nav import NAV_MIN_WIDTH
from app.style import apply_style
from tests.demo_fixtures import REPO
from tests.gui.conftest import WAIT_MS, WindowFactory
from tests.gui.test_real_x import x_display  # noqa: F401 - a fixture this module uses
from tests.gui.test_style import restore_style  # noqa: F401 - a fixture this module uses

SIZE = (1280, 800)


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    app = QCoreApplication.instance()
    assert app is not None
    translators = install_translators(app, request.param)
    assert translators, request.param  # the catalogue loaded: the words really are the longer ones
    yield request.param
    for t in translators:
        app.removeTranslator(t)


def clipped(page: QWidget, window: QWidget) -> list[str]:
    """Labels and buttons on ``page`` whose text is wider than the room they were given."""
    found = []
    for w in page.findChildren(QLabel) + page.findChildren(QAbstractButton):
        if not w.isVisibleTo(window) or w.width() <= 0:
            continue
        text = w.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        if isinstance(w, QLabel):
            rich = w.textFormat() == Qt.TextFormat.RichText or (
                w.textFormat() == Qt.TextFormat.AutoText and "<" in text and ">" in text)
            if w.wordWrap() or rich or not text or not w.pixmap().isNull():
                continue  # wrapping labels flow onto more lines; rich text has its own layout
        widest = max((w.fontMetrics().horizontalAdvance(line) for line in text.split("\n")), default=0)
        room = w.contentsRect().width()
        if isinstance(w, (QPushButton, QCheckBox)):
            room = w.width() - (w.sizeHint().width() - w.fontMetrics().horizontalAdvance(text))
        if widest > room:
            found.append(f"{type(w).__name__} {w.objectName() or '?'} {text!r}: {widest} px > {room} px")
    return found


def check_window(w: MainWindow, qtbot: QtBot) -> list[str]:
    """Every page of ``w`` shown in turn at 1280×800; the problems found."""
    w.resize(*SIZE)
    qtbot.waitUntil(lambda: (w.width(), w.height()) == SIZE, timeout=WAIT_MS)
    problems = []
    nav = w.nav
    if nav.width() < NAV_MIN_WIDTH:
        problems.append(f"sidebar {nav.width()} px < its minimum {NAV_MIN_WIDTH}")
    if nav.horizontalScrollBar().isVisible():
        problems.append("the sidebar scrolls sideways")
    for i in range(nav.count()):
        need = nav.sizeHintForIndex(nav.model().index(i, 0)).width()
        if need > nav.viewport().width():
            problems.append(f"sidebar item {nav.item(i).text()!r}: {need} px > {nav.viewport().width()} px")
    for i, (title, page) in enumerate(w.pages):
        w.go(i)
        qtbot.wait(50)  # layout requests are posted events
        problems += [f"{title}: {p}" for p in clipped(page, w)]
    w.open_record(*next(iter(_first_record(w))))
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    qtbot.wait(500)  # the recording's length arrives from the media backend a moment later
    QApplication.processEvents()
    problems += [f"record: {p}" for p in clipped(w.record, w)]
    return problems


def _first_record(w: MainWindow) -> list[tuple[str, int]]:
    rows = w.ops.ovillo.store.cursor().execute(
        "SELECT section_tipo, section_id FROM records ORDER BY section_tipo, section_id LIMIT 1").fetchall()
    return [(str(r[0]), int(r[1])) for r in rows]


@pytest.mark.parametrize("language", ["es", "ca"], indirect=True)
def test_every_page_fits_its_translated_words(qtbot: QtBot, make_window: WindowFactory, language: str,
                                              restore_style: QApplication) -> None:  # noqa: F811 - the fixture
    apply_style(restore_style, Qt.ColorScheme.Light)  # the style sheet's paddings, as the app runs
    w = make_window()
    assert w.nav.item(0).text().split("\t")[0] != "Search"
    assert check_window(w, qtbot) == []


@pytest.mark.parametrize("language", ["es"], indirect=True)
def test_a_desktop_sized_font_widens_the_sidebar_instead_of_cutting_it(
        qtbot: QtBot, make_window: WindowFactory, language: str,
        restore_style: QApplication) -> None:  # noqa: F811 - the fixture
    apply_style(restore_style, Qt.ColorScheme.Dark)
    w = make_window()
    before = w.nav.width()
    font = QFont(w.font())
    font.setPointSize(max(font.pointSize(), 1) + 2)  # a desktop font a little larger than the default
    w.nav.setFont(font)  # a font change refits the list
    assert w.nav.width() > before
    assert check_window(w, qtbot) == []


def test_every_page_fits_in_a_real_x_session(x_display: str) -> None:  # noqa: F811 - the fixture
    env = {k: v for k, v in os.environ.items() if k != "OVILLO_HOME"}
    env.update(DISPLAY=x_display, QT_QPA_PLATFORM="xcb")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          f"{__file__}::test_every_page_fits_its_translated_words"],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "2 passed" in run.stdout, run.stdout[-2000:]
