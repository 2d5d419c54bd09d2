"""Words a PDF's text layer glues together are split only where the glyphs part (issue #34 point 7)."""

from __future__ import annotations

from pathlib import Path

from core.ingest.readers.pdf_gaps import split_runs
from core.ingest.readers.pdf_reader import read

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "pdf"


def test_letter_spaced_line_is_read_as_words() -> None:
    """tests/fixtures/README.md: the letter-spacing of a Nature paper's first line, where pypdf reads
    "Theroleofmentorshipinprotégé"; the long word of the next line is one word and stays one."""
    path = FIX / "letterspaced.pdf"
    (rec,) = read(path, path.read_bytes()).records
    text = " ".join(b.text for b in rec.blocks)
    assert text.startswith("The flood reached the church of the valley ")
    assert "Internationalisation of archives is a matter of importance." in text


def test_runs_split_only_where_every_occurrence_parts() -> None:
    reference = "The role of mentorship in protégé\nprotégés that go on to have\nReconceptualizing ideas"
    text, n = split_runs("Theroleofmentorshipinprotégé and protégésthatgoontohave; Reconceptualizing", reference)
    assert text == "The role of mentorship in protégé and protégés that go on to have; Reconceptualizing" and n == 2
    # read two ways by the reference ("mentorshipin" once): no evidence, left as it was
    ambiguous = "The role of mentorship in protégé. The role of mentorshipin protégé"
    assert split_runs("Theroleofmentorshipinprotégé", ambiguous) == ("Theroleofmentorshipinprotégé", 0)
    assert split_runs("Theroleofmentorshipinprotégé", "nothing alike") == ("Theroleofmentorshipinprotégé", 0)
    assert split_runs("short words", "short words") == ("short words", 0)
