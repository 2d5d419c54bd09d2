"""WebVTT and SRT transcripts: each cue is a timecoded turn."""

from __future__ import annotations

import re
from pathlib import Path

from core.errors import CorruptSource
from core.ingest.decode import decode_text
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import date_from_filename, parse_timecode, split_speaker, title_from_path
from core.ingest.readers.media import find_media

_CUE_TIME = re.compile(r"^\s*([\d:.,]+)\s*-->\s*([\d:.,]+)")
_VOICE = re.compile(r"<v(?:\.[^ >]*)?\s+([^>]+)>")
_TAGS = re.compile(r"</?[^>]+>")


def read(path: Path, raw: bytes) -> ReadResult:
    """Read a ``.vtt`` or ``.srt`` file into one transcript record."""
    text, notes = decode_text(raw, what="transcript")
    is_vtt = path.suffix.lower() == ".vtt"
    if is_vtt and not text.lstrip().startswith("WEBVTT"):
        raise CorruptSource("not a WebVTT file (missing the WEBVTT header)")
    title = ""
    meta: dict[str, str] = {}
    blocks: list[Block] = []
    for cue in re.split(r"\n\s*\n", text.strip()):
        lines = [ln for ln in cue.split("\n") if ln.strip()]
        if not lines:
            continue
        if lines[0].startswith("WEBVTT"):
            for ln in lines[1:]:
                if ":" in ln:
                    k, v = ln.split(":", 1)
                    meta[k.strip().lower()] = v.strip()
            continue
        if lines[0].startswith("NOTE"):
            for ln in lines:
                low = ln.removeprefix("NOTE").strip()
                if low.lower().startswith("title:"):
                    title = low.split(":", 1)[1].strip()
                elif ":" in low:
                    k, v = low.split(":", 1)
                    meta.setdefault(k.strip().lower(), v.strip())
            continue
        time_idx = next((i for i, ln in enumerate(lines) if _CUE_TIME.match(ln)), None)
        if time_idx is None:
            continue
        m = _CUE_TIME.match(lines[time_idx])
        assert m is not None
        try:
            tc_in, tc_out = parse_timecode(m.group(1)), parse_timecode(m.group(2))
        except ValueError as exc:
            raise CorruptSource(f"bad cue timing {lines[time_idx]!r}") from exc
        body = " ".join(lines[time_idx + 1:])
        voice = _VOICE.search(body)
        body = " ".join(_TAGS.sub("", body).split())
        if not body:
            continue
        speaker = voice.group(1).strip() if voice else split_speaker(body)[0]
        if voice:
            body = f"{speaker}: {body}"
        blocks.append(Block(body, tc_in=tc_in, tc_out=tc_out, speaker=speaker, component="rag:transcript"))
    if not blocks:
        raise CorruptSource("no cues with text in this transcript")
    start, end = date_from_filename(path)
    rec = ParsedRecord(key="", title=meta.get("title") or title or title_from_path(path), blocks=blocks,
                       lang=meta.get("language") or meta.get("lang"), date_start=start, date_end=end,
                       data={k: v for k, v in meta.items() if k not in ("title",)},
                       media_path=find_media(path))
    return ReadResult([rec], reader="vtt" if is_vtt else "srt", notes=notes)
