"""Citation grammar and the support test, on hand-made evidence."""

from __future__ import annotations

from core.answer.citation_grammar import answer_sentences, canonical, parse_citations, strip_citations, tidy
from core.answer.citations import validate
from core.answer.result import Evidence
from core.retrieval.hits import Hit
from core.text import fold, numbers, sentences


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
    assert [c.id for c in v.checks if not c.ok] == ["demo-9#2"] and not v.clean  # regenerated once…
    # …and if it stays, the answer is shown without the citation that did not check out
    assert v.ok and v.sentences[0].dropped == ["demo-9#2"]
    assert v.shown(EVIDENCE) == "El forn de la trinxera 4 era circular [demo-7#0]."


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


def labelled(*evs: Evidence) -> dict[str, Evidence]:
    return {e.id: Evidence(e.id, e.hit, f"S{n}") for n, e in enumerate(evs, 1)}


def test_labels_resolve_to_this_turns_evidence_only() -> None:
    turn = labelled(FORN, PANTANO)  # S1 = demo-7#0, S2 = demo-9#2
    v = validate("El forn de la trinxera 4 era circular, de 2,4 m de diàmetre [S1].", turn)
    assert v.ok and v.valid_ids == ["demo-7#0"]
    v = validate("El agua del pantano cubrió Comafreda en 1959 [s2; demo-7#0].", turn)  # case, mixed forms
    assert v.valid_ids == ["demo-9#2"] and not v.clean  # the forn passage does not say it…
    assert v.shown(turn) == "El agua del pantano cubrió Comafreda en 1959 [demo-9#2]."  # …so it is dropped
    v = validate("El forn era circular [S3]. El agua del pantano cubrió Comafreda en 1959 [S2].", turn)
    assert not v.ok and v.checks[0].id == "S3" and v.checks[0].problem == "dangling"
    assert "[S3] is not one of the evidence passages given" in v.problems
    # a label means nothing without a turn that gave it
    assert not validate("El forn de la trinxera 4 era circular [S1].", EVIDENCE).ok


def test_accepted_answers_carry_canonical_ids() -> None:
    turn = labelled(FORN, PANTANO)
    text = "El forn era circular [S1]. L'aigua va cobrir el poble [S2; S1] i [S9] [nota]."
    assert canonical(text, turn) == ("El forn era circular [demo-7#0]. L'aigua va cobrir el poble "
                                     "[demo-9#2][demo-7#0] i [S9] [nota].")
    assert strip_citations("El forn era circular [S1].") == "El forn era circular."


def test_citations_after_the_full_stop_belong_to_the_sentence_before() -> None:
    turn = labelled(FORN, PANTANO)
    text = ("El forn de la trinxera 4 era circular, de 2,4 m de diàmetre. [S1] "
            "El agua del pantano cubrió Comafreda en 1959.\n\n[S2]")
    assert answer_sentences(text) == ["El forn de la trinxera 4 era circular, de 2,4 m de diàmetre. [S1]",
                                      "El agua del pantano cubrió Comafreda en 1959. [S2]"]
    assert validate(text, turn).ok and validate(text, turn).uncited == []
    # a model tag is dropped by tidy, so it neither hides a citation nor becomes a claim
    assert tidy("El forn era circular. [OBSERVATION] [S1] Fi.") == "El forn era circular. [S1] Fi."


def test_restating_the_question_is_not_support() -> None:
    q = "¿Cuándo cubrió el agua del pantano el pueblo de Comafreda?"
    # every word of this claim is in the passage, but only "río" is new — and the passage lacks it
    assert not validate("El agua del pantano cubrió el pueblo de Comafreda por el río [demo-9#2].", EVIDENCE,
                        question=q).ok
    assert validate("El agua del pantano cubrió el pueblo de Comafreda en marzo de 1959 [demo-9#2].", EVIDENCE,
                    question=q).ok


def test_each_cited_passage_must_back_what_the_sentence_adds() -> None:
    q = "¿Cuándo cubrió el agua el pueblo?"
    v = validate("El agua cubrió el pueblo en marzo de 1959 [demo-9#2][demo-7#0].", EVIDENCE, question=q)
    assert not v.clean and [c.ok for c in v.checks] == [True, False]  # the forn passage adds nothing to it
    assert v.shown(EVIDENCE) == "El agua cubrió el pueblo en marzo de 1959 [demo-9#2]."
    # a sentence none of whose passages says it is not grounded at all
    assert not validate("El agua cubrió el pueblo en 1959 [demo-7#0].", EVIDENCE, question=q).ok


def test_support_is_judged_per_passage_not_over_their_union() -> None:
    # each passage holds half the words; together they would "support" a sentence neither says
    a = ev(21, "Marc Soler, voluntario, encontró la jarra bajo el suelo de Cal Sastre.")
    b = ev(22, "Elena Vidal vivía en la segunda casa de la calle de arriba.")
    turn = {e.id: e for e in (a, b)}
    q = "¿Quién encontró el tesoro?"
    mixed = "Elena Vidal encontró el tesoro en la segunda casa de la calle de arriba [demo-21#0][demo-22#0]."
    v = validate(mixed, turn, question=q)
    assert not v.clean and [c.ok for c in v.checks] == [False, True]
    # the words of b are all there, so only the model check can tell that b does not say who found it
    assert v.ok and v.shown(turn).endswith("[demo-22#0].")
    v = validate(mixed, turn, question=q, entails=lambda _q, _s, passage: 0.1 if "Elena" in passage else 0.9)
    assert not v.ok and v.valid_ids == []
    assert validate("Marc Soler lo encontró bajo el suelo de Cal Sastre [demo-21#0].", turn, question=q).ok


def test_a_bare_number_needs_a_passage_about_the_question() -> None:
    q = "¿Cuándo cubrió el agua del pantano el pueblo?"
    escuela = ev(8, "En 1959 se cerró la escuela de Vilanova.")
    turn = {**EVIDENCE, escuela.id: escuela}
    assert validate("En 1959 [demo-9#2].", turn, question=q).ok  # the pantano passage is about it
    assert not validate("En 1959 [demo-8#0].", turn, question=q).ok  # same number, a passage about a school


def test_model_check_rejects_what_the_word_test_let_through() -> None:
    # the words are all in the passage, but it is Marc, not Elena, who found the jug
    a = ev(21, "Marc Soler, voluntario, encontró la jarra bajo el suelo de Cal Sastre; Elena Vidal lo vio.")
    turn = {a.id: a}
    q, claim = "¿Quién encontró la jarra?", "Elena Vidal encontró la jarra bajo el suelo de Cal Sastre [demo-21#0]."
    asked: list[tuple[str, str, str]] = []

    def judge(p: float):  # type: ignore[no-untyped-def]
        def entails(question: str, sentence: str, passage: str) -> float | None:
            asked.append((question, sentence, passage))
            return p
        return entails

    assert validate(claim, turn, question=q).ok  # the lexical test alone is fooled
    v = validate(claim, turn, question=q, entails=judge(0.2), entailment_min=0.5)
    assert not v.ok and v.checks[0].problem == "unsupported" and "model check 0.20 < 0.50" in v.problems[0]
    assert asked == [(q, "Elena Vidal encontró la jarra bajo el suelo de Cal Sastre.", f"t\n{a.hit.text}")]
    assert validate(claim, turn, question=q, entails=judge(0.8), entailment_min=0.5).ok
    assert validate(claim, turn, question=q, entails=judge(0.2), entailment_min=0.0).ok  # 0 switches it off
    assert validate(claim, turn, question=q, entails=lambda *_: None, entailment_min=0.5).ok  # model cannot judge


def test_model_check_is_only_asked_about_citations_the_word_test_accepted() -> None:
    asked: list[str] = []

    def entails(question: str, sentence: str, passage: str) -> float | None:
        asked.append(passage)
        return 0.9

    v = validate("La campana se fundió en 1786 [demo-9#2]. [x-1#0] El forn era circular [demo-7#0].", EVIDENCE,
                 question="¿Cómo era el horno?", entails=entails)
    assert not v.ok  # the bell sentence fails on its number, the dangling id fails too
    assert asked == [f"t\n{FORN.hit.text}"]


def test_the_corrective_note_names_a_passage_that_fits() -> None:
    q = "¿Cómo era el horno?"
    v = validate("El forn era circular, de 2,4 m de diàmetre interior [demo-9#2].", EVIDENCE, question=q)
    assert not v.ok and v.problems[-1].startswith('"El forn era circular') and v.problems[-1].endswith(
        "; its words fit [demo-7#0]")
    v = validate("El horno tenía una chimenea de 12 m [demo-9#2].", EVIDENCE, question=q)
    assert not v.ok and "fit" not in v.problems[-1]  # no passage fits: nothing to suggest
    assert validate("El forn era circular [demo-7#0].", EVIDENCE, question=q).problems == []


def test_a_true_sentence_under_the_wrong_label_is_moved_only_when_the_model_confirms() -> None:
    from core.answer.citations import reattribute

    turn = labelled(FORN, PANTANO)
    q = "¿Cuándo cubrió el agua el pueblo?"
    text = "El agua del pantano cubrió el pueblo en marzo de 1959 [S1]."  # S1 is the forn passage
    v = validate(text, turn, question=q)
    assert not v.ok
    assert reattribute(v, turn, question=q, entails=None, entailment_min=0.5) == [] and not v.ok  # no model: no move
    asked: list[str] = []

    def entails(question: str, sentence: str, passage: str) -> float | None:
        asked.append(passage)
        return 0.9 if "pantano" in passage else 0.1

    new = reattribute(v, turn, question=q, entails=entails, entailment_min=0.5)
    assert [c.id for c in new] == ["demo-9#2"] and v.ok and v.moved == 1
    assert asked == [f"t\n{PANTANO.hit.text}"]  # only passages that pass the word test are put to the model
    assert v.shown(turn) == "El agua del pantano cubrió el pueblo en marzo de 1959 [demo-9#2]."
    v = validate(text, turn, question=q)
    assert reattribute(v, turn, question=q, entails=lambda *_: 0.2, entailment_min=0.5) == [] and not v.ok
    # a dangling citation is never repaired
    v = validate("El agua del pantano cubrió el pueblo en marzo de 1959 [x-999#0].", turn, question=q)
    assert reattribute(v, turn, question=q, entails=entails, entailment_min=0.5) == [] and not v.ok


def test_an_answer_cited_nowhere_is_attributed_whole_or_not_at_all() -> None:
    from core.answer.citations import reattribute

    turn = labelled(FORN, PANTANO)
    q = "¿Qué se encontró en Comafreda?"

    def entails(question: str, sentence: str, passage: str) -> float | None:
        return 0.9 if ("pantano" in sentence) == ("pantano" in passage) else 0.1

    text = "El forn de la trinxera 4 era circular, de 2,4 m de diàmetre. El agua del pantano cubrió el pueblo en 1959."
    v = validate(text, turn, question=q)
    assert not v.ok and len(v.uncited) == 2
    new = reattribute(v, turn, question=q, entails=entails, entailment_min=0.75)
    assert [c.id for c in new] == ["demo-7#0", "demo-9#2"] and v.ok
    assert v.attributed == 2 and v.moved == 0 and v.uncited == []
    assert v.shown(turn) == ("El forn de la trinxera 4 era circular, de 2,4 m de diàmetre [demo-7#0]. "
                             "El agua del pantano cubrió el pueblo en 1959 [demo-9#2].")
    assert {s.quotes[s.supported[0]].text for s in v.sentences} == {FORN.hit.text, PANTANO.hit.text}
    # one sentence that no passage states keeps the whole answer from being grounded
    invented = "El forn de la trinxera 4 era circular, de 2,4 m de diàmetre. El pueblo tenía 23 alumnos en 1958."
    v = validate(invented, turn, question=q)
    assert reattribute(v, turn, question=q, entails=entails, entailment_min=0.75) == []
    assert not v.ok and v.attributed == 0 and len(v.uncited) == 2 and v.valid_ids == []
    # the model must confirm at the move threshold: a passage whose words fit is not enough
    v = validate(text, turn, question=q)
    assert reattribute(v, turn, question=q, entails=lambda *_: 0.7, entailment_min=0.75) == [] and not v.ok
    # without a model nothing is attributed
    assert reattribute(validate(text, turn, question=q), turn, question=q, entails=None, entailment_min=0.75) == []


def test_an_uncited_sentence_beside_cited_ones_stays_flagged() -> None:
    from core.answer.citations import reattribute

    turn = labelled(FORN, PANTANO)
    q = "¿Qué se encontró en Comafreda?"
    text = "El agua del pantano cubrió el pueblo de Comafreda en marzo de 1959 [S1]. El forn era circular, de 2,4 m."
    v = validate(text, turn, question=q)
    new = reattribute(v, turn, question=q, entails=lambda *_: 0.9, entailment_min=0.75)
    assert [c.id for c in new] == ["demo-9#2"] and v.ok and v.moved == 1 and v.attributed == 0
    assert v.uncited == ["El forn era circular, de 2,4 m."]


def test_bracket_only_pieces_are_no_claim_and_bare_numbers_are_never_moved() -> None:
    from core.answer.citations import reattribute

    turn = labelled(FORN, PANTANO)
    # "[O2]" is not a citation; the piece after the full stop is still the previous sentence's
    assert answer_sentences("El forn era circular. [O2][S1]") == ["El forn era circular. [O2][S1]"]
    q = "¿Cuándo cubrió el agua del pantano el pueblo?"
    v = validate("1959 [S1].", turn, question=q)  # only a number, cited to the forn passage
    assert not v.ok and reattribute(v, turn, question=q, entails=lambda *_: 1.0, entailment_min=0.75) == []


def test_numbers_without_a_word_are_not_a_statement() -> None:
    # the 1.5B model once answered "When and where was Josep born?" with "1940 [S2] 2 [S3]": the numbers are
    # in the passage, but a reader cannot tell what they are of (hand check, docs/ask_spotcheck.md)
    q = "¿Cuándo cubrió el agua del pantano el pueblo de Comafreda?"
    v = validate("1959 [demo-9#2].", EVIDENCE, question=q)
    assert not v.ok and "only numbers" in v.problems[0]
    assert validate("En 1959 [demo-9#2].", EVIDENCE, question=q).ok  # a short answer with a word still stands
