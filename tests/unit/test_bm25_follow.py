"""The in-memory BM25 postings follow the change log: after any sequence of writes they score exactly as
postings loaded from scratch, per profile, and a small change reads only what it touched (real DuckDB)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from core.acl import OWNER, PUBLIC, Profile
from core.filters import SearchFilters
from core.retrieval import bm25 as bm25_mod
from core.retrieval import dense, lexical
from core.retrieval.dense import VectorIndex
from core.retrieval.lexical import rebuild_lexical_index, update_lexical_index
from core.store.db import Store
from core.store.models_repo import pin_model
from core.store.writer import RecordWriter
from tests.bm25_corpus import DIM, MODEL, QUERIES, record, text

@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "s.duckdb")
    pin_model(s, MODEL, DIM)
    yield s
    s.close()


def scores(index: VectorIndex, profile: Profile) -> dict[str, list[tuple[str, float]]]:
    """Every scored passage of each query, by chunk id (row numbers differ between the two indexes)."""
    mask = index.mask(profile, SearchFilters())
    return {q: sorted((index.ids[r], s) for r, s in index.bm25.top(q, 10_000, mask, len(index), mask))
            for q in QUERIES}


def check(store: Store, index: VectorIndex, step: object) -> None:
    index.refresh()
    fresh = VectorIndex(store, MODEL)
    fresh.refresh()
    for profile in (OWNER, PUBLIC):
        assert scores(index, profile) == scores(fresh, profile), f"{step} {profile.name}"
        for q in QUERIES:  # what the count and the coverage read agree too
            mask = index.mask(profile, SearchFilters())
            mine = {index.ids[r] for t in index.bm25.content_terms(q) for r in index.bm25.term_rows(t) if mask[r]}
            fmask = fresh.mask(profile, SearchFilters())
            theirs = {fresh.ids[r] for t in fresh.bm25.content_terms(q) for r in fresh.bm25.term_rows(t) if fmask[r]}
            assert mine == theirs, f"{step} {profile.name} {q}"


@pytest.mark.parametrize("small", [False, True], ids=["follow", "fold-and-compact"])
def test_random_writes_score_as_postings_loaded_from_scratch(store: Store, monkeypatch: pytest.MonkeyPatch,
                                                              small: bool) -> None:
    if small:  # the amortised paths too: the delta folded into a full load, dense rows numbered anew
        monkeypatch.setattr(bm25_mod, "_MIN_FOLD", 8)
        monkeypatch.setattr(dense, "MIN_DEAD_TO_COMPACT", 4)
    rng = random.Random(11)
    w = RecordWriter(store)
    kept = {i: record(i, rng) for i in range(60)}
    w.write(list(kept.values()))
    index = VectorIndex(store, MODEL)
    index.refresh()
    loads = index.bm25.loads
    nxt = 100
    for step in range(25):
        kind = rng.choice(("add", "delete", "update", "reclassify", "retitle"))
        if kind == "add":
            kept[nxt] = record(nxt, rng)
            w.write([kept[nxt]])
            nxt += 1
        elif kind == "delete" and kept:
            w.write(remove=[("col", sid := rng.choice(sorted(kept)))])
            del kept[sid]
        elif kind == "update" and kept:
            sid = rng.choice(sorted(kept))
            kept[sid] = record(sid, rng)
            w.write([kept[sid]])
        elif kind == "reclassify" and kept:  # the same passages under another classification
            rec = kept[rng.choice(sorted(kept))]
            rec.classification = "secret" if rec.classification == "public" else "public"
            w.write([rec])
        elif kept:  # a new title, the same passages: their rows stay, their words change
            rec = kept[rng.choice(sorted(kept))]
            rec.title = f"{text(rng)} t{step}"
            w.write([rec])
        update_lexical_index(store)
        check(store, index, (step, kind))
    if small:
        assert index.bm25.loads > loads + 1  # folds and compactions happened, and still scored the same
    else:
        assert index.bm25.loads == loads  # every step followed the log, none loaded the postings again
    rebuild_lexical_index(store)  # and the keyword index itself, made again, scores the same
    check(store, index, "rebuilt")


def test_one_changed_record_reads_only_its_passages(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    w = RecordWriter(store)
    w.write([record(i, rng, "public") for i in range(300)])
    index = VectorIndex(store, MODEL)
    index.refresh()
    asked: list[object] = []
    real_keys = lexical._logged_keys

    def logged_keys(cur: object) -> object:
        asked.append(keys := real_keys(cur))  # type: ignore[arg-type]
        return keys

    monkeypatch.setattr(lexical, "_logged_keys", logged_keys)
    read: list[int] = []
    real_retok = bm25_mod.Bm25Index._retokenise

    def retokenise(self: bm25_mod.Bm25Index, names: list[str], rows: np.ndarray) -> None:
        read.append(len(names))
        real_retok(self, names, rows)

    monkeypatch.setattr(bm25_mod.Bm25Index, "_retokenise", retokenise)

    def no_load(self: bm25_mod.Bm25Index, ids: list[str], layout: int = -1) -> None:
        raise AssertionError("a change of one record loaded every posting again")

    monkeypatch.setattr(bm25_mod.Bm25Index, "load", no_load)
    changed = record(7, rng, "public")
    w.write([changed])
    assert update_lexical_index(store) == "updated"
    assert asked == [[("col", 7)]]  # the keyword index compared the bodies of that record alone
    index.refresh()
    assert read == [len(changed.embeddings)]  # and the postings re-read its passages alone
    hit = index.bm25.top(changed.title, 5, None, len(index))
    assert hit and index.ids[hit[0][0]].startswith("col/7/")


def test_an_unlogged_change_still_scores_as_from_scratch(store: Store) -> None:
    rng = random.Random(2)
    w = RecordWriter(store)
    w.write([record(i, rng) for i in range(40)])
    index = VectorIndex(store, MODEL)
    index.refresh()
    with store.transaction() as cur:  # a writer that logged nothing: the log cannot say, so all is compared
        cur.execute("UPDATE records SET title = 'molino piedra' WHERE section_id = 3")
        Store.bump_generation(cur)
    assert update_lexical_index(store) == "updated"
    check(store, index, "unlogged")
    found = [index.ids[r] for r, _ in index.bm25.top("molino piedra", 200, None, len(index))]
    assert any(cid.startswith("col/3/") for cid in found)  # the new title's words are found
