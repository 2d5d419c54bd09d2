"""`ovillo reindex`: the facade switches the text index to another model and remembers it."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.cli import main
from core.errors import ConfigError
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
    drain(fake_app.ingest([root]))
    before = [h.section_id for h in fake_app.search("molino agua")]
    new = HashingEncoder(name="fake-hash-32", dimension=32)
    monkeypatch.setattr("core.models.registry.load_text_encoder", lambda *a, **k: new)
    events, embedded = drain(fake_app.reindex("fake-hash-32"))
    assert embedded == 3 and events and events[-1].stage == "reindex"
    assert fake_app.pinned_model().name == "fake-hash-32"  # type: ignore[union-attr]
    assert fake_app.settings.text_model == "fake-hash-32"
    assert load_settings(fake_app.paths.settings).text_model == "fake-hash-32"
    dims = fake_app.store.cursor().execute("SELECT DISTINCT model, dimension FROM rag_embeddings").fetchall()
    assert dims == [("fake-hash-32", 32)]  # the old model's rows are gone, the spaces never mixed
    assert sorted(h.section_id for h in fake_app.search("molino agua")) == sorted(before)
    with pytest.raises(ConfigError, match="image"):
        drain(fake_app.reindex("sscd", modality="image"))


def test_reindex_help_works(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reindex", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--model" in out and "--modality" in out
