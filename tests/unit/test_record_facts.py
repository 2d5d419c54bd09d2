"""A record's identity as a reader sees it: the archive's own identifier and dates, not internal ids."""

from __future__ import annotations

import json
from datetime import date

from app.record_facts import citation_bibtex, citation_csl, citation_parts, citation_text, record_dates, \
    record_fields, record_identifier


def test_the_archive_s_own_identifier_comes_first() -> None:
    row = {"fields": {"Inventario": "MNC-006", "titulo": "As de Kese"}, "source_path": "/a/catalogue.csv"}
    assert record_identifier("coins", 1213837373630539, row) == "MNC-006"
    ohms = {"fields": {"accession": "2019.OH.04", "id": "ignored"}, "source_path": "/a/oh04.xml"}
    assert record_identifier("transcripts", 17, ohms) == "2019.OH.04"
    assert record_identifier("diaries", 17, {"fields": {}, "source_path": "/a/2019-07-12_trench3.md"}) == \
        "2019-07-12_trench3.md"
    assert record_identifier("diaries", 17, {}) == "diaries 17"  # nothing else to go by


def test_dates_read_as_the_archive_gives_them() -> None:
    assert record_dates(date(1336, 1, 1), date(1350, 12, 31), {"fields": {"fecha": "c. 1336–1350"}}) == \
        "c. 1336–1350"
    assert record_dates(date(1660, 1, 1), date(1660, 12, 31), {}) == "1660"
    assert record_dates(date(1336, 1, 1), date(1350, 12, 31), {}) == "1336–1350"
    assert record_dates(date(2019, 7, 12), date(2019, 7, 12), {}) == "2019-07-12"
    assert record_dates(date(2019, 7, 12), None, {}) == "2019-07-12"
    assert record_dates(None, None, {"fields": {"title": "x"}}) == ""


def test_a_catalogue_row_shows_its_own_columns_and_nothing_shown_elsewhere() -> None:
    data = {"fields": {"inventario": "MNC-006", "titulo": "As de Kese (MNC-006)", "material": "bronce",
                       "periodo": "-200/-150", "anverso": "images/MNC-006_obverse.jpg", "clasificacion": "public",
                       "descripcion": "x" * 400, "csv_line": 7, "vacío": " "}}
    assert record_fields("As de Kese (MNC-006)", "public", "es", data) == [
        ("inventario", "MNC-006"), ("material", "bronce"), ("periodo", "-200/-150")]


def test_an_interview_shows_its_catalogue_elements_in_order() -> None:
    data = {"fields": {"interviewer": "Marta Puig", "accession": "2019.OH.04", "repository": "Arxiu Comafreda",
                       "media_url": "http://example.invalid/a.mp3", "cms_record_id": "17"}}
    assert record_fields("Elena", "public", "en", data) == [
        ("repository", "Arxiu Comafreda"), ("accession", "2019.OH.04"), ("interviewer", "Marta Puig")]
    assert record_fields("A diary", "public", "en", {"fields": {"scan_pages": {}}}) == []


def test_a_citation_names_the_record_as_an_archivist_would() -> None:
    data = {"fields": {"accession": "2019.OH.04", "repository": "Arxiu Comafreda", "collection_name": "Memòria oral"},
            "media_path": "/a/oh04.mp3"}
    parts = citation_parts("transcripts", 99, "Elena Soler on the kiln", date(2019, 8, 1), date(2019, 8, 1), data,
                           tc_in=754.2)
    assert citation_text(parts) == ("Elena Soler on the kiln. 2019.OH.04. Memòria oral, Arxiu Comafreda. 2019-08-01. "
                                    "00:12:34. [transcripts-99]")
    csl = citation_csl(parts, "en")
    assert json.loads(json.dumps(csl)) == {"id": "transcripts-99", "type": "interview", "title": "Elena Soler on the kiln",
                                           "archive": "Arxiu Comafreda", "archive_location": "2019.OH.04",
                                           "issued": {"date-parts": [[2019]]}, "language": "en", "note": "00:12:34"}
    bib = citation_bibtex(citation_parts("demo", 5, "Denario {raro}", None, None,
                                         {"fields": {"id": "CMF-001", "csv_line": 2}}, page=3))
    assert bib.startswith("@misc{demo_5,") and "title = {Denario raro}" in bib and "CMF-001, demo" in bib
    assert "note = {p. 3}" in bib and bib.endswith("}")


def test_an_interview_s_duration_reads_as_hours_minutes_and_seconds() -> None:
    data = {"fields": {"accession": "CMF-OH04", "duration": "403"}}
    assert record_fields("Elena", "public", "en", data) == [("accession", "CMF-OH04"), ("duration", "0:06:43")]
    # a duration OHMS already wrote as a time stays as written
    assert record_fields("Elena", "public", "en", {"fields": {"accession": "A", "duration": "1:02:03"}})[-1] == \
        ("duration", "1:02:03")


def test_a_mail_message_shows_its_headers_in_a_mail_program_s_order() -> None:
    data = {"fields": {"subject": "La riada", "message-id": "<1@a>", "date": "Tue, 02 Mar 1999 10:00:00 +0100",
                       "to": "joan@museu.example", "from": "Marta Pujol <marta@arxiu.example>",
                       "attachments": ["informe.pdf", "foto.jpg"]}}
    assert record_fields("La riada", "restricted", None, data) == [
        ("from", "Marta Pujol <marta@arxiu.example>"), ("to", "joan@museu.example"),
        ("date", "Tue, 02 Mar 1999 10:00:00 +0100"), ("attachments", "informe.pdf, foto.jpg")]


def test_a_mail_attachment_says_what_carried_it_and_a_message_what_it_did_not_read() -> None:
    message = {"fields": {"subject": "La riada", "from": "marta@arxiu.example", "attachments": ["a.zip", "b.txt"],
                          "attachments_not_read": ["a.zip (application/zip): not a format Ovillo reads", "c: d"]}}
    assert record_fields("La riada", "public", None, message)[-1] == (
        "attachments_not_read", "a.zip (application/zip): not a format Ovillo reads; c: d")
    attached = {"fields": {"attached_to": "La riada", "attachment": "b.txt", "attached_to_id": 7}}
    assert record_fields("B", "public", None, attached) == [("attached_to", "La riada")]
