"""What the record view builds from a record and sends out: its passages as markup, a copy to print or save
as PDF (title, identity, citation and text, the passage highlighted) and its source file's folder."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QProcess, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QFont, QTextDocument
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QFileDialog, QLabel, QWidget

from app.palette import Palette
from app.passage_html import is_markdown, passage_html
from app.plain import plain_label, set_tip
from app.record_facts import citation_parts, citation_text
from app.status_note import notify
from app.text import escape
from core.api import RecordChunk, RecordText

PLAY_SCHEME = "play"  # passage links "play:<seconds>" start the recording there
FACT_PX = 260  # a record fact that cannot wrap (a long file name) is elided in the middle past this width


def passages_html(rec: RecordText, focus: RecordChunk | None, query: str, quote: tuple[int, int] | None,
                  where: Callable[[RecordChunk], str], palette: Palette, play_links: bool) -> str:
    """Every passage in order, its Markdown shown, the ``focus`` passage highlighted (anchor ``hit``) with
    the ``quote`` marked inside it; each starts with its page or moment (a ▶ link when ``play_links``)."""
    markdown = is_markdown("", rec.source_path) or any(is_markdown(c.text) for c in rec.chunks)
    parts: list[str] = []
    for c in rec.chunks:
        place = where(c)
        if play_links and c.tc_in is not None:
            prefix = f"<a href='{PLAY_SCHEME}:{c.tc_in:.3f}'>▶ {escape(place)}</a> "
        elif place:
            prefix = f"<span style='color:{palette.meta};'>[{escape(place)}]</span> "
        else:
            prefix = ""
        hit = focus is not None and c is focus
        body = passage_html(c.text, query, quote if hit else None, quote_css=palette.quote.css,
                            block_css=palette.hit.css if hit else "", prefix=prefix, markdown=markdown)
        parts.append(("<a name='hit'></a>" if hit else "") + body)
    return "".join(parts)


def record_citation(rec: RecordText, focus: RecordChunk | None) -> dict[str, str]:
    """What a citation of ``rec`` at the ``focus`` passage names (see :func:`app.record_facts.citation_parts`)."""
    return citation_parts(rec.section_tipo, rec.section_id, rec.title, rec.date_start, rec.date_end, rec.data,
                          page=focus.page if focus else None, tc_in=focus.tc_in if focus else None)


def printable_html(title: str, rows: list[tuple[str, str]], citation: str, body: str, palette: Palette) -> str:
    """One page of markup for a printer: the title, the identity facts, the citation, then the text."""
    facts = "".join(
        f"<tr><td style='color:{palette.meta}; padding-right:12px;'>{escape(label)}</td><td>{escape(value)}</td></tr>"
        if label else f"<tr><td colspan='2'><i>{escape(value)}</i></td></tr>" for label, value in rows)
    return (f"<h2>{escape(title)}</h2><table cellspacing='0' cellpadding='2'>{facts}</table>"
            f"<p><i>{escape(citation)}</i></p><hr>{body}")


def document(markup: str, font: QFont | None = None) -> QTextDocument:
    """A text document of ``markup`` (in ``font``), ready to print."""
    doc = QTextDocument()
    if font is not None:
        doc.setDefaultFont(font)
    doc.setHtml(markup)
    return doc


def write_pdf(markup: str, path: str | Path, font: QFont | None = None) -> Path:
    """Lay ``markup`` out on A4 pages and write them to ``path`` as a PDF (".pdf" added when missing)."""
    target = Path(path)
    if target.suffix.lower() != ".pdf":
        target = target.with_name(target.name + ".pdf")
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(target))
    document(markup, font).print_(printer)
    return target


def pdf_name(identifier: str) -> str:
    """A file name for a record's PDF: its identifier, with what a file system refuses replaced."""
    safe = "".join("_" if ch in '<>:"/\\|?*' or ord(ch) < 32 else ch for ch in identifier).strip(" .")
    return (safe or "record") + ".pdf"


def print_with_dialog(parent: QWidget, markup: str, font: QFont | None = None) -> bool:
    """Ask which printer (the system's print dialog), then print ``markup``; False when cancelled."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    dialog = QPrintDialog(printer, parent)
    # the record view's words, in its context (literal, so lupdate finds them)
    dialog.setWindowTitle(QCoreApplication.translate("RecordView", "Print the record"))
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    document(markup, font).print_(printer)
    return True


def ask_pdf_path(parent: QWidget, identifier: str) -> str:
    """Ask where to save a record's PDF (named after its ``identifier``); "" when cancelled."""
    path, _chosen = QFileDialog.getSaveFileName(
        parent, QCoreApplication.translate("RecordView", "Save the record as PDF"), pdf_name(identifier),
        QCoreApplication.translate("RecordView", "PDF documents (*.pdf)"))
    return path


def save_pdf(parent: QWidget, markup: str, path: str, font: QFont | None = None) -> str:
    """Write ``markup`` to ``path`` as a PDF and say so in the status bar; the path written ("" on failure,
    said too)."""
    try:
        written = write_pdf(markup, path, font)
    except OSError as exc:
        notify(parent, QCoreApplication.translate("RecordView", "The PDF could not be saved: %1")
               .replace("%1", str(exc)))
        return ""
    notify(parent, QCoreApplication.translate("RecordView", "Record saved as %1").replace("%1", str(written)))
    return str(written)


def reveal(path: str) -> bool:
    """Show the folder holding ``path`` in the system's file manager, the file selected where the system
    can do that (Windows, macOS); False when nothing could show it."""
    if sys.platform == "win32":
        return bool(QProcess.startDetached("explorer", ["/select,", os.path.normpath(path)]))
    if sys.platform == "darwin":
        return bool(QProcess.startDetached("open", ["-R", path]))
    return QDesktopServices.openUrl(QUrl.fromLocalFile(os.path.dirname(os.path.abspath(path))))


def show_in_folder(parent: QWidget, path: str) -> bool:
    """Show the folder of a record's source file; what stops it (the file gone, no file manager) is said."""
    if not path or not os.path.exists(path):
        notify(parent, QCoreApplication.translate("RecordView", "The original file is not there any more: %1")
               .replace("%1", path))
    elif not reveal(path):
        notify(parent, QCoreApplication.translate("RecordView", "No application on this computer could show the "
                                                  "folder %1").replace("%1", os.path.dirname(path)))
    else:
        return True
    return False


def fact_label(value: str, tip: str = "", whole: bool = True) -> QLabel:
    """A record fact's value, wrapped; one unbreakable word (a file name) too wide for the side column is elided
    in the middle instead, with ``tip`` — and the whole value too when ``whole`` — in its tooltip."""
    label = plain_label(value)
    label.setWordWrap(True)
    if value and not any(ch.isspace() for ch in value):
        shown = label.fontMetrics().elidedText(value, Qt.TextElideMode.ElideMiddle, FACT_PX)
        if shown != value:
            label.setWordWrap(False)
            label.setText(shown)
            tip = "\n".join(filter(None, (value, tip))) if whole else tip
    set_tip(label, tip)
    return label
