"""Ask streams an answer; validated citations are links that open the cited passage; refusals show as such."""

from __future__ import annotations

import re
import signal
from collections.abc import Sequence
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.answer_text import parse_passage_id
from app.views.ask import citation_url
from core.answer.result import AnswerResult
from core.models.generator import Message, ScriptedGenerator
from core.models.generator_process import GeneratorSpec, ProcessGenerator
from tests.gui.conftest import WAIT_MS, WindowFactory, evidence_labels, quote_first


def only_closest_passages_linked(html: str, res: AnswerResult) -> None:
    """The only record links are the closest passages (each opens its record), never a citation."""
    hrefs = set(re.findall(r'href="(ovillo:record[^"]*)"', html))
    closest = {citation_url(*where).toString() for n in res.nearest if (where := parse_passage_id(n["id"]))}
    assert len(closest) == len(res.nearest) and hrefs == closest, (hrefs, closest)


def cite_unrelated(messages: Sequence[Message]) -> str:
    ids = evidence_labels(messages)
    return f"La luna está hecha de queso manchego y la habitan ocho conejos [{ids[0]}]."


def test_grounded_answer_streams_and_links_open_the_record(qtbot: QtBot, make_window: WindowFactory) -> None:
    # an answer quoting its evidence, so the validator grounds it and the link path really runs
    # (a grounded-or-not branch here once hid that a 52-bit record id overflowed the link's signal)
    w = make_window(generator=ScriptedGenerator([quote_first], delay_s=0.02))
    assert w.ask is not None
    w.go(1)
    tokens: list[str] = []
    w.ask.ask("¿Dónde aparecieron fragmentos de cerámica vidriada?")
    assert w.ask.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: bool(w.ask._streamed) and tokens.append(w.ask._streamed) is None, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: w.ask.result is not None, timeout=WAIT_MS)
    res = w.ask.result
    html = w.ask.transcript.toHtml()
    assert res.grounded, res
    c = res.citations[0]
    assert c.quote_start is not None and c.quote_end is not None
    url = citation_url(c.section_tipo, c.section_id, c.chunk_index, (c.quote_start, c.quote_end))
    assert url.toString() in html
    # the quote is shown under the answer, verbatim (whitespace collapsed)
    assert " ".join(c.cited_text.split())[:60] in w.ask.transcript.toPlainText().replace("\n", " ")
    assert w.ask.state.property("outcome") == "grounded"
    w.ask.transcript.anchorClicked.emit(url)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert w.stack.currentWidget() is w.record
    assert w.record.record.section_id == c.section_id
    assert w.record.focus_chunk is not None and w.record.focus_chunk[1] == c.chunk_index
    # and marked inside the passage in the record view
    from app.views.record import QUOTE_BG

    marked = w.record.text.toHtml()
    assert QUOTE_BG in marked
    first_words = " ".join(c.cited_text.split()[:4])
    assert first_words in " ".join(w.record.text.toPlainText().split())
    assert tokens
    assert not w.ask.cancel_button.isEnabled()


def test_unsupported_citations_are_not_links(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window(generator=ScriptedGenerator([cite_unrelated]))
    assert w.ask is not None
    w.ask.ask("¿Dónde aparecieron fragmentos de cerámica vidriada?")
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    assert not w.ask.result.grounded
    assert w.ask.state.property("outcome") in ("ungrounded", "refused")
    only_closest_passages_linked(w.ask.transcript.toHtml(), w.ask.result)
    assert "[" not in w.ask.transcript.toPlainText()  # the rejected marker is not shown as written either


def test_refusal_is_shown_as_such(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window(generator=ScriptedGenerator(["NO_ANSWER"]))
    assert w.ask is not None
    w.ask.ask("¿Cuál es la capital de Australia?")
    qtbot.waitUntil(lambda: w.ask.result is not None, timeout=WAIT_MS)
    assert w.ask.result.refused and w.ask.state.property("outcome") == "refused"
    only_closest_passages_linked(w.ask.transcript.toHtml(), w.ask.result)


def test_cancel_stops_the_answer(qtbot: QtBot, make_window: WindowFactory) -> None:
    slow = make_window(generator=ScriptedGenerator([" ".join(["palabra"] * 400)], delay_s=0.05))
    assert slow.ask is not None
    slow.ask.ask("¿Dónde aparecieron fragmentos de cerámica vidriada?")
    qtbot.waitUntil(lambda: len(slow.ask._streamed) > 20, timeout=WAIT_MS)
    slow.ask.cancel()
    qtbot.waitUntil(lambda: slow.ask.worker is None, timeout=WAIT_MS)
    assert slow.ask.result is not None and slow.ask.result.reason == "cancelled"


def test_uncited_sentences_are_marked_as_unchecked(qtbot: QtBot, make_window: WindowFactory) -> None:
    def quote_then_wander(messages: Sequence[Message]) -> str:
        return quote_first(messages) + " Además, la luna está hecha de queso manchego."

    w = make_window(generator=ScriptedGenerator([quote_then_wander]))
    assert w.ask is not None
    w.ask.ask("¿Dónde aparecieron fragmentos de cerámica vidriada?")
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    res = w.ask.result
    assert res.grounded and res.unsupported == ["Además, la luna está hecha de queso manchego."]
    html = w.ask.transcript.toHtml()
    assert "queso manchego.</span><span style=\" vertical-align:super;\">†</span>" in html
    assert "† cites no passage" in w.ask.transcript.toPlainText()
    assert citation_url(res.citations[0].section_tipo, res.citations[0].section_id,
                        res.citations[0].chunk_index).toString() in html


def test_an_answer_model_that_dies_of_sigill_is_an_error_and_the_window_stays_up(
        qtbot: QtBot, make_window: WindowFactory, tmp_path: Path) -> None:
    """The model's child process really dies (SIGILL) mid-answer; the window explains, search goes on."""
    spec = GeneratorSpec("tests.crashing_generators:dying",
                         {"reply": "El archivo habla de la cerámica vidriada de la trinchera tres [S1].",
                          "signum": int(signal.SIGILL), "pieces": 3, "marker": str(tmp_path / "died")})
    gen = ProcessGenerator(spec, name="dying")
    try:
        w = make_window(generator=gen)
        assert w.ask is not None
        w.go(1)
        w.ask.ask("¿Dónde aparecieron fragmentos de cerámica vidriada?")
        qtbot.waitUntil(lambda: w.ask.worker is None and bool(w.error_dialogs), timeout=WAIT_MS)
        text = w.error_dialogs[-1].text()
        assert "the answer model stopped" in text and "SIGILL" in text, text
        assert "search and imports are unaffected" in text
        assert w.isVisible() and (tmp_path / "died").exists()
        w.search.query.setText("glazed sherds in trench 3")
        qtbot.waitUntil(lambda: bool(w.search.hits), timeout=WAIT_MS)
        # the next question starts a fresh model process and is answered
        w.ask.ask("¿Dónde aparecieron fragmentos de cerámica vidriada?")
        qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
        assert gen.starts == 2
        assert "cerámica" in w.ask.transcript.toPlainText()
    finally:
        gen.close()
