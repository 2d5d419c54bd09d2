"""What a search returns: one hit per passage (or per record), with where to find it."""

from __future__ import annotations

from collections.abc import Iterable
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


@dataclass(frozen=True)
class NoMatch:
    """Why a search found nothing to show, and what to try: ``reason`` is ``unrelated`` (nothing near the
    query in meaning or words) or ``identifier`` (an id no visible record holds); ``suggestions`` are
    (kind, text) pairs — ``spelling`` (text: the corrected query), ``identifier``, ``fewer_words``,
    ``other_language``."""

    reason: str
    suggestions: list[tuple[str, str]] = field(default_factory=list)
    # what the search found under the floor, already gated for the profile: shown only when the person asks
    # ("show the closest anyway"), so a query the floor wrongly empties costs a click, not a wrong conclusion
    closest: list[Hit] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """``{"reason": …, "suggestions": [{"kind": …, "text": …}]}``."""
        return {"reason": self.reason, "suggestions": [{"kind": k, "text": t} for k, t in self.suggestions]}


class Hits(list[Hit]):
    """A search's hits (a plain list to every caller) that may say *no records match*: then it is empty and
    ``no_match`` says why; ``signals`` holds what the relevance floor measured (benchmarks)."""

    def __init__(self, hits: Iterable[Hit] = (), *, no_match: NoMatch | None = None, signals: Any = None) -> None:
        super().__init__(hits)
        self.no_match = no_match
        self.signals = signals
