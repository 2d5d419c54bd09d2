"""A source turned into rows ready to store: records and their chunks, with identities."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from core.chunking import Chunk
from core.ingest.objects import PreparedView
from core.ingest.options import FileOptions


@dataclass
class PreparedRecord:
    """One record with its final identity, metadata and chunks."""

    section_tipo: str
    section_id: int
    title: str
    lang: str | None
    classification: str
    project_ids: list[int]
    data: dict[str, Any]
    date_start: date | None
    date_end: date | None
    chunks: list[Chunk]
    views: list[PreparedView] = field(default_factory=list)  # an object's photographs
    record_key: str = ""  # the reader's key within its file (a CSV row's id); with the content hash, its origin


@dataclass
class PreparedSource:
    """Everything one file produced."""

    path: str
    root: str | None
    collection: str
    reader: str
    content_hash: str
    mtime: float
    size: int
    options: FileOptions
    records: list[PreparedRecord]
    notes: list[str] = field(default_factory=list)
    reclassified: dict[tuple[str, str], int] = field(default_factory=dict)  # loosened: (from, to) → records
    kept_stricter: dict[tuple[str, str], int] = field(default_factory=dict)  # (asked, kept) → records
    ocr_pages: int = 0  # pages read by OCR
    low_confidence_pages: list[int] = field(default_factory=list)  # of those, read with low confidence

    @property
    def chunk_count(self) -> int:
        """Total chunks over all records."""
        return sum(len(r.chunks) + len(r.views) for r in self.records)
