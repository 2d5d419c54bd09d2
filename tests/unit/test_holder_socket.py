"""The holder's socket against a hostile client of the same user (core/remote.py, core/remote_protocol.py).

One test per way a client could hurt the holder: text that is not Unicode, a failure's internals,
deep nesting, many idle connections, a request trickled forever, a burst of connections. Limits
are made small through the module's values, read when the server starts; the margins stay wide so
a slow machine does not fail them.
"""

from __future__ import annotations

import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from core import remote
from core.ingest.pipeline import IngestOptions
from core.models.fake_encoder import HashingEncoder
from core.remote import ProtocolError, RemoteOvillo
from core.retrieval.hits import Hit
from core.service import Ovillo
from core.store.holder import read_holder
from tests.conftest import drain

REPO = Path(__file__).resolve().parents[2]
HELLO = b'{"op": "hello"}\n'


@pytest.fixture
def make_held(tmp_path: Path) -> Iterator[Callable[[], Ovillo]]:
    """Opens a data folder with one public record, held and served by this process (call after patching)."""
    apps: list[Ovillo] = []

    def make() -> Ovillo:
        docs = tmp_path / "docs"
        docs.mkdir()
        (docs / "molino.txt").write_text("El molino del valle molía trigo.", encoding="utf-8")
        app = Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=HashingEncoder(), doing="window")
        apps.append(app)
        drain(app.library.ingest([docs], IngestOptions(classification="public")))
        return app

    yield make
    for app in apps:
        app.close()


def _connect(app: Ovillo) -> socket.socket:
    info = read_holder(app.paths.home)
    assert info is not None and info.socket
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(info.socket)  # blocking: waits for room in the backlog rather than failing with EAGAIN
    s.settimeout(60)
    return s


def _ask(s: socket.socket, line: bytes) -> Any:
    s.sendall(line)
    with s.makefile("rb") as reader:
        return json.loads(reader.readline())


def test_text_that_is_not_unicode_is_refused_in_words(make_held: Callable[[], Ovillo]) -> None:
    app = make_held()
    with _connect(app) as s:
        for line in (b'{"op": "search", "profile": "owner", "query": "\\ud800"}\n',
                     b'{"op": "search", "profile": "owner", "query": "molino", "filters": {"langs": ["\\udcff"]}}\n',
                     b'{"op": "search", "profile": "owner", "query": NaN}\n', b'\xff\xfe{}\n'):
            reply = _ask(s, line)
            assert reply["ok"] is False and reply["error"]["kind"] == "ProtocolError", (line, reply)
            assert "Error" not in reply["error"]["message"] and "cast" not in reply["error"]["message"]
    # a query from a command line that is not UTF-8 (argv decodes it with surrogateescape)
    info = read_holder(app.paths.home)
    assert info is not None
    with RemoteOvillo(info) as client:
        with pytest.raises(ProtocolError, match="valid Unicode"):
            client.search.records("molino\udcff", profile="owner")
        assert client.search.records("molino", profile="owner")


def test_a_result_that_is_not_unicode_still_travels(make_held: Callable[[], Ovillo],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_held()
    odd = Hit("demo", 1, "molino_\udcff", "text", "es", 0, "El molino", 1.0, "/docs/molino_\udcff.txt", None, None)
    monkeypatch.setattr(app.search, "records", lambda *a, **k: [odd])
    info = read_holder(app.paths.home)
    assert info is not None
    with RemoteOvillo(info) as client:
        assert [h.to_json() for h in client.search.records("molino", profile="owner")] == [odd.to_json()]


def test_an_unexpected_failure_is_answered_without_its_internals(make_held: Callable[[], Ovillo],
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capfd: pytest.CaptureFixture[str]) -> None:
    app = make_held()

    def broken(*args: object, **kwargs: object) -> list[Hit]:
        raise TypeError("internal detail 4417")

    monkeypatch.setattr(app.search, "records", broken)
    with _connect(app) as s:
        reply = _ask(s, b'{"op": "search", "profile": "owner", "query": "molino"}\n')
        error = reply["error"]
        assert reply["ok"] is False and error["kind"] == "OvilloError"
        assert "TypeError" not in json.dumps(error) and "4417" not in json.dumps(error)
        log = app.paths.logs / "ovillo-holder.log"
        assert str(log) in error["hint"]
        assert "TypeError: internal detail 4417" in log.read_text(encoding="utf-8")
        assert os.stat(log).st_mode & 0o077 == 0
        assert _ask(s, HELLO)["ok"] is True
    assert "Traceback" not in capfd.readouterr().err


def test_deep_nesting_is_refused_without_a_traceback(make_held: Callable[[], Ovillo],
                                                     capfd: pytest.CaptureFixture[str]) -> None:
    app = make_held()
    deep_filter = b'{"op": "search", "profile": "owner", "query": "molino", "filters": {"langs": ' + \
        b"[" * 20 + b'"es"' + b"]" * 20 + b"}}\n"
    with _connect(app) as s:
        for line in (b"[" * 200_000 + b"\n", b"{\"a\": " * 100_000 + b"\n", deep_filter):
            reply = _ask(s, line)
            assert reply["ok"] is False and reply["error"]["kind"] == "ProtocolError", reply
            assert reply["error"]["message"].startswith("a request nests at most"), reply
        assert _ask(s, HELLO)["ok"] is True  # the connection goes on
    assert "Traceback" not in capfd.readouterr().err


def test_idle_connections_are_capped_and_cost_no_thread_each(make_held: Callable[[], Ovillo],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(remote, "MAX_CLIENTS", 8, raising=False)
    app = make_held()
    before = threading.active_count()
    clients = [_connect(app) for _ in range(40)]
    try:
        replies = []
        for s in clients:
            try:
                s.sendall(HELLO)
            except OSError:
                pass  # refused and closed already: its error line is still there to read
            with s.makefile("rb") as reader:
                replies.append(json.loads(reader.readline()))
        assert threading.active_count() <= before + 1
        assert sum(r["ok"] for r in replies) == 8
        refused = [r["error"] for r in replies if not r["ok"]]
        assert len(refused) == 32 and {e["kind"] for e in refused} == {"HolderGone"}
        assert "answering 8 connections already" in refused[0]["message"]
    finally:
        for s in clients:
            s.close()
    deadline = time.monotonic() + 60
    while True:  # the holder frees a place as soon as it sees a client leave
        with _connect(app) as s:
            if _ask(s, HELLO)["ok"] or time.monotonic() > deadline:
                break
        time.sleep(0.1)
    with _connect(app) as s:
        assert _ask(s, HELLO)["ok"] is True


def test_a_request_trickled_byte_by_byte_is_cut_off(make_held: Callable[[], Ovillo],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(remote, "REQUEST_S", 2.0, raising=False)
    app = make_held()
    request = b'{"op": "search", "profile": "owner", "query": "' + b"molino " * 20 + b'"}\n'
    with _connect(app) as s:
        sent = 0
        while sent < len(request) and not select.select([s], [], [], 0.25)[0]:
            s.sendall(request[sent:sent + 1])  # ~48 s for the whole line, the deadline is 2 s
            sent += 1
        assert sent < len(request), "the holder waited for the whole trickle"
        with s.makefile("rb") as reader:
            reply = json.loads(reader.readline())
            assert reply["error"] == {"kind": "ProtocolError", "message": "no whole request within 2 s", "hint": ""}
            assert reader.readline() == b""  # and hung up
    with _connect(app) as silent:  # a client that says nothing is dropped without a word
        assert silent.recv(100) == b""
    with _connect(app) as s:  # a client that asks at once is answered
        assert _ask(s, HELLO)["ok"] is True


_HOLD = ("import sys, core\n"
         "from core.service import Ovillo\n"
         "app = Ovillo(sys.argv[1], models_dir=sys.argv[2], doing='window')\n"
         "print('held', flush=True)\n"
         "sys.stdin.readline()\n"
         "app.close()\n")


def test_a_burst_of_connections_waits_in_the_backlog(tmp_path: Path) -> None:
    burst = 64
    if int(Path("/proc/sys/net/core/somaxconn").read_text()) < burst:
        pytest.skip("net.core.somaxconn caps every listen backlog below the burst")
    home = tmp_path / "home"
    proc = subprocess.Popen([sys.executable, "-c", _HOLD, str(home), str(tmp_path / "models")], cwd=REPO,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    clients: list[socket.socket] = []
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        info = read_holder(home)
        assert info is not None and info.socket
        os.kill(proc.pid, signal.SIGSTOP)  # a holder busy elsewhere: nothing accepts during the burst
        try:
            refused = 0
            for _ in range(burst):
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.setblocking(False)
                try:
                    s.connect(info.socket)
                    clients.append(s)
                except BlockingIOError:
                    refused += 1
                    s.close()
        finally:
            os.kill(proc.pid, signal.SIGCONT)
        assert refused == 0
        for s in clients:
            s.settimeout(60)
            assert _ask(s, HELLO)["ok"] is True
    finally:
        for s in clients:
            s.close()
        assert proc.stdin is not None
        proc.stdin.write("\n")
        proc.stdin.close()
        assert proc.wait(60) == 0
        assert proc.stdout is not None
        proc.stdout.close()
