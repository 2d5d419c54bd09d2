"""The ACL rule is stated once (core.acl.Rule) and compiled four ways; they must never disagree.

Fast half (no PostgreSQL): the Python check, the gate reading a real DuckDB table, the DuckDB
SQL predicate on that table and the dense index's numpy mask, on every generated profile ×
record (classification × projects × tombstone), and every one of them is monotonic: no profile
sees less than ``public``. tests/integration/test_acl_agreement_pg.py adds the PostgreSQL
predicate on a real server.
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
from tests.acl_cases import (PROFILES, TOMBSTONE, RecordCase, TableStore, below_public, by_duckdb_sql, by_gate,
                             by_numpy_mask, disagreements, expected, records)


@pytest.fixture
def cases() -> list[RecordCase]:
    return records()


@pytest.fixture
def table(cases: list[RecordCase]) -> Iterator[TableStore]:
    store = TableStore(cases)
    yield store
    store.close()


def test_the_cases_cover_the_space(cases: list[RecordCase]) -> None:
    assert len(cases) == 6 * 9 * 2 and len(PROFILES) == 13
    assert next(p for p in PROFILES if p.name == "public").rule == PUBLIC.rule
    visible = expected(cases)
    seen = {p.name: {r.key for r in cases if (p.name, r.key) in visible} for p in PROFILES}
    # every profile hides something (tombstones at least); those with nothing above public see just public's
    assert all(0 < len(keys) < len(cases) for keys in seen.values())
    assert {n for n, keys in seen.items() if keys == seen["public"]} == {
        "public", "no-classification", "owner-no-project", "public-project-2"}
    assert not any(r.deleted_at for r in cases if ("owner", r.key) in visible)


def test_sql_mask_gate_and_python_agree_on_duckdb(cases: list[RecordCase], table: TableStore) -> None:
    answers = {"python": expected(cases), "gate": by_gate(table, cases), "duckdb": by_duckdb_sql(table),
               "numpy": by_numpy_mask(table)}
    assert not disagreements(cases, answers)
    assert all(a == answers["python"] for a in answers.values())


def test_no_profile_sees_less_than_public(cases: list[RecordCase], table: TableStore) -> None:
    """Monotonic: public.allows(record) ⇒ profile.allows(record), for every profile, record and compilation."""
    answers = {"python": expected(cases), "gate": by_gate(table, cases), "duckdb": by_duckdb_sql(table),
               "numpy": by_numpy_mask(table)}
    assert {name: below_public(cases, visible) for name, visible in answers.items()} == {
        name: [] for name in answers}
    public = [r for r in cases if PUBLIC.allows(r.classification, r.project_ids, r.deleted_at)]
    assert len(public) == 9  # every live public record, whatever its projects
    assert all(p.allows(r.classification, r.project_ids, r.deleted_at) for p in PROFILES for r in public)


def test_projects_narrow_only_what_is_above_public() -> None:
    researcher = Rule(frozenset({"public", "restricted"}), frozenset({1}))
    # public: with no project, another project, a NULL member or NULL projects, all visible
    for projects in (None, [], [1], [2], [3], [None], [2, 9]):
        assert researcher.allows("public", projects), projects
    assert [p for p in (None, [], [1], [2], [1, 2], [None], [1, None]) if researcher.allows("restricted", p)] == [
        [1], [1, 2], [1, None]]
    assert not researcher.allows("secret", [1]) and not researcher.allows("public", [], deleted_at=TOMBSTONE)
    # public is the floor of every rule, even one that lists no classification or no project
    assert Rule(frozenset()).classifications == frozenset({"public"})
    assert Rule(frozenset({"restricted"})).classifications == frozenset({"public", "restricted"})
    nothing_above = Rule(frozenset({"restricted", "secret"}), frozenset())
    assert nothing_above.allows("public", [7]) and not nothing_above.allows("restricted", [7])


def test_profiles_compile_their_rule() -> None:
    assert OWNER.rule == Rule(frozenset({"public", "restricted", "secret"}))
    assert PUBLIC.rule.projects is None
    team = Rule(frozenset({"restricted"}), frozenset({3, 1}))
    # parameters are sorted, public added: one profile, one SQL text and one parameter list
    assert team.duckdb_sql("x") == (
        "x.deleted_at IS NULL AND x.classification IN (SELECT unnest(?::VARCHAR[])) "
        "AND (x.classification = 'public' OR len(list_intersect(x.project_ids, ?::INTEGER[])) > 0)",
        [["public", "restricted"], [1, 3]])
    assert team.postgres_sql("x") == (
        "x.deleted_at IS NULL AND x.classification = ANY(%s::text[]) "
        "AND (x.classification = 'public' OR x.project_ids && %s::int[])", [["public", "restricted"], [1, 3]])


def test_record_view_goes_through_the_gate(fake_app: Ovillo, tmp_path: Path) -> None:
    (tmp_path / "r.md").write_text("# Reservado\n\nInventario del legado.\n", encoding="utf-8")
    drain(fake_app.library.ingest([tmp_path / "r.md"], IngestOptions(classification="restricted")))
    st, sid = fake_app.store.cursor().execute("SELECT section_tipo, section_id FROM records").fetchone()
    rec = fake_app.library.record(st, sid, profile="owner")
    assert rec.title == "Reservado" and rec.classification == "restricted" and "legado" in rec.full_text
    with pytest.raises(NotFound) as hidden:
        fake_app.library.record(st, sid, profile="public")
    with pytest.raises(NotFound) as missing:
        fake_app.library.record(st, sid + 1000, profile="public")
    assert str(hidden.value).replace(str(sid), "N") == str(missing.value).replace(str(sid + 1000), "N")
    assert fake_app.library.facets("public").classifications == () and fake_app.library.facets("owner").classifications
