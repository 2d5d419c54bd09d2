"""Old binary office files (.doc, .xls): recognised and reported unsupported, with what to do instead.

Word 97–2003 needs a native converter (antiword, LibreOffice) that setup does not install; ``.xls``
(xlrd, BSD) is not taken yet. So these files are counted as *unsupported* (not failed), each with the
way to a format that is read. Outlook's ``.msg``, also OLE2, is read (:mod:`msg_reader`).
"""

from __future__ import annotations

from pathlib import Path

from core.chunking.model import ReadResult
from core.errors import UnsupportedKind

# (message, hint) per suffix: each text is a MESSAGES template of its own (the window translates by id)
_WHAT = {
    ".doc": ("a Word 97–2003 document (.doc): this old binary format is not read",
             "Open it in Word or LibreOffice and save it as .docx or .odt, then import that copy."),
    ".xls": ("an Excel 97–2003 workbook (.xls): this old binary format is not read",
             "Open it in Excel or LibreOffice and save it as .xlsx or .ods, then import that copy."),
}
SUFFIXES = tuple(_WHAT)


def read(path: Path, raw: bytes) -> ReadResult:
    """Always :class:`UnsupportedKind`, saying which format to save the file in."""
    message, hint = _WHAT[path.suffix.lower()]
    raise UnsupportedKind(message, hint=hint)
