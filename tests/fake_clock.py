"""The kiosk lock-out's clocks, moved by a test instead of sleeping (unit and GUI tests share it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class FakeClock:
    """Both clocks, moved by hand; ``wall`` may be set backwards or forwards like a real one."""

    now: float = 1_750_000_000.0
    mono: float = 1_000.0

    def wall(self) -> float:
        return self.now

    def monotonic(self) -> float:
        return self.mono

    def advance(self, seconds: float) -> None:
        self.now += seconds
        self.mono += seconds
