"""Whisper transcripts: ``.json`` (``segments`` of start, end, text) and ``.tsv`` (start/end in ms, text).

The JSON forms are openai-whisper's (``{"text", "segments": [{"start", "end", "text"}], "language"}``,
or the bare list of segments), WhisperX's (a ``speaker`` per segment) and whisper.cpp's
(``{"transcription": [{"offsets": {"from", "to"}, "text"}], "result": {"language"}}``, in ms).
Any other JSON is a kind of file not read (unsupported, not failed). A ``.tsv`` whose header is
exactly Whisper's ``start\tend\ttext`` is read here; any other ``.tsv`` is a catalogue for the CSV reader.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from core.errors import CorruptSource, UnsupportedKind
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers import csv_reader
from core.ingest.readers.common import date_from_filename, language_code, split_speaker
from core.ingest.readers.media import find_media
from core.ingest.readers.subtitles import MAX_LISTED, clean_cue_text
from core.ingest.readers.textio import decode_tolerant
from core.ingest.titles import choose_title

TSV_HEADER = ("start", "end", "text")


def is_whisper_tsv(raw: bytes) -> bool:
    """True when the first line is Whisper's ``start\tend\ttext`` header."""
    first = raw[:200].lstrip(b"\xef\xbb\xbf").split(b"\n", 1)[0].strip().lower()
    return tuple(first.split(b"\t")) == tuple(h.encode() for h in TSV_HEADER)


def read_tsv(path: Path, raw: bytes) -> ReadResult:
    """A Whisper ``.tsv`` transcript, or any other ``.tsv`` as a catalogue."""
    if not is_whisper_tsv(raw):
        return csv_reader.read(path, raw)
    text, notes = decode_tolerant(raw, what="transcript")
    segments: list[tuple[float, float | None, str, str | None]] = []
    bad: list[str] = []
    for line_no, line in enumerate(text.split("\n")[1:], 2):
        if not line.strip():
            continue
        cells = line.split("\t", 2)
        try:
            start, end = int(cells[0]) / 1000, int(cells[1]) / 1000
        except (ValueError, IndexError):
            bad.append(f"line {line_no}: {line.strip()[:60]!r}")
            continue
        segments.append((start, end, cells[2] if len(cells) > 2 else "", None))
    return _record(path, segments, None, notes, bad)


def read_json(path: Path, raw: bytes) -> ReadResult:
    """A Whisper ``.json`` transcript; other JSON is refused as another kind of file."""
    text, notes = decode_tolerant(raw, what="JSON file")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorruptSource(f"malformed JSON at line {exc.lineno}: {exc.msg}") from exc
    except RecursionError as exc:  # json's decoder stops itself at Python's recursion limit
        raise CorruptSource("malformed JSON at line 1: nested too deeply") from exc
    lang: str | None = None
    items: Any = None
    ms = False
    if isinstance(doc, dict):
        lang = doc.get("language") if isinstance(doc.get("language"), str) else None
        if isinstance(doc.get("segments"), list):
            items = doc["segments"]
        elif isinstance(doc.get("transcription"), list):
            items, ms = doc["transcription"], True
            result = doc.get("result")
            lang = result.get("language") if isinstance(result, dict) else lang
    elif isinstance(doc, list) and doc and all(isinstance(s, dict) and "start" in s and "text" in s for s in doc):
        items = doc
    if items is None:
        raise UnsupportedKind("JSON of another kind: only Whisper transcripts (with \"segments\") are read")
    segments: list[tuple[float, float | None, str, str | None]] = []
    bad: list[str] = []
    for n, seg in enumerate(items, 1):
        try:
            end: float | None
            if ms:
                offsets = seg["offsets"]
                start, end = float(offsets["from"]) / 1000, float(offsets["to"]) / 1000
            else:
                start = float(seg["start"])
                end = float(seg["end"]) if seg.get("end") is not None else None
            body = str(seg.get("text") or "")
            if not math.isfinite(start) or (end is not None and not math.isfinite(end)):
                raise ValueError(start)
        except (KeyError, TypeError, ValueError, AttributeError):
            bad.append(f"segment {n}")
            continue
        speaker = seg.get("speaker") if isinstance(seg.get("speaker"), str) else None
        segments.append((start, end, body, speaker))
    return _record(path, segments, lang, notes, bad)


def _record(path: Path, segments: list[tuple[float, float | None, str, str | None]], lang: str | None,
            notes: list[str], bad: list[str]) -> ReadResult:
    if bad:
        listed = "; ".join(bad[:MAX_LISTED]) + (f"; and {len(bad) - MAX_LISTED} more" if len(bad) > MAX_LISTED else "")
        notes.append(f"{len(bad)} segment{'s' if len(bad) != 1 else ''} skipped (unreadable timing): {listed}")
    blocks = []
    for start, end, body, speaker in segments:
        clean = clean_cue_text(body)
        if clean:
            blocks.append(Block(clean, tc_in=round(start, 3), tc_out=round(end, 3) if end is not None and end >= start
                                else None, speaker=speaker or split_speaker(clean)[0], component="rag:transcript"))
    if not blocks:
        raise CorruptSource("no cues with text in this transcript")
    start_d, end_d = date_from_filename(path)
    rec = ParsedRecord(key="", title=choose_title([], path), blocks=blocks, lang=language_code(lang),
                       date_start=start_d, date_end=end_d, media_path=find_media(path))
    return ReadResult([rec], reader="whisper", notes=notes)
