"""Spreadsheet catalogues (.xlsx, .ods): rows read through the CSV reader's mapping, several sheets, caps on
huge sheets, and clear failures (real fixtures + workbooks built with openpyxl and odfpy)."""

from __future__ import annotations

import io
import json
from datetime import date, datetime
from pathlib import Path

import pytest

from core.chunking.model import ReadResult
from core.errors import CorruptSource
from core.ingest.readers import reader_for, sheet_reader

FIX = Path(__file__).resolve().parents[1] / "fixtures"


def read(path: Path, raw: bytes) -> ReadResult:
    path.write_bytes(raw)
    return reader_for(path)(path, raw)


def xlsx_bytes(sheets: dict[str, list[list[object]]]) -> bytes:
    import openpyxl

    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        ws = book.create_sheet(name)
        for row in rows:
            ws.append(row)
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


COINS = [["Codi", "Títol", "Descripció", "Data", "Pes (g)", "Material"],
         ["CMF-033", "Diner de Jaume I", "Diner de billó encunyat a Barcelona.", datetime(1258, 1, 1), 0.9, "billó"],
         ["CMF-034", "Croat de Pere III", "Croat de plata.", "1336/1387", 3.0, "plata"],
         [None, None, None, None, None, None],
         ["CMF-035", "Ral de vuit", "=CONCATENATE(\"a\",\"b\")", 1660, None, "plata"]]


def test_xlsx_rows_are_records_like_a_catalogue_csv(tmp_path: Path) -> None:
    res = read(tmp_path / "monedes.xlsx", xlsx_bytes({"Monedes": COINS}))
    assert res.reader == "xlsx"
    first, second, third = res.records
    assert (first.key, first.title) == ("row:CMF-033", "Diner de Jaume I")
    assert first.date_start == date(1258, 1, 1)
    assert first.data["Pes (g)"] == "0.9" and second.data["Pes (g)"] == "3"  # 3.0 is the number 3
    assert (second.date_start, second.date_end) == (date(1336, 1, 1), date(1387, 12, 31))
    assert "CMF-033" in first.blocks[0].text and "billó" in first.blocks[0].text  # facts are searchable
    assert first.data["csv_line"] == 2 and third.data["csv_line"] == 5  # the row in its sheet
    assert third.title == "Ral de vuit" and third.date_start == date(1660, 1, 1)
    assert "CONCATENATE" not in third.blocks[0].text  # a formula is read as its value (none was calculated)


def test_several_sheets_notes_left_out_and_keys_kept_apart(tmp_path: Path) -> None:
    sheets = {"Monedes": COINS[:3], "Notes": [["Revisat per la Marta el 2019"], ["Falta la fitxa 12"]],
              "Ceràmica": [["Codi", "Títol", "Descripció"], ["CMF-033", "Gerra", "Gerra vidriada."]]}
    res = read(tmp_path / "fons.xlsx", xlsx_bytes(sheets))
    assert [r.key for r in res.records] == ["row:Monedes/CMF-033", "row:Monedes/CMF-034", "row:Ceràmica/CMF-033"]
    assert [r.data["sheet"] for r in res.records] == ["Monedes", "Monedes", "Ceràmica"]
    assert any(n.startswith("sheet 'Notes' left out: missing column(s)") for n in res.notes)


def test_mapping_sidecar_applies_to_a_workbook(tmp_path: Path) -> None:
    (tmp_path / "llista.xlsx.mapping.json").write_text(json.dumps({"title": "Nom", "text": "Notes"}), encoding="utf-8")
    res = read(tmp_path / "llista.xlsx", xlsx_bytes({"Full1": [["Nom", "Notes"], ["Molí d'en Roca", "Dues moles."]]}))
    assert [r.title for r in res.records] == ["Molí d'en Roca"]
    (tmp_path / "llista.xlsx.mapping.json").write_text(json.dumps({"title": "Nombre"}), encoding="utf-8")
    with pytest.raises(CorruptSource) as info:
        read(tmp_path / "llista.xlsx", xlsx_bytes({"Full1": [["Nom", "Notes"], ["x", "y"]]}))
    assert str(info.value) == "column(s) named in llista.xlsx.mapping.json not in sheet 'Full1': title='Nombre'"
    assert info.value.code == "ingest.sheet_mapping_columns" and info.value.hint_code == "hint.sheet_header"


@pytest.mark.parametrize("name", ["xlsx/words.xlsx", "ods/words.ods"])
def test_a_sheet_that_is_no_catalogue_fails_naming_its_columns(name: str) -> None:
    # textract's standardized_text workbooks: one sheet of loose words, no header a catalogue would have
    path = FIX / name
    with pytest.raises(CorruptSource) as info:
        reader_for(path)(path, path.read_bytes())
    assert str(info.value).startswith("missing column(s) for title, text")
    assert info.value.hint.endswith("Sheet 'Sheet1' has: the, quick, brown, fox")
    assert info.value.hint_code == "hint.sheet_rename"


def ods_bytes(rows: list[tuple[list[str], int]], trailing_empty: int = 0) -> bytes:
    """An .ods of one sheet; each row given with its number-rows-repeated."""
    from odf import table, text
    from odf.opendocument import OpenDocumentSpreadsheet

    doc = OpenDocumentSpreadsheet()
    t = table.Table(name="Inventari")
    for cells, repeat in rows:
        row = table.TableRow(numberrowsrepeated=repeat) if repeat > 1 else table.TableRow()
        for c in cells:
            if c.replace(".", "").isdigit():
                cell = table.TableCell(valuetype="float", value=c)
            else:
                cell = table.TableCell(valuetype="string")
            cell.addElement(text.P(text=c))
            row.addElement(cell)
        if trailing_empty:
            row.addElement(table.TableCell(numbercolumnsrepeated=trailing_empty))
        t.addElement(row)
    doc.spreadsheet.addElement(t)
    buf = io.BytesIO()
    doc.save(buf)
    return buf.getvalue()


def test_ods_catalogue_with_numbers_and_repeats(tmp_path: Path) -> None:
    raw = ods_bytes([(["Codi", "Nom", "Text", "Any"], 1), (["A-1", "Retaule", "Retaule gòtic.", "1962.0"], 1),
                     ([], 1_000_000)], trailing_empty=16_000)
    res = read(tmp_path / "inventari.ods", raw)
    assert res.reader == "ods"
    (rec,) = res.records
    assert (rec.key, rec.title, rec.data["Any"]) == ("row:A-1", "Retaule", "1962")
    assert len(rec.data) == 6  # four columns, csv_line and sheet: 16,000 empty cells cost nothing


def test_huge_sheets_are_capped_with_a_note(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sheet_reader, "MAX_SHEET_ROWS", 50)
    raw = ods_bytes([(["Codi", "Nom", "Text"], 1), (["", "Fitxa", "Repetida."], 1_000_000)])
    res = read(tmp_path / "gran.ods", raw)
    assert len(res.records) == 49 and any("larger than 50 rows" in n for n in res.notes)
    rows = [["Nom", "Text"]] + [[f"Fitxa {i}", "Text."] for i in range(200)]
    res = read(tmp_path / "gran.xlsx", xlsx_bytes({"A": rows, "B": rows}))
    assert len(res.records) == 49 and any("the rest was not read" in n for n in res.notes)
    monkeypatch.setattr(sheet_reader, "MAX_SHEET_CELLS", 30)
    res = read(tmp_path / "ample.xlsx", xlsx_bytes({"A": rows}))
    assert len(res.records) < 15


def test_an_oversized_cell_fails_the_file_naming_its_row(tmp_path: Path) -> None:
    from odf import table, text
    from odf.opendocument import OpenDocumentSpreadsheet

    doc = OpenDocumentSpreadsheet()
    t = table.Table(name="A")
    for cells in (["Nom", "Text"], ["Llarg", "x" * 200_000]):
        row = table.TableRow()
        for c in cells:
            cell = table.TableCell()
            cell.addElement(text.P(text=c))
            row.addElement(cell)
        t.addElement(row)
    doc.spreadsheet.addElement(t)
    buf = io.BytesIO()
    doc.save(buf)
    with pytest.raises(CorruptSource, match="row 2: a cell of more than"):
        read(tmp_path / "llarg.ods", buf.getvalue())


def test_ods_fixture_of_odfpy_with_two_sheets_and_a_mapping(tmp_path: Path) -> None:
    # odfpy's countrystatistics.ods: sheets "Population" and "HDI", headers with line breaks, numbers as floats
    path = tmp_path / "countrystatistics.ods"
    path.write_bytes((FIX / "ods/countrystatistics.ods").read_bytes())
    with pytest.raises(CorruptSource, match="missing column"):  # "Country" is no title a catalogue names
        reader_for(path)(path, path.read_bytes())
    (tmp_path / "countrystatistics.ods.mapping.json").write_text(json.dumps({"title": "Country"}), encoding="utf-8")
    res = reader_for(path)(path, path.read_bytes())
    assert {r.data["sheet"] for r in res.records} == {"Population", "HDI"}
    austria = res.records[0]
    assert (austria.key, austria.title) == ("row:Population/2", "Austria")
    assert austria.data["Area\nkm2"] == "83858" and "83858" in austria.blocks[0].text
