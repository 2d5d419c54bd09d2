"""PDF text layer, one section per page so every chunk knows its page number."""

from __future__ import annotations

import io
import logging
from typing import Any
from pathlib import Path

from core.errors import CorruptSource
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import date_from_filename, parse_date_range, title_from_path


def read(path: Path, raw: bytes) -> ReadResult:
    """Read a PDF's text layer; encrypted, damaged or image-only PDFs are clear errors."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    if not raw.lstrip()[:5].startswith(b"%PDF"):
        raise CorruptSource("not a PDF (no %PDF header)")
    # pypdf logs recoverable damage as warnings; we report a clear error instead
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        reader = PdfReader(io.BytesIO(raw), strict=False)
        if reader.is_encrypted:
            try:
                ok = reader.decrypt("")
            except Exception as exc:
                raise CorruptSource(f"encrypted PDF ({exc})",
                                    hint="Save an unprotected copy and import that.") from exc
            if not ok:
                raise CorruptSource("encrypted PDF: a password is needed",
                                    hint="Save an unprotected copy and import that.")
        pages = [page.extract_text() or "" for page in reader.pages]
        info: Any = reader.metadata or {}
    except CorruptSource:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError, IndexError,
            OSError, RecursionError, Exception) as exc:
        raise CorruptSource(f"damaged PDF: {exc}") from exc
    blocks: list[Block] = []
    for number, text in enumerate(pages, start=1):
        for para in _paragraphs(text):
            blocks.append(Block(para, page=number))
    if not blocks:
        raise CorruptSource("this PDF has no text layer (a scan?)",
                            hint="Run OCR on it first; Ovillo reads the text layer only.")
    pdf_title = str(info.get("/Title") or "").strip() if hasattr(info, "get") else ""
    title = pdf_title or _first_line(pages) or title_from_path(path)
    raw_date = str(info.get("/CreationDate") or "") if hasattr(info, "get") else ""
    start, end = date_from_filename(path)
    if start is None and raw_date.startswith("D:") and len(raw_date) >= 10:
        start, end = parse_date_range(f"{raw_date[2:6]}-{raw_date[6:8]}-{raw_date[8:10]}")
    rec = ParsedRecord(key="", title=title, blocks=blocks, date_start=start, date_end=end,
                       data={"pages": len(pages)})
    return ReadResult([rec], reader="pdf")


def _paragraphs(text: str) -> list[str]:
    """Text layers mark paragraphs with blank lines or short lines ending in a full stop."""
    out: list[str] = []
    cur: list[str] = []
    for line in text.replace("\r", "").split("\n"):
        s = line.strip()
        if not s:
            if cur:
                out.append(" ".join(cur))
                cur = []
            continue
        cur.append(s)
    if cur:
        out.append(" ".join(cur))
    return [" ".join(p.split()) for p in out if p.strip()]


def _first_line(pages: list[str]) -> str:
    for text in pages:
        for line in text.splitlines():
            if line.strip():
                return line.strip()[:200]
    return ""
