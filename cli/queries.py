"""``ovillo search --queries FILE``: a bounded, strictly decoded query set (``-`` is standard input).

Only a regular file is read (a FIFO would block, ``/dev/zero`` never ends), at most
:data:`MAX_QUERIES_BYTES`, and each line must be UTF-8: a bad line is named in the error.
"""

from __future__ import annotations

import os
import stat
import sys
from typing import BinaryIO

from cli.values import MAX_QUERIES_BYTES, MAX_QUERY_CHARS, UsageError, check_text, file_kind

_LIMIT_MB = MAX_QUERIES_BYTES // (1024 * 1024)


def read_queries(name: str) -> list[str]:
    """The non-blank lines of ``name`` (or of standard input for ``-``), stripped, in order."""
    if name == "-":
        label = "standard input"
        stream: BinaryIO | None = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise UsageError("--queries -: there is no standard input to read")
        data = stream.read(MAX_QUERIES_BYTES + 1)
    else:
        label = name
        data = _read_regular_file(name)
    if len(data) > MAX_QUERIES_BYTES:
        raise UsageError(f"{label} is larger than {_LIMIT_MB} MB; split the query set")
    queries = [q for q in (_line(raw, n, label) for n, raw in enumerate(data.split(b"\n"), 1)) if q]
    if not queries:
        raise UsageError(f"{label} holds no queries (one query per line)")
    return queries


def _read_regular_file(name: str) -> bytes:
    # O_NONBLOCK: opening a FIFO would otherwise wait for a writer forever; fstat then refuses it
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        raise UsageError(f"--queries {name}: {exc.strerror or exc}") from None
    try:
        mode = os.fstat(fd)
        if not stat.S_ISREG(mode.st_mode):  # checked on the open file: no race with a swapped path
            raise UsageError(f"--queries {name} is {file_kind(mode.st_mode)}, not a regular file")
        if mode.st_size > MAX_QUERIES_BYTES:
            raise UsageError(f"{name} is larger than {_LIMIT_MB} MB; split the query set")
        with os.fdopen(os.dup(fd), "rb") as f:
            return f.read(MAX_QUERIES_BYTES + 1)  # bounded: the file may grow while it is read
    except OSError as exc:
        raise UsageError(f"--queries {name}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def _line(raw: bytes, n: int, label: str) -> str:
    if n == 1 and raw.startswith(b"\xef\xbb\xbf"):  # a byte-order mark from Windows editors
        raw = raw[3:]
    try:
        text = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        raise UsageError(f"{label} line {n} is not UTF-8", hint="Save the file as UTF-8.") from None
    return check_text(text, f"{label} line {n}", MAX_QUERY_CHARS) if text else ""
