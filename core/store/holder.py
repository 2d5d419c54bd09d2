"""Who holds a data folder's store: a lock file naming the holder, and where it answers.

DuckDB lets one process open a store file, and refuses even read-only connections from
others while it does (docs/design.md §5). So the process that opens the store first takes an
exclusive ``flock`` on ``ovillo.lock`` in the data folder and writes who it is into it (PID,
start time, what it is doing, its socket). The kernel drops a ``flock`` when its process dies,
however it dies, so a file still naming a dead PID is simply taken over. Other processes read
the file to talk to the holder (:mod:`core.remote`) or to wait for it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import tempfile
import time
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from core.errors import StoreError

try:
    import fcntl
except ImportError:  # Windows: no flock; DuckDB's own lock still refuses a second writer
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = "ovillo.lock"
MAX_SOCKET_PATH = 100  # sun_path holds 108 bytes on Linux
_DUCKDB_PID = re.compile(r"\(PID (\d+)\)")


@dataclass(frozen=True)
class HolderInfo:
    """What the lock file says about the process holding the store."""

    pid: int
    started: str
    doing: str
    socket: str | None = None
    uid: int = -1

    def to_json(self) -> dict[str, Any]:
        """Plain dict, as written to the lock file."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> "HolderInfo | None":
        """Parse the lock file's content; None when it is not a holder record."""
        if not isinstance(data, dict) or not isinstance(data.get("pid"), int):
            return None
        sock = data.get("socket")
        return cls(pid=int(data["pid"]), started=str(data.get("started", "")), doing=str(data.get("doing", "")),
                   socket=sock if isinstance(sock, str) else None, uid=int(data.get("uid", -1)))

    @property
    def activity(self) -> str:
        """What the holder is doing, as the end of "the Ovillo that is …"."""
        verb = self.doing.split(" ", 1)[0]
        return {"ingest": "importing", "reindex": "reindexing", "sync": "syncing",
                "window": "open in a window"}.get(verb, f"running `ovillo {verb}`" if verb else "running")

    def describe(self) -> str:
        """``the Ovillo that is importing (PID 1234)``."""
        return f"the Ovillo that is {self.activity} (PID {self.pid})"


class StoreBusy(StoreError):
    """Another live process holds the store; ``holder`` says who (None: not an Ovillo that says so)."""

    def __init__(self, message: str, *, holder: HolderInfo | None = None, pid: int | None = None,
                 hint: str = "") -> None:
        super().__init__(message, hint=hint)
        self.holder = holder
        self.pid = holder.pid if holder is not None else pid

    def waiting_line(self) -> str:
        """The line a front end shows while it waits."""
        who = self.holder.describe() if self.holder is not None else \
            f"the program holding the store (PID {self.pid})" if self.pid else "the program holding the store"
        return f"waiting for {who}…"


class StoreLocked(StoreBusy):
    """DuckDB's own file lock is held by another process (an older Ovillo, or another program)."""

    def __init__(self, path: Path | None, detail: str) -> None:
        match = _DUCKDB_PID.search(detail)
        # the wording of StoreError's "cannot open" (core/errors.py names it store.locked by the detail)
        super().__init__(f"cannot open the store {path}: {detail}",
                         pid=int(match.group(1)) if match else None,
                         hint="Another Ovillo may be using it (or another program): wait for it to finish, "
                              "or close it.")


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # alive, another user's
    return True


def _parse(text: str) -> HolderInfo | None:
    try:
        return HolderInfo.from_json(json.loads(text)) if text.strip() else None
    except ValueError:
        return None


def read_holder(home: Path) -> HolderInfo | None:
    """The live holder named in ``home``'s lock file (None: free, or the named PID is dead)."""
    try:
        text = (home / LOCK_NAME).read_text(encoding="utf-8")
    except OSError:
        return None
    info = _parse(text)
    return info if info is not None and _pid_alive(info.pid) else None


class HolderLock:
    """This process's hold on a data folder, for as long as its store is open."""

    def __init__(self, home: Path, fd: int, info: HolderInfo, took_over: HolderInfo | None) -> None:
        self.home = home
        self.info = info
        self.took_over = took_over  # the dead holder whose lock file was taken over, if any
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, home: Path, doing: str) -> "HolderLock | None":
        """Take the lock, or raise :class:`StoreBusy` naming the live holder.

        None when locks are not available here (no ``flock``), or when this very process already
        holds the folder through another facade: DuckDB's own lock then decides, as before.
        """
        if fcntl is None:
            return None
        path = home / LOCK_NAME
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        except OSError as exc:
            raise StoreError(f"cannot open the lock file {path}: {exc.strerror or exc}",
                             hint="Check that the data folder belongs to you and can be written.") from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_settled(fd)
            os.close(fd)
            if holder is not None and holder.pid == os.getpid():
                return None
            if holder is None:
                raise StoreBusy(f"the data folder {home} is in use by another Ovillo",
                                hint="Wait for it to finish, or close it.") from None
            raise StoreBusy(f"the data folder {home} is in use by {holder.describe()}", holder=holder,
                            hint="Wait for it to finish, or close it.") from None
        except BaseException:
            os.close(fd)
            raise
        previous = _parse(os.pread(fd, 65536, 0).decode("utf-8", "replace"))
        info = HolderInfo(pid=os.getpid(), started=datetime.now(timezone.utc).isoformat(timespec="seconds"),
                          doing=" ".join(doing.split())[:200], uid=os.getuid())
        lock = cls(home, fd, info, previous)
        lock._write(info)
        return lock

    def publish(self, socket_path: str | None) -> None:
        """Name the socket this holder answers on."""
        self.info = HolderInfo(self.info.pid, self.info.started, self.info.doing, socket_path, self.info.uid)
        self._write(self.info)

    def _write(self, info: HolderInfo) -> None:
        if self._fd is None:
            return
        data = json.dumps(info.to_json(), ensure_ascii=False).encode("utf-8")
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, data, 0)

    def release(self) -> None:
        """Empty the lock file and drop the lock (the file stays: unlinking it would race a waiter)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)
        finally:
            os.close(fd)  # closing drops the flock


def _read_settled(fd: int) -> HolderInfo | None:
    """The holder's record; a holder between taking the lock and writing it gets a moment."""
    for _ in range(20):
        info = _parse(os.pread(fd, 65536, 0).decode("utf-8", "replace"))
        if info is not None:
            return info
        time.sleep(0.05)
    return None


def socket_path(home: Path) -> Path | None:
    """Where the holder of ``home`` listens: a private runtime folder (0700, ours), short enough for AF_UNIX.

    Not the data folder itself: its path can be longer than an AF_UNIX address may be.
    """
    if not hasattr(os, "getuid"):
        return None
    name = hashlib.sha256(str(home.resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:24] + ".sock"
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    folders = [Path(runtime) / "ovillo"] if runtime else []
    folders.append(Path(tempfile.gettempdir()) / f"ovillo-{os.getuid()}")
    for folder in folders:
        try:
            folder.mkdir(mode=0o700, exist_ok=True)
            st = os.lstat(folder)
        except OSError:
            continue
        # someone else's folder, or one others can write into, could hand us their socket
        if stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o077:
            path = folder / name
            if len(os.fsencode(str(path))) <= MAX_SOCKET_PATH:
                return path
    return None
