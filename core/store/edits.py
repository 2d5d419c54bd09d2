"""The user's layer over a locally ingested record: title, dates, classification and notes the owner edited.

``record_edits`` (migration m004) keeps, per record, what the user set (``NULL``: the file's value)
beside the file's own latest values. ``records`` always holds the effective values — the user's over
the file's — so search, facets, filters, the ACL gate and similar records read them with no join.
Every local write of a record re-applies its layer in the same transaction
(:meth:`core.store.writer.RecordWriter.write` calls :func:`apply_edits`), so an edit survives
a re-ingest of its file, changed or not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

import duckdb

from core.store.rows import RecordKey


@dataclass(frozen=True)
class RecordEdit:
    """What the user set on a record; ``None`` leaves that field to the file (or the archive's catalogue).

    ``date_text`` is the date as a person writes it ("1660", "c. 1336–1350", "1957-03-02/1957-04"):
    shown as written, and read into the range that date filters use.
    """

    title: str | None = None
    date_text: str | None = None
    classification: str | None = None
    notes: str | None = None
    edited_at: datetime | None = None  # when stored; ignored on the way in

    @property
    def empty(self) -> bool:
        """Nothing set: the record is the file's again."""
        return not any((self.title, self.date_text, self.classification, self.notes))


def _in_keys(keys: Sequence[RecordKey], alias: str) -> tuple[str, list[object]]:
    """A predicate selecting ``keys`` on ``alias`` (two parallel lists: no temporary table inside a write)."""
    return (f"EXISTS (SELECT 1 FROM (SELECT unnest(?::VARCHAR[]) AS st, unnest(?::BIGINT[]) AS sid) k "
            f"WHERE k.st = {alias}.section_tipo AND k.sid = {alias}.section_id)",
            [[k[0] for k in keys], [k[1] for k in keys]])


def apply_edits(cur: duckdb.DuckDBPyConnection, keys: Sequence[RecordKey]) -> int:
    """Re-apply the user's layer to the local records among ``keys`` just written from their files: the file's
    fresh values are remembered first (so clearing an edit gives them back). Returns the records edited."""
    if not keys:
        return 0
    where, params = _in_keys(keys, "e")
    if cur.execute(f"SELECT 1 FROM record_edits e WHERE {where} LIMIT 1", params).fetchone() is None:
        return 0  # the common case: an import of records nobody edited
    cur.execute(f"""
        UPDATE record_edits e SET file_title = r.title, file_date_start = r.date_start,
               file_date_end = r.date_end, file_classification = r.classification
        FROM records r WHERE r.section_tipo = e.section_tipo AND r.section_id = e.section_id
          AND r.origin = 'local' AND r.deleted_at IS NULL AND {where}""", params)
    return overlay(cur, keys)


def overlay(cur: duckdb.DuckDBPyConnection, keys: Sequence[RecordKey]) -> int:
    """Set ``records`` to the user's values over the file's remembered ones (local, live records only)."""
    where, params = _in_keys(keys, "e")
    rows = cur.execute(f"""
        UPDATE records r SET title = coalesce(e.title, e.file_title),
               date_start = CASE WHEN e.date_text IS NULL THEN e.file_date_start ELSE e.date_start END,
               date_end = CASE WHEN e.date_text IS NULL THEN e.file_date_end ELSE e.date_end END,
               classification = coalesce(e.classification, e.file_classification, r.classification)
        FROM record_edits e WHERE r.section_tipo = e.section_tipo AND r.section_id = e.section_id
          AND r.origin = 'local' AND r.deleted_at IS NULL AND {where}""", params).fetchone()
    return int(rows[0]) if rows else 0


def forget_edits(cur: duckdb.DuckDBPyConnection, keys: Sequence[RecordKey]) -> None:
    """Drop the layer of records removed or tombstoned: nothing of a record gone may stay behind."""
    if keys:
        where, params = _in_keys(keys, "record_edits")
        cur.execute(f"DELETE FROM record_edits WHERE {where}", params)


def save_edit(cur: duckdb.DuckDBPyConnection, key: RecordKey, edit: RecordEdit,
              dates: tuple[date | None, date | None], at: datetime) -> None:
    """Store ``edit`` as the record's whole layer (an empty one removes it) and apply it at once.

    The file's values are taken from the record the first time (it carries no layer then)."""
    cur.execute("""
        INSERT INTO record_edits (section_tipo, section_id, file_title, file_date_start, file_date_end,
                                  file_classification, edited_at)
        SELECT section_tipo, section_id, title, date_start, date_end, classification, ? FROM records
        WHERE section_tipo = ? AND section_id = ?
        ON CONFLICT (section_tipo, section_id) DO NOTHING""", [at, key[0], key[1]])
    cur.execute("""
        UPDATE record_edits SET title = ?, date_text = ?, date_start = ?, date_end = ?, classification = ?,
               notes = ?, edited_at = ? WHERE section_tipo = ? AND section_id = ?""",
                [edit.title, edit.date_text, dates[0], dates[1], edit.classification, edit.notes, at, *key])
    overlay(cur, [key])
    if edit.empty:
        forget_edits(cur, [key])


def file_classification(cur: duckdb.DuckDBPyConnection, key: RecordKey) -> str | None:
    """The classification the file gave the record (its current one when it has no layer yet)."""
    row = cur.execute("""
        SELECT coalesce(e.file_classification, r.classification) FROM records r
        LEFT JOIN record_edits e USING (section_tipo, section_id)
        WHERE r.section_tipo = ? AND r.section_id = ?""", list(key)).fetchone()
    return str(row[0]) if row and row[0] else None


def edited_classifications(cur: duckdb.DuckDBPyConnection, path: str, section_tipo: str) -> dict[int, str]:
    """The classification the owner set on records of the file at ``path`` in collection ``section_tipo``."""
    rows = cur.execute("SELECT e.section_id, e.classification FROM record_edits e JOIN source_records s "
                       "USING (section_tipo, section_id) WHERE s.path = ? AND e.section_tipo = ? "
                       "AND e.classification IS NOT NULL", [path, section_tipo]).fetchall()
    return {int(sid): str(c) for sid, c in rows}


def read_edit(cur: duckdb.DuckDBPyConnection, key: RecordKey) -> tuple[str, RecordEdit | None]:
    """The record's origin (``local``/``central``) and its user layer (None: none)."""
    row = cur.execute("""
        SELECT r.origin, e.section_id IS NOT NULL, e.title, e.date_text, e.classification, e.notes, e.edited_at
        FROM records r LEFT JOIN record_edits e USING (section_tipo, section_id)
        WHERE r.section_tipo = ? AND r.section_id = ?""", list(key)).fetchone()
    if row is None:
        return "local", None
    return str(row[0]), (RecordEdit(*row[2:]) if row[1] else None)
