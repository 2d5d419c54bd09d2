"""The lexical leg: DuckDB full-text search (BM25) over title, heading path and passage.

The FTS index does not follow inserts, so it is derived data, brought up to date
after a batch of changes and whenever its generation lags the store's (e.g. after
a crash between a commit and the update). A few changed passages are applied to
the index's own tables (:func:`update_lexical_index`) with the index's own
tokeniser: rebuilding all of it took seconds per import or sync of a handful of
records into a large archive. Which passages changed comes from the change log
(:mod:`core.store.changes`) when it can say, so only the named records' bodies are
computed and compared; otherwise every body is. Many changes, or other tokenising options, rebuild it. Accents are folded and case lowered
on both sides, digits kept (trench numbers and inventory codes matter), no
stemming (the archive is multilingual), function words of the main languages
dropped (:data:`core.text.STOPWORDS`).
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import pyarrow as pa

from core.store import changes
from core.store.db import Store
from core.text import STOPWORDS

if TYPE_CHECKING:
    import duckdb

FTS_TABLE = "fts_docs"
STOPWORD_TABLE = "fts_stopwords"
FTS_OPTIONS = (f"stemmer = 'none', stopwords = '{STOPWORD_TABLE}', ignore = '(\\.|[^a-z0-9])+', "
               "strip_accents = 1, lower = 1, overwrite = 1")


@dataclass(frozen=True)
class LexicalHit:
    """A chunk and its BM25 score."""

    chunk_id: str
    score: float


def _meta(store: Store, key: str) -> str | None:
    row = store.cursor().execute("SELECT value FROM store_meta WHERE key = ?", [key]).fetchone()
    return str(row[0]) if row else None


def lexical_is_stale(store: Store) -> bool:
    """True when the FTS index was built for an older generation of the data."""
    return _meta(store, "lexical_generation") != str(store.generation())


# what the index holds for each chunk of the active text model: its record's title, its heading
# path and its passage
_BODIES = """
    SELECT e.id, e.section_tipo, e.section_id, concat_ws(' ', r.title, array_to_string(
               CAST(json_extract_string(e.chunk_meta, '$.heading_path[*]') AS VARCHAR[]), ' '),
               e.source_text) AS body
    FROM rag_embeddings e
    JOIN records r ON r.section_tipo = e.section_tipo AND r.section_id = e.section_id
    JOIN models m ON m.name = e.model AND m.state = 'active'
    WHERE e.modality = 'text'
"""
# the same, for the records the change log names (``ovillo_fts_keys``): what a logged change costs
_BODIES_OF_KEYS = _BODIES.replace("FROM rag_embeddings e", "FROM ovillo_fts_keys k JOIN rag_embeddings e "
                                  "ON e.section_tipo = k.st AND e.section_id = k.sid")
#: False: every body is compared whatever the log says (what updates cost before it; the benchmark's baseline)
FOLLOW_LOG = True
#: changed passages beyond this share of the index rebuild it whole (cheaper than the edits then)
UPDATE_SHARE = 0.2
_FTS = f"fts_main_{FTS_TABLE}"


#: the layout of ``fts_docs`` (2: each body's record, so a logged change finds its old passages)
_LAYOUT = "docs-2"


def _options_key() -> str:
    """What the tokens and tables depend on besides the text: an index made with others is rebuilt."""
    return hashlib.sha256("\n".join([FTS_OPTIONS, _LAYOUT, *sorted(STOPWORDS)]).encode()).hexdigest()[:16]


def lexical_epoch(store: Store) -> str:
    """Names the index's last full build: readers holding its postings start again when it changes."""
    return _meta(store, "lexical_epoch") or ""


def lexical_state(store: Store) -> tuple[str, list[str], int]:
    """In one snapshot: the index's build (:func:`lexical_epoch`), the marks of its latest updates (the last
    one: its state now) and its newest document id (-1: none)."""
    row = store.cursor().execute(f"""SELECT (SELECT value FROM store_meta WHERE key = 'lexical_epoch'),
                                            (SELECT value FROM store_meta WHERE key = 'lexical_trail'),
                                            (SELECT coalesce(max(docid), -1) FROM {_FTS}.docs)""").fetchone()
    return (str(row[0] or ""), str(row[1] or "").split(), int(row[2])) if row else ("", [], -1)


#: updates the trail remembers: postings saved further back than this are loaded again
TRAIL = 256


def _stamp(cur: "duckdb.DuckDBPyConnection", *, options: bool) -> None:
    gen, token = changes.state(cur)
    cur.execute("INSERT OR REPLACE INTO store_meta VALUES ('lexical_generation', ?)", [str(gen)])
    cur.execute("INSERT OR REPLACE INTO store_meta VALUES ('lexical_token', ?)", [token])
    if options:
        cur.execute("INSERT OR REPLACE INTO store_meta VALUES ('lexical_options', ?)", [_options_key()])
        cur.execute("INSERT OR REPLACE INTO store_meta VALUES ('lexical_epoch', CAST(uuid() AS VARCHAR))")
    # every build and update gets a mark: postings saved beside the store follow on only from a mark this
    # index passed through (a store copied back from before an update numbers its next documents as that
    # update did, with other bodies)
    row = cur.execute("SELECT value FROM store_meta WHERE key = 'lexical_trail'").fetchone()
    trail = [] if options or not row or not row[0] else str(row[0]).split()
    trail = [*trail, str(uuid.uuid4())][-TRAIL:]
    cur.execute("INSERT OR REPLACE INTO store_meta VALUES ('lexical_trail', ?)", [" ".join(trail)])


def rebuild_lexical_index(store: Store) -> None:
    """Rebuild the keyword index for the active text model's chunks, atomically."""
    with store.transaction() as cur:
        cur.execute(f"CREATE OR REPLACE TABLE {FTS_TABLE} AS {_BODIES}")
        cur.execute(f"CREATE OR REPLACE TABLE {STOPWORD_TABLE} (sw VARCHAR)")
        cur.executemany(f"INSERT INTO {STOPWORD_TABLE} VALUES (?)", [[w] for w in sorted(STOPWORDS)])
        cur.execute(f"PRAGMA create_fts_index('{FTS_TABLE}', 'id', 'body', {FTS_OPTIONS})")
        _stamp(cur, options=True)


def update_lexical_index(store: Store) -> Literal["current", "updated", "rebuilt"]:
    """Bring the keyword index up to date with the chunks, atomically: the passages added, changed
    or gone since it was made are applied to the index's tables, tokenised by the index's own
    ``tokenize`` and stopwords, so the result scores as a rebuild would; beyond
    :data:`UPDATE_SHARE` of the index, or when the index was made with other options, it is
    rebuilt."""
    if not lexical_is_stale(store):
        return "current"
    if _meta(store, "lexical_options") != _options_key() or not _has_index(store):
        rebuild_lexical_index(store)
        return "rebuilt"
    with store.transaction() as cur:
        keys = _logged_keys(cur)
        if keys is None:  # the log cannot say what changed: every body is compared
            cur.execute(f"CREATE OR REPLACE TEMP TABLE ovillo_fts_now AS {_BODIES}")
            cur.execute(f"CREATE OR REPLACE TEMP TABLE ovillo_fts_was AS SELECT * FROM {FTS_TABLE}")
        else:  # only the passages of the records the log names (computing every body was most of an update)
            cur.register("ovillo_fts_named", pa.table({"st": pa.array([k[0] for k in keys], pa.string()),
                                                       "sid": pa.array([k[1] for k in keys], pa.int64())}))
            try:  # a re-embedding names every record: one columnar insert, not a row each
                cur.execute("CREATE OR REPLACE TEMP TABLE ovillo_fts_keys AS SELECT st, sid FROM ovillo_fts_named")
            finally:
                cur.unregister("ovillo_fts_named")
            cur.execute(f"CREATE OR REPLACE TEMP TABLE ovillo_fts_now AS {_BODIES_OF_KEYS}")
            # what the index held for those records, and for passages that moved to them (two small hash joins)
            cur.execute(f"""CREATE OR REPLACE TEMP TABLE ovillo_fts_was AS
                SELECT d.* FROM {FTS_TABLE} d JOIN ovillo_fts_keys k ON k.st = d.section_tipo AND k.sid = d.section_id
                UNION SELECT d.* FROM {FTS_TABLE} d JOIN ovillo_fts_now n ON n.id = d.id""")
        try:
            cur.execute(f"""CREATE OR REPLACE TEMP TABLE ovillo_fts_gone AS
                SELECT d.id FROM ovillo_fts_was d LEFT JOIN ovillo_fts_now n ON n.id = d.id
                WHERE n.body IS DISTINCT FROM d.body OR n.section_tipo IS DISTINCT FROM d.section_tipo
                      OR n.section_id IS DISTINCT FROM d.section_id""")
            cur.execute("""CREATE OR REPLACE TEMP TABLE ovillo_fts_new AS
                SELECT n.* FROM ovillo_fts_now n LEFT JOIN ovillo_fts_was d ON d.id = n.id
                WHERE d.body IS DISTINCT FROM n.body OR d.section_tipo IS DISTINCT FROM n.section_tipo
                      OR d.section_id IS DISTINCT FROM n.section_id""")
            counts = cur.execute(f"""SELECT (SELECT count(*) FROM ovillo_fts_gone), (SELECT count(*) FROM ovillo_fts_new),
                                            (SELECT count(*) FROM {FTS_TABLE})""").fetchone()
            gone, new, held = (int(x) for x in counts) if counts else (0, 0, 0)
            retired = _retired_share(cur)
            if gone + new > UPDATE_SHARE * max(held, 1) or retired > UPDATE_SHARE:
                too_many = True
            else:
                too_many = False
                _apply(cur)
                _stamp(cur, options=False)
        finally:
            for t in ("ovillo_fts_now", "ovillo_fts_gone", "ovillo_fts_new", "ovillo_fts_keys", "ovillo_fts_was"):
                cur.execute(f"DROP TABLE IF EXISTS {t}")
    if too_many:
        rebuild_lexical_index(store)
        return "rebuilt"
    return "updated"


def _logged_keys(cur: "duckdb.DuckDBPyConnection") -> list[changes.RecordKey] | None:
    """The records changed since the index's generation, by the change log; None when it cannot say."""
    if not FOLLOW_LOG:
        return None
    row = cur.execute("""SELECT max(CASE WHEN key = 'lexical_generation' THEN value END),
                                max(CASE WHEN key = 'lexical_token' THEN value END)
                         FROM store_meta WHERE key IN ('lexical_generation', 'lexical_token')""").fetchone()
    if not row or row[0] is None or not row[1]:
        return None
    return changes.changes_since(cur, int(row[0]), str(row[1]), changes.state(cur)[0])


def _retired_share(cur: "duckdb.DuckDBPyConnection") -> float:
    """The share of ``terms`` rows that belong to no document any more (see :func:`_apply`)."""
    row = cur.execute(f"""SELECT (SELECT count(*) FROM {_FTS}.terms),
                                 (SELECT coalesce(sum(len), 0) FROM {_FTS}.docs)""").fetchone()
    held, live = (int(row[0]), int(row[1])) if row else (0, 0)
    return (held - live) / held if held else 0.0


def _has_index(store: Store) -> bool:
    row = store.cursor().execute("SELECT count(*) FROM duckdb_tables() WHERE schema_name = ?", [_FTS]).fetchone()
    return bool(row and row[0])


def _apply(cur: "duckdb.DuckDBPyConnection") -> None:
    """The staged differences (``ovillo_fts_gone``, ``ovillo_fts_new``) applied to the index, the way
    ``create_fts_index`` builds it: one ``terms`` row per kept token, ``docs.len`` its count,
    ``dict.df`` the documents holding the term, ``stats`` over all documents."""
    cur.execute(f"""CREATE OR REPLACE TEMP TABLE ovillo_fts_old AS
        SELECT docid FROM {_FTS}.docs WHERE name IN (SELECT id FROM ovillo_fts_gone)""")
    # document frequencies move by the documents that go and come (counting them again over every
    # posting of the terms touched took most of an update)
    cur.execute(f"""CREATE OR REPLACE TEMP TABLE ovillo_fts_minus AS
        SELECT termid, count(DISTINCT docid) AS n FROM {_FTS}.terms WHERE docid IN (SELECT docid FROM ovillo_fts_old)
        GROUP BY termid""")
    # the postings of documents gone stay in ``terms`` under their retired ids (every reader joins
    # ``docs``, which no longer holds them): deleted rows in that table, the index's largest, made
    # every later checkpoint of the store 0.25-0.3 s dearer at 100k records; a rebuild drops them
    cur.execute(f"DELETE FROM {_FTS}.docs WHERE docid IN (SELECT docid FROM ovillo_fts_old)")
    cur.execute(f"DELETE FROM {FTS_TABLE} WHERE id IN (SELECT id FROM ovillo_fts_gone)")
    cur.execute(f"INSERT INTO {FTS_TABLE} SELECT * FROM ovillo_fts_new")
    # new documents take ids after every one held or retired; their tokens as the index's own macro makes them
    cur.execute(f"""CREATE OR REPLACE TEMP TABLE ovillo_fts_docs AS
        SELECT greatest((SELECT coalesce(max(docid), -1) FROM {_FTS}.terms),
                        (SELECT coalesce(max(docid), -1) FROM {_FTS}.docs)) + row_number() OVER (ORDER BY id) AS docid,
               id AS name,
               body FROM ovillo_fts_new""")
    cur.execute(f"""CREATE OR REPLACE TEMP TABLE ovillo_fts_tokens AS
        SELECT docid, w AS term FROM (SELECT docid, unnest({_FTS}.tokenize(body)) AS w FROM ovillo_fts_docs)
        WHERE w IS NOT NULL AND len(w) > 0 AND w NOT IN (SELECT sw FROM {_FTS}.stopwords)""")
    cur.execute(f"""INSERT INTO {_FTS}.dict (termid, term, df)
        SELECT (SELECT coalesce(max(termid), -1) FROM {_FTS}.dict) + row_number() OVER (ORDER BY term), term, 0
        FROM (SELECT DISTINCT term FROM ovillo_fts_tokens WHERE term NOT IN (SELECT term FROM {_FTS}.dict))""")
    cur.execute(f"""INSERT INTO {_FTS}.terms (docid, fieldid, termid)
        SELECT t.docid, 0, d.termid FROM ovillo_fts_tokens t JOIN {_FTS}.dict d ON d.term = t.term""")
    cur.execute(f"""INSERT INTO {_FTS}.docs (docid, name, len)
        SELECT n.docid, n.name, count(t.term) FROM ovillo_fts_docs n LEFT JOIN ovillo_fts_tokens t ON t.docid = n.docid
        GROUP BY n.docid, n.name""")
    cur.execute(f"""UPDATE {_FTS}.dict SET df = df + x.delta FROM (
            SELECT coalesce(p.termid, m.termid) AS termid, coalesce(p.n, 0) - coalesce(m.n, 0) AS delta
            FROM (SELECT d.termid, count(DISTINCT t.docid) AS n FROM ovillo_fts_tokens t
                  JOIN {_FTS}.dict d ON d.term = t.term GROUP BY d.termid) p
            FULL OUTER JOIN ovillo_fts_minus m ON m.termid = p.termid) x
        WHERE {_FTS}.dict.termid = x.termid""")
    cur.execute(f"DELETE FROM {_FTS}.dict WHERE df = 0")  # a term no document holds any more
    cur.execute(f"DELETE FROM {_FTS}.stats")
    cur.execute(f"INSERT INTO {_FTS}.stats SELECT count(docid), sum(len) / count(len) FROM {_FTS}.docs")
    for t in ("ovillo_fts_old", "ovillo_fts_minus", "ovillo_fts_docs", "ovillo_fts_tokens"):
        cur.execute(f"DROP TABLE IF EXISTS {t}")


def ensure_lexical(store: Store) -> None:
    """Bring the index up to date if it lags the data (cheap check; see :func:`update_lexical_index`)."""
    update_lexical_index(store)


def lexical_search(store: Store, query: str, k: int, where: str = "TRUE",
                   params: list[object] | None = None) -> list[LexicalHit]:
    """Top-k chunks by BM25 among those passing ``where`` (over aliases ``e`` and ``r``)."""
    if not query.strip():
        return []
    sql = f"""
        SELECT d.id, d.score FROM (
            SELECT id, fts_main_{FTS_TABLE}.match_bm25(id, ?) AS score FROM {FTS_TABLE}
        ) d
        JOIN rag_embeddings e ON e.id = d.id
        JOIN records r ON r.section_tipo = e.section_tipo AND r.section_id = e.section_id
        WHERE d.score IS NOT NULL AND {where}
        ORDER BY d.score DESC, d.id
        LIMIT ?
    """
    rows = store.cursor().execute(sql, [query, *(params or []), k]).fetchall()
    return [LexicalHit(r[0], float(r[1])) for r in rows]
