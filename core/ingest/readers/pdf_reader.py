"""PDF text layer, one section per page so every chunk knows its page number.

Hardened for the PDFs archives really hold: junk before ``%PDF`` is skipped, encrypted files are
opened with the empty password (or the one in ``<file>.options.json``), a page pypdf cannot read
is read by PDFium, and every library message is put into an archivist's words (the raw one is
logged). Pages without a usable text layer — none, glyph codes, mojibake — are handed to OCR
(:mod:`core.ingest.ocr`); an XFA form's "please wait" placeholder is not indexed as its content.
"""

from __future__ import annotations

import io
import logging
import re
import warnings
from pathlib import Path
from typing import Any

from PIL import Image

from core.chunking.model import Block, ParsedRecord
from core.errors import CorruptSource
from core.ingest.ocr import ScanResult
from core.ingest.readers.common import date_from_filename, parse_date_range
from core.ingest.readers.pdf_gaps import split_glued
from core.ingest.sidecar import read_sidecar, sidecar_path
from core.ingest.titles import choose_title, clean_title
from core.text import compose_accents

log = logging.getLogger(__name__)

#: Acrobat accepts the header anywhere in the first kilobyte; so do we
HEADER_WINDOW = 1024
#: pages are rendered for OCR at this resolution (dots per inch)
RENDER_DPI = 200
_GLYPH_TOKEN = re.compile(r"^(?:/?g\d+|\(cid:\d+\)|/?uni[0-9A-Fa-f]{4,6}|/?glyph\d+|/?[A-Za-z]\d{2,})$")
_GLYPH_RUN = re.compile(r"/g\d+|\(cid:\d+\)|/uni[0-9A-Fa-f]{4,6}|/glyph\d+")
_WORDISH = re.compile(r"^[^\W\d_]{1,24}$")
_VOWELS = set("aeiouyàáâäãåèéêëìíîïòóôöõùúûüæœøAEIOUYÀÁÂÄÃÅÈÉÊËÌÍÎÏÒÓÔÖÕÙÚÛÜÆŒØ")
_MOJIBAKE = re.compile(r"Ã.|Â.|â€|ï¿½|\ufffd|[\ue000-\uf8ff]|[\x00-\x08\x0b\x0c\x0e-\x1f]")
_XFA_PLACEHOLDER = re.compile(r"please\s+wait.{0,300}?(?:pdf\s+viewer|adobe\s+reader|this\s+type\s+of\s+document)[^.]*\.?",
                              re.I | re.S)


_FILTER_NAMES = {"/AHx": "/ASCIIHexDecode", "/A85": "/ASCII85Decode", "/LZW": "/LZWDecode",
                 "/Fl": "/FlateDecode", "/RL": "/RunLengthDecode", "/CCF": "/CCITTFaxDecode", "/DCT": "/DCTDecode"}


class _NeedsPassword(Exception):
    """The empty password (and the sidecar's, if any) did not open the file."""


def read(path: Path, raw: bytes) -> ScanResult:
    """Read a PDF's text layer; the pages without one are listed for OCR."""
    start = raw.find(b"%PDF-", 0, HEADER_WINDOW)
    if start < 0:
        raise CorruptSource("not a PDF (no %PDF header in its first kilobyte)")
    notes = [f"{start} bytes before the PDF header were skipped"] if start else []
    data = raw[start:]
    password = str(read_sidecar(path).get("password") or "")
    by_pypdf = True
    try:
        pages, info, xfa = _with_pypdf(data, password)
    except _NeedsPassword:
        raise _password_error(path, password) from None
    except CorruptSource:
        raise
    except Exception as exc:  # the structure pypdf needs is broken: PDFium is more forgiving
        log.info("pypdf could not read %s: %s: %s", path, type(exc).__name__, exc)
        pages, info, xfa = _with_pdfium(path, data, password, exc), {}, False
        notes.append("the PDF's structure is damaged; its text was read by a more tolerant reader")
        by_pypdf = False
    pages = [compose_accents(t) if t is not None else None for t in pages]
    if by_pypdf:  # PDFium's text already parts words where the glyphs do
        pages, _ = split_glued(pages, data, password)
    for number, text in enumerate(pages, start=1):
        if text is not None and _XFA_PLACEHOLDER.search(text):
            xfa = True
            pages[number - 1] = _XFA_PLACEHOLDER.sub("", text).strip()
    if xfa:
        notes.append("this is an XFA form: its fields are not stored as pages, and only the viewer's "
                     "\"please wait\" placeholder is; print it to PDF from Adobe Reader to index its content")
    blocks: list[Block] = []
    scans: list[int] = []
    for number, text in enumerate(pages, start=1):
        if text is None or not usable_text(text):
            if not (xfa and text == ""):
                scans.append(number)
            continue
        blocks += [Block(para, page=number) for para in _paragraphs(text)]
    if not blocks and not scans:
        raise CorruptSource("this PDF is an XFA form whose content is not stored as pages" if xfa
                            else "this PDF has no pages with text",
                            hint="Open it in Adobe Reader and print it to PDF, then import that copy." if xfa else "")
    garbled = [n for n, t in enumerate(pages, start=1) if n in scans and t and t.strip()]
    if garbled:
        notes.append(f"the text layer of page{'s' if len(garbled) != 1 else ''} {_numbers(garbled)} is not "
                     "readable text (glyph codes or garbled characters); read by OCR instead")
    pdf_title = str(info.get("/Title") or "").strip() if hasattr(info, "get") else ""
    text_pages = [t or "" for n, t in enumerate(pages, start=1) if n not in scans]
    # a Title like "Microsoft Word - informe.doc" is the tool's, not the author's: the first line is better
    title = choose_title([pdf_title, _first_line(text_pages)], path)
    raw_date = str(info.get("/CreationDate") or "") if hasattr(info, "get") else ""
    date_start, date_end = date_from_filename(path)
    if date_start is None and raw_date.startswith("D:") and len(raw_date) >= 10:
        date_start, date_end = parse_date_range(f"{raw_date[2:6]}-{raw_date[6:8]}-{raw_date[8:10]}")
    rec = ParsedRecord(key="", title=title, blocks=blocks, date_start=date_start, date_end=date_end,
                       data={"pages": len(pages)})
    return ScanResult([rec], reader="pdf", notes=notes, scans=scans,
                      render=lambda n: render_page(data, password, n),
                      title_from_text=not clean_title(pdf_title) and not text_pages_have_text(text_pages))


def text_pages_have_text(pages: list[str]) -> bool:
    """True when some page kept for its text layer has any."""
    return any(t.strip() for t in pages)


def _with_pypdf(data: bytes, password: str) -> tuple[list[str | None], Any, bool]:
    """Each page's text (None: this page's text layer cannot be read), the metadata, and whether it is XFA."""
    from pypdf import PdfReader

    with warnings.catch_warnings(record=True) as caught, _quiet_pypdf():
        warnings.simplefilter("always")
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            if not _decrypt(reader, password):
                raise _NeedsPassword()
        pages: list[str | None] = []
        for page in reader.pages:
            pages.append(_page_text(page))
        info: Any = reader.metadata or {}
        root: Any = reader.trailer.get("/Root", {})
        form: Any = root.get("/AcroForm", {}) if hasattr(root, "get") else {}
        xfa = hasattr(form, "get") and form.get("/XFA") is not None
    for w in caught:
        log.info("pypdf: %s", w.message)
    if any(t is None for t in pages):
        pages = _pdfium_fill(data, password, pages)
    return pages, info, bool(xfa)


def _page_text(page: Any) -> str | None:
    """One page's text layer by pypdf (None: it cannot be read; PDFium tries next)."""
    for attempt in range(2):
        try:
            return str(page.extract_text() or "")
        except Exception as exc:  # one broken page (a bad font, an old filter name) is not the whole file
            log.info("pypdf could not read a page's text: %s: %s", type(exc).__name__, exc)
            if attempt or not _expand_filter_names(page):
                return None
    return None


def _expand_filter_names(page: Any) -> bool:
    """Give the page's content streams the full filter names pypdf 7 requires (``/A85`` →
    ``/ASCII85Decode``: older writers used the abbreviations); True when something changed."""
    from pypdf.generic import ArrayObject, NameObject

    changed = False
    contents = page.get("/Contents")
    contents = contents.get_object() if contents is not None else None
    streams = list(contents) if isinstance(contents, list) else [contents] if contents is not None else []
    for ref in streams:
        obj = ref.get_object()
        f = obj.get("/Filter") if hasattr(obj, "get") else None
        if isinstance(f, NameObject) and f in _FILTER_NAMES:
            obj[NameObject("/Filter")] = NameObject(_FILTER_NAMES[f])
            changed = True
        elif isinstance(f, ArrayObject) and any(x in _FILTER_NAMES for x in f):
            obj[NameObject("/Filter")] = ArrayObject(NameObject(_FILTER_NAMES.get(x, x)) for x in f)
            changed = True
    return changed


def _decrypt(reader: Any, password: str) -> bool:
    """Open an encrypted file: the empty password first (many are only "protected" against editing)."""
    for attempt in dict.fromkeys(["", password]):
        try:
            if reader.decrypt(attempt):
                return True
        except Exception as exc:
            if "cryptography" in str(exc):  # the dependency is declared; a broken install says so clearly
                raise CorruptSource("this PDF is AES-encrypted and the decryption library is missing",
                                    hint="Reinstall Ovillo's dependencies (./scripts/run does it).") from exc
            log.info("decrypting with %s password failed: %s", "the given" if attempt else "an empty", exc)
    return False


def _password_error(path: Path, password: str) -> CorruptSource:
    side = sidecar_path(path).name
    if password:
        return CorruptSource(f"this PDF is encrypted and the password in {side} does not open it",
                             hint=f"Correct the password in {side}, or import an unprotected copy.")
    return CorruptSource("this PDF is encrypted: it needs a password",
                         hint=f'Write {{"password": "…"}} into {side} beside it, or import an unprotected copy.')


def _pdfium_fill(data: bytes, password: str, pages: list[str | None]) -> list[str | None]:
    """The pages pypdf could not read, read by PDFium (still None when it cannot either)."""
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(data, password=password or None)
    except pdfium.PdfiumError:
        return pages
    try:
        out = list(pages)
        for i, text in enumerate(pages):
            if text is None and i < len(doc):
                out[i] = _pdfium_text(doc, i)
        return out
    finally:
        doc.close()


def _with_pdfium(path: Path, data: bytes, password: str, first: Exception) -> list[str | None]:
    """Every page's text by PDFium, after pypdf failed on the file's structure."""
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(data, password=password or None)
    except pdfium.PdfiumError as exc:
        log.info("PDFium could not open %s either: %s", path, exc)
        if "password" in str(exc).lower():
            raise _password_error(path, password) from None
        raise CorruptSource(f"damaged PDF: {explain(first)}",
                            hint="Open it in a PDF viewer and save or print a new copy, then import that.") from None
    try:
        pages = [_pdfium_text(doc, i) for i in range(len(doc))]
    finally:
        doc.close()
    if all(t is None for t in pages):  # nothing readable at all: say why in pypdf's (translated) terms
        raise CorruptSource(f"damaged PDF: {explain(first)}",
                            hint="Open it in a PDF viewer and save or print a new copy, then import that.")
    return pages


def _pdfium_text(doc: Any, index: int) -> str | None:
    try:
        page = doc[index]
        textpage = page.get_textpage()
        try:
            return str(textpage.get_text_range() or "").replace("\r\n", "\n")
        finally:
            textpage.close()
            page.close()
    except Exception as exc:
        log.info("PDFium could not read page %d: %s", index + 1, exc)
        return None


def render_page(data: bytes, password: str, number: int) -> Image.Image:
    """Page ``number`` (from 1) as a grayscale image for OCR and for showing beside its text."""
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(data, password=password or None)
        try:
            page = doc[number - 1]
            bitmap = page.render(scale=RENDER_DPI / 72, grayscale=True)
            img = bitmap.to_pil()
            page.close()
            return img.copy()
        finally:
            doc.close()
    except pdfium.PdfiumError as exc:
        raise CorruptSource(f"page {number} of this PDF cannot be drawn for OCR ({_pdfium_reason(exc)})") from exc


def _pdfium_reason(exc: Exception) -> str:
    msg = str(exc).lower()
    return "it is damaged" if "format" in msg or "corrupt" in msg else "the PDF library refused it"


def explain(exc: Exception) -> str:
    """A library's error about a PDF, in words an archivist can act on (the raw one is logged)."""
    msg = f"{type(exc).__name__} {exc}".lower()
    if "kids" in msg or "/pages" in msg or "page tree" in msg:
        return "its list of pages is broken"
    if "xref" in msg or "startxref" in msg or "trailer" in msg or "object" in msg and "offset" in msg:
        return "its table of contents (cross-reference table) is broken"
    if "eof" in msg or "truncat" in msg or "stream ended" in msg:
        return "the file is incomplete (cut off before its end)"
    if "filter" in msg or "decode" in msg or "zlib" in msg or "compress" in msg:
        return "a compressed part of it cannot be unpacked"
    if "recursion" in msg:
        return "its internal references loop back on themselves"
    return "its internal structure cannot be read"


class _quiet_pypdf:
    """pypdf logs recoverable damage as warnings: they go to our log, not to the user's screen."""

    def __enter__(self) -> None:
        self._logger = logging.getLogger("pypdf")
        self._propagate = self._logger.propagate
        self._handler = _Relay()
        self._logger.addHandler(self._handler)
        self._logger.propagate = False

    def __exit__(self, *exc: object) -> None:
        self._logger.removeHandler(self._handler)
        self._logger.propagate = self._propagate


class _Relay(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        log.info("pypdf: %s", record.getMessage())


def usable_text(text: str) -> bool:
    """False for a text layer that is not text: empty, glyph codes (``/g3 /g132``), mojibake, or too
    few word-like tokens (a font whose characters map to nothing readable)."""
    compact = "".join(text.split())
    if len(compact) < 3:
        return False
    tokens = text.split()
    if sum(bool(_GLYPH_TOKEN.match(t)) for t in tokens) > 0.2 * len(tokens):
        return False
    if sum(len(m) for m in _GLYPH_RUN.findall(text)) > 0.3 * len(compact):  # "/g3/g10/g17…" with no spaces
        return False
    if len(_MOJIBAKE.findall(text)) > 0.05 * len(compact):
        return False
    letters = sum(c.isalnum() for c in compact)
    if len(compact) >= 20 and letters < 0.5 * len(compact):
        return False
    words = [t.strip(".,;:!?¡¿()[]«»\"'“”‘’-–—") for t in tokens]
    words = [w for w in words if w]
    wordlike = [w for w in words if _WORDISH.match(w) and (len(w) <= 3 or _VOWELS & set(w))
                and not re.search(r"[^aeiouyàáèéíïòóúü\W\d]{6,}", w.lower())]
    return len(words) < 8 or len(wordlike) >= 0.3 * len(words)


def _numbers(pages: list[int]) -> str:
    return ", ".join(map(str, pages[:10])) + (f" and {len(pages) - 10} more" if len(pages) > 10 else "")


def _paragraphs(text: str) -> list[str]:
    """Text layers mark paragraphs with blank lines or short lines ending in a full stop."""
    out: list[str] = []
    cur: list[str] = []
    for line in text.replace("\r", "").split("\n"):
        s = line.strip()
        if not s:
            if cur:
                out.append(" ".join(cur))
                cur = []
            continue
        cur.append(s)
    if cur:
        out.append(" ".join(cur))
    return [" ".join(p.split()) for p in out if p.strip()]


def _first_line(pages: list[str]) -> str:
    for text in pages:
        for line in text.splitlines():
            if line.strip():
                return line.strip()[:200]
    return ""
