"""SCC (CEA-608) captions: ttconv's public pop-on, paint-on and roll-up files plus built lines, cue times exact to
the frame (drop-frame and not), the character sets, doubled control codes, other channels and broken lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.chunking.model import ReadResult
from core.errors import CorruptSource, identify
from core.ingest.readers import reader_for
from core.ingest.readers.scc import _EXTENDED, _SPECIAL, FRAME, frames
from core.retrieval.browse import KINDS

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "scc"
HEAD = "Scenarist_SCC V1.0\n\n"


def read(name: str, text: str | None = None) -> ReadResult:
    path = FIX / name
    return reader_for(path)(path, path.read_bytes() if text is None else text.encode())


def cues(result: ReadResult) -> list[tuple[float, float, str]]:
    return [(b.tc_in or 0.0, b.tc_out or 0.0, b.text) for b in result.records[0].blocks]


def test_drop_frame_timecodes_skip_two_frames_a_minute_but_every_tenth() -> None:
    assert frames(0, 1, 0, 2, drop=True) == 1800  # 00:01:00;00 and ;01 do not exist
    assert frames(0, 10, 0, 0, drop=True) == 17982  # 10 minutes = 17,982 frames = 600.0 s of 29.97
    assert frames(0, 10, 0, 0, drop=True) * FRAME == pytest.approx(599.9994, abs=1e-9)  # drop-frame's own 0.6 ms
    assert frames(1, 0, 0, 0, drop=False) * FRAME == pytest.approx(3603.6)  # non-drop runs 3.6 s slow an hour
    assert len(_SPECIAL) == 16 and all(len(chars) == 32 for chars in _EXTENDED.values())


def test_pop_on_fixture_shows_each_caption_at_its_end_of_caption_frame() -> None:
    result = read("pop-on.scc")
    got = cues(result)
    # 01:02:53:14 + 20 pairs: the EOC (942f) is the line's 21st pair; erased by 942c at 01:02:55:14
    assert got[0] == (frames(1, 2, 53, 34, drop=False) * FRAME, frames(1, 2, 55, 14, drop=False) * FRAME,
                      "( horn honking )")
    assert got[1][2] == "HEY, THE®E."  # 91b0 is the special character ®
    assert got[1][1] == pytest.approx(got[2][0] - 2 * FRAME)  # shown until the erase two pairs before the next EOC
    assert got[2][2] == "Test ½ Caption Test test Captions"  # two rows, mid-row codes as spaces
    assert result.reader == "scc" and KINDS["scc"] == "interview" and result.notes == []


def test_roll_up_fixture_one_cue_per_row_and_character_sets() -> None:
    got = cues(read("mix-rows-roll-up.scc"))
    assert got[0] == (28 * FRAME, 85 * FRAME, ">>> HI.")  # 00:00:00;22 + 6 pairs, to the next line's CR
    texts = [t for _, _, t in got]
    assert texts[1:4] == ["I'M KEVIN CUNNING AND AT", "INVESTOR'S BANK WE BELIEVE IN",
                          "HELPING THE LOCAL NEIGHBORHOODS"]
    assert "®°½" in texts and "ABCDEû" in texts  # a doubled special character is one character
    assert "¡" in texts  # each extended character replaces the one before it
    assert texts[-1] == ">> Bike Iowa, your source for"


def test_paint_on_fixture_rows_as_they_are_painted() -> None:
    texts = [t for _, _, t in cues(read("paint-on.scc"))]
    assert texts == ["Lorem ipsum dolor sit amet,", "consectetur adipiscing elit.",
                     "Pellentesque interdum lacinia sollicitudin.", "Integer luctus et ligula ac sagittis."]


def test_built_lines_channel_two_text_mode_and_bad_lines() -> None:
    text = HEAD + (
        "00:00:01;00\t9420 9420 94d0 94d0 c16a 6120 7c20 7b61 942f 942f\n"  # "Aja ÷ ça" (parity bits set or not)
        "not a line\n"
        "00:00:02;00\t1c20 1c20 1c2f 1c2f 942c 942c\n"  # channel 2's RCL/EOC: not ours; then our erase
        "00:00:03;00\t942a 942a 5445 5854 9420 9420 942f 942f\n"  # text mode: no caption
    )
    result = read("built.scc", text)
    assert cues(result) == [(38 * FRAME, 64 * FRAME, "Aja ÷ ça")]
    assert result.notes == ["1 line skipped (unreadable timecode or codes): line 4: 'not a line'"]


@pytest.mark.parametrize(("text", "code"), [
    ("WEBVTT\n\n00:01.000 --> 00:02.000\nhi\n", "ingest.not_scc"),
    (HEAD + "00:00:01;00\t9420 9420 942f 942f\n", "ingest.no_cues"),
])
def test_not_scc_and_no_text_fail_with_their_reason(text: str, code: str) -> None:
    with pytest.raises(CorruptSource) as err:
        read("built.scc", text)
    found = identify(str(err.value))
    assert found is not None and found[0] == code


def test_a_recording_beside_its_captions_is_their_companion(tmp_path: Path) -> None:
    from core.ingest.skipped import is_companion

    for captions in ("news.scc", "news.stl"):
        names = {str(tmp_path / "news.mp4"), str(tmp_path / captions)}
        assert is_companion(tmp_path / "news.mp4", names)
    assert not is_companion(tmp_path / "news.mp4", {str(tmp_path / "news.mp4")})


def test_every_interview_reader_follows_its_recording() -> None:
    # a recording added or renamed beside an unchanged transcript re-reads it (scan.py): every caption kind alike
    from core.ingest.scan import TRANSCRIPT_READERS

    assert {reader for reader, kind in KINDS.items() if kind == "interview"} <= TRANSCRIPT_READERS
