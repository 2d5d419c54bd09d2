"""A compact player for an interview's recording: play/pause, position slider, time, "play from".

QtMultimedia (pyside6-addons, FFmpeg backend) needs the system's PulseAudio client library on
Linux (``libpulse0``); where it is missing the import fails and the panel stays hidden — the
transcript is still fully readable and nothing else changes. The panel remembers what it was
asked to play (``source``, ``requested_ms``) whether or not a backend exists, so the record view
behaves the same everywhere and its requests can be checked without sound hardware. Whatever
stops a recording from playing (the file gone, no backend, the backend's error) is said in the
window's status bar, never only by a hidden panel; a computer with no sound output (no speakers, no
sound server) plays the recording silently, and the panel says so beside it.
"""

from __future__ import annotations

import os
from functools import cache
from types import ModuleType
from typing import Any

from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSlider, QWidget

from app.plain import plain_label, set_tip
from app.qt import named
from app.status_note import notify
from app.text import timecode


@cache
def multimedia() -> ModuleType | None:
    """The QtMultimedia module, or None when Qt cannot load it here (no libpulse, no plugin)."""
    if os.environ.get("OVILLO_NO_MEDIA") == "1":  # a switch for machines whose audio stack misbehaves
        return None
    try:
        from PySide6 import QtMultimedia
    except ImportError:
        return None
    return QtMultimedia


def sound_output_present() -> bool:
    """True when the system offers a sound output to play through (False without QtMultimedia)."""
    mm = multimedia()
    if mm is None:
        return False
    return bool(mm.QMediaDevices.audioOutputs()) and not mm.QMediaDevices.defaultAudioOutput().isNull()


class MediaPanel(QWidget):
    """Plays one recording; hidden when there is none or Qt has no media backend."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mediaPanel")
        self.source: str | None = None
        self.requested_ms: int | None = None
        self._player: Any = None  # QMediaPlayer, created on first use: the FFmpeg backend is slow to start
        self._audio: Any = None
        self._pending_ms: int | None = None
        self._play_pending = False
        self._duration_ms = 0
        self.play_button = named(QPushButton(self.tr("Play")), "playPause")
        set_tip(self.play_button, self.tr("Play or pause the recording"))
        self.slider = named(QSlider(Qt.Orientation.Horizontal), "mediaPosition")
        self.slider.setAccessibleName(self.tr("Position in the recording"))
        self.slider.setRange(0, 0)
        self.slider.setPageStep(10_000)
        self.time = named(plain_label("0:00:00"), "mediaTime")
        self.cue_button = named(QPushButton(), "playFromPassage")
        self.cue_button.hide()
        self.no_sound = named(plain_label(self.tr("No sound device: the recording plays silently")), "noSoundDevice")
        set_tip(self.no_sound, self.tr("Connect speakers or headphones (or start the system's sound service) "
                                       "to hear it; the position and the transcript still follow."))
        self.no_sound.hide()
        self.no_sound.setWordWrap(True)  # beside the slider: it must not widen the record page (issue #32)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(plain_label(self.tr("Recording:")))
        lay.addWidget(self.play_button)
        lay.addWidget(self.slider, 1)
        lay.addWidget(self.time)
        lay.addWidget(self.no_sound)
        lay.addWidget(self.cue_button)
        self.play_button.clicked.connect(self.toggle)
        self.slider.sliderMoved.connect(self._seek)
        self.slider.valueChanged.connect(self._slider_changed)
        self.cue_button.clicked.connect(self._play_cue)
        self.hide()

    @property
    def available(self) -> bool:
        """True when recordings can actually be played here."""
        return multimedia() is not None

    # -- what to play ---------------------------------------------------------------------
    def load(self, path: str | None) -> None:
        """Show the player for ``path`` (paused at 0), or hide it when there is nothing to play."""
        if not path or not os.path.isfile(path):
            self.clear()
            if path:
                notify(self, self.tr("The recording cannot be played: %1 is not there.").replace("%1", path))
            return
        if path != self.source:
            self.stop()
            self.source = path
            self.requested_ms = None
            self._pending_ms = None
            self._duration_ms = 0
            self._set_slider(0, 0)
            self.time.setText("0:00:00")
            if self._backend() is not None:
                self._player.setSource(QUrl.fromLocalFile(path))
        self.cue_button.hide()
        self.setVisible(self.available)
        self.sound_check()
        if not self.available:
            notify(self, self.tr("Recordings cannot be played on this computer (Qt's audio support is missing; "
                                 "on Linux install libpulse0). The transcript is complete."))

    def cue(self, seconds: float | None) -> None:
        """Put the playhead at ``seconds`` (a passage's tc_in) and offer to play from there."""
        if self.source is None or seconds is None:
            self.cue_button.hide()
            return
        self._request(seconds)
        self.cue_button.setText(self.tr("▶ Play from %1").replace("%1", timecode(seconds)))
        self.cue_button.setVisible(self.available)

    def play_from(self, seconds: float) -> None:
        """Play the recording from ``seconds``."""
        if self.source is None:
            return
        self._request(seconds)
        self.play()

    def _request(self, seconds: float) -> None:
        self.requested_ms = max(0, round(seconds * 1000))
        if self._backend() is None:
            return
        if self._loaded():
            self._player.setPosition(self.requested_ms)
        else:
            self._pending_ms = self.requested_ms  # the FFmpeg backend ignores seeks while still loading

    def _play_cue(self) -> None:
        if self.requested_ms is not None:
            self.play_from(self.requested_ms / 1000)

    # -- transport ----------------------------------------------------------------------------
    def sound_check(self) -> bool:
        """Whether there is a sound output now; without one the panel says the recording plays silently
        (a device plugged in since is used from the next play)."""
        present = sound_output_present()
        self.no_sound.setVisible(self.available and self.source is not None and not present)
        mm = multimedia()
        if present and mm is not None and self._audio is not None and self._audio.device().isNull():
            self._audio.setDevice(mm.QMediaDevices.defaultAudioOutput())
        return present

    def play(self) -> None:
        """Start or resume playback (silently, and said so, where there is no sound output)."""
        if self._backend() is None or self.source is None:
            return
        if not self.sound_check():
            notify(self, self.no_sound.text())
        if self._loaded():
            self._player.play()
        else:
            self._play_pending = True

    def pause(self) -> None:
        """Pause (the position is kept)."""
        self._play_pending = False
        if self._player is not None:
            self._player.pause()

    def stop(self) -> None:
        """Stop playback (leaving the record, kiosk reset)."""
        self._play_pending = False
        if self._player is not None:
            self._player.stop()

    def toggle(self) -> None:
        """Play ↔ pause."""
        if self.playing():
            self.pause()
        else:
            self.play()

    def playing(self) -> bool:
        """True while sound is (or is about to be) playing."""
        if self._player is None:
            return False
        mm = multimedia()
        assert mm is not None
        return bool(self._play_pending or self._player.playbackState() == mm.QMediaPlayer.PlaybackState.PlayingState)

    def position_ms(self) -> int:
        """The backend's current position (0 without a backend)."""
        return int(self._player.position()) if self._player is not None else 0

    def clear(self) -> None:
        """Forget the recording and hide."""
        self.stop()
        if self._player is not None:
            self._player.setSource(QUrl())
        self.source = None
        self.requested_ms = None
        self._pending_ms = None
        self.cue_button.hide()
        self.no_sound.hide()
        self.hide()

    # -- the backend ----------------------------------------------------------------------------
    def _backend(self) -> Any:
        """The QMediaPlayer, created on first need; None without QtMultimedia."""
        mm = multimedia()
        if mm is None:
            return None
        if self._player is None:
            self._player = mm.QMediaPlayer(self)
            self._audio = mm.QAudioOutput(self)
            self._player.setAudioOutput(self._audio)
            self._player.mediaStatusChanged.connect(self._status)
            self._player.durationChanged.connect(self._duration)
            self._player.positionChanged.connect(self._position)
            self._player.playbackStateChanged.connect(self._state)
            self._player.errorOccurred.connect(self._error)
        return self._player

    def _loaded(self) -> bool:
        mm = multimedia()
        assert mm is not None and self._player is not None
        s = mm.QMediaPlayer.MediaStatus
        return bool(self._player.mediaStatus() in (s.LoadedMedia, s.BufferingMedia, s.BufferedMedia, s.EndOfMedia))

    def _status(self, status: Any) -> None:
        mm = multimedia()
        assert mm is not None
        if status == mm.QMediaPlayer.MediaStatus.LoadedMedia:
            if self._pending_ms is not None:
                self._player.setPosition(self._pending_ms)
                self._pending_ms = None
            if self._play_pending:
                self._play_pending = False
                self._player.play()

    def _duration(self, ms: int) -> None:
        self._duration_ms = int(ms)
        self._set_slider(maximum=self._duration_ms)
        self._show_time(self.position_ms())

    def _position(self, ms: int) -> None:
        if not self.slider.isSliderDown():
            self._set_slider(int(ms))
        self._show_time(int(ms))

    def _set_slider(self, value: int | None = None, maximum: int | None = None) -> None:
        """Move the slider to follow playback without it seeking back (only the user's moves seek)."""
        self.slider.blockSignals(True)
        if maximum is not None:
            self.slider.setRange(0, maximum)
        if value is not None:
            self.slider.setValue(value)
        self.slider.blockSignals(False)

    def _show_time(self, ms: int) -> None:
        total = f" / {timecode(self._duration_ms / 1000)}" if self._duration_ms else ""
        self.time.setText(timecode(ms / 1000) + total)

    def _state(self, _state: Any) -> None:
        self.play_button.setText(self.tr("Pause") if self.playing() else self.tr("Play"))

    def _seek(self, ms: int) -> None:
        if self._player is not None:
            self._player.setPosition(ms)

    def _slider_changed(self, ms: int) -> None:
        # keyboard (arrows, Page Up/Down) moves the slider without "sliderMoved"
        if not self.slider.isSliderDown():
            self._seek(ms)

    def _error(self, _error: Any, message: str = "") -> None:
        self._play_pending = False
        self.time.setText(self.tr("Cannot play this recording."))
        set_tip(self.time, message)
        shown = self.tr("Cannot play the recording %1").replace("%1", os.path.basename(self.source or ""))
        notify(self, f"{shown}: {message}" if message else shown)
