"""Ask: the archive's own sentences as the answer, each a link to the record at that span.

The sentences found appear within about a second, marked as being checked; the answer model's
verdict then marks each one as answering the question or only related. Only accepted sentences are
shown as the answer, verbatim with their record, page or timecode; the link opens the record view
(as this window's profile) at the span, highlighted. When none is accepted the window says the
archive does not say this directly and lists the closest passages, never an answer. No model-written
text is shown at all.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, QUrl, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (QFileDialog, QHBoxLayout, QLineEdit, QProgressBar, QPushButton, QTextBrowser,
                               QVBoxLayout, QWidget)

from app.answer_text import parse_passage_id
from app.ops import Ops
from app.plain import plain_label, set_tip
from app.qt import named
from app.reasons import answer_reason
from app.text import escape, timecode
from app.workers import Worker
from app.palette import current
from core.api import AnswerResult, Citation, Conversation, EvidenceFound, RetrievalDone, Span, SpanVerdict, \
    answer_markdown, conversation_json, conversation_markdown

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


def _where(page: int | None, tc_in: float | None) -> str:
    """" · p. 3" or " · 1:02:03" (nothing when neither is known)."""
    if page:
        return f" · p. {page}"
    return f" · {timecode(tc_in)}" if tc_in is not None else ""


def _quotes(res: AnswerResult) -> list[tuple[Citation, dict[str, object]]]:
    """Every accepted span of an answer as (its citation, its quote), in the order shown."""
    return [(c, q) for c in res.citations
            for q in c.quotes or [{"text": c.cited_text, "start": c.quote_start, "end": c.quote_end}]]


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
        self._found: list[Span] = []  # this answer's spans so far, judged ones replaced by their verdict
        self._judged = 0
        self._turn = 0
        self.stages: list[str] = []  # this answer's stages so far, as shown
        self.transcript = named(QTextBrowser(), "transcript")
        self.transcript.setOpenLinks(False)
        self.question = named(QLineEdit(), "question")
        self.question.setPlaceholderText(self.tr("Ask the archive a question…"))
        self.ask_button = named(QPushButton(self.tr("&Ask")), "askButton")
        self.cancel_button = named(QPushButton(self.tr("S&top")), "cancelAsk")
        self.new_button = named(QPushButton(self.tr("&New conversation")), "newConversation")
        self.copy_button = named(QPushButton(self.tr("&Copy answer")), "copyAnswer")
        set_tip(self.copy_button, self.tr("Copy the last answer with its sources, as Markdown"))
        self.export_button = named(QPushButton(self.tr("E&xport…")), "exportConversation")
        set_tip(self.export_button, self.tr("Save this conversation as Markdown and JSON"))
        self.export_button.setVisible(not getattr(ops, "kiosk", False))  # a kiosk visitor writes no files
        self.turns: list[tuple[str, AnswerResult]] = []  # this conversation's questions and results
        self.translations: dict[tuple[int, int], str] = {}  # (turn, quote) → the answer model's translation
        self.state = named(plain_label(), "answerState")
        self.state.setWordWrap(True)
        self.busy = named(QProgressBar(), "answerBusy")
        self.busy.setRange(0, 0)  # no percentage to give: the bar only says "working"
        self.busy.setMaximumWidth(140)
        self.busy.setTextVisible(False)
        self.busy.setAccessibleName(self.tr("Answer in progress"))
        self.busy.hide()
        # repaint at most every 50 ms so a long transcript never stalls the loop
        self._repaint = QTimer(self, singleShot=True, interval=50)
        self._repaint.timeout.connect(self._render)
        row = QHBoxLayout()
        row.addWidget(self.question, 1)
        row.addWidget(self.ask_button)
        row.addWidget(self.cancel_button)
        lay = QVBoxLayout(self)
        lay.addWidget(self.transcript, 1)
        status = QHBoxLayout()
        status.addWidget(self.busy)
        status.addWidget(self.state, 1)
        # the conversation's buttons beside its state: one row of all of them was wider than the page
        for b in (self.new_button, self.copy_button, self.export_button):
            status.addWidget(b)
        lay.addLayout(status)
        lay.addLayout(row)
        # the keyboard still goes answer → question → its buttons → the conversation's
        chain = (self.transcript, self.question, self.ask_button, self.cancel_button, self.new_button,
                 self.copy_button, self.export_button)
        for before, after in zip(chain, chain[1:]):
            QWidget.setTabOrder(before, after)
        self.question.returnPressed.connect(self.ask)
        self.ask_button.clicked.connect(self.ask)
        self.cancel_button.clicked.connect(self.cancel)
        self.new_button.clicked.connect(self.reset)
        self.copy_button.clicked.connect(self.copy_answer)
        self.export_button.clicked.connect(lambda: self.export())
        self.transcript.anchorClicked.connect(self._link)
        self._sync()

    # -- asking -------------------------------------------------------------------------
    def ask(self, text: str | None = None) -> None:
        """Send a question (the box's text by default)."""
        q = (text if isinstance(text, str) else self.question.text()).strip()
        if not q or self.worker is not None:
            return
        self._question, self._found, self._judged, self.result = q, [], 0, None
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
        self.conversation = Conversation()
        self._history.clear()
        self.turns.clear()
        self.translations.clear()
        self._sync()
        self._question, self._found, self._judged = "", [], 0
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
        elif isinstance(ev, EvidenceFound):
            self._found, self._judged = list(ev.spans), 0
            self._stage(self.tr("Found %n sentence(s) in the archive; checking whether they answer…", "",
                                len(ev.spans)) if ev.spans else self.tr("No sentence of the archive answers this."))
            self._render()
        elif isinstance(ev, SpanVerdict):
            if 0 <= ev.index < len(self._found):
                self._found[ev.index] = ev.span
            self._judged = max(self._judged, ev.index + 1)
            self._stage(self.tr("Checked %1 of %2 sentences…").replace("%1", str(self._judged))
                        .replace("%2", str(len(self._found))))
            if not self._repaint.isActive():
                self._repaint.start()

    def _finished(self, res: AnswerResult) -> None:
        self.result = res
        if res.grounded:
            state = self.tr("The archive's own words, checked by the answer model.")
        elif res.refused:
            state = self.tr("No answer: %1").replace("%1", answer_reason(res.reason))
        elif res.reason == "cancelled":
            state = self.tr("Stopped.")
        else:
            state = self.tr("Could not ground an answer in the archive.")
        self.state.setText(state)
        self.state.setProperty("outcome", "grounded" if res.grounded else "refused" if res.refused else
                               "cancelled" if res.reason == "cancelled" else "ungrounded")
        self._history.append(self._turn_html(self._question, res, len(self.turns)))
        if res.reason != "cancelled":
            self.turns.append((self._question, res))
        self._question, self._found, self._judged = "", [], 0
        self._render()

    def _done(self) -> None:
        self.worker = None
        self._sync()

    def copy_answer(self) -> None:
        """The last answer, its spans quoted with their sources, on the clipboard as Markdown."""
        if self.turns:
            QGuiApplication.clipboard().setText(answer_markdown(*self.turns[-1]))

    def export(self, path: str | None = None) -> list[str]:
        """Save the conversation as ``NAME.md`` and ``NAME.json`` (asks where unless ``path`` is given)."""
        if not self.turns:
            return []
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the conversation"), "ovillo-conversation.md",
                                                  self.tr("Markdown (*.md)"))
            if not path:
                return []
        base = path[:-3] if path.endswith(".md") else path
        written: list[str] = []
        for name, text in ((f"{base}.md", conversation_markdown(self.turns)), (f"{base}.json",
                                                                                conversation_json(self.turns))):
            try:
                with open(name, "w", encoding="utf-8") as f:
                    f.write(text)
            except OSError as exc:
                self.state.setText(self.tr("Could not save %1: %2").replace("%1", name).replace("%2", exc.strerror or ""))
                return written
            written.append(name)
        self.state.setText(self.tr("Saved %1").replace("%1", " · ".join(written)))
        return written

    def _sync(self) -> None:
        busy = self.worker is not None
        self.copy_button.setEnabled(not busy and bool(self.turns))
        self.export_button.setEnabled(not busy and bool(self.turns))
        self.ask_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        self.busy.setVisible(busy)

    # -- rendering ----------------------------------------------------------------------
    def _render(self) -> None:
        self._repaint.stop()
        parts = list(self._history)
        if self._question:
            found = "".join(self._pending_html(n, sp) for n, sp in enumerate(self._found))
            parts.append(f"<p><b>{escape(self._question)}</b></p>{found}<p>▌</p>")
        self.transcript.setHtml("<hr>".join(parts))
        bar = self.transcript.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _pending_html(self, n: int, sp: Span) -> str:
        """A span while the answer is on its way: the archive's words, marked as not yet an answer."""
        if n >= self._judged:
            mark = self.tr("checking…")
        else:
            mark = self.tr("answers the question") if sp.accepted else self.tr("related")
        return (f"<p style='color:{current().meta}'>“{escape(' '.join(sp.text.split()))}”<br>"
                f"<small>{escape(sp.title)}{escape(_where(sp.page, sp.tc_in))} — {escape(mark)}</small></p>")

    def _turn_html(self, question: str, res: AnswerResult, turn: int) -> str:
        head = f"<p><b>{escape(question)}</b></p>"
        if res.grounded:
            said = self.tr("The archive says:")
            return head + f"<p><i>{escape(said)}</i></p>" + self._sources(res, turn) + self._also(res)
        if res.reason == "cancelled":
            stopped = self.tr("(stopped)")
            return head + f"<p><i>{escape(stopped)}</i></p>"
        label = self.tr("No answer")
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

    def _sources(self, res: AnswerResult, turn: int) -> str:
        """Each accepted span, verbatim, then its record as a link that opens it at the span; a span in another
        language than the question's offers a machine translation, shown labelled as such beside it."""
        items = []
        for n, (c, q) in enumerate(_quotes(res)):
            where = _where(c.page, c.tc_in)
            title = next((str(p.get("title") or c.id) for p in res.provenance if p["id"] == c.id), c.id)
            start, end = q.get("start"), q.get("end")
            span = (start, end) if isinstance(start, int) and isinstance(end, int) else _span(c)
            url = citation_url(c.section_tipo, c.section_id, c.chunk_index, span).toString()
            extra = ""
            lang = next((s.lang for s in res.spans if s.id == c.id and s.start == q.get("start")), None)
            if (turn, n) in self.translations:
                label = self.tr("Machine translation, not the archive's words:")
                extra = f"<br><small><i>{escape(label)}</i> {escape(self.translations[turn, n])}</small>"
            elif lang and res.lang and lang != res.lang:
                offer = self.tr("Translate")
                extra = f"<br><small><a href='{SCHEME}:translate/{turn}/{n}'>{escape(offer)}</a></small>"
            items.append(f"<blockquote>“{escape(' '.join(str(q['text']).split()))}”<br>"
                         f"<small><a href='{escape(url)}'>{escape(title)}</a>{escape(where)}</small>{extra}</blockquote>")
        return "".join(items)

    def translate(self, turn: int, n: int) -> None:
        """Ask the answer model for a translation of quote ``n`` of ``turn`` into that question's language."""
        if self.worker is not None or not 0 <= turn < len(self.turns):
            return
        question, res = self.turns[turn]
        quotes = _quotes(res)
        if not 0 <= n < len(quotes):
            return
        self._stage(self.tr("Translating…"))

        def done(text: object) -> None:
            self.translations[turn, n] = str(text)
            self._history[turn] = self._turn_html(question, res, turn)
            self.state.clear()
            self._render()

        self.worker = self.ops.translate(str(quotes[n][1]["text"]), res.lang, on_result=done, on_done=self._done)
        self._sync()

    def _also(self, res: AnswerResult) -> str:
        """Spans found but not accepted: related, never part of the answer."""
        rest = [s for s in res.spans if not s.accepted]
        if not rest:
            return ""
        links = "".join(f"<li>{self._passage_link({'id': s.id, 'title': s.title})}</li>" for s in rest)
        related = self.tr("Related, not an answer:")
        return f"<p><small>{escape(related)}</small></p><ul>{links}</ul>"

    def _link(self, url: QUrl) -> None:
        parts = url.path().split("/")
        if url.scheme() == SCHEME and len(parts) == 3 and parts[0] == "translate" and all(p.isdigit() for p in parts[1:]):
            self.translate(int(parts[1]), int(parts[2]))
            return
        target = parse_citation_url(url)
        if target is not None:
            span = parse_quote(url)
            if span is not None:
                self.open_quote.emit(*target, *span)
            else:
                self.open_citation.emit(*target)
