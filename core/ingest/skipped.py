"""A folder's files that no reader handles: listed in the summary and in ``sources``, never silently dropped.

An archivist who ingests a folder must learn what was left out (18 of 19 files were, once,
without a word). Each such file gets a ``sources`` row with status ``unsupported`` (not
``failed``: nothing will change by retrying it) and a summary line grouped by type.
Companions are not listed: a recording beside its transcript is played from the transcript's
passages, and a CSV's ``.mapping.json`` sidecar is read with the CSV.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from core.ingest.options import FileOptions
from core.ingest.readers.media import MEDIA_SUFFIXES
from core.ingest.sources import record_source
from core.store.db import Store

TRANSCRIPT_SUFFIXES = (".vtt", ".srt", ".xml", ".txt", ".md", ".ttml", ".dfxp", ".eaf", ".json", ".tsv", ".ass", ".ssa",
                       ".scc", ".stl")


def unsupported_reason(path: Path) -> str:
    """The sentence stored and shown for a file of a type no reader handles."""
    return f"unsupported file type {path.suffix.lower() or '(none)'}: not indexed"


def is_companion(path: Path, names: set[str]) -> bool:
    """True for a file another file of the folder uses (``names``: every file path of the folder)."""
    for suffix in (".mapping.json", ".options.json"):  # a CSV's column mapping, a file's options (a password)
        if path.name.endswith(suffix) and str(path)[: -len(suffix)] in names:
            return True
    if path.suffix.lower() in MEDIA_SUFFIXES:
        return any(str(path.with_suffix(s)) in names for s in TRANSCRIPT_SUFFIXES)
    return False


def record_unsupported(store: Store, paths: Iterable[Path], root: str, collection: str,
                       options: FileOptions) -> None:
    """Upsert an ``unsupported`` ``sources`` row for each path (only where it changed: an unchanged
    re-ingest writes nothing)."""
    todo = []
    cur = store.cursor()
    for p in paths:
        row = cur.execute("SELECT status, error FROM sources WHERE path = ?", [str(p)]).fetchone()
        if row is None or tuple(row) != ("unsupported", unsupported_reason(p)):
            todo.append(p)
    if not todo:
        return
    with store.transaction() as w:
        for p in todo:
            record_source(w, str(p), root, collection, status="unsupported", error=unsupported_reason(p),
                          options=options)


def by_type(paths: Iterable[str]) -> dict[str, int]:
    """Counts by file type (``.docx`` → 12), most frequent first."""
    counts = Counter(Path(p).suffix.lower() or "(no extension)" for p in paths)
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
