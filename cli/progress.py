"""Long core work on a terminal: a redrawn progress line, and Ctrl-C as a clean cancel."""

from __future__ import annotations

import re
import signal
from collections.abc import Generator
from pathlib import Path
from types import FrameType
from typing import TextIO, TypeVar

from cli.text import clear_line, redraw, say
from core.api import CancelToken, Progress, drive

T = TypeVar("T")
# what :func:`progress_line` draws, read back: stage, done, total (optional) and unit; programs that
# watch the terminal (the crash tests) read the line with this, not with a copy of the format
PROGRESS_LINE = re.compile(r"\s*(\w+) \[[^\]]*\] (\d+)(?:/(\d+))? (\w+) ")


def run_with_progress(gen: Generator[Progress, None, T], cancel: CancelToken, out: TextIO) -> T:
    """Run a core generator, drawing a progress line on a terminal; Ctrl-C cancels cleanly."""
    tty = out.isatty()

    def on_sigint(signum: int, frame: FrameType | None) -> None:
        if cancel.cancelled:
            raise KeyboardInterrupt
        cancel.cancel()
        say("", "stopping after the current step… (Ctrl-C again to abort)", sep="\n", file=out)

    old = signal.signal(signal.SIGINT, on_sigint)
    try:
        result = drive(gen, (lambda ev: redraw(progress_line(ev), out)) if tty else None)
        if tty:
            clear_line(out)
        return result
    finally:
        signal.signal(signal.SIGINT, old)


def progress_line(ev: Progress) -> str:
    """One terminal line for a progress event: stage, bar, count, ETA and the item."""
    width = 24
    if ev.total:
        frac = min(1.0, ev.done / ev.total)
        bar = "█" * int(frac * width) + "·" * (width - int(frac * width))
        count = f"{ev.done}/{ev.total} {ev.unit}"
    else:
        bar, count = "·" * width, f"{ev.done} {ev.unit}"
    eta = f" ETA {int(ev.eta_s // 60)}:{int(ev.eta_s % 60):02d}" if ev.eta_s is not None else ""
    item = Path(ev.item).name if ev.item else ev.message
    return f"{ev.stage:>7} [{bar}] {count}{eta} {item[:40]}"
