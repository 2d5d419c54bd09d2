"""Quote rules added for precision (issue #13): names only from the quote (the title only for a
first-person quote), and no keyword list as a quote."""

from __future__ import annotations

from core.answer.citations import validate
from core.answer.quotes import find_quote, first_person, is_index, keyword_list, locate, problem
from core.answer.result import Evidence
from core.retrieval.hits import Hit

DIARY = ("Hoy ha llovido todo el día. La campana la Martina se fundió en 1786 en la plaza, según el libro de "
         "fábrica. El obispo vino a bendecirla.")
INTERVIEW = "Vaig néixer a Cal Vilaró el 2 de febrer de 1940. La meva mare feia de llevadora."
INDEX = ("Childhood in the village. Elena talks about the house where she was born and the washing place.\n"
         "Keywords: birth; midwife; Cal Vidal; childhood")


def ev(sid: int, text: str, title: str, component: str = "rag:text") -> Evidence:
    hit = Hit(section_tipo="demo", section_id=sid, title=title, component_tipo=component, lang="es",
              chunk_index=0, snippet="", score=1.0, source_path=f"/x/{sid}.txt", page=None, tc_in=None, text=text)
    return Evidence(f"demo-{sid}#0", hit, f"S{sid}")


def test_a_name_only_in_the_title_is_rejected_for_a_third_person_quote() -> None:
    claim = "Mosén Ramon Cases fundió la campana la Martina en 1786."
    q, why = find_quote(claim, DIARY, title="Dietario de Mosén Ramon Cases")
    assert q is not None and "1786" in q.text
    assert why == "names not in the quoted words: cases, ramon"
    turn = {e.id: e for e in (ev(1, DIARY, "Dietario de Mosén Ramon Cases"),)}
    v = validate(f"{claim} [S1]", turn, question="¿Quién fundió la campana la Martina?")
    assert not v.ok and any("names not in the quoted words" in p for p in v.problems)


def test_the_title_names_the_speaker_of_a_first_person_quote() -> None:
    claim = "Josep Vilaró i Bosch va néixer a Cal Vilaró el 2 de febrer de 1940."
    assert first_person("Vaig néixer a Cal Vilaró.") and first_person("I was born there.")
    assert not first_person("Josep Vilaró i Bosch era pastor.")  # Catalan "i" is "and", not "I"
    q, why = find_quote(claim, INTERVIEW, title="Entrevista a Josep Vilaró i Bosch")
    assert why == "" and q is not None and q.text == "Vaig néixer a Cal Vilaró el 2 de febrer de 1940."
    # the same quote under a title that does not name him: his surname is not in the quote
    assert "names not in the quoted words: bosch" in problem(claim, q, INTERVIEW, title="Entrevista")


def test_a_keyword_list_span_is_rejected() -> None:
    assert keyword_list("midwife; Cal Vidal;") and keyword_list("Keywords: birth; midwife; Cal Vidal; childhood")
    assert keyword_list("silver; Roman; coin")
    span = locate("midwife; Cal Vidal;", INDEX)
    assert span is not None and is_index(span, INDEX)
    assert problem("Elena's mother was the midwife of Cal Vidal.", span, INDEX) == (
        "the quoted words are a list of index keywords, not a statement")
    # the validator never picks a quote out of the list, and no statement of the passage names Cal Vidal
    turn = {e.id: e for e in (ev(4, INDEX, "Interview with Elena Vidal", "rag:index"),)}
    v = validate("Elena's mother was the midwife of Cal Vidal [S4].", turn, question="What did Elena's mother do?")
    assert not v.ok and any("names not in the quoted words: cal" in p for p in v.problems)


def test_a_normal_span_is_still_accepted() -> None:
    for sentence in ("Tenía dos hijas, Carmen y Rosa.", "Childhood in the village.",
                     "El forn era circular, de 2,4 m de diàmetre, amb un pilar central."):
        assert not keyword_list(sentence)
    span = locate("Elena talks about the house where she was born and the washing place.", INDEX)
    assert span is not None and not is_index(span, INDEX)
    turn = {e.id: e for e in (ev(4, INDEX, "Interview with Elena Vidal", "rag:index"),
                              ev(2, INTERVIEW, "Entrevista a Josep Vilaró i Bosch"))}
    v = validate("Elena talks about the house where she was born and the washing place [S4].", turn,
                 question="What does Elena talk about?")
    assert v.ok and v.sentences[0].quotes["demo-4#0"].text == span.text
    v = validate("La mare de Josep Vilaró feia de llevadora [S2].", turn, question="Què feia la mare de Josep?")
    assert v.ok and v.sentences[0].quotes["demo-2#0"].text == "La meva mare feia de llevadora."


def test_a_quote_is_not_cut_at_the_point_of_a_number() -> None:
    pit = "The vaulted wheel pit, 2.10 m wide, contained half of the upper millstone (1.20 m across). It was dry."
    q, why = find_quote("The millstone was 1.20 m across.", pit)
    assert why == "" and q is not None
    assert q.text == "The vaulted wheel pit, 2.10 m wide, contained half of the upper millstone (1.20 m across)."


def test_names_the_question_gives_need_not_be_in_the_quote() -> None:
    passage = "The site datum is a brass pin set in the threshold of the church door, at 412.30 m."
    claim = "The site datum of the Comafreda excavation is at 412.30 m."
    title = "Site diary — Season opening at Sant Martí de Comafreda"
    q, why = find_quote(claim, passage, question="What is the site datum of the Comafreda excavation?", title=title)
    assert why == "" and q is not None
    assert "names not in the quoted words: comaf" in problem(claim, q, passage, title)  # a name the question lacks


def test_a_quote_about_something_else_is_rejected_unless_its_meaning_matches() -> None:
    kiln = "Al voltant del forn hi ha un abocador de peces fallides: plats deformats, bols enganxats, vidrat bombollat."
    question = "¿Cuál es la receta tradicional de la paella valenciana?"
    claim = "La receta de la paella es preparar plats deformats i bols enganxats."
    far, near = (lambda a, b: 0.78), (lambda a, b: 0.85)  # e5 cosines either side of the relevance floor
    _, why = find_quote(claim, kiln, question=question, title="Trinxera 4", similarity=far)
    assert why == "the quoted words are not about the question"
    assert find_quote(claim, kiln, question=question, title="Trinxera 4", similarity=near)[1] == ""
    # a shared word is enough, and without a model of meaning nothing is rejected on this ground
    assert find_quote(claim, kiln, question="¿Qué plats deformats había?", similarity=far)[1] == ""
    assert find_quote(claim, kiln, question=question)[1] == ""


def test_a_bracketed_record_title_stands_for_its_passages_labels() -> None:
    from core.answer.citation_grammar import titles_to_labels

    turn = {e.id: e for e in (ev(1, DIARY, "Dietario de Mosén Ramon Cases"),
                              ev(2, INTERVIEW, "Entrevista a Josep Vilaró i Bosch"))}
    text = "La campana se fundió en 1786 en la plaza. [dietario de  Mosén Ramon Cases] [Otro título]"
    assert titles_to_labels(text, turn) == "La campana se fundió en 1786 en la plaza. [S1] [Otro título]"
    v = validate("La campana se fundió en 1786 en la plaza. [Dietario de Mosén Ramon Cases]", turn,
                 question="¿Cuándo se fundió la campana?")
    assert v.ok and v.valid_ids == ["demo-1#0"] and v.shown(turn).endswith("[demo-1#0]")
