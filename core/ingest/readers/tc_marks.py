"""Text with inline ``[TC_HH:MM:SS(.mmm)_TC]`` or ``[HH:MM:SS]`` marks: each mark opens a timecoded turn.

Bare ``[HH:MM:SS]`` marks (what most transcription tools write) count only when a text has
at least :data:`MIN_BARE_MARKS` of them, so one bracketed time in a diary does not turn it
into a transcript.
"""

from __future__ import annotations

import re
from pathlib import Path

from core.errors import CorruptSource
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import date_from_filename, parse_front_matter, parse_timecode, split_speaker
from core.ingest.readers.media import find_media
from core.ingest.titles import choose_title, plain_text_title

TC_MARK = re.compile(r"\[TC_(\d{1,2}:\d{2}:\d{2}(?:\.\d{1,3})?)_TC\]")
BARE_MARK = re.compile(r"\[(\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,3})?)\]")
MIN_BARE_MARKS = 2


def mark_pattern(text: str) -> re.Pattern[str] | None:
    """The timecode mark style a text uses, or None when it is not a marked transcript."""
    if TC_MARK.search(text):
        return TC_MARK
    if len(BARE_MARK.findall(text, 0, 1_000_000)) >= MIN_BARE_MARKS:
        return BARE_MARK
    return None


def read_tc_text(path: Path, text: str, notes: list[str]) -> ReadResult:
    """Split on the marks; text before the first mark is a header, not a turn."""
    meta, body = parse_front_matter(text)
    parts = (mark_pattern(body) or TC_MARK).split(body)
    header = parts[0].strip()
    turns: list[tuple[float, str]] = []
    for i in range(1, len(parts), 2):
        try:
            tc = parse_timecode(parts[i])
        except ValueError:  # [12:75:00] is not a time: keep the words, under the previous mark
            if turns:
                turns[-1] = (turns[-1][0], f"{turns[-1][1]} [{parts[i]}] {' '.join(parts[i + 1].split())}".strip())
            else:
                notes.append(f"unreadable timecode mark [{parts[i]}] ignored")
            continue
        content = " ".join(parts[i + 1].split())
        if content:
            turns.append((tc, content))
    if not turns:
        raise CorruptSource("timecode marks found but no text after them")
    blocks: list[Block] = []
    for n, (tc, content) in enumerate(turns):
        tc_out = turns[n + 1][0] if n + 1 < len(turns) else None
        speaker, _ = split_speaker(content)
        blocks.append(Block(content, page=None, tc_in=tc, tc_out=tc_out, speaker=speaker,
                            component="rag:transcript"))
    title = choose_title([meta.get("title"), plain_text_title(header)], path)
    start, end = date_from_filename(path)
    rec = ParsedRecord(key="", title=title, blocks=blocks, lang=meta.get("lang") or None,
                       date_start=start, date_end=end, data={"header": header[:2000]} if header else {},
                       media_path=find_media(path))
    return ReadResult([rec], reader="tc-marks", notes=notes)
