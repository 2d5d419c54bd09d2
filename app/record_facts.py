"""What a reader sees of a record's identity, without Qt: its own identifier and its dates as the archive gives them."""

from __future__ import annotations

import os
from datetime import date
from typing import Any

from core.api import ID_COLUMNS

# an OHMS export names its interview by accession; a catalogue row by one of the identifier columns
_IDENTIFYING = ("accession", *ID_COLUMNS)


def _fields(data: dict[str, Any]) -> dict[str, Any]:
    """The record's own fields (a catalogue row's columns, an OHMS record's elements), by lowercase name."""
    fields = data.get("fields")
    return {str(k).strip().lower(): v for k, v in fields.items()} if isinstance(fields, dict) else {}


def record_identifier(section_tipo: str, section_id: int, data: dict[str, Any]) -> str:
    """The identifier the archive itself gives the record (inventory number, accession, file name);
    the internal id only when there is none."""
    by_name = _fields(data)
    for name in _IDENTIFYING:
        value = str(by_name.get(name) or "").strip()
        if value:
            return value
    source = data.get("source_path")
    if source:
        return os.path.basename(str(source))
    return f"{section_tipo} {section_id}"


def record_dates(start: date | None, end: date | None, data: dict[str, Any]) -> str:
    """The dates as the archive wrote them ("1660", "c. 1336–1350"); else the stored range, whole years as
    years ("1660", "1336–1350"); "" when the record has none."""
    by_name = _fields(data)
    for name in ("date", "fecha", "data", "dates"):
        value = str(by_name.get(name) or "").strip()
        if value:
            return value
    if start is None and end is None:
        return ""
    if start == end and start is not None:
        return start.isoformat()
    if start is not None and end is not None and (start.month, start.day, end.month, end.day) == (1, 1, 12, 31):
        return str(start.year) if start.year == end.year else f"{start.year}–{end.year}"
    return " – ".join(d.isoformat() for d in (start, end) if d is not None)
