"""What reaches the encoder for a passage: the passage and its informative headings, never the title.

Chosen on the dev halves of docs/benchmarks.md ("What a passage's embedded text holds"): titles a
reader takes from the file name ("V0043") or from the text itself cut cross-lingual P@1, and an
informative title added nothing the headings did not.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from core.chunking import CHUNKER_VERSION, chunk_record, compose_embedded
from core.chunking.chunker import PATH_SEP, informative
from core.chunking.model import Block, ParsedRecord
from core.ingest.pipeline import IngestOptions
from core.ingest.readers.text_reader import read
from core.models.encoder import Kind
from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo
from tests.conftest import drain


def count(text: str) -> int:
    return len(text.split())


def embedded(path: str, text: str) -> tuple[str, str]:
    """The title the text reader gives a file and its one passage's embedded text."""
    (rec,) = read(Path(path), text.encode()).records
    (chunk,) = chunk_record(rec, count)
    return rec.title, chunk.embedded_text


class Recording(HashingEncoder):
    """The hashing encoder, keeping every passage text it was given."""

    def __init__(self) -> None:
        super().__init__()
        self.passages: list[str] = []

    def embed_batch(self, texts: Sequence[str], *, kind: Kind) -> np.ndarray:
        if kind == "passage":
            self.passages += texts
        return super().embed_batch(texts, kind=kind)


def test_the_version_records_the_rule() -> None:
    assert CHUNKER_VERSION == "c2"  # a new rule needs a new version: stored passages re-embed once


def test_a_file_name_title_never_reaches_the_encoder() -> None:
    title, text = embedded("V0043.txt", "Todos los seres humanos nacen libres e iguales.\n")
    assert title == "V0043" and text == "Todos los seres humanos nacen libres e iguales."
    title, text = embedded("notas_de_campo.txt", "El agua cubrió el pueblo en 1959.\n")
    assert title == "Notas de campo" and text == "El agua cubrió el pueblo en 1959."


def test_a_file_name_title_never_reaches_the_encoder_through_an_import(tmp_path: Path) -> None:
    folder = tmp_path / "files"
    folder.mkdir()
    (folder / "V0043.txt").write_text("Everyone has the right to life, liberty and security of person.\n")
    (folder / "udhr-en-3.1.md").write_text("Nadie estará sometido a esclavitud ni a servidumbre.\n")
    enc = Recording()
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=enc) as app:
        _, summary = drain(app.library.ingest([folder], IngestOptions(classification="public")))
        titles = {r[0] for r in app.store.cursor().execute("SELECT title FROM records").fetchall()}
    assert not summary.failed and titles == {"V0043", "Udhr en 3 1"}
    assert sorted(enc.passages) == ["Everyone has the right to life, liberty and security of person.",
                                    "Nadie estará sometido a esclavitud ni a servidumbre."]


def test_a_title_that_repeats_the_passage_is_not_prepended() -> None:
    # a one-line file whose line has no full stop: the reader takes the line itself as the title
    title, text = embedded("V0044.txt", "Toda persona tiene derecho a la libertad de opinión y de expresión\n")
    assert title == "Toda persona tiene derecho a la libertad de opinión y de expresión"
    assert text == title  # once, not twice


def test_an_informative_heading_is_prepended() -> None:
    rec = ParsedRecord("", "Diari d'excavació — Trinxera 1", [
        Block("Avui hem acabat de treure el llot de la inundació.", ("Dimecres, 3 de juliol de 2019",
                                                                    "Trinxera 1: l'absis romànic"))])
    (c,) = chunk_record(rec, count)
    assert c.embedded_text == (f"Dimecres, 3 de juliol de 2019{PATH_SEP}Trinxera 1: l'absis romànic\n\n"
                               "Avui hem acabat de treure el llot de la inundació.")
    assert "Diari" not in c.embedded_text  # the record's title, however informative, is not embedded


def test_a_heading_that_is_an_id_or_repeats_the_passage_is_left_out() -> None:
    passage = "Introduction and birth in Cal Vidal. Elena Vidal Brugué introduces her family."
    assert compose_embedded(("Introduction and birth in Cal Vidal",), passage) == passage  # an OHMS index point
    assert compose_embedded(("ÉL AGUA",), "El agua del pantano cubrió el pueblo.") == \
        "El agua del pantano cubrió el pueblo."  # the same words, accents and case aside
    assert compose_embedded(("2019", "1.2", "V0043", "IMG_2034"), "Cerámica vidriada.") == "Cerámica vidriada."
    assert compose_embedded(("Zanja 3",), "Cerámica vidriada.") == "Zanja 3\n\nCerámica vidriada."


def test_informative() -> None:
    assert informative("Denarius of Trajan", "Silver denarius of the emperor Trajan")
    assert informative("Capítulo primero", "uno dos tres")
    assert not informative("", "uno dos tres")
    assert not informative("Uno dos tres cuatro", "uno dos tres")  # the whole passage and more
    assert not informative("uno, dos", "Uno dos tres")  # the passage's start
