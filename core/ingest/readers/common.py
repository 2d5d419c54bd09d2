"""Helpers shared by readers: front matter, dates, titles, timecodes."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from core.ingest.titles import file_title

_ISO_DATE = re.compile(r"(?<!\d)(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?(?!\d)")
# seconds may be one digit: Microsoft Teams writes "0:0:0.570"
_TIMECODE = re.compile(r"^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,9}))?$")


def parse_front_matter(text: str) -> tuple[dict[str, str], str]:
    """Split a leading ``---``-delimited ``key: value`` block from the body."""
    if not text.startswith("---\n"):
        return {}, text
    end = text.find("\n---", 4)
    if end < 0:
        return {}, text
    meta: dict[str, str] = {}
    for line in text[4:end].splitlines():
        if ":" in line:
            k, v = line.split(":", 1)
            meta[k.strip().lower()] = v.strip().strip('"').strip("'")
    body = text[end + 4:]
    return meta, body.lstrip("-").lstrip("\n")


def parse_date_range(value: str | None) -> tuple[date | None, date | None]:
    """``1957``, ``1957-03`` or ``1957-03-02`` (optionally ``A/B``) → (start, end)."""
    if not value:
        return None, None
    parts = re.split(r"\s*(?:/|\.\.|–| to )\s*", value.strip())
    start = _one_date(parts[0], end=False)
    stop = _one_date(parts[-1], end=True)
    return start, stop


def _one_date(value: str, *, end: bool) -> date | None:
    m = _ISO_DATE.search(value)
    if not m:
        return None
    y = int(m.group(1))
    mo = int(m.group(2)) if m.group(2) else (12 if end else 1)
    if m.group(3):
        d = int(m.group(3))
    elif end:
        d = 31 if mo in (1, 3, 5, 7, 8, 10, 12) else (30 if mo != 2 else 28)
    else:
        d = 1
    try:
        return date(y, mo, d)
    except ValueError:
        return None


def date_from_filename(path: Path) -> tuple[date | None, date | None]:
    """Diaries are usually named by day (``2019-07-14_trench3.md``)."""
    m = re.search(r"(?<!\d)(1[5-9]\d\d|20\d\d)-(\d{2})-(\d{2})(?!\d)", path.name)
    if not m:
        return None, None
    return parse_date_range(m.group(0))


def title_from_path(path: Path) -> str:
    """A readable fallback title from a file name (the last resort: :mod:`core.ingest.titles`)."""
    return file_title(path)


def parse_timecode(value: str) -> float:
    """``HH:MM:SS(.mmm)``, ``MM:SS`` or ``HH:MM:SS,mmm`` → seconds."""
    m = _TIMECODE.match(value.strip())
    if not m:
        raise ValueError(f"not a timecode: {value!r}")
    h = int(m.group(1) or 0)
    if int(m.group(3)) > 59 or (m.group(1) is not None and int(m.group(2)) > 59):
        raise ValueError(f"not a timecode (minutes or seconds over 59): {value!r}")
    ms = (m.group(4) or "0")[:3].ljust(3, "0")
    return h * 3600 + int(m.group(2)) * 60 + int(m.group(3)) + int(ms) / 1000


def split_speaker(text: str) -> tuple[str | None, str]:
    """``JOSEP: text`` → (``JOSEP``, text) when the prefix looks like a speaker label."""
    m = re.match(r"^([A-ZÀ-Ý][\wÀ-ÿ .'-]{0,40}?):\s+(.*)$", text, flags=re.S)
    if m and len(m.group(1).split()) <= 4:
        return m.group(1).strip(), m.group(2)
    return None, text


# language names as catalogues and OHMS exports write them (English, Spanish, Catalan names and ISO 639-2)
_LANGUAGE_NAMES = {
    "english": "en", "inglés": "en", "ingles": "en", "anglès": "en", "angles": "en", "eng": "en",
    "spanish": "es", "español": "es", "espanol": "es", "castellano": "es", "castilian": "es", "castellà": "es",
    "espanyol": "es", "spa": "es",
    "catalan": "ca", "català": "ca", "catala": "ca", "catalán": "ca", "valencian": "ca", "valencià": "ca",
    "cat": "ca",
    "french": "fr", "francés": "fr", "francès": "fr", "français": "fr", "fra": "fr", "fre": "fr",
    "german": "de", "alemán": "de", "alemany": "de", "deutsch": "de", "deu": "de", "ger": "de",
    "italian": "it", "italiano": "it", "italià": "it", "ita": "it",
    "portuguese": "pt", "portugués": "pt", "portuguès": "pt", "português": "pt", "por": "pt",
    "basque": "eu", "euskera": "eu", "euskara": "eu", "vasco": "eu", "basc": "eu", "eus": "eu", "baq": "eu",
    "galician": "gl", "gallego": "gl", "galego": "gl", "gallec": "gl", "glg": "gl",
    "occitan": "oc", "aranés": "oc", "aranese": "oc", "oci": "oc",
    "dutch": "nl", "nld": "nl", "dut": "nl", "arabic": "ar", "ara": "ar", "russian": "ru", "rus": "ru",
    "chinese": "zh", "zho": "zh", "chi": "zh", "japanese": "ja", "jpn": "ja", "polish": "pl", "pol": "pl",
}


def language_code(value: str | None) -> str | None:
    """``Spanish``, ``español``, ``spa``, ``es-ES`` or ``es`` → ``es``; None when not recognisable.

    Cutting a name to two letters is wrong (``Spanish`` → ``sp``), so only real codes pass through.
    """
    if not value:
        return None
    v = value.strip().lower().replace("_", "-")
    if not v:
        return None
    if v in _LANGUAGE_NAMES:
        return _LANGUAGE_NAMES[v]
    base = v.split("-")[0].split(";")[0].split(",")[0].strip()
    if base in _LANGUAGE_NAMES:
        return _LANGUAGE_NAMES[base]
    if re.fullmatch(r"[a-z]{2}", base):
        return base
    return None


# Limits for formats that unpack or multiply what the file holds (zip packages, sheets, mail): a file
# under max_file_mb can still claim gigabytes of XML, a million repeated rows or a million MIME parts.
#: the uncompressed size of every part of a zip package (.docx, .xlsx, .odt, .ods), in all
MAX_UNPACKED_BYTES = 256 * 1024 * 1024
#: the part a library parses whole into memory (.docx word/document.xml, ODF content.xml): python-docx's tree
#: took ~18x its XML in memory, odfpy's ~35x (0.65 MB → +12 MB, 6.1 MB → +150-250 MB) [M: note, 2026-12-04]
MAX_PARSED_PART_BYTES = 24 * 1024 * 1024
#: one part's uncompressed size over its compressed size, above which (and over 1 MiB) it is a zip bomb
MAX_PACK_RATIO = 200
#: parts of one zip package (a real document has tens)
MAX_PACK_MEMBERS = 10_000
#: rows looked at in a workbook, over all its sheets, empty rows included; the rest is left out with a note
MAX_SHEET_ROWS = 200_000
#: cells kept in a workbook, over all its sheets (rows × columns a catalogue can hold in memory)
MAX_SHEET_CELLS = 4_000_000
#: columns read per row (Excel allows 16,384; a catalogue has tens)
MAX_SHEET_COLUMNS = 512
#: MIME parts walked in one mail message
MAX_MAIL_PARTS = 1_000
#: characters kept of one message's body
MAX_MAIL_CHARS = 2_000_000
#: messages read from one mbox file
MAX_MBOX_MESSAGES = 100_000
#: bytes of one mail attachment read into a record of its own (decoded; the mail file's own cap bounds the sum)
MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024
#: attachments of one message read into records; the rest are listed on the message
MAX_ATTACHMENTS_READ = 50
