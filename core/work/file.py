"""The work file (``work.json`` in the data folder): versioned, migrated on open, written atomically.

A JSON file of its own rather than tables in the DuckDB store, because the person's work must not
share the archive's fate or its queue: the store is rewritten when removed records are erased and
refilled by sync or a reindex, while a note on a record is the person's and outlives all of that;
and store writes go through the one writer thread, which an import or a sync holds for minutes,
while adding a record to a list must be instant. The work is small (hundreds of items), so it is
read whole and written whole: a temporary file beside it, flushed to disk, then renamed over it, so
a crash leaves the old file or the new one, never half of one. Only the process holding the data
folder's lock (:mod:`core.store.holder`) opens it, so no other writer races this one.

Versions follow the store's rule (docs/design.md §3): each step of :data:`MIGRATIONS` brings a file
one version up, the file is written back at the current version (the old one kept beside it), and
a file from a newer Ovillo is refused rather than read wrong.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.errors import ConfigError

WORK_VERSION = 1
Migration = Callable[[dict[str, Any]], dict[str, Any]]
#: version N → the step that makes a version N file version N + 1 (none older than the first exist yet)
MIGRATIONS: dict[int, Migration] = {}
MOVE_IT = "Move the file out of the data folder to start with no saved work."


def empty() -> dict[str, Any]:
    """The work of a person who kept nothing yet."""
    return {"version": WORK_VERSION, "recent": [], "saved": [], "lists": []}


def read_work(path: Path) -> dict[str, Any]:
    """The work file's content at the current version (migrated and written back when older); a missing
    file is no work yet. A damaged file is refused and left untouched."""
    if not path.exists():
        return empty()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(f"cannot read the saved work {path}: {exc}",
                          hint=MOVE_IT) from exc
    if not isinstance(raw, dict) or not isinstance(raw.get("version"), int):
        raise ConfigError(f"cannot read the saved work {path}: no version",
                          hint=MOVE_IT)
    version = raw["version"]
    if version > WORK_VERSION:
        raise ConfigError(f"cannot read the saved work {path}: written by a newer Ovillo (version {version})",
                          hint=MOVE_IT)
    if version < WORK_VERSION:
        old_text = path.read_text(encoding="utf-8")
        raw = migrate(raw, path)
        write_atomic(path.with_name(f"{path.name}.v{version}"), old_text)  # the file as it was, kept once
        write_work(path, raw)
    for key in ("recent", "saved", "lists"):
        if not isinstance(raw.get(key), list):
            raw[key] = []
    return raw


def migrate(raw: dict[str, Any], path: Path) -> dict[str, Any]:
    """Run the steps from ``raw``'s version up to :data:`WORK_VERSION`, in order."""
    version = int(raw["version"])
    while version < WORK_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:  # a version this Ovillo never wrote
            raise ConfigError(f"cannot read the saved work {path}: version {version} is unknown", hint=MOVE_IT)
        raw = step(dict(raw))
        version += 1
        raw["version"] = version
    return raw


def write_work(path: Path, work: dict[str, Any]) -> None:
    """Write the work file at the current version, atomically."""
    write_atomic(path, json.dumps({**work, "version": WORK_VERSION}, ensure_ascii=False, indent=1))


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` all at once: a temporary file beside it, flushed, then renamed over it
    (on failure the old file stays as it was and the temporary one is removed)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())  # the bytes are on disk before the rename makes them the file
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
