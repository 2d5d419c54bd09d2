"""HTML: headings give the section path, block elements give paragraphs; scripts and styles are skipped."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from core.errors import CorruptSource
from core.ingest.decode import decode_text
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import date_from_filename, parse_date_range, title_from_path

_BLOCK_TAGS = {"p", "li", "blockquote", "pre", "td", "th", "dd", "dt", "figcaption", "div", "section",
               "article", "br", "tr", "table", "ul", "ol", "dl", "header", "footer", "main", "aside"}
_SKIP_TAGS = {"script", "style", "noscript", "template", "svg", "head"}


class _Extractor(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[Block] = []
        self.headings: list[str] = []
        self.buf: list[str] = []
        self.skip = 0
        self.in_heading: int | None = None
        self.heading_buf: list[str] = []
        self.title = ""
        self.in_title = False
        self.meta: dict[str, str] = {}
        self.lang: str | None = None

    def flush(self) -> None:
        text = " ".join("".join(self.buf).split())
        if text:
            self.blocks.append(Block(text, tuple(h for h in self.headings if h)))
        self.buf.clear()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        if tag == "html" and a.get("lang"):
            self.lang = a["lang"].split("-")[0].lower()
        if tag == "meta" and a.get("name") and a.get("content"):
            self.meta[a["name"].lower()] = a["content"]
        if tag == "title":
            self.in_title = True
        if tag in _SKIP_TAGS and tag != "head":
            self.skip += 1
        if re.fullmatch(r"h[1-6]", tag):
            self.flush()
            self.in_heading = int(tag[1])
            self.heading_buf = []
        elif tag in _BLOCK_TAGS:
            self.flush()

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self.in_title = False
        if tag in _SKIP_TAGS and tag != "head" and self.skip:
            self.skip -= 1
        if re.fullmatch(r"h[1-6]", tag) and self.in_heading is not None:
            level = self.in_heading
            text = " ".join("".join(self.heading_buf).split())
            del self.headings[level - 1:]
            while len(self.headings) < level - 1:
                self.headings.append("")
            self.headings.append(text)
            self.in_heading = None
        elif tag in _BLOCK_TAGS:
            self.flush()

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.title += data
            return
        if self.skip:
            return
        if self.in_heading is not None:
            self.heading_buf.append(data)
        else:
            self.buf.append(data)


def read(path: Path, raw: bytes) -> ReadResult:
    """Read an HTML page into one record."""
    text, notes = decode_text(raw)
    parser = _Extractor()
    try:
        parser.feed(text)
        parser.close()
    except Exception as exc:  # html.parser is lenient; anything raised means garbage
        raise CorruptSource(f"unreadable HTML: {exc}") from exc
    parser.flush()
    if not parser.blocks:
        raise CorruptSource("no text in this HTML page")
    first_h = next((h for b in parser.blocks for h in b.heading_path[:1]), "")
    title = " ".join(parser.title.split()) or first_h or title_from_path(path)
    for b in parser.blocks:
        if b.heading_path[:1] == (title,):
            b.heading_path = b.heading_path[1:]
    start, end = parse_date_range(parser.meta.get("date")) if parser.meta.get("date") else date_from_filename(path)
    rec = ParsedRecord(key="", title=title, blocks=parser.blocks, lang=parser.lang,
                       date_start=start, date_end=end, data={k: v for k, v in parser.meta.items()})
    return ReadResult([rec], reader="html", notes=notes)
