"""The menu bar: File (Import, Quit Ctrl+Q), View (every page), Help (the user guide); none in the kiosk."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.guide import MANUAL, GuideDialog
from app.i18n import install_translators

from tests.gui.conftest import WindowFactory


def test_menus_reach_the_pages_and_quit(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    titles = [a.text() for a in w.menuBar().actions()]
    assert titles == ["&File", "&Edit", "&View", "&Help"]
    acts = w.menu_actions
    assert acts["quit"].shortcut() == QKeySequence(QKeySequence.StandardKey.Quit)
    acts["import"].trigger()
    assert w.stack.currentWidget() is w.importer
    acts["page0"].trigger()
    assert w.stack.currentWidget() is w.search
    assert len([k for k in acts if k.startswith("page")]) == len(w.pages)
    assert acts["guide"].text() and acts["about"].text()
    acts["quit"].trigger()  # the window closes (its workers stopped first)
    qtbot.waitUntil(lambda: not w.isVisible(), timeout=10_000)


def test_kiosk_has_no_menu_bar(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window(kiosk=True)
    assert not w.menuBar().actions() and w.menu_actions == {}


@pytest.mark.parametrize(("lang", "heading", "section"), [
    ("en", "Ovillo — user guide", "Import your files"),
    ("es", "Ovillo — guía de uso", "Importar sus archivos"),
    ("ca", "Ovillo — guia d'ús", "Importar els vostres fitxers")])
def test_help_opens_the_user_guide_in_the_window_s_language(qtbot: QtBot, make_window: WindowFactory, lang: str,
                                                             heading: str, section: str) -> None:
    """Help → User guide (F1) shows the guide shipped with the app, offline, in the interface language; once."""
    app = QApplication.instance()
    assert app is not None
    translators = install_translators(app, lang) if lang != "en" else []
    try:
        w = make_window()
        acts = w.menu_actions
        assert acts["guide"].shortcut() == QKeySequence(QKeySequence.StandardKey.HelpContents)
        acts["guide"].trigger()
        guide = w.findChild(GuideDialog)
        assert guide is not None and guide.isVisible() and guide.windowTitle() == heading
        text = guide.text.toPlainText()
        assert section in text and "postgresql://" in text and "README" not in text
        acts["guide"].trigger()  # a second press brings the same guide forward
        assert len(w.findChildren(GuideDialog)) == 1
    finally:
        for t in translators:
            app.removeTranslator(t)


def test_every_guide_has_the_same_sections() -> None:
    heads = {p.name: [ln for ln in p.read_text(encoding="utf-8").splitlines() if ln.startswith("#")]
             for p in sorted(MANUAL.glob("guide.*.md"))}
    assert set(heads) == {"guide.en.md", "guide.es.md", "guide.ca.md"}
    assert len({len(h) for h in heads.values()}) == 1  # the translations keep every section
