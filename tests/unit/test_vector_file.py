"""The dense index's vector file: opened without reading vectors, changed incrementally, never wrong.

Every check compares the index (kept across writes, or reopened from its file) with a fresh
exact scan of the very same DuckDB store: the same top hits with the same scores and the same
visible rows, for every profile and filter tried.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from datetime import date
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from core import gate
from core.acl import OWNER, PUBLIC, Profile
from core.filters import SearchFilters
from core.retrieval import dense, dense_rows
from core.retrieval.dense import VectorIndex
from core.retrieval.search import Searcher
from core.retrieval.vecfile import MANIFEST, VectorFile
from core.store.changes import log_changes
from core.store.db import Store
from core.store.rows import EmbeddingRow, RecordRow
from core.store.writer import RecordWriter

MODEL = "test/model-16"
DIMS = 16
RESEARCHER = Profile("researcher", frozenset({"public", "restricted"}), frozenset({7}))
PROFILES = (OWNER, PUBLIC, RESEARCHER)
FILTERS = (SearchFilters(), SearchFilters(collections=("b",)), SearchFilters(langs=("ca",)),
           SearchFilters(date_from=date(1950, 1, 1)), SearchFilters(classifications=("restricted",)))


def record(rng: np.random.Generator, sid: int, *, classification: str | None = None, chunks: int | None = None,
           collection: str | None = None) -> RecordRow:
    """A record with 1–3 random unit vectors and random ACL and filter metadata."""
    embs = []
    for i in range(chunks if chunks is not None else int(rng.integers(1, 4))):
        v = rng.standard_normal(DIMS).astype(np.float32)
        embs.append(EmbeddingRow("rag:body", i, MODEL, v / np.linalg.norm(v), f"text {sid}.{i}", f"h{sid}.{i}",
                                 lang=str(rng.choice(["es", "ca"]))))
    year = int(rng.integers(1900, 2000))
    return RecordRow(collection or str(rng.choice(["a", "b"])), sid, f"record {sid}",
                     classification or str(rng.choice(["public", "restricted", "secret"])),
                     project_ids=[int(rng.choice([7, 8]))], date_start=date(year, 1, 1), embeddings=embs)


def reference(store: Store) -> VectorIndex:
    """A fresh exact scan: every row read from DuckDB, no file."""
    ref = VectorIndex(store, MODEL)
    ref.file = None
    ref._load()
    return ref


def answers(index: VectorIndex, queries: np.ndarray) -> tuple[list[object], np.ndarray]:
    """Visible chunk ids and top hit ids for every profile × filter × query, and the hits' scores."""
    out: list[object] = []
    scores: list[float] = []
    for p in PROFILES:
        for f in FILTERS:
            m = index.mask(p, f)
            out.append(sorted(index.ids[i] for i in np.flatnonzero(m)))
            for q in queries:
                hits = index.top(q, 10, m)
                out.append([h.chunk_id for h in hits])
                scores += [h.score for h in hits]
    return out, np.asarray(scores)


def assert_same_as_fresh(index: VectorIndex, store: Store, queries: np.ndarray) -> None:
    index.refresh()
    (got, got_scores), (want, want_scores) = answers(index, queries), answers(reference(store), queries)
    assert got == want
    # the same vectors: a product summed in another order by BLAS differs in the last bits only
    np.testing.assert_allclose(got_scores, want_scores, rtol=0, atol=1e-6)


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(33)


@pytest.fixture
def queries(rng: np.random.Generator) -> np.ndarray:
    q = rng.standard_normal((4, DIMS)).astype(np.float32)
    return q / np.linalg.norm(q, axis=1, keepdims=True)


@pytest.fixture
def home(tmp_path: Path, rng: np.random.Generator) -> Path:
    with Store(tmp_path / "ovillo.duckdb") as store:
        RecordWriter(store).write([record(rng, sid) for sid in range(60)])
    return tmp_path


def full_loads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the reads of every stored row (a rebuild), as opposed to the rows of named records."""
    calls: list[int] = []
    real = dense_rows.rows

    def counting(cur, model, keys):  # type: ignore[no-untyped-def]
        if keys is None:
            calls.append(1)
        return real(cur, model, keys)

    monkeypatch.setattr(dense_rows, "rows", counting)
    return calls


def test_reopens_from_the_file_without_reading_the_store(home: Path, queries: np.ndarray,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    with Store(home / "ovillo.duckdb") as store:
        VectorIndex(store, MODEL).refresh()  # the first open builds the file
    loads = full_loads(monkeypatch)
    with Store(home / "ovillo.duckdb") as store:
        index = VectorIndex(store, MODEL)
        assert_same_as_fresh(index, store, queries)
        assert not index.matrix.flags.writeable  # the mapped file itself, not a copy read from DuckDB
        assert len(loads) == 1  # the reference's, not the index's


def test_changes_are_applied_incrementally(home: Path, rng: np.random.Generator, queries: np.ndarray,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    with Store(home / "ovillo.duckdb") as store:
        index = VectorIndex(store, MODEL)
        index.refresh()
        rows_before = len(index)
        loads = full_loads(monkeypatch)
        w = RecordWriter(store)
        w.write([record(rng, 1000), record(rng, 1001, chunks=2)])  # a new file's records
        index.refresh()
        assert len(index) == rows_before + len(store.cursor().execute(
            "SELECT id FROM rag_embeddings WHERE section_id >= 1000").fetchall())  # appended, nothing rewritten
        w.write(remove=[("a", 3), ("b", 3)], tombstone=[("a", 4), ("b", 4)])
        old = store.cursor().execute("SELECT * FROM records WHERE section_id = 5").fetchone()
        w.write([record(rng, 5, classification="public", collection=old[0])])  # an update: new text, looser
        assert_same_as_fresh(index, store, queries)
        assert len(loads) == 1  # the reference's: the index read only the records that changed
        m = VectorFile(index.file.folder, MODEL).manifest()
        assert m is not None and m.dead > 0 and m.rows == len(index)
        assert m.generation == store.generation()


def test_an_unchanged_rewrite_keeps_its_rows(home: Path, queries: np.ndarray) -> None:
    with Store(home / "ovillo.duckdb") as store:
        index = VectorIndex(store, MODEL)
        index.refresh()
        rows = len(index)
        stored = store.cursor().execute("SELECT section_tipo, section_id FROM records LIMIT 5").fetchall()
        keys = [(str(st), int(sid)) for st, sid in stored]
        with store.transaction() as cur:  # titles changed centrally: vectors and ACL columns are as they were
            cur.execute("UPDATE records SET title = title || ' (rev.)' WHERE section_id IN (SELECT unnest(?))",
                        [[k[1] for k in keys]])
            log_changes(cur, keys)
            Store.bump_generation(cur, logged=True)
        assert_same_as_fresh(index, store, queries)
        assert len(index) == rows and index.alive.all()


def test_compaction_drops_dead_rows(home: Path, rng: np.random.Generator, queries: np.ndarray,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dense, "MIN_DEAD_TO_COMPACT", 16)
    with Store(home / "ovillo.duckdb") as store:
        index = VectorIndex(store, MODEL)
        index.refresh()
        epoch = VectorFile(index.file.folder, MODEL).manifest().epoch
        keys = store.cursor().execute("SELECT section_tipo, section_id FROM records").fetchall()
        w = RecordWriter(store)
        for st, sid in keys[:40]:  # more than a third of the rows rewritten: the file is compacted
            w.write([record(rng, int(sid), collection=str(st))])
            index.refresh()
        assert_same_as_fresh(index, store, queries)
        m = VectorFile(index.file.folder, MODEL).manifest()
        assert m.epoch > epoch and m.rows == len(index) and index.alive.sum() >= len(index) - m.dead
        assert sorted(p.name for p in index.file.folder.iterdir() if not p.name.startswith(f"e{m.epoch}")) \
            == [MANIFEST]
    with Store(home / "ovillo.duckdb") as store:
        assert_same_as_fresh(VectorIndex(store, MODEL), store, queries)


def test_many_small_appends_are_rewritten_into_one(home: Path, rng: np.random.Generator, queries: np.ndarray,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dense, "MAX_SEGMENTS", 4)
    with Store(home / "ovillo.duckdb") as store:
        index = VectorIndex(store, MODEL)
        index.refresh()
        for i in range(6):  # one file imported at a time
            RecordWriter(store).write([record(rng, 6000 + i)])
            index.refresh()
            m = VectorFile(index.file.folder, MODEL).manifest()
            assert m is not None and len(m.segments) <= 4
        assert m.epoch > 1
        assert_same_as_fresh(index, store, queries)
    with Store(home / "ovillo.duckdb") as store:
        assert_same_as_fresh(VectorIndex(store, MODEL), store, queries)


def test_a_retired_models_file_goes_with_its_vectors(home: Path, rng: np.random.Generator) -> None:
    with Store(home / "ovillo.duckdb") as store:
        old = VectorIndex(store, MODEL)
        old.refresh()
        other = record(rng, 7000)
        for e in other.embeddings:
            e.model = "test/next-model"
        RecordWriter(store).write([other])
        new = VectorIndex(store, "test/next-model")
        new.refresh()
        assert old.file.folder.is_dir() and new.file.folder.is_dir()
        with store.transaction() as cur:  # what a model switch does: the old model's rows go, unlogged
            cur.execute("DELETE FROM rag_embeddings WHERE model = ?", [MODEL])
            Store.bump_generation(cur)
        new.refresh()  # rebuilt: an unlogged generation
        assert not old.file.folder.exists() and new.file.folder.is_dir()
        assert len(new) == len(other.embeddings)


def test_two_indexes_of_one_model_share_the_file(home: Path, rng: np.random.Generator, queries: np.ndarray) -> None:
    with Store(home / "ovillo.duckdb") as store:
        a, b = VectorIndex(store, MODEL), VectorIndex(store, MODEL)
        w = RecordWriter(store)
        a.refresh()
        b.refresh()
        w.write([record(rng, 4000)], remove=[("a", 11), ("b", 11)])
        assert_same_as_fresh(a, store, queries)
        w.write([record(rng, 4001)], remove=[("a", 12), ("b", 12)])
        assert_same_as_fresh(b, store, queries)  # b starts from what a committed, not from its own rows
        assert_same_as_fresh(a, store, queries)
    with Store(home / "ovillo.duckdb") as store:
        assert_same_as_fresh(VectorIndex(store, MODEL), store, queries)


def test_a_folder_that_cannot_be_written_leaves_search_in_memory(home: Path, rng: np.random.Generator,
                                                                 queries: np.ndarray,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    with Store(home / "ovillo.duckdb") as store:
        index = VectorIndex(store, MODEL)
        index.refresh()

        def full(*args: object, **kwargs: object) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(VectorFile, "append", full)
        RecordWriter(store).write([record(rng, 5000)], remove=[("a", 13), ("b", 13)])
        assert_same_as_fresh(index, store, queries)
        assert index.file is None  # this process scans from memory; the next open rebuilds the file


KILLER = textwrap.dedent("""
    import os, signal, sys
    import numpy as np
    from core.retrieval import vecfile
    from core.retrieval.dense import VectorIndex
    from core.store.db import Store
    from tests.unit.test_vector_file import MODEL

    where = sys.argv[2]
    real_write, real_zero = vecfile._write, vecfile.VectorFile._zero

    def write(path, data):
        if where in ("manifest", "rebuild") and path.name == vecfile.MANIFEST:
            real_write(path.with_name("half"), data[: len(data) // 2])  # a torn temporary, never renamed
            os.kill(os.getpid(), signal.SIGKILL)
        real_write(path, data)

    def zero(self, m, dead):
        if where == "zero" and len(dead):
            os.kill(os.getpid(), signal.SIGKILL)
        real_zero(self, m, dead)

    vecfile._write, vecfile.VectorFile._zero = write, zero
    with Store(__import__("pathlib").Path(sys.argv[1])) as store:
        VectorIndex(store, MODEL).refresh()
""")


@pytest.mark.parametrize("where", ["manifest", "zero", "rebuild"])
def test_a_kill_mid_write_never_serves_a_wrong_vector(home: Path, rng: np.random.Generator, queries: np.ndarray,
                                                      where: str) -> None:
    path = home / "ovillo.duckdb"
    with Store(path) as store:
        index = VectorIndex(store, MODEL)
        index.refresh()
        if where == "rebuild":  # killed while writing a whole new epoch over a stale one
            with store.transaction() as cur:
                cur.execute("DELETE FROM rag_embeddings WHERE section_id = 0")
                Store.bump_generation(cur)
        w = RecordWriter(store)
        w.write([record(rng, 2000 + i) for i in range(5)], remove=[("a", 6), ("b", 6), ("a", 7), ("b", 7)])
        old = store.cursor().execute("SELECT section_tipo FROM records WHERE section_id = 8").fetchone()
        w.write([record(rng, 8, collection=old[0])])
    repo = Path(__file__).resolve().parents[2]
    proc = subprocess.run([sys.executable, "-c", KILLER, str(path), where], cwd=repo, env={
        **os.environ, "PYTHONPATH": str(repo)}, capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    with Store(path) as store:
        assert_same_as_fresh(VectorIndex(store, MODEL), store, queries)


@pytest.mark.parametrize("target", ["vectors", "metadata", "dead", "manifest"])
def test_a_damaged_file_is_detected_and_rebuilt(home: Path, rng: np.random.Generator, queries: np.ndarray,
                                                target: str) -> None:
    with Store(home / "ovillo.duckdb") as store:
        index = VectorIndex(store, MODEL)
        index.refresh()
        RecordWriter(store).write([record(rng, 3000)], remove=[("a", 9), ("b", 9)])
        index.refresh()
        folder = index.file.folder
    m = VectorFile(folder, MODEL).manifest()
    assert m is not None and m.dead
    victim = {"vectors": folder / f"e{m.epoch}.f32", "metadata": folder / m.segments[0][0],
              "dead": folder / f"e{m.epoch}.dead", "manifest": folder / MANIFEST}[target]
    data = bytearray(victim.read_bytes())
    at = len(data) // 3 if target != "manifest" else data.index(b'"rows"') + 9
    data[at] ^= 0x01  # one bit: a float that is still a float, a digit that is still a digit
    victim.write_bytes(bytes(data))
    assert VectorFile(folder, MODEL).load() is None
    with Store(home / "ovillo.duckdb") as store:
        index = VectorIndex(store, MODEL)
        assert_same_as_fresh(index, store, queries)
        assert VectorFile(folder, MODEL).load() is not None  # rebuilt whole


def test_a_write_the_log_does_not_name_rebuilds(home: Path, rng: np.random.Generator, queries: np.ndarray,
                                               tmp_path: Path) -> None:
    with Store(home / "ovillo.duckdb") as store:
        index = VectorIndex(store, MODEL)
        index.refresh()
        with store.transaction() as cur:  # a writer outside the record writer: bumps, logs nothing
            cur.execute("DELETE FROM rag_embeddings WHERE section_id < 10")
            Store.bump_generation(cur)
        assert_same_as_fresh(index, store, queries)
    with Store(home / "ovillo.duckdb") as store:
        with store.transaction() as cur:  # no bump at all: the row count tells on open
            cur.execute("DELETE FROM rag_embeddings WHERE section_id < 20")
        assert_same_as_fresh(VectorIndex(store, MODEL), store, queries)
    other = tmp_path / "other"  # another store's file under this store: its token is not this store's
    other.mkdir()
    with Store(other / "ovillo.duckdb") as store:
        RecordWriter(store).write([record(rng, sid) for sid in range(60)])
        index = VectorIndex(store, MODEL)
        index.refresh()
        folder = index.file.folder
    for p in folder.iterdir():
        target = home / folder.relative_to(other) / p.name
        target.write_bytes(p.read_bytes())
    with Store(home / "ovillo.duckdb") as store:
        assert_same_as_fresh(VectorIndex(store, MODEL), store, queries)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_changes_match_a_full_reload(tmp_path: Path, queries: np.ndarray, seed: int) -> None:
    rng = np.random.default_rng(seed)
    path = tmp_path / "ovillo.duckdb"
    with Store(path) as store:
        w = RecordWriter(store)
        w.write([record(rng, sid) for sid in range(30)])
        index = VectorIndex(store, MODEL)
        index.refresh()
        next_sid = 30
        for _ in range(25):
            live = [(str(st), int(sid)) for st, sid in store.cursor().execute(
                "SELECT section_tipo, section_id FROM records WHERE deleted_at IS NULL").fetchall()]
            picks = [live[i] for i in rng.choice(len(live), size=min(3, len(live)), replace=False)] if live else []
            op = rng.choice(["add", "remove", "tombstone", "update", "reclassify", "many"])
            if op == "add" or not picks:
                w.write([record(rng, next_sid + i) for i in range(int(rng.integers(1, 4)))])
                next_sid += 4
            elif op == "remove":
                w.write(remove=picks)
            elif op == "tombstone":
                w.write(tombstone=picks)
            elif op == "update":
                w.write([record(rng, sid, collection=st) for st, sid in picks])
            elif op == "reclassify":  # same vectors, new ACL columns: only the masks change
                stored = store.cursor().execute("SELECT id, section_tipo, section_id, component_tipo, lang, "
                                                "chunk_index, embedding FROM rag_embeddings").fetchall()
                for st, sid in picks:
                    embs = [EmbeddingRow(c, int(ci), MODEL, np.asarray(e, np.float32), f"text {sid}.{ci}",
                                         f"h{sid}.{ci}", lang=lg)
                            for _, s2, i2, c, lg, ci, e in stored if (s2, i2) == (st, sid)]
                    w.write([RecordRow(st, sid, f"record {sid}", str(rng.choice(["public", "secret"])),
                                       project_ids=[int(rng.choice([7, 8]))], embeddings=embs)])
            else:
                w.write([record(rng, next_sid), record(rng, picks[0][1], collection=picks[0][0])],
                        remove=picks[1:])
                next_sid += 1
            if rng.random() < 0.6:  # sometimes several writes land between two searches
                assert_same_as_fresh(index, store, queries)
        assert_same_as_fresh(index, store, queries)
    with Store(path) as store:
        assert_same_as_fresh(VectorIndex(store, MODEL), store, queries)


def test_a_public_profile_seeing_one_percent_gets_its_full_limit(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    with Store(tmp_path / "ovillo.duckdb") as store:
        recs = [record(rng, sid, classification="public" if sid % 100 == 0 else
                       str(rng.choice(["restricted", "secret"])), chunks=1) for sid in range(2000)]
        RecordWriter(store).write(recs)
        index = VectorIndex(store, MODEL)
        index.refresh()
        RecordWriter(store).write(remove=[("a", 0), ("b", 0)])  # one public record gone: 19 of 1999 remain
        index.refresh()
        mask = index.mask(PUBLIC, SearchFilters())
        assert mask.sum() == 19
        for q in rng.standard_normal((5, DIMS)).astype(np.float32):
            hits = index.top(q / np.linalg.norm(q), 10, mask)
            assert len(hits) == 10
            shown = list(gate.passages(store, [h.chunk_id for h in hits], PUBLIC))
            assert len(shown) == 10  # every hit passes the gate: none hidden, none removed
            scores = [h.score for h in hits]
            assert scores == sorted(scores, reverse=True)
            # the whole dense path, gate included: the full limit, public records only
            found = Searcher(store, SimpleNamespace(name=MODEL)).retrieve(  # type: ignore[arg-type]
                "", PUBLIC, limit=10, mode="dense", query_vector=q / np.linalg.norm(q))
            assert len(found) == 10 and {h.section_id % 100 for h in found} == {0}
