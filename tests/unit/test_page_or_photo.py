"""Who decides whether a picture is pages or a photograph: the user's flag, its sidecar, its name, then the probe."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from core.errors import CorruptSource
from core.ingest.options import FileOptions
from core.ingest.readers.page_images import wanted


def test_the_flag_the_sidecar_and_the_name_decide_before_any_probe(tmp_path: Path) -> None:
    for name in ("carta.jpg", "c12_obverse.jpg", "dicho.jpg", "foto.jpg", "raro.jpg"):
        Image.new("RGB", (40, 30), "white").save(tmp_path / name)
    (tmp_path / "dicho.jpg.options.json").write_text('{"kind": "pages"}', encoding="utf-8")
    (tmp_path / "foto.jpg.options.json").write_text('{"kind": "object"}', encoding="utf-8")
    (tmp_path / "raro.jpg.options.json").write_text('{"kind": "poster"}', encoding="utf-8")
    plain = FileOptions()
    assert wanted(tmp_path / "carta.jpg", plain) is None  # nothing said: the probe decides
    assert wanted(tmp_path / "carta.jpg", FileOptions(as_pages=True)) is True
    assert wanted(tmp_path / "c12_obverse.jpg", plain) is False  # an object's view is never probed
    assert wanted(tmp_path / "dicho.jpg", plain) is True
    assert wanted(tmp_path / "foto.jpg", FileOptions(as_pages=True)) is True  # --as-pages: every picture given
    assert wanted(tmp_path / "foto.jpg", plain) is False
    assert wanted(tmp_path / "notes.txt", plain) is False
    with pytest.raises(CorruptSource, match="kind must be one of pages, object"):
        wanted(tmp_path / "raro.jpg", plain)
