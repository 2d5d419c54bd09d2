#!/usr/bin/env python3
"""Generate the synthetic placeholder recording that sits beside a demo interview transcript.

Output: resources/demo/transcripts/oh02_carmen_es.wav. It is NOT a voice: the demo archive is
fictional and has no real recordings. The file exists so the app's "play from this timecode"
path runs on real media. It follows the transcript's cues so what you hear matches the
timecodes: a low hum (220 Hz) while Carmen speaks, a higher one (330 Hz) for the interviewer,
each pulsing ~4 times a second like syllables, and silence between cues.

Small on purpose (2 kHz, 8-bit, mono: ~0.8 MB for 6 min 41 s). Deterministic: the same
transcript always gives the same bytes (no randomness, no timestamps), so regenerating it
never shows up as a change. Standard library only.

Usage:  python scripts/make_demo_audio.py [transcript.srt [output.wav]]
"""

from __future__ import annotations

import math
import re
import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SRT = ROOT / "resources" / "demo" / "transcripts" / "oh02_carmen_es.srt"
RATE = 2000  # Hz; a 330 Hz hum needs no more, and it keeps the file under a megabyte
TAIL_S = 1.0  # a second of silence after the last cue so "play from" the last cue has room
CUE = re.compile(r"(\d+):(\d\d):(\d\d)[,.](\d{3}) --> (\d+):(\d\d):(\d\d)[,.](\d{3})\s*\n([^\n]*)")


def _seconds(h: str, m: str, s: str, ms: str) -> float:
    return int(h) * 3600 + int(m) * 60 + int(s) + int(ms) / 1000


def cues(srt: str) -> list[tuple[float, float, bool]]:
    """(start, end, is_interviewer) for each cue of an SRT/WebVTT text."""
    out = []
    for m in CUE.finditer(srt):
        start, end = _seconds(*m.group(1, 2, 3, 4)), _seconds(*m.group(5, 6, 7, 8))
        out.append((start, end, m.group(9).startswith(("ENTREVISTADOR", "[", "INTERVIEWER"))))
    return out


def render(spans: list[tuple[float, float, bool]]) -> bytes:
    """8-bit unsigned PCM samples: hum during cues, silence (128) elsewhere."""
    total = int((max(end for _, end, _ in spans) + TAIL_S) * RATE)
    samples = bytearray([128]) * total
    for start, end, interviewer in spans:
        freq = 330.0 if interviewer else 220.0
        a, b = int(start * RATE), min(total, int(end * RATE))
        for i in range(a, b):
            t = (i - a) / RATE
            # 4 Hz "syllable" envelope, with 20 ms fades at the cue's edges so it never clicks
            env = 0.5 + 0.5 * math.sin(2 * math.pi * 4 * t)
            edge = min(1.0, t / 0.02, (b - i) / RATE / 0.02)
            samples[i] = 128 + round(60 * env * edge * math.sin(2 * math.pi * freq * t))
    return bytes(samples)


def main(argv: list[str]) -> int:
    """Write the WAV beside its transcript (or where asked)."""
    srt = Path(argv[0]) if argv else DEFAULT_SRT
    out = Path(argv[1]) if len(argv) > 1 else srt.with_suffix(".wav")
    spans = cues(srt.read_text(encoding="utf-8"))
    if not spans:
        print(f"no cues in {srt}", file=sys.stderr)
        return 1
    with wave.open(str(out), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(RATE)
        w.writeframes(render(spans))
    print(f"{out}: {len(spans)} cues, {out.stat().st_size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
