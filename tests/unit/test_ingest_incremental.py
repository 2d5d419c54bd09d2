"""Incremental, idempotent ingest on the real DuckDB store with the fake encoder."""

from __future__ import annotations

import os
from pathlib import Path

from core.ingest.pipeline import IngestOptions
from core.service import Ovillo
from tests.conftest import drain


def chunk_rows(app: Ovillo) -> list[tuple[str, str]]:
    return app.store.cursor().execute("SELECT id, source_hash FROM rag_embeddings ORDER BY id").fetchall()


def write_corpus(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "a.md").write_text("# Diario\n\n## Zanja 3\n\nCerámica vidriada junto al horno.\n\n"
                               "## Zanja 4\n\nUn dinero de Jaume I.\n", encoding="utf-8")
    (root / "b.txt").write_text("The water reached the village in March 1959.\n\nThe bell was lowered.\n")
    (root / "sub").mkdir(exist_ok=True)
    (root / "sub" / "c.csv").write_text("id,title,description,classification\n1,Coin,Silver denarius,public\n"
                                        "2,Jar,Glazed jar,secret\n")


def test_reingest_unchanged_embeds_nothing(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    write_corpus(root)
    _, first = drain(fake_app.library.ingest([root]))
    assert len(first.ok) == 3 and not first.failed
    rows = chunk_rows(fake_app)
    assert fake_app.library.status().records == 4  # two files + two CSV rows
    enc = fake_app.encoder
    before = enc.embedded  # type: ignore[attr-defined]
    _, second = drain(fake_app.library.ingest([root]))
    assert len(second.skipped) == 3 and not second.ok
    assert enc.embedded == before  # type: ignore[attr-defined]
    assert chunk_rows(fake_app) == rows


def test_touched_but_identical_file_is_skipped(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    write_corpus(root)
    drain(fake_app.library.ingest([root]))
    os.utime(root / "a.md", (1, 1))
    _, s = drain(fake_app.library.ingest([root]))
    assert not s.ok and len(s.skipped) == 3


def test_edit_reembeds_only_changed_chunks_and_prunes(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    write_corpus(root)
    drain(fake_app.library.ingest([root]))
    before = dict((h, i) for i, h in chunk_rows(fake_app))
    enc = fake_app.encoder
    n0 = enc.embedded  # type: ignore[attr-defined]
    text = (root / "a.md").read_text(encoding="utf-8").replace("Un dinero de Jaume I.", "Dos dineros de Jaume I.")
    (root / "a.md").write_text(text + "\n## Zanja 5\n\nUn tesoro en un jarro.\n", encoding="utf-8")
    _, s = drain(fake_app.library.ingest([root]))
    assert [Path(o.path).name for o in s.ok] == ["a.md"]
    assert enc.embedded - n0 == 2  # the edited section and the new one; "Zanja 3" reused  # type: ignore[attr-defined]
    after = dict((h, i) for i, h in chunk_rows(fake_app))
    texts = [r[0] for r in fake_app.store.cursor().execute("SELECT source_text FROM rag_embeddings").fetchall()]
    assert "Un dinero de Jaume I." not in texts and "Dos dineros de Jaume I." in texts
    assert len(set(after) - set(before)) == 2


def test_deleted_file_chunks_go(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    write_corpus(root)
    drain(fake_app.library.ingest([root]))
    (root / "b.txt").unlink()
    _, s = drain(fake_app.library.ingest([root]))
    assert [Path(o.path).name for o in s.removed] == ["b.txt"]
    paths = {r[0] for r in fake_app.store.cursor().execute("SELECT path FROM sources").fetchall()}
    assert not any(p.endswith("b.txt") for p in paths)
    assert fake_app.library.status().records == 3
    assert not fake_app.search.passages("water reached the village bell", limit=50) or all(
        h.source_path and not h.source_path.endswith("b.txt")
        for h in fake_app.search.passages("water reached the village bell", limit=50))


def test_options_classification_and_projects(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    write_corpus(root)
    drain(fake_app.library.ingest([root], IngestOptions(collection="Excavació 2019", classification="public",
                                                project_ids=[7])))
    rows = fake_app.store.cursor().execute(
        "SELECT section_tipo, classification, project_ids FROM records ORDER BY classification").fetchall()
    assert {r[0] for r in rows} == {"excavacio_2019"}
    # CSV rows carry their own classification; the rest take the option
    assert sorted(r[1] for r in rows) == ["public", "public", "public", "secret"]
    assert all(r[2] == [7] for r in rows)


def test_default_classification_is_restricted(fake_app: Ovillo, tmp_path: Path) -> None:
    (tmp_path / "x.txt").write_text("Un texto cualquiera sobre el pantano.")
    drain(fake_app.library.ingest([tmp_path / "x.txt"]))
    (cls,) = fake_app.store.cursor().execute("SELECT classification FROM records").fetchone()
    assert cls == "restricted"


def test_stable_ids_across_stores(tmp_path: Path) -> None:
    from core.models.fake_encoder import HashingEncoder

    root = tmp_path / "docs"
    write_corpus(root)
    ids = []
    for n in range(2):
        with Ovillo(tmp_path / f"h{n}", models_dir=tmp_path / "m", encoder=HashingEncoder()) as app:
            drain(app.library.ingest([root]))
            ids.append(chunk_rows(app))
    assert ids[0] == ids[1]


def test_a_recording_placed_beside_an_unchanged_transcript_is_picked_up(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "oh"
    root.mkdir()
    (root / "oh9.vtt").write_text("WEBVTT\n\n00:00:01.000 --> 00:00:05.000\nEl agua llegó al valle en 1959.\n\n"
                                  "00:01:47.000 --> 00:01:55.000\nLa campana lloró al tocar el suelo.\n",
                                  encoding="utf-8")

    def media() -> set[str | None]:
        rows = fake_app.store.cursor().execute(
            "SELECT json_extract_string(data, '$.media_path') FROM records").fetchall()
        return {r[0] for r in rows}

    drain(fake_app.library.ingest([root]))
    assert media() == {None}
    enc = fake_app.encoder
    before = enc.embedded  # type: ignore[attr-defined]
    (root / "oh9.ogg").write_bytes(b"OggS")
    _, s = drain(fake_app.library.ingest([root]))
    assert len(s.ok) == 1 and media() == {str(root / "oh9.ogg")}
    assert enc.embedded == before  # type: ignore[attr-defined]  # same text: vectors reused
    _, s = drain(fake_app.library.ingest([root]))
    assert len(s.skipped) == 1 and not s.ok  # and once recorded, skipped again
    (root / "oh9.ogg").unlink()
    _, s = drain(fake_app.library.ingest([root]))
    assert len(s.ok) == 1 and media() == {None}  # a vanished recording is no longer offered
