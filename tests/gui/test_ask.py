"""Ask answers with the archive's own sentences the answer model accepted; each is a link that opens the
record at that span; sentences it did not accept are only related; refusals show as such."""

from __future__ import annotations

import re
import signal
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.answer_text import parse_passage_id
from app.views.ask import citation_url
from core.answer.result import AnswerResult
from core.models.generator import ScriptedGenerator
from core.models.generator_process import GeneratorSpec, ProcessGenerator
from tests.gui.conftest import WAIT_MS, Judge, WindowFactory, flat, reader, slow

QUESTION = "¿Dónde aparecieron fragmentos de cerámica vidriada?"


def record_links(html: str) -> set[str]:
    return set(re.findall(r'href="(ovillo:record[^"]*)"', html))


def only_closest_passages_linked(html: str, res: AnswerResult) -> None:
    """The only record links are the closest passages (each opens its record), never a quote."""
    closest = {citation_url(*where).toString() for n in res.nearest if (where := parse_passage_id(n["id"]))}
    assert len(closest) == len(res.nearest) and record_links(html) == closest, (record_links(html), closest)


def test_accepted_spans_are_the_answer_and_open_the_record_at_the_quote(qtbot: QtBot,
                                                                         make_window: WindowFactory) -> None:
    # a grounded answer, so the link path really runs (a grounded-or-not branch here once hid that a
    # 52-bit record id overflowed the link's signal)
    gen = ScriptedGenerator([], judge=reader("vidriada"))
    w = make_window(generator=gen)
    assert w.ask is not None
    w.go(1)
    w.ask.ask(QUESTION)
    assert w.ask.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    res = w.ask.result
    assert res.grounded and res.reason == "grounded", res
    accepted = [s for s in res.spans if s.accepted]
    rejected = [s for s in res.spans if not s.accepted]
    assert accepted and rejected and all("vidriada" in s.text for s in accepted), res.spans
    # the answer is the accepted spans, verbatim, each with its passage's id; one citation per passage
    assert res.answer == "\n\n".join(f"{s.text} [{s.id}]" for s in accepted)
    assert [c.id for c in res.citations] == list(dict.fromkeys(s.id for s in accepted))
    assert gen.calls == []  # the model never wrote a word
    html, plain = w.ask.transcript.toHtml(), flat(w.ask.transcript.toPlainText())
    assert "The archive says:" in plain and "Related, not an answer:" in plain and "checking…" not in plain
    assert w.ask.state.text() == "The archive's own words, checked by the answer model."
    assert w.ask.state.property("outcome") == "grounded"
    for s in accepted:  # shown verbatim (whitespace collapsed), its link carrying the span's offsets
        assert f"“{flat(s.text)}”" in plain
        assert citation_url(s.section_tipo, s.section_id, s.chunk_index, (s.start, s.end)).toString() in html
    for s in rejected:  # related: its record linked, its words never shown as the answer
        assert flat(s.text) not in plain
        assert citation_url(s.section_tipo, s.section_id, s.chunk_index).toString() in html
    c = res.citations[0]
    assert c.quote_start is not None and c.quote_end is not None and c.cited_text == accepted[0].text
    url = citation_url(c.section_tipo, c.section_id, c.chunk_index, (c.quote_start, c.quote_end))
    w.ask.transcript.anchorClicked.emit(url)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert w.stack.currentWidget() is w.record
    assert w.record.record.section_id == c.section_id
    assert w.record.focus_chunk is not None and w.record.focus_chunk[1] == c.chunk_index
    # and marked inside the passage in the record view
    from app.views.record import QUOTE_BG

    assert QUOTE_BG in w.record.text.toHtml()
    assert flat(c.cited_text) in flat(w.record.text.toPlainText())
    assert not w.ask.cancel_button.isEnabled()


def test_spans_the_model_does_not_accept_are_never_the_answer(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window(generator=ScriptedGenerator([], judge=reader("jarrita")))  # one sentence answers
    assert w.ask is not None
    w.ask.ask(QUESTION)
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    res = w.ask.result
    assert res.grounded, res
    (answer,) = [s for s in res.spans if s.accepted]
    rejected = [s for s in res.spans if not s.accepted]
    assert "jarrita" in answer.text and len(rejected) >= 2
    html, plain = w.ask.transcript.toHtml(), flat(w.ask.transcript.toPlainText())
    quoted = {h for h in record_links(html) if "quote=" in h}
    assert quoted == {citation_url(answer.section_tipo, answer.section_id, answer.chunk_index,
                                   (answer.start, answer.end)).toString()}
    related = record_links(html) - quoted
    assert related == {citation_url(s.section_tipo, s.section_id, s.chunk_index).toString() for s in rejected}
    assert plain.count("“") == 1 and all(flat(s.text) not in plain for s in rejected)
    assert all(s.text not in res.answer for s in rejected) and len(res.citations) == 1


@pytest.mark.parametrize(("question", "judge", "reason"), [
    ("¿Cuál es la capital de Australia?", reader(), "no_relevant_passages"),  # the gate: the model is not asked
    (QUESTION, reader(yes=0.1), "archive_does_not_say"),  # the model reads every span and accepts none
])
def test_refusal_is_shown_as_such(qtbot: QtBot, make_window: WindowFactory, question: str, judge: Judge,
                                  reason: str) -> None:
    gen = ScriptedGenerator([], judge=judge)
    w = make_window(generator=gen)
    assert w.ask is not None
    w.ask.ask(question)
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    res = w.ask.result
    assert res.refused and not res.grounded and res.reason == reason and res.nearest, res
    assert len(gen.judged) == len(res.spans) and (res.spans if reason == "archive_does_not_say" else not gen.judged)
    assert w.ask.state.property("outcome") == "refused"
    plain = w.ask.transcript.toPlainText()
    assert "No answer — " in plain and "The archive says:" not in plain and "“" not in plain
    only_closest_passages_linked(w.ask.transcript.toHtml(), res)


def test_cancel_stops_the_answer(qtbot: QtBot, make_window: WindowFactory) -> None:
    gen = ScriptedGenerator([], judge=slow(reader("vidriada"), 0.5))
    w = make_window(generator=gen)
    assert w.ask is not None
    w.ask.ask(QUESTION)
    qtbot.waitUntil(lambda: "checking…" in w.ask.transcript.toPlainText(), timeout=WAIT_MS)
    w.ask.cancel()
    assert w.ask.state.text() == "Stopping…"
    qtbot.waitUntil(lambda: w.ask.worker is None, timeout=WAIT_MS)
    res = w.ask.result
    assert res is not None and res.reason == "cancelled" and not res.grounded and not res.citations
    assert len(gen.judged) < len(res.spans)  # stopped between verdicts, not after all of them
    plain = w.ask.transcript.toPlainText()
    assert "(stopped)" in plain and "The archive says:" not in plain and "checking…" not in plain
    assert w.ask.state.text() == "Stopped." and w.ask.state.property("outcome") == "cancelled"


def test_an_answer_model_that_dies_of_sigill_is_an_error_and_the_window_stays_up(
        qtbot: QtBot, make_window: WindowFactory, tmp_path: Path) -> None:
    """The model's child process really dies (SIGILL) between verdicts; the window explains, search goes on."""
    spec = GeneratorSpec("tests.crashing_generators:dying",
                         {"signum": int(signal.SIGILL), "verdicts": 1, "marker": str(tmp_path / "died"),
                          "words": ["jarrita"]})
    gen = ProcessGenerator(spec, name="dying")
    try:
        w = make_window(generator=gen)
        assert w.ask is not None
        w.go(1)
        w.ask.ask(QUESTION)
        qtbot.waitUntil(lambda: w.ask.worker is None and bool(w.error_dialogs), timeout=WAIT_MS)
        text = w.error_dialogs[-1].text()
        assert "the answer model stopped" in text and "SIGILL" in text, text
        assert "search and imports are unaffected" in text
        assert w.isVisible() and (tmp_path / "died").exists()
        assert w.ask.result is None or not w.ask.result.grounded  # the dead model's answer is no answer
        w.search.query.setText("glazed sherds in trench 3")
        qtbot.waitUntil(lambda: bool(w.search.hits), timeout=WAIT_MS)
        # the next question starts a fresh model process and is answered
        w.ask.ask(QUESTION)
        qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
        assert gen.starts == 2
        res = w.ask.result
        assert res.grounded, res
        (answer,) = [s for s in res.spans if s.accepted]
        assert "jarrita de cerámica vidriada" in answer.text
        assert f"“{flat(answer.text)}”" in flat(w.ask.transcript.toPlainText())
    finally:
        gen.close()


def test_copy_and_export_take_the_answer_away(qtbot: QtBot, make_window: WindowFactory, tmp_path: Path) -> None:
    import json

    from PySide6.QtGui import QGuiApplication

    w = make_window(generator=ScriptedGenerator([], judge=reader("vidriada")))
    assert w.ask is not None
    w.go(1)
    assert not w.ask.copy_button.isEnabled() and not w.ask.export_button.isEnabled()  # nothing to take yet
    w.ask.ask(QUESTION)
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    res = w.ask.result
    assert res.grounded and w.ask.copy_button.isEnabled() and w.ask.export_button.isEnabled()
    w.ask.copy_button.click()
    pasted = QGuiApplication.clipboard().text()
    accepted = [s for s in res.spans if s.accepted]
    assert pasted.startswith(f"**{QUESTION}**") and all(f"> {flat(s.text)}" in pasted for s in accepted)
    written = w.ask.export(str(tmp_path / "charla.md"))
    assert written == [str(tmp_path / "charla.md"), str(tmp_path / "charla.json")]
    assert (tmp_path / "charla.md").read_text(encoding="utf-8") == pasted
    js = json.loads((tmp_path / "charla.json").read_text(encoding="utf-8"))
    assert js["turns"][0]["question"] == QUESTION and js["turns"][0]["spans"] and js["exported"]
    w.ask.reset()
    assert not w.ask.copy_button.isEnabled() and w.ask.turns == []


def test_a_span_in_another_language_offers_a_labelled_machine_translation(qtbot: QtBot,
                                                                        make_window: WindowFactory) -> None:
    gen = ScriptedGenerator(["MACHINE RENDERING"], judge=reader())  # accepts every span
    w = make_window(generator=gen)
    assert w.ask is not None
    w.go(1)
    w.ask.ask("On van aparèixer els fragments de ceràmica vidriada de Cal Ferrer?")
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    res = w.ask.result
    assert res.grounded and res.lang == "ca", res
    foreign = [s for s in res.spans if s.accepted and s.lang != "ca"]
    assert foreign, [(s.lang, s.text) for s in res.spans]
    links = re.findall(r'href="(ovillo:translate/[^"]*)"', w.ask.transcript.toHtml())
    assert links and gen.calls == []  # offered, not made: nothing is translated unasked
    from PySide6.QtCore import QUrl

    w.ask.transcript.anchorClicked.emit(QUrl(links[0]))
    qtbot.waitUntil(lambda: bool(w.ask.translations) and w.ask.worker is None, timeout=WAIT_MS)
    plain = flat(w.ask.transcript.toPlainText())
    assert "Machine translation, not the archive's words: MACHINE RENDERING" in plain
    assert f"“{flat(foreign[0].text)}”" in plain  # the archive's words stay, the translation is beside them
    assert len(gen.calls) == 1 and "Translate into Catalan:" in gen.calls[0][-1].content
