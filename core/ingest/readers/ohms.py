"""OHMS XML (Oral History Metadata Synchronizer): a synced transcript plus an index of segments.

Real exports declare the OHMS namespace (``https://www.weareavp.com/nunncenter/ohms``), so
tags are compared by local name. Three transcript forms exist:

* legacy (OHMS ≤ 5): ``<transcript>`` plain text and ``<sync>`` like ``1:|13(3)|19(14)|…`` —
  every ``|`` step is one interval (``1:`` = one minute) and ``13(3)`` says where that minute
  falls (line 13 of the transcript, word 3). The transcript is cut at those lines, so each
  piece carries its own time instead of the whole interview sitting at 0:00;
* OHMS 6: WebVTT inside ``<vtt_transcript>`` (or inside ``<transcript>``), read as cues;
* older hand-made files with inline ``[HH:MM:SS]`` marks.

Index points become their own passages (title, synopsis, partial transcript, keywords,
subjects) at their own time. The media URL is kept in the record's fields; a local
recording beside the XML (or named by ``<file_name>``) is what the player uses.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from core.errors import CorruptSource
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import language_code, parse_date_range, parse_timecode, split_speaker
from core.ingest.readers.media import MEDIA_SUFFIXES, find_media
from core.ingest.readers.subtitles import clean_cue_text, parse_cues
from core.ingest.readers.xmlsafe import parse_xml, strip_namespaces
from core.ingest.titles import choose_title

_INLINE = re.compile(r"\[(\d{1,2}:\d{2}:\d{2}(?:\.\d{1,3})?)\]")
_SYNC_STEP = re.compile(r"(\d+)\((\d+)\)")
_FOOTNOTES = re.compile(r"\[\[footnotes\]\].*?\[\[/footnotes\]\]", re.S)
_FOOTNOTE_REF = re.compile(r"\[\[footnote\]\].*?\[\[/footnote\]\]", re.S)
_OHMS_SPEAKER = re.compile(r"^\s*([A-ZÀ-Ý][A-ZÀ-Ý\-.' ]*[A-ZÀ-Ý.]):\s")
_PEOPLE = ("interviewee", "interviewer")


def read(path: Path, raw: bytes) -> ReadResult:
    """Read an OHMS export (any other XML is refused as not OHMS)."""
    root, notes = parse_xml(raw)
    return read_tree(path, root, notes)


def read_tree(path: Path, root: ET.Element, notes: list[str]) -> ReadResult:
    """An OHMS export already parsed (:mod:`core.ingest.readers.xmlkind` recognised it)."""
    strip_namespaces(root)  # namespaced and legacy exports alike
    record = root if root.tag == "record" else root.find(".//record")
    if record is None or not any(record.find(t) is not None for t in ("transcript", "vtt_transcript", "index")):
        raise CorruptSource("XML is not an OHMS export (no <record> with <transcript> or <index>)")
    lang_value = (record.findtext("language") or record.get("language") or "").strip()
    lang = language_code(lang_value)
    if lang_value and lang is None:
        notes.append(f"language {lang_value!r} not recognised; detected from the text instead")
    blocks = _transcript(record, "transcript", "vtt_transcript", "sync", "rag:transcript", notes)
    alt_lang = language_code(record.findtext("transcript_alt_lang"))
    blocks += _transcript(record, "transcript_alt", "vtt_transcript_alt", "sync_alt",
                          "rag:translation", notes)
    blocks += _index(record, notes)
    if not blocks:
        raise CorruptSource("OHMS record without transcript text or index points")
    date_el = record.find("date")
    date_value = (date_el.get("value") if date_el is not None else None) or (record.findtext("date") or "").strip() \
        or (record.findtext("date_nonpreferred_format") or "").strip()
    # record/@dt is when the OHMS record was made, not when the interview happened: not used as its date
    start, end = parse_date_range(date_value)
    data: dict[str, str] = {}
    for key in ("repository", "accession", "collection_name", "series_name", "duration", "media_url", "rights",
                "usage", "description", "cms_record_id", "file_name"):
        value = (record.findtext(key) or "").strip()
        if value:
            data[key] = value
    for key in _PEOPLE:
        names = [(el.text or "").strip() for el in record.findall(key) if (el.text or "").strip()]
        if names:
            data[key] = "; ".join(names)
    if date_value:
        data["date"] = date_value
    if alt_lang:
        data["transcript_alt_lang"] = alt_lang
    title = choose_title([record.findtext("title"), record.findtext("interviewee")], path)
    rec = ParsedRecord(key="", title=title, blocks=blocks, lang=lang, date_start=start, date_end=end,
                       data=data, media_path=_local_media(path, data.get("file_name")))
    return ReadResult([rec], reader="ohms", notes=notes)


def _local_media(path: Path, file_name: str | None) -> str | None:
    """The recording beside the XML: same stem, or the file the export names (never a URL: we are offline)."""
    found = find_media(path)
    if found or not file_name or "/" in file_name or "\\" in file_name:
        return found
    candidate = path.parent / file_name
    if candidate.suffix.lower() in MEDIA_SUFFIXES and candidate.is_file():
        return str(candidate)
    return None


def _transcript(record: ET.Element, tag: str, vtt_tag: str, sync_tag: str, component: str,
                notes: list[str]) -> list[Block]:
    """One transcript (the main one or the translation) as timecoded turns, whatever its form."""
    vtt = (record.findtext(vtt_tag) or "").strip()
    plain = record.findtext(tag) or ""
    if not vtt and plain.strip().startswith("WEBVTT"):
        vtt = plain.strip()
    if vtt:
        cues = parse_cues(vtt)
        notes += [f"<{vtt_tag}>: {n}" for n in cues.notes]
        for b in cues.blocks:
            b.component = component
        return cues.blocks
    if not plain.strip():
        return []
    sync = (record.findtext(sync_tag) or "").strip()
    if _SYNC_STEP.search(sync):
        return _synced(plain, sync, component)
    if _INLINE.search(plain):
        return _inline(plain, component)
    notes.append(f"<{tag}> has no sync points: its passages carry no timecodes")
    return [Block(t, tc_in=None, speaker=s, component=component) for t, s in _paragraphs(plain.split("\n"))]


def _sync_points(sync: str) -> dict[int, float]:
    """``1:|13(3)|19(14)`` → {13: 60.0, 19: 120.0}: the first time marked on each (1-based) line."""
    head, _, steps = sync.partition(":")
    try:
        interval = float(head.strip() or 1) * 60
    except ValueError:
        interval = 60.0
    points: dict[int, float] = {}
    for index, step in enumerate(steps.split("|")):
        m = _SYNC_STEP.search(step)
        if m:
            points.setdefault(int(m.group(1)), index * interval)
    return points


def _synced(plain: str, sync: str, component: str) -> list[Block]:
    """Legacy transcript cut at its sync lines: each piece starts at the time marked on its first line."""
    # footnote markup goes, but line numbers must stay those the sync counts
    text = _FOOTNOTES.sub(lambda m: "\n" * m.group(0).count("\n"), plain)
    text = _FOOTNOTE_REF.sub("", text)
    lines = text.split("\n")
    points = _sync_points(sync)
    cuts = sorted({0} | {ln - 1 for ln in points if 0 < ln <= len(lines)})
    times = [0.0] + [points[c + 1] for c in cuts[1:]]
    blocks: list[Block] = []
    speaker: str | None = None
    for n, start in enumerate(cuts):
        stop = cuts[n + 1] if n + 1 < len(cuts) else len(lines)
        tc_out = times[n + 1] if n + 1 < len(times) else None
        for body, label in _paragraphs(lines[start:stop]):
            # an unlabelled paragraph (or a turn cut by a minute mark) is still the last speaker's
            speaker = label or speaker
            blocks.append(Block(body, tc_in=times[n], tc_out=tc_out, speaker=speaker, component=component))
    return blocks


def _paragraphs(lines: list[str]) -> list[tuple[str, str | None]]:
    """Blank-line paragraphs (a new ``NAME:`` line also starts one), with their speaker label."""
    out: list[tuple[str, str | None]] = []
    cur: list[str] = []

    def flush() -> None:
        body = clean_cue_text(" ".join(cur))
        if body:
            m = _OHMS_SPEAKER.match(body)
            out.append((body, m.group(1).strip() if m else split_speaker(body)[0]))
        cur.clear()

    for line in lines:
        if not line.strip():
            flush()
            continue
        if cur and _OHMS_SPEAKER.match(line):
            flush()
        cur.append(line)
    flush()
    return out


def _inline(plain: str, component: str) -> list[Block]:
    """Hand-made transcripts with ``[HH:MM:SS]`` marks in the text."""
    parts = _INLINE.split(plain)
    marks = [(parse_timecode(parts[i]), parts[i + 1]) for i in range(1, len(parts), 2)]
    if parts[0].strip():
        marks.insert(0, (0.0, parts[0]))
    blocks: list[Block] = []
    for n, (tc, chunk) in enumerate(marks):
        tc_out = marks[n + 1][0] if n + 1 < len(marks) else None
        for body, label in _paragraphs(chunk.split("\n")):
            blocks.append(Block(body, tc_in=tc, tc_out=tc_out, speaker=label, component=component))
    return blocks


def _index(record: ET.Element, notes: list[str]) -> list[Block]:
    """Each index point a passage of its own, at its own time, with its synopsis and keywords."""
    points: list[tuple[float, ET.Element]] = []
    for point in record.findall("./index/point"):
        raw_time = (point.findtext("time") or "0").strip()
        try:
            tc = float(raw_time) if re.fullmatch(r"\d+(?:\.\d+)?", raw_time) else parse_timecode(raw_time)
        except ValueError:
            notes.append(f"index point {(point.findtext('title') or '').strip()!r}: unreadable time {raw_time!r}")
            continue
        points.append((tc, point))
    points.sort(key=lambda p: p[0])
    blocks: list[Block] = []
    for n, (tc, point) in enumerate(points):
        title = clean_cue_text(point.findtext("title") or "")
        parts = [clean_cue_text(point.findtext(t) or "") for t in ("partial_transcript", "synopsis")]
        for label, tag in (("Keywords", "keywords"), ("Subjects", "subjects")):
            items = [clean_cue_text(k) for k in re.split(r"[;\n]", point.findtext(tag) or "") if k.strip()]
            if items:
                parts.append(f"{label}: {'; '.join(items)}")
        body = " ".join(p for p in parts if p)
        text = f"{title}. {body}" if title and body else (title or body)
        if text:
            tc_out = points[n + 1][0] if n + 1 < len(points) else None
            blocks.append(Block(text, heading_path=(title,) if title else (), tc_in=tc, tc_out=tc_out,
                                component="rag:index", paced=False))
    return blocks
