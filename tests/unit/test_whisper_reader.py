"""Whisper .json and .tsv transcripts; other JSON is another kind, other TSV a catalogue (#34)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import CorruptSource, UnsupportedKind
from core.ingest.readers import is_supported, reader_for

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "whisper"
JFK = [(0.0, 7.6, "And so my fellow Americans ask not what your country can do for you,"),
       (7.6, 36.6, "ask what you can do for your country.")]


def _read(path: Path, raw: bytes | None = None):  # type: ignore[no-untyped-def]
    return reader_for(path)(path, raw if raw is not None else path.read_bytes())


def test_whisper_json_and_tsv_outputs_keep_segment_times() -> None:
    for name in ("jfk.json", "jfk.tsv"):
        result = _read(FIX / name)
        (rec,) = result.records
        assert result.reader == "whisper" and result.notes == []
        assert [(b.tc_in, b.tc_out, b.text) for b in rec.blocks] == JFK, name
    assert _read(FIX / "jfk.json").records[0].lang == "en"


def test_whisper_cpp_and_whisperx_forms() -> None:
    cpp = {"result": {"language": "ca"}, "transcription": [
        {"timestamps": {"from": "00:00:01,500", "to": "00:00:03,000"}, "offsets": {"from": 1500, "to": 3000},
         "text": " El molí de baix"}, {"offsets": {"to": 1}, "text": "sense inici"}]}
    result = _read(Path("oh02.json"), json.dumps(cpp).encode())
    assert [(b.tc_in, b.tc_out, b.text) for b in result.records[0].blocks] == [(1.5, 3.0, "El molí de baix")]
    assert result.records[0].lang == "ca" and result.notes == ["1 segment skipped (unreadable timing): segment 2"]
    wx = [{"start": 2.25, "end": 4.0, "text": "ja no mol", "speaker": "SPEAKER_01"}]
    (rec,) = _read(Path("wx.json"), json.dumps(wx).encode()).records
    assert [(b.tc_in, b.speaker) for b in rec.blocks] == [(2.25, "SPEAKER_01")]


def test_other_json_and_tsv_go_elsewhere() -> None:
    with pytest.raises(UnsupportedKind) as other:
        _read(Path("package.json"), b'{"name": "ovillo"}')
    assert other.value.code == "ingest.json_other"
    for broken_json in (b'{"segments": [', b"[" * 100_000 + b"]" * 100_000):
        with pytest.raises(CorruptSource) as broken:
            _read(Path("b.json"), broken_json)
        assert broken.value.code == "ingest.json_malformed"
    nan = _read(Path("n.json"), b'{"segments": [{"start": NaN, "end": 1, "text": "a"}, {"start": 1, "end": 2, "text": "b"}]}')
    assert [b.text for b in nan.records[0].blocks] == ["b"] and nan.notes[0].startswith("1 segment skipped")
    catalogue = _read(Path("fons.tsv"), b"id\ttitle\tdescription\nAF-1\tEl moli\tDues moles\n")
    assert catalogue.reader == "csv" and catalogue.records[0].title == "El moli"
    bad = _read(Path("t.tsv"), b"start\tend\ttext\n0\t1500\tHola\nx\t2\tmal\n")
    assert bad.notes == ["1 segment skipped (unreadable timing): line 3: 'x\\t2\\tmal'"]
    assert not is_supported(Path("fons.csv.mapping.json")) and not is_supported(Path("a.pdf.options.json"))
    assert is_supported(Path("oh02.json"))
