"""EPUB 2 and 3 books (``.epub``): the spine's chapters in reading order as one record, headings as sections.

An EPUB is a zip package (checked for bombs like the office formats) whose ``META-INF/container.xml``
names the package document (OPF); the OPF's Dublin Core metadata gives the title, creators, date
and language, its manifest and spine the chapters in order. Each chapter is XHTML, read by the HTML
reader's own text extraction (the EPUB 3 navigation document's ``<nav>`` is furniture there).
Stdlib zipfile and the project's safe XML parser only: ebooklib, the usual library, is AGPL-3.0.
A book whose chapters are encrypted (DRM) is refused; obfuscated fonts are no obstacle.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
import zlib
from pathlib import Path
from urllib.parse import unquote
from xml.etree.ElementTree import Element

from core.chunking.model import Block, ParsedRecord, ReadResult
from core.errors import CorruptSource
from core.ingest.readers.common import MAX_PARSED_PART_BYTES, date_from_filename, language_code, parse_date_range
from core.ingest.readers.html_reader import section_blocks
from core.ingest.readers.package import check_package
from core.ingest.readers.textio import decode_tolerant
from core.ingest.readers.xmlsafe import XML_NS, all_texts, first_text, parse_xml, strip_namespaces
from core.ingest.titles import choose_title

_CONTAINER = "META-INF/container.xml"
_ENCRYPTION = "META-INF/encryption.xml"
_OPF_TYPE = "application/oebps-package+xml"
_CHAPTER_TYPES = {"application/xhtml+xml", "text/html", "application/xml", "text/x-oeb1-document"}


def read(path: Path, raw: bytes) -> ReadResult:
    """Read an ``.epub`` into one record."""
    check_package(raw, "EPUB file")
    try:
        return _read(path, raw)
    except (zipfile.BadZipFile, zlib.error, EOFError) as exc:  # a part whose data or CRC is damaged
        raise CorruptSource(f"damaged EPUB file: not a readable zip package ({exc})") from None


def _read(path: Path, raw: bytes) -> ReadResult:
    with zipfile.ZipFile(io.BytesIO(raw)) as zf:
        names = {info.filename: info for info in zf.infolist()}
        container = _xml(zf, names, _CONTAINER, "this EPUB has no META-INF/container.xml naming its package document")
        opf_name = _opf_name(container)
        opf = _xml(zf, names, opf_name, f"this EPUB names {opf_name}, which it does not hold")
        chapters = _spine(opf, posixpath.dirname(opf_name))
        encrypted = _encrypted(zf, names) & {name for name, _ in chapters}
        if encrypted:
            raise CorruptSource("this EPUB's chapters are encrypted (DRM): they cannot be read",
                                hint="Import a copy without DRM protection (from the publisher or the rights holder).")
        blocks: list[Block] = []
        notes: list[str] = []
        missing = 0
        for name, nav in chapters:
            info = names.get(name)
            if info is None:
                missing += 1
                continue
            if info.file_size > MAX_PARSED_PART_BYTES:
                raise CorruptSource(f"this EPUB file holds {info.file_size // (1024 * 1024)} MB of document markup; "
                                    f"at most {MAX_PARSED_PART_BYTES // (1024 * 1024)} MB are read",
                                    hint="Split the document into parts and import those.")
            blocks.extend(_chapter(zf.read(info), name, nav, notes))
    if missing:
        notes.append(f"{missing} chapter(s) named in the spine are missing from the package")
    meta = opf.find("metadata")
    meta = meta if meta is not None else Element("metadata")
    title = choose_title([first_text(meta, "title")], path)
    for b in blocks:
        if b.heading_path[:1] == (title,):  # the book's own title page heading is not a section
            b.heading_path = b.heading_path[1:]
    if not blocks:
        raise CorruptSource("no text to index in this file")
    start, end = parse_date_range(_publication_date(meta))
    if start is None:
        start, end = date_from_filename(path)
    lang = language_code(first_text(meta, "language")) or language_code(opf.get(f"{XML_NS}lang"))
    data = {key: "; ".join(values) for key, values in (
        ("creator", all_texts(meta, "creator")), ("publisher", all_texts(meta, "publisher")),
        ("subject", all_texts(meta, "subject")), ("identifier", all_texts(meta, "identifier"))) if values}
    rec = ParsedRecord(key="", title=title, blocks=blocks, lang=lang, date_start=start, date_end=end, data=data)
    return ReadResult([rec], reader="epub", notes=notes)


def _publication_date(meta: Element) -> str:
    """The first ``dc:date`` that is not an EPUB 2 ``opf:event="modification"`` (the file's, not the book's)."""
    for el in meta.iterfind("date"):
        events = {v.lower() for k, v in el.attrib.items() if k.endswith("event")}
        value = (el.text or "").strip()
        if "modification" not in events and value:
            return value[:10]
    return ""


def _xml(zf: zipfile.ZipFile, names: dict[str, zipfile.ZipInfo], name: str, absent: str) -> Element:
    """A part of the package parsed safely, namespaces stripped; ``absent`` is the failure when it is missing."""
    info = names.get(name)
    if info is None:
        raise CorruptSource(absent)
    if info.file_size > MAX_PARSED_PART_BYTES:
        raise CorruptSource(f"this EPUB file holds {info.file_size // (1024 * 1024)} MB of document markup; "
                            f"at most {MAX_PARSED_PART_BYTES // (1024 * 1024)} MB are read",
                            hint="Split the document into parts and import those.")
    root, _ = parse_xml(zf.read(info), what="EPUB part")
    strip_namespaces(root)
    return root


def _opf_name(container: Element) -> str:
    """The package document's path: the first rootfile of the OPF media type (or of none named)."""
    rootfiles = [r for r in container.iter("rootfile") if r.get("full-path")]
    chosen = next((r for r in rootfiles if r.get("media-type") == _OPF_TYPE), rootfiles[0] if rootfiles else None)
    if chosen is None:
        raise CorruptSource("this EPUB has no META-INF/container.xml naming its package document")
    return posixpath.normpath(unquote(chosen.get("full-path", "")).lstrip("/"))


def _spine(opf: Element, base: str) -> list[tuple[str, bool]]:
    """The chapters' part names in reading order (XHTML items of the spine; repeats read once), each with
    whether it is the EPUB 3 navigation document (its table of contents is not text of the book)."""
    items: dict[str, tuple[str, str, bool]] = {}
    for item in opf.iterfind("manifest/item"):
        href, ident = item.get("href"), item.get("id")
        if href and ident:
            items[ident] = (_resolve(base, href), (item.get("media-type") or "").lower(),
                            "nav" in (item.get("properties") or "").split())
    chapters: list[tuple[str, bool]] = []
    for ref in opf.iterfind("spine/itemref"):
        name, media, nav = items.get(ref.get("idref", ""), ("", "", False))
        if name and media in _CHAPTER_TYPES and name not in (c for c, _ in chapters):
            chapters.append((name, nav))
    if not chapters:
        raise CorruptSource("this EPUB's spine names no readable chapters")
    return chapters


def _resolve(base: str, href: str) -> str:
    """A manifest href (relative to the OPF, percent-encoded, maybe with a fragment) as a part name."""
    return posixpath.normpath(posixpath.join(base, unquote(href.split("#", 1)[0]))).lstrip("/")


def _encrypted(zf: zipfile.ZipFile, names: dict[str, zipfile.ZipInfo]) -> set[str]:
    """Parts the package lists as encrypted (font obfuscation lists fonts, DRM the chapters)."""
    if _ENCRYPTION not in names:
        return set()
    root = _xml(zf, names, _ENCRYPTION, "")
    return {_resolve("", ref.get("URI", "")) for ref in root.iter("CipherReference") if ref.get("URI")}


def _chapter(raw: bytes, name: str, nav: bool, notes: list[str]) -> list[Block]:
    """One spine document's blocks; a chapter that cannot be read is noted and left out, not the book."""
    try:
        text, _ = decode_tolerant(raw, what=name, max_line=None)
        blocks, title = section_blocks(text, whole_if_empty=not nav)
    except CorruptSource as exc:
        notes.append(f"{name} left out: {exc}")
        return []
    except Exception as exc:  # html.parser is lenient; anything raised means garbage
        notes.append(f"{name} left out: {type(exc).__name__}: {exc}")
        return []
    if title and not any(b.heading_path for b in blocks):  # a chapter without headings is named by its <title>
        for b in blocks:
            b.heading_path = (title,)
    return blocks
