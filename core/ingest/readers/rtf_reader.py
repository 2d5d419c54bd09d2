"""Rich Text Format ``.rtf`` (striprtf): paragraphs and tables; the title and date from the ``\\info`` group.

striprtf gives the text with one line per paragraph and each table row as ``cell|cell|``; rows
in a run become a Markdown table. RTF keeps heading levels in style sheets that striprtf does
not read, so an RTF document has no section path; its title is the ``\\info`` group's ``\\title``
unless it is a placeholder, else a first line that stands alone as a title, else the file name.
"""

from __future__ import annotations

import codecs
import re
from datetime import date
from pathlib import Path

from core.chunking.model import ParsedRecord, ReadResult
from core.errors import CorruptSource
from core.ingest.readers.common import date_from_filename
from core.ingest.readers.outline import Outline
from core.ingest.titles import choose_title, plain_text_title

_CONTROL = re.compile(rb"\\([a-z]{1,32})(-?\d{1,10})?")  # RTF's lexical rule for a control word
_INFO_SCAN = 1024 * 1024  # the \info group sits in the header, before the text


def read(path: Path, raw: bytes) -> ReadResult:
    """Read an ``.rtf`` document into one record."""
    from striprtf.striprtf import rtf_to_text

    if not raw.lstrip().startswith(b"{\\rtf"):
        raise CorruptSource("not an RTF document (no {\\rtf header)")
    encoding = _encoding(raw[:4096])
    try:
        text = rtf_to_text(raw.decode("latin-1"), encoding=encoding, errors="replace")
    except Exception as exc:  # striprtf is lenient; what it raises means a damaged group structure
        raise CorruptSource(f"damaged RTF document: {type(exc).__name__}: {exc}") from None
    outline = Outline()
    table: list[list[str]] = []
    for line in text.split("\n"):
        if line.rstrip().endswith("|"):  # striprtf ends every cell with "|" and a row with a new line
            table.append(line.rstrip()[:-1].split("|"))
            continue
        if table:
            outline.table(table)
            table = []
        outline.paragraph(line)
    if table:
        outline.table(table)
    info = _info(raw[:_INFO_SCAN], encoding)
    title = choose_title([info.get("title"), plain_text_title(text)], path)
    blocks = outline.finish(title)
    if not blocks:
        raise CorruptSource("no text to index in this file")
    start, end = date_from_filename(path)
    if start is None and info.get("created"):
        start = end = date.fromisoformat(info["created"])
    data = {k: info[k] for k in ("author", "subject", "keywords") if info.get(k)}
    return ReadResult([ParsedRecord(key="", title=title, blocks=blocks, date_start=start, date_end=end,
                                    data=data)], reader="rtf")


def _encoding(head: bytes) -> str:
    """The code page the header's ``\\ansicpgN`` names, when Python knows it (cp1252 otherwise)."""
    m = re.search(rb"\\ansicpg(\d{3,5})", head)
    if not m:
        return "cp1252"
    name = "mac-roman" if m.group(1) == b"10000" else f"cp{int(m.group(1))}"
    try:
        codecs.lookup(name)
    except LookupError:
        return "cp1252"
    return name


def _info(head: bytes, encoding: str) -> dict[str, str]:
    """``title``, ``author``, ``subject``, ``keywords`` and ``created`` (ISO date) from the ``\\info`` group."""
    from striprtf.striprtf import rtf_to_text

    at = head.find(b"{\\info")
    if at < 0:
        return {}
    out: dict[str, str] = {}
    for name, body in _groups(head, at + 1, _group_end(head, at)):
        if name in (b"title", b"author", b"subject", b"keywords"):
            try:
                value = rtf_to_text("{\\rtf1 " + body.decode("latin-1") + "}", encoding=encoding, errors="replace")
            except Exception:  # a damaged title is no title; the text was read already
                continue
            if value.strip():
                out[name.decode()] = " ".join(value.split())
        elif name == b"creatim":
            parts = {m.group(1): int(m.group(2)) for m in _CONTROL.finditer(body) if m.group(2)}
            try:
                out["created"] = date(parts[b"yr"], parts.get(b"mo", 1), parts.get(b"dy", 1)).isoformat()
            except (KeyError, ValueError):
                pass
    return out


def _groups(data: bytes, start: int, end: int) -> list[tuple[bytes, bytes]]:
    """(control word, content after it) of each ``{\\word …}`` group directly inside ``data[start:end]``."""
    out = []
    i = start
    while i < end:
        if data[i:i + 2] == b"{\\":
            close = _group_end(data, i)
            m = _CONTROL.match(data, i + 1)
            if m:
                out.append((m.group(1), data[m.end():close].strip()))
            i = close + 1
        else:
            i += 1
    return out


def _group_end(data: bytes, start: int) -> int:
    """The index of the ``}`` closing the group opened at ``start`` (escaped braces skipped)."""
    depth = 0
    i = start
    while i < len(data):
        ch = data[i]
        if ch == 0x5C:  # a backslash escapes the next byte (\{ \} \\)
            i += 2
            continue
        if ch == 0x7B:
            depth += 1
        elif ch == 0x7D:
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return len(data)
