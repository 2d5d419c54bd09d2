"""The keyword postings saved beside the store: a new index maps them and follows on, and scores exactly as
postings loaded from scratch; a file that is damaged, cut short by a kill, of another store or of another
history of the keyword index is never used (real DuckDB, real files, SIGKILL)."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from core.acl import OWNER, PUBLIC, Profile
from core.filters import SearchFilters
from core.retrieval import bm25 as bm25_mod
from core.retrieval import dense, postfile
from core.retrieval.dense import VectorIndex
from core.retrieval.lexical import update_lexical_index
from core.retrieval.postfile import MANIFEST, PostingsFile
from core.store.db import Store
from core.store.models_repo import pin_model
from core.store.writer import RecordRow, RecordWriter
from tests.bm25_corpus import DIM, MODEL, QUERIES, record, text

@pytest.fixture
def path(tmp_path: Path) -> Path:
    with Store(tmp_path / "ovillo.duckdb") as s:
        pin_model(s, MODEL, DIM)
        RecordWriter(s).write([record(i, random.Random(i)) for i in range(50)])
    return tmp_path / "ovillo.duckdb"


@pytest.fixture
def store(path: Path) -> Iterator[Store]:
    s = Store(path)
    yield s
    s.close()


def scores(index: VectorIndex, profile: Profile) -> dict[str, list[tuple[str, float]]]:
    """Every scored passage of each query by chunk id, and the rows each content word finds."""
    mask = index.mask(profile, SearchFilters())
    out = {q: sorted((index.ids[r], s) for r, s in index.bm25.top(q, 10_000, mask, len(index), mask))
           for q in QUERIES}
    every = np.arange(len(index), dtype=np.int32)
    for q in QUERIES:
        out[f"rows {q}"] = sorted((index.ids[r], 0.0) for t in index.bm25.content_terms(q)
                                  for r in index.bm25.term_rows(t) if mask[r])
        for t in index.bm25.query_terms(q):  # what the coverage reads row by row is what the term's rows say
            assert (index.bm25.holds(t, every) == np.isin(every, index.bm25.term_rows(t))).all(), t
    return out


def from_scratch(store: Store) -> VectorIndex:
    """The rows from the vector file, the postings read whole from the keyword index (nothing saved)."""
    ref = VectorIndex(store, MODEL)
    ref.bm25.file = None
    ref.refresh()
    assert ref.bm25.loads == 1 and not ref.bm25.adopted
    return ref


def mapped(store: Store) -> VectorIndex:
    """A new index, as a new process makes it: the saved postings mapped, then followed."""
    index = VectorIndex(store, MODEL)
    index.refresh()
    return index


def same(a: VectorIndex, b: VectorIndex, step: object = "") -> None:
    for profile in (OWNER, PUBLIC):
        assert scores(a, profile) == scores(b, profile), f"{step} {profile.name}"


def change(w: RecordWriter, rng: random.Random, kept: dict[int, RecordRow], nxt: int) -> int:
    """One random write: add, delete, update, reclassify or retitle a record; returns the next free id."""
    kind = rng.choice(("add", "add", "delete", "update", "reclassify", "retitle"))
    if kind == "add" or not kept:
        kept[nxt] = record(nxt, rng)
        w.write([kept[nxt]])
        return nxt + 1
    sid = rng.choice(sorted(kept))
    if kind == "delete":
        w.write(remove=[("col", sid)])
        del kept[sid]
    elif kind == "update":
        kept[sid] = record(sid, rng)
        w.write([kept[sid]])
    elif kind == "reclassify":
        kept[sid].classification = "secret" if kept[sid].classification == "public" else "public"
        w.write([kept[sid]])
    else:
        kept[sid].title = f"{text(rng)} t{nxt}"
        w.write([kept[sid]])
    return nxt


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("small", [False, True], ids=["segments", "folds"])
def test_mapped_postings_score_as_postings_loaded_from_scratch(store: Store, monkeypatch: pytest.MonkeyPatch,
                                                               seed: int, small: bool) -> None:
    if small:  # the amortised paths too: rewritten whole after a few segments, dense rows numbered anew
        monkeypatch.setattr(bm25_mod, "MAX_SEGMENTS", 3)
        monkeypatch.setattr(bm25_mod, "_MIN_FOLD", 8)
        monkeypatch.setattr(dense, "MIN_DEAD_TO_COMPACT", 4)
    rng = random.Random(seed)
    kept = {i: record(i, random.Random(i)) for i in range(50)}
    w = RecordWriter(store)
    index = mapped(store)  # the first open reads everything and saves it
    assert index.bm25.loads == 1 and PostingsFile(index.bm25.file.folder, MODEL).load() is not None
    nxt, adopted = 1000, 0
    for step in range(15):
        for _ in range(rng.randint(1, 3)):  # sometimes several writes between two searches
            nxt = change(w, rng, kept, nxt)
        if rng.random() < 0.7:  # the keyword index follows at once, or only at the next search
            update_lexical_index(store)
        if rng.random() < 0.5:
            index.refresh()  # the running index follows and appends what it read
        reopened = mapped(store)
        adopted += reopened.bm25.adopted
        assert reopened.bm25.adopted or reopened.bm25.loads  # one or the other, never neither
        same(reopened, from_scratch(store), step)
        if rng.random() < 0.3:
            index = reopened  # the new index goes on as the one that writes
    assert adopted >= 7  # most reopens mapped the file instead of reading every posting
    index.refresh()
    same(index, from_scratch(store), "kept")


def test_a_new_index_reads_no_posting_of_an_unchanged_store(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    first = mapped(store)
    RecordWriter(store).write([record(500, random.Random(5), "public")])
    first.refresh()  # followed and appended as a segment

    def no_load(self: bm25_mod.Bm25Index, ids: list[str], layout: int = -1) -> None:
        raise AssertionError("a new index read every posting although the saved ones are current")

    monkeypatch.setattr(bm25_mod.Bm25Index, "load", no_load)
    again = mapped(store)
    assert again.bm25.adopted == 1
    assert not again.bm25.rows.flags.writeable  # the mapped file, not a copy
    monkeypatch.undo()
    same(again, from_scratch(store))
    hit = again.bm25.top("v500x", 3, None, len(again))
    assert not hit or again.ids[hit[0][0]].startswith("col/500/")


def test_the_baseline_switch_reads_everything_and_saves_nothing(store: Store, path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bm25_mod, "USE_FILE", False)
    index = mapped(store)
    assert index.bm25.loads == 1 and not postfile.folder(path.parent, MODEL).exists()


KILLER = textwrap.dedent("""
    import os, random, signal, sys
    from pathlib import Path
    from core.retrieval import postfile, vecfile
    from core.retrieval.dense import VectorIndex
    from core.retrieval.lexical import update_lexical_index
    from core.store.db import Store
    from core.store.writer import RecordWriter
    sys.path.insert(0, str(Path(sys.argv[3])))
    from test_bm25_file import MODEL, record

    where = sys.argv[2]
    real_write = postfile._write

    def write(p, data):
        if p.parent.name.endswith(".bm25"):
            if where == "segment" and p.suffix == ".arrow":
                real_write(p.with_name("x.tmp"), bytes(data)[: len(data) // 2])  # torn, never renamed
                os.kill(os.getpid(), signal.SIGKILL)
            if where in ("manifest", "base") and p.name == postfile.MANIFEST:
                os.kill(os.getpid(), signal.SIGKILL)
        real_write(p, data)

    with Store(Path(sys.argv[1])) as store:
        index = VectorIndex(store, MODEL)
        index.refresh()
        RecordWriter(store).write([record(900 + i, random.Random(i)) for i in range(3)], remove=[("col", 4)])
        update_lexical_index(store)
        if where == "base":  # killed while writing the postings whole: the rows numbered anew
            index.invalidate()
            index.bm25.file.folder.joinpath(postfile.MANIFEST).unlink()
        postfile._write = write
        index.refresh()
""")


@pytest.mark.parametrize("where", ["segment", "manifest", "base"])
def test_a_kill_mid_write_never_serves_wrong_postings(path: Path, where: str) -> None:
    with Store(path) as store:
        mapped(store)  # saved once
        RecordWriter(store).write([record(700, random.Random(7))], remove=[("col", 3)])
        mapped(store)  # and followed: a segment
    repo = Path(__file__).resolve().parents[2]
    proc = subprocess.run([sys.executable, "-c", KILLER, str(path), where, str(Path(__file__).parent)], cwd=repo,
                          env={**os.environ, "PYTHONPATH": str(repo)}, capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    with Store(path) as store:
        again = mapped(store)
        if where != "base":
            assert again.bm25.adopted == 1  # the last committed state, followed on
        same(again, from_scratch(store), where)


@pytest.mark.parametrize("target", ["rows", "tf", "terms", "len", "segment", "manifest"])
def test_a_damaged_file_is_detected_and_rewritten(path: Path, target: str) -> None:
    with Store(path) as store:
        folder = mapped(store).bm25.file.folder
        RecordWriter(store).write([record(800, random.Random(8))])
        mapped(store)
    m = PostingsFile(folder, MODEL).manifest()
    assert m is not None and m.segments
    victim = folder / {"segment": m.segments[0][0], "manifest": MANIFEST}.get(target, f"p{m.epoch}.{target}")
    data = bytearray(victim.read_bytes())
    at = len(data) // 3 if target != "manifest" else data.index(b'"max_docid"') + 13
    data[at] ^= 0x01
    victim.write_bytes(bytes(data))
    assert PostingsFile(folder, MODEL).load() is None
    with Store(path) as store:
        again = mapped(store)
        assert again.bm25.loads == 1 and not again.bm25.adopted
        same(again, from_scratch(store), target)
        assert PostingsFile(folder, MODEL).load() is not None  # written anew


def test_another_stores_or_an_older_copys_postings_are_not_used(path: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    with Store(other / "ovillo.duckdb") as s:  # the same records, another store
        pin_model(s, MODEL, DIM)
        RecordWriter(s).write([record(i, random.Random(i)) for i in range(50)])
        theirs = mapped(s).bm25.file.folder
    with Store(path) as store:
        mine = mapped(store).bm25.file.folder
    shutil.rmtree(mine)
    shutil.copytree(theirs, mine)
    with Store(path) as store:
        again = mapped(store)
        assert not again.bm25.adopted
        same(again, from_scratch(store), "other store")
    # a copy of the store taken while its keyword index lagged a write, restored after the postings followed
    # the update: its next update numbers new documents as the lost one did, with other bodies
    retitled = record(5, random.Random(5))
    with Store(path) as store:
        retitled.title = "molino molino molino"
        RecordWriter(store).write([retitled])
    shutil.copy(path, tmp_path / "copy.duckdb")
    with Store(path) as store:
        mapped(store)  # the keyword index updated, the postings followed and saved
    shutil.copy(tmp_path / "copy.duckdb", path)
    with Store(path) as store:
        retitled.title = "piedra piedra piedra"  # the same passages under another title: their rows stay
        RecordWriter(store).write([retitled])
        again = mapped(store)
        assert not again.bm25.adopted
        same(again, from_scratch(store), "older copy")


def test_a_folder_that_cannot_be_written_keeps_the_postings_in_memory(store: Store,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(PostingsFile, "write_base", full)
    index = mapped(store)
    assert index.bm25.file is None and index.bm25.loads == 1
    RecordWriter(store).write([record(300, random.Random(3))])
    index.refresh()
    same(index, from_scratch(store))


def test_the_term_table_finds_every_term_and_only_those(tmp_path: Path) -> None:
    terms = ["río", "agua", "2019", "zeta", "a", "ab", "molino"]
    spans = np.asarray([[i * 2, i * 2 + 2] for i in range(len(terms))], np.int64)
    rows = np.arange(2 * len(terms), dtype=np.int32)
    pf = PostingsFile(tmp_path / "p", MODEL)
    state = postfile.PostManifest("", 0, rows=3)
    m = pf.write_base(terms, spans, rows, rows.astype(np.float32), np.ones(3, np.float32), np.ones(3, bool), state)
    table = m.base.terms
    assert list(table) == sorted(terms) and len(table) == len(terms)
    for i, t in enumerate(terms):
        a, b = table.get(t)  # type: ignore[misc]
        assert m.base.rows[a:b].tolist() == [2 * i, 2 * i + 1]
    assert table.get("aa") is None and "zz" not in table and "" not in table and "a" in table
