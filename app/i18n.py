"""Interface language: Qt ``.qm`` catalogues compiled from ``app/translations/*.ts``.

``pyside6-essentials`` ships ``lrelease``, so the ``.ts`` sources are compiled offline
(``scripts/translations``) and the ``.qm`` files are shipped beside them.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

TRANSLATIONS = Path(__file__).resolve().parent / "translations"
SUPPORTED = ("en", "es", "ca")


def pick_language(setting: str) -> str:
    """The setting, or the system language when it says ``system`` (English when unsupported)."""
    if setting and setting != "system":
        return setting if setting in SUPPORTED else "en"
    system = QLocale.system().name().split("_")[0]
    return system if system in SUPPORTED else "en"


def install_translators(app: QCoreApplication, lang: str) -> list[QTranslator]:
    """Load Ovillo's catalogue and Qt's own (standard buttons); keep the returned list alive."""
    installed: list[QTranslator] = []
    ours = QTranslator(app)
    if ours.load(str(TRANSLATIONS / f"ovillo_{lang}.qm")):  # English: its plural forms only
        app.installTranslator(ours)
        installed.append(ours)
    if lang == "en":
        return installed
    qt = QTranslator(app)
    if qt.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        installed.append(qt)
    return installed
