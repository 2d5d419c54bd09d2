"""A mail message's attachments as records of their own, read by the reader of their format.

Shared by ``.eml``/mbox (:mod:`mail_reader`) and Outlook ``.msg`` (:mod:`msg_reader`). An attachment
whose format Ovillo reads (text, HTML, PDF, Word, ODT, RTF, spreadsheets, CSV, EPUB) is read from
its bytes in memory by that format's reader, under a path that names it inside a folder that does
not exist (``<mail file>.attachments/<name>``), so no sidecar of a real file is ever taken for its
own. Each record is keyed ``<message key>att:<n>`` (``att:2``, ``msg:5/att:2``) in the message's
order, so a re-ingest finds the same records, and carries ``attached_to`` (the message's subject)
and ``attached_to_key``; the pipeline adds the message's record id. A picture is an object whose view
is the picture, as the image reader makes one; its bytes go in :attr:`ReadResult.embedded` for the read
stage to keep in the data folder. Every other attachment (archives, programs, one too large, one its
reader refuses) is listed on the message under ``attachments_not_read`` with its name, type and why:
never dropped in silence.
"""

from __future__ import annotations

import mimetypes
import re
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from core.chunking.model import Block, ParsedRecord
from core.errors import IngestError
from core.ingest.readers.common import MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_READ, title_from_path

#: suffixes whose reader takes the bytes alone; a forwarded message (``.eml``) is read as a message
READABLE = (".txt", ".text", ".md", ".html", ".htm", ".pdf", ".docx", ".odt", ".rtf", ".xlsx", ".ods", ".csv",
            ".tsv", ".epub", ".eml")
#: pictures read as photographs (the image reader's); the data folder keeps a copy for the record's view
PICTURES = (".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp")
#: forwarded messages read inside each other: each level parses all it holds again, so a deep nest is named only
MAX_FORWARD_DEPTH = 3
_DEPTH: ContextVar[int] = ContextVar("forwarded_depth", default=0)
_BY_TYPE = {"message/rfc822": ".eml", "text/plain": ".txt", "text/html": ".html", "application/pdf": ".pdf", "text/csv": ".csv",
            "application/rtf": ".rtf", "text/rtf": ".rtf", "application/epub+zip": ".epub",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
            "application/vnd.oasis.opendocument.text": ".odt",
            "application/vnd.oasis.opendocument.spreadsheet": ".ods"}


@dataclass
class Attachment:
    """One attached file: its name as the sender gave it, its MIME type, its bytes (None: not kept)."""

    name: str
    content_type: str
    data: bytes | None
    size: int
    reason: str = ""  # why it cannot be read, when its container says so already


@dataclass
class Linked:
    """What the message's attachments became: records of their own, and the ones not read (with why)."""

    records: list[ParsedRecord]
    not_read: list[str]
    embedded: dict[str, bytes] = field(default_factory=dict)  # a picture's bytes by the name its record gives them


def suffix_of(att: Attachment) -> str:
    """The format to read it as: the file name's suffix, else one for its MIME type."""
    suffix = Path(safe_name(att.name)).suffix.lower()
    if suffix:
        return suffix
    return _BY_TYPE.get(att.content_type.lower()) or (mimetypes.guess_extension(att.content_type) or "")


def safe_name(name: str) -> str:
    """The last component of a sender's file name (``..\\..\\x.pdf`` → ``x.pdf``), never empty."""
    base = PureWindowsPath(PurePosixPath(name.replace("\x00", "")).name).name.strip()
    return base if base not in ("", ".", "..") else "attachment"


def _picture(att: Attachment, key: str, suffix: str, subject: str, message_key: str, when: date | None,
             embedded: dict[str, bytes]) -> ParsedRecord:
    """A picture as the image reader makes one: an object record whose one view is the picture."""
    stored = re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-") + suffix  # "msg-5-att-2.jpg": one per message
    embedded[stored] = att.data or b""
    name = safe_name(att.name)
    return ParsedRecord(key=key, title=title_from_path(Path(name)), blocks=[], images={"image": stored},
                        date_start=when, date_end=when,
                        data={"images": {"image": name}, "attached_to": subject, "attached_to_key": message_key,
                              "attachment": att.name, "content_type": att.content_type})


def link_attachments(path: Path, message_key: str, subject: str, when: date | None,
                     attachments: list[Attachment], notes: list[str], where: str = "") -> Linked:
    """Read what can be read of ``attachments`` into records linked to the message keyed ``message_key``."""
    from core.ingest.readers import READERS  # the registry imports this module's callers

    base = f"{message_key}/" if message_key else ""
    folder = path.with_name(path.name + ".attachments")
    out = Linked([], [])
    read = 0
    for n, att in enumerate(attachments, start=1):
        label = f"{att.name} ({att.content_type})"
        suffix = suffix_of(att)
        if att.reason:
            out.not_read.append(f"{label}: {att.reason}")
            continue
        if suffix not in READABLE + PICTURES:
            out.not_read.append(f"{label}: not a format Ovillo reads")
            continue
        if att.size > MAX_ATTACHMENT_BYTES:
            out.not_read.append(f"{label}: larger than {MAX_ATTACHMENT_BYTES // (1024 * 1024)} MB, not read")
            continue
        if att.data is None:
            out.not_read.append(f"{label}: its content could not be taken out of the message")
            continue
        if read >= MAX_ATTACHMENTS_READ:
            out.not_read.append(f"{label}: only the first {MAX_ATTACHMENTS_READ} attachments are read")
            continue
        read += 1
        name = safe_name(att.name)
        if suffix in PICTURES:
            out.records.append(_picture(att, f"{base}att:{n}", suffix, subject, message_key, when, out.embedded))
            continue
        fake = folder / (name if Path(name).suffix.lower() == suffix else name + suffix)
        if suffix == ".eml" and _DEPTH.get() >= MAX_FORWARD_DEPTH:
            out.not_read.append(f"{label}: a message forwarded inside {MAX_FORWARD_DEPTH} others, not read")
            continue
        token = _DEPTH.set(_DEPTH.get() + 1)
        try:
            result = READERS[suffix](fake, att.data)
        except IngestError as exc:
            out.not_read.append(f"{label}: {exc}")
            continue
        except Exception as exc:  # foreign bytes: a reader's slip on one attachment must not lose the message
            out.not_read.append(f"{label}: could not be read ({type(exc).__name__})")
            continue
        finally:
            _DEPTH.reset(token)
        if getattr(result, "scans", None):  # OCR runs on files, not on what a message carries
            notes.append(f"{where}{name}: its pages without a text layer are not read by OCR inside a mail message")
        notes.extend(f"{where}{name}: {note}" for note in result.notes)
        kept = 0
        here = f"{base}att:{n}"
        for rec in result.records:
            pictures = {}  # a forwarded message's pictures, named after this attachment; a catalogue sent by
            for view, ref in rec.images.items():  # mail names no photograph beside it, so its names are dropped
                if ref in result.embedded:
                    pictures[view] = re.sub(r"[^a-z0-9]+", "-", here.lower()) + "-" + ref
                    out.embedded[pictures[view]] = result.embedded[ref]
            rec.images = pictures
            if not rec.blocks and not rec.images:
                continue
            kept += 1
            if "attached_to_key" in rec.data:  # an attachment of a forwarded message: linked to that message
                inner = rec.data["attached_to_key"]
                rec.data["attached_to_key"] = f"{here}/{inner}" if inner else here
            else:
                rec.data = {**rec.data, "attached_to": subject, "attached_to_key": message_key,
                            "attachment": att.name, "content_type": att.content_type}
            rec.key = here + (f"/{rec.key}" if rec.key else "")
            if rec.date_start is None:  # undated itself: dated by the message that carried it
                rec.date_start = rec.date_end = when
            out.records.append(rec)
        if not kept:
            out.not_read.append(f"{label}: no text found in it")
    return out


def message_records(path: Path, key: str, title: str, when: date | None, blocks: list[Block], fields: dict[str, Any],
                    attachments: list[Attachment], notes: list[str], embedded: dict[str, bytes],
                    where: str = "") -> list[ParsedRecord]:
    """A message's record, naming its attachments, then the records of the attachments it could read."""
    linked = link_attachments(path, key, title, when, attachments, notes, where)
    embedded.update(linked.embedded)
    if attachments:
        fields["attachments"] = [a.name for a in attachments]
        blocks.append(Block(" · ".join(fields["attachments"])))
    if linked.not_read:
        fields["attachments_not_read"] = linked.not_read
    message = ParsedRecord(key=key, title=title, blocks=blocks, date_start=when, date_end=when, data=fields)
    return [message, *linked.records]
