"""What the record writer takes and reports: record rows with their embeddings, and the changes a write made."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

import numpy as np

RecordKey = tuple[str, int]


@dataclass
class EmbeddingRow:
    """One embedded unit of a record: a text chunk or an image view."""

    component_tipo: str
    chunk_index: int
    model: str
    embedding: np.ndarray
    source_text: str
    source_hash: str
    lang: str | None = None
    modality: str = "text"
    chunk_meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class RecordRow:
    """A record as the store holds it, with every embedding it has."""

    section_tipo: str
    section_id: int
    title: str
    classification: str
    lang: str | None = None
    project_ids: list[int] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    date_start: date | None = None
    date_end: date | None = None
    origin: str = "local"
    updated_at: datetime | None = None  # None: now (central rows bring the server's)
    embeddings: list[EmbeddingRow] = field(default_factory=list)

    @property
    def key(self) -> RecordKey:
        """``(section_tipo, section_id)``."""
        return (self.section_tipo, self.section_id)


@dataclass
class Changes:
    """What a write did: records added, updated and removed, counted by (collection, modality).

    A record with no embeddings counts under modality ``"none"``.
    """

    added: Counter[tuple[str, str]] = field(default_factory=Counter)
    updated: Counter[tuple[str, str]] = field(default_factory=Counter)
    removed: Counter[tuple[str, str]] = field(default_factory=Counter)

    def __bool__(self) -> bool:
        return bool(self.added or self.updated or self.removed)

    def merge(self, other: "Changes") -> "Changes":
        """Add ``other``'s counts to these (returns self)."""
        self.added.update(other.added)
        self.updated.update(other.updated)
        self.removed.update(other.removed)
        return self

    @property
    def collections(self) -> set[str]:
        """Collections touched."""
        return {c for counter in (self.added, self.updated, self.removed) for c, _ in counter}

    @property
    def modalities(self) -> set[str]:
        """Modalities touched."""
        return {m for counter in (self.added, self.updated, self.removed) for _, m in counter}

    def to_json(self) -> dict[str, list[dict[str, Any]]]:
        """Plain lists for JSON summaries."""
        return {name: [{"collection": c, "modality": m, "records": n} for (c, m), n in sorted(counter.items())]
                for name, counter in (("added", self.added), ("updated", self.updated), ("removed", self.removed))}
