"""Passages as a reader expects them: their Markdown shown (tables as tables, emphasis as emphasis,
code as code), every other character escaped, the query's words and an answer's quoted words marked.

No Qt. Only a safe subset of Markdown is read; raw HTML in the archive stays text, links show their
address beside their words (never a live link) and images their alt text (never a load). The Markdown
reader joins a paragraph's lines with spaces, so a stored table is one line ("| a | b | |---|---| | 1 |
2 |"); its rows are found again from the delimiter row's column count. Quoted words are marked per
run of text, by offsets into the passage as stored, so the mark never breaks the markup around it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.text import escape, highlight

Span = tuple[int, int]

_BLANK = re.compile(r"\n[ \t]*\n\s*")
_DELIM_CELL = r"[ \t]*:?-+:?[ \t]*"
_FLAT_DELIM = re.compile(rf"\|(?:{_DELIM_CELL}\|)+")  # a delimiter row, outer pipes included
_LINE_DELIM = re.compile(rf"^\|?{_DELIM_CELL}(?:\|{_DELIM_CELL})+\|?[ \t]*$|^\|{_DELIM_CELL}\|[ \t]*$")

_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
# (tag, pattern, group of the inner text, whether that inner text is read for more Markdown)
_INLINE: tuple[tuple[str, re.Pattern[str], int, bool], ...] = (
    ("esc", re.compile(r"\\([!-/:-@\[-`{-~])"), 1, False),
    ("code", re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)"), 2, False),
    ("img", re.compile(r"!\[([^\]\n]*)\]\(([^)\s]*)\)"), 1, True),
    ("link", re.compile(r"\[([^\]\n]+)\]\(([^)\s]+)\)"), 1, True),
    ("b", _STRONG, 1, True),
    ("b", re.compile(r"(?<![\w_])__(?=\S)(.+?)(?<=\S)__(?![\w_])"), 1, True),
    ("s", re.compile(r"~~(?=\S)(.+?)(?<=\S)~~"), 1, True),
    ("i", re.compile(r"(?<!\*)\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?!\*)"), 1, True),
    ("i", re.compile(r"(?<![\w_])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\w_])"), 1, True),
)
_OPEN = {"b": "<b>", "i": "<i>", "s": "<s>", "code": "<code>", "url": "<small>"}
_CLOSE = {"b": "</b>", "i": "</i>", "s": "</s>", "code": "</code>", "url": "</small>"}


@dataclass(frozen=True)
class _Marks:
    """What to mark in every run: the query's words, and the quoted span in the passage's offsets."""

    query: str
    quote: Span | None
    quote_css: str


def _strip(text: str, s: int, e: int) -> Span:
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    return s, e


def _pipes(text: str, s: int, e: int) -> list[int]:
    """The offsets of the cell-separating pipes in ``text[s:e]`` (an escaped ``\\|`` is a character)."""
    return [i for i in range(s, e) if text[i] == "|" and (i == 0 or text[i - 1] != "\\")]


def _run_html(text: str, s: int, e: int, marks: _Marks) -> str:
    """``text[s:e]`` escaped, the query's words marked, the part inside the quote wrapped in its mark."""
    pieces = [(s, e, False)]
    if marks.quote is not None:
        a, b = max(s, marks.quote[0]), min(e, marks.quote[1])
        if a < b:
            pieces = [(s, a, False), (a, b, True), (b, e, False)]
    out = []
    for ps, pe, quoted in pieces:
        if ps < pe:
            body = highlight(text[ps:pe], marks.query).replace("\n", "<br>")
            out.append(f"<span style='{marks.quote_css}'>{body}</span>" if quoted else body)
    return "".join(out)


def _inline(text: str, s: int, e: int, marks: _Marks, tags: tuple[str, ...] = ()) -> str:
    """``text[s:e]`` with its inline Markdown as markup."""
    out: list[str] = []
    pos = s
    # each pattern's next match, searched again only once passed: a long passage is read once per pattern
    ahead: list[re.Match[str] | None] = [p.search(text, s, e) for _t, p, _g, _d in _INLINE]
    while pos < e:
        best: tuple[int, int, str, re.Match[str]] | None = None
        for order, (tag, pattern, _g, _deep) in enumerate(_INLINE):
            m = ahead[order]
            if m is not None and m.start() < pos:
                m = ahead[order] = pattern.search(text, pos, e)
            if m is not None and (best is None or (m.start(), order) < (best[0], best[1])):
                best = (m.start(), order, tag, m)
        if best is None:
            break
        _start, order, tag, m = best
        out.append(_wrap(tags, _run_html(text, pos, m.start(), marks)))
        _t, _p, group, deep = _INLINE[order]
        gs, ge = m.span(group)
        inner_tags = tags if tag in ("esc", "img", "link") else (*tags, tag)
        if deep:
            out.append(_inline(text, gs, ge, marks, inner_tags))
        else:
            out.append(_wrap(inner_tags, _run_html(text, gs, ge, marks)))
        if tag == "link":  # the address stays readable (and copyable), never a link the window follows
            us, ue = m.span(2)
            out.append(" " + _wrap((*tags, "url"), "(" + _run_html(text, us, ue, marks) + ")"))
        pos = m.end()
    out.append(_wrap(tags, _run_html(text, pos, e, marks)))
    return "".join(out)


def _wrap(tags: tuple[str, ...], body: str) -> str:
    if not body:
        return ""
    return "".join(_OPEN[t] for t in tags) + body + "".join(_CLOSE[t] for t in reversed(tags))


def _align(text: str, s: int, e: int) -> str:
    cell = text[s:e].strip()
    if cell.startswith(":") and cell.endswith(":"):
        return "center"
    return "right" if cell.endswith(":") else "left"


def _cells_between(text: str, bounds: list[int]) -> list[Span]:
    return [_strip(text, bounds[i] + 1, bounds[i + 1]) for i in range(len(bounds) - 1)]


def _line_table(text: str, s: int, e: int) -> tuple[list[Span], list[list[Span]], list[str]] | None:
    """A table written one row a line: header, rows and alignments; None when the block is not one."""
    lines: list[Span] = []
    at = s
    for part in text[s:e].split("\n"):
        lines.append((at, at + len(part)))
        at += len(part) + 1
    if len(lines) < 2 or not _LINE_DELIM.match(text[lines[1][0]:lines[1][1]]) or "|" not in text[slice(*lines[0])]:
        return None

    def cells(ls: int, le: int) -> list[Span]:
        ls, le = _strip(text, ls, le)
        bounds = _pipes(text, ls, le)
        if not bounds or bounds[0] != ls:
            bounds = [ls - 1, *bounds]
        if bounds[-1] != le - 1:
            bounds = [*bounds, le]
        return _cells_between(text, bounds)

    aligns = [_align(text, a, b) for a, b in cells(*lines[1])]
    return cells(*lines[0]), [cells(*ln) for ln in lines[2:] if text[ln[0]:ln[1]].strip()], aligns


def _flat_table(text: str, s: int, e: int) -> tuple[Span, list[Span], list[list[Span]], list[str], Span] | None:
    """A table whose rows were joined into one line: (prose before, header, rows, alignments, prose after)."""
    delim = _FLAT_DELIM.search(text, s, e)
    if delim is None:
        return None
    bounds = _pipes(text, delim.start(), delim.end())
    n = len(bounds) - 1
    head = [p for p in _pipes(text, s, delim.start())]
    head_end = _strip(text, s, delim.start())[1]
    if len(head) < n + 1 or head[-1] != head_end - 1:
        return None  # the header must be n cells between pipes, right before the delimiter row
    header = _cells_between(text, head[-(n + 1):])
    rows: list[list[Span]] = []
    row_pipes = _pipes(text, delim.end(), e)
    at = delim.end()
    i = 0
    # each row is n + 1 pipes; between two rows only the space their line break became
    while i + n < len(row_pipes) and not text[at:row_pipes[i]].strip():
        rows.append(_cells_between(text, row_pipes[i:i + n + 1]))
        at = row_pipes[i + n] + 1
        i += n + 1
    aligns = [_align(text, a, b) for a, b in _cells_between(text, bounds)]
    return (s, head[-(n + 1)]), header, rows, aligns, (at, e)


def _table_html(text: str, header: list[Span], rows: list[list[Span]], aligns: list[str], marks: _Marks,
                css: str) -> str:
    def row(cells: list[Span], tag: str) -> str:
        tds = []
        for k, (a, b) in enumerate(cells):
            align = aligns[k] if k < len(aligns) else "left"
            tds.append(f"<{tag} align='{align}'>{_inline(text, a, b, marks)}</{tag}>")
        return "<tr>" + "".join(tds) + "</tr>"

    style = f" style='{css}'" if css else ""
    return (f"<table border='1' cellspacing='0' cellpadding='4'{style}>" + row(header, "th")
            + "".join(row(r, "td") for r in rows) + "</table>")


def _blocks(text: str) -> list[Span]:
    out: list[Span] = []
    at = 0
    for m in _BLANK.finditer(text):
        out.append((at, m.start()))
        at = m.end()
    out.append((at, len(text)))
    return [b for b in out if text[b[0]:b[1]].strip()]


MARKDOWN_SUFFIXES = (".md", ".markdown")


def is_markdown(text: str, source_path: str | None = None) -> bool:
    """Whether to read ``text`` as Markdown: its source is a Markdown file, or it holds a Markdown table
    or ``**strong**`` words (a plain transcript's ``2*x*y`` or ``file_name_`` stays as written)."""
    if source_path and source_path.lower().endswith(MARKDOWN_SUFFIXES):
        return True
    if _STRONG.search(text):
        return True
    return any(_flat_table(text, s, e) is not None or ("\n" in text[s:e] and _line_table(text, s, e) is not None)
               for s, e in _blocks(text))


def passage_parts(text: str, query: str = "", quote: Span | None = None, quote_css: str = "",
                  table_css: str = "", markdown: bool = True) -> list[tuple[str, str]]:
    """The passage as ("p", inline markup) paragraphs and ("table", markup) tables, in order; not
    ``markdown``: one paragraph, as written."""
    marks = _Marks(query, quote, quote_css)
    if not markdown:
        return [("p", _run_html(text, 0, len(text), marks))]
    parts: list[tuple[str, str]] = []
    for s, e in _blocks(text):
        lined = _line_table(text, s, e) if "\n" in text[s:e] else None
        if lined is not None:
            parts.append(("table", _table_html(text, *lined, marks, table_css)))
            continue
        flat = _flat_table(text, s, e)
        if flat is None:
            parts.append(("p", _inline(text, *_strip(text, s, e), marks)))
            continue
        before, header, rows, aligns, after = flat
        if text[before[0]:before[1]].strip():
            parts.append(("p", _inline(text, *_strip(text, *before), marks)))
        parts.append(("table", _table_html(text, header, rows, aligns, marks, table_css)))
        if text[after[0]:after[1]].strip():
            parts.append(("p", _inline(text, *_strip(text, *after), marks)))
    return parts


def passage_html(text: str, query: str = "", quote: Span | None = None, *, quote_css: str = "",
                 block_css: str = "", prefix: str = "", markdown: bool = True) -> str:
    """The passage as HTML blocks: its paragraphs in one ``<p>`` (blank lines kept), each table its own,
    all with ``block_css``; ``prefix`` (markup) starts the first paragraph."""
    style = f" style='{block_css}'" if block_css else ""
    out: list[str] = []
    paras: list[str] = []
    lead = prefix

    def flush() -> None:
        nonlocal lead
        if paras or lead:
            out.append(f"<p{style}>{lead}{'<br><br>'.join(paras)}</p>")
        paras.clear()
        lead = ""

    for kind, markup in passage_parts(text, query, quote, quote_css, block_css, markdown):
        if kind == "p":
            paras.append(markup)
        else:
            flush()
            out.append(markup)
    flush()
    return "".join(out)


def snippet_html(text: str, query: str = "", source_path: str | None = None) -> str:
    """A result's snippet as inline markup: its Markdown shown (see :func:`is_markdown`), the query's
    words marked."""
    parts = passage_parts(text, query, markdown=is_markdown(text, source_path))
    return " ".join(markup for _kind, markup in parts)
