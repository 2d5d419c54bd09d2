"""What an ingest run reports: one outcome per file, and the run's summary of them."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.store.writer import Changes


@dataclass
class FileOutcome:
    """What happened to one file."""

    path: str
    status: str  # ok | skipped | failed | removed | moved | unsupported (a folder's file no reader handles)
    reason: str = ""
    chunks: int = 0
    embedded: int = 0
    # (from, to) → records: loosened with --reclassify / kept stricter than asked without it
    reclassified: dict[tuple[str, str], int] = field(default_factory=dict)
    kept_stricter: dict[tuple[str, str], int] = field(default_factory=dict)
    ocr_pages: int = 0  # pages read by OCR
    low_confidence_pages: list[int] = field(default_factory=list)  # of those, read with low confidence


@dataclass
class IngestSummary:
    """The end-of-run report."""

    outcomes: list[FileOutcome] = field(default_factory=list)
    cancelled: bool = False  # stopped with files still queued (a later run resumes them)
    changes: Changes = field(default_factory=Changes)  # what the run wrote, for front ends to refresh

    def _by(self, status: str) -> list[FileOutcome]:
        return [o for o in self.outcomes if o.status == status]

    @property
    def ok(self) -> list[FileOutcome]:
        """Files indexed in this run."""
        return self._by("ok")

    @property
    def skipped(self) -> list[FileOutcome]:
        """Files unchanged since the last run."""
        return self._by("skipped")

    @property
    def failed(self) -> list[FileOutcome]:
        """Files that could not be indexed, with reasons."""
        return self._by("failed")

    @property
    def unsupported(self) -> list[FileOutcome]:
        """Files of a folder that no reader handles: not indexed, listed so nothing is left out silently."""
        return self._by("unsupported")

    @property
    def removed(self) -> list[FileOutcome]:
        """Files gone from disk whose records were removed."""
        return self._by("removed")

    @property
    def moved(self) -> list[FileOutcome]:
        """Files renamed or moved inside the library: their records followed them, nothing read again."""
        return self._by("moved")

    def _tally(self, attr: str) -> dict[tuple[str, str], int]:
        total: dict[tuple[str, str], int] = {}
        for o in self.outcomes:
            for key, n in getattr(o, attr).items():
                total[key] = total.get(key, 0) + n
        return total

    @property
    def reclassified(self) -> dict[tuple[str, str], int]:
        """Records whose classification was loosened on request: (from, to) → count."""
        return self._tally("reclassified")

    @property
    def kept_stricter(self) -> dict[tuple[str, str], int]:
        """Records that kept a stricter classification than asked: (asked, kept) → count."""
        return self._tally("kept_stricter")

    @property
    def ocr_pages(self) -> int:
        """Pages read by OCR in this run's indexed files."""
        return sum(o.ocr_pages for o in self.outcomes)

    @property
    def low_confidence(self) -> list[FileOutcome]:
        """Indexed files with pages OCR read with low confidence (their text may need checking)."""
        return [o for o in self.outcomes if o.low_confidence_pages]

    @property
    def chunks_embedded(self) -> int:
        """Chunks that needed the encoder in this run."""
        return sum(o.embedded for o in self.outcomes)
