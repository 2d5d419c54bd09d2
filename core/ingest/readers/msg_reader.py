"""Outlook ``.msg`` messages: the OLE2 compound file read with ``olefile`` (BSD-2-Clause), its MAPI properties
by their stream names ([MS-OXMSG]); the same record as an ``.eml`` message.

Each property of type string is a stream ``__substg1.0_<id><type>`` (``001F`` UTF-16LE, ``001E`` 8-bit in the
message's code page); fixed-size ones (times, numbers) are 16-byte entries of ``__properties_version1.0``. The
subject (0037) is the title; the sender is its name (0C1A) with its SMTP address (5D01, else 0C1F/0065 when it
is one); recipients come from the ``__recip_version1.0_#…`` storages (To and Cc, name and address), else the
display lists (0E04, 0E03); the date is the transport headers' ``Date`` (007D, the sender's day, as for
``.eml``), else the submit time (0039), else the delivery time (0E06). The body is the plain text (1000), else
the HTML one (1013) through the HTML reader, else the compressed RTF one (1009: [MS-OXRTFCP] LZFu, undone here)
through the RTF reader. Attachments (``__attach_version1.0_#…``: long file name 3707, MIME type 370E, bytes 3701) go through
:mod:`mail_attachments` like an ``.eml``'s; an embedded Outlook message is listed, not read. extract-msg, the
usual library, is GPL-3.0, so it is not used.
"""

from __future__ import annotations

import codecs
import io
import struct
from collections.abc import Iterator
from datetime import date, datetime, timedelta, timezone
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any

from core.chunking.model import Block, ParsedRecord, ReadResult
from core.errors import CorruptSource
from core.ingest.readers.common import MAX_ATTACHMENT_BYTES, MAX_MAIL_CHARS, MAX_MAIL_PARTS
from core.ingest.readers.mail_attachments import Attachment, message_records
from core.ingest.readers.mail_reader import html_blocks, message_title, text_blocks

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_FILETIME_EPOCH = datetime(1601, 1, 1, tzinfo=timezone.utc)
_TO, _CC = 1, 2  # PR_RECIPIENT_TYPE (Bcc, 3, is left out as a received .eml has none)


def read(path: Path, raw: bytes) -> ReadResult:
    """One Outlook message as a record, then its readable attachments as records linked to it."""
    if not raw.startswith(_OLE_MAGIC):
        raise CorruptSource("not an Outlook message (it is not an OLE2 compound file)")
    import olefile  # only when a .msg is read

    notes: list[str] = []
    embedded: dict[str, bytes] = {}
    try:
        with olefile.OleFileIO(io.BytesIO(raw)) as ole:
            issues = [str(issue[1]) for issue in ole.parsing_issues]
            if not any(e and e[0].startswith(("__substg1.0_", "__properties_version1.0")) for e in ole.listdir()):
                raise CorruptSource(f"damaged Outlook message: {issues[0] if issues else 'no message properties'}")
            if issues:  # olefile reads what the damaged container still holds: indexed, with a note
                notes.append(f"damaged Outlook file ({issues[0]}): what could be read was indexed")
            records = _records(_Props(ole, ""), path, notes, embedded)
    except CorruptSource:
        raise
    except Exception as exc:  # olefile raises many kinds on a damaged container (OSError, struct.error, IndexError…)
        raise CorruptSource(f"damaged Outlook message: {type(exc).__name__}: {exc}") from None
    if not records[0].blocks and not records[0].data.get("subject"):
        raise CorruptSource("no text to index in this file")
    return ReadResult(records, reader="email", notes=notes, embedded=embedded)


class _Props:
    """The MAPI properties of one object (the message, a recipient, an attachment) under ``prefix``."""

    def __init__(self, ole: Any, prefix: str) -> None:
        self.ole = ole
        self.prefix = prefix
        self.fixed = self._fixed()
        cpid = self.long(0x3FFD) or self.long(0x3FDE)  # PR_MESSAGE_CODEPAGE, else PR_INTERNET_CPID
        self.codepage = "cp1252"
        if cpid:
            try:
                self.codepage = codecs.lookup("utf-8" if cpid == 65001 else f"cp{cpid}").name
            except LookupError:
                pass

    def _fixed(self) -> dict[int, tuple[int, bytes]]:
        """Property id → (type, 8-byte value) from ``__properties_version1.0`` (a 32-byte header on the message,
        8 on a recipient or attachment)."""
        name = self.prefix + "__properties_version1.0"
        if not self.ole.exists(name):
            return {}
        data = self.ole.openstream(name).read(1024 * 1024)
        header = 32 if not self.prefix else 8
        out: dict[int, tuple[int, bytes]] = {}
        for at in range(header, len(data) - 15, 16):
            tag = struct.unpack_from("<I", data, at)[0]
            out[tag >> 16] = (tag & 0xFFFF, data[at + 8:at + 16])
        return out

    def long(self, prop: int) -> int:
        """A PT_LONG property (0 when absent)."""
        kind, value = self.fixed.get(prop, (0, b""))
        return struct.unpack_from("<i", value)[0] if kind == 0x0003 else 0

    def time(self, prop: int) -> datetime | None:
        """A PT_SYSTIME property (a FILETIME, UTC), or None."""
        kind, value = self.fixed.get(prop, (0, b""))
        if kind != 0x0040:
            return None
        ticks = struct.unpack_from("<Q", value)[0]
        try:
            return _FILETIME_EPOCH + timedelta(microseconds=ticks // 10) if ticks else None
        except OverflowError:
            return None

    def string(self, prop: int, limit: int = 64 * 1024) -> str:
        """A string property (UTF-16LE or 8-bit), at most ``limit`` characters; "" when absent."""
        for kind, decode in (("001F", "utf-16-le"), ("001E", self.codepage)):
            name = f"{self.prefix}__substg1.0_{prop:04X}{kind}"
            if self.ole.exists(name):
                data = self.ole.openstream(name).read(limit * (2 if kind == "001F" else 1))
                return data.decode(decode, "replace").split("\x00", 1)[0]
        return ""

    def binary(self, prop: int, limit: int) -> bytes | None:
        """A PT_BINARY property's bytes (at most ``limit``), or None when absent."""
        name = f"{self.prefix}__substg1.0_{prop:04X}0102"
        return self.ole.openstream(name).read(limit) if self.ole.exists(name) else None

    def size(self, prop: int, kind: str = "0102") -> int:
        """The size of a stream property (0 when absent)."""
        name = f"{self.prefix}__substg1.0_{prop:04X}{kind}"
        return int(self.ole.get_size(name)) if self.ole.exists(name) else 0

    def children(self, kind: str) -> Iterator[_Props]:
        """The recipient (``recip``) or attachment (``attach``) storages, in their order."""
        marker = f"__{kind}_version1.0_#"
        names = sorted({e[0] for e in self.ole.listdir(streams=True, storages=True) if e and e[0].startswith(marker)})
        for n, name in enumerate(names):
            if n >= MAX_MAIL_PARTS:
                return
            yield _Props(self.ole, name + "/")


def _records(msg: _Props, path: Path, notes: list[str], embedded: dict[str, bytes]) -> list[ParsedRecord]:
    """The message's record, then its attachments' records."""
    fields: dict[str, Any] = {}
    sender = _address(msg.string(0x0C1A) or msg.string(0x0042),
                      msg.string(0x5D01) or msg.string(0x0C1F) or msg.string(0x0065))
    to, cc = _recipients(msg)
    headers = msg.string(0x007D, limit=256 * 1024)
    for name, value in (("from", sender), ("to", to), ("cc", cc), ("date", _header(headers, "Date")),
                        ("message-id", msg.string(0x1035).strip())):
        if value:
            fields[name] = value
    subject = " ".join(msg.string(0x0037).split())
    if subject:
        fields["subject"] = subject
    when = _date(fields.get("date", ""), msg)
    blocks = _body(msg, path, notes)
    title = message_title(subject, msg.string(0x0C1A) or sender, when, path)
    attachments = list(_attachments(msg))
    return message_records(path, "", title, when, blocks, fields, attachments, notes, embedded)


def _address(name: str, address: str) -> str:
    """``Name <address>`` (an Exchange path like ``/O=…/CN=…`` is not an address: the name alone)."""
    name, address = name.strip(), address.strip()
    if "@" not in address:
        return name
    return f"{name} <{address}>" if name and name != address else address


def _recipients(msg: _Props) -> tuple[str, str]:
    """(To, Cc) as comma-separated ``Name <address>`` lists; the display lists when there are no recipients."""
    lists: dict[int, list[str]] = {_TO: [], _CC: []}
    for rec in msg.children("recip"):
        who = _address(rec.string(0x3001), rec.string(0x39FE) or rec.string(0x3003))
        kind = rec.long(0x0C15)
        if who and kind in lists:
            lists[kind].append(who)
    to = ", ".join(lists[_TO]) or " ".join(msg.string(0x0E04).split())
    cc = ", ".join(lists[_CC]) or " ".join(msg.string(0x0E03).split())
    return to, cc


def _header(headers: str, name: str) -> str:
    """One header's value from the transport headers (""when absent)."""
    prefix = name.lower() + ":"
    for line in headers.replace("\r\n", "\n").split("\n"):
        if line.lower().startswith(prefix):
            return " ".join(line[len(prefix):].split())
    return ""


def _date(header: str, msg: _Props) -> date | None:
    """The Date header's day (the sender's), else the submit or delivery time's (UTC)."""
    if header:
        try:
            return parsedate_to_datetime(header).date()
        except (TypeError, ValueError, IndexError):
            pass
    when = msg.time(0x0039) or msg.time(0x0E06)
    return when.date() if when else None


def _body(msg: _Props, path: Path, notes: list[str]) -> list[Block]:
    """The plain body's paragraphs, else the HTML body's blocks; cut at :data:`MAX_MAIL_CHARS`."""
    plain = msg.string(0x1000, limit=MAX_MAIL_CHARS + 1)
    html = "" if plain.strip() else (msg.string(0x1013, limit=MAX_MAIL_CHARS + 1)
                                     or _decode(msg.binary(0x1013, MAX_MAIL_CHARS + 1), msg.codepage))
    text = plain if plain.strip() else html
    if len(text) > MAX_MAIL_CHARS:
        notes.append(f"a body of more than {MAX_MAIL_CHARS:,} characters: the rest was not read")
        text = text[:MAX_MAIL_CHARS]
    if not text.strip() and msg.size(0x1009):  # older Outlook kept only the RTF body
        return rtf_blocks(path, msg.binary(0x1009, MAX_MAIL_CHARS) or b"", notes)
    return text_blocks(text) if plain.strip() else html_blocks(path, text) if text.strip() else []


def rtf_blocks(path: Path, compressed: bytes, notes: list[str]) -> list[Block]:
    """The compressed RTF body's paragraphs, through the RTF reader ([] with a note when it cannot be read)."""
    from core.ingest.readers import rtf_reader

    try:
        return rtf_reader.read(path.with_suffix(".rtf"), decompress_rtf(compressed)).records[0].blocks
    except CorruptSource as exc:
        notes.append(f"the body, kept as compressed RTF, could not be read: {exc}")
        return []


#: the dictionary every LZFu stream starts from ([MS-OXRTFCP] 3.1.1.1.1)
_RTF_PREBUF = (rb"{\rtf1\ansi\mac\deff0\deftab720{\fonttbl;}{\f0\fnil \froman \fswiss \fmodern \fscript "
               rb"\fdecor MS Sans SerifSymbolArialTimes New RomanCourier{\colortbl\red0\green0\blue0" b"\r\n"
               rb"\par \pard\plain\f0\fs20\b\i\u\tab\tx")


def decompress_rtf(data: bytes, limit: int = MAX_MAIL_CHARS) -> bytes:
    """An RTF body compressed as [MS-OXRTFCP] says (``LZFu``; ``MELA`` is stored as is), at most ``limit`` bytes."""
    if len(data) < 16:
        raise CorruptSource("damaged Outlook message: its RTF body is cut short")
    raw_size, kind = struct.unpack_from("<II", data, 4)
    cap = min(raw_size, limit)
    if kind == 0x414C454D:  # "MELA": not compressed
        return data[16:16 + cap]
    if kind != 0x75465A4C:  # "LZFu"
        raise CorruptSource("damaged Outlook message: its RTF body is in an unknown compression")
    window = bytearray(_RTF_PREBUF.ljust(4096, b"\0"))
    at, out, i = len(_RTF_PREBUF), bytearray(), 16
    while i < len(data) and len(out) < cap:
        control = data[i]
        i += 1
        for bit in range(8):
            if i >= len(data) or len(out) >= cap:
                break
            if not control & (1 << bit):  # a literal byte
                out.append(data[i])
                window[at] = data[i]
                at, i = (at + 1) % 4096, i + 1
                continue
            if i + 1 >= len(data):
                break
            ref = (data[i] << 8) | data[i + 1]  # 12 bits of offset into the window, 4 of length - 2
            i += 2
            offset, length = ref >> 4, (ref & 0xF) + 2
            if offset == at:  # the end marker
                return bytes(out[:cap])
            for k in range(length):
                byte = window[(offset + k) % 4096]
                out.append(byte)
                window[at] = byte
                at = (at + 1) % 4096
    return bytes(out[:cap])


def _decode(data: bytes | None, codepage: str) -> str:
    """HTML bytes: UTF-8 when they are, else the message's code page."""
    if not data:
        return ""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode(codepage, "replace")


def _attachments(msg: _Props) -> Iterator[Attachment]:
    """Each attachment with its bytes (None over :data:`MAX_ATTACHMENT_BYTES`: never read in whole)."""
    for n, att in enumerate(msg.children("attach"), start=1):
        name = " ".join((att.string(0x3707) or att.string(0x3704) or att.string(0x3001) or f"attachment {n}").split())
        mime = att.string(0x370E).strip().lower() or "application/octet-stream"
        if att.ole.exists(att.prefix + "__substg1.0_3701000D"):  # an Outlook message inside the message
            yield Attachment(name, "application/vnd.ms-outlook", None, 0,
                             reason="an Outlook message inside this one, not read")
            continue
        size = att.size(0x3701)
        data = att.binary(0x3701, MAX_ATTACHMENT_BYTES) if 0 < size <= MAX_ATTACHMENT_BYTES else None
        yield Attachment(name, mime, data, size, reason="" if size else "no content kept in the message")
