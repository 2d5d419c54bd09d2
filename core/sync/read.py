"""Sync's reads from the central server, for the row path and the keys comparison.

The row path is taken when the records are embedded locally (the central text vectors are of
another model); when every vector is reused, pages come in columns instead (:mod:`core.sync.bulk`).
Each read ends its transaction: no snapshot is held across pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from core.store.writer import RecordKey
from core.sync.connect import Connection
from core.sync.state import Watermark

Row = tuple[object, ...]

_RECORD_COLS = ("section_tipo, section_id, title, lang, classification, project_ids, data, date_start, date_end, "
                "updated_at")


def count_after(con: Connection, mark: Watermark) -> int:
    """How many readable records come after ``mark`` (the progress bar's total)."""
    row = con.execute("SELECT count(*) FROM records WHERE (updated_at, section_tipo, section_id) > "
                      "(%s, %s, %s)", mark.key()).fetchone()
    return int(cast(int, row[0])) if row else 0


def rows_after(con: Connection, mark: Watermark, limit: int) -> list[Row]:
    """The next ``limit`` readable records after ``mark``, in keyset order (the columns of :data:`_RECORD_COLS`)."""
    rows = con.execute(
        f"SELECT {_RECORD_COLS} FROM records WHERE (updated_at, section_tipo, section_id) > (%s, %s, %s) "
        "ORDER BY updated_at, section_tipo, section_id LIMIT %s", (*mark.key(), limit)).fetchall()
    con.commit()  # end the read transaction: no snapshot held across pages
    return rows


def rows_of(con: Connection, keys: Sequence[RecordKey]) -> list[Row]:
    """The records ``keys`` that are still readable, as :func:`rows_after` gives them."""
    rows = con.execute(
        f"SELECT {_RECORD_COLS} FROM records r JOIN unnest(%s::text[], %s::bigint[]) AS k(st, sid) "
        "ON r.section_tipo = k.st AND r.section_id = k.sid",
        ([k[0] for k in keys], [k[1] for k in keys])).fetchall()
    con.commit()
    return rows


def embedding_rows(con: Connection, keys: Sequence[RecordKey]) -> list[Row]:
    """Every readable vector row of ``keys``: ``section_tipo, section_id, component_tipo, lang,
    chunk_index, modality, model, dimension, source_text, source_hash, chunk_meta`` and the vector
    in pgvector's binary form (``vector_send``)."""
    # binary, one numpy view per vector later: as real[] text every float became a Python object
    with con.cursor(binary=True) as cur:
        rows = cur.execute(
            "SELECT e.section_tipo, e.section_id, component_tipo, lang, chunk_index, modality, model, dimension, "
            "source_text, source_hash, chunk_meta, vector_send(embedding) FROM rag_embeddings e "
            "JOIN unnest(%s::text[], %s::bigint[]) AS k(st, sid) ON e.section_tipo = k.st AND e.section_id = k.sid",
            ([k[0] for k in keys], [k[1] for k in keys])).fetchall()
    con.commit()
    return rows


def tombstoned(con: Connection, keys: Sequence[RecordKey]) -> set[RecordKey]:
    """Those of ``keys`` the server has tombstoned (the others are no longer readable: revoked)."""
    dead = {(str(st), int(cast(int, sid))) for st, sid in con.execute(
        "SELECT section_tipo, section_id FROM ovillo_tombstoned(%s::text[], %s::bigint[])",
        ([k[0] for k in keys], [k[1] for k in keys])).fetchall()}
    con.commit()
    return dead
