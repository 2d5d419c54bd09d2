"""The answer model as a reader: does this span of the archive answer the question? yes or no.

A 1.5B model that *writes* puts the right words about the wrong object; asked a yes/no question over a
short excerpt, it only has to read. Its next-token probability of "yes" against "no" is the verdict
(no text is sampled). The excerpt comes before the question, so the question is the last thing the
model reads; the system text is the prefix every verdict shares (the answer model's KV snapshot,
``LlamaGenerator``), and each span costs the evaluation of its excerpt and the question.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from core.answer.extract import Span
from core.models.generator import Generator, Message
from core.progress import CancelToken
from core.settings import SPAN_CHECK


READER_SYSTEM = ("You read excerpts from an archive. Answer with one word: yes if the excerpt itself states the "
                 "answer to the question (in any language), no if it does not, only mentions the same subject, "
                 "or is about something else.")


ASK = "Does the excerpt state the answer to this question? yes or no."


def reader_messages(question: str, span: Span) -> list[Message]:
    """The verdict prompt: the excerpt, then the question (the system text is the shared prefix)."""
    where = f" (from “{span.title}”)" if span.title else ""
    return [Message("system", READER_SYSTEM),
            Message("user", f"Excerpt{where}:\n{span.text}\n\nQuestion: {question}\n\n{ASK}")]


def excerpt_of(messages: Sequence[Message]) -> str:
    """The span a verdict prompt made by :func:`reader_messages` shows (for scripted readers in tests)."""
    user = messages[-1].content
    body = user.split(":\n", 1)[1]  # after "Excerpt (from “title”):" — a title holds no line break
    return body.rsplit("\n\nQuestion: ", 1)[0]


def judge_spans(gen: Generator, question: str, spans: Sequence[Span], *, threshold: float = SPAN_CHECK,
                cancel: CancelToken | None = None) -> Iterator[Span]:
    """Each span with the model's verdict, in order; a model that cannot judge accepts nothing."""
    for s in spans:
        if cancel is not None:
            cancel.check()
        p = gen.yes_probability(reader_messages(question, s), cancel=cancel)
        yield s.judged(p, p is not None and p >= threshold)
