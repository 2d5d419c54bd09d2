"""Bytes → text with honest encoding handling, and the guards against non-text input."""

from __future__ import annotations

import codecs

from core.errors import CorruptSource

# Fallbacks after UTF-8: cp1252 is a superset of Latin-1 for printable text
# and is what Spanish/Catalan office machines write.
FALLBACK_ENCODINGS = ("cp1252", "latin-1")
MAX_LINE_CHARS = 1_000_000


def decode_text(raw: bytes, *, what: str = "file", max_line: int | None = MAX_LINE_CHARS) -> tuple[str, list[str]]:
    """Decode bytes to text; return the text and notes about how it was decoded.

    Raises :class:`CorruptSource` for empty, binary or non-text content (and, unless ``max_line`` is None,
    for a line longer than it: markup read as a tree has no such limit).
    """
    if not raw.strip():
        raise CorruptSource(f"empty {what}: nothing to index")
    if raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8):]
    elif raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            text16 = raw.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise CorruptSource(f"{what} has a UTF-16 byte-order mark but is not UTF-16") from exc
        return text16.replace("\r\n", "\n").replace("\r", "\n"), ["decoded as UTF-16 (byte-order mark)"]
    sample = raw[:65536]
    if b"\x00" in sample or _control_ratio(sample) > 0.05:
        raise CorruptSource(f"binary data, not text ({what} looks like a binary file)",
                            hint="Check the file type: this is not text. Documents, spreadsheets, mail, PDFs and scans are read by their own suffix.")
    notes: list[str] = []
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        for enc in FALLBACK_ENCODINGS:
            try:
                text = raw.decode(enc)
            except UnicodeDecodeError:
                continue
            notes.append(f"not valid UTF-8; decoded as {enc}")
            break
        else:  # latin-1 never fails, kept for type checkers
            raise CorruptSource(f"cannot decode {what}")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    longest = max((len(line) for line in text.split("\n")), default=0) if max_line is not None else 0
    if max_line is not None and longest > max_line:
        raise CorruptSource(
            f"a single line of {longest:,} characters: not a document (a data dump or minified export?)",
            hint="Split the text into lines or paragraphs, or import it as CSV.")
    return text, notes


def _control_ratio(sample: bytes) -> float:
    """Share of control bytes other than whitespace; text has almost none."""
    if not sample:
        return 0.0
    bad = sum(1 for b in sample if b < 32 and b not in (9, 10, 12, 13))
    return bad / len(sample)
