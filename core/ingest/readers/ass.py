"""ASS/SSA subtitles (``.ass``, ``.ssa``): each Dialogue event a timed turn, read with pysubs2.

Comment events and vector drawings (``\\p1``) carry no speech and are left out; override tags
(``{\\an8}``, karaoke ``{\\k20}``) are removed and ``\\N`` breaks become spaces. The event's
``Name`` is the speaker. The same line drawn on several layers (an outline under a fill) is one
turn, not several.
"""

from __future__ import annotations

from pathlib import Path

import pysubs2

from core.errors import CorruptSource
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import date_from_filename, split_speaker
from core.ingest.readers.media import find_media
from core.ingest.readers.subtitles import clean_cue_text
from core.ingest.readers.textio import decode_tolerant
from core.ingest.titles import choose_title

# titles the editors write into new files: not a name for the recording
_PLACEHOLDER_TITLES = {"default aegisub file", "untitled", "<untitled>"}


def read(path: Path, raw: bytes) -> ReadResult:
    """Read an ``.ass``/``.ssa`` file into one transcript record."""
    text, notes = decode_tolerant(raw, what="subtitle file")
    fmt = "ssa" if path.suffix.lower() == ".ssa" else "ass"
    try:
        subs = pysubs2.SSAFile.from_string(text, format_=fmt)
    except (pysubs2.exceptions.Pysubs2Error, ValueError, KeyError, IndexError) as exc:
        raise CorruptSource(f"unreadable subtitle file: {exc}") from exc
    blocks: list[Block] = []
    seen: set[tuple[int, int, str]] = set()
    for event in subs.events:
        if event.is_comment or event.is_drawing:
            continue
        body = clean_cue_text(event.plaintext.replace("\n", " "))
        if not body or (event.start, event.end, body) in seen:
            continue
        seen.add((event.start, event.end, body))
        tc_out = event.end / 1000 if event.end >= event.start else None
        speaker = event.name.strip() or split_speaker(body)[0]
        blocks.append(Block(body, tc_in=event.start / 1000, tc_out=tc_out, speaker=speaker or None,
                            component="rag:transcript"))
    if not blocks:
        raise CorruptSource("no cues with text in this transcript")
    blocks.sort(key=lambda b: b.tc_in or 0.0)
    title = subs.info.get("Title", "")
    start, end = date_from_filename(path)
    rec = ParsedRecord(key="", title=choose_title([title if title.lower() not in _PLACEHOLDER_TITLES else ""], path),
                       blocks=blocks, date_start=start, date_end=end, media_path=find_media(path))
    return ReadResult([rec], reader=fmt, notes=notes)
