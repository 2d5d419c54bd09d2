"""Which files an ingest may read: links, special files and pseudo filesystems are refused.

A public deposit folder holding a symbolic link to a secret file, or to ``/etc/passwd``,
must not publish its target. So links are not followed unless the user asks, and even
then never to a target outside the folders given; devices, pipes and sockets are never
read (a FIFO would block, ``/dev/zero`` never ends); ``/proc``-like trees are refused.
Every refusal is a per-file reason the summary shows.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Generator, Sequence
from functools import lru_cache
from pathlib import Path

from core.errors import IngestError, RefusedSource
from core.platform_support import mount_table

LINK_NOT_FOLLOWED = "symbolic link not followed (pass --follow-symlinks to include links inside the folders given)"
LINK_OUTSIDE = "symbolic link to a target outside the folders given: not followed"
NOT_REGULAR = "not a regular file (a device, pipe or socket): not read"
PSEUDO_FS = "inside a system pseudo-filesystem (like /proc or /sys): not read"

# kernel filesystems whose "files" are live system state, not documents
_PSEUDO_TYPES = frozenset({
    "proc", "sysfs", "devtmpfs", "devpts", "cgroup", "cgroup2", "debugfs", "tracefs", "securityfs",
    "pstore", "bpf", "configfs", "fusectl", "mqueue", "hugetlbfs", "binfmt_misc", "autofs", "efivarfs",
    "rpc_pipefs", "nsfs",
})
_PSEUDO_FALLBACK = ("/proc", "/sys", "/dev")


@lru_cache(maxsize=1)
def _pseudo_mounts() -> tuple[str, ...]:
    """Mount points of pseudo filesystems (Linux reads /proc/self/mounts; elsewhere a fixed list)."""
    text = mount_table()
    if text is None:
        return _PSEUDO_FALLBACK
    points = {line.split()[1].replace("\\040", " ") for line in text.splitlines()
              if len(line.split()) > 2 and line.split()[2] in _PSEUDO_TYPES}
    return tuple(sorted(points | set(_PSEUDO_FALLBACK)))


def on_pseudo_fs(path: Path) -> bool:
    """True when ``path`` (resolved) lies on a pseudo filesystem."""
    real = os.path.realpath(path)
    return any(real == m or real.startswith(m.rstrip("/") + "/") for m in _pseudo_mounts())


def inside(path: str, roots: Sequence[str]) -> bool:
    """True when the resolved ``path`` is one of ``roots`` or below one (roots already resolved)."""
    return any(path == r or path.startswith(r.rstrip(os.sep) + os.sep) for r in roots)


def refusal(path: Path, *, follow: bool, roots: Sequence[str], folder: tuple[str, bool] | None = None) -> str | None:
    """Why ``path`` (found inside a given folder) must not be read, or None when it may be. ``folder``: the
    real path of the folder holding it and whether that lies on a pseudo filesystem (the walk knows it once
    per folder: resolving every file again was a quarter of a rescan of unchanged files)."""
    try:
        st = os.lstat(path)
    except OSError:
        return None  # gone or unreadable: the reader reports it with the usual reason
    if folder is not None and stat.S_ISREG(st.st_mode):
        pseudo = folder[1] or os.path.join(folder[0], path.name) in _pseudo_mounts()  # a file mounted over it
        return PSEUDO_FS if pseudo else None
    if stat.S_ISLNK(st.st_mode):
        if not follow:
            return LINK_NOT_FOLLOWED
        real = os.path.realpath(path)
        if not inside(real, roots):
            return LINK_OUTSIDE
        try:
            st = os.stat(real)
        except OSError:
            return None
    if not stat.S_ISREG(st.st_mode):
        return NOT_REGULAR
    if on_pseudo_fs(path):
        return PSEUDO_FS
    return None


def walk(root: Path, *, follow: bool, roots: Sequence[str]) -> Generator[tuple[Path, str], None, None]:
    """:func:`walk_paths` with each path a :class:`Path`."""
    for path, reason in walk_paths(str(root), follow=follow, roots=roots):
        yield Path(path), reason


def walk_paths(root: str, *, follow: bool, roots: Sequence[str],
               stats: dict[str, os.stat_result] | None = None) -> Generator[tuple[str, str], None, None]:
    """Every non-hidden file under ``root`` (each folder's files sorted, before its sub-folders), with a refusal
    reason or ``""``; ``stats`` gets the status of each regular file (its one ``lstat``, which a rescan compares).

    Folder links are entered only with ``follow`` and only when their target is inside ``roots``; each real
    folder is entered once (a link loop ends). Errors reading a folder come back as (folder, reason). Paths stay
    strings and a regular file's kind comes from its directory entry: at 100,000 unchanged files a rescan's
    walk was mostly ``pathlib`` and a second ``stat`` of each file.
    """
    entered: set[str] = set()
    todo = [root]
    while todo:
        folder = todo.pop()
        real_dir = os.path.realpath(folder)
        if real_dir in entered:
            continue
        entered.add(real_dir)
        try:
            with os.scandir(folder) as it:
                items = sorted((e for e in it if not e.name.startswith(".")), key=lambda e: e.name)
        except OSError as exc:
            yield exc.filename or folder, os_reason(exc)
            continue
        here = (real_dir, on_pseudo_fs(Path(real_dir)))
        subs: list[tuple[bool, str, str]] = []  # (is a link, name, path): real folders before links
        errors: list[tuple[str, str]] = []
        for e in items:
            try:
                is_dir = e.is_dir()  # a link to a folder counts as a folder, as os.walk counts it
            except OSError:
                is_dir = False
            if is_dir:
                subs.append((e.is_symlink(), e.name, e.path))
                continue
            try:
                regular = e.is_file(follow_symlinks=False)
                st = e.stat(follow_symlinks=False) if regular else None
            except OSError:
                regular, st = False, None
            if st is not None and stat.S_ISREG(st.st_mode):
                if stats is not None:
                    stats[e.path] = st
                pseudo = here[1] or os.path.join(real_dir, e.name) in _pseudo_mounts()  # a file mounted over it
                yield e.path, PSEUDO_FS if pseudo else ""
            else:
                yield e.path, refusal(Path(e.path), follow=follow, roots=roots, folder=here) or ""
        keep = []
        for link, _name, sub in sorted(subs):
            if link and not follow:
                errors.append((sub, LINK_NOT_FOLLOWED))
            elif link and not inside(os.path.realpath(sub), roots):
                errors.append((sub, LINK_OUTSIDE))
            else:
                keep.append(sub)
        yield from errors
        todo.extend(reversed(keep))  # depth first, in order


def read_regular(path: Path, *, follow: bool, roots: Sequence[str], limit: int) -> tuple[bytes, os.stat_result]:
    """The bytes of a regular file, refusing links, special files and oversized files.

    The checks are made on the open descriptor (``O_NOFOLLOW``, then ``fstat``), so a
    file swapped for a link or a pipe between the scan and this read is still refused.
    """
    target = path
    if os.path.islink(path):
        if not follow:
            raise RefusedSource(LINK_NOT_FOLLOWED)
        real = os.path.realpath(path)
        if roots and not inside(real, roots):
            raise RefusedSource(LINK_OUTSIDE)
        target = Path(real)
    if on_pseudo_fs(target):
        raise RefusedSource(PSEUDO_FS)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(target, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise RefusedSource(LINK_NOT_FOLLOWED) from exc
        raise IngestError(os_reason(exc)) from exc
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise RefusedSource(NOT_REGULAR)
        if st.st_size > limit:
            raise IngestError(f"file too large ({st.st_size / 1e6:.0f} MB > {limit // (1024 * 1024)} MB)",
                              hint="Raise max_file_mb in the settings or split the file.")
        try:
            data = fh.read(limit + 1)
        except OSError as exc:
            raise IngestError(os_reason(exc)) from exc
    if len(data) > limit:  # grew while we read it
        raise IngestError(f"file too large (> {limit // (1024 * 1024)} MB)",
                          hint="Raise max_file_mb in the settings or split the file.")
    return data, st


def os_reason(exc: OSError) -> str:
    """An OSError as a sentence a user understands."""
    if isinstance(exc, PermissionError):
        return "cannot read: permission denied"
    if isinstance(exc, FileNotFoundError):
        return "no such file or folder"
    if isinstance(exc, IsADirectoryError):
        return "is a folder"
    return f"cannot read: {exc.strerror or exc}"
