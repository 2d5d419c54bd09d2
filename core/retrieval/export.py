"""Search results as a person takes them away: CSV for a spreadsheet, JSON for a program, Markdown to paste.

The hits are the ones already shown, gated for the profile that searched; nothing is looked up again.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from datetime import datetime, timezone

from core.retrieval.hits import Hit
from core.text import markdown_line, timecode

COLUMNS = ("rank", "title", "collection", "record", "passage", "page", "time", "language", "classification",
           "score", "snippet", "source")


def _row(rank: int, h: Hit) -> dict[str, str]:
    return {"rank": str(rank), "title": h.title, "collection": h.section_tipo, "record": str(h.section_id),
            "passage": str(h.chunk_index + 1), "page": str(h.page or ""), "time": timecode(h.tc_in),
            "language": h.lang or "", "classification": h.classification, "score": f"{h.score:.4f}",
            "snippet": " ".join(h.snippet.split()), "source": h.source_path or ""}


def spreadsheet_cell(value: str) -> str:
    """A cell a spreadsheet shows as text: a leading = + - @ would be read as a formula."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def results_csv(hits: Sequence[Hit]) -> str:
    """One row per result, with a header; cells that a spreadsheet would run as formulas are quoted."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for n, h in enumerate(hits, 1):
        writer.writerow({k: spreadsheet_cell(v) for k, v in _row(n, h).items()})
    return out.getvalue()


def results_json(query: str, hits: Sequence[Hit], total: int | None = None) -> str:
    """The query, when it ran, how many records match in all, and each result as ``ovillo search --json`` gives it."""
    return json.dumps({"query": query, "exported": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                       "total": total, "results": [h.to_json() for h in hits]}, ensure_ascii=False, indent=2)


def results_markdown(query: str, hits: Sequence[Hit]) -> str:
    """A numbered list: each result's title, where it is, and its snippet as a quote."""
    out = [f"**{markdown_line(query)}**", ""]
    for n, h in enumerate(hits, 1):
        place = ", ".join(p for p in (h.section_tipo, f"p. {h.page}" if h.page else timecode(h.tc_in)) if p)
        out.append(f"{n}. {markdown_line(h.title)} ({markdown_line(place)})")
        if h.snippet.strip():
            out.append(f"   > {markdown_line(h.snippet)}")
    return "\n".join(out) + "\n"
