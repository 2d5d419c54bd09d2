"""The lexical leg: DuckDB full-text search (BM25) over title, heading path and passage.

The FTS index does not follow inserts, so it is derived data: rebuilt after a
batch of changes and whenever its generation lags the store's (e.g. after a
crash between a commit and the rebuild). Accents are folded and case lowered
on both sides, digits kept (trench numbers and inventory codes matter), no
stemming (the archive is multilingual), function words of the main languages
dropped (:mod:`core.retrieval.stopwords`).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.retrieval.stopwords import STOPWORDS
from core.store.db import Store

FTS_TABLE = "fts_docs"
STOPWORD_TABLE = "fts_stopwords"
FTS_OPTIONS = (f"stemmer = 'none', stopwords = '{STOPWORD_TABLE}', ignore = '(\\.|[^a-z0-9])+', "
               "strip_accents = 1, lower = 1, overwrite = 1")


@dataclass(frozen=True)
class LexicalHit:
    """A chunk and its BM25 score."""

    chunk_id: str
    score: float


def _meta(store: Store, key: str) -> str | None:
    row = store.cursor().execute("SELECT value FROM store_meta WHERE key = ?", [key]).fetchone()
    return str(row[0]) if row else None


def lexical_is_stale(store: Store) -> bool:
    """True when the FTS index was built for an older generation of the data."""
    return _meta(store, "lexical_generation") != str(store.generation())


def rebuild_lexical_index(store: Store) -> None:
    """Rebuild the keyword index for the active text model's chunks, atomically."""
    with store.transaction() as cur:
        gen = cur.execute("SELECT value FROM store_meta WHERE key = 'generation'").fetchone()
        cur.execute(f"""
            CREATE OR REPLACE TABLE {FTS_TABLE} AS
            SELECT e.id, concat_ws(' ', r.title, array_to_string(
                       CAST(json_extract_string(e.chunk_meta, '$.heading_path[*]') AS VARCHAR[]), ' '),
                       e.source_text) AS body
            FROM rag_embeddings e
            JOIN records r ON r.section_tipo = e.section_tipo AND r.section_id = e.section_id
            JOIN models m ON m.name = e.model AND m.state = 'active'
            WHERE e.modality = 'text'
        """)
        cur.execute(f"CREATE OR REPLACE TABLE {STOPWORD_TABLE} (sw VARCHAR)")
        cur.executemany(f"INSERT INTO {STOPWORD_TABLE} VALUES (?)", [[w] for w in sorted(STOPWORDS)])
        cur.execute(f"PRAGMA create_fts_index('{FTS_TABLE}', 'id', 'body', {FTS_OPTIONS})")
        cur.execute("INSERT OR REPLACE INTO store_meta VALUES ('lexical_generation', ?)",
                    [str(gen[0]) if gen else "0"])


def ensure_lexical(store: Store) -> None:
    """Rebuild the index if it lags the data (cheap check, rare rebuild)."""
    if lexical_is_stale(store):
        rebuild_lexical_index(store)


def lexical_search(store: Store, query: str, k: int, where: str = "TRUE",
                   params: list[object] | None = None) -> list[LexicalHit]:
    """Top-k chunks by BM25 among those passing ``where`` (over aliases ``e`` and ``r``)."""
    if not query.strip():
        return []
    sql = f"""
        SELECT d.id, d.score FROM (
            SELECT id, fts_main_{FTS_TABLE}.match_bm25(id, ?) AS score FROM {FTS_TABLE}
        ) d
        JOIN rag_embeddings e ON e.id = d.id
        JOIN records r ON r.section_tipo = e.section_tipo AND r.section_id = e.section_id
        WHERE d.score IS NOT NULL AND {where}
        ORDER BY d.score DESC, d.id
        LIMIT ?
    """
    rows = store.cursor().execute(sql, [query, *(params or []), k]).fetchall()
    return [LexicalHit(r[0], float(r[1])) for r in rows]
