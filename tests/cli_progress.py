"""Kill the real CLI at a chosen step of its progress, read from the line it draws on a terminal.

Kills at fixed delays missed the moments that matter on a fast or an idle machine (every kill
before the store existed or after the last commit), so the crash tests key each kill to the
progress the CLI itself reports: its standard error is a pseudo-terminal, where ``core.cli``
draws one progress line per event, and the test sends SIGKILL the moment a line it waits for
appears. The CLI's generator is suspended at that event until the line is written, so the kill
lands at that step, not some time later.
"""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

# core.cli._progress_line: "{stage:>7} [{bar}] {done}[/{total}] {unit}[ ETA m:ss] {item}" after "\r\033[K"
_MARK = b"\r\x1b[K"
_LINE = re.compile(rb"\r\x1b\[K\s*(\w+) \[[^\]]*\] (\d+)(?:/(\d+))? (\w+) ")


@dataclass(frozen=True)
class Step:
    """One progress event as the CLI drew it."""

    stage: str
    done: int
    total: int | None
    unit: str


def kill_at(cmd: Sequence[str], when: Callable[[Step], bool], *, cwd: Path, env: dict[str, str],
            timeout_s: float = 600.0) -> Step | None:
    """Run ``cmd`` and SIGKILL it at the first progress step ``when`` accepts.

    Returns that step, or None when the command ended first (its exit code is then checked here:
    a command that failed is a failure of the test, not a missed moment).
    """
    master, slave = pty.openpty()
    proc = subprocess.Popen(list(cmd), cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=slave)
    os.close(slave)
    buf, judged = b"", False  # buf: from the last line drawn; judged: that line was already offered
    deadline = time.monotonic() + timeout_s
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 1.0)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the child closed its end (it ended)
                break
            if not chunk:
                break
            buf += chunk
            starts = [m.start() for m in re.finditer(re.escape(_MARK), buf)]
            for i, start in enumerate(starts):
                if i == 0 and judged and start == 0:
                    continue
                m = _LINE.match(buf, start)
                if m is None:  # not all of this line has arrived yet (or it is not a progress line)
                    judged = False
                    continue
                judged = True
                step = Step(m[1].decode(), int(m[2]), int(m[3]) if m[3] else None, m[4].decode())
                if when(step):
                    os.kill(proc.pid, signal.SIGKILL)
                    proc.wait(60)
                    return step
            if starts:
                buf = buf[starts[-1]:]
        else:
            raise AssertionError(f"no progress step accepted in {timeout_s:.0f} s: {cmd}")
        assert proc.wait(60) == 0, f"the command failed before the kill: {cmd}"
        return None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(60)
        os.close(master)
