"""The bad-input batch on the real encoder: clear per-file errors, the rest indexed and searchable."""

from __future__ import annotations

from pathlib import Path

from core.models.encoder import TextEncoder
from core.service import Ovillo
from tests.conftest import drain
from tests.unit.test_bad_input import bad_folder


def test_bad_batch_with_real_encoder(tmp_path: Path, encoder: TextEncoder, models_dir: Path) -> None:
    expected = bad_folder(tmp_path / "in")
    with Ovillo(tmp_path / "h", models_dir=models_dir, encoder=encoder) as app:
        _, summary = drain(app.library.ingest([tmp_path / "in"]))
        assert {Path(o.path).name for o in summary.failed} == set(expected)
        assert len(summary.ok) == 2
        hits = app.search.records("glazed pottery in trench three")  # English query, Spanish text
        assert hits and hits[0].source_path and hits[0].source_path.endswith("good.md")
        assert app.search.records("the reservoir covered the church")[0].source_path.endswith("latin1.txt")  # type: ignore[union-attr]
        # re-running retries only the failed ones and adds nothing twice
        chunks = app.library.status().chunks
        _, again = drain(app.library.ingest([tmp_path / "in"]))
        assert len(again.skipped) == 2 and app.library.status().chunks == chunks
