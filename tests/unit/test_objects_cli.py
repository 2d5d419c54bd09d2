"""``ovillo objects`` checks its values before anything is opened: one line, exit 2, no new folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from cli.main import main


@pytest.mark.parametrize("argv,fragment", [
    (["lookup", "--image", "sideways={img}"], "unknown view"),
    (["lookup", "--image", "{img}"], "VIEW=PATH"),
    (["lookup", "--image", "a={missing}"], "no such file"),
    (["lookup", "--image", "a={txt}"], "not a JPEG"),
    (["lookup", "--image", "a={img}", "--limit", "abc"], "--limit"),
    (["lookup", "--image", "a={img}", "--profile", "bad profile"], "--profile"),
    (["characterize", "coins"], "SECTION_TIPO and SECTION_ID"),
    (["similar", "coins", "-5"], "SECTION_ID"),
])
def test_bad_values_exit_2_before_the_data_folder_exists(tmp_path: Path, argv: list[str], fragment: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    img, txt = tmp_path / "c.png", tmp_path / "c.txt"
    Image.new("RGB", (8, 8)).save(img)
    txt.write_text("x")
    home = tmp_path / "home"
    filled = [a.format(img=img, txt=txt, missing=tmp_path / "nope.jpg") for a in argv]
    assert main(["--home", str(home), "objects", *filled]) == 2
    err = capsys.readouterr().err
    assert fragment in err and "Traceback" not in err and len(err.strip().splitlines()) <= 2
    assert not home.exists()
