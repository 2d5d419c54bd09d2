"""XML is recognised by its root and namespace; a kind no reader takes is reported unsupported with its root
element, not failed; hostile XML is refused without expanding or fetching anything, by every XML reader
(issue #34 point 5)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from core.errors import CorruptSource, UnsupportedKind
from core.ingest.pipeline import IngestOptions
from core.ingest.readers import elan, ohms, ttml, xmlkind
from core.service import Ovillo
from tests.conftest import drain

LAUGHS = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
          + b"".join(b'<!ENTITY lol%d "%s">' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;") * 10)
                     for i in range(1, 10))
          + b']><record><transcript>&lol9;</transcript></record>')
EXTERNAL = (b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY secret SYSTEM "file:///etc/hostname">]>'
            b"<record><transcript>&secret;</transcript></record>")


MARC = b'<collection xmlns="http://www.loc.gov/MARC21/slim"><record><leader>00000</leader></record></collection>'


def test_each_known_root_goes_to_its_reader() -> None:
    kinds = {b'<ead xmlns="urn:isbn:1-931666-22-9"/>': "ead", b'<ead xmlns="http://ead3.archivists.org/schema/"/>': "ead",
             b'<TEI xmlns="http://www.tei-c.org/ns/1.0"/>': "tei", b"<TEI.2/>": "tei", b"<teiCorpus/>": "tei",
             b'<tt xmlns="http://www.w3.org/ns/ttml"/>': "ttml", b'<tt xmlns="http://www.w3.org/2006/10/ttaf1"/>': "ttml",
             b"<ANNOTATION_DOCUMENT/>": "elan", b'<mets xmlns="http://www.loc.gov/METS/"/>': "mets",
             b'<modsCollection xmlns="http://www.loc.gov/mods/v3"/>': "mods",
             b'<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"/>': "oai-pmh",
             b'<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/"/>': "dc",
             b'<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>T</dc:title></metadata>': "dc",
             b"<ROOT><record><transcript>x</transcript></record></ROOT>": "ohms", MARC: None}
    for raw, kind in kinds.items():
        assert xmlkind.kind_of(ET.fromstring(raw)) == kind, raw


def test_an_unknown_root_is_unsupported_and_named() -> None:
    with pytest.raises(UnsupportedKind) as kind:
        xmlkind.read(Path("marc.xml"), MARC)
    assert str(kind.value) == ("XML of another kind (root <collection> in http://www.loc.gov/MARC21/slim): "
                               "no reader for it") and kind.value.code == "ingest.xml_other_ns"
    with pytest.raises(UnsupportedKind) as bare:
        xmlkind.read(Path("svg.xml"), b"<svg><rect/></svg>")
    assert bare.value.code == "ingest.xml_other" and "<svg>" in str(bare.value)
    with pytest.raises(CorruptSource) as not_ohms:  # a <record> without transcript or index: a broken export
        xmlkind.read(Path("r.xml"), b"<ROOT><record><title>T</title></record></ROOT>")
    assert not_ohms.value.code == "ingest.not_ohms"


@pytest.mark.parametrize("raw", [LAUGHS, EXTERNAL], ids=["billion-laughs", "external-entity"])
def test_hostile_xml_is_refused_without_expanding_or_reading_files(raw: bytes) -> None:
    for reader, name in ((ohms.read, "hostile.xml"), (xmlkind.read, "hostile.xml"), (ttml.read, "hostile.ttml"),
                         (elan.read, "hostile.eaf")):
        with pytest.raises(CorruptSource) as refused:
            reader(Path(name), raw)
        assert str(refused.value).startswith("malformed XML")  # expat stops: amplification limit, undefined entity
        assert refused.value.code == "ingest.xml_malformed"


def test_an_import_counts_an_unknown_kind_unsupported_and_keeps_going(fake_app: Ovillo, tmp_path: Path) -> None:
    folder = tmp_path / "fondo"
    folder.mkdir()
    (folder / "marc.xml").write_bytes(MARC)
    (folder / "nota.md").write_text("# Nota\n\nLa caja 44 guarda dos carpetas.\n", encoding="utf-8")
    _, summary = drain(fake_app.library.ingest([folder]))
    assert [o.path.endswith("marc.xml") for o in summary.unsupported] == [True]
    assert "root <collection>" in summary.unsupported[0].reason and not summary.failed
    assert fake_app.library.status().records == 1
    assert fake_app.library.failed_sources() == []  # a kind of file, not a failure to fix


def test_declared_encodings_and_one_line_exports_are_read() -> None:
    latin = ('<?xml version="1.0" encoding="ISO-8859-15"?>\n<ead><archdesc level="fonds"><did>'
             '<unittitle>Fons Puig, molí de baix</unittitle></did></archdesc></ead>').encode("iso-8859-15")
    (rec,) = xmlkind.read(Path("puig.xml"), latin).records
    assert rec.title == "Fons Puig, molí de baix"
    minified = b"<ead><archdesc><did><unittitle>Caixa</unittitle></did><dsc>" + b"".join(
        b"<c01><did><unittitle>Carpeta %d</unittitle></did></c01>" % i for i in range(20_000)) + b"</dsc></archdesc></ead>"
    assert b"\n" not in minified and len(minified) > 1_000_000  # over the text readers' longest line
    (big,) = xmlkind.read(Path("min.xml"), minified).records
    assert len(big.blocks) == 20_001


def test_an_oai_response_without_records_is_a_kind_not_a_failure() -> None:
    identify = (b'<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><request verb="Identify">http://x/oai'
                b"</request><Identify><repositoryName>Arxiu</repositoryName></Identify></OAI-PMH>")
    with pytest.raises(UnsupportedKind) as kind:
        xmlkind.read(Path("identify.xml"), identify)
    assert str(kind.value) == "an OAI-PMH Identify response: it holds no records to index"


def test_a_tree_nested_past_any_archive_format_is_refused_not_recursed() -> None:
    deep = b"<TEI><text><body>" + b"<div>" * 5000 + b"<p>x</p>" + b"</div>" * 5000 + b"</body></text></TEI>"
    with pytest.raises(CorruptSource) as refused:
        xmlkind.read(Path("deep.xml"), deep)
    assert refused.value.code == "ingest.xml_too_deep"
