"""Spreadsheet catalogues (.xlsx with openpyxl, .ods with odfpy): one record per row, like a catalogue CSV.

Each sheet is a table whose first non-empty row is its header; its columns are found by the CSV
reader's own mapping (:func:`csv_reader.column_mapping`: a ``<file>.mapping.json`` sidecar or the
well-known names) and its rows become records by :func:`csv_reader.catalogue_records`. A sheet
whose header names no title or text column (a lookup list, a notes sheet) is left out with a
note; the file fails only when no sheet is a catalogue. Rows of a workbook with several catalogue
sheets are keyed ``row:<sheet>/<id>``. Formulas are read as the values last calculated.
At most :data:`MAX_SHEET_ROWS` rows, :data:`MAX_SHEET_CELLS` cells and :data:`MAX_SHEET_COLUMNS` columns are read.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from core.chunking.model import ParsedRecord, ReadResult
from core.errors import CorruptSource
from core.ingest.readers import csv_reader
from core.ingest.readers.common import MAX_SHEET_CELLS, MAX_SHEET_COLUMNS, MAX_SHEET_ROWS
from core.ingest.readers.package import check_package

Sheet = tuple[str, Iterator[list[str]]]  # a sheet's name and its rows of cell texts, in order
Mapping = tuple[dict[str, str], dict[str, str]]  # csv_reader.column_mapping: role → column, view → image column


def read_xlsx(path: Path, raw: bytes) -> ReadResult:
    """Read every catalogue sheet of an Excel ``.xlsx`` workbook."""
    import openpyxl  # heavy: only when a workbook is read

    check_package(raw, ".xlsx file")
    try:
        book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except Exception as exc:  # KeyError, ValueError, zipfile and XML errors on damaged parts
        raise CorruptSource(f"damaged Excel workbook: {type(exc).__name__}: {exc}") from None
    try:
        sheets = [(ws.title, _xlsx_rows(ws)) for ws in book.worksheets]
        return _read(path, sheets, "xlsx")
    finally:
        book.close()


def read_ods(path: Path, raw: bytes) -> ReadResult:
    """Read every catalogue sheet of an OpenDocument ``.ods`` spreadsheet."""
    from odf.opendocument import load
    from odf.table import Table

    check_package(raw, ".ods file", whole="content.xml")
    try:
        doc = load(io.BytesIO(raw))
        tables = doc.spreadsheet.getElementsByType(Table)
    except Exception as exc:  # odfpy raises whatever its zip and SAX layers meet
        raise CorruptSource(f"damaged OpenDocument spreadsheet: {type(exc).__name__}: {exc}") from None
    sheets = [(str(t.getAttribute("name") or f"Sheet{n}"), _ods_rows(t)) for n, t in enumerate(tables, start=1)]
    return _read(path, sheets, "ods")


def _read(path: Path, sheets: list[Sheet], reader: str) -> ReadResult:
    """The records of every sheet that maps as a catalogue; notes name the sheets left out."""
    notes: list[str] = []
    found: list[tuple[str, list[str], Mapping, list[tuple[int, list[str]]]]] = []
    budget = [MAX_SHEET_ROWS, MAX_SHEET_CELLS]  # rows, cells left
    first_error: CorruptSource | None = None
    for name, cells in sheets:
        numbered = _budgeted(cells, budget)
        first = next((r for _, r in numbered if any(c.strip() for c in r)), None)
        if first is None:
            continue
        header = [h.strip() for h in first]
        try:
            mapping = csv_reader.column_mapping(path, header, sheet=repr(name))
        except CorruptSource as exc:
            first_error = first_error or exc
            notes.append(f"sheet {name!r} left out: {exc}")
            continue
        found.append((name, header, mapping, list(numbered)))
        if budget[0] <= 0:
            break
    if budget[0] <= 0:
        notes.append(f"this workbook is larger than {MAX_SHEET_ROWS:,} rows or {MAX_SHEET_CELLS:,} cells: "
                     "the rest was not read")
    if not found:
        if first_error is not None:
            raise first_error
        raise CorruptSource("this workbook has no sheet with a header row")
    records: list[ParsedRecord] = []
    for name, header, mapping, rows in found:
        prefix = f"{name}/" if len(found) > 1 else ""
        sheet_notes: list[str] = []

        def where(n: int, sheet: str = name) -> str:
            return f"sheet {sheet!r}, row {n}"

        got = csv_reader.catalogue_records(path, header, rows, mapping, sheet_notes, where=where, key_prefix=prefix)
        for rec in got:
            rec.data["sheet"] = name
        records.extend(got)
        notes.extend(sheet_notes)
    if not records:
        raise CorruptSource("the workbook's sheets have headers but no rows with a title or text")
    return ReadResult(records, reader=reader, notes=notes)


def _budgeted(rows: Iterator[list[str]], budget: list[int]) -> Iterator[tuple[int, list[str]]]:
    """(row number from 1, cells) while the workbook's row budget lasts; long cells fail the file."""
    for number, row in enumerate(rows, start=1):
        if budget[0] <= 0 or budget[1] <= 0:
            budget[0] = 0
            return
        budget[0] -= 1
        budget[1] -= len(row)
        for cell in row:
            if len(cell) > csv_reader.CELL_LIMIT:
                raise CorruptSource(f"row {number}: a cell of more than {csv_reader.CELL_LIMIT} characters "
                                    "(a document pasted into a field?)",
                                    hint="Shorten that cell, or keep long texts in files of their own.")
        yield number, row


def _xlsx_rows(ws: Any) -> Iterator[list[str]]:
    """An openpyxl read-only sheet's rows as texts (streamed: a sheet is never held whole)."""
    # read-only rows are padded to the width asked for, else to the declared one: never past the cap, and
    # not to the cap when the sheet declares none (every row padded to 512 made 50,000 rows of 6 columns 25x slower)
    declared = getattr(ws, "max_column", None)
    width = min(declared, MAX_SHEET_COLUMNS) if isinstance(declared, int) else None
    for row in ws.iter_rows(max_col=width, values_only=True):
        yield _trimmed([_text(v) for v in row[:MAX_SHEET_COLUMNS]])


def _ods_rows(table: Any) -> Iterator[list[str]]:
    """An ODF table's rows as texts, repeats expanded within the limits (a repeated empty row costs nothing)."""
    from odf.namespaces import TABLENS

    for row in _ods_row_elements(table):
        cells: list[str] = []
        for cell in row.childNodes:
            if cell.qname not in ((TABLENS, "table-cell"), (TABLENS, "covered-table-cell")):
                continue
            repeat = _int(cell.attributes.get((TABLENS, "number-columns-repeated")), 1)
            value = _ods_value(cell) if cell.qname[1] == "table-cell" else ""
            cells.extend([value] * min(repeat, MAX_SHEET_COLUMNS - len(cells)))
            if len(cells) >= MAX_SHEET_COLUMNS:
                break
        cells = _trimmed(cells)
        repeat = _int(row.attributes.get((TABLENS, "number-rows-repeated")), 1)
        for _ in range(min(repeat, MAX_SHEET_ROWS) if any(cells) else min(repeat, 1)):
            yield cells


def _ods_row_elements(node: Any) -> Iterator[Any]:
    """Every ``table:table-row`` of a table, inside row groups and header rows too, in order."""
    from odf.namespaces import TABLENS

    for child in node.childNodes:
        if child.qname == (TABLENS, "table-row"):
            yield child
        elif child.qname in ((TABLENS, "table-row-group"), (TABLENS, "table-header-rows"), (TABLENS, "table-rows")):
            yield from _ods_row_elements(child)


def _ods_value(cell: Any) -> str:
    """A cell's value as a catalogue reads it: numbers without their display format, dates as ISO dates."""
    from odf import teletype
    from odf.namespaces import OFFICENS, TEXTNS

    kind = cell.attributes.get((OFFICENS, "value-type"))
    if kind in ("float", "percentage", "currency"):
        number = cell.attributes.get((OFFICENS, "value"))
        if number is not None:
            try:
                return _text(float(number))
            except ValueError:
                pass
    if kind == "date" and cell.attributes.get((OFFICENS, "date-value")):
        value = str(cell.attributes[(OFFICENS, "date-value")])
        return value[:10] if value.endswith("T00:00:00") or len(value) == 10 else value
    return "\n".join(teletype.extractText(p) for p in cell.childNodes if p.qname == (TEXTNS, "p"))


def _text(value: Any) -> str:
    """A cell value as text: whole numbers without ".0", midnight datetimes as dates."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time(0) else value.isoformat(sep=" ")
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def _trimmed(cells: list[str]) -> list[str]:
    """Cells without the empty ones after the last filled one."""
    end = len(cells)
    while end and not cells[end - 1].strip():
        end -= 1
    return cells[:end]


def _int(value: Any, default: int) -> int:
    try:
        return max(1, int(value))
    except (TypeError, ValueError):
        return default
