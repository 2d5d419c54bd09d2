"""Import-only models are let go when idle and load again on the next import (issue #32, memory)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.models import ocr_engine
from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo
from core.settings import Settings
from tests.conftest import drain
from tests.unit.test_encoders import FakeImageEncoder
from tests.unit.test_objects_images import png_bytes


def coins(folder: Path, first: int, n: int) -> Path:
    folder.mkdir(exist_ok=True)
    for i in range(first, first + n):
        for view in ("obverse", "reverse"):
            colour = (40 * i % 250, 60 if view == "obverse" else 90, 9)
            (folder / f"m{i}_{view}.png").write_bytes(png_bytes(colour=colour))
    return folder


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[FakeImageEncoder]:
    """Every image encoder the folder loads (a fake, counted)."""
    loaded: list[FakeImageEncoder] = []

    def load(*_a: object, **_k: object) -> FakeImageEncoder:
        loaded.append(FakeImageEncoder())
        return loaded[-1]

    monkeypatch.setattr("core.models.registry.load_image_encoder", load)
    return loaded


def test_release_lets_the_image_encoder_go_and_the_next_import_loads_it_again(
        tmp_path: Path, loads: list[FakeImageEncoder]) -> None:
    folder = tmp_path / "monedas"
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "m", encoder=HashingEncoder(),
                settings=Settings(image_model="fake-image-8")) as app:
        _, first = drain(app.library.ingest([coins(folder, 0, 2)]))
        assert len(first.ok) == 2 and len(loads) == 1
        assert "image encoder" in app.release_idle_models()
        assert "image encoder" not in app.release_idle_models()  # nothing left to let go
        _, second = drain(app.library.ingest([coins(folder, 2, 2)]))
        assert len(second.ok) == 2 and len(loads) == 2  # loaded again, lazily
        n = app.store.cursor().execute("SELECT count(*) FROM rag_embeddings WHERE modality = 'image'").fetchone()
        assert n == (8,)
        assert app.search.page("m3", profile="owner", limit=5).total >= 0  # search still answers after a release


def test_nothing_is_let_go_while_an_import_runs(tmp_path: Path, loads: list[FakeImageEncoder]) -> None:
    folder = coins(tmp_path / "monedas", 0, 3)
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "m", encoder=HashingEncoder(),
                settings=Settings(image_model="fake-image-8")) as app:
        run = app.library.ingest([folder])
        released: list[list[str]] = []
        for event in run:  # the import's generator, stepped by hand: a release on every step
            released.append(app.release_idle_models())
        assert released and all(r == [] for r in released)
        assert len(loads) == 1  # never dropped mid-import, so never loaded twice
        assert "image encoder" in app.release_idle_models()


def test_an_image_encoder_handed_in_is_the_callers_and_stays(tmp_path: Path) -> None:
    mine = FakeImageEncoder()
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "m", encoder=HashingEncoder(), image_encoder=mine) as app:
        assert "image encoder" not in app.release_idle_models()
        assert app.encoder_for("image") is mine


def test_the_shared_ocr_engine_is_let_go_and_loaded_again(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[object] = []
    monkeypatch.setattr(ocr_engine, "OcrEngine", lambda: made.append(object()) or made[-1])
    monkeypatch.setattr(ocr_engine, "_SHARED", None)
    first = ocr_engine.shared_engine()
    assert ocr_engine.shared_engine() is first
    assert ocr_engine.release_shared() and not ocr_engine.release_shared()
    assert ocr_engine.shared_engine() is not first and len(made) == 2
