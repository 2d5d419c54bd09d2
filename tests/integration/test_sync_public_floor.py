"""A project-limited user syncs every public record, as the anonymous kiosk does.

Access is monotonic: projects narrow only what is above ``public``. Against the real central
server (its ``records_read`` policy), a restricted researcher on project 1 pulls the archive's
public records of no project and of other projects, her project's restricted ones, and nothing else.
"""

from __future__ import annotations

from pathlib import Path

from core.store.models_repo import pin_model
from tests.integration.test_sync import DIM, MODEL, SHA, Central, central, keys, open_store, pull, rows
from tests.pg_fixtures import central_server  # noqa: F401  (the session fixture)

__all__ = ["central"]  # fixture


def pinned_home(home: Path) -> Path:
    """A fresh local home pinned to the central model (its vectors are then reused as sent)."""
    with open_store(home) as store:
        pin_model(store, MODEL, DIM, sha256=SHA)
    return home


def test_a_project_limited_researcher_syncs_every_public_record(central: Central, tmp_path: Path) -> None:
    central.publish(20, classification="public")  # the archive's public records, of no project
    central.publish(10, classification="restricted", projects=[1], start=101)
    central.publish(5, classification="public", projects=[2], start=201)  # public, of a project not hers
    central.publish(5, classification="restricted", projects=[2], start=301)  # above public, not hers
    central.user("fia", "restricted", [1])
    central.user("kiosk", "public")

    researcher = pull(central, pinned_home(tmp_path / "fia"), "fia")
    kiosk = pull(central, pinned_home(tmp_path / "kiosk"), "kiosk")

    # the reported case (20 public of no project + 10 restricted of project 1) arrives whole
    reported = {("col", i) for i in range(1, 21)} | {("col", i) for i in range(101, 111)}
    public = {("col", i) for i in range(1, 21)} | {("col", i) for i in range(201, 206)}
    assert keys(tmp_path / "kiosk") == public and kiosk.added == 25
    assert keys(tmp_path / "fia") == reported | public and researcher.added == 35
    assert keys(tmp_path / "fia") >= keys(tmp_path / "kiosk")
    vectors = {int(e[2]) for e in rows(tmp_path / "fia")[1]}  # type: ignore[call-overload]
    assert vectors == {sid for _, sid in reported | public}
    assert researcher.vectors_reused == 2 * 35


def test_an_existing_server_is_migrated_to_the_public_floor(central: Central) -> None:
    """A server made before migration 0005 hides public records from project-limited users until the
    administrator's next publish or user change migrates it; then they read them."""
    import psycopg

    from core.sync.central import add_user, admin_connect, migrations

    name = f"floor_{central.server.port}"
    root = central.server.dsn.rsplit("/", 1)[0]
    central.admin.autocommit = True
    central.admin.execute(f"DROP DATABASE IF EXISTS {name}")
    central.admin.execute(f"CREATE DATABASE {name}")
    central.admin.autocommit = False
    older = [m for m in migrations() if m.version < 5]

    def reads() -> set[int]:
        with psycopg.connect(host="127.0.0.1", port=central.server.port, dbname=name, user="flo",
                             password="pw-flo") as con:
            return {int(r[0]) for r in con.execute("SELECT section_id FROM records").fetchall()}

    try:
        with psycopg.connect(f"{root}/{name}") as db:
            for m in older:
                db.execute(m.path.read_text(encoding="utf-8").encode())
                db.execute("INSERT INTO central_schema_version (version, name) VALUES (%s, %s)", (m.version, m.name))
            db.execute("INSERT INTO records (section_tipo, section_id, classification, project_ids) VALUES "
                       "('col', 1, 'public', '{}'), ('col', 2, 'restricted', '{1}'), ('col', 3, 'restricted', '{2}')")
            db.commit()
            add_user(db, "flo", "restricted", [1], "pw-flo")
        assert reads() == {2}
        with admin_connect(f"{root}/{name}") as db:
            assert db.execute("SELECT max(version) FROM central_schema_version").fetchone() == (len(migrations()),)
        assert reads() == {1, 2}
    finally:
        central.admin.autocommit = True
        central.admin.execute(f"DROP DATABASE IF EXISTS {name}")
        central.admin.autocommit = False
