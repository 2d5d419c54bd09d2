"""BM25 over the FTS index's own tables, scored in memory.

DuckDB's ``match_bm25`` scores every document for every query (hundreds of ms at
100k chunks). We keep DuckDB FTS as the source of truth for tokenisation and the
inverted index, load its postings once per store generation into arrays aligned
with the dense matrix's rows, and score only the postings of the query's terms —
same formula (k1 = 1.2, b = 0.75, DuckDB's idf), same tokens, and the dense leg's
profile/filter mask applies unchanged.

The statistics (document count, document frequency, average length) are those of the
rows the *profile* may see, computed per query — not the whole index's. With
index-wide statistics a word's idf dropped when it also occurred in secret records, so
a public user could probe hidden records through scores and order. For a profile that
sees everything the numbers are DuckDB's ``match_bm25`` ones.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from core.retrieval.lexical import FTS_TABLE
from core.store.db import Store
from core.text import STOPWORDS

K1, B = 1.2, 0.75
SCHEMA = f"fts_main_{FTS_TABLE}"


class Bm25Index:
    """Postings (term → rows, tf) and document lengths, in the dense index's row order."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.terms: dict[str, tuple[int, int]] = {}  # term → (start, stop) in rows/tf
        self.rows = np.zeros(0, dtype=np.int32)
        self.tf = np.zeros(0, dtype=np.float32)
        self.lengths = np.zeros(0, dtype=np.float32)  # tokens per row (0: not in the keyword index)
        self.in_docs = np.zeros(0, dtype=bool)  # rows the keyword index holds

    def load(self, ids: list[str]) -> None:
        """Build postings for the chunks ``ids`` (row i of the dense matrix is ``ids[i]``)."""
        cur = self.store.cursor()
        n = len(ids)
        self.lengths = np.zeros(n, dtype=np.float32)
        self.in_docs = np.zeros(n, dtype=bool)
        if not n:
            self.terms, self.rows, self.tf = {}, np.zeros(0, np.int32), np.zeros(0, np.float32)
            return
        vrows = pa.table({"name": pa.array(ids, pa.string()), "row": pa.array(np.arange(n, dtype=np.int32))})
        cur.register("ovillo_vrows", vrows)
        try:
            lens = cur.execute(f"""
                SELECT v.row, d.len FROM {SCHEMA}.docs d JOIN ovillo_vrows v ON v.name = d.name
            """).to_arrow_table()
            rows_len = lens.column("row").to_numpy(zero_copy_only=False)
            self.lengths[rows_len] = lens.column("len").to_numpy(zero_copy_only=False).astype(np.float32)
            self.in_docs[rows_len] = True
            post = cur.execute(f"""
                SELECT t.termid, v.row, count(*)::FLOAT AS tf
                FROM {SCHEMA}.terms t
                JOIN {SCHEMA}.docs d ON d.docid = t.docid
                JOIN ovillo_vrows v ON v.name = d.name
                GROUP BY ALL ORDER BY t.termid, v.row
            """).to_arrow_table()
            vocab = cur.execute(f"SELECT termid, term FROM {SCHEMA}.dict").fetchall()
        finally:
            cur.unregister("ovillo_vrows")
        termids = post.column("termid").to_numpy(zero_copy_only=False)
        self.rows = post.column("row").to_numpy(zero_copy_only=False).astype(np.int32)
        self.tf = post.column("tf").to_numpy(zero_copy_only=False).astype(np.float32)
        self.terms = {}
        for termid, term in vocab:
            start = int(np.searchsorted(termids, termid, side="left"))
            stop = int(np.searchsorted(termids, termid, side="right"))
            if stop > start:
                self.terms[term] = (start, stop)

    def query_terms(self, query: str) -> list[str]:
        """The query tokenised exactly as the FTS index tokenised the documents."""
        rows = self.store.cursor().execute(
            f"SELECT DISTINCT t FROM (SELECT unnest({SCHEMA}.tokenize(?)) AS t) WHERE t <> ''", [query]).fetchall()
        return [r[0] for r in rows]

    def content_terms(self, query: str) -> list[str]:
        """:meth:`query_terms` without the function words (:data:`core.text.STOPWORDS`)."""
        return [t for t in self.query_terms(query) if t not in STOPWORDS]

    def coverage(self, query: str, rows: list[int]) -> np.ndarray:
        """Share of the query's content words (function words aside) that each of ``rows`` contains."""
        terms = self.content_terms(query)
        found = np.zeros(len(rows), dtype=np.float32)
        if not terms or not rows:
            return found
        wanted = np.asarray(rows, dtype=np.int32)
        for term in terms:
            entry = self.terms.get(term)
            if entry is not None:
                found += np.isin(wanted, self.rows[entry[0]:entry[1]])
        return found / np.float32(len(terms))

    def top(self, query: str, k: int, mask: np.ndarray | None, n_rows: int,
            seen: np.ndarray | None = None) -> list[tuple[int, float]]:
        """(row, score) of the k best rows among those ``mask`` allows.

        ``seen`` is what the profile may see (before the user's filters): the statistics
        come from those rows only. None means every row (a profile that sees everything).
        """
        visible = self.in_docs if seen is None else (self.in_docs & seen[: len(self.in_docs)])
        num_docs = int(visible.sum())
        if not num_docs:
            return []
        avgdl = float(self.lengths[visible].mean()) or 1.0
        scores = np.zeros(n_rows, dtype=np.float32)
        hit = False
        for term in self.query_terms(query):
            entry = self.terms.get(term)
            if entry is None:
                continue
            start, stop = entry
            rows, tf = self.rows[start:stop], self.tf[start:stop]
            keep = visible[rows]
            df = int(keep.sum())
            if not df:
                continue
            rows, tf = rows[keep], tf[keep]
            idf = np.float32(np.log10((num_docs - df + 0.5) / (df + 0.5) + 1))  # DuckDB log() is base 10
            norm = np.float32(K1) * (1 - B + B * self.lengths[rows] / np.float32(avgdl))
            scores[rows] += idf * tf * (K1 + 1) / (tf + norm)
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
