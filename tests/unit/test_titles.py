"""Titles come from the document (metadata, title, heading, slate) before its file name."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.ingest.readers import reader_for
from core.ingest.titles import choose_title, clean_title, file_title, first_sentence, plain_text_title

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def read_title(path: Path) -> str:
    return reader_for(path)(path, path.read_bytes()).records[0].title


@pytest.mark.parametrize("junk", ["Microsoft Word - informe_final.doc", "untitled", "Sin título", "Document1",
                                  "scan0003", "informe.docx", "   ", "1", "—", "x" * 200])
def test_tool_placeholders_and_non_titles_are_not_titles(junk: str) -> None:
    assert clean_title(junk) == ""


def test_clean_title_keeps_abbreviations_and_no_break_spaces() -> None:
    assert clean_title("Entrevista a Josep Vilaró (n. 1940).") == "Entrevista a Josep Vilaró (n. 1940)"
    assert clean_title("Oral history with R.\u00a0Plunkett") == "Oral history with R.\u00a0Plunkett"
    assert clean_title("  La riada\n de 1962 — ") == "La riada de 1962"


def test_plain_text_first_line_only_when_it_stands_alone() -> None:
    assert plain_text_title("Inventario de la ermita\n\nUn cáliz de plata.") == "Inventario de la ermita"
    assert plain_text_title("Inventario de la ermita\nAutor: J. Puig\n\nTexto.") == "Inventario de la ermita"
    # a sentence, or the first line of a paragraph, is not a title
    assert plain_text_title("Llegó el agua en marzo.\n\nY luego más.") == ""
    assert plain_text_title("Llegó el agua en marzo y\ncubrió el pueblo entero") == ""
    # a running header in capitals gives way to the document's own heading
    assert plain_text_title("SITE DIARY — PROJECT 2019\nDate: 24 July\n\n# A visit from Josep\n\nText.") \
        == "A visit from Josep"
    assert plain_text_title("INVENTARIO PARROQUIAL\n\nTexto sin encabezados.") == "INVENTARIO PARROQUIAL"


def test_slates_and_file_names() -> None:
    assert first_sentence("Entrevista OH02 — Carmen Rius Lahoz. Datos de muestra — ficticios.") \
        == "Entrevista OH02 — Carmen Rius Lahoz."
    assert file_title(Path("2019-07-09_trinchera2_molino.txt")) == "2019-07-09 trinchera2 molino"
    assert choose_title(["", None, "Microsoft Word - x.doc"], Path("oh02_carmen_es.srt")) == "Oh02 carmen es"
    assert choose_title([None, "Entrevista a Rosa"], Path("rosa.txt")) == "Entrevista a Rosa"


def test_pdf_metadata_title_from_a_word_processor_gives_way_to_the_first_line(tmp_path: Path) -> None:
    from pypdf import PdfWriter
    from pypdf.generic import NameObject

    src = DEMO / "reports" / "interim_report_2019.pdf"
    writer = PdfWriter(clone_from=src)
    writer.add_metadata({NameObject("/Title"): "Microsoft Word - Informe_v3.doc"})
    path = tmp_path / "informe_v3.pdf"
    with path.open("wb") as fh:
        writer.write(fh)
    # the page's first line (this report's running head) instead of the word processor's placeholder
    assert read_title(path) == "Comafreda Project - Interim Report 2019 - Sample data (fictional)"


def test_every_demo_document_has_its_own_title() -> None:
    expected = {
        "diaries/1958-1959_dietario_parroco.txt": "Dietario de Mosén Ramon Cases",
        "diaries/2019-07-09_trinchera2_molino.txt": "Trinchera 2: el Molí de Baix",
        "diaries/2019-07-24_visit_josep.txt": "A visit from Josep Vilaró",
        "diaries/2019-07-12_trench3.md": "Site diary — Trench 3, Cal Ferrer (the blacksmith's house)",
        "diaries/2019-07-22_tesoro_trinchera5.html":
            "Diario de excavación — El tesorillo de Cal Sastre (trinchera 5)",
        "transcripts/oh01_josep_ca.vtt": "Entrevista d'història oral OH01 — Josep Vilaró i Bosch (n. 1940)",
        "transcripts/oh02_carmen_es.srt": "Entrevista OH02 — Carmen Rius Lahoz",
        "transcripts/oh03_manuel_es.txt":
            "ENTREVISTA DE HISTORIA ORAL OH03 — Manuel Gaspar Ortiz (n. 1933, Jódar, Jaén)",
        "transcripts/oh04_elena_en.xml": "Oral history interview with Elena Vidal Brugué (OH04)",
        "reports/interim_report_2019.pdf": "Comafreda Project: Interim Report on the 2019 Excavation Season",
    }
    assert {name: read_title(DEMO / name) for name in expected} == expected
    # and none of the text documents falls back to its file name
    for path in sorted((DEMO / "diaries").iterdir()) + sorted((DEMO / "transcripts").glob("*.[vstx]*")):
        if path.suffix in (".wav",):
            continue
        assert read_title(path) != file_title(path), path
