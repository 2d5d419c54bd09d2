"""Typed progress events and the cancel token that long core work honours.

Long operations are generators yielding :class:`Progress`; a front end drives
them (CLI loop or GUI worker) and can cancel through a :class:`CancelToken`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TypeVar

from core.errors import Cancelled

E = TypeVar("E")
R = TypeVar("R")


class CancelToken:
    """Thread-safe flag checked by core loops between units of work."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        """Ask the operation to stop at its next check."""
        self._event.set()

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return self._event.is_set()

    def check(self) -> None:
        """Raise :class:`Cancelled` if cancellation was requested."""
        if self._event.is_set():
            raise Cancelled("cancelled")


@dataclass(frozen=True)
class Progress:
    """One step of a long operation.

    ``done``/``total`` count units of ``unit`` (files, chunks, …); ``total`` may
    be ``None`` while unknown. ``item`` names what is being worked on.
    """

    stage: str
    done: int
    total: int | None
    unit: str = "items"
    item: str = ""
    message: str = ""
    eta_s: float | None = None
    ts: float = field(default_factory=time.monotonic)


class EtaClock:
    """Estimates remaining time from the rate so far (simple, honest, no smoothing magic)."""

    def __init__(self) -> None:
        self._start = time.monotonic()

    def eta(self, done: int, total: int | None) -> float | None:
        """Seconds left, or None while the rate is unknown."""
        if not total or done <= 0:
            return None
        elapsed = time.monotonic() - self._start
        return max(0.0, elapsed / done * (total - done))


def drive(work: Generator[E, None, R], on_event: Callable[[E], None] | None = None) -> R:
    """Run a core generator to its end, handing each event it yields to ``on_event``; its return value."""
    while True:
        try:
            event = next(work)
        except StopIteration as stop:
            return stop.value
        if on_event is not None:
            on_event(event)
