"""Descriptive metadata as catalogue records: Dublin Core, MODS, METS packages and OAI-PMH responses.

Each described thing becomes one record the way a catalogue row does (``rag:catalogue``: its
description, then its other values — creator, subjects, identifiers — since people search for
them): an OAI-PMH ``ListRecords`` gives one record per ``<record>`` (deleted ones are counted
in the notes), a MODS collection one per ``<mods>``, a METS package one per structural division
that points at descriptive sections (Archivematica's compound objects: a Dublin Core section and
a custom one for the same folder make one record), else one per descriptive section.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from core.errors import CorruptSource, UnsupportedKind
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import language_code, parse_date_range
from core.ingest.readers.xmlsafe import all_texts, first_text, strip_namespaces, text_of
from core.ingest.titles import choose_title

Fields = dict[str, list[str]]
DC_ELEMENTS = ("title", "alternative", "creator", "contributor", "date", "created", "issued", "description",
               "abstract", "subject", "coverage", "spatial", "temporal", "type", "format", "extent", "identifier",
               "source", "language", "publisher", "relation", "isPartOf", "rights", "accessRights", "provenance")
_TEXT_FIELDS = ("description", "abstract", "note", "table_of_contents")
_NOT_FACTS = ("title", "date", "language", *_TEXT_FIELDS)
_SLASHED_DAY = re.compile(r"\d{4}/\d{1,2}/\d{1,2}")


def read_tree(path: Path, root: ET.Element, notes: list[str], kind: str) -> ReadResult:
    """Records of a parsed METS, MODS, OAI-PMH or Dublin Core document."""
    strip_namespaces(root)
    if kind == "oai-pmh":
        if next(root.iter("record"), None) is None:  # Identify, ListSets, ListIdentifiers, an error: no records
            verb = next((c.get("verb") for c in root.iter("request") if c.get("verb")), None) or "error"
            raise UnsupportedKind(code="ingest.oai_no_records", params={"verb": verb})
        described = _oai(root, notes)
    elif kind == "mets":
        described = _mets(root)
    elif kind == "mods":
        mods = [root] if root.tag == "mods" else list(root.iter("mods"))
        described = [(f"mods:{n}" if len(mods) > 1 else "", mods_fields(m)) for n, m in enumerate(mods, 1)]
    else:
        holders = [root] if any(c.tag in DC_ELEMENTS for c in root) else [c for c in root if len(c)]
        described = [(f"dc:{n}" if len(holders) > 1 else "", dc_fields(h)) for n, h in enumerate(holders, 1)]
    records = []
    for key, fields in described:
        rec = catalogue_record(key, fields, path)
        if rec is not None:
            records.append(rec)
    if not records:
        raise CorruptSource(f"no records with a title or text in this {kind.upper()} file")
    return ReadResult(records, reader=kind, notes=notes)


def dc_fields(el: ET.Element) -> Fields:
    """Dublin Core (simple or terms) values of ``el``'s children, by element name."""
    out: Fields = {}
    for child in el:
        if isinstance(child.tag, str) and child.tag in DC_ELEMENTS:
            value = text_of(child)
            name = {"created": "date", "issued": "date", "abstract": "description", "alternative": "title",
                    "spatial": "coverage", "temporal": "coverage"}.get(child.tag, child.tag)
            if value and value not in out.setdefault(name, []):
                out[name].append(value)
    return {k: v for k, v in out.items() if v}


def mods_fields(mods: ET.Element) -> Fields:
    """The MODS elements people search by, under Dublin Core-like names."""
    out: Fields = {}

    def put(name: str, values: list[str]) -> None:
        for v in values:
            if v and v not in out.setdefault(name, []):
                out[name].append(v)

    for info in mods.iterfind("titleInfo"):
        put("title", [" ".join(v for v in (first_text(info, "nonSort"), first_text(info, "title")) if v)
                      + (f": {first_text(info, 'subTitle')}" if first_text(info, "subTitle") else "")])
    for name in mods.iterfind("name"):
        role = first_text(name, "role/roleTerm").lower()
        put("contributor" if role and role not in ("creator", "author", "cre", "aut") else "creator",
            [", ".join(all_texts(name, "namePart")) or first_text(name, "displayForm")])
    for origin in mods.iterfind("originInfo"):
        for tag in ("dateIssued", "dateCreated", "dateCaptured", "copyrightDate", "dateOther"):
            points = {d.get("point"): text_of(d) for d in origin.iterfind(tag)}
            if points.get("start") or points.get("end"):
                put("date", [f"{points.get('start') or points.get('end')}/{points.get('end') or points.get('start')}"])
            else:
                put("date", [v for v in points.values() if v])
        put("publisher", all_texts(origin, "publisher"))
        put("coverage", all_texts(origin, "place/placeTerm"))
    put("description", all_texts(mods, "abstract"))
    put("table_of_contents", all_texts(mods, "tableOfContents"))
    put("note", all_texts(mods, "note"))
    for subject in mods.iterfind("subject"):
        put("subject", ["--".join(text_of(c) for c in subject if text_of(c))])
    put("type", all_texts(mods, "typeOfResource") + all_texts(mods, "genre"))
    put("extent", all_texts(mods, "physicalDescription/extent"))
    put("identifier", all_texts(mods, "identifier") + all_texts(mods, "location/shelfLocator"))
    put("source", all_texts(mods, "location/physicalLocation"))
    put("language", all_texts(mods, "language/languageTerm"))
    put("isPartOf", all_texts(mods, "relatedItem[@type='host']/titleInfo/title"))
    put("rights", all_texts(mods, "accessCondition"))
    return {k: v for k, v in out.items() if v}


def catalogue_record(key: str, fields: Fields, path: Path) -> ParsedRecord | None:
    """One catalogue-like record of ``fields``; None when it has neither a title nor any text."""
    if not fields:
        return None
    title = (fields.get("title") or [""])[0]
    body = " ".join(v for name in _TEXT_FIELDS for v in fields.get(name, []))
    facts = [v for name, values in fields.items() if name not in _NOT_FACTS for v in values]
    text = "\n".join(p for p in (body or title, " · ".join(facts)) if p)
    if not text:
        return None
    date = (fields.get("date") or [""])[0]
    # "1964/01/02" is one day written with slashes, "1900/1999" a range
    start, end = parse_date_range(date.replace("/", "-") if _SLASHED_DAY.fullmatch(date) else date)
    data = {name: "; ".join(values) for name, values in fields.items()}
    lang = next((code for v in fields.get("language", []) if (code := language_code(v))), None)
    return ParsedRecord(key=key, title=choose_title([title, body[:80]], path),
                        blocks=[Block(text, component="rag:catalogue")], lang=lang,
                        date_start=start, date_end=end, data=data)


def _oai(root: ET.Element, notes: list[str]) -> list[tuple[str, Fields]]:
    """One entry per ``<record>`` of a ListRecords or GetRecord response."""
    out: list[tuple[str, Fields]] = []
    deleted = 0
    for n, record in enumerate(root.iter("record"), 1):
        header = record.find("header")
        if header is not None and header.get("status") == "deleted":
            deleted += 1
            continue
        ident = first_text(header, "identifier") if header is not None else ""
        meta = record.find("metadata")
        payload = next(iter(meta), None) if meta is not None else None
        if payload is None:
            notes.append(f"record {ident or n}: no metadata, skipped")
            continue
        fields = mods_fields(payload) if payload.tag == "mods" else dc_fields(payload)
        if not fields:
            notes.append(f"record {ident or n}: metadata in <{payload.tag}>, which is not read, skipped")
            continue
        if ident:
            fields.setdefault("identifier", []).insert(0, ident)
        if header is not None and first_text(header, "datestamp"):
            fields["datestamp"] = [first_text(header, "datestamp")]
        out.append((f"oai:{ident}" if ident and not ident.startswith("oai:") else ident or f"record:{n}", fields))
    if deleted:
        notes.append(f"{deleted} deleted record{'s' if deleted != 1 else ''} in the response, not indexed")
    return out


def _mets(root: ET.Element) -> list[tuple[str, Fields]]:
    """One entry per structural division pointing at descriptive sections, else one per section."""
    sections: dict[str, Fields] = {}
    for dmd in root.iter("dmdSec"):
        xml_data = dmd.find("mdWrap/xmlData")
        if xml_data is None:
            continue
        fields: Fields = {}
        for payload in xml_data:
            if payload.tag == "mods":
                fields.update(mods_fields(payload))
            elif any(c.tag in DC_ELEMENTS for c in payload):
                fields.update(dc_fields(payload))
            else:  # Archivematica's custom section: its own element names as fields
                for child in payload if len(payload) else [payload]:
                    if text_of(child):
                        fields.setdefault(child.tag, []).append(text_of(child))
        sections[dmd.get("ID") or f"dmd{len(sections) + 1}"] = fields
    out: list[tuple[str, Fields]] = []
    used: set[str] = set()
    for div in root.iter("div"):
        ids = [i for i in (div.get("DMDID") or "").split() if i in sections]
        if not ids:
            continue
        merged: Fields = {}
        for i in ids:
            for name, values in sections[i].items():
                merged.setdefault(name, []).extend(v for v in values if v not in merged.get(name, []))
        if div.get("LABEL"):
            merged.setdefault("label", [div.get("LABEL") or ""])
        used.update(ids)
        out.append((f"mets:{ids[0]}", merged))
    out += [(f"mets:{i}", f) for i, f in sections.items() if i not in used and "title" in f]
    if not out and root.get("LABEL"):
        out.append(("", {"title": [root.get("LABEL") or ""], "identifier": [root.get("OBJID") or ""]}))
    return out
