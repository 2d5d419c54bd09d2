"""EBU-STL subtitles (``.stl``, EBU Tech 3264): a 1,024-byte GSI header and 128-byte TTI blocks, each a timed cue.

The GSI names the disk format (``STL25.01``/``STL30.01``: 25 or 29.97 frames/s), the code page of its
own text fields, the character code table of the subtitles (ISO 6937 Latin, or ISO 8859-5/6/7/8),
the language, the programme title and the start-of-programme timecode (TCP). Cue times are TCI/TCO
minus TCP, frame-exact; extension blocks of one subtitle are joined; comment blocks, user data and
cues before the programme start are left out. Teletext attributes are spacing characters (a space).
A ``.stl`` without the EBU header is most often a 3D model (stereolithography): reported unsupported.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from core.chunking.model import Block, ParsedRecord, ReadResult
from core.errors import CorruptSource, UnsupportedKind
from core.ingest.readers.common import date_from_filename, split_speaker
from core.ingest.readers.media import find_media
from core.ingest.titles import choose_title

GSI, TTI = 1024, 128
_RATES = {b"STL25.01": (25, 1.0), b"STL30.01": (30, 1.001)}  # (frames per timecode second, seconds per second)
_CODE_PAGES = {b"437": "cp437", b"850": "cp850", b"860": "cp860", b"863": "cp863", b"865": "cp865"}
_TABLES = {b"01": "iso8859_5", b"02": "iso8859_6", b"03": "iso8859_7", b"04": "iso8859_8"}
# EBU Tech 3264 language codes (hex) of the languages an archive here meets most
_LANGUAGES = {"03": "ca", "07": "da", "08": "de", "09": "en", "0A": "es", "0D": "eu", "0F": "fr", "13": "gl",
              "15": "it", "1D": "nl", "1E": "no", "1F": "oc", "20": "pl", "21": "pt", "22": "ro", "27": "fi",
              "28": "sv", "29": "tr"}
# ISO 6937 (character code table 00): 0xA0–0xFF but the diacritics, which precede their letter
_LATIN = dict(zip(range(0xA0, 0xC0), "\u00a0¡¢£$¥#§¤‘“«←↑→↓°±²³×µ¶·÷’”»¼½¾¿"))
_LATIN.update(zip(range(0xD0, 0x100), "―¹®©™♪¬¦\ufffd\ufffd\ufffd\ufffd⅛⅜⅝⅞ΩÆĐªĦ\ufffdĲĿŁØŒºÞŦŊŉĸæđðħıĳŀłøœßþŧŋ\u00ad"))
_DIACRITICS = {0xC1: "\u0300", 0xC2: "\u0301", 0xC3: "\u0302", 0xC4: "\u0303", 0xC5: "\u0304", 0xC6: "\u0306",
               0xC7: "\u0307", 0xC8: "\u0308", 0xCA: "\u030a", 0xCB: "\u0327", 0xCD: "\u030b", 0xCE: "\u0328",
               0xCF: "\u030c"}
_NEWLINE, _UNUSED = 0x8A, 0x8F


def read(path: Path, raw: bytes) -> ReadResult:
    """Read an EBU-STL file into one transcript record."""
    rates = _RATES.get(raw[3:11])
    if len(raw) < GSI or rates is None:
        raise UnsupportedKind("not EBU-STL subtitles (no STL25.01/STL30.01 header): a 3D model, or another .stl",
                              hint="Only EBU-STL subtitle files are read under .stl.")
    fps, stretch = rates
    gsi = _GsiText(raw[:GSI])
    table = raw[12:14]
    tcp, scale = _timecode(gsi.field(256, 264), fps), stretch / fps
    notes: list[str] = []
    if table != b"00" and table not in _TABLES:
        notes.append(f"unknown character code table {table!r}: read as Latin (ISO 6937)")
    blocks: list[Block] = []
    early = 0
    pending: tuple[int, int, int, bytearray] | None = None  # (subtitle number, in, out frames, text so far)
    for at in range(GSI, len(raw) - TTI + 1, TTI):
        tti = raw[at:at + TTI]
        ebn, comment = tti[3], tti[15]
        if comment == 1 or ebn == 0xFE:  # a translator's comment or user data: not subtitles
            continue
        number = int.from_bytes(tti[1:3], "little")
        if pending is None or pending[0] != number:
            early += _flush(pending, table, tcp, scale, blocks)
            pending = (number, _frames(tti[5:9], fps), _frames(tti[9:13], fps), bytearray())
        pending[3].extend(tti[16:])
        if ebn == 0xFF:
            early += _flush(pending, table, tcp, scale, blocks)
            pending = None
    early += _flush(pending, table, tcp, scale, blocks)
    if (len(raw) - GSI) % TTI:
        notes.append(f"the last {(len(raw) - GSI) % TTI} bytes are not a whole TTI block: left out")
    if early:
        notes.append(f"{early} subtitle(s) before the programme start ({gsi.field(256, 264)}) left out")
    if not blocks:
        raise CorruptSource("no cues with text in this transcript")
    blocks.sort(key=lambda b: b.tc_in or 0.0)
    data = {k: v for k, v in (("translated_title", gsi.field(80, 112)), ("episode", gsi.field(48, 80)),
                              ("publisher", gsi.field(277, 309)), ("editor", gsi.field(309, 341))) if v}
    start, end = date_from_filename(path)
    rec = ParsedRecord(key="", title=choose_title([gsi.field(16, 48)], path), blocks=blocks,
                       lang=_LANGUAGES.get(gsi.field(14, 16).upper()), date_start=start, date_end=end, data=data,
                       media_path=find_media(path))
    return ReadResult([rec], reader="stl", notes=notes)


class _GsiText:
    """The GSI's text fields, in the code page it names (850 when it names none known)."""

    def __init__(self, gsi: bytes) -> None:
        self.gsi, self.codec = gsi, _CODE_PAGES.get(gsi[0:3], "cp850")

    def field(self, start: int, stop: int) -> str:
        return " ".join(self.gsi[start:stop].decode(self.codec, errors="replace").split())


def _timecode(value: str, fps: int) -> int:
    """``HHMMSSFF`` (the GSI's TCP) in frames; 0 when blank or unreadable."""
    if len(value) != 8 or not value.isdigit():
        return 0
    return _frames(bytes(int(value[i:i + 2]) for i in range(0, 8, 2)), fps)


def _frames(tc: bytes, fps: int) -> int:
    """A TTI timecode (hours, minutes, seconds, frames as binary bytes) as a frame count (times stay frame-exact)."""
    hh, mm, ss, ff = tc
    return ((hh * 60 + mm) * 60 + ss) * fps + ff


def _flush(cue: tuple[int, int, int, bytearray] | None, table: bytes, tcp: int, scale: float,
           blocks: list[Block]) -> int:
    """A finished subtitle into ``blocks``; 1 when it lies before the programme start (left out), else 0."""
    if cue is None:
        return 0
    _, tc_in, tc_out, text = cue
    body = " ".join(decode_text(bytes(text), table).split())
    if not body:
        return 0
    if tc_in < tcp:
        return 1
    blocks.append(Block(body, tc_in=(tc_in - tcp) * scale, tc_out=(max(tc_out, tc_in) - tcp) * scale,
                        speaker=split_speaker(body)[0], component="rag:transcript"))
    return 0


def decode_text(data: bytes, table: bytes = b"00") -> str:
    """A TTI text field as text: teletext attributes and line breaks as spaces, unused space dropped."""
    out: list[str] = []
    accent = ""
    codec = _TABLES.get(table)
    for byte in data:
        if byte == _UNUSED:
            continue
        if byte < 0x20 or 0x80 <= byte < 0xA0:  # spacing attributes (colour, boxing, height), italics, newline
            out.append(" ")
            accent = ""
        elif codec is not None:
            out.append(bytes([byte]).decode(codec, errors="replace"))
        elif byte in _DIACRITICS:
            accent = _DIACRITICS[byte]
        else:
            ch = chr(byte) if byte < 0x80 else _LATIN.get(byte, "\ufffd")
            out.append(unicodedata.normalize("NFC", ch + accent) if accent else ch)
            accent = ""
    return "".join(out)
