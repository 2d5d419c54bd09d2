"""Preferences are generated from the Settings model and saved; Spanish and Catalan catalogues load."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QSpinBox
from pytestqt.qtbot import QtBot

from app.i18n import TRANSLATIONS, install_translators, pick_language
from core.settings import Settings
from tests.gui.conftest import WindowFactory


def test_every_setting_has_an_editor_and_saving_writes_the_file(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    prefs = w.preferences
    assert prefs is not None
    assert set(prefs.editors) == set(Settings.model_fields) - {"version"}
    threads = prefs.editors["threads"]
    assert isinstance(threads, QSpinBox) and (threads.minimum(), threads.maximum()) == (1, 256)
    assert isinstance(prefs.editors["lexical_weight"], QDoubleSpinBox)
    choice = prefs.editors["default_classification"]
    assert isinstance(choice, QComboBox) and choice.count() == 3
    threads.setValue(1)
    choice.setCurrentIndex(choice.findData("public"))
    lang = prefs.editors["ui_language"]
    assert isinstance(lang, QComboBox)
    lang.setCurrentIndex(lang.findData("ca"))
    prefs.save_button.click()
    saved = json.loads(w.ops.ovillo.paths.settings.read_text())
    assert saved["threads"] == 1 and saved["default_classification"] == "public" and saved["ui_language"] == "ca"
    assert w.ops.ovillo.settings.threads == 1
    assert not w.error_dialogs


@pytest.mark.parametrize(("lang", "search", "imp"), [("es", "Buscar", "Importar"), ("ca", "Cerca", "Importa")])
def test_translations_load(qtbot: QtBot, make_window: WindowFactory, lang: str, search: str, imp: str) -> None:
    assert (TRANSLATIONS / f"ovillo_{lang}.qm").exists()
    app = QCoreApplication.instance()
    assert app is not None
    translators = install_translators(app, lang)
    try:
        w = make_window()
        titles = [w.nav.item(i).text().split("\t")[0] for i in range(w.nav.count())]
        assert titles[0] == search and imp in titles
        assert QCoreApplication.translate("SearchView", "Collection") != "Collection"
    finally:
        for t in translators:
            app.removeTranslator(t)
    assert pick_language("es") == "es" and pick_language("xx") == "en"


def test_every_setting_title_is_marked_for_translation() -> None:
    from app.settings_strings import SETTING_TITLES

    titles = {f.title for f in Settings.model_fields.values() if f.title}
    assert titles <= set(SETTING_TITLES), titles - set(SETTING_TITLES)
