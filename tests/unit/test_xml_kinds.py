"""XML that is not an OHMS export is reported unsupported with its root element, not failed; hostile XML is
refused without expanding or fetching anything (issue #34 point 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.errors import CorruptSource, UnsupportedKind
from core.ingest.pipeline import IngestOptions
from core.ingest.readers import ohms
from core.service import Ovillo
from tests.conftest import drain

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
EAD = FIXTURES / "xml" / "ead-dao-test.xml"  # ArchivesSpace's example finding aid (ECL-2.0)
LAUGHS = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
          + b"".join(b'<!ENTITY lol%d "%s">' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;") * 10)
                     for i in range(1, 10))
          + b']><record><transcript>&lol9;</transcript></record>')
EXTERNAL = (b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY secret SYSTEM "file:///etc/hostname">]>'
            b"<record><transcript>&secret;</transcript></record>")


def test_an_ead_finding_aid_is_named_by_its_root() -> None:
    with pytest.raises(UnsupportedKind) as kind:
        ohms.read(EAD, EAD.read_bytes())
    assert str(kind.value) == ("XML of another kind (root <ead> in urn:isbn:1-931666-22-9): only OHMS exports "
                               "are read") and kind.value.code == "ingest.xml_other_ns"
    with pytest.raises(UnsupportedKind) as bare:
        ohms.read(Path("tei.xml"), b"<TEI><text><body><p>Carta</p></body></text></TEI>")
    assert bare.value.code == "ingest.xml_other" and "<TEI>" in str(bare.value)


@pytest.mark.parametrize("raw", [LAUGHS, EXTERNAL], ids=["billion-laughs", "external-entity"])
def test_hostile_xml_is_refused_without_expanding_or_reading_files(raw: bytes) -> None:
    with pytest.raises(CorruptSource) as refused:
        ohms.read(Path("hostile.xml"), raw)
    assert str(refused.value).startswith("malformed XML")  # expat stops: amplification limit, undefined entity


def test_an_import_counts_it_unsupported_and_keeps_going(fake_app: Ovillo, tmp_path: Path) -> None:
    folder = tmp_path / "fondo"
    folder.mkdir()
    (folder / "ead-dao-test.xml").write_bytes(EAD.read_bytes())
    (folder / "nota.md").write_text("# Nota\n\nLa caja 44 guarda dos carpetas.\n", encoding="utf-8")
    _, summary = drain(fake_app.library.ingest([folder]))
    assert [o.path.endswith("ead-dao-test.xml") for o in summary.unsupported] == [True]
    assert "root <ead>" in summary.unsupported[0].reason and not summary.failed
    assert fake_app.library.status().records == 1
    assert fake_app.library.failed_sources() == []  # a kind of file, not a failure to fix
