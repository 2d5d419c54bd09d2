"""Named, ordered schema migrations applied on open.

The shared tables mirror the central pgvector schema column for column
(docs/design.md §3). ``embedding`` is a ``FLOAT[]`` list rather than ``FLOAT[N]``
because the pinned-model switch keeps two models — possibly of different
dimension — side by side in one table; ``dimension`` says how long each is.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

import duckdb

from core.errors import MigrationError
from core.ids import section_id_for

Migration = tuple[str, Callable[[duckdb.DuckDBPyConnection], None]]


def _m001_initial(con: duckdb.DuckDBPyConnection) -> None:
    con.execute("""
    CREATE TABLE records (
        section_tipo   VARCHAR NOT NULL,
        section_id     BIGINT  NOT NULL,
        title          VARCHAR,
        lang           VARCHAR,
        classification VARCHAR NOT NULL DEFAULT 'restricted'
                       CHECK (classification IN ('public', 'restricted', 'secret')),
        project_ids    INTEGER[] NOT NULL DEFAULT [],
        data           JSON,
        date_start     DATE,
        date_end       DATE,
        updated_at     TIMESTAMP NOT NULL,
        deleted_at     TIMESTAMP,
        origin         VARCHAR NOT NULL DEFAULT 'local' CHECK (origin IN ('local', 'central')),
        PRIMARY KEY (section_tipo, section_id)
    )""")
    con.execute("""
    CREATE TABLE rag_embeddings (
        id             VARCHAR PRIMARY KEY,
        section_tipo   VARCHAR NOT NULL,
        section_id     BIGINT  NOT NULL,
        component_tipo VARCHAR NOT NULL,
        lang           VARCHAR,
        chunk_index    INTEGER NOT NULL,
        modality       VARCHAR NOT NULL DEFAULT 'text' CHECK (modality IN ('text', 'image')),
        model          VARCHAR NOT NULL,
        dimension      INTEGER NOT NULL,
        source_text    VARCHAR NOT NULL,
        source_hash    VARCHAR NOT NULL,
        chunk_meta     JSON,
        embedding      FLOAT[] NOT NULL,
        updated_at     TIMESTAMP NOT NULL
    )""")
    con.execute("CREATE INDEX rag_embeddings_record ON rag_embeddings (section_tipo, section_id)")
    con.execute("""
    CREATE TABLE sources (
        path         VARCHAR PRIMARY KEY,
        root         VARCHAR,
        collection   VARCHAR NOT NULL,
        reader       VARCHAR,
        content_hash VARCHAR,
        mtime        DOUBLE,
        size         BIGINT,
        status       VARCHAR NOT NULL CHECK (status IN ('ok', 'failed', 'pending')),
        error        VARCHAR,
        options      JSON,
        chunks       INTEGER NOT NULL DEFAULT 0,
        updated_at   TIMESTAMP NOT NULL
    )""")
    con.execute("""
    CREATE TABLE source_records (
        path         VARCHAR NOT NULL,
        section_tipo VARCHAR NOT NULL,
        section_id   BIGINT  NOT NULL,
        PRIMARY KEY (section_tipo, section_id)
    )""")
    con.execute("""
    CREATE TABLE index_queue (
        path            VARCHAR PRIMARY KEY,
        root            VARCHAR,
        options         JSON NOT NULL,
        enqueued_at     TIMESTAMP NOT NULL,
        claimed_by      VARCHAR,
        claimed_at      TIMESTAMP,
        attempts        INTEGER NOT NULL DEFAULT 0,
        last_error      VARCHAR,
        next_attempt_at TIMESTAMP
    )""")
    con.execute("""
    CREATE TABLE embedding_cache (
        model        VARCHAR NOT NULL,
        content_hash VARCHAR NOT NULL,
        embedding    FLOAT[] NOT NULL,
        PRIMARY KEY (model, content_hash)
    )""")
    con.execute("""
    CREATE TABLE models (
        name           VARCHAR PRIMARY KEY,
        modality       VARCHAR NOT NULL,
        dimension      INTEGER NOT NULL,
        sha256         VARCHAR,
        source_package VARCHAR,
        state          VARCHAR NOT NULL CHECK (state IN ('active', 'building', 'retired')),
        created_at     TIMESTAMP NOT NULL,
        activated_at   TIMESTAMP
    )""")
    con.execute("CREATE TABLE sync_state (key VARCHAR PRIMARY KEY, value JSON, updated_at TIMESTAMP)")
    con.execute("""
    CREATE TABLE profiles (
        name            VARCHAR PRIMARY KEY,
        description     VARCHAR,
        classifications VARCHAR[] NOT NULL,
        project_ids     INTEGER[],
        builtin         BOOLEAN NOT NULL DEFAULT false
    )""")
    con.execute("""
    INSERT INTO profiles VALUES
      ('owner',  'Everything on this machine', ['public', 'restricted', 'secret'], NULL, true),
      ('public', 'Public records only (reading-room kiosk)', ['public'], NULL, true)
    """)
    con.execute("CREATE TABLE store_meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
    con.execute("INSERT INTO store_meta VALUES ('generation', '0')")


def _m002_unsupported_and_unit_times(con: duckdb.DuckDBPyConnection) -> None:
    """``sources.status`` may be ``unsupported`` (a folder's file no reader handles: listed, never retried);
    transcripts are re-read on the next ingest so their chunks get per-unit times (``tc_marks``).

    DuckDB cannot change a CHECK constraint in place, so the table is rebuilt with its rows.
    """
    con.execute("""
    CREATE TABLE sources_m002 (
        path         VARCHAR PRIMARY KEY,
        root         VARCHAR,
        collection   VARCHAR NOT NULL,
        reader       VARCHAR,
        content_hash VARCHAR,
        mtime        DOUBLE,
        size         BIGINT,
        status       VARCHAR NOT NULL CHECK (status IN ('ok', 'failed', 'pending', 'unsupported')),
        error        VARCHAR,
        options      JSON,
        chunks       INTEGER NOT NULL DEFAULT 0,
        updated_at   TIMESTAMP NOT NULL
    )""")
    con.execute("""INSERT INTO sources_m002 SELECT path, root, collection, reader, content_hash, mtime, size,
                   status, error, options, chunks, updated_at FROM sources""")
    con.execute("DROP TABLE sources")
    con.execute("ALTER TABLE sources_m002 RENAME TO sources")
    # unchanged files are skipped by (mtime, size, hash): forgetting them makes the next ingest re-read
    # the transcripts; their vectors are reused (same text, same source_hash)
    con.execute("UPDATE sources SET mtime = NULL, content_hash = NULL "
                "WHERE reader IN ('vtt', 'srt', 'ohms', 'tc-marks')")


def _m003_content_classes(con: duckdb.DuckDBPyConnection) -> None:
    """Classification follows content (:mod:`core.ingest.content_class`): each stored record's in-file key
    beside its path, and the strictest classification each content has had. Keys are recovered where the
    id shows them (a file of one record: key ""); a CSV row's comes with its file's next import."""
    con.execute("ALTER TABLE source_records ADD COLUMN record_key VARCHAR")
    con.execute("""
    CREATE TABLE content_classes (
        content_hash   VARCHAR NOT NULL,
        record_key     VARCHAR NOT NULL,
        classification VARCHAR NOT NULL CHECK (classification IN ('public', 'restricted', 'secret')),
        PRIMARY KEY (content_hash, record_key)
    )""")
    rows = con.execute("SELECT s.path, s.section_id, src.content_hash, r.classification FROM source_records s "
                       "JOIN sources src ON src.path = s.path JOIN records r USING (section_tipo, section_id) "
                       "WHERE src.content_hash IS NOT NULL").fetchall()
    rank = {c: i for i, c in enumerate(("public", "restricted", "secret"))}
    best: dict[tuple[str, str], str] = {}
    for path, sid, digest, cls in rows:
        if section_id_for(str(path), "") != int(sid) or cls not in rank:
            continue
        con.execute("UPDATE source_records SET record_key = '' WHERE path = ? AND section_id = ?", [path, sid])
        old = best.get((digest, ""))
        if old is None or rank[cls] > rank[old]:
            best[(digest, "")] = cls
    for (digest, key), cls in best.items():
        con.execute("INSERT INTO content_classes VALUES (?, ?, ?)", [digest, key, cls])


def _m004_record_edits(con: duckdb.DuckDBPyConnection) -> None:
    """The user's layer over locally ingested records (:mod:`core.store.edits`): what the owner set (NULL: the
    file's value) beside the file's own latest values, so an edit survives a re-ingest and clearing it gives
    the file's back. No rows yet: nothing was edited before."""
    con.execute("""
    CREATE TABLE record_edits (
        section_tipo        VARCHAR NOT NULL,
        section_id          BIGINT  NOT NULL,
        title               VARCHAR,
        date_text           VARCHAR,
        date_start          DATE,
        date_end            DATE,
        classification      VARCHAR CHECK (classification IN ('public', 'restricted', 'secret')),
        notes               VARCHAR,
        file_title          VARCHAR,
        file_date_start     DATE,
        file_date_end       DATE,
        file_classification VARCHAR,
        edited_at           TIMESTAMP NOT NULL,
        PRIMARY KEY (section_tipo, section_id)
    )""")


def _m005_change_log(con: duckdb.DuckDBPyConnection) -> None:
    """The change log (:mod:`core.store.changes`): records touched per generation, and each generation's
    token and whether it was logged in full. The current generation gets a token: derived data starts
    from it."""
    con.execute("CREATE TABLE store_changes (generation BIGINT, section_tipo VARCHAR NOT NULL, "
                "section_id BIGINT NOT NULL)")
    con.execute("CREATE TABLE store_generations (generation BIGINT PRIMARY KEY, token VARCHAR NOT NULL, "
                "logged BOOLEAN NOT NULL)")
    con.execute("INSERT INTO store_generations SELECT CAST(value AS BIGINT), CAST(uuid() AS VARCHAR), true "
                "FROM store_meta WHERE key = 'generation'")


def _m006_library_sources(con: duckdb.DuckDBPyConnection) -> None:
    """The library's source folders and files (:mod:`core.ingest.library`): each with the options its files are
    indexed with, its ordered include/exclude rules, whether watching is paused, its last scan, and
    ``removing`` (a removal under way: finished on the next open). Folders ingested before become sources."""
    con.execute("""
    CREATE TABLE library_sources (
        path       VARCHAR PRIMARY KEY,
        options    JSON NOT NULL,
        rules      JSON NOT NULL DEFAULT '[]',
        paused     BOOLEAN NOT NULL DEFAULT false,
        removing   BOOLEAN NOT NULL DEFAULT false,
        added_at   TIMESTAMP NOT NULL,
        last_scan  TIMESTAMP
    )""")
    con.execute("""INSERT INTO library_sources (path, options, added_at, last_scan)
                   SELECT root, any_value(options), min(updated_at), max(updated_at) FROM sources
                   WHERE root IS NOT NULL GROUP BY root""")


def _m007_reread_what_readers_learned(con: duckdb.DuckDBPyConnection) -> None:
    """Files the readers of #34 read differently are read again on the next ingest: files once listed as
    unsupported (Word, spreadsheets, mail, EPUB, finding aids and other XML, captions now have readers;
    an unsupported file is otherwise never retried), web pages (fragments, ``og:title``), OHMS (index
    points' times) and PDFs (letter-spaced words). Unchanged text keeps its vectors (same source_hash)."""
    con.execute("UPDATE sources SET mtime = NULL, content_hash = NULL "
                "WHERE status = 'unsupported' OR reader IN ('html', 'ohms', 'pdf')")


MIGRATIONS: list[Migration] = [
    ("m001_initial", _m001_initial),
    ("m002_unsupported_and_unit_times", _m002_unsupported_and_unit_times),
    ("m003_content_classes", _m003_content_classes),
    ("m004_record_edits", _m004_record_edits),
    ("m005_change_log", _m005_change_log),
    ("m006_library_sources", _m006_library_sources),
    ("m007_reread_what_readers_learned", _m007_reread_what_readers_learned),
]


def migrate(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Apply pending migrations in order, each in its own transaction; return their names."""
    con.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name VARCHAR PRIMARY KEY, applied_at TIMESTAMP)")
    applied = {row[0] for row in con.execute("SELECT name FROM schema_migrations").fetchall()}
    known = {name for name, _ in MIGRATIONS}
    unknown = applied - known
    if unknown:
        raise MigrationError(f"the store was written by a newer Ovillo (migrations {sorted(unknown)})",
                             hint="Upgrade Ovillo to open this data folder.")
    done: list[str] = []
    for name, step in MIGRATIONS:
        if name in applied:
            continue
        try:
            con.execute("BEGIN")
            step(con)
            con.execute("INSERT INTO schema_migrations VALUES (?, ?)", [name, datetime.now(timezone.utc)])
            con.execute("COMMIT")
        except duckdb.Error as exc:
            con.execute("ROLLBACK")
            raise MigrationError(f"migration {name} failed: {exc}") from exc
        done.append(name)
    return done


def schema_version(con: duckdb.DuckDBPyConnection) -> str:
    """Name of the newest applied migration."""
    row = con.execute("SELECT max(name) FROM schema_migrations").fetchone()
    return str(row[0]) if row and row[0] else ""
