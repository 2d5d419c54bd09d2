"""Every stored image vector of one model, as one matrix, reloaded when the store changes.

Rows carry their object (section_tipo, section_id) and view, so a query scores all views of all
objects in one matrix product; nothing here knows about profiles — the caller gates every hit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from core.store.db import Store

RecordKey = tuple[str, int]


@dataclass
class ImageIndex:
    """Image rows of ``model``: ids, object index per row, view per row, L2-normalised vectors."""

    store: Store
    model: str
    ids: list[str] = field(default_factory=list)
    views: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=object))
    row_object: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    objects: list[RecordKey] = field(default_factory=list)
    matrix: np.ndarray = field(default_factory=lambda: np.empty((0, 0), dtype=np.float32))
    first_row: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))  # one row id per object
    known_views: frozenset[str] = frozenset()
    view_rows: dict[str, np.ndarray] = field(default_factory=dict)  # view → its rows, found once per load
    _positions: dict[RecordKey, int] = field(default_factory=dict)
    _generation: int = -1

    def refresh(self) -> None:
        """Reload when the store's generation moved (any write bumps it)."""
        gen = self.store.generation()
        if gen == self._generation:
            return
        table = self.store.cursor().execute("""
            SELECT id, section_tipo, section_id, json_extract_string(chunk_meta, '$.view') AS view, embedding
            FROM rag_embeddings WHERE modality = 'image' AND model = ? ORDER BY id
        """, [self.model]).to_arrow_table()  # Arrow, not Python tuples: 100k vectors load in a fraction
        n = table.num_rows
        self.ids = table.column("id").to_pylist()
        keys: dict[RecordKey, int] = {}
        self.row_object = np.array([keys.setdefault((st, sid), len(keys)) for st, sid in
                                    zip(table.column("section_tipo").to_pylist(),
                                        table.column("section_id").to_pylist())], dtype=np.int64)
        self.objects = list(keys)
        self._positions = keys
        self.views = np.array([v or "image" for v in table.column("view").to_pylist()], dtype=object)
        self.known_views = frozenset(self.views.tolist())
        self.view_rows = {v: np.flatnonzero(self.views == v) for v in self.known_views}
        first = np.full(len(keys), n, dtype=np.int64)
        np.minimum.at(first, self.row_object, np.arange(n, dtype=np.int64))  # any row stands for its object
        self.first_row = first
        if n:
            flat = table.column("embedding").combine_chunks().flatten().to_numpy(zero_copy_only=False)
            self.matrix = np.ascontiguousarray(flat, dtype=np.float32).reshape(n, -1)
        else:
            self.matrix = np.empty((0, 0), dtype=np.float32)
        self._generation = gen

    def object_index(self, key: RecordKey) -> int | None:
        """Position of an object in :attr:`objects`, or None when it has no image rows."""
        return self._positions.get(key)

    def vectors_of(self, key: RecordKey) -> dict[str, np.ndarray]:
        """The stored vector of each view of an object (no re-embedding)."""
        idx = self.object_index(key)
        if idx is None:
            return {}
        return {str(self.views[i]): self.matrix[i] for i in np.flatnonzero(self.row_object == idx)}
