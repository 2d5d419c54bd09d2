"""Quote-checked citations: the span a sentence rests on must exist in the cited passage and hold
the sentence's numbers and names."""

from __future__ import annotations

from core.answer.citations import validate
from core.answer.quotes import Quote, find_quote, locate, names, problem
from core.answer.result import Evidence
from core.retrieval.hits import Hit

DIARY = ("El 3 de marzo de 1959 llovió sin parar. El pantano de Cijara subió dos metros;\n"
         "los vecinos de Alía bajaron al molino. Aquella semana nadie fue a la escuela. El cura leyó "
         "el bando en la plaza. Las mujeres lavaron en el río. En la zanja 3 apareció un denario de Trajano.")
REPORT = "Informe de la campaña de 1962: en el sondeo 2 se documentó un muro de mampostería."


def ev(label: str, text: str, sid: int, title: str = "") -> Evidence:
    hit = Hit(section_tipo="demo", section_id=sid, title=title, component_tipo="rag:text", lang="es",
              chunk_index=0, snippet="", score=1.0, source_path=f"/x/{sid}.txt", page=None, tc_in=None,
              text=text)
    return Evidence(f"demo-{sid}#0", hit, label)


def test_locate_is_verbatim_after_normalising_whitespace_and_quotes() -> None:
    passage = "Dijo: «no  volveremos»\n al   pueblo."
    q = locate('Dijo: "no volveremos" al pueblo.', passage)
    assert q is not None and q.text == passage[q.start:q.end] == passage
    assert locate("no volveremos nunca", passage) is None


def test_a_span_that_does_not_exist_is_refused() -> None:
    invented = Quote(0, 10, "El pantano de Cijara subió cinco metros")
    assert "not in the cited passage" in problem("The reservoir rose five metres.", invented, DIARY)


def test_a_span_from_another_passage_is_refused() -> None:
    other = locate("en el sondeo 2 se documentó un muro", REPORT)
    assert other is not None
    assert "not in the cited passage" in problem("A wall was found in test pit 2.", other, DIARY)
    assert problem("A wall was found in test pit 2.", other, REPORT) == ""


def test_numbers_outside_the_span_do_not_count() -> None:
    span = locate("En la zanja 3 apareció un denario de Trajano.", DIARY)
    assert span is not None
    # 1959 is in the passage, four sentences away, but not in the quoted words
    assert "numbers not in the quoted words: 1959" in problem("A denarius of Trajan appeared in trench 3 in 1959.",
                                                             span, DIARY)
    assert problem("A denarius of Trajan appeared in trench 3.", span, DIARY) == ""


def test_names_must_be_in_the_span_or_the_records_title() -> None:
    span = locate("El pantano de Cijara subió dos metros;", DIARY)
    assert span is not None
    assert "names not in the quoted words" in problem("The Guadalupe reservoir rose two metres.", span, DIARY)
    # the title lends its names only to a first-person quote (test_answer_quote_rules.py)
    assert "names not in the quoted words: carme" in problem("Carmen saw the Cijara reservoir rise two metres.",
                                                              span, DIARY, title="Diario de Carmen")
    assert names("On 3 March, Carmen met Father Tomás in Alía.") == {"carme", "tomas", "alia"}


def test_find_quote_picks_the_sentences_that_say_it() -> None:
    q, why = find_quote("En la zanja 3 apareció un denario de Trajano.", DIARY)
    assert why == "" and q is not None and q.text == "En la zanja 3 apareció un denario de Trajano."
    assert DIARY[q.start:q.end] == q.text
    q, why = find_quote("A denarius appeared in trench 7.", DIARY)
    assert "numbers not in the quoted words: 7" in why


def test_the_validator_grounds_only_citations_with_a_quote_that_checks_out() -> None:
    evidence = {e.id: e for e in (ev("S1", DIARY, 1, "Diario de Carmen"), ev("S2", REPORT, 2))}
    good = validate("En la zanja 3 apareció un denario de Trajano [S1].", evidence, question="¿Qué apareció?")
    assert good.ok
    quote = good.sentences[0].quotes["demo-1#0"]
    assert quote.text == "En la zanja 3 apareció un denario de Trajano." and DIARY[quote.start:quote.end] == quote.text
    # the passage holds "1959" and "Trajano", but no quote of it holds both: not grounded
    bad = validate("En 1959 apareció en la zanja 3 un denario de Trajano [S1].", evidence, question="¿Qué apareció?")
    assert not bad.ok and any("numbers not in the quoted words" in p for p in bad.problems)
    # cited to the wrong passage: that passage has no such words
    wrong = validate("En el sondeo 2 se documentó un muro de mampostería [S1].", evidence, question="¿Qué muro?")
    assert not wrong.ok
