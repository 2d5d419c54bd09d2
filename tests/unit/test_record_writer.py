"""The one record writer: upsert, remove, tombstone, any modality, one transaction, what changed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pyarrow as pa
import pytest

from core.errors import StoreError
from core.ingest.pipeline import IngestOptions
from core.service import Ovillo
from core.store.db import Store
from core.store.db import now as store_now
from core.store.writer import Changes, EmbeddingRow, RecordRow, RecordWriter
from tests.conftest import drain


def vec(seed: int, dim: int = 8) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal(dim).astype(np.float32)
    return v / np.linalg.norm(v)


def coin(section_id: int, *, origin: str = "local", text: bool = False) -> RecordRow:
    """A coin with an obverse and a reverse view (image rows) and, optionally, catalogue text."""
    embs = [EmbeddingRow(component_tipo="img:obverse", chunk_index=0, model="sscd", embedding=vec(section_id),
                         source_text="obverse.jpg", source_hash=f"o{section_id}", modality="image",
                         chunk_meta={"view": "obverse"}),
            EmbeddingRow(component_tipo="img:reverse", chunk_index=0, model="sscd", embedding=vec(1000 + section_id),
                         source_text="reverse.jpg", source_hash=f"r{section_id}", modality="image",
                         chunk_meta={"view": "reverse"})]
    if text:
        embs.append(EmbeddingRow(component_tipo="rag:body", chunk_index=0, model="e5", embedding=vec(section_id, 4),
                                 source_text="Denario de Trajano", source_hash=f"t{section_id}", lang="es"))
    return RecordRow(section_tipo="monedas", section_id=section_id, title=f"Moneda {section_id}",
                     classification="public", origin=origin, embeddings=embs)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store(tmp_path / "s.duckdb")
    yield s  # type: ignore[misc]
    s.close()


def count(store: Store, sql: str) -> int:
    return int(store.cursor().execute(sql).fetchone()[0])


def test_upsert_update_remove_report_what_changed_by_collection_and_modality(store: Store) -> None:
    w = RecordWriter(store)
    g0 = store.generation()
    ch = w.write([coin(1), coin(2, text=True)])
    assert ch.added == Counter({("monedas", "image"): 2, ("monedas", "text"): 1}) and not ch.updated
    assert store.generation() == g0 + 1
    assert count(store, "SELECT count(*) FROM rag_embeddings") == 5
    # a record with image embeddings and no text is a record like any other
    assert count(store, "SELECT count(*) FROM rag_embeddings WHERE section_id = 1 AND modality = 'text'") == 0
    ch = w.write([coin(1, text=True)])
    assert ch.updated == Counter({("monedas", "image"): 1, ("monedas", "text"): 1}) and not ch.added
    assert count(store, "SELECT count(*) FROM rag_embeddings WHERE section_id = 1") == 3  # replaced, not added
    ch = w.write(remove=[("monedas", 2), ("monedas", 99)])
    assert ch.removed == Counter({("monedas", "image"): 1, ("monedas", "text"): 1})
    assert count(store, "SELECT count(*) FROM records") == 1
    assert ch.collections == {"monedas"} and ch.modalities == {"image", "text"}
    assert ch.to_json()["removed"] == [{"collection": "monedas", "modality": "image", "records": 1},
                                       {"collection": "monedas", "modality": "text", "records": 1}]


def test_tombstones_keep_the_identity_and_drop_every_vector(store: Store) -> None:
    w = RecordWriter(store)
    w.write([coin(5, origin="central", text=True)])
    ch = w.write(tombstone=[("monedas", 5)])
    assert ch.removed[("monedas", "image")] == 1
    row = store.cursor().execute("SELECT deleted_at IS NOT NULL, origin FROM records").fetchone()
    assert row == (True, "central")
    assert count(store, "SELECT count(*) FROM rag_embeddings") == 0
    assert not w.write(tombstone=[("monedas", 5)])  # a second tombstone changes nothing


def test_a_local_write_never_replaces_a_central_record(store: Store) -> None:
    w = RecordWriter(store)
    w.write([coin(7, origin="central")])
    with pytest.raises(StoreError, match="central"):
        w.write([coin(7, origin="local")])
    assert store.cursor().execute("SELECT origin FROM records").fetchone() == ("central",)


def test_bookkeeping_shares_the_transaction(store: Store) -> None:
    w = RecordWriter(store)
    g0 = store.generation()

    def broken(cur: object) -> None:
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        w.write([coin(1)], also=[broken])
    assert count(store, "SELECT count(*) FROM records") == 0 and store.generation() == g0
    w.write([coin(1)], also=[lambda cur: cur.execute("INSERT INTO store_meta VALUES ('marker', 'x')")])
    assert count(store, "SELECT count(*) FROM store_meta WHERE key = 'marker'") == 1


def test_bookkeeping_alone_leaves_the_generation_where_it_was(store: Store) -> None:
    """A write of bookkeeping only (a sync that found nothing new records when it ran) changes no
    searchable data: moving the generation would make the next search rebuild the keyword index."""
    w = RecordWriter(store)
    w.write([coin(1)])
    g0 = store.generation()
    w.write(also=[lambda cur: cur.execute("INSERT INTO store_meta VALUES ('last_run', 'x')")])
    assert count(store, "SELECT count(*) FROM store_meta WHERE key = 'last_run'") == 1
    assert store.generation() == g0
    w.write(remove=[("monedas", 1)])
    assert store.generation() == g0 + 1


def test_ingest_reports_its_changes(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "fondo"
    root.mkdir()
    for n in range(3):
        (root / f"nota_{n}.txt").write_text(f"Nota {n} sobre el molino.", encoding="utf-8")
    _, s = drain(fake_app.library.ingest([root]))
    assert s.changes.added == Counter({("fondo", "text"): 3})
    (root / "nota_0.txt").write_text("Nota cero, corregida.", encoding="utf-8")
    (root / "nota_1.txt").unlink()
    _, s = drain(fake_app.library.ingest([root]))
    assert s.changes.updated == Counter({("fondo", "text"): 1})
    assert s.changes.removed == Counter({("fondo", "text"): 1})
    _, s = drain(fake_app.library.ingest([root]))
    assert not s.changes and isinstance(s.changes, Changes)


def test_many_small_files_are_embedded_together(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "versos"
    root.mkdir()
    for n in range(40):
        (root / f"verso_{n:02d}.txt").write_text(f"Verso {n}: el agua del molino canta.", encoding="utf-8")
    enc = fake_app.encoder
    calls: list[int] = []
    real = enc.embed_batch

    def spy(texts, *, kind):  # type: ignore[no-untyped-def]
        calls.append(len(texts))
        return real(texts, kind=kind)

    enc.embed_batch = spy  # type: ignore[method-assign]
    _, s = drain(fake_app.library.ingest([root]))
    assert len(s.ok) == 40
    assert calls == [40]  # one encoder call for the batch, not forty


def test_file_options_round_trip_typed_through_the_queue(fake_app: Ovillo, tmp_path: Path) -> None:
    from core.ingest import queue
    from core.ingest.options import FileOptions

    opts = IngestOptions(collection="Fondo", lang="ca", classification="secret", project_ids=[3, 1],
                         follow_symlinks=True).for_file("fondo")
    with fake_app.store.transaction() as cur:
        queue.enqueue(cur, "/x/a.txt", "/x", opts)
    item = queue.claim(fake_app.store, "me", 60)
    assert item is not None and item.options == opts and isinstance(item.options, FileOptions)
    assert item.options.project_ids == (1, 3)
    # a store written before the flags existed reads back as the defaults, and "keep" matches any class
    old = FileOptions.from_json('{"collection": "fondo", "lang": null, "classification": "restricted", '
                                '"project_ids": []}')
    assert IngestOptions().for_file("fondo").same_as_stored(old)
    assert not IngestOptions(classification="public").for_file("fondo").same_as_stored(old)
    assert FileOptions.from_json("not json") == FileOptions()


def as_tables(recs: list[RecordRow]) -> tuple[pa.Table, pa.Table]:
    """The columns :meth:`RecordWriter.write_tables` takes, built from the same rows."""
    import json

    from core.store.writer import CHUNK_COLUMNS, RECORD_COLUMNS

    t = store_now()
    records = pa.table([
        pa.array([r.section_tipo for r in recs]), pa.array([r.section_id for r in recs], pa.int64()),
        pa.array([r.title for r in recs]), pa.array([r.lang for r in recs], pa.string()),
        pa.array([r.classification for r in recs]), pa.array([r.project_ids for r in recs], pa.list_(pa.int32())),
        pa.array([json.dumps(r.data) for r in recs]), pa.array([r.date_start for r in recs], pa.date32()),
        pa.array([r.date_end for r in recs], pa.date32()),
        pa.array([r.updated_at or t for r in recs], pa.timestamp("us")), pa.array([r.origin for r in recs])],
        names=list(RECORD_COLUMNS))
    embs = [(r, e) for r in recs for e in r.embeddings]
    chunks = pa.table([
        pa.array([r.section_tipo for r, _ in embs], pa.string()), pa.array([r.section_id for r, _ in embs], pa.int64()),
        pa.array([e.component_tipo for _, e in embs], pa.string()), pa.array([e.lang for _, e in embs], pa.string()),
        pa.array([e.chunk_index for _, e in embs], pa.int32()), pa.array([e.modality for _, e in embs], pa.string()),
        pa.array([e.model for _, e in embs], pa.string()),
        pa.array([len(e.embedding) for _, e in embs], pa.int32()),
        pa.array([e.source_text for _, e in embs], pa.string()), pa.array([e.source_hash for _, e in embs], pa.string()),
        pa.array([json.dumps(e.chunk_meta) for _, e in embs], pa.string()),
        pa.array([e.embedding for _, e in embs], pa.list_(pa.float32()))], names=list(CHUNK_COLUMNS))
    return records, chunks


def snapshot(store: Store) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    cur = store.cursor()
    return (cur.execute("SELECT section_tipo, section_id, title, lang, classification, project_ids, data::VARCHAR, "
                        "updated_at, deleted_at, origin FROM records ORDER BY ALL").fetchall(),
            cur.execute("SELECT id, section_tipo, section_id, component_tipo, lang, chunk_index, modality, model, "
                        "dimension, source_text, source_hash, chunk_meta::VARCHAR, embedding FROM rag_embeddings "
                        "ORDER BY id").fetchall())


def test_write_tables_stores_and_reports_what_write_does(tmp_path: Path) -> None:
    from datetime import datetime

    stamp = datetime(2026, 5, 1, 12, 0)
    first = [coin(1, origin="central", text=True), coin(2, origin="central")]
    second = [coin(2, origin="central", text=True), coin(3, origin="central")]
    for batch in (first, second):
        for r in batch:
            r.updated_at = stamp
    second[0].title = "Moneda 2, revisada"
    second[0].embeddings[0].embedding = vec(77)  # the obverse re-embedded; the reverse view unchanged
    by_rows, by_tables = Store(tmp_path / "rows.duckdb"), Store(tmp_path / "tables.duckdb")
    try:
        reports = []
        for s, write in ((by_rows, lambda w, b: w.write(b)), (by_tables, lambda w, b: w.write_tables(*as_tables(b)))):
            g0 = s.generation()
            reports.append([write(RecordWriter(s), batch) for batch in (first, second)])
            assert s.generation() == g0 + 2  # one bump per write
        assert reports[0] == reports[1]
        assert reports[1][1].updated == Counter({("monedas", "image"): 1, ("monedas", "text"): 1})
        assert reports[1][1].added == Counter({("monedas", "image"): 1})
        assert snapshot(by_rows) == snapshot(by_tables)
        assert count(by_tables, "SELECT count(*) FROM rag_embeddings WHERE section_id = 2") == 3
        # the unchanged reverse view of coin 2 was kept as it was; its re-embedded obverse was replaced
        kept = dict(by_tables.cursor().execute(
            "SELECT component_tipo, embedding FROM rag_embeddings WHERE section_id = 2 AND modality = 'image'"
        ).fetchall())
        assert np.allclose(kept["img:obverse"], vec(77)) and np.allclose(kept["img:reverse"], vec(1002))
    finally:
        by_rows.close()
        by_tables.close()


def stamped(recs: list[RecordRow], stamps: dict[tuple[int, str], object]) -> tuple[pa.Table, pa.Table]:
    """:func:`as_tables` with the source's stamp of each embedding ((section_id, component_tipo) → stamp)."""
    records, chunks = as_tables(recs)
    keys = zip(chunks["section_id"].to_pylist(), chunks["component_tipo"].to_pylist(), strict=True)
    return records, chunks.append_column("updated_at", pa.array([stamps[k] for k in keys], pa.timestamp("us")))


def test_write_tables_keeps_what_the_source_stamped_the_same_and_replaces_the_rest(store: Store) -> None:
    from datetime import datetime

    s1, s2 = datetime(2026, 5, 1, 12, 0), datetime(2026, 6, 1, 12, 0)
    recs = [coin(1, origin="central", text=True), coin(2, origin="central")]
    stamps = {(r.section_id, e.component_tipo): s1 for r in recs for e in r.embeddings}
    w = RecordWriter(store)
    w.write_tables(*stamped(recs, stamps))
    _, vectors = snapshot(store)
    # a new title, every vector stamped as before: the record is updated, every vector kept as it was
    recs[0].title = "Moneda 1, revisada"
    changes = w.write_tables(*stamped(recs, stamps))
    assert changes.updated == Counter({("monedas", "image"): 2, ("monedas", "text"): 1}) and not changes.added
    assert snapshot(store)[1] == vectors
    assert [t for _, _, t, *_ in snapshot(store)[0]] == ["Moneda 1, revisada", "Moneda 2"]
    # coin 1's obverse re-embedded (a new stamp) and its text gone; coin 3 new beside them
    recs[0].embeddings[0].embedding = vec(77)
    recs[0].embeddings = recs[0].embeddings[:2]
    recs.append(coin(3, origin="central"))
    stamps.update({(1, "img:obverse"): s2, (3, "img:obverse"): s2, (3, "img:reverse"): s2})
    changes = w.write_tables(*stamped(recs, stamps))
    assert changes.added == Counter({("monedas", "image"): 1})
    rows = store.cursor().execute("SELECT section_id, component_tipo, embedding, updated_at FROM rag_embeddings "
                                  "ORDER BY section_id, component_tipo").fetchall()
    assert [(sid, c) for sid, c, _, _ in rows] == [(1, "img:obverse"), (1, "img:reverse"), (2, "img:obverse"),
                                                   (2, "img:reverse"), (3, "img:obverse"), (3, "img:reverse")]
    assert np.allclose(rows[0][2], vec(77)) and rows[0][3] == s2 and rows[1][3] == s1
    assert count(store, "SELECT count(*) FROM records") == 3


def test_write_tables_never_replaces_a_record_of_the_other_origin(store: Store) -> None:
    w = RecordWriter(store)
    w.write([coin(7, origin="local")])
    g0 = store.generation()
    with pytest.raises(StoreError, match="local"):
        w.write_tables(*as_tables([coin(8, origin="central"), coin(7, origin="central")]))
    assert snapshot(store)[0][0][-1] == "local" and count(store, "SELECT count(*) FROM records") == 1
    assert store.generation() == g0  # nothing of the refused write was kept


def test_write_tables_bookkeeping_shares_the_transaction(store: Store) -> None:
    def broken(cur: object) -> None:
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        RecordWriter(store).write_tables(*as_tables([coin(1, origin="central")]), also=[broken])
    assert count(store, "SELECT count(*) FROM records") == 0
    assert count(store, "SELECT count(*) FROM rag_embeddings") == 0


def test_chunk_ids_in_arrow_equal_the_one_definition() -> None:
    from core.ids import chunk_id
    from core.store.writer import chunk_ids

    rows = [("oh1", 412, "text", "es", 3, "e5"), ("c/x", -7, "img:obverse", None, 0, "sscd@2"),
            ("d", 2**40, "text", "ca", 12, "multilingual-e5-small")]
    table = pa.table({"section_tipo": [r[0] for r in rows], "section_id": pa.array([r[1] for r in rows], pa.int64()),
                      "component_tipo": [r[2] for r in rows], "lang": pa.array([r[3] for r in rows], pa.string()),
                      "chunk_index": pa.array([r[4] for r in rows], pa.int32()), "model": [r[5] for r in rows]})
    assert chunk_ids(table).to_pylist() == [chunk_id(*r) for r in rows]
