"""Words for the codes core stores: what a reader sees instead of ``restricted``."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def classification_label(value: str | None) -> str:
    """The translated word for a classification code; an unknown code is shown as stored."""
    # literal strings, one call each, so lupdate finds them (a loop over the codes would hide them)
    words = {
        "public": QCoreApplication.translate("Classification", "public"),
        "restricted": QCoreApplication.translate("Classification", "restricted"),
        "secret": QCoreApplication.translate("Classification", "secret"),
    }
    return words.get(value or "", value or "—")



def language_label(code: str | None) -> str:
    """The translated name of a language code (``ca`` → Catalan); an unknown code is shown as stored."""
    base = (code or "").split("-")[0].lower()
    names = {
        "es": QCoreApplication.translate("Language", "Spanish"),
        "ca": QCoreApplication.translate("Language", "Catalan"),
        "en": QCoreApplication.translate("Language", "English"),
        "fr": QCoreApplication.translate("Language", "French"),
        "it": QCoreApplication.translate("Language", "Italian"),
        "pt": QCoreApplication.translate("Language", "Portuguese"),
        "de": QCoreApplication.translate("Language", "German"),
        "gl": QCoreApplication.translate("Language", "Galician"),
        "eu": QCoreApplication.translate("Language", "Basque"),
        "oc": QCoreApplication.translate("Language", "Occitan"),
        "la": QCoreApplication.translate("Language", "Latin"),
        "ar": QCoreApplication.translate("Language", "Arabic"),
    }
    return names.get(base, code or "—")
