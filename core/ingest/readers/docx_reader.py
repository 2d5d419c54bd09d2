"""Word ``.docx`` (python-docx): headings by style or outline level become sections, tables Markdown tables.

A heading is a paragraph whose style — or the style it is based on — is "Heading N" / "Title",
or that carries an outline level (Word's own headings do, in any language of the interface).
The title is the core properties' title unless it is a placeholder (:mod:`core.ingest.titles`),
then a "Title"-style paragraph, then the first heading; the date is the file name's, else the
properties' creation date. Content controls are read (a table of contents is not); text boxes, headers,
footers, footnotes and comments are not.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from core.chunking.model import ParsedRecord, ReadResult
from core.errors import CorruptSource
from core.ingest.readers.common import date_from_filename, language_code
from core.ingest.readers.outline import Outline
from core.ingest.readers.package import check_package
from core.ingest.titles import choose_title

_HEADING_STYLE = re.compile(r"^heading\s*(\d)$", re.I)
_TOC_STYLE = re.compile(r"^(?:toc\s*\d|toc heading)$", re.I)  # Word's table-of-contents entries: they repeat the headings
_TOC = -1
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
MAX_NESTED_TABLES = 8  # tables in cells, and content controls in content controls, followed this deep


def read(path: Path, raw: bytes) -> ReadResult:
    """Read a ``.docx`` into one record."""
    import docx  # a few hundred ms of lxml and package setup: only when a .docx is read

    check_package(raw, ".docx file", whole="word/document.xml")
    try:
        document = docx.Document(io.BytesIO(raw))
    except Exception as exc:  # python-docx raises KeyError, ValueError, lxml errors… on damaged parts
        raise CorruptSource(f"damaged Word document: {type(exc).__name__}: {exc}") from None
    outline = Outline()
    styles: dict[str | None, int | None] = {}
    for item in _body_items(document.element.body, document._body):
        _item(item, outline, 0, styles)
    props = document.core_properties
    title = choose_title([props.title, outline.title_paragraph, outline.first_heading], path)
    blocks = outline.finish(title)
    if not blocks:
        raise CorruptSource("no text to index in this file")
    start, end = date_from_filename(path)
    if start is None and isinstance(props.created, datetime):
        start = end = props.created.date()
    data: dict[str, Any] = {k: v for k, v in (("author", props.author), ("subject", props.subject),
                                              ("keywords", props.keywords)) if v}
    rec = ParsedRecord(key="", title=title, blocks=blocks, lang=language_code(props.language),
                       date_start=start, date_end=end, data=data)
    return ReadResult([rec], reader="docx")


def _body_items(element: Any, parent: Any, depth: int = 0) -> Iterator[Any]:
    """The body's paragraphs and tables in order, those inside content controls (``w:sdt``) too — a template's
    fields and cover page are content controls, which python-docx's own iteration skips; a table of
    contents (a content control of the "Table of Contents" gallery) is left out: it repeats the headings."""
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    for child in element.iterchildren():
        if child.tag == f"{_W}p":
            yield Paragraph(child, parent)
        elif child.tag == f"{_W}tbl":
            yield Table(child, parent)
        elif child.tag == f"{_W}sdt" and depth < MAX_NESTED_TABLES:
            gallery = child.find(f"{_W}sdtPr/{_W}docPartObj/{_W}docPartGallery")
            if gallery is not None and gallery.get(f"{_W}val", "").lower().startswith("table of contents"):
                continue
            content = child.find(f"{_W}sdtContent")
            if content is not None:
                yield from _body_items(content, parent, depth + 1)


def _item(item: Any, outline: Outline, depth: int, styles: dict[str | None, int | None]) -> None:
    """One paragraph or table of the body (or of a cell) into the outline (``styles``: levels by style id)."""
    if hasattr(item, "rows"):
        rows: list[list[str]] = []
        nested: list[Any] = []
        for row in item.rows:
            seen: set[int] = set()
            cells = []
            for cell in row.cells:
                if id(cell._tc) in seen:  # a merged cell is listed once per grid column it spans: blank after
                    cells.append("")     # its first, so the columns to its right stay under their headers
                    continue
                seen.add(id(cell._tc))
                cells.append(cell.text)
                nested.extend(cell.tables)
            rows.append(cells)
        outline.table(rows)
        if depth < MAX_NESTED_TABLES:
            for inner in nested:
                _item(inner, outline, depth + 1, styles)
        return
    level = _outline_level(item._p.pPr)
    if level is None:
        # python-docx resolves a paragraph's style by scanning every style of the document each time
        # (29 s for 6,300 paragraphs, all of it in Paragraph.style): resolved once per style id
        style_id = item._p.style
        if style_id not in styles:
            styles[style_id] = _style_level(item.style)
        level = styles[style_id]
    if level == _TOC:
        return
    if level == 0:
        outline.title_line(item.text)
    elif level is not None:
        outline.heading(level, item.text)
    else:
        outline.paragraph(item.text)


def _style_level(style: Any) -> int | None:
    """1..9 for a heading style, 0 for the title style, :data:`_TOC` for a table-of-contents entry, None for
    body text (following "based on")."""
    for _ in range(10):  # a style chain is short; a loop in a damaged file is not followed forever
        if style is None:
            return None
        name = (style.name or "").strip()
        if name.lower() == "title":
            return 0
        if _TOC_STYLE.match(name):
            return _TOC
        m = _HEADING_STYLE.match(name)
        if m and int(m.group(1)) > 0:
            return int(m.group(1))
        level = _outline_level(style.element.pPr)
        if level is not None:
            return level
        style = style.base_style
    return None


def _outline_level(ppr: Any) -> int | None:
    """The outline level a paragraph's properties give (0-based in the file; 9 means body text)."""
    if ppr is None:
        return None
    el = ppr.find(f"{_W}outlineLvl")
    if el is None:
        return None
    try:
        value = int(el.get(f"{_W}val", "9"))
    except ValueError:
        return None
    return value + 1 if 0 <= value < 9 else None
