"""The walk stage: find the files under the given paths, mark the changed ones dirty, remove vanished ones.

A file is unchanged when its size and mtime (or, touched only, its content hash) match its last
successful indexing with the same options; anything else gets a dirty marker for the index stage.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Callable, Generator, Iterable
from pathlib import Path
from typing import Any

from core.ids import slug
from core.ingest import queue
from core.ingest.images import IMAGE_SUFFIXES, is_image, is_member
from core.ingest.moves import move_source, movable
from core.ingest.objects import CATALOGUE_SUFFIXES, catalogued_images, embeds_images, source_signature
from core.ingest.options import FileOptions, IngestOptions
from core.ingest.readers import is_supported, suffix_of, supported_name
from core.ingest.readers.media import find_media
from core.ingest.skipped import is_companion, record_unsupported, unsupported_reason
from core.ingest.sources import SourceState, fail_source, remove_source, remove_sources, source_state, \
    source_states, source_states_under
from core.ingest.summary import FileOutcome, IngestSummary
from core.ingest.walk import PSEUDO_FS, on_pseudo_fs, os_reason, refusal, walk, walk_paths
from core.progress import Progress
from core.store.db import Store

# Readers of timecoded transcripts: their records point at the recording beside them (readers/media.py).
TRANSCRIPT_READERS = frozenset({"tc-marks", "vtt", "srt", "ohms", "ttml", "elan", "whisper", "ass", "ssa", "scc",
                                "stl"})
EXCLUDED = "left out by the library's rules"
# suffixes whose "unchanged" needs more than the file's own size and mtime (source_signature)
_OWN_BYTES_NOT_ENOUGH = IMAGE_SUFFIXES | frozenset(CATALOGUE_SUFFIXES)

Excluded = Callable[[str], bool]  # the library's rules: True for a path they leave out


class Scanner:
    """Scans for one ingestor: the scanned folder's stored rows, and the dirty markers found so far."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._states: dict[str, SourceState] = {}  # the scanned folder's rows, read in one go, each used once
        # dirty markers the scan found, written together: one transaction per file cost as much as a photo's
        # embedding; a crash before they are written only means the next scan finds the files again
        self._marks: list[tuple[str, str | None, FileOptions]] = []
        self._fresh: list[tuple[str, int]] = []  # (path, size) of files with no row yet: a moved file's new path?

    def scan(self, paths: Iterable[str | os.PathLike[str]], options: IngestOptions,
             summary: IngestSummary, excluded: Excluded | None = None) -> Generator[Progress, None, None]:
        """Find files, record unreadable ones, mark changed ones dirty, remove vanished and ``excluded`` ones;
        a vanished file whose bytes turn up at a new path in the same folder is moved, not read again."""
        excluded = excluded or (lambda _p: False)
        found = 0
        for given in paths:
            p = Path(given).expanduser().absolute()
            if p.is_symlink():  # named by the user: what they meant is the target
                p = Path(os.path.realpath(p))
            if p.exists() and on_pseudo_fs(p):
                self._fail_now(str(p), None, slug(options.collection or p.name or "local"), PSEUDO_FS,
                               options, summary)
            elif p.is_dir():
                root = str(p)
                collection = slug(options.collection or p.name)
                seen: set[str] = set()
                self._fresh = []
                stats: dict[str, os.stat_result] = {}
                # paths as strings, each file's lstat from the walk: the common case — a file unchanged since it
                # was indexed — is decided by _unchanged without a Path or a second stat (see design §2)
                walked = [(f, err, excluded(f)) for f, err in walk_paths(root, follow=options.follow_symlinks,
                                                                         roots=[os.path.realpath(p)], stats=stats)]
                left_out = [f for f, _, out in walked if out]
                entries = [(f, err) for f, err, out in walked if not out]
                claimed = catalogued_images([Path(f) for f, err in entries
                                             if not err and suffix_of(f) in CATALOGUE_SUFFIXES])
                indexed = {r[0] for r in self.store.cursor().execute("SELECT path FROM sources WHERE root = ?",
                                                                     [root]).fetchall()}
                names = {f for f, _ in entries}
                self._states = source_states_under(self.store, root, [f for f, err in entries if not err])
                unsupported = [Path(f) for f, err in entries if not err and not supported_name(f)
                               and not is_companion(Path(f), names)]
                record_unsupported(self.store, unsupported, root, collection, options.for_file(collection))
                summary.outcomes += [FileOutcome(str(f), "unsupported", unsupported_reason(f)) for f in unsupported]
                opts = options.for_file(collection)
                same: dict[Any, bool] = {}  # stored options form -> same as opts
                for f, err in entries:
                    if not err and not supported_name(f):
                        seen.add(f)
                        continue
                    if not err and suffix_of(f) in IMAGE_SUFFIXES and (is_member(Path(f)) or f in claimed):
                        # a view of an object its lead file or its catalogue row indexes; indexed on its
                        # own before (a new file now sorts first, a catalogue now names it): that goes
                        if f in indexed:
                            summary.changes.merge(remove_source(self.store, f))
                            summary.outcomes.append(FileOutcome(f, "removed", "now a view of another object"))
                        continue
                    seen.add(f)
                    if err:  # refused: rows an older run made from it go too (a link may have leaked)
                        self._fail_now(f, root, collection, err, options, summary, keep_rows=False)
                        continue
                    if self._unchanged(f, stats.get(f), opts, options, same):
                        summary.outcomes.append(FileOutcome(f, "skipped", "unchanged"))
                    else:
                        self._consider(Path(f), root, collection, options, summary)
                    found += 1
                    if found % 50 == 0:
                        self._write_marks()
                        yield Progress("scan", found, None, "files", item=f)
                self._states = {}  # only this folder's loop may use them: later writes would make them stale
                self._settle(root, self._vanished(root, seen), summary)
                self._drop(sorted(indexed & set(left_out)), EXCLUDED, summary)
            elif excluded(str(p)):
                self._drop([str(p)] if source_state(self.store, str(p))[0] else [], EXCLUDED, summary)
                summary.outcomes.append(FileOutcome(str(p), "skipped", EXCLUDED))
            elif p.exists() or p.is_symlink():
                collection = slug(options.collection or p.parent.name)
                self._consider(p, None, collection, options, summary)
                found += 1
            else:
                self._fail_now(str(p), None, slug(options.collection or "local"),
                               "no such file or folder", options, summary)
        self._write_marks()
        yield Progress("scan", found, found, "files")

    def scan_changed(self, root: str, changed: Iterable[str], options: IngestOptions, summary: IngestSummary,
                     excluded: Excluded | None = None) -> bool:
        """Look only at ``changed`` paths (files or folders, present or gone) of the source folder ``root``, as
        :meth:`scan` would; False when they hold what only a whole scan settles (photographs, catalogues,
        recordings beside transcripts, unsupported kinds): the caller scans the folder then."""
        excluded = excluded or (lambda _p: False)
        roots = [os.path.realpath(root)]
        collection = slug(options.collection or Path(root).name)
        files: dict[str, str] = {}
        gone: set[str] = set()
        cur = self.store.cursor()
        for p in sorted(set(changed)):
            path = Path(p)
            if path.is_dir() and not path.is_symlink():
                files.update((str(f), err) for f, err in walk(path, follow=options.follow_symlinks, roots=roots))
            elif os.path.lexists(p):
                files[p] = refusal(path, follow=options.follow_symlinks, roots=roots) or ""
            held = cur.execute("SELECT path FROM sources WHERE path = ? OR starts_with(path, ?)",
                               [p, p.rstrip(os.sep) + os.sep]).fetchall()
            gone |= {str(r[0]) for r in held if not os.path.lexists(r[0])}
        if any(not err and (not is_supported(Path(f)) or is_image(Path(f)) or embeds_images(Path(f))
                            or Path(f).suffix.lower() == ".csv") for f, err in files.items()):
            return False
        stored = source_states(self.store, list(files))
        self._drop(sorted(f for f in files if excluded(f) and stored[f][0]), EXCLUDED, summary)
        self._states = {f: st for f, st in stored.items() if not excluded(f)}
        for f, err in files.items():
            if excluded(f):
                continue
            if err:
                self._fail_now(f, root, collection, err, options, summary, keep_rows=False)
            else:
                self._consider(Path(f), root, collection, options, summary)
        self._states = {}
        self._settle(root, sorted(gone), summary)
        self._write_marks()
        return True

    def _settle(self, root: str, gone: list[str], summary: IngestSummary) -> None:
        """Vanished files: each whose bytes a new file of this scan holds is moved to it, the rest removed."""
        fresh, self._fresh = self._fresh, []
        moved_to: set[str] = set()
        if gone and fresh:
            rows = self.store.cursor().execute(
                "SELECT path, content_hash, size, reader FROM sources WHERE status = 'ok' AND content_hash IS NOT "
                "NULL AND path IN (SELECT unnest(?::VARCHAR[]))", [gone]).fetchall()
            for old, digest, size, reader in rows:
                for new, new_size in fresh:
                    if new in moved_to or new_size != size or reader in TRANSCRIPT_READERS \
                            or not movable(Path(old), reader) or not movable(Path(new), reader):
                        continue
                    try:
                        same = hash_file(Path(new)) == digest
                        mtime = Path(new).stat().st_mtime
                    except OSError:
                        continue
                    if same:
                        summary.changes.merge(move_source(self.store, str(old), new, root, mtime))
                        summary.outcomes.append(FileOutcome(new, "moved", f"moved from {old}"))
                        moved_to.add(new)
                        break
        self._marks = [m for m in self._marks if m[0] not in moved_to]
        moved_from = {o.reason.removeprefix("moved from ") for o in summary.moved}
        self._drop([g for g in gone if g not in moved_from], "file no longer on disk", summary)

    def _drop(self, paths: list[str], reason: str, summary: IngestSummary) -> None:
        """Remove these files' records and rows in one transaction."""
        if paths:
            summary.changes.merge(remove_sources(self.store, paths))
            summary.outcomes += [FileOutcome(p, "removed", reason) for p in paths]

    def _consider(self, f: Path, root: str | None, collection: str, options: IngestOptions,
                  summary: IngestSummary) -> None:
        """Mark a file dirty unless it is unchanged since its last successful indexing."""
        opts = options.for_file(collection)
        path = str(f)
        try:
            st = f.stat()
        except OSError as exc:
            self._fail_now(path, root, collection, os_reason(exc), options, summary)
            return
        mtime, size = source_signature(f, st)
        row, queued = self._states.pop(path) if path in self._states else source_state(self.store, path)
        if row is None:
            self._fresh.append((path, st.st_size))
        unchanged_options = not options.reclassify and opts.same_as_stored(FileOptions.from_json(row[4] if row else None))
        if row and not queued and row[0] == "ok" and unchanged_options and not self._media_changed(path, f, row[5]):
            if row[1] == mtime and row[2] == size:
                summary.outcomes.append(FileOutcome(path, "skipped", "unchanged"))
                return
            if row[2] == size and stat.S_ISREG(st.st_mode) and not embeds_images(f):
                digest = hash_file(f)
                if digest == row[3]:
                    with self.store.transaction() as w:
                        w.execute("UPDATE sources SET mtime = ? WHERE path = ?", [st.st_mtime, path])
                    summary.outcomes.append(FileOutcome(path, "skipped", "unchanged (touched)"))
                    return
        self._marks.append((path, root, opts))

    def _unchanged(self, path: str, st: os.stat_result | None, opts: FileOptions, options: IngestOptions,
                   same: dict[Any, bool]) -> bool:
        """:meth:`_consider`'s "unchanged" for a regular file whose own size and mtime decide it (not a photograph,
        a catalogue or a transcript beside a recording), from the walk's lstat; False sends it to
        :meth:`_consider`. ``same``: stored options already compared, by their stored form."""
        state = self._states.get(path)
        if st is None or state is None or state[1] or options.reclassify:
            return False
        row = state[0]
        if row is None or row[0] != "ok" or row[1] != st.st_mtime or row[2] != st.st_size \
                or row[5] in TRANSCRIPT_READERS or suffix_of(path) in _OWN_BYTES_NOT_ENOUGH:
            return False
        key = row[4] if isinstance(row[4], (str, type(None))) else json.dumps(row[4], sort_keys=True)
        if key not in same:
            same[key] = opts.same_as_stored(FileOptions.from_json(row[4]))
        if not same[key]:
            return False
        del self._states[path]
        return True

    def _write_marks(self) -> None:
        """Write the dirty markers found so far, in one transaction."""
        if self._marks:
            with self.store.transaction() as w:
                queue.enqueue_many(w, self._marks)
            self._marks = []

    def _media_changed(self, path: str, f: Path, reader: str | None) -> bool:
        """A transcript whose recording appeared, vanished or changed name beside it since it was indexed.

        The transcript itself is unchanged, but the records must carry the recording's path for playback.
        """
        if reader not in TRANSCRIPT_READERS:
            return False
        stored = {r[0] for r in self.store.cursor().execute(
            "SELECT json_extract_string(r.data, '$.media_path') FROM source_records s "
            "JOIN records r USING (section_tipo, section_id) WHERE s.path = ?", [path]).fetchall()}
        return stored != {find_media(f)}

    def _vanished(self, root: str, seen: set[str]) -> list[str]:
        rows = self.store.cursor().execute("SELECT path FROM sources WHERE root = ?", [root]).fetchall()
        return [r[0] for r in rows if r[0] not in seen and not Path(r[0]).exists()]

    def _fail_now(self, path: str, root: str | None, collection: str, reason: str,
                  options: IngestOptions, summary: IngestSummary, *, keep_rows: bool = True) -> None:
        summary.changes.merge(fail_source(self.store, path, root, collection, reason, options.for_file(collection),
                                          keep_rows=keep_rows))
        summary.outcomes.append(FileOutcome(path, "failed", reason))


def hash_file(path: Path) -> str:
    """sha256 of a file's bytes, read a block at a time."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(1 << 20):
            h.update(block)
    return h.hexdigest()
