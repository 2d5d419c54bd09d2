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


def kind_label(kind: str | None) -> str:
    """The translated name of a kind of record (``interview`` → Interview); an unknown kind is shown as stored."""
    names = {
        "catalogue": QCoreApplication.translate("Kind", "Catalogue entry"),
        "interview": QCoreApplication.translate("Kind", "Interview"),
        "document": QCoreApplication.translate("Kind", "Document"),
        "text": QCoreApplication.translate("Kind", "Text"),
        "mail": QCoreApplication.translate("Kind", "Mail message"),
        "image": QCoreApplication.translate("Kind", "Image"),
        "object": QCoreApplication.translate("Kind", "Object"),
        "other": QCoreApplication.translate("Kind", "Other"),
    }
    return names.get(kind or "", kind or "—")


def field_label(name: str) -> str:
    """The translated label of an interview's or a mail message's element (the names Ovillo gives what it
    reads from an OHMS export or a message's headers); any other name is shown as stored."""
    names = {
        "repository": QCoreApplication.translate("Field", "Repository"),
        "accession": QCoreApplication.translate("Field", "Accession"),
        "collection_name": QCoreApplication.translate("Field", "Collection"),
        "series_name": QCoreApplication.translate("Field", "Series"),
        "interviewee": QCoreApplication.translate("Field", "Interviewee"),
        "interviewer": QCoreApplication.translate("Field", "Interviewer"),
        "date": QCoreApplication.translate("Field", "Date"),
        "duration": QCoreApplication.translate("Field", "Duration"),
        "rights": QCoreApplication.translate("Field", "Rights"),
        "usage": QCoreApplication.translate("Field", "Usage"),
        "from": QCoreApplication.translate("Field", "From"),
        "to": QCoreApplication.translate("Field", "To"),
        "cc": QCoreApplication.translate("Field", "Cc"),
        "attachments": QCoreApplication.translate("Field", "Attachments"),
        "attachments_not_read": QCoreApplication.translate("Field", "Attachments not read"),
        "attached_to": QCoreApplication.translate("Field", "Attached to"),
    }
    return names.get(name, name)
