"""Profiles and the one ACL gate every result passes before it leaves core.

A record is visible to a profile when its classification is one the profile
may see and, if the profile is limited to projects, it shares one of them.
Deleted (tombstoned) records are visible to nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from core.errors import NotFound
from core.store.db import Store

CLASSIFICATIONS = ("public", "restricted", "secret")  # from least to most restrictive
_RANK = {c: i for i, c in enumerate(CLASSIFICATIONS)}


def strictest(*values: str | None) -> str | None:
    """The most restrictive of the classifications given (None and unknown values are ignored)."""
    known = [v for v in values if v in _RANK]
    return max(known, key=_RANK.__getitem__) if known else None


def looser(a: str, b: str) -> bool:
    """True when classification ``a`` lets more profiles see a record than ``b``."""
    return _RANK[a] < _RANK[b]


@dataclass(frozen=True)
class Profile:
    """Who is asking: what classifications and projects they may see."""

    name: str
    classifications: frozenset[str]
    project_ids: frozenset[int] | None = None  # None: every project

    def allows(self, classification: str | None, project_ids: Sequence[int] | None,
               deleted_at: datetime | None = None) -> bool:
        """The gate's check for one record."""
        if deleted_at is not None or classification not in self.classifications:
            return False
        if self.project_ids is None:
            return True
        return bool(self.project_ids.intersection(project_ids or ()))

    def sql(self, alias: str = "r") -> tuple[str, list[object]]:
        """The same rule as a SQL predicate on ``records`` (for push-down into queries)."""
        clauses = [f"{alias}.deleted_at IS NULL", f"{alias}.classification IN (SELECT unnest(?::VARCHAR[]))"]
        params: list[object] = [sorted(self.classifications)]
        if self.project_ids is not None:
            clauses.append(f"len(list_intersect({alias}.project_ids, ?::INTEGER[])) > 0")
            params.append(sorted(self.project_ids))
        return " AND ".join(clauses), params


OWNER = Profile("owner", frozenset(CLASSIFICATIONS))
PUBLIC = Profile("public", frozenset({"public"}))


def load_profile(store: Store, name: str) -> Profile:
    """A profile by name from the store; unknown names are an error, never a fallback to owner."""
    row = store.cursor().execute("SELECT classifications, project_ids FROM profiles WHERE name = ?",
                                 [name]).fetchone()
    if row is None:
        raise NotFound(f"no profile named {name!r}", hint="Built-in profiles: owner, public.")
    classes = frozenset(c for c in row[0] if c in CLASSIFICATIONS)
    projects = frozenset(int(p) for p in row[1]) if row[1] is not None else None
    return Profile(name, classes, projects)
