"""The library's sources: the folders and single files a data folder keeps current.

Each source keeps the options its files are indexed with and an ordered list of include/exclude
rules (globs relative to the source; the last rule a file matches decides, a file no rule matches
is in). Removing a source is crash-safe: the row is first marked ``removing``, its files' records
go in batches, and only then the row; a removal a kill interrupted is finished on the next call of
:func:`finish_removals`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import datetime
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from core.errors import IngestError, NotFound
from core.ingest.options import IngestOptions
from core.ingest.sources import remove_sources
from core.store.db import Store, now
from core.store.rows import Changes

RULE_KINDS = ("include", "exclude")
REMOVE_BATCH = 500  # files whose records go per transaction when a source is removed
AUTOMATIC = -1  # a rescan period given as this: none of the source's own (rescanned only where no events come)
OFFLINE = "offline: the folder is not there (an unplugged drive?); its records are kept"


@dataclass(frozen=True)
class LibrarySource:
    """One source folder or file and what the user said about it."""

    path: str
    options: IngestOptions = field(default_factory=IngestOptions)
    rules: tuple[tuple[str, str], ...] = ()  # (kind, glob), in the order given
    paused: bool = False
    added_at: datetime | None = None
    last_scan: datetime | None = None
    rescan_every: int | None = None  # minutes between rescans while watched; None: only where no events come, 0: never

    def holds(self, path: str) -> bool:
        """True when ``path`` is this source or lies below it."""
        return path == self.path or path.startswith(self.path.rstrip(os.sep) + os.sep)

    def excludes(self, path: str) -> bool:
        """True when the rules leave ``path`` (a file or folder below this source) out."""
        if path == self.path or not self.rules:
            return False
        rel = os.path.relpath(path, self.path).replace(os.sep, "/")
        out = False
        for kind, glob in self.rules:
            if matches(rel, glob):
                out = kind == "exclude"
        return out

    def options_json(self) -> dict[str, Any]:
        """The options as stored and as ``library list --json`` prints them."""
        o = self.options
        return {"collection": o.collection, "lang": o.lang, "classification": o.classification,
                "project_ids": sorted(o.project_ids), "follow_symlinks": o.follow_symlinks, "as_pages": o.as_pages,
                "rescan_every": self.rescan_every}


def matches(rel: str, glob: str) -> bool:
    """``rel`` (a '/'-separated path inside a source) matches ``glob``: the whole path, a name at any depth
    (a glob without '/'), or a folder it lies in (everything under a matching folder)."""
    g = glob.strip().strip("/")
    if not g:
        return False
    parts = rel.split("/")
    if fnmatchcase(rel, g):
        return True
    if "/" not in g and any(fnmatchcase(p, g) for p in parts):
        return True
    return any(fnmatchcase("/".join(parts[:i]), g) for i in range(1, len(parts)))


def _options_from(raw: Any) -> IngestOptions:
    d = json.loads(raw) if isinstance(raw, str) else (raw or {})
    return IngestOptions(collection=d.get("collection") or None, lang=d.get("lang") or None,
                         classification=d.get("classification") or None,
                         project_ids=[int(p) for p in d.get("project_ids") or ()],
                         follow_symlinks=bool(d.get("follow_symlinks")), as_pages=bool(d.get("as_pages")))


def _row(r: tuple[Any, ...]) -> LibrarySource:
    rules = json.loads(r[2]) if isinstance(r[2], str) else (r[2] or [])
    every = (json.loads(r[1]) if isinstance(r[1], str) else (r[1] or {})).get("rescan_every")  # kept with the options
    return LibrarySource(path=str(r[0]), options=_options_from(r[1]),
                         rules=tuple((str(k), str(g)) for k, g in rules if k in RULE_KINDS),
                         paused=bool(r[3]), added_at=r[4], last_scan=r[5],
                         rescan_every=None if every is None else int(every))


_COLUMNS = "path, options, rules, paused, added_at, last_scan"


def all_sources(store: Store) -> list[LibrarySource]:
    """Every source (those being removed left out), by path."""
    rows = store.cursor().execute(f"SELECT {_COLUMNS} FROM library_sources WHERE NOT removing "
                                  "ORDER BY path").fetchall()
    return [_row(r) for r in rows]


def get_source(store: Store, path: str) -> LibrarySource:
    """The source at ``path`` (:class:`NotFound` when there is none)."""
    row = store.cursor().execute(f"SELECT {_COLUMNS} FROM library_sources WHERE path = ? AND NOT removing",
                                 [path]).fetchone()
    if row is None:
        raise NotFound(f"{path} is not a library source", hint="`ovillo library list` shows the sources.")
    return _row(row)


def source_of(sources: list[LibrarySource], path: str) -> LibrarySource | None:
    """The innermost source holding ``path``."""
    holding = [s for s in sources if s.holds(path)]
    return max(holding, key=lambda s: len(s.path)) if holding else None


def excluded_by(sources: list[LibrarySource], path: str) -> bool:
    """True when the source holding ``path`` leaves it out."""
    src = source_of(sources, path)
    return src is not None and src.excludes(path)


def source_path(given: str | os.PathLike[str]) -> str:
    """The absolute path a source is kept under (a link named by the user: its target, as ingest reads it)."""
    p = Path(given).expanduser().absolute()
    return os.path.realpath(p) if p.is_symlink() else str(p)


def add_source(store: Store, path: str, options: IngestOptions, rules: list[tuple[str, str]] | None = None, *,
               replace_rules: bool = False, rescan_every: int | None = None) -> LibrarySource:
    """Add ``path`` (absolute) as a source, or give an existing one these options (its pause stays; ``rules``
    appended to its rules, or in their place with ``replace_rules``; ``rescan_every`` minutes, 0 never, None: as
    it was — for a new source, only where no change events come; :data:`AUTOMATIC` back to that)."""
    try:
        old = get_source(store, path)
    except NotFound:
        old = None
    if any(k not in RULE_KINDS for k, _ in rules or ()):
        raise IngestError(f"unknown rule {next(k for k, _ in rules or () if k not in RULE_KINDS)!r}")
    merged = list(old.rules if old and not replace_rules else ()) + list(rules or ())
    every = rescan_every if rescan_every is not None else (old.rescan_every if old else None)
    every = None if every == AUTOMATIC else every
    src = LibrarySource(path=path, options=options, rules=tuple(merged), rescan_every=every)
    with store.transaction() as cur:
        cur.execute("""INSERT INTO library_sources (path, options, rules, added_at) VALUES (?, ?, ?, ?)
                       ON CONFLICT (path) DO UPDATE SET options = excluded.options, rules = excluded.rules,
                       removing = false""",
                    [path, json.dumps(src.options_json()), json.dumps([list(r) for r in merged]), now()])
    return get_source(store, path)


def add_rule(store: Store, path: str, kind: str, glob: str) -> LibrarySource:
    """Add an include or exclude rule to the source at ``path`` (the opposite rule for the same glob goes)."""
    if kind not in RULE_KINDS:
        raise IngestError(f"unknown rule {kind!r}")
    src = get_source(store, path)
    rules = [r for r in src.rules if r[1] != glob] + [(kind, glob)]
    with store.transaction() as cur:
        cur.execute("UPDATE library_sources SET rules = ? WHERE path = ?", [json.dumps([list(r) for r in rules]), path])
    return get_source(store, path)


def set_paused(store: Store, path: str, paused: bool) -> LibrarySource:
    """Pause or resume watching the source at ``path``."""
    get_source(store, path)
    with store.transaction() as cur:
        cur.execute("UPDATE library_sources SET paused = ? WHERE path = ?", [paused, path])
    return get_source(store, path)


def mark_scanned(store: Store, path: str) -> None:
    """Stamp a finished scan of the source at ``path``."""
    with store.transaction() as cur:
        cur.execute("UPDATE library_sources SET last_scan = ? WHERE path = ?", [now(), path])


def files_of(store: Store, src: LibrarySource, sources: list[LibrarySource]) -> list[str]:
    """The indexed (or failed) files and queued markers that belong to ``src`` (not to a source inside it)."""
    prefix = src.path.rstrip(os.sep) + os.sep
    cur = store.cursor()
    rows = cur.execute("SELECT path FROM sources WHERE path = ? OR starts_with(path, ?) UNION "
                       "SELECT path FROM index_queue WHERE path = ? OR starts_with(path, ?)",
                       [src.path, prefix, src.path, prefix]).fetchall()
    return sorted(p for (p,) in rows if source_of(sources, p) == src)


def remove_library_source(store: Store, path: str, *, keep_records: bool) -> Changes:
    """Stop keeping ``path``; unless ``keep_records``, its files' records leave the store (crash-safe)."""
    get_source(store, path)
    with store.transaction() as cur:
        if keep_records:
            cur.execute("DELETE FROM library_sources WHERE path = ?", [path])
            return Changes()
        cur.execute("UPDATE library_sources SET removing = true WHERE path = ?", [path])
    return finish_removals(store)


def finish_removals(store: Store) -> Changes:
    """Finish every removal a kill interrupted (and the one just begun): records first, the row last."""
    changes = Changes()
    removing = [r[0] for r in store.cursor().execute("SELECT path FROM library_sources WHERE removing").fetchall()]
    for path in removing:
        row = store.cursor().execute(f"SELECT {_COLUMNS} FROM library_sources WHERE path = ?", [path]).fetchone()
        if row is None:
            continue
        src = _row(row)
        files = files_of(store, src, all_sources(store) + [src])
        for i in range(0, len(files), REMOVE_BATCH):
            changes.merge(remove_sources(store, files[i:i + REMOVE_BATCH]))
        with store.transaction() as cur:
            cur.execute("DELETE FROM library_sources WHERE path = ?", [path])
    return changes


def excluded_files(store: Store, src: LibrarySource, sources: list[LibrarySource]) -> list[str]:
    """The indexed files of ``src`` its rules now leave out."""
    return [p for p in files_of(store, src, sources) if src.excludes(p)]


@dataclass
class SourceStatus:
    """What ``library list`` and the window's Library page show of one source."""

    source: LibrarySource
    files: int = 0
    records: int = 0
    failures: list[tuple[str, str]] = field(default_factory=list)
    state: str = "not watched"  # watching | rescanning (no events: on a timer) | paused | offline | scanning |
    # not watched | error
    reason: str | None = None  # why it is offline or cannot be watched
    progress: tuple[int, int] | None = None  # (done, total) while it is being scanned

    @property
    def watching(self) -> bool:
        """True while its folder is watched."""
        return self.state in ("watching", "rescanning", "scanning")

    def to_json(self) -> dict[str, Any]:
        """The stable shape of ``library list --json``."""
        s = self.source
        return {"path": s.path, "kind": "folder" if os.path.isdir(s.path) or not os.path.exists(s.path) else "file",
                "files": self.files, "records": self.records,
                "failures": [{"path": p, "reason": r} for p, r in self.failures],
                "last_scan": s.last_scan.isoformat(timespec="seconds") if s.last_scan else None,
                "watching": self.watching, "paused": s.paused, "state": self.state, "reason": self.reason,
                "progress": list(self.progress) if self.progress else None,
                "options": s.options_json(), "rules": [{"kind": k, "glob": g} for k, g in s.rules]}


def source_statuses(store: Store, watching: dict[str, str | None], progress: dict[str, tuple[int, int]] | None = None,
                    periodic: dict[str, tuple[str, bool]] | None = None) -> list[SourceStatus]:
    """Every source with its counts; ``watching``: source → None when watched now, else why not (absent: not
    watched by this process); ``periodic``: source → (how it is rescanned on a timer, whether no change events come
    from its folder: its state is then ``rescanning``)."""
    sources = all_sources(store)
    out = []
    cur = store.cursor()
    for src in sources:
        mine = files_of(store, src, sources)
        rows = cur.execute("SELECT status, error, path FROM sources WHERE path IN (SELECT unnest(?::VARCHAR[]))",
                           [mine]).fetchall()
        recs = cur.execute("SELECT count(*) FROM source_records WHERE path IN (SELECT unnest(?::VARCHAR[]))",
                           [mine]).fetchone()
        st = SourceStatus(src, files=sum(1 for r in rows if r[0] == "ok"), records=int(recs[0]) if recs else 0,
                          failures=sorted((str(r[2]), str(r[1] or "")) for r in rows if r[0] == "failed"))
        if not os.path.exists(src.path):
            st.state, st.reason = "offline", OFFLINE
        elif src.paused:
            st.state = "paused"
        elif src.path in watching:
            reason = watching[src.path]
            st.state, st.reason = ("watching", None) if reason is None else ("error", reason)
            note, no_events = (periodic or {}).get(src.path, ("", False))
            if note and reason is None:
                st.state, st.reason = "rescanning" if no_events else "watching", note
            elif note:
                st.reason = f"{reason}; {note}"
        if progress and src.path in progress:
            st.state, st.progress = "scanning", progress[src.path]
        out.append(st)
    return out
