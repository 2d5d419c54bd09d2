"""What the dense index reads from the store: a model's rows with the columns its masks need."""

from __future__ import annotations

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from core.store.changes import RecordKey

# per-row metadata beside each vector, as the vector file stores it
META = pa.table({"id": pa.array([], pa.string()), "section_tipo": pa.array([], pa.string()),
                 "section_id": pa.array([], pa.int64()), "component_tipo": pa.array([], pa.string()),
                 "lang": pa.array([], pa.string()), "classification": pa.array([], pa.string()),
                 "project_ids": pa.array([], pa.list_(pa.int32())), "deleted": pa.array([], pa.bool_()),
                 "d0": pa.array([], pa.date32()), "d1": pa.array([], pa.date32())})


def rows(cur: duckdb.DuckDBPyConnection, model: str, keys: list[RecordKey] | None) -> pa.Table:
    """The stored rows of ``model`` (of the records ``keys`` only, when given) with what masks need."""
    join = ""
    if keys is not None:
        cur.register("ovillo_dense_keys", pa.table({"st": pa.array([k[0] for k in keys], pa.string()),
                                                    "sid": pa.array([k[1] for k in keys], pa.int64())}))
        join = "JOIN ovillo_dense_keys k ON k.st = e.section_tipo AND k.sid = e.section_id"
    try:
        return cur.execute(f"""
            SELECT e.id, e.section_tipo, e.section_id, e.component_tipo, e.lang, r.classification,
                   r.project_ids, r.deleted_at IS NOT NULL AS deleted,
                   coalesce(r.date_start, r.date_end) AS d0, coalesce(r.date_end, r.date_start) AS d1, e.embedding
            FROM rag_embeddings e {join}
            JOIN records r ON r.section_tipo = e.section_tipo AND r.section_id = e.section_id
            WHERE e.model = ?
            ORDER BY e.id
        """, [model]).to_arrow_table()
    finally:
        if keys is not None:
            cur.unregister("ovillo_dense_keys")


def split(table: pa.Table) -> tuple[np.ndarray, pa.Table]:
    """Rows as a float32 matrix and the metadata beside it."""
    n = table.num_rows
    if n:
        flat = pc.list_flatten(table.column("embedding")).to_numpy(zero_copy_only=False)
        matrix = np.ascontiguousarray(flat.astype(np.float32).reshape(n, -1))
    else:
        matrix = np.zeros((0, 0), dtype=np.float32)
    return matrix, table.drop_columns(["embedding"]).cast(META.schema)
