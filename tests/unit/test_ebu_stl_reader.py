"""EBU-STL subtitles: ttconv's public STL files plus built ones — extension blocks joined, times minus the programme
start, frame-exact at 25 and 29.97 fps, ISO 6937 accents and the other code tables, GSI fields in their code page,
comments left out, and a 3D-model .stl reported unsupported."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest import approx

from core.chunking.model import ReadResult
from core.errors import UnsupportedKind, identify
from core.ingest.readers import reader_for
from core.ingest.readers.ebu_stl import _LATIN, decode_text
from core.retrieval.browse import KINDS

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "stl"


def read(name: str, raw: bytes | None = None) -> ReadResult:
    path = FIX / name
    return reader_for(path)(path, path.read_bytes() if raw is None else raw)


def cues(result: ReadResult) -> list[tuple[float, float, str]]:
    return [(b.tc_in or 0.0, b.tc_out or 0.0, b.text) for b in result.records[0].blocks]


def gsi(dfc: bytes = b"STL30.01", table: bytes = b"00", lang: bytes = b"0A", title: str = "Memòries del molí",
        tcp: bytes = b"00000000") -> bytes:
    head = bytearray(b" " * 1024)
    head[0:3], head[3:11], head[12:14], head[14:16] = b"850", dfc, table, lang
    head[16:48] = title.encode("cp850").ljust(32)
    head[256:264] = tcp
    return bytes(head)


def tti(number: int, tc_in: tuple[int, ...], tc_out: tuple[int, ...], text: bytes, ebn: int = 0xFF,
        comment: int = 0) -> bytes:
    block = bytes([1]) + number.to_bytes(2, "little") + bytes([ebn, 0, *tc_in, *tc_out, 0x16, 2, comment])
    return block + text.ljust(112, b"\x8f")


def test_fixtures_extension_blocks_programme_start_and_line_breaks() -> None:
    result = read("multi_tti_subtitle.stl")  # one subtitle in three TTI blocks (EBN 0, 2, 255)
    assert cues(result) == [(approx(23 / 25), approx(73 / 25), "Foo Bar Baz")]
    assert result.records[0].lang == "en" and result.reader == "stl" and KINDS["stl"] == "interview"
    tcp = read("test_tcp_processing.stl")  # TCP 10:00:00:00; a block at 00:00:00:00 is before it
    assert cues(tcp) == [(0.0, approx(49 / 25), "Start of the program.")]
    assert tcp.notes == ["1 subtitle(s) before the programme start (10000000) left out"]
    assert cues(read("vp20_2_newlines.stl"))[0][2] == "This is row 20 This is row 22"


def test_built_file_29_97_accents_title_language_and_comments() -> None:
    raw = gsi() + b"".join([
        tti(1, (0, 0, 1, 15), (0, 0, 3, 0), b"\x0b\x0bCaf\xc2e \x8a\x8aEspa\xc4na \xfb"),
        tti(2, (0, 0, 4, 0), (0, 0, 5, 0), b"a translator's note", comment=1),
        tti(3, (0, 0, 6, 0), (0, 0, 7, 0), b"\x80Adi\xc3os\x81 \xa9molt\xba"),
    ])
    result = read("built.stl", raw)
    frame = 1.001 / 30  # STL30.01 counts 30 frames a timecode second of 29.97 fps video
    assert cues(result) == [(approx(45 * frame), approx(90 * frame), "Café España ß"),
                            (approx(180 * frame), approx(210 * frame), "Adiôs ‘molt”")]
    rec = result.records[0]
    assert rec.title == "Memòries del molí" and rec.lang == "es"


def test_other_code_tables_and_the_latin_map() -> None:
    assert decode_text("Привет".encode("iso8859_5"), b"01") == "Привет"
    assert decode_text("Καλημέρα".encode("iso8859_7"), b"03") == "Καλημέρα"
    assert len(_LATIN) == 80 and decode_text(b"\xc8u\xc8U\xcbc", b"00") == "üÜç"
    raw = gsi(dfc=b"STL25.01", table=b"01") + tti(1, (0, 0, 0, 5), (0, 0, 1, 0), "Да".encode("iso8859_5"))
    assert cues(read("built.stl", raw)) == [(approx(0.2), approx(1.0), "Да")]


@pytest.mark.parametrize("raw", [b"solid cube\n  facet normal 0 0 1\n" * 40, b"\0" * 80 + b"\x0c\0\0\0" + b"\0" * 600])
def test_a_3d_model_stl_is_unsupported_not_failed(raw: bytes) -> None:
    with pytest.raises(UnsupportedKind) as err:
        read("cube.stl", raw)
    found = identify(str(err.value))
    assert found is not None and found[0] == "ingest.not_stl"
    assert identify(err.value.hint or "") == ("hint.stl_only", {})
