"""A data folder only its owner can read: folders 0700, files 0600, for what Ovillo creates from now on
(the process umask) and for what an older Ovillo or a copy left readable (tightened on open).

DuckDB creates its database, WAL and spill files itself with the process umask, so the umask is the
one lever that covers them; the folder's own 0700 is what keeps other accounts out even of a file
some other program wrote there with looser bits.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from core.platform_support import posix_permissions

PRIVATE_UMASK = 0o077


def make_private(home: Path) -> int:
    """Create ``home`` (0700) if missing, set the umask so new files are private, and take the group and
    other bits off every folder and file already in it (links are not followed). Returns how many
    entries were tightened."""
    os.umask(PRIVATE_UMASK)
    home.mkdir(parents=True, exist_ok=True, mode=0o700)
    if not posix_permissions():
        return 0  # mode bits say nothing there: every open would "tighten" every file again
    top = [home, *home.iterdir()]
    tightened = sum(_tighten(p) for p in top)
    if not tightened:
        return 0  # a folder Ovillo made private keeps itself private: no walk of its pages and thumbnails
    for dirpath, dirnames, filenames in os.walk(home, followlinks=False):
        for name in dirnames + filenames:
            tightened += _tighten(Path(dirpath) / name)
    return tightened


def _tighten(path: Path) -> int:
    try:
        st = path.lstat()
    except OSError:
        return 0  # gone meanwhile
    if stat.S_ISLNK(st.st_mode) or not st.st_mode & 0o077:
        return 0
    try:
        path.chmod(stat.S_IMODE(st.st_mode) & ~0o077)
    except OSError:
        return 0  # not ours (a file another account put there): the folder's 0700 still keeps others out
    return 1
