"""What the library holds, as one profile may see it: the counts ``ovillo status`` and the window's Library page show."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from core.acl import Profile
from core.ingest import queue
from core.settings import OCR_LOW_CONFIDENCE
from core.store.db import Store
from core.store.models_repo import PinnedModel


@dataclass
class Status:
    """Library status as the CLI's ``status --json`` and the GUI show it."""

    records: int
    chunks: int
    model: str | None
    dimension: int | None
    queue_pending: int
    failed_sources: int
    store_bytes: int
    sources: int
    schema: str
    home: str
    profile: str
    ocr_pages: int = 0  # pages of the visible records read by OCR
    low_confidence_pages: int = 0  # of those, read with low confidence (their text may need checking)

    def to_json(self) -> dict[str, Any]:
        """Plain dict."""
        return dict(self.__dict__)


def library_status(store: Store, profile: Profile, pinned: PinnedModel | None, home: str) -> Status:
    """Counts as visible to ``profile``; the sources, queue, failures and file size are the owner's alone."""
    acl, params = profile.sql("r")
    cur = store.cursor()
    records = cur.execute(f"SELECT count(*) FROM records r WHERE {acl}", params).fetchone()
    chunks = cur.execute(f"""
        SELECT count(*) FROM rag_embeddings e
        JOIN records r ON r.section_tipo = e.section_tipo AND r.section_id = e.section_id
        WHERE {acl} AND e.model = ?""", [*params, pinned.name if pinned else ""]).fetchone()
    owner = profile.name == "owner"
    failed = cur.execute("SELECT count(*) FROM sources WHERE status = 'failed'").fetchone() if owner else (0,)
    sources = cur.execute("SELECT count(*) FROM sources").fetchone() if owner else (0,)
    ocr_pages, low = scan_page_counts(cur.execute(
        f"SELECT json_extract(r.data, '$.fields.scan_pages') FROM records r "
        f"WHERE {acl} AND json_extract(r.data, '$.fields.scan_pages') IS NOT NULL", params).fetchall())
    return Status(records=int(records[0]) if records else 0, chunks=int(chunks[0]) if chunks else 0,
                  model=pinned.name if pinned else None, dimension=pinned.dimension if pinned else None,
                  queue_pending=queue.pending(store) if owner else 0,
                  failed_sources=int(failed[0]) if failed else 0,
                  store_bytes=store.size_bytes() if owner else 0,
                  sources=int(sources[0]) if sources else 0, schema=store.schema_version,
                  home=home, profile=profile.name, ocr_pages=ocr_pages, low_confidence_pages=low)


def scan_page_counts(rows: list[tuple[Any, ...]]) -> tuple[int, int]:
    """(pages, pages read below OCR_LOW_CONFIDENCE) over records' ``fields.scan_pages`` values."""
    pages = low = 0
    for (raw,) in rows:
        try:
            scans = json.loads(raw) if isinstance(raw, str) else raw
        except ValueError:
            continue
        if not isinstance(scans, dict):
            continue
        for page in scans.values():
            pages += 1
            score = page.get("confidence") if isinstance(page, dict) else None
            low += isinstance(score, (int, float)) and score < OCR_LOW_CONFIDENCE
    return pages, low


def failed_sources(store: Store) -> list[tuple[str, str]]:
    """(path, reason) of every source that failed its last indexing."""
    rows = store.cursor().execute("SELECT path, error FROM sources WHERE status = 'failed' ORDER BY path").fetchall()
    return [(r[0], r[1] or "") for r in rows]
