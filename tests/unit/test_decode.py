"""Bytes to text: encodings, binary data, empty files, absurd lines."""

from __future__ import annotations

import pytest

from core.errors import CorruptSource
from core.ingest.decode import decode_text


def test_utf8_and_bom() -> None:
    assert decode_text("café".encode())[0] == "café"
    assert decode_text(b"\xef\xbb\xbfcaf\xc3\xa9")[0] == "café"
    assert decode_text("café\r\nbar".encode("utf-16"))[0] == "café\nbar"


def test_latin1_is_decoded_with_a_note() -> None:
    text, notes = decode_text("Cerámica vidriada, año 1957".encode("latin-1"))
    assert text == "Cerámica vidriada, año 1957"
    assert notes and "cp1252" in notes[0]


def test_binary_empty_and_giant_line_are_errors() -> None:
    with pytest.raises(CorruptSource, match="binary"):
        decode_text(bytes(range(256)) * 10)
    with pytest.raises(CorruptSource, match="empty"):
        decode_text(b"  \n\t ")
    with pytest.raises(CorruptSource, match="single line"):
        decode_text(b"a" * 2_000_000)
