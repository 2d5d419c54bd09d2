"""Ask shows its work: stages from the first second, markers never as written, refusals that lead somewhere."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator, Sequence

from PySide6.QtCore import QUrl
from pytestqt.qtbot import QtBot

from app.answer_text import citation_count, parse_passage_id, streamed_html
from app.reasons import answer_reason
from core.models.generator import Message, ScriptedGenerator
from core.progress import CancelToken
from tests.gui.conftest import WAIT_MS, WindowFactory, evidence_labels, quote_first

QUESTION = "¿Dónde aparecieron fragmentos de cerámica vidriada?"
CODES = ("grounded", "no_relevant_passages", "not_in_passages", "not_grounded", "cancelled")


class Trickle(ScriptedGenerator):
    """The scripted reply two characters at a time, so every marker arrives split across tokens."""

    def stream(self, messages: Sequence[Message], *, max_tokens: int, stop: Sequence[str] = (),
               cancel: CancelToken | None = None) -> Iterator[str]:
        """Yield the reply in two-character pieces, pausing between them."""
        text = "".join(super().stream(messages, max_tokens=max_tokens, stop=stop, cancel=cancel))
        for i in range(0, len(text), 2):
            time.sleep(0.015)
            yield text[i:i + 2]


def two_citations(messages: Sequence[Message]) -> str:
    labels = evidence_labels(messages)
    return f"{quote_first(messages)} Y además se habla de ello en otro lugar [{labels[0]}, {labels[-1]}]."


def test_markers_never_show_at_any_split_point() -> None:
    raw = "El pueblo quedó bajo el agua [S1]. Luego volvió [S2, S1] y [sic] fin [demo-12#3]."
    for i in range(len(raw) + 1):
        shown = re.sub(r"<[^>]+>", "", streamed_html(raw[:i]))
        assert "[S" not in shown and "[demo" not in shown, (i, shown)
    # numbered by first appearance, as the footnotes are; an ordinary bracket stays
    assert streamed_html(raw) == ("El pueblo quedó bajo el agua<sup>1</sup>. Luego volvió<sup>2,1</sup> y [sic] "
                                  "fin<sup>3</sup>.")
    assert citation_count(raw) == 4  # one check per passage per sentence
    assert streamed_html("NO_ANS") == "" and streamed_html("NO_ANSWER ") == ""
    assert parse_passage_id("demo-tipo-2594933535036106#4") == ("demo-tipo", 2594933535036106, 4)
    assert parse_passage_id("not an id") is None


def test_every_reason_code_has_its_own_words() -> None:
    texts = [answer_reason(c) for c in CODES]
    assert len(set(texts)) == len(CODES) and not set(texts) & set(CODES)
    assert answer_reason("something new") == "something new"


def test_stages_show_from_the_first_second(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window(generator=ScriptedGenerator([quote_first], delay_s=0.05))
    assert w.ask is not None
    w.go(1)
    assert w.ask.busy.isHidden()
    w.ask.ask(QUESTION)
    # at once, before retrieval has answered: a stage and a visible busy bar, not only a cursor
    assert w.ask.state.text() == "Searching the archive…" and w.ask.busy.isVisible()
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    stages = w.ask.stages
    assert w.ask.result.grounded, w.ask.result
    assert stages[0] == "Searching the archive…"
    assert stages[1].startswith("Reading ") and "passage" in stages[1], stages
    # "Writing…" is set by the first token: everything before it was shown before any token
    assert stages[2] == "Writing…", stages
    assert stages[3:] == ["Checking citations…", "Checking citations 1/1…"], stages
    assert w.ask.busy.isHidden() and w.ask.state.property("outcome") == "grounded"


def test_no_marker_is_visible_while_streaming_even_split(qtbot: QtBot, make_window: WindowFactory) -> None:
    gen = Trickle([two_citations])
    w = make_window(generator=gen)
    assert w.ask is not None
    w.go(1)
    seen: list[tuple[str, str]] = []

    def sample() -> bool:
        if w.ask.result is None and w.ask._streamed:
            seen.append((w.ask.transcript.toPlainText(), w.ask.transcript.toHtml()))
        return w.ask.result is not None and w.ask.worker is None

    w.ask.ask(QUESTION)
    qtbot.waitUntil(sample, timeout=WAIT_MS)
    assert len(seen) >= 5, len(seen)  # really watched it being written
    assert two_citations(gen.calls[0]).count("[") == 2  # premise: the model wrote markers, split in pieces
    for plain, _html in seen:
        assert "[" not in plain and "]" not in plain, plain
    assert any("vertical-align:super" in html and ">1<" in html for _plain, html in seen)
    assert "[" not in w.ask.transcript.toPlainText()


def test_a_refusal_names_its_reason_and_its_passages_open(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window(generator=ScriptedGenerator(["NO_ANSWER"]))
    assert w.ask is not None
    w.go(1)
    w.ask.ask(QUESTION)
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    res = w.ask.result
    assert res.refused and res.reason in CODES and res.details, res
    # the code in the interface's words, never the code itself
    assert answer_reason(res.reason) in w.ask.state.text() and res.reason not in w.ask.transcript.toPlainText()
    assert res.nearest and "NO_ANSWER" not in w.ask.transcript.toPlainText()
    hrefs = re.findall(r'href="(ovillo:record[^"]*)"', w.ask.transcript.toHtml())
    assert hrefs, w.ask.transcript.toHtml()
    target = parse_passage_id(res.nearest[0]["id"])
    assert target is not None
    w.ask.transcript.anchorClicked.emit(QUrl(hrefs[0]))
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert w.stack.currentWidget() is w.record
    assert (w.record.record.section_tipo, w.record.record.section_id) == target[:2]
    assert w.record.focus_chunk is not None and w.record.focus_chunk[1] == target[2]
