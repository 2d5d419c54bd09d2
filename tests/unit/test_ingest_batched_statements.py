"""The scan and the commit write many files per statement: the rows equal the one-statement-per-file ones."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from core.ingest import queue
from core.ingest.options import FileOptions
from core.ingest.prepared import PreparedSource
from core.ingest.sources import cached_vectors, commit_sources, record_source, source_state, source_states, \
    unindexed
from core.store.db import Store


def sources_rows(store: Store) -> list[tuple[object, ...]]:
    return store.cursor().execute("SELECT path, root, collection, reader, content_hash, mtime, size, status, "
                                  "error, options::VARCHAR, chunks FROM sources ORDER BY path").fetchall()


def src(n: int) -> PreparedSource:
    return PreparedSource(path=f"/a/{n}.txt", root="/a" if n % 2 else None, collection="c", reader="text",
                          content_hash=f"h{n}", mtime=1.5 + n, size=10 * n, options=FileOptions(collection="c"),
                          records=[], notes=["odd"] if n % 2 else [])


def test_marks_in_one_statement_keep_order_first_time_and_last_options(tmp_path: Path) -> None:
    with Store(tmp_path / "s.duckdb") as store:
        a, b = FileOptions(collection="a"), FileOptions(collection="b")
        with store.transaction() as cur:
            queue.enqueue_many(cur, [("/x/2", "/x", a), ("/x/1", "/x", a), ("/x/2", None, b)])
        rows = {r[0]: r[1:] for r in store.cursor().execute(
            "SELECT path, root, options::VARCHAR, enqueued_at FROM index_queue").fetchall()}
        assert rows["/x/2"][2] <= rows["/x/1"][2]  # stamped in the order found, the first time kept
        assert rows["/x/2"][0] is None and FileOptions.from_json(rows["/x/2"][1]) == b  # the last options win
        with store.transaction() as cur:  # an existing marker is updated, not duplicated
            queue.enqueue_many(cur, [("/x/1", "/y", b)])
        assert queue.pending(store) == 2
        assert {it.path for it in queue.claim_many(store, "me", 60, 5)} == {"/x/1", "/x/2"}


def test_batch_commit_writes_the_sources_rows_one_upsert_per_file_wrote(tmp_path: Path) -> None:
    batch = [src(n) for n in range(1, 6)]
    with Store(tmp_path / "one.duckdb") as one, Store(tmp_path / "many.duckdb") as many:
        for store in (one, many):
            with store.transaction() as cur:  # a stale row to overwrite and a marker to clear
                record_source(cur, "/a/3.txt", None, "old", status="failed", error="was bad")
                queue.enqueue_many(cur, [(s.path, s.root, s.options) for s in batch])
        with one.transaction() as cur:
            for s in batch:
                record_source(cur, s.path, s.root, s.collection, status="ok", reader=s.reader,
                              content_hash=s.content_hash, mtime=s.mtime, size=s.size,
                              error="; ".join(s.notes) or None, options=s.options, chunks=0)
        commit_sources(many, [(s, {}) for s in batch], "m")
        assert sources_rows(many) == sources_rows(one) and len(sources_rows(many)) == 5
        assert queue.pending(many) == 0


def test_batched_lookups_agree_with_the_per_file_ones(tmp_path: Path) -> None:
    with Store(tmp_path / "s.duckdb") as store:
        with store.transaction() as cur:
            record_source(cur, "/a/1.txt", "/a", "c", status="ok", content_hash="h", mtime=1.0, size=3)
            queue.enqueue_many(cur, [("/a/2.txt", "/a", FileOptions())])
            cur.execute("INSERT INTO embedding_cache VALUES ('m', 'k1', [1.0, 2.0])")
        paths = ["/a/1.txt", "/a/2.txt", "/a/3.txt"]
        states = source_states(store, paths)
        assert states == {p: source_state(store, p) for p in paths}
        assert states["/a/1.txt"][0] is not None and states["/a/2.txt"] == (None, True)
        assert unindexed(store, paths) == set(paths)  # no records for any of them yet
        got = cached_vectors(store, "m", ["k1", "k2"])
        assert list(got) == ["k1"] and np.array_equal(got["k1"], np.array([1.0, 2.0], dtype=np.float32))
