"""Ask shows its work: stages from the first second, the archive's sentences marked as being checked until
the answer model's verdict, refusals that lead somewhere."""

from __future__ import annotations

import re

from PySide6.QtCore import QUrl
from pytestqt.qtbot import QtBot

from app.answer_text import parse_passage_id
from app.reasons import answer_reason
from core.models.generator import ScriptedGenerator
from tests.gui.conftest import WAIT_MS, HeldReader, WindowFactory, excerpt, flat, reader

QUESTION = "¿Dónde aparecieron fragmentos de cerámica vidriada?"
CODES = ("grounded", "no_relevant_passages", "archive_does_not_say", "cancelled")
GROUNDED = "The archive's own words, checked by the answer model."


def test_passage_ids_read_back_into_their_record() -> None:
    assert parse_passage_id("demo-tipo-2594933535036106#4") == ("demo-tipo", 2594933535036106, 4)
    assert parse_passage_id("demo-12#0") == ("demo", 12, 0)
    for bad in ("not an id", "demo-12", "demo-x#1", "-12#1", "demo-12#"):
        assert parse_passage_id(bad) is None, bad


def test_every_reason_code_has_its_own_words() -> None:
    texts = [answer_reason(c) for c in CODES]
    assert len(set(texts)) == len(CODES) and not set(texts) & set(CODES)
    assert answer_reason("something new") == "something new"
    # the writer's codes are gone: an old code would be shown as it came, untranslated
    assert answer_reason("not_grounded") == "not_grounded" and answer_reason("not_in_passages") == "not_in_passages"


def test_stages_show_from_the_first_second(qtbot: QtBot, make_window: WindowFactory) -> None:
    gen = ScriptedGenerator([], judge=reader("vidriada"))
    w = make_window(generator=gen)
    assert w.ask is not None
    w.go(1)
    assert w.ask.busy.isHidden()
    w.ask.ask(QUESTION)
    # at once, before retrieval has answered: a stage and a visible busy bar, not only a cursor
    assert w.ask.state.text() == "Searching the archive…" and w.ask.busy.isVisible()
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    res = w.ask.result
    assert res.grounded and res.reason == "grounded", res
    n = len(res.spans)
    assert n >= 2 and res.provenance, res
    assert w.ask.stages == ["Searching the archive…",
                            f"Reading {len(res.provenance)} passages…",
                            f"Found {n} sentences in the archive; checking whether they answer…",
                            *[f"Checked {i} of {n} sentences…" for i in range(1, n + 1)]]
    # the model read each span as found, verbatim, once; it never wrote anything
    assert [excerpt(m) for m in gen.judged] == [s.text for s in res.spans] and gen.calls == []
    assert w.ask.state.text() == GROUNDED
    assert w.ask.busy.isHidden() and w.ask.state.property("outcome") == "grounded"


def test_no_span_is_an_answer_while_its_verdict_is_pending(qtbot: QtBot, make_window: WindowFactory) -> None:
    held = HeldReader(reader("jarrita"))  # only the diary's sentence on the honey-glazed jug answers
    w = make_window(generator=ScriptedGenerator([], judge=held))
    assert w.ask is not None
    w.go(1)
    try:
        w.ask.ask(QUESTION)
        # the archive's sentences are on screen while the model has not given its first verdict
        qtbot.waitUntil(lambda: held.asked == 1 and "checking…" in w.ask.transcript.toPlainText(), timeout=WAIT_MS)
        found = list(w.ask._found)
        n = len(found)
        assert n >= 2 and "jarrita" in found[0].text and not any("jarrita" in s.text for s in found[1:]), found
        plain, html = w.ask.transcript.toPlainText(), w.ask.transcript.toHtml()
        assert plain.count("checking…") == n and all(flat(s.text) in flat(plain) for s in found)
        assert "The archive says:" not in plain and "answers the question" not in plain
        assert "ovillo:record" not in html  # nothing is a source yet
        assert w.ask.result is None and w.ask.worker is not None
        assert w.ask.state.text() == f"Found {n} sentences in the archive; checking whether they answer…"
        assert w.ask.state.property("outcome") != "grounded"

        # one verdict: that span is marked, the others still being checked; still no answer
        held.allow(1)
        qtbot.waitUntil(lambda: w.ask.transcript.toPlainText().count("checking…") == n - 1, timeout=WAIT_MS)
        plain = w.ask.transcript.toPlainText()
        assert plain.count("answers the question") == 1 and "The archive says:" not in plain
        assert w.ask.state.text() == f"Checked 1 of {n} sentences…" and w.ask.result is None
        assert "ovillo:record" not in w.ask.transcript.toHtml()

        held.release()
        qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    finally:
        held.release()
    res = w.ask.result
    assert res.grounded and [s.text for s in res.spans if s.accepted] == [found[0].text], res
    plain = w.ask.transcript.toPlainText()
    assert "The archive says:" in plain and "checking…" not in plain and w.ask.state.text() == GROUNDED
    assert "Related, not an answer:" in plain


def test_a_refusal_names_its_reason_and_its_passages_open(qtbot: QtBot, make_window: WindowFactory) -> None:
    gen = ScriptedGenerator([], judge=reader(yes=0.1))  # the model reads every span and accepts none
    w = make_window(generator=gen)
    assert w.ask is not None
    w.go(1)
    w.ask.ask(QUESTION)
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    res = w.ask.result
    assert res.refused and not res.grounded and res.reason == "archive_does_not_say" and res.details, res
    assert res.spans and len(gen.judged) == len(res.spans) and not res.citations and not res.answer
    assert all(not s.accepted and s.verdict == 0.1 for s in res.spans)
    # the code in the interface's words, never the code itself
    plain = w.ask.transcript.toPlainText()
    assert w.ask.state.text() == f"No answer: {answer_reason(res.reason)}"
    assert f"No answer — {answer_reason(res.reason)}" in plain and res.reason not in plain
    assert "Closest passages found:" in plain and "The archive says:" not in plain
    assert w.ask.state.property("outcome") == "refused"
    # the spans found come first among the closest passages, each a link to its record (never a quote)
    span_ids = list(dict.fromkeys(s.id for s in res.spans))
    assert [n["id"] for n in res.nearest][: len(span_ids)] == span_ids[:5], res.nearest
    hrefs = re.findall(r'href="(ovillo:record[^"]*)"', w.ask.transcript.toHtml())
    assert len(hrefs) == len(res.nearest) and not any("quote=" in h for h in hrefs), hrefs
    target = parse_passage_id(res.nearest[0]["id"])
    assert target is not None
    w.ask.transcript.anchorClicked.emit(QUrl(hrefs[0]))
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert w.stack.currentWidget() is w.record
    assert (w.record.record.section_tipo, w.record.record.section_id) == target[:2]
    assert w.record.focus_chunk is not None and w.record.focus_chunk[1] == target[2]
