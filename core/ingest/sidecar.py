"""Files the user writes beside a file: ``<file>.options.json`` and a CSV's ``<file>.mapping.json``.

``{"password": "…"}`` opens a protected PDF; ``{"kind": "pages"}`` reads a picture as a scanned
page (OCR) and ``{"kind": "object"}`` as a photograph of an object, whatever text it shows. The sidecar is read when the file is indexed,
never stored: a password stays in the user's folder, not in the archive.

A sidecar is read with the checks a file gets (``core.ingest.walk``), and stricter ones: a link
only to a file in the same folder, never a device, pipe or socket (a FIFO would block the ingest,
``/dev/zero`` never ends), and at most :data:`SIDECAR_LIMIT` bytes. A bad sidecar fails its file,
never the batch.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from core.errors import CorruptSource, IngestError
from core.ingest.walk import NOT_REGULAR, inside, read_regular

SUFFIX = ".options.json"
KNOWN = frozenset({"password", "kind"})
#: a sidecar holds a few settings; anything larger is not one
SIDECAR_LIMIT = 1024 * 1024
_OUTSIDE = "a link to a file outside its folder: not followed"
_TOO_LARGE = f"larger than {SIDECAR_LIMIT // (1024 * 1024)} MB, too large for a sidecar"


def sidecar_path(path: Path) -> Path:
    """Where the options of ``path`` live."""
    return path.with_name(path.name + SUFFIX)


def read_beside(path: Path, side: Path) -> bytes | None:
    """The bytes of ``side``, a sidecar of ``path``, or None when there is none.

    Checked before anything is opened (a link's target, the kind of file, its size), then read
    with :func:`read_regular`, which checks the open descriptor again and reads at most the cap.
    """
    if not os.path.lexists(side):
        return None
    folder = os.path.realpath(path.parent)
    real = os.path.realpath(side)
    if os.path.islink(side) and not inside(real, [folder]):
        raise CorruptSource(f"cannot read {side.name}: {_OUTSIDE}")
    try:
        st = os.stat(real)
    except OSError:
        st = None  # a dangling link: read_regular says why
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise CorruptSource(f"cannot read {side.name}: {NOT_REGULAR}")
    if st is not None and st.st_size > SIDECAR_LIMIT:
        raise CorruptSource(f"cannot read {side.name}: {_TOO_LARGE}")
    try:
        raw, _ = read_regular(side, follow=True, roots=[folder], limit=SIDECAR_LIMIT)
    except IngestError as exc:  # swapped since the checks above, or unreadable
        detail = _TOO_LARGE if exc.code in ("ingest.too_large", "ingest.grew") else \
            str(exc).removeprefix("cannot read: ")
        raise CorruptSource(f"cannot read {side.name}: {detail}") from exc
    return raw


def read_sidecar(path: Path) -> dict[str, Any]:
    """The sidecar's options ({} when there is none); a damaged one is a clear per-file error."""
    side = sidecar_path(path)
    raw = read_beside(path, side)
    if raw is None:
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise CorruptSource(f"cannot read {side.name}: not UTF-8 text") from exc
    except ValueError as exc:
        raise CorruptSource(f"{side.name} is not valid JSON (line {getattr(exc, 'lineno', '?')})") from exc
    except RecursionError as exc:
        raise CorruptSource(f"cannot read {side.name}: nested too deeply") from exc
    if not isinstance(data, dict):
        raise CorruptSource(f"{side.name} must be a JSON object such as {{\"password\": \"…\"}}")
    unknown = sorted(set(data) - KNOWN)
    if unknown:
        raise CorruptSource(f"{side.name}: unknown option(s) {', '.join(unknown)}",
                            hint=f"Known options: {', '.join(sorted(KNOWN))}.")
    return data
