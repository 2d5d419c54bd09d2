"""Words a PDF's text layer runs together, split where PDFium sees the glyphs part.

pypdf puts a space where a ``TJ`` offset opens one. Letter-spaced type does it otherwise: a character
spacing (``Tc``) opens every glyph and the offsets pull the letters of each word back together, so
between words nothing but ``Tc`` is left and pypdf reads "Theroleofmentorshipinprotégé". PDFium lays
out every glyph with its width and spacing and writes a space where two glyphs part. So a long run of
letters in pypdf's text is looked up in PDFium's text of the same page with its whitespace taken out;
when every place it occurs parts at the same letters, the run is split there. Nothing else changes: a
word PDFium also reads whole ("Reconceptualizing") stays whole.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from core.text import compose_accents

log = logging.getLogger(__name__)

#: runs of fewer letters are words; PDFium is asked only about pages with a longer one
GLUED_LETTERS = 12
_RUN = re.compile(r"[^\W\d_]{%d,}" % GLUED_LETTERS)


def split_glued(pages: list[str | None], data: bytes, password: str) -> tuple[list[str | None], int]:
    """``pages`` (pypdf's text, accents composed) with glued words split; and how many runs were split."""
    wanted = [i for i, text in enumerate(pages) if text and _RUN.search(text)]
    if not wanted:
        return pages, 0
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(data, password=password or None)
    except pdfium.PdfiumError:
        return pages, 0
    out = list(pages)
    total = 0
    try:
        for i in wanted:
            reference = _page_text(doc, i) if i < len(doc) else None
            text = out[i]
            if reference is not None and text is not None:
                out[i], n = split_runs(text, compose_accents(reference))
                total += n
    finally:
        doc.close()
    return out, total


def split_runs(text: str, reference: str) -> tuple[str, int]:
    """``text`` with each long letter run split where ``reference`` (the same words, spaced by glyph
    positions) has whitespace inside it at every occurrence; and how many runs were split."""
    letters: list[str] = []
    parted: list[bool] = []  # whitespace before this character in the reference
    space = False
    for ch in reference:
        if ch.isspace():
            space = True
            continue
        letters.append(ch)
        parted.append(space)
        space = False
    squeezed = "".join(letters)
    split = 0

    def cut(m: re.Match[str]) -> str:
        nonlocal split
        run = m[0]
        cuts: tuple[int, ...] | None = None
        at = squeezed.find(run)
        while at >= 0:
            here = tuple(k for k in range(1, len(run)) if parted[at + k])
            if cuts is not None and here != cuts:
                return run  # read differently in two places: no evidence
            cuts = here
            at = squeezed.find(run, at + 1)
        if not cuts:
            return run
        split += 1
        bounds = (0, *cuts, len(run))
        return " ".join(run[a:b] for a, b in zip(bounds, bounds[1:]))

    return _RUN.sub(cut, text), split


def _page_text(doc: Any, index: int) -> str | None:
    try:
        page = doc[index]
        textpage = page.get_textpage()
        try:
            return str(textpage.get_text_range() or "")
        finally:
            textpage.close()
            page.close()
    except Exception as exc:  # PDFium is the witness here, not the reader: without it the text stays as read
        log.info("PDFium could not read page %d: %s", index + 1, exc)
        return None
