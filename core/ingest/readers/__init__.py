"""One reader module per format; :func:`reader_for` picks by file suffix."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from core.errors import UnsupportedFormat
from core.chunking.model import ReadResult
from core.ingest.readers import (csv_reader, docx_reader, html_reader, image_reader, legacy, mail_reader, odt_reader,
                                 pdf_reader, rtf_reader, sheet_reader, subtitles, text_reader)
from core.ingest.readers import ass, ebu_stl, elan, epub_reader, msg_reader, scc, ttml, whisper, xmlkind

Reader = Callable[[Path, bytes], ReadResult]

READERS: dict[str, Reader] = {
    ".txt": text_reader.read,
    ".text": text_reader.read,
    ".md": text_reader.read,
    ".markdown": text_reader.read,
    ".html": html_reader.read,
    ".htm": html_reader.read,
    ".pdf": pdf_reader.read,
    ".csv": csv_reader.read,
    ".tsv": whisper.read_tsv,  # Whisper's start/end/text header, else a catalogue
    ".psv": csv_reader.read,
    ".ssv": csv_reader.read,
    ".vtt": subtitles.read,
    ".srt": subtitles.read,
    ".xml": xmlkind.read,  # by root element: OHMS, EAD, TEI, METS, MODS, DC, OAI-PMH, TTML, ELAN
    ".ttml": ttml.read,
    ".dfxp": ttml.read,
    ".eaf": elan.read,
    ".json": whisper.read_json,
    ".ass": ass.read,
    ".ssa": ass.read,
    ".scc": scc.read,
    ".stl": ebu_stl.read,  # EBU subtitles; a 3D-model .stl is reported unsupported
    ".jpg": image_reader.read,
    ".jpeg": image_reader.read,
    ".png": image_reader.read,
    ".tif": image_reader.read,
    ".tiff": image_reader.read,
    ".webp": image_reader.read,
    ".docx": docx_reader.read,
    ".odt": odt_reader.read,
    ".rtf": rtf_reader.read,
    ".xlsx": sheet_reader.read_xlsx,
    ".ods": sheet_reader.read_ods,
    ".eml": mail_reader.read_eml,
    ".mbox": mail_reader.read_mbox,
    ".epub": epub_reader.read,
    ".msg": msg_reader.read,  # Outlook messages (OLE2), through olefile
    ".doc": legacy.read,  # old binary office files: unsupported, with what to save them as
    ".xls": legacy.read,
}


def is_supported(path: Path) -> bool:
    """True when some reader handles this suffix (a sidecar's ``.json`` is read with its file, not alone)."""
    return supported_name(path.name)


def supported_name(name: str) -> bool:
    """:func:`is_supported` of a file name (a rescan's walk keeps paths as strings)."""
    return suffix_of(name) in READERS and not name.endswith((".mapping.json", ".options.json"))


def suffix_of(name: str) -> str:
    """A file name's suffix in lower case, as ``Path(name).suffix.lower()`` gives it."""
    i = name.rfind(".")
    return name[i:].lower() if 0 < i < len(name) - 1 else ""


def reader_for(path: Path) -> Reader:
    """The reader for a file, or :class:`UnsupportedFormat`."""
    try:
        return READERS[path.suffix.lower()]
    except KeyError:
        raise UnsupportedFormat(f"unsupported file type {path.suffix or '(none)'}",
                                hint=f"Supported: {', '.join(sorted(READERS))}") from None
