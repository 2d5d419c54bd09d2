"""Reading one record back (full text from its chunks) and the facets a profile can filter by.

Both go through the same ACL gate and rule as search (:mod:`core.gate`, :class:`core.acl.Rule`):
a record the profile may not see is reported exactly like a missing one (:class:`NotFound`),
and facets only count visible records, so a front end can never learn of a hidden collection.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from core import gate
from core.acl import Profile
from core.settings import OCR_LOW_CONFIDENCE
from core.store.db import Store
from core.store.edits import RecordEdit, read_edit
from core.store.rows import Changes


@dataclass(frozen=True)
class RecordChunk:
    """One passage of a record, in reading order."""

    component_tipo: str
    chunk_index: int
    text: str
    page: int | None = None
    tc_in: float | None = None
    tc_out: float | None = None
    heading_path: tuple[str, ...] = ()
    tc_marks: tuple[tuple[Any, ...], ...] = ()  # (offset, tc_in, tc_out) of each timed unit (cue, line)

    def time_at(self, offset: int) -> float | None:
        """When the words at ``offset`` of this passage are spoken (its start when units are unknown)."""
        if not self.tc_marks:
            return self.tc_in
        from core.retrieval.timecodes import time_at

        found = time_at(self.tc_marks, offset, len(self.text))
        return found if found is not None else self.tc_in

    @property
    def citation(self) -> str:
        """Suffix of the canonical id (``#chunk``)."""
        return f"#{self.chunk_index}"


@dataclass
class RecordText:
    """A visible record with its passages in order (what a reader view shows)."""

    section_tipo: str
    section_id: int
    title: str
    lang: str | None
    classification: str
    date_start: date | None
    date_end: date | None
    data: dict[str, Any]
    chunks: list[RecordChunk] = field(default_factory=list)
    origin: str = "local"  # "central": synced, the central archive's to change
    edit: RecordEdit | None = None  # the owner's layer over the file's values (title, dates, class, notes)

    @property
    def editable(self) -> bool:
        """Whether the owner may edit it here (only what was ingested locally)."""
        return self.origin == "local"

    @property
    def source_path(self) -> str | None:
        """The original file, if the record came from one."""
        value = self.data.get("source_path")
        return str(value) if value else None

    @property
    def low_confidence_pages(self) -> list[int]:
        """Pages OCR read with low confidence (their text may need checking against the page image)."""
        fields = self.data.get("fields")
        scans = fields.get("scan_pages") if isinstance(fields, dict) else None
        if not isinstance(scans, dict):
            return []
        return sorted(int(k) for k, v in scans.items() if str(k).isdigit() and isinstance(v, dict)
                      and isinstance(v.get("confidence"), (int, float)) and v["confidence"] < OCR_LOW_CONFIDENCE)

    @property
    def full_text(self) -> str:
        """The passages joined in order (chunks do not overlap, so this is the text)."""
        return "\n\n".join(c.text for c in self.chunks)


@dataclass(frozen=True)
class Facets:
    """Filter values present among the records a profile may see."""

    collections: tuple[str, ...]
    langs: tuple[str, ...]
    classifications: tuple[str, ...]
    components: tuple[str, ...]
    date_min: date | None
    date_max: date | None


def read_record(store: Store, model: str | None, section_tipo: str, section_id: int,
                profile: Profile) -> RecordText:
    """The record and its chunks of ``model``; hidden or missing → :class:`NotFound`."""
    rec = gate.record(store, section_tipo, section_id, profile)
    rows = store.cursor().execute("""
        SELECT component_tipo, chunk_index, source_text, chunk_meta FROM rag_embeddings
        WHERE section_tipo = ? AND section_id = ? AND model = ? AND modality = 'text'
        ORDER BY component_tipo, chunk_index""", [section_tipo, section_id, model or ""]).fetchall()
    chunks = []
    for comp, idx, text, meta_json in rows:
        meta = json.loads(meta_json) if meta_json else {}
        chunks.append(RecordChunk(comp, int(idx), text, meta.get("page"), meta.get("tc_in"), meta.get("tc_out"),
                                  tuple(meta.get("heading_path") or ()),
                                  tuple(tuple(m) for m in meta.get("tc_marks") or ())))
    origin, edit = read_edit(store.cursor(), (section_tipo, int(section_id)))
    if edit is not None and profile.name != "owner":
        edit = replace(edit, notes=None)  # the owner's notes are staff work, like working lists
    return RecordText(section_tipo, int(section_id), rec.title or "", rec.lang, rec.classification, rec.date_start,
                      rec.date_end, json.loads(rec.data) if rec.data else {}, chunks, origin, edit)


@dataclass(frozen=True)
class EditResult:
    """An edited record as it now reads, and what the edit changed (for the window's one refresh)."""

    record: RecordText
    changes: Changes


def visible_facets(store: Store, profile: Profile) -> Facets:
    """Distinct filter values over visible records only."""
    acl, params = profile.sql("r")
    cur = store.cursor()

    def distinct(expr: str, join: str = "") -> tuple[str, ...]:
        rows = cur.execute(f"SELECT DISTINCT {expr} AS v FROM records r {join} WHERE {acl} AND {expr} IS NOT NULL "
                           "ORDER BY v", params).fetchall()
        return tuple(str(r[0]) for r in rows)

    chunk_join = "JOIN rag_embeddings e ON e.section_tipo = r.section_tipo AND e.section_id = r.section_id"
    dates = cur.execute(f"SELECT min(coalesce(r.date_start, r.date_end)), max(coalesce(r.date_end, r.date_start)) "
                        f"FROM records r WHERE {acl}", params).fetchone()
    return Facets(distinct("r.section_tipo"), distinct("e.lang", chunk_join), distinct("r.classification"),
                  distinct("e.component_tipo", chunk_join), dates[0] if dates else None,
                  dates[1] if dates else None)
