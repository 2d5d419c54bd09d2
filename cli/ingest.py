"""What ``ovillo ingest`` prints when it ends: the summary as text or as ``--json``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from cli.text import print_json, say

if TYPE_CHECKING:
    from core.api import IngestSummary


def summary_json(summary: "IngestSummary") -> dict[str, Any]:
    """The ``--json`` form of an ingest's summary."""
    from core.api import unsupported_by_type

    return {"ok": len(summary.ok), "skipped": len(summary.skipped), "removed": len(summary.removed),
            "moved": len(summary.moved),
            "failed": [{"path": o.path, "reason": o.reason} for o in summary.failed],
            "unsupported": {"by_type": unsupported_by_type(o.path for o in summary.unsupported),
                            "paths": [o.path for o in summary.unsupported]},
            "chunks_embedded": summary.chunks_embedded, "cancelled": summary.cancelled,
            "reclassified": [{"from": a, "to": b, "records": n} for (a, b), n in summary.reclassified.items()],
            "kept_stricter": [{"asked": a, "kept": b, "records": n} for (a, b), n in summary.kept_stricter.items()],
            "ocr": {"pages": summary.ocr_pages,
                    "low_confidence": [{"path": o.path, "pages": o.low_confidence_pages}
                                       for o in summary.low_confidence]}}


def print_summary(summary: "IngestSummary", as_json: bool) -> None:
    """Print the summary of an ingest run."""
    from core.api import unsupported_by_type

    if as_json:
        print_json(summary_json(summary))
        return
    say(f"files ok: {len(summary.ok)} · skipped unchanged: {len(summary.skipped)} · "
        f"removed: {len(summary.removed)} · failed: {len(summary.failed)} · "
        f"chunks embedded: {summary.chunks_embedded}" + (f" · moved: {len(summary.moved)}" if summary.moved else ""))
    for (a, b), n in summary.reclassified.items():
        say(f"{n} record{'s' if n != 1 else ''} reclassified: {a} → {b}")
    for (a, b), n in summary.kept_stricter.items():
        say(f"{n} record{'s' if n != 1 else ''} kept {b}, stricter than the {a} asked for "
            f"(pass --reclassify to loosen)")
    low = summary.low_confidence
    if low:  # the text of these pages may be wrong: said here, not only in the source's stored note
        n = sum(len(o.low_confidence_pages) for o in low)
        say(f"{n} page{'s' if n != 1 else ''} of {summary.ocr_pages} read by OCR with low confidence: "
            "check the text against the page image")
        for o in low:
            say(f"  {o.path}: page{'s' if len(o.low_confidence_pages) != 1 else ''} "
                f"{', '.join(map(str, o.low_confidence_pages))}")
    for o in summary.failed:
        say(f"  failed: {o.path}: {o.reason}")
    if summary.unsupported:  # left out, never silently: grouped by type, a few names each
        say(f"not indexed, unsupported file type: {len(summary.unsupported)}")
        for suffix, n in unsupported_by_type(o.path for o in summary.unsupported).items():
            names = [Path(o.path).name for o in summary.unsupported
                     if (Path(o.path).suffix.lower() or "(no extension)") == suffix]
            say(f"  {suffix}: {n} — {', '.join(names[:3])}{' …' if n > 3 else ''}")
    if summary.cancelled:
        say("stopped before the end: run the same command again to resume")
