"""Tolerant decoding for the text readers: UTF-32/UTF-16 (with or without a byte-order mark) and stray NULs.

Subtitle tools and old transcription software write UTF-32 and BOM-less UTF-16, and a few
NUL bytes left by a crashed editor or a bad copy must not turn a whole WebVTT file into
"binary data". A file that is mostly NULs or control bytes still is binary
(:func:`core.ingest.decode.decode_text` decides that after the repairs here).
"""

from __future__ import annotations

import codecs

from core.errors import CorruptSource
from core.ingest.decode import MAX_LINE_CHARS, decode_text

# at most this share of NUL bytes is treated as damage to remove, not as a binary file
MAX_STRAY_NUL_SHARE = 0.01
MIN_STRAY_NULS_ALLOWED = 16


def decode_tolerant(raw: bytes, *, what: str = "file", max_line: int | None = MAX_LINE_CHARS) -> tuple[str, list[str]]:
    """Bytes → text like :func:`decode_text`, also reading UTF-32 and removing a few stray NULs."""
    wide = _wide_encoding(raw)
    if wide is not None:
        try:
            text = raw.decode(wide)
        except UnicodeDecodeError as exc:
            raise CorruptSource(f"{what} looks like {wide.upper()} but does not decode as it") from exc
        text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        if not text.strip():
            raise CorruptSource(f"empty {what}: nothing to index")
        controls = sum(1 for ch in text[:65536] if ord(ch) < 32 and ch not in "\t\n\f")
        if controls > 0.05 * min(len(text), 65536):  # NUL-patterned bytes that only look like wide text
            raise CorruptSource(f"binary data, not text ({what} looks like a binary file)")
        return text, [f"decoded as {wide.upper()}"]
    notes: list[str] = []
    nuls = raw.count(b"\x00")
    if nuls and nuls <= max(MIN_STRAY_NULS_ALLOWED, int(len(raw) * MAX_STRAY_NUL_SHARE)):
        raw = raw.replace(b"\x00", b"")
        notes.append(f"removed {nuls} stray NUL byte{'s' if nuls != 1 else ''}")
    text, more = decode_text(raw, what=what, max_line=max_line)
    return text, notes + more


def _wide_encoding(raw: bytes) -> str | None:
    """``utf-32``/``utf-16`` codec name when the bytes are one of them (by BOM, or by the NUL pattern
    that ASCII-range text leaves), else None (UTF-8 and 8-bit text go through :func:`decode_text`)."""
    if raw.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):  # before UTF-16: FF FE 00 00 starts both
        return "utf-32"
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    sample = raw[:4096]
    if len(sample) < 8:
        return None
    n4 = len(sample) // 4 * 4
    if n4 and len(raw) % 4 == 0:
        for enc32, zeros in (("utf-32-le", (1, 2, 3)), ("utf-32-be", (0, 1, 2))):
            if all(_zero_share(sample[:n4], i, 4) > 0.95 for i in zeros):
                return enc32
    if len(raw) % 2 == 0:
        for enc, zero_at in (("utf-16-le", 1), ("utf-16-be", 0)):
            if _zero_share(sample, zero_at, 2) > 0.9 and _zero_share(sample, 1 - zero_at, 2) < 0.1:
                return enc
    return None


def _zero_share(sample: bytes, start: int, step: int) -> float:
    part = sample[start::step]
    return part.count(0) / len(part) if part else 0.0
