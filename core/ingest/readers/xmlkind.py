"""An XML file is recognised by its root element and namespace, then read by the reader for that kind.

OHMS exports, EAD finding aids (2002 and EAD3), TEI texts, METS packages, MODS records, Dublin Core
and OAI-PMH responses, TTML/DFXP captions and ELAN annotation files are read; any other root is
*unsupported* with its name (:class:`UnsupportedKind`: a kind of file, not a damaged one). Every
reader gets the tree :func:`core.ingest.readers.xmlsafe.parse_xml` made, so hostile XML is refused
once, here, for all of them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from core.errors import UnsupportedKind
from core.chunking.model import ReadResult
from core.ingest.readers import descmeta, ead, elan, ohms, tei, ttml
from core.ingest.readers.xmlsafe import parse_xml, split_tag

DC_NAMESPACES = ("http://purl.org/dc/elements/1.1/", "http://purl.org/dc/terms/")
_OHMS_PARTS = ("transcript", "vtt_transcript", "index")


def read(path: Path, raw: bytes) -> ReadResult:
    """Read any XML file whose kind is known; refuse the others by their root."""
    root, notes = parse_xml(raw)
    space, name = split_tag(root.tag)
    kind = kind_of(root)
    if kind == "ohms":
        return ohms.read_tree(path, root, notes)
    if kind == "ead":
        return ead.read_tree(path, root, notes)
    if kind == "tei":
        return tei.read_tree(path, root, notes)
    if kind == "ttml":
        return ttml.read_tree(path, root, notes)
    if kind == "elan":
        return elan.read_tree(path, root, notes)
    if kind in ("mets", "mods", "oai-pmh", "dc"):
        return descmeta.read_tree(path, root, notes, kind)
    if space:
        raise UnsupportedKind(code="ingest.xml_other_ns", params={"root": name, "namespace": space})
    raise UnsupportedKind(code="ingest.xml_other", params={"root": name})


def kind_of(root: ET.Element) -> str | None:
    """The kind of XML document a root element starts, or None when no reader takes it."""
    space, name = split_tag(root.tag)
    low = name.lower()
    if low == "ead":
        return "ead"
    if name in ("TEI", "TEI.2", "teiCorpus"):
        return "tei"
    if low == "tt":
        return "ttml"
    if name == "ANNOTATION_DOCUMENT":
        return "elan"
    if low == "mets":
        return "mets"
    if name in ("mods", "modsCollection"):
        return "mods"
    if name == "OAI-PMH":
        return "oai-pmh"
    if space in DC_NAMESPACES or (name == "dc" and "oai_dc" in space) or _has_dc_children(root):
        return "dc"
    record = root if name == "record" else next((el for el in root.iter() if split_tag(el.tag)[1] == "record"), None)
    if record is not None and (name == "record" or any(split_tag(c.tag)[1] in _OHMS_PARTS for c in record)
                               or not space):
        return "ohms"  # a <record> without transcript or index fails as "not an OHMS export", as before
    return None


def _has_dc_children(root: ET.Element) -> bool:
    """A ``<metadata>``/``<record>``/``<dublincore>`` wrapper whose children (or grandchildren) are Dublin Core."""
    for child in root:
        if split_tag(child.tag)[0] in DC_NAMESPACES:
            return True
        if any(split_tag(g.tag)[0] in DC_NAMESPACES for g in child):
            return True
    return False
