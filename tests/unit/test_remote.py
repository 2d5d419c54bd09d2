"""The holder's lock file and its JSON-lines protocol (core/store/holder.py, core/remote.py).

A real store and a real socket; the hashing encoder stands in for e5 here (the real CLI against a
real ingest is tests/integration/test_shared_folder.py).
"""

from __future__ import annotations

import json
import os
import socket
import stat
from datetime import date
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.errors import NotFound, StoreError
from core.models.fake_encoder import HashingEncoder
from core.remote import HolderGone, ProtocolError, RemoteOvillo, handle, peer_uid
from core.filters import SearchFilters
from core.service import Ovillo
from core.store.holder import LOCK_NAME, HolderInfo, StoreBusy, StoreLocked, read_holder
from tests.conftest import drain

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def held(tmp_path: Path) -> Iterator[Ovillo]:
    """A data folder with one public and one restricted record, held (and served) by this process."""
    docs = tmp_path / "docs"
    (docs / "pub").mkdir(parents=True)
    (docs / "res").mkdir()
    (docs / "pub" / "molino.txt").write_text("El molino del valle molía trigo.", encoding="utf-8")
    (docs / "res" / "molino_secreto.txt").write_text("El molino guardaba un secreto del valle.", encoding="utf-8")
    from core.ingest.pipeline import IngestOptions

    app = Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=HashingEncoder(), doing="window")
    drain(app.library.ingest([docs / "pub"], IngestOptions(classification="public")))
    drain(app.library.ingest([docs / "res"], IngestOptions(classification="restricted")))
    yield app
    app.close()


def _client(app: Ovillo) -> RemoteOvillo:
    info = read_holder(app.paths.home)
    assert info is not None and info.pid == os.getpid() and info.socket
    return RemoteOvillo(info)


def _ids(hits: list) -> set[tuple[str, int]]:  # type: ignore[type-arg]
    return {(h.section_tipo, h.section_id) for h in hits}


def test_the_lock_file_names_the_holder_and_a_private_socket(held: Ovillo) -> None:
    info = read_holder(held.paths.home)
    assert info is not None
    assert (info.pid, info.doing, info.uid) == (os.getpid(), "window", os.getuid())
    assert info.describe() == f"the Ovillo that is open in a window (PID {os.getpid()})"
    sock = Path(str(info.socket))
    assert stat.S_ISSOCK(sock.stat().st_mode) and stat.S_IMODE(sock.stat().st_mode) == 0o600
    assert stat.S_IMODE(sock.parent.stat().st_mode) == 0o700 and sock.parent.stat().st_uid == os.getuid()
    assert stat.S_IMODE((held.paths.home / LOCK_NAME).stat().st_mode) == 0o600
    with RemoteOvillo(info) as remote:
        assert peer_uid(remote._sock) == os.getuid()
        assert remote.call("hello") == {"protocol": 1, "pid": os.getpid(), "doing": "window"}


def test_remote_search_and_status_equal_the_local_ones_per_profile(held: Ovillo) -> None:
    with _client(held) as remote:
        for profile in ("owner", "public"):
            local = held.search.records("molino", profile=profile)
            there = remote.search.records("molino", profile=profile)
            assert [h.to_json() for h in there] == [h.to_json() for h in local]
            status = remote.status(profile)
            assert status["records"] == held.library.status(profile).records
        assert len(remote.search.records("molino", profile="owner")) == 2
        public = remote.search.records("molino", profile="public")
        assert len(public) == 1 and public[0].classification == "public"
        passages = remote.search.passages("molino", profile="owner", limit=1)
        assert len(passages) == 1
        first = public[0]
        assert _ids(remote.search.similar(first.section_tipo, first.section_id, profile="owner")) == \
            _ids(held.search.similar(first.section_tipo, first.section_id, profile="owner"))


def test_a_client_cannot_widen_its_profile(held: Ovillo) -> None:
    with _client(held) as remote:
        restricted = _ids(remote.search.records("molino", profile="owner")) - _ids(remote.search.records("molino", profile="public"))
        assert len(restricted) == 1
        # asking for the restricted classification as a filter narrows, never widens
        only = SearchFilters(classifications=("restricted",))
        assert remote.search.records("molino secreto", profile="public", filters=only) == []
        assert remote.status("public")["records"] == 1
        # no profile: refused, never "owner" by default
        with pytest.raises(ProtocolError, match="must name its profile"):
            remote.call("search", query="molino")
        # a clearance, an ACL or a second profile smuggled in is refused, not ignored
        for extra in ({"clearance": "secret"}, {"acl": "TRUE"}, {"profiles": ["owner"]}):
            with pytest.raises(ProtocolError, match="unknown field"):
                remote.call("search", query="molino", profile="public", **extra)
        with pytest.raises(ProtocolError, match="unknown filter"):
            remote.call("search", query="molino", profile="public", filters={"profile": "owner"})
        with pytest.raises(NotFound):
            remote.search.records("molino", profile="nobody")
        with pytest.raises(ProtocolError):
            remote.call("search", query="molino", profile="owner OR 1=1")
        # hidden is like missing, as locally
        hidden = next(iter(restricted))
        with pytest.raises(NotFound):
            remote.search.similar(hidden[0], hidden[1], profile="public")
        assert remote.search.records("molino", profile="public")  # the connection is still good after refusals


def test_bad_requests_get_an_error_line_and_the_connection_goes_on(held: Ovillo) -> None:
    info = read_holder(held.paths.home)
    assert info is not None and info.socket
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(30)
        s.connect(info.socket)
        reader = s.makefile("rb")
        for line in (b"not json\n", b"[1, 2]\n", b'{"op": "drop_table"}\n', b'{"op": "search", "profile": "owner"}\n',
                     b'{"op": "search", "profile": "owner", "query": "molino", "limit": -1}\n',
                     b'{"op": "similar", "profile": "owner", "section_tipo": "x", "section_id": "1"}\n'):
            s.sendall(line)
            reply = json.loads(reader.readline())
            assert reply["ok"] is False and reply["error"]["kind"] == "ProtocolError", (line, reply)
        s.sendall(b'{"op": "status", "profile": "owner"}\n')
        reply = json.loads(reader.readline())
        assert reply["ok"] and reply["result"]["records"] == 2 and "sync" in reply["result"]
        s.sendall(b'{"op": "search", "query": "' + b"a" * (1 << 20) + b'"}\n')
        reply = json.loads(reader.readline())
        assert reply["error"]["message"] == "request too long"
        reader.close()


def test_handle_checks_types_before_the_facade(held: Ovillo) -> None:
    with pytest.raises(ProtocolError):
        handle(held, {"op": "search", "profile": "owner", "query": "x" * 4001})
    with pytest.raises(ProtocolError):
        handle(held, {"op": "search", "profile": "owner", "query": "molino", "filters": {"date_from": "yesterday"}})
    # a date range leaves out undated records, there as here
    dated = {"op": "search", "profile": "owner", "query": "molino", "filters": {"date_from": "1900-01-01"}}
    assert handle(held, dated) == [h.to_json() for h in held.search.records(
        "molino", filters=SearchFilters(date_from=date(1900, 1, 1)))]
    hits = handle(held, {"op": "search", "profile": "public", "query": "molino",
                         "filters": {"langs": [], "collections": [], "date_to": None}})
    assert len(hits) == 1 and set(hits[0]) >= {"section_tipo", "section_id", "snippet", "score"}


def test_closing_the_holder_frees_the_folder_and_removes_the_socket(tmp_path: Path) -> None:
    app = Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=HashingEncoder())
    info = read_holder(app.paths.home)
    assert info is not None and info.socket
    remote = RemoteOvillo(info)
    app.close()
    assert not Path(info.socket).exists()
    assert read_holder(app.paths.home) is None
    with pytest.raises(HolderGone):
        remote.call("hello")
    remote.close()
    with pytest.raises(HolderGone):
        RemoteOvillo(info)
    Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=HashingEncoder()).close()  # free again


_HOLD = ("import sys, time, core\n"
         "from core.service import Ovillo\n"
         "app = Ovillo(sys.argv[1], models_dir=sys.argv[2], doing='ingest /somewhere')\n"
         "print('held', flush=True)\n"
         "sys.stdin.readline()\n"
         "app.close()\n")


def test_another_process_gets_store_busy_naming_the_holder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    proc = subprocess.Popen([sys.executable, "-c", _HOLD, str(home), str(tmp_path / "models")], cwd=REPO,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        with pytest.raises(StoreBusy) as busy:
            Ovillo(home, models_dir=tmp_path / "models", encoder=HashingEncoder())
        assert busy.value.holder is not None and busy.value.pid == proc.pid
        assert str(busy.value) == f"the data folder {home} is in use by the Ovillo that is importing (PID {proc.pid})"
        assert busy.value.waiting_line() == f"waiting for the Ovillo that is importing (PID {proc.pid})…"
        assert "damaged" not in str(busy.value) + busy.value.hint
    finally:
        assert proc.stdin is not None
        proc.stdin.write("\n")
        proc.stdin.close()
        assert proc.wait(60) == 0
        assert proc.stdout is not None
        proc.stdout.close()
    Ovillo(home, models_dir=tmp_path / "models", encoder=HashingEncoder()).close()  # its close freed the folder


def test_a_stale_lock_of_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = HolderInfo(pid=dead.pid, started="2026-01-01T00:00:00+00:00", doing="ingest /old", socket=None, uid=0)
    (home / LOCK_NAME).write_text(json.dumps(stale.to_json()), encoding="utf-8")
    assert read_holder(home) is None  # a dead PID holds nothing
    with Ovillo(home, models_dir=tmp_path / "models", encoder=HashingEncoder()) as app:
        assert app._holder is not None and app._holder.took_over == stale
        info = read_holder(home)
        assert info is not None and info.pid == os.getpid()


def test_a_duckdb_lock_is_said_to_be_a_lock_not_damage(tmp_path: Path) -> None:
    """A process holding the file without the lock file (another program, an older Ovillo)."""
    home = tmp_path / "home"
    home.mkdir()
    code = ("import sys, duckdb\n"
            "con = duckdb.connect(sys.argv[1])\n"
            "print('held', flush=True)\n"
            "sys.stdin.readline()\n")
    proc = subprocess.Popen([sys.executable, "-c", code, str(home / "ovillo.duckdb")], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        with pytest.raises(StoreLocked) as locked:
            Ovillo(home, models_dir=tmp_path / "models", encoder=HashingEncoder())
        assert isinstance(locked.value, StoreError) and locked.value.pid == proc.pid
        assert "Could not set lock" in str(locked.value) and "damaged" not in locked.value.hint
        assert locked.value.code == "store.locked"  # the window's translated text says "locked" too
        assert read_holder(home) is None  # the failed open let go of the folder again
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(60)
        assert proc.stdout is not None
        proc.stdout.close()


def test_library_list_asks_the_holder_instead_of_waiting(tmp_path: Path) -> None:
    """`library list` beside a watching Ovillo: answered at once (even with --no-wait), with the holder's view."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "molino.txt").write_text("El molino del valle.", encoding="utf-8")
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=HashingEncoder(), doing="watch") as app:
        drain(app.library.ingest([docs], remember=True))
        assert app.library.watch() == {str(docs): None}
        env = {k: v for k, v in os.environ.items() if k != "OVILLO_HOME"}
        out = subprocess.run([sys.executable, "-m", "cli", "--home", str(tmp_path / "home"), "library", "list",
                              "--json", "--no-wait"], capture_output=True, text=True, env=env, timeout=120, cwd=REPO)
        assert out.returncode == 0, out.stderr
        (entry,) = json.loads(out.stdout)
        assert (entry["path"], entry["files"], entry["state"]) == (str(docs), 1, "watching")  # it watches, not we
        assert f"answered by {read_holder(app.paths.home).describe()}" in out.stderr  # type: ignore[union-attr]
        with _client(app) as remote:
            assert remote.sources("public") == []  # the owner's list only
        app.library.stop_watching()
