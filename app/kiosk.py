"""Kiosk mode: the reading-room terminal.

The window is built without import, preferences, status or file dialogs and its
operations are bound to the ``public`` profile (:class:`app.ops.Ops`), so a restricted
record cannot be reached from any screen. After ``idle_s`` without input the window
returns to the start screen. Leaving kiosk needs the staff PIN, stored in the data
folder only as a salted scrypt hash; the PIN rules, the hash and the lock-out after wrong
PINs live in :mod:`app.kiosk_pin` (no Qt), this module only shows them.
"""

from __future__ import annotations

import math
from typing import assert_never

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRegularExpression, Qt, QTimer, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QLineEdit, QVBoxLayout, QWidget

from app.kiosk_lock import Lock, Outcome, PinGuard, check_pin, set_pin
from app.kiosk_pin import (DEFAULT_IDLE_S, KIOSK_FILE, MAX_DIGITS, MIN_DIGITS, KioskConfig, PinProblem, WeakPinError,
                           load_config, save_config)
from app.plain import plain_label
from app.qt import named

__all__ = ["DEFAULT_IDLE_S", "KIOSK_FILE", "IdleWatcher", "KioskConfig", "Outcome", "PinDialog", "PinGuard",
           "WeakPinError", "check_pin", "duration_text", "load_config", "pin_problem_text", "save_config", "set_pin"]


def pin_problem_text(problem: PinProblem) -> str:
    """The translated sentence that says why a new staff PIN is refused."""
    if problem is PinProblem.NOT_DIGITS:
        return QCoreApplication.translate("KioskPin", "The staff PIN may contain only the digits 0 to 9.")
    if problem is PinProblem.TOO_SHORT:
        return QCoreApplication.translate("KioskPin", "The staff PIN needs at least %1 digits.").replace(
            "%1", str(MIN_DIGITS))
    if problem is PinProblem.TOO_LONG:
        return QCoreApplication.translate("KioskPin", "The staff PIN may have at most %1 digits.").replace(
            "%1", str(MAX_DIGITS))
    if problem is PinProblem.FEW_DIGITS:
        return QCoreApplication.translate("KioskPin", "Use at least three different digits (not 111111 or 121212).")
    if problem is PinProblem.SEQUENCE:
        return QCoreApplication.translate(
            "KioskPin", "Digits in a row, even with one digit changed, left out or added, are too easy to guess "
                        "(like 123456, 654321, 135791, 112233 or 123457).")
    if problem is PinProblem.PATTERN:
        return QCoreApplication.translate(
            "KioskPin", "A repeated or mirrored group is too easy to guess (like 123123 or 123321).")
    if problem is PinProblem.KEYPAD:
        return QCoreApplication.translate("KioskPin",
                                          "Lines on the keypad are too easy to guess (like 147258 or 159753).")
    if problem is PinProblem.CONSTANT:
        return QCoreApplication.translate(
            "KioskPin", "The first digits of a well-known number are too easy to guess (like 314159, from π).")
    if problem is PinProblem.DATE:
        return QCoreApplication.translate("KioskPin",
                                          "Dates are too easy to guess (like 14021937, 19370214 or 140237).")
    assert_never(problem)


def duration_text(seconds: float) -> str:
    """A lock's remaining time, rounded up: seconds below two minutes, else minutes."""
    s = max(1, math.ceil(seconds))
    if s < 120:
        return QCoreApplication.translate("KioskPin", "%1 s").replace("%1", str(s))
    return QCoreApplication.translate("KioskPin", "%1 min").replace("%1", str(math.ceil(s / 60)))


class IdleWatcher(QObject):
    """Emits ``idle`` after ``idle_s`` seconds without keyboard, mouse or touch input, and
    ``countdown(seconds_left)`` each second of the last ``warn_s`` (0: input came back)."""

    idle = Signal()
    countdown = Signal(int)
    _INPUT = {QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove, QEvent.Type.Wheel,
              QEvent.Type.TouchBegin}

    def __init__(self, idle_s: float, parent: QObject | None = None, *, warn_s: int = 10) -> None:
        super().__init__(parent)
        self.warn_s = max(0, min(int(warn_s), int(idle_s) // 2))
        self.timer = QTimer(self, singleShot=True, interval=max(1, int((idle_s - self.warn_s) * 1000)))
        self.timer.timeout.connect(self._warn)
        self.tick = QTimer(self, interval=1000)
        self.tick.timeout.connect(self._tick)
        self.left = 0
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)
        self.timer.start()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """Any input restarts the countdown."""
        if event.type() in self._INPUT:
            self.restart()
        return False

    def restart(self) -> None:
        """Start the wait again from the full idle time (input, or a reset that had to wait)."""
        if self.tick.isActive():
            self.tick.stop()
            self.countdown.emit(0)
        self.timer.start()

    def _warn(self) -> None:
        self.left = self.warn_s
        if self.left <= 0:
            self.idle.emit()
            return
        self.countdown.emit(self.left)
        self.tick.start()

    def _tick(self) -> None:
        self.left -= 1
        if self.left > 0:
            self.countdown.emit(self.left)
            return
        self.tick.stop()
        self.countdown.emit(0)
        self.idle.emit()

    def stop(self) -> None:
        """Stop watching (leaving kiosk, closing the window)."""
        self.timer.stop()
        self.tick.stop()
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)


class PinDialog(QDialog):
    """Asks for the staff PIN; stays open on a wrong PIN, accepts only the right one.

    Every attempt goes through a :class:`PinGuard`: after five wrong PINs the field and OK are
    disabled and the dialog counts down the lock-out, and a PIN is not even checked while locked.
    Opened with ``open()`` (window-modal, not a nested event loop), so the kiosk's idle timer and
    tests keep running while it waits.
    """

    def __init__(self, guard: PinGuard, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pinDialog")
        self.setWindowTitle(self.tr("Staff"))
        self.guard = guard
        self.attempts = 0
        self.pin = named(QLineEdit(), "pin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setMaxLength(MAX_DIGITS)
        self.pin.setValidator(QRegularExpressionValidator(QRegularExpression(r"[0-9]{0,%d}" % MAX_DIGITS), self.pin))
        self.pin.setInputMethodHints(Qt.InputMethodHint.ImhDigitsOnly | Qt.InputMethodHint.ImhSensitiveData)
        label = plain_label(self.tr("Staff PIN:"))
        label.setBuddy(self.pin)
        self.message = named(plain_label(), "pinMessage")
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        lay = QVBoxLayout(self)
        lay.addWidget(label)
        lay.addWidget(self.pin)
        lay.addWidget(self.message)
        lay.addWidget(self.buttons)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        # while locked, the countdown is redrawn every second and the keypad reopens when it ends
        self.ticker = QTimer(self, interval=1000)
        self.ticker.timeout.connect(self.refresh)
        self.refresh()

    @property
    def locked(self) -> bool:
        """True while the dialog takes no PIN."""
        return not self.pin.isEnabled()

    def refresh(self) -> None:
        """Show the lock-out (or lift it once it is over) from the guard's current state."""
        self._show(self.guard.status())

    def _show(self, lock: Lock) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if lock.locked:
            self.pin.clear()
            self.pin.setEnabled(False)
            ok.setEnabled(False)
            if lock.tampered:
                self.message.setText(self.tr("Locked for %1: the lock-out record in the data folder was missing "
                                             "or changed.").replace("%1", duration_text(lock.locked_s)))
            else:
                self.message.setText(self.tr("Locked for %1 after %2 wrong PINs.")
                                     .replace("%1", duration_text(lock.locked_s)).replace("%2", str(lock.failures)))
            if not self.ticker.isActive():
                self.ticker.start()
            return
        self.ticker.stop()
        if not self.pin.isEnabled():  # a lock just ended
            self.pin.setEnabled(True)
            ok.setEnabled(True)
            self.message.clear()
            self.pin.setFocus()

    def submit(self) -> None:
        """Check the PIN: accept on the right one; otherwise say so and let staff retry (or wait)."""
        if not self.pin.text():
            self.pin.setFocus()
            return
        result = self.guard.attempt(self.pin.text())
        if result.outcome is Outcome.ACCEPTED:
            self.accept()
            return
        self.pin.clear()
        if result.outcome is Outcome.NO_PIN:
            self.message.setText(self.tr("No usable staff PIN is stored: set one with ovillo-gui --set-kiosk-pin"))
        elif result.outcome is Outcome.WRONG:
            self.attempts += 1
            self.message.setText(self.tr("Wrong PIN."))
        if result.lock.locked:
            self._show(result.lock)
        else:
            self.pin.setFocus()
