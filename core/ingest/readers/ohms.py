"""OHMS XML (Oral History Metadata Synchronizer): synced transcript plus an index of segments."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from core.errors import CorruptSource
from core.ingest.decode import decode_text
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import parse_date_range, parse_timecode, split_speaker, title_from_path
from core.ingest.readers.media import find_media

_SYNC = re.compile(r"\[(\d{1,2}:\d{2}:\d{2})\]")


def read(path: Path, raw: bytes) -> ReadResult:
    """Read an OHMS export; refuse other XML clearly."""
    text, notes = decode_text(raw, what="XML file")
    try:
        root = ET.fromstring(text.encode("utf-8"))
    except ET.ParseError as exc:
        raise CorruptSource(f"malformed XML: {exc}") from exc
    record = root.find(".//record")
    if record is None or (record.find("transcript") is None and record.find("index") is None):
        raise CorruptSource("XML is not an OHMS export (no <record> with <transcript> or <index>)")
    title = (record.findtext("title") or "").strip() or title_from_path(path)
    lang = (record.findtext("language") or record.get("language") or "").strip().lower()[:2] or None
    blocks: list[Block] = []
    transcript = record.findtext("transcript") or ""
    parts = _SYNC.split(transcript)
    marks = [(parse_timecode(parts[i]), parts[i + 1]) for i in range(1, len(parts), 2)]
    if parts[0].strip():
        marks.insert(0, (0.0, parts[0]))
    for n, (tc, chunk) in enumerate(marks):
        tc_out = marks[n + 1][0] if n + 1 < len(marks) else None
        for para in re.split(r"\n\s*\n|\n(?=[A-ZÀ-Ý][\w .'-]{0,40}:)", chunk):
            body = " ".join(para.split())
            if body:
                blocks.append(Block(body, tc_in=tc, tc_out=tc_out, speaker=split_speaker(body)[0],
                                    component="rag:transcript"))
    for point in record.findall("./index/point"):
        try:
            tc = float((point.findtext("time") or "0").strip())
        except ValueError:
            continue
        seg_title = (point.findtext("title") or "").strip()
        pieces = [point.findtext(t) or "" for t in ("synopsis", "partial_transcript", "keywords", "subjects")]
        body = " ".join(" ".join(pieces).split())
        if seg_title or body:
            blocks.append(Block(f"{seg_title}. {body}".strip(". "), heading_path=(seg_title,) if seg_title else (),
                                tc_in=tc, component="rag:index"))
    if not blocks:
        raise CorruptSource("OHMS record without transcript text or index points")
    start, end = parse_date_range(record.findtext("date") or record.get("dt"))
    data = {k: (record.findtext(k) or "").strip() for k in ("interviewee", "interviewer", "repository", "date")
            if (record.findtext(k) or "").strip()}
    rec = ParsedRecord(key="", title=title, blocks=blocks, lang=lang, date_start=start, date_end=end,
                       data=data, media_path=find_media(path))
    return ReadResult([rec], reader="ohms", notes=notes)
