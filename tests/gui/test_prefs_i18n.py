"""Preferences are generated from the Settings model and saved; Spanish and Catalan catalogues load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QSpinBox
from pytestqt.qtbot import QtBot

from app.i18n import TRANSLATIONS, install_translators, pick_language

APP = Path(__file__).resolve().parents[2] / "app"
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
    from app.settings_strings import SETTING_DESCRIPTIONS  # the help Preferences shows as tooltips

    helps = {f.description for n, f in Settings.model_fields.items() if f.description and n != "version"}
    assert helps <= set(SETTING_DESCRIPTIONS), helps - set(SETTING_DESCRIPTIONS)


def test_catalogues_are_complete_and_current(tmp_path: Path) -> None:
    """Every interface string in app/ is in both catalogues, translated, and the .qm files are fresh."""
    import subprocess
    import sys
    import xml.etree.ElementTree as ET

    lupdate = Path(sys.executable).with_name("pyside6-lupdate")
    sources = sorted(str(p) for p in (*APP.glob("*.py"), *(APP / "views").glob("*.py")))
    fresh = tmp_path / "fresh.ts"
    subprocess.run([str(lupdate), *sources, "-ts", str(fresh)], check=True, capture_output=True, timeout=120)

    def messages(ts: Path) -> dict[tuple[str, str], ET.Element]:
        root = ET.parse(ts).getroot()
        return {(ctx.findtext("name") or "", m.findtext("source") or ""): m
                for ctx in root.iter("context") for m in ctx.iter("message")}

    wanted = set(messages(fresh))
    for lang in ("es", "ca"):
        ts = TRANSLATIONS / f"ovillo_{lang}.ts"
        shipped = messages(ts)
        assert wanted <= set(shipped), (lang, sorted(wanted - set(shipped)))
        for key in wanted:
            tr = shipped[key].find("translation")
            assert tr is not None and tr.get("type") not in ("unfinished", "vanished", "obsolete"), (lang, key)
            assert (tr.text or "").strip() or tr.findall("numerusform"), (lang, key)
        # the compiled catalogue the app loads has them too (scripts/translations was re-run)
        qm = QTranslator()
        assert qm.load(str(TRANSLATIONS / f"ovillo_{lang}.qm"))
        stale = [k for k in wanted if not qm.translate(k[0], k[1], None, 1)]
        assert not stale, (lang, sorted(stale))


def test_english_plural_forms_come_from_its_catalogue(qapp: QCoreApplication) -> None:
    """English runs on the source strings, but "%n record(s)" still reads "1 record" / "20 records"."""
    app = qapp
    keep = install_translators(app, "en")
    try:
        assert keep, "app/translations/ovillo_en.qm did not load (run scripts/translations)"
        one = QCoreApplication.translate("SearchView", "%n record(s)", "", 1)
        many = QCoreApplication.translate("SearchView", "%n record(s)", "", 20)
        assert (one, many) == ("1 record", "20 records")
        assert QCoreApplication.translate("ObjectsView", "%n neighbour(s)", "", 2) == "2 neighbours"
    finally:
        for t in keep:
            app.removeTranslator(t)
