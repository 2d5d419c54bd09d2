"""The ACL rule's agreement cases: generated profiles × records, and each compilation's answer.

Shared by tests/unit/test_acl_agreement.py (Python, the gate, DuckDB SQL, numpy) and
tests/integration/test_acl_agreement_pg.py (the same plus PostgreSQL SQL on a real server).
Every evaluator answers the same question — which records may each profile see — as a set
of (profile name, record key) pairs, so the tests compare sets and print the disagreements,
and check each answer is monotonic: no profile sees less than ``public``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

import duckdb
import numpy as np

from core import gate
from core.acl import CLASSIFICATIONS, Profile
from core.errors import NotFound
from core.retrieval.dense import VectorIndex
from core.filters import SearchFilters

MODEL = "acl-test-model"
TOMBSTONE = datetime(2024, 5, 1, 12, 0)

# every value a record can carry, including what the local schema refuses but the central one
# (or a future writer) might hold: NULL and unknown classifications, NULL projects, NULL members
CLASSIFICATION_VALUES: tuple[str | None, ...] = (*CLASSIFICATIONS, None, "confidential", "Public")
PROJECT_VALUES: tuple[list[int | None] | None, ...] = (None, [], [1], [2], [1, 2], [3], [2, 1, 2], [None], [1, None])

PROFILES: tuple[Profile, ...] = (
    Profile("owner", frozenset(CLASSIFICATIONS)),
    Profile("public", frozenset({"public"})),
    Profile("restricted-only", frozenset({"restricted"})),
    Profile("staff", frozenset({"public", "restricted"})),
    Profile("no-classification", frozenset()),
    Profile("owner-project-1", frozenset(CLASSIFICATIONS), frozenset({1})),
    Profile("owner-projects-1-2", frozenset(CLASSIFICATIONS), frozenset({1, 2})),
    Profile("owner-no-project", frozenset(CLASSIFICATIONS), frozenset()),
    Profile("public-project-2", frozenset({"public"}), frozenset({2})),
    Profile("researcher-project-1", frozenset({"public", "restricted"}), frozenset({1})),  # a field researcher
    Profile("restricted-project-3", frozenset({"restricted"}), frozenset({3})),
    Profile("secret-projects-2-9", frozenset({"secret"}), frozenset({2, 9})),
    Profile("odd-classification", frozenset({"public", "confidential"})),  # a rule is data: any value compiles
)


@dataclass(frozen=True)
class RecordCase:
    """One generated record (only what the rule reads, plus its key)."""

    section_tipo: str
    section_id: int
    classification: str | None
    project_ids: list[int | None] | None
    deleted_at: datetime | None

    @property
    def key(self) -> tuple[str, int]:
        return (self.section_tipo, self.section_id)


def records() -> list[RecordCase]:
    """classification × project_ids × tombstoned, one record each."""
    out = []
    combos = itertools.product(CLASSIFICATION_VALUES, PROJECT_VALUES, (None, TOMBSTONE))
    for i, (classification, projects, deleted_at) in enumerate(combos):
        out.append(RecordCase("acl", i, classification, projects, deleted_at))
    return out


Visible = set[tuple[str, tuple[str, int]]]  # (profile name, record key)


def expected(cases: list[RecordCase]) -> Visible:
    """The Python compilation (:meth:`core.acl.Rule.allows`) on the generated values."""
    return {(p.name, r.key) for p in PROFILES for r in cases
            if p.rule.allows(r.classification, r.project_ids, r.deleted_at)}


# -- a real DuckDB holding the cases -------------------------------------------------------------
_DDL = """
CREATE TABLE records (
    section_tipo VARCHAR NOT NULL, section_id BIGINT NOT NULL, title VARCHAR, lang VARCHAR,
    classification VARCHAR, project_ids INTEGER[], data JSON, date_start DATE, date_end DATE,
    updated_at TIMESTAMP, deleted_at TIMESTAMP, PRIMARY KEY (section_tipo, section_id));
CREATE TABLE rag_embeddings (
    id VARCHAR PRIMARY KEY, section_tipo VARCHAR NOT NULL, section_id BIGINT NOT NULL,
    component_tipo VARCHAR NOT NULL, lang VARCHAR, chunk_index INTEGER NOT NULL, modality VARCHAR NOT NULL,
    model VARCHAR NOT NULL, dimension INTEGER NOT NULL, source_text VARCHAR NOT NULL, source_hash VARCHAR NOT NULL,
    chunk_meta JSON, embedding FLOAT[] NOT NULL, updated_at TIMESTAMP NOT NULL);
"""


class TableStore:
    """Just enough of :class:`core.store.db.Store` for the gate and the dense index: the local
    schema's columns without its CHECK and NOT NULL on the ACL columns, so NULL and unknown
    values (possible centrally) can be stored and shown hidden everywhere."""

    path = None  # in memory: the dense index keeps no vector file

    def __init__(self, cases: list[RecordCase]) -> None:
        self.con = duckdb.connect(":memory:")
        self.con.execute(_DDL)
        for r in cases:
            self.con.execute("INSERT INTO records VALUES (?, ?, ?, 'und', ?, ?, '{}', NULL, NULL, ?, ?)",
                             [r.section_tipo, r.section_id, f"record {r.section_id}", r.classification,
                              r.project_ids, TOMBSTONE, r.deleted_at])
            # two passages per record: the mask and the gate must treat a record's rows alike
            for idx in range(2):
                self.con.execute(
                    "INSERT INTO rag_embeddings VALUES (?, ?, ?, 'rag:body', 'und', ?, 'text', ?, 2, 'text', 'h', "
                    "'{}', [1.0, 0.0], ?)",
                    [chunk_id(r, idx), r.section_tipo, r.section_id, idx, MODEL, TOMBSTONE])

    def cursor(self) -> duckdb.DuckDBPyConnection:
        return self.con.cursor()

    def generation(self) -> int:
        return 0

    def close(self) -> None:
        self.con.close()


def chunk_id(r: RecordCase, idx: int) -> str:
    return f"{r.section_tipo}:{r.section_id}:{idx}"


def by_duckdb_sql(store: TableStore) -> Visible:
    """:meth:`core.acl.Rule.duckdb_sql` as a WHERE clause over the DuckDB table."""
    out: Visible = set()
    for p in PROFILES:
        where, params = p.rule.duckdb_sql("r")
        rows = store.cursor().execute(f"SELECT section_tipo, section_id FROM records r WHERE {where}",
                                      params).fetchall()
        out.update((p.name, (st, int(sid))) for st, sid in rows)
    return out


def by_numpy_mask(store: TableStore) -> Visible:
    """:meth:`core.acl.Rule.numpy_mask` over the per-row metadata the dense index loads itself."""
    index = VectorIndex(store, MODEL)  # type: ignore[arg-type]
    index._load()  # the index's own load (refresh() would also build the keyword index)
    out: Visible = set()
    per_record: dict[tuple[str, int], set[bool]] = {}
    for p in PROFILES:
        mask = index.mask(p, SearchFilters())
        for row, allowed in enumerate(mask):
            key = (index.record_keys[row][0], int(index.record_keys[row][1]))
            per_record.setdefault(key, set()).add(bool(allowed))
            if allowed:
                out.add((p.name, key))
        assert all(len(v) == 1 for v in per_record.values()), f"{p.name}: rows of one record disagree"
        per_record.clear()
    assert isinstance(mask, np.ndarray) and len(mask) == 2 * len(index.record_ordinal)
    return out


def by_gate(store: TableStore, cases: list[RecordCase]) -> Visible:
    """The gate itself (:mod:`core.gate`): passages re-read from the table, and record reads."""
    ids = [chunk_id(r, idx) for r in cases for idx in range(2)]
    out: Visible = set()
    for p in PROFILES:
        passed = {(g.section_tipo, g.section_id) for g in gate.passages(store, ids, p)}  # type: ignore[arg-type]
        read = set()
        for r in cases:
            try:
                rec = gate.record(store, r.section_tipo, r.section_id, p)  # type: ignore[arg-type]
            except NotFound:
                continue
            read.add((rec.section_tipo, rec.section_id))
        assert passed == read, f"{p.name}: passages and record reads disagree"
        out.update((p.name, key) for key in passed)
    return out


def below_public(cases: list[RecordCase], visible: Visible) -> list[str]:
    """One line per (profile, record) that ``public`` sees and the profile does not (access is monotonic)."""
    public = {r.key for r in cases if ("public", r.key) in visible}
    return [f"{p.name} × {r.classification!r} {r.project_ids!r}" for p in PROFILES for r in cases
            if r.key in public and (p.name, r.key) not in visible]


def disagreements(cases: list[RecordCase], answers: Mapping[str, Visible]) -> list[str]:
    """One line per (profile, record) where the compilations do not all give the same answer."""
    lines = []
    for p in PROFILES:
        for r in cases:
            votes = {name: (p.name, r.key) in visible for name, visible in answers.items()}
            if len(set(votes.values())) > 1:
                lines.append(f"{p.name} × {r.classification!r} {r.project_ids!r} "
                             f"{'deleted' if r.deleted_at else 'live'}: {votes}")
    return lines
