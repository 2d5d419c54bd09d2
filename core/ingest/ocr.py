"""Scanned pages: render, recognise and cache them one page at a time, resumable after a crash.

A reader that finds pages without a usable text layer returns a :class:`ScanResult` naming them
and how to render them. :func:`ocr_scans` then renders each page into the data folder
(``pages/<file sha256>/p0003.png``, shown next to the record's text), reads it with the OCR engine
and writes the result beside it (``p0003.json``, written atomically). A run killed mid-document
finds the pages already read and goes on at the next one; the text keeps its page numbers, so
chunks cite pages as a text layer's do.
"""

from __future__ import annotations

import hashlib
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from core.chunking.model import Block, ReadResult
from core.errors import CorruptSource
from core.ingest.reading_order import flows
from core.progress import CancelToken, Progress
from core.settings import OCR_LOW_CONFIDENCE

#: longest side of a stored page image (the OCR engine works at ≤ 2000 px anyway)
MAX_PAGE_SIDE = 2600
#: paper whose light pixels vary more than this (grey levels, std) is speckled: left as it is for OCR
NOISY_PAPER = 7.0
#: pages read with less confidence than this get a note (the text may need checking)
LOW_CONFIDENCE = OCR_LOW_CONFIDENCE


@dataclass
class ScanResult(ReadResult):
    """A reader's output with pages to read by OCR (page numbers from 1) and how to render them."""

    scans: list[int] = field(default_factory=list)
    render: Callable[[int], Image.Image] | None = None
    title_from_text: bool = False  # the record's title is a fallback: the first OCR line is better
    ocr_pages: int = 0  # pages read by OCR (this run or cached)
    low_confidence_pages: list[int] = field(default_factory=list)  # of those, read below LOW_CONFIDENCE


@dataclass(frozen=True)
class PageText:
    """What OCR read on one page."""

    page: int
    paragraphs: list[str]
    confidence: float  # mean line score weighted by characters (0 when nothing was read)
    image: str  # the rendered page in the data folder
    seconds: float = 0.0


def page_folder(data_dir: Path, digest: str) -> Path:
    """Where the rendered pages and OCR results of one file (by content hash) live."""
    return data_dir / "pages" / digest


def ocr_scans(result: ReadResult, path: Path, raw: bytes, data_dir: Path, cancel: CancelToken,
              engine: Any = None) -> Generator[Progress, None, ReadResult]:
    """Fill the scanned pages of ``result`` with OCR text (cached per file hash and page)."""
    if not isinstance(result, ScanResult) or not result.scans or result.render is None:
        return result
    folder = page_folder(data_dir, hashlib.sha256(raw).hexdigest())
    total = len(result.scans)
    pages: list[PageText] = []
    undrawable: list[int] = []
    for i, number in enumerate(result.scans):
        cancel.check()
        yield Progress("ocr", i, total, "pages", item=str(path), message=f"page {number}")
        page = cached_page(folder, number)
        if page is None:
            if engine is None:
                from core.models.ocr_engine import shared_engine
                engine = shared_engine()
            try:
                page = read_page(result.render, number, folder, engine)
            except CorruptSource:  # one page the renderer cannot draw is not the whole document
                undrawable.append(number)
                continue
        pages.append(page)
    yield Progress("ocr", total, total, "pages", item=str(path))
    if undrawable:
        result.notes.append(f"page{'s' if len(undrawable) != 1 else ''} {', '.join(map(str, undrawable))} "
                            "could not be drawn for OCR (damaged) and were left out")
    _merge(result, pages)
    return result


def cached_page(folder: Path, number: int) -> PageText | None:
    """A page read by an earlier run with the same engine (None: read it now)."""
    from core.models.ocr_engine import ENGINE_TAG

    try:
        d = json.loads((folder / f"p{number:04d}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(d, dict) or d.get("engine") != ENGINE_TAG or not d.get("image"):
        return None
    image = folder / str(d["image"])
    if not image.is_file():
        return None
    try:  # the engine's lines are kept, so a better reading order needs no new OCR
        from core.models.ocr_engine import OcrLine
        lines = [OcrLine(str(t), float(sc), float(x), float(y), float(x2), float(y2))
                 for t, sc, x, y, x2, y2 in d["lines"]]
        paragraphs = layout(lines)
    except (KeyError, TypeError, ValueError):
        return None
    return PageText(number, paragraphs, float(d.get("confidence", 0.0)), str(image), float(d.get("seconds", 0.0)))


def read_page(render: Callable[[int], Image.Image], number: int, folder: Path, engine: Any) -> PageText:
    """Render one page, store its image, OCR it and store the result (both atomically)."""
    from core.models.ocr_engine import ENGINE_TAG

    start = time.process_time()
    img = render(number)
    if img.mode not in ("L", "RGB"):
        img = img.convert("RGB")
    if max(img.size) > MAX_PAGE_SIDE:
        img.thumbnail((MAX_PAGE_SIDE, MAX_PAGE_SIDE))
    # a page scanned on its side or upside down is turned first (read as it lies, it was garbage);
    # the stored image is the upright one the text was read from
    turn = int(engine.orientation(np.asarray(img)))
    if turn:
        img = img.rotate(turn, expand=True)
    folder.mkdir(parents=True, exist_ok=True)
    image = folder / f"p{number:04d}.png"
    _atomic(image, lambda fh: img.save(fh, format="PNG", optimize=False))
    lines = engine.read(clean_background(img))
    paragraphs = layout(lines)
    chars = sum(len(x.text) for x in lines)
    confidence = sum(x.score * len(x.text) for x in lines) / chars if chars else 0.0
    page = PageText(number, paragraphs, round(confidence, 4), str(image), round(time.process_time() - start, 2))
    record = {"engine": ENGINE_TAG, "page": number, "paragraphs": paragraphs, "confidence": page.confidence,
              "image": image.name, "seconds": page.seconds, "width": img.size[0], "turn": turn,
              "lines": [[x.text, round(x.score, 5), round(x.x, 1), round(x.y, 1), round(x.x2, 1), round(x.y2, 1)]
                        for x in lines]}
    _atomic(folder / f"p{number:04d}.json",
            lambda fh: fh.write(json.dumps(record, ensure_ascii=False).encode("utf-8")))
    return page


def clean_background(img: Image.Image) -> np.ndarray:
    """The page in grayscale with its light background made white: the recognizer drops spaces between
    words over JPEG's grey ringing (benchmarked: 0.6–1 % CER → 0–0.1 % on clean pages). Only pixels
    lighter than halfway between the ink/paper threshold (Otsu) and white change, so faint ink stays;
    on speckled paper nothing changes (whitening it made things worse: 0.0–0.1 % → 0.4–0.7 %)."""
    gray = np.asarray(img.convert("L"))
    hist = np.bincount(gray.ravel(), minlength=256).astype(np.float64)
    p = hist / max(hist.sum(), 1.0)
    w, mu = np.cumsum(p), np.cumsum(p * np.arange(256))
    with np.errstate(divide="ignore", invalid="ignore"):
        between = (mu[-1] * w - mu) ** 2 / (w * (1.0 - w))
    if not np.isfinite(between).any():
        return gray
    best = np.flatnonzero(between >= np.nanmax(between) * (1 - 1e-9))  # a flat optimum: take its middle
    threshold = int(best[0] + best[-1]) // 2
    cut = (threshold + 255) // 2
    paper = gray[gray > cut]
    if paper.size and float(paper.std()) > NOISY_PAPER:  # speckled paper: whitening leaves lone dark specks
        return gray
    return np.where(gray > cut, 255, gray).astype(np.uint8)


def layout(lines: list[Any]) -> list[str]:
    """Lines in reading order (core/ingest/reading_order.py: columns one after the other, a heading
    across them in its place), joined into paragraphs."""
    out: list[str] = []
    for run in flows(lines):
        out += _paragraphs([lines[i] for i in run])
    return out


def _paragraphs(lines: list[Any]) -> list[str]:
    """Rows of one column (pieces of a row joined), split into paragraphs at wider gaps."""
    if not lines:
        return []
    height = statistics.median(x.y2 - x.y for x in lines) or 1.0
    rows: list[list[Any]] = []
    for x in sorted(lines, key=lambda x: (x.y + x.y2) / 2):
        if rows and abs((x.y + x.y2) / 2 - (rows[-1][0].y + rows[-1][0].y2) / 2) < height * 0.5:
            rows[-1].append(x)
        else:
            rows.append([x])
    paras: list[list[str]] = []
    prev_bottom: float | None = None
    for row in rows:
        text = " ".join(x.text.strip() for x in sorted(row, key=lambda x: x.x))
        top = min(x.y for x in row)
        if prev_bottom is None or top - prev_bottom > height * 0.6:  # a line spacing is ~0.3 heights
            paras.append([])
        paras[-1].append(text)
        prev_bottom = max(x.y2 for x in row)
    return [_join(p) for p in paras]


def _join(lines: list[str]) -> str:
    """A paragraph's lines as one text; a word hyphenated at a line end is joined again."""
    out = ""
    for line in lines:
        if out.endswith("-") and len(out) > 1 and out[-2].isalpha() and line[:1].islower():
            out = out[:-1] + line
        else:
            out = f"{out} {line}" if out else line
    return " ".join(out.split())


def _merge(result: ScanResult, pages: list[PageText]) -> None:
    """Put the OCR text into the (single) record at its pages; the page images and confidences into its data."""
    rec = result.records[0]
    blocks = list(rec.blocks)
    for p in pages:
        blocks += [Block(text, page=p.page) for text in p.paragraphs]
    rec.blocks = sorted(blocks, key=lambda b: b.page or 0)
    rec.data["scan_pages"] = {str(p.page): {"confidence": p.confidence, "image": p.image} for p in pages}
    from core.models.ocr_engine import ENGINE_TAG
    rec.data["ocr_engine"] = ENGINE_TAG
    empty = [p.page for p in pages if not p.paragraphs]
    result.ocr_pages = len(pages)
    result.low_confidence_pages = [p.page for p in pages if p.paragraphs and p.confidence < LOW_CONFIDENCE]
    low = [f"{p.page} ({p.confidence:.2f})" for p in pages if p.paragraphs and p.confidence < LOW_CONFIDENCE]
    result.notes.append(f"{len(pages)} page{'s' if len(pages) != 1 else ''} read by OCR")
    if empty:
        result.notes.append(f"OCR found no text on page{'s' if len(empty) != 1 else ''} "
                            f"{', '.join(map(str, empty))}")
    if low:
        result.notes.append(f"low OCR confidence on page{'s' if len(low) != 1 else ''} {', '.join(low)}: "
                            "check the text against the page image")
    if not rec.blocks:
        raise CorruptSource("no text found: the pages are images and OCR read nothing on them",
                            hint="Check that the scan is legible and upright.")
    if result.title_from_text:
        first = next((b.text for b in rec.blocks if b.text.strip()), "")
        if first:  # a paragraph joins the lines of a heading block: cut at a word near 80 characters
            rec.title = first if len(first) <= 80 else first[:80].rsplit(" ", 1)[0] + " …"


def _atomic(target: Path, write: Callable[[Any], Any]) -> None:
    """Write a file so a crash leaves either the old one or the whole new one, never a torn one."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
