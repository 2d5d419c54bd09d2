"""What a search returns: one hit per passage (or per record), with where to find it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Hit:
    """A search result that passed the ACL gate. ``score`` is the fused RRF score."""

    section_tipo: str
    section_id: int
    title: str
    component_tipo: str
    lang: str | None
    chunk_index: int
    snippet: str
    score: float
    source_path: str | None
    page: int | None
    tc_in: float | None
    chunk_id: str = ""
    text: str = ""
    tc_out: float | None = None
    heading_path: list[str] = field(default_factory=list)
    classification: str = ""
    dense_score: float | None = None
    lexical_score: float | None = None
    media_path: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The stable ``--json`` shape (issue #2) plus a few extra keys."""
        d = asdict(self)
        d.pop("text")
        return d

    @property
    def citation(self) -> str:
        """Canonical id ``collection-id#chunk``."""
        return f"{self.section_tipo}-{self.section_id}#{self.chunk_index}"
