"""Letting the import-only models go once imports have been idle a while (issue #32, memory).

The OCR engine, the image encoder and the text encoder's batch buffers are most of the window's
memory after an import (docs/benchmarks.md, memory) and only imports use them; a minute after the
last import or sync ended the window has core let them go (``Ovillo.release_idle_models``), and the
next import loads them again.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from app.ops import Ops

#: how long after an import or a sync ended the models are let go (a second import soon after the
#: first pays no reload)
IDLE_MS = 60_000
#: the writes that load import-only models (saving an object follows a lookup that loaded the image encoder)
_LOADING = frozenset({"ingest", "sync", "save_object"})


class IdleRelease(QObject):
    """Starts its single-shot timer when an import, a sync or an object's saving ends; on timeout, unless
    one runs again, releases the models on the writer thread (so never beside another write)."""

    released = Signal(object)  # the names core let go (for tests and the log)

    def __init__(self, ops: Ops, interval_ms: int = IDLE_MS) -> None:
        super().__init__(ops)
        self._ops = ops
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self._release)
        ops.write_ended.connect(self._ended)

    def _ended(self, name: str) -> None:
        if name in _LOADING:
            self.timer.start()  # restarts: the minute counts from the last one's end

    def _release(self) -> None:
        if any(w.name in _LOADING and not w.done for w in list(self._ops.pools.live)):
            return  # one started meanwhile: its end starts the timer again
        release = getattr(self._ops.ovillo, "release_idle_models", None)
        if release is None:  # another process's folder (RemoteOvillo): its models are its own
            return
        self._ops.run(lambda _t: release(), write=True, on_result=self.released.emit,
                      on_error=lambda _exc: None, name="release models")  # best effort: never a dialog
