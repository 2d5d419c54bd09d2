"""WebVTT and SRT transcripts: each cue is a timecoded turn.

Parsed the way the WebVTT spec and common SRT parsers do it, because real files are
messy: a cue whose timing cannot be read is skipped and listed (with its line number)
in the notes while every valid cue is kept; a line holding ``-->`` starts a new cue even
without a blank line before it (so timing lines never leak into the text); tags are
removed, entities decoded, and ``<v Name>`` voice spans become the turn's speaker.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from core.errors import CorruptSource
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import date_from_filename, language_code, parse_timecode, split_speaker
from core.ingest.readers.media import find_media
from core.ingest.readers.textio import decode_tolerant
from core.ingest.titles import choose_title, first_sentence

_CUE_TIME = re.compile(r"^\s*(\S+)\s*-->\s*(\S+)")
# a timing line with a mistyped arrow ("->", "—>", "- >"): a cue to list as unreadable, not text to lose silently
_LOOSE_TIME = re.compile(r"^\s*\d{1,2}:\d{2}[\d:.,]*\s*(?:-+\s*>|[–—]+>?)\s*\d{1,2}:\d{2}")
_VOICE = re.compile(r"<v(?:\.[^\s>]*)?\s+([^>]+)>")
_TAGS = re.compile(r"</?[A-Za-z][^>]*>|<\d[\d:.,]*>")  # markup and karaoke timestamps; a bare "<" stays
_ASS_TAGS = re.compile(r"\{\\[^}]*\}")  # {\an8}-style positioning some SRT files carry
_BREAKS = re.compile(r"<br\s*/?>", re.I)
_HEADER_FIELD = re.compile(r"^([A-Za-z][\w -]{0,30}):\s*(.*)$")
MAX_LISTED = 20  # bad cues named one by one in the notes; the rest are counted


@dataclass
class Cues:
    """What a cue parser found: the turns, header metadata, a title and notes on skipped cues."""

    blocks: list[Block] = field(default_factory=list)
    meta: dict[str, str] = field(default_factory=dict)
    title: str = ""
    notes: list[str] = field(default_factory=list)
    slate: str = ""  # what names the recording when no title is given: a NOTE's first line, a "[…]" first cue


def read(path: Path, raw: bytes) -> ReadResult:
    """Read a ``.vtt`` or ``.srt`` file into one transcript record."""
    text, notes = decode_tolerant(raw, what="transcript")
    is_vtt = path.suffix.lower() == ".vtt"
    if is_vtt and not text.lstrip().startswith("WEBVTT"):
        if not any(_CUE_TIME.match(ln) for ln in text.split("\n")):
            raise CorruptSource("not a WebVTT file (missing the WEBVTT header)")
        notes.append("no WEBVTT header; read as WebVTT anyway")
    cues = parse_cues(text)
    notes += cues.notes
    if not cues.blocks:
        raise CorruptSource("no cues with text in this transcript"
                            + (f" ({cues.notes[0]})" if cues.notes else ""))
    meta = cues.meta
    start, end = date_from_filename(path)
    lang_value = meta.get("language") or meta.get("lang")
    title = choose_title([meta.get("title"), cues.title, cues.slate], path)
    rec = ParsedRecord(key="", title=title, blocks=cues.blocks,
                       lang=language_code(lang_value), date_start=start, date_end=end,
                       data={k: v for k, v in meta.items() if k not in ("title",)},
                       media_path=find_media(path))
    return ReadResult([rec], reader="vtt" if is_vtt else "srt", notes=notes)


def parse_cues(text: str, *, first_line: int = 1) -> Cues:
    """Cues of a WebVTT or SRT text (``first_line``: the line number of ``text``'s first line, for notes)."""
    out = Cues()
    lines = text.split("\n")
    bad: list[str] = []
    i = 0
    n = len(lines)
    if lines and lines[0].lstrip("\ufeff").startswith("WEBVTT"):
        i = 1
        # header lines up to the first blank one: "Kind: captions", "Language: en" — not the CSS
        # lines of a YouTube "Style:" block that follows
        while i < n and lines[i].strip() and not _is_timing(lines[i]):
            m = _HEADER_FIELD.match(lines[i])
            if m and m.group(2).strip():
                out.meta[m.group(1).strip().lower()] = m.group(2).strip()
            i += 1
    while i < n:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if line.startswith(("NOTE", "STYLE", "REGION")) and "-->" not in line:
            j = i
            while j < n and lines[j].strip() and "-->" not in lines[j]:
                j += 1
            if line.startswith("NOTE"):
                _note_meta(lines[i:j], out)
            i = j
            continue
        timing = i if _is_timing(line) else (i + 1 if i + 1 < n and _is_timing(lines[i + 1]) else None)
        if timing is None:  # text outside any cue (a cue whose timing line is missing): listed, not a turn
            j = i
            while j < n and lines[j].strip() and not _is_timing(lines[j]):
                j += 1
            bad.append(f"line {first_line + i}: no timing line before {' '.join(lines[i:j]).strip()[:60]!r}")
            i = j
            continue
        j = timing + 1
        payload: list[str] = []
        while j < n and lines[j].strip() and not _is_timing(lines[j]):
            payload.append(lines[j])
            j += 1
        if j < n and _is_timing(lines[j]) and payload and payload[-1].strip().isdigit():
            payload.pop()  # the next cue's SRT number, written without a blank line before it
            j -= 1
        try:
            tc_in, tc_out = _timing(lines[timing])
        except ValueError:
            bad.append(f"line {first_line + timing}: {lines[timing].strip()[:80]!r}")
            i = j
            continue
        out.blocks += _turns(payload, tc_in, tc_out)
        if len(out.blocks) == 1 and not out.slate:
            out.slate = _bracketed(out.blocks[0].text)
        i = j
    if bad:
        listed = "; ".join(bad[:MAX_LISTED]) + (f"; and {len(bad) - MAX_LISTED} more" if len(bad) > MAX_LISTED else "")
        out.notes.append(f"{len(bad)} cue{'s' if len(bad) != 1 else ''} skipped (missing or unreadable timing): "
                         f"{listed}")
    return out


def _is_timing(line: str) -> bool:
    """A line that opens a cue (or was meant to)."""
    return "-->" in line or bool(_LOOSE_TIME.match(line))


def _timing(line: str) -> tuple[float, float | None]:
    """(start, end) seconds of a timing line; an end before the start is dropped, not trusted."""
    m = _CUE_TIME.match(line)
    if not m:
        raise ValueError(line)
    tc_in, tc_out = parse_timecode(m.group(1)), parse_timecode(m.group(2))
    return tc_in, (tc_out if tc_out >= tc_in else None)


def _turns(payload: list[str], tc_in: float, tc_out: float | None) -> list[Block]:
    """A cue's lines as turns: one per voice when a cue holds several speakers."""
    groups: list[tuple[str | None, list[str]]] = []
    for line in payload:
        voice = _VOICE.search(line)
        if voice or not groups:
            groups.append((voice.group(1).strip() if voice else None, []))
        groups[-1][1].append(line)
    blocks: list[Block] = []
    for name, group in groups:
        body = clean_cue_text(" ".join(group))
        if not body:
            continue
        speaker = name or split_speaker(body)[0]
        if name and not body.startswith(f"{name}:"):
            body = f"{name}: {body}"
        blocks.append(Block(body, tc_in=tc_in, tc_out=tc_out, speaker=speaker, component="rag:transcript"))
    return blocks


def clean_cue_text(text: str) -> str:
    """Cue text without markup, with entities decoded and whitespace collapsed."""
    text = _BREAKS.sub(" ", text)
    text = _ASS_TAGS.sub("", _TAGS.sub("", text))
    return " ".join(html.unescape(text).split())


def _note_meta(lines: list[str], out: Cues) -> None:
    """``NOTE title: …`` / ``NOTE key: value`` comments some archives use for metadata."""
    for ln in lines:
        low = ln.removeprefix("NOTE").strip()
        if low and not out.slate and not _HEADER_FIELD.match(low):
            out.slate = first_sentence(low)
        if low.lower().startswith("title:"):
            out.title = low.split(":", 1)[1].strip()
        elif ":" in low and "-->" not in low:
            k, v = low.split(":", 1)
            out.meta.setdefault(k.strip().lower(), v.strip())


def _bracketed(text: str) -> str:
    """A first cue that is a slate in brackets ("[Entrevista OH02 — Carmen Rius. Datos de muestra…]"):
    its first sentence; "" for a cue of speech."""
    inner = text.strip()
    if not (inner.startswith("[") and inner.endswith("]")):
        return ""
    return first_sentence(inner[1:-1])
