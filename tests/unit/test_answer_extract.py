"""Extraction: the archive's own spans for a question, verbatim, scored, never overlapping, never a keyword list."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from core.answer.extract import MAX_SPAN_CHARS, Span, candidate_spans, extract
from core.answer.judge import judge_spans, reader_messages
from core.models.fake_encoder import HashingEncoder
from core.models.generator import Message, ScriptedGenerator
from core.retrieval.hits import Hit

ENC = HashingEncoder()

DIARY = ("# 17 de julio\n\nHemos abierto la trinchera 4 junto al río. El horno de alfarero es circular, de 2,4 m de "
         "diámetro interior. Las paredes se conservan hasta 1,1 m de altura.\nKeywords: horno; alfarería; trinchera 4;\n"
         "Mañana seguiremos con la limpieza.")
INTERVIEW = ("ENTREVISTADORA: ¿Qué hizo cuando terminó la obra?\nMANUEL: Me quedé en la central, de mantenimiento, "
             "hasta que me jubilé en 1993.\nENTREVISTADORA: ¿Y su mujer?")


def hit(text: str, sid: int, title: str = "Diario") -> Hit:
    return Hit(section_tipo="demo", section_id=sid, title=title, component_tipo="rag:body", lang="es",
               chunk_index=0, snippet="", score=1.0, source_path=f"/a/{sid}.md", page=None, tc_in=None,
               chunk_id=f"c{sid}", text=text, dense_score=0.9)


def embed(texts: Sequence[str]) -> np.ndarray:
    return ENC.embed_batch(list(texts), kind="passage")


def run(question: str, hits: list[Hit], **kw: float) -> list[Span]:
    return extract(question, hits, ENC.embed_query(question), embed, **kw)  # type: ignore[arg-type]


def test_every_candidate_is_a_verbatim_span_of_one_or_two_sentences() -> None:
    quotes = candidate_spans(DIARY)
    assert quotes
    for q in quotes:
        assert DIARY[q.start:q.end] == q.text and q.text == q.text.strip() and len(q.text) <= MAX_SPAN_CHARS
    texts = [q.text for q in quotes]
    # single sentences and their pairs with the next sentence (its neighbour)
    assert "El horno de alfarero es circular, de 2,4 m de diámetro interior." in texts
    assert ("El horno de alfarero es circular, de 2,4 m de diámetro interior. Las paredes se conservan hasta 1,1 m "
            "de altura.") in texts
    assert not any("Keywords" in t for t in texts)  # an index point's keyword list is never evidence
    assert "# 17 de julio" not in texts  # a heading alone says nothing
    assert "# 17 de julio\n\nHemos abierto la trinchera 4 junto al río." in texts  # but it may open a span
    asked = [q.text for q in candidate_spans(INTERVIEW)]
    # an interviewer's question leads to the answer; it never ends a span
    assert asked == ["ENTREVISTADORA: ¿Qué hizo cuando terminó la obra?\nMANUEL: Me quedé en la central, de "
                     "mantenimiento, hasta que me jubilé en 1993.",
                     "MANUEL: Me quedé en la central, de mantenimiento, hasta que me jubilé en 1993."]


def test_spans_are_ranked_by_the_question_and_never_overlap() -> None:
    spans = run("¿Qué diámetro interior tenía el horno de alfarero?", [hit(DIARY, 1), hit(INTERVIEW, 2, "OH03")])
    assert spans and "2,4 m de diámetro" in spans[0].text and spans[0].id == "demo-1#0"
    assert spans == sorted(spans, key=lambda s: -s.score)
    for a in spans:
        for b in spans:
            assert a is b or a.id != b.id or a.end <= b.start or b.end <= a.start
        assert (DIARY if a.section_id == 1 else INTERVIEW)[a.start:a.end] == a.text
        assert a.verdict is None and not a.accepted and 0.0 <= a.coverage <= 1.0


def test_the_question_words_weigh_in_the_score() -> None:
    q = "¿Cuándo se jubiló Manuel?"
    plain = run(q, [hit(DIARY, 1), hit(INTERVIEW, 2, "OH03")], coverage_weight=0.0)
    weighed = run(q, [hit(DIARY, 1), hit(INTERVIEW, 2, "OH03")], coverage_weight=1.0)
    top = weighed[0]
    assert "jubilé en 1993" in top.text and top.score == round(top.cosine + top.coverage, 6)
    assert all(s.score == s.cosine for s in plain)


def test_limit_and_nothing_to_show() -> None:
    assert len(run("horno", [hit(DIARY, 1)], limit=2)) == 2
    assert run("horno", [hit("Keywords: horno; río;", 3)]) == []
    assert run("horno", []) == []


def test_the_reader_sees_the_question_then_the_span_and_a_verdict_decides() -> None:
    spans = run("¿Qué diámetro tenía el horno?", [hit(DIARY, 1)], limit=3)

    def judge(messages: Sequence[Message]) -> float:
        return 0.9 if "2,4 m" in messages[-1].content else 0.3

    gen = ScriptedGenerator([], judge=judge)
    judged = list(judge_spans(gen, "¿Qué diámetro tenía el horno?", spans, threshold=0.65))
    assert [s.accepted for s in judged] == ["2,4 m" in s.text for s in spans]
    assert [s.verdict for s in judged] == [0.9 if "2,4 m" in s.text else 0.3 for s in spans]
    prompt = reader_messages("¿Qué diámetro tenía el horno?", spans[0])[-1].content
    assert prompt.index(spans[0].text) < prompt.index("¿Qué diámetro")  # the question is read last
    assert gen.calls == []  # read, never written
