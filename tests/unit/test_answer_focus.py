"""Focused evidence: matching sentences with neighbours, under a budget, verbatim spans of the stored passage."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from core.answer.citations import validate
from core.answer.context import build_context
from core.answer.focus import ELISION, focus
from core.answer.quotes import find_quote, locate
from core.answer.result import Evidence
from core.models.generator import Message, ScriptedGenerator
from core.retrieval.hits import Hit

COUNT = ScriptedGenerator([]).count_tokens
FILLER = [f"La acequia número {n} riega los huertos del llano con agua del río durante el verano." for n in range(12)]
KILN = "El horno de la trinchera 4 tenía una cámara circular de 2,4 m de diámetro interior."
AFTER = "Sus paredes de piedra unida con barro se conservaban hasta 1,1 m de altura."
PASSAGE = "\n".join([*FILLER[:6], KILN, AFTER, *FILLER[6:]])


def hit(text: str, sid: int = 1) -> Hit:
    return Hit(section_tipo="demo", section_id=sid, title=f"Informe {sid}", component_tipo="rag:text", lang="es",
               chunk_index=0, snippet="", score=1.0, source_path=None, page=None, tc_in=None, text=text,
               dense_score=0.9)


def pieces(excerpt: str) -> list[str]:
    return [p.strip() for p in excerpt.split(ELISION) if p.strip()]


def test_keeps_the_matching_sentence_and_its_neighbours_under_the_budget() -> None:
    ex = focus("¿Qué diámetro tenía el horno de la trinchera 4?", PASSAGE, budget=90, count=COUNT)
    assert KILN in ex.text and AFTER in ex.text and FILLER[5] in ex.text  # the match and both neighbours
    assert COUNT(ex.text) <= 90 < COUNT(PASSAGE)
    assert ex.text.startswith(ELISION) and ex.text.endswith(ELISION)  # elided start and end are marked
    assert FILLER[0] not in ex.text and FILLER[11] not in ex.text


def test_every_piece_is_a_verbatim_span_of_the_stored_passage() -> None:
    for question in ("¿Qué diámetro tenía el horno?", "huertos del llano", "Who built the mill?", "acequia 7 y 3"):
        for budget in (20, 60, 150):
            ex = focus(question, PASSAGE, budget=budget, count=COUNT)
            assert ex.spans and [PASSAGE[s:e] for s, e in ex.spans] == pieces(ex.text)
            assert all(p in PASSAGE for p in pieces(ex.text))


def test_no_shared_word_keeps_the_opening_and_a_short_passage_stays_whole() -> None:
    ex = focus("Who ran the water mill?", PASSAGE, budget=60, count=COUNT)
    assert ex.text.startswith(FILLER[0]) and ex.text.endswith(ELISION)
    assert focus("horno", KILN, budget=200, count=COUNT).text == KILN
    assert focus("horno", PASSAGE, budget=0, count=COUNT).text == PASSAGE.strip()


def test_the_best_sentence_is_kept_whole_even_over_budget() -> None:
    ex = focus("horno trinchera", PASSAGE, budget=5, count=COUNT)
    assert pieces(ex.text) == [KILN]


def test_prompt_shows_excerpts_and_quotes_are_still_found_in_the_stored_passage() -> None:
    question = "¿Qué diámetro tenía el horno de la trinchera 4?"
    gen = ScriptedGenerator([])
    ctx = build_context(question, [hit(PASSAGE)], gen, max_tokens=128, lang="es", scope="demo", focus_tokens=90)
    prompt = ctx.messages[-1].content
    ev = ctx.evidence[0]
    assert ev.excerpt and ev.excerpt in prompt and PASSAGE not in prompt and FILLER[0] not in prompt
    assert ev.provenance()["excerpt"] == ev.excerpt
    # what the model copies from the excerpt is located in the passage the validator reads
    claim = "La cámara del horno tenía 2,4 m de diámetro interior."
    quote, why = find_quote(claim, PASSAGE, question=question)
    assert why == "" and quote is not None and PASSAGE[quote.start:quote.end] == quote.text
    assert quote.text in ev.excerpt and locate(quote.text, PASSAGE) == quote
    check = validate(f"{claim} [S1]", {ev.id: ev}, question=question)
    assert check.ok and check.valid_ids == [ev.id]


def test_a_sentence_outside_the_excerpt_still_validates_against_the_whole_passage() -> None:
    # the stored passage, not the excerpt, is the evidence: a fact elided from the prompt is still true
    ev = Evidence("demo-1#0", hit(PASSAGE), "S1", focus("horno", PASSAGE, budget=30, count=COUNT).text)
    assert FILLER[0] not in ev.excerpt
    check = validate("La acequia número 0 riega los huertos del llano [S1].", {ev.id: ev}, question="acequias")
    assert check.ok


def test_focus_passages_caps_the_excerpts_shown() -> None:
    hits = [hit("\n".join([KILN, *(f"Registro{n} nota{n}x{k} campo{n}y{k} piedra{n}z{k}." for k in range(12))]), sid=n)
            for n in range(1, 7)]  # six different records (near-duplicates would be dropped)
    gen = ScriptedGenerator([])
    for cap in (3, 5):
        ctx = build_context("¿Qué diámetro tenía el horno?", hits, gen, max_tokens=128, lang="es", scope="demo",
                            focus_tokens=60, focus_passages=cap)
        assert [e.label for e in ctx.evidence] == [f"S{n}" for n in range(1, cap + 1)]
    whole = build_context("¿Qué diámetro tenía el horno?", hits, gen, max_tokens=128, lang="es", scope="demo",
                          focus_tokens=0, focus_passages=3)
    assert len(whole.evidence) > 3  # whole passages: the context budget decides, not the cap
