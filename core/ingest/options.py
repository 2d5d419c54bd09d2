"""What the user said about files being ingested, as one typed value from the CLI or window to the reader.

:class:`IngestOptions` is what a front end builds; :class:`FileOptions` is what one file is
indexed with (its collection resolved) and what the queue and the ``sources`` table store, as
JSON, and read back as the same type — never a loose dict.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from core.acl import CLASSIFICATIONS
from core.errors import IngestError


@dataclass(frozen=True)
class FileOptions:
    """The options one file is indexed with."""

    collection: str = "local"
    lang: str | None = None
    classification: str | None = None  # None: keep each record's current one (new records: the default)
    project_ids: tuple[int, ...] = ()
    follow_symlinks: bool = False
    reclassify: bool = False
    as_pages: bool = False  # pictures are scanned pages to OCR, not photographs of objects

    def to_json(self) -> dict[str, Any]:
        """The stored form; the two flags only when set, so stores indexed before they existed still match."""
        out: dict[str, Any] = {"collection": self.collection, "lang": self.lang,
                               "classification": self.classification, "project_ids": sorted(self.project_ids)}
        if self.follow_symlinks:
            out["follow_symlinks"] = True
        if self.reclassify:
            out["reclassify"] = True
        if self.as_pages:
            out["as_pages"] = True
        return out

    @classmethod
    def from_json(cls, raw: str | dict[str, Any] | None) -> "FileOptions":
        """Read the stored form back (unknown keys are ignored; a damaged value is the defaults)."""
        try:
            d = json.loads(raw) if isinstance(raw, str) else (raw or {})
        except ValueError:
            d = {}
        if not isinstance(d, dict):
            d = {}
        cls_value = d.get("classification")
        return cls(collection=str(d.get("collection") or "local"), lang=d.get("lang") or None,
                   classification=cls_value if cls_value in CLASSIFICATIONS else None,
                   project_ids=tuple(int(p) for p in d.get("project_ids") or ()),
                   follow_symlinks=bool(d.get("follow_symlinks")), reclassify=bool(d.get("reclassify")),
                   as_pages=bool(d.get("as_pages")))

    def same_as_stored(self, stored: "FileOptions") -> bool:
        """True when a file indexed with ``stored`` needs no re-indexing for these options
        (no classification asked means "keep", which matches any stored one)."""
        mine, theirs = self.to_json(), stored.to_json()
        if self.classification is None:
            mine.pop("classification")
            theirs.pop("classification")
        return mine == theirs


@dataclass
class IngestOptions:
    """What the user said about the files being ingested."""

    collection: str | None = None
    lang: str | None = None
    classification: str | None = None  # None: keep each record's current one (new records: the default)
    project_ids: list[int] = field(default_factory=list)
    reclassify: bool = False  # allow a looser classification than the one already stored
    follow_symlinks: bool = False  # follow links, but never to a target outside the paths given
    as_pages: bool = False  # read pictures as scanned pages (OCR) instead of photographs of objects

    def __post_init__(self) -> None:
        if self.classification is not None and self.classification not in CLASSIFICATIONS:
            raise IngestError(f"unknown classification {self.classification!r}")

    def for_file(self, collection: str) -> FileOptions:
        """The options one file is indexed with (a changed option re-indexes it)."""
        return FileOptions(collection=collection, lang=self.lang, classification=self.classification,
                           project_ids=tuple(sorted(self.project_ids)), follow_symlinks=self.follow_symlinks,
                           reclassify=self.reclassify, as_pages=self.as_pages)
