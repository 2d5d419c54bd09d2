"""Event-loop stall meter for the window: a 10 ms timer records the gap between its ticks.

The largest gap is the longest the window could not repaint or react to input. Used by the
responsiveness benchmark (``scripts/bench/responsiveness.py``, which reports the figures) and
the GUI test (which only checks that ticks kept arriving); nothing in the product uses it.

With ``stacks`` given, a watchdog thread that needs no GIL (:mod:`faulthandler`) writes every
thread's Python stack to that file whenever a tick is more than ``dump_after_s`` late: a thread
holding the GIL shows up there, which a Python-level sampler can never see. That is how the
stalls measured on this machine were traced (langid loading its tables, ONNX threads spinning,
twenty result cards laid out at once).
"""

from __future__ import annotations

import faulthandler
import time
from pathlib import Path
from typing import IO

from PySide6.QtCore import QTimer

TICK_MS = 10
STALL_MS = 100.0  # the budget for the window's event loop


class StallMeter:
    """Records ``(time, gap_ms)`` for every tick of a 10 ms timer from :meth:`start` to :meth:`stop`."""

    def __init__(self, stacks: Path | None = None, dump_after_s: float = 0.11) -> None:
        self.ticks: list[tuple[float, float]] = []  # (monotonic time of the tick, ms since the previous one)
        self._stacks_path = stacks
        self._stacks: IO[str] | None = None
        self._dump_after_s = dump_after_s
        self._last = 0.0
        self.timer = QTimer(interval=TICK_MS)
        self.timer.timeout.connect(self._tick)

    def start(self) -> "StallMeter":
        """Start ticking (returns self)."""
        self.ticks.clear()
        if self._stacks_path is not None:
            self._stacks = self._stacks_path.open("w", encoding="utf-8")
        self._last = time.monotonic()
        self.timer.start()
        return self

    def _tick(self) -> None:
        now = time.monotonic()
        self.ticks.append((now, (now - self._last) * 1000))
        self._last = now
        if self._stacks is not None:  # re-armed every tick: fires only when a tick is late
            faulthandler.dump_traceback_later(self._dump_after_s, file=self._stacks)

    def stop(self) -> dict[str, float]:
        """Stop ticking; the summary of every gap recorded (see :func:`summarise`)."""
        self.timer.stop()
        if self._stacks is not None:
            faulthandler.cancel_dump_traceback_later()
            self._stacks.close()
            self._stacks = None
        return summarise([g for _, g in self.ticks])

    def gaps_between(self, t0: float, t1: float) -> list[float]:
        """The gaps of the ticks that arrived in ``[t0, t1]`` (monotonic times)."""
        return [g for t, g in self.ticks if t0 <= t <= t1]


def summarise(gaps: list[float]) -> dict[str, float]:
    """ticks, max, nearest-rank p99 and median (ms), and how many gaps exceed :data:`STALL_MS`."""
    g = sorted(gaps) or [0.0]
    p99 = g[max(0, min(len(g) - 1, -(-len(g) * 99 // 100) - 1))]
    return {"ticks": len(gaps), "max_ms": round(g[-1], 1), "p99_ms": round(p99, 1),
            "median_ms": round(g[len(g) // 2], 1), "over_100ms": sum(1 for x in g if x > STALL_MS)}
