"""TEI texts (P5, and P4's ``TEI.2``): the header as metadata, the text's divisions as sections.

The title, author, dates and — for letters — sender, addressee and place come from ``teiHeader``
(``correspDesc`` first: a letter's date is when it was sent, not when it was encoded). The text
(front, body, back) is read block by block: each paragraph, stanza, speech, and a letter's
``opener``/``closer`` (dateline, salutation, signature) is a passage under the headings of the
divisions it sits in. ``<pb/>`` page breaks number the pages in order (their ``n`` may be roman
or "12r", so it is kept as a label, not as the page number).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from core.errors import CorruptSource
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import language_code, parse_date_range
from core.ingest.readers.xmlsafe import XML_NS, all_texts, first_text, strip_namespaces, text_of
from core.ingest.titles import choose_title

_DIVS = {"div", "div1", "div2", "div3", "div4", "div5", "div6", "div7", "front", "back", "group"}
# elements read as one passage each (their inline markup is flattened)
_BLOCKS = {"p", "lg", "sp", "opener", "closer", "postscript", "list", "table", "quote", "epigraph", "byline",
           "dateline", "salute", "signed", "trailer", "docAuthor", "docTitle", "titlePart", "argument", "bibl",
           "ab", "l", "castList", "note", "figure", "address", "titlePage", "docImprint", "docDate", "u"}
_SKIP = {"head", "pb", "fw", "milestone", "lb", "cb", "gap", "interp", "interpGrp"}


def read_tree(path: Path, root: ET.Element, notes: list[str]) -> ReadResult:
    """A parsed ``<TEI>`` (one record) or ``<teiCorpus>`` (one record per text)."""
    lang_attr = root.get(f"{XML_NS}lang") or ""
    strip_namespaces(root)
    _editorial_choices(root)
    texts = [root] if root.tag != "teiCorpus" else [t for t in root.iter() if t.tag in ("TEI", "TEI.2")]
    records: list[ParsedRecord] = []
    for n, tei in enumerate(texts, 1):
        key = "" if len(texts) == 1 else f"tei:{tei.get(XML_NS + 'id') or tei.get('id') or n}"
        rec = _record(path, tei, key, lang_attr)
        if rec is not None:
            records.append(rec)
        elif len(texts) > 1:
            notes.append(f"text {n} of the corpus has no title or text, skipped")
    if not records:
        raise CorruptSource("TEI file without text or header")
    return ReadResult(records, reader="tei", notes=notes)


def _record(path: Path, tei: ET.Element, key: str, lang_attr: str) -> ParsedRecord | None:
    header = tei.find("teiHeader")
    header = header if header is not None else ET.Element("teiHeader")
    title_el = next((t for t in header.iterfind("fileDesc/titleStmt/title") if t.get("type") in ("main", None)),
                    None)
    title = text_of(title_el)
    sent = header.find("profileDesc/correspDesc/correspAction[@type='sent']")
    received = header.find("profileDesc/correspDesc/correspAction[@type='received']")
    date_value, date_text = _date(sent.find("date") if sent is not None else None)
    if not date_value:
        date_value, date_text = _date(next(iter(header.iterfind("fileDesc/sourceDesc//date")), None))
    if not date_value:
        date_value, date_text = _date(header.find("fileDesc/publicationStmt/date"))
    data: dict[str, str] = {}
    for k, values in (("author", all_texts(header, "fileDesc/titleStmt/author")),
                      ("editor", all_texts(header, "fileDesc/titleStmt/editor")),
                      ("publisher", all_texts(header, "fileDesc/publicationStmt/publisher")),
                      ("source", all_texts(header, "fileDesc/sourceDesc/bibl")),
                      ("sender", all_texts(sent, "persName") + all_texts(sent, "orgName") if sent is not None else []),
                      ("sent_from", all_texts(sent, "placeName") if sent is not None else []),
                      ("addressee", all_texts(received, "persName") if received is not None else []),
                      ("keywords", all_texts(header, "profileDesc/textClass//term"))):
        if values:
            data[k] = "; ".join(values)
    if date_text:
        data["date"] = date_text
    blocks: list[Block] = []
    text = tei.find("text")
    if text is not None:
        _walk(text, (), [0], blocks)
    if not blocks and not title:
        return None
    if not blocks:  # a header-only file (a catalogue entry of a letter): its description is what is searched
        summary = " ".join(v for v in (title, *data.values()) if v)
        blocks = [Block(summary, component="rag:catalogue")]
    lang_el = header.find("profileDesc/langUsage/language")
    lang_value = (lang_el.get("ident") if lang_el is not None else None) or \
        (text.get(f"{XML_NS}lang") if text is not None else None) or lang_attr
    start, end = parse_date_range(date_value)
    return ParsedRecord(key=key, title=choose_title([title], path), blocks=blocks, lang=language_code(lang_value),
                        date_start=start, date_end=end, data=data)


def _editorial_choices(root: ET.Element) -> None:
    """Of a ``<choice>``, keep the corrected, regularised or expanded reading (``1814``/``1815`` → ``1815``)."""
    for choice in root.iter("choice"):
        kept = {c.tag for c in choice} & {"corr", "reg", "expan"}
        if kept:
            for child in [c for c in choice if c.tag in ("sic", "orig", "abbr")]:
                choice.remove(child)


def _date(el: ET.Element | None) -> tuple[str, str]:
    """(a value for the range filters, the date as written) of a TEI ``<date>``."""
    if el is None:
        return "", ""
    written = text_of(el)
    when = el.get("when") or el.get("when-iso")
    if when:
        return when, written or when
    low, high = el.get("from") or el.get("notBefore"), el.get("to") or el.get("notAfter")
    if low or high:
        return f"{low or high}/{high or low}", written or f"{low or high}–{high or low}"
    return (written, written) if any(ch.isdigit() for ch in written) else ("", written)


def _walk(el: ET.Element, headings: tuple[str, ...], page: list[int], blocks: list[Block]) -> None:
    """Blocks of ``el``'s children in reading order; ``page`` counts the ``<pb/>`` met so far."""
    for child in el:
        tag = child.tag
        if not isinstance(tag, str):
            continue
        if tag == "pb":
            page[0] += 1
        elif tag in _DIVS:
            head = _div_heading(child)
            _walk(child, headings + (head,) if head else headings, page, blocks)
        elif tag in _BLOCKS:
            body = text_of(child)
            if body:
                speaker = first_text(child, "speaker") if tag == "sp" else None
                blocks.append(Block(body, heading_path=headings, page=page[0] or None, speaker=speaker or None))
            page[0] += sum(1 for _ in child.iter("pb"))
        elif tag not in _SKIP:
            _walk(child, headings, page, blocks)  # body, text, floatingText, and wrappers alike


def _div_heading(div: ET.Element) -> str:
    """A division's heading: its ``<head>``, else a letter's dateline, else its ``n`` or ``type``."""
    head = first_text(div, "head", "opener/dateline", "docTitle")
    return head or div.get("n") or ""
