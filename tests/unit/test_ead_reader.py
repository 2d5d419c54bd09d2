"""EAD finding aids (2002 and EAD3) as one record whose components are passages with their path (issue #34)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from core.errors import CorruptSource
from core.ingest.readers import reader_for

FIX = Path(__file__).resolve().parents[1] / "fixtures"


def _read(path: Path):  # type: ignore[no-untyped-def]
    return reader_for(path)(path, path.read_bytes())


def test_archivesspace_components_carry_their_path_containers_and_dates() -> None:
    result = _read(FIX / "xml" / "ead-dao-test.xml")
    (rec,) = result.records
    assert result.reader == "ead" and rec.title == "i'm a title, since required"
    assert (rec.date_start, rec.date_end) == (date(1900, 1, 1), date(1999, 12, 31))  # unitdate normal="1900/1999"
    assert rec.data["eadid"] == "DAO-GRP-???" and rec.data["finding_aid_title"] == "DAO-test"
    box44 = next(b for b in rec.blocks if "Box 44" in b.text)
    assert box44.heading_path == ("test", "test", "test", "did/dao-grp (with 3 daoloc items)")
    assert box44.text.startswith("File: did/dao-grp (with 3 daoloc items). undated, 1955. Box 44, Folder 1-2. 2 folders")
    assert "Conditions governing access: Folder 2 is restricted" in box44.text
    series = next(b for b in rec.blocks if b.heading_path == ("test",))
    assert series.text == "Series: test"  # the series' own passage does not take its files' digital objects


def test_emory_finding_aid_notes_and_subseries() -> None:
    (rec,) = _read(FIX / "ead" / "heaney653.xml").records
    assert rec.title == "Seamus Heaney collection"  # the unitdate nested in unittitle is said apart
    assert rec.data["date"] == "1972-2005" and rec.data["creator"] == "Heaney, Seamus, 1939-"
    assert rec.lang == "en"
    headings = [b.heading_path for b in rec.blocks]
    assert ("Abstract",) in headings and ("Biographical Note",) in headings
    bio = next(b for b in rec.blocks if b.heading_path == ("Biographical Note",))
    assert bio.text.startswith("Seamus Heaney was born on April 13, 1939")
    file_ = next(b for b in rec.blocks if b.heading_path[-1:] == ("Hilary Boyle",))
    assert file_.heading_path == ("test", "Letters to Kay Boyle from Irish women", "Hilary Boyle")
    assert file_.text == "File: Hilary Boyle. 1976-1986"


def test_ead3_control_structured_dates_and_containers() -> None:
    (rec,) = _read(FIX / "ead" / "CLRC-2155-ead3.xml").records
    assert rec.title == "Jenny Han papers" and rec.data["eadid"] == "CLRC2155"
    assert (rec.date_start, rec.date_end) == (date(2009, 1, 1), date(2010, 12, 31))
    assert rec.data["extent"] == "1 box; .40 cubic feet" and rec.lang == "en"
    proof = next(b for b in rec.blocks if b.heading_path[-1:] == ("Corrected Page Proof",))
    assert proof.heading_path == ("Clara Lee and the Apple Pie Dream", "Corrected Page Proof")
    assert proof.text == "File: Corrected Page Proof. 2010. Box 1, Folder 1"


def test_an_ead_without_archdesc_fails_clearly() -> None:
    with pytest.raises(CorruptSource) as failed:
        reader_for(Path("x.xml"))(Path("x.xml"), b'<ead xmlns="urn:isbn:1-931666-22-9"><eadheader/></ead>')
    assert failed.value.code == "ingest.ead_no_archdesc"
