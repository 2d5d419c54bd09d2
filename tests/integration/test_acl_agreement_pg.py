"""The ACL rule's four compilations agree, PostgreSQL included, on a real server.

Every generated profile × record (classification × projects × tombstone, see
:mod:`tests.acl_cases`) gets one answer from each: the Python check, the gate on a real
DuckDB table, the DuckDB SQL predicate, the dense index's numpy mask, and the PostgreSQL
predicate (what sync will push to the central archive) evaluated by PostgreSQL itself; and the
PostgreSQL predicate, like the others, lets no profile see less than ``public``.
"""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from tests.acl_cases import (PROFILES, RecordCase, TableStore, Visible, below_public, by_duckdb_sql, by_gate,
                             by_numpy_mask, disagreements, expected, records)
from tests.pg_fixtures import PgServer

# the central archive's ACL columns (docs/design.md §3), without constraints: NULLs and unknown values too
_PG_DDL = """
CREATE TEMPORARY TABLE records (
    section_tipo   text   NOT NULL,
    section_id     bigint NOT NULL,
    classification text,
    project_ids    int[],
    deleted_at     timestamp,
    PRIMARY KEY (section_tipo, section_id))
"""


@pytest.fixture
def pg(pg_server: PgServer) -> Iterator[psycopg.Connection[tuple[object, ...]]]:
    with psycopg.connect(pg_server.uri, autocommit=True) as con:
        yield con


def by_postgres_sql(con: psycopg.Connection[tuple[object, ...]], cases: list[RecordCase]) -> Visible:
    """:meth:`core.acl.Rule.postgres_sql` as a WHERE clause, run by PostgreSQL."""
    con.execute(_PG_DDL)
    with con.cursor() as cur:
        cur.executemany("INSERT INTO records VALUES (%s, %s, %s, %s::int[], %s)",
                        [(r.section_tipo, r.section_id, r.classification, r.project_ids, r.deleted_at)
                         for r in cases])
    out: Visible = set()
    for p in PROFILES:
        where, params = p.rule.postgres_sql("r")
        rows = con.execute(f"SELECT section_tipo, section_id FROM records r WHERE {where}", params).fetchall()
        out.update((p.name, (str(st), int(sid))) for st, sid in rows)  # type: ignore[call-overload]
    return out


def test_all_compilations_agree_with_postgres(pg: psycopg.Connection[tuple[object, ...]]) -> None:
    cases = records()
    table = TableStore(cases)
    try:
        answers = {"python": expected(cases), "gate": by_gate(table, cases), "duckdb": by_duckdb_sql(table),
                   "numpy": by_numpy_mask(table), "postgres": by_postgres_sql(pg, cases)}
    finally:
        table.close()
    assert not disagreements(cases, answers)
    assert all(a == answers["python"] for a in answers.values())
    assert len(cases) * len(PROFILES) == 1404
    stored = pg.execute("SELECT count(*), count(*) FILTER (WHERE classification IS NULL), "
                        "count(*) FILTER (WHERE project_ids IS NULL) FROM records").fetchone()
    assert stored == (108, 18, 12)  # the NULLs reached PostgreSQL as NULLs


def test_postgres_predicate_lets_no_profile_see_less_than_public(
        pg: psycopg.Connection[tuple[object, ...]]) -> None:
    cases = records()
    visible = by_postgres_sql(pg, cases)
    assert below_public(cases, visible) == []
    # public records of no project and of another project reach the project-limited researcher
    researcher = {key for name, key in visible if name == "researcher-project-1"}
    public_keys = {r.key for r in cases if r.classification == "public" and r.deleted_at is None}
    assert len(public_keys) == 9 and public_keys <= researcher


def test_server_is_postgres_on_a_unix_socket(pg: psycopg.Connection[tuple[object, ...]]) -> None:
    version = pg.execute("SHOW server_version_num").fetchone()
    assert version is not None and int(str(version[0])) >= 180000
    assert pg.info.host.startswith("/")
