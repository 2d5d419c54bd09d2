"""The kiosk's lock-out after wrong staff PINs, without Qt (the PIN rules and hash: :mod:`app.kiosk_pin`).

After :data:`LOCK_AFTER` wrong PINs in a row the keypad takes no PIN for :data:`FIRST_LOCK_S`,
doubling with each further wrong one up to :data:`MAX_LOCK_S`; while locked no PIN is even
checked, the right one included. The count and the lock live in ``kiosk_lock.json`` in the data
folder (written atomically), so a restart does not clear them.

The file is signed with an HMAC whose key is derived from the stored PIN hash and salt
(``kiosk.json``), and setting a PIN writes a signed, cleared state. So while a PIN is set, a lock
file that is missing, unreadable, not a small regular file, or whose signature does not verify
(edited by hand, copied from another kiosk, from before signing) has been tampered with: it locks
the keypad for :data:`MAX_LOCK_S` from now, as the longest run of wrong PINs would, so deleting or
editing it never buys a guess sooner. A lock ends at most :data:`MAX_LOCK_S` after its last
failure whatever the file says. A clock set backwards cannot shorten a lock: when the stored last
failure lies in the future the lock starts again, whole, from now (rather than lasting until that
future time, which after a large clock correction would shut staff out for as long); within one
run the lock is also timed on the monotonic clock, so a clock set forwards cannot shorten it, and
the guard keeps what it saw, so no change to the file while it runs unlocks it.

What the signature does not stop: the key comes from ``kiosk.json``, which the kiosk's own account
must read to check a PIN, so whoever can run code as that account can sign any state (and could
as well write a ``kiosk.json`` with a PIN of their own), or put back an older signed copy of the
file before a restart. It stops hands that can delete, rename or edit files but not compute (a
file dialog that slipped through, a text editor); against the rest the boundary is the data
folder's permissions (owner only) and the dedicated kiosk session (README).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import math
import os
import stat
import time
from dataclasses import dataclass, replace
from enum import Enum
from itertools import count
from pathlib import Path
from typing import Any, Protocol

from app.kiosk_pin import (FIRST_LOCK_S, LOCK_AFTER, LOCK_FILE, MAX_LOCK_S, KioskConfig, WeakPinError, _store_pin,
                           _verify, _write_atomic, load_config, pin_problem)

_MAX_FILE_BYTES = 1024  # what to_json writes is about 200 bytes


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


# the fewest wrong PINs in a row that lock for MAX_LOCK_S: what a tampered lock file counts as
_WORST = next(n for n in count(LOCK_AFTER) if lock_seconds(n) >= MAX_LOCK_S)


def _lock_key(cfg: KioskConfig) -> bytes | None:
    """The key that signs the lock state, or None when no usable PIN is stored (nothing to guard then)."""
    if not cfg.has_pin:
        return None
    try:
        secret = bytes.fromhex(cfg.salt) + bytes.fromhex(cfg.pin_hash)
    except ValueError:
        return None
    return hmac.new(secret, b"ovillo kiosk lock-out state", hashlib.sha256).digest()


@dataclass(frozen=True)
class LockState:
    """What ``kiosk_lock.json`` holds: wrong PINs since the last right one, when the last was, locked until when.

    ``tampered`` marks the lock that a missing or altered file earned, so the keypad can say why.
    """

    failures: int = 0
    last_failure: float = 0.0
    locked_until: float = 0.0
    tampered: bool = False

    def _mac(self, key: bytes) -> str:
        # floats as repr, the form that survives a JSON round trip unchanged
        text = f"{self.failures}:{float(self.last_failure)!r}:{float(self.locked_until)!r}:{int(self.tampered)}"
        return hmac.new(key, text.encode("ascii"), hashlib.sha256).hexdigest()

    def to_json(self, key: bytes) -> dict[str, Any]:
        """The file's content, signed with ``key``."""
        return {"failures": self.failures, "last_failure": float(self.last_failure),
                "locked_until": float(self.locked_until), "tampered": self.tampered, "mac": self._mac(key)}

    @classmethod
    def from_json(cls, raw: object, key: bytes) -> LockState:
        """Parse the file's content; ValueError when it is not what :meth:`to_json` signed with ``key``."""
        if not isinstance(raw, dict):
            raise ValueError("not an object")
        failures, last, until, tampered, mac = (raw["failures"], raw["last_failure"], raw["locked_until"],
                                                raw["tampered"], raw["mac"])
        if (not isinstance(failures, int) or isinstance(failures, bool) or failures < 0
                or not isinstance(tampered, bool) or not isinstance(mac, str)
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                           for v in (last, until))):
            raise ValueError("bad values")
        state = cls(failures, float(last), float(until), tampered)
        if not hmac.compare_digest(state._mac(key), mac):
            raise ValueError("bad signature")
        return state

    def stricter(self, other: LockState) -> LockState:
        """The state that locks at least as long as both."""
        return LockState(max(self.failures, other.failures), max(self.last_failure, other.last_failure),
                         max(self.locked_until, other.locked_until), self.tampered or other.tampered)


def save_lock(home: Path, state: LockState) -> None:
    """Write ``state`` signed to the data folder's lock file; ValueError when no usable PIN is stored."""
    key = _lock_key(load_config(home))
    if key is None:
        raise ValueError("no usable staff PIN to sign the lock-out state with")
    _write_atomic(home / LOCK_FILE, state.to_json(key))


def _read_small(path: Path) -> bytes:
    """The file's bytes; OSError unless it is a small regular file (a FIFO there must not hang the kiosk)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fh.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_size > _MAX_FILE_BYTES:
            raise OSError("not a small regular file")
        return fh.read(_MAX_FILE_BYTES + 1)


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
    tampered: bool = False  # the lock comes from a missing or altered lock file, not from wrong PINs

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
        # the lock this run gave a bad file: where it cannot be replaced (a read-only folder) every
        # later read would otherwise start it again
        self._tamper_lock: LockState | None = None
        self.status()

    @property
    def path(self) -> Path:
        """``kiosk_lock.json`` in the data folder."""
        return self.home / LOCK_FILE

    def _read(self, now: float, key: bytes | None) -> LockState:
        if key is None:
            return LockState()
        try:
            state = LockState.from_json(json.loads(_read_small(self.path)), key)
        except (OSError, ValueError, KeyError, TypeError, RecursionError):
            if self._tamper_lock is None:
                self._tamper_lock = LockState(_WORST, now, now + MAX_LOCK_S, tampered=True)
                self._write(self._tamper_lock, key)
            return self._tamper_lock
        self._tamper_lock = None
        return state

    def _write(self, state: LockState, key: bytes | None) -> None:
        if key is None:
            return
        with contextlib.suppress(OSError):  # a read-only data folder: the lock still holds for this run
            _write_atomic(self.path, state.to_json(key))

    def _current(self, key: bytes | None) -> tuple[LockState, float]:
        """The state (file and memory, whichever is stricter) and the lock's remaining seconds."""
        wall, mono = self.clock.wall(), self.clock.monotonic()
        state = self._state.stricter(self._read(wall, key))
        if state.last_failure > wall:
            # the clock went back since the last failure: restart that failure's lock, whole, from now
            state = replace(state, last_failure=wall, locked_until=wall + lock_seconds(state.failures))
            self._write(state, key)
        # no file makes a lock last longer than the longest one
        state = replace(state, locked_until=min(state.locked_until, state.last_failure + MAX_LOCK_S))
        remaining = max(state.locked_until - wall, self._mono_until - mono, 0.0)
        self._state, self._mono_until = state, mono + remaining
        return state, remaining

    def status(self) -> Lock:
        """The lock right now (attempts nothing)."""
        state, remaining = self._current(_lock_key(load_config(self.home)))
        return Lock(state.failures, remaining, state.tampered and remaining > 0)

    def attempt(self, pin: str) -> Attempt:
        """Check ``pin`` unless locked; a wrong one counts and may lock; the right one clears the count."""
        cfg = load_config(self.home)
        key = _lock_key(cfg)
        state, remaining = self._current(key)
        if remaining > 0:
            return Attempt(Outcome.LOCKED, Lock(state.failures, remaining, state.tampered))
        if not cfg.has_pin:
            return Attempt(Outcome.NO_PIN, Lock(state.failures, 0.0))
        if _verify(cfg, pin):
            self._state, self._mono_until = LockState(), -math.inf
            if cfg.params.weaker_than_current():
                _store_pin(self.home, cfg, pin)  # a new salt and hash, so a new key for the lock file
                key = _lock_key(cfg)
            self._write(self._state, key)
            return Attempt(Outcome.ACCEPTED, Lock(0, 0.0))
        wall, mono = self.clock.wall(), self.clock.monotonic()
        failures = state.failures + 1
        lock = lock_seconds(failures)
        self._state = LockState(failures, wall, wall + lock)
        self._mono_until = mono + lock
        self._write(self._state, key)
        return Attempt(Outcome.WRONG, Lock(failures, float(lock)))


def check_pin(home: Path, pin: str, clock: Clock | None = None) -> bool:
    """True when ``pin`` is the staff PIN and the keypad is not locked (the attempt counts)."""
    return PinGuard(home, clock).attempt(pin).outcome is Outcome.ACCEPTED


def set_pin(home: Path, pin: str, idle_s: int | None = None) -> None:
    """Store a new staff PIN (salted scrypt hash; the PIN itself is never written); clears any lock-out.

    Raises :class:`WeakPinError` when the PIN breaks a rule (nothing is changed then).
    """
    problem = pin_problem(pin)
    if problem is not None:
        raise WeakPinError(problem)
    cfg = load_config(home)
    if idle_s is not None:
        cfg.idle_s = idle_s
    _store_pin(home, cfg, pin)
    save_lock(home, LockState())  # signed with the new PIN's key: from now on a missing lock file is tampering
