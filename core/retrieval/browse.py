"""Browsing without a query: what the visible records hold, counted, and the records of a choice, listed.

Every record is read through the one gate (:func:`core.gate.visible_rows`: the ACL rule pushed into
the query and checked again on each row), so no count includes a record the profile may not see and
a collection whose records are all hidden never appears. Counts are faceted: each dimension is
counted under the choices made in the *other* dimensions, so the alternatives to a choice stay in view.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, NamedTuple

from core import gate
from core.acl import Profile
from core.errors import ConfigError, NotFound
from core.filters import predicate
from core.retrieval.count import ResultPage
from core.retrieval.hits import Hit
from core.retrieval.snippets import make_snippet
from core.store.db import Store
from core.text import fold

# the kind of record, from the reader that made it (an object is a record with photographs)
KINDS: dict[str, str] = {
    "csv": "catalogue", "vtt": "interview", "srt": "interview", "ohms": "interview", "tc-marks": "interview",
    "pdf": "document", "scan": "document", "html": "text", "markdown": "text", "text": "text", "image": "image",
    "ttml": "interview", "elan": "interview", "whisper": "interview", "ass": "interview", "ssa": "interview",
    "scc": "interview", "stl": "interview",
    "ead": "catalogue", "mets": "catalogue", "mods": "catalogue", "dc": "catalogue", "oai-pmh": "catalogue",
    "tei": "document",
    "docx": "document", "odt": "document", "rtf": "document", "xlsx": "catalogue", "ods": "catalogue",
    "email": "mail", "epub": "document",
}
OTHER_KIND = "other"  # records that name no reader (e.g. from the central archive)
SORTS = ("relevance", "title", "date")
BUCKET_STEPS = (1, 10, 100, 1000)  # years per date bucket: the smallest that keeps the range in MAX_BUCKETS
MAX_BUCKETS = 24
PAGE = 50

# the same rules in SQL: a record's kind, and its dates in order (a reversed range counts as written the right way)
_KIND = ("CASE WHEN json_extract(r.data, '$.views') IS NOT NULL THEN 'object' ELSE coalesce(CASE "
         "json_extract_string(r.data, '$.reader') "
         + " ".join(f"WHEN '{reader}' THEN '{kind}'" for reader, kind in KINDS.items())
         + f" END, '{OTHER_KIND}') END")
_LO, _HI = "least(r.date_start, r.date_end)", "greatest(r.date_start, r.date_end)"
_DAY = "({} - DATE '0001-01-01') + 1"  # a date as its proleptic ordinal (date.toordinal): ints read fast
_COUNTED = (f"r.section_tipo, r.lang, {_KIND}, r.classification, {_DAY.format(_LO)}, {_DAY.format(_HI)}, "
            f"year({_LO}), year({_HI})")
_BY_TITLE = ("nullif(trim(r.title), '') IS NULL, lower(strip_accents(coalesce(r.title, ''))), "
             "r.section_tipo, r.section_id")
_BY_DATE = f"{_LO} IS NULL, {_LO}, {_BY_TITLE}"


@dataclass(frozen=True)
class BrowseFilters:
    """A browsing choice: empty fields do not narrow; ``kinds`` are values of :data:`KINDS` (or ``other``)."""

    collections: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    langs: tuple[str, ...] = ()
    classifications: tuple[str, ...] = ()
    date_from: date | None = None
    date_to: date | None = None


@dataclass(frozen=True)
class DateBucket:
    """Visible records dated within ``first``..``last`` (years, inclusive); a record spanning several counts in each."""

    first: int
    last: int
    count: int

    @property
    def date_from(self) -> date:
        """The bucket's first day, as a filter bound."""
        return date(max(1, self.first), 1, 1)

    @property
    def date_to(self) -> date:
        """The bucket's last day, as a filter bound."""
        return date(min(9999, self.last), 12, 31)


@dataclass(frozen=True)
class BrowseCounts:
    """Visible records per value, each dimension counted under the other dimensions' choices."""

    total: int  # visible records that pass every choice
    collections: tuple[tuple[str, int], ...] = ()
    kinds: tuple[tuple[str, int], ...] = ()
    langs: tuple[tuple[str, int], ...] = ()
    dates: tuple[DateBucket, ...] = ()
    step: int = 1  # years per date bucket


class _Row(NamedTuple):
    section_tipo: str
    lang: str | None
    kind: str
    classification: str
    lo: int | None  # first day, as an ordinal
    hi: int | None  # last day
    lo_year: int | None
    hi_year: int | None


def _where(f: BrowseFilters) -> tuple[str, list[object]]:
    """The choice as a predicate over ``records`` alias ``r`` (the same rule as :func:`_failed`)."""
    return predicate(((f.collections, "r.section_tipo"), (f.kinds, _KIND), (f.langs, "r.lang"),
                      (f.classifications, "r.classification")), f.date_from, f.date_to)


def _failed(row: _Row, f: BrowseFilters, day_from: int | None, day_to: int | None) -> tuple[str, ...]:
    """The dimensions whose choice ``row`` does not pass (the date rule is :class:`core.filters.SearchFilters`')."""
    failed = []
    if f.collections and row.section_tipo not in f.collections:
        failed.append("collection")
    if f.kinds and row.kind not in f.kinds:
        failed.append("kind")
    if f.langs and row.lang not in f.langs:
        failed.append("lang")
    if f.classifications and row.classification not in f.classifications:
        failed.append("classification")
    if (day_from is not None and (row.hi is None or row.hi < day_from)) or \
            (day_to is not None and (row.lo is None or row.lo > day_to)):
        failed.append("date")
    return tuple(failed)


def _step(rows: Iterable[_Row]) -> int:
    """Years per date bucket for the dated rows: a layout that does not move as choices do."""
    years = [y for r in rows if r.lo_year is not None and r.hi_year is not None for y in (r.lo_year, r.hi_year)]
    if not years:
        return 1
    lo, hi = min(years), max(years)
    return next((s for s in BUCKET_STEPS if hi // s - lo // s + 1 <= MAX_BUCKETS), BUCKET_STEPS[-1])


def browse_counts(store: Store, profile: Profile, filters: BrowseFilters | None = None) -> BrowseCounts:
    """Visible records per collection, kind, language and date bucket, under the other dimensions' choices."""
    f = filters or BrowseFilters()
    rows = [_Row(*r) for r in gate.visible_rows(store, profile, _COUNTED)]
    step = _step(rows)
    day_from = f.date_from.toordinal() if f.date_from else None
    day_to = f.date_to.toordinal() if f.date_to else None
    collections: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    langs: Counter[str] = Counter()
    periods: Counter[int] = Counter()
    total = 0
    for row in rows:
        failed = _failed(row, f, day_from, day_to)
        if len(failed) > 1:
            continue
        total += not failed
        # a row that fails only dimension d still counts for d's other values
        only = failed[0] if failed else None
        if only in (None, "collection"):
            collections[row.section_tipo] += 1
        if only in (None, "kind"):
            kinds[row.kind] += 1
        if only in (None, "lang") and row.lang:
            langs[row.lang] += 1
        if only in (None, "date") and row.lo_year is not None and row.hi_year is not None:
            first, last = row.lo_year // step * step, row.hi_year // step * step
            if first == last:
                periods[first] += 1
            else:
                periods.update(range(first, last + 1, step))
    dates = tuple(DateBucket(b, b + step - 1, n) for b, n in sorted(periods.items()))
    return BrowseCounts(total, _ordered(collections), _ordered(kinds), _ordered(langs), dates, step)


def _ordered(counter: Counter[Any]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(((str(k), n) for k, n in counter.items() if n), key=lambda kv: fold(kv[0])))


def _title_key(title: str, section_tipo: str, section_id: int) -> tuple[bool, str, str, int]:
    folded = fold(title).strip()
    return (not folded, folded, section_tipo, section_id)  # untitled records last


def check_sort(sort: str, *, query: bool) -> None:
    """A known order (relevance only with a query); else :class:`ConfigError`."""
    if sort not in SORTS or (sort == "relevance" and not query):
        allowed = ", ".join(s for s in SORTS if query or s != "relevance")
        raise ConfigError(f"unknown order {sort!r}", hint=f"Sort by one of: {allowed}.")


def browse_page(store: Store, profile: Profile, model: str | None, filters: BrowseFilters | None = None, *,
                sort: str = "title", offset: int = 0, limit: int = PAGE) -> ResultPage:
    """The visible records a choice passes, sorted by ``title`` or ``date`` (oldest first, undated last), one
    page of them as hits at their first passage, and how many pass in all."""
    check_sort(sort, query=False)
    where, params = _where(filters or BrowseFilters())
    total = sum(1 for _ in gate.visible_rows(store, profile, "1", where, params))
    order = _BY_DATE if sort == "date" else _BY_TITLE
    keys = [(str(st), int(sid)) for st, sid in gate.visible_rows(
        store, profile, "r.section_tipo, r.section_id", where, [*params, max(0, limit), max(0, offset)],
        tail=f"ORDER BY {order} LIMIT ? OFFSET ?")]
    return ResultPage(_hits(store, profile, model, keys), total)


def _hits(store: Store, profile: Profile, model: str | None, keys: Sequence[tuple[str, int]]) -> list[Hit]:
    """Each record as a hit at its first text passage (through the gate again), or without one."""
    if not keys:
        return []
    first: dict[tuple[str, int], str] = {}
    if model is not None:
        found = store.cursor().execute("""
            SELECT e.section_tipo, e.section_id, arg_min(e.id, (e.component_tipo, e.chunk_index))
            FROM rag_embeddings e
            JOIN (SELECT unnest(?::VARCHAR[]) AS st, unnest(?::BIGINT[]) AS sid) k
              ON e.section_tipo = k.st AND e.section_id = k.sid
            WHERE e.modality = 'text' AND e.model = ?
            GROUP BY e.section_tipo, e.section_id""",
            [[k[0] for k in keys], [k[1] for k in keys], model]).fetchall()
        first = {(st, int(sid)): cid for st, sid, cid in found}
    passages = {(p.section_tipo, int(p.section_id)): p
                for p in gate.passages(store, list(first.values()), profile)}
    hits = []
    for key in keys:
        p = passages.get(key)
        if p is None:
            if key in first:
                continue  # hidden or gone since the rows were read
            try:
                rec = gate.record(store, key[0], key[1], profile)
            except NotFound:
                continue  # hidden or gone since the rows were read
            data = json.loads(rec.data) if rec.data else {}
            hits.append(Hit(key[0], key[1], rec.title or "", "", rec.lang, 0, "", 0.0,
                            data.get("source_path"), None, None, classification=rec.classification,
                            media_path=data.get("media_path")))
            continue
        meta = json.loads(p.chunk_meta) if p.chunk_meta else {}
        data = json.loads(p.data) if p.data else {}
        hits.append(Hit(p.section_tipo, int(p.section_id), p.title or "", p.component_tipo, p.lang,
                        int(p.chunk_index), make_snippet(p.source_text, ""), 0.0, data.get("source_path"),
                        meta.get("page"), meta.get("tc_in"), chunk_id=p.id, text=p.source_text,
                        tc_out=meta.get("tc_out"), heading_path=meta.get("heading_path") or [],
                        classification=p.classification, media_path=data.get("media_path")))
    return hits


def sort_hits(store: Store, profile: Profile, hits: Sequence[Hit], sort: str) -> list[Hit]:
    """Search hits (already gated) in another order: ``relevance`` (as found), ``title`` or ``date``."""
    check_sort(sort, query=True)
    if sort == "relevance" or not hits:
        return list(hits)
    if sort == "title":
        return sorted(hits, key=lambda h: _title_key(h.title, h.section_tipo, h.section_id))
    keys = {(h.section_tipo, h.section_id) for h in hits}
    tipos = sorted({k[0] for k in keys})
    starts = {(st, int(sid)): start for st, sid, start in gate.visible_rows(
        store, profile, f"r.section_tipo, r.section_id, {_LO}",
        "r.section_tipo IN (SELECT unnest(?::VARCHAR[])) AND r.section_id IN (SELECT unnest(?::BIGINT[]))",
        [tipos, sorted({k[1] for k in keys})])}

    def by_date(h: Hit) -> tuple[Any, ...]:  # oldest first, undated last, then by title
        start = starts.get((h.section_tipo, h.section_id))
        return (start is None, start or date.min, *_title_key(h.title, h.section_tipo, h.section_id))

    return sorted(hits, key=by_date)
