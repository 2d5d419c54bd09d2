"""METS, MODS, Dublin Core and OAI-PMH as catalogue records, one per described thing (#34)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from core.errors import CorruptSource
from core.ingest.readers import reader_for

FIX = Path(__file__).resolve().parents[1] / "fixtures"
MODS = """<modsCollection xmlns="http://www.loc.gov/mods/v3"><mods><titleInfo><nonSort>El</nonSort>
<title>molí de Can Pla</title><subTitle>fotografies</subTitle></titleInfo>
<name><namePart>Puig, Rosa</namePart><role><roleTerm>photographer</roleTerm></role></name>
<originInfo><dateCreated point="start">1931</dateCreated><dateCreated point="end">1936</dateCreated></originInfo>
<abstract>Vistes del molí abans de la riuada.</abstract><subject><topic>Molins</topic><geographic>Olot</geographic>
</subject><language><languageTerm>cat</languageTerm></language><identifier>AFO-0042</identifier></mods>
<mods><titleInfo><title>Segon</title></titleInfo></mods></modsCollection>"""


def _read(path: Path, raw: bytes | None = None):  # type: ignore[no-untyped-def]
    return reader_for(path)(path, raw if raw is not None else path.read_bytes())


def test_oai_pmh_list_records_is_one_record_per_live_record() -> None:
    result = _read(FIX / "oai" / "ListRecords.xml")
    (rec,) = result.records
    assert result.reader == "oai-pmh" and rec.key == "oai:test.example.com:1585322"
    assert "1 deleted record in the response, not indexed" in result.notes
    assert rec.title == "Sample Title" and rec.lang == "en"
    assert (rec.date_start, rec.date_end) == (date(2010, 1, 1), date(2010, 12, 31))
    assert rec.data["creator"] == "John Doe"  # written four times, kept once
    (block,) = rec.blocks
    assert block.component == "rag:catalogue" and block.text.startswith("Lorem ipsum dolor sit amet")
    assert "John Doe" in block.text and "http://test.example.com/publication/1585322" in block.text


def test_archivematica_mets_joins_a_folders_sections() -> None:
    result = _read(FIX / "mets" / "archivematica-compound.xml")
    assert result.reader == "mets"
    assert [(r.key, r.title, r.date_start) for r in result.records] == [
        ("mets:dmdSec_1", "Coast News, January 02, 1964", date(1964, 1, 2)),
        ("mets:dmdSec_3", "Coast News, January 09, 1964", date(1964, 1, 9))]
    first = result.records[0]
    assert first.data["frequency"] == "Weekly" and first.data["label"] == "Jan021964"  # the custom section joined
    assert "Sunshine Coast Museum and Archives" in first.blocks[0].text and first.lang == "en"


def test_mods_and_bare_dublin_core() -> None:
    result = _read(Path("fotos.xml"), MODS.encode())
    first, second = result.records
    assert first.title == "El molí de Can Pla: fotografies" and first.key == "mods:1"
    assert (first.date_start, first.date_end) == (date(1931, 1, 1), date(1936, 12, 31))
    assert first.data["contributor"] == "Puig, Rosa" and first.data["subject"] == "Molins--Olot"
    assert first.lang == "ca" and first.blocks[0].text.startswith("Vistes del molí abans de la riuada.")
    assert "AFO-0042" in first.blocks[0].text and second.title == "Segon"
    dc = (b'<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Acta de 1907</dc:title>'
          b"<dc:date>1907-03-02</dc:date></metadata>")
    (rec,) = _read(Path("acta.xml"), dc).records
    assert rec.title == "Acta de 1907" and rec.date_start == date(1907, 3, 2)
    with pytest.raises(CorruptSource) as empty:
        _read(Path("m.xml"), b'<mets xmlns="http://www.loc.gov/METS/"><fileSec/></mets>')
    assert empty.value.code == "ingest.no_catalogue_records"
