"""A PDF text layer that sets accents as spacing glyphs after their letter ("prote´ge´", "Luı´s") is read as the
words a person types (issue #34 point 7)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from core.ingest.readers.pdf_reader import read
from core.text import compose_accents
from tests.unit.test_pdf_hardening import one_page


@pytest.mark.parametrize(("raw", "read_as"), [
    ("prote´ge´", "protégé"), ("Luı´s", "Luís"), ("Jose´ Marı´a", "José María"), ("pin˜a", "piña"),
    ("c¸a", "ça"), ("naı¨ve", "naïve"), ("E´poca", "Época"), ("fore\u0302t", "forêt"),
    ("voilaˋ", "voilà"), ("the `value` flag", "the `value` flag"), ("don´t", "don´t"), ("l´hotel", "l´hotel"), ("f(x)´ = 2", "f(x)´ = 2"), ("ı alone", "ı alone"),
])
def test_spacing_accents_join_their_letter(raw: str, read_as: str) -> None:
    out = compose_accents(raw)
    assert out == read_as and unicodedata.is_normalized("NFC", out)


def _pdf(text: bytes) -> bytes:
    """A one-page PDF whose text layer is ``text`` in WinAnsi (0xB4 is the spacing acute accent)."""
    stream = b"BT /F1 18 Tf 40 100 Td (" + text + b") Tj ET"
    return one_page(stream, font=b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")


def test_a_pdf_with_spacing_accents_is_indexed_as_typed(tmp_path: Path) -> None:
    raw = _pdf(b"El prote\xb4ge\xb4 de Jose\xb4 en la e\xb4poca del molino")
    path = tmp_path / "acentos.pdf"
    path.write_bytes(raw)
    result = read(path, raw)
    text = " ".join(b.text for rec in result.records for b in rec.blocks)
    assert "protégé" in text and "José" in text and "época" in text and "´" not in text
