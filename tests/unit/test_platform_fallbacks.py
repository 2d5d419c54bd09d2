"""Windows' and macOS's paths, run on Linux: each facility Ovillo uses is switched off and the fallback
(core/platform_support.py) is taken, or a typed error with its message id is raised, never an AttributeError.

The last tests use real processes: the data folder's lock without any kernel lock, and the answer
model's child ending with its parent without a parent-death signal.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

import core.platform_support as ps
from core.store.holder import CLAIM_NAME, LOCK_NAME, HolderInfo, HolderLock, StoreBusy, read_holder, socket_path

REPO = Path(__file__).resolve().parents[2]


def _no_kernel_locks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ps, "fcntl", None)
    monkeypatch.setattr(ps, "msvcrt", None)


def _other_process() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])


def _gone(pid: int, within_s: float) -> bool:
    """True once ``pid`` is gone (a zombie counts: it no longer runs, whoever should reap it)."""
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.1)
    return False


# -- the probes ----------------------------------------------------------------------------------------------
def test_switching_a_feature_off_by_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ps.lock_kind() == "flock" and ps.holder_socket_missing() is None  # this Linux has them all
    monkeypatch.setenv(ps.WITHOUT_ENV, "flock, af_unix")
    assert ps.lock_kind() == "record"  # no msvcrt on Linux either
    assert ps.holder_socket_missing() == "this system has no AF_UNIX sockets"
    assert not ps.unix_sockets()


def test_no_fcntl_takes_msvcrt_then_the_record(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ps, "fcntl", None)
    monkeypatch.setattr(ps, "msvcrt", SimpleNamespace(locking=lambda *a: None, LK_NBLCK=2, LK_UNLCK=0))
    assert ps.lock_kind() == "msvcrt"
    monkeypatch.setattr(ps, "msvcrt", None)
    assert ps.lock_kind() == "record"
    with pytest.raises(RuntimeError):
        ps.try_lock(0)


def test_no_af_unix_or_no_peer_credentials_or_no_uids(monkeypatch: pytest.MonkeyPatch,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.delattr(socket, "SO_PEERCRED")
    with caplog.at_level(logging.DEBUG, logger="core.platform_support"):
        assert "no SO_PEERCRED" in (ps.holder_socket_missing() or "")  # macOS
    assert "does not answer other processes here" in caplog.text
    monkeypatch.delattr(socket, "AF_UNIX")
    assert ps.holder_socket_missing() == "this system has no AF_UNIX sockets"  # Windows
    monkeypatch.delattr(os, "getuid")
    monkeypatch.delattr(os, "geteuid")
    assert ps.current_uid() == -1 and not ps.is_superuser()
    assert socket_path(Path("/tmp/anywhere")) is None


def test_no_nice_runs_at_normal_priority_and_says_so(monkeypatch: pytest.MonkeyPatch,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.delattr(os, "nice")
    with caplog.at_level(logging.DEBUG, logger="core.platform_support"):
        assert ps.lower_priority(5) is False
    assert "no os.nice here: this process runs at normal priority" in caplog.text
    monkeypatch.setattr(ps, "LINUX", False)  # macOS, Windows: no per-thread nice, no malloc_trim
    assert ps.lower_thread_priority(at_least=10) is False
    assert ps.trim_malloc() is False


def test_without_a_parent_sentinel_the_parent_pid_is_watched(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    dead = _other_process()
    dead.kill()
    dead.wait()
    orphaned = threading.Event()
    monkeypatch.setattr(os, "getppid", lambda: dead.pid)  # this process's parent has just died
    ps.exit_with_parent(poll_s=0.05, on_orphan=lambda code: orphaned.set())  # pytest has no parent_process()
    assert orphaned.wait(5)


def test_no_proc_gives_the_fixed_list_of_pseudo_filesystems(monkeypatch: pytest.MonkeyPatch) -> None:
    from core.ingest import walk

    monkeypatch.setenv(ps.WITHOUT_ENV, "proc")
    walk._pseudo_mounts.cache_clear()
    try:
        assert ps.mount_table() is None
        assert walk._pseudo_mounts() == ("/proc", "/sys", "/dev")
        assert walk.on_pseudo_fs(Path("/proc/self/status"))
    finally:
        walk._pseudo_mounts.cache_clear()


def test_no_positional_io_seeks_instead(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delattr(os, "pread")
    monkeypatch.delattr(os, "pwrite")
    fd = os.open(tmp_path / "f", os.O_RDWR | os.O_CREAT)
    try:
        ps.write_at(fd, b"holder", 0)
        ps.write_at(fd, b"H", 0)
        assert ps.read_at(fd, 100, 0) == b"Holder"
    finally:
        os.close(fd)


def test_signals_missing_here_are_left_out_of_the_death_reasons(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(signal, "SIGKILL")
    monkeypatch.delattr(signal, "SIGBUS")
    words = ps.signal_name_words({"SIGKILL": "killed", "SIGBUS": "bus", "SIGTERM": "terminated"})
    assert words == {int(signal.SIGTERM): "terminated"}


def test_without_mode_bits_the_data_folder_is_not_retightened_and_memory_may_be_unknown(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from core.private import make_private
    from core.store.connection import memory_limit_mib

    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0o755)  # explicit: an Ovillo opened earlier in this process left the umask at 077
    (home / "settings.json").write_text("{}", encoding="utf-8")
    (home / "settings.json").chmod(0o644)
    monkeypatch.setenv(ps.WITHOUT_ENV, "posix_modes")  # Windows: chmod sets only read-only; ACLs decide
    assert make_private(home) == 0
    assert (home / "settings.json").stat().st_mode & 0o777 == 0o644
    monkeypatch.delenv(ps.WITHOUT_ENV)
    assert make_private(home) == 2  # the folder and the file
    assert (home / "settings.json").stat().st_mode & 0o777 == 0o600
    assert memory_limit_mib() is not None
    monkeypatch.delattr(os, "sysconf")
    assert ps.physical_memory() is None and memory_limit_mib() is None  # DuckDB's own default then


def test_a_dead_pid_is_not_alive() -> None:
    proc = _other_process()
    assert ps.pid_alive(proc.pid)
    proc.kill()
    proc.wait()
    assert not ps.pid_alive(proc.pid) and not ps.pid_alive(0) and not ps.pid_alive(-1)


# -- the data folder's lock ----------------------------------------------------------------------------------
def test_the_msvcrt_lock_is_taken_past_the_record_and_released(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    import fcntl

    calls: list[tuple[int, int]] = []

    def locking(fd: int, mode: int, nbytes: int) -> None:  # Windows' byte lock, played by flock
        calls.append((mode, os.lseek(fd, 0, os.SEEK_CUR)))
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB if mode == 2 else fcntl.LOCK_UN)

    monkeypatch.setattr(ps, "fcntl", None)
    monkeypatch.setattr(ps, "msvcrt", SimpleNamespace(locking=locking, LK_NBLCK=2, LK_UNLCK=0))
    lock = HolderLock.acquire(tmp_path, "ingest demo")
    assert lock is not None
    assert HolderLock.acquire(tmp_path, "window") is None  # this very process holds it already
    assert read_holder(tmp_path) == lock.info  # the record stays readable beside the locked byte
    lock.release()
    assert calls[0] == (2, ps.MSVCRT_LOCK_OFFSET) and calls[-1] == (0, ps.MSVCRT_LOCK_OFFSET)
    again = HolderLock.acquire(tmp_path, "window")
    assert again is not None
    again.release()


def test_without_kernel_locks_a_live_holder_s_record_is_busy(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    _no_kernel_locks(monkeypatch)
    other = _other_process()
    try:
        record = HolderInfo(other.pid, "2026-01-01T00:00:00+00:00", "ingest demo").to_json()
        (tmp_path / LOCK_NAME).write_text(json.dumps(record), encoding="utf-8")
        with pytest.raises(StoreBusy) as busy:
            HolderLock.acquire(tmp_path, "window")
        assert busy.value.code == "store.busy" and busy.value.pid == other.pid
        assert busy.value.params["holder"] == f"the Ovillo that is importing (PID {other.pid})"
        assert busy.value.hint_code == "hint.store_record_lock"  # how to get out of a reused PID
        assert not (tmp_path / CLAIM_NAME).exists()
    finally:
        other.kill()
        other.wait()
    lock = HolderLock.acquire(tmp_path, "window")  # the record names a dead PID now: taken over
    assert lock is not None and lock.took_over is not None and lock.took_over.pid == other.pid
    assert HolderLock.acquire(tmp_path, "window") is None  # ourselves, through another facade
    lock.release()
    assert (tmp_path / LOCK_NAME).read_text() == ""


def test_a_stale_claim_is_cleared_and_a_fresh_one_waited_for(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    import core.store.holder as holder

    _no_kernel_locks(monkeypatch)
    claim = tmp_path / CLAIM_NAME
    claim.touch()
    os.utime(claim, (time.time() - 60, time.time() - 60))  # left by a process that died writing its record
    lock = HolderLock.acquire(tmp_path, "window")
    assert lock is not None and not claim.exists()
    lock.release()
    monkeypatch.setattr(holder, "CLAIM_STALE_S", 0.5)
    claim.touch()  # another process is writing its record right now: wait for it (here it never finishes)
    t0 = time.monotonic()
    lock = HolderLock.acquire(tmp_path, "window")
    assert lock is not None and time.monotonic() - t0 >= 0.4
    lock.release()


# -- the holder's socket -------------------------------------------------------------------------------------
def test_without_af_unix_the_holder_does_not_serve_and_a_client_is_told_why(monkeypatch: pytest.MonkeyPatch) -> None:
    from core.remote import HolderGone, RemoteOvillo, Server

    monkeypatch.delattr(socket, "AF_UNIX")
    assert Server.start(object(), object()) is None  # type: ignore[arg-type]  # nothing of either is touched
    with pytest.raises(HolderGone) as gone:
        RemoteOvillo(HolderInfo(1, "", "window", socket="/run/user/1/ovillo/x.sock"))
    assert gone.value.code == "store.holder_unreachable"
    assert str(gone.value) == "the Ovillo that is open in a window (PID 1) cannot be asked: this system has no " \
                              "AF_UNIX sockets"


# -- real processes, fallbacks forced --------------------------------------------------------------------------
HOLD = textwrap.dedent("""
    import sys, time
    from core.api import Ovillo
    app = Ovillo(sys.argv[1], doing="ingest demo")
    print("held", flush=True)
    time.sleep(60)
""")


def test_the_data_folder_lock_works_across_processes_without_flock_or_sockets(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), ps.WITHOUT_ENV: "flock,msvcrt,af_unix"}
    home = tmp_path / "home"
    with subprocess.Popen([sys.executable, "-c", HOLD, str(home)], env=env, cwd=REPO, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL) as holder:
        try:
            assert holder.stdout is not None and holder.stdout.readline() == b"held\n"
            info = read_holder(home)
            assert info is not None and info.pid == holder.pid and info.socket is None  # no socket served
            second = subprocess.run([sys.executable, "-m", "cli", "--home", str(home), "status", "--no-wait"],
                                    env=env, cwd=REPO, capture_output=True, text=True, timeout=120)
            assert second.returncode == 75, second.stderr
            assert f"the data folder {home} is in use by the Ovillo that is importing (PID {holder.pid})" \
                in second.stderr
        finally:
            holder.kill()
    after = subprocess.run([sys.executable, "-m", "cli", "--home", str(home), "status", "--no-wait"], env=env,
                           cwd=REPO, capture_output=True, text=True, timeout=120)
    assert after.returncode == 0, after.stderr  # a killed holder's record is taken over


PARENT = textwrap.dedent("""
    import threading, time
    from core.models.generator_process import GeneratorSpec, ProcessGenerator
    gen = ProcessGenerator(GeneratorSpec("tests.crashing_generators:hanging"), name="hanging", stall_s=600)
    print(gen.pid, flush=True)
    threading.Thread(target=gen.yes_probability, args=([],), daemon=True).start()  # the child hangs in it
    time.sleep(0.5)
    print("asked", flush=True)
    time.sleep(60)
""")


def test_the_answer_model_child_ends_with_its_parent_while_busy(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), ps.WITHOUT_ENV: "nice"}
    with subprocess.Popen([sys.executable, "-c", PARENT], env=env, cwd=REPO, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL) as parent:
        try:
            assert parent.stdout is not None
            child = int(parent.stdout.readline())
            assert parent.stdout.readline() == b"asked\n"
            assert ps.pid_alive(child) and not _gone(child, 0.5)  # busy in a request, not reading its pipe
        finally:
            parent.kill()  # SIGKILL: the parent runs no clean-up of its own
    assert _gone(child, 10), "the answer model outlived its parent"


def test_the_answer_model_child_outlives_the_thread_that_started_it() -> None:
    """The window's answer thread expires between questions: the loaded model must stay (PR_SET_PDEATHSIG,
    tied to the starting thread, killed it)."""
    import threading

    from core.models.generator_process import GeneratorSpec, ProcessGenerator

    box: list[ProcessGenerator] = []
    starter = threading.Thread(target=lambda: box.append(
        ProcessGenerator(GeneratorSpec("tests.crashing_generators:slow", {"delay_s": 0.01}), name="slow")))
    starter.start()
    starter.join()
    gen = box[0]
    try:
        pid = gen.pid
        time.sleep(1.0)
        assert gen.pid == pid  # the same child, alive
        assert gen.yes_probability([]) == 0.9 and gen.starts == 1
    finally:
        gen.close()
