"""Ask: grounded answers streamed token by token, citations as links to the passage.

Only citations the validator accepted become links; the link opens the record view (as
this window's profile) at the cited passage. Refusals and "could not ground" results are
shown as such, with what was found (each passage a link), never as an answer. While an answer
is on its way a busy bar and the stage it is in (searching, reading, writing, checking) show;
citation markers are never shown as written, only as footnote numbers.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, QUrl, Signal
from PySide6.QtWidgets import (QHBoxLayout, QLineEdit, QProgressBar, QPushButton, QTextBrowser, QVBoxLayout,
                               QWidget)

from app.answer_text import citation_count, parse_passage_id, streamed_html
from app.ops import Ops
from app.plain import plain_label
from app.qt import named
from app.reasons import answer_reason
from app.text import escape
from app.workers import Worker
from app.palette import current
from core.answer.citations import CITE_GROUP, parse_citations
from core.answer.conversation import Conversation
from core.answer.result import AnswerResult, Checking, Citation, CitationCheck, Regenerating, RetrievalDone, Token

SCHEME = "ovillo"


def citation_url(section_tipo: str, section_id: int, chunk_index: int,
                 quote: tuple[int, int] | None = None) -> QUrl:
    """``ovillo:record/<tipo>/<id>/<chunk>``, with ``?quote=<start>-<end>`` (offsets in the passage)."""
    url = QUrl(f"{SCHEME}:record/{section_tipo}/{section_id}/{chunk_index}")
    if quote is not None:
        url.setQuery(f"quote={quote[0]}-{quote[1]}")
    return url


def parse_citation_url(url: QUrl) -> tuple[str, int, int] | None:
    """The record and passage a citation link points to."""
    if url.scheme() != SCHEME:
        return None
    parts = url.path().split("/")
    if len(parts) != 4 or parts[0] != "record":
        return None
    try:
        return parts[1], int(parts[2]), int(parts[3])
    except ValueError:
        return None


def parse_quote(url: QUrl) -> tuple[int, int] | None:
    """The quoted span a citation link carries, if any."""
    query = url.query()
    if not query.startswith("quote="):
        return None
    try:
        start, end = (int(x) for x in query[len("quote="):].split("-", 1))
    except ValueError:
        return None
    return (start, end) if 0 <= start < end else None


def _span(c: Citation) -> tuple[int, int] | None:
    return (c.quote_start, c.quote_end) if c.quote_start is not None and c.quote_end is not None else None


class AskView(QWidget):
    """A conversation with the archive; ``open_citation`` asks the window to show a passage."""

    # section ids are 52-bit: an ``int`` signal argument is a C++ int and overflows, so ``object``
    open_citation = Signal(str, object, int)
    # the same, with the quoted span (start, end offsets in the passage) to highlight
    open_quote = Signal(str, object, int, int, int)

    def __init__(self, ops: Ops, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self.conversation = Conversation()
        self.worker: Worker | None = None
        self.result: AnswerResult | None = None
        self._history: list[str] = []
        self._question = ""
        self._streamed = ""
        self._turn = 0
        self.stages: list[str] = []  # this answer's stages so far, as shown
        self._checks = (0, 0)  # citation checks reported, expected
        self.transcript = named(QTextBrowser(), "transcript")
        self.transcript.setOpenLinks(False)
        self.question = named(QLineEdit(), "question")
        self.question.setPlaceholderText(self.tr("Ask the archive a question…"))
        self.ask_button = named(QPushButton(self.tr("&Ask")), "askButton")
        self.cancel_button = named(QPushButton(self.tr("S&top")), "cancelAsk")
        self.new_button = named(QPushButton(self.tr("&New conversation")), "newConversation")
        self.state = named(plain_label(), "answerState")
        self.state.setWordWrap(True)
        self.busy = named(QProgressBar(), "answerBusy")
        self.busy.setRange(0, 0)  # no percentage to give: the bar only says "working"
        self.busy.setMaximumWidth(140)
        self.busy.setTextVisible(False)
        self.busy.setAccessibleName(self.tr("Answer in progress"))
        self.busy.hide()
        # tokens arrive ~40/s; repaint at most every 50 ms so a long transcript never stalls the loop
        self._repaint = QTimer(self, singleShot=True, interval=50)
        self._repaint.timeout.connect(self._render)
        row = QHBoxLayout()
        row.addWidget(self.question, 1)
        row.addWidget(self.ask_button)
        row.addWidget(self.cancel_button)
        row.addWidget(self.new_button)
        lay = QVBoxLayout(self)
        lay.addWidget(self.transcript, 1)
        status = QHBoxLayout()
        status.addWidget(self.busy)
        status.addWidget(self.state, 1)
        lay.addLayout(status)
        lay.addLayout(row)
        self.question.returnPressed.connect(self.ask)
        self.ask_button.clicked.connect(self.ask)
        self.cancel_button.clicked.connect(self.cancel)
        self.new_button.clicked.connect(self.reset)
        self.transcript.anchorClicked.connect(self._link)
        self._sync()

    # -- asking -------------------------------------------------------------------------
    def ask(self, text: str | None = None) -> None:
        """Send a question (the box's text by default)."""
        q = (text if isinstance(text, str) else self.question.text()).strip()
        if not q or self.worker is not None:
            return
        self._question, self._streamed, self.result = q, "", None
        self.question.clear()
        self.stages = []
        self._stage(self.tr("Searching the archive…"))
        turn = self._turn  # a reset in between makes this answer's late events and result stale
        self.worker = self.ops.ask(q, self.conversation,
                                   on_event=lambda ev: self._event(ev) if turn == self._turn else None,
                                   on_result=lambda res: self._finished(res) if turn == self._turn else None,
                                   on_done=lambda: self._done() if turn == self._turn else None)
        self._sync()
        self._render()

    def cancel(self) -> None:
        """Stop the answer being written."""
        if self.worker is not None:
            self.worker.cancel()
            self.state.setText(self.tr("Stopping…"))

    @property
    def answering(self) -> bool:
        """An answer is being written (the kiosk's idle reset waits for it)."""
        return self.worker is not None

    def reset(self) -> None:
        """Forget the conversation (kiosk idle reset, or the user's choice)."""
        self.cancel()
        self._turn += 1  # the cancelled answer's "(stopped)" must not greet the next visitor
        self.worker = None
        self._sync()
        self.conversation = Conversation()
        self._history.clear()
        self._question = self._streamed = ""
        self.result = None
        self.state.clear()
        self.transcript.clear()

    def _stage(self, text: str) -> None:
        self.stages.append(text)
        self.state.setText(text)

    def _event(self, ev: object) -> None:
        if isinstance(ev, RetrievalDone):
            n = len(ev.evidence)
            self._stage(self.tr("Reading %n passage(s)…", "", n) if n else self.tr("Nothing relevant found."))
        elif isinstance(ev, Token):
            if not self._streamed:
                self._stage(self.tr("Writing…") if ev.attempt == 1 else self.tr("Rewriting…"))
            self._streamed += ev.text
            if not self._repaint.isActive():
                self._repaint.start()
        elif isinstance(ev, Checking):
            self._render()  # the whole attempt on screen before its citations are judged
            self._checks = (0, citation_count(self._streamed))
            self._stage(self.tr("Checking citations…"))
        elif isinstance(ev, CitationCheck):
            done, expected = self._checks[0] + 1, max(self._checks[1], self._checks[0] + 1)
            self._checks = (done, expected)
            self._stage(self.tr("Checking citations %1/%2…").replace("%1", str(done)).replace("%2", str(expected)))
        elif isinstance(ev, Regenerating):
            self._streamed = ""
            self._stage(self.tr("Some citations did not check out; rewriting once…"))
            self._render()

    def _finished(self, res: AnswerResult) -> None:
        self.result = res
        if res.grounded:
            state = self.tr("Grounded answer: every sentence cites the archive.")
        elif res.refused:
            state = self.tr("No answer: %1").replace("%1", answer_reason(res.reason))
        elif res.reason == "cancelled":
            state = self.tr("Stopped.")
        else:
            state = self.tr("Could not ground an answer in the archive.")
        self.state.setText(state)
        self.state.setProperty("outcome", "grounded" if res.grounded else "refused" if res.refused else
                               "cancelled" if res.reason == "cancelled" else "ungrounded")
        self._history.append(self._turn_html(self._question, res))
        self._question, self._streamed = "", ""
        self._render()

    def _done(self) -> None:
        self.worker = None
        self._sync()

    def _sync(self) -> None:
        busy = self.worker is not None
        self.ask_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        self.busy.setVisible(busy)

    # -- rendering ----------------------------------------------------------------------
    def _render(self) -> None:
        self._repaint.stop()
        parts = list(self._history)
        if self._question:
            parts.append(f"<p><b>{escape(self._question)}</b></p><p>{streamed_html(self._streamed)}▌</p>")
        self.transcript.setHtml("<hr>".join(parts))
        bar = self.transcript.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _turn_html(self, question: str, res: AnswerResult) -> str:
        head = f"<p><b>{escape(question)}</b></p>"
        if res.grounded:
            note = ""
            if any(u in res.answer for u in res.unsupported):
                unchecked = self.tr("† cites no passage: not checked against the archive.")
                note = f"<p><small><i>{escape(unchecked)}</i></small></p>"
            return head + f"<p>{self._linked(res)}</p>" + note + self._sources(res)
        if res.reason == "cancelled":
            stopped = self.tr("(stopped)")
            return head + f"<p><i>{escape(stopped)}</i></p>"
        label = self.tr("No answer") if res.refused else self.tr("Could not ground an answer")
        found = "".join(f"<li>{self._passage_link(n)}</li>" for n in res.nearest)
        closest = self.tr("Closest passages found:")
        extra = f"<p>{escape(closest)}</p><ul>{found}</ul>" if found else ""
        return head + f"<p><i>{escape(label)} — {escape(answer_reason(res.reason))}</i></p>" + extra

    @staticmethod
    def _passage_link(n: dict[str, object]) -> str:
        """A passage found but not used, as a link to it (plain text if its id cannot be read)."""
        title = escape(str(n.get("title") or n.get("id")))
        where = parse_passage_id(str(n.get("id", "")))
        if where is None:
            return title
        return f"<a href='{escape(citation_url(*where).toString())}'>{title}</a>"

    def _linked(self, res: AnswerResult) -> str:
        """The answer with validated citations as numbered links and uncited sentences marked (†, grey)."""
        text = res.answer
        spans = sorted((i, i + len(u)) for u in res.unsupported if u and (i := text.find(u)) >= 0)
        out: list[str] = []
        pos = 0
        for start, end in spans:
            if start < pos:
                continue
            out.append(self._cited(res, text[pos:start]))
            out.append(f"<span style='color:{current().meta}'>{self._cited(res, text[start:end])}</span><sup>†</sup>")
            pos = end
        out.append(self._cited(res, text[pos:]))
        return "".join(out)

    def _cited(self, res: AnswerResult, text: str) -> str:
        valid = {c.id: c for c in res.citations}
        numbers = {cid: i + 1 for i, cid in enumerate(valid)}
        out: list[str] = []
        pos = 0
        for m in CITE_GROUP.finditer(text):
            ids = list(dict.fromkeys(parse_citations(m.group(0))))
            if not ids:
                continue  # an ordinary bracket, shown as written
            out.append(escape(text[pos:m.start()].rstrip()))
            links = []
            for cid in ids:
                c = valid.get(cid)
                if c is None:
                    continue  # only validated citations are shown as sources
                url = citation_url(c.section_tipo, c.section_id, c.chunk_index, _span(c)).toString()
                links.append(f"<a href='{escape(url)}'><sup>{numbers[cid]}</sup></a>")
            out.append("<sup>,</sup>".join(links))  # a citation that did not check out is not shown at all
            pos = m.end()
        out.append(escape(text[pos:]))
        return "".join(out)

    def _sources(self, res: AnswerResult) -> str:
        """Numbered footnotes: the source, then the words each sentence rests on, quoted verbatim."""
        titles = {p["id"]: p.get("title") or p["id"] for p in res.provenance}
        items = []
        for i, c in enumerate(res.citations, 1):
            url = citation_url(c.section_tipo, c.section_id, c.chunk_index, _span(c)).toString()
            where = f" · p. {c.page}" if c.page else ""
            quotes = [q["text"] for q in c.quotes] or ([c.cited_text] if c.quote_start is not None else [])
            said = "".join(f"<br><span style='color:{current().meta}'>“{escape(' '.join(q.split()))}”</span>"
                           for q in dict.fromkeys(quotes))
            items.append(f"<li><a href='{escape(url)}'>{i}. {escape(str(titles.get(c.id, c.id)))}</a>"
                         f"{escape(where)}{said}</li>")
        return f"<ol style='list-style:none;'>{''.join(items)}</ol>" if items else ""

    def _link(self, url: QUrl) -> None:
        target = parse_citation_url(url)
        if target is not None:
            span = parse_quote(url)
            if span is not None:
                self.open_quote.emit(*target, *span)
            else:
                self.open_citation.emit(*target)
