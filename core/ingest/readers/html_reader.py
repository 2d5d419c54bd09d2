"""HTML: the page's main content, with headings as the section path; page furniture is left out.

Navigation, banners, share buttons, footers, cookie notices and sidebars are what every
page of a site repeats; indexed, they become passages that outrank the article itself.
So, without a dependency (``trafilatura`` would bring lxml and a dozen packages for this):

* elements that are furniture by their tag (``nav``, ``aside``, ``footer``, ``button``, a
  ``header`` outside the article), by their ARIA role, or by their class/id (``sidebar``,
  ``share-buttons``, ``cookie-banner``, ``menu``…) are skipped with all they contain;
* when the page marks its content (``main``, ``article``, ``role=main``, ``itemprop=articleBody``),
  only that is kept;
* short blocks that are mostly link text (menus and tag clouds not marked as such) are dropped;
* a fragment ("1", "14 hours ago", "Loading...", a photo credit) joins a neighbour of its own
  section; a section that is nothing but fragments is dropped: alone, a fragment becomes a passage
  that carries its heading's words and outranks the article for them.

If that would leave nothing, the whole page is read as before. A note says how much was left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import groupby
from html.parser import HTMLParser
from pathlib import Path

from core.errors import CorruptSource
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import date_from_filename, language_code, parse_date_range
from core.ingest.readers.textio import decode_tolerant
from core.ingest.titles import choose_title

_BLOCK_TAGS = {"p", "li", "blockquote", "pre", "td", "th", "dd", "dt", "figcaption", "div", "section",
               "article", "br", "tr", "table", "ul", "ol", "dl", "header", "footer", "main", "aside"}
_SKIP_TAGS = {"script", "style", "noscript", "template", "svg", "head", "annotation", "annotation-xml"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track",
         "wbr"}
_FURNITURE_TAGS = {"nav", "aside", "footer", "button", "dialog", "menu", "select", "label"}
_FURNITURE_ROLES = {"navigation", "banner", "contentinfo", "complementary", "search", "dialog", "alertdialog",
                    "menu", "menubar", "toolbar", "tablist"}
# class/id words of page furniture (after splitting "site-footer" into "site", "footer")
_FURNITURE_WORDS = {"nav", "navbar", "navigation", "menu", "menubar", "breadcrumb", "breadcrumbs", "footer",
                    "sidebar", "share", "sharing", "sharebar", "social", "cookie", "cookies", "consent", "gdpr",
                    "newsletter", "subscribe", "subscription", "related", "advert", "advertisement", "ads",
                    "adsbygoogle", "promo", "popup", "modal", "skip", "pagination", "pager", "masthead",
                    "toolbar", "sponsored", "comment", "comments", "reply", "replies", "disqus", "tagcloud", "widget",
                    "widgets"}
# ...unless the same element also says it is the content (readability's exception list)
_CONTENT_WORDS = {"content", "main", "article", "body", "post", "entry", "story", "text", "blog"}
# layout modifiers name furniture without being it (<div class="page has-sidebar">)
_MODIFIER = re.compile(r"^(?:has|with|no|without|is|show|hide)-")
# ...and so do layout names (<div class="panel-two-col-sidebar-right-mix"> holds the whole page)
_LAYOUT = {"col", "cols", "column", "columns", "layout"}
_MAIN_TAGS = {"main", "article"}
_INLINE = {"a", "span", "em", "strong", "b", "i", "u", "small", "abbr", "code", "sup", "sub", "mark", "cite", "q"}
SLUG_WORDS = 4  # an id of this many words is a heading's anchor ("sharing-with-multiple-developers"), not a name
LINK_SHARE_MAX = 0.6  # a short block whose text is mostly links is a menu, not prose
LINK_BLOCK_MAX_CHARS = 300
MIN_MAIN_CHARS = 200  # a <main> shorter than this is a shell around the real content: not trusted
# the no-content fallback's main block (design §8 [M: 2026-12-05, html names])
GROW = 2.0  # climb to the element above when it holds this many times the prose
SIBLING = 0.2  # a sibling holding this share of the main block's prose is kept with it
FRAGMENT_CHARS = 30  # shorter text is a fragment (docs/design.md §8 [M: 2026-12-05, html fragments])


@dataclass
class _Piece:
    block: Block
    in_main: bool
    link_chars: int


class _Extractor(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[_Piece] = []
        self.headings: list[str] = []
        self.buf: list[str] = []
        self.link_chars = 0
        self.skip = 0
        self.in_heading: int | None = None
        self.heading_buf: list[str] = []
        self.title = ""
        self.in_title = False
        self.meta: dict[str, str] = {}
        self.og_title = ""
        self.lang: str | None = None
        self.stack: list[tuple[str, bool, bool]] = []  # (tag, furniture, main) of open elements
        self.furniture = 0
        self.main = 0
        self.links = 0
        self.dropped_chars = 0

    def flush(self) -> None:
        text = " ".join("".join(self.buf).split())
        if text:
            self.pieces.append(_Piece(Block(text, tuple(h for h in self.headings if h)), self.main > 0,
                                      self.link_chars))
        self.buf.clear()
        self.link_chars = 0

    def _is_furniture(self, tag: str, a: dict[str, str]) -> bool:
        if tag in ("html", "body", "main", "article") or a.get("role") == "main":
            return False
        if tag in _FURNITURE_TAGS or a.get("role", "").lower() in _FURNITURE_ROLES:
            return True
        if tag == "header" and not self.main and not any(t == "article" for t, _, _ in self.stack):
            return True
        if a.get("aria-hidden", "").lower() == "true" or "hidden" in a:
            return True
        if tag in _INLINE:  # <a class="popup"> in a sentence is the sentence's word, not a popup
            return False
        ids = [n for n in a.get("id", "").lower().split() if len(re.split(r"[-_:.]+", n)) < SLUG_WORDS]
        names = [set(re.split(r"[-_:.]+", n)) - {""} for n in f"{a.get('class', '')} {' '.join(ids)}".lower().split()
                 if not _MODIFIER.match(n)]
        words = {w for n in names if not n & _LAYOUT for w in n}
        return bool(words & _FURNITURE_WORDS) and not words & _CONTENT_WORDS

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        if tag == "html" and a.get("lang"):
            self.lang = language_code(a["lang"])
        if tag == "meta" and a.get("name") and a.get("content"):
            self.meta[a["name"].lower()] = a["content"]
        if tag == "meta" and a.get("property", "").lower() == "og:title" and a.get("content"):
            self.og_title = a["content"]
        if tag == "title":
            self.in_title = True
        if tag in _SKIP_TAGS and tag != "head":
            self.skip += 1
        if tag not in _VOID:
            furniture = self._is_furniture(tag, a)
            main = tag in _MAIN_TAGS or a.get("role") == "main" or a.get("itemprop") == "articleBody"
            if furniture or main:
                self.flush()
            self.stack.append((tag, furniture, main))
            self.furniture += furniture
            self.main += main
        if tag == "a":
            self.links += 1
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
        if tag == "a" and self.links:
            self.links -= 1
        if re.fullmatch(r"h[1-6]", tag) and self.in_heading is not None:
            level = self.in_heading
            text = " ".join("".join(self.heading_buf).split())
            if not self.furniture:  # a sidebar's "Tag cloud" heading is not a section of the article
                del self.headings[level - 1:]
                while len(self.headings) < level - 1:
                    self.headings.append("")
                self.headings.append(text)
            self.in_heading = None
        elif tag in _BLOCK_TAGS:
            self.flush()
        if any(t == tag for t, _, _ in self.stack):  # close it and whatever was left open inside it
            while self.stack:
                t, furniture, main = self.stack.pop()
                if furniture or main:
                    self.flush()
                self.furniture -= furniture
                self.main -= main
                if t == tag:
                    break

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.title += data
            return
        if self.skip:
            return
        if self.furniture:
            self.dropped_chars += len(data.strip())
            return
        if self.in_heading is not None:
            self.heading_buf.append(data)
        else:
            self.buf.append(data)
            if self.links:
                self.link_chars += len(data.strip())


def _content(pieces: list[_Piece]) -> tuple[list[Block], int]:
    """The blocks that are the page's content, and how many characters were dropped as furniture."""
    main = [p for p in pieces if p.in_main]
    if sum(len(p.block.text) for p in main) >= MIN_MAIN_CHARS:
        chosen = main
    else:
        chosen = pieces
    kept = [p for p in chosen if not (len(p.block.text) <= LINK_BLOCK_MAX_CHARS
                                      and p.link_chars > LINK_SHARE_MAX * len(p.block.text))]
    dropped = sum(len(p.block.text) for p in pieces) - sum(len(p.block.text) for p in kept)
    return [p.block for p in kept], dropped


def is_fragment(text: str) -> bool:
    """Too little text to be a passage of its own ("15", "14 hours ago", "Loading content ...")."""
    return len(text) < FRAGMENT_CHARS


def _fold_fragments(blocks: list[Block]) -> tuple[list[Block], int]:
    """Fragments joined to a neighbour in their section (a list of short items becomes one block);
    a section that stays a fragment is dropped. Returns the blocks and the characters dropped."""
    out: list[Block] = []
    dropped = 0
    for _, group in groupby(blocks, key=lambda b: b.section):
        kept: list[Block] = []
        for b in group:
            if kept and (is_fragment(b.text) or is_fragment(kept[-1].text)):
                kept[-1] = replace(kept[-1], text=f"{kept[-1].text}\n{b.text}")
            else:
                kept.append(b)
        if len(kept) == 1 and is_fragment(kept[0].text):
            dropped += len(kept[0].text)
            continue
        out += kept
    return out, dropped


def read(path: Path, raw: bytes) -> ReadResult:
    """Read an HTML page's main content into one record."""
    text, notes = decode_tolerant(raw)
    parser = _Extractor()
    try:
        parser.feed(text)
        parser.close()
    except Exception as exc:  # html.parser is lenient; anything raised means garbage
        raise CorruptSource(f"unreadable HTML: {exc}") from exc
    parser.flush()
    blocks, dropped = _content(parser.pieces)
    dropped += parser.dropped_chars
    if not blocks:
        whole = _whole_page(text)
        if whole:
            notes.append("no main content recognised: the whole page was read")
            blocks, dropped = whole, 0
    if not blocks:
        raise CorruptSource("no text in this HTML page")
    first_h = next((h for b in blocks for h in b.heading_path[:1]), "")
    title = choose_title([parser.title, parser.og_title, first_h], path)
    for own in (parser.og_title.strip(), first_h):
        if len(own) > 3 and title != own and title.startswith(own):
            title = own  # "La riada de 1962 — Museo de la Vall": the site's name is not the page's title
            break
    for b in blocks:
        if b.heading_path[:1] == (title,):
            b.heading_path = b.heading_path[1:]
    folded, fragments = _fold_fragments(blocks)
    if folded:  # a page whose whole text is one fragment keeps it
        blocks, dropped = folded, dropped + fragments
    if dropped:
        notes.append(f"page furniture left out (navigation, menus, share buttons, footers): {dropped:,} characters")
    start, end = parse_date_range(parser.meta.get("date")) if parser.meta.get("date") else date_from_filename(path)
    rec = ParsedRecord(key="", title=title, blocks=blocks, lang=parser.lang,
                       date_start=start, date_end=end, data={k: v for k, v in parser.meta.items()})
    return ReadResult([rec], reader="html", notes=notes)


def section_blocks(text: str, *, whole_if_empty: bool = True) -> tuple[list[Block], str]:
    """The content blocks of one (X)HTML document, headings as their paths, and its ``<title>`` — for a
    container of pages (an EPUB's chapters) read as one record; the whole page when no content is found
    (unless ``whole_if_empty`` is false: a table of contents, whose links are all it holds)."""
    parser = _Extractor()
    parser.feed(text)
    parser.close()
    parser.flush()
    blocks = _content(parser.pieces)[0] or (_whole_page(text) if whole_if_empty else [])
    return blocks, " ".join(parser.title.split())


class _All(_Extractor):
    """Every text block, furniture included, each with the elements it sits in (outermost first)."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[int] = []  # serial numbers of the open elements, beside ``stack``
        self.serial = 0
        self.chains: list[tuple[int, ...]] = []  # per piece
        self.chain: tuple[int, ...] = ()  # where the buffered text began

    def _is_furniture(self, tag: str, a: dict[str, str]) -> bool:
        return False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        depth = len(self.stack)
        super().handle_starttag(tag, attrs)
        if len(self.stack) > depth:
            self.serial += 1
            self.ids = self.ids[:depth] + [self.serial]

    def handle_endtag(self, tag: str) -> None:
        super().handle_endtag(tag)
        del self.ids[len(self.stack):]

    def handle_data(self, data: str) -> None:
        if not self.buf and data.strip():
            self.chain = tuple(self.ids)
        super().handle_data(data)

    def flush(self) -> None:
        n = len(self.pieces)
        super().flush()
        self.chains += [self.chain] * (len(self.pieces) - n)


def _points(p: _Piece) -> float:
    """What a paragraph says about the element around it: nothing under 25 characters, else more for its
    commas and length, less for its share of link text (readability's paragraph score)."""
    n = len(p.block.text)
    return 0.0 if n < 25 else (1 + p.block.text.count(",") + min(n // 100, 3)) * (1 - p.link_chars / n)


def _densest(pieces: list[_Piece], chains: list[tuple[int, ...]]) -> list[_Piece]:
    """The pieces of the element holding most prose (readability's scoring, simplified: a paragraph scores its
    container fully and the one above by half), climbed to the element above while that holds at least
    ``GROW`` times its prose (an article in sections), with its siblings holding ``SIBLING`` of it or more;
    all pieces when no paragraph scores."""
    score: dict[int, float] = {}
    total: dict[int, float] = {}  # prose points anywhere under an element
    for p, chain in zip(pieces, chains):
        points = _points(p)
        for share, el in zip((1.0, 0.5), reversed(chain[:-1])) if points else ():
            score[el] = score.get(el, 0.0) + points * share
        for el in chain if points else ():
            total[el] = total.get(el, 0.0) + points
    if not score:
        return pieces
    top = max(score, key=lambda el: score[el])
    chain = next(c for c in chains if top in c)
    for up in reversed(chain[:chain.index(top)]):
        if total[up] >= GROW * total[top]:
            top = up
        elif total[up] > total[top]:
            break
    parent = chain[chain.index(top) - 1] if chain.index(top) > 0 else None
    keep = {top} | {c[c.index(parent) + 1] for c in chains if parent in c and c.index(parent) + 1 < len(c)
                    and total.get(c[c.index(parent) + 1], 0.0) >= max(10.0, SIBLING * total[top])}
    return [p for p, c in zip(pieces, chains) if keep & set(c)]


def _whole_page(text: str) -> list[Block]:
    """The fallback when furniture removal leaves nothing: the page read whole, furniture included, then
    narrowed to its densest prose (pages that are a script's hidden shell or a "modal" around the article)."""
    parser = _All()
    parser.feed(text)
    parser.close()
    parser.flush()
    return [p.block for p in _densest(parser.pieces, parser.chains)]
