"""The kiosk PIN without Qt: rules for new PINs, the lock-out after wrong ones, the stored hash."""

from __future__ import annotations

import hashlib
import json
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fake_clock import FakeClock
from app.kiosk_lock import LockState, Outcome, PinGuard, check_pin, lock_seconds, save_lock, set_pin
from app.kiosk_pin import (FIRST_LOCK_S, KIOSK_FILE, LOCK_AFTER, LOCK_FILE, MAX_LOCK_S, MIN_SCRYPT_N, SCRYPT_N,
                           KioskConfig, PinProblem, WeakPinError, load_config, pin_problem)

RIGHT = "582931"
WRONG = "582932"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    set_pin(tmp_path, RIGHT, idle_s=60)
    return tmp_path


def fail(guard: PinGuard, times: int) -> None:
    for _ in range(times):
        assert guard.attempt(WRONG).outcome is Outcome.WRONG


# -- rules ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("pin", "problem"), [
    ("", PinProblem.NOT_DIGITS), ("12a456", PinProblem.NOT_DIGITS), ("58 2931", PinProblem.NOT_DIGITS),
    ("５８２９３１", PinProblem.NOT_DIGITS),  # full-width digits: isdigit() says yes, the keypad cannot type them
    ("٥٨٢٩٣١", PinProblem.NOT_DIGITS),
    ("1234", PinProblem.TOO_SHORT), ("0000", PinProblem.TOO_SHORT), ("58293", PinProblem.TOO_SHORT),
    ("5" + "82931" * 7, PinProblem.TOO_LONG),
    ("000000", PinProblem.FEW_DIGITS), ("999999999", PinProblem.FEW_DIGITS), ("121212", PinProblem.FEW_DIGITS),
    ("100000", PinProblem.FEW_DIGITS), ("696969", PinProblem.FEW_DIGITS), ("112211", PinProblem.FEW_DIGITS),
    ("123456", PinProblem.SEQUENCE), ("654321", PinProblem.SEQUENCE), ("234567", PinProblem.SEQUENCE),
    ("987654", PinProblem.SEQUENCE), ("890123", PinProblem.SEQUENCE), ("1234567890", PinProblem.SEQUENCE),
    ("135791", PinProblem.SEQUENCE), ("024680", PinProblem.SEQUENCE), ("963074", PinProblem.SEQUENCE),
    ("112233", PinProblem.SEQUENCE), ("123455", PinProblem.SEQUENCE), ("111222333", PinProblem.SEQUENCE),
    ("123123", PinProblem.PATTERN), ("520520", PinProblem.PATTERN), ("12341234", PinProblem.PATTERN),
    ("1231231", PinProblem.PATTERN), ("123321", PinProblem.PATTERN), ("1234321", PinProblem.PATTERN),
    ("147258", PinProblem.KEYPAD), ("159753", PinProblem.KEYPAD), ("789456", PinProblem.KEYPAD),
    ("963852", PinProblem.KEYPAD), ("741852", PinProblem.SEQUENCE), ("147258369", PinProblem.KEYPAD), ("123654", PinProblem.KEYPAD),
    # one digit away from a run: changed, left out, added
    ("123457", PinProblem.SEQUENCE), ("987643", PinProblem.SEQUENCE), ("124567", PinProblem.SEQUENCE),
    ("234568", PinProblem.SEQUENCE), ("1234568", PinProblem.SEQUENCE), ("975318", PinProblem.SEQUENCE),
    ("1234560", PinProblem.SEQUENCE), ("4567891", PinProblem.SEQUENCE), ("123945", PinProblem.SEQUENCE),
    # the first digits of π, e, √2, √3 and the golden ratio, from the integer part or after the point, rounded too
    ("314159", PinProblem.CONSTANT), ("31415926", PinProblem.CONSTANT), ("3141593", PinProblem.CONSTANT),
    ("141592", PinProblem.CONSTANT), ("271828", PinProblem.CONSTANT), ("2718281828", PinProblem.CONSTANT),
    ("718281", PinProblem.CONSTANT), ("141421", PinProblem.CONSTANT), ("173205", PinProblem.CONSTANT),
    ("161803", PinProblem.CONSTANT), ("618034", PinProblem.CONSTANT),
    # dates: DDMMYYYY, YYYYMMDD, MMDDYYYY (1900-2099), DDMMYY, YYMMDD, MMDDYY
    ("19370214", PinProblem.DATE), ("14021937", PinProblem.DATE), ("02141937", PinProblem.DATE),
    ("29022000", PinProblem.DATE), ("20991231", PinProblem.DATE), ("140237", PinProblem.DATE),
    ("370214", PinProblem.DATE), ("021437", PinProblem.DATE), ("311299", PinProblem.DATE),
])
def test_short_and_trivial_pins_are_refused(pin: str, problem: PinProblem, tmp_path: Path) -> None:
    assert pin_problem(pin) is problem
    with pytest.raises(WeakPinError) as err:
        set_pin(tmp_path, pin)
    assert err.value.problem is problem
    assert not (tmp_path / KIOSK_FILE).exists()  # nothing was stored


@pytest.mark.parametrize("pin", ["582931", "204871", "7395016", "73950164", "860472", "0918273", "5" + "82931" * 6,
                                 "29022001", "30021937", "18991231", "21001231", "311337", "90364512", "31415962"])
def test_ordinary_pins_of_six_digits_or_more_are_taken(pin: str) -> None:
    # the dates among them do not exist (29 February 2001, 30 February) or lie outside 1900-2099
    assert pin_problem(pin) is None


def test_a_refused_pin_leaves_the_old_one_in_place(home: Path) -> None:
    before = (home / KIOSK_FILE).read_bytes()
    with pytest.raises(WeakPinError):
        set_pin(home, "123456")
    assert (home / KIOSK_FILE).read_bytes() == before
    assert check_pin(home, RIGHT)


# -- lock-out ------------------------------------------------------------------------------------
def test_lock_lengths_double_from_thirty_seconds_up_to_an_hour() -> None:
    assert [lock_seconds(n) for n in range(1, LOCK_AFTER)] == [0] * (LOCK_AFTER - 1)
    assert [lock_seconds(n) for n in range(5, 12)] == [30, 60, 120, 240, 480, 960, 1920]
    assert lock_seconds(12) == lock_seconds(10**9) == MAX_LOCK_S == 3600


def test_five_wrong_pins_lock_and_even_the_right_pin_is_refused_while_locked(home: Path) -> None:
    clock = FakeClock()
    guard = PinGuard(home, clock)
    fail(guard, 4)
    assert not guard.status().locked and guard.status().failures == 4
    fifth = guard.attempt(WRONG)
    assert fifth.outcome is Outcome.WRONG and fifth.lock.failures == 5 and fifth.lock.locked_s == FIRST_LOCK_S
    clock.advance(29)
    sixth = guard.attempt(RIGHT)
    assert sixth.outcome is Outcome.LOCKED and sixth.lock.locked_s == pytest.approx(1)
    assert guard.status().failures == 5  # a refused attempt does not count, right or wrong
    assert not check_pin(home, RIGHT, clock)  # the module-level check goes through the same lock
    clock.advance(1)
    assert guard.attempt(RIGHT).outcome is Outcome.ACCEPTED
    assert guard.status().failures == 0
    fail(guard, 4)  # the count starts again after a right PIN
    assert not guard.status().locked


def test_each_further_wrong_pin_doubles_the_lock(home: Path) -> None:
    clock = FakeClock()
    guard = PinGuard(home, clock)
    fail(guard, LOCK_AFTER)
    seen = []
    for _ in range(5):
        wait = guard.status().locked_s
        clock.advance(wait)
        assert not guard.status().locked
        seen.append(guard.attempt(WRONG).lock.locked_s)
    assert seen == [60, 120, 240, 480, 960]


def test_the_lock_survives_a_restart(home: Path) -> None:
    clock = FakeClock()
    first = PinGuard(home, clock)
    fail(first, LOCK_AFTER)
    clock.advance(FIRST_LOCK_S)
    fail(first, 1)  # the 6th wrong PIN: locked for 60 s
    raw = json.loads((home / LOCK_FILE).read_text())
    assert raw["failures"] == 6 and raw["locked_until"] == clock.now + 60
    assert (home / LOCK_FILE).stat().st_mode & 0o077 == 0
    assert not [p for p in home.iterdir() if p.name.endswith(".tmp")]  # written atomically, nothing left behind
    clock.advance(20)
    # a restart: a new process, a new guard, a monotonic clock that started again
    after = FakeClock(now=clock.now, mono=5.0)
    guard = PinGuard(home, after)
    assert guard.status().locked_s == pytest.approx(40)
    assert guard.attempt(RIGHT).outcome is Outcome.LOCKED
    after.advance(40)
    nxt = guard.attempt(WRONG)  # the count was kept too: the 7th wrong PIN locks for 120 s
    assert nxt.lock.failures == 7 and nxt.lock.locked_s == 120
    after.advance(120)
    assert guard.attempt(RIGHT).outcome is Outcome.ACCEPTED
    assert json.loads((home / LOCK_FILE).read_text())["failures"] == 0


def test_a_clock_set_back_does_not_shorten_a_lock(home: Path) -> None:
    clock = FakeClock()
    fail(PinGuard(home, clock), LOCK_AFTER)  # locked for 30 s from now
    # the clock is set a day back and the kiosk restarted: the stored last failure lies in the future
    back = FakeClock(now=clock.now - 86_400, mono=0.0)
    guard = PinGuard(home, back)
    assert guard.status().locked_s == pytest.approx(FIRST_LOCK_S)  # the whole lock again, from now
    back.advance(FIRST_LOCK_S - 1)
    assert guard.attempt(RIGHT).outcome is Outcome.LOCKED
    back.advance(1)
    assert guard.attempt(RIGHT).outcome is Outcome.ACCEPTED


def test_within_one_run_neither_clock_change_nor_a_deleted_file_unlocks(home: Path) -> None:
    clock = FakeClock()
    guard = PinGuard(home, clock)
    fail(guard, LOCK_AFTER)
    clock.now += 10 * 86_400  # set forwards: the monotonic clock still says 30 s
    assert guard.attempt(RIGHT).outcome is Outcome.LOCKED
    clock.now -= 20 * 86_400  # set backwards
    assert guard.attempt(RIGHT).outcome is Outcome.LOCKED
    (home / LOCK_FILE).unlink()  # worse than no help: a missing file locks for the longest time
    assert guard.attempt(RIGHT).outcome is Outcome.LOCKED and guard.status().failures >= 5
    clock.advance(FIRST_LOCK_S)
    assert guard.attempt(RIGHT).outcome is Outcome.LOCKED
    clock.advance(MAX_LOCK_S)
    assert guard.attempt(RIGHT).outcome is Outcome.ACCEPTED


def test_a_damaged_lock_file_counts_as_the_longest_lock(home: Path) -> None:
    (home / LOCK_FILE).write_text('{"failures": 0, "last_failure": NaN, "locked_until": 0}')
    clock = FakeClock()
    guard = PinGuard(home, clock)
    assert guard.status().locked_s == MAX_LOCK_S
    assert guard.attempt(RIGHT).outcome is Outcome.LOCKED
    clock.advance(MAX_LOCK_S)
    assert guard.attempt(RIGHT).outcome is Outcome.ACCEPTED


def test_setting_a_new_pin_clears_the_lock(home: Path) -> None:
    clock = FakeClock()
    fail(PinGuard(home, clock), LOCK_AFTER)
    set_pin(home, "860472")
    guard = PinGuard(home, clock)
    assert not guard.status().locked
    assert guard.attempt("860472").outcome is Outcome.ACCEPTED


# -- the stored hash -----------------------------------------------------------------------------
def test_the_hash_carries_its_parameters_and_never_the_pin(home: Path) -> None:
    raw = json.loads((home / KIOSK_FILE).read_text())
    assert RIGHT not in json.dumps(raw)
    assert raw["kdf"] == {"name": "scrypt", "n": SCRYPT_N, "r": 8, "p": 1} and SCRYPT_N == 2**16
    expected = hashlib.scrypt(RIGHT.encode(), salt=bytes.fromhex(raw["salt"]), n=2**16, r=8, p=1, dklen=32,
                              maxmem=2**27)
    assert raw["pin_hash"] == expected.hex() and raw["idle_s"] == 60
    assert (home / KIOSK_FILE).stat().st_mode & 0o077 == 0


def _old_style(home: Path, pin: str, n: int, with_params: bool) -> None:
    salt = secrets.token_bytes(16)
    raw: dict[str, object] = {"pin_hash": hashlib.scrypt(pin.encode(), salt=salt, n=n, r=8, p=1, dklen=32).hex(),
                              "salt": salt.hex(), "idle_s": 45}
    if with_params:
        raw["kdf"] = {"name": "scrypt", "n": n, "r": 8, "p": 1}
    (home / KIOSK_FILE).write_text(json.dumps(raw))


def test_a_weaker_stored_hash_is_upgraded_on_the_next_right_pin(tmp_path: Path) -> None:
    _old_style(tmp_path, RIGHT, MIN_SCRYPT_N, with_params=True)
    save_lock(tmp_path, LockState())  # what setting that PIN wrote beside it
    guard = PinGuard(tmp_path, FakeClock())
    assert load_config(tmp_path).has_pin
    assert guard.attempt(WRONG).outcome is Outcome.WRONG
    assert load_config(tmp_path).params.n == MIN_SCRYPT_N  # a wrong PIN changes nothing
    assert guard.attempt(RIGHT).outcome is Outcome.ACCEPTED
    cfg = load_config(tmp_path)
    assert cfg.params.n == SCRYPT_N and cfg.idle_s == 45
    assert guard.attempt(RIGHT).outcome is Outcome.ACCEPTED  # and the upgraded hash verifies
    assert not PinGuard(tmp_path, FakeClock()).status().locked  # the lock file was signed again with the new key


def test_a_kiosk_json_from_before_the_rules_is_not_trusted(tmp_path: Path) -> None:
    _old_style(tmp_path, "1234", 2**14, with_params=False)  # the old format: no parameters, 4 digits allowed
    cfg = load_config(tmp_path)
    assert cfg.legacy and not cfg.has_pin and cfg.idle_s == 45
    assert PinGuard(tmp_path, FakeClock()).attempt("1234").outcome is Outcome.NO_PIN
    set_pin(tmp_path, RIGHT)  # a new PIN replaces it and keeps the idle time
    cfg = load_config(tmp_path)
    assert not cfg.legacy and cfg.has_pin and cfg.idle_s == 45 and check_pin(tmp_path, RIGHT)


@pytest.mark.parametrize("kdf", [{"name": "scrypt", "n": 2**30, "r": 8, "p": 1},  # gigabytes: refused unhashed
                                 {"name": "scrypt", "n": 2**10, "r": 8, "p": 1},  # too cheap
                                 {"name": "scrypt", "n": 3 * 2**14, "r": 8, "p": 1},
                                 {"name": "pbkdf2", "n": 2**16, "r": 8, "p": 1}])
def test_tampered_parameters_are_refused(tmp_path: Path, kdf: dict[str, object]) -> None:
    _old_style(tmp_path, RIGHT, 2**14, with_params=False)
    raw = json.loads((tmp_path / KIOSK_FILE).read_text())
    (tmp_path / KIOSK_FILE).write_text(json.dumps({**raw, "kdf": kdf}))
    assert not load_config(tmp_path).has_pin
    assert PinGuard(tmp_path, FakeClock()).attempt(RIGHT).outcome is Outcome.NO_PIN


def test_no_pin_set_means_no_way_in(tmp_path: Path) -> None:
    assert not KioskConfig().has_pin
    assert PinGuard(tmp_path, FakeClock()).attempt(RIGHT).outcome is Outcome.NO_PIN


def test_the_rules_need_no_qt() -> None:
    code = "import sys, app.kiosk_pin, app.kiosk_lock; assert not any(m.startswith('PySide6') for m in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])
