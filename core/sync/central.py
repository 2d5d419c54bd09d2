"""The central archive's administration: versioned schema migrations and users (roles + clearance).

Runs as the administrator. Migrations live in ``resources/central/migrations`` as ``NNNN_name.sql``
(``resources/central/schema.sql`` is their concatenation, for reading); each is applied once, in
order, in one transaction with its ``central_schema_version`` row.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg import sql

from core.acl import CLASSIFICATIONS
from core.errors import ConfigError
from core.sync.connect import SyncError

RESOURCES = Path(__file__).resolve().parents[2] / "resources" / "central"
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
_ROLE = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")  # a plain role name: no quoting surprises in DSNs or logs


@dataclass(frozen=True)
class Migration:
    """One central schema migration file."""

    version: int
    name: str
    path: Path


def migrations() -> list[Migration]:
    """The known migrations, in order."""
    found = []
    for path in sorted((RESOURCES / "migrations").glob("*.sql")):
        m = _NAME.match(path.name)
        if m:
            found.append(Migration(int(m.group(1)), m.group(2), path))
    return found


def known_version() -> int:
    """The newest central schema version this program understands."""
    return max(m.version for m in migrations())


def apply_schema(con: psycopg.Connection[tuple[object, ...]]) -> list[int]:
    """Apply the migrations the database lacks; returns the versions applied."""
    con.execute("CREATE TABLE IF NOT EXISTS central_schema_version (version integer PRIMARY KEY, name text NOT NULL,"
                " applied_at timestamptz NOT NULL DEFAULT now())")
    con.commit()
    row = con.execute("SELECT coalesce(max(version), 0) FROM central_schema_version").fetchone()
    current = int(row[0]) if row else 0  # type: ignore[call-overload]
    if current > known_version():
        raise ConfigError(f"the central schema is version {current}, newer than this Ovillo knows "
                          f"({known_version()})", hint="Update Ovillo.")
    applied = []
    for m in migrations():
        if m.version <= current:
            continue
        with con.transaction():
            con.execute(m.path.read_text(encoding="utf-8").encode())
            con.execute("INSERT INTO central_schema_version (version, name) VALUES (%s, %s)", (m.version, m.name))
        applied.append(m.version)
    return applied


def add_user(con: psycopg.Connection[tuple[object, ...]], name: str, clearance: str, projects: list[int] | None,
             password: str) -> bool:
    """Create the role and its clearance, or update clearance, projects and password; True when created.

    ``projects`` None: every project; a list: above public, only records sharing one of them.
    """
    if not _ROLE.match(name):
        raise ConfigError(f"invalid user name {name!r}", hint="Use lowercase letters, digits and _ (at most 63).")
    if clearance not in CLASSIFICATIONS:
        raise ConfigError(f"unknown clearance {clearance!r}", hint=f"One of: {', '.join(CLASSIFICATIONS)}.")
    if not password:
        raise ConfigError("the password is empty")
    role = sql.Identifier(name)
    with con.transaction():
        exists = con.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone() is not None
        # the server hashes it (scram-sha-256); the statement itself never reaches the log
        con.execute("SET LOCAL log_statement = 'none'")
        verb = sql.SQL("ALTER") if exists else sql.SQL("CREATE")
        con.execute(sql.SQL("{} ROLE {} LOGIN PASSWORD {}").format(verb, role, sql.Literal(password)))
        con.execute(sql.SQL("GRANT ovillo_reader TO {}").format(role))
        con.execute("INSERT INTO central_users (name, clearance, project_ids) VALUES (%s, %s, %s) "
                    "ON CONFLICT (name) DO UPDATE SET clearance = excluded.clearance, "
                    "project_ids = excluded.project_ids", (name, clearance, projects))
    return not exists


def admin_connect(dsn: str) -> psycopg.Connection[tuple[object, ...]]:
    """The administrator's connection, the central schema first brought up to date (a server made by
    an older Ovillo: migrated on the administrator's next publish or user change, like a local store
    on open); failures become one clear :class:`SyncError` or :class:`ConfigError`."""
    try:
        con = psycopg.connect(dsn, connect_timeout=10)
    except psycopg.ProgrammingError as exc:  # not a connection string at all
        raise ConfigError(f"not a PostgreSQL address: {str(exc).strip()}",
                          hint="Use the DSN `ovillo central init` printed.") from exc
    except psycopg.OperationalError as exc:
        last = str(exc).strip().splitlines()[-1] if str(exc).strip() else "no answer"
        raise SyncError(f"cannot connect to the central server as its administrator: {last}") from exc
    try:
        apply_schema(con)
    except psycopg.Error as exc:  # a migration refused (each runs in its own transaction: nothing half-applied)
        con.close()
        diag = exc.diag
        raise ConfigError(f"the central schema could not be brought up to date: {diag.message_primary or exc}",
                          hint=diag.message_hint or "See the migration in resources/central/migrations.") from exc
    except BaseException:
        con.close()
        raise
    return con


def add_user_at(dsn: str, name: str, clearance: str, projects: list[int] | None, password: str) -> bool:
    """:func:`add_user` on the server at ``dsn`` (the administrator's)."""
    with admin_connect(dsn) as con:
        return add_user(con, name, clearance, projects, password)
