"""One style sheet for light and dark: it parses without a Qt warning, every text colour reads on its
background (WCAG contrast ≥ 4.5:1, computed), views carry no colours of their own, and the window
renders in dark mode."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication, Qt, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QGuiApplication, QImage, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app import text
from app.palette import DARK, LIGHT, MARK, Palette, contrast, current, luminance, set_current, text_pairs
from app.style import SchemeFollower, apply_style, palette_for, stylesheet
from tests.gui.conftest import WAIT_MS, WindowFactory

APP = Path(__file__).resolve().parents[2] / "app"
SCHEMES = [Qt.ColorScheme.Light, Qt.ColorScheme.Dark]


@pytest.fixture
def qt_messages() -> Iterator[list[str]]:
    """Every warning Qt prints while the test runs (a style sheet that does not parse is one)."""
    seen: list[str] = []

    def handler(kind: QtMsgType, _ctx: object, message: str) -> None:
        if kind != QtMsgType.QtDebugMsg and "propagateSizeHints" not in message:  # offscreen's own notice
            seen.append(message)

    previous = qInstallMessageHandler(handler)
    yield seen
    qInstallMessageHandler(previous)


@pytest.fixture
def restore_style(qapp: QApplication) -> Iterator[QApplication]:
    """The application, its style sheet and palette put back as they were after the test."""
    sheet, palette = qapp.styleSheet(), qapp.palette()
    yield qapp
    set_current(LIGHT)
    qapp.setStyleSheet(sheet)
    qapp.setPalette(palette)


@pytest.mark.parametrize("palette", [LIGHT, DARK], ids=["light", "dark"])
def test_every_text_colour_reads_on_its_background(palette: Palette) -> None:
    ratios = {name: contrast(fg, bg) for name, (fg, bg) in text_pairs(palette).items()}
    assert min(ratios.values()) >= 4.5, {k: round(v, 2) for k, v in ratios.items() if v < 4.5}
    assert len(ratios) >= 15
    # the check itself: black on white is 21:1, a colour on itself 1:1
    assert round(contrast("#000000", "#ffffff"), 2) == 21.0 and contrast(palette.text, palette.text) == 1.0
    # light mode is light and dark mode is dark
    assert (luminance(palette.window) > 0.5) == (palette.scheme == "light")


def test_highlights_carry_their_own_text_colour() -> None:
    assert MARK.background in text.MARK and MARK.text in text.MARK  # the snippet marks are the palette's
    for p in (LIGHT, DARK):
        assert p.hit.text in p.hit.css and p.quote.text in p.quote.css


@pytest.mark.parametrize("scheme", SCHEMES, ids=["light", "dark"])
def test_the_style_sheet_parses_and_styles_the_window(qtbot: QtBot, make_window: WindowFactory,
                                                      restore_style: QApplication, qt_messages: list[str],
                                                      scheme: Qt.ColorScheme) -> None:
    chosen = apply_style(restore_style, scheme)
    assert chosen is palette_for(scheme) and current() is chosen
    w = make_window()
    w.resize(1280, 800)
    for i in range(len(w.pages)):  # every page is polished (a bad rule only warns when it is used)
        w.go(i)
        QApplication.processEvents()
    w.grab()
    assert qt_messages == []
    assert restore_style.styleSheet() == stylesheet(chosen, restore_style.font().pointSizeF())
    assert w.palette().color(QPalette.ColorRole.Window).name() == chosen.window


def test_the_window_renders_in_dark_mode(qtbot: QtBot, make_window: WindowFactory,
                                         restore_style: QApplication, qt_messages: list[str]) -> None:
    apply_style(restore_style, Qt.ColorScheme.Dark)
    w = make_window()
    w.resize(1280, 800)
    w.search.query.setText("molino")
    qtbot.waitUntil(lambda: w.search.results.count() > 0, timeout=WAIT_MS)
    img = w.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(img.constBits(), dtype=np.uint8, count=img.width() * img.height() * 4).reshape(-1, 4)
    grey = pixels[:, :3].mean(axis=1)
    assert np.median(grey) < 80, np.median(grey)  # mostly dark surfaces …
    assert (grey > 180).mean() > 0.002  # … with light text on them
    nav = w.nav.grab().toImage()
    selected = w.nav.visualItemRect(w.nav.item(0)).center()
    assert nav.pixelColor(selected.x() - 40, selected.y()).name() == DARK.accent  # the page you are on
    assert DARK.meta in w.search.results.itemWidget(w.search.results.item(0)).text()  # meta line in dark grey
    assert qt_messages == []


def test_the_style_follows_the_system_scheme_at_run_time(restore_style: QApplication) -> None:
    follower = SchemeFollower(restore_style)
    try:
        follower.follow(Qt.ColorScheme.Dark)  # what colorSchemeChanged delivers
        assert current() is DARK and restore_style.palette().color(QPalette.ColorRole.Window).name() == DARK.window
        follower.follow(Qt.ColorScheme.Light)
        assert current() is LIGHT
        assert palette_for(Qt.ColorScheme.Unknown) is LIGHT  # a system that does not say gets light
        assert QGuiApplication.styleHints().colorScheme() in (Qt.ColorScheme.Unknown, Qt.ColorScheme.Light,
                                                              Qt.ColorScheme.Dark)
    finally:
        follower.deleteLater()
        QCoreApplication.processEvents()


def test_views_carry_no_colours_of_their_own() -> None:
    literal = re.compile(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b|color:\s*(gray|grey|white|black)\b")
    offenders = []
    for path in sorted(APP.rglob("*.py")):
        if path.name in ("palette.py", "style.py", "text.py"):
            continue  # the palette itself; text.py repeats the palette's snippet mark (checked above)
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if literal.search(line) or ("setStyleSheet(" in line and "palette(" not in line):
                offenders.append(f"{path.relative_to(APP.parent)}:{n}: {line.strip()}")
    assert offenders == []
