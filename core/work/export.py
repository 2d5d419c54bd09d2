"""A working list as a person takes it away: CSV for a spreadsheet, JSON for a program, Markdown to paste.

The entries are the ones the list shows, already gated for the profile (:meth:`core.service.work.Work.items`);
the cell and line rules are the results export's (:mod:`core.retrieval.export`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from datetime import datetime, timezone
from typing import Any

from core.retrieval.export import spreadsheet_cell
from core.text import markdown_line
from core.work.model import ListEntry

COLUMNS = ("position", "title", "collection", "record", "note", "added", "language", "classification",
           "date_start", "date_end", "source")


def _row(n: int, e: ListEntry) -> dict[str, str]:
    return {"position": str(n), "title": e.title, "collection": e.section_tipo, "record": str(e.section_id),
            "note": " ".join(e.note.split()), "added": e.added, "language": e.lang or "",
            "classification": e.classification, "date_start": e.date_start.isoformat() if e.date_start else "",
            "date_end": e.date_end.isoformat() if e.date_end else "", "source": e.source_path or ""}


def worklist_csv(entries: Sequence[ListEntry]) -> str:
    """One row per record on the list, with a header; cells a spreadsheet would run as formulas are quoted."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for n, e in enumerate(entries, 1):
        writer.writerow({k: spreadsheet_cell(v) for k, v in _row(n, e).items()})
    return out.getvalue()


def worklist_json(name: str, entries: Sequence[ListEntry]) -> str:
    """The list's name, when it was exported, and each record with its note."""
    items: list[dict[str, Any]] = [{k: v for k, v in _row(n, e).items() if k != "position"}
                                   for n, e in enumerate(entries, 1)]
    for item, e in zip(items, entries):
        item["record"] = e.section_id  # a number to a program, as ``ovillo search --json`` gives it
        item["note"] = e.note  # the note as written, line breaks kept
    return json.dumps({"list": name, "exported": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                       "items": items}, ensure_ascii=False, indent=2)


def worklist_markdown(name: str, entries: Sequence[ListEntry]) -> str:
    """A numbered list: each record's title, where it is, and the note under it."""
    out = [f"**{markdown_line(name)}**", ""]
    for n, e in enumerate(entries, 1):
        out.append(f"{n}. {markdown_line(e.title)} ({markdown_line(f'{e.section_tipo} {e.section_id}')})")
        if e.note.strip():
            out.append(f"   {markdown_line(e.note)}")
    return "\n".join(out) + "\n"
