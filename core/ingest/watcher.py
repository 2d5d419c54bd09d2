"""Watched source folders: file-system events become paths to look at again, after a quiet spell.

One mechanism for every front end: watchdog's observer (inotify on Linux, FSEvents on macOS,
ReadDirectoryChangesW on Windows) runs in its own thread and only notes paths here, under a lock;
nothing touches the store until a caller takes the :meth:`Watcher.ready` paths and indexes them
(the window's writer thread, or ``ovillo watch``'s loop), where they become dirty markers of the
crash-safe queue in one transaction per burst.

A path is ready once no event touched it for the debounce time and, where the system says when a
file written to is closed (inotify), once it was closed: a file still being written is not read
half-way. A save by rename (write a temporary file, rename it over the original) notes the
original path once; the temporary file is hidden or vanished by then.
"""

from __future__ import annotations

import errno
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from watchdog.events import (DirCreatedEvent, DirDeletedEvent, DirMovedEvent, FileClosedEvent, FileClosedNoWriteEvent,
                             FileCreatedEvent, FileDeletedEvent, FileModifiedEvent, FileMovedEvent,
                             FileSystemEvent, FileSystemEventHandler)
from watchdog.observers import Observer

from core.ingest.library import OFFLINE

DEBOUNCE_S = 1.0  # quiet time after a path's last event before it is read
WRITING_MAX_S = 30.0  # a file written to but never reported closed is read after this much quiet
# inotify reports when a file opened for writing is closed; elsewhere the debounce alone decides
CLOSE_EVENTS = sys.platform.startswith("linux")

WATCH_LIMIT = "the system's limit of watched folders is reached (raise fs.inotify.max_user_watches)"
NOT_READABLE = "cannot watch: permission denied"
AUTO_RESCAN_MIN = 10  # minutes between rescans of a source no change events come from (unless its own setting)
RESCANNING = "rescanning every {minutes} min (no change events here)"
ALSO_RESCANNING = "also rescanning every {minutes} min"
# filesystems whose changes made by other machines send no event here (a share's own writes still do)
NO_EVENT_TYPES = ("nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "afs", "ncpfs", "davfs", "fuse.sshfs",
                  "fuse.rclone", "fuse.gvfsd-fuse", "fuse.s3fs", "glusterfs", "ceph", "lustre")


def no_events_fs(path: str) -> str | None:
    """The type of the filesystem ``path`` lies on when it is a network share (nfs, cifs, sshfs…), else None
    (Linux reads /proc/self/mounts; elsewhere nothing is detected and the source's own setting decides)."""
    try:
        with open("/proc/self/mounts", encoding="utf-8", errors="replace") as fh:
            mounts = [line.split()[1:3] for line in fh if len(line.split()) > 2]
    except OSError:
        return None
    real = os.path.realpath(path)
    best, kind = "", ""
    for point, fstype in mounts:
        point = point.replace("\\040", " ")
        if (real == point or real.startswith(point.rstrip("/") + "/")) and len(point) >= len(best):
            best, kind = point, fstype
    return kind if kind in NO_EVENT_TYPES else None


@dataclass
class _Noted:
    last: float  # monotonic time of the last event
    writing: bool  # written to and not closed yet (only with close events)


def _hidden(path: str, root: str) -> bool:
    rel = os.path.relpath(path, root)
    return rel != "." and any(part.startswith(".") for part in rel.split(os.sep))


class _Handler(FileSystemEventHandler):
    """Notes the events under one watched folder (``only``: the one file a single-file source watches)."""

    def __init__(self, watcher: "Watcher", root: str, only: str | None) -> None:
        self.watcher, self.root, self.only = watcher, root, only

    def _note(self, path: str | bytes, *, writing: bool) -> None:
        p = os.fsdecode(path)
        if self.only is not None and p != self.only:
            return
        if _hidden(p, self.root):
            return
        self.watcher.note(self.only or self.root, p, writing=writing)

    def on_any_event(self, event: FileSystemEvent) -> None:
        """Created, modified, deleted, moved and closed files and folders; opened and read-only closes aside."""
        if isinstance(event, (FileClosedNoWriteEvent,)) or event.event_type == "opened":
            return
        if isinstance(event, (FileMovedEvent, DirMovedEvent)):
            self._note(event.src_path, writing=False)
            self._note(event.dest_path, writing=False)
        elif isinstance(event, (FileCreatedEvent, FileModifiedEvent)):
            self._note(event.src_path, writing=CLOSE_EVENTS)
        elif isinstance(event, (FileDeletedEvent, FileClosedEvent, DirCreatedEvent, DirDeletedEvent)):
            self._note(event.src_path, writing=False)


class Watcher:
    """Watches source folders; hands out the paths whose changes have settled, grouped by source."""

    def __init__(self, *, debounce_s: float = DEBOUNCE_S, writing_max_s: float = WRITING_MAX_S,
                 clock: Callable[[], float] = time.monotonic, ignore: tuple[str, ...] = ()) -> None:
        self.debounce_s, self.writing_max_s, self._clock = debounce_s, writing_max_s, clock
        # folders never noted: the data folder inside a source would note every write of its own store, and
        # each note would start another write
        self._ignore = tuple(os.path.realpath(p).rstrip(os.sep) + os.sep for p in ignore)
        self._lock = threading.Lock()
        self._noted: dict[str, dict[str, _Noted]] = {}  # source -> path -> state
        self._watches: dict[str, object] = {}
        self._observer = Observer()
        self._observer.daemon = True
        self._started = False

    def note(self, source: str, path: str, *, writing: bool) -> None:
        """Remember that ``path`` of ``source`` changed now (called on the observer's thread)."""
        if self._ignore and (path + os.sep).startswith(self._ignore):
            return
        with self._lock:
            self._noted.setdefault(source, {})[path] = _Noted(self._clock(), writing)

    def watch(self, source: str) -> str | None:
        """Start watching the folder (or single file) ``source``; a reason when it cannot be watched."""
        if source in self._watches:
            return None
        is_file = os.path.isfile(source)
        folder = os.path.dirname(source) if is_file else source
        if not os.path.isdir(folder):
            return OFFLINE
        if not os.access(folder, os.R_OK | os.X_OK):
            return NOT_READABLE
        try:
            handle = self._observer.schedule(_Handler(self, folder, source if is_file else None), folder,
                                             recursive=not is_file)
            if not self._started:
                self._observer.start()
                self._started = True
        except OSError as exc:
            if exc.errno == errno.ENOSPC:
                return WATCH_LIMIT
            if exc.errno in (errno.EACCES, errno.EPERM):
                return NOT_READABLE
            return f"cannot watch: {exc.strerror or exc}"
        self._watches[source] = handle
        return None

    def unwatch(self, source: str) -> None:
        """Stop watching ``source`` and forget what it had noted."""
        handle = self._watches.pop(source, None)
        if handle is not None:
            try:
                self._observer.unschedule(handle)  # type: ignore[arg-type]
            except (KeyError, OSError):
                pass  # its folder vanished: the observer already dropped the watch
        with self._lock:
            self._noted.pop(source, None)

    def watching(self) -> list[str]:
        """The sources watched now."""
        return sorted(self._watches)

    def pending(self) -> int:
        """Paths noted and not handed out yet."""
        with self._lock:
            return sum(len(v) for v in self._noted.values())

    def _settled(self, n: _Noted, t: float) -> bool:
        return t - n.last >= self.debounce_s and (not n.writing or t - n.last >= self.writing_max_s)

    def settled(self) -> bool:
        """True when some noted path is ready (nothing taken)."""
        t = self._clock()
        with self._lock:
            return any(self._settled(n, t) for noted in self._noted.values() for n in noted.values())

    def ready(self) -> dict[str, list[str]]:
        """Take the paths whose changes settled, by source."""
        t = self._clock()
        out: dict[str, list[str]] = {}
        with self._lock:
            for source, noted in self._noted.items():
                done = [p for p, n in noted.items() if self._settled(n, t)]
                for p in done:
                    del noted[p]
                if done:
                    out[source] = sorted(done)
        return out

    def stop(self) -> None:
        """Stop the observer thread (safe to call twice)."""
        self._watches.clear()
        if self._started:
            self._observer.stop()
            self._observer.join(timeout=5)
            self._started = False
