"""Plain text and Markdown: front matter, ``#`` headings, blank-line paragraphs, form-feed pages."""

from __future__ import annotations

import re
from pathlib import Path

from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import date_from_filename, parse_date_range, parse_front_matter
from core.ingest.readers.tc_marks import mark_pattern, read_tc_text
from core.ingest.readers.textio import decode_tolerant
from core.ingest.titles import choose_title, plain_text_title

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")


def read(path: Path, raw: bytes) -> ReadResult:
    """Read a ``.txt`` or ``.md`` file into one record."""
    text, notes = decode_tolerant(raw)
    if mark_pattern(text) is not None:
        return read_tc_text(path, text, notes)
    meta, body = parse_front_matter(text)
    blocks: list[Block] = []
    headings: list[str] = []
    page = 1 if "\f" in body else None
    first_heading: str | None = None
    for page_no, page_text in enumerate(body.split("\f"), start=1):
        if page is not None:
            page = page_no
        para: list[str] = []

        def flush() -> None:
            joined = " ".join(s.strip() for s in para if s.strip())
            if joined:
                blocks.append(Block(joined, tuple(headings), page))
            para.clear()

        for line in page_text.split("\n"):
            m = _HEADING.match(line) if path.suffix.lower() in (".md", ".markdown") else None
            if m:
                flush()
                level = len(m.group(1))
                del headings[level - 1:]
                while len(headings) < level - 1:
                    headings.append("")
                headings.append(m.group(2).strip())
                first_heading = first_heading or m.group(2).strip()
            elif not line.strip():
                flush()
            else:
                para.append(line)
        flush()
    # heading paths drop the empty placeholders of skipped levels
    for b in blocks:
        b.heading_path = tuple(h for h in b.heading_path if h)
    # front matter, then the first "# heading", then a first line that stands alone as a title
    title = choose_title([meta.get("title"), first_heading, plain_text_title(body)], path)
    if first_heading and title == first_heading:
        # the title already prefixes every embedded chunk; don't repeat it in the path
        for b in blocks:
            if b.heading_path[:1] == (first_heading,):
                b.heading_path = b.heading_path[1:]
    start, end = parse_date_range(meta.get("date")) if meta.get("date") else date_from_filename(path)
    rec = ParsedRecord(key="", title=title, blocks=blocks, lang=meta.get("lang") or None,
                       date_start=start, date_end=end,
                       data={k: v for k, v in meta.items() if k not in ("title", "lang")})
    return ReadResult([rec], reader="markdown" if path.suffix.lower() in (".md", ".markdown") else "text",
                      notes=notes)
