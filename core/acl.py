"""Profiles and the ACL rule, stated once as data and compiled for every place that applies it.

A record is visible to a profile when it is not tombstoned, its classification is
one the profile may see and, if the profile is limited to projects, it is public or
shares one of them. Access is monotonic: every profile sees at least what ``public``
sees (``public`` is always among a rule's classifications, and projects narrow only
what is above ``public``), so a project-limited researcher never gets less of the
archive than the anonymous kiosk. :class:`Rule` holds exactly that (the visible
classifications and the optional project set; tombstones are hidden by every rule)
and compiles it to:

- :meth:`Rule.allows` — the check on one record that the gate (:mod:`core.gate`) runs;
- :meth:`Rule.duckdb_sql` — a predicate over the local ``records`` table (push-down);
- :meth:`Rule.numpy_mask` — a boolean mask over an in-memory index's per-row metadata;
- :meth:`Rule.postgres_sql` — a predicate over the central archive's ``records``.

``tests/unit/test_acl_agreement.py`` and ``tests/integration/test_acl_agreement_pg.py``
prove the four agree on every combination of classification, projects and tombstone, and
that no profile sees less than ``public``. Sync sends no predicate: the central server's
row-level security (the ``records_read`` policy) states the rule in its own SQL, and
``tests/integration/test_acl_agreement_central.py`` proves it agrees.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from core.errors import NotFound
from core.store.db import Store

CLASSIFICATIONS = ("public", "restricted", "secret")  # from least to most restrictive
PUBLIC_CLASS = CLASSIFICATIONS[0]  # what the anonymous kiosk sees: the floor of every rule
_RANK = {c: i for i, c in enumerate(CLASSIFICATIONS)}


def strictest(*values: str | None) -> str | None:
    """The most restrictive of the classifications given (None and unknown values are ignored)."""
    known = [v for v in values if v in _RANK]
    return max(known, key=_RANK.__getitem__) if known else None


def looser(a: str, b: str) -> bool:
    """True when classification ``a`` lets more profiles see a record than ``b``."""
    return _RANK[a] < _RANK[b]


@dataclass(frozen=True)
class AclColumns:
    """Per-row ACL metadata of an in-memory index: what :meth:`Rule.numpy_mask` reads."""

    classification_codes: np.ndarray  # int32 code per row; -1 for NULL (a code no vocabulary holds)
    classification_vocab: Mapping[str, int]  # classification value → code
    project_ids: Sequence[frozenset[int]]  # per row; NULL is the empty set
    deleted: np.ndarray  # bool per row: tombstoned


@dataclass(frozen=True)
class Rule:
    """The ACL rule as data.

    Visible ⇔ ``deleted_at IS NULL`` (always: no rule shows a tombstone)
    ∧ ``classification ∈ classifications`` (NULL or an unknown value: never)
    ∧ (``classification = 'public'`` ∨ ``projects is None`` ∨ ``project_ids ∩ projects ≠ ∅``).

    ``classifications`` always holds ``public`` (added when missing): public records are
    what anyone at the kiosk reads, so no profile sees less. A project set narrows only the
    records above ``public``: there NULL or empty ``project_ids`` never match, and an empty
    project set lets nothing above ``public`` through. A public record of a project the
    profile is not on is visible, as it is to ``public``.
    """

    classifications: frozenset[str]
    projects: frozenset[int] | None = None  # None: every project, and records of none

    def __post_init__(self) -> None:
        object.__setattr__(self, "classifications", frozenset(self.classifications) | {PUBLIC_CLASS})

    def allows(self, classification: str | None, project_ids: Sequence[int | None] | None,
               deleted_at: datetime | None = None) -> bool:
        """The rule for one record (what the gate checks)."""
        if deleted_at is not None or classification not in self.classifications:
            return False
        if self.projects is None or classification == PUBLIC_CLASS:
            return True
        return bool(self.projects.intersection(project_ids or ()))

    def duckdb_sql(self, alias: str = "r") -> tuple[str, list[object]]:
        """A DuckDB predicate over ``records`` alias ``alias``, with its ``?`` parameters."""
        clauses = [f"{alias}.deleted_at IS NULL", f"{alias}.classification IN (SELECT unnest(?::VARCHAR[]))"]
        params: list[object] = [sorted(self.classifications)]
        if self.projects is not None:
            clauses.append(f"({alias}.classification = '{PUBLIC_CLASS}' "
                           f"OR len(list_intersect({alias}.project_ids, ?::INTEGER[])) > 0)")
            params.append(sorted(self.projects))
        return " AND ".join(clauses), params

    def postgres_sql(self, alias: str = "r") -> tuple[str, list[object]]:
        """A PostgreSQL predicate over the central ``records`` (``text`` classification,
        ``int[]`` project_ids), with ``%s`` parameters in psycopg's style. Plain text: no client here."""
        clauses = [f"{alias}.deleted_at IS NULL", f"{alias}.classification = ANY(%s::text[])"]
        params: list[object] = [sorted(self.classifications)]
        if self.projects is not None:
            clauses.append(f"({alias}.classification = '{PUBLIC_CLASS}' OR {alias}.project_ids && %s::int[])")
            params.append(sorted(self.projects))
        return " AND ".join(clauses), params

    def numpy_mask(self, rows: AclColumns) -> np.ndarray:
        """Rows the rule lets through, as a boolean array."""
        codes = [rows.classification_vocab[c] for c in self.classifications if c in rows.classification_vocab]
        m: np.ndarray = ~rows.deleted & np.isin(rows.classification_codes, np.asarray(codes, dtype=np.int32))
        if self.projects is not None:
            projects = self.projects
            shared = np.fromiter((bool(p & projects) for p in rows.project_ids), bool, len(rows.project_ids))
            public = rows.classification_vocab.get(PUBLIC_CLASS)
            if public is not None:
                shared |= rows.classification_codes == public
            m &= shared
        return m


@dataclass(frozen=True)
class Profile:
    """Who is asking: what classifications and projects they may see."""

    name: str
    classifications: frozenset[str]  # its rule adds ``public`` when missing: no profile sees less
    project_ids: frozenset[int] | None = None  # None: every project; a set narrows only what is above public

    @property
    def rule(self) -> Rule:
        """What this profile may see, as the one ACL rule."""
        return Rule(self.classifications, self.project_ids)

    def allows(self, classification: str | None, project_ids: Sequence[int | None] | None,
               deleted_at: datetime | None = None) -> bool:
        """The gate's check for one record (:meth:`Rule.allows`)."""
        return self.rule.allows(classification, project_ids, deleted_at)

    def sql(self, alias: str = "r") -> tuple[str, list[object]]:
        """The same rule as a DuckDB predicate on ``records`` (:meth:`Rule.duckdb_sql`)."""
        return self.rule.duckdb_sql(alias)


OWNER = Profile("owner", frozenset(CLASSIFICATIONS))
PUBLIC = Profile("public", frozenset({PUBLIC_CLASS}))


def load_profile(store: Store, name: str) -> Profile:
    """A profile by name from the store; unknown names are an error, never a fallback to owner."""
    row = store.cursor().execute("SELECT classifications, project_ids FROM profiles WHERE name = ?",
                                 [name]).fetchone()
    if row is None:
        raise NotFound(f"no profile named {name!r}", hint="Built-in profiles: owner, public.")
    classes = frozenset(c for c in row[0] if c in CLASSIFICATIONS)
    projects = frozenset(int(p) for p in row[1]) if row[1] is not None else None
    return Profile(name, classes, projects)
