"""The dense leg: an exact scan over the stored vectors as one float32 matrix.

The vectors in DuckDB are the truth; the matrix is derived from them — mapped from the
model's vector file beside the store and kept in step change by change (:class:`VectorIndex`),
rebuilt from the tables when the file is missing, stale or damaged. An exact scan needs no
recall study and cannot be damaged by an unclean stop (unlike a persisted
HNSW index, docs/design.md §5); numpy's matrix-vector product is ~10× faster than
``array_cosine_distance`` over the same rows. Filters and the profile are
pushed down as boolean masks over per-chunk metadata codes (the profile's by
:meth:`core.acl.Rule.numpy_mask`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import date

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from core.acl import AclColumns, Profile
from core.filters import SearchFilters
from core.retrieval.bm25 import Bm25Index
from core.retrieval.lexical import ensure_lexical
from core.retrieval import dense_rows, postfile
from core.retrieval.dense_rows import META, split
from core.retrieval.postfile import PostingsFile
from core.retrieval.vecfile import VectorFile, drop_candidates, folder_for
from core.store import changes
from core.store.changes import RecordKey, changes_since
from core.store.db import Store

MIN_DEAD_TO_COMPACT = 1024  # below this many tombstoned rows a rewrite would cost more than it frees
MAX_SEGMENTS = 256  # appends (one metadata file each) before a rewrite: the open reads every one
_EPOCH = date(1970, 1, 1)
_NO_DATE = np.iinfo(np.int32).min
_NO_PROJECTS: frozenset[int] = frozenset()


@dataclass(frozen=True)
class DenseHit:
    """A chunk row of the matrix and its cosine similarity."""

    chunk_id: str
    score: float


class _Codes:
    """Strings → small ints, so filters become vectorised comparisons; extended as rows are appended."""

    def __init__(self, values: pa.ChunkedArray | pa.Array) -> None:
        self.vocab: dict[str, int] = {}
        self.codes = np.zeros(0, dtype=np.int32)
        self.extend(values)

    def extend(self, values: pa.ChunkedArray | pa.Array) -> None:
        """Append the codes of ``values`` (new strings get new codes)."""
        arr = values.combine_chunks() if isinstance(values, pa.ChunkedArray) else values
        dict_arr = pc.dictionary_encode(arr)
        local = np.asarray([self.vocab.setdefault(v, len(self.vocab)) for v in dict_arr.dictionary.to_pylist()]
                           + [-1], dtype=np.int32)
        # nulls (e.g. an undetected language) become -1, a code no filter asks for
        idx = dict_arr.indices.fill_null(-1).to_numpy(zero_copy_only=False).astype(np.int64)
        self.codes = np.concatenate([self.codes, local[idx]])

    def mask(self, wanted: tuple[str, ...] | frozenset[str], lo: int = 0) -> np.ndarray:
        ids = [self.vocab[w] for w in wanted if w in self.vocab]
        return np.isin(self.codes[lo:], np.asarray(ids, dtype=np.int32))


class VectorIndex:
    """All chunk vectors of one model, plus what filters need, kept in step with the store.

    Backed by the model's vector file beside the store (:mod:`core.retrieval.vecfile`) when the store
    is a file: opening maps it instead of reading every vector from DuckDB, and a change of the store
    is applied as the records the change log names (:mod:`core.store.changes`) — their old rows
    tombstoned, their current rows appended — so it costs what changed, not the store. Rows are in
    append order; a tombstoned row stays in the matrix, hidden by every mask as a deleted record is.
    """

    def __init__(self, store: Store, model: str) -> None:
        self.store = store
        self.model = model
        self._lock = threading.Lock()
        self._generation = -1
        self._state: tuple[int, str] | None = None  # (generation, token) the rows in memory reflect
        self.file = VectorFile(folder_for(store.path.parent, model), model) if store.path is not None else None
        self.bm25 = Bm25Index(store, PostingsFile(postfile.folder(store.path.parent, model), model)
                              if store.path is not None else None)
        self._layout = 0  # moves whenever rows are numbered anew (the keyword postings follow row numbers)
        self._reset(np.zeros((0, 0), dtype=np.float32), META)

    def invalidate(self) -> None:
        """Forget what was loaded: the next :meth:`refresh` reopens the vector file (or reloads the store)."""
        with self._lock:
            self._generation = -1
            self._state = None

    def refresh(self) -> None:
        """Bring vectors, masks and keyword postings in step when the store changed since the last look."""
        gen = self.store.generation()
        if gen == self._generation:
            return
        with self._lock:
            if gen != self._generation:
                ensure_lexical(self.store)
                self._generation = self._sync()
                saved = self.file.committed if self.file is not None else None  # the numbering of the rows
                self.bm25.follow(self.ids, self.alive, self.rows_of, self._layout,
                                 list(saved.segments) if saved is not None else None)

    def sync_vectors(self) -> int:
        """Bring vectors and masks (not the keyword postings) in step with the store; returns the generation
        they reflect. :meth:`refresh` is what searches call."""
        with self._lock:
            return self._sync()

    def _sync(self) -> int:
        cur = self.store.cursor()
        cur.execute("BEGIN TRANSACTION")  # one snapshot: the state, the log and the rows agree
        try:
            gen, token = changes.state(cur)
            if self._state is not None and self.file is not None and not self.file.is_current():
                self._state = None  # another index of this model wrote the file since: start from what it holds
            try:
                self._catch_up(cur, gen, token)
            except OSError:  # the folder cannot be written (full, read-only): this process scans from memory
                self.file, self._state = None, None
                self._rebuild(cur, gen, token)
        finally:
            cur.execute("COMMIT")
        return gen

    def _catch_up(self, cur: duckdb.DuckDBPyConnection, gen: int, token: str) -> None:
        adopted = self._state is None and self.file is not None and self._adopt()
        # [] when the file or memory holds the very state of the store; None when the log cannot tell
        keys = [] if self._state == (gen, token) else \
            changes_since(cur, *self._state, gen) if self._state is not None else None
        if keys is None:
            self._rebuild(cur, gen, token)
        elif keys or self._state != (gen, token):
            self._apply(cur, keys, gen, token)
        if adopted and (int(self.alive.sum()),) != cur.execute(
                "SELECT count(*) FROM rag_embeddings WHERE model = ?", [self.model]).fetchone():
            self._rebuild(cur, gen, token)  # a write that moved no generation shows here: rebuilt, not served

    def _adopt(self) -> bool:
        """Take the vector file's verified state as the rows in memory; False when damaged or missing."""
        loaded = self.file.load() if self.file is not None else None
        if loaded is None or (loaded.meta.num_rows and not loaded.meta.schema.equals(META.schema)):
            return False  # missing, damaged, or metadata of another layout
        self._reset(loaded.matrix, loaded.meta if loaded.meta.num_rows else META, loaded.dead)
        self._state = (loaded.manifest.generation, loaded.manifest.token)
        return True

    def _load(self, cur: duckdb.DuckDBPyConnection | None = None) -> tuple[np.ndarray, pa.Table]:
        """Every row of the model from the store's tables, held in memory (what a rebuild writes)."""
        matrix, meta = split(dense_rows.rows(cur or self.store.cursor(), self.model, None))
        self._reset(matrix, meta)
        return matrix, meta

    def _rebuild(self, cur: duckdb.DuckDBPyConnection, gen: int, token: str) -> None:
        matrix, meta = split(dense_rows.rows(cur, self.model, None))
        if self.file is not None:
            matrix = self.file.create(matrix, meta, gen, token).matrix
            # a retired model's vectors left the store (a model switch rebuilds): its file goes too
            for other in drop_candidates(self.file.folder):
                if not cur.execute("SELECT 1 FROM rag_embeddings WHERE model = ? LIMIT 1", [other.model]).fetchone():
                    other.remove()
                    PostingsFile(postfile.beside(other.folder), other.model).remove()
        self._reset(matrix, meta)
        self._state = (gen, token)

    def _apply(self, cur: duckdb.DuckDBPyConnection, keys: list[RecordKey], gen: int, token: str) -> None:
        """Tombstone the rows of ``keys`` and append their current rows (rows stored unchanged are kept)."""
        ords = [o for k in keys if (o := self.record_ordinal.get(k)) is not None]
        old = np.flatnonzero(np.isin(self.rec_ord, np.asarray(ords, np.int64)) & self.alive) if ords \
            else np.zeros(0, np.int64)
        table = dense_rows.rows(cur, self.model, keys) if keys else None
        matrix, meta = split(table) if table is not None else (np.zeros((0, 0), np.float32), META)
        kept_old, kept_new = _unchanged(self, old, matrix, meta)
        dead = old[~np.isin(old, kept_old)]
        if kept_new.any():
            matrix, meta = matrix[~kept_new], meta.filter(pa.array(~kept_new))
        dead_after = int((~self.alive).sum()) + len(dead)
        live = len(self.ids) - dead_after + len(matrix)
        # a rewrite once a third is dead (amortised O(1) per change), or when appends left too many small files
        segments = len(self.file.committed.segments) if self.file is not None and self.file.committed else 0
        if dead_after > max(live // 3, MIN_DEAD_TO_COMPACT) or segments >= MAX_SEGMENTS:
            self._compact(dead, matrix, meta, gen, token)
            return
        if self.file is not None:
            whole = self.file.append(matrix, meta, dead, gen, token).matrix  # the committed rows, mapped anew
        else:
            whole = np.concatenate([self.matrix, matrix]) if len(self.ids) and len(matrix) \
                else (matrix if not len(self.ids) else self.matrix)
        self._extend(whole, meta, dead)
        self._state = (gen, token)

    def _compact(self, dead: np.ndarray, matrix: np.ndarray, meta: pa.Table, gen: int, token: str) -> None:
        """A new epoch of the live rows and the appended ones (tombstoned rows leave the disk)."""
        live = self.alive.copy()
        live[dead] = False
        parts = [m for m in (self.matrix[live] if len(self.ids) else None, matrix) if m is not None and len(m)]
        whole = np.ascontiguousarray(np.concatenate(parts)) if parts else np.zeros((0, 0), np.float32)
        meta = pa.concat_tables([self.meta.filter(pa.array(live)), meta.cast(self.meta.schema)]) \
            if self.meta.num_rows else meta
        if self.file is not None:
            whole = self.file.create(whole, meta, gen, token).matrix
        self._reset(whole, meta)
        self._state = (gen, token)

    def _reset(self, matrix: np.ndarray, meta: pa.Table, dead: np.ndarray | None = None) -> None:
        self._layout += 1
        self.meta = meta
        self.ids: list[str] = []
        self._row_of: dict[str, int] | None = None
        self.record_ordinal: dict[tuple[str, int], int] = {}
        self.rec_ord = np.zeros(0, np.int64)
        self.alive = np.zeros(0, bool)
        self.deleted = np.zeros(0, bool)
        self.d0 = self.d1 = np.zeros(0, np.int32)
        self.projects: list[frozenset[int]] = []
        self.collection, self.facet, self.lang, self.classification = (_Codes(pa.array([], pa.string()))
                                                                       for _ in range(4))
        self._masks: dict[tuple[Profile, SearchFilters], np.ndarray] = {}
        self._extend(matrix, meta, np.zeros(0, np.int64), reset=True)
        if dead is not None and len(dead):
            self.alive[dead] = False
            self._acl()

    def _extend(self, matrix: np.ndarray, meta: pa.Table, dead: np.ndarray, *, reset: bool = False) -> None:
        """Append ``meta``'s rows (``matrix`` holds every row, old and new) and hide the rows ``dead``."""
        n0 = len(self.ids)
        if not reset:
            self.meta = pa.concat_tables([self.meta, meta.cast(self.meta.schema)]) if self.meta.num_rows else meta
        self.alive[dead] = False
        n = meta.num_rows
        if n:
            self.ids.extend(meta.column("id").to_pylist())
            # one Python step per record, not per row: the rows grouped by (collection code, id) in numpy first
            # (not by joining the keys as strings: that was most of an open's metadata work)
            tipo = pc.dictionary_encode(meta.column("section_tipo")).combine_chunks()
            codes = tipo.indices.to_numpy(zero_copy_only=False).astype(np.int64)
            sids = meta.column("section_id").to_numpy().astype(np.int64)
            order = np.lexsort((sids, codes))
            first = np.flatnonzero(np.r_[True, (np.diff(codes[order]) != 0) | (np.diff(sids[order]) != 0)])
            names, heads = tipo.dictionary.to_pylist(), order[first]
            local = np.asarray([self.record_ordinal.setdefault((names[c], sid), len(self.record_ordinal))
                                for c, sid in zip(codes[heads].tolist(), sids[heads].tolist())], np.int64)
            group = np.empty(n, np.int64)
            group[order] = np.repeat(np.arange(len(first)), np.diff(np.r_[first, n]))  # each row's record
            self.rec_ord = np.concatenate([self.rec_ord, local[group]])
            self.alive = np.concatenate([self.alive, np.ones(n, bool)])
            self.collection.extend(meta.column("section_tipo"))
            self.facet.extend(meta.column("component_tipo"))
            self.lang.extend(meta.column("lang"))
            self.classification.extend(meta.column("classification"))
            self.deleted = np.concatenate([self.deleted, meta.column("deleted").to_numpy(zero_copy_only=False)
                                           .astype(bool)])
            self.d0 = np.concatenate([self.d0, _days(meta.column("d0"))])
            self.d1 = np.concatenate([self.d1, _days(meta.column("d1"))])
            projects: list[frozenset[int]] = [_NO_PROJECTS] * n  # most rows: none, one shared set
            col = meta.column("project_ids").combine_chunks()
            for i in np.flatnonzero(pc.fill_null(pc.list_value_length(col), 0).to_numpy(zero_copy_only=False)):
                projects[i] = frozenset(col[int(i)].as_py())
            self.projects.extend(projects)
        if self._row_of is not None:
            for i in dead:
                if self._row_of.get(self.ids[i]) == i:
                    del self._row_of[self.ids[i]]
            self._row_of.update((self.ids[i], i) for i in range(n0, n0 + n))
        self.matrix = matrix
        self._acl()
        patched = {}
        for (profile, filters), m in self._masks.items():  # a cached mask changes only where rows did
            m = np.concatenate([m, self._build_mask(profile, filters, n0)])
            m[dead] = False
            patched[(profile, filters)] = m
        self._masks = patched

    def _acl(self) -> None:
        # a tombstoned row is hidden as a deleted record is: the rule is the one rule
        self.acl = AclColumns(self.classification.codes, self.classification.vocab, self.projects,
                              self.deleted | ~self.alive)

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def record_keys(self) -> list[tuple[str, int]]:
        """``(section_tipo, section_id)`` of every row."""
        return list(zip(self.meta.column("section_tipo").to_pylist(), self.meta.column("section_id").to_pylist()))

    def row_of(self, chunk_id: str) -> int | None:
        """The live row holding ``chunk_id``, if any."""
        if self._row_of is None:
            self._row_of = {self.ids[i]: int(i) for i in np.flatnonzero(self.alive)}
        return self._row_of.get(chunk_id)

    def rows_of(self, keys: list[RecordKey]) -> np.ndarray:
        """The live rows of the records ``keys``."""
        ords = [o for k in keys if (o := self.record_ordinal.get(k)) is not None]
        return np.flatnonzero(np.isin(self.rec_ord, np.asarray(ords, np.int64)) & self.alive) if ords \
            else np.zeros(0, np.int64)

    def mask(self, profile: Profile, filters: SearchFilters) -> np.ndarray:
        """Rows the profile may see that pass the filters (the push-down of the gate's rule).

        Masks are cached per (profile, filters) and patched as rows change: a reading room
        asks many questions under the same profile and filters.
        """
        key = (profile, filters)
        cached = self._masks.get(key)
        if cached is None:
            cached = self._build_mask(profile, filters)
            if len(self._masks) > 64:
                self._masks.clear()
            self._masks[key] = cached
        return cached.copy()

    def _build_mask(self, profile: Profile, filters: SearchFilters, lo: int = 0) -> np.ndarray:
        """The mask of rows ``lo`` on."""
        acl = self.acl if not lo else AclColumns(self.acl.classification_codes[lo:], self.acl.classification_vocab,
                                                 self.acl.project_ids[lo:], self.acl.deleted[lo:])
        m = profile.rule.numpy_mask(acl)
        if filters.collections:
            m &= self.collection.mask(filters.collections, lo)
        if filters.facets:
            m &= self.facet.mask(filters.facets, lo)
        if filters.langs:
            m &= self.lang.mask(filters.langs, lo)
        if filters.classifications:
            m &= self.classification.mask(filters.classifications, lo)
        d0, d1 = self.d0[lo:], self.d1[lo:]
        if filters.date_from is not None:
            m &= (d1 != _NO_DATE) & (d1 >= (filters.date_from - _EPOCH).days)
        if filters.date_to is not None:
            m &= (d0 != _NO_DATE) & (d0 <= (filters.date_to - _EPOCH).days)
        return m

    def exclude_record(self, mask: np.ndarray, section_tipo: str, section_id: int) -> np.ndarray:
        """The mask without one record's rows (the seed of a similarity search)."""
        ordinal = self.record_ordinal.get((section_tipo, section_id))
        return mask if ordinal is None else mask & (self.rec_ord != ordinal)

    def top(self, query: np.ndarray, k: int, mask: np.ndarray | None = None) -> list[DenseHit]:
        """Exact top-k by cosine (vectors are L2-normalised, so a dot product)."""
        if not len(self.ids) or k <= 0:
            return []
        scores = self.matrix @ query.astype(np.float32)
        # rank among the allowed rows only, ties by row: the order cannot depend on hidden rows
        rows = np.flatnonzero(mask if mask is not None else self.alive)
        if not len(rows):
            return []
        sub = scores[rows]
        k = min(k, len(sub))
        part = np.argpartition(-sub, k - 1)[:k]
        order = rows[part[np.lexsort((part, -sub[part]))]]
        return [DenseHit(self.ids[i], float(scores[i])) for i in order]

    def vectors_of_record(self, section_tipo: str, section_id: int) -> np.ndarray:
        """The stored vectors of one record (for similar-records; nothing is re-embedded)."""
        rows = self.store.cursor().execute(
            "SELECT embedding FROM rag_embeddings WHERE section_tipo = ? AND section_id = ? AND model = ?",
            [section_tipo, section_id, self.model]).fetchall()
        return np.asarray([r[0] for r in rows], dtype=np.float32)


def _unchanged(index: VectorIndex, old: np.ndarray, matrix: np.ndarray,
               meta: pa.Table) -> tuple[np.ndarray, np.ndarray]:
    """Rows of ``old`` stored again identically (same id, vector and metadata), and which new rows they are."""
    same_new = np.zeros(meta.num_rows, bool)
    if not len(old) or not meta.num_rows:
        return np.zeros(0, np.int64), same_new
    pos = {index.ids[i]: int(i) for i in old}
    pairs = [(j, pos[c]) for j, c in enumerate(meta.column("id").to_pylist()) if c in pos]
    if not pairs:
        return np.zeros(0, np.int64), same_new
    js, olds = (np.asarray(v, np.int64) for v in zip(*pairs))
    same = (matrix[js].shape == index.matrix[olds].shape) & np.all(matrix[js] == index.matrix[olds], axis=1)
    rows_old = index.meta.take(pa.array(olds)).to_pylist()
    rows_new = meta.take(pa.array(js)).to_pylist()
    same &= np.asarray([a == b for a, b in zip(rows_old, rows_new)], bool)
    same_new[js[same]] = True
    return olds[same], same_new


def _days(col: pa.ChunkedArray) -> np.ndarray:
    """Dates as days since the epoch; missing dates as a sentinel."""
    arr = col.combine_chunks().cast(pa.int32())
    return arr.fill_null(_NO_DATE).to_numpy(zero_copy_only=False).astype(np.int32)
