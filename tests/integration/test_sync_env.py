"""The address given to sync is the whole truth: ``PG*`` variables and service files cannot redirect it.

libpq fills what an address leaves out from the environment (``PGHOST``, ``PGHOSTADDR``, ``PGPORT``,
``PGSSLMODE``, …) and from the service file that ``PGSERVICE`` or ``service=`` names, after the TLS
check has looked at the address alone. :class:`FakeServer` plays the other host on 127.0.0.2: it asks
for the password in clear text, as any server may, and records every connection and password that
reaches it. The TLS check is made to count 127.0.0.2 as another machine, so without verified TLS
nothing may reach it at all.
"""

from __future__ import annotations

import json
import os
import re
import socket
import ssl
import struct
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from psycopg import pq

import core.sync.connect as sync_connect
from cli.main import main
from core.store.models_repo import pin_model
from core.sync.connect import libpq_params, server_params
from tests.integration.test_sync import (DIM, MODEL, SHA, Central, _password_file, central, keys,  # noqa: F401
                                         open_store)
from tests.integration.test_sync_tls import ELSEWHERE, Pki, pki  # noqa: F401  (pki: the module fixture)
from tests.pg_fixtures import central_server  # noqa: F401  (the session fixture)

FAKE = "127.0.0.2"  # "another host": loopback, so no packet leaves this machine
SSL_REQUEST, GSSENC_REQUEST = 80877103, 80877104


@dataclass
class FakeServer:
    """A PostgreSQL look-alike on ``FAKE``: asks for a clear-text password and records it.

    It declines TLS unless ``tls`` is set, when it completes the handshake with that context first.
    """

    port: int
    tls: ssl.SSLContext | None = None
    connections: int = 0
    passwords: list[bytes] = field(default_factory=list)
    _closing: threading.Event = field(default_factory=threading.Event)

    def start(self) -> FakeServer:
        self._listener = socket.create_server((FAKE, self.port))
        self._listener.settimeout(0.2)
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._closing.set()
        self._thread.join(timeout=10)
        self._listener.close()
        assert not self._thread.is_alive()

    def _accept(self) -> None:
        while not self._closing.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            self.connections += 1
            with client:
                client.settimeout(5)
                try:
                    self._serve(client)
                except OSError:
                    pass  # the client gave up: what reached us is recorded already

    def _serve(self, client: socket.socket) -> None:
        body = _packet(client)
        while (code := struct.unpack("!i", body[:4])[0]) in (SSL_REQUEST, GSSENC_REQUEST):
            if code == SSL_REQUEST and self.tls is not None:
                client.sendall(b"S")
                with self.tls.wrap_socket(client, server_side=True) as tls:  # it takes the socket over
                    _packet(tls)  # the startup message
                    self._ask_password(tls)
                return
            client.sendall(b"N")
            body = _packet(client)
        self._ask_password(client)

    def _ask_password(self, conn: socket.socket) -> None:
        conn.sendall(b"R" + struct.pack("!ii", 8, 3))  # AuthenticationCleartextPassword
        if _exactly(conn, 1) == b"p":
            self.passwords.append(_packet(conn).rstrip(b"\0"))
        error = b'SFATAL\0C28P01\0Mpassword authentication failed for user "ana"\0\0'
        conn.sendall(b"E" + struct.pack("!i", 4 + len(error)) + error)


def _exactly(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n and (part := sock.recv(n - len(data))):  # an SSL socket takes no MSG_WAITALL
        data += part
    return data


def _packet(sock: socket.socket) -> bytes:
    head = _exactly(sock, 4)
    if len(head) < 4:
        raise ConnectionAbortedError("the client left")
    (length,) = struct.unpack("!i", head)
    return _exactly(sock, length - 4)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServer]:
    # the port is closed on 127.0.0.1: an address naming localhost with it reaches nothing
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        server = FakeServer(int(held.getsockname()[1])).start()
        loopback = sync_connect._loopback
        monkeypatch.setattr(sync_connect, "_loopback", lambda host: host != FAKE and loopback(host))
        for name in [n for n in os.environ if n.startswith("PG")]:
            monkeypatch.delenv(name)
        yield server
        server.stop()


def _sync(tmp_path: Path, server: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    pw = _password_file(tmp_path, "pw-ana-secret")
    code = main(["--home", str(tmp_path / "home"), "sync", "--server", server, "--user", "ana",
                 "--password-file", str(pw)])
    out, err = capsys.readouterr()
    return code, out + err


@pytest.mark.parametrize("env", [
    {"PGHOST": FAKE},
    {"PGHOST": "central.example.org", "PGHOSTADDR": FAKE},
    {"PGHOST": FAKE, "PGSSLMODE": "disable"},
], ids=["PGHOST", "PGHOST-name+PGHOSTADDR", "PGHOST+PGSSLMODE"])
def test_environment_cannot_fill_in_the_host(env: dict[str, str], fake: FakeServer, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    for name, value in {**env, "PGPORT": str(fake.port)}.items():
        monkeypatch.setenv(name, value)
    code, text = _sync(tmp_path, "postgresql:///ovillo", capsys)
    assert (fake.connections, fake.passwords) == (0, [])
    # an address without a host is the local socket at libpq's own port, and the error names it
    assert code == 2 and re.search(r"central server at /\S*/\.s\.PGSQL\.5432", text), text
    assert FAKE not in text and "central.example.org" not in text and "pw-ana-secret" not in text


def test_pghostaddr_cannot_replace_the_address_of_a_named_host(fake: FakeServer, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PGHOSTADDR", FAKE)
    code, text = _sync(tmp_path, f"postgresql://localhost:{fake.port}/ovillo", capsys)
    assert (fake.connections, fake.passwords) == (0, [])
    assert code == 2 and "cannot reach the central server at" in text and FAKE not in text, text
    assert f"127.0.0.1:{fake.port}" in text  # the address localhost resolved to: the one really tried


def test_service_files_are_not_read(fake: FakeServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    services = tmp_path / "pg_service.conf"
    services.write_text(f"[central]\nhost={FAKE}\nport={fake.port}\nsslmode=disable\n", encoding="utf-8")
    monkeypatch.setenv("PGSERVICEFILE", str(services))
    code, text = _sync(tmp_path, "service=central dbname=ovillo", capsys)
    assert (fake.connections, fake.passwords, code) == (0, [], 2)
    assert "service=central names an entry of a service file" in text, text
    monkeypatch.setenv("PGSERVICE", "central")
    code, text = _sync(tmp_path, "postgresql:///ovillo", capsys)
    assert (fake.connections, fake.passwords, code) == (0, [], 2)
    assert "PGSERVICE is set, and sync reads no service file: unset it" in text, text


def test_pgsslrootcert_cannot_replace_the_trust_anchor(fake: FakeServer, pki: Pki, tmp_path: Path,  # noqa: F811
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """verify-full without --ca-file trusts libpq's own anchor, ~/.postgresql/root.crt, not a variable's."""
    fake.tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    fake.tls.load_cert_chain(*map(str, pki.elsewhere))  # signed by pki.ca, for ELSEWHERE
    monkeypatch.setenv("HOME", str(tmp_path))  # no root.crt there
    monkeypatch.setenv("PGSSLROOTCERT", str(pki.ca))
    code, text = _sync(tmp_path, f"postgresql://{ELSEWHERE}:{fake.port}/ovillo?hostaddr={FAKE}&sslmode=verify-full",
                       capsys)
    assert fake.passwords == [] and code == 2
    assert f"TLS with {FAKE}:{fake.port} failed" in text and f"{tmp_path}/.postgresql/root.crt" in text, text


def test_every_environment_fallback_of_libpq_is_weighed() -> None:
    assert sync_connect._unknown_variables() == ()  # a newer libpq's new variable is refused until weighed here
    given = libpq_params(server_params("postgresql:///ovillo"), "ana")
    for option in pq.Conninfo.get_defaults():
        key = option.keyword.decode()
        if option.envvar and key not in sync_connect._NARROWING | {"service", "password"}:  # password: apart
            assert key in given, key
    assert {k: given[k] for k in ("host", "hostaddr", "port", "sslmode", "sslrootcert", "dbname", "user")} == \
        {"host": "", "hostaddr": "", "port": "5432", "sslmode": "prefer", "sslrootcert": "", "dbname": "ovillo",
         "user": "ana"}
    assert libpq_params(server_params("postgresql://"), "ana")["dbname"] == "ana"  # libpq's default database
    assert server_params("postgresql:///ovillo?sslrootcert=system")["sslmode"] == "verify-full"  # as libpq does


def test_a_sync_ignores_a_hostile_environment(central: Central, fake: FakeServer, tmp_path: Path,  # noqa: F811
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Each variable would break or redirect this sync if libpq read it."""
    central.publish(2)
    central.user("ana", "public")
    with open_store(tmp_path / "home") as store:
        pin_model(store, MODEL, DIM, sha256=SHA)
    for name, value in {"PGHOSTADDR": FAKE, "PGSSLMODE": "require", "PGOPTIONS": "-c statement_timeout=1",
                        "PGTARGETSESSIONATTRS": "standby", "PGSSLROOTCERT": str(tmp_path / "none.crt"),
                        "PGCONNECT_TIMEOUT": "1", "PGAPPNAME": "not-ovillo"}.items():
        monkeypatch.setenv(name, value)
    pw = _password_file(tmp_path, "pw-ana")
    assert main(["--home", str(tmp_path / "home"), "sync", "--server", central.server.address, "--user", "ana",
                 "--password-file", str(pw), "--json"]) == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["added"] == 2
    assert keys(tmp_path / "home") == {("col", 1), ("col", 2)} and fake.connections == 0
