"""The kiosk's staff PIN without Qt: PIN rules and the stored hash (the lock-out: :mod:`app.kiosk_lock`).

Three defences, each against a different attack:

* **PIN rules** (:func:`pin_problem`): at least :data:`MIN_DIGITS` digits, and none of the
  PINs people pick first — fewer than three different digits (``111111``, ``121212``), a run
  that steps by the same amount, stutters allowed (``123456``, ``654321``, ``135791``,
  ``890123``, ``112233``), or one digit away from such a run (``123457``, ``987643``), a
  repeated group (``123123``), a mirror (``123321``), two or three straight lines of the keypad
  (``147258``, ``159753``, ``147258369``), the first digits of a well-known constant
  (``314159``, ``271828``, ``141421``, ``161803``), or a date (``19370214``, ``140237``).
  Together they refuse about a tenth of the six-digit PINs, most of them six-digit dates.
* **Lock-out** (:mod:`app.kiosk_lock`): after :data:`LOCK_AFTER` wrong PINs in a row every
  further wrong PIN locks the keypad, 30 s the first time and twice as long each time after, up
  to :data:`MAX_LOCK_S`; the state is kept signed in ``kiosk_lock.json``, and a missing,
  unreadable or unsigned one locks for the longest time. Setting a new PIN (``--set-kiosk-pin``)
  clears it: that is how staff recover from a lock-out they cannot wait for.
* **Slow hash**: the PIN is stored only as a salted scrypt hash whose parameters are stored
  with it, so an offline guess of every 6-digit PIN from a copied ``kiosk.json`` costs about a
  million hashes of :data:`SCRYPT_N` (measured below). A hash stored with weaker parameters is
  re-hashed with the current ones on the next right PIN. A ``kiosk.json`` from before this
  format (no parameters: 4-digit PINs were allowed and such a PIN was recovered offline in
  92 s) is not trusted at all: :attr:`KioskConfig.legacy` is set and kiosk mode asks staff to
  set a new PIN.
"""

from __future__ import annotations

import calendar
import contextlib
import functools
import hashlib
import hmac
import json
import os
import secrets
import tempfile
from dataclasses import dataclass, field
from enum import Enum
from itertools import groupby
from pathlib import Path
from typing import Any

KIOSK_FILE = "kiosk.json"
LOCK_FILE = "kiosk_lock.json"
DEFAULT_IDLE_S = 120

MIN_DIGITS = 6
MAX_DIGITS = 32  # what the PIN field accepts
LOCK_AFTER = 5  # wrong PINs in a row before the first lock
FIRST_LOCK_S = 30
# The doubling stops at one hour: a visitor who keeps guessing must already have waited about an
# hour in total to get there, staff are never locked out for longer than that, and at one guess
# an hour the 6-digit PINs last for decades.
MAX_LOCK_S = 3600

# scrypt cost: a check within the PIN dialog's ~0.3 s on an ordinary kiosk, tens of CPU-hours for an
# offline guess at every six-digit PIN (measured in docs/design.md §10)
SCRYPT_N = 2**16
SCRYPT_R = 8
SCRYPT_P = 1
DKLEN = 32
# weaker than this is never accepted from a file (n=2**14 is what the old format used)
MIN_SCRYPT_N = 2**14
# the largest cost accepted from a file (a tampered file must not make the kiosk allocate gigabytes)
MAX_SCRYPT_MEM = 256 * 2**20


# -- PIN rules ---------------------------------------------------------------------------------
class PinProblem(Enum):
    """Why a new PIN is refused (the interface turns each into a translated sentence)."""

    NOT_DIGITS = "not_digits"
    TOO_SHORT = "too_short"
    TOO_LONG = "too_long"
    FEW_DIGITS = "few_digits"
    SEQUENCE = "sequence"
    PATTERN = "pattern"
    KEYPAD = "keypad"
    CONSTANT = "constant"
    DATE = "date"


# the straight lines of a keypad's 3x3 block, both ways; phone (123 on top) and numeric keypad
# (789 on top) share them
_KEYPAD_LINES = frozenset(line for fwd in ("123", "456", "789", "147", "258", "369", "159", "357")
                          for line in (fwd, fwd[::-1]))


def _is_steady_run(digits: str) -> bool:
    """Each digit steps from the one before by the same amount (mod 10), stutters ignored."""
    collapsed = [k for k, _ in groupby(digits)]
    steps = {(int(b) - int(a)) % 10 for a, b in zip(collapsed, collapsed[1:], strict=False)}
    return len(steps) <= 1


def _is_repeated_group(digits: str) -> bool:
    """The PIN is a shorter group of digits said again (``123123``, ``1231231``)."""
    return any(all(digits[i] == digits[i - p] for i in range(p, len(digits)))
               for p in range(1, len(digits) // 2 + 1))


def _is_keypad_lines(digits: str) -> bool:
    """Two or three straight lines of the keypad (``147258``, ``159753``, ``789456123``)."""
    return len(digits) in (6, 9) and all(digits[i:i + 3] in _KEYPAD_LINES for i in range(0, len(digits), 3))


# well-known constants, 32 digits (π, e, √2, √3, the golden ratio); a PIN may start at the integer
# part or after the point, and its last digit may be rounded
_CONSTANTS = ("31415926535897932384626433832795", "27182818284590452353602874713526",
              "14142135623730950488016887242096", "17320508075688772935274463415058",
              "16180339887498948482045868343656")
_CONSTANT_STARTS = tuple(c for const in _CONSTANTS for c in (const, const[1:]))


@functools.cache
def _steady(length: int) -> tuple[str, ...]:
    """Every run of ``length`` digits that steps by the same non-zero amount (mod 10)."""
    return tuple("".join(str((a + d * i) % 10) for i in range(length)) for a in range(10) for d in range(1, 10))


def _is_near_run(digits: str) -> bool:
    """One digit away from a steady run: one changed (``123457``), one left out (``987643``) or one added."""
    n = len(digits)
    if any(sum(x != y for x, y in zip(digits, run, strict=True)) <= 1 for run in _steady(n)):
        return True
    longer = _steady(n + 1)
    if any(run[:i] + run[i + 1:] == digits for run in longer for i in range(1, n)):
        return True
    shorter = _steady(n - 1)
    return any(digits[:i] + digits[i + 1:] in shorter for i in range(n))


def _is_constant(digits: str) -> bool:
    """The first digits of π, e, √2, √3 or the golden ratio (``314159``, ``271828``, ``141421``, ``618033``)."""
    return any(const.startswith(digits[:-1]) for const in _CONSTANT_STARTS)


def _valid_date(day: str, month: str, year: int) -> bool:
    d, m = int(day), int(month)
    return 1 <= m <= 12 and 1 <= d <= calendar.monthrange(year, m)[1]


def _is_date(digits: str) -> bool:
    """A date: DDMMYYYY, YYYYMMDD or MMDDYYYY for years 1900-2099, or DDMMYY, YYMMDD or MMDDYY."""
    if len(digits) == 8:
        long_forms = ((digits[:2], digits[2:4], digits[4:]), (digits[6:], digits[4:6], digits[:4]),
                      (digits[2:4], digits[:2], digits[4:]))
        return any(1900 <= int(y) <= 2099 and _valid_date(d, m, int(y)) for d, m, y in long_forms)
    if len(digits) == 6:
        # the century is unknown: 2000 is a leap year, so 29 February counts
        short_forms = ((digits[:2], digits[2:4]), (digits[4:], digits[2:4]), (digits[2:4], digits[:2]))
        return any(_valid_date(d, m, 2000) for d, m in short_forms)
    return False


def pin_problem(pin: str) -> PinProblem | None:
    """Why ``pin`` may not become the staff PIN, or None when it may."""
    if not pin or not all("0" <= c <= "9" for c in pin):
        return PinProblem.NOT_DIGITS
    if len(pin) < MIN_DIGITS:
        return PinProblem.TOO_SHORT
    if len(pin) > MAX_DIGITS:
        return PinProblem.TOO_LONG
    if len(set(pin)) < 3:
        return PinProblem.FEW_DIGITS
    if _is_steady_run(pin):
        return PinProblem.SEQUENCE
    if _is_repeated_group(pin) or pin == pin[::-1]:
        return PinProblem.PATTERN
    if _is_keypad_lines(pin):
        return PinProblem.KEYPAD
    if _is_near_run(pin):
        return PinProblem.SEQUENCE
    if _is_constant(pin):
        return PinProblem.CONSTANT
    if _is_date(pin):
        return PinProblem.DATE
    return None


class WeakPinError(ValueError):
    """A new PIN breaks a rule; ``problem`` says which."""

    def __init__(self, problem: PinProblem) -> None:
        super().__init__(f"the staff PIN is refused: {problem.value}")
        self.problem = problem


# -- the stored hash ----------------------------------------------------------------------------
@dataclass(frozen=True)
class ScryptParams:
    """scrypt's cost parameters, stored beside every hash."""

    n: int = SCRYPT_N
    r: int = SCRYPT_R
    p: int = SCRYPT_P

    @property
    def memory(self) -> int:
        """Bytes scrypt needs for these parameters (OpenSSL's count)."""
        return 128 * self.r * (self.n + self.p + 2)

    def acceptable(self) -> bool:
        """Parameters a file may carry: a power of two at least as strong as the old format, bounded memory."""
        return (self.n >= MIN_SCRYPT_N and self.n & (self.n - 1) == 0 and 1 <= self.r <= 32
                and 1 <= self.p <= 4 and self.memory <= MAX_SCRYPT_MEM)

    def weaker_than_current(self) -> bool:
        """True when a right PIN should be re-hashed with the current parameters."""
        return self.memory < ScryptParams().memory


CURRENT = ScryptParams()


def hash_pin(pin: str, salt: bytes, params: ScryptParams = CURRENT) -> str:
    """The hex scrypt hash of ``pin``."""
    return hashlib.scrypt(pin.encode("utf-8"), salt=salt, n=params.n, r=params.r, p=params.p, dklen=DKLEN,
                          maxmem=params.memory + 2**20).hex()


@dataclass
class KioskConfig:
    """What ``kiosk.json`` holds: the PIN hash with its salt and scrypt parameters, and the idle timeout."""

    pin_hash: str = ""
    salt: str = ""
    idle_s: int = DEFAULT_IDLE_S
    params: ScryptParams = field(default_factory=ScryptParams)
    legacy: bool = False  # a hash without parameters, from before the PIN rules: not trusted

    @property
    def has_pin(self) -> bool:
        """True once a usable staff PIN was set (an old-format one is not usable)."""
        return bool(self.pin_hash) and not self.legacy


def _write_atomic(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` as JSON to ``path`` so that a crash leaves the old file or the new one, never half."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where the platform allows it
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def load_config(home: Path) -> KioskConfig:
    """The kiosk settings of a data folder (defaults when absent or unreadable)."""
    try:
        raw = json.loads((home / KIOSK_FILE).read_text(encoding="utf-8"))
        cfg = KioskConfig(str(raw.get("pin_hash", "")), str(raw.get("salt", "")),
                          int(raw.get("idle_s", DEFAULT_IDLE_S)))
        kdf = raw.get("kdf")
        if kdf is None:
            cfg.legacy = bool(cfg.pin_hash)
        elif isinstance(kdf, dict) and kdf.get("name") == "scrypt":
            cfg.params = ScryptParams(int(kdf["n"]), int(kdf["r"]), int(kdf["p"]))
            cfg.legacy = not cfg.params.acceptable()
        else:
            cfg.legacy = True
        return cfg
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return KioskConfig()


def save_config(home: Path, cfg: KioskConfig) -> None:
    """Write ``kiosk.json`` atomically, readable by its owner only."""
    p = cfg.params
    _write_atomic(home / KIOSK_FILE, {"pin_hash": cfg.pin_hash, "salt": cfg.salt, "idle_s": cfg.idle_s,
                                      "kdf": {"name": "scrypt", "n": p.n, "r": p.r, "p": p.p}})


def _store_pin(home: Path, cfg: KioskConfig, pin: str) -> None:
    salt = secrets.token_bytes(16)
    cfg.salt, cfg.pin_hash, cfg.params, cfg.legacy = salt.hex(), hash_pin(pin, salt), CURRENT, False
    save_config(home, cfg)


def _verify(cfg: KioskConfig, pin: str) -> bool:
    if not cfg.has_pin or not pin:
        return False
    try:
        return hmac.compare_digest(hash_pin(pin, bytes.fromhex(cfg.salt), cfg.params), cfg.pin_hash)
    except ValueError:  # a damaged salt or hash
        return False
