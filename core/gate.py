"""The one ACL gate: every record and passage that leaves core passes through here.

Searches push the rule down into their SQL and masks (:class:`core.acl.Rule` compiles it)
to do less work, but the gate trusts none of that: it re-reads each candidate with its
record from the store *now* and checks :meth:`core.acl.Rule.allows` (and the search
filters, when given) before anything is built from it. A record the profile may not see
is reported exactly like a missing one.

Used by text search, passages, similar records and answers (through
:class:`core.retrieval.search.Searcher`), by the record view (:mod:`core.records`), by browsing
(:func:`visible_rows`, :mod:`core.retrieval.browse`), and next by object neighbours:
:func:`passages` is modality-blind.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import date
from typing import Any, NamedTuple

from core.acl import Profile
from core.errors import NotFound
from core.filters import SearchFilters
from core.store.db import Store


class GatedPassage(NamedTuple):
    """A stored passage (text chunk or image view) with its record, as the gate let it through."""

    id: str
    section_tipo: str
    section_id: int
    component_tipo: str
    lang: str | None
    chunk_index: int
    modality: str
    source_text: str
    chunk_meta: str | None  # JSON text, parsed by the caller that needs it
    title: str | None
    classification: str
    date_start: date | None
    date_end: date | None
    data: str | None  # JSON text


class VisibleRecord(NamedTuple):
    """A record the profile may see."""

    section_tipo: str
    section_id: int
    title: str | None
    lang: str | None
    classification: str
    date_start: date | None
    date_end: date | None
    data: str | None  # JSON text


def passages(store: Store, chunk_ids: Sequence[str], profile: Profile,
             filters: SearchFilters | None = None) -> Iterator[GatedPassage]:
    """The passages of ``chunk_ids`` the profile may see (and the filters pass), in the order given.

    Lazy after one read: a caller that needs ``k`` stops after ``k``. Ids deleted since the
    caller found them are skipped like hidden ones.
    """
    if not chunk_ids:
        return
    rule = profile.rule
    # literal IN lists let DuckDB probe the primary keys; a bound list scans the table. The passages and their
    # records are read apart, in one snapshot: joined in one statement DuckDB scanned every record to join a few
    id_list = ", ".join(_literal(cid) for cid in chunk_ids)
    cur = store.cursor()
    cur.execute("BEGIN TRANSACTION")
    try:
        found = cur.execute(f"""
            SELECT id, section_tipo, section_id, component_tipo, lang, chunk_index, modality, source_text, chunk_meta
            FROM rag_embeddings WHERE id IN ({id_list})
        """).fetchall()
        keys = ", ".join(f"({_literal(st)}, {int(sid)})" for st, sid in {(r[1], r[2]) for r in found})
        records = cur.execute(f"""
            SELECT section_tipo, section_id, title, classification, date_start, date_end, data, project_ids, deleted_at
            FROM records WHERE (section_tipo, section_id) IN ({keys})
        """).fetchall() if found else []
    finally:
        cur.execute("COMMIT")
    of = {(r[0], r[1]): r[2:] for r in records}
    by_id = {r[0]: (*r, *of[(r[1], r[2])]) for r in found if (r[1], r[2]) in of}
    for cid in chunk_ids:
        row = by_id.get(cid)
        if row is None:
            continue  # deleted since the caller found it
        p = GatedPassage(*row[:14])
        if not rule.allows(p.classification, row[14], row[15]):
            continue
        if filters is not None and not filters.matches(
                section_tipo=p.section_tipo, component_tipo=p.component_tipo, lang=p.lang,
                classification=p.classification, date_start=p.date_start, date_end=p.date_end):
            continue
        yield p


def record(store: Store, section_tipo: str, section_id: int, profile: Profile) -> VisibleRecord:
    """One record the profile may see; hidden or missing → the same :class:`NotFound`, by the same path:
    the rule is in the query, so a hidden record's row is never read (reading it made a hidden id
    answer measurably slower than a missing one)."""
    acl, params = profile.sql("r")
    row = store.cursor().execute(
        "SELECT section_tipo, section_id, title, lang, classification, date_start, date_end, data, "
        f"project_ids, deleted_at FROM records r WHERE section_tipo = ? AND section_id = ? AND {acl}",
        [section_tipo, section_id, *params]).fetchone()
    if row is None or not profile.rule.allows(row[4], row[8], row[9]):
        raise NotFound(f"no record {section_tipo} {section_id}")
    return VisibleRecord(*row[:8])


def visible_rows(store: Store, profile: Profile, columns: str, where: str = "TRUE",
                 params: Sequence[object] = (), tail: str = "") -> Iterator[tuple[Any, ...]]:
    """``columns`` (SQL over ``records`` alias ``r``) of every record the profile may see that ``where`` passes;
    ``tail`` may order and limit them (``ORDER BY … LIMIT ?``, its parameters after ``where``'s).

    The rule is pushed into the query and checked again on each row, as for passages: a count or a
    list built from these rows can never include a record the profile may not see.
    """
    acl, acl_params = profile.sql("r")
    rule = profile.rule
    projects = "r.project_ids" if rule.projects is not None else "NULL"  # unread by a rule of every project
    rows = store.cursor().execute(
        f"SELECT r.classification, {projects}, r.deleted_at, {columns} FROM records r WHERE {acl} AND ({where}) "
        f"{tail}", [*acl_params, *params]).fetchall()
    allows = rule.allows
    for row in rows:
        if allows(row[0], row[1], row[2]):
            yield row[3:]


def _literal(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"
