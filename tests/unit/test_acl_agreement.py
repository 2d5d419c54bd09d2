"""The ACL rule is stated once (core.acl.Rule) and compiled four ways; they must never disagree.

Fast half (no PostgreSQL): the Python check, the gate reading a real DuckDB table, the DuckDB
SQL predicate on that table and the dense index's numpy mask, on every generated profile ×
record (classification × projects × tombstone). tests/integration/test_acl_agreement_pg.py
adds the PostgreSQL predicate on a real server.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from core.acl import OWNER, PUBLIC, Rule
from core.errors import NotFound
from core.ingest.pipeline import IngestOptions
from core.service import Ovillo
from tests.conftest import drain
from tests.acl_cases import (PROFILES, RecordCase, TableStore, by_duckdb_sql, by_gate, by_numpy_mask,
                             disagreements, expected, records)


@pytest.fixture
def cases() -> list[RecordCase]:
    return records()


@pytest.fixture
def table(cases: list[RecordCase]) -> Iterator[TableStore]:
    store = TableStore(cases)
    yield store
    store.close()


def test_the_cases_cover_the_space(cases: list[RecordCase]) -> None:
    assert len(cases) == 6 * 9 * 2 and len(PROFILES) == 12
    visible = expected(cases)
    # neither everything nor nothing: each profile answers both ways somewhere, but one sees nothing
    for p in PROFILES:
        n = sum((p.name, r.key) in visible for r in cases)
        assert (n == 0) == (p.name in ("no-classification", "owner-no-project")), (p.name, n)
    assert not any(r.deleted_at for r in cases if ("owner", r.key) in visible)


def test_sql_mask_gate_and_python_agree_on_duckdb(cases: list[RecordCase], table: TableStore) -> None:
    answers = {"python": expected(cases), "gate": by_gate(table, cases), "duckdb": by_duckdb_sql(table),
               "numpy": by_numpy_mask(table)}
    assert not disagreements(cases, answers)
    assert all(a == answers["python"] for a in answers.values())


def test_profiles_compile_their_rule() -> None:
    assert OWNER.rule == Rule(frozenset({"public", "restricted", "secret"}))
    assert PUBLIC.rule.projects is None
    team = Rule(frozenset({"restricted", "public"}), frozenset({3, 1}))
    # parameters are sorted: one profile, one SQL text and one parameter list
    assert team.duckdb_sql("x") == (
        "x.deleted_at IS NULL AND x.classification IN (SELECT unnest(?::VARCHAR[])) "
        "AND len(list_intersect(x.project_ids, ?::INTEGER[])) > 0", [["public", "restricted"], [1, 3]])
    assert team.postgres_sql("x") == (
        "x.deleted_at IS NULL AND x.classification = ANY(%s::text[]) AND x.project_ids && %s::int[]",
        [["public", "restricted"], [1, 3]])


def test_record_view_goes_through_the_gate(fake_app: Ovillo, tmp_path: Path) -> None:
    (tmp_path / "r.md").write_text("# Reservado\n\nInventario del legado.\n", encoding="utf-8")
    drain(fake_app.ingest([tmp_path / "r.md"], IngestOptions(classification="restricted")))
    st, sid = fake_app.store.cursor().execute("SELECT section_tipo, section_id FROM records").fetchone()
    rec = fake_app.record(st, sid, profile="owner")
    assert rec.title == "Reservado" and rec.classification == "restricted" and "legado" in rec.full_text
    with pytest.raises(NotFound) as hidden:
        fake_app.record(st, sid, profile="public")
    with pytest.raises(NotFound) as missing:
        fake_app.record(st, sid + 1000, profile="public")
    assert str(hidden.value).replace(str(sid), "N") == str(missing.value).replace(str(sid + 1000), "N")
    assert fake_app.facets("public").classifications == () and fake_app.facets("owner").classifications
