"""Real-encoder fixtures for object tests: SSCD loaded once, the demo coins catalogued once."""

from __future__ import annotations

import core  # noqa: F401  (closes ONNX Runtime's telemetry before onnxruntime is imported)

from collections.abc import Iterator
from pathlib import Path

import pytest

from core.ingest.pipeline import IngestOptions
from core.models.encoder import ImageEncoder, TextEncoder
from core.models.registry import assemble_default_image_models, load_image_encoder
from core.service import Ovillo
from tests.conftest import drain
from tests.demo_fixtures import DEMO, copy_home

COINS = DEMO / "coins"


@pytest.fixture(scope="session")
def image_encoder(models_dir: Path) -> ImageEncoder:
    """sscd-disc-mixup-distilled, verified and loaded once."""
    assemble_default_image_models(models_dir)
    return load_image_encoder(models_dir, threads=1)


@pytest.fixture(scope="session")
def coins_home(tmp_path_factory: pytest.TempPathFactory, encoder: TextEncoder, image_encoder: ImageEncoder,
               models_dir: Path) -> Path:
    """A data folder with the demo coin catalogue indexed (closed again, so copies can be opened)."""
    home = tmp_path_factory.mktemp("coins_home")
    with Ovillo(home, models_dir=models_dir, encoder=encoder, image_encoder=image_encoder) as app:
        _, summary = drain(app.library.ingest([COINS], IngestOptions(collection="coins")))
        assert not summary.failed, summary.failed
    return home


@pytest.fixture
def coins_app(coins_home: Path, tmp_path: Path, encoder: TextEncoder, image_encoder: ImageEncoder,
              models_dir: Path) -> Iterator[Ovillo]:
    """A private copy of the catalogued coins, open (tests may write to it)."""
    app = Ovillo(copy_home(coins_home, tmp_path / "home"), models_dir=models_dir, encoder=encoder,
                 image_encoder=image_encoder)
    yield app
    app.close()
