"""The keyword index brought up to date in place equals one rebuilt from scratch (real DuckDB FTS)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from core.retrieval import lexical
from core.retrieval.bm25 import Bm25Index
from core.retrieval.lexical import lexical_search, rebuild_lexical_index, update_lexical_index
from core.store.db import Store
from core.store.models_repo import pin_model
from core.store.writer import EmbeddingRow, RecordRow, RecordWriter

MODEL, DIM = "e5", 4
WORDS = ("molino", "trigo", "valle", "río", "acequia", "Ermita", "camí", "forn", "2019", "trinchera", "el", "de",
         "la", "denario", "Trajano", "moneda", "harina", "piedra", "rueda", "agua", "mill", "the", "wheat", "1950")


def text(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 12))) + rng.choice(("", ".", " — 3,5 km"))


def record(sid: int, rng: random.Random) -> RecordRow:
    embs = [EmbeddingRow("rag:body", k, MODEL, np.ones(DIM, np.float32), text(rng), f"h{sid}.{k}", lang="es",
                         chunk_meta={"heading_path": [rng.choice(WORDS)]} if rng.random() < 0.5 else {})
            for k in range(rng.randint(1, 3))]
    # a word of this version alone: a change or a removal leaves a term no document holds
    return RecordRow("col", sid, f"{text(rng)} v{sid}x{rng.randint(0, 999)}", "public", embeddings=embs)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "s.duckdb")
    pin_model(s, MODEL, DIM)
    yield s
    s.close()


def snapshot(store: Store) -> dict[str, object]:
    """The index by names and terms (its ids are arbitrary), and what both scorers make of it."""
    fts = "fts_main_fts_docs"
    cur = store.cursor()
    postings = cur.execute(f"""SELECT d.term, x.name, count(*) FROM {fts}.terms t JOIN {fts}.dict d USING (termid)
                               JOIN {fts}.docs x USING (docid) GROUP BY ALL ORDER BY ALL""").fetchall()
    stats = cur.execute(f"SELECT num_docs, round(avgdl, 9) FROM {fts}.stats").fetchall()
    ids = [str(r[0]) for r in cur.execute("SELECT id FROM rag_embeddings ORDER BY id").fetchall()]
    bm25 = Bm25Index(store)
    bm25.load(ids)
    return {
        "bodies": cur.execute("SELECT id, body FROM fts_docs ORDER BY id").fetchall(),
        "docs": cur.execute(f"SELECT name, len FROM {fts}.docs ORDER BY name").fetchall(),
        "dict": cur.execute(f"SELECT term, df FROM {fts}.dict ORDER BY term").fetchall(),
        "postings": postings, "stats": stats,
        "bm25": {t: sorted((ids[r], float(f)) for r, f in zip(bm25.rows[a:b], bm25.tf[a:b], strict=True))
                 for t, (a, b) in bm25.terms.items()},
        "lengths": sorted(zip(ids, bm25.lengths.tolist(), strict=True)),
        "match_bm25": [[(h.chunk_id, round(h.score, 9)) for h in lexical_search(store, q, 50)]
                       for q in ("molino trigo", "Río", "denario de Trajano", "2019 mill", "agua")],
    }


def test_an_update_in_place_equals_a_rebuild_after_adds_changes_and_removals(store: Store) -> None:
    rng = random.Random(7)
    w = RecordWriter(store)
    w.write([record(i, rng) for i in range(120)])
    assert update_lexical_index(store) == "rebuilt"  # no index yet
    assert update_lexical_index(store) == "current"
    for step in range(4):
        w.write([record(i, rng) for i in rng.sample(range(120), 6)])  # passages and titles changed
        w.write([record(200 + 10 * step + i, rng) for i in range(3)])  # new records
        w.write(remove=[("col", i) for i in rng.sample(range(120), 2)])
        assert update_lexical_index(store) == "updated"
        # the postings of changed and removed passages stay behind under retired ids, read by nothing
        retired = store.cursor().execute("SELECT (SELECT count(*) FROM fts_main_fts_docs.terms) - "
                                         "(SELECT sum(len) FROM fts_main_fts_docs.docs)").fetchone()
        assert retired is not None and retired[0] > 0
        updated = snapshot(store)
        rebuild_lexical_index(store)
        assert snapshot(store) == updated, f"step {step}"


def test_many_changes_or_other_options_rebuild_it_whole(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3)
    w = RecordWriter(store)
    w.write([record(i, rng) for i in range(20)])
    rebuild_lexical_index(store)
    w.write([record(i, rng) for i in range(10)])  # half of the passages
    assert update_lexical_index(store) == "rebuilt"
    w.write([record(0, rng)])
    assert update_lexical_index(store) == "updated"
    for i in range(8):  # a few changes at a time, until retired postings outweigh a fifth of the index
        w.write([record(i, rng)])
        if update_lexical_index(store) == "rebuilt":
            break
    else:
        raise AssertionError("retired postings piled up without a rebuild")
    w.write([record(0, rng)])
    monkeypatch.setattr(lexical, "FTS_OPTIONS", lexical.FTS_OPTIONS.replace("strip_accents = 1", "strip_accents = 0"))
    assert update_lexical_index(store) == "rebuilt"  # tokens made another way are not mixed in
