"""Who holds a data folder's store: a lock file naming the holder, and where it answers.

DuckDB lets one process open a store file, and refuses even read-only connections from
others while it does (docs/design.md §5). So the process that opens the store first takes an
exclusive ``flock`` on ``ovillo.lock`` in the data folder and writes who it is into it (PID,
start time, what it is doing, its socket). The kernel drops a ``flock`` when its process dies,
however it dies, so a file still naming a dead PID is simply taken over. Other processes read
the file to talk to the holder (:mod:`core.remote`) or to wait for it.

Windows has no ``flock``: there the lock is an ``msvcrt`` byte lock, which the system also drops
with its process. Where neither exists (:func:`core.platform_support.lock_kind` is ``"record"``) the
record alone decides: a record naming a live PID other than ours is busy, and a short ``O_EXCL``
claim file keeps two processes from writing theirs at the same moment. DuckDB's own lock still
refuses a second writer behind it.
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
from core.platform_support import current_uid, lock_kind, pid_alive, read_at, try_lock, unlock, write_at

LOCK_NAME = "ovillo.lock"
CLAIM_NAME = "ovillo.lock.claim"  # only where there are no kernel locks: held while a record is written
CLAIM_STALE_S = 10.0  # a claim file this old was left by a process that died while writing its record
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
    return info if info is not None and pid_alive(info.pid) else None


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

        None when this very process already holds the folder through another facade: DuckDB's own
        lock then decides, as before.
        """
        path = home / LOCK_NAME
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0),
                         0o600)
        except OSError as exc:
            raise StoreError(f"cannot open the lock file {path}: {exc.strerror or exc}",
                             hint="Check that the data folder belongs to you and can be written.") from exc
        try:
            if lock_kind() == "record":
                with _Claim(home):
                    holder = _parse(read_at(fd, 65536, 0).decode("utf-8", "replace"))
                    busy = holder is not None and pid_alive(holder.pid)
                    if not busy:
                        return cls._take(home, fd, doing, holder)
            else:
                busy = not try_lock(fd)
                holder = _read_settled(fd) if busy else None
        except BaseException:
            os.close(fd)
            raise
        if busy:
            os.close(fd)
            if holder is not None and holder.pid == os.getpid():
                return None
            raise _busy(home, holder, record=lock_kind() == "record")
        try:
            return cls._take(home, fd, doing, _parse(read_at(fd, 65536, 0).decode("utf-8", "replace")))
        except BaseException:
            os.close(fd)
            raise

    @classmethod
    def _take(cls, home: Path, fd: int, doing: str, previous: HolderInfo | None) -> "HolderLock":
        info = HolderInfo(pid=os.getpid(), started=datetime.now(timezone.utc).isoformat(timespec="seconds"),
                          doing=" ".join(doing.split())[:200], uid=current_uid())
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
        write_at(self._fd, data, 0)

    def release(self) -> None:
        """Empty the lock file and drop the lock (the file stays: unlinking it would race a waiter)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)
            unlock(fd)
        finally:
            os.close(fd)  # closing drops the flock


def _read_settled(fd: int) -> HolderInfo | None:
    """The holder's record; a holder between taking the lock and writing it gets a moment."""
    for _ in range(20):
        info = _parse(read_at(fd, 65536, 0).decode("utf-8", "replace"))
        if info is not None:
            return info
        time.sleep(0.05)
    return None


def _busy(home: Path, holder: HolderInfo | None, *, record: bool = False) -> StoreBusy:
    if holder is None:
        return StoreBusy(f"the data folder {home} is in use by another Ovillo",
                         hint="Wait for it to finish, or close it.")
    hint = "Wait for it to finish, or close it."
    if record:  # no kernel lock here: a PID reused by another program would look like a holder forever
        hint = (f"Wait for it to finish, or close it. If no Ovillo is running, delete {LOCK_NAME} in the data "
                "folder and try again.")
    return StoreBusy(f"the data folder {home} is in use by {holder.describe()}", holder=holder, hint=hint)


class _Claim:
    """``ovillo.lock.claim``, created with ``O_EXCL``: one process at a time checks and writes the record."""

    def __init__(self, home: Path) -> None:
        self.path = home / CLAIM_NAME

    def __enter__(self) -> "_Claim":
        deadline = time.monotonic() + 2 * CLAIM_STALE_S
        while True:
            try:
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
                return self
            except FileExistsError:
                try:
                    if time.time() - self.path.stat().st_mtime > CLAIM_STALE_S:
                        self.path.unlink()
                        continue
                except FileNotFoundError:
                    continue
            if time.monotonic() > deadline:
                raise StoreBusy(f"the data folder {self.path.parent} is in use by another Ovillo",
                                hint="Wait for it to finish, or close it.")
            time.sleep(0.05)

    def __exit__(self, *exc: object) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass


def socket_path(home: Path) -> Path | None:
    """Where the holder of ``home`` listens: a private runtime folder (0700, ours), short enough for AF_UNIX.

    Not the data folder itself: its path can be longer than an AF_UNIX address may be.
    """
    uid = current_uid()
    if uid < 0:
        return None
    name = hashlib.sha256(str(home.resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:24] + ".sock"
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    folders = [Path(runtime) / "ovillo"] if runtime else []
    folders.append(Path(tempfile.gettempdir()) / f"ovillo-{uid}")
    for folder in folders:
        try:
            folder.mkdir(mode=0o700, exist_ok=True)
            st = os.lstat(folder)
        except OSError:
            continue
        # someone else's folder, or one others can write into, could hand us their socket
        if stat.S_ISDIR(st.st_mode) and st.st_uid == uid and not st.st_mode & 0o077:
            path = folder / name
            if len(os.fsencode(str(path))) <= MAX_SOCKET_PATH:
                return path
    return None
