"""The central archive's row-level security applies the same ACL rule as :class:`core.acl.Rule`.

Sync does not filter what it pulls: a user gets what the server's RLS policy lets their role read
(the ``records_read`` policy, last set by ``resources/central/migrations/0005_*``). That SQL states
the rule a second time, so every clearance × project set is checked here against
:meth:`Rule.allows` on the generated records (:mod:`tests.acl_cases`) the central schema can
hold: a known classification and non-NULL ``project_ids``, NULL members included, tombstoned or
not; and no user reads less than a ``public`` user does. Real roles, real RLS, no mocks.
"""

from __future__ import annotations

from core.acl import CLASSIFICATIONS, Rule
from core.sync.connect import connect
from tests.acl_cases import RecordCase, records
from tests.integration.test_sync import Central, central
from tests.pg_fixtures import central_server  # noqa: F401  (the session fixture)

__all__ = ["central"]  # fixture

# a user's clearance sees its own classification and every looser one
USERS: dict[str, tuple[str, list[int] | None]] = {
    f"acl_{clearance}_{tag}": (clearance, projects)
    for clearance in CLASSIFICATIONS
    for tag, projects in (("all", None), ("p1", [1]), ("p12", [1, 2]), ("p3", [3]), ("none", []))
}


def rule_of(clearance: str, projects: list[int] | None) -> Rule:
    """The rule a central user's clearance and projects stand for."""
    return Rule(frozenset(CLASSIFICATIONS[:CLASSIFICATIONS.index(clearance) + 1]),
                frozenset(projects) if projects is not None else None)


def publish_cases(central: Central) -> list[RecordCase]:
    """Every generated record the central schema can hold, written by the administrator."""
    cases = [r for r in records() if r.classification in CLASSIFICATIONS and r.project_ids is not None]
    with central.admin.transaction():
        with central.admin.cursor() as cur:
            cur.executemany("INSERT INTO records (section_tipo, section_id, classification, project_ids, deleted_at) "
                            "VALUES (%s, %s, %s, %s::int[], %s)",
                            [(r.section_tipo, r.section_id, r.classification, r.project_ids, r.deleted_at)
                             for r in cases])
    return cases


def read_as(central: Central, name: str, clearance: str, projects: list[int] | None) -> set[tuple[str, int]]:
    """The record keys the user ``name`` reads with no WHERE at all (row-level security alone)."""
    central.user(name, clearance, projects)
    with connect(central.server.address, name, f"pw-{name}") as con:
        return {(str(st), int(sid))  # type: ignore[call-overload]
                for st, sid in con.execute("SELECT section_tipo, section_id FROM records").fetchall()}


def test_central_row_level_security_agrees_with_the_rule(central: Central) -> None:
    cases = publish_cases(central)
    disagree: dict[str, tuple[set[tuple[str, int]], set[tuple[str, int]]]] = {}
    total_seen = 0
    for name, (clearance, projects) in USERS.items():
        seen = read_as(central, name, clearance, projects)
        rule = rule_of(clearance, projects)
        want = {r.key for r in cases if rule.allows(r.classification, r.project_ids, r.deleted_at)}
        total_seen += len(seen)
        if seen != want:
            disagree[name] = (seen - want, want - seen)
    assert not disagree, disagree
    assert len(cases) == 3 * 8 * 2 and len(USERS) == 15
    assert total_seen > 0  # the server let through what the rule allows, not nothing at all


def test_no_central_user_reads_less_than_a_public_user(central: Central) -> None:
    """Monotonic on the server: what the public clearance reads, every clearance × project set reads."""
    cases = publish_cases(central)
    public = read_as(central, "acl_public_all", "public", None)
    assert public == {r.key for r in cases if r.classification == "public" and r.deleted_at is None}
    assert len(public) == 8  # public with no project, another project, a NULL member …
    short = {name: sorted(public - read_as(central, name, clearance, projects))
             for name, (clearance, projects) in USERS.items()}
    assert short == {name: [] for name in USERS}
