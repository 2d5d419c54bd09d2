"""Scenarist closed captions (``.scc``): CEA-608 byte pairs decoded into timecoded cues.

Each line is a SMPTE timecode (``;`` or ``.`` before the frames: drop-frame) and byte pairs sent
one per frame at 29.97 frames/s, so a pair takes effect at its line's frame plus its place in the
line: a pop-on caption appears at its End Of Caption, frame-exact, and ends at the erase or the
next caption. Roll-up and paint-on captions become one cue per row, from its first character to
the next row (or the erase). Caption channel 1 is read (channel 2, text mode and XDS are left out);
the standard, special and extended character sets are mapped. Decoded here because pycaption, the
library that reads SCC, brings BeautifulSoup and cssutils for this small state machine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from core.chunking.model import Block, ParsedRecord, ReadResult
from core.errors import CorruptSource
from core.ingest.readers.common import date_from_filename, split_speaker
from core.ingest.readers.media import find_media
from core.ingest.readers.textio import decode_tolerant
from core.ingest.titles import choose_title

FRAME = 1001 / 30000  # seconds per frame at 29.97 (NTSC), drop-frame or not
_LINE = re.compile(r"^(\d{1,2}):(\d{2}):(\d{2})([:;.,])(\d{2})\s+((?:[0-9a-fA-F]{4}\s*)+)$")
MAX_LISTED = 20
# the standard set differs from ASCII in ten places
_STANDARD = {0x2A: "á", 0x5C: "é", 0x5E: "í", 0x5F: "ó", 0x60: "ú", 0x7B: "ç", 0x7C: "÷", 0x7D: "Ñ", 0x7E: "ñ",
             0x7F: "█"}
_SPECIAL = "®°½¿™¢£♪à èâêîôû"  # 0x11 0x30–0x3f (0x39 the transparent space)
_EXTENDED = {0x12: "ÁÉÓÚÜü‘¡*’—©℠•“”ÀÂÇÈÊËëÎÏïÔÙùÛ«»",  # 0x20–0x3f, Spanish/French/misc
             0x13: "ÃãÍÌìÒòÕõ{}\\^_|~ÄäÖöß¥¤│ÅåØø┌┐└┘"}  # Portuguese/German/Danish
_PAC_ROWS = {0x11: 1, 0x12: 3, 0x15: 5, 0x16: 7, 0x17: 9, 0x10: 11, 0x13: 12, 0x14: 14}


@dataclass
class _Decoder:
    """The caption channel's state: mode, memories, cursor, and the cues found."""

    blocks: list[Block] = field(default_factory=list)
    mode: str = "pop"  # pop, roll, paint or text
    hidden: dict[int, list[str]] = field(default_factory=dict)  # non-displayed memory (pop-on), by row
    shown: str = ""
    shown_at: float = 0.0
    live: list[str] = field(default_factory=list)  # the row being written directly (roll-up, paint-on)
    live_at: float = 0.0
    row: int = 15
    col: int = 0

    def cue(self, text: str, tc_in: float, tc_out: float) -> None:
        body = " ".join(text.split())
        if body:
            self.blocks.append(Block(body, tc_in=tc_in, tc_out=max(tc_out, tc_in), speaker=split_speaker(body)[0],
                                     component="rag:transcript"))

    def end_shown(self, t: float) -> None:
        self.cue(self.shown, self.shown_at, t)
        self.shown = ""

    def end_live(self, t: float) -> None:
        self.cue("".join(self.live), self.live_at, t)
        self.live = []

    def write(self, ch: str, t: float) -> None:
        if self.mode == "text":
            return
        if self.mode == "pop":
            line = self.hidden.setdefault(self.row, [])
            line.extend(" " * (self.col - len(line)))
            line[self.col:self.col + 1] = [ch]
            self.col += 1  # past column 32 a screen overwrites the last cell; the text is kept whole here
            return
        if not self.live:
            self.live_at = t
        self.live.append(ch)

    def backspace(self) -> None:
        if self.mode == "pop":
            line = self.hidden.get(self.row, [])
            if self.col > 0 and self.col <= len(line):
                del line[self.col - 1]
                self.col -= 1
        elif self.live:
            self.live.pop()

    def control(self, b1: int, b2: int, t: float) -> None:
        """A control-code pair of channel 1 (``b1`` with the channel bit cleared)."""
        if b1 in (0x14, 0x15) and 0x20 <= b2 <= 0x2F:
            self.command(b2, t)
        elif b1 == 0x17 and 0x21 <= b2 <= 0x23:  # tab offset: the cursor moves 1–3 columns
            self.col += b2 - 0x20
            if self.mode != "pop" and self.live:
                self.live.append(" ")
        elif b1 == 0x11 and 0x30 <= b2 <= 0x3F:
            self.write(_SPECIAL[b2 - 0x30], t)
        elif b1 in _EXTENDED and 0x20 <= b2 <= 0x3F:
            self.backspace()  # an extended character replaces the standard one sent before it as a fallback
            self.write(_EXTENDED[b1][b2 - 0x20], t)
        elif b1 == 0x11 and 0x20 <= b2 <= 0x2F:  # mid-row style change: shown as a space
            self.write(" ", t)
        elif 0x40 <= b2 <= 0x7F and b1 in _PAC_ROWS:
            self.address(_PAC_ROWS[b1] + (1 if b2 & 0x20 and b1 != 0x10 else 0), b2, t)

    def address(self, row: int, b2: int, t: float) -> None:
        """A preamble address code: the cursor to a row, indented by its multiple of four columns."""
        if self.mode == "paint" and row != self.row:
            self.end_live(t)
        elif self.mode == "roll" and self.live:
            self.live.append(" ")
        self.row = row
        self.col = ((b2 & 0x0E) >> 1) * 4 if b2 & 0x10 else 0

    def command(self, code: int, t: float) -> None:
        if code == 0x20:  # resume caption loading: pop-on
            self.end_live(t)
            self.mode = "pop"
        elif code in (0x25, 0x26, 0x27):  # roll-up 2/3/4 rows: entering it erases the screen
            if self.mode != "roll":
                self.end_shown(t)
                self.end_live(t)
                self.hidden.clear()
            self.mode = "roll"
        elif code == 0x29:  # resume direct captioning: paint-on
            self.end_live(t)
            self.mode = "paint"
        elif code in (0x2A, 0x2B):  # text restart / resume text display: not captions
            self.end_live(t)
            self.mode = "text"
        elif code == 0x21:
            self.backspace()
        elif code == 0x2C:  # erase displayed memory
            self.end_shown(t)
            self.end_live(t)
        elif code == 0x2D and self.mode == "roll":  # carriage return: the row rolls up
            self.end_live(t)
        elif code == 0x2E:  # erase non-displayed memory
            self.hidden.clear()
        elif code == 0x2F:  # end of caption: the loaded caption is shown
            self.end_shown(t)
            self.shown = " ".join("".join(self.hidden[r]).strip() for r in sorted(self.hidden))
            self.shown_at = t
            self.hidden.clear()
            self.mode = "pop"


def frames(hh: int, mm: int, ss: int, ff: int, drop: bool) -> int:
    """A SMPTE timecode as a frame count at 30 nominal frames/s (drop-frame skips 2 per minute but every tenth)."""
    count = ((hh * 60 + mm) * 60 + ss) * 30 + ff
    if drop:
        minutes = hh * 60 + mm
        count -= 2 * (minutes - minutes // 10)
    return count


def read(path: Path, raw: bytes) -> ReadResult:
    """Read an ``.scc`` file into one transcript record."""
    text, notes = decode_tolerant(raw, what="caption file")
    lines = text.split("\n")
    if not lines[0].strip().startswith("Scenarist_SCC"):
        raise CorruptSource("not an SCC file (it does not begin with \"Scenarist_SCC V1.0\")")
    dec = _Decoder()
    bad: list[str] = []
    last = 0.0
    for n, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        m = _LINE.match(line.strip())
        if not m:
            bad.append(f"line {n}: {line.strip()[:40]!r}")
            continue
        hh, mm, ss, sep, ff, words = m.groups()
        start = frames(int(hh), int(mm), int(ss), int(ff), sep in ";.,")
        _decode(dec, words.split(), start)
        last = (start + len(words.split())) * FRAME
    dec.end_shown(last)
    dec.end_live(last)
    if bad:
        listed = "; ".join(bad[:MAX_LISTED]) + (f"; and {len(bad) - MAX_LISTED} more" if len(bad) > MAX_LISTED else "")
        notes.append(f"{len(bad)} line{'s' if len(bad) != 1 else ''} skipped (unreadable timecode or codes): {listed}")
    if not dec.blocks:
        raise CorruptSource("no cues with text in this transcript")
    dec.blocks.sort(key=lambda b: b.tc_in or 0.0)
    start_date, end_date = date_from_filename(path)
    rec = ParsedRecord(key="", title=choose_title([], path), blocks=dec.blocks, date_start=start_date,
                       date_end=end_date, media_path=find_media(path))
    return ReadResult([rec], reader="scc", notes=notes)


def _decode(dec: _Decoder, words: list[str], start: int) -> None:
    """One line's byte pairs, the first at frame ``start`` and each next one frame later."""
    previous = None
    channel_one = True
    for i, word in enumerate(words):
        t = (start + i) * FRAME
        b1, b2 = int(word[:2], 16) & 0x7F, int(word[2:], 16) & 0x7F  # parity bits off
        if 0x10 <= b1 <= 0x1F:
            if word.lower() == previous:  # control codes are sent twice; the repeat is not a second command
                previous = None
                continue
            previous = word.lower()
            channel_one = b1 < 0x18
            if channel_one:
                dec.control(b1, b2, t)
            continue
        previous = None
        if b1 < 0x20 or not channel_one:  # padding (0x80 0x80) or another channel's text
            continue
        for byte in (b1, b2):
            if byte >= 0x20:
                dec.write(_STANDARD.get(byte, chr(byte)), t)
