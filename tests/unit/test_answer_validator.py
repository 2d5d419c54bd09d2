"""Citation grammar and the support test, on hand-made evidence."""

from __future__ import annotations

from core.answer.citations import parse_citations, strip_citations, tidy, validate
from core.answer.result import Evidence
from core.answer.text import fold, numbers, sentences
from core.retrieval.hits import Hit


def ev(sid: int, text: str, idx: int = 0, title: str = "t") -> Evidence:
    h = Hit(section_tipo="demo", section_id=sid, title=title, component_tipo="rag:text", lang="es", chunk_index=idx,
            snippet=text[:40], score=0.1, source_path=f"/a/{sid}.md", page=None, tc_in=None, text=text)
    return Evidence(h.citation, h)


FORN = ev(7, "El forn de terrissa de la trinxera 4 era circular, de 2,4 m de diàmetre interior, amb un pilar central.")
PANTANO = ev(9, "El agua del pantano cubrió el pueblo de Comafreda en marzo de 1959.", idx=2)
EVIDENCE = {e.id: e for e in (FORN, PANTANO)}


def test_grammar() -> None:
    text = "A [demo-1#0]. B [demo-2#3; demo-4#5][x-999#0]. C [1]. D [bad#x] [see note]"
    assert parse_citations(text) == ["demo-1#0", "demo-2#3", "demo-4#5", "x-999#0", "bad#x"]
    assert strip_citations("El forn era circular [demo-7#0].") == "El forn era circular."
    assert strip_citations("Nota [see note] aquí.") == "Nota [see note] aquí."


def test_text_tools() -> None:
    assert fold("Pantáno Ça") == "pantano ca"
    assert numbers("2,4 m, 1.654 monedas y 1654") == {"2.4", "1654"}
    assert sentences("Uno. Dos!\n- tres\n\n") == ["Uno.", "Dos!", "- tres"]


def test_supported_sentence_passes() -> None:
    v = validate("El forn de la trinxera 4 era circular, de 2,4 m de diàmetre [demo-7#0].", EVIDENCE)
    assert v.ok and v.valid_ids == ["demo-7#0"] and not v.problems


def test_citation_after_the_full_stop_still_counts() -> None:
    v = validate("El agua del pantano cubrió Comafreda en 1959. [demo-9#2]", EVIDENCE)
    assert v.ok and v.valid_ids == ["demo-9#2"] and v.uncited == []


def test_dangling_and_malformed() -> None:
    v = validate("El forn era circular [demo-7#0][x-999#0]. Y el agua llegó [demo-9#x].", EVIDENCE)
    assert not v.ok
    assert {(c.id, c.problem) for c in v.checks if not c.ok} == {("x-999#0", "dangling"), ("demo-9#x", "dangling")}


def test_wrong_number_is_unsupported() -> None:
    v = validate("El agua del pantano cubrió el pueblo en marzo de 1962 [demo-9#2].", EVIDENCE)
    assert not v.ok and "1962" in v.problems[0]


def test_unrelated_sentence_is_unsupported() -> None:
    v = validate("La campana fue fundida junto al ábside por maestros franceses [demo-7#0].", EVIDENCE)
    assert not v.ok and v.checks[0].problem == "unsupported"


def test_passage_that_contributes_nothing_is_rejected() -> None:
    v = validate("El forn de la trinxera 4 era circular [demo-7#0][demo-9#2].", EVIDENCE)
    assert not v.ok and [c.id for c in v.checks if not c.ok] == ["demo-9#2"]


def test_semantic_support_covers_translation() -> None:
    claim = "The reservoir flooded the village in March 1959 [demo-9#2]."
    assert not validate(claim, EVIDENCE).ok  # English words share no stems with the Spanish passage
    assert validate(claim, EVIDENCE, similarity=lambda a, b: 0.9, semantic=0.86).ok
    assert not validate(claim, EVIDENCE, similarity=lambda a, b: 0.8, semantic=0.86).ok


def test_uncited_sentences_are_flagged_but_no_citation_is_not_grounded() -> None:
    v = validate("Segons l'arxiu: el forn era circular, de 2,4 m [demo-7#0].\nÉs interessant.", EVIDENCE)
    assert v.ok and v.uncited == ["És interessant."]
    assert not validate("El forn era circular.", EVIDENCE).ok


def test_tidy_drops_repeats_and_unfinished_tail() -> None:
    text = "El forn era circular [demo-7#0].\n\nEl forn era circular [demo-7#0].\n\nEl forn era de 2,"
    assert tidy(text) == "El forn era circular [demo-7#0]."
    assert tidy("Una sola frase sin punto") == "Una sola frase sin punto"
