"""Mail: one ``.eml`` message, or every message of an mbox file, as records (stdlib ``email``, ``policy=default``).

A message's subject is its title; sender, recipients, date and message id are its fields; the
body is the ``text/plain`` part when there is one, else the ``text/html`` part through the HTML
reader's own extraction. Attachments are listed by file name; those of a format Ovillo reads become
records of their own linked to the message (:mod:`mail_attachments`). An mbox file is cut
at its ``From `` lines, the rule of :class:`mailbox.mbox`, on the bytes already read (mailbox
would open the path a second time, outside the checked read) — one record per message, keyed
``msg:<n>`` in file order (an mbox only grows at its end, so keys stay put).
"""

from __future__ import annotations

import email
import re
from collections.abc import Iterator
from datetime import date, datetime
from email import policy
from email.message import EmailMessage, Message
from pathlib import Path
from typing import Any

from core.chunking.model import Block, ParsedRecord, ReadResult
from core.errors import CorruptSource
from core.ingest.readers import html_reader
from core.ingest.readers.common import MAX_MAIL_CHARS, MAX_MAIL_PARTS, MAX_MBOX_MESSAGES
from core.ingest.readers.mail_attachments import Attachment, message_records
from core.ingest.titles import clean_title, file_title

_FIELDS = ("from", "to", "cc", "date", "message-id")
_HEADER_LINE = re.compile(rb"[!-9;-~]{1,76}:")  # RFC 5322 field name: printable ASCII but the colon


def read_eml(path: Path, raw: bytes) -> ReadResult:
    """Read one ``.eml`` message into one record."""
    if not raw.strip():
        raise CorruptSource("empty mail message: nothing to index")
    notes: list[str] = []
    embedded: dict[str, bytes] = {}
    records = _record(_parse(raw), path, "", notes, embedded)
    if not records[0].blocks and not records[0].data.get("subject"):
        raise CorruptSource("no text to index in this file")
    return ReadResult(records, reader="email", notes=notes, embedded=embedded)


def read_mbox(path: Path, raw: bytes) -> ReadResult:
    """Read every message of an mbox file, one record each."""
    if not raw.startswith(b"From "):
        raise CorruptSource("not an mbox file (it does not begin with a \"From \" line)")
    notes: list[str] = []
    records: list[ParsedRecord] = []
    embedded: dict[str, bytes] = {}
    for n, (start, end) in enumerate(_message_spans(raw), start=1):
        if n > MAX_MBOX_MESSAGES:
            notes.append(f"only the first {MAX_MBOX_MESSAGES:,} messages of this mbox were read")
            break
        body_at = raw.find(b"\n", start, end) + 1 or end  # past the From_ line, which is not a header
        try:
            msg = _parse(raw[body_at:end])
        except CorruptSource as exc:
            notes.append(f"message {n}: {exc}, skipped")
            continue
        records.extend(_record(msg, path, f"msg:{n}", notes, embedded, number=n,
                               delivered=_from_line_date(raw[start:body_at])))
    if not records:
        raise CorruptSource("no readable messages in this mbox file")
    return ReadResult(records, reader="email", notes=notes, embedded=embedded)


def _message_spans(raw: bytes) -> Iterator[tuple[int, int]]:
    """(start, end) of each message: a line beginning with ``From `` starts one when a header follows it.

    mailbox.mbox cuts at every such line, so an unquoted "From time to time" in a body (CPython's own
    mailbox_01.mbox) became a message without headers; a header line after it tells the two apart.
    """
    start, at = 0, 0
    while True:
        nxt = raw.find(b"\nFrom ", at + 1)
        if nxt < 0:
            yield start, len(raw)
            return
        line_end = raw.find(b"\n", nxt + 1)
        following = raw[line_end + 1:line_end + 1 + 200] if line_end >= 0 else b""
        at = nxt
        if _HEADER_LINE.match(following):
            yield start, nxt + 1
            start = nxt + 1


def _parse(raw: bytes) -> EmailMessage:
    """The message object; a structure the parser cannot follow is a per-file error.

    The parser builds every part's headers with the default policy's header classes (~1.5 ms a part
    [M: note, 2026-12-04]: 20,000 parts took 31 s), so a message declaring more parts than
    :data:`MAX_MAIL_PARTS` is refused before parsing; real mail has a handful."""
    declared = raw.lower().count(b"content-type:")
    if declared > MAX_MAIL_PARTS:
        raise CorruptSource(f"this mail message has {declared} MIME parts; at most {MAX_MAIL_PARTS} are read")
    try:
        msg = email.message_from_bytes(raw, policy=policy.default)
    except (RecursionError, ValueError, TypeError, LookupError) as exc:
        raise CorruptSource(f"damaged mail message: {type(exc).__name__}: {exc}") from None
    assert isinstance(msg, EmailMessage)  # the default policy's factory
    return msg


def _record(msg: EmailMessage, path: Path, key: str, notes: list[str], embedded: dict[str, bytes],
            number: int | None = None, delivered: date | None = None) -> list[ParsedRecord]:
    """One message as a record (subject as title, headers as fields, body as blocks, attachments named), then
    the records of the attachments that could be read."""
    where = f"message {number}: " if number is not None else ""
    fields: dict[str, Any] = {name: value for name in _FIELDS if (value := _header(msg, name))}
    subject = _header(msg, "subject")
    parts, attachments = _parts(msg)
    if parts > MAX_MAIL_PARTS:
        notes.append(f"{where}more than {MAX_MAIL_PARTS:,} MIME parts: only the first were looked at")
    cut: list[bool] = []
    blocks = _body(msg, path, cut)
    chars = 0
    for i, b in enumerate(blocks):
        chars += len(b.text)
        if chars > MAX_MAIL_CHARS:
            blocks, cut = blocks[:i], [True]
            break
    if cut:
        notes.append(f"{where}a body of more than {MAX_MAIL_CHARS:,} characters: the rest was not read")
    if subject:
        fields["subject"] = subject
    sender = _display_name(msg)
    when = _date(msg) or delivered  # a message without a Date header: the day its mbox received it
    title = message_title(subject, sender, when, path, number)
    return message_records(path, key, title, when, blocks, fields, attachments, notes, embedded, where)


def message_title(subject: str, sender: str, when: date | None, path: Path, number: int | None = None) -> str:
    """A message's title: its subject, else its sender and date, else the file's name (and its number in an mbox)."""
    title = clean_title(subject) or clean_title(" — ".join(p for p in (sender, when.isoformat() if when else "") if p))
    return title or file_title(path) + (f" {number}" if number is not None else "")


def _header(msg: Any, name: str) -> str:
    """A header's decoded value ("" when absent or beyond repair)."""
    try:
        value = msg.get(name)
    except Exception:  # the header parser raises on some malformed address lists; the rest of the message stands
        return ""
    return " ".join(str(value).split()) if value is not None else ""


def _from_line_date(line: bytes) -> date | None:
    """The date of an mbox ``From sender Tue Mar  2 10:00:00 1999 …`` line (asctime after the sender), or None."""
    words = line.decode("ascii", "replace").split()
    try:
        return datetime.strptime(" ".join(words[2:7]), "%a %b %d %H:%M:%S %Y").date()
    except ValueError:
        return None


def _display_name(msg: EmailMessage) -> str:
    """The sender's name, or address, for a title when there is no subject."""
    try:
        addresses = getattr(msg.get("from"), "addresses", ())
    except Exception:
        return ""
    for a in addresses:
        return str(a.display_name or a.addr_spec)
    return ""


def _date(msg: EmailMessage) -> date | None:
    """The Date header as a date, or None."""
    try:
        when = getattr(msg.get("date"), "datetime", None)
    except Exception:
        return None
    return when.date() if when is not None else None


def _parts(msg: EmailMessage) -> tuple[int, list[Attachment]]:
    """(parts walked, attachments with their bytes), at most :data:`MAX_MAIL_PARTS` parts; a forwarded message is
    named by its subject and carried whole, and its own parts are its own."""
    found: list[Attachment] = []
    inside: set[int] = set()
    count = 0
    try:
        for part in msg.walk():
            count += 1
            if count > MAX_MAIL_PARTS:
                break
            if part is msg or id(part) in inside:
                continue
            name = part.get_filename()
            if part.get_content_type() == "message/rfc822":  # a forwarded message: named by its subject
                inner = part.get_payload()
                first = inner[0] if isinstance(inner, list) and inner and isinstance(inner[0], Message) else None
                name = name or (_header(first, "subject") if first is not None else "") or part.get_content_type()
                if first is not None:
                    inside.update(id(p) for p in first.walk())
                found.append(Attachment(" ".join(str(name).split()), "message/rfc822", *_message_bytes(first)))
            elif name or part.is_attachment():
                data = None if part.is_multipart() else part.get_payload(decode=True)
                data = data if isinstance(data, bytes) else None
                found.append(Attachment(" ".join(str(name or part.get_content_type()).split()),
                                        part.get_content_type(), data, len(data or b"")))
    except RecursionError:
        raise CorruptSource("damaged mail message: its parts nest too deeply") from None
    return count, found


def _message_bytes(msg: Any) -> tuple[bytes | None, int]:
    """A forwarded message's bytes and their size ((None, 0) when it cannot be written back out)."""
    if msg is None:
        return None, 0
    try:
        data = msg.as_bytes()
    except Exception:  # a header the generator cannot fold again: the message stays named, unread
        return None, 0
    return data, len(data)


def _body(msg: EmailMessage, path: Path, cut: list[bool]) -> list[Block]:
    """The plain-text body as paragraphs, else the HTML body's text blocks.

    A multipart/mixed message may carry its text in several inline parts (a list digest's masthead,
    topics and footer): each inline part is read, in order; attachments never are.
    """
    try:
        if msg.get_content_type() == "multipart/mixed":
            blocks: list[Block] = []
            for n, child in enumerate(msg.iter_parts()):
                if n >= MAX_MAIL_PARTS:
                    break
                if child.is_attachment() or child.get_content_maintype() not in ("text", "multipart"):
                    continue
                part = child.get_body(preferencelist=("plain", "html")) if child.is_multipart() else child
                blocks.extend(_part_blocks(part, path, cut))
            if blocks:
                return blocks
        return _part_blocks(msg.get_body(preferencelist=("plain", "html")), path, cut)
    except RecursionError:
        raise CorruptSource("damaged mail message: its parts nest too deeply") from None


def _part_blocks(part: Any, path: Path, cut: list[bool]) -> list[Block]:
    """A text/plain part as paragraphs, a text/html part through the HTML reader; other parts give nothing.
    A part longer than :data:`MAX_MAIL_CHARS` is cut there (and ``cut`` says so)."""
    if part is None or part.get_content_type() not in ("text/plain", "text/html"):
        return []
    try:
        content = part.get_content()
    except (LookupError, ValueError, AssertionError):  # an unknown charset or a broken transfer encoding
        payload = part.get_payload(decode=True)
        content = payload.decode("latin-1") if isinstance(payload, bytes) else str(payload or "")
    if not isinstance(content, str):
        return []
    if len(content) > MAX_MAIL_CHARS:
        content = content[:MAX_MAIL_CHARS]
        cut.append(True)
    return html_blocks(path, content) if part.get_content_type() == "text/html" else text_blocks(content)


def html_blocks(path: Path, content: str) -> list[Block]:
    """An HTML body's text blocks, through the HTML reader (menus and footers left out)."""
    try:
        return html_reader.read(path, content.encode("utf-8")).records[0].blocks
    except CorruptSource:
        return []


def text_blocks(content: str) -> list[Block]:
    """A plain-text body as paragraphs; quoted replies keep their lines."""
    paras = content.replace("\r\n", "\n").split("\n\n")
    return [Block(" ".join(p.split()) if not _quoted(p) else p.strip()) for p in paras if p.strip()]


def _quoted(paragraph: str) -> bool:
    """A quoted reply (``> …`` lines) keeps its lines: joined, it reads as one run-on sentence."""
    return all(line.lstrip().startswith(">") for line in paragraph.strip().splitlines())
