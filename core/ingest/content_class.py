"""Classification follows content, not the path: the strictest classification a file's content has ever had.

A secret file reached through a followed link, copied, or moved under a public folder is the same
content under another path; keyed by path alone it would become a new public record. Every committed
record leaves ``(content sha256, in-file key) → strictest classification ever`` in ``content_classes``;
a record read from the same content starts from that floor, and records of the same content already
stored are tightened when a stricter copy arrives. Only ``--reclassify`` goes below the floor, for the
paths it names.
"""

from __future__ import annotations

from collections.abc import Sequence

import duckdb

from core.acl import CLASSIFICATIONS
from core.store.changes import log_changes

# rank of a classification in SQL, least restrictive first (list_position is 1-based)
_RANK_SQL = "list_position([" + ", ".join(f"'{c}'" for c in CLASSIFICATIONS) + "], {})"


def stored_classifications(cur: duckdb.DuckDBPyConnection, path: str) -> dict[int, str]:
    """The classification each record of the file at ``path`` has in the store now (by section id)."""
    rows = cur.execute("SELECT r.section_id, r.classification FROM source_records s "
                       "JOIN records r USING (section_tipo, section_id) WHERE s.path = ?", [path]).fetchall()
    return {int(sid): str(c) for sid, c in rows}


def content_floors(cur: duckdb.DuckDBPyConnection, content_hash: str) -> dict[str, str]:
    """The strictest classification each in-file key of this content has ever had (by key)."""
    rows = cur.execute("SELECT record_key, classification FROM content_classes WHERE content_hash = ?",
                       [content_hash]).fetchall()
    return {str(k): str(c) for k, c in rows if c in CLASSIFICATIONS}


def remember_and_tighten(cur: duckdb.DuckDBPyConnection, rows: Sequence[tuple[str, str, str]],
                         reclassified_paths: Sequence[str]) -> int:
    """Raise ``content_classes`` to the batch's ``(content_hash, record_key, classification)`` rows, then
    tighten every stored record of the same content that is looser (except the paths reclassified in
    this batch). Returns the count of records tightened."""
    if not rows:
        return 0
    new, old = _RANK_SQL.format("excluded.classification"), _RANK_SQL.format("content_classes.classification")
    cur.execute(f"""
        INSERT INTO content_classes
        SELECT h, k, max_by(c, {_RANK_SQL.format('c')}) FROM (
            SELECT unnest(?::VARCHAR[]) AS h, unnest(?::VARCHAR[]) AS k, unnest(?::VARCHAR[]) AS c) GROUP BY h, k
        ON CONFLICT (content_hash, record_key) DO UPDATE SET classification =
            CASE WHEN {new} > {old} THEN excluded.classification ELSE content_classes.classification END""",
                [[r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows]])
    hashes = sorted({r[0] for r in rows})
    looser = cur.execute(f"""
        SELECT r.section_tipo, r.section_id, cc.classification FROM records r
        JOIN source_records s USING (section_tipo, section_id)
        JOIN sources src ON src.path = s.path
        JOIN content_classes cc ON cc.content_hash = src.content_hash AND cc.record_key = s.record_key
        WHERE src.content_hash IN (SELECT unnest(?::VARCHAR[])) AND s.path NOT IN (SELECT unnest(?::VARCHAR[]))
          AND {_RANK_SQL.format('cc.classification')} > {_RANK_SQL.format('r.classification')}""",
                         [hashes, list(reclassified_paths)]).fetchall()
    for tipo, sid, cls in looser:
        cur.execute("UPDATE records SET classification = ? WHERE section_tipo = ? AND section_id = ?",
                    [cls, tipo, sid])
        # an owner's earlier loosening of this record must not win it back on the next re-import
        cur.execute(f"UPDATE record_edits SET classification = ? WHERE section_tipo = ? AND section_id = ? "
                    f"AND classification IS NOT NULL AND {_RANK_SQL.format('classification')} < "
                    f"{_RANK_SQL.format('?')}", [cls, tipo, sid, cls])
    log_changes(cur, [(str(tipo), int(sid)) for tipo, sid, _ in looser])  # a dense index's masks follow
    return len(looser)
