"""Stable identities: collections, records and chunks."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from typing import NewType

# the column names under which a catalogue gives a row's identifier (the CSV reader reads them, search
# pins a record whose identifier a query names): here, below both
ID_COLUMNS: tuple[str, ...] = ("id", "code", "codigo", "código", "codi", "inventory", "inventario", "inventari", "ref",
                                # ISAD(G) 3.1.1 as Spanish and Catalan finding aids head it
                                "signatura", "reference code", "código de referencia", "codi de referència")

SectionTipo = NewType("SectionTipo", str)
ChunkId = NewType("ChunkId", str)


def slug(name: str) -> str:
    """Collection names become section_tipo slugs: ascii, lowercase, ``[a-z0-9_]``."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    s = re.sub(r"[^a-z0-9]+", "_", folded).strip("_")
    return s or "local"


def section_id_for(source_path: str, key: str) -> int:
    """A record's id from its source path and in-file key: same input ⇒ same id, on any run.

    52 bits keeps it exact in JSON numbers and doubles.
    """
    digest = hashlib.sha256(f"{source_path}\x1f{key}".encode()).hexdigest()
    return int(digest[:13], 16)


def chunk_id(section_tipo: str, section_id: int, component_tipo: str, lang: str | None,
             chunk_index: int, model: str) -> ChunkId:
    """Primary key of an embedding row; the model is part of it so two models can coexist."""
    return ChunkId(f"{section_tipo}/{section_id}/{component_tipo}/{lang or 'und'}/{chunk_index}@{model}")


def citation_id(section_tipo: str, section_id: int, chunk_index: int) -> str:
    """The canonical short form shown to people and models: ``oh1-412#3``."""
    return f"{section_tipo}-{section_id}#{chunk_index}"
