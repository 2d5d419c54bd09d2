"""A folder of office files and mail, ingested into a real store with the real encoder, each found by search
(issue #34): Word, OpenDocument text, RTF, Excel and OpenDocument catalogues, a message and an mbox; an old
Word file is counted as unsupported with what to do, a damaged workbook fails alone."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from core.models.encoder import TextEncoder
from core.retrieval.browse import BrowseFilters
from core.service import Ovillo
from tests.conftest import drain

FIX = Path(__file__).resolve().parents[1] / "fixtures"


def _docx(path: Path) -> None:
    import docx

    d = docx.Document()
    d.core_properties.title = "Diari de la campanya del molí"
    d.add_heading("Rasa 3", level=1)
    d.add_paragraph("Sota el paviment del molí va aparèixer una sitja plena de llavors carbonitzades.")
    d.save(str(path))


def _odt(path: Path) -> None:
    from odf import dc, text
    from odf.opendocument import OpenDocumentText

    doc = OpenDocumentText()
    doc.meta.addElement(dc.Title(text="Inventari de la capella de Sant Pere"))
    doc.text.addElement(text.H(outlinelevel=1, text="Retaule"))
    doc.text.addElement(text.P(text="El retaule gòtic de la capella es va restaurar després de l'incendi de 1936."))
    doc.save(str(path))


def _xlsx(path: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Monedes"
    ws.append(["Codi", "Títol", "Descripció", "Material"])
    ws.append(["CMF-101", "Diner de Jaume I", "Moneda de billó encunyada a Barcelona al segle XIII.", "billó"])
    book.save(str(path))


def _ods(path: Path) -> None:
    from odf import table, text
    from odf.opendocument import OpenDocumentSpreadsheet

    doc = OpenDocumentSpreadsheet()
    t = table.Table(name="Eines")
    for cells in (["Codi", "Nom", "Descripció"], ["E-7", "Aixada", "Aixada de ferro per cavar la vinya."]):
        row = table.TableRow()
        for c in cells:
            cell = table.TableCell()
            cell.addElement(text.P(text=c))
            row.addElement(cell)
        t.addElement(row)
    doc.spreadsheet.addElement(t)
    doc.save(str(path))


def _eml(subject: str, body: str) -> bytes:
    from email.message import EmailMessage

    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "Marta Pujol <marta@arxiu.example>", "joan@museu.example", subject
    msg["Date"] = "Tue, 02 Mar 1999 10:00:00 +0100"
    msg.set_content(body)
    return bytes(msg)


def test_each_office_and_mail_kind_is_ingested_and_found(tmp_path: Path, encoder: TextEncoder,
                                                          models_dir: Path) -> None:
    root = tmp_path / "fons"
    root.mkdir()
    _docx(root / "diari.docx")
    _odt(root / "capella.odt")
    (root / "carta.rtf").write_bytes(rb"{\rtf1\ansi{\info{\title Carta de l'alcalde}}"
                                     rb"La riada del 1962 es va endur el pont de fusta del poble.\par}")
    _xlsx(root / "monedes.xlsx")
    _ods(root / "eines.ods")
    (root / "orgue.eml").write_bytes(_eml("L'orgue de la parròquia", "L'orgue es va desmuntar per netejar-ne els tubs."))
    (root / "cartes.mbox").write_bytes(
        b"From marta Tue Mar  2 10:00:00 1999\n" + _eml("Fotografies", "Us envio les fotografies de la verema.")
        + b"\nFrom marta Wed Mar  3 10:00:00 1999\n" + _eml("Campanar", "El campanar té quatre campanes.") + b"\n")
    shutil.copy(FIX / "doc/legacy.doc", root / "antic.doc")
    (root / "trencat.xlsx").write_bytes(b"PK\x03\x04 not a workbook")
    with Ovillo(tmp_path / "home", models_dir=models_dir, encoder=encoder) as app:
        _, summary = drain(app.library.ingest([root]))
        assert sorted(Path(o.path).name for o in summary.ok) == ["capella.odt", "carta.rtf", "cartes.mbox",
                                                                 "diari.docx", "eines.ods", "monedes.xlsx", "orgue.eml"]
        assert [(Path(o.path).name, o.reason.split(" — ")[0]) for o in summary.unsupported] == [
            ("antic.doc", "a Word 97–2003 document (.doc): this old binary format is not read")]
        assert [Path(o.path).name for o in summary.failed] == ["trencat.xlsx"]
        assert "damaged .xlsx file" in summary.failed[0].reason
        found = {
            "llavors cremades en una sitja": ("diari.docx", "Diari de la campanya del molí"),
            "restauració del retaule després del foc": ("capella.odt", "Inventari de la capella de Sant Pere"),
            "inundació que va destruir el pont": ("carta.rtf", "Carta de l'alcalde"),
            "moneda medieval de billó": ("monedes.xlsx", "Diner de Jaume I"),
            "eina per treballar la vinya": ("eines.ods", "Aixada"),
            "neteja dels tubs de l'orgue": ("orgue.eml", "L'orgue de la parròquia"),
            "quantes campanes hi ha": ("cartes.mbox", "Campanar"),
        }
        for query, (name, title) in found.items():
            hits = app.search.records(query, limit=3)
            assert hits and Path(hits[0].source_path or "").name == name and hits[0].title == title, \
                (query, [(h.title, h.source_path) for h in hits])
        counts = app.search.browse_counts(BrowseFilters())
        kinds = dict(counts.kinds)
        assert kinds["mail"] == 3 and kinds["catalogue"] == 2 and kinds["document"] == 3, kinds
        # a second run reads nothing again: every file is unchanged
        _, again = drain(app.library.ingest([root]))
        assert len(again.skipped) == 7 and not again.ok
