"""Real-encoder fixtures shared by tests/integration and tests/gui: the encoder (assembled by
setup) and the demo archive indexed once per session (a pytest plugin, so both folders share one).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.ingest.pipeline import IngestOptions
from core.models.encoder import TextEncoder
from core.models.registry import assemble_default_text_model, load_text_encoder
from core.paths import default_models_dir
from core.service import Ovillo
from tests.conftest import drain

REPO = Path(__file__).resolve().parents[1]
DEMO = REPO / "resources" / "demo"
DEMO_FOLDERS = [DEMO / d for d in ("diaries", "catalogue", "transcripts", "reports")]


@pytest.fixture(scope="session")
def models_dir() -> Path:
    """The user's models folder with the default encoder assembled (setup normally did it)."""
    folder = default_models_dir()
    assemble_default_text_model(folder)
    return folder


@pytest.fixture(scope="session")
def encoder(models_dir: Path) -> TextEncoder:
    """multilingual-e5-small, verified and loaded once for the session."""
    return load_text_encoder(models_dir, threads=2)


@pytest.fixture(scope="session")
def demo_home(tmp_path_factory: pytest.TempPathFactory, encoder: TextEncoder, models_dir: Path) -> Path:
    """A data folder with the demo archive indexed (closed again, so copies can be opened)."""
    home = tmp_path_factory.mktemp("demo_home")
    with Ovillo(home, models_dir=models_dir, encoder=encoder) as app:
        _, summary = drain(app.library.ingest(DEMO_FOLDERS, IngestOptions(collection="demo", classification="public")))
        assert not summary.failed, summary.failed
    return home


def copy_home(src: Path, dst: Path) -> Path:
    """An independent copy of a data folder (DuckDB locks a file per process)."""
    shutil.copytree(src, dst)
    return dst


@pytest.fixture(scope="session")
def demo_app(demo_home: Path, tmp_path_factory: pytest.TempPathFactory, encoder: TextEncoder,
             models_dir: Path) -> Iterator[Ovillo]:
    """The indexed demo archive, open, for read-only tests."""
    home = copy_home(demo_home, tmp_path_factory.mktemp("demo_app") / "home")
    app = Ovillo(home, models_dir=models_dir, encoder=encoder)
    yield app
    app.close()
