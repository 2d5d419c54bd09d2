"""BM25 over the FTS index's own tables, scored in memory.

DuckDB's ``match_bm25`` scores every document for every query (hundreds of ms at
100k chunks). We keep DuckDB FTS as the source of truth for tokenisation and the
inverted index, load its postings once per store generation into arrays aligned
with the dense matrix's rows, and score only the postings of the query's terms —
same formula (k1 = 1.2, b = 0.75, DuckDB's idf), same tokens, same results, and the
dense leg's profile/filter mask applies unchanged.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from core.retrieval.lexical import FTS_TABLE
from core.store.db import Store

K1, B = 1.2, 0.75
SCHEMA = f"fts_main_{FTS_TABLE}"


class Bm25Index:
    """Postings (term → rows, tf) and document lengths, in the dense index's row order."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.terms: dict[str, tuple[int, int, float]] = {}  # term → (start, stop, idf)
        self.rows = np.zeros(0, dtype=np.int32)
        self.tf = np.zeros(0, dtype=np.float32)
        self.norm = np.zeros(0, dtype=np.float32)  # k1 * (1 - b + b * len / avgdl) per row

    def load(self, ids: list[str]) -> None:
        """Build postings for the chunks ``ids`` (row i of the dense matrix is ``ids[i]``)."""
        cur = self.store.cursor()
        n = len(ids)
        self.norm = np.full(n, np.float32(K1), dtype=np.float32)
        if not n:
            self.terms, self.rows, self.tf = {}, np.zeros(0, np.int32), np.zeros(0, np.float32)
            return
        stats = cur.execute(f"SELECT num_docs, avgdl FROM {SCHEMA}.stats").fetchone()
        num_docs, avgdl = (int(stats[0]), float(stats[1] or 1.0)) if stats else (0, 1.0)
        vrows = pa.table({"name": pa.array(ids, pa.string()), "row": pa.array(np.arange(n, dtype=np.int32))})
        cur.register("ovillo_vrows", vrows)
        try:
            lens = cur.execute(f"""
                SELECT v.row, d.len FROM {SCHEMA}.docs d JOIN ovillo_vrows v ON v.name = d.name
            """).to_arrow_table()
            rows_len = lens.column("row").to_numpy(zero_copy_only=False)
            lengths = lens.column("len").to_numpy(zero_copy_only=False).astype(np.float32)
            self.norm[rows_len] = K1 * (1 - B + B * lengths / avgdl)
            post = cur.execute(f"""
                SELECT t.termid, v.row, count(*)::FLOAT AS tf
                FROM {SCHEMA}.terms t
                JOIN {SCHEMA}.docs d ON d.docid = t.docid
                JOIN ovillo_vrows v ON v.name = d.name
                GROUP BY ALL ORDER BY t.termid, v.row
            """).to_arrow_table()
            vocab = cur.execute(f"SELECT termid, term, df FROM {SCHEMA}.dict").fetchall()
        finally:
            cur.unregister("ovillo_vrows")
        termids = post.column("termid").to_numpy(zero_copy_only=False)
        self.rows = post.column("row").to_numpy(zero_copy_only=False).astype(np.int32)
        self.tf = post.column("tf").to_numpy(zero_copy_only=False).astype(np.float32)
        self.terms = {}
        for termid, term, df in vocab:
            start = int(np.searchsorted(termids, termid, side="left"))
            stop = int(np.searchsorted(termids, termid, side="right"))
            if stop > start:
                idf = float(np.log10((num_docs - df + 0.5) / (df + 0.5) + 1))  # DuckDB log() is base 10
                self.terms[term] = (start, stop, idf)

    def query_terms(self, query: str) -> list[str]:
        """The query tokenised exactly as the FTS index tokenised the documents."""
        rows = self.store.cursor().execute(
            f"SELECT DISTINCT t FROM (SELECT unnest({SCHEMA}.tokenize(?)) AS t) WHERE t <> ''", [query]).fetchall()
        return [r[0] for r in rows]

    def top(self, query: str, k: int, mask: np.ndarray | None, n_rows: int) -> list[tuple[int, float]]:
        """(row, score) of the k best rows among those the mask allows."""
        scores = np.zeros(n_rows, dtype=np.float32)
        hit = False
        for term in self.query_terms(query):
            entry = self.terms.get(term)
            if entry is None:
                continue
            start, stop, idf = entry
            rows, tf = self.rows[start:stop], self.tf[start:stop]
            scores[rows] += idf * tf * (K1 + 1) / (tf + self.norm[rows])
            hit = True
        if not hit:
            return []
        if mask is not None:
            scores[~mask] = 0.0
        nz = np.flatnonzero(scores > 0)
        if not len(nz):
            return []
        k = min(k, len(nz))
        part = nz[np.argpartition(-scores[nz], k - 1)[:k]]
        order = part[np.lexsort((part, -scores[part]))]
        return [(int(i), float(scores[i])) for i in order]
