"""Zip packages (.docx, .xlsx, .odt, .ods) opened only after their sizes are checked, and old binaries told apart.

The format libraries unpack parts into memory and parse them whole, so a zip bomb — a few
kilobytes claiming gigabytes of XML — is refused here, from the sizes the zip directory
declares (zipfile never inflates a part past its declared size, so the declaration binds).
"""

from __future__ import annotations

import io
import zipfile

from core.errors import CorruptSource
from core.ingest.readers.common import MAX_PACK_MEMBERS, MAX_PACK_RATIO, MAX_PARSED_PART_BYTES, MAX_UNPACKED_BYTES

#: the first bytes of an OLE2 compound file: Word 97–2003, Excel 97–2003, Outlook .msg — and encrypted OOXML
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_BOMB_FLOOR = 1024 * 1024  # small parts compress very well (a styles.xml of repeated attributes); no harm


def check_package(raw: bytes, what: str, whole: str | None = None) -> None:
    """Refuse ``raw`` unless it is a zip package of sane declared sizes (``what`` names the format);
    ``whole`` names the part its library parses whole into memory, held to :data:`MAX_PARSED_PART_BYTES`."""
    if raw.startswith(OLE_MAGIC):
        raise CorruptSource(f"this {what} is encrypted, or is an older binary file renamed",
                            hint="Open it in its program: remove the password, or save it again in this format, "
                                 "then import that copy.")
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as zf:
            members = zf.infolist()
    except (zipfile.BadZipFile, ValueError, EOFError) as exc:
        raise CorruptSource(f"damaged {what}: not a readable zip package ({exc})") from None
    if len(members) > MAX_PACK_MEMBERS:
        raise CorruptSource(f"this {what} holds {len(members)} parts; at most {MAX_PACK_MEMBERS} are read")
    total = sum(m.file_size for m in members)
    if total > MAX_UNPACKED_BYTES:
        raise CorruptSource(f"this {what} unpacks to {total // (1024 * 1024)} MB; at most "
                            f"{MAX_UNPACKED_BYTES // (1024 * 1024)} MB are read (a zip bomb?)")
    for m in members:
        if m.filename == whole and m.file_size > MAX_PARSED_PART_BYTES:
            raise CorruptSource(f"this {what} holds {m.file_size // (1024 * 1024)} MB of document markup; at most "
                                f"{MAX_PARSED_PART_BYTES // (1024 * 1024)} MB are read",
                                hint="Split the document into parts and import those.")
        if m.file_size > _BOMB_FLOOR and m.file_size > MAX_PACK_RATIO * max(1, m.compress_size):
            raise CorruptSource(f"this {what} has a part that unpacks to {m.file_size // max(1, m.compress_size)} "
                                "times its packed size (a zip bomb?)")
