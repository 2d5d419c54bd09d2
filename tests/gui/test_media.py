"""An interview with a recording beside it plays from a passage's timecode (QtMultimedia).

The request (source, position) is checked everywhere; real playback through Qt's FFmpeg backend
is checked for real; on Linux QtMultimedia needs the system libpulse0, which setup installs.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from pytestqt.qtbot import QtBot

import app.media
from app.main_window import MainWindow
from core.retrieval.hits import Hit
from tests.demo_fixtures import DEMO
from tests.gui.conftest import WAIT_MS, WindowFactory

RECORDING = DEMO / "transcripts" / "oh02_carmen_es.wav"
QUERY = "maestro del pueblo escuela don Anselmo Rius Alcorisa Teruel"


def carmen_passage(w: MainWindow) -> Hit:
    """A passage of Carmen's interview that starts after 0:00 (so a wrong seek would show)."""
    hits = w.ops.ovillo.search.passages(QUERY, limit=30)
    return next(h for h in hits if h.media_path and h.tc_in)


def open_and_wait(qtbot: QtBot, w: MainWindow, hit: Hit) -> None:
    w.record.record = None
    w.open_hit(hit)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)


def test_the_demo_recording_is_small_and_covers_its_transcript() -> None:
    import wave

    assert RECORDING.stat().st_size < 1_500_000
    with wave.open(str(RECORDING)) as f:
        seconds = f.getnframes() / f.getframerate()
    assert seconds > 6 * 60 + 40  # the last cue of oh02 ends at 0:06:40.690


def test_opening_a_passage_cues_the_recording_at_its_timecode(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    hit = carmen_passage(w)
    assert hit.tc_in is not None and Path(hit.media_path or "") == RECORDING
    open_and_wait(qtbot, w, hit)
    media = w.record.media
    assert media.source == str(RECORDING)
    assert media.requested_ms == round(hit.tc_in * 1000)
    assert not media.playing()  # opening a record never starts sound by itself

    # the hit's moment is where its words are spoken: a cue inside the passage, not the passage's start
    focus = next(c for c in w.record.record.chunks if c.chunk_index == hit.chunk_index)
    assert focus.tc_marks and focus.tc_in is not None and hit.tc_in > focus.tc_in
    # a citation (from Ask) without a quote lands on the passage and cues its start ...
    media.clear()
    w.record.record = None
    w.open_citation(hit.section_tipo, hit.section_id, hit.chunk_index)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert (media.source, media.requested_ms) == (str(RECORDING), round(focus.tc_in * 1000))
    # ... and with its quote, cues the moment the quoted words are spoken
    unit = next(m for m in focus.tc_marks if float(m[1]) == hit.tc_in)
    start = int(unit[0])
    media.clear()
    w.record.record = None
    w.open_quote(hit.section_tipo, hit.section_id, hit.chunk_index, start, start + 20)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert (media.source, media.requested_ms) == (str(RECORDING), round(hit.tc_in * 1000))

    # a record without a recording hides the player
    diary = next(h for h in w.ops.ovillo.search.records("glazed sherds trench 3", limit=10) if not h.media_path)
    open_and_wait(qtbot, w, diary)
    assert media.source is None and media.requested_ms is None and not media.isVisibleTo(w)


def test_without_a_media_backend_the_player_is_hidden(qtbot: QtBot, make_window: WindowFactory,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.media, "multimedia", lambda: None)
    w = make_window()
    hit = carmen_passage(w)
    open_and_wait(qtbot, w, hit)
    media = w.record.media
    assert media.source == str(RECORDING) and media.requested_ms == round((hit.tc_in or 0) * 1000)
    assert not media.isVisibleTo(w) and not media.cue_button.isVisibleTo(w)
    assert "play:" not in w.record.text.toHtml()  # no ▶ links that would do nothing
    media.play()  # harmless
    assert not media.playing()


def test_real_player_plays_from_the_passage(qtbot: QtBot, make_window: WindowFactory) -> None:
    # never skipped: setup installs libpulse0 where it can (root + apt), so a machine without a
    # media backend is a setup failure to see, not a reason to leave real playback untested
    assert app.media.multimedia() is not None, \
        "QtMultimedia cannot load: install the system package libpulse0 (setup does it as root)"
    w = make_window()
    hit = carmen_passage(w)
    assert hit.tc_in is not None
    open_and_wait(qtbot, w, hit)
    media = w.record.media
    want = round(hit.tc_in * 1000)
    assert media.isVisibleTo(w) and media.cue_button.isVisibleTo(w)
    assert "Play from" in media.cue_button.text()
    # the FFmpeg backend loads the file and the playhead sits on the passage, paused
    qtbot.waitUntil(lambda: media.slider.maximum() > 400_000, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: abs(media.position_ms() - want) < 250, timeout=WAIT_MS)
    assert not media.playing()

    # the offered "Play from 0:0x:xx" button plays from there
    qtbot.mouseClick(media.cue_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: media.playing() and media.position_ms() > want + 200, timeout=WAIT_MS)
    assert media.play_button.text() == "Pause"
    qtbot.mouseClick(media.play_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not media.playing(), timeout=WAIT_MS)

    # a passage's ▶ link, clicked with the mouse, plays from that passage's own timecode
    rec = w.record.record
    assert rec is not None
    later = next(c for c in rec.chunks if c.tc_in is not None and c.tc_in > hit.tc_in + 30)
    browser = w.record.text
    found = browser.document().find("▶ " + w.record._where(later))
    assert not found.isNull()
    cursor = QTextCursor(browser.document())
    cursor.setPosition(found.selectionStart() + 3)  # inside the link's text
    browser.setTextCursor(cursor)
    browser.ensureCursorVisible()
    point = browser.cursorRect(cursor).center()
    assert browser.anchorAt(point).startswith("play:")
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)
    later_ms = round(later.tc_in * 1000)  # type: ignore[operator]
    assert media.requested_ms == later_ms
    qtbot.waitUntil(lambda: media.playing() and later_ms <= media.position_ms() < later_ms + 5000, timeout=WAIT_MS)

    # leaving the record pauses; the kiosk's idle reset (record.clear) forgets the recording
    qtbot.keyClick(w.record, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not media.playing(), timeout=WAIT_MS)
    w.record.clear()
    assert media.source is None and not media.isVisibleTo(w)


def test_kiosk_plays_recordings_but_never_opens_files(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window(kiosk=True)
    hit = carmen_passage(w)
    open_and_wait(qtbot, w, hit)
    assert not w.record.open_button.isVisibleTo(w)
    assert w.record.media.source == str(RECORDING)
    assert w.record.media.isVisibleTo(w) == w.record.media.available
