"""Catalogue CSV: one record per row, columns found by a mapping.

The mapping comes from a sidecar ``<file>.mapping.json`` (``{"title": "Nombre", …}``,
``"images": {"obverse": "Foto A"}``) when present, else from well-known column names in
es/ca/en. A mapped or required column that is missing is a per-file error naming it.
Object catalogues also name photographs (relative to the CSV) per view, and the object roles
(:data:`core.roles.OBJECT_ROLES`) that characterization votes on.

Rows are parsed one at a time from the decoded text (never a list of every row); a cell over
the csv module's limit or a malformed row fails this file, naming the line, not the batch.
A cell written as ``'=…`` (a formula neutralised by an export, :func:`neutralise`) is read as
``=…``: an exported catalogue imports as the values it was written from.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from core.acl import CLASSIFICATIONS
from core.errors import CorruptSource
from core.ids import ID_COLUMNS
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.period import parse_period
from core.ingest.sidecar import read_beside
from core.ingest.readers.common import parse_date_range
from core.ingest.readers.textio import decode_tolerant
from core.roles import OBJECT_ROLES

if TYPE_CHECKING:
    from _csv import Reader

ROLES = ("id", "title", "text", "date", "classification", "lang", "collection") + OBJECT_ROLES
KNOWN: dict[str, tuple[str, ...]] = {
    "id": ID_COLUMNS,
    # ISAD(G)'s "title" (3.1.2) and "scope and content" (3.3.1) as es/ca/en inventories head them come after
    # the plain names, so a catalogue holding both keeps choosing as before
    "title": ("title", "titulo", "título", "títol", "titol", "name", "nombre", "nom", "título formal",
              "titulo formal", "títol formal", "titol formal", "unit title"),
    "text": ("description", "descripcion", "descripción", "descripció", "descripcio", "text", "texto",
             "notes", "notas", "body", "alcance y contenido", "abast i contingut", "scope and content", "contenido",
             "contingut", "content", "resumen", "resum", "summary", "abstract"),
    "date": ("date", "fecha", "data", "dating", "datacion", "datación", "datació"),
    "classification": ("classification", "clasificacion", "clasificación", "classificació", "access"),
    "lang": ("lang", "language", "idioma", "llengua"),
    "collection": ("collection", "coleccion", "colección", "col·lecció", "coleccio"),
    "typology": ("typology", "type", "tipologia", "tipología", "tipo", "tipus"),
    "material": ("material", "metal", "materia"),
    "period": ("period", "periodo", "período", "període", "periode", "cronologia", "cronología", "chronology"),
    "denomination": ("denomination", "denominacion", "denominación", "denominació", "denominacio", "valor"),
}
#: image columns by view, in es/ca/en
IMAGE_COLUMNS: dict[str, tuple[str, ...]] = {
    "obverse": ("obverse", "anverso", "anvers"),
    "reverse": ("reverse", "reverso", "revers"),
    "image": ("image", "imagen", "imatge", "photo", "foto"),
}
REQUIRED = ("title", "text")
# delimiters a suffix promises (.psv pipes, .tsv tabs); .ssv is semicolons in Europe, spaces elsewhere
SUFFIX_DELIMITERS = {".tsv": "\t", ".psv": "|", ".ssv": "; "}
#: the csv module's cell limit (131,072 characters) is kept: a longer cell is a document pasted into a field
CELL_LIMIT = csv.field_size_limit()
#: first characters a spreadsheet reads as a formula (OWASP's list for CSV injection)
FORMULA_PREFIXES = frozenset("=+-@\t\r")
_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]+)?")


def read(path: Path, raw: bytes) -> ReadResult:
    """Read every row of a catalogue CSV as a record."""
    decoded, notes = decode_tolerant(raw, what="CSV file")
    sample = decoded[:8192]
    allowed = SUFFIX_DELIMITERS.get(path.suffix.lower(), ",;\t|")
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, delimiters=allowed)
    except csv.Error:
        dialect = csv.excel_tab if allowed == "\t" else csv.excel
        if len(allowed) == 1 and allowed != "\t":
            class _Given(csv.excel):
                delimiter = allowed
            dialect = _Given
    reader = csv.reader(_lines(decoded), dialect)
    rows = _rows(reader)
    first = next(rows, None)
    if first is None:
        raise CorruptSource("empty CSV file")
    header = [h.strip() for h in first]
    mapping = column_mapping(path, header)
    records = catalogue_records(path, header, enumerate(rows, start=2), mapping, notes)
    if not records:
        raise CorruptSource("the CSV has a header but no rows with a title or text")
    return ReadResult(records, reader="csv", notes=notes)


def catalogue_records(path: Path, header: list[str], rows: Iterable[tuple[int, list[str]]],
                      mapping: tuple[dict[str, str], dict[str, str]], notes: list[str], *,
                      where: Callable[[int], str] = lambda n: f"line {n}", key_prefix: str = "") -> list[ParsedRecord]:
    """One record per (number, cells) row under ``header`` and its :func:`column_mapping`.

    Spreadsheets come here too (:mod:`core.ingest.readers.sheet_reader`): ``where`` names a row in
    notes, ``key_prefix`` keeps the keys of several sheets of one workbook apart. Notes are appended.
    """
    roles, image_cols = mapping
    idx = {role: header.index(col) for role, col in roles.items()}
    image_idx = {view: header.index(col) for view, col in image_cols.items()}
    records: list[ParsedRecord] = []
    seen_ids: dict[str, int] = {}
    id_events: dict[str, list[str]] = {"blank": [], "repeated": []}
    for line_no, row in rows:
        if not any(c.strip() for c in row):
            continue
        row = [restore(c) for c in row]
        if len(row) < len(header):
            row = row + [""] * (len(header) - len(row))

        def get(role: str, _row: list[str] = row) -> str:
            return _row[idx[role]].strip() if role in idx else ""

        title, body = get("title"), get("text")
        images = {view: str((path.parent / row[i].strip()).absolute()) for view, i in image_idx.items()
                  if row[i].strip()}
        if not title and not body and not images:
            notes.append(f"{where(line_no)}: no title, text or image, skipped")
            continue
        row_id = _unique_id(get("id"), line_no, seen_ids, id_events, has_ids="id" in idx, where=where)
        classification = get("classification").lower() or None
        if classification and classification not in CLASSIFICATIONS:
            notes.append(f"{where(line_no)}: unknown classification {classification!r}, using the default")
            classification = None
        start, end = parse_date_range(get("date"))
        data: dict[str, object] = {h: row[i] for i, h in enumerate(header) if i < len(row) and row[i].strip()}
        data["csv_line"] = line_no
        # identifiers and descriptive columns are part of the record: people search for "CMF-033" or "silver"
        facts = [row[i].strip() for i, h in enumerate(header)
                 if i < len(row) and row[i].strip() and h not in (roles.get("title"), roles.get("text"),
                                                                   roles.get("classification"),
                                                                   roles.get("lang"))]
        image_names = {row[i].strip() for i in image_idx.values()}
        facts = [f for f in facts if f not in image_names]  # a file name is not what the object is about
        text = body or title
        if facts:
            text = f"{text}\n{' · '.join(facts)}"
        blocks = [Block(text, component="rag:catalogue")] if text else []
        records.append(ParsedRecord(key=f"row:{key_prefix}{row_id}", title=title or body[:80] or row_id, blocks=blocks,
                                    lang=get("lang").lower() or None, classification=classification,
                                    date_start=start, date_end=end, data=data, images=images,
                                    roles=_roles(get)))
    notes.extend(_id_notes(id_events))
    return records


def neutralise(cell: str) -> str:
    """A cell a spreadsheet will not run as a formula: one ``'`` before a formula character.

    A plain number (``-300``, a period's year) is left alone: it cannot be a formula, and a
    spreadsheet keeps reading it as a number.
    """
    if cell.lstrip("'")[:1] in FORMULA_PREFIXES and not _PLAIN_NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def restore(cell: str) -> str:
    """The value :func:`neutralise` was given: one leading ``'`` before a formula character comes off."""
    if cell[:1] == "'" and cell.lstrip("'")[:1] in FORMULA_PREFIXES:
        return cell[1:]
    return cell


def _lines(text: str) -> Iterator[str]:
    """The text's lines, ends kept, one at a time (as iterating a StringIO gives them, without its copy)."""
    start, n = 0, len(text)
    while start < n:
        end = text.find("\n", start)
        if end < 0:
            yield text[start:]
            return
        yield text[start:end + 1]
        start = end + 1


def _rows(reader: Reader) -> Iterator[list[str]]:
    """The reader's rows; an oversized cell or a malformed row fails the file, naming its line."""
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            if "field limit" in str(exc):
                raise CorruptSource(f"line {reader.line_num}: a cell of more than {CELL_LIMIT} characters "
                                    "(a document pasted into a field?)",
                                    hint="Shorten that cell, or keep long texts in files of their own.") from None
            raise CorruptSource(f"malformed CSV at line {reader.line_num}: {exc}") from None
        yield row


def _unique_id(given: str, line_no: int, seen: dict[str, int], events: dict[str, list[str]], *,
               has_ids: bool, where: Callable[[int], str]) -> str:
    """A row's record key: its id, made unique and stable when ids repeat or are blank.

    The same file read again gives the same keys (they depend on the file's content only), so an
    unchanged re-ingest changes nothing; a repeated id never reaches the store as a duplicate key.
    """
    key = given or str(line_no)  # the line number: what rows without ids were always keyed by
    if not given and has_ids:  # no id column at all is normal; a blank cell in one deserves a note
        events["blank"].append(str(line_no))
    if key in seen:
        seen[key] += 1
        new = f"{key}~{seen[key]}"
        while new in seen:
            seen[key] += 1
            new = f"{key}~{seen[key]}"
        events["repeated"].append(f"{where(line_no)} ({given!r} → {new!r})")
        key = new
    seen[key] = 1
    return key


def _id_notes(events: dict[str, list[str]]) -> list[str]:
    """One note per kind of id problem, naming the first few rows."""
    out = []
    if events["blank"]:
        n = len(events["blank"])
        out.append(f"{n} row{'s' if n != 1 else ''} with a blank id, keyed by line number: lines "
                   + ", ".join(events["blank"][:10]) + (" …" if n > 10 else ""))
    if events["repeated"]:
        n = len(events["repeated"])
        out.append(f"{n} row{'s' if n != 1 else ''} repeating an earlier id, kept under a numbered key: "
                   + "; ".join(events["repeated"][:10]) + (" …" if n > 10 else ""))
    return out


def _roles(get: Callable[[str], str]) -> dict[str, object]:
    """The object roles of a row; a period also as [earliest, latest] years (negative = BC)."""
    roles: dict[str, object] = {r: v for r in OBJECT_ROLES if (v := get(r))}
    years = parse_period(get("period"))
    if years is not None:
        roles["period_years"] = list(years)
    return roles


def column_mapping(path: Path, header: list[str], *, sheet: str | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """(role → column, view → image column), from the sidecar or by known names; missing ones raise.

    ``sheet`` names a workbook's sheet in the messages (a CSV is "the CSV").
    """
    columns = ", ".join(header)
    sidecar = path.with_name(path.name + ".mapping.json")
    lowered = {h.lower(): h for h in header}
    raw = read_beside(path, sidecar)  # checked and capped like any file: a FIFO or /dev/zero is refused
    if raw is not None:
        try:
            given = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            raise CorruptSource(f"unreadable mapping {sidecar.name}: {exc}") from exc
        if not isinstance(given, dict):
            raise CorruptSource(f"{sidecar.name} must be a JSON object of role → column")
        images = given.get("images") or {}
        if not isinstance(images, dict):
            raise CorruptSource(f"\"images\" in {sidecar.name} must be an object of view → column")
        pairs = [(r, c) for r, c in given.items() if r != "images"] + [(f"images.{v}", c) for v, c in images.items()]
        missing = [f"{role}={col!r}" for role, col in pairs if col not in header]
        if missing:
            if sheet is None:
                raise CorruptSource(f"column(s) named in {sidecar.name} not in the CSV: {', '.join(missing)}",
                                    hint=f"The CSV has: {columns}")
            raise CorruptSource(f"column(s) named in {sidecar.name} not in sheet {sheet}: {', '.join(missing)}",
                                hint=f"Sheet {sheet} has: {columns}")
        return ({role: col for role, col in given.items() if role in ROLES},
                {str(view): str(col) for view, col in images.items()})
    image_cols: dict[str, str] = {}
    for view, names in IMAGE_COLUMNS.items():
        found = next((lowered[n] for n in names if n in lowered), None)
        if found is not None:
            image_cols[view] = found
    mapping: dict[str, str] = {}
    for role, names in KNOWN.items():
        for name in names:
            if name in lowered:
                mapping[role] = lowered[name]
                break
    missing_roles = [r for r in REQUIRED if r not in mapping]
    if missing_roles and not image_cols:  # an object catalogue may be photographs and facts alone
        expected = "; ".join(f"{r}: one of {', '.join(KNOWN[r][:5])}" for r in missing_roles)
        hint = (f"Rename a column or add {path.name}.mapping.json. The CSV has: {columns}" if sheet is None else
                f"Rename a column or add {path.name}.mapping.json. Sheet {sheet} has: {columns}")
        raise CorruptSource(f"missing column(s) for {', '.join(missing_roles)} ({expected})", hint=hint)
    return mapping, image_cols
