"""Catalogue CSV: one record per row, columns found by a mapping.

The mapping comes from a sidecar ``<file>.mapping.json`` (``{"title": "Nombre", …}``)
when present, else from well-known column names in es/ca/en. A mapped or
required column that is missing is a per-file error naming it.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from core.acl import CLASSIFICATIONS
from core.errors import CorruptSource
from core.ingest.decode import decode_text
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import parse_date_range

ROLES = ("id", "title", "text", "date", "classification", "lang", "collection")
KNOWN: dict[str, tuple[str, ...]] = {
    "id": ("id", "code", "codigo", "código", "codi", "inventory", "inventario", "inventari", "ref"),
    "title": ("title", "titulo", "título", "títol", "titol", "name", "nombre", "nom"),
    "text": ("description", "descripcion", "descripción", "descripció", "descripcio", "text", "texto",
             "notes", "notas", "body"),
    "date": ("date", "fecha", "data", "dating", "datacion", "datación", "datació"),
    "classification": ("classification", "clasificacion", "clasificación", "classificació", "access"),
    "lang": ("lang", "language", "idioma", "llengua"),
    "collection": ("collection", "coleccion", "colección", "col·lecció", "coleccio"),
}
REQUIRED = ("title", "text")


def read(path: Path, raw: bytes) -> ReadResult:
    """Read every row of a catalogue CSV as a record."""
    text, notes = decode_text(raw, what="CSV file")
    sample = text[:8192]
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    rows = list(csv.reader(io.StringIO(text), dialect))
    if not rows:
        raise CorruptSource("empty CSV file")
    header = [h.strip() for h in rows[0]]
    mapping = _mapping(path, header)
    idx = {role: header.index(col) for role, col in mapping.items()}
    records: list[ParsedRecord] = []
    for line_no, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        if len(row) < len(header):
            row = row + [""] * (len(header) - len(row))

        def get(role: str, _row: list[str] = row) -> str:
            return _row[idx[role]].strip() if role in idx else ""

        title, body = get("title"), get("text")
        if not title and not body:
            notes.append(f"line {line_no}: no title and no text, skipped")
            continue
        row_id = get("id") or str(line_no)
        classification = get("classification").lower() or None
        if classification and classification not in CLASSIFICATIONS:
            notes.append(f"line {line_no}: unknown classification {classification!r}, using the default")
            classification = None
        start, end = parse_date_range(get("date"))
        data: dict[str, object] = {h: row[i] for i, h in enumerate(header) if i < len(row) and row[i].strip()}
        data["csv_line"] = line_no
        # identifiers and descriptive columns are part of the record: people search for "CMF-033" or "silver"
        facts = [row[i].strip() for i, h in enumerate(header)
                 if i < len(row) and row[i].strip() and h not in (mapping.get("title"), mapping.get("text"),
                                                                   mapping.get("classification"),
                                                                   mapping.get("lang"))]
        text = body or title
        if facts:
            text = f"{text}\n{' · '.join(facts)}"
        blocks = [Block(text, component="rag:catalogue")]
        records.append(ParsedRecord(key=f"row:{row_id}", title=title or body[:80], blocks=blocks,
                                    lang=get("lang").lower() or None, classification=classification,
                                    date_start=start, date_end=end, data=data))
    if not records:
        raise CorruptSource("the CSV has a header but no rows with a title or text")
    return ReadResult(records, reader="csv", notes=notes)


def _mapping(path: Path, header: list[str]) -> dict[str, str]:
    """Role → column name, from the sidecar or by known names; missing ones raise."""
    sidecar = path.with_name(path.name + ".mapping.json")
    lowered = {h.lower(): h for h in header}
    if sidecar.exists():
        try:
            given = json.loads(sidecar.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise CorruptSource(f"unreadable mapping {sidecar.name}: {exc}") from exc
        missing = [f"{role}={col!r}" for role, col in given.items() if col not in header]
        if missing:
            raise CorruptSource(f"column(s) named in {sidecar.name} not in the CSV: {', '.join(missing)}",
                                hint=f"The CSV has: {', '.join(header)}")
        return {role: col for role, col in given.items() if role in ROLES}
    mapping: dict[str, str] = {}
    for role, names in KNOWN.items():
        for name in names:
            if name in lowered:
                mapping[role] = lowered[name]
                break
    missing_roles = [r for r in REQUIRED if r not in mapping]
    if missing_roles:
        expected = "; ".join(f"{r}: one of {', '.join(KNOWN[r][:5])}" for r in missing_roles)
        raise CorruptSource(f"missing column(s) for {', '.join(missing_roles)} ({expected})",
                            hint=f"Rename a column or add {path.name}.mapping.json. The CSV has: {', '.join(header)}")
    return mapping
