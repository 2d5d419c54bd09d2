"""Kiosk mode: the reading-room terminal.

The window is built without import, preferences, status or file dialogs and its
operations are bound to the ``public`` profile (:class:`app.ops.Ops`), so a restricted
record cannot be reached from any screen. After ``idle_s`` without input the window
returns to the start screen. Leaving kiosk needs the staff PIN, stored in the data
folder only as a salted scrypt hash.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QRegularExpression, Qt, QTimer, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from app.qt import named

KIOSK_FILE = "kiosk.json"
DEFAULT_IDLE_S = 120
# scrypt cost: ~50 ms on a laptop, enough to make guessing a short PIN offline slow
SCRYPT = {"n": 2**14, "r": 8, "p": 1}


@dataclass
class KioskConfig:
    """What ``kiosk.json`` holds: the PIN hash, its salt and the idle timeout."""

    pin_hash: str = ""
    salt: str = ""
    idle_s: int = DEFAULT_IDLE_S

    @property
    def has_pin(self) -> bool:
        """True once a staff PIN was set."""
        return bool(self.pin_hash)


def _hash(pin: str, salt: bytes) -> str:
    return hashlib.scrypt(pin.encode("utf-8"), salt=salt, dklen=32, **SCRYPT).hex()


def load_config(home: Path) -> KioskConfig:
    """The kiosk settings of a data folder (defaults when absent or unreadable)."""
    try:
        raw = json.loads((home / KIOSK_FILE).read_text(encoding="utf-8"))
        return KioskConfig(str(raw.get("pin_hash", "")), str(raw.get("salt", "")),
                           int(raw.get("idle_s", DEFAULT_IDLE_S)))
    except (OSError, ValueError, TypeError):
        return KioskConfig()


def save_config(home: Path, cfg: KioskConfig) -> None:
    """Write ``kiosk.json`` atomically, readable by its owner only."""
    path = home / KIOSK_FILE
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"pin_hash": cfg.pin_hash, "salt": cfg.salt, "idle_s": cfg.idle_s}), encoding="utf-8")
    os.chmod(tmp, 0o600)
    tmp.replace(path)


def set_pin(home: Path, pin: str, idle_s: int | None = None) -> None:
    """Store a new staff PIN (salted scrypt hash; the PIN itself is never written)."""
    if len(pin) < 4 or not pin.isdigit():
        raise ValueError("the staff PIN must be at least 4 digits")
    cfg = load_config(home)
    salt = secrets.token_bytes(16)
    cfg.salt, cfg.pin_hash = salt.hex(), _hash(pin, salt)
    if idle_s is not None:
        cfg.idle_s = idle_s
    save_config(home, cfg)


def check_pin(home: Path, pin: str) -> bool:
    """True when ``pin`` is the staff PIN (constant-time comparison)."""
    cfg = load_config(home)
    if not cfg.has_pin:
        return False
    return hmac.compare_digest(_hash(pin, bytes.fromhex(cfg.salt)), cfg.pin_hash)


class IdleWatcher(QObject):
    """Emits ``idle`` after ``idle_s`` seconds without keyboard, mouse or touch input."""

    idle = Signal()
    _INPUT = {QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove, QEvent.Type.Wheel,
              QEvent.Type.TouchBegin}

    def __init__(self, idle_s: float, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.timer = QTimer(self, singleShot=True, interval=max(1, int(idle_s * 1000)))
        self.timer.timeout.connect(self.idle.emit)
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)
        self.timer.start()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """Any input restarts the countdown."""
        if event.type() in self._INPUT:
            self.timer.start()
        return False

    def stop(self) -> None:
        """Stop watching (leaving kiosk, closing the window)."""
        self.timer.stop()
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)


class PinDialog(QDialog):
    """Asks for the staff PIN; stays open on a wrong PIN, accepts only the right one.

    Opened with ``open()`` (window-modal, not a nested event loop), so the kiosk's idle
    timer and tests keep running while it waits.
    """

    def __init__(self, check: Callable[[str], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pinDialog")
        self.setWindowTitle(self.tr("Staff"))
        self._check = check
        self.attempts = 0
        self.pin = named(QLineEdit(), "pin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,32}"), self.pin))
        self.pin.setInputMethodHints(Qt.InputMethodHint.ImhDigitsOnly | Qt.InputMethodHint.ImhSensitiveData)
        label = QLabel(self.tr("Staff PIN:"))
        label.setBuddy(self.pin)
        self.message = named(QLabel(), "pinMessage")
        self.message.setStyleSheet("color: #a00000;")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        lay = QVBoxLayout(self)
        lay.addWidget(label)
        lay.addWidget(self.pin)
        lay.addWidget(self.message)
        lay.addWidget(self.buttons)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)

    def submit(self) -> None:
        """Check the PIN: accept on the right one; otherwise say so and let staff retry."""
        if self._check(self.pin.text()):
            self.accept()
            return
        self.attempts += 1
        self.pin.clear()
        self.message.setText(self.tr("Wrong PIN."))
        self.pin.setFocus()
