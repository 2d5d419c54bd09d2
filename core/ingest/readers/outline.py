"""A word-processor document as blocks: headings become the section path, tables Markdown tables.

The .docx and .odt readers walk their documents in order and tell an :class:`Outline` what they
meet; the blocks come out like the Markdown and HTML readers' (a heading path per block, the
title's own heading dropped from the paths), so chunking and search treat them alike.
"""

from __future__ import annotations

from core.chunking.model import Block

#: characters of one table block: a long table is cut into pieces that each repeat its header row,
#: so every chunk holds a table that renders and reads on its own (~450 tokens of e5 per piece)
TABLE_BLOCK_CHARS = 1500


class Outline:
    """Blocks under the current heading path, built as the document's parts arrive."""

    def __init__(self) -> None:
        self.headings: list[str] = []
        self.blocks: list[Block] = []
        self.first_heading = ""
        self.title_paragraph = ""  # a paragraph in the "Title" style: the document names itself

    def heading(self, level: int, text: str) -> None:
        """A heading of ``level`` (1 = top) opens a section; deeper ones nest in it."""
        text = " ".join(text.split())
        if not text:
            return
        level = max(1, min(level, 9))
        del self.headings[level - 1:]
        while len(self.headings) < level - 1:
            self.headings.append("")
        self.headings.append(text)
        self.first_heading = self.first_heading or text

    def paragraph(self, text: str) -> None:
        """A paragraph of the current section (blank ones are dropped)."""
        text = " ".join(text.split())
        if text:
            self.blocks.append(Block(text, tuple(self.headings)))

    def table(self, rows: list[list[str]]) -> None:
        """A table as Markdown, its first row as the header, in pieces of about :data:`TABLE_BLOCK_CHARS`."""
        for piece in markdown_table(rows):
            self.blocks.append(Block(piece, tuple(self.headings)))

    def title_line(self, text: str) -> None:
        """A paragraph in the document's "Title" style: a title candidate, kept as text unless it is the title."""
        self.title_paragraph = self.title_paragraph or " ".join(text.split())
        self.paragraph(text)

    def finish(self, title: str) -> list[Block]:
        """The blocks, their paths without skipped levels or the title's own heading; a first line that
        is the title itself is not a passage of the record."""
        for b in self.blocks:
            path = tuple(h for h in b.heading_path if h)
            b.heading_path = path[1:] if path[:1] == (title,) else path
        if len(self.blocks) > 1 and self.blocks[0].text == title and not self.blocks[0].heading_path:
            del self.blocks[0]
        return self.blocks


def markdown_table(rows: list[list[str]]) -> list[str]:
    """Rows of cell texts → Markdown table pieces (header repeated in each); empty rows and columns dropped."""
    rows = [[_cell(c) for c in r] for r in rows]
    rows = [r for r in rows if any(r)]
    if not rows:
        return []
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    keep = [i for i in range(width) if any(r[i] for r in rows)]
    rows = [[r[i] for i in keep] for r in rows]
    if len(rows) == 1 or all(len(r) == 1 for r in rows):  # a one-row or one-column "table" is layout: text
        return [" · ".join(c for c in r if c) for r in rows]
    header = "| " + " | ".join(rows[0]) + " |"
    rule = "|" + "|".join(" --- " for _ in rows[0]) + "|"
    pieces: list[str] = []
    current: list[str] = []
    size = 0
    for r in rows[1:]:
        line = "| " + " | ".join(r) + " |"
        if current and size + len(line) > TABLE_BLOCK_CHARS:
            pieces.append("\n".join([header, rule, *current]))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    pieces.append("\n".join([header, rule, *current]))
    return pieces


def _cell(text: str) -> str:
    """One cell's text on one line, with its pipes escaped so the table keeps its columns."""
    return " ".join(text.split()).replace("|", "\\|")
