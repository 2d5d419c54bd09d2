"""The change log: which records each generation touched, so derived data can follow in O(changes).

Every writer that changes searchable data logs the records it touched (:func:`log_changes`)
inside its transaction; :meth:`core.store.db.Store.bump_generation` stamps them with the new
generation, which gets a random token and says whether it was *fully logged*. A reader holding
derived data at generation ``g`` (the dense index's vector file) asks :func:`changes_since` for
the records touched after it: the answer is None — rebuild from the tables — unless every later
generation was fully logged and ``g`` is the very state the caller recorded (same token: a store
restored from a copy and written again up to the same number is told apart). An unlogged bump
therefore costs a rebuild, never a stale row.
"""

from __future__ import annotations

from collections.abc import Iterable

import duckdb
import pyarrow as pa

RecordKey = tuple[str, int]
KEEP_GENERATIONS = 4096  # a reader further behind than this rebuilds; bounds the log's size


def log_changes(cur: duckdb.DuckDBPyConnection, keys: Iterable[RecordKey] | str) -> None:
    """Inside a writing transaction: the records ``keys`` (or a SELECT of ``section_tipo, section_id``)
    change in the generation this transaction bumps to."""
    if isinstance(keys, str):
        cur.execute(f"INSERT INTO store_changes SELECT NULL, section_tipo, section_id FROM ({keys})")
        return
    keys = list(keys)
    if not keys:
        return
    table = pa.table({"st": pa.array([k[0] for k in keys], pa.string()),
                      "sid": pa.array([k[1] for k in keys], pa.int64())})
    cur.register("ovillo_changed", table)
    try:
        cur.execute("INSERT INTO store_changes SELECT NULL, st, sid FROM ovillo_changed")
    finally:
        cur.unregister("ovillo_changed")


def stamp(cur: duckdb.DuckDBPyConnection, logged: bool) -> None:
    """After the generation moved inside ``cur``'s transaction: give the pending log rows its number and the
    generation a new token; ``logged``: the writer logged every record it changed."""
    gen, _ = state(cur)
    cur.execute("UPDATE store_changes SET generation = ? WHERE generation IS NULL", [gen])
    cur.execute("INSERT OR REPLACE INTO store_generations VALUES (?, CAST(uuid() AS VARCHAR), ?)", [gen, logged])
    if gen % 256 == 0:  # prune now and then: a scan of the log per write would cost more than its rows
        cur.execute("DELETE FROM store_changes WHERE generation < ?", [gen - KEEP_GENERATIONS])
        cur.execute("DELETE FROM store_generations WHERE generation < ?", [gen - KEEP_GENERATIONS])


def state(cur: duckdb.DuckDBPyConnection) -> tuple[int, str]:
    """The store's generation and its token ('' for a generation older than the log)."""
    row = cur.execute("""
        SELECT CAST(m.value AS BIGINT), coalesce(g.token, '') FROM store_meta m
        LEFT JOIN store_generations g ON g.generation = CAST(m.value AS BIGINT) WHERE m.key = 'generation'
    """).fetchone()
    return (int(row[0]), str(row[1])) if row else (0, "")


def changes_since(cur: duckdb.DuckDBPyConnection, generation: int, token: str,
                  until: int) -> list[RecordKey] | None:
    """Records touched after ``generation`` up to ``until``; None when the log cannot say (an unlogged
    generation in between, ``generation`` not the logged state ``token`` names, or pruned)."""
    if until < generation or not token:
        return None
    mine = cur.execute("SELECT token FROM store_generations WHERE generation = ?", [generation]).fetchone()
    if mine is None or mine[0] != token:
        return None
    logged = cur.execute("SELECT count(*) FROM store_generations WHERE generation > ? AND generation <= ? "
                         "AND logged", [generation, until]).fetchone()
    if logged is None or logged[0] != until - generation:
        return None
    rows = cur.execute("SELECT DISTINCT section_tipo, section_id FROM store_changes "
                       "WHERE generation > ? AND generation <= ?", [generation, until]).fetchall()
    return [(str(st), int(sid)) for st, sid in rows]
