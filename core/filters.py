"""Search filters, as a SQL predicate (lexical leg, gate) and as a check on one hit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date


def predicate(members: Sequence[tuple[Sequence[str], str]], date_from: date | None, date_to: date | None,
              r: str = "r") -> tuple[str, list[object]]:
    """``column IN values`` for each ``(values, column)`` with values, and the dates of ``records`` alias ``r``
    overlapping ``date_from``–``date_to`` (the one date rule of search and browse)."""
    clauses: list[str] = []
    params: list[object] = []
    for values, column in members:
        if values:
            clauses.append(f"{column} IN (SELECT unnest(?::VARCHAR[]))")
            params.append(list(values))
    if date_from is not None:
        clauses.append(f"coalesce({r}.date_end, {r}.date_start) >= ?")
        params.append(date_from)
    if date_to is not None:
        clauses.append(f"coalesce({r}.date_start, {r}.date_end) <= ?")
        params.append(date_to)
    return " AND ".join(clauses) or "TRUE", params


@dataclass(frozen=True)
class SearchFilters:
    """What the user narrowed the search to; empty fields do not filter."""

    collections: tuple[str, ...] = ()
    facets: tuple[str, ...] = ()  # component_tipo, e.g. rag:transcript
    langs: tuple[str, ...] = ()
    classifications: tuple[str, ...] = ()
    date_from: date | None = None
    date_to: date | None = None

    def sql(self, r: str = "r", e: str = "e") -> tuple[str, list[object]]:
        """Predicate over ``records`` alias ``r`` and ``rag_embeddings`` alias ``e``."""
        return predicate(((self.collections, f"{r}.section_tipo"), (self.facets, f"{e}.component_tipo"),
                          (self.langs, f"{e}.lang"), (self.classifications, f"{r}.classification")),
                         self.date_from, self.date_to, r)

    def matches(self, *, section_tipo: str, component_tipo: str, lang: str | None, classification: str,
                date_start: date | None, date_end: date | None) -> bool:
        """The same rule for one hit (the gate re-checks it)."""
        if self.collections and section_tipo not in self.collections:
            return False
        if self.facets and component_tipo not in self.facets:
            return False
        if self.langs and lang not in self.langs:
            return False
        if self.classifications and classification not in self.classifications:
            return False
        start, end = date_start or date_end, date_end or date_start
        if self.date_from is not None and (end is None or end < self.date_from):
            return False
        if self.date_to is not None and (start is None or start > self.date_to):
            return False
        return True
