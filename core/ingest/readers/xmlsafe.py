"""One safe way to parse XML for every XML reader, and the small helpers they share.

The stdlib parser (expat ≥ 2.4) stops entity amplification ("billion laughs") and never
fetches an external entity: both come out as *malformed XML*. HTML entities pasted from web
pages (``&nbsp;``, ``&eacute;``) are not XML; they are turned into character references first,
so a hand-edited export still parses.
"""

from __future__ import annotations

import codecs
import re
import xml.etree.ElementTree as ET
from html.entities import name2codepoint

from core.errors import CorruptSource
from core.ingest.readers.textio import decode_tolerant

_DECLARED = re.compile(rb"""\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
_HTML_ENTITY = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")
_XML_ENTITIES = {"amp", "lt", "gt", "quot", "apos"}
XML_NS = "{http://www.w3.org/XML/1998/namespace}"
MAX_DEPTH = 200  # EAD components nest 12 deep, TEI divisions a few dozen
# elements whose text never runs into its neighbours' (TEI and EAD block and line parts)
BREAKS = frozenset({
    "lb", "br", "cb", "pb", "p", "l", "lg", "item", "list", "head", "label", "table", "row", "cell", "entry",
    "dateline", "salute", "signed", "addrLine", "address", "opener", "closer", "byline", "argument", "speaker",
    "note", "div", "bibl", "chronitem", "event", "defitem", "persname", "corpname", "famname", "geogname",
    "subject", "genreform", "occupation", "function", "addressline", "part",
})


def _xml_safe_entities(text: str) -> str:
    """``&nbsp;``/``&eacute;`` as character references, which XML parses."""
    def swap(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in _XML_ENTITIES or name not in name2codepoint:
            return m.group(0)
        return f"&#{name2codepoint[name]};"
    return _HTML_ENTITY.sub(swap, text)


def parse_xml(raw: bytes, *, what: str = "XML file") -> tuple[ET.Element, list[str]]:
    """The root element of ``raw`` and decoding notes; :class:`CorruptSource` for malformed or hostile XML.

    Bytes that are not UTF-8 are decoded in the encoding the declaration names (an EAD export in
    ISO-8859-15 or MacRoman); otherwise as the text readers decode. A one-line (minified) export is fine here.
    """
    text, notes = _declared(raw) or decode_tolerant(raw, what=what, max_line=None)
    try:  # parsed as text: the declaration's encoding is not applied a second time
        root = ET.fromstring(_xml_safe_entities(text))
    except ET.ParseError as exc:
        raise CorruptSource(f"malformed XML: {exc}") from exc
    depth = _depth(root)
    if depth > MAX_DEPTH:  # the readers walk the tree recursively; no archive format nests this deep
        raise CorruptSource(f"XML nested {depth} levels deep (at most {MAX_DEPTH} are read): not a document")
    return root, notes


def _depth(root: ET.Element) -> int:
    """How deep the tree nests, counted without recursion."""
    deepest, stack = 0, [(root, 1)]
    while stack:
        el, d = stack.pop()
        deepest = max(deepest, d)
        stack.extend((child, d + 1) for child in el)
    return deepest


def _declared(raw: bytes) -> tuple[str, list[str]] | None:
    """(text, no notes) when the bytes are not UTF-8 and the XML declaration names an encoding they decode in
    (UTF-8 first: an export that declares ISO-8859-1 but writes UTF-8 is common, the reverse is not)."""
    m = _DECLARED.match(raw[:200])
    if not m or raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF8)):
        return None
    try:
        raw.decode("utf-8")
        return None
    except UnicodeDecodeError:
        pass
    try:
        codec = codecs.lookup(m.group(1).decode("ascii"))
        if codec.name.startswith(("utf-16", "utf-32")):
            return None
        text = raw.decode(codec.name)
    except (LookupError, UnicodeDecodeError):
        return None
    return text.replace("\r\n", "\n").replace("\r", "\n"), []


def split_tag(tag: object) -> tuple[str, str]:
    """``{ns}local`` → (ns, local); comments and processing instructions → ("", "")."""
    if not isinstance(tag, str):
        return "", ""
    if tag.startswith("{"):
        space, _, local = tag[1:].partition("}")
        return space, local
    return "", tag


def local(el: ET.Element) -> str:
    """An element's name without its namespace."""
    return split_tag(el.tag)[1]


def strip_namespaces(root: ET.Element) -> None:
    """Compare by local name from here on: namespaced and plain exports of a format alike."""
    for el in root.iter():
        if isinstance(el.tag, str) and "}" in el.tag:
            el.tag = el.tag.rsplit("}", 1)[1]


def text_of(el: ET.Element | None) -> str:
    """An element's text with its descendants', whitespace collapsed ("" for None).

    Inline markup joins without a space (``<supplied>1</supplied>815`` is "1815"); line breaks and
    block-like parts (:data:`BREAKS`: a letter's dateline and salutation, list items, index terms) are
    kept apart by one.
    """
    if el is None:
        return ""
    parts: list[str] = []
    _collect(el, parts)
    return " ".join("".join(parts).split())


def _collect(el: ET.Element, parts: list[str]) -> None:
    parts.append(el.text or "")
    for child in el:
        gap = " " if split_tag(child.tag)[1] in BREAKS else ""
        parts.append(gap)
        if isinstance(child.tag, str):
            _collect(child, parts)
        parts.append(gap + (child.tail or ""))


def first_text(el: ET.Element, *paths: str) -> str:
    """The text of the first path that finds a non-empty element."""
    for path in paths:
        for found in el.iterfind(path):
            value = text_of(found)
            if value:
                return value
    return ""


def all_texts(el: ET.Element, path: str) -> list[str]:
    """Every non-empty text the path finds, in order, without repeats."""
    out: list[str] = []
    for found in el.iterfind(path):
        value = text_of(found)
        if value and value not in out:
            out.append(value)
    return out
