"""TTML/DFXP and ASS/SSA captions: each cue a turn with its exact times (#34)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from core.errors import CorruptSource
from core.ingest.readers import reader_for
from core.ingest.readers.ttml import Rates, parse_time

FIX = Path(__file__).resolve().parents[1] / "fixtures"
CUES = [(0.76, 3.45), (5.0, 10.0), (10.0, 16.0), (17.2, 23.0), (23.0, 27.0), (28.0, 34.6), (28.0, 34.6),
        (34.6, 45.0), (45.0, 52.0), (53.5, 58.7), (53.5, 58.7)]
DFXP = """<tt xmlns="http://www.w3.org/2006/10/ttaf1" xmlns:ttp="http://www.w3.org/2006/10/ttaf1#parameter"
 xmlns:ttm="http://www.w3.org/2006/10/ttaf1#metadata" ttp:tickRate="10000000" ttp:frameRate="25" xml:lang="es">
<head><metadata><ttm:agent xml:id="a1"><ttm:name>Carmen Rius</ttm:name></ttm:agent></metadata></head>
<body><div begin="60s">
<p begin="10000000t" end="35000000t" ttm:agent="a1">El molí<br/>de baix</p>
<p begin="00:00:05:12" dur="2s">tenia dues moles.</p>
<p><span begin="10s" end="11s">La</span> <span begin="11s" end="12.5s">riuada</span></p>
<p begin="soon">perdut</p>
</div></body></tt>"""
ASS = """[Script Info]
Title: Entrevista OH02
ScriptType: v4.00+

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Comment: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,nota de l'editor
Dialogue: 1,0:00:01.50,0:00:04.25,Default,Carmen,0,0,0,,{\\an8}El molí{\\i1} de baix{\\i0}\\Nja no mol.
Dialogue: 0,0:00:01.50,0:00:04.25,Default,Carmen,0,0,0,,{\\bord3}El molí de baix\\Nja no mol.
Dialogue: 0,0:00:05.00,0:00:06.00,Default,,0,0,0,,{\\p1}m 0 0 l 100 0 100 100{\\p0}
Dialogue: 0,0:01:02.03,0:01:04.00,Default,,0,0,0,,JOSEP: I la riuada?
Dialogue: 0,0:01:xx.00,0:01:09.00,Default,,0,0,0,,a mistyped start
"""


def _read(path: Path, raw: bytes | None = None):  # type: ignore[no-untyped-def]
    return reader_for(path)(path, raw if raw is not None else path.read_bytes())


def test_ttml_cues_keep_their_exact_times() -> None:
    result = _read(FIX / "ttml" / "ttml_example.ttml")
    (rec,) = result.records
    assert result.reader == "ttml" and rec.title == "Timed Text TTML Example"
    assert [(b.tc_in, b.tc_out) for b in rec.blocks] == CUES
    assert rec.blocks[1].text == "that the image formed on the Retina should be inverted?"
    assert rec.data["copyright"] == "The Authors (c) 2006"
    (clock,) = _read(FIX / "ttml" / "ttml_example2.ttml").records
    assert [(b.tc_in, b.tc_out) for b in clock.blocks][:2] == [(1.375, 5.75), (5.916, 10.216)]
    assert clock.lang == "en" and clock.title == "Sample TTML"


def test_dfxp_ticks_frames_nesting_agents_and_span_timing() -> None:
    result = _read(Path("oh02.dfxp"), DFXP.encode())
    (rec,) = result.records
    got = [(b.tc_in, b.tc_out, b.speaker, b.text) for b in rec.blocks]
    assert got == [(61.0, 63.5, "Carmen Rius", "El molí de baix"),  # ticks, 60 s after the div's begin
                   (65.48, 67.48, None, "tenia dues moles."),  # 5 s 12 frames at 25 fps, then dur
                   (70.0, 72.5, None, "La riuada")]  # an untimed <p>: its first to last timed span
    assert rec.lang == "es"
    assert result.notes == ["1 cue skipped (unreadable timing): <p begin='soon' end=None>"]
    rates = Rates(ET.fromstring("<tt/>"))  # no declared rates: 30 fps, 1 tick a second
    got = [parse_time(v, rates) for v in ("1.5h", "2m", "250ms", "30f", "01:02:03.5", "19.764", "3:58.640")]
    assert got == [5400.0, 120.0, 0.25, 1.0, 3723.5, 19.764, 238.64]  # the last two: Apple's bare forms
    with pytest.raises(ValueError):
        parse_time("00:61:00", rates)


def test_ass_events_as_turns() -> None:
    (fixture,) = _read(FIX / "ass" / "ttml_example.ass").records
    assert [(b.tc_in, b.tc_out) for b in fixture.blocks] == CUES
    assert fixture.blocks[1].text == "that the image formed on the Retina should be inverted?"
    result = _read(Path("oh02.ass"), ASS.encode())
    (rec,) = result.records
    assert result.reader == "ass" and rec.title == "Entrevista OH02"
    assert result.notes == ["1 event skipped (unreadable timing): line 12: "
                            "'Dialogue: 0,0:01:xx.00,0:01:09.00,Default,,0,0,0,,a mistyped start'"]
    # the comment and the drawing carry no speech; the outline layer repeats the fill: one turn
    assert [(b.tc_in, b.tc_out, b.speaker, b.text) for b in rec.blocks] == [
        (1.5, 4.25, "Carmen", "El molí de baix ja no mol."), (62.03, 64.0, "JOSEP", "JOSEP: I la riuada?")]
    (ssa,) = _read(Path("oh02.ssa"), ASS.replace("v4.00+", "v4.00").encode()).records
    assert len(ssa.blocks) == 2


def test_caption_files_without_text_fail_clearly() -> None:
    with pytest.raises(CorruptSource) as empty:
        _read(FIX / "ass" / "attached_images_aegisub.ass")  # an embedded picture and one empty event
    assert empty.value.code == "ingest.no_cues"
    with pytest.raises(CorruptSource) as not_tt:
        _read(Path("x.ttml"), b"<html><body/></html>")
    assert not_tt.value.code == "ingest.not_ttml"
