"""A store indexed by an older chunker re-embeds once, from the store, after the next import or a
same-model ``reindex`` — resumable, without reading its files again, leaving central records alone."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from core.chunking import compose_embedded, embedded_hash
from core.errors import Cancelled
from core.ingest.pipeline import IngestOptions
from core.ingest.reembed import reembed, reembed_pending
from core.models.fake_encoder import HashingEncoder
from core.progress import CancelToken
from core.service import Ovillo
from tests.aged_store import age
from tests.conftest import drain


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    files = tmp_path / "files"
    files.mkdir()
    for n in range(6):
        (files / f"2019-07-{n + 10:02d}_diario.md").write_text(
            f"# Diario de campo {n}\n\n## Zanja {n}\n\nCerámica vidriada número {n} junto al horno.\n\n"
            f"## Notas\n\nUnidad estratigráfica {n}004, tierra rojiza.\n", encoding="utf-8")
    return files


def state(app: Ovillo) -> list[tuple[str, str, str, bool]]:
    """Each text passage: id, stored hash, the hash this chunker gives it, and whether its vector is its text's."""
    rows = app.store.cursor().execute(
        "SELECT id, source_hash, source_text, chunk_meta, embedding FROM rag_embeddings WHERE modality = 'text' "
        "ORDER BY id").fetchall()
    out = []
    for cid, h, text, meta, vec in rows:
        composed = compose_embedded(json.loads(meta).get("heading_path") or (), text)
        right = app.encoder.embed_batch([composed], kind="passage")[0]
        out.append((cid, h, embedded_hash(composed), bool(np.allclose(vec, right, atol=1e-6))))
    return out


def test_the_next_import_re_embeds_an_older_store_once(fake_app: Ovillo, folder: Path) -> None:
    drain(fake_app.library.ingest([folder], IngestOptions(classification="public")))
    fresh = state(fake_app)
    assert age(fake_app.store, fake_app.encoder) == len(fresh) == 12
    assert all(h != want and not right for _, h, want, right in state(fake_app))
    generation = fake_app.store.generation()

    events, summary = drain(fake_app.library.ingest([folder], IngestOptions(classification="public")))
    assert {o.reason for o in summary.outcomes} == {"unchanged"}  # no file read again
    steps = [e for e in events if e.stage == "embed"]
    assert steps and steps[-1].done == steps[-1].total == 12 and steps[-1].unit == "passages"
    assert state(fake_app) == fresh  # the hashes and vectors a fresh import gives
    assert fake_app.store.generation() > generation  # searches reload the vectors
    assert not reembed_pending(fake_app.store, fake_app.encoder.name)

    events, _ = drain(fake_app.library.ingest([folder], IngestOptions(classification="public")))
    assert not [e for e in events if e.stage == "embed"]  # once: the store notes the version


def test_a_first_import_is_not_followed_by_a_pass(fake_app: Ovillo, folder: Path) -> None:
    events, _ = drain(fake_app.library.ingest([folder], IngestOptions(classification="public")))
    assert not [e for e in events if e.stage == "embed" and e.unit == "passages"]
    assert not reembed_pending(fake_app.store, fake_app.encoder.name)


def test_a_cancelled_pass_resumes_without_duplicates(fake_app: Ovillo, folder: Path) -> None:
    drain(fake_app.library.ingest([folder], IngestOptions(classification="public")))
    fresh = state(fake_app)
    age(fake_app.store)
    cancel = CancelToken()
    run = reembed(fake_app.store, fake_app.encoder, cancel, page=5)
    first = next(run)
    assert (first.done, first.total) == (5, 12)
    cancel.cancel()
    with pytest.raises(Cancelled):
        next(run)
    half = state(fake_app)
    assert sum(right for *_, right in half) == 5 and reembed_pending(fake_app.store, fake_app.encoder.name)

    enc = HashingEncoder()
    events, rewritten = drain(reembed(fake_app.store, enc, page=5))
    assert rewritten == 7 and enc.embedded == 7  # the first page is not embedded again
    assert [e.done for e in events] == [5, 10, 12]
    assert state(fake_app) == fresh


def test_a_same_model_reindex_re_embeds_and_central_records_keep_their_vectors(
        fake_app: Ovillo, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("core.models.registry.load_text_encoder", lambda *a, **k: HashingEncoder())
    drain(fake_app.library.ingest([folder], IngestOptions(classification="public")))
    fresh = state(fake_app)
    age(fake_app.store)
    cur = fake_app.store.cursor()
    central = cur.execute("SELECT section_tipo, section_id FROM records ORDER BY section_id LIMIT 1").fetchone()
    cur.execute("UPDATE records SET origin = 'central' WHERE section_tipo = ? AND section_id = ?", list(central))
    kept = cur.execute("SELECT id, source_hash FROM rag_embeddings WHERE section_tipo = ? AND section_id = ?",
                       list(central)).fetchall()

    _, rewritten = drain(fake_app.library.reindex(fake_app.encoder.name))
    assert rewritten == len(fresh) - len(kept) == 10
    after = {s[0]: s for s in state(fake_app)}
    assert all(after[cid][1] == h and not after[cid][3] for cid, h in kept)  # as the archive sent them
    assert [s for s in state(fake_app) if s[0] not in dict(kept)] == [s for s in fresh if s[0] not in dict(kept)]
