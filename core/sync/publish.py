"""``ovillo central publish``: a local store's records and vectors, written to the central archive with COPY.

The caller ingests the files with the ordinary pipeline into a scratch store; this module copies
that store's records into the central ``records`` / ``rag_embeddings`` in one server transaction.
Only records whose content differs are written (``updated_at`` moves only for them, so clients
pull only real changes); central records that came from the published folders (``data.source_path``
under a root) and were not produced this time are tombstoned with their vectors dropped.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any, cast

from core.store.db import Store
from core.sync.connect import Connection

_RECORD_SQL = ("SELECT section_tipo, section_id, title, lang, classification, project_ids, data::VARCHAR, "
               "date_start, date_end FROM records WHERE deleted_at IS NULL ORDER BY section_tipo, section_id")
_EMB_SQL = ("SELECT id, section_tipo, section_id, component_tipo, lang, chunk_index, modality, model, dimension, "
            "source_text, source_hash, chunk_meta::VARCHAR, embedding FROM rag_embeddings ORDER BY id")


@dataclass
class PublishSummary:
    """What one publish changed on the server."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    tombstoned: int = 0
    vectors: int = 0

    def to_json(self) -> dict[str, Any]:
        """Plain dict."""
        return asdict(self)


def _fingerprint(rec: tuple[Any, ...], chunks: list[tuple[str, str]]) -> str:
    """Everything a client would see of a record, as one comparable string."""
    title, lang, cls, projects, data, ds, de = rec
    return json.dumps([title, lang, cls, sorted(projects or []), json.loads(data) if isinstance(data, str) else data,
                       str(ds) if ds else None, str(de) if de else None, sorted(chunks)], sort_keys=True, default=str)


def publish_store(con: Connection, store: Store, roots: list[str], *, model_sha: str,
                  source_package: str | None = None) -> PublishSummary:
    """Copy ``store``'s live records and vectors to the central database (as its administrator)."""
    cur = store.cursor()
    recs = cur.execute(_RECORD_SQL).fetchall()
    embs = cur.execute(_EMB_SQL).fetchall()
    models = cur.execute("SELECT name, modality, dimension FROM models WHERE state = 'active'").fetchall()
    chunks: dict[tuple[str, int], list[tuple[str, str]]] = {}
    for e in embs:
        chunks.setdefault((str(e[1]), int(e[2])), []).append((str(e[0]), str(e[10])))
    summary = PublishSummary()
    with con.transaction():
        for name, modality, dim in models:
            con.execute("INSERT INTO models (name, modality, dimension, sha256, source_package) VALUES "
                        "(%s, %s, %s, %s, %s) ON CONFLICT (name) DO UPDATE SET sha256 = excluded.sha256",
                        (name, modality, dim, model_sha, source_package))
        con.execute("CREATE TEMPORARY TABLE pub_records (LIKE records INCLUDING DEFAULTS) ON COMMIT DROP")
        with con.cursor().copy("COPY pub_records (section_tipo, section_id, title, lang, classification, "
                               "project_ids, data, date_start, date_end) FROM STDIN") as copy:
            for r in recs:
                copy.write_row(r)
        # the server's current view of these records (tombstoned ones count as absent)
        current = {}
        for row in con.execute(
                "SELECT r.section_tipo, r.section_id, r.title, r.lang, r.classification, r.project_ids, r.data, "
                "r.date_start, r.date_end, coalesce((SELECT array_agg(array[e.id, e.source_hash]) FROM "
                "rag_embeddings e WHERE e.section_tipo = r.section_tipo AND e.section_id = r.section_id), '{}') "
                "FROM records r JOIN pub_records p USING (section_tipo, section_id) WHERE r.deleted_at IS NULL"):
            key = (str(row[0]), int(cast(int, row[1])))
            current[key] = _fingerprint(tuple(row[2:9]), [(str(a), str(b)) for a, b in cast(list[list[str]], row[9])])
        changed = []
        for r in recs:
            key = (str(r[0]), int(r[1]))
            fp = _fingerprint(tuple(r[2:9]), chunks.get(key, []))
            if current.get(key) == fp:
                summary.unchanged += 1
                continue
            changed.append(key)
            if key in current:
                summary.updated += 1
            else:
                summary.added += 1
        con.execute("CREATE TEMPORARY TABLE pub_changed (section_tipo text, section_id bigint) ON COMMIT DROP")
        with con.cursor().copy("COPY pub_changed FROM STDIN") as copy:
            for key in changed:
                copy.write_row(key)
        con.execute("DELETE FROM rag_embeddings e USING pub_changed c "
                    "WHERE e.section_tipo = c.section_tipo AND e.section_id = c.section_id")
        con.execute("""
            INSERT INTO records (section_tipo, section_id, title, lang, classification, project_ids, data,
                                 date_start, date_end)
            SELECT p.section_tipo, p.section_id, p.title, p.lang, p.classification, p.project_ids, p.data,
                   p.date_start, p.date_end
            FROM pub_records p JOIN pub_changed c USING (section_tipo, section_id)
            ON CONFLICT (section_tipo, section_id) DO UPDATE SET title = excluded.title, lang = excluded.lang,
                classification = excluded.classification, project_ids = excluded.project_ids,
                data = excluded.data, date_start = excluded.date_start, date_end = excluded.date_end,
                deleted_at = NULL""")
        changed_set = set(changed)
        with con.cursor().copy("COPY rag_embeddings (id, section_tipo, section_id, component_tipo, lang, chunk_index, "
                               "modality, model, dimension, source_text, source_hash, chunk_meta, embedding) "
                               "FROM STDIN") as copy:
            for e in embs:
                if (str(e[1]), int(e[2])) in changed_set:
                    vec = "[" + ",".join(repr(float(x)) for x in e[12]) + "]"
                    copy.write_row((*e[:12], vec))
                    summary.vectors += 1
        for root in roots:
            # a file gone from a published folder: its records are tombstoned, their vectors dropped
            prefix = root.rstrip("/") + "/"
            dead = con.execute(
                "UPDATE records r SET deleted_at = now() WHERE r.deleted_at IS NULL "
                "AND (r.data->>'source_path' = %s OR starts_with(r.data->>'source_path', %s)) "
                "AND NOT EXISTS (SELECT 1 FROM pub_records p WHERE p.section_tipo = r.section_tipo "
                "AND p.section_id = r.section_id) RETURNING section_tipo, section_id", (root, prefix)).fetchall()
            for st, sid in dead:
                con.execute("DELETE FROM rag_embeddings WHERE section_tipo = %s AND section_id = %s", (st, sid))
            summary.tombstoned += len(dead)
    return summary

