"""What this operating system offers Ovillo, probed in one place: locks, local sockets, process features.

Linux has everything Ovillo uses. Windows has no ``fcntl`` (a byte lock through ``msvcrt`` instead),
no ``AF_UNIX`` in CPython's ``socket`` module, no user ids, no ``os.nice``, no ``/proc``, no
``pread`` and fewer signals; macOS has no ``SO_PEERCRED`` and no ``/proc``. Every call site asks
here and takes the fallback named beside each probe, so a missing facility is a slower or plainer
path (said in a debug log), never an ``AttributeError``. installers/README.md says what was verified where.

``OVILLO_PLATFORM_WITHOUT`` (comma-separated names from :data:`FEATURES`) makes a Linux machine act as
if a facility were absent, in this process and its children: the tests use it to run the other
systems' paths with real processes.
"""

from __future__ import annotations

import importlib
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
try:
    msvcrt: Any = importlib.import_module("msvcrt")  # typed loosely: its stubs exist only on Windows
except ImportError:  # everywhere but Windows
    msvcrt = None

log = logging.getLogger(__name__)

#: the facilities a test (or a curious developer) may switch off with ``OVILLO_PLATFORM_WITHOUT``
FEATURES = frozenset({"flock", "msvcrt", "af_unix", "peercred", "uid", "nice", "proc", "thread_nice",
                      "pread", "malloc_trim", "posix_modes"})  # "pread": positional reads and writes
WITHOUT_ENV = "OVILLO_PLATFORM_WITHOUT"
WINDOWS = sys.platform == "win32"
LINUX = sys.platform.startswith("linux")
#: the byte msvcrt locks: far past any holder record, since Windows byte locks also stop others reading
MSVCRT_LOCK_OFFSET = 1 << 30


def without(feature: str) -> bool:
    """True when ``feature`` was switched off through :data:`WITHOUT_ENV`."""
    return feature in {f.strip() for f in os.environ.get(WITHOUT_ENV, "").split(",")}


# -- files: an exclusive lock a dead process cannot keep ----------------------------------------------------
def lock_kind() -> str:
    """``"flock"`` (Linux, macOS), ``"msvcrt"`` (Windows), else ``"record"``: no kernel lock, only the
    holder's record with its PID, checked by the next process (see :mod:`core.store.holder`)."""
    if fcntl is not None and hasattr(fcntl, "flock") and not without("flock"):
        return "flock"
    if msvcrt is not None and hasattr(msvcrt, "locking") and not without("msvcrt"):
        return "msvcrt"
    return "record"


def try_lock(fd: int) -> bool:
    """Take an exclusive lock on the open file ``fd`` without waiting: True when taken, False when another
    process holds it. Closing ``fd`` (or the process ending) lets it go. Raises ``OSError`` for other
    failures and ``RuntimeError`` when :func:`lock_kind` is ``"record"``."""
    kind = lock_kind()
    if kind == "flock":
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
    if kind == "msvcrt":
        os.lseek(fd, MSVCRT_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:  # EACCES/EDEADLOCK: held by another process
            return False
        return True
    raise RuntimeError("no file locks on this system")


def unlock(fd: int) -> None:
    """Let go of :func:`try_lock`'s lock before ``fd`` is closed (Windows asks for it; flock needs nothing)."""
    if lock_kind() == "msvcrt":
        try:
            os.lseek(fd, MSVCRT_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass  # closing the handle drops it anyway


def read_at(fd: int, size: int, offset: int) -> bytes:
    """``os.pread``, or seek-and-read where there is none (Windows)."""
    if hasattr(os, "pread") and not without("pread"):
        return os.pread(fd, size, offset)
    os.lseek(fd, offset, os.SEEK_SET)
    return os.read(fd, size)


def write_at(fd: int, data: bytes, offset: int) -> None:
    """``os.pwrite``, or seek-and-write where there is none (Windows)."""
    if hasattr(os, "pwrite") and not without("pread"):
        os.pwrite(fd, data, offset)
        return
    os.lseek(fd, offset, os.SEEK_SET)
    os.write(fd, data)


# -- processes and users -----------------------------------------------------------------------------------
def current_uid() -> int:
    """This process's user id; -1 where there are none (Windows)."""
    getuid = getattr(os, "getuid", None)
    return -1 if getuid is None or without("uid") else int(getuid())


def is_superuser() -> bool:
    """True when running as root (never on a system without uids)."""
    geteuid = getattr(os, "geteuid", None)
    return geteuid is not None and not without("uid") and geteuid() == 0


def pid_alive(pid: int) -> bool:
    """True while process ``pid`` exists (another user's included).

    Not ``os.kill(pid, 0)`` on Windows: there it terminates the process.
    """
    if pid <= 0:
        return False
    if WINDOWS:
        return _windows_pid_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # alive, another user's
    except OSError:
        return False
    return True


def _windows_pid_alive(pid: int) -> bool:  # pragma: no cover - Windows only, not run here
    import ctypes

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined,unused-ignore]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return ctypes.get_last_error() == 5  # type: ignore[attr-defined,unused-ignore]  # denied: it exists
    try:
        code = ctypes.c_ulong()
        return not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)) or code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def signal_name_words(words: dict[str, str]) -> dict[int, str]:
    """``{"SIGKILL": "…"}`` as ``{9: "…"}``, leaving out the signals this system does not have (Windows)."""
    return {int(getattr(signal, name)): text for name, text in words.items() if hasattr(signal, name)}


def lower_priority(step: int) -> bool:
    """Make this whole process ``step`` nicer; False (and a debug line) where there is no ``os.nice``."""
    nice = getattr(os, "nice", None)
    if nice is None or without("nice"):
        log.debug("no os.nice here: this process runs at normal priority")
        return False
    try:
        nice(step)
    except OSError as exc:
        log.debug("os.nice refused (%s): this process runs at normal priority", exc)
        return False
    return True


def lower_thread_priority(by: int = 0, at_least: int = 0) -> bool:
    """Raise the calling thread's nice value (by ``by``, and to at least ``at_least``; at most 19).

    Only Linux gives a thread a nice value of its own (by native id); elsewhere False, and the caller
    uses its toolkit's thread priority or none. Lowering is always allowed, so False there also
    means a sandbox refused it: the work runs the same, at normal priority.
    """
    if not LINUX or without("thread_nice") or not hasattr(os, "setpriority"):
        return False
    tid = threading.get_native_id()
    try:
        now = os.getpriority(os.PRIO_PROCESS, tid)
        target = min(19, max(now + by, at_least))
        if target > now:
            os.setpriority(os.PRIO_PROCESS, tid, target)
    except OSError:
        return False
    return True


def exit_with_parent(poll_s: float = 0.5, exit_code: int = 70,
                     on_orphan: Callable[[int], object] = os._exit) -> None:
    """Make this child process end when its parent process does, on every system.

    A daemon thread waits on multiprocessing's sentinel for the parent (the pipe whose other end
    the parent holds ends, or on Windows its process handle is signalled, when it dies), else polls
    the parent PID every ``poll_s``. Not Linux's ``PR_SET_PDEATHSIG``: that fires when the *thread*
    that started the child ends, and the window's answer thread expires after 30 s idle, so it killed
    the loaded model between questions.
    The thread needs the GIL, which a child blocked in llama.cpp's native code does not hold.
    """
    import multiprocessing
    from multiprocessing.connection import wait

    parent = multiprocessing.parent_process()
    sentinel = getattr(parent, "sentinel", None)
    ppid = os.getppid()

    def watch() -> None:
        if sentinel is not None:
            try:
                wait([sentinel])
            except OSError:
                pass
        else:
            while os.getppid() == ppid and pid_alive(ppid):
                time.sleep(poll_s)
        on_orphan(exit_code)

    threading.Thread(target=watch, name="ovillo-parent-watch", daemon=True).start()


# -- local sockets -------------------------------------------------------------------------------------------
def holder_socket_missing() -> str | None:
    """Why the holder of a data folder cannot answer other processes here (None: it can).

    Its socket is an ``AF_UNIX`` one in a folder only its user may enter, and each peer's uid is
    checked with ``SO_PEERCRED``: without any of the three (Windows: none; macOS: no ``SO_PEERCRED``)
    the holder does not serve, and a second process waits for it or says it is busy.
    """
    why = None
    if not hasattr(socket, "AF_UNIX") or without("af_unix"):
        why = "this system has no AF_UNIX sockets"
    elif not hasattr(socket, "SO_PEERCRED") or without("peercred"):
        why = "this system cannot tell who is at the other end of a socket (no SO_PEERCRED)"
    elif current_uid() < 0:
        why = "this system has no user ids"
    if why is not None:
        log.debug("the holder of a data folder does not answer other processes here: %s", why)
    return why


def unix_sockets() -> bool:
    """True when ``socket.AF_UNIX`` exists (a client can reach a holder that serves)."""
    return hasattr(socket, "AF_UNIX") and not without("af_unix")


# -- files' permission bits and the machine's memory --------------------------------------------------------
def posix_permissions() -> bool:
    """True where a file's mode bits decide who may read it (not Windows: there ``chmod`` only sets
    read-only, and the folder's ACL, a per-user profile folder for Ovillo's defaults, keeps others out)."""
    return os.name == "posix" and not without("posix_modes")


def physical_memory() -> int | None:
    """The machine's memory in bytes; None where ``sysconf`` cannot tell (Windows)."""
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (AttributeError, ValueError, OSError):
        return None


# -- the C library and /proc -----------------------------------------------------------------------------
def mount_table() -> str | None:
    """``/proc/self/mounts`` (Linux); None where there is no /proc (macOS, Windows, a sandbox)."""
    if without("proc"):
        return None
    try:
        return Path("/proc/self/mounts").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def trim_malloc() -> bool:
    """Have glibc return free heap pages to the system; False elsewhere (macOS, Windows, musl)."""
    if not LINUX or without("malloc_trim"):
        return False
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        return False
    return True
