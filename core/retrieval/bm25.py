"""BM25 over the FTS index's own tables, scored in memory, following the index change by change.

DuckDB's ``match_bm25`` scores every document for every query (hundreds of ms at
100k chunks). We keep DuckDB FTS as the source of truth for tokenisation and the
inverted index, hold its postings in arrays aligned with the dense matrix's rows, and
score only the postings of the query's terms — same formula (k1 = 1.2, b = 0.75,
DuckDB's idf), same tokens, and the dense leg's profile/filter mask applies unchanged.

The postings follow the index (:meth:`Bm25Index.follow`): a passage the index re-tokenised
(it gets a new docid, :func:`core.retrieval.lexical.update_lexical_index`) or a row the dense
index appended is tokenised again alone and its postings go to a small *delta*; its postings
in the main arrays are masked as stale. Reading every posting of the store again took most of
the first search after any change. A rebuilt index, re-numbered dense rows or a delta grown
past :data:`FOLD_SHARE` of the main arrays load everything again (amortised O(1) per change).

The postings are kept beside the store (:mod:`core.retrieval.postfile`): every full load is written
there as a base, mapped in place of the arrays just read, and every change followed is appended to it
as a segment, so a new process maps them and follows on instead of reading every posting again
(most of a cold open at 1M passages). A file that is missing, damaged, of another build, update
history or row numbering is not used: the postings are loaded and written anew.

The statistics (document count, document frequency, average length) are those of the
rows the *profile* may see, computed per query — not the whole index's. With
index-wide statistics a word's idf dropped when it also occurred in secret records, so
a public user could probe hidden records through scores and order. For a profile that
sees everything the numbers are DuckDB's ``match_bm25`` ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import pyarrow as pa

from core.retrieval import postfile
from core.retrieval.lexical import FTS_TABLE, lexical_state
from core.retrieval.postfile import Numbering, PostingsFile, PostManifest, TermTable
from core.store import changes
from core.store.changes import RecordKey
from core.store.db import Store
from core.text import STOPWORDS

K1, B = 1.2, 0.75
SCHEMA = f"fts_main_{FTS_TABLE}"
#: a delta beyond this share of the main postings (or as many stale rows) folds by a full load
FOLD_SHARE = 0.125
_MIN_FOLD = 1 << 16
MAX_SEGMENTS = 256  # changes appended to the saved postings before they are written whole again
#: False: the postings are loaded from the keyword index at each open and nothing is saved (the benchmark's
#: baseline: what an open cost before)
USE_FILE = True
_EMPTY_I = np.zeros(0, np.int32)
_EMPTY_F = np.zeros(0, np.float32)


class Bm25Index:
    """Postings (term → rows, tf) and document lengths, in the dense index's row order."""

    def __init__(self, store: Store, file: PostingsFile | None = None) -> None:
        self.store = store
        self.file = file  # the saved postings (None: held in memory only)
        self.adopted = 0  # saved states taken up instead of a full load
        self._mark = ""  # the keyword index update followed (its trail's mark)
        self._tokens: dict[str, list[str]] = {}  # query → its terms (the tokeniser changes only with a new build)
        # term → (start, stop) in rows/tf (the main arrays): a dict once loaded, the mapped table once saved
        self.terms: dict[str, tuple[int, int]] | TermTable = {}
        self.rows = _EMPTY_I
        self.tf = _EMPTY_F
        self.lengths = _EMPTY_F  # tokens per row (0: not in the keyword index)
        self.in_docs = np.zeros(0, dtype=bool)  # rows the keyword index holds
        self.stale = np.zeros(0, dtype=bool)  # rows whose postings in the main arrays are superseded
        self.delta: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # term → (rows, tf) tokenised since
        self._delta_terms: dict[int, list[str]] = {}  # row → the delta's terms it holds
        self.loads = 0  # full loads made (a change of a few records makes none)
        self._epoch = ""  # the keyword index's build this follows
        self._max_docid = -1  # the newest document read
        self._layout = -1  # the dense row numbering this follows
        self._n = 0  # rows followed
        self._main_n = 0  # rows the main arrays were loaded for

    def load(self, ids: list[str], layout: int = -1) -> None:
        """Build postings for the chunks ``ids`` (row i of the dense matrix is ``ids[i]``)."""
        cur = self.store.cursor()
        n = len(ids)
        self.loads += 1
        epoch, trail, top = lexical_state(self.store)
        self._layout, self._n, self._main_n, self._epoch = layout, n, n, epoch
        self._mark, self._max_docid = (trail[-1] if trail else ""), top
        self.lengths = np.zeros(n, dtype=np.float32)
        self.in_docs = np.zeros(n, dtype=bool)
        self.stale = np.zeros(n, dtype=bool)
        self.delta, self._delta_terms, self._tokens = {}, {}, {}
        if not n:
            self.terms, self.rows, self.tf = {}, _EMPTY_I, _EMPTY_F
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
            vocab = cur.execute(f"SELECT termid, term FROM {SCHEMA}.dict").to_arrow_table()
        finally:
            cur.unregister("ovillo_vrows")
        termids = post.column("termid").to_numpy(zero_copy_only=False)
        self.rows = post.column("row").to_numpy(zero_copy_only=False).astype(np.int32)
        self.tf = post.column("tf").to_numpy(zero_copy_only=False).astype(np.float32)
        wanted = vocab.column("termid").to_numpy(zero_copy_only=False)
        starts = np.searchsorted(termids, wanted, side="left")
        stops = np.searchsorted(termids, wanted, side="right")
        held = np.flatnonzero(stops > starts)
        names = vocab.column("term").take(pa.array(held)).to_pylist()
        self.terms = dict(zip(names, zip(starts[held].tolist(), stops[held].tolist(), strict=True), strict=True))

    def follow(self, ids: list[str], alive: np.ndarray, rows_of: Callable[[list[RecordKey]], np.ndarray],
               layout: int, numbering: Numbering | None = None) -> bool:
        """Bring the postings in step with the keyword index and the dense rows ``ids`` (``alive``: rows not
        tombstoned; ``rows_of``: the live rows of records; ``layout``: changes when rows are re-numbered;
        ``numbering``: the vector file's segments that number them, None without a file). Only the rows
        appended since and those of records the index re-tokenised are read, from the saved postings' state
        when this index holds none; False when it loaded all."""
        epoch, trail, top = lexical_state(self.store)
        if (layout != self._layout or len(ids) < self._n or epoch != self._epoch) and \
                not self._adopt(ids, layout, numbering, epoch, trail, top):
            self._reload(ids, alive, layout, numbering)
            return False
        cur = self.store.cursor()
        # documents re-tokenised since take new docids (lexical._apply), so the newest ones are what changed
        fresh = cur.execute(f"""SELECT DISTINCT f.section_tipo, f.section_id FROM {SCHEMA}.docs d
                                 JOIN {FTS_TABLE} f ON f.id = d.name WHERE d.docid > ?""",
                            [self._max_docid]).fetchall() if top > self._max_docid else []
        moved = rows_of([(str(st), int(sid)) for st, sid in fresh]) if fresh else np.zeros(0, np.int64)
        touched = np.unique(np.concatenate([np.arange(self._n, len(ids), dtype=np.int64),
                                            np.asarray(moved, np.int64)])).astype(np.int32)
        self._grow(len(ids))
        segment = self._retokenise([ids[int(r)] for r in touched], touched) if len(touched) else None
        changed = segment is not None or (top, trail[-1] if trail else "") != (self._max_docid, self._mark)
        self._max_docid, self._mark = top, (trail[-1] if trail else "")
        self._n = len(ids)
        self.in_docs &= alive[: len(self.in_docs)]  # a tombstoned row counts in no statistic
        held = sum(len(t) for t in self._delta_terms.values())
        saved = self.file.known if self.file is not None else None
        if held > max(FOLD_SHARE * len(self.rows), _MIN_FOLD) or \
                int(self.stale.sum()) > max(FOLD_SHARE * len(ids), _MIN_FOLD) or \
                (saved is not None and len(saved.segments) >= MAX_SEGMENTS):
            self._reload(ids, alive, layout, numbering)
            return False
        if changed:
            self._save_step(segment, numbering)
        return True

    def _reload(self, ids: list[str], alive: np.ndarray, layout: int, numbering: Numbering | None) -> None:
        """Every posting read again, then saved as a new base and mapped in place of the arrays just read."""
        self.load(ids, layout)
        self.in_docs &= alive[: len(self.in_docs)]
        if not self._saving(numbering) or not isinstance(self.terms, dict):
            return
        spans = np.asarray(list(self.terms.values()), np.int64).reshape(-1, 2)
        try:
            mapped = self.file.write_base(list(self.terms), spans, self.rows, self.tf,  # type: ignore[union-attr]
                                          self.lengths, self.in_docs, self._state(numbering))
        except OSError:  # the folder cannot be written (full, read-only): this process holds them in memory
            self.file = None
            return
        self.terms, self.rows, self.tf = mapped.base.terms, mapped.base.rows, mapped.base.tf

    def _saving(self, numbering: Numbering | None) -> bool:
        return self.file is not None and USE_FILE and numbering is not None and \
            sum(r for _, r, _ in numbering) == self._n

    def _state(self, numbering: Numbering | None) -> PostManifest:
        gen, token = changes.state(self.store.cursor())
        return PostManifest("", 0, rows=self._n, numbering=list(numbering or []), lexical_epoch=self._epoch,
                            mark=self._mark, max_docid=self._max_docid, generation=gen, token=token)

    def _save_step(self, segment: pa.Table | None, numbering: Numbering | None) -> None:
        """Append what this follow read to the saved postings, unless another index of the model saved since."""
        if not self._saving(numbering) or self.file is None or not self.file.is_current():
            return
        try:
            self.file.append(segment if segment is not None else postfile.SEGMENT.empty_table(),
                             self._state(numbering))
        except OSError:
            self.file = None

    def _adopt(self, ids: list[str], layout: int, numbering: Numbering | None, epoch: str, trail: list[str],
               top: int) -> bool:
        """Take the saved postings as this index's state when they verify and reflect this store's keyword
        index (its build, an update on its trail) and this row numbering; False otherwise."""
        if self.file is None or not USE_FILE or numbering is None:
            return False
        m = self.file.manifest()
        # a store whose index predates the trail has none: then no update was made since either
        if m is None or m.lexical_epoch != epoch or (m.mark not in trail if m.mark else bool(trail)) or \
                m.max_docid > top or \
                m.numbering != numbering[: len(m.numbering)] or m.rows != sum(r for _, r, _ in m.numbering) or \
                m.rows > len(ids) or m.base_rows > m.rows:
            return False
        row = self.store.cursor().execute("SELECT token FROM store_generations WHERE generation = ?",
                                          [m.generation]).fetchone()
        mapped = self.file.load() if row and row[0] == m.token else None
        if mapped is None or mapped.manifest != m:
            return False  # another store's or history's, or damaged
        base = mapped.base
        self.terms, self.rows, self.tf = base.terms, base.rows, base.tf
        self.lengths = np.zeros(m.rows, np.float32)
        self.lengths[: m.base_rows] = base.lengths
        self.in_docs = np.zeros(m.rows, bool)
        self.in_docs[: m.base_rows] = base.in_docs
        self.stale = np.zeros(m.rows, bool)
        self.delta, self._delta_terms, self._tokens = {}, {}, {}
        self._main_n = m.base_rows
        for seg in mapped.segments:  # each followed change again, in order: the same state as when saved
            r = seg.column("row").to_numpy(zero_copy_only=False)
            tf = seg.column("tf").to_numpy(zero_copy_only=False)
            mark = seg.column("term").is_null().to_numpy(zero_copy_only=False)
            if len(r) and (r.min() < 0 or r.max() >= m.rows):
                return False
            post = seg.filter(pa.array(~mark))
            self._apply_rows(r[mark].astype(np.int32), r[mark & (tf > 0)], post.column("row").to_numpy(
                zero_copy_only=False).astype(np.int32), post.column("term").to_pylist(),
                post.column("tf").to_numpy(zero_copy_only=False).astype(np.float32))
        self._layout, self._n, self._epoch, self._mark, self._max_docid = layout, m.rows, epoch, m.mark, m.max_docid
        self.adopted += 1
        return True

    def _grow(self, n: int) -> None:
        extra = n - len(self.lengths)
        if extra > 0:
            self.lengths = np.concatenate([self.lengths, np.zeros(extra, np.float32)])
            self.in_docs = np.concatenate([self.in_docs, np.zeros(extra, bool)])
            self.stale = np.concatenate([self.stale, np.zeros(extra, bool)])

    def _retokenise(self, names: list[str], rows: np.ndarray) -> pa.Table:
        """The postings of ``rows`` (chunks ``names``) from their indexed bodies, by the index's own
        ``tokenize`` and stopwords, as :func:`core.retrieval.lexical._apply` adds them; returns them as a
        segment of the saved postings (a marker per row first: term null, tf 1 when the index holds it)."""
        vrows = pa.table({"name": pa.array(names, pa.string()), "row": pa.array(rows)})
        con = self.store.cursor()
        con.register("ovillo_bm25_rows", vrows)
        try:
            post = con.execute(f"""
                SELECT row, w AS term, count(*)::FLOAT AS tf FROM (
                    SELECT v.row, unnest({SCHEMA}.tokenize(f.body)) AS w
                    FROM {FTS_TABLE} f JOIN ovillo_bm25_rows v ON v.name = f.id)
                WHERE w IS NOT NULL AND len(w) > 0 AND w NOT IN (SELECT sw FROM {SCHEMA}.stopwords)
                GROUP BY ALL ORDER BY term, row
            """).to_arrow_table()
            held = con.execute(f"SELECT v.row FROM {FTS_TABLE} f JOIN ovillo_bm25_rows v ON v.name = f.id"
                               ).to_arrow_table().column("row").to_numpy(zero_copy_only=False)
        finally:
            con.unregister("ovillo_bm25_rows")
        prow = post.column("row").to_numpy(zero_copy_only=False).astype(np.int32)
        ptf = post.column("tf").to_numpy(zero_copy_only=False).astype(np.float32)
        terms = post.column("term").to_pylist()
        self._apply_rows(rows, held, prow, terms, ptf)
        marks = np.where(np.isin(rows, held), np.float32(1), np.float32(-1)).astype(np.float32)
        return pa.table({"row": pa.array(np.concatenate([rows, prow]).astype(np.int32)),
                         "term": pa.array([None] * len(rows) + terms, pa.string()),
                         "tf": pa.array(np.concatenate([marks, ptf]).astype(np.float32))})

    def _apply_rows(self, rows: np.ndarray, held: np.ndarray, prow: np.ndarray, terms: list[str],
                    ptf: np.ndarray) -> None:
        """``rows`` tokenised again: those ``held`` by the index, with postings (``prow``, ``terms``, ``ptf``,
        ordered by term), replace what the main arrays and the delta held for them."""
        self.stale[rows[rows < self._main_n]] = True
        self.in_docs[rows], self.lengths[rows] = False, 0.0
        self.in_docs[held] = True
        np.add.at(self.lengths, prow, ptf)
        gone = {t for r in rows.tolist() for t in self._delta_terms.pop(r, ())}
        for term in gone:  # the superseded postings of the delta leave it (only the terms those rows held)
            r, f = self.delta[term]
            keep = ~np.isin(r, rows)
            if keep.all():
                continue
            if keep.any():
                self.delta[term] = (r[keep], f[keep])
            else:
                del self.delta[term]
        bounds = np.flatnonzero([True, *(a != b for a, b in zip(terms, terms[1:]))] + [True]) if terms \
            else np.zeros(0, np.int64)
        for a, b in zip(bounds[:-1], bounds[1:]):
            term = terms[a]
            r, f = self.delta.get(term, (_EMPTY_I, _EMPTY_F))
            self.delta[term] = (np.concatenate([r, prow[a:b]]), np.concatenate([f, ptf[a:b]]))
            for row in prow[a:b].tolist():
                self._delta_terms.setdefault(row, []).append(term)

    def postings(self, term: str) -> Iterator[tuple[np.ndarray, np.ndarray, bool]]:
        """(rows, tf, main) of ``term``'s postings: the main arrays' (stale rows still in: mask them with
        :attr:`stale`) and the delta's."""
        entry = self.terms.get(term)
        if entry is not None:
            yield self.rows[entry[0]:entry[1]], self.tf[entry[0]:entry[1]], True
        extra = self.delta.get(term)
        if extra is not None:
            yield extra[0], extra[1], False

    def term_rows(self, term: str) -> np.ndarray:
        """The rows holding ``term`` now (stale postings left out)."""
        parts = [r[~self.stale[r]] if main and self._main_n else r for r, _, main in self.postings(term)]
        return np.concatenate(parts) if parts else _EMPTY_I

    def vocabulary(self) -> set[str]:
        """Every term some posting holds (a term whose postings all went stale may still be listed)."""
        return set(self.terms) | set(self.delta)

    def query_terms(self, query: str) -> list[str]:
        """The query tokenised exactly as the FTS index tokenised the documents."""
        known = self._tokens.get(query)
        if known is not None:  # a search asks several times (scores, coverage, the floor): one round trip
            return list(known)
        rows = self.store.cursor().execute(
            f"SELECT DISTINCT t FROM (SELECT unnest({SCHEMA}.tokenize(?)) AS t) WHERE t <> ''", [query]).fetchall()
        if len(self._tokens) >= 256:
            self._tokens.clear()
        self._tokens[query] = terms = [r[0] for r in rows]
        return list(terms)

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
            found += self.holds(term, wanted)
        return found / np.float32(len(terms))

    def holds(self, term: str, rows: np.ndarray) -> np.ndarray:
        """Which of ``rows`` hold ``term`` now: ``np.isin(rows, term_rows(term))`` without gathering every row of
        the term (a term's main postings are in row order, so each row is found by bisection)."""
        out = np.zeros(len(rows), bool)
        for r, _, main in self.postings(term):
            if not main:
                out |= np.isin(rows, r)
            elif len(r):
                at = np.minimum(np.searchsorted(r, rows), len(r) - 1)
                out |= (r[at] == rows) & (~self.stale[rows] if self._main_n else True)
        return out

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
        # summed in float64: exact for integer lengths, so the mean cannot depend on the rows' order
        avgdl = float(self.lengths[visible].mean(dtype=np.float64)) or 1.0
        current = visible & ~self.stale if self._main_n and self.stale.any() else visible
        scores = np.zeros(n_rows, dtype=np.float32)
        hit = False
        for term in sorted(self.query_terms(query)):  # one order of float additions, however the query is read
            parts = [(r[keep], f[keep]) for r, f, main in self.postings(term)
                     if (keep := (current if main else visible)[r]).any()]
            if not parts:
                continue
            rows = np.concatenate([r for r, _ in parts])
            tf = np.concatenate([f for _, f in parts])
            df = len(rows)
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
