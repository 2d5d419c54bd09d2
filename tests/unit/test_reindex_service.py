"""`ovillo reindex`: the facade switches the text index to another model and remembers it."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.main import main
from core.errors import ConfigError, IngestError
from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo
from core.settings import load_settings
from tests.conftest import drain


def test_reindex_switches_model_and_settings(fake_app: Ovillo, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "fondo"
    root.mkdir()
    for n in range(3):
        (root / f"n{n}.txt").write_text(f"Nota {n} sobre el molino y el agua.", encoding="utf-8")
    drain(fake_app.library.ingest([root]))
    before = [h.section_id for h in fake_app.search.records("molino agua")]
    new = HashingEncoder(name="fake-hash-32", dimension=32)
    monkeypatch.setattr("core.models.registry.load_text_encoder", lambda *a, **k: new)
    events, embedded = drain(fake_app.library.reindex("fake-hash-32"))
    assert embedded == 3 and events and events[-1].stage == "reindex"
    assert fake_app.pinned_model().name == "fake-hash-32"  # type: ignore[union-attr]
    assert fake_app.settings.text_model == "fake-hash-32"
    assert load_settings(fake_app.paths.settings).text_model == "fake-hash-32"
    dims = fake_app.store.cursor().execute("SELECT DISTINCT model, dimension FROM rag_embeddings").fetchall()
    assert dims == [("fake-hash-32", 32)]  # the old model's rows are gone, the spaces never mixed
    assert sorted(h.section_id for h in fake_app.search.records("molino agua")) == sorted(before)
    with pytest.raises(ConfigError, match="modality"):
        drain(fake_app.library.reindex("x", modality="audio"))


def test_reindex_help_works(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reindex", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--model" in out and "--modality" in out


def test_reindex_switches_the_image_index_from_the_photographs(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import numpy as np

    from tests.unit.test_encoders import FakeImageEncoder
    from tests.unit.test_objects_images import png_bytes

    folder = tmp_path / "monedas"
    folder.mkdir()
    for i in range(3):
        for view in ("obverse", "reverse"):
            (folder / f"m{i}_{view}.png").write_bytes(png_bytes(colour=(40 * i, 60 if view == "obverse" else 90, 9)))
    old, new = FakeImageEncoder("fake-image-8", 8), FakeImageEncoder("fake-image-16", 16)
    from core.settings import Settings

    with Ovillo(tmp_path / "home", models_dir=tmp_path / "m", encoder=HashingEncoder(), image_encoder=old,
                settings=Settings(image_model="fake-image-8")) as app:
        _, summary = drain(app.library.ingest([folder]))
        assert len(summary.ok) == 3 and not summary.failed
        monkeypatch.setattr("core.models.registry.load_image_encoder", lambda *a, **k: new)
        _, embedded = drain(app.library.reindex("fake-image-16", modality="image"))
        assert embedded == 6
        rows = app.store.cursor().execute("SELECT DISTINCT model, dimension FROM rag_embeddings "
                                          "WHERE modality = 'image'").fetchall()
        assert rows == [("fake-image-16", 16)]
        assert app.pinned_model("image").name == "fake-image-16"  # type: ignore[union-attr]
        assert app.settings.image_model == "fake-image-16"
        path, vec = app.store.cursor().execute("SELECT source_text, embedding FROM rag_embeddings "
                                               "ORDER BY source_text LIMIT 1").fetchone()
        from PIL import Image

        with Image.open(path) as im:  # the new vector is the new model's reading of the same photograph
            assert np.allclose(vec, new.embed_batch([np.asarray(im.convert("RGB"))])[0], atol=1e-5)
        # a photograph that is gone stops the next switch with a clear error, nothing half-switched
        (folder / "m0_obverse.png").unlink()
        monkeypatch.setattr("core.models.registry.load_image_encoder", lambda *a, **k: old)
        with pytest.raises(IngestError, match="m0_obverse.png cannot be read"):
            drain(app.library.reindex("fake-image-8", modality="image"))
        assert app.pinned_model("image").name == "fake-image-16"  # type: ignore[union-attr]


def test_a_cancelled_reindex_keeps_the_old_model_and_the_next_run_resumes(fake_app: Ovillo, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from core.errors import Cancelled
    from core.progress import CancelToken

    root = tmp_path / "fondo"
    root.mkdir()
    for n in range(3):
        (root / f"n{n}.txt").write_text(f"Nota {n} sobre el molino y el agua.", encoding="utf-8")
    drain(fake_app.library.ingest([root]))
    old = fake_app.encoder.name
    before = [(h.section_tipo, h.section_id) for h in fake_app.search.records("molino agua")]
    monkeypatch.setattr("core.models.registry.load_text_encoder",
                        lambda *a, **k: HashingEncoder(name="fake-hash-32", dimension=32))
    cancel = CancelToken()
    run = fake_app.library.reindex("fake-hash-32", cancel=cancel)
    first = next(run)
    assert (first.stage, first.done, first.total, first.unit) == ("reindex", 1, 3, "records")
    cancel.cancel()
    with pytest.raises(Cancelled):
        next(run)
    # nothing switched: the old model still answers, the settings still name it, one record built beside
    assert fake_app.pinned_model().name == old  # type: ignore[union-attr]
    assert load_settings(fake_app.paths.settings).text_model == fake_app.settings.text_model != "fake-hash-32"
    rows = dict(fake_app.store.cursor().execute("SELECT model, count(DISTINCT section_id) FROM rag_embeddings "
                                                "GROUP BY 1").fetchall())
    assert rows == {old: 3, "fake-hash-32": 1}
    assert [(h.section_tipo, h.section_id) for h in fake_app.search.records("molino agua")] == before
    events, embedded = drain(fake_app.library.reindex("fake-hash-32"))  # resumes: only the two records left
    assert embedded == 2 and [e.done for e in events] == [1, 2]
    assert fake_app.pinned_model().name == "fake-hash-32"  # type: ignore[union-attr]


def test_every_mismatch_hint_is_a_reindex_command_the_cli_accepts(tmp_path: Path) -> None:
    import re

    from cli.main import build_parser
    from core.errors import ModelMismatch
    from core.settings import Settings
    from core.store.db import Store
    from core.store.models_repo import pin_model
    from tests.unit.test_encoders import FakeImageEncoder
    from tests.unit.test_objects_images import png_bytes

    caught: list[tuple[ModelMismatch, str, str]] = []
    with Store(tmp_path / "store.duckdb") as store:
        pin_model(store, "text-a", 8)
        pin_model(store, "image-a", 8, modality="image")
        for name, modality in (("text-b", "text"), ("image-b", "image")):
            with pytest.raises(ModelMismatch) as err:
                pin_model(store, name, 8, modality=modality)
            caught.append((err.value, name, modality))
    photo = tmp_path / "m1_obverse.png"
    photo.write_bytes(png_bytes())
    # the photographs are indexed with the configured image model, another one is loaded
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "m", encoder=HashingEncoder(),
                image_encoder=FakeImageEncoder("fake-image-8"), settings=Settings(image_model="other-image")) as app:
        with pytest.raises(ModelMismatch) as err:
            app.catalogue.examine({"obverse": photo})
        caught.append((err.value, "fake-image-8", "image"))
    for exc, name, modality in caught:
        found = re.search(r"`ovillo (reindex [^`]+)`", exc.hint)
        assert found, exc.hint
        args = build_parser().parse_args(found.group(1).split())
        assert (args.command, args.model, args.modality) == ("reindex", name, modality), exc.hint
        assert exc.hint_code in ("hint.reindex", "hint.switch_model")  # the window translates it
