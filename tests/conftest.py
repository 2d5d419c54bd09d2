"""Shared fixtures: fake-encoder apps for unit tests, a data folder factory."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.models.fake_encoder import HashingEncoder
from core.progress import Progress, drive
from core.service import Ovillo

# real-encoder fixtures (models_dir, encoder, demo_home, demo_app) shared by integration and gui tests
pytest_plugins = ["tests.demo_fixtures"]


def drain(gen):  # type: ignore[no-untyped-def]
    """Run a core generator to the end; return (events, result)."""
    events: list[Progress] = []
    return events, drive(gen, events.append)


@pytest.fixture
def fake_app(tmp_path: Path) -> Iterator[Ovillo]:
    """A data folder with the deterministic hashing encoder (fast, no model files)."""
    app = Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=HashingEncoder())
    yield app
    app.close()


@pytest.fixture(autouse=True)
def no_leaked_threads() -> Iterator[None]:
    """Tests must not leave threads running behind them."""
    before = set(threading.enumerate())
    yield
    leaked = [t for t in threading.enumerate() if t not in before and t.is_alive() and not t.daemon]
    assert not leaked, f"leaked threads: {leaked}"
