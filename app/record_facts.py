"""What a reader sees of a record's identity, without Qt: its own identifier and its dates as the archive gives them."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path
from typing import Any

from core.api import ID_COLUMNS, is_image, timecode

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


# an interview's elements worth reading beside it (OHMS), in the order a catalogue card gives them
_INTERVIEW_FIELDS = ("repository", "accession", "collection_name", "series_name", "interviewee", "interviewer",
                     "date", "duration", "rights", "usage")
# a mail message's headers worth reading beside it, in a mail program's order
_MAIL_FIELDS = ("from", "to", "cc", "date", "attachments", "attachments_not_read")
_LONG = 160  # a value this long is the record's text, already shown in full beside the fields


def is_image_name(value: str) -> bool:
    """A photograph's file name or path (a catalogue's image column), not a fact to read."""
    return "\n" not in value and is_image(Path(value))


def record_fields(title: str, classification: str, lang: str | None, data: dict[str, Any]) -> list[tuple[str, str]]:
    """A catalogue row's columns, or an interview's elements, as (the archive's own name, value) pairs to show
    labelled; what the view shows elsewhere (title, text, classification, language, photographs) is left out."""
    fields = data.get("fields")
    if not isinstance(fields, dict):
        return []
    if "csv_line" in fields:  # a catalogue row: every column the archive filled
        shown = {title.strip(), classification, lang or ""}
        return [(str(name), str(value).strip()) for name, value in fields.items()
                if name != "csv_line" and isinstance(value, (str, int, float)) and str(value).strip()
                and str(value).strip() not in shown and len(str(value)) <= _LONG
                and not is_image_name(str(value))]
    # a mail attachment read as a record of its own names the message that carried it (the message's subject)
    carried = [("attached_to", str(fields["attached_to"]))] if str(fields.get("attached_to") or "").strip() else []
    if "message-id" in fields or ("from" in fields and "subject" in fields):  # a mail message
        values = {n: ", ".join(map(str, v)) if isinstance(v, list) else str(v) for n, v in fields.items()}
        if isinstance(fields.get("attachments_not_read"), list):  # "name (type): why", the why in core's words
            from app.errors import translate_text

            values["attachments_not_read"] = "; ".join(translate_text(str(v)) for v in fields["attachments_not_read"])
        return carried + [(n, values[n].strip()) for n in _MAIL_FIELDS if values.get(n, "").strip()]
    if carried:
        return carried
    if "accession" in fields or "repository" in fields:
        out = [(name, str(fields[name]).strip()) for name in _INTERVIEW_FIELDS if str(fields.get(name) or "").strip()]
        # OHMS gives the duration in seconds; a reader counts hours, minutes and seconds
        return [(n, timecode(float(v)) if n == "duration" and v.isdigit() else v) for n, v in out]
    return []


def _where(page: int | None, tc_in: float | None) -> str:
    return f"p. {page}" if page else timecode(tc_in, padded=True)


def citation_parts(section_tipo: str, section_id: int, title: str, start: date | None, end: date | None,
                   data: dict[str, Any], page: int | None = None, tc_in: float | None = None) -> dict[str, str]:
    """What a citation of the record (at a page or moment) names: title, identifier, collection, archive,
    dates, place in the record, and the canonical id the answers cite."""
    fields = _fields(data)
    return {"title": title.strip() or record_identifier(section_tipo, section_id, data),
            "identifier": record_identifier(section_tipo, section_id, data),
            "collection": str(fields.get("collection_name") or section_tipo),
            "archive": str(fields.get("repository") or ""),
            "dates": record_dates(start, end, data), "where": _where(page, tc_in),
            "id": f"{section_tipo}-{section_id}",
            "kind": "interview" if "accession" in fields or data.get("media_path") else "manuscript"}


def citation_text(parts: dict[str, str]) -> str:
    """A short archival citation: title, identifier, collection and archive, dates, page or timecode."""
    place = ", ".join(p for p in (parts["collection"], parts["archive"]) if p)
    pieces = [parts["title"], parts["identifier"] if parts["identifier"] != parts["title"] else "", place,
              parts["dates"], parts["where"]]
    return ". ".join(p.rstrip(".") for p in pieces if p) + f". [{parts['id']}]"


def citation_csl(parts: dict[str, str], lang: str | None) -> dict[str, Any]:
    """The citation as CSL-JSON, the item Zotero and other reference managers import."""
    item: dict[str, Any] = {"id": parts["id"], "type": parts["kind"], "title": parts["title"],
                            "archive": parts["archive"] or parts["collection"],
                            "archive_location": parts["identifier"]}
    year = next((int(t) for t in parts["dates"].replace("–", " ").replace("-", " ").split() if t.isdigit()
                 and len(t) == 4), None)
    if year is not None:
        item["issued"] = {"date-parts": [[year]]}
    if lang:
        item["language"] = lang
    if parts["where"]:
        item["note"] = parts["where"]
    return item


def citation_bibtex(parts: dict[str, str]) -> str:
    """The citation as a BibTeX ``@misc`` entry (braces and backslashes in values are dropped)."""
    def clean(value: str) -> str:
        return value.replace("{", "").replace("}", "").replace("\\", "")

    key = "".join(ch if ch.isalnum() else "_" for ch in parts["id"])
    where = ", ".join(p for p in (parts["identifier"], parts["collection"], parts["archive"]) if p)
    lines = [f"@misc{{{key},", f"  title = {{{clean(parts['title'])}}},", f"  howpublished = {{{clean(where)}}},"]
    if parts["dates"]:
        lines.append(f"  note = {{{clean(parts['dates'] + (', ' + parts['where'] if parts['where'] else ''))}}},")
    elif parts["where"]:
        lines.append(f"  note = {{{clean(parts['where'])}}},")
    lines.append("}")
    return "\n".join(lines)
