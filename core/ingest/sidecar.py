"""Per-file options the user writes beside a file: ``<file>.options.json``.

``{"password": "…"}`` opens a protected PDF; ``{"kind": "pages"}`` reads a picture as a scanned
page (OCR) instead of a photograph of an object. The sidecar is read when the file is indexed,
never stored: a password stays in the user's folder, not in the archive.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.errors import CorruptSource

SUFFIX = ".options.json"
KNOWN = frozenset({"password", "kind"})


def sidecar_path(path: Path) -> Path:
    """Where the options of ``path`` live."""
    return path.with_name(path.name + SUFFIX)


def read_sidecar(path: Path) -> dict[str, Any]:
    """The sidecar's options ({} when there is none); a damaged one is a clear per-file error."""
    side = sidecar_path(path)
    try:
        text = side.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise CorruptSource(f"cannot read {side.name}: {exc.strerror or exc}") from exc
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise CorruptSource(f"{side.name} is not valid JSON (line {getattr(exc, 'lineno', '?')})") from exc
    if not isinstance(data, dict):
        raise CorruptSource(f"{side.name} must be a JSON object such as {{\"password\": \"…\"}}")
    unknown = sorted(set(data) - KNOWN)
    if unknown:
        raise CorruptSource(f"{side.name}: unknown option(s) {', '.join(unknown)}",
                            hint=f"Known options: {', '.join(sorted(KNOWN))}.")
    return data
