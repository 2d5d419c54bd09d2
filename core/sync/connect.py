"""Opening the connection to the central server: TLS policy, credentials, clear errors.

The password comes from the caller (a password file, the OS keyring or a prompt) and goes only
into the connection parameters, never into a file or a log. A server that is not on this machine
must be reached with ``sslmode=verify-full`` (or ``verify-ca``) unless ``insecure`` is given.

The address is the whole truth. libpq fills what an address leaves out from ``PG*`` variables
and a service file, after the check has looked at the address alone; so every fallback that could
choose the server or how it is checked is given libpq's no-environment value explicitly, the few
left to the environment can only narrow what libpq accepts, and a service name, ``PGSERVICE`` or a
variable of a keyword this module does not know (a newer libpq's) is refused.
"""

from __future__ import annotations

import ipaddress
import os
import re
from functools import cache

import psycopg
from psycopg import pq
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from core.errors import ConfigError, OvilloError
from core.sync.request import SyncRequest

Connection = psycopg.Connection[tuple[object, ...]]
_TLS = {"verify-full", "verify-ca"}
_TRIED = re.compile(r"connection to server .*? failed: (.*)")
_PLACE = re.compile(r'connection to server (?:at "([^"]*)"(?: \(([^)]*)\))?, port (\d+)|on socket "([^"]*)")')
# given by sync itself (dbname: the user's name when the address has none, as libpq does)
_OWN = frozenset({"user", "password", "dbname", "connect_timeout", "application_name"})
# no compiled default, and libpq reads an empty value as "not given" (host: its own socket folder)
_EMPTY_IS_UNSET = frozenset({"host", "hostaddr", "sslrootcert"})
# no compiled default and no neutral value (libpq 18 rejects an empty one for several); from the
# environment they only narrow what libpq accepts or pick the client's own files and encoding
_NARROWING = frozenset({"passfile", "client_encoding", "sslcert", "sslkey", "sslcertmode", "sslcrl", "sslcrldir",
                        "requirepeer", "require_auth", "min_protocol_version", "max_protocol_version",
                        "ssl_max_protocol_version", "gsslib"})


class SyncError(OvilloError):
    """The central server cannot be reached, refuses us, or sent something we cannot take."""


def _loopback(host: str) -> bool:
    if not host or host.startswith("/") or host == "localhost":
        return True  # no host: the local unix socket; a path: a unix socket folder
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def server_params(server: str, *, ca_file: str | None = None, insecure: bool = False) -> dict[str, str]:
    """The DSN's parameters with our TLS policy applied (no password in them)."""
    try:
        params = {k: str(v) for k, v in conninfo_to_dict(server).items() if v is not None}
    except psycopg.ProgrammingError as exc:
        raise ConfigError(f"not a PostgreSQL address: {str(exc).strip()}",
                          hint="Use postgresql://HOST:PORT/DATABASE") from exc
    if "password" in params:
        raise ConfigError("the server address contains a password",
                          hint="Pass it with --password-file, or let Ovillo ask for it.")
    if "service" in params:
        raise ConfigError(f"not a PostgreSQL address: service={params['service']} names an entry of a service "
                          "file, and sync reads none", hint="Use postgresql://HOST:PORT/DATABASE")
    # PGSERVICE makes libpq read a service file for any address, even a complete one
    why = {"PGSERVICE": "sync reads no service file"} | dict.fromkeys(_unknown_variables(),
                                                                      "sync does not know what libpq makes of it")
    if found := [n for n in why if n in os.environ]:  # named, not shown: a value may be a secret
        name = found[0]
        raise ConfigError(f"not a PostgreSQL address: {name} is set, and {why[name]}: unset it",
                          hint="Use postgresql://HOST:PORT/DATABASE")
    if params.get("sslrootcert") == "system":
        params.setdefault("sslmode", "verify-full")  # libpq's own rule; the pinned default would say prefer
    if ca_file:
        params["sslrootcert"] = ca_file
        mode = params.setdefault("sslmode", "verify-full")
        if mode not in _TLS:  # libpq would not check the server against the CA file at all
            raise ConfigError(f"--ca-file needs sslmode=verify-full, but the address asks for sslmode={mode}",
                              hint="Remove sslmode from the address, or set it to verify-full.")
    # hostaddr, when given, is where libpq really connects: a loopback name in front of it proves nothing
    places = params.get("host", "").split(",") + [a for a in params.get("hostaddr", "").split(",") if a]
    remote = [h for h in places if not _loopback(h)]
    if remote and params.get("sslmode") not in _TLS and not insecure:
        raise ConfigError(f"refusing to send credentials to {remote[0]} without verified TLS",
                          hint="Add sslmode=verify-full and --ca-file FILE, or --insecure on a trusted network.")
    return params


def _fallbacks() -> list[pq.ConninfoOption]:
    """libpq's own table of keywords with a ``PG*`` variable: one a newer libpq adds is seen too."""
    return [d for d in pq.Conninfo.get_defaults() if d.envvar and d.keyword.decode() != "service"]


@cache
def _no_environment() -> dict[str, str]:
    """The value libpq has for each fallback no variable were set, where one can be written down."""
    out = {d.keyword.decode(): d.compiled.decode() for d in _fallbacks() if d.compiled is not None}
    return out | {key: "" for key in _EMPTY_IS_UNSET}


@cache
def _unknown_variables() -> tuple[str, ...]:
    """The ``PG*`` variables of keywords this module has not weighed (none with the libpq it was written for)."""
    known = _OWN | _NARROWING | set(_no_environment())
    return tuple((d.envvar or b"").decode() for d in _fallbacks() if d.keyword.decode() not in known)


def libpq_params(params: dict[str, str], user: str, *, timeout_s: int = 10) -> dict[str, str]:
    """What libpq is given for ``params`` (from :func:`server_params`): nothing left for ``PG*`` to choose."""
    out = {**_no_environment(), "dbname": user, **params, "user": user, "application_name": "ovillo-sync"}
    out["connect_timeout"] = params.get("connect_timeout") or str(timeout_s)
    return out


def describe(params: dict[str, str]) -> str:
    """``host:port/db`` for messages and status (never the user's secret)."""
    return f"{params.get('host', 'localhost')}:{params.get('port', '5432')}/{params.get('dbname', '')}"


def request_params(request: SyncRequest) -> dict[str, str]:
    """:func:`server_params` of a sync request: its address with its CA file and TLS policy."""
    return server_params(request.server, ca_file=request.ca_file, insecure=request.insecure)


def connect_request(request: SyncRequest, password: str, *, timeout_s: int = 10) -> Connection:
    """A connection for ``request``, as its user; ``password``: the request's, or the one the caller
    found for it (the OS keyring's). Errors as :func:`connect`."""
    return _connect(request_params(request), request.user, password, timeout_s=timeout_s)


def connect(server: str, user: str, password: str, *, ca_file: str | None = None,
            insecure: bool = False, timeout_s: int = 10) -> Connection:
    """A connection as ``user``; wrong credentials and an unreachable server become :class:`SyncError`."""
    return _connect(server_params(server, ca_file=ca_file, insecure=insecure), user, password, timeout_s=timeout_s)


def _connect(params: dict[str, str], user: str, password: str, *, timeout_s: int) -> Connection:
    try:
        return psycopg.connect(make_conninfo(**libpq_params(params, user, timeout_s=timeout_s)), password=password)
    except psycopg.OperationalError as exc:
        text = str(exc)
        where = _places(text) or describe(params)
        if "password authentication failed" in text or "no password supplied" in text:
            raise SyncError(f"the central server at {where} refused user {user!r}: wrong user or password") from exc
        if "SSL" in text or "certificate" in text:
            raise SyncError(f"TLS with {where} failed: {_tls_reason(text)}", hint=_tls_hint(text)) from exc
        raise SyncError(f"cannot reach the central server at {where}",
                        hint="Check the address and that you are in range; nothing local was changed.") from exc


def _places(text: str) -> str:
    """The servers libpq says it tried (``host:port`` or a socket path), in order; "" when it names none."""
    seen: dict[str, None] = {}
    for m in _PLACE.finditer(text):
        host, addr, port, socket = m.groups()
        seen[socket or f"{host}{f' ({addr})' if addr else ''}:{port}"] = None
    return ", ".join(seen)


def _tls_reason(text: str) -> str:
    """libpq's own words for the certificate problem, with the "connection to server … failed:" prefix dropped."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()] or ["no answer"]
    # one line per address tried; libpq's advice lines after it name no problem
    tried = [m.group(1) for m in map(_TRIED.search, lines) if m]
    return tried[-1] if tried else lines[0]


def _tls_hint(text: str) -> str:
    if "certificate verify failed" in text:
        return ("The server's certificate is not signed by the CA in --ca-file (or has expired): "
                "ask the server's administrator for the CA certificate that signed it.")
    if "does not match host name" in text:
        return "Connect with a name or address the server's certificate names, as the administrator gave it."
    if "root certificate file" in text:
        return "The CA file given with --ca-file cannot be read."
    if "does not support SSL" in text:
        return "This server does not offer TLS: ask its administrator, or use --insecure on a trusted network."
    return "Check --ca-file and the server's TLS settings; nothing was sent and nothing local changed."
