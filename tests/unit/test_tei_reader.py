"""TEI: the header as metadata, divisions as sections, page breaks as pages, letters' opener and closer (#34)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from core.errors import CorruptSource
from core.ingest.readers import reader_for

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "tei"
LETTER = """<TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader><fileDesc><titleStmt><title>Carta de Rosa</title>
</titleStmt></fileDesc><profileDesc><langUsage><language ident="ca"/></langUsage><correspDesc>
<correspAction type="sent"><persName>Rosa Puig</persName><placeName>Olot</placeName><date when="1938-05-02"/>
</correspAction></correspDesc></profileDesc></teiHeader><text><body><div type="letter">
<opener><dateline>Olot, 2 de maig</dateline><salute>Estimat Joan,</salute></opener><p>El molí ja no mol.</p>
<closer><salute>Una abraçada,</salute><signed>Rosa</signed></closer></div></body></text></TEI>"""


def _read(path: Path, raw: bytes | None = None):  # type: ignore[no-untyped-def]
    return reader_for(path)(path, raw if raw is not None else path.read_bytes())


def test_an_edition_reads_its_divisions_and_page_breaks_in_order() -> None:
    result = _read(FIX / "tei_clarke.xml")
    (rec,) = result.records
    assert result.reader == "tei" and rec.title == "A Treasury of War Poetry: Electronic Edition"
    assert (rec.date_start, rec.date_end) == (date(1917, 1, 1), date(1917, 12, 31))  # the source, not the encoding
    assert rec.data["editor"] == "Clarke, George Herbert"  # the regularised reading of <choice>, not both
    pages = [b.page for b in rec.blocks]
    assert pages[0] == 1 and pages == sorted(pages)  # <pb n="v"/>, <pb n="vi"/>…: counted in order
    intro = [b for b in rec.blocks if b.heading_path == ("Introduction",)]
    assert intro[0].text.startswith("Because man is both militant and pacific")
    assert any(b.heading_path == ("America", "The Choice") for b in rec.blocks)


def test_letters_keep_opener_and_closer_and_the_corrected_reading() -> None:
    (rec,) = _read(FIX / "anthology-of-letters.xml").records
    assert rec.date_start == date(1815, 2, 28) and rec.data["sender"] == "Amalia Beer"
    first, _, second, _ = rec.blocks
    assert first.heading_path == ("Berlin den 28t Februar 1815",) and first.text == "Berlin den 28t Februar 1815"
    assert second.text == "London d. 4. März 1815 Schätzbarster Freund!"  # <supplied>1</supplied>815 is one word
    (letter,) = _read(Path("rosa.xml"), LETTER.encode()).records
    assert [b.text for b in letter.blocks] == ["Olot, 2 de maig Estimat Joan,", "El molí ja no mol.",
                                               "Una abraçada, Rosa"]
    assert letter.date_start == date(1938, 5, 2) and letter.lang == "ca"
    assert letter.data["sender"] == "Rosa Puig" and letter.data["sent_from"] == "Olot"


def test_a_corpus_is_one_record_per_text_and_an_empty_tei_fails() -> None:
    corpus = (b"<teiCorpus><TEI xml:id='a'><text><body><p>Primera.</p></body></text></TEI>"
              b"<TEI xml:id='b'><text><body><p>Segona.</p></body></text></TEI></teiCorpus>")
    result = _read(Path("corpus.xml"), corpus)
    assert [(r.key, r.blocks[0].text) for r in result.records] == [("tei:a", "Primera."), ("tei:b", "Segona.")]
    with pytest.raises(CorruptSource) as empty:
        _read(Path("e.xml"), b"<TEI><teiHeader/><text><body/></text></TEI>")
    assert empty.value.code == "ingest.tei_empty"
