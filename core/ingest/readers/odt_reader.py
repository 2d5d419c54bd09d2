"""OpenDocument text ``.odt`` (odfpy): ``text:h`` outline levels become sections, tables Markdown tables.

Lists are read item by item, sections and frames in place; a table of contents or an index is
left out (it repeats the headings). The title is the metadata's ``dc:title`` unless it is a
placeholder, then a paragraph in the "Title" style, then the first heading; the date is the
file name's, else the metadata's creation date.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from core.chunking.model import ParsedRecord, ReadResult
from core.errors import CorruptSource
from core.ingest.readers.common import date_from_filename, language_code, parse_date_range
from core.ingest.readers.outline import Outline
from core.ingest.readers.package import check_package
from core.ingest.titles import choose_title

_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_DRAW = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
_DC = "http://purl.org/dc/elements/1.1/"
_META = "urn:oasis:names:tc:opendocument:xmlns:meta:1.0"
_SKIPPED = {(_TEXT, "table-of-content"), (_TEXT, "alphabetical-index"), (_TEXT, "illustration-index"),
            (_TEXT, "table-index"), (_TEXT, "object-index"), (_TEXT, "user-index"), (_TEXT, "bibliography"),
            (_TEXT, "sequence-decls"), (_TEXT, "tracked-changes")}
_CONTAINERS = {(_TEXT, "section"), (_TEXT, "list"), (_TEXT, "list-item"), (_TEXT, "list-header"),
               (_TEXT, "soft-page-break"), (_DRAW, "frame"), (_DRAW, "text-box")}
MAX_DEPTH = 64  # nesting followed (lists in frames in sections…); deeper content is a damaged or hostile file


def read(path: Path, raw: bytes) -> ReadResult:
    """Read an ``.odt`` into one record."""
    from odf.opendocument import load

    check_package(raw, ".odt file", whole="content.xml")
    try:
        doc = load(io.BytesIO(raw))
        body = doc.text
    except Exception as exc:  # odfpy raises whatever its zip and SAX layers meet
        raise CorruptSource(f"damaged OpenDocument text: {type(exc).__name__}: {exc}") from None
    outline = Outline()
    _walk(body, outline, _title_styles(doc), 0)
    meta = _meta(doc)
    title = choose_title([meta.get("title"), outline.title_paragraph, outline.first_heading], path)
    blocks = outline.finish(title)
    if not blocks:
        raise CorruptSource("no text to index in this file")
    start, end = date_from_filename(path)
    if start is None:
        start, end = parse_date_range(meta.get("creation-date", "")[:10])
    data = {k: v for k, v in meta.items() if k in ("creator", "subject", "description", "keyword") and v}
    rec = ParsedRecord(key="", title=title, blocks=blocks, lang=language_code(meta.get("language")),
                       date_start=start, date_end=end, data=data)
    return ReadResult([rec], reader="odt")


def _walk(node: Any, outline: Outline, title_styles: set[str], depth: int) -> None:
    """The body's headings, paragraphs and tables, in document order."""
    from odf import teletype

    if depth > MAX_DEPTH:
        outline.paragraph(teletype.extractText(node))
        return
    for child in node.childNodes:
        qname = getattr(child, "qname", None)
        if qname is None or qname in _SKIPPED:
            continue
        if qname == (_TEXT, "h"):
            level = _int(child.attributes.get((_TEXT, "outline-level")), 1)
            outline.heading(level, teletype.extractText(child))
        elif qname == (_TEXT, "p"):
            if str(child.attributes.get((_TEXT, "style-name"), "")) in title_styles:
                outline.title_line(teletype.extractText(child))
            else:
                outline.paragraph(teletype.extractText(child))
            _walk_frames(child, outline, title_styles, depth)
        elif qname == (_TABLE, "table"):
            outline.table(_table_rows(child))
        elif qname in _CONTAINERS:
            _walk(child, outline, title_styles, depth + 1)


def _walk_frames(paragraph: Any, outline: Outline, title_styles: set[str], depth: int) -> None:
    """Text boxes anchored in a paragraph hold paragraphs of their own (a caption, a sidebar)."""
    for child in paragraph.childNodes:
        if getattr(child, "qname", None) == (_DRAW, "frame"):
            _walk(child, outline, title_styles, depth + 1)


def _table_rows(table: Any) -> list[list[str]]:
    """A table's rows of cell texts (header rows and row groups included; repeats counted once)."""
    from odf import teletype

    rows: list[list[str]] = []

    def walk(node: Any) -> None:
        for child in node.childNodes:
            qname = getattr(child, "qname", None)
            if qname == (_TABLE, "table-row"):
                rows.append([" ".join(teletype.extractText(p) for p in cell.childNodes)
                             for cell in child.childNodes if getattr(cell, "qname", None) == (_TABLE, "table-cell")])
            elif qname in ((_TABLE, "table-header-rows"), (_TABLE, "table-rows"), (_TABLE, "table-row-group")):
                walk(child)

    walk(table)
    return rows


def _title_styles(doc: Any) -> set[str]:
    """Names of paragraph styles that are (or derive from) the "Title" style, automatic ones included."""
    from odf.namespaces import STYLENS

    parents: dict[str, str] = {}
    for styles in (doc.styles, doc.automaticstyles):
        for st in styles.childNodes:
            name = st.attributes.get((STYLENS, "name")) if hasattr(st, "attributes") else None
            if name:
                parents[str(name)] = str(st.attributes.get((STYLENS, "parent-style-name"), ""))
    found = set()
    for name in parents:
        seen, at = 0, name
        while at and seen < 10:
            if at == "Title":
                found.add(name)
                break
            at, seen = parents.get(at, ""), seen + 1
    return found


def _meta(doc: Any) -> dict[str, str]:
    """Metadata elements by local name (``title``, ``creation-date``, ``language``…), first value of each."""
    from odf import teletype

    out: dict[str, str] = {}
    for el in doc.meta.childNodes:
        qname = getattr(el, "qname", None)
        if qname and qname[0] in (_DC, _META) and qname[1] not in out:
            value = " ".join(teletype.extractText(el).split())
            if value:
                out[qname[1]] = value
    return out


def _int(value: Any, default: int) -> int:
    try:
        return max(1, int(value))
    except (TypeError, ValueError):
        return default
