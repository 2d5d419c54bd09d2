"""Editing what is yours: the owner's title, dates, classification and notes over a locally ingested record.

The edit is a layer (:mod:`core.store.edits`) the record writer re-applies on every import of the file, so it
survives a re-ingest. A synced record belongs to the central archive and is never edited here. Classification
follows the import's rules (:mod:`core.ingest.classify`): tightening is always allowed and raises the floor
of every copy of the same content (:mod:`core.ingest.content_class`); loosening — below what the record has
now — is an explicit act, like ``--reclassify``.
"""

from __future__ import annotations

from datetime import date

from core.acl import CLASSIFICATIONS, looser
from core.errors import ConfigError, NotFound, PermissionDenied
from core.ingest.content_class import remember_and_tighten
from core.ingest.period import parse_period
from core.ingest.readers.common import parse_date_range
from core.store.changes import log_changes
from core.store.db import Store, now
from core.store.edits import RecordEdit, file_classification, save_edit
from core.store.rows import Changes, RecordKey


def _clean(value: str | None) -> str | None:
    text = (value or "").strip()
    return text or None


def read_dates(text: str) -> tuple[date | None, date | None]:
    """The range a date text covers: ISO dates and ranges first, then years and centuries ("c. 1660",
    "segle XVII"); :class:`ConfigError` when it names none a date filter could use."""
    start, end = parse_date_range(text)
    if start is None and end is None:
        years = parse_period(text)
        if years is not None and years[0] >= 1:
            start, end = date(years[0], 1, 1), date(years[1], 12, 31)
    if start is None or end is None or end < start:
        raise ConfigError(f"no dates in {text}: write a year (1660), a date (1957-03-02) or a range "
                          "(1336–1350)")
    return start, end


def edit_record(store: Store, key: RecordKey, edit: RecordEdit, *, reclassify: bool = False) -> Changes:
    """Make ``edit`` the record's user layer (replacing the previous one; an empty edit gives the file's values
    back). A synced record, a looser classification without ``reclassify``, an unknown classification or
    unreadable dates are refused, and nothing changes."""
    edit = RecordEdit(_clean(edit.title), _clean(edit.date_text), _clean(edit.classification), _clean(edit.notes))
    if edit.classification is not None and edit.classification not in CLASSIFICATIONS:
        raise ConfigError(f"unknown classification {edit.classification}",
                          hint=f"Use one of: {', '.join(CLASSIFICATIONS)}.")
    dates = read_dates(edit.date_text) if edit.date_text else (None, None)
    label = f"{key[0]}-{key[1]}"
    changes = Changes()
    with store.transaction() as cur:
        row = cur.execute("SELECT origin, classification, list(DISTINCT e.modality) FILTER "
                          "(WHERE e.modality IS NOT NULL) FROM records r LEFT JOIN rag_embeddings e "
                          "USING (section_tipo, section_id) WHERE r.section_tipo = ? AND r.section_id = ? "
                          "AND r.deleted_at IS NULL GROUP BY ALL", list(key)).fetchone()
        if row is None:
            raise NotFound(f"no record {key[0]} {key[1]}")
        origin, current, modalities = str(row[0]), str(row[1]), row[2] or ["none"]
        if origin != "local":
            raise PermissionDenied(f"record {label} belongs to the central archive: only the central archive "
                                   "can change it")
        prior = cur.execute("SELECT classification FROM record_edits WHERE section_tipo = ? AND section_id = ?",
                            list(key)).fetchone()
        # no classification asked: the file's back when the owner had set one, else unchanged (a floor may have
        # tightened it past the file's since, and a title edit is no loosening)
        wanted = edit.classification or (file_classification(cur, key) if prior and prior[0] else None) or current
        if looser(wanted, current) and not reclassify:
            raise PermissionDenied(f"making record {label} {wanted} instead of {current} would let more people "
                                   "see it", hint="Confirm that you mean to loosen it (--reclassify on the command "
                                                  "line).")
        save_edit(cur, key, edit, dates, now())
        if looser(current, wanted):  # every copy of the same content becomes at least as strict
            copies = cur.execute("SELECT src.content_hash, s.record_key FROM source_records s JOIN sources src "
                                 "ON src.path = s.path WHERE s.section_tipo = ? AND s.section_id = ? "
                                 "AND src.content_hash IS NOT NULL AND s.record_key IS NOT NULL",
                                 list(key)).fetchall()
            remember_and_tighten(cur, [(str(h), str(k), wanted) for h, k in copies], [])  # logs the copies
        log_changes(cur, [key])  # a dense index's masks follow the new classification and dates in O(1)
        Store.bump_generation(cur, logged=True)
    for m in modalities:
        changes.updated[(key[0], str(m))] += 1
    return changes
