"""Mail (.eml, mbox): subject as title, headers as fields, the plain body before the HTML one, readable attachments
as records linked to their message and the rest listed, one record per mbox message; huge and broken mail capped
or failing alone."""

from __future__ import annotations

import io
import zipfile
from datetime import date
from email.message import EmailMessage
from pathlib import Path

import pytest

from core.chunking.model import ReadResult
from core.errors import CorruptSource
from core.ingest.readers import mail_reader, reader_for

FIX = Path(__file__).resolve().parents[1] / "fixtures"


def read(path: Path, raw: bytes | None = None) -> ReadResult:
    data = path.read_bytes() if raw is None else raw
    return reader_for(path)(path, data)


def letter(subject: str = "La riada de 1962", html: bool = False, plain: bool = True) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "Marta Pujol <marta@arxiu.example>"
    msg["To"] = "Joan Vidal <joan@museu.example>"
    msg["Date"] = "Tue, 02 Mar 1999 10:00:00 +0100"
    msg["Subject"] = subject
    msg["Message-ID"] = "<1@arxiu.example>"
    if plain:
        msg.set_content("Benvolgut Joan,\n\nEl pantà va cobrir l'església.\nHi ha fotografies.\n\n> Què en saps?\n> Res més.\n")
    if html:
        page = ("<html><body><nav><a href='/'>Inici</a></nav><p>El pantà va cobrir "
                "<b>l'església</b> de Sant Romà.</p></body></html>")
        if plain:
            msg.add_alternative(page, subtype="html")
        else:
            msg.set_content(page, subtype="html")
    return msg


def test_eml_fixture_from_outlook_with_a_forwarded_message() -> None:
    # textract's raw_text.eml: Outlook 2003, multipart/mixed → alternative (plain + HTML) and an attached message
    res = read(FIX / "eml/outlook_forward.eml")
    rec = res.records[0]
    assert res.reader == "email" and rec.title == "test" and rec.date_start == date(2010, 3, 27)
    assert rec.data["from"] == "Example <from@example.com>" and rec.data["to"] == "to@example.com"
    assert rec.data["attachments"] == ["test"]  # the forwarded message, by its subject
    assert rec.blocks[0].text == "test"
    (fwd,) = res.records[1:]  # read as a message of its own, linked to the one that carried it
    assert fwd.key == "att:1" and fwd.data["attached_to"] == "test" and fwd.data["content_type"] == "message/rfc822"


def test_eml_fixture_mailman_digest_reads_every_inline_part() -> None:
    # CPython's msg_02.txt: a Mailman digest, its masthead, topics and footer inline, five messages as parts
    rec, *digested = read(FIX / "eml/mailman_digest.eml").records
    assert [r.key for r in digested] == [f"att:{n}" for n in range(1, 6)]  # each digested message a record
    assert rec.title == "Ppp digest, Vol 1 #2 - 5 msgs" and rec.date_start == date(2001, 4, 20)
    text = "\n".join(b.text for b in rec.blocks)
    assert "Send Ppp mailing list submissions" in text and "Today's Topics" in text and "Ppp mailing list" in text
    assert rec.data["attachments"][0] == "[Ppp] testing #1" and len(rec.data["attachments"]) == 5


def test_plain_text_is_preferred_and_quotes_keep_their_lines(tmp_path: Path) -> None:
    (rec,) = read(tmp_path / "a.eml", bytes(letter(html=True))).records
    assert [b.text for b in rec.blocks] == ["Benvolgut Joan,", "El pantà va cobrir l'església. Hi ha fotografies.",
                                           "> Què en saps?\n> Res més."]
    assert rec.title == "La riada de 1962" and rec.date_start == date(1999, 3, 2) == rec.date_end
    assert rec.data["from"] == "Marta Pujol <marta@arxiu.example>" and rec.data["message-id"] == "<1@arxiu.example>"


def test_html_only_goes_through_the_html_reader(tmp_path: Path) -> None:
    (rec,) = read(tmp_path / "b.eml", bytes(letter(plain=False, html=True))).records
    assert [b.text for b in rec.blocks] == ["El pantà va cobrir l'església de Sant Romà."]  # the menu left out


def test_readable_attachments_become_records_linked_to_their_message(tmp_path: Path) -> None:
    msg = letter()
    msg.add_attachment(b"%PDF-1.4 secret contents", maintype="application", subtype="pdf", filename="informe.pdf")
    msg.add_attachment("Inventari de les campanes del campanar.", filename="notes.txt")
    msg.add_attachment("id,title,description\nMNC-1,Diner de Jaume I,Moneda de billó\n", filename="monedes.csv")
    msg.add_attachment(b"\xff\xd8\xff\xe0 jpeg", maintype="image", subtype="jpeg", filename="foto.jpg")
    msg.add_attachment(b"PK\x03\x04", maintype="application", subtype="zip", filename="../../fotos.zip")
    res = read(tmp_path / "c.eml", bytes(msg))
    message, notes, row, photo = res.records
    assert message.key == "" and message.data["attachments"] == ["informe.pdf", "notes.txt", "monedes.csv",
                                                                 "foto.jpg", "../../fotos.zip"]
    text = " ".join(b.text for b in message.blocks)
    assert "informe.pdf · notes.txt" in text and "secret" not in text and "campanes" not in text
    assert notes.key == "att:2" and notes.title == "Notes" and [b.text for b in notes.blocks] == [
        "Inventari de les campanes del campanar."]
    assert notes.data["attached_to"] == "La riada de 1962" and notes.data["attached_to_key"] == ""
    assert notes.date_start == date(1999, 3, 2)  # undated itself: the message's date
    assert row.key == "att:3/row:MNC-1" and row.title == "Diner de Jaume I" and row.data["attachment"] == "monedes.csv"
    # a picture: an object with one view, as the image reader makes; its bytes go to the data folder at reading
    assert photo.key == "att:4" and photo.title == "Foto" and not photo.blocks
    assert photo.images == {"image": "att-4.jpg"} and res.embedded == {"att-4.jpg": b"\xff\xd8\xff\xe0 jpeg"}
    assert photo.data["attached_to"] == "La riada de 1962" and photo.data["images"] == {"image": "foto.jpg"}
    # nothing dropped in silence: each one not read is on the message with its type and why
    assert message.data["attachments_not_read"] == [
        "informe.pdf (application/pdf): damaged PDF: its internal structure cannot be read",
        "../../fotos.zip (application/zip): not a format Ovillo reads"]
    again = read(tmp_path / "c.eml", bytes(msg))  # a second reading: the same keys, so the same records
    assert [r.key for r in again.records] == [r.key for r in res.records]


def test_real_message_with_a_text_attachment_named_in_latin1() -> None:
    # mikel/mail's attachment_nonascii_filename.eml: Apple Mail, "ciële.txt" in a raw 8-bit file name
    res = read(FIX / "eml/nonascii_attachment.eml")
    message, attached = res.records
    assert message.title == "testing" and message.data["attachments"] == ["ciële.txt"]
    assert attached.key == "att:1" and attached.blocks[0].text == "Hi there."
    assert attached.data["attached_to"] == "testing" and attached.date_start == date(2005, 6, 6)


def test_real_message_with_a_damaged_pdf_lists_it_as_not_read() -> None:
    # mikel/mail's attachment_pdf.eml: its base64 PDF is cut short
    (message,) = read(FIX / "eml/broken_pdf_attachment.eml").records
    assert message.blocks[0].text.startswith("Just attaching another PDF")
    assert message.data["attachments_not_read"] == [
        "broken.pdf (application/pdf): damaged PDF: its internal structure cannot be read"]


def test_forwarded_messages_are_records_and_their_attachments_hang_from_them(tmp_path: Path) -> None:
    inner = letter(subject="Fotos del pantà")
    inner.add_attachment("Llista de fotografies.", filename="llista.txt")
    outer = letter(subject="Fwd: Fotos del pantà")
    outer.add_attachment(inner)
    res = read(tmp_path / "fwd.eml", bytes(outer))
    assert [(r.key, r.title, r.data.get("attached_to_key")) for r in res.records] == [
        ("", "Fwd: Fotos del pantà", None), ("att:1", "Fotos del pantà", ""), ("att:1/att:1", "Llista", "att:1")]
    assert res.records[2].data["attached_to"] == "Fotos del pantà"
    assert res.records[0].data["attachments"] == ["Fotos del pantà"]  # the inner message's file is its own


def test_hostile_attachments_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from core.ingest.readers import mail_attachments

    monkeypatch.setattr(mail_attachments, "MAX_ATTACHMENT_BYTES", 1000)
    monkeypatch.setattr(mail_attachments, "MAX_ATTACHMENTS_READ", 3)
    buf = io.BytesIO()  # a zip bomb dressed as a Word file: its one part claims to unpack to 4 GB
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("word/document.xml", b"<a>" + b"0" * 900 + b"</a>")
    bomb = bytearray(buf.getvalue())
    at = bomb.find(b"PK\x01\x02") + 24  # the central directory's uncompressed size
    bomb[at:at + 4] = (2**32 - 1).to_bytes(4, "little")
    msg = letter()
    msg.add_attachment("x" * 5000, filename="gran.txt")
    msg.add_attachment(bytes(bomb), maintype="application", subtype="octet-stream", filename="bomba.docx")
    for i in range(3):
        msg.add_attachment(f"nota {i}", filename=f"n{i}.txt")
    res = read(tmp_path / "h.eml", bytes(msg))
    assert [r.key for r in res.records] == ["", "att:3", "att:4"]
    assert res.records[0].data["attachments_not_read"] == [
        "gran.txt (text/plain): larger than 0 MB, not read",
        "bomba.docx (application/octet-stream): this .docx file unpacks to 4095 MB; at most 256 MB are read "
        "(a zip bomb?)",
        "n2.txt (text/plain): only the first 3 attachments are read"]


def test_mbox_fixture_keeps_an_unquoted_from_line_in_its_message() -> None:
    # CPython's mailbox_01.mbox: "From time to time" in a body; mailbox.mbox would cut a second message there
    res = read(FIX / "mbox/mailbox_01.mbox")
    (rec,) = res.records
    assert rec.key == "msg:1" and rec.title == "unquoted From in body; extra info on From line"
    assert rec.date_start == date(2022, 8, 7)  # no Date header: the From line's date
    assert [b.text for b in rec.blocks] == ["Hello", "From time to time"]


def test_mbox_one_record_per_message(tmp_path: Path) -> None:
    parts = []
    for n, subject in enumerate(["Primera carta", "", "Tercera carta"], start=1):
        msg = letter(subject=subject)
        parts.append(f"From marta@arxiu.example Tue Mar  {n} 10:00:00 1999\n".encode() + bytes(msg) + b"\n")
    res = read(tmp_path / "cartes.mbox", b"".join(parts))
    assert [r.key for r in res.records] == ["msg:1", "msg:2", "msg:3"]
    assert res.records[0].title == "Primera carta"
    assert res.records[1].title == "Marta Pujol — 1999-03-02"  # no subject: sender and date


def test_huge_and_hostile_mail_is_capped_or_fails_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mail_reader, "MAX_MAIL_CHARS", 1000)
    msg = letter()
    msg.set_content("Paràgraf llarg del pantà. " * 20 + "\n\n" + "Un altre paràgraf. " * 200)
    res = read(tmp_path / "gran.eml", bytes(msg))
    assert sum(len(b.text) for b in res.records[0].blocks) <= 1000
    assert any("the rest was not read" in n for n in res.notes)
    monkeypatch.setattr(mail_reader, "MAX_MAIL_PARTS", 10)
    many = letter()
    for i in range(30):
        many.add_attachment(b"x", maintype="application", subtype="octet-stream", filename=f"f{i}.bin")
    with pytest.raises(CorruptSource, match="has 32 MIME parts; at most 10 are read"):  # refused before parsing
        read(tmp_path / "parts.eml", bytes(many))
    box = b"From a Tue Mar  1 10:00:00 1999\n" + bytes(many) + b"\nFrom a Tue Mar  1 10:00:00 1999\n" + bytes(letter())
    res = read(tmp_path / "parts.mbox", box)  # in an mbox, that message alone is left out
    assert [r.key for r in res.records] == ["msg:2"] and any("message 1: this mail message has 32" in n
                                                             for n in res.notes)
    monkeypatch.setattr(mail_reader, "MAX_MBOX_MESSAGES", 2)
    one = b"From a Tue Mar  1 10:00:00 1999\n" + bytes(letter()) + b"\n"
    res = read(tmp_path / "many.mbox", one * 5)
    assert len(res.records) == 2 and any("first 2 messages" in n for n in res.notes)


def test_deep_nesting_and_garbage_fail_clearly(tmp_path: Path) -> None:
    for depth in (990, 3000):  # multiparts in multiparts: walk() recurses once a level, Python stops at 1,000
        head = "".join(f'Content-Type: multipart/mixed; boundary="b{i}"\n\n--b{i}\n' for i in range(depth))
        raw = ("Subject: nido\nMIME-Version: 1.0\n" + head + "Content-Type: text/plain\n\nhola\n").encode()
        with pytest.raises(CorruptSource, match="damaged mail message|MIME parts"):
            read(tmp_path / "nido.eml", raw)
    with pytest.raises(CorruptSource, match="not an mbox file"):
        read(tmp_path / "x.mbox", b"\x00\x01binary")
    with pytest.raises(CorruptSource, match="empty mail message"):
        read(tmp_path / "vacio.eml", b"  \n")


def test_messages_forwarded_inside_each_other_are_read_three_deep(tmp_path: Path) -> None:
    msg = letter(subject="nivell 0")
    for depth in range(1, 6):
        outer = letter(subject=f"nivell {depth}")
        outer.add_attachment(msg)
        msg = outer
    res = read(tmp_path / "niu.eml", bytes(msg))
    assert [r.key for r in res.records] == ["", "att:1", "att:1/att:1", "att:1/att:1/att:1"]
    assert res.records[3].data["attachments_not_read"] == [
        "nivell 1 (message/rfc822): a message forwarded inside 3 others, not read"]


def test_a_catalogue_sent_by_mail_names_no_photograph(tmp_path: Path) -> None:
    msg = letter()
    msg.add_attachment("id,title,description,image\nM1,Diner,Moneda de billó,m1.jpg\n", filename="monedes.csv")
    (tmp_path / "m1.jpg").write_bytes(b"not read")  # beside the message: not the catalogue's (it has no folder)
    row = read(tmp_path / "c.eml", bytes(msg)).records[1]
    assert row.title == "Diner" and row.images == {}


def test_every_reason_an_attachment_is_not_read_has_a_message_id(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from core.errors import identify
    from core.ingest.readers import mail_attachments

    monkeypatch.setattr(mail_attachments, "MAX_ATTACHMENT_BYTES", 1000)
    monkeypatch.setattr(mail_attachments, "MAX_ATTACHMENTS_READ", 2)
    msg = letter()
    msg.add_attachment(b"%PDF-1.4 x", maintype="application", subtype="pdf", filename="a.pdf")  # its reader's words
    msg.add_attachment(b"\x00", maintype="application", subtype="zip", filename="b.zip")
    msg.add_attachment("x" * 5000, filename="c.txt")
    msg.add_attachment("   ", filename="d.txt")
    msg.add_attachment("e", filename="e.txt")
    reasons = read(tmp_path / "r.eml", bytes(msg)).records[0].data["attachments_not_read"]
    assert len(reasons) == 5
    for entry in reasons:  # the window shows "name (type): why" with the why in its own language
        assert identify(entry.partition(": ")[2]) is not None, entry
