"""Signal the real CLI at a chosen step of its progress, read from the line it draws on a terminal.

Signals at fixed delays missed the moments that matter on a fast or an idle machine (every kill
before the store existed or after the last commit), so the crash tests key each kill or Ctrl-C
to the progress the CLI itself reports: its standard error is a pseudo-terminal, where
``cli.progress`` draws one progress line per event, and the test sends the signal the moment a line
it waits for appears. The CLI goes on once the line is written, so the signal lands a few
milliseconds after that step: a test that needs it to land before the next commit makes the steps
between commits long (small embedding batches).
"""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from cli.progress import PROGRESS_LINE
from cli.text import REDRAW

_MARK = REDRAW.encode()
_LINE = re.compile(re.escape(_MARK) + PROGRESS_LINE.pattern.encode())


@dataclass(frozen=True)
class Step:
    """One progress event as the CLI drew it."""

    stage: str
    done: int
    total: int | None
    unit: str


@dataclass(frozen=True)
class Run:
    """How a signalled command ended."""

    step: Step | None  # the step the signal was sent at (None: the command ended first)
    returncode: int
    stdout: str
    terminal: str  # everything it drew on its standard error


class StepReader:
    """The progress steps in what a terminal received, however its reads split the lines.

    One read often holds several lines (a batch's files are drawn together) and may end inside
    one; a line is offered once, when it is complete."""

    def __init__(self) -> None:
        self._drawn = bytearray()
        self._start = 0  # where the last line seen starts
        self._judged = False  # whether that line was complete (already offered)

    def feed(self, chunk: bytes) -> list[Step]:
        """Take the next bytes read; return the steps they completed, in order."""
        self._drawn += chunk
        steps: list[Step] = []
        base = self._start  # the marks' offsets are relative to where this search began
        for m in re.finditer(re.escape(_MARK), self._drawn[base:]):
            at = base + m.start()
            if at == self._start and self._judged:
                continue
            line = _LINE.match(self._drawn, at)
            self._start, self._judged = at, line is not None  # an incomplete line is offered again
            if line is not None:
                steps.append(Step(line[1].decode(), int(line[2]), int(line[3]) if line[3] else None,
                                  line[4].decode()))
        return steps

    def text(self) -> str:
        """Everything received."""
        return bytes(self._drawn).decode(errors="replace")


def signal_at(cmd: Sequence[str], when: Callable[[Step], bool], *, cwd: Path, env: dict[str, str],
              sig: int = signal.SIGKILL, timeout_s: float = 600.0) -> Run:
    """Run ``cmd``, send ``sig`` at the first progress step ``when`` accepts, and wait for its end."""
    master, slave = pty.openpty()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(list(cmd), cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=slave)
        os.close(slave)
        reader = StepReader()
        step: Step | None = None
        deadline = time.monotonic() + timeout_s
        try:
            while True:
                if time.monotonic() > deadline:
                    raise AssertionError(f"{'no end' if step else 'no progress step accepted'} in "
                                         f"{timeout_s:.0f} s: {cmd}")
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
                steps = reader.feed(chunk)
                if step is not None:
                    continue  # signalled: only collecting what it draws until it ends
                for got in steps:
                    if when(got):
                        step = got
                        os.kill(proc.pid, sig)
                        break
            code = proc.wait(120)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(60)
            os.close(master)
        out.seek(0)
        return Run(step, code, out.read().decode(errors="replace"), reader.text())


def kill_at(cmd: Sequence[str], when: Callable[[Step], bool], *, cwd: Path, env: dict[str, str],
            timeout_s: float = 600.0) -> Step | None:
    """SIGKILL ``cmd`` at the first progress step ``when`` accepts; that step, or None when the
    command ended first (then it must have succeeded: a failed command fails the test)."""
    run = signal_at(cmd, when, cwd=cwd, env=env, timeout_s=timeout_s)
    if run.step is None:
        assert run.returncode == 0, f"the command failed before the kill: {cmd}\n{run.terminal[-2000:]}"
        return None
    assert run.returncode == -signal.SIGKILL, run.returncode
    return run.step
