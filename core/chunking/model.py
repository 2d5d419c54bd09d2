"""What readers produce: records made of structural blocks (before chunking)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any


@dataclass
class Block:
    """One structural unit of text; chunks pack whole blocks and never cross a section.

    ``section`` groups blocks that may share a chunk: a heading path, a page,
    a transcript. ``tc_in``/``tc_out`` are seconds from the start of the media. ``paced`` says the
    text is spoken over that span (a turn: a word's time can be estimated by its position); an
    index point's title and synopsis describe the span instead, and all of it starts at ``tc_in``.
    """

    text: str
    heading_path: tuple[str, ...] = ()
    page: int | None = None
    tc_in: float | None = None
    tc_out: float | None = None
    speaker: str | None = None
    component: str = "rag:body"
    paced: bool = True

    @property
    def section(self) -> tuple[object, ...]:
        """Blocks with different sections never share a chunk."""
        return (self.component, self.heading_path, self.page)


@dataclass
class ParsedRecord:
    """One catalogue record as a reader sees it.

    ``key`` distinguishes records inside one file ("" for a whole-file record,
    "row:<id>" for a CSV row); together with the path it fixes the section_id.
    """

    key: str
    title: str
    blocks: list[Block]
    lang: str | None = None
    classification: str | None = None
    date_start: date | None = None
    date_end: date | None = None
    data: dict[str, Any] = field(default_factory=dict)
    media_path: str | None = None
    images: dict[str, str] = field(default_factory=dict)  # view → image file (absolute): an object's photos
    roles: dict[str, Any] = field(default_factory=dict)  # typology, material, period, denomination (objects)


@dataclass
class ReadResult:
    """A reader's output for one file, with non-fatal notes (e.g. the encoding guessed)."""

    records: list[ParsedRecord]
    reader: str
    notes: list[str] = field(default_factory=list)
    # files carried inside the file (a mail message's pictures), by the name its records' ``images`` give them:
    # the read stage keeps them in the data folder and puts their paths in those records
    embedded: dict[str, bytes] = field(default_factory=dict)
