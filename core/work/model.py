"""The values of the person's own work, and their JSON shape in the work file."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Any

from core.filters import SearchFilters

RecordKey = tuple[str, int]  # (section_tipo, section_id)


def now() -> str:
    """The moment, as the work file writes it (UTC, to the second)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def filters_json(filters: SearchFilters) -> dict[str, Any]:
    """``filters`` as plain JSON values (dates as ISO text)."""
    return {"collections": list(filters.collections), "facets": list(filters.facets), "langs": list(filters.langs),
            "classifications": list(filters.classifications),
            "date_from": filters.date_from.isoformat() if filters.date_from else None,
            "date_to": filters.date_to.isoformat() if filters.date_to else None}


def filters_from(raw: Any) -> SearchFilters:
    """The filters a work file holds (missing keys do not filter)."""
    raw = raw if isinstance(raw, dict) else {}

    def texts(key: str) -> tuple[str, ...]:
        values = raw.get(key) or []
        return tuple(str(v) for v in values) if isinstance(values, list) else ()

    def day(key: str) -> date | None:
        value = raw.get(key)
        return date.fromisoformat(value) if isinstance(value, str) and value else None

    return SearchFilters(collections=texts("collections"), facets=texts("facets"), langs=texts("langs"),
                         classifications=texts("classifications"), date_from=day("date_from"), date_to=day("date_to"))


@dataclass(frozen=True)
class RecentSearch:
    """A search the person ran and acted on (pressed Enter, opened a result); ``at``: when, UTC."""

    query: str
    filters: SearchFilters = SearchFilters()
    mode: str = "records"
    at: str = ""

    def same_as(self, other: "RecentSearch") -> bool:
        """The same search: the same words (case and spacing aside), filters and mode."""
        return (_words(self.query) == _words(other.query) and self.filters == other.filters
                and self.mode == other.mode)

    def to_json(self) -> dict[str, Any]:
        """Its shape in the work file."""
        return {"query": self.query, "filters": filters_json(self.filters), "mode": self.mode, "at": self.at}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> "RecentSearch":
        """Read back from the work file."""
        return cls(str(raw.get("query", "")), filters_from(raw.get("filters")), str(raw.get("mode") or "records"),
                   str(raw.get("at", "")))


@dataclass(frozen=True)
class SavedSearch:
    """A search the person named, to run again with the same filters."""

    name: str
    query: str
    filters: SearchFilters = SearchFilters()
    mode: str = "records"
    saved: str = ""

    def to_json(self) -> dict[str, Any]:
        """Its shape in the work file."""
        return {"name": self.name, "query": self.query, "filters": filters_json(self.filters), "mode": self.mode,
                "saved": self.saved}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> "SavedSearch":
        """Read back from the work file."""
        return cls(str(raw.get("name", "")), str(raw.get("query", "")), filters_from(raw.get("filters")),
                   str(raw.get("mode") or "records"), str(raw.get("saved", "")))


@dataclass(frozen=True)
class ListItem:
    """A record kept on a working list, with the person's note (the record itself is never copied here)."""

    section_tipo: str
    section_id: int
    note: str = ""
    added: str = ""

    @property
    def key(self) -> RecordKey:
        """The record it points at."""
        return (self.section_tipo, self.section_id)

    def to_json(self) -> dict[str, Any]:
        """Its shape in the work file."""
        return {"section_tipo": self.section_tipo, "section_id": self.section_id, "note": self.note,
                "added": self.added}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> "ListItem":
        """Read back from the work file."""
        return cls(str(raw["section_tipo"]), int(raw["section_id"]), str(raw.get("note", "")),
                   str(raw.get("added", "")))


@dataclass(frozen=True)
class WorkList:
    """A named working list; ``items`` in the order they were added."""

    name: str
    items: tuple[ListItem, ...] = ()
    created: str = ""

    def to_json(self) -> dict[str, Any]:
        """Its shape in the work file."""
        return {"name": self.name, "created": self.created, "items": [i.to_json() for i in self.items]}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> "WorkList":
        """Read back from the work file."""
        return cls(str(raw.get("name", "")), tuple(ListItem.from_json(i) for i in raw.get("items") or []),
                   str(raw.get("created", "")))


@dataclass(frozen=True)
class ListSummary:
    """A working list as one profile sees it: ``count`` is of the records that profile may see."""

    name: str
    count: int
    created: str = ""


@dataclass(frozen=True)
class ListEntry:
    """One item of a working list whose record the profile may see, with what identifies that record."""

    section_tipo: str
    section_id: int
    title: str
    note: str
    added: str
    lang: str | None = None
    classification: str = ""
    date_start: date | None = None
    date_end: date | None = None
    source_path: str | None = None

    @property
    def key(self) -> RecordKey:
        """The record it points at."""
        return (self.section_tipo, self.section_id)


def _words(text: str) -> str:
    return " ".join(text.split()).casefold()
