"""ASS/SSA subtitles (``.ass``, ``.ssa``): each Dialogue event a timed turn, read with pysubs2.

Comment events and vector drawings (``\\p1``) carry no speech and are left out; override tags
(``{\\an8}``, karaoke ``{\\k20}``) are removed and ``\\N`` breaks become spaces. The event's
``Name`` is the speaker. The same line drawn on several layers (an outline under a fill) is one
turn, not several.
"""

from __future__ import annotations

import re
from pathlib import Path

import pysubs2

from core.errors import CorruptSource
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import date_from_filename, split_speaker
from core.ingest.readers.media import find_media
from core.ingest.readers.subtitles import MAX_LISTED, clean_cue_text
from core.ingest.readers.textio import decode_tolerant
from core.ingest.titles import choose_title

_TIME = re.compile(r"^\s*\d+:\d{1,2}:\d{1,2}(?:[.:]\d+)?\s*$")
# titles the editors write into new files: not a name for the recording
_PLACEHOLDER_TITLES = {"default aegisub file", "untitled", "<untitled>"}


def read(path: Path, raw: bytes) -> ReadResult:
    """Read an ``.ass``/``.ssa`` file into one transcript record."""
    text, notes = decode_tolerant(raw, what="subtitle file")
    text, bad = _drop_unreadable_events(text)
    if bad:
        listed = "; ".join(bad[:MAX_LISTED]) + (f"; and {len(bad) - MAX_LISTED} more" if len(bad) > MAX_LISTED else "")
        notes.append(f"{len(bad)} event{'s' if len(bad) != 1 else ''} skipped (unreadable timing): {listed}")
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


def _drop_unreadable_events(text: str) -> tuple[str, list[str]]:
    """The file without event lines whose Start or End is not a time (pysubs2 refuses the whole file for one),
    and those lines, numbered, for the notes: every readable event is kept, as for WebVTT and SRT."""
    lines = text.split("\n")
    section, start_at, end_at, bad = "", 1, 2, []
    for n, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            section = stripped.lower()
        elif section == "[events]" and stripped.lower().startswith("format:"):
            fields = [f.strip().lower() for f in stripped.split(":", 1)[1].split(",")]
            start_at = fields.index("start") if "start" in fields else 1
            end_at = fields.index("end") if "end" in fields else 2
        elif section == "[events]" and stripped.split(":", 1)[0] in ("Dialogue", "Comment"):
            values = stripped.split(":", 1)[1].split(",", max(start_at, end_at) + 1)
            if len(values) <= max(start_at, end_at) or not (_TIME.match(values[start_at])
                                                             and _TIME.match(values[end_at])):
                bad.append(f"line {n + 1}: {stripped[:80]!r}")
                lines[n] = ""
    return "\n".join(lines), bad
