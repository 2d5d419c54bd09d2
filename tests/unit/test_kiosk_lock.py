"""The kiosk lock-out against someone who deletes, edits, replaces or inflates its state file."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.fake_clock import FakeClock
from app import kiosk_lock
from app.kiosk_lock import LockState, Outcome, PinGuard, save_lock
from app.kiosk_lock import set_pin
from app.kiosk_pin import LOCK_AFTER, LOCK_FILE, MAX_LOCK_S

RIGHT = "582931"
WRONG = "582932"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    folder = tmp_path / "kiosk"
    folder.mkdir()
    set_pin(folder, RIGHT)
    return folder


def locked_out(home: Path) -> FakeClock:
    """Five wrong PINs: locked for 30 s; returns the clock they were typed on."""
    clock = FakeClock()
    guard = PinGuard(home, clock)
    for _ in range(LOCK_AFTER):
        assert guard.attempt(WRONG).outcome is Outcome.WRONG
    assert guard.status().locked
    return clock


def restarted(clock: FakeClock, after_s: float = 1.0) -> FakeClock:
    """The clocks of a kiosk started again ``after_s`` later: same wall time, a monotonic clock from zero."""
    return FakeClock(now=clock.now + after_s, mono=0.0)


def assert_longest_lock(home: Path, clock: FakeClock) -> None:
    guard = PinGuard(home, clock)
    lock = guard.status()
    assert lock.locked_s == MAX_LOCK_S and lock.tampered
    assert guard.attempt(RIGHT).outcome is Outcome.LOCKED
    clock.advance(MAX_LOCK_S - 1)
    assert PinGuard(home, clock).attempt(RIGHT).outcome is Outcome.LOCKED  # still, after another restart
    clock.advance(1)
    assert PinGuard(home, clock).attempt(RIGHT).outcome is Outcome.ACCEPTED


def test_a_first_start_after_setting_the_pin_is_not_locked(home: Path) -> None:
    guard = PinGuard(home, FakeClock())
    assert not guard.status().locked and guard.status().failures == 0
    assert guard.attempt(RIGHT).outcome is Outcome.ACCEPTED


def test_deleting_the_lock_file_during_a_lockout_and_restarting_keeps_the_lock(home: Path) -> None:
    clock = locked_out(home)
    (home / LOCK_FILE).unlink()
    assert_longest_lock(home, restarted(clock))


def _edit(**changes: object) -> Callable[[dict[str, object]], dict[str, object]]:
    return lambda raw: {**raw, **changes}


def _drop(key: str) -> Callable[[dict[str, object]], dict[str, object]]:
    return lambda raw: {k: v for k, v in raw.items() if k != key}


@pytest.mark.parametrize("tamper", [
    _edit(failures=0), _edit(locked_until=0), _edit(failures=0, last_failure=0, locked_until=0),
    _edit(locked_until=1.0), _drop("mac"), _edit(mac="0" * 64), _drop("tampered"),
    lambda raw: {"failures": 0, "last_failure": 0.0, "locked_until": 0.0},  # the unsigned format from before
    lambda raw: [], lambda raw: "[" * 100_000,
], ids=["failures", "locked_until", "all_zero", "past", "no_mac", "zero_mac", "no_flag", "unsigned", "list",
        "deep"])
def test_editing_the_lock_file_and_restarting_keeps_the_lock(
        home: Path, tamper: Callable[[dict[str, object]], object]) -> None:
    clock = locked_out(home)
    raw = json.loads((home / LOCK_FILE).read_text())
    edited = tamper(raw)
    (home / LOCK_FILE).write_text(edited if isinstance(edited, str) else json.dumps(edited))
    assert_longest_lock(home, restarted(clock))


def test_a_clean_lock_file_from_another_kiosk_or_an_earlier_pin_is_refused(home: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    set_pin(other, RIGHT)  # the same PIN, but its own salt: its signature does not hold here
    clock = locked_out(home)
    shutil.copy(other / LOCK_FILE, home / LOCK_FILE)
    assert_longest_lock(home, restarted(clock))

    saved = (home / LOCK_FILE).read_bytes()  # clean and signed now
    set_pin(home, "860472")  # a new PIN, a new key
    (home / LOCK_FILE).write_bytes(saved)
    assert PinGuard(home, FakeClock()).status().locked_s == MAX_LOCK_S


@pytest.mark.timeout(60)
def test_a_lock_file_that_is_not_a_regular_file_locks_without_hanging(home: Path) -> None:
    clock = locked_out(home)
    (home / LOCK_FILE).unlink()
    os.mkfifo(home / LOCK_FILE)  # reading it would wait for a writer forever
    guard = PinGuard(home, restarted(clock))
    assert guard.status().locked_s == MAX_LOCK_S
    assert (home / LOCK_FILE).is_file()  # replaced by the signed lock


def test_a_far_future_lock_is_capped_at_the_longest_lock(home: Path) -> None:
    clock = FakeClock()
    save_lock(home, LockState(LOCK_AFTER, clock.now, clock.now + 1e9))  # 31 years, signed
    guard = PinGuard(home, clock)
    assert guard.status().locked_s == MAX_LOCK_S
    clock.advance(MAX_LOCK_S)
    assert PinGuard(home, restarted(clock, 0)).attempt(RIGHT).outcome is Outcome.ACCEPTED


def test_an_old_lock_that_claims_to_run_on_ends_an_hour_after_its_failure(home: Path) -> None:
    clock = FakeClock()
    save_lock(home, LockState(LOCK_AFTER, clock.now - 2 * MAX_LOCK_S, clock.now + 1e9))
    assert not PinGuard(home, clock).status().locked


def test_a_lock_for_a_bad_file_is_not_started_again_by_each_look(home: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def read_only(*_: object) -> None:
        raise OSError("read-only file system")

    (home / LOCK_FILE).unlink()
    monkeypatch.setattr(kiosk_lock, "_write_atomic", read_only)  # the bad file cannot be replaced
    clock = FakeClock()
    guard = PinGuard(home, clock)
    for _ in range(3):
        clock.advance(MAX_LOCK_S / 3)
        guard.status()
    assert not guard.status().locked
    assert guard.attempt(RIGHT).outcome is Outcome.ACCEPTED


def test_a_wrong_pin_after_the_tamper_lock_counts_on_from_the_longest_lock(home: Path) -> None:
    (home / LOCK_FILE).unlink()
    clock = FakeClock()
    guard = PinGuard(home, clock)
    clock.advance(MAX_LOCK_S)
    wrong = guard.attempt(WRONG)
    assert wrong.outcome is Outcome.WRONG and wrong.lock.locked_s == MAX_LOCK_S and not wrong.lock.tampered


def test_without_a_pin_there_is_nothing_to_sign(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no usable staff PIN"):
        save_lock(tmp_path, LockState())
    guard = PinGuard(tmp_path, FakeClock())
    assert not guard.status().locked and guard.attempt(RIGHT).outcome is Outcome.NO_PIN
    assert not (tmp_path / LOCK_FILE).exists()
