"""The kiosk's lock-out after wrong staff PINs, without Qt (the PIN rules and hash: :mod:`app.kiosk_pin`).

After ``LOCK_AFTER`` wrong PINs in a row the keypad takes no PIN for ``FIRST_LOCK_S``,
doubling with each further wrong one up to ``MAX_LOCK_S``; the count lives in
``kiosk_lock.json`` in the data folder, so a restart does not clear it.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Protocol

from app.kiosk_pin import (FIRST_LOCK_S, LOCK_AFTER, LOCK_FILE, MAX_LOCK_S, _store_pin, _verify, _write_atomic,
                           load_config)


class Clock(Protocol):
    """Where the lock-out reads the time (tests pass a fake one instead of sleeping)."""

    def wall(self) -> float:
        """Seconds since the epoch (survives a restart, but may be set backwards or forwards)."""

    def monotonic(self) -> float:
        """A clock nobody can set (meaningful within one run only)."""


class SystemClock:
    """The real clocks."""

    def wall(self) -> float:
        """``time.time()``."""
        return time.time()

    def monotonic(self) -> float:
        """``time.monotonic()``."""
        return time.monotonic()


def lock_seconds(failures: int) -> int:
    """How long the keypad locks after ``failures`` wrong PINs in a row (0: not locked)."""
    if failures < LOCK_AFTER:
        return 0
    return min(FIRST_LOCK_S * 2 ** min(failures - LOCK_AFTER, 16), MAX_LOCK_S)


@dataclass(frozen=True)
class LockState:
    """What ``kiosk_lock.json`` holds: wrong PINs since the last right one, when the last was, locked until when."""

    failures: int = 0
    last_failure: float = 0.0
    locked_until: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The file's content."""
        return {"failures": self.failures, "last_failure": self.last_failure, "locked_until": self.locked_until}

    @classmethod
    def from_json(cls, raw: object) -> LockState:
        """Parse the file's content; ValueError when it is not what :meth:`to_json` writes."""
        if not isinstance(raw, dict):
            raise ValueError("not an object")
        failures, last, until = raw["failures"], raw["last_failure"], raw["locked_until"]
        if (not isinstance(failures, int) or isinstance(failures, bool) or failures < 0
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                           for v in (last, until))):
            raise ValueError("bad values")
        return cls(failures, float(last), float(until))

    def stricter(self, other: LockState) -> LockState:
        """The state that locks at least as long as both."""
        return LockState(max(self.failures, other.failures), max(self.last_failure, other.last_failure),
                         max(self.locked_until, other.locked_until))


class Outcome(Enum):
    """What became of one PIN attempt."""

    ACCEPTED = "accepted"
    WRONG = "wrong"
    LOCKED = "locked"  # refused unchecked: the keypad is locked
    NO_PIN = "no_pin"  # no usable staff PIN is stored (none, or an old-format one)


@dataclass(frozen=True)
class Lock:
    """The wrong PINs in a row so far and the seconds until the keypad takes a PIN again (0: now)."""

    failures: int
    locked_s: float

    @property
    def locked(self) -> bool:
        """True while no PIN is taken."""
        return self.locked_s > 0


@dataclass(frozen=True)
class Attempt:
    """What became of one attempt, and the lock after it."""

    outcome: Outcome
    lock: Lock


class PinGuard:
    """Checks staff PINs for one kiosk, enforcing the lock-out kept in the data folder.

    The state file is read again on every call, so two guards on one folder (or a restarted
    kiosk) share it; this guard also keeps what it saw, so deleting or rolling back the file
    while it runs does not unlock it.
    """

    def __init__(self, home: Path, clock: Clock | None = None) -> None:
        self.home = Path(home)
        self.clock: Clock = clock or SystemClock()
        self._state = LockState()
        self._mono_until = -math.inf
        self.status()

    @property
    def path(self) -> Path:
        """``kiosk_lock.json`` in the data folder."""
        return self.home / LOCK_FILE

    def _read(self, now: float) -> LockState:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return LockState()
        except OSError:
            text = ""
        try:
            return LockState.from_json(json.loads(text))
        except (ValueError, KeyError, TypeError):
            # damaged: we write it atomically, so someone tampered with it; lock as after LOCK_AFTER failures
            damaged = LockState(LOCK_AFTER, now, now + lock_seconds(LOCK_AFTER))
            self._write(damaged)
            return damaged

    def _write(self, state: LockState) -> None:
        try:
            _write_atomic(self.path, state.to_json())
        except OSError:
            pass  # a read-only data folder: the lock still holds for this run (kept in memory)

    def _current(self) -> tuple[LockState, float]:
        """The state (file and memory, whichever is stricter) and the lock's remaining seconds."""
        wall, mono = self.clock.wall(), self.clock.monotonic()
        state = self._state.stricter(self._read(wall))
        if state.last_failure > wall:
            # the clock went back since the last failure: restart that failure's lock, whole, from now
            state = LockState(state.failures, wall, wall + lock_seconds(state.failures))
            self._write(state)
        remaining = max(state.locked_until - wall, self._mono_until - mono, 0.0)
        self._state, self._mono_until = state, mono + remaining
        return state, remaining

    def status(self) -> Lock:
        """The lock right now (attempts nothing)."""
        state, remaining = self._current()
        return Lock(state.failures, remaining)

    def attempt(self, pin: str) -> Attempt:
        """Check ``pin`` unless locked; a wrong one counts and may lock; the right one clears the count."""
        state, remaining = self._current()
        if remaining > 0:
            return Attempt(Outcome.LOCKED, Lock(state.failures, remaining))
        cfg = load_config(self.home)
        if not cfg.has_pin:
            return Attempt(Outcome.NO_PIN, Lock(state.failures, 0.0))
        if _verify(cfg, pin):
            self._state, self._mono_until = LockState(), -math.inf
            self._write(self._state)
            if cfg.params.weaker_than_current():
                _store_pin(self.home, cfg, pin)
            return Attempt(Outcome.ACCEPTED, Lock(0, 0.0))
        wall, mono = self.clock.wall(), self.clock.monotonic()
        failures = state.failures + 1
        lock = lock_seconds(failures)
        self._state = LockState(failures, wall, wall + lock)
        self._mono_until = mono + lock
        self._write(self._state)
        return Attempt(Outcome.WRONG, Lock(failures, float(lock)))


def check_pin(home: Path, pin: str, clock: Clock | None = None) -> bool:
    """True when ``pin`` is the staff PIN and the keypad is not locked (the attempt counts)."""
    return PinGuard(home, clock).attempt(pin).outcome is Outcome.ACCEPTED
