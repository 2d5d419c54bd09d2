"""Sync with a real central archive (``ovillo central init``: TCP, scram passwords, RLS) — no mocks.

The central rows are written by the administrator with plain SQL (what ``central publish`` will
do with COPY); users are real database roles; every check reads what PostgreSQL and the local
DuckDB store really hold.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import psycopg
import pytest

from cli.main import main
from core.errors import ModelMismatch
from core.models.encoder import TextEncoder
from core.paths import Paths
from core.store.db import Store
from core.progress import drive
from core.store.models_repo import pin_model
from core.store.writer import EmbeddingRow, RecordRow, RecordWriter
from core.sync.central import RESOURCES, add_user, migrations
from core.sync.connect import SyncError, connect
from core.sync.puller import Puller
from core.sync.report import SyncSummary
from core.sync.server import free_port
from tests.pg_fixtures import CentralServer, central_server  # noqa: F401  (the session fixture)

MODEL, DIM, SHA = "test-e5", 8, "ab" * 32
REPO = Path(__file__).resolve().parents[2]
Admin = psycopg.Connection[tuple[object, ...]]


@dataclass(frozen=True)
class Central:
    server: CentralServer
    admin: Admin

    def publish(self, n: int, *, tipo: str = "col", classification: str = "public", projects: list[int] | None = None,
                start: int = 1, chunks: int = 2) -> None:
        """Upsert records ``start..start+n-1`` with ``chunks`` vectors each."""
        with self.admin.transaction():
            for sid in range(start, start + n):
                self.admin.execute(
                    "INSERT INTO records (section_tipo, section_id, title, lang, classification, project_ids, data) "
                    "VALUES (%s, %s, %s, 'en', %s, %s, %s::jsonb) ON CONFLICT (section_tipo, section_id) DO UPDATE "
                    "SET title = excluded.title, classification = excluded.classification, "
                    "project_ids = excluded.project_ids, deleted_at = NULL",
                    (tipo, sid, f"record {sid}", classification, projects or [], '{"k": "v"}'))
                self.admin.execute("DELETE FROM rag_embeddings WHERE section_tipo = %s AND section_id = %s",
                                   (tipo, sid))
                for c in range(chunks):
                    vec = "[" + ",".join(str(float(sid * 10 + c + d)) for d in range(DIM)) + "]"
                    self.admin.execute(
                        "INSERT INTO rag_embeddings (id, section_tipo, section_id, component_tipo, lang, chunk_index, "
                        "modality, model, dimension, source_text, source_hash, chunk_meta, embedding) VALUES "
                        "(%s, %s, %s, 'rag:body', 'en', %s, 'text', %s, %s, %s, %s, %s::jsonb, %s::vector)",
                        (f"{tipo}/{sid}/rag:body/en/{c}@{MODEL}", tipo, sid, c, MODEL, DIM, f"text {sid}.{c}",
                         f"h{sid}.{c}", '{"page": 1}', vec))

    def user(self, name: str, clearance: str, projects: list[int] | None = None) -> str:
        add_user(self.admin, name, clearance, projects, f"pw-{name}")
        return f"pw-{name}"


@pytest.fixture
def central(central_server: CentralServer) -> Iterator[Central]:  # noqa: F811
    with psycopg.connect(central_server.dsn) as admin:
        admin.execute("TRUNCATE records CASCADE")
        admin.execute("INSERT INTO models (name, modality, dimension, sha256) VALUES (%s, 'text', %s, %s) "
                      "ON CONFLICT (name) DO NOTHING", (MODEL, DIM, SHA))
        admin.commit()
        yield Central(central_server, admin)


def open_store(home: Path) -> Store:
    paths = Paths.from_home(home)
    paths.ensure()
    return Store(paths.store)


def pull(central: Central, home: Path, user: str, page: int = 500,
         encoder: Callable[[str], TextEncoder] | None = None) -> SyncSummary:
    with connect(central.server.address, user, f"pw-{user}") as con, open_store(home) as store:
        summary: SyncSummary = drive(Puller(store, con, server="central", user=user, page=page, encoder=encoder).run())
        return summary


def rows(home: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """Every record and embedding row of a store, in a stable order."""
    with open_store(home) as store:
        cur = store.cursor()
        recs = cur.execute("SELECT section_tipo, section_id, title, classification, project_ids, data::VARCHAR, "
                           "updated_at, deleted_at, origin FROM records ORDER BY ALL").fetchall()
        embs = cur.execute("SELECT id, section_tipo, section_id, chunk_index, model, dimension, source_text, "
                           "chunk_meta::VARCHAR, embedding FROM rag_embeddings ORDER BY id").fetchall()
    return recs, embs


def keys(home: Path) -> set[tuple[str, int]]:
    return {(str(r[0]), int(r[1])) for r in rows(home)[0]}  # type: ignore[call-overload]


def test_schema_file_is_the_migrations_in_order() -> None:
    text = "".join(m.path.read_text(encoding="utf-8") for m in migrations())
    assert (RESOURCES / "schema.sql").read_text(encoding="utf-8") == text
    assert [m.version for m in migrations()] == list(range(1, len(migrations()) + 1))


def test_rls_a_restricted_user_reads_nothing_more(central: Central) -> None:
    central.publish(3, classification="public")
    central.publish(2, classification="restricted", projects=[7], start=10)
    central.publish(2, classification="restricted", projects=[8], start=20)
    central.publish(2, classification="secret", projects=[7], start=30)
    central.admin.execute("UPDATE records SET deleted_at = now() WHERE section_id = 2")
    central.admin.commit()
    central.user("ana", "restricted", [7])
    with connect(central.server.address, "ana", "pw-ana") as con:
        seen = {int(r[1]) for r in con.execute("SELECT * FROM records").fetchall()}  # type: ignore[call-overload]
        # her projects narrow only what is above public: the live public ones (of no project) too
        assert seen == {1, 3, 10, 11}
        vec_ids = {int(r[0]) for r in con.execute(  # type: ignore[call-overload]
            "SELECT section_id FROM rag_embeddings").fetchall()}
        assert vec_ids == {1, 3, 10, 11}
        assert con.execute("SELECT count(*) FROM records WHERE classification = 'secret' OR true").fetchone() == (4,)
        con.rollback()
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            con.execute("SELECT * FROM central_users")
        con.rollback()
        con.execute("SET row_security = off")  # a reader cannot switch RLS off: the query fails instead
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            con.execute("SELECT * FROM records")
        con.rollback()
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            con.execute("UPDATE records SET classification = 'public'")
    central.user("bo", "public")
    with connect(central.server.address, "bo", "pw-bo") as con:
        assert {int(r[0]) for r in con.execute(  # type: ignore[call-overload]
            "SELECT section_id FROM records").fetchall()} == {1, 3}


def test_first_and_incremental_sync(central: Central, tmp_path: Path) -> None:
    home = tmp_path / "home"
    with open_store(home) as store:  # the user's own record, with the same model
        pin_model(store, MODEL, DIM, sha256=SHA)
        RecordWriter(store).write([RecordRow("mine", 1, "my notes", "public", embeddings=[
            EmbeddingRow("rag:body", 0, MODEL, np.ones(DIM, np.float32), "notes", "hn")])])
    central.publish(4, classification="public")
    central.publish(3, classification="secret", start=100)
    central.user("cai", "restricted")
    first = pull(central, home, "cai", page=3)
    assert (first.added, first.updated, first.removed, first.revoked) == (4, 0, 0, 0)
    assert first.vectors_reused == 8 and first.vectors_embedded == 0 and first.bytes > 8 * DIM * 4
    recs, embs = rows(home)
    assert {(r[0], r[1], r[8]) for r in recs} == {("col", i, "central") for i in range(1, 5)} | {("mine", 1, "local")}
    vec = next(e for e in embs if e[0] == f"col/3/rag:body/en/1@{MODEL}")
    assert list(vec[8]) == [float(31 + d) for d in range(DIM)]  # type: ignore[call-overload]

    again = pull(central, home, "cai")
    assert (again.added, again.updated, again.removed, again.revoked, again.vectors_reused) == (0, 0, 0, 0, 0)

    central.admin.execute("UPDATE records SET title = 'renamed' WHERE section_id = 2")
    central.admin.commit()
    central.publish(1, start=5)
    inc = pull(central, home, "cai")
    assert (inc.added, inc.updated, inc.removed, inc.revoked, inc.vectors_reused) == (1, 1, 0, 0, 4)
    titles = {r[1]: r[2] for r in rows(home)[0]}
    assert titles[2] == "renamed" and titles[5] == "record 5"
    assert keys(home) == {("col", i) for i in range(1, 6)} | {("mine", 1)}


def test_a_sync_leaves_keyword_search_current_and_one_with_nothing_new_moves_no_generation(
        central: Central, tmp_path: Path) -> None:
    """The synced words are searchable when the sync ends (its last step rebuilds the keyword
    index, as an import does); a sync that brings nothing leaves the store's generation, so the
    next search neither rebuilds that index nor reloads the vectors."""
    from core.retrieval.lexical import lexical_is_stale, lexical_search
    from core.sync.service import SyncRequest, run_sync

    central.publish(3, classification="public")
    central.admin.execute("UPDATE records SET title = 'molino harinero' WHERE section_id = 2")
    central.admin.commit()
    central.user("kit", "public")
    home = tmp_path / "home"

    def sync() -> tuple[list[str], int, bool, str]:
        with open_store(home) as store:
            stages: list[str] = []
            report = drive(run_sync(store, SyncRequest(central.server.address, "kit", "pw-kit")),
                           lambda ev: stages.append(ev.stage))
            assert report.summary is not None
            state = store.cursor().execute("SELECT value FROM sync_state").fetchone()
            return stages, store.generation(), lexical_is_stale(store), str(state[0] if state else "")

    stages, g1, stale, state1 = sync()
    assert "lexical" in stages and not stale
    with open_store(home) as store:
        hits = lexical_search(store, "harinero", 5)
        assert [h.chunk_id.split("/")[1] for h in hits] == ["2", "2"]
    stages, g2, stale, state2 = sync()
    assert "lexical" not in stages and g2 == g1 and not stale
    assert state2 != state1  # the sync ran: its last_sync moved
    central.admin.execute("UPDATE records SET title = 'molino de viento' WHERE section_id = 3")
    central.admin.commit()
    stages, g3, stale, _ = sync()
    assert "lexical" in stages and g3 > g2 and not stale


def test_revocation_reclassified_project_revoked_deleted(central: Central, tmp_path: Path) -> None:
    home = tmp_path / "home"
    central.publish(3, classification="restricted", projects=[1])
    central.publish(2, classification="restricted", projects=[2], start=10)
    central.user("dan", "restricted", [1, 2])
    assert pull(central, home, "dan").added == 5
    central.admin.execute("UPDATE records SET classification = 'secret' WHERE section_id = 1")
    central.admin.execute("UPDATE records SET deleted_at = now() WHERE section_id = 2")
    central.admin.commit()
    s = pull(central, home, "dan")
    assert (s.removed, s.revoked, s.added, s.updated) == (1, 1, 0, 0)
    assert keys(home) == {("col", 3), ("col", 10), ("col", 11)}
    central.user("dan", "restricted", [1])  # project 2 revoked
    s = pull(central, home, "dan")
    assert (s.removed, s.revoked) == (0, 2)
    assert keys(home) == {("col", 3)}
    assert rows(home)[1] and {e[2] for e in rows(home)[1]} == {3}  # their vectors are gone too


def test_model_mismatch_changes_nothing(central: Central, tmp_path: Path) -> None:
    home = tmp_path / "home"
    with open_store(home) as store:
        pin_model(store, "another-model", DIM, sha256="cd" * 32)
    central.publish(2)
    central.user("eva", "public")
    with pytest.raises(ModelMismatch, match="test-e5.*another-model"):
        pull(central, home, "eva")
    assert rows(home) == ([], [])


def _password_file(tmp_path: Path, password: str) -> Path:
    f = tmp_path / "pw"
    f.write_text(password + "\n", encoding="utf-8")
    f.chmod(0o600)
    return f


def test_cli_user_add_sync_json_and_status(central: Central, tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    central.publish(3)
    pw = _password_file(tmp_path, "s3cret-pw")
    assert main(["central", "user", "add", "--dsn", central.server.dsn, "fay", "--clearance", "public",
                 "--password-file", str(pw)]) == 0
    assert "user fay created" in capsys.readouterr().out
    home = tmp_path / "home"
    with open_store(home) as store:
        pin_model(store, MODEL, DIM, sha256=SHA)
    assert main(["--home", str(home), "sync", "--server", central.server.address, "--user", "fay",
                 "--password-file", str(pw), "--json"]) == 0
    import json
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["added"] == 3 and summary["vectors_reused"] == 6
    assert set(summary) == {"added", "updated", "removed", "revoked", "vectors_reused", "vectors_embedded",
                            "bytes", "seconds"}
    with open_store(home) as store:
        from cli.sync import sync_status
        st = sync_status(store)
    assert st is not None and st["user"] == "fay" and st["last_sync"] and st["watermark"][2] == 3


def test_wrong_password_and_unreachable_server(central: Central, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    central.user("gil", "public")
    home = tmp_path / "home"
    bad = _password_file(tmp_path, "not-the-password")
    assert main(["--home", str(home), "sync", "--server", central.server.address, "--user", "gil",
                 "--password-file", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "refused user 'gil': wrong user or password" in err and "not-the-password" not in err
    assert main(["--home", str(home), "sync", "--server", f"postgresql://127.0.0.1:{free_port()}/ovillo",
                 "--user", "gil", "--password-file", str(bad)]) == 2
    assert "cannot reach the central server at 127.0.0.1" in capsys.readouterr().err
    # a server elsewhere without verified TLS is refused before any connection or password prompt
    assert main(["--home", str(home), "sync", "--server", "postgresql://archive.example.org/ovillo",
                 "--user", "gil", "--password-file", str(bad)]) == 2
    assert "without verified TLS" in capsys.readouterr().err
    bad.chmod(0o644)
    assert main(["--home", str(home), "sync", "--server", central.server.address, "--user", "gil",
                 "--password-file", str(bad)]) == 2
    assert "can be read by other users" in capsys.readouterr().err


def test_wrong_password_raises_sync_error(central: Central) -> None:
    central.user("hal", "public")
    with pytest.raises(SyncError, match="wrong user or password"):
        connect(central.server.address, "hal", "nope")


_CHILD = """
import sys
import core
from core.paths import Paths
from core.store.db import Store
from core.sync.connect import connect
from core.sync.puller import Puller
home, server, user, password = sys.argv[1:5]
paths = Paths.from_home(home)
paths.ensure()
with connect(server, user, password) as con, Store(paths.store) as store:
    for ev in Puller(store, con, server="central", user=user, page=7, group_rows=0).run():  # a commit a page
        print(ev.stage, ev.done, flush=True)
"""


def test_kill_9_mid_sync_then_resume_ends_identical(central: Central, tmp_path: Path) -> None:
    central.publish(300, classification="public", chunks=3)
    central.user("ivy", "public")
    killed = tmp_path / "killed"
    with open_store(killed) as store:
        pin_model(store, MODEL, DIM, sha256=SHA)
    proc = subprocess.Popen([sys.executable, "-c", _CHILD, str(killed), central.server.address, "ivy", "pw-ivy"],
                            stdout=subprocess.PIPE, text=True, cwd=REPO, env={**os.environ, "OVILLO_HOME": ""})
    assert proc.stdout is not None
    pages = 0
    for line in proc.stdout:
        if line.startswith("sync"):
            pages += 1
        if pages == 10:
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait(60)
    proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    partial = len(keys(killed))
    assert 70 <= partial < 300  # really stopped mid-sync, with the committed pages kept
    resumed = pull(central, killed, "ivy", page=7)
    assert resumed.added == 300 - partial
    clean = tmp_path / "clean"
    with open_store(clean) as store:
        pin_model(store, MODEL, DIM, sha256=SHA)
    pull(central, clean, "ivy")
    assert rows(killed) == rows(clean)
    assert len(rows(clean)[1]) == 900


def test_publish_then_sync_then_republish_changes_only(central: Central, tmp_path: Path) -> None:
    from core.ingest.pipeline import IngestOptions
    from core.models.fake_encoder import HashingEncoder
    from core.service import Ovillo
    from core.sync.publish import publish_store

    folder = tmp_path / "letters"
    folder.mkdir()
    for i in range(4):
        (folder / f"letter{i}.txt").write_text(f"Letter {i}. The harvest of year {1900 + i} was "
                                                 f"{'good' if i % 2 else 'poor'}.\n", encoding="utf-8")

    def publish() -> dict[str, int]:
        with Ovillo(tmp_path / f"scratch{len(list(tmp_path.glob('scratch*')))}", models_dir=tmp_path / "models",
                    encoder=HashingEncoder()) as app:
            for _ in app.library.ingest([str(folder)], IngestOptions(classification="public")):
                pass
            out = publish_store(central.admin, app.store, [str(folder)], model_sha=SHA)
        central.admin.commit()
        return out.to_json()

    first = publish()
    assert first["added"] == 4 and first["updated"] == first["tombstoned"] == 0 and first["vectors"] >= 4
    central.user("joe", "public")
    home = tmp_path / "home"  # a fresh laptop: adopts the archive's model and reuses its vectors
    s = pull(central, home, "joe")
    assert s.added == 4 and s.vectors_reused == first["vectors"]
    with open_store(home) as store:
        assert store.cursor().execute("SELECT name, sha256 FROM models WHERE state = 'active'").fetchall() == \
            [("fake-hash-64", SHA)]

    again = publish()
    assert (again["added"], again["updated"], again["unchanged"], again["tombstoned"]) == (0, 0, 4, 0)
    assert pull(central, home, "joe").updated == 0  # nothing moved on the server, nothing pulled

    (folder / "letter1.txt").write_text("Letter 1, corrected: the harvest was excellent.\n", encoding="utf-8")
    (folder / "letter3.txt").unlink()
    third = publish()
    assert (third["added"], third["updated"], third["unchanged"], third["tombstoned"]) == (0, 1, 2, 1)
    s = pull(central, home, "joe")
    assert (s.added, s.updated, s.removed, s.revoked) == (0, 1, 1, 0)
    titles = sorted(str(r[5]) for r in rows(home)[0])
    assert len(titles) == 3 and not any("letter3" in t for t in titles)
    assert any("excellent" in str(e[6]) for e in rows(home)[1])


def test_a_newer_central_schema_is_refused(central: Central, tmp_path: Path) -> None:
    central.publish(2)
    central.user("kim", "public")
    central.admin.execute("INSERT INTO central_schema_version (version, name) VALUES (999, 'future')")
    central.admin.commit()
    try:
        with pytest.raises(SyncError, match="version 999, newer than this Ovillo knows"):
            pull(central, tmp_path / "home", "kim")
    finally:
        central.admin.execute("DELETE FROM central_schema_version WHERE version = 999")
        central.admin.commit()
    assert rows(tmp_path / "home") == ([], [])


def test_a_vector_of_the_wrong_dimension_stops_with_committed_pages_kept(central: Central, tmp_path: Path) -> None:
    home = tmp_path / "home"
    central.publish(6)
    central.admin.execute("UPDATE rag_embeddings SET embedding = '[1,2,3,4]', dimension = 4 WHERE section_id = 6")
    central.admin.commit()
    central.user("lea", "public")
    with pytest.raises(SyncError, match="col-6 has 4 dimensions, test-e5 has 8"):
        pull(central, home, "lea", page=2)
    assert keys(home) == {("col", i) for i in range(1, 5)}  # the pages before it, each committed whole
    central.publish(1, start=6)  # repaired on the server
    s = pull(central, home, "lea", page=2)
    assert s.added == 2 and keys(home) == {("col", i) for i in range(1, 7)}


def test_two_syncs_at_once_the_second_is_refused(central: Central, tmp_path: Path) -> None:
    central.user("max", "public")
    pw = _password_file(tmp_path, "pw-max")
    home = tmp_path / "home"
    with open_store(home):  # a sync (or ingest) in progress holds the store
        run = subprocess.run([sys.executable, "-c", "import sys; from cli.main import main; sys.exit(main(sys.argv[1:]))",
                              "--home", str(home), "sync", "--server", central.server.address, "--user", "max",
                              "--password-file", str(pw)], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert run.returncode == 2 and "Another Ovillo may be using it" in run.stderr, run.stderr


def test_server_stops_mid_sync_then_resume(tmp_path: Path) -> None:
    """A server of its own (stopping the session's would break other tests): stop it after a few pages."""
    import tempfile

    from core.sync import server

    with tempfile.TemporaryDirectory(prefix="ovillo-central-stop-") as parent:
        root = Path(parent) / "c"
        dsn = server.init(root)
        try:
            with psycopg.connect(dsn) as admin:
                admin.execute("INSERT INTO models (name, modality, dimension, sha256) VALUES (%s, 'text', %s, %s)",
                              (MODEL, DIM, SHA))
                own = Central(CentralServer(dsn, root, server.Cluster(root).port), admin)
                own.publish(60)
                own.user("ned", "public")
            home = tmp_path / "home"
            with connect(own.server.address, "ned", "pw-ned") as con, open_store(home) as store:
                gen = Puller(store, con, server="central", user="ned", page=5, ahead_rows=1).run()
                for _ in range(3):
                    next(gen)
                server.stop(root)
                with pytest.raises(SyncError, match="lost mid-sync"):
                    for _ in gen:
                        pass
            # the three pages seen and whatever had already arrived when the server stopped (the
            # pages are cut from one COPY stream, and 60 small records fit in the socket's
            # buffers) are written when the read fails: whole pages only, nothing half-written
            kept = len(keys(home))
            assert kept % 5 == 0 and 15 <= kept <= 60
            server.start(root)
            s = pull(own, home, "ned", page=5)
            assert s.added == 60 - kept and len(keys(home)) == 60
        finally:
            if server.pid(root) is not None:
                server.stop(root)


def test_model_mismatch_with_the_local_model_embeds_locally(central: Central, tmp_path: Path) -> None:
    from core.models.fake_encoder import HashingEncoder

    home = tmp_path / "home"
    local = HashingEncoder()
    with open_store(home) as store:
        pin_model(store, local.name, local.dimension)
    central.publish(3)
    central.user("olga", "public")
    asked: list[str] = []

    def load(name: str) -> HashingEncoder:
        asked.append(name)
        return local

    first_sync = pull(central, home, "olga", page=2, encoder=load)
    assert (first_sync.added, first_sync.vectors_embedded, first_sync.vectors_reused) == (3, 6, 0)
    recs, embs = rows(home)
    assert asked == ["fake-hash-64"] and len(recs) == 3 and len(embs) == 6
    assert {(e[4], e[5]) for e in embs} == {("fake-hash-64", 64)}  # never a central test-e5 vector
    first = next(e for e in embs if e[6] == "text 1.0")
    want = HashingEncoder().embed_batch(["text 1.0"], kind="passage")[0]
    assert np.allclose(np.asarray(first[8], np.float32), want)
    central.publish(1, start=4)
    s = pull(central, home, "olga", encoder=load)
    assert (s.added, s.vectors_embedded, s.vectors_reused) == (1, 2, 0)



def test_verify_full_never_falls_back_to_plain_text(central: Central, tmp_path: Path) -> None:
    """With a CA file the client demands verified TLS; the embedded server (built without SSL) cannot
    offer it, so the connection fails with a TLS error instead of sending the password in clear."""
    central.user("pia", "public")
    ca = tmp_path / "ca.crt"
    ca.write_text("-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n", encoding="utf-8")
    with pytest.raises(SyncError, match="TLS with 127.0.0.1"):
        connect(central.server.address, "pia", "pw-pia", ca_file=str(ca))
    with pytest.raises(SyncError, match="TLS with 127.0.0.1"):
        connect(central.server.address + "?sslmode=verify-full", "pia", "pw-pia")
