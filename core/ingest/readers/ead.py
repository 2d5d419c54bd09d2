"""EAD finding aids (EAD 2002 and EAD3): one record per finding aid, its components as sections.

The collection's own description (``archdesc/did``: title, dates, creator, extent, abstract) opens
the record and each descriptive note (scope and content, biography, arrangement, access…) is a
passage under its heading. Every component of the inventory (``<c>`` or ``<c01>``…``<c12>``) is a
passage of its own whose heading path is the path of titles from the series down to it, carrying
its unit id, dates, level and containers ("Box 44, Folder 1-2"): a search for a file finds that
file with the series it sits in, not just "the collection".
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

from core.errors import CorruptSource
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import language_code, parse_date_range
from core.ingest.readers.xmlsafe import first_text, strip_namespaces, text_of
from core.ingest.titles import choose_title

_COMPONENT = re.compile(r"^c(0[1-9]|1[0-2])?$")
# descriptive notes of archdesc and components, with the heading used when the note has no <head>
NOTES = {
    "abstract": "Abstract", "scopecontent": "Scope and content", "bioghist": "Biographical / historical",
    "arrangement": "Arrangement", "accessrestrict": "Conditions governing access",
    "userestrict": "Conditions governing use", "acqinfo": "Acquisition", "custodhist": "Custodial history",
    "processinfo": "Processing information", "relatedmaterial": "Related material",
    "separatedmaterial": "Separated material", "otherfindaid": "Other finding aids",
    "prefercite": "Preferred citation", "appraisal": "Appraisal", "accruals": "Accruals", "odd": "Other",
    "phystech": "Physical characteristics", "originalsloc": "Originals", "altformavail": "Other formats",
    "bibliography": "Bibliography", "fileplan": "File plan", "materialspec": "Material details",
    "controlaccess": "Subjects and names", "langmaterial": "Language of the material", "note": "Note",
}
_DAO = ("dao", "daoloc")
MAX_LABEL = 120  # a heading path entry: long unit titles are said in full in the passage itself
_YEARS = re.compile(r"(?<!\d)(\d{4})\s*[-–]\s*(\d{4})(?!\d)")


def read_tree(path: Path, root: ET.Element, notes: list[str]) -> ReadResult:
    """A parsed ``<ead>`` root as one record."""
    strip_namespaces(root)
    archdesc = root.find("archdesc")
    if archdesc is None:
        raise CorruptSource("EAD finding aid without <archdesc>: nothing to index")
    did = archdesc.find("did")
    did = did if did is not None else ET.Element("did")
    unittitle = _title(did)
    finding_title = first_text(root, "eadheader/filedesc/titlestmt/titleproper", "control/filedesc/titlestmt/titleproper")
    date_text, date_norm = _dates(did)
    start, end = parse_date_range(date_norm)
    data: dict[str, str] = {}
    for key, value in (("eadid", first_text(root, "eadheader/eadid", "control/recordid")),
                       ("unitid", first_text(did, "unitid")), ("date", date_text),
                       ("creator", first_text(did, "origination")), ("extent", _extent(did)),
                       ("repository", first_text(did, "repository")),
                       ("finding_aid_title", finding_title if finding_title != unittitle else ""),
                       ("language_of_material", first_text(did, "langmaterial"))):
        if value:
            data[key] = value
    facts = _facts(did, "collection")
    blocks = [Block(facts, component="rag:body")] if facts else []
    for note in archdesc:
        if note.tag in NOTES:
            text = _note_text(note)
            if text:
                blocks.append(Block(text, heading_path=(text_of(note.find("head")) or NOTES[note.tag],),
                                    component="rag:body"))
        elif note.tag == "dsc":
            for comp in note:
                if isinstance(comp.tag, str) and _COMPONENT.match(comp.tag):
                    _components(comp, (), blocks)
    abstract = first_text(did, "abstract")
    if abstract:
        blocks.insert(1 if blocks else 0, Block(abstract, heading_path=("Abstract",), component="rag:body"))
    if not blocks:
        raise CorruptSource("EAD finding aid without a description or components")
    lang_el = root.find("eadheader/profiledesc/langusage/language")
    if lang_el is None:
        lang_el = root.find("control/languagedeclaration/language")
    lang = language_code(lang_el.get("langcode") or text_of(lang_el)) if lang_el is not None else None
    title = choose_title([unittitle, finding_title], path)
    rec = ParsedRecord(key="", title=title, blocks=blocks, lang=lang, date_start=start, date_end=end, data=data)
    return ReadResult([rec], reader="ead", notes=notes)


def _components(comp: ET.Element, parents: tuple[str, ...], blocks: list[Block]) -> None:
    """One passage per component, depth first, its heading path the titles above it and its own."""
    did = comp.find("did")
    did = did if did is not None else ET.Element("did")
    level = comp.get("otherlevel") or comp.get("level") or ""
    label = _title(did) or first_text(did, "unitid") or (f"{level} (untitled)" if level else "(untitled)")
    if len(label) > MAX_LABEL:
        label = label[:MAX_LABEL].rsplit(" ", 1)[0] + "…"
    path = parents + (label,)
    parts = [_facts(did, level)]
    for note in comp:
        if note.tag in NOTES:
            text = _note_text(note)
            if text:
                parts.append(f"{text_of(note.find('head')) or NOTES[note.tag]}: {text}")
    own = list(_own(comp))
    dao = [d.get("{http://www.w3.org/1999/xlink}title") or d.get("title") or "" for d in own if d.tag in _DAO]
    dao += [text_of(d) for d in own if d.tag == "daodesc"]
    if any(dao):
        parts.append("Digital objects: " + "; ".join(d for d in dao if d))
    blocks.append(Block(". ".join(p.rstrip(". ") for p in parts if p), heading_path=path, component="rag:body"))
    for child in comp:
        if isinstance(child.tag, str) and _COMPONENT.match(child.tag):
            _components(child, path, blocks)


def _own(comp: ET.Element) -> Iterator[ET.Element]:
    """A component's elements, without those of the components nested in it."""
    for child in comp:
        if isinstance(child.tag, str) and not _COMPONENT.match(child.tag):
            yield child
            yield from _own(child)


def _title(did: ET.Element) -> str:
    """``unittitle`` without the ``unitdate`` EAD 2002 may nest in it (the date is said apart)."""
    el = did.find("unittitle")
    if el is None:
        return ""
    parts = [el.text or ""]
    for child in el:
        parts += ["" if child.tag == "unitdate" else text_of(child), child.tail or ""]
    return " ".join(" ".join(parts).split()).rstrip(" ,;:")


def _dates(did: ET.Element) -> tuple[str, str]:
    """(the dates as written, a normal form ``1900/1999`` for the range filters) of a ``did``."""
    written: list[str] = []
    normal = ""
    for el in list(did.iter("unitdate")):
        value = text_of(el)
        if value and value not in written:
            written.append(value)
        normal = normal or el.get("normal") or ""
    for el in did.iter("unitdatestructured"):  # EAD3
        single, low, high = first_text(el, ".//datesingle"), first_text(el, ".//fromdate"), first_text(el, ".//todate")
        value = single or "/".join(v for v in (low, high) if v)
        if value and value not in written:
            written.append(value.replace("/", "-"))
        std = [d.get("standarddate") for d in el.iter() if d.get("standarddate")]
        normal = normal or "/".join(s for s in std if s) or value
    text = ", ".join(written)
    if not normal:
        m = _YEARS.search(text)
        normal = f"{m.group(1)}/{m.group(2)}" if m else text
    return text, normal


def _extent(did: ET.Element) -> str:
    """Extents of 2002 ``physdesc/extent`` or EAD3 ``physdescstructured`` (quantity + unit type)."""
    out = [text_of(e) for e in did.iter("extent")]
    for ps in did.iter("physdescstructured"):
        out.append(" ".join(v for v in (first_text(ps, "quantity"), first_text(ps, "unittype")) if v))
    return "; ".join(o for o in out if o)


def _facts(did: ET.Element, level: str) -> str:
    """One line of a unit's identity: level and title, dates, unit id, containers, extent."""
    title = _title(did)
    date_text, _ = _dates(did)
    containers = [f"{(c.get('localtype') or c.get('type') or '').strip().capitalize()} {text_of(c)}".strip()
                  for c in did.iter("container") if text_of(c)]
    pieces = [f"{level.capitalize()}: {title}" if level and title else title]
    pieces += [date_text, f"Unit id {first_text(did, 'unitid')}" if first_text(did, "unitid") else "",
               ", ".join(containers), _extent(did), first_text(did, "physloc")]
    return ". ".join(p for p in pieces if p)


def _note_text(note: ET.Element) -> str:
    """A note's text without its heading."""
    full, head = text_of(note), text_of(note.find("head"))
    return full[len(head):].strip() if head and full.startswith(head) else full
